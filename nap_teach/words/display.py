"""The engine's values drawn for Jupyter: what ``Trick._repr_html_`` and ``DealState._repr_html_`` show.

In JupyterLab (or any notebook) a :class:`~nap_teach.engine.cards.Card` shows as an
SVG card, a :class:`~nap_teach.engine.tricks.Trick` as its cards by seat with the
winning card marked, and a :class:`~nap_teach.engine.state.DealState` as a table of
every hand, call and tricks won, as python-chess shows its boards. The
fragments carry their own inline styles (a notebook has none of the app's
CSS), reuse the cards of :mod:`nap_teach.words.render`, and are built with the
escaping builder of :mod:`nap_teach.words.html`, so a player called ``<b>`` is shown
as text. Words come from the catalogue: pass ``tr=translator("es")`` for
Spanish.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..engine.cards import Card, sort_hand
from .html import Markup, el, join
from .i18n import Translator, translator
from .render import card_svg, cards_text
from ..engine.tricks import Trick, winning_index

if TYPE_CHECKING:  # pragma: no cover - types only (the state imports this module lazily)
    from ..engine.state import DealState

__all__ = ["trick_html", "deal_html"]

_STYLE = "font-family:DejaVu Sans, Arial, sans-serif;font-size:14px;line-height:1.4"
_WINNING = "outline:3px solid #d4a017;border-radius:8px"
_CELL = "padding:2px 8px;text-align:left;vertical-align:middle"


def _card(card: Card, tr: Translator, width: int, marks: Sequence[str] = ()) -> Markup:
    """A card of :func:`nap_teach.words.render.card_svg`, which escapes what it writes, as markup."""
    return Markup(card_svg(card, tr=tr, width=width, marks=marks))


def trick_html(trick: Trick, names: Sequence[str] | None = None, *, tr: Translator | None = None,
               width: int = 56) -> Markup:
    """A trick on its own: its number, trump, the cards by seat (names, or seat numbers) and the winning card."""
    tr = tr or translator("en")
    _ = tr.gettext

    def name(seat: int) -> str:
        return names[seat] if names is not None else _("seat {seat}").format(seat=seat)

    win = winning_index(trick.cards, trick.trump)
    trump = (_("Trump: {suit}").format(suit=tr.suit(trick.trump)) if trick.trump is not None
             else _("No trump (Misère)"))
    caption = " · ".join([_("Trick {number}").format(number=trick.number), trump,
                          _("Winning card: {card} ({player})").format(card=cards_text([trick.winning_card]),
                                                                      player=name(trick.winning))])
    slots = [el("figure", {"style": "margin:0;padding:4px;text-align:center" + (";" + _WINNING if i == win else ""),
                           "data-seat": seat},
                el("figcaption", None, name(seat)),
                _card(card, tr, width, ("winning",) if i == win else ()))
             for i, (seat, card) in enumerate(zip(trick.seats, trick.cards))]
    return el("div", {"class": "nap-repr nap-repr-trick", "style": _STYLE},
              el("div", None, caption),
              el("div", {"style": "display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end"}, join(slots)))


def _summary(state: DealState, tr: Translator) -> str:
    _ = tr.gettext
    players = state.players
    if state.contract is not None and state.declarer is not None:
        contract = (_("Contract: {call} by {declarer} (must take no trick)") if state.contract.max_tricks == 0
                    else _("Contract: {call} by {declarer} (needs {tricks})")).format(
            call=tr.call(state.contract.name), declarer=players[state.declarer], tricks=state.contract.min_tricks)
    elif state.passed_out:
        contract = _("Contract: none, everyone passed")
    else:
        contract = _("Contract: not yet, the auction is on")
    parts = [_("Dealer: {name}").format(name=players[state.dealer]), contract]
    if state.trump is not None:
        parts.append(_("Trump: {suit}").format(suit=tr.suit(state.trump)))
    elif state.contract is not None and not state.contract.trumps:
        parts.append(_("No trump (Misère)"))
    elif not state.passed_out:
        parts.append(_("Trump: not set yet (the declarer's first card sets it, except in Misère)")
                     if any(not k.trumps for k in state.profile.ladder)
                     else _("Trump: not set yet (the first card played sets it)"))
    return " · ".join(parts)


def _hands_table(state: DealState, tr: Translator, width: int) -> Markup:
    """One row per seat: name, call, the hand as dealt (cards already played faded) and tricks won."""
    _ = tr.gettext
    calls = {state.auction.speaker(i): tr.call(call.name) for i, call in enumerate(state.calls)}
    head = el("tr", None, join(el("th", {"scope": "col", "style": _CELL}, text)
                               for text in (_("Player"), _("Calls"), _("Hand"), _("Tricks"))))
    rows = []
    for seat, name in enumerate(state.players):
        held = set(state.held[seat])
        hand = join(_card(c, tr, width) if c in held
                    else el("span", {"style": "opacity:0.3", "title": _("played")}, _card(c, tr, width))
                    for c in sort_hand(state.hands[seat]))
        turn = ";background:#fff4c2" if seat == state.to_act else ""
        rows.append(el("tr", {"data-seat": seat, "style": "border-top:1px solid #ccc"},
                       el("th", {"scope": "row", "style": _CELL + turn}, name),
                       el("td", {"style": _CELL}, calls.get(seat, "")),
                       el("td", {"style": _CELL}, el("span", {"style": "display:inline-flex;gap:2px"}, hand)),
                       el("td", {"style": _CELL}, state.tricks_won[seat])))
    return el("table", {"style": "border-collapse:collapse;margin:6px 0"}, el("thead", None, head),
              el("tbody", None, join(rows)))


def deal_html(state: DealState, *, tr: Translator | None = None, width: int = 36) -> Markup:
    """A whole deal seen from above: dealer, contract, trump, every hand with its call and tricks,
    the trick on the table (or the last one) and, once decided, the settlement."""
    tr = tr or translator("en")
    _ = tr.gettext
    parts = [el("div", None, _summary(state, tr)), _hands_table(state, tr, width)]
    trick = state.current_trick or (state.tricks[-1] if state.tricks else None)
    if trick is not None:
        parts.append(trick_html(trick, state.players, tr=tr, width=48))
    parts.append(el("div", None, _("Unused cards, face down: {count}").format(
        count=state.profile.unused_cards(state.n))))
    result = state.result() if state.is_over else None
    if result is not None and result.settlement is not None:
        amounts = tr.fact("amounts", list(result.settlement.items()))
        parts.append(el("div", None, _("Settlement: {amounts}.").format(amounts=amounts)))
    return el("div", {"class": "nap-repr nap-repr-deal", "data-phase": state.phase, "style": _STYLE}, join(parts))
