"""What one seat may see (B4, B14): its own hand, the calls, the cards played.

Bots and the learner's screen receive a :class:`SeatView`, never the whole
deal, in the spirit of OpenSpiel's observers: no other hand, no unused card.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .auction import Call
from .cards import FULL_PACK, Card, Suit
from .profiles import Contract, Profile
from .tricks import Trick

if TYPE_CHECKING:
    from .state import DealState

__all__ = ["SeatView"]


@dataclass(frozen=True)
class SeatView:
    """A seat's share of the deal; immutable, safe to hand to a bot."""

    seat: int
    players: tuple[str, ...]
    dealer: int
    profile: Profile
    hand: tuple[Card, ...]
    calls: tuple[Call, ...]
    phase: str
    to_act: int | None
    declarer: int | None
    contract: Contract | None
    trump: Suit | None
    tricks: tuple[Trick, ...]
    current: Trick | None
    tricks_won: tuple[int, ...]
    legal_calls: tuple[Call, ...]
    legal_cards: tuple[Card, ...]
    outcome: bool | None

    @classmethod
    def of(cls, state: "DealState", seat: int) -> "SeatView":
        mine = state.to_act == seat
        return cls(
            seat=seat,
            players=state.players,
            dealer=state.dealer,
            profile=state.profile,
            hand=tuple(state.held[seat]),
            calls=state.calls,
            phase=state.phase,
            to_act=state.to_act,
            declarer=state.declarer,
            contract=state.contract,
            trump=state.trump,
            tricks=tuple(state.tricks),
            current=state.current_trick,
            tricks_won=tuple(state.tricks_won),
            legal_calls=tuple(state.legal_calls()) if mine else (),
            legal_cards=tuple(state.legal_cards(seat)) if mine else (),
            outcome=state.outcome(),
        )

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def name(self) -> str:
        return self.players[self.seat]

    @property
    def is_declarer(self) -> bool:
        return self.declarer == self.seat

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    def speaker(self, index: int) -> int:
        return (self.dealer + 1 + index) % self.n

    @property
    def highest(self) -> tuple[int, Contract] | None:
        best = None
        for i, call in enumerate(self.calls):
            if not call.is_pass:
                best = (self.speaker(i), self.profile.contract(call.name))
        return best

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card seen on the table so far."""
        out = [c for t in self.tricks for c in t.cards]
        if self.current is not None:
            out.extend(self.current.cards)
        return tuple(out)

    def unseen(self) -> tuple[Card, ...]:
        """Cards this seat has not seen: in other hands or among the unused."""
        seen = set(self.hand) | set(self.played)
        return tuple(c for c in FULL_PACK if c not in seen)
