"""Keeping the score of a real table (no widgets here).

The table plays with real cards; the scorekeeper enters, deal by deal, the
calls (in speaking order) and how many tricks the declarer took. Everything
else comes from the engine's :class:`Session`: whose deal it is, who speaks
first, whether the entry is possible at all, the payments, the balances and
the winners. A refused entry raises the engine's error and changes nothing;
an earlier deal can be corrected; the record is saved as "nap-session/1".

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

from .auction import Auction, Call
from .explain import Explanation, IllegalAction, IllegalCall
from .profiles import BRITISH, Profile
from .records import load_session, session_to_record
from .session import DEFAULT_DEALS, LedgerRow, ScoredDeal, Session
from .settlement import check_zero_sum

__all__ = ["Scorekeeper", "CallEntry", "MAX_RECORD_BYTES"]

CallEntry = Union[Call, str, tuple[str, Union[Call, str]]]
"""A call, or a (speaker name, call) pair when the speaker is given too."""

MAX_RECORD_BYTES = 200_000
"""Largest session record the scorekeeper loads (a long evening is a few kB)."""


class Scorekeeper:
    """Players in seat order, the first dealer, and the deals entered so far."""

    def __init__(self, players: Sequence[str], first_dealer: int | str = 0, profile: Profile = BRITISH,
                 deals: int | None = DEFAULT_DEALS, rotations: int | None = None) -> None:
        players = tuple(p.strip() if isinstance(p, str) else p for p in players)
        if isinstance(first_dealer, str):
            if first_dealer not in players:
                raise IllegalAction(Explanation(profile.rule("first_dealer"), "record.dealer",
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

    def whose_deal(self, number: int | None = None) -> str:
        """Dealer of deal ``number`` (0-based; default: the next deal)."""
        return self.players[self.session.dealer_for(self._number(number))]

    def speaking_order(self, number: int | None = None) -> tuple[str, ...]:
        """Who calls in deal ``number``, in order: from the dealer's left, the dealer last (B5)."""
        auction = Auction(self.players, self.session.dealer_for(self._number(number)), (), self.profile)
        return tuple(self.players[auction.speaker(i)] for i in range(self.n))

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
        auction = Auction(self.players, self.session.dealer_for(number), (), p)
        for entry in calls:
            speaker = None
            if isinstance(entry, tuple):
                speaker, entry = entry
            call = entry if isinstance(entry, Call) else Call.parse(entry, p)
            if speaker is not None:
                if speaker not in self.players:
                    raise IllegalAction(Explanation(p.rule("players"), "seat.unknown", {"player": speaker}))
                auction = auction.after(call, self.players.index(speaker))
            out.append(call)
        return out

    def check(self, calls: Sequence[CallEntry], tricks: int | None, number: int | None = None) -> ScoredDeal:
        """Check an entry for deal ``number`` without recording it (raises the engine's refusal)."""
        number = self._number(number)
        if not isinstance(calls, (list, tuple)):
            raise IllegalCall(Explanation(self.profile.rule("ladder"), "call.unknown", {"call": repr(calls)}))
        return self.session.scored_entry(self._calls(calls, number), tricks, number)

    def add(self, calls: Sequence[CallEntry], tricks: int | None) -> LedgerRow:
        """Record the next deal; a refused entry changes nothing."""
        plain = self._calls(calls, self.deals_entered) if isinstance(calls, (list, tuple)) else calls
        self.check(calls, tricks)
        return self.session.add_scored(plain, tricks)  # type: ignore[arg-type]

    def correct(self, index: int, calls: Sequence[CallEntry], tricks: int | None) -> LedgerRow:
        """Replace deal ``index`` (0-based); later deals keep their entries, the ledger is recounted."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.deals_entered:
            raise IndexError(index)
        self.check(calls, tricks, index)
        self.session.replace_scored(index, self._calls(calls, index), tricks)
        return self.ledger()[index]

    def remove_last(self) -> None:
        self.session.remove_last()

    def entry_calls(self, index: int) -> tuple[str, ...]:
        return tuple(c.name for c in self.session.entries[index].auction.calls)

    def entry_tricks(self, index: int) -> int | None:
        return self.session.entries[index].declarer_tricks

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
        """Check the balances sum to zero (B16); raises ZeroSumError when they do not."""
        check_zero_sum(self.balances)
        for row in self.ledger():
            check_zero_sum(row.settlement)
            check_zero_sum(row.balances)
        return True

    def history(self) -> list[dict[str, int]]:
        """Balances before the first deal and after each deal (for the chart)."""
        return [{p: 0 for p in self.players}] + [row.balances for row in self.ledger()]

    def explain_row(self, row: LedgerRow) -> tuple[Explanation, ...]:
        """What the deal came to, in the engine's words."""
        p = self.profile
        if row.declarer is None or row.contract is None:
            nxt = self.players[self.session.dealer_for(row.number)]
            return (Explanation(p.rule("passed_out"), "explain.passed_out", {"next_dealer": nxt}),)
        opponent = next(name for name in self.players if name != row.declarer)
        facts = {"declarer": row.declarer, "call": row.contract.name, "won": row.declarer_tricks,
                 "stake": abs(row.settlement[opponent]), "total": abs(row.settlement[row.declarer]),
                 "opponents": self.n - 1}
        return (
            Explanation(p.rule("stakes"), "explain.made" if row.made else "explain.failed", facts),
            Explanation(p.rule("balances"), "explain.zero_sum",
                        {"amounts": tuple((name, row.settlement[name]) for name in self.players)}),
        )

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
