"""Step through any saved deal of the session from the learner's seat."""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ...engine.cards import sort_hand
from ...words.html import Markup, escape, html, join
from ...teach.play import Event, PlayTable
from ...words.render import card_text, trick_html
from ...engine.state import DealState
from ..base import Component, guarded
from ..table import CardTable
from ..widgets import auto_layout as _auto, Button, Dropdown, HBox, HTML, set_trait as _set, show as _show, VBox
from .page import PlayPage



class ReplayView(Component):
    """Step through any saved deal of the session from the learner's seat."""

    app: PlayPage

    def __init__(self, app: PlayPage) -> None:
        super().__init__(app)
        self._parts: _ReplayParts | None = None
        """The panel's controls and its card table, built when the first deal has been played (until then
        the panel is hidden: nothing to replay)."""
        self.widget = VBox([])
        self.widget.add_class("nap-play-replay-panel")
        self._events: list[Event] = []
        self._step = 0
        self._shown: tuple[int, int] | None = None
        self._key: object = None

    def _built(self) -> "_ReplayParts":
        if self._parts is None:
            parts = self._parts = _ReplayParts(self.app)
            parts.deal.observe(self._on_deal, names="value")
            parts.back.on_click(lambda _b: self._on_step(-1))
            parts.forward.on_click(lambda _b: self._on_step(+1))
            self.widget.children = (parts.heading, HBox([parts.deal, parts.back, parts.forward]), parts.board.widget,
                                    parts.view_html)
        return self._parts

    @property
    def heading(self) -> W.HTML:
        return self._built().heading

    @property
    def deal(self) -> W.Dropdown:
        return self._built().deal

    @property
    def back(self) -> W.Button:
        return self._built().back

    @property
    def forward(self) -> W.Button:
        return self._built().forward

    @property
    def view_html(self) -> W.HTML:
        return self._built().view_html

    @property
    def board(self) -> CardTable:
        return self._built().board

    def refresh(self) -> None:
        """The card table's words in the page's language (the rest comes with the next render)."""
        if self._parts is not None:
            self._parts.board.refresh()

    def render(self, table: PlayTable | None) -> None:
        deals = table.played_deals() if table is not None else []
        if not deals and self._parts is None:
            _show(self.widget, False)  # nothing to replay yet
            return
        _ = self._
        self.heading.value = html('<h3>{}</h3>', _('Replay a saved deal'))
        self.back.description = _("Back")
        self.forward.description = _("Next")
        self.deal.description = _("Deal")
        _show(self.widget, bool(deals))
        key = (id(table), len(deals), self.app.language.code)
        if key == self._key:
            return
        self._key = key
        options = [(self._label(table, n, st), n) for n, st in deals] if table is not None else []
        current = self.deal.value
        self.deal.options = [(_("choose a deal"), 0)] + options
        self.deal.value = current if current in [n for _l, n in options] else 0
        self._select(self.deal.value)  # the observer is muted while another callback runs

    def _label(self, table: PlayTable, number: int, st: Any) -> str:
        _ = self._
        if st.declarer is None or st.contract is None:
            return _("Deal {number}: passed out").format(number=number)
        return _("Deal {number}: {declarer}, {call}").format(number=number, declarer=st.players[st.declarer],
                                                             call=self.tr.call(st.contract.name))

    @guarded
    def _on_deal(self, change: dict[str, Any]) -> None:
        self._select(change.get("new"))

    def _select(self, number: object) -> None:
        table = self.app.table
        if table is None or not isinstance(number, int) or number <= 0:
            self._events, self._step, self._shown = [], 0, None
        elif self._shown != (id(table), number):
            _state, self._events = table.replay(number)
            self._step, self._shown = 0, (id(table), number)
        self._draw()

    @guarded
    def _on_step(self, delta: int) -> None:
        if not self._events:
            return
        self._step = max(0, min(len(self._events), self._step + delta))
        self._draw()

    def _draw(self) -> None:
        _ = self._
        table = self.app.table
        number = self.deal.value
        if table is None or not isinstance(number, int) or number <= 0 or not self._events:
            self.view_html.value = ""
            self.board.clear()
            _set(self.back, "disabled", True)
            _set(self.forward, "disabled", True)
            return
        saved = dict(table.played_deals())[number]
        state = DealState(saved.players, saved.dealer, saved.hands, saved.profile)
        for action in saved.actions[: self._step]:
            state.apply(action)
        seat = table.seat_in(state)
        view = state.view(seat if seat is not None else 0)
        self.board.set_pace(self.app.pace)  # the page's pace (the replay has no setting of its own)
        self.board.show_view(view, key=f"replay:{id(table)}:{number}", four_colour=self.app.four_colour,
                             show_hand=seat is not None,
                             centre_title=_("Step {step} of {total}").format(step=self._step,
                                                                            total=len(self._events)))
        _set(self.back, "disabled", self._step == 0)
        _set(self.forward, "disabled", self._step >= len(self._events))
        step = _("Step {step} of {total}").format(step=self._step, total=len(self._events))
        if self._step:
            e = self._events[self._step - 1]
            what = join((html('<div>{}</div>', self.explain(x)) for x in e.lines))
        else:
            what = html('<div>{}</div>', _('The cards are dealt.'))
        hand = Markup(" ").join(html('<span class="nap-suit-{}">{}</span>',
                                     c.suit.letter, card_text(c))
                        for c in sort_hand(view.hand)) or "—"
        cur = view.current if view.current is not None else (view.tricks[-1] if view.tricks else None)
        trick = ""
        if cur is not None:
            seats = list(cur.seats)
            trick = trick_html([view.players[s] for s in seats], list(cur.cards), tr=self.tr,
                               four_colour=self.app.four_colour,
                               winning=seats.index(cur.winning), trump=view.trump, width=36)
        yours = escape(_("Your hand then:"))
        self.view_html.value = (html('<div class="nap-play-box"><p><b>{}</b></p>{}<p>{} {}</p>{}</div>',
                                     step, what, yours, hand, trick))


class _ReplayParts:
    """The replay panel's controls and card table (built with the first deal played)."""

    def __init__(self, app: PlayPage) -> None:
        self.heading = HTML()
        self.deal = Dropdown(options=[], layout=_auto())
        self.deal.add_class("nap-play-replay-deal")
        self.back = Button(icon="step-backward", layout=_auto())
        self.back.add_class("nap-play-replay-back")
        self.forward = Button(icon="step-forward", layout=_auto())
        self.forward.add_class("nap-play-replay-next")
        self.view_html = HTML()
        self.view_html.add_class("nap-play-replay")
        # the saved deal on the card table, one action per step (the cards arrive at the page's pace)
        self.board = CardTable(app)
        self.board.view.add_class("nap-play-replay-table")
