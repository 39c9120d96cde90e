"""Cards and the pack (rule B1): 52 cards, ranked A high to 2, no points.

Cards are interned immutable values: ``Card.parse("10h") is Card.parse("T♥")``.
Keeping one object per card makes comparisons and set look-ups cheap,
which simulations and searches do for every card they look at.
"""
from __future__ import annotations

from enum import IntEnum
from typing import ClassVar, Iterable

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "CardParseError",
    "FULL_PACK",
    "parse_cards",
    "format_cards",
    "sort_hand",
]


class CardParseError(ValueError):
    """A text that does not name a card."""

    def __init__(self, text: str) -> None:
        super().__init__(f"not a card: {text!r}")
        self.text = text


class Suit(IntEnum):
    """The four suits; the order only fixes how hands are sorted for display."""

    SPADES = 0
    HEARTS = 1
    CLUBS = 2
    DIAMONDS = 3

    @property
    def letter(self) -> str:
        return "SHCD"[self.value]

    @property
    def symbol(self) -> str:
        return "♠♥♣♦"[self.value]

    @property
    def word(self) -> str:
        """English plural name, as in "hearts"; translations live in the catalogue."""
        return ("spades", "hearts", "clubs", "diamonds")[self.value]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> "Suit":
        t = text.strip().replace("\ufe0f", "").replace("\ufe0e", "").upper()
        for suit in cls:
            if t in (suit.letter, suit.symbol, suit.word.upper(), suit.word.upper()[:-1]):
                return suit
        for suit, alts in _SUIT_ALIASES.items():
            if t in alts:
                return suit
        raise CardParseError(text)


_SUIT_ALIASES = {
    Suit.SPADES: ("♤",),
    Suit.HEARTS: ("♡",),
    Suit.CLUBS: ("♧",),
    Suit.DIAMONDS: ("♢",),
}


class Rank(IntEnum):
    """Rank 2..14; higher value beats lower (B1)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def text(self) -> str:
        return _RANK_TEXT[self.value]

    @property
    def word(self) -> str:
        """English name, as in "queen"; translations live in the catalogue."""
        return _RANK_WORDS[self.value]

    @classmethod
    def parse(cls, text: str) -> "Rank":
        t = text.strip().upper()
        if t in _RANK_BY_TEXT:
            return cls(_RANK_BY_TEXT[t])
        raise CardParseError(text)


_RANK_TEXT = {v: str(v) for v in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_BY_TEXT = {text: v for v, text in _RANK_TEXT.items()} | {"T": 10}
_RANK_WORDS = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}


class Card:
    """One card of the pack. Only the 52 interned instances exist."""

    __slots__ = ("rank", "suit", "index", "code")
    rank: Rank
    suit: Suit
    index: int
    code: str

    _by_code: ClassVar[dict[str, "Card"]] = {}
    _all: ClassVar[list["Card"]] = []

    def __new__(cls, rank: Rank | int, suit: Suit | int) -> "Card":
        index = Suit(suit).value * 13 + (Rank(rank).value - 2)  # Rank() refuses 15, 1 ... (ValueError)
        if len(cls._all) == 52:
            return cls._all[index]
        self = object.__new__(cls)
        object.__setattr__(self, "rank", Rank(rank))
        object.__setattr__(self, "suit", Suit(suit))
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "code", self.rank.text + self.suit.letter)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[int, int]]:
        return (Card, (int(self.rank), int(self.suit)))

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def _repr_svg_(self) -> str:
        """The card drawn (Jupyter shows this instead of the repr)."""
        from ..words.render import card_svg  # render imports this module

        return card_svg(self)

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    @property
    def symbol(self) -> str:
        """Rank plus suit symbol for people, as in "10♥"."""
        return self.rank.text + self.suit.symbol

    @property
    def words(self) -> str:
        """English words, as in "ace of hearts" (screen readers, narration)."""
        return f"{self.rank.word} of {self.suit.word}"

    @classmethod
    def parse(cls, text: object) -> "Card":
        """Read "AH", "10h", "TH", "A♥", "10♥" (any case, spaces ignored); anything but text is not a card.

        ``text`` may be any value (a page's widget, a file): the compiled engine
        (setup.py) checks argument types, and a wrong one must be a
        :class:`CardParseError`, not a ``TypeError``.
        """
        if not isinstance(text, str):
            raise CardParseError(repr(text))
        key = text.strip().replace(" ", "").replace("\ufe0f", "").replace("\ufe0e", "").upper()
        found = cls._by_code.get(key)
        if found is not None:
            return found
        if len(key) < 2:
            raise CardParseError(text)
        try:
            return cls(Rank.parse(key[:-1]), Suit.parse(key[-1]))
        except CardParseError:
            pass
        # words: "ace of hearts"
        parts = text.strip().lower().split()
        if len(parts) == 3 and parts[1] == "of":
            ranks = {w: v for v, w in _RANK_WORDS.items()}
            if parts[0] in ranks:
                try:
                    return cls(ranks[parts[0]], Suit.parse(parts[2]))
                except CardParseError:
                    pass
        raise CardParseError(text)


for _suit in Suit:
    for _rank in Rank:
        _card = Card(_rank, _suit)
        Card._all.append(_card)
Card._all.sort(key=lambda c: c.index)
for _card in Card._all:
    Card._by_code[_card.code] = _card
    Card._by_code[_card.rank.text + _card.suit.symbol] = _card
    if _card.rank is Rank.TEN:
        Card._by_code["T" + _card.suit.letter] = _card

FULL_PACK: tuple[Card, ...] = tuple(Card._all)
"""The 52 cards in a fixed order (spades, hearts, clubs, diamonds; 2 up to A)."""


def parse_cards(texts: Iterable[str] | str) -> tuple[Card, ...]:
    """Parse several cards from a list or a space/comma separated string."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return tuple(Card.parse(t) for t in texts)


def format_cards(cards: Iterable[Card], symbols: bool = True) -> str:
    """Cards for people: "A♥ K♥ 10♠" (or codes with ``symbols=False``)."""
    return " ".join(c.symbol if symbols else c.code for c in cards)


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """Display order: by suit, then high to low."""
    return sorted(cards, key=lambda c: (c.suit.value, -c.rank.value))
