"""Sessions and the ledger (B2, B9, B16, B17).

A session is an agreed number of deals, or of dealer rotations. The deal
passes left after every deal, passed-out deals included. The ledger is
derived from the list of deals, so a scorekeeper's correction is just a
changed entry and a recount.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Sequence, Union

from .auction import Auction, Call
from .dealing import deal_rng, draw_first_dealer, shuffle_and_deal
from .explain import Explanation, IllegalAction, RecordError
from .profiles import BRITISH, Contract, Profile
from .settlement import check_zero_sum, settle
from .state import DealState

__all__ = ["Session", "PlayedDeal", "ScoredDeal", "DealEntry", "LedgerRow", "DEFAULT_DEALS"]

DEFAULT_DEALS = 8


@dataclass(frozen=True)
class PlayedDeal:
    """A deal played card by card (the play notebook, full hand records)."""

    state: DealState

    @property
    def auction(self) -> Auction:
        return self.state.auction

    def settlement(self) -> dict[str, int]:
        result = self.state.result()
        if result.settlement is None:
            raise IllegalAction(Explanation(self.state.profile.rule("five_tricks"), "session.deal_undecided", {}))
        return dict(result.settlement)

    @property
    def declarer_tricks(self) -> int | None:
        if self.state.declarer is None:
            return None
        return self.state.tricks_won[self.state.declarer]


@dataclass(frozen=True)
class ScoredDeal:
    """A real table's deal as a scorekeeper enters it: the calls and the declarer's tricks."""

    auction: Auction
    declarer_tricks: int | None

    def settlement(self) -> dict[str, int]:
        high = self.auction.highest
        players = self.auction.players
        if high is None:
            return {p: 0 for p in players}
        seat, contract = high
        assert self.declarer_tricks is not None
        made = contract.min_tricks <= self.declarer_tricks <= contract.max_tricks
        return settle(players, seat, contract, made)


DealEntry = Union[PlayedDeal, ScoredDeal]


@dataclass(frozen=True)
class LedgerRow:
    """One deal in the ledger: who dealt, who declared what, payments, balances after."""

    number: int
    dealer: str
    declarer: str | None
    contract: Contract | None
    declarer_tricks: int | None
    made: bool | None
    settlement: dict[str, int]
    balances: dict[str, int]


@dataclass
class Session:
    """Players, profile, length and the deals so far; the ledger follows from them."""

    players: tuple[str, ...]
    first_dealer: int = 0
    profile: Profile = BRITISH
    deals_target: int | None = DEFAULT_DEALS
    rotations: int | None = None
    seed: object = None
    entries: list[DealEntry] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.players = tuple(self.players)
        n = len(self.players)
        if not self.profile.min_players <= n <= self.profile.max_players:
            raise RecordError(Explanation(self.profile.rule("players"), "record.players", {"count": n}))
        if len(set(self.players)) != n or not all(isinstance(p, str) and p.strip() for p in self.players):
            raise RecordError(Explanation(self.profile.rule("players"), "record.player_names", {}))
        if not 0 <= self.first_dealer < n:
            raise RecordError(Explanation(self.profile.rule("first_dealer"), "record.dealer",
                                          {"dealer": self.first_dealer}))
        for length in (self.deals_target, self.rotations):
            if length is not None and (not isinstance(length, int) or isinstance(length, bool) or length < 1):
                raise RecordError(Explanation(self.profile.rule("session"), "record.length", {}))
        if self.rotations is not None:
            self.deals_target = None

    # -------------------------------------------------------------- structure
    @classmethod
    def new(cls, players: Sequence[str], profile: Profile = BRITISH, seed: object = None,
            deals: int | None = DEFAULT_DEALS, rotations: int | None = None,
            first_dealer: int | None = None) -> "Session":
        """A fresh session; the first dealer is drawn (B2/P1) unless given."""
        if first_dealer is None:
            draw = draw_first_dealer(players, random.Random(f"nap-teach:{seed}:first-dealer"), profile) \
                if seed is not None else draw_first_dealer(players, random.Random(), profile)
            first_dealer = draw.dealer
        return cls(tuple(players), first_dealer, profile, deals, rotations, seed)

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def total_deals(self) -> int:
        if self.rotations is not None:
            return self.rotations * self.n
        return self.deals_target or DEFAULT_DEALS

    def dealer_for(self, number: int) -> int:
        """Dealer of deal ``number`` (0-based): the deal passes left every time (B2)."""
        return (self.first_dealer + number) % self.n

    @property
    def next_dealer(self) -> int:
        return self.dealer_for(len(self.entries))

    @property
    def eldest(self) -> int:
        """Who speaks first in the next deal: the dealer's left (B5)."""
        return (self.next_dealer + 1) % self.n

    @property
    def is_over(self) -> bool:
        return len(self.entries) >= self.total_deals

    # ---------------------------------------------------------------- deals
    def deal_next(self) -> DealState:
        """Shuffle and deal the next deal (seeded when the session has a seed)."""
        number = len(self.entries)
        rng = deal_rng(self.seed, number) if self.seed is not None else random.Random()
        deal = shuffle_and_deal(self.players, self.dealer_for(number), rng, self.profile)
        return DealState.from_deal(deal, self.profile)

    def _check_room(self) -> None:
        if self.is_over:
            raise IllegalAction(Explanation(self.profile.rule("session"), "record.too_many_deals",
                                            {"count": self.total_deals}))

    def add_played(self, state: DealState) -> LedgerRow:
        """Record a played deal (it must be decided); returns its ledger row."""
        self._check_room()
        if state.dealer != self.next_dealer or state.players != self.players:
            raise IllegalAction(Explanation(self.profile.rule("rotation"), "session.wrong_dealer",
                                            {"dealer": self.players[self.next_dealer]}))
        entry = PlayedDeal(state)
        entry.settlement()  # refuses an undecided deal before anything changes
        self.entries.append(entry)
        return self.ledger()[-1]

    def scored_entry(self, calls: Sequence[Call | str], declarer_tricks: int | None,
                     number: int | None = None) -> ScoredDeal:
        """Check a real table's deal (calls, declarer's tricks) without recording it."""
        number = len(self.entries) if number is None else number
        auction = Auction.from_calls(self.players, self.dealer_for(number), calls, self.profile)
        p = self.profile
        if not auction.is_complete:
            raise IllegalAction(Explanation(p.rule("auction_order"), "session.auction_incomplete",
                                            {"turn": self.players[auction.to_speak or 0]}))
        if auction.passed_out:
            if declarer_tricks not in (None, 0):
                raise RecordError(Explanation(p.rule("passed_out"), "record.tricks_passed", {}))
            declarer_tricks = None
        else:
            if declarer_tricks is None:
                raise RecordError(Explanation(p.rule("five_tricks"), "record.tricks_missing", {}))
            if isinstance(declarer_tricks, bool) or not isinstance(declarer_tricks, int) \
                    or not 0 <= declarer_tricks <= 5:
                raise RecordError(Explanation(p.rule("five_tricks"), "record.tricks", {"value": declarer_tricks}))
        return ScoredDeal(auction, declarer_tricks)

    def add_scored(self, calls: Sequence[Call | str], declarer_tricks: int | None) -> LedgerRow:
        """Record a real table's deal; refuses impossible entries and changes nothing."""
        self._check_room()
        self.entries.append(self.scored_entry(calls, declarer_tricks))
        return self.ledger()[-1]

    def replace_scored(self, index: int, calls: Sequence[Call | str], declarer_tricks: int | None) -> None:
        """Correct deal ``index`` of a scored session; later deals keep their entries."""
        if not 0 <= index < len(self.entries):
            raise IndexError(index)
        self.entries[index] = self.scored_entry(calls, declarer_tricks, index)

    def remove_last(self) -> DealEntry:
        if not self.entries:
            raise IllegalAction(Explanation("B17", "undo.nothing", {}))
        return self.entries.pop()

    # --------------------------------------------------------------- ledger
    def ledger(self) -> list[LedgerRow]:
        """Every deal with its payments and the balances after it (sum zero, B16)."""
        balances = {p: 0 for p in self.players}
        rows: list[LedgerRow] = []
        for i, entry in enumerate(self.entries):
            amounts = entry.settlement()
            check_zero_sum(amounts)
            for p, v in amounts.items():
                balances[p] += v
            check_zero_sum(balances)
            high = entry.auction.highest
            made = None
            if high is not None:
                made = amounts[self.players[high[0]]] > 0
            rows.append(LedgerRow(
                number=i + 1,
                dealer=self.players[self.dealer_for(i)],
                declarer=self.players[high[0]] if high else None,
                contract=high[1] if high else None,
                declarer_tricks=entry.declarer_tricks,
                made=made,
                settlement=dict(amounts),
                balances=dict(balances),
            ))
        return rows

    @property
    def balances(self) -> dict[str, int]:
        rows = self.ledger()
        return dict(rows[-1].balances) if rows else {p: 0 for p in self.players}

    def winners(self) -> list[str]:
        """Players with the highest balance; tied players share the win (B17)."""
        b = self.balances
        top = max(b.values())
        return [p for p in self.players if b[p] == top]
