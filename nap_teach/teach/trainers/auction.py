"""The auction trainer: given the calls so far, which calls are legal now, and why (B5-B9)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from ...engine.auction import PASS, Auction, Call
from ...engine.explain import Explanation
from ...engine.profiles import BRITISH, Profile
from ...engine.rules import Topic
from ...engine.state import DealState


def said(players: Sequence[str], dealer: int, calls: Sequence[Call], profile: Profile = BRITISH) -> tuple[Explanation, ...]:
    """The calls as "Ann: Pass" facts in speaking order (for prompts and displays)."""
    auction = Auction(tuple(players), dealer, tuple(calls), profile)
    return tuple(Explanation(profile.rule(Topic.AUCTION_ORDER), "quiz.said",
                             {"player": players[auction.speaker(i)], "call": c.name})
                 for i, c in enumerate(calls))


@dataclass(frozen=True)
class CallOption:
    call: Call
    legal: bool
    explanations: tuple[Explanation, ...]
    """Why the call is refused (one), or what it means and brings about."""


@dataclass(frozen=True)
class AuctionReport:
    players: tuple[str, ...]
    dealer: int
    calls: tuple[Call, ...]
    to_speak: int | None
    options: tuple[CallOption, ...]
    history: tuple[Explanation, ...]
    """The calls so far as "Ann: Three" facts."""
    summary: tuple[Explanation, ...]
    """When everyone has spoken: the declarer, or that everyone passed."""

    @property
    def legal_calls(self) -> tuple[Call, ...]:
        return tuple(o.call for o in self.options if o.legal)


def auction_options(players: Sequence[str], dealer: int, calls: Sequence[Call | str],
                    profile: Profile = BRITISH) -> AuctionReport:
    """Which calls the next speaker may make, each with the engine's reason.

    ``calls`` must be legal (an illegal one raises the engine's :class:`RuleError`).
    """
    players = tuple(players)
    state = DealState(players, dealer, [()] * len(players), profile)
    for c in calls:
        state.apply(c if isinstance(c, Call) else Call.parse(c, profile))
    options = []
    for call in [PASS] + [Call(c.name) for c in profile.ladder]:
        why = state.refusal(call)
        if why is not None:
            options.append(CallOption(call, False, (why,)))
            continue
        after = state.copy()
        after.apply(call)
        options.append(CallOption(call, True, tuple(after.explain_last())))
    summary: tuple[Explanation, ...] = ()
    if state.auction.is_complete and state.actions:
        summary = tuple(e for e in state.explain_last() if e.key in ("explain.passed_out", "explain.declarer"))
    return AuctionReport(players, dealer, state.calls, state.auction.to_speak, tuple(options),
                         said(players, dealer, state.calls, profile), summary)


def random_calls(rng: random.Random, players: Sequence[str], dealer: int, count: int, profile: Profile,
                  pass_weight: float = 0.55) -> list[Call]:
    """``count`` legal calls chosen at random (each from the engine's legal calls)."""
    calls: list[Call] = []
    for _ in range(count):
        legal = auction_options(players, dealer, calls, profile).legal_calls
        bids = [c for c in legal if not c.is_pass]
        if not bids or rng.random() < pass_weight:
            calls.append(legal[0])
        else:
            calls.append(rng.choice(bids))
    return calls
