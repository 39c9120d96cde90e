"""Cards drawn as SVG/HTML strings by pure functions (no widget import).

Every card carries its rank text and suit symbol (the main cue, colour is
only a help), an accessible name ("queen of hearts") and stable CSS classes.
Suit symbols are followed by U+FE0E so that no platform turns them into emoji.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from ..engine.cards import Card, Suit
from .html import Markup, escape, html, join
from .i18n import Translator, translator
from ..engine.messages import N_

__all__ = [
    "TEXT_STYLE", "suit_colour", "suit_text", "card_svg", "card_back_svg", "pile_svg", "hand_html",
    "card_label", "trick_html", "card_text", "cards_text", "MARK_WORDS", "mark_word",
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


def card_text(card: Card) -> str:
    """A card as short text for a screen: rank and text-style suit symbol, "10♥︎" (the one way pages write it)."""
    return card.rank.text + suit_text(card.suit)


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as short text with text-style suit symbols: "A♥︎ 10♠︎"."""
    return " ".join(map(card_text, cards))


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
    said = [mark_word(m, tr) for m in marks if m in MARK_WORDS]
    if said:  # never colour alone: the marks are in the card's name, and drawn as shapes below
        label = (tr or translator("en")).gettext("{card} ({marks})").format(card=label, marks=", ".join(said))
    ink = suit_colour(card.suit, four_colour)
    height = round(width * 1.4)
    css = " ".join(["nap-card", f"nap-card-{card.code}", *(f"nap-card-{m}" for m in marks), *classes])
    rank = escape(card.rank.text)
    sym = suit_text(card.suit)
    rank_size = 20 if len(rank) == 1 else 17
    return (
        html('<svg class="{}" data-card="{}" role="img" aria-label="{}" width="{}" height="{}" '
             'viewBox="0 0 60 84" xmlns="http://www.w3.org/2000/svg">'
             '<title>{}</title><rect x="1" y="1" width="58" height="82" rx="6" ry="6" fill="#fff" '
             'stroke="#555" stroke-width="1.5"/><text x="6" y="22" font-family="DejaVu Sans, Arial, '
             'sans-serif" font-size="{}" font-weight="bold" fill="{}">'
             '{}</text><text x="7" y="40" font-family="DejaVu Sans, Arial, sans-serif" font-size="16" '
             'fill="{}">{}</text><text x="38" y="74" text-anchor="middle" font-family="DejaVu '
             'Sans, Arial, sans-serif" font-size="30" fill="{}">{}</text>'
             '{}</svg>', css, card.code, label, width, height, label, rank_size, ink, rank, ink, sym, ink, sym,
             _mark_shapes(marks))
    )


MARK_WORDS: dict[str, str] = {
    "winning": N_("winning"),
    "trump": N_("trump"),
    "led": N_("led"),
    "playable": N_("playable"),
    "disabled": N_("not playable now"),
}
"""The words a card's state marks add to its accessible name ("queen of hearts (trump, winning)")."""


def mark_word(mark: str, tr: Translator | None = None) -> str:
    """The word for a card's state mark in the page's language ("winning" / "gana la baza")."""
    return (tr or translator("en")).gettext(MARK_WORDS[mark])


def _mark_shapes(marks: Sequence[str]) -> Markup:
    """Shapes drawn on a card for its marks, so that no state is told by colour alone:
    a star for the winning card, a small "T" disc for a trump (triunfo), a dot for the led card."""
    shapes = []
    if "winning" in marks:
        shapes.append(Markup('<text class="nap-mark-winning" x="52" y="20" text-anchor="middle" font-size="16" '
                             'fill="#8a6d00" aria-hidden="true">\u2605</text>'))
    if "trump" in marks:
        shapes.append(Markup('<g class="nap-mark-trump" aria-hidden="true"><circle cx="52" cy="36" r="7" '
                             'fill="#1747b5"/><text x="52" y="40.5" text-anchor="middle" font-size="11" '
                             'font-weight="bold" fill="#fff" font-family="DejaVu Sans, Arial, sans-serif">T</text></g>'))
    if "led" in marks:
        shapes.append(Markup('<circle class="nap-mark-led" cx="8" cy="76" r="4" fill="#1747b5" aria-hidden="true"/>'))
    return Markup("").join(shapes)


def card_back_svg(*, width: int = 64, label: str = "face-down card", classes: Sequence[str] = ()) -> Markup:
    """A face-down card (other players' cards, the unused pile)."""
    height = round(width * 1.4)
    css = " ".join(["nap-card", "nap-card-back", *classes])
    return (
        html('<svg class="{}" role="img" aria-label="{}" width="{}" height="{}" viewBox="0 0 60 '
             '84" xmlns="http://www.w3.org/2000/svg"><title>{}</title>'
             '<rect x="1" y="1" width="58" height="82" rx="6" ry="6" fill="#2c4f8a" stroke="#555" '
             'stroke-width="1.5"/><rect x="6" y="6" width="48" height="72" rx="4" ry="4" fill="none" '
             'stroke="#9db7e0" stroke-width="2"/><path d="M10 10 L50 74 M50 10 L10 74" stroke="#9db7e0" '
             'stroke-width="1"/></svg>', css, label, width, height, label)
    )


def pile_svg(count: int, *, label: str, width: int = 64) -> Markup:
    """A face-down pile with its size written on it (the unused cards, B4)."""
    height = round(width * 1.4)
    return (
        html('<svg class="nap-pile" data-count="{}" role="img" aria-label="{}" width="{}" height="{}" '
             'viewBox="0 0 68 92" xmlns="http://www.w3.org/2000/svg">'
             '<title>{}</title><rect x="7" y="7" width="58" height="82" rx="6" fill="#22406f" '
             'stroke="#555"/><rect x="4" y="4" width="58" height="82" rx="6" fill="#27497f" stroke="#555"/>'
             '<rect x="1" y="1" width="58" height="82" rx="6" fill="#2c4f8a" stroke="#555" stroke-width="1.5"/>'
             '<text x="30" y="50" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" '
             'font-size="22" font-weight="bold" fill="#fff">{}</text>'
             '</svg>', count, label, width + 8, height + 8, label, count)
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
    inner = join((card_svg(c, tr=tr, four_colour=four_colour, width=width, marks=marks.get(c, ())) for c in cards))
    aria = html(' aria-label="{}"', label) if label else ""
    return html('<div class="nap-hand" role="group"{}>{}</div>', aria, inner)


def trick_html(
    seats: Sequence[str],
    cards: Sequence[Card | None],
    *,
    tr: Translator | None = None,
    four_colour: bool = False,
    winning: int | None = None,
    trump: Suit | None = None,
    width: int = 56,
    current: int | None = None,
) -> Markup:
    """Cards on the table, one slot per player in playing order; marks the led card,
    trumps and the winning card, and ``current`` (the slot a lesson step describes).
    ``None`` leaves an empty slot (not played yet)."""
    tr = tr or translator("en")
    slots = []
    led = next((c for c in cards if c is not None), None)
    for i, (name, card) in enumerate(zip(seats, cards)):
        if card is None:
            face = html('<div class="nap-slot-empty" style="width:{}px;height:{}px"></div>', width, round(width * 1.4))
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
            if winning == i:  # the winner in words too, not only by the card's colour
                face += html('<div class="nap-slot-badge">{}</div>', mark_word("winning", tr))
            cls = "nap-slot" + (" nap-slot-winning" if winning == i else "") + (" nap-slot-current" if current == i else "")
        slots.append(html('<div class="{}"><div class="nap-slot-name">{}</div>{}</div>', cls, name, face))
    return html('<div class="nap-trick">{}</div>', join(slots))
