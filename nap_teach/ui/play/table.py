"""The table as the learner sees it: deal, contract and trump, the seats, the tricks."""
from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as W

from ...play import PlayTable
from ...render import card_back_svg, suit_text, trick_html
from ...views import SeatView
from ..base import Component, html_escape
from ..landing import PROFILE_NAMES
from ..widgets import set_trait as _set, show as _show

if TYPE_CHECKING:
    from .app import PlayApp


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
