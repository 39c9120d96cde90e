"""The auction (B5-B9; P3): one call each, from the dealer's left, dealer last.

:class:`Auction` is an immutable value that needs no cards, so the scorekeeper
can check a real table's calls with the same code the play notebook uses.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .explain import Explanation, IllegalAction, IllegalCall
from .profiles import BRITISH, Contract, Profile

__all__ = ["Call", "PASS", "Auction"]


@dataclass(frozen=True, slots=True)
class Call:
    """A pass or a bid, by its record name ("Pass", "Three", "Misere" ...)."""

    name: str

    @property
    def is_pass(self) -> bool:
        return self.name == "Pass"

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str, profile: Profile = BRITISH) -> "Call":
        """Read a call; refuses names that are not on the profile's ladder (B6/P3)."""
        if not isinstance(text, str):
            raise IllegalCall(Explanation(profile.rule("ladder"), "call.unknown", {"call": repr(text)}))
        t = text.strip()
        if t.lower() == "pass":
            return PASS
        if profile.has_contract(t):
            return cls(profile.contract(t).name)
        raise IllegalCall(Explanation(profile.rule("ladder"), "call.unknown",
                                      {"call": t, "profile": profile.name}))


PASS = Call("Pass")


@dataclass(frozen=True)
class Auction:
    """Calls so far, in speaking order from the dealer's left."""

    players: tuple[str, ...]
    dealer: int
    calls: tuple[Call, ...] = ()
    profile: Profile = BRITISH

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def is_complete(self) -> bool:
        return len(self.calls) == self.n

    @property
    def to_speak(self) -> int | None:
        """Seat whose turn it is to call, or None when everyone has spoken (B5)."""
        if self.is_complete:
            return None
        return (self.dealer + 1 + len(self.calls)) % self.n

    def speaker(self, index: int) -> int:
        """The seat that made call number ``index``."""
        return (self.dealer + 1 + index) % self.n

    @property
    def highest(self) -> tuple[int, Contract] | None:
        """The highest bid so far and who made it."""
        best: tuple[int, Contract] | None = None
        for i, call in enumerate(self.calls):
            if not call.is_pass:
                best = (self.speaker(i), self.profile.contract(call.name))
        return best

    @property
    def passed_out(self) -> bool:
        """Everyone has spoken and nobody bid (B9)."""
        return self.is_complete and all(c.is_pass for c in self.calls)

    def bid_names(self) -> set[str]:
        return {c.name for c in self.calls if not c.is_pass}

    def refusal(self, call: Call) -> Explanation | None:
        """Why ``call`` may not be made now, or None when it may (B5-B8, P3)."""
        p = self.profile
        seat = self.to_speak
        if seat is None:
            return Explanation(p.rule("pass_final"), "call.auction_over", {"call": call.name})
        if call.is_pass:
            return None
        if not p.has_contract(call.name):
            return Explanation(p.rule("ladder"), "call.unknown", {"call": call.name, "profile": p.name})
        contract = p.contract(call.name)
        player = self.players[seat]
        high = self.highest
        if high is not None and contract.level <= high[1].level:
            return Explanation(p.rule("ladder"), "call.not_higher",
                               {"player": player, "call": contract.name, "highest": high[1].name,
                                "bidder": self.players[high[0]]})
        if contract.requires is not None and contract.requires not in self.bid_names():
            return Explanation(p.rule("requires"), "call.requires",
                               {"player": player, "call": contract.name, "needed": contract.requires})
        return None

    def legal_calls(self) -> list[Call]:
        """Pass and every bid that is allowed now; empty once everyone has spoken."""
        if self.is_complete:
            return []
        return [PASS] + [Call(c.name) for c in self.profile.ladder if self.refusal(Call(c.name)) is None]

    def after(self, call: Call, seat: int | None = None) -> "Auction":
        """The auction with ``call`` added; raises :class:`IllegalCall` and changes nothing."""
        if seat is not None:
            self.check_turn(seat)
        why = self.refusal(call)
        if why is not None:
            raise (IllegalAction if why.key == "call.auction_over" else IllegalCall)(why)
        return Auction(self.players, self.dealer, self.calls + (call,), self.profile)

    def check_turn(self, seat: int) -> None:
        expected = self.to_speak
        if expected is None:
            raise IllegalAction(Explanation(self.profile.rule("pass_final"), "call.already_spoken",
                                            {"player": self.players[seat]}))
        if seat != expected:
            spoken = {self.speaker(i) for i in range(len(self.calls))}
            key = "call.already_spoken" if seat in spoken else "call.out_of_turn"
            raise IllegalAction(Explanation(self.profile.rule("auction_order"), key,
                                            {"player": self.players[seat], "turn": self.players[expected]}))

    @classmethod
    def from_calls(cls, players: Sequence[str], dealer: int, calls: Iterable[Call | str],
                   profile: Profile = BRITISH) -> "Auction":
        """Build an auction call by call, refusing the first illegal one."""
        auction = cls(tuple(players), dealer, (), profile)
        for c in calls:
            call = c if isinstance(c, Call) else Call.parse(c, profile)
            if auction.is_complete:
                raise IllegalAction(Explanation(profile.rule("pass_final"), "call.too_many",
                                                {"players": len(players), "call": call.name}))
            auction = auction.after(call)
        return auction
