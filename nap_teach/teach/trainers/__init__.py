"""Small rule trainers, every answer computed by the engine (no widgets here).

Each trainer builds a tiny, legal position with the engine, asks it a
question and returns the answer together with the engine's own explanation:

- :func:`rotation`: who deals, cuts and speaks first in each deal (B2, B3, B5);
- :func:`auction_options`: given the calls so far, which calls are legal now, and why (B5-B9);
- :func:`follow_options`: given the card led and a hand, which cards may be played (B10, B11);
- :func:`judge_trick`: given trump and the cards played, who wins (B12);
- :func:`stop_check`: may the table stop early (B13);
- :func:`settlement`: players, contract, tricks won -> every payment and the zero sum (B15, B16).

:func:`build_position` is the common tool: a real :class:`DealState` in which
the requested trick is on the table, reached by legal calls and cards only.

One module per job:

- :mod:`.position`: example names, :func:`build_position` and the calls that lead to a contract;
- :mod:`.deal`: the rotation of the deal;
- :mod:`.auction`: the legal calls and random auctions;
- :mod:`.tricks`: following suit, the winner of a trick (also in Misère), stopping early;
- :mod:`.money`: settlements (also of a renege) and random sessions;
- :mod:`.demos`: the demonstrations of the pub profile's own rules (P1..P9);
- :mod:`.compare`: what differs between two profiles, one deal under two tariffs.

>>> from nap_teach.engine.cards import Suit, parse_cards
>>> t = judge_trick(("Ann", "Ben", "Cat"), Suit.SPADES, parse_cards("AH 2S KH"))
>>> t.winner_name, t.explanation.key
('Ben', 'explain.trick_trumped')
"""
from __future__ import annotations

from .auction import AuctionReport, CallOption, auction_options, random_calls, said
from .compare import Difference, TwoTariffs, profile_differences, two_tariffs
from .deal import DealTurn, rotation
from .demos import Demonstration, demonstration, demonstrations
from .money import (
    RenegeReport, SettlementReport, random_session, renege_settlement, settlement, winners_explanation,
)
from .position import NAMES, PositionError, build_position, calls_for, example_deal, refusal_of, table_names
from .tricks import (
    CardOption, FollowReport, MisereJudgement, StopReport, TrickJudgement, follow_options, judge_misere_trick,
    judge_trick, random_trick, stop_check,
)

__all__ = [
    "NAMES", "table_names", "build_position", "DealTurn", "rotation", "CallOption", "AuctionReport",
    "auction_options", "said", "CardOption", "FollowReport", "follow_options", "TrickJudgement", "judge_trick", "random_trick",
    "StopReport", "stop_check", "SettlementReport", "settlement", "calls_for", "PositionError",
    "random_calls", "random_session", "example_deal", "refusal_of",
    "MisereJudgement", "judge_misere_trick", "RenegeReport", "renege_settlement", "Demonstration", "demonstrations",
    "demonstration", "winners_explanation", "Difference", "profile_differences", "TwoTariffs", "two_tariffs",
]
