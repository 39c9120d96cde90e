"""The facts of the table above the card table: deal, contract and trump; the last trick and the history.

The seats, the trick in play and the hand are drawn by the card table (:mod:`nap_teach.ui.table`).
"""
from __future__ import annotations

from ...words.html import Markup, escape, html, join
from ...teach.play import PlayTable
from ...words.render import card_text, suit_text, trick_html
from ...engine.views import SeatView
from ..base import Component
from ...engine.messages import PROFILE_NAMES
from ..widgets import HBox, HTML, set_trait as _set, show as _show, VBox
from .page import PlayPage


class TrickView(Component):
    """Deal, contract and trump, the prompt; the last trick and the history of the tricks."""

    app: PlayPage

    def __init__(self, app: PlayPage) -> None:
        super().__init__(app)
        self.info = HTML()
        self.info.add_class("nap-play-info")
        self.last = HTML()
        self.last.add_class("nap-play-last-trick")
        self.history = HTML()
        self.history.add_class("nap-play-history")
        self.tricks = HBox([self.last])
        self.tricks.add_class("nap-play-tricks")
        self.widget = VBox([self.info, self.tricks])
        self.widget.add_class("nap-play-table")
        # self.history is placed lower on the page (below the hand) by the app

    def render(self, table: PlayTable, view: SeatView | None) -> None:
        if view is None:
            for w in (self.info, self.last, self.history):
                _set(w, "value", "")
            return
        four = self.app.four_colour
        _set(self.info, "value", self._info(table, view))
        _set(self.last, "value", self._last(view, four))
        _show(self.tricks, bool(self.last.value))
        _set(self.history, "value", self._history(view))

    def _info(self, table: PlayTable, view: SeatView) -> str:
        _ = self._
        tr = self.tr
        total = table.session.total_deals
        parts = [
            _("Extra hand among {names}").format(names=self.tr.join(table.deal_players)) if table.extra_hand
            else _("Deal {number} of {total}").format(number=table.deal_number, total=total),
            _("Dealer: {name}").format(name=view.players[view.dealer]),
        ]
        if view.contract is not None and view.declarer is not None:
            contract = (_("Contract: {call} by {declarer} (must take no trick)") if view.contract.max_tricks == 0
                        else _("Contract: {call} by {declarer} (needs {tricks})")).format(
                call=tr.call(view.contract.name), declarer=view.players[view.declarer],
                tricks=view.contract.min_tricks)
        elif view.phase == "auction":
            contract = _("Contract: not yet, the auction is on")
        else:
            contract = _("Contract: none, everyone passed")
        if view.trump is not None:
            trump = _("Trump: {symbol} {suit}").format(symbol=suit_text(view.trump), suit=tr.suit(view.trump))
            trump_cls = f"nap-suit-{view.trump.letter}"
        elif view.contract is not None and not view.contract.trumps:
            trump, trump_cls = _("No trump (Misère)"), ""
        elif view.contract is None and any(not k.trumps for k in view.profile.ladder):
            trump, trump_cls = _("Trump: set by the declarer's first lead (none in Misère)"), ""
        else:
            trump, trump_cls = _("Trump: set by the declarer's first lead"), ""
        profile = _("Rules: {profile}").format(profile=self.tr.gettext(
            PROFILE_NAMES.get(table.profile.name, table.profile.name)))
        seed = _("Deal seed: {seed}").format(seed=table.session.seed)
        prompt = self._prompt(table, view)
        return (html('<div class="nap-play-facts"><span>{}</span><span>{}</span>'
                     '<span class="nap-play-contract">{}</span><span class="nap-play-trump {}">'
                     '{}</span><span>{}</span><span class="nap-play-seed-shown">'
                     '{}</span></div><div class="nap-play-prompt" role="status" aria-live="polite">'
                     '{}</div>', parts[0], parts[1], contract, trump_cls, trump, profile, seed, prompt))

    def _prompt(self, table: PlayTable, view: SeatView) -> str:
        _ = self._
        pending = table.pending
        if pending == "bots" and table.thinking is not None:
            return html('<span class="nap-play-thinking">{}</span>', _("{player} is thinking…").format(
                player=table.deal_players[table.thinking]))
        if pending == "call":
            return escape(_("Your call: pass, or bid higher than anyone so far."))
        if pending == "card":
            if view.current is not None:
                led = view.current.led
                if any(c.suit is led for c in view.hand):
                    return escape(_("Your turn: {suit} were led, so follow suit.").format(
                        suit=self.tr.suit(led)))
                return escape(_("Your turn: you have no {suit}, so any card may go.").format(
                    suit=self.tr.suit(led)))
            if not view.tricks:
                return escape(_("Your lead: the suit of this first card becomes trump."))
            return escape(_("Your lead: any card may be led."))
        if pending == "stop":
            return escape(_("The result is certain: stop here, or play on to the end."))
        if pending == "deal_over":
            return escape(_("The deal is over: see the settlement below, then deal the next one."))
        if pending == "session_over":
            return escape(_("The session is over: see the ledger and the winners below."))
        return ""

    def _last(self, view: SeatView, four: bool) -> str:
        _ = self._
        if not view.tricks:
            return ""
        t = view.tricks[-1]
        seats = list(t.seats)
        win = seats.index(t.winning)
        body = trick_html([view.players[s] for s in seats], list(t.cards), tr=self.tr, four_colour=four,
                          winning=win, trump=view.trump, width=36)
        head = escape(_("Last trick ({number}): {winner} won").format(
            number=t.number, winner=view.players[t.winning]))
        return html('<div class="nap-play-box nap-play-box-last"><h4>{}</h4>{}</div>', head, body)

    def _history(self, view: SeatView) -> str:
        _ = self._
        if not view.tricks:
            return ""
        rows = []
        for t in view.tricks:
            cards = Markup(" ").join(
                html('<span class="nap-suit-{}{}" title="{}">{}</span>',
                     c.suit.letter, " nap-hist-win" if s == t.winning else "", view.players[s],
                     card_text(c))
                for s, c in zip(t.seats, t.cards))
            rows.append(html('<tr><td>{}</td><td>{}</td><td class="nap-hist-cards">{}</td><td>{}</td></tr>',
                             t.number, view.players[t.leader], cards, view.players[t.winning]))
        head = (html('<tr><th>#</th><th>{}</th><th>{}</th><th>{}</th></tr>',
                     _('Led by'), _('Cards in playing order'), _('Won by')))
        title = escape(_("Tricks so far"))
        return (html('<div class="nap-scroll"><table class="nap-table-grid nap-play-history-table">'
                     '<caption>{}</caption>{}{}</table></div>', title, head, join(rows)))
