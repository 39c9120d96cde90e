"""Tricks (B11, B12; P4): which cards may be played to a trick, and who wins it.

These are the engine's only implementations of following suit (:func:`playable`)
and of the trick winner (:func:`beats`, :func:`winning_index`); the deal state,
the bots, the lessons and the quizzes all call them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import Card, Suit

__all__ = ["Trick", "playable", "beats", "winning_index"]


def playable(hand: Sequence[Card], led: Suit | None) -> list[Card]:
    """The cards of ``hand`` that may be played now (B11).

    ``led`` is the suit led to the trick, or None for the lead itself (any card).
    A hand that holds the suit led must follow it; a hand without it may play
    any card. The list is new: callers may keep or change it.
    """
    if led is not None:
        follow = []
        for c in hand:  # (a plain loop: faster than a comprehension on Python 3.11, and this runs per card)
            if c.suit is led:
                follow.append(c)
        if follow:
            return follow
    return list(hand)


def winning_index(cards: Sequence[Card], trump: Suit | None) -> int:
    """Index of the winning card of a trick (complete or not) (B12).

    The highest trump wins; with no trump in the trick, the highest card of the
    suit led. A card of any other suit never wins, whatever its rank. With no
    trump at all (Misère, P4) only the suit led can win.
    """
    best = 0
    best_card = cards[0]
    for i in range(1, len(cards)):
        card = cards[i]
        if card.suit is best_card.suit:  # the card winning so far is of the suit led or a trump
            if card.rank > best_card.rank:
                best, best_card = i, card
        elif card.suit is trump:  # (never when trump is None)
            best, best_card = i, card
    return best


def beats(card: Card, winning: Card, trump: Suit | None) -> bool:
    """Whether ``card``, played now, takes the trick from ``winning``, the card winning so far (B12).

    The rule of :func:`winning_index` for one card: a higher card of the same
    suit, or a trump over a card that is not a trump. (The card winning so far
    is always of the suit led or a trump, so the suit led need not be given.)
    """
    return winning_index((winning, card), trump) == 1


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
        from ..words.display import trick_html  # display imports this module

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
