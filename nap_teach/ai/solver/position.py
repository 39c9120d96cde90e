"""Positions for the solver: hands as 52-bit masks, and the plain :class:`Position` it searches."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Sequence

from ...engine.cards import FULL_PACK, Card, Suit
from ...engine.profiles import BRITISH, Contract

if TYPE_CHECKING:
    from ...engine.state import DealState

__all__ = ["Position", "SolverError", "mask_of", "cards_of", "SUIT_MASKS", "BIT_SUIT", "BIT_CARD"]

SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
"""Bits of each suit (index = Suit value)."""

BIT_SUIT: dict[int, int] = {1 << i: SUIT_MASKS[i // 13] for i in range(52)}
"""A card's bit -> the mask of its suit."""

BIT_CARD: dict[int, Card] = {1 << c.index: c for c in FULL_PACK}
"""A card's bit -> the card."""


class SolverError(ValueError):
    """A position the solver cannot read (not in the play phase, a broken layout)."""


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of some cards (bit ``card.index``)."""
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, in pack order."""
    out = []
    while mask:
        b = mask & -mask
        out.append(BIT_CARD[b])
        mask ^= b
    return out


@dataclass(frozen=True, slots=True)
class Position:
    """A position of the play, every hand known.

    ``hands[s]`` is seat ``s``'s hand as a mask (see :func:`mask_of`); the seats
    in the current trick have already given up the cards in ``trick``, played in
    order from ``leader`` clockwise. All hands hold the same number of cards
    once the trick is complete. ``won`` is what the declarer has taken so far.
    ``trump_open``: this is the deal's first lead and its suit becomes trump
    (B10; never in Misère, whose contract has ``trumps`` False).
    """

    hands: tuple[int, ...]
    leader: int
    trick: tuple[Card, ...]
    trump: Suit | None
    declarer: int
    contract: Contract
    won: int = 0
    trump_open: bool = False

    @property
    def n(self) -> int:
        return len(self.hands)

    @property
    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)

    @property
    def misere(self) -> bool:
        """The declarer wants to take no trick (P4)."""
        return self.contract.max_tricks == 0

    @classmethod
    def of(
        cls,
        hands: Sequence[Iterable[Card]],
        leader: int,
        trick: Sequence[Card] = (),
        trump: Suit | None = None,
        declarer: int = 0,
        contract: Contract | None = None,
        won: int = 0,
        trump_open: bool = False,
    ) -> "Position":
        """A position from cards (checked: see :meth:`check`)."""
        pos = cls(tuple(mask_of(h) for h in hands), leader, tuple(trick), trump, declarer,
                  contract if contract is not None else BRITISH.ladder[0], won, trump_open)
        pos.check()
        return pos

    @classmethod
    def from_state(cls, state: "DealState") -> "Position":
        """The position of a deal in the play phase (public API of DealState only)."""
        if state.phase != "play" or state.declarer is None or state.contract is None:
            raise SolverError("the solver needs a deal in the play phase")
        hands = tuple(mask_of(state.held[s]) for s in range(state.n))
        trick = state.current_trick
        to_act = state.to_act
        assert to_act is not None
        if trick is not None:
            leader, cards = trick.seats[0], tuple(trick.cards)
        else:
            leader, cards = to_act, ()
        contract = state.contract
        first = not cards and sum(state.tricks_won) == 0
        return cls(hands, leader, cards, state.trump, state.declarer, contract,
                   state.tricks_won[state.declarer], first and contract.trumps)

    def check(self) -> None:
        """Refuse a layout that cannot be played out (with :class:`SolverError`)."""
        n = len(self.hands)
        if not 2 <= n <= 10 or not 0 <= self.leader < n or not 0 <= self.declarer < n:
            raise SolverError("seats out of range")
        if len(self.trick) >= n:
            raise SolverError("the current trick is already complete")
        seen = 0
        for h in self.hands:
            if h & seen or h >> 52:
                raise SolverError("a card is held twice, or is not a card")
            seen |= h
        for c in self.trick:
            if seen >> c.index & 1:
                raise SolverError(f"{c} is both on the table and in a hand")
            seen |= 1 << c.index
        sizes = {self.hands[(self.leader + i) % n].bit_count() + (1 if i < len(self.trick) else 0)
                 for i in range(n)}
        if len(sizes) != 1:
            raise SolverError("the hands do not hold the same number of cards")
        if self.trump_open and (self.trick or not self.contract.trumps):
            raise SolverError("only the first lead of a deal with trumps chooses trump")
