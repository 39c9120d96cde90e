"""Tricks (B12; P4): who wins a trick, as a small immutable value."""
from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Suit

__all__ = ["Trick", "winning_index", "make_trick"]


def winning_index(cards: tuple[Card, ...] | list[Card], trump: Suit | None) -> int:
    """Index of the winning card: highest trump, else highest of the suit led (B12).

    A card of another suit never wins; with no trump (Misère, P4) only the suit
    led can win.
    """
    best = 0
    best_card = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if c.suit is best_card.suit:
            if c.rank > best_card.rank:
                best, best_card = i, c
        elif trump is not None and c.suit is trump:
            best, best_card = i, c
    return best


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed or partial trick: seats in playing order and their cards."""

    number: int
    """1 to 5."""
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    trump: Suit | None

    def _repr_html_(self) -> str:
        """The trick drawn, seats by number (Jupyter shows this instead of the repr)."""
        from .display import trick_html  # display imports this module

        return trick_html(self)

    @property
    def leader(self) -> int:
        return self.seats[0]

    @property
    def led(self) -> Suit:
        return self.cards[0].suit

    @property
    def winning(self) -> int:
        """Seat currently winning (the winner once the trick is complete)."""
        return self.seats[winning_index(self.cards, self.trump)]

    @property
    def winning_card(self) -> Card:
        return self.cards[winning_index(self.cards, self.trump)]

    def card_of(self, seat: int) -> Card | None:
        for s, c in zip(self.seats, self.cards):
            if s == seat:
                return c
        return None


_new = object.__new__
_set_number = Trick.number.__set__  # type: ignore[attr-defined]
_set_seats = Trick.seats.__set__  # type: ignore[attr-defined]
_set_cards = Trick.cards.__set__  # type: ignore[attr-defined]
_set_trump = Trick.trump.__set__  # type: ignore[attr-defined]


def make_trick(number: int, seats: tuple[int, ...], cards: tuple[Card, ...], trump: Suit | None) -> Trick:
    """``Trick(number, seats, cards, trump)``, twice as fast (the engine makes one per trick)."""
    trick = _new(Trick)
    _set_number(trick, number)
    _set_seats(trick, seats)
    _set_cards(trick, cards)
    _set_trump(trick, trump)
    return trick
