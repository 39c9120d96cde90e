"""The learner's calls: a button per call; a call not allowed now is disabled and says why."""
from __future__ import annotations


import ipywidgets as W

from ...engine.auction import Call
from ...words.html import escape, html, join
from ...teach.play import PlayTable
from ...engine.views import SeatView
from ..base import Component, guarded
from ..widgets import auto_layout as _auto, Button, HBox, HTML, set_trait as _set, show as _show, VBox
from .page import PlayPage



class AuctionPanel(Component):
    """The learner's calls as buttons; a call not allowed now is disabled and says why."""

    app: PlayPage

    def __init__(self, app: PlayPage) -> None:
        super().__init__(app)
        self.heading = HTML()
        self.buttons: dict[str, W.Button] = {}
        self.row = HBox([])
        self.row.add_class("nap-play-calls")
        self.why = HTML()
        self.why.add_class("nap-play-call-why")
        self.calls = HTML()
        self.calls.add_class("nap-play-auction")
        self.widget = VBox([self.heading, self.row, self.why, self.calls])
        self.widget.add_class("nap-play-auction-panel")
        self._profile: str | None = None

    def _build(self, table: PlayTable) -> None:
        if self._profile == table.profile.name:
            return
        self._profile = table.profile.name
        self.buttons = {}
        for name in ["Pass"] + [c.name for c in table.profile.ladder]:
            # disabled until render() enables the calls allowed now: a new button is never drawn clickable
            # for a moment while another seat is to call (or for a call not allowed)
            button = Button(description=self._call_label(table, name), layout=_auto(), disabled=True)
            button.add_class("nap-play-call")
            button.add_class(f"nap-play-call-{name.lower()}")
            button.on_click(self._on_click)
            button._nap_call = name
            self.buttons[name] = button
        self.row.children = tuple(self.buttons.values())

    def _call_label(self, table: PlayTable, name: str) -> str:
        """The button's words: the bid's name, glossed outside English ("Three (3 bazas)")."""
        return self.tr.call_gloss(name if name == "Pass" else table.profile.contract(name))

    def render(self, table: PlayTable, view: SeatView | None) -> None:
        if view is None or view.phase != "auction" and not view.calls:
            _show(self.widget, False)
            return
        self._build(table)
        _ = self._
        live = view.phase == "auction"
        _show(self.widget, live)
        if not live:
            return
        mine = table.pending == "call"
        options = {o.call.name: o for o in table.call_options()}
        why_lines = []
        for name, button in self.buttons.items():
            opt = options.get(name)
            legal = mine and opt is not None and opt.legal
            _set(button, "description", self._call_label(table, name))
            _set(button, "disabled", not legal)
            if opt is not None and opt.refusal is not None:
                text = self.tr.explain(opt.refusal)
                _set(button, "tooltip", text)
                why_lines.append(html('<li>{}</li>', self.explain(opt.refusal)))
            elif name == "Pass":
                _set(button, "tooltip", _("Pass: a pass is final, you make no more calls in this deal"))
            else:
                c = table.profile.contract(name)
                if c.max_tricks == 0:  # Misère: no trick at all (P4), never "at least 0"
                    tip = _("Bid {call}: promise to take no trick at all").format(call=self.tr.call(name))
                elif c.min_tricks >= table.profile.hand_size:
                    tip = _("Bid {call}: promise all five tricks").format(call=self.tr.call(name))
                else:
                    tip = self.tr.ngettext(
                        "Bid {call}: promise at least {n} trick", "Bid {call}: promise at least {n} tricks",
                        c.min_tricks).format(call=self.tr.call(name), n=c.min_tricks)
                _set(button, "tooltip", tip)
            _set(button, "button_style", "primary" if legal and name != "Pass" else "")
        _set(self.heading, "value", html('<h3>{}</h3>', _('The auction')))
        why = (html('<p>{}</p><ul>{}</ul>', _("Not allowed now:"), join(why_lines)) if why_lines else "")
        _set(self.why, "value", why)
        _set(self.calls, "value", self._calls(table))

    def _calls(self, table: PlayTable) -> str:
        items = []
        for e in table.events:
            if not isinstance(e.action, Call):
                continue
            who = escape(table.deal_players[e.seat])
            what = escape(self.tr.call(e.action.name))
            said = table.reason_said(e)  # B14: a bot's own-card reasons wait for the end of the deal
            reason = (html(' <span class="nap-play-reason">{}</span>', self.tr.explain(said))
                      if said is not None else "")
            cls = "nap-call-you" if e.by_learner else "nap-call-bot"
            items.append(html('<li class="{}"><b>{}</b>: {}{}</li>', cls, who, what, reason))
        if not items:
            return ""
        return html('<ol class="nap-play-call-list">{}</ol>', join(items))

    @guarded
    def _on_click(self, button: W.Button) -> None:
        table = self.app.table
        name = getattr(button, "_nap_call", None)
        if table is None or not isinstance(name, str):
            return
        if any(e.by_learner and isinstance(e.action, Call) for e in table.events):
            return  # the learner has spoken in this deal: the second click of a double click
        table.call(name)
        self.app.after_move()
