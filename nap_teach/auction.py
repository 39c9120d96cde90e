"""The auction (B5-B9; P3): one call each, from the dealer's left, dealer last.

:class:`Auction` is an immutable value that needs no cards, so the scorekeeper
can check a real table's calls with the same code the play notebook uses.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .explain import Explanation, IllegalAction, IllegalCall
from .profiles import BRITISH, Contract, Profile
from .rulebook import Topic

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
    def parse(cls, text: str, profile: Profile = BRITISH) -> "Call":
        """Read a call; refuses names that are not on the profile's ladder (B6/P3)."""
        if not isinstance(text, str):
            raise IllegalCall(Explanation(profile.rule(Topic.LADDER), "call.unknown", {"call": repr(text)}))
        t = text.strip()
        if t.lower() == "pass":
            return PASS
        if profile.has_contract(t):
            return cls(profile.contract(t).name)
        raise IllegalCall(Explanation(profile.rule(Topic.LADDER), "call.unknown",
                                      {"call": t, "profile": profile.name}))


PASS = Call("Pass")


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
    found = profile._by_name.get(low)  # type: ignore[attr-defined]
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


def auction_node(profile: Profile, level: int | None, bids: frozenset[str]) -> AuctionNode:
    """The shared node for (highest level, bids made) in ``profile``."""
    table = profile.__dict__.get("_nap_auction_nodes")
    if table is None:
        table = {}
        object.__setattr__(profile, "_nap_auction_nodes", table)
    node = table.get((level, bids))
    if node is None:
        node = table[(level, bids)] = AuctionNode(profile, level, bids)
    return node


def start_node(profile: Profile) -> AuctionNode:
    """The node before any bid."""
    node = profile.__dict__.get("_nap_auction_start")
    if node is None:
        node = auction_node(profile, None, frozenset())
        object.__setattr__(profile, "_nap_auction_start", node)
    return node


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

    def _derived(self) -> tuple[tuple[int, Contract] | None, frozenset[str]]:
        """(highest bid and its seat, names bid so far), computed once per auction.

        Auction values are immutable, so the memo (kept outside the dataclass
        fields: equality and repr are unchanged) can never go stale.
        """
        d = self.__dict__
        if "_high" in d:
            return d["_high"], d["_bids"]
        best: tuple[int, Contract] | None = None
        bids: set[str] = set()
        for i, call in enumerate(self.calls):
            if not call.is_pass:
                contract = self.profile.contract(call.name)
                best = (self.speaker(i), contract)
                bids.add(contract.name)
        d["_high"] = best
        d["_bids"] = frozenset(bids)
        return best, d["_bids"]

    @property
    def highest(self) -> tuple[int, Contract] | None:
        """The highest bid so far and who made it."""
        return self._derived()[0]

    @property
    def passed_out(self) -> bool:
        """Everyone has spoken and nobody bid (B9)."""
        return self.is_complete and all(c.is_pass for c in self.calls)

    def bid_names(self) -> set[str]:
        return set(self._derived()[1])

    def refusal(self, call: Call) -> Explanation | None:
        """Why ``call`` may not be made now, or None when it may (B5-B8, P3)."""
        p = self.profile
        seat = self.to_speak
        if seat is None:
            return Explanation(p.rule(Topic.PASS_FINAL), "call.auction_over", {"call": call.name})
        if call.is_pass:
            return None
        if not p.has_contract(call.name):
            return Explanation(p.rule(Topic.LADDER), "call.unknown", {"call": call.name, "profile": p.name})
        contract = p.contract(call.name)
        player = self.players[seat]
        high, bids = self._derived()
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
        high, bids = self._derived()
        return list(legal_calls_for(self.profile, high, bids))

    def after(self, call: Call, seat: int | None = None) -> "Auction":
        """The auction with ``call`` added; raises :class:`IllegalCall` and changes nothing."""
        if seat is not None:
            self.check_turn(seat)
        call = canonical_call(call, self.profile)
        why = self.refusal(call)
        if why is not None:
            raise (IllegalAction if why.key == "call.auction_over" else IllegalCall)(why)
        return Auction(self.players, self.dealer, self.calls + (call,), self.profile)

    def check_turn(self, seat: int) -> None:
        expected = self.to_speak
        if expected is None:
            raise IllegalAction(Explanation(self.profile.rule(Topic.PASS_FINAL), "call.already_spoken",
                                            {"player": self.players[seat]}))
        if seat != expected:
            spoken = {self.speaker(i) for i in range(len(self.calls))}
            key = "call.already_spoken" if seat in spoken else "call.out_of_turn"
            raise IllegalAction(Explanation(self.profile.rule(Topic.AUCTION_ORDER), key,
                                            {"player": self.players[seat], "turn": self.players[expected]}))

    @classmethod
    def from_calls(cls, players: Sequence[str], dealer: int, calls: Iterable[Call | str],
                   profile: Profile = BRITISH) -> "Auction":
        """Build an auction call by call, refusing the first illegal one."""
        auction = cls(tuple(players), dealer, (), profile)
        for c in calls:
            call = c if isinstance(c, Call) else Call.parse(c, profile)
            if auction.is_complete:
                raise IllegalAction(Explanation(profile.rule(Topic.PASS_FINAL), "call.too_many",
                                                {"players": len(players), "call": call.name}))
            auction = auction.after(call)
        return auction
