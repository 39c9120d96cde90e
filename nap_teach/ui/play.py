"""The play page: a learner bids and plays whole sessions against bots.

``notebooks/play.ipynb`` only does::

    from nap_teach.ui.play import PlayApp
    PlayApp.from_environment()

:class:`PlayApp` holds one :class:`~nap_teach.play.PlayTable` (the pure
controller: every check happens there) and these components, one class each,
each owning its widgets:

- :class:`SetupPanel` players, the learner's seat and name, session length,
  bot level, deal seed (also ``?seed=..&players=..&lang=..`` in the URL);
- :class:`TrickView` deal, contract and trump, the seats (tricks won, cards
  left as backs), the current trick, the last trick and the trick history;
- :class:`AuctionPanel` the calls as buttons (those not allowed now are
  disabled and say why) and the calls so far with the bots' reasons;
- :class:`HandView` the learner's cards as buttons; an illegal card is refused
  with the reason and changes nothing;
- :class:`ActionBar` stop early, play on, practice undo, next deal, new session;
- :class:`Coach` the hint button;
- :class:`LogPanel` what just happened and the whole deal, with rule badges;
- :class:`LedgerView` the settlement with its arithmetic and zero-sum check,
  the running ledger, a chart of the balances, the winners;
- :class:`SaveLoad` download the session record, load one to continue;
- :class:`ReplayView` step through any saved deal from the learner's seat;
- :class:`SettingsPanel` practice undo, four-colour pack, early-stop offer.

The screen is drawn from the learner's :class:`~nap_teach.views.SeatView` and
the public ledger only. Widgets are built once; a move only changes HTML
values, button labels and classes, which keeps a click fast.
"""
from __future__ import annotations

import asyncio
import base64
import io
import logging
import re
import time
from typing import Any, Callable, Sequence

import ipywidgets as W

from ..auction import Call
from ..cards import Card, sort_hand
from ..explain import Explanation, RecordError, RuleError
from ..i18n import normalize_lang
from ..play import MAX_DEALS, MAX_FILE_BYTES, MAX_ROTATIONS, Event, PlayTable, TableSetup, bot_levels
from ..profiles import PROFILES
from ..render import card_back_svg, card_label, suit_text, trick_html
from ..session import LedgerRow
from ..state import DealState
from ..views import SeatView
from .base import App, Part, guarded, html_escape, page_params, page_style
from .landing import PROFILE_NAMES

__all__ = [
    "PlayApp", "SetupPanel", "TrickView", "AuctionPanel", "HandView", "ActionBar", "Coach", "LogPanel",
    "LedgerView", "SaveLoad", "ReplayView", "SettingsPanel", "balance_chart_svg",
]

_RULE_ID = re.compile(r"^[BP]\d{1,2}$")
HAND_SLOTS = 5
SLOW_DELAY = 0.03
"""Seconds before the once-per-deal parts (chart, download, replay list) are drawn after a click."""
log = logging.getLogger("nap_teach.ui.play")
UNDO_DEBOUNCE = 0.6
"""Seconds after an undo in which another undo click is taken as part of a double click."""


def _show(widget: W.Widget, visible: bool) -> None:
    display = None if visible else "none"
    if widget.layout.display != display:
        widget.layout.display = display


def _set(widget: W.Widget, name: str, value: Any) -> None:
    """Set a trait only when it changes (no message otherwise)."""
    if getattr(widget, name) != value:
        setattr(widget, name, value)


def _classes(widget: W.Widget, classes: Sequence[str]) -> None:
    value = tuple(classes)
    if tuple(widget._dom_classes) != value:
        widget._dom_classes = value


def _auto(**kwargs: Any) -> W.Layout:
    return W.Layout(width="auto", max_width="100%", **kwargs)


class Component(Part):
    """Base of the page's components: they share the app's language, status line and busy flag
    (so :func:`guarded` drops a click that arrives while another is being handled)."""

    app: "PlayApp"

    def _(self, message: str) -> str:
        return self.app.language.tr.gettext(message)

    # shared HTML helpers ---------------------------------------------------
    def badge(self, rule: str) -> str:
        if not _RULE_ID.match(rule):
            return ""
        title = html_escape(self.tr.rule_title(rule), quote=True)
        return f'<span class="nap-rule" title="{title}">{html_escape(rule)}</span>'

    def explain(self, expl: Explanation, badge: bool = True) -> str:
        text = html_escape(self.tr.explain(expl))
        return (self.badge(expl.rule) if badge else "") + text


# ========================================================================= setup
class SetupPanel(Component):
    """The session's settings, read from the form (and the page URL) and checked by :class:`TableSetup`."""

    def __init__(self, app: "PlayApp", setup: TableSetup) -> None:
        super().__init__(app)
        style = {"description_width": "initial"}
        self.heading = W.HTML()
        self.players = W.IntText(value=setup.players, style=style, layout=_auto())
        self.players.add_class("nap-play-players")
        self.seat = W.Dropdown(options=self._seat_options(setup.players), value=setup.seat, style=style,
                               layout=_auto())
        self.seat.add_class("nap-play-seat")
        self.name = W.Text(value=setup.name, style=style, layout=_auto())
        self.name.add_class("nap-play-name")
        self.length_kind = W.ToggleButtons(options=[("deals", "deals"), ("rotations", "rotations")],
                                           value=setup.length_kind, style={"button_width": "auto"})
        self.length_kind.add_class("nap-play-length-kind")
        self.length = W.IntText(value=setup.length, style=style, layout=_auto())
        self.length.add_class("nap-play-length")
        self.bots = W.Dropdown(options=[(lvl, lvl) for lvl in bot_levels()], value=setup.bots, style=style,
                               layout=_auto())
        self.bots.add_class("nap-play-bots")
        self.seed = W.Text(value="" if setup.seed is None else str(setup.seed), style=style, layout=_auto())
        self.seed.add_class("nap-play-seed")
        self.profile = W.ToggleButtons(options=[(name, name) for name in PROFILES], value=setup.profile,
                                       style={"button_width": "auto"})
        self.profile.add_class("nap-play-profile")
        self.profile_label = W.HTML()
        self.misere = W.Dropdown(options=[("3/3", "3/3"), ("10/5", "10/5")], value=setup.misere_stakes or "3/3",
                                 style=style, layout=_auto())
        self.misere.add_class("nap-play-misere")
        self.profile.observe(self._on_profile, names="value")
        self.start = W.Button(button_style="primary", layout=_auto())
        self.start.add_class("nap-play-start")
        self.note = W.HTML()
        self.note.add_class("nap-play-setup-note")
        self.start.on_click(self._on_start)
        self.back = W.Button(layout=_auto())
        self.back.add_class("nap-play-back")
        self.back.on_click(self._on_back)
        self.players.observe(self._on_players, names="value")
        self.length_kind.observe(self._on_kind, names="value")
        self.widget = W.VBox([self.heading, W.HBox([self.players, self.seat, self.name]),
                              W.HBox([self.profile_label, self.profile, self.misere]),
                              W.HBox([self.length_kind, self.length]), W.HBox([self.bots, self.seed]),
                              W.HBox([self.start, self.back]), self.note])
        self.widget.add_class("nap-play-setup")
        self.refresh()

    @staticmethod
    def _seat_options(players: int) -> list[tuple[str, int]]:
        return [(str(i), i) for i in range(1, players + 1)]

    def refresh(self) -> None:
        _ = self._
        self.heading.value = f"<h2>{html_escape(_('A new session'))}</h2>"
        self.players.description = _("Players (3 to 7)")
        self.seat.description = _("Your seat")
        self.name.description = _("Your name")
        self.length_kind.options = [(_("deals"), "deals"), (_("dealer rotations"), "rotations")]
        self.length.description = _("Session length")
        labels = {"simple": _("Simple: counts sure tricks"), "random": _("Random: any legal choice")}
        value = self.bots.value
        self.bots.options = [(labels.get(lvl, lvl), lvl) for lvl in bot_levels()]
        if value in bot_levels():
            self.bots.value = value
        self.bots.description = _("Bots")
        self.seed.description = _("Deal seed")
        self.seed.placeholder = _("empty: a random seed")
        self.start.description = _("Start the session")
        self.start.tooltip = _("Deal the first hand with these settings")
        self.back.description = _("Back to the game")
        _show(self.back, self.app.table is not None)
        self.profile_label.value = f"<b>{html_escape(_('Rules:'))}</b>"
        keep = self.profile.value
        self._profile_sync = True
        try:
            self.profile.options = [(self.tr.gettext(PROFILE_NAMES.get(n, n)), n) for n in PROFILES]
            self.profile.value = keep if keep in PROFILES else "british"
        finally:
            self._profile_sync = False
        self.misere.description = _("Misère pays")
        pub = bool(PROFILES[self.profile.value].option_choices.get("misere_stakes"))
        _show(self.misere, pub)
        if PROFILES[self.profile.value].first_dealer == "low_card":
            note = _("The same seed gives the same deals, so a whole class can play the same hands. "
                     "Seats are numbered clockwise; the first dealer is the lowest card drawn, aces low.")
        else:
            note = _("The same seed gives the same deals, so a whole class can play the same hands. "
                     "Seats are numbered clockwise; the first dealer is drawn by lot.")
        self.note.value = "<p>" + html_escape(note) + "</p>"

    @guarded
    def _on_profile(self, change: dict[str, Any]) -> None:
        if getattr(self, "_profile_sync", False) or change.get("new") not in PROFILES:
            return
        self.refresh()

    @guarded
    def _on_players(self, change: dict[str, Any]) -> None:
        TableSetup.check(change.get("new"), 1, "x", "deals", 1, bot_levels()[0], None)
        n = int(change["new"])
        seat = self.seat.value if isinstance(self.seat.value, int) and self.seat.value <= n else 1
        self.seat.options = self._seat_options(n)
        self.seat.value = seat
        self.status.clear()

    def _on_kind(self, change: dict[str, Any]) -> None:
        if change.get("new") == "rotations" and isinstance(self.length.value, int) and self.length.value > MAX_ROTATIONS:
            self.length.value = 1
        elif change.get("new") == "deals" and isinstance(self.length.value, int) and self.length.value > MAX_DEALS:
            self.length.value = 8

    def read(self) -> TableSetup:
        """The form's values, checked (the first bad one is refused with its reason)."""
        profile = self.profile.value if self.profile.value in PROFILES else "british"
        stakes = self.misere.value if PROFILES[profile].option_choices.get("misere_stakes") else None
        return TableSetup.check(self.players.value, self.seat.value, self.name.value, self.length_kind.value,
                                self.length.value, self.bots.value, self.seed.value, profile,
                                misere_stakes=stakes)

    @guarded
    def _on_start(self, _button: Any = None) -> None:
        if self.app.table is not None and not self.app.setup_open:
            return  # the form is not on screen: the second click of a double click on "Start"
        setup = self.read()
        self.app.begin(PlayTable.new(setup, offer_stop=self.app.settings.offer_stop.value,
                                     practice_undo=self.app.settings.undo.value))

    @guarded
    def _on_back(self, _button: Any = None) -> None:
        if self.app.table is not None:
            self.app.setup_open = False
            self.app.render()


# ====================================================================== settings
class SettingsPanel(Component):
    """Practice undo (off by default), the four-colour pack, the early-stop offer."""

    def __init__(self, app: "PlayApp") -> None:
        super().__init__(app)
        self.heading = W.HTML()
        self.undo = W.Checkbox(value=False, indent=False, layout=_auto())
        self.undo.add_class("nap-play-undo-setting")
        self.four_colour = W.Checkbox(value=False, indent=False, layout=_auto())
        self.four_colour.add_class("nap-play-four-colour")
        self.offer_stop = W.Checkbox(value=False, indent=False, layout=_auto())
        self.offer_stop.add_class("nap-play-stop-setting")
        for box in (self.undo, self.four_colour, self.offer_stop):
            box.observe(self._on_change, names="value")
        self.widget = W.VBox([self.heading, self.undo, self.offer_stop, self.four_colour])
        self.widget.add_class("nap-play-settings")
        self.refresh()

    def refresh(self) -> None:
        _ = self._
        self.heading.value = f"<h3>{html_escape(_('Settings'))}</h3>"
        self.undo.description = _("Practice undo: let me take back my last card")
        self.offer_stop.description = _("Offer to stop a deal once its result is certain (B13)")
        self.four_colour.description = _("Four-colour pack (clubs green, diamonds blue)")

    @guarded
    def _on_change(self, change: dict[str, Any]) -> None:
        table = self.app.table
        if table is not None:
            table.practice_undo = bool(self.undo.value)
            table.offer_stop = bool(self.offer_stop.value)
        root = self.app.widget
        if bool(self.four_colour.value):
            root.add_class("nap-four-colour")
        else:
            root.remove_class("nap-four-colour")
        self.app.render()


# ===================================================================== the table
class TrickView(Component):
    """Deal, contract and trump; the seats; the current trick, the last one and the history."""

    def __init__(self, app: "PlayApp") -> None:
        super().__init__(app)
        self.info = W.HTML()
        self.info.add_class("nap-play-info")
        self.seats = W.HTML()
        self.seats.add_class("nap-play-seats")
        self.current = W.HTML()
        self.current.add_class("nap-play-trick")
        self.last = W.HTML()
        self.last.add_class("nap-play-last-trick")
        self.history = W.HTML()
        self.history.add_class("nap-play-history")
        self.tricks = W.HBox([self.current, self.last])
        self.tricks.add_class("nap-play-tricks")
        self.widget = W.VBox([self.info, self.seats, self.tricks])
        self.widget.add_class("nap-play-table")
        # self.history is placed lower on the page (below the hand) by the app

    def render(self, table: PlayTable, view: SeatView | None) -> None:
        if view is None:
            for w in (self.info, self.seats, self.current, self.last, self.history):
                _set(w, "value", "")
            return
        four = self.app.four_colour
        _set(self.info, "value", self._info(table, view))
        _set(self.seats, "value", self._seats(table, view))
        _show(self.tricks, view.phase != "auction" and bool(view.tricks or view.phase == "play"))
        _set(self.current, "value", self._current(view, four) if view.phase == "play" else "")
        _set(self.last, "value", self._last(view, four))
        _show(self.current, bool(self.current.value))
        _show(self.last, bool(self.last.value))
        _set(self.history, "value", self._history(view))

    def _info(self, table: PlayTable, view: SeatView) -> str:
        _ = self._
        tr = self.tr
        esc = html_escape
        total = table.session.total_deals
        parts = [
            _("Extra hand among {names}").format(names=esc(self.tr.join(table.deal_players))) if table.extra_hand
            else _("Deal {number} of {total}").format(number=table.deal_number, total=total),
            _("Dealer: {name}").format(name=esc(view.players[view.dealer])),
        ]
        if view.contract is not None and view.declarer is not None:
            contract = _("Contract: {call} by {declarer} (needs {tricks})").format(
                call=esc(tr.call(view.contract.name)), declarer=esc(view.players[view.declarer]),
                tricks=view.contract.min_tricks)
        elif view.phase == "auction":
            contract = _("Contract: not yet, the auction is on")
        else:
            contract = _("Contract: none, everyone passed")
        if view.trump is not None:
            trump = _("Trump: {symbol} {suit}").format(symbol=suit_text(view.trump), suit=tr.suit(view.trump))
            trump_cls = f"nap-suit-{view.trump.letter}"
        elif view.contract is not None and not view.contract.trumps:
            trump, trump_cls = _("Trump: none (Misère)"), ""
        elif view.contract is not None:
            trump, trump_cls = _("Trump: set by the declarer's first lead"), ""
        else:
            trump, trump_cls = _("Trump: set by the declarer's first lead"), ""
        profile = _("Rules: {profile}").format(profile=esc(self.tr.gettext(
            PROFILE_NAMES.get(table.profile.name, table.profile.name))))
        seed = _("Deal seed: {seed}").format(seed=esc(str(table.session.seed)))
        prompt = self._prompt(table, view)
        return (f'<div class="nap-play-facts"><span>{parts[0]}</span><span>{parts[1]}</span>'
                f'<span class="nap-play-contract">{contract}</span>'
                f'<span class="nap-play-trump {trump_cls}">{trump}</span><span>{profile}</span>'
                f'<span class="nap-play-seed-shown">{seed}</span></div>'
                f'<div class="nap-play-prompt" role="status" aria-live="polite">{prompt}</div>')

    def _prompt(self, table: PlayTable, view: SeatView) -> str:
        _ = self._
        pending = table.pending
        if pending == "call":
            return html_escape(_("Your call: pass, or bid higher than anyone so far."))
        if pending == "card":
            if view.current is not None:
                led = view.current.led
                if any(c.suit is led for c in view.hand):
                    return html_escape(_("Your turn: {suit} were led, so follow with a {one}.").format(
                        suit=self.tr.suit(led), one=self.tr.suit_singular(led)))
                return html_escape(_("Your turn: you have no {suit}, so any card may go.").format(
                    suit=self.tr.suit(led)))
            if not view.tricks:
                return html_escape(_("Your lead: the suit of this first card becomes trump."))
            return html_escape(_("Your lead: any card may be led."))
        if pending == "stop":
            return html_escape(_("The result is certain: stop here, or play on to the end."))
        if pending == "deal_over":
            return html_escape(_("The deal is over: see the settlement below, then deal the next one."))
        if pending == "session_over":
            return html_escape(_("The session is over: see the ledger and the winners below."))
        return ""

    def _seats(self, table: PlayTable, view: SeatView) -> str:
        _ = self._
        played = [0] * view.n
        for trick in view.tricks:
            for s in trick.seats:
                played[s] += 1
        if view.current is not None:
            for s in view.current.seats:
                played[s] += 1
        calls: dict[int, str] = {}
        for i, call in enumerate(view.calls):
            calls[view.speaker(i)] = self.tr.call(call.name)
        size = table.profile.hand_size
        boxes = []
        for seat, name in enumerate(view.players):
            you = seat == view.seat
            left = len(view.hand) if you else size - played[seat]
            cls = ["nap-seat"]
            tags = []
            if you:
                cls.append("nap-seat-you")
                tags.append(html_escape(_("you")))
            if seat == view.dealer:
                tags.append(html_escape(_("dealer")))
            if seat == view.declarer:
                cls.append("nap-seat-declarer")
                tags.append(html_escape(_("declarer")))
            if seat == view.to_act:
                cls.append("nap-seat-turn")
            call = calls.get(seat, "")
            won = view.tricks_won[seat]
            tricks = html_escape(self.tr.ngettext("{n} trick", "{n} tricks", won).format(n=won))
            if you:
                backs = ""
            else:
                label = html_escape(self.tr.ngettext("{n} card, face down", "{n} cards, face down", left)
                                    .format(n=left), quote=True)
                backs = (f'<span class="nap-seat-backs" role="img" aria-label="{label}" title="{label}">'
                         + card_back_svg(width=14, label="").replace('role="img" ', 'aria-hidden="true" ') * left
                         + "</span>")
            boxes.append(
                f'<div class="{" ".join(cls)}" data-seat="{seat}"><div class="nap-seat-name">{html_escape(name)}'
                + (f' <span class="nap-seat-tags">({", ".join(tags)})</span>' if tags else "")
                + f'</div><div class="nap-seat-line"><span class="nap-seat-call">{html_escape(call)}</span> '
                f'<span class="nap-seat-tricks" data-tricks="{won}">{tricks}</span></div>{backs}</div>')
        unused = table.profile.unused_cards(view.n)
        note = html_escape(self.tr.ngettext("{n} card stays face down, unused (B4)",
                                            "{n} cards stay face down, unused (B4)", unused).format(n=unused))
        return f'<div class="nap-seats">{"".join(boxes)}</div><div class="nap-play-unused">{note}</div>'

    def _current(self, view: SeatView, four: bool) -> str:
        """The trick in play: its cards so far and an empty slot for each player still to play."""
        _ = self._
        t = view.current
        if t is None:
            seats = self._order(view, view.to_act)
            body = trick_html([view.players[s] for s in seats], [None] * len(seats), tr=self.tr,
                              four_colour=four, trump=view.trump, width=44)
        else:
            seats = self._order(view, t.leader)
            body = trick_html([view.players[s] for s in seats], [t.card_of(s) for s in seats], tr=self.tr,
                              four_colour=four, winning=seats.index(t.winning), trump=view.trump, width=44)
        head = html_escape(_("Trick {number} of 5").format(number=min(5, len(view.tricks) + 1)))
        return f'<div class="nap-play-box"><h4>{head}</h4>{body}</div>'

    @staticmethod
    def _order(view: SeatView, leader: int | None) -> list[int]:
        start = leader if leader is not None else (view.dealer + 1) % view.n
        return [(start + i) % view.n for i in range(view.n)]

    def _last(self, view: SeatView, four: bool) -> str:
        _ = self._
        if not view.tricks:
            return ""
        t = view.tricks[-1]
        seats = list(t.seats)
        win = seats.index(t.winning)
        body = trick_html([view.players[s] for s in seats], list(t.cards), tr=self.tr, four_colour=four,
                          winning=win, trump=view.trump, width=36)
        head = html_escape(_("Last trick ({number}): {winner} won").format(
            number=t.number, winner=view.players[t.winning]))
        return f'<div class="nap-play-box nap-play-box-last"><h4>{head}</h4>{body}</div>'

    def _history(self, view: SeatView) -> str:
        _ = self._
        if not view.tricks:
            return ""
        rows = []
        for t in view.tricks:
            cards = " ".join(
                f'<span class="nap-suit-{c.suit.letter}{" nap-hist-win" if s == t.winning else ""}" '
                f'title="{html_escape(view.players[s], quote=True)}">{html_escape(c.rank.text + suit_text(c.suit))}</span>'
                for s, c in zip(t.seats, t.cards))
            rows.append(f"<tr><td>{t.number}</td><td>{html_escape(view.players[t.leader])}</td>"
                        f"<td class=\"nap-hist-cards\">{cards}</td><td>{html_escape(view.players[t.winning])}</td></tr>")
        head = (f"<tr><th>#</th><th>{html_escape(_('Led by'))}</th>"
                f"<th>{html_escape(_('Cards in playing order'))}</th><th>{html_escape(_('Won by'))}</th></tr>")
        title = html_escape(_("Tricks so far"))
        return (f'<div class="nap-scroll"><table class="nap-table-grid nap-play-history-table">'
                f"<caption>{title}</caption>{head}{''.join(rows)}</table></div>")


# ====================================================================== auction
class AuctionPanel(Component):
    """The learner's calls as buttons; a call not allowed now is disabled and says why."""

    def __init__(self, app: "PlayApp") -> None:
        super().__init__(app)
        self.heading = W.HTML()
        self.buttons: dict[str, W.Button] = {}
        self.row = W.HBox([])
        self.row.add_class("nap-play-calls")
        self.why = W.HTML()
        self.why.add_class("nap-play-call-why")
        self.calls = W.HTML()
        self.calls.add_class("nap-play-auction")
        self.widget = W.VBox([self.heading, self.row, self.why, self.calls])
        self.widget.add_class("nap-play-auction-panel")
        self._profile: str | None = None

    def _build(self, table: PlayTable) -> None:
        if self._profile == table.profile.name:
            return
        self._profile = table.profile.name
        self.buttons = {}
        for name in ["Pass"] + [c.name for c in table.profile.ladder]:
            button = W.Button(description=self.tr.call(name), layout=_auto())
            button.add_class("nap-play-call")
            button.add_class(f"nap-play-call-{name.lower()}")
            button.on_click(self._on_click)
            button._nap_call = name  # type: ignore[attr-defined]
            self.buttons[name] = button
        self.row.children = tuple(self.buttons.values())

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
            _set(button, "description", self.tr.call(name))
            _set(button, "disabled", not legal)
            if opt is not None and opt.refusal is not None:
                text = self.tr.explain(opt.refusal)
                _set(button, "tooltip", text)
                why_lines.append(f"<li>{self.explain(opt.refusal)}</li>")
            elif name == "Pass":
                _set(button, "tooltip", _("Pass: a pass is final, you make no more calls in this deal"))
            else:
                c = table.profile.contract(name)
                _set(button, "tooltip", self.tr.ngettext(
                    "Bid {call}: promise at least {n} trick", "Bid {call}: promise at least {n} tricks",
                    c.min_tricks).format(call=self.tr.call(name), n=c.min_tricks))
            _set(button, "button_style", "primary" if legal and name != "Pass" else "")
        _set(self.heading, "value", f"<h3>{html_escape(_('The auction'))}</h3>")
        why = (f'<p>{html_escape(_("Not allowed now:"))}</p><ul>{"".join(why_lines)}</ul>' if why_lines else "")
        _set(self.why, "value", why)
        _set(self.calls, "value", self._calls(table))

    def _calls(self, table: PlayTable) -> str:
        items = []
        for e in table.events:
            if not isinstance(e.action, Call):
                continue
            who = html_escape(table.deal_players[e.seat])
            what = html_escape(self.tr.call(e.action.name))
            reason = (f' <span class="nap-play-reason">{html_escape(self.tr.explain(e.reason))}</span>'
                      if e.reason is not None else "")
            cls = "nap-call-you" if e.by_learner else "nap-call-bot"
            items.append(f'<li class="{cls}"><b>{who}</b>: {what}{reason}</li>')
        if not items:
            return ""
        return f'<ol class="nap-play-call-list">{"".join(items)}</ol>'

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


# ========================================================================= hand
class HandView(Component):
    """The learner's five cards as buttons, face up; an illegal card is refused with the reason.

    Each button stands for one card for the whole deal (the hand is sorted when it is dealt and
    a played card's button is hidden), so a second click of a fast double click names a card
    that has already left the hand and is dropped: a double click never plays two cards. The
    same goes for the typed card: the field is emptied once the card is played.
    """

    def __init__(self, app: "PlayApp") -> None:
        super().__init__(app)
        self.heading = W.HTML()
        self.heading.add_class("nap-play-hand-title")
        self.buttons = [W.Button(layout=W.Layout(width="auto")) for _ in range(HAND_SLOTS)]
        self._cards: list[Card | None] = [None] * HAND_SLOTS
        self._deal_key: object = None
        for i, button in enumerate(self.buttons):
            button._nap_slot = i  # type: ignore[attr-defined]
            button.on_click(self._on_click)
            button._dom_classes = ("nap-play-card", "nap-play-gone")
        self.row = W.HBox(self.buttons)
        self.row.add_class("nap-play-hand")
        self.typed = W.Text(layout=W.Layout(width="12em", max_width="100%"))
        self.typed.add_class("nap-play-card-text")
        self.go = W.Button(layout=_auto())
        self.go.add_class("nap-play-card-go")
        self.go.on_click(self._on_typed)
        self.keyboard = W.HBox([self.typed, self.go])
        self.keyboard.add_class("nap-play-keyboard")
        self.widget = W.VBox([self.heading, self.row, self.keyboard])
        self.widget.add_class("nap-play-hand-panel")

    def render(self, table: PlayTable, view: SeatView | None) -> None:
        _ = self._
        self.typed.placeholder = _("or type a card: 10h, QS")
        self.typed.description = ""
        self.go.description = _("Play it")
        self.go.tooltip = _("Play the card typed in the box")
        if view is None or not view.hand:
            for button in self.buttons:
                _classes(button, ("nap-play-card", "nap-play-gone"))
            _show(self.widget, False)
            return
        _show(self.widget, True)
        key = (id(table), table.deal_number, id(table.state))
        if key != self._deal_key:
            self._deal_key = key
            dealt = sort_hand(view.hand)
            self._cards = [dealt[i] if i < len(dealt) else None for i in range(HAND_SLOTS)]
        held = set(view.hand)
        for card in sort_hand(held - set(c for c in self._cards if c is not None)):
            self._cards[self._cards.index(None)] = card  # not expected: every dealt card has its button
        mine = table.pending == "card"
        legal = set(view.legal_cards) if mine else set()
        for card, button in zip(self._cards, self.buttons):
            with button.hold_sync():
                if card is None or card not in held:
                    _classes(button, ("nap-play-card", "nap-play-gone"))
                    continue
                state = "nap-play-legal" if card in legal else ("nap-play-illegal" if mine else "nap-play-idle")
                _classes(button, ("nap-play-card", f"nap-suit-{card.suit.letter}", state, f"nap-card-{card.code}"))
                _set(button, "description", card.rank.text + suit_text(card.suit))
                words = card_label(card, self.tr)
                tip = _("{card}: not playable now").format(card=words) if mine and card not in legal else words
                _set(button, "tooltip", tip)
        _show(self.keyboard, mine)
        n = len(view.hand)
        title = self.tr.ngettext("Your hand ({n} card)", "Your hand ({n} cards)", n).format(n=n)
        _set(self.heading, "value", f"<h3>{html_escape(title)} · {html_escape(table.name)}</h3>")

    @guarded
    def _on_click(self, button: W.Button) -> None:
        table = self.app.table
        slot = getattr(button, "_nap_slot", None)
        if table is None or not isinstance(slot, int) or not 0 <= slot < HAND_SLOTS:
            return
        card = self._cards[slot]
        view = table.view()
        if card is None or view is None or card not in view.hand:
            return  # the card has left the hand: the second click of a double click, or a forged one
        table.play(card)
        self.app.after_move()

    @guarded
    def _on_typed(self, _button: Any = None) -> None:
        table = self.app.table
        text = self.typed.value
        if table is None or not isinstance(text, str) or not text.strip():
            return  # empty: nothing typed, or the field was emptied by the first click of a double click
        table.play(text.strip()[:12])
        self.typed.value = ""
        self.app.after_move()


# ====================================================================== actions
class ActionBar(Component):
    """Stop early (when certain), play on, practice undo, next deal, new session."""

    def __init__(self, app: "PlayApp") -> None:
        super().__init__(app)
        self.stop = W.Button(button_style="warning", layout=_auto())
        self.stop.add_class("nap-play-stop")
        self.play_on = W.Button(layout=_auto())
        self.play_on.add_class("nap-play-playon")
        self.undo = W.Button(layout=_auto())
        self.undo.add_class("nap-play-undo")
        self.next = W.Button(button_style="primary", layout=_auto())
        self.next.add_class("nap-play-next")
        self.new = W.Button(layout=_auto())
        self.new.add_class("nap-play-new")
        self.stop.on_click(self._on_stop)
        self.play_on.on_click(self._on_play_on)
        self.undo.on_click(self._on_undo)
        self.next.on_click(self._on_next)
        self.new.on_click(self._on_new)
        self.widget = W.HBox([self.stop, self.play_on, self.undo, self.next, self.new])
        self.widget.add_class("nap-play-actions")
        self._last_undo = float("-inf")

    def render(self, table: PlayTable | None) -> None:
        _ = self._
        self.stop.description = _("Stop here: the result is certain")
        self.play_on.description = _("Play on to the end")
        self.undo.description = _("Take back my last card")
        self.undo.tooltip = _("Practice undo: takes back your last card and the bots' replies after it")
        self.new.description = _("New session")
        if table is None:
            for b in (self.stop, self.play_on, self.undo, self.next):
                _show(b, False)
            _show(self.new, False)
            return
        pending = table.pending
        _show(self.stop, table.stop_offer)
        _show(self.play_on, table.stop_offer)
        can_undo = table.practice_undo and any(e.by_learner and isinstance(e.action, Card) for e in table.events)
        _show(self.undo, can_undo)
        if pending == "deal":
            self.next.description = _("Deal {number}").format(number=len(table.session.entries) + 1)
        else:
            self.next.description = _("Next deal")
        _show(self.next, pending in ("deal", "deal_over"))
        _show(self.new, True)

    @guarded
    def _on_stop(self, _b: Any = None) -> None:
        table = self._table()
        if table.pending in ("deal_over", "session_over"):
            return  # the deal has already ended (a double click)
        table.stop()
        self.app.after_move()

    @guarded
    def _on_play_on(self, _b: Any = None) -> None:
        table = self._table()
        if table.pending != "stop" and not table.stop_offer:
            return  # already playing on (a double click)
        table.play_on()
        self.app.after_move()

    @guarded
    def _on_undo(self, _b: Any = None) -> None:
        table = self._table()
        now = time.monotonic()
        if now - self._last_undo < UNDO_DEBOUNCE:
            return  # the second click of a double click would take back one card more
        taken = table.undo()
        self._last_undo = time.monotonic()
        self.app.after_move()
        self.status.show(self.tr.ngettext("Taken back: {n} card (yours and the replies after it).",
                                          "Taken back: {n} cards (yours and the replies after it).",
                                          taken).format(n=taken), "info")

    @guarded
    def _on_next(self, _b: Any = None) -> None:
        table = self._table()
        if table.pending not in ("deal", "deal_over"):
            # a second click on "Next deal" arrives after the deal was dealt: nothing to do
            return
        table.start_deal()
        self.app.after_move()

    @guarded
    def _on_new(self, _b: Any = None) -> None:
        self.app.to_setup()

    def _table(self) -> PlayTable:
        table = self.app.table
        if table is None:
            raise RuleError(Explanation("play", "play.no_deal", {}))
        return table


# ======================================================================== coach
class Coach(Component):
    """A hint: the call or card the coach suggests, with its reason."""

    def __init__(self, app: "PlayApp") -> None:
        super().__init__(app)
        self.button = W.Button(icon="lightbulb-o", layout=_auto())
        self.button.add_class("nap-play-hint")
        self.text = W.HTML()
        self.text.add_class("nap-play-hint-text")
        self.button.on_click(self._on_hint)
        self.widget = W.HBox([self.button, self.text])
        self.widget.add_class("nap-play-coach")

    def render(self, table: PlayTable | None) -> None:
        self.button.description = self._("Hint")
        self.button.tooltip = self._("What would the coach do here, and why?")
        live = table is not None and table.pending in ("call", "card")
        _show(self.widget, live)
        self.clear()

    def clear(self) -> None:
        _set(self.text, "value", "")

    @guarded
    def _on_hint(self, _b: Any = None) -> None:
        table = self.app.table
        if table is None:
            return
        decision = table.hint()
        action = decision.action
        if isinstance(action, Card):
            what = self._("Coach: play {card}.").format(card=action.rank.text + suit_text(action.suit))
        elif isinstance(action, Call):
            what = self._("Coach: {call}.").format(call=self.tr.call(action.name))
        else:
            what = self._("Coach: stop here.")
        self.text.value = (f'<div class="nap-msg nap-msg-info" role="status"><b>{html_escape(what)}</b> '
                           f"{self.explain(decision.reason)}</div>")


# ========================================================================== log
class LogPanel(Component):
    """What just happened (the learner's move and the bots' replies) and the whole deal, with rule badges."""

    def __init__(self, app: "PlayApp") -> None:
        super().__init__(app)
        self.latest = W.HTML()
        self.latest.add_class("nap-play-latest")
        self.log = W.HTML()
        self.log.add_class("nap-play-log")
        self.intro = W.HTML()
        self.intro.add_class("nap-play-intro")
        self.box = W.Accordion(children=[W.VBox([self.intro, self.log])], selected_index=None)
        self.box.add_class("nap-play-log-box")
        # two parts, placed apart by the app: "what just happened" under the hand, the whole deal lower down
        self.parts = (self.latest, self.box)
        self._cache_key: object = None
        self._cache: dict[int, tuple[Event, str]] = {}

    def event_html(self, table: PlayTable, e: Event) -> str:
        lines = list(e.lines)
        first = self.explain(lines[0]) if lines else html_escape(str(e.action))
        rest = "".join(
            f'<div class="nap-ev-line{" nap-ev-trick" if x.key.startswith("explain.trick") else ""}">'
            f"{self.explain(x)}</div>" for x in lines[1:])
        reason = (f'<div class="nap-play-reason">{html_escape(self.tr.explain(e.reason))}</div>'
                  if e.reason is not None else "")
        cls = "nap-ev nap-ev-you" if e.by_learner else "nap-ev nap-ev-bot"
        return f'<li class="{cls}" data-seat="{e.seat}"><div>{first}</div>{reason}{rest}</li>'

    def render(self, table: PlayTable | None) -> None:
        _ = self._
        self.box.set_title(0, _("Everything that happened in this deal"))
        if table is None:
            _set(self.latest, "value", "")
            _set(self.log, "value", "")
            return
        intro = [self.explain(x) for x in table.intro] if table.deal_number <= 1 else []
        _set(self.intro, "value", "".join(f"<p>{x}</p>" for x in intro))
        key = (id(table.events), self.app.language.code, self.app.four_colour)
        if key != self._cache_key:  # a new deal or language: events are immutable, so their HTML keeps
            self._cache_key, self._cache = key, {}
        cache = self._cache
        for e in table.events:
            if id(e) not in cache:
                cache[id(e)] = (e, self.event_html(table, e))  # the event is kept, so its id stays its own
        log = "".join(cache[id(e)][1] for e in table.events)
        _set(self.log, "value", f'<ol class="nap-play-events">{log}</ol>' if log else "")
        body = "".join(cache[id(e)][1] for e in table.latest)
        head = html_escape(_("What just happened"))
        empty = "" if body else f"<p>{html_escape(_('Nothing yet.'))}</p>"
        # set last: when this value reaches the page, the moves above it have too (latency benchmark)
        _set(self.latest, "value",
             f'<div class="nap-latest" data-token="{table.token}" aria-live="polite"><h3>{head}</h3>{empty}'
             f'<ol class="nap-play-events">{body}</ol></div>')


# ======================================================================= ledger
def balance_chart_svg(players: Sequence[str], rows: Sequence[LedgerRow], *, title: str, xlabel: str,
                      ylabel: str, highlight: str | None = None) -> str:
    """The balances after every deal as an SVG line chart (matplotlib ``Figure``, no pyplot)."""
    from matplotlib import rc_context  # imported when the first chart is drawn (it costs a kernel ~40 MiB)
    from matplotlib.figure import Figure

    xs = list(range(len(rows) + 1))
    with rc_context({"svg.fonttype": "none", "font.size": 10, "svg.hashsalt": "nap-teach"}):
        fig = Figure(figsize=(6.4, 3.0), dpi=100)
        ax = fig.add_subplot()
        markers = "osD^v<>"
        for i, p in enumerate(players):
            ys = [0] + [r.balances[p] for r in rows]
            ax.plot(xs, ys, marker=markers[i % len(markers)], markersize=4,
                    linewidth=3 if p == highlight else 1.5, label=p)
        ax.axhline(0, color="#888", linewidth=0.8)
        ax.set_title(title)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_xticks(xs)
        ax.grid(True, alpha=0.3)
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9, frameon=False)
        fig.subplots_adjust(left=0.1, right=0.8, bottom=0.16, top=0.89)  # fixed: tight_layout costs a redraw
        buf = io.StringIO()
        fig.savefig(buf, format="svg")
    svg = buf.getvalue()
    start = svg.find("<svg")
    return svg[start:] if start >= 0 else svg


class LedgerView(Component):
    """The settlement of the last deal with its arithmetic, the running ledger, the chart, the winners."""

    def __init__(self, app: "PlayApp") -> None:
        super().__init__(app)
        self.result = W.HTML()
        self.result.add_class("nap-play-result")
        self.table_html = W.HTML()
        self.table_html.add_class("nap-play-ledger")
        self.chart = W.HTML()
        self.chart.add_class("nap-play-chart")
        self.winners = W.HTML()
        self.winners.add_class("nap-play-winners")
        self.widget = W.VBox([self.result, self.winners, self.table_html, self.chart])
        self.widget.add_class("nap-play-ledger-panel")
        self._key: object = None
        self._chart_due = False

    def render(self, table: PlayTable | None) -> None:
        rows = table.ledger() if table is not None else []
        if table is None or not rows:
            _show(self.widget, False)
            self._key = None
            return
        _show(self.widget, True)
        key = (id(table), len(rows), tuple(rows[-1].balances.items()), self.app.language.code,
               table.session.is_over)
        if key == self._key:
            return
        self._key = key
        self.result.value = self._result(table, rows[-1])
        self.table_html.value = self._ledger(table, rows)
        self.winners.value = self._winners(table)
        self._chart_due = True

    def render_chart(self, table: PlayTable | None) -> None:
        """Draw the chart if the ledger changed (matplotlib takes a while: the app calls this last)."""
        if not self._chart_due or table is None:
            return
        rows = table.ledger()
        if rows:
            self.chart.value = self._chart(table, rows)
        self._chart_due = False

    def _result(self, table: PlayTable, row: LedgerRow) -> str:
        _ = self._
        tr = self.tr
        esc = html_escape
        head = esc(_("Settlement of deal {number}").format(number=row.number))
        if row.declarer is None or row.contract is None:
            nxt = table.players[table.session.dealer_for(row.number)]
            text = self.explain(Explanation(table.profile.rule("passed_out"), "explain.passed_out",
                                            {"next_dealer": nxt}))
            zero = _("Nobody pays: every amount is 0, and the sum is 0 {check}").format(check="\u2713")
            return (f'<div class="nap-play-box nap-play-settle"><h3>{head}</h3><p>{text}</p>'
                    f'<p class="nap-play-zero" data-sum="0">{self.badge(table.profile.rule("balances"))}'
                    f"{html_escape(zero)}</p></div>")
        others = len(table.players) - 1
        c = row.contract
        made = bool(row.made)
        stake = c.made if made else c.failed
        won = row.declarer_tricks if row.declarer_tricks is not None else 0
        if made:
            verdict = tr.ngettext(
                "{declarer} bid {call} and took {won} trick: made.",
                "{declarer} bid {call} and took {won} tricks: made.", won)
            rule_line = _("Each of the {others} opponents pays {declarer} {stake}.")
            arith = _("{declarer} receives {others} × {stake} = {total}.")
        else:
            verdict = tr.ngettext(
                "{declarer} bid {call} and took {won} trick: failed.",
                "{declarer} bid {call} and took {won} tricks: failed.", won)
            rule_line = _("{declarer} pays each of the {others} opponents {stake}.")
            arith = _("{declarer} pays {others} × {stake} = {total}.")
        facts = dict(declarer=row.declarer, call=tr.call(c.name), won=won, others=others, stake=stake,
                     total=tr.amount(row.settlement[row.declarer]))
        values = [row.settlement[p] for p in table.players]
        terms = " ".join((tr.amount(v) if i == 0 else ("+ " + str(v) if v >= 0 else "\u2212 " + str(-v)))
                         for i, v in enumerate(values))
        total = sum(values)
        check = "\u2713" if total == 0 else "\u2717"
        payments = "".join(f'<li><b>{esc(p)}</b> {esc(tr.amount(row.settlement[p]))}</li>' for p in table.players)
        zero = _("Sum: {terms} = {total} {check}").format(terms=terms, total=total, check=check)
        return (f'<div class="nap-play-box nap-play-settle"><h3>{head}</h3>'
                f"<p>{self.badge(c.rule)}{esc(verdict.format(**facts))}</p>"
                f"<p>{self.badge(table.profile.rule('stakes'))}{esc(rule_line.format(**facts))} "
                f"{esc(arith.format(**facts))}</p>"
                f'<ul class="nap-play-payments">{payments}</ul>'
                f'<p class="nap-play-zero" data-sum="{total}">{self.badge(table.profile.rule("balances"))}'
                f"{esc(zero)} {esc(_('The payments always add up to zero.'))}</p></div>")

    def _ledger(self, table: PlayTable, rows: Sequence[LedgerRow]) -> str:
        _ = self._
        tr = self.tr
        esc = html_escape
        players = table.players
        head = "".join(f"<th>{esc(p)}</th>" for p in players)
        body = []
        for r in rows:
            if r.declarer is None or r.contract is None:
                what = esc(_("passed out"))
            else:
                result = _("made") if r.made else _("failed")
                what = esc(_("{declarer}: {call}, {won} tricks, {result}").format(
                    declarer=r.declarer, call=tr.call(r.contract.name), won=r.declarer_tricks, result=result))
            cells = "".join(
                f'<td data-player="{esc(p, quote=True)}">{esc(tr.amount(r.balances[p]))}'
                f'<span class="nap-ledger-delta">{esc(tr.amount(r.settlement[p]))}</span></td>' for p in players)
            body.append(f'<tr data-deal="{r.number}"><td>{r.number}</td><td>{esc(r.dealer)}</td>'
                        f'<td class="nap-ledger-what">{what}</td>{cells}<td>{sum(r.balances.values())}</td></tr>')
        caption = esc(_("The ledger: balance after each deal (payment of that deal in small print)"))
        return (f'<div class="nap-scroll"><table class="nap-table-grid nap-play-ledger-table"><caption>{caption}'
                f"</caption><tr><th>{esc(_('Deal'))}</th><th>{esc(_('Dealer'))}</th><th>{esc(_('Contract'))}</th>"
                f"{head}<th>{esc(_('Sum'))}</th></tr>{''.join(body)}</table></div>")

    def _winners(self, table: PlayTable) -> str:
        _ = self._
        esc = html_escape
        s = table.session
        if not s.is_over:
            left = s.total_deals - len(s.entries)
            return f"<p>{esc(self.tr.ngettext('{n} deal to go.', '{n} deals to go.', left).format(n=left))}</p>"
        winners = s.winners()
        best = s.balances[winners[0]]
        names = self.tr.join(winners)
        if len(winners) == 1:
            text = _("The session is over. The winner is {names}, with {amount}.")
        else:
            text = _("The session is over. First place is shared by {names}, with {amount} each.")
        return (f'<div class="nap-play-box nap-play-final" data-winners="{esc(",".join(winners), quote=True)}">'
                f"<h3>{self.badge(table.profile.rule('session'))}{esc(text.format(names=names, amount=self.tr.amount(best)))}"
                "</h3></div>")

    def _chart(self, table: PlayTable, rows: Sequence[LedgerRow]) -> str:
        _ = self._
        title = _("Balances over the session")
        svg = balance_chart_svg(table.players, rows, title=title, xlabel=_("after deal"),
                                ylabel=_("balance"), highlight=table.name)
        label = html_escape(_("Chart of the balances after each deal; the ledger above has the same numbers."),
                            quote=True)
        return f'<figure class="nap-chart" role="img" aria-label="{label}">{svg}</figure>'


# =================================================================== save / load
class SaveLoad(Component):
    """Download the session as a "nap-session/1" record; load one to continue it."""

    def __init__(self, app: "PlayApp") -> None:
        super().__init__(app)
        self.heading = W.HTML()
        self.download = W.HTML()
        self.download.add_class("nap-play-save")
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False)
        self.upload.add_class("nap-play-upload")
        self.upload.observe(self._on_upload, names="value")
        self.note = W.HTML()
        self.widget = W.VBox([self.heading, self.download, W.HBox([self.upload]), self.note])
        self.widget.add_class("nap-play-saveload")
        self._key: object = None

    def render(self, table: PlayTable | None) -> None:
        _ = self._
        self.heading.value = f"<h3>{html_escape(_('Save and resume'))}</h3>"
        self.upload.description = _("Load a session")
        self.note.value = "<p>" + html_escape(_(
            "The file holds every finished deal in full. Loading it continues the session with the next "
            "deal; a deal in progress is not saved, and the same seed deals it again.")) + "</p>"
        key = (id(table), len(table.session.entries) if table else -1, self.app.language.code)
        if key == self._key:
            return
        self._key = key
        if table is None:
            self.download.value = f"<p>{html_escape(_('Start or load a session to save it.'))}</p>"
            return
        data = base64.b64encode(table.to_json().encode("utf-8")).decode("ascii")
        n = len(table.session.entries)
        text = self.tr.ngettext("Download the session ({n} deal)", "Download the session ({n} deals)", n).format(n=n)
        self.download.value = (f'<a class="nap-play-download" download="nap-session.json" '
                               f'href="data:application/json;base64,{data}">{html_escape(text)}</a>')

    @guarded
    def _on_upload(self, change: dict[str, Any]) -> None:
        value = change.get("new")
        if not value:
            return  # the reset below, or an empty choice
        try:
            content = self._content(value)
            table = PlayTable.from_json(content, offer_stop=bool(self.app.settings.offer_stop.value),
                                        practice_undo=bool(self.app.settings.undo.value))
        except (RuleError, RecordError) as e:
            where = getattr(e, "location", None)
            text = e.text(self.language.code)
            if where is not None:
                text += " (" + self.tr.explain(where) + ")"
            self.status.show(self._("This file cannot be loaded, so nothing was changed: {why}").format(why=text),
                             "refused")
            return
        finally:
            self.upload.value = ()
        self.app.begin(table, loaded=True)

    def _content(self, value: Any) -> bytes:
        if not isinstance(value, (tuple, list)) or len(value) != 1 or not isinstance(value[0], dict):
            raise RecordError(Explanation("record", "play.file_none", {}))
        item = value[0]
        content = item.get("content")
        if isinstance(content, memoryview):
            content = content.tobytes()
        if not isinstance(content, (bytes, bytearray)):
            raise RecordError(Explanation("record", "play.file_none", {}))
        if len(content) > MAX_FILE_BYTES:
            raise RecordError(Explanation("record", "play.file_size", {"size": len(content), "most": MAX_FILE_BYTES}))
        return bytes(content)


# ======================================================================= replay
class ReplayView(Component):
    """Step through any saved deal of the session from the learner's seat."""

    def __init__(self, app: "PlayApp") -> None:
        super().__init__(app)
        self.heading = W.HTML()
        self.deal = W.Dropdown(options=[], layout=_auto())
        self.deal.add_class("nap-play-replay-deal")
        self.back = W.Button(icon="step-backward", layout=_auto())
        self.back.add_class("nap-play-replay-back")
        self.forward = W.Button(icon="step-forward", layout=_auto())
        self.forward.add_class("nap-play-replay-next")
        self.view_html = W.HTML()
        self.view_html.add_class("nap-play-replay")
        self.deal.observe(self._on_deal, names="value")
        self.back.on_click(lambda _b: self._on_step(-1))
        self.forward.on_click(lambda _b: self._on_step(+1))
        self.widget = W.VBox([self.heading, W.HBox([self.deal, self.back, self.forward]), self.view_html])
        self.widget.add_class("nap-play-replay-panel")
        self._events: list[Event] = []
        self._step = 0
        self._shown: tuple[int, int] | None = None
        self._key: object = None

    def render(self, table: PlayTable | None) -> None:
        _ = self._
        self.heading.value = f"<h3>{html_escape(_('Replay a saved deal'))}</h3>"
        self.back.description = _("Back")
        self.forward.description = _("Next")
        self.deal.description = _("Deal")
        deals = table.played_deals() if table is not None else []
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
            _set(self.back, "disabled", True)
            _set(self.forward, "disabled", True)
            return
        saved = dict(table.played_deals())[number]
        state = DealState(saved.players, saved.dealer, saved.hands, saved.profile)
        for action in saved.actions[: self._step]:
            state.apply(action)
        seat = table.seat_in(state)
        view = state.view(seat if seat is not None else 0)
        _set(self.back, "disabled", self._step == 0)
        _set(self.forward, "disabled", self._step >= len(self._events))
        step = _("Step {step} of {total}").format(step=self._step, total=len(self._events))
        if self._step:
            e = self._events[self._step - 1]
            what = "".join(f"<div>{self.explain(x)}</div>" for x in e.lines)
        else:
            what = f"<div>{html_escape(_('The cards are dealt.'))}</div>"
        hand = " ".join(f'<span class="nap-suit-{c.suit.letter}">{html_escape(c.rank.text + suit_text(c.suit))}</span>'
                        for c in sort_hand(view.hand)) or "—"
        cur = view.current if view.current is not None else (view.tricks[-1] if view.tricks else None)
        trick = ""
        if cur is not None:
            seats = list(cur.seats)
            trick = trick_html([view.players[s] for s in seats], list(cur.cards), tr=self.tr,
                               four_colour=self.app.four_colour,
                               winning=seats.index(cur.winning), trump=view.trump, width=36)
        yours = html_escape(_("Your hand then:"))
        self.view_html.value = (f'<div class="nap-play-box"><p><b>{html_escape(step)}</b></p>{what}'
                                f'<p>{yours} {hand}</p>{trick}</div>')


# ========================================================================= app
def _kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The running kernel's event loop, or None outside a kernel.

    Only a kernel's loop is sure to come round again; another running loop
    (a test's Playwright, say) may never run a deferred job.
    """
    try:
        from IPython import get_ipython

        shell = get_ipython()
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class PlayApp(App):
    """The play page: setup, the table, the ledger, save/load, replay and settings."""

    css_class = "nap-play"
    styles = ("play",)

    def __init__(self, lang: str = "en", setup: TableSetup | None = None) -> None:
        super().__init__(lang)
        self.table: PlayTable | None = None
        self._busy = False
        self.setup_open = False
        self._slow_pending = False
        setup = setup or TableSetup()
        self.title = W.HTML()
        self.title.add_class("nap-play-title")
        self.settings = SettingsPanel(self)
        self.setup = SetupPanel(self, setup)
        self.trick = TrickView(self)
        self.auction = AuctionPanel(self)
        self.hand = HandView(self)
        self.actions = ActionBar(self)
        self.coach = Coach(self)
        self.log = LogPanel(self)
        self.ledger = LedgerView(self)
        self.saveload = SaveLoad(self)
        self.replay = ReplayView(self)
        # phone order: what is on the table, then the learner's choices, then what just happened
        self.table_box = W.VBox([self.trick.widget, self.hand.widget, self.auction.widget, self.coach.widget,
                                 self.actions.widget, self.log.latest, self.trick.history, self.log.box])
        self.table_box.add_class("nap-play-board")
        header = W.HBox([self.title, self.switch.widget])
        header.add_class("nap-play-header")
        self.widget.children = (page_style(*self.styles), header, self.status.widget, self.setup.widget,
                                self.table_box, self.ledger.widget, self.saveload.widget, self.replay.widget,
                                self.settings.widget)
        self.refresh()

    # ------------------------------------------------------------- building
    @classmethod
    def from_environment(cls, environ: dict[str, str] | None = None) -> "PlayApp":
        """The page for the current Voila request: ``?lang=``, ``?seed=``, ``?players=`` and more
        (``seat``, ``name``, ``deals``, ``rotations``, ``bots``); bad values keep their defaults."""
        params = page_params(environ)
        lang = normalize_lang(params.get("lang", "en"))
        setup, problems = TableSetup.from_params(params)
        app = cls(lang, setup)
        if problems:
            why = " ".join(app.tr.explain(p) for p in problems)
            app.status.show(app._("Some settings in the page address were ignored: {why}").format(why=why),
                            "refused")
        return app

    @property
    def four_colour(self) -> bool:
        return bool(self.settings.four_colour.value)

    # -------------------------------------------------------------- flow
    def begin(self, table: PlayTable, loaded: bool = False) -> None:
        """Show ``table`` (new or loaded) and deal its next hand (a loaded one waits for "Next deal")."""
        self.table = table
        self.setup_open = False
        self.ledger._key = self.saveload._key = self.replay._key = None
        if loaded:
            s = table.session
            text = self.tr.ngettext(
                "Loaded a session of {n} finished deal; you are {name}.",
                "Loaded a session of {n} finished deals; you are {name}.", len(s.entries)).format(
                    n=len(s.entries), name=table.name)
            self.render()
            self.status.show(text, "info")
            return
        table.start_deal()
        self.render()
        self.status.clear()

    def to_setup(self) -> None:
        """Back to the setup form (the session stays loaded until a new one starts)."""
        self.setup_open = True
        self.render()

    def after_move(self) -> None:
        self.status.clear()
        self.render()

    # ------------------------------------------------------------ rendering
    def render(self) -> None:
        table = self.table
        view = table.view() if table is not None else None
        setup_open = table is None or self.setup_open
        _show(self.setup.widget, setup_open)
        _show(self.setup.back, table is not None)
        _show(self.table_box, not setup_open)
        if table is not None:
            self.trick.render(table, view)
            self.auction.render(table, view)
            self.hand.render(table, view)
        self.actions.render(table)
        self.coach.render(table)
        # the moves on the table reach the page first: "what just happened" carries the turn token that
        # tells the page (and the latency benchmark) that the bots' replies have arrived
        self.log.render(table)
        # then what changes once per deal: the settlement now; the chart, the download and the replay
        # list (the slow parts) once the kernel is idle, so they never hold up the bots' replies
        self.ledger.render(table)
        self._later(self._render_slow)

    def _render_slow(self) -> None:
        table = self.table
        self.ledger.render_chart(table)
        self.saveload.render(table)
        self.replay.render(table)

    def _later(self, job: Callable[[], None]) -> None:
        """Run ``job`` when the kernel has sent this click's updates (at once outside a running event loop)."""
        loop = _kernel_loop()
        if loop is None:  # no kernel (widget tests, scripts): render at once
            job()
            return
        if self._slow_pending:
            return
        self._slow_pending = True

        def run() -> None:
            self._slow_pending = False
            try:
                job()
            except Exception:  # never a traceback for the user
                log.exception("deferred rendering failed")
                self.status.show(self._("Something went wrong; nothing was changed. Please try again."), "error")

        loop.call_later(SLOW_DELAY, run)

    def refresh(self) -> None:
        self.title.value = f"<h1>{html_escape(self._('Play Nap'))}</h1>"
        self.setup.refresh()
        self.settings.refresh()
        self.auction._profile = None
        self.render()
