"""Keeping the score of a real table (no widgets here).

The table plays with real cards; the scorekeeper enters, deal by deal, the
calls (in speaking order) and how many tricks the declarer took. Everything
else comes from the engine's :class:`Session`: whose deal it is, who speaks
first, whether the entry is possible at all, the payments, the balances and
the winners. A refused entry raises the engine's error and changes nothing;
an earlier deal can be corrected; the record is saved as "nap-session/1".

Under the pub rules (P2, P7, P8) the scorekeeper also records a misdeal
(:meth:`Scorekeeper.misdeal`: the same dealer deals again, nobody pays, it
does not count), a renege instead of the tricks (``add(calls, renege="Ben")``),
chips from an ante (the profile's table options), and, when 3 or more players
are level after the agreed deals, their extra hand, entered like any deal
among those players.

>>> keeper = Scorekeeper(["Ann", "Ben", "Cat", "Dan"], first_dealer=3)
>>> keeper.whose_deal(), keeper.speaks_first()
('Dan', 'Ann')
>>> row = keeper.add(["Four", "Pass", "Pass", "Pass"], 4)
>>> row.settlement
{'Ann': 12, 'Ben': -4, 'Cat': -4, 'Dan': -4}
>>> keeper.whose_deal()
'Ann'
"""
from __future__ import annotations

import json
from typing import Any, Sequence, Union

from ..engine.auction import Auction, Call
from ..engine.cards import Card
from ..engine.explain import Explanation, IllegalAction, IllegalCall
from ..engine.state import DealState
from ..engine.profiles import BRITISH, Profile
from ..engine.records import hand_from_record, load_session, parse_json, session_to_record
from ..engine.rules import Topic
from ..engine.session import DEFAULT_DEALS, MISDEAL, TIE_BREAK, LedgerRow, MisdealEntry, ScoredDeal, Session, \
    first_dealer_from_cards
from ..engine.settlement import check_zero_sum

__all__ = ["Scorekeeper", "CallEntry", "MAX_RECORD_BYTES", "MAX_PLAYER_NAME"]

CallEntry = Union[Call, str, tuple[str, Union[Call, str]]]
"""A call, or a (speaker name, call) pair when the speaker is given too."""

MAX_RECORD_BYTES = 200_000
"""Largest session record the scorekeeper loads (a long evening is a few kB)."""


MAX_PLAYER_NAME = 30
"""Longest player name the scorekeeper takes (the ledger's columns and the chart's legend stay readable)."""


class Scorekeeper:
    """Players in seat order, the first dealer, and the deals entered so far."""

    def __init__(self, players: Sequence[str], first_dealer: int | str = 0, profile: Profile = BRITISH,
                 deals: int | None = DEFAULT_DEALS, rotations: int | None = None) -> None:
        players = tuple(" ".join(p.split()) if isinstance(p, str) else p for p in players)
        seen: dict[str, str] = {}
        for p in players:
            if not isinstance(p, str):
                continue
            if len(p) > MAX_PLAYER_NAME:
                raise IllegalAction(Explanation(profile.rule(Topic.PLAYERS), "scorekeeper.long_name",
                                                {"most": MAX_PLAYER_NAME, "name": p[:MAX_PLAYER_NAME]}))
            if p.casefold() in seen:  # "Ann" and "ann" are one person at a table
                raise IllegalAction(Explanation(profile.rule(Topic.PLAYERS), "scorekeeper.same_name",
                                                {"name": seen[p.casefold()], "other": p}))
            seen[p.casefold()] = p
        if isinstance(first_dealer, str):
            if first_dealer not in players:
                raise IllegalAction(Explanation(profile.rule(Topic.FIRST_DEALER), "record.dealer",
                                                {"dealer": first_dealer}))
            first_dealer = players.index(first_dealer)
        self.session = Session(players, first_dealer, profile, deals, rotations)

    @classmethod
    def from_session(cls, session: Session) -> "Scorekeeper":
        keeper = cls.__new__(cls)
        keeper.session = session
        return keeper

    # ------------------------------------------------------------ the table
    @property
    def players(self) -> tuple[str, ...]:
        return self.session.players

    @property
    def profile(self) -> Profile:
        return self.session.profile

    @property
    def n(self) -> int:
        return self.session.n

    @property
    def deals_entered(self) -> int:
        return len(self.session.entries)

    @property
    def total_deals(self) -> int:
        return self.session.total_deals

    @property
    def is_over(self) -> bool:
        return self.session.is_over

    def _number(self, number: int | None) -> int:
        return self.deals_entered if number is None else number

    @property
    def deals_played(self) -> int:
        """Deals of the agreed length entered (misdeals and extra hands not counted)."""
        return self.session.deals_played

    @property
    def tie_break_due(self) -> tuple[str, ...]:
        """The tied players when their extra hand is due (P8), else ()."""
        return self.session.tie_break_due

    @property
    def chips(self) -> dict[str, int] | None:
        return self.session.chips

    @property
    def active_players(self) -> tuple[str, ...]:
        return self.session.active_players

    def table(self, number: int | None = None) -> tuple[tuple[str, ...], int]:
        """(players, dealer index) of entry ``number``: everyone still in, or the tied players."""
        return self.session.table_for(self._number(number))

    def whose_deal(self, number: int | None = None) -> str:
        """Dealer of deal ``number`` (0-based; default: the next deal)."""
        return self.players[self.session.dealer_for(self._number(number))]

    def speaking_order(self, number: int | None = None) -> tuple[str, ...]:
        """Who calls in deal ``number``, in order: from the dealer's left, the dealer last (B5)."""
        names, dealer = self.table(number)
        auction = Auction(names, dealer, (), self.profile)
        return tuple(names[auction.speaker(i)] for i in range(len(names)))

    def speaks_first(self, number: int | None = None) -> str:
        return self.speaking_order(number)[0]

    def call_names(self) -> tuple[str, ...]:
        """"Pass" and the profile's ladder, lowest first."""
        return ("Pass",) + tuple(c.name for c in self.profile.ladder)

    # -------------------------------------------------------------- entries
    def _calls(self, calls: Sequence[CallEntry], number: int) -> list[Call]:
        """Plain calls; (speaker, call) pairs are checked against the speaking order first."""
        p = self.profile
        out: list[Call] = []
        names, dealer = self.session.table_for(number)
        auction = Auction(names, dealer, (), p)
        for entry in calls:
            speaker = None
            if isinstance(entry, tuple):
                speaker, entry = entry
            call = entry if isinstance(entry, Call) else Call.parse(entry, p)
            if speaker is not None:
                if speaker not in self.players:
                    raise IllegalAction(Explanation(p.rule(Topic.PLAYERS), "seat.unknown", {"player": speaker}))
                if speaker not in names:
                    if self._in_tie_break(number):
                        raise IllegalAction(Explanation(p.rule(Topic.TIE_BREAK), "session.tie_break_players",
                                                        {"names": names}))
                    raise IllegalAction(Explanation(p.rule(Topic.SESSION), "session.wrong_players", {"names": names}))
                auction = auction.after(call, names.index(speaker))
            out.append(call)
        return out

    def _in_tie_break(self, number: int) -> bool:
        if number < self.deals_entered:
            return self.ledger()[number].tie_break
        return bool(self.tie_break_due)

    def check(self, calls: Sequence[CallEntry], tricks: int | None, number: int | None = None,
              renege: str | None = None) -> ScoredDeal:
        """Check an entry for deal ``number`` without recording it (raises the engine's refusal)."""
        number = self._number(number)
        if not isinstance(calls, (list, tuple)):
            raise IllegalCall(Explanation(self.profile.rule(Topic.LADDER), "call.unknown", {"call": repr(calls)}))
        return self.session.scored_entry(self._calls(calls, number), tricks, number, renege)

    def add(self, calls: Sequence[CallEntry], tricks: int | None = None, renege: str | None = None) -> LedgerRow:
        """Record the next deal (its tricks, or who reneged, P7); a refused entry changes nothing."""
        plain = self._calls(calls, self.deals_entered) if isinstance(calls, (list, tuple)) else []
        self.check(calls, tricks, renege=renege)  # refuses anything but a list or tuple of calls
        return self.session.add_scored(plain, tricks, renege)

    def misdeal(self) -> LedgerRow:
        """Record a misdeal (P2): the same dealer deals again; no payment; not a deal of the session."""
        return self.session.add_misdeal()

    def correct(self, index: int, calls: Sequence[CallEntry], tricks: int | None = None,
                renege: str | None = None) -> LedgerRow:
        """Replace deal ``index`` (0-based); later deals keep their entries, the ledger is recounted."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.deals_entered:
            raise IndexError(index)
        self.check(calls, tricks, index, renege)
        self.session.replace_scored(index, self._calls(calls, index), tricks, renege)
        return self.ledger()[index]

    def remove_last(self) -> None:
        self.session.remove_last()

    def entry_kind(self, index: int) -> str:
        """"deal", "misdeal" or "tie_break" for entry ``index``."""
        return self.ledger()[index].kind

    def entry_calls(self, index: int) -> tuple[str, ...]:
        entry = self.session.entries[index]
        if isinstance(entry, MisdealEntry):
            return ()
        return tuple(c.name for c in entry.auction.calls)

    def entry_tricks(self, index: int) -> int | None:
        return self.session.entries[index].declarer_tricks

    def entry_renege(self, index: int) -> str | None:
        return self.ledger()[index].renege

    def first_dealer_by_cards(self, cards: dict[str, Card]) -> str:
        """The player who drew the lowest card (aces low, P1); a tie is refused: those players draw again."""
        seat, _why = first_dealer_from_cards(self.players, cards, self.profile)
        return self.players[seat]

    # --------------------------------------------------------------- ledger
    def ledger(self) -> list[LedgerRow]:
        return self.session.ledger()

    @property
    def balances(self) -> dict[str, int]:
        return self.session.balances

    def winners(self) -> list[str]:
        """The players with the highest balance (ties share the win, B17)."""
        return self.session.winners()

    def zero_sum(self) -> bool:
        """Check the balances sum to zero (B16) and the chips equal the antes paid (P8); raises otherwise."""
        check_zero_sum(self.balances)
        for row in self.ledger():
            check_zero_sum(row.settlement)
            check_zero_sum(row.balances)
        self.session.check_chips()
        return True

    def history(self) -> list[dict[str, int]]:
        """Balances before the first deal and after each deal (for the chart)."""
        return [{p: 0 for p in self.players}] + [row.balances for row in self.ledger()]

    def chip_history(self) -> list[dict[str, int]] | None:
        """Chips at the start and after each deal (None when the table plays without an ante)."""
        if not self.session.ante:
            return None
        start = {p: self.session.ante for p in self.players}
        return [start] + [dict(row.chips or {}) for row in self.ledger()]

    def explain_row(self, row: LedgerRow) -> tuple[Explanation, ...]:
        """What the deal came to, in the engine's words."""
        p = self.profile
        if row.kind == MISDEAL:
            return (Explanation(p.rule(Topic.MISDEAL), "explain.misdeal", {"dealer": row.dealer}),)
        out: list[Explanation] = []
        if row.kind == TIE_BREAK:
            out.append(Explanation(p.rule(Topic.TIE_BREAK), "explain.tie_break_hand", {"names": row.players}))
        if row.declarer is None or row.contract is None:
            nxt = self.players[self.session.dealer_for(row.number)]
            out.append(Explanation(p.rule(Topic.PASSED_OUT), "explain.passed_out", {"next_dealer": nxt}))
        else:
            opponents = len(row.players or self.players) - 1
            c = row.contract
            if row.renege is not None:
                offender = row.renege
                if offender == row.declarer:
                    key, stake = "explain.renege_declarer", c.failed
                else:
                    key = "explain.renege_defender" if p.options.get("renege_share", "full") == "full" \
                        else "explain.renege_defender_one"
                    stake = c.made
                facts = {"offender": offender, "declarer": row.declarer, "call": c.name, "stake": stake,
                         "total": abs(row.settlement[offender]), "opponents": opponents}
                out.append(Explanation(p.rule(Topic.RENEGE), key, facts))
            else:
                stake = c.made if row.made else c.failed
                facts = {"declarer": row.declarer, "call": c.name, "won": row.declarer_tricks,
                         "stake": stake, "total": abs(row.settlement[row.declarer]), "opponents": opponents}
                out.append(Explanation(p.rule(Topic.STAKES), "explain.made" if row.made else "explain.failed", facts))
            out.append(Explanation(p.rule(Topic.BALANCES), "explain.zero_sum",
                                   {"amounts": tuple((name, row.settlement[name]) for name in row.players
                                                     or self.players)}))
        out.extend(self.session.chips_notes(row))  # re-antes, players out, a shortfall (P8)
        return tuple(out)

    def chips_explanation(self) -> Explanation | None:
        """The chips on the table and the antes they come from (P8), or None without an ante."""
        chips = self.chips
        if chips is None:
            return None
        antes = sum(self.session.antes.values())
        listed = ", ".join(f"{name} {value}" for name, value in chips.items())
        return Explanation(self.profile.rule(Topic.CHIPS), "explain.chips",
                           {"chips": listed, "total": sum(chips.values()), "antes": antes})

    def ending(self) -> Explanation | None:
        """Under P8, what the level players at the top do: an extra hand (3 or more) or share (2)."""
        p = self.profile
        if not p.tie_break:
            return None
        if self.tie_break_due:
            return Explanation(p.rule(Topic.TIE_BREAK), "explain.tie_break_due", {"names": self.tie_break_due})
        winners = self.winners()
        if self.is_over and len(winners) == 2:
            return Explanation(p.rule(Topic.TIE_BREAK), "explain.tie_shared", {"names": tuple(winners)})
        return None

    # ----------------------------------------------------------------- files
    def to_record(self) -> dict[str, Any]:
        return session_to_record(self.session)

    def save(self) -> str:
        """The "nap-session/1" record as JSON text."""
        return json.dumps(self.to_record(), ensure_ascii=False, indent=2) + "\n"

    @classmethod
    def load(cls, text: str | bytes) -> "Scorekeeper":
        """Rebuild from a "nap-session/1" record; every deal is checked again."""
        return cls.from_session(load_session(text))

    @staticmethod
    def read_hand(text: str | bytes) -> DealState | None:
        """The deal of a single-deal file ("nap-hand/1", checked by the engine); None for any other record."""
        record = parse_json(text)
        if isinstance(record, dict) and record.get("format") == "nap-hand/1":
            return hand_from_record(record)
        return None

    @classmethod
    def from_hand(cls, state: DealState, deals: int | None = DEFAULT_DEALS) -> "Scorekeeper":
        """A new session of ``deals`` deals whose first deal is ``state`` (its players, dealer and rules)."""
        keeper = cls(state.players, state.dealer, state.profile, deals)
        keeper.add_hand(state)
        return keeper

    def add_hand(self, state: DealState) -> LedgerRow:
        """Add a deal played card by card (a single-deal file) as the session's next deal.

        Refused, nothing changed, when it was not dealt at the table the session expects next
        (the same players, the dealer whose turn it is: B2), under another profile, or not decided.
        """
        players, dealer = self.session.table_for(len(self.session.entries))
        if tuple(state.players) != tuple(players) or state.dealer != dealer:
            number = len(self.session.entries) + 1
            raise IllegalAction(Explanation(self.profile.rule(Topic.ROTATION), "scorekeeper.hand_table", {
                "deal": number, "players": tuple(players), "dealer": players[dealer],
                "hand_players": tuple(state.players), "hand_dealer": state.players[state.dealer]}))
        return self.session.add_played(state)
