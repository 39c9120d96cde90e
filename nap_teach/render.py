"""Cards drawn as SVG/HTML strings by pure functions (no widget import).

Every card carries its rank text and suit symbol (the main cue, colour is
only a help), an accessible name ("queen of hearts") and stable CSS classes.
Suit symbols are followed by U+FE0E so that no platform turns them into emoji.
The markup is built with the escaping builder of :mod:`nap_teach.markup`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from .cards import Card, Suit, sort_hand
from .i18n import Translator, translator
from .markup import Markup, el
from .tricks import Trick, winning_index

if TYPE_CHECKING:  # pragma: no cover - types only (state imports more of the engine)
    from .state import DealState

__all__ = [
    "TEXT_STYLE", "suit_colour", "suit_text", "card_svg", "card_back_svg", "pile_svg", "hand_html",
    "card_label", "trick_html", "cards_text", "trick_view_html", "deal_html",
]

TEXT_STYLE = "\ufe0e"
"""Variation selector: render the preceding suit symbol as text, never emoji."""

_TWO_COLOUR = {Suit.SPADES: "#1a1a1a", Suit.HEARTS: "#c0142b", Suit.CLUBS: "#1a1a1a", Suit.DIAMONDS: "#c0142b"}
_FOUR_COLOUR = {Suit.SPADES: "#1a1a1a", Suit.HEARTS: "#c0142b", Suit.CLUBS: "#11712f", Suit.DIAMONDS: "#1747b5"}


def suit_colour(suit: Suit, four_colour: bool = False) -> str:
    """Ink colour of a suit: red/black, or the four-colour pack (clubs green, diamonds blue)."""
    return (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[suit]


def suit_text(suit: Suit) -> str:
    """The suit symbol as text (with the text-style selector)."""
    return suit.symbol + TEXT_STYLE


def card_label(card: Card, tr: Translator | None = None) -> str:
    """Accessible name of a card: "queen of hearts" (or "reina de corazones")."""
    return (tr or translator("en")).card_words(card)


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as short text with text-style suit symbols: "A♥︎ 10♠︎"."""
    return " ".join(c.rank.text + suit_text(c.suit) for c in cards)


def card_svg(
    card: Card,
    *,
    tr: Translator | None = None,
    four_colour: bool = False,
    width: int = 64,
    classes: Sequence[str] = (),
    marks: Sequence[str] = (),
) -> Markup:
    """One face-up card as inline SVG.

    ``marks`` adds state classes such as ``"winning"``, ``"led"``, ``"trump"``,
    ``"playable"`` or ``"disabled"`` (``nap-card-winning`` ...) that the page styles.
    """
    label = card_label(card, tr)
    ink = suit_colour(card.suit, four_colour)
    css = " ".join(["nap-card", f"nap-card-{card.code}", *(f"nap-card-{m}" for m in marks), *classes])
    rank = card.rank.text
    sym = suit_text(card.suit)
    font = "DejaVu Sans, Arial, sans-serif"
    return el(
        "svg", {"class": css, "data-card": card.code, "role": "img", "aria-label": label, "width": width,
                "height": round(width * 1.4), "viewBox": "0 0 60 84", "xmlns": _SVG_NS},
        el("title", None, label),
        el("rect", {"x": 1, "y": 1, "width": 58, "height": 82, "rx": 6, "ry": 6, "fill": "#fff", "stroke": "#555",
                    "stroke-width": 1.5}),
        el("text", {"x": 6, "y": 22, "font-family": font, "font-size": 20 if len(rank) == 1 else 17,
                    "font-weight": "bold", "fill": ink}, rank),
        el("text", {"x": 7, "y": 40, "font-family": font, "font-size": 16, "fill": ink}, sym),
        el("text", {"x": 38, "y": 74, "text-anchor": "middle", "font-family": font, "font-size": 30, "fill": ink},
           sym),
    )


def card_back_svg(*, width: int = 64, label: str = "face-down card", classes: Sequence[str] = ()) -> Markup:
    """A face-down card (other players' cards, the unused pile)."""
    return el(
        "svg", {"class": " ".join(["nap-card", "nap-card-back", *classes]), "role": "img", "aria-label": label,
                "width": width, "height": round(width * 1.4), "viewBox": "0 0 60 84", "xmlns": _SVG_NS},
        el("title", None, label),
        el("rect", {"x": 1, "y": 1, "width": 58, "height": 82, "rx": 6, "ry": 6, "fill": "#2c4f8a", "stroke": "#555",
                    "stroke-width": 1.5}),
        el("rect", {"x": 6, "y": 6, "width": 48, "height": 72, "rx": 4, "ry": 4, "fill": "none", "stroke": "#9db7e0",
                    "stroke-width": 2}),
        el("path", {"d": "M10 10 L50 74 M50 10 L10 74", "stroke": "#9db7e0", "stroke-width": 1}),
    )


def pile_svg(count: int, *, label: str, width: int = 64) -> Markup:
    """A face-down pile with its size written on it (the unused cards, B4)."""
    return el(
        "svg", {"class": "nap-pile", "data-count": count, "role": "img", "aria-label": label, "width": width + 8,
                "height": round(width * 1.4) + 8, "viewBox": "0 0 68 92", "xmlns": _SVG_NS},
        el("title", None, label),
        el("rect", {"x": 7, "y": 7, "width": 58, "height": 82, "rx": 6, "fill": "#22406f", "stroke": "#555"}),
        el("rect", {"x": 4, "y": 4, "width": 58, "height": 82, "rx": 6, "fill": "#27497f", "stroke": "#555"}),
        el("rect", {"x": 1, "y": 1, "width": 58, "height": 82, "rx": 6, "fill": "#2c4f8a", "stroke": "#555",
                    "stroke-width": 1.5}),
        el("text", {"x": 30, "y": 50, "text-anchor": "middle", "font-family": "DejaVu Sans, Arial, sans-serif",
                    "font-size": 22, "font-weight": "bold", "fill": "#fff"}, count),
    )


def hand_html(
    cards: Sequence[Card],
    *,
    tr: Translator | None = None,
    four_colour: bool = False,
    width: int = 56,
    marks: dict[Card, Sequence[str]] | None = None,
    label: str = "",
) -> Markup:
    """A row of face-up cards that wraps on narrow screens."""
    marks = marks or {}
    return el("div", {"class": "nap-hand", "role": "group", "aria-label": label or None},
              [card_svg(c, tr=tr, four_colour=four_colour, width=width, marks=marks.get(c, ())) for c in cards])


def trick_html(
    seats: Sequence[str],
    cards: Sequence[Card | None],
    *,
    tr: Translator | None = None,
    four_colour: bool = False,
    winning: int | None = None,
    trump: Suit | None = None,
    width: int = 56,
) -> Markup:
    """Cards on the table, one slot per player in playing order; marks the led card,
    trumps and the winning card. ``None`` leaves an empty slot (not played yet)."""
    tr = tr or translator("en")
    slots = []
    led = next((c for c in cards if c is not None), None)
    for i, (name, card) in enumerate(zip(seats, cards)):
        if card is None:
            face = el("div", {"class": "nap-slot-empty", "style": f"width:{width}px;height:{round(width * 1.4)}px"})
            cls = "nap-slot"
        else:
            marks = []
            if led is not None and card is led:
                marks.append("led")
            if trump is not None and card.suit is trump:
                marks.append("trump")
            if winning == i:
                marks.append("winning")
            face = card_svg(card, tr=tr, four_colour=four_colour, width=width, marks=marks)
            cls = "nap-slot" + (" nap-slot-winning" if winning == i else "")
        slots.append(el("div", {"class": cls}, el("div", {"class": "nap-slot-name"}, name), face))
    return el("div", {"class": "nap-trick"}, slots)


_SVG_NS = "http://www.w3.org/2000/svg"


# ------------------------------------------------- rich display in Jupyter (the engine's values)
_REPR_STYLE = "font-family:DejaVu Sans, Arial, sans-serif;font-size:14px;line-height:1.4"
_WINNING_STYLE = "outline:3px solid #d4a017;border-radius:8px"


def trick_view_html(trick: Trick, names: Sequence[str] | None = None, *, tr: Translator | None = None,
                    width: int = 56) -> Markup:
    """A trick on its own (``Trick._repr_html_``): its number, trump, cards by seat and the winning card."""
    tr = tr or translator("en")
    _ = tr.gettext

    def name(seat: int) -> str:
        return names[seat] if names is not None else _("seat {seat}").format(seat=seat)

    win = winning_index(trick.cards, trick.trump)
    trump = (_("Trump: {suit}").format(suit=tr.suit(trick.trump)) if trick.trump is not None
             else _("Trump: none (Misère)"))
    caption = " · ".join([_("Trick {number}").format(number=trick.number), trump,
                          _("Winning card: {card} ({player})").format(card=cards_text([trick.winning_card]),
                                                                      player=name(trick.winning))])
    slots = [el("figure", {"style": "margin:0;padding:4px;text-align:center" + (";" + _WINNING_STYLE if i == win else ""),
                           "data-seat": seat},
                el("figcaption", None, name(seat)),
                card_svg(card, tr=tr, width=width, marks=("winning",) if i == win else ()))
             for i, (seat, card) in enumerate(zip(trick.seats, trick.cards))]
    return el("div", {"class": "nap-repr nap-repr-trick", "style": _REPR_STYLE},
              el("div", None, caption),
              el("div", {"style": "display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end"}, slots))


def deal_html(state: DealState, *, tr: Translator | None = None, width: int = 36) -> Markup:
    """A whole deal seen from above (``DealState._repr_html_``): dealer, contract, trump, every hand as
    dealt (cards already played faded) with its call and tricks, the trick on the table (or the last
    one) and, once decided, the settlement."""
    tr = tr or translator("en")
    _ = tr.gettext
    players = state.players
    if state.contract is not None and state.declarer is not None:
        contract = _("Contract: {call} by {declarer} (needs {tricks})").format(
            call=tr.call(state.contract.name), declarer=players[state.declarer], tricks=state.contract.min_tricks)
    elif state.passed_out:
        contract = _("Contract: none, everyone passed")
    else:
        contract = _("Contract: not yet, the auction is on")
    if state.trump is not None:
        trump = _("Trump: {suit}").format(suit=tr.suit(state.trump))
    elif state.contract is not None and not state.contract.trumps:
        trump = _("Trump: none (Misère)")
    else:
        trump = _("Trump: not set yet (the first card played sets it)")
    summary = [_("Dealer: {name}").format(name=players[state.dealer]), contract]
    if not state.passed_out:
        summary.append(trump)
    calls: dict[int, str] = {}
    for i, call in enumerate(state.calls):
        calls[state.auction.speaker(i)] = tr.call(call.name)
    cell = "padding:2px 8px;text-align:left;vertical-align:middle"
    head = el("tr", None, [el("th", {"scope": "col", "style": cell}, text)
                           for text in (_("Player"), _("Calls"), _("Hand"), _("Tricks"))])
    rows = []
    for seat, name in enumerate(players):
        held = set(state.held[seat])
        hand = [card_svg(c, tr=tr, width=width) if c in held
                else el("span", {"style": "opacity:0.3", "title": _("played")}, card_svg(c, tr=tr, width=width))
                for c in sort_hand(state.hands[seat])]
        style = cell + (";background:#fff4c2" if seat == state.to_act else "")
        rows.append(el("tr", {"data-seat": seat, "style": "border-top:1px solid #ccc"},
                       el("th", {"scope": "row", "style": style}, name),
                       el("td", {"style": cell}, calls.get(seat, "")),
                       el("td", {"style": cell}, el("span", {"style": "display:inline-flex;gap:2px"}, hand)),
                       el("td", {"style": cell}, state.tricks_won[seat])))
    trick = state.current_trick or (state.tricks[-1] if state.tricks else None)
    result = state.result() if state.is_over else None
    settlement = None
    if result is not None and result.settlement is not None:
        settlement = _("Settlement: {amounts}.").format(amounts=tr.fact("amounts", list(result.settlement.items())))
    return el("div", {"class": "nap-repr nap-repr-deal", "data-phase": state.phase, "style": _REPR_STYLE},
              el("div", None, " · ".join(summary)),
              el("table", {"style": "border-collapse:collapse;margin:6px 0"}, el("thead", None, head),
                 el("tbody", None, rows)),
              trick_view_html(trick, players, tr=tr, width=48) if trick is not None else None,
              el("div", None, _("Unused cards, face down: {count}").format(count=state.profile.unused_cards(state.n))),
              el("div", None, settlement) if settlement else None)
