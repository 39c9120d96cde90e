"""The rotation trainer: who deals, cuts and speaks first in each deal (B2, B3, B5)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...engine.auction import Auction
from ...engine.dealing import Deal
from ...engine.explain import Explanation
from ...engine.profiles import BRITISH, Profile
from ...engine.rules import Topic
from ...engine.session import Session


@dataclass(frozen=True)
class DealTurn:
    """Deal ``number`` (1-based) of a session: who deals, cuts and speaks first."""

    number: int
    dealer: str
    cutter: str
    eldest: str
    order: tuple[str, ...]
    """Speaking (and dealing) order: from the dealer's left, the dealer last."""
    explanation: Explanation


def rotation(players: Sequence[str], first_dealer: int, deals: int, profile: Profile = BRITISH) -> list[DealTurn]:
    """The first ``deals`` deals of a session (the session checks the table, B1)."""
    session = Session(tuple(players), first_dealer, profile, deals_target=max(1, deals))
    out = []
    for i in range(deals):
        dealer = session.dealer_for(i)
        deal = Deal(session.players, dealer, (), ())
        auction = Auction(session.players, dealer, (), profile)
        order = tuple(session.players[auction.speaker(j)] for j in range(session.n))
        dealer_name, cutter, eldest = (session.players[dealer], session.players[deal.cutter],
                                       session.players[deal.eldest])
        facts = {"number": i + 1, "dealer": dealer_name, "cutter": cutter, "eldest": eldest}
        out.append(DealTurn(i + 1, dealer_name, cutter, eldest, order,
                            Explanation(profile.rule(Topic.ROTATION), "trainer.rotation", facts)))
    return out
