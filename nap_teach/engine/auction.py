"""The auction (B5-B9; P3): one call each, from the dealer's left, dealer last.

:class:`Auction` is an immutable value that needs no cards, so the scorekeeper
can check a real table's calls with the same code the play notebook uses.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Iterable, Sequence

from .explain import Explanation, IllegalAction, IllegalCall
from .profiles import BRITISH, PROFILES, Contract, Profile
from .rules import Topic

__all__ = ["Call", "PASS", "Auction", "canonical_call", "legal_calls_for"]


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
    def parse(cls, text: object, profile: Profile = BRITISH) -> "Call":
        """Read a call; refuses names that are not on the profile's ladder (B6/P3), and anything but text."""
        if not isinstance(text, str):
            raise IllegalCall(Explanation(profile.rule(Topic.LADDER), "call.unknown", {"call": repr(text)}))
        t = text.strip()
        if t.lower() == "pass":
            return PASS
        if profile.has_contract(t):
            return cls(profile.contract(t).name)
        raise IllegalCall(unknown_call(t, profile))


PASS = Call("Pass")


def unknown_call(name: str, profile: Profile = BRITISH) -> Explanation:
    """Why ``name`` is not a call here (B6/P3): a bid of other rules is named as such (Misère in British rules)."""
    for other in PROFILES.values():
        if other.name != profile.name and other.has_contract(name):
            return Explanation(profile.rule(Topic.LADDER), "call.other_profile",
                               {"call": other.contract(name).name, "profile": profile.name,
                                "other_profile": other.name})
    return Explanation(profile.rule(Topic.LADDER), "call.unknown", {"call": name, "profile": profile.name})


def canonical_call(call: Call, profile: Profile = BRITISH) -> Call:
    """The same call under its record name: ``Call("nap")`` -> ``Call("Nap")``, ``Call("pass")`` -> PASS.

    Names that are on no ladder are returned unchanged (and refused later).
    """
    name = call.name
    if name == "Pass" or not isinstance(name, str):
        return call
    low = name.strip().lower()
    if low == "pass":
        return PASS
    found = profile.find_contract(low)
    if found is not None and found.name != name:
        return Call(found.name)
    return call


def legal_calls_for(profile: Profile, highest: tuple[int, Contract] | None,
                    bids: frozenset[str]) -> tuple[Call, ...]:
    """Pass and the bids allowed after ``highest`` when ``bids`` have been made (B6, B7; P3).

    The same test as :meth:`Auction.refusal`, without building explanations,
    and cached per profile: simulations ask this for every call.
    """
    return auction_node(profile, highest[1].level if highest is not None else None, bids).legal


class AuctionNode:
    """One position of the ladder (highest level so far, bids made), shared by all auctions of a profile.

    ``legal`` are the calls allowed there and ``names`` their names; :meth:`bid`
    gives the contract of a bid and the position after it. Nodes are cached
    per profile, so the engine walks the auction without recomputing anything.
    """

    __slots__ = ("profile", "level", "bids", "legal", "names", "_after")

    def __init__(self, profile: Profile, level: int | None, bids: frozenset[str]) -> None:
        self.profile = profile
        self.level = level
        self.bids = bids
        self.legal: tuple[Call, ...] = (PASS,) + tuple(
            Call(c.name) for c in profile.ladder
            if (level is None or c.level > level) and (c.requires is None or c.requires in bids))
        self.names = frozenset(c.name for c in self.legal)
        self._after: dict[str, tuple[Contract, AuctionNode]] = {}

    def bid(self, name: str) -> tuple[Contract, "AuctionNode"]:
        """The contract called ``name`` and the node after bidding it (a pass stays on this node)."""
        found = self._after.get(name)
        if found is None:
            contract = self.profile.contract(name)
            found = (contract, auction_node(self.profile, contract.level, self.bids | {contract.name}))
            self._after[name] = found
        return found


@cache
def auction_node(profile: Profile, level: int | None, bids: frozenset[str]) -> AuctionNode:
    """The shared node for (highest level, bids made) in ``profile`` (one per profile and position)."""
    return AuctionNode(profile, level, bids)


@cache
def start_node(profile: Profile) -> AuctionNode:
    """The node before any bid (looked up once per profile: every deal starts here)."""
    return auction_node(profile, None, frozenset())


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

    @cached_property
    def _derived(self) -> tuple[tuple[int, Contract] | None, frozenset[str]]:
        """(highest bid and its seat, names bid so far), computed once per auction.

        Auction values are immutable, so the cached value (outside the
        dataclass fields: equality and repr are unchanged) can never go stale.
        """
        best: tuple[int, Contract] | None = None
        bids: set[str] = set()
        for i, call in enumerate(self.calls):
            if not call.is_pass:
                contract = self.profile.contract(call.name)
                best = (self.speaker(i), contract)
                bids.add(contract.name)
        return best, frozenset(bids)

    @property
    def highest(self) -> tuple[int, Contract] | None:
        """The highest bid so far and who made it."""
        return self._derived[0]

    @property
    def passed_out(self) -> bool:
        """Everyone has spoken and nobody bid (B9)."""
        return self.is_complete and all(c.is_pass for c in self.calls)

    def bid_names(self) -> set[str]:
        return set(self._derived[1])

    def refusal(self, call: Call) -> Explanation | None:
        """Why ``call`` may not be made now, or None when it may (B5-B8, P3)."""
        p = self.profile
        seat = self.to_speak
        if seat is None:
            return self.spoken_again(self.speaker(len(self.calls)), over=True)
        if call.is_pass:
            return None
        if not p.has_contract(call.name):
            return unknown_call(call.name, p)
        contract = p.contract(call.name)
        player = self.players[seat]
        high, bids = self._derived
        if high is not None and contract.level <= high[1].level:
            return Explanation(p.rule(Topic.LADDER), "call.not_higher",
                               {"player": player, "call": contract.name, "highest": high[1].name,
                                "bidder": self.players[high[0]]})
        if contract.requires is not None and contract.requires not in bids:
            return Explanation(p.rule(Topic.REQUIRES), "call.requires",
                               {"player": player, "call": contract.name, "needed": contract.requires})
        return None

    def legal_calls(self) -> list[Call]:
        """Pass and every bid that is allowed now; empty once everyone has spoken."""
        if self.is_complete:
            return []
        high, bids = self._derived
        return list(legal_calls_for(self.profile, high, bids))

    def after(self, call: Call, seat: int | None = None) -> "Auction":
        """The auction with ``call`` added; raises :class:`IllegalCall` and changes nothing."""
        if seat is not None:
            self.check_turn(seat)
        call = canonical_call(call, self.profile)
        why = self.refusal(call)
        if why is not None:
            raise (IllegalAction if why.key in ("call.auction_over", "call.auction_over_bid") else IllegalCall)(why)
        return Auction(self.players, self.dealer, self.calls + (call,), self.profile)

    def spoken_again(self, seat: int, over: bool = False) -> Explanation:
        """Why ``seat``, who has already spoken, may not call again.

        After a pass: a pass is final (B8). After a bid: every player speaks
        exactly once (B5). ``over``: said of a call after the whole auction.
        """
        p = self.profile
        said = self.calls[(seat - self.dealer - 1) % self.n]
        facts = {"player": self.players[seat], "call": said.name}
        if said.is_pass:
            return Explanation(p.rule(Topic.PASS_FINAL), "call.auction_over" if over else "call.already_spoken", facts)
        return Explanation(p.rule(Topic.AUCTION_ORDER), "call.auction_over_bid" if over else "call.already_bid", facts)

    def check_turn(self, seat: int) -> None:
        expected = self.to_speak
        spoken = {self.speaker(i) for i in range(len(self.calls))}
        if seat in spoken:
            raise IllegalAction(self.spoken_again(seat))
        if expected is not None and seat != expected:
            raise IllegalAction(Explanation(self.profile.rule(Topic.AUCTION_ORDER), "call.out_of_turn",
                                            {"player": self.players[seat], "turn": self.players[expected]}))

    @classmethod
    def from_calls(cls, players: Sequence[str], dealer: int, calls: Iterable[Call | str],
                   profile: Profile = BRITISH) -> "Auction":
        """Build an auction call by call, refusing the first illegal one."""
        auction = cls(tuple(players), dealer, (), profile)
        for c in calls:
            call = c if isinstance(c, Call) else Call.parse(c, profile)
            if auction.is_complete:  # the first speaker again: after a pass B8, after a bid B5
                again = auction.spoken_again(auction.speaker(len(auction.calls)))
                raise IllegalAction(Explanation(again.rule, "call.too_many" if again.rule == profile.rule(Topic.PASS_FINAL)
                                                else "call.too_many_bid",
                                                {"players": len(players), "call": call.name,
                                                 "player": again.facts["player"], "said": again.facts["call"]}))
            auction = auction.after(call)
        return auction
