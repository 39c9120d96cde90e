"""Sessions and the ledger (B2, B9, B16, B17; P2, P7, P8).

A session is an agreed number of deals, or of dealer rotations. The deal
passes left after every deal, passed-out deals included. The ledger is
derived from the list of entries, so a scorekeeper's correction is just a
changed entry and a recount.

The pub profile adds four things, all derived the same way:

- a **misdeal** (:class:`MisdealEntry`, P2): the same dealer deals again; no
  rotation, no payment, and it does not count toward the session's length;
- a **renege** in a scored deal (``ScoredDeal.renege``, P7): play stopped and
  the offender pays (see :func:`~nap_teach.engine.settlement.settle_renege`);
- **chips** (table option ``ante``, P8): every player starts from the same
  ante; a player whose chips run out is out of the session (``bust="out"``:
  later deals are among the others) or antes again (``bust="re-ante"``). The
  balances stay the net result (they sum to zero); chips are ante plus
  balance, and the chips on the table always equal the antes paid;
- a **tie-break** (P8): when the agreed deals are over and 2 or more players
  share the highest balance, seed 004 plays one extra hand among only those
  players (entered or played like any deal among them); a hand of Nap needs
  3 players, so with 2 tied players the table's choice here is that they
  share the win.

>>> from nap_teach.engine.profiles import PUB
>>> s = Session(("Ann", "Ben", "Cat", "Dan"), first_dealer=0, profile=PUB, deals_target=2)
>>> s.add_misdeal().kind, s.players[s.next_dealer]
('misdeal', 'Ann')
>>> s.add_scored(["Pass", "Pass", "Nap", "Pass"], None, renege="Ben").settlement  # Dan bid Nap
{'Ann': 0, 'Ben': -30, 'Cat': 0, 'Dan': 30}
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Mapping, Sequence, Union

from .auction import Auction, Call
from .cards import Card
from .dealing import ace_low, deal_rng, draw_first_dealer, shuffle_and_deal
from .explain import Explanation, IllegalAction, RecordError
from .profiles import BRITISH, Contract, Profile
from .rules import Topic
from .settlement import check_zero_sum, settle, settle_renege
from .state import DealState

__all__ = ["Session", "PlayedDeal", "ScoredDeal", "MisdealEntry", "DealEntry", "LedgerRow", "DEFAULT_DEALS",
           "DEAL", "MISDEAL", "TIE_BREAK", "first_dealer_from_cards", "ChipsError"]

DEFAULT_DEALS = 8
DEAL, MISDEAL, TIE_BREAK = "deal", "misdeal", "tie_break"
"""Kinds of ledger rows: a deal of the session, a misdeal (P2), an extra hand among tied players (P8)."""


class ChipsError(AssertionError):
    """Chips on the table that differ from the antes paid: a bug, never a user's mistake."""


@dataclass(frozen=True)
class PlayedDeal:
    """A deal played card by card (the play notebook, full hand records)."""

    state: DealState

    @property
    def auction(self) -> Auction:
        return self.state.auction

    @property
    def players(self) -> tuple[str, ...]:
        return self.state.players

    @property
    def dealer(self) -> int:
        """The dealer, as an index into :attr:`players`."""
        return self.state.dealer

    renege = None

    def settlement(self) -> dict[str, int]:
        result = self.state.result()
        p = self.state.profile
        if result.settlement is not None and not p.early_stop and not self.state.is_over:
            # certain, but these rules play all five tricks (P6): no settlement before the end
            raise IllegalAction(Explanation(p.rule(Topic.FIVE_TRICKS), "session.play_all_five",
                                            {"played": len(self.state.tricks)}))
        if result.settlement is None:
            raise IllegalAction(Explanation(p.rule(Topic.FIVE_TRICKS), "session.deal_undecided", {}))
        return dict(result.settlement)

    @property
    def declarer_tricks(self) -> int | None:
        if self.state.declarer is None:
            return None
        return self.state.tricks_won[self.state.declarer]


@dataclass(frozen=True)
class ScoredDeal:
    """A real table's deal as a scorekeeper enters it: the calls and the declarer's tricks.

    ``renege`` is the seat (index into the auction's players) of a player who
    reneged; play then stopped, so there are no tricks to enter (P7).
    """

    auction: Auction
    declarer_tricks: int | None
    renege: int | None = None

    @property
    def players(self) -> tuple[str, ...]:
        return self.auction.players

    @property
    def dealer(self) -> int:
        return self.auction.dealer

    def settlement(self) -> dict[str, int]:
        high = self.auction.highest
        players = self.auction.players
        if high is None:
            return {p: 0 for p in players}
        seat, contract = high
        if self.renege is not None:
            share = self.auction.profile.options.get("renege_share", "full")
            return settle_renege(players, seat, contract, self.renege, str(share))
        assert self.declarer_tricks is not None
        made = contract.min_tricks <= self.declarer_tricks <= contract.max_tricks
        return settle(players, seat, contract, made)


@dataclass(frozen=True)
class MisdealEntry:
    """A misdeal (P2): the deal was void; the same dealer deals again, nobody pays."""

    players: tuple[str, ...]
    dealer: int
    """The dealer who misdealt, as an index into :attr:`players`."""
    auction = None
    declarer_tricks = None
    renege = None

    def settlement(self) -> dict[str, int]:
        return {p: 0 for p in self.players}


DealEntry = Union[PlayedDeal, ScoredDeal, MisdealEntry]


@dataclass(frozen=True)
class LedgerRow:
    """One entry of the ledger: who dealt, who declared what, payments, balances after."""

    number: int
    """Position of the entry in the session (1-based; misdeals and extra hands included)."""
    dealer: str
    declarer: str | None
    contract: Contract | None
    declarer_tricks: int | None
    made: bool | None
    settlement: dict[str, int]
    balances: dict[str, int]
    kind: str = DEAL
    """``"deal"``, ``"misdeal"`` (P2) or ``"tie_break"`` (P8)."""
    deal_number: int | None = None
    """The number of the deal in the agreed length (1-based), None for misdeals and extra hands."""
    players: tuple[str, ...] = ()
    """Who took part (everyone still in the session, or the tied players of an extra hand)."""
    renege: str | None = None
    chips: dict[str, int] | None = None
    """Chips after the entry (tables with an ante), re-antes included."""
    out: tuple[str, ...] = ()
    """Players whose chips ran out at this entry and who left the session (P8)."""
    re_antes: dict[str, int] = field(default_factory=dict)
    """Player -> antes paid again at this entry, when their chips ran out (P8)."""
    tie_break: bool = False
    """Whether the entry came after the agreed deals, among tied players (P8; a misdeal there too)."""


@dataclass(frozen=True)
class _SessionPoint:
    """Where a session stands after some entries (computed, never stored)."""

    active: tuple[int, ...]
    """Seats still in the session, clockwise."""
    dealer: int
    """Seat of the next dealer."""
    deals: int
    """Deals of the agreed length played so far."""
    balances: dict[str, int]
    antes: dict[str, int]
    """Player -> antes paid so far (0 everywhere without an ante)."""
    tie_break: tuple[int, ...]
    """Seats of the tied players when an extra hand among them is due (P8), else ()."""
    last_misdeal: bool


def first_dealer_from_cards(players: Sequence[str], cards: Mapping[str, Card] | Sequence[Card],
                            profile: Profile = BRITISH) -> tuple[int, Explanation]:
    """Who deals first from one card drawn by each player: lowest deals, aces low (P1).

    A tie for the lowest rank is refused: the tied players draw again.
    """
    rule = profile.rule(Topic.FIRST_DEALER)
    drawn = dict(cards) if isinstance(cards, Mapping) else dict(zip(players, cards))
    if set(drawn) != set(players) or len(set(drawn.values())) != len(drawn):
        raise IllegalAction(Explanation(rule, "first_dealer.bad_draw", {"players": tuple(players)}))

    lowest = min(ace_low(c) for c in drawn.values())
    tied = [p for p in players if ace_low(drawn[p]) == lowest]
    if len(tied) > 1:
        raise IllegalAction(Explanation(rule, "first_dealer.tie",
                                        {"names": tuple(tied), "rank": drawn[tied[0]].rank.word}))
    seat = list(players).index(tied[0])
    return seat, Explanation(rule, "first_dealer.low_card", {"dealer": tied[0], "card": drawn[tied[0]],
                                                              "redraws": 0})


@dataclass
class Session:
    """Players, profile, length and the entries so far; the ledger follows from them."""

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
            raise RecordError(Explanation(self.profile.rule(Topic.PLAYERS), "record.players", {"count": n}))
        if len(set(self.players)) != n or not all(isinstance(p, str) and p.strip() for p in self.players):
            raise RecordError(Explanation(self.profile.rule(Topic.PLAYERS), "record.player_names", {}))
        if not 0 <= self.first_dealer < n:
            raise RecordError(Explanation(self.profile.rule(Topic.FIRST_DEALER), "record.dealer",
                                          {"dealer": self.first_dealer}))
        for length in (self.deals_target, self.rotations):
            if length is not None and (not isinstance(length, int) or isinstance(length, bool) or length < 1):
                raise RecordError(Explanation(self.profile.rule(Topic.SESSION), "record.length", {}))
        if self.rotations is not None:
            self.deals_target = None
        self._walk_cache: tuple[tuple[DealEntry, ...], tuple[list[LedgerRow], _SessionPoint]] | None = None

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
        """The agreed length in deals (misdeals and extra hands come on top)."""
        if self.rotations is not None:
            return self.rotations * self.n
        return self.deals_target or DEFAULT_DEALS

    @property
    def ante(self) -> int:
        """Chips each player antes at the start (0: no chips, balances from zero)."""
        return self.profile.ante

    # ------------------------------------------------------------- the walk
    def _start(self) -> _SessionPoint:
        ante = 1 if self.ante else 0
        return _SessionPoint(tuple(range(self.n)), self.first_dealer, 0, {p: 0 for p in self.players},
                      {p: ante for p in self.players}, (), False)

    def _main_over(self, t: _SessionPoint) -> bool:
        return t.deals >= self.total_deals or len(t.active) < self.profile.min_players

    def _tied(self, balances: Mapping[str, int]) -> tuple[int, ...]:
        """Seats with the highest balance when an extra hand among them is due (P8), else ()."""
        if not self.profile.tie_break:
            return ()
        top = max(balances.values())
        tied = tuple(s for s, p in enumerate(self.players) if balances[p] == top)
        return tied if len(tied) >= self.profile.min_players else ()

    def _next_seat(self, seat: int, among: Sequence[int]) -> int:
        """The first seat of ``among`` clockwise after ``seat`` (the deal passes left)."""
        for k in range(1, self.n + 1):
            s = (seat + k) % self.n
            if s in among:
                return s
        return seat

    def _seat_or_next(self, seat: int, among: Sequence[int]) -> int:
        return seat if seat in among else self._next_seat(seat, among)

    def _expected(self, t: _SessionPoint, number: int) -> tuple[str, tuple[int, ...], int]:
        """(kind, seats, dealer seat) of entry ``number`` when the session stands at ``t``."""
        if self._main_over(t):
            if not t.tie_break:
                raise IllegalAction(Explanation(self.profile.rule(Topic.SESSION), "record.too_many_deals",
                                                {"count": self.total_deals}))
            seats = t.tie_break
            return TIE_BREAK, seats, self._seat_or_next(t.dealer, seats)
        return DEAL, t.active, t.dealer

    def _check_entry(self, t: _SessionPoint, number: int, entry: DealEntry) -> tuple[str, tuple[int, ...], int]:
        """Refuse an entry that is not dealt by the right dealer among the right players."""
        kind, seats, dealer = self._expected(t, number)
        names = tuple(self.players[s] for s in seats)
        p = self.profile
        if isinstance(entry, MisdealEntry) and not p.misdeal:
            raise IllegalAction(Explanation(p.rule(Topic.DEAL), "session.misdeal_not_recorded", {"profile": p.name}))
        if entry.players != names:
            if kind == TIE_BREAK:
                raise IllegalAction(Explanation(p.rule(Topic.TIE_BREAK), "session.tie_break_players", {"names": names}))
            raise IllegalAction(Explanation(p.rule(Topic.SESSION), "session.wrong_players", {"names": names}))
        if names[entry.dealer] != self.players[dealer]:
            facts = {"dealer": self.players[dealer], "player": names[entry.dealer]}
            if t.last_misdeal:
                raise IllegalAction(Explanation(p.rule(Topic.MISDEAL), "session.misdeal_redeal", facts))
            raise IllegalAction(Explanation(p.rule(Topic.ROTATION), "session.wrong_dealer", facts))
        return kind, seats, dealer

    def _walk(self, entries: Sequence[DealEntry] | None = None) -> tuple[list[LedgerRow], _SessionPoint]:
        """Check every entry in order and derive the ledger and where the session stands."""
        entries = tuple(self.entries if entries is None else entries)
        cache = self._walk_cache
        if cache is not None and len(cache[0]) == len(entries) and all(a is b for a, b in zip(cache[0], entries)):
            return cache[1]
        t = self._start()
        rows: list[LedgerRow] = []
        ante = self.ante
        bust = self.profile.options.get("bust", "out")
        for i, entry in enumerate(entries):
            kind, seats, dealer = self._check_entry(t, i, entry)
            names = tuple(self.players[s] for s in seats)
            balances = dict(t.balances)
            antes = dict(t.antes)
            active = t.active
            out: list[str] = []
            re_antes: dict[str, int] = {}
            amounts = {p: 0 for p in self.players}
            if isinstance(entry, MisdealEntry):
                row_kind = MISDEAL
                deals = t.deals
                next_dealer = dealer
            else:
                row_kind = kind
                paid = entry.settlement()
                check_zero_sum(paid)
                amounts.update(paid)
                for p, v in paid.items():
                    balances[p] += v
                check_zero_sum(balances)
                deals = t.deals + (1 if kind == DEAL else 0)
                if ante and kind == DEAL:
                    for s in active:
                        p = self.players[s]
                        left = ante * antes[p] + balances[p]
                        if left > 0:
                            continue
                        if bust == "re-ante":
                            again = (-left) // ante + 1
                            antes[p] += again
                            re_antes[p] = again
                        else:
                            out.append(p)
                    active = tuple(s for s in active if self.players[s] not in out)
                next_dealer = self._next_seat(dealer, active if kind == DEAL else seats)
            high = entry.auction.highest if entry.auction is not None else None
            declarer = names[high[0]] if high else None
            made = None if declarer is None else amounts[declarer] > 0
            chips = {p: ante * antes[p] + balances[p] for p in self.players} if ante else None
            if chips is not None and sum(chips.values()) != ante * sum(antes.values()):
                raise ChipsError(f"chips {chips} differ from the antes paid ({ante * sum(antes.values())})")
            renege = names[entry.renege] if entry.renege is not None else None
            rows.append(LedgerRow(
                number=i + 1, dealer=self.players[dealer], declarer=declarer,
                contract=high[1] if high else None, declarer_tricks=entry.declarer_tricks, made=made,
                settlement=amounts, balances=dict(balances), kind=row_kind,
                deal_number=deals if row_kind == DEAL else None, players=names, renege=renege, chips=chips,
                out=tuple(out), re_antes=re_antes, tie_break=kind == TIE_BREAK))
            t = _SessionPoint(active, next_dealer, deals, balances, antes, (), row_kind == MISDEAL)
            if self._main_over(t):
                t = _SessionPoint(active, next_dealer, deals, balances, antes, self._tied(balances), t.last_misdeal)
        result = (rows, t)
        if len(entries) == len(self.entries) and all(a is b for a, b in zip(entries, self.entries)):
            self._walk_cache = (entries, result)
        return result

    @property
    def _table(self) -> _SessionPoint:
        return self._walk()[1]

    # --------------------------------------------------------- who deals next
    def table_for(self, number: int) -> tuple[tuple[str, ...], int]:
        """(players, dealer index into them) of entry ``number`` (0-based; may be past the end)."""
        rows, t = self._walk()
        if number < len(rows):
            entry = self.entries[number]
            return entry.players, entry.dealer
        try:
            _kind, seats, dealer = self._expected(t, number)
        except IllegalAction:  # the session is over: carry on round the last table
            seats, dealer = t.active, t.dealer
        for _ in range(number - len(rows)):
            dealer = self._next_seat(dealer, seats)
        return tuple(self.players[s] for s in seats), seats.index(dealer)

    def dealer_for(self, number: int) -> int:
        """Seat (index into :attr:`players`) of the dealer of entry ``number`` (0-based).

        The deal passes left after every deal (B2), not after a misdeal (P2),
        and skips players who are out of the session (P8).
        """
        names, dealer = self.table_for(number)
        return self.players.index(names[dealer])

    @property
    def next_dealer(self) -> int:
        return self.dealer_for(len(self.entries))

    @property
    def eldest(self) -> int:
        """Who speaks first in the next deal: the dealer's left (B5)."""
        names, dealer = self.table_for(len(self.entries))
        return self.players.index(names[(dealer + 1) % len(names)])

    @property
    def deals_played(self) -> int:
        """Deals of the agreed length played so far (misdeals and extra hands not counted)."""
        return self._table.deals

    @property
    def active_players(self) -> tuple[str, ...]:
        """Players still in the session (all of them unless chips ran out, P8)."""
        return tuple(self.players[s] for s in self._table.active)

    @property
    def tie_break_due(self) -> tuple[str, ...]:
        """The tied players when one extra hand among them is due (P8), else ()."""
        t = self._table
        return tuple(self.players[s] for s in t.tie_break) if self._main_over(t) else ()

    @property
    def is_over(self) -> bool:
        t = self._table
        return self._main_over(t) and not t.tie_break

    def chips_notes(self, row: LedgerRow) -> list[Explanation]:
        """What happened to the chips of the players who ran out at ``row`` (P8), in the rules' words.

        A player who re-antes says so; a player who is out says so, and says that the next deals are
        among the others only when another deal of the agreed length follows (never after the last
        agreed deal, an extra hand, or when too few players are left to deal). A payment larger than
        the chips left is still made in full: the shortfall (the chips below zero) is a debt the
        player settles at the end of the session, the table's choice here (seed 004 only says that
        a player whose chips run out is out).
        """
        out: list[Explanation] = []
        if not row.re_antes and not row.out:
            return out
        rule = self.profile.rule(Topic.CHIPS)  # only chips tables (P8) have it
        for name, count in row.re_antes.items():
            out.append(Explanation(rule, "explain.re_ante", {"player": name, "count": count, "ante": self.ante}))
        left = len(row.players or self.players) - len(row.out)
        more = (row.kind == DEAL and row.deal_number is not None and row.deal_number < self.total_deals
                and left >= self.profile.min_players)
        for name in row.out:
            chips = row.chips.get(name, 0) if row.chips is not None else 0
            if chips < 0:
                out.append(Explanation(rule, "explain.bust_short", {"player": name, "short": -chips, "chips": chips}))
            out.append(Explanation(rule, "explain.bust_out" if more else "explain.bust_out_last", {"player": name}))
        return out

    # ---------------------------------------------------------------- deals
    def deal_next(self) -> DealState:
        """Shuffle and deal the next entry (seeded when the session has a seed)."""
        number = len(self.entries)
        names, dealer = self.table_for(number)
        rng = deal_rng(self.seed, number) if self.seed is not None else random.Random()
        deal = shuffle_and_deal(names, dealer, rng, self.profile)
        return DealState.from_deal(deal, self.profile)

    def _check_room(self) -> None:
        if self.is_over:
            raise IllegalAction(Explanation(self.profile.rule(Topic.SESSION), "record.too_many_deals",
                                            {"count": self.total_deals}))

    def _append(self, entry: DealEntry) -> LedgerRow:
        """Add an entry after checking it against the whole session; a refusal changes nothing."""
        self._check_room()
        rows, _t = self._walk(self.entries + [entry])
        self.entries.append(entry)
        return rows[-1]

    def add_played(self, state: DealState) -> LedgerRow:
        """Record a played deal (it must be decided); returns its ledger row."""
        self._check_room()
        if state.profile.name != self.profile.name or state.profile.ladder != self.profile.ladder:
            raise IllegalAction(Explanation(self.profile.rule(Topic.STAKES), "session.wrong_profile",
                                            {"deal_profile": state.profile.name, "profile": self.profile.name}))
        entry = PlayedDeal(state)
        entry.settlement()  # refuses an undecided deal before anything changes
        return self._append(entry)

    def add_misdeal(self) -> LedgerRow:
        """Record a misdeal (P2): the same dealer deals again, no payment, not a deal of the session."""
        self._check_room()
        names, dealer = self.table_for(len(self.entries))
        return self._append(MisdealEntry(names, dealer))

    def scored_entry(self, calls: Sequence[Call | str], declarer_tricks: int | None,
                     number: int | None = None, renege: str | None = None) -> ScoredDeal:
        """Check a real table's deal (calls, declarer's tricks or a renege) without recording it."""
        number = len(self.entries) if number is None else number
        names, dealer = self.table_for(number)
        auction = Auction.from_calls(names, dealer, calls, self.profile)
        p = self.profile
        if not auction.is_complete:
            raise IllegalAction(Explanation(p.rule(Topic.AUCTION_ORDER), "session.auction_incomplete",
                                            {"turn": names[auction.to_speak or 0]}))
        offender = None
        if renege is not None:
            if not p.reneges:
                raise RecordError(Explanation("record", "record.renege_profile", {"profile": p.name}))
            if auction.passed_out:
                raise IllegalAction(Explanation(p.rule(Topic.RENEGE), "renege.passed_out", {"player": renege}))
            if renege not in names:
                raise IllegalAction(Explanation(p.rule(Topic.RENEGE), "renege.not_player", {"player": renege}))
            if declarer_tricks is not None:
                raise RecordError(Explanation(p.rule(Topic.RENEGE), "record.tricks_renege", {"player": renege}))
            return ScoredDeal(auction, None, names.index(renege))
        if auction.passed_out:
            if declarer_tricks not in (None, 0):
                raise RecordError(Explanation(p.rule(Topic.PASSED_OUT), "record.tricks_passed", {}))
            declarer_tricks = None
        else:
            if declarer_tricks is None:
                raise RecordError(Explanation(p.rule(Topic.FIVE_TRICKS), "record.tricks_missing", {}))
            if isinstance(declarer_tricks, bool) or not isinstance(declarer_tricks, int) \
                    or not 0 <= declarer_tricks <= p.hand_size:
                raise RecordError(Explanation(p.rule(Topic.FIVE_TRICKS), "record.tricks",
                                              {"value": declarer_tricks, "most": p.hand_size}))
        return ScoredDeal(auction, declarer_tricks, offender)

    def add_scored(self, calls: Sequence[Call | str], declarer_tricks: int | None,
                   renege: str | None = None) -> LedgerRow:
        """Record a real table's deal; refuses impossible entries and changes nothing."""
        self._check_room()
        return self._append(self.scored_entry(calls, declarer_tricks, renege=renege))

    def replace_entry(self, index: int, entry: DealEntry) -> None:
        """Put ``entry`` at ``index``; refused (nothing changed) when the session no longer adds up."""
        if not 0 <= index < len(self.entries):
            raise IndexError(index)
        entries = list(self.entries)
        entries[index] = entry
        self._walk(entries)  # raises when a later entry no longer fits (e.g. who is out, P8)
        self.entries[index] = entry

    def replace_scored(self, index: int, calls: Sequence[Call | str], declarer_tricks: int | None,
                       renege: str | None = None) -> None:
        """Correct deal ``index`` of a scored session; later deals keep their entries."""
        if not 0 <= index < len(self.entries):
            raise IndexError(index)
        self.replace_entry(index, self.scored_entry(calls, declarer_tricks, index, renege))

    def remove_last(self) -> DealEntry:
        if not self.entries:
            raise IllegalAction(Explanation("B17", "undo.nothing", {}))
        return self.entries.pop()

    # --------------------------------------------------------------- ledger
    def ledger(self) -> list[LedgerRow]:
        """Every entry with its payments and the balances after it (sum zero, B16)."""
        return list(self._walk()[0])

    @property
    def balances(self) -> dict[str, int]:
        """Net result per player (sums to zero); with an ante, chips are ante plus this (see :attr:`chips`)."""
        return dict(self._table.balances)

    @property
    def antes(self) -> dict[str, int]:
        """Player -> antes paid (1 each at the start with an ante, more after re-antes; 0 without)."""
        return dict(self._table.antes)

    @property
    def chips(self) -> dict[str, int] | None:
        """Chips in front of each player (None when the table plays without an ante)."""
        if not self.ante:
            return None
        t = self._table
        return {p: self.ante * t.antes[p] + t.balances[p] for p in self.players}

    def check_chips(self) -> None:
        """Raise when the chips do not add up to the antes paid (P8) or balances do not sum to zero (B16)."""
        check_zero_sum(self.balances)
        chips = self.chips
        if chips is not None and sum(chips.values()) != self.ante * sum(self.antes.values()):
            raise ChipsError(f"chips {chips} differ from the antes paid")

    @property
    def deals_left(self) -> int:
        """Deals of the agreed length still to play (0 once they are all played or the session is over)."""
        if self.is_over or self.tie_break_due:
            return 0
        return max(0, self.total_deals - self.deals_played)

    def leaders(self) -> list[str]:
        """Players with the highest balance so far (the winners, once the session is over)."""
        b = self.balances
        top = max(b.values())
        return [p for p in self.players if b[p] == top]

    def standing(self) -> Explanation:
        """Where the session stands, in one explanation (B17, P8).

        Finished: who won ("session.won"). An extra hand due: who plays it.
        Not finished: who leads, with how much, and how many deals are left;
        nobody has won a session that is still being played.
        """
        p = self.profile
        if self.tie_break_due:
            return Explanation(p.rule(Topic.TIE_BREAK), "explain.tie_break_due", {"names": self.tie_break_due})
        leaders = self.leaders()
        top = self.balances[leaders[0]]
        facts = {"names": tuple(leaders), "count": len(leaders), "top": top, "left": self.deals_left,
                 "played": self.deals_played, "total": self.total_deals}
        if self.is_over:
            return Explanation(p.rule(Topic.SESSION), "session.won", facts)
        if not self.entries or all(v == 0 for v in self.balances.values()):
            return Explanation(p.rule(Topic.SESSION), "session.level", facts)
        return Explanation(p.rule(Topic.SESSION), "session.leads" if len(leaders) == 1 else "session.leads_level",
                           facts)

    def winners(self) -> list[str]:
        """Players with the highest balance; tied players share the win (B17).

        With chips this is the most chips less any extra antes paid (the same
        ranking as the most chips when nobody re-anted). Under P8, while an
        extra hand is due (:attr:`tie_break_due`), these are the tied players.
        """
        b = self.balances
        top = max(b.values())
        return [p for p in self.players if b[p] == top]
