"""Trainers of the money: every payment of a deal (B15, B16) or of a renege (P7), and random sessions."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Mapping, Sequence

from ...engine.auction import Auction
from ...engine.explain import Explanation
from ...words.i18n import translator
from ...engine.profiles import BRITISH, Contract, Profile
from ...engine.rules import Topic
from ...engine.session import Session
from ...engine.settlement import check_zero_sum
from .auction import random_calls
from .position import calls_for
from ..scorekeeper import Scorekeeper


# ------------------------------------------------------------------ settlement
@dataclass(frozen=True)
class SettlementReport:
    players: tuple[str, ...]
    declarer: int
    contract: Contract
    tricks: int
    made: bool
    amounts: dict[str, int]
    explanations: tuple[Explanation, ...]

    @property
    def total(self) -> int:
        return sum(self.amounts.values())


def settlement(players: Sequence[str], declarer: int, contract: Contract | str, tricks: int,
               profile: Profile = BRITISH) -> SettlementReport:
    """Every payment of one deal, as a scorekeeper's session settles it (B15, B16)."""
    if isinstance(contract, str):
        contract = profile.contract(contract)
    session = Session(tuple(players), declarer, profile, deals_target=1)
    row = session.add_scored(calls_for(profile, contract, session.n), tricks)
    amounts = dict(row.settlement)
    check_zero_sum(amounts)
    assert row.made is not None
    name = session.players[declarer]
    stake = abs(amounts[session.players[(declarer + 1) % session.n]])
    facts = {"declarer": name, "call": contract.name, "won": tricks, "stake": stake,
             "total": abs(amounts[name]), "opponents": session.n - 1}
    expls = (
        Explanation(profile.rule(Topic.STAKES), "explain.made" if row.made else "explain.failed", facts),
        Explanation(profile.rule(Topic.BALANCES), "explain.zero_sum",
                    {"amounts": tuple((p, amounts[p]) for p in session.players)}),
    )
    return SettlementReport(session.players, declarer, contract, tricks, row.made, amounts, expls)


def winners_explanation(profile: Profile, balances: Mapping[str, int], winners: Sequence[str]) -> Explanation:
    """Why ``winners`` win the session: theirs is the highest balance (B17); the amount as an English fact."""
    return Explanation(profile.rule(Topic.SESSION), "quiz.winners_why",
                       {"top": translator("en").amount(balances[winners[0]]), "names": tuple(winners),
                        "count": len(winners)})


def random_session(rng: random.Random, p: Profile, players: Sequence[str], deals: int) -> Session:
    """A session of ``deals`` scored deals with random legal calls and tricks (examples, quizzes)."""
    session = Session(tuple(players), rng.randrange(len(players)), p, deals_target=deals)
    for _ in range(deals):
        n = session.n
        calls = random_calls(rng, players, session.next_dealer, n, p, pass_weight=0.6)
        auction = Auction(tuple(players), session.next_dealer, tuple(calls), p)
        tricks = None if auction.passed_out else rng.randint(0, 5)
        session.add_scored(calls, tricks)
    return session


@dataclass(frozen=True)
class RenegeReport:
    """What a renege costs (P7): every payment and the engine's explanation."""

    players: tuple[str, ...]
    declarer: int
    contract: Contract
    offender: int
    amounts: dict[str, int]
    explanations: tuple[Explanation, ...]


def renege_settlement(players: Sequence[str], declarer: int, contract: Contract | str, offender: int,
                      profile: Profile) -> RenegeReport:
    """The payments when ``offender`` reneged in ``declarer``'s contract, as a scorekeeper's session settles it."""
    if isinstance(contract, str):
        contract = profile.contract(contract)
    players = tuple(players)
    keeper = Scorekeeper(players, declarer, profile, deals=1)
    names, _dealer = keeper.table()
    row = keeper.add(calls_for(profile, contract, len(players)), None, renege=players[offender])
    return RenegeReport(players, declarer, contract, offender, dict(row.settlement), keeper.explain_row(row))
