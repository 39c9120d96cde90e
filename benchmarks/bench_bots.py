"""Bot benchmark: median time of one simple-bot decision, 7 players by default.

Plays seeded deals with simple bots at every seat and times each decision:
``decide`` alone (the bot's thinking) and ``view + decide`` (building the
seat's :class:`SeatView` too, as the play table does for every bot reply).
The play table's target is a median of at most 150 ms from the learner's
click to the bots' replies on screen at 7 players, so one decision should
take well under 5 ms::

    .venv/bin/python benchmarks/bench_bots.py                 # 7 players, 300 deals
    .venv/bin/python benchmarks/bench_bots.py --players 3 4 5 6 7 --deals 200
    .venv/bin/python benchmarks/bench_bots.py --profile pub
    .venv/bin/python benchmarks/bench_bots.py --bot expert --players 5 --deals 20

The expert bot (issue 14) samples 40 layouts per card (48 per call) and solves
each, within a budget of search nodes per decision; its target is a median
decision of at most 300 ms at 5 players, and the budget caps the tail. With
``--cpu`` the decisions are timed in CPU time of the process (one core), which
a machine shared with other work does not inflate.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nap_teach.ai.bots import get_bot  # noqa: E402
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal  # noqa: E402
from nap_teach.engine.profiles import get_profile  # noqa: E402
from nap_teach.engine.state import DealState  # noqa: E402

NAMES = ("A", "B", "C", "D", "E", "F", "G")
TARGET_MS = 5.0
TARGETS_MS = {"simple": TARGET_MS, "expert": 300.0}
"""Median budget of one decision: simple (7 players, play page), expert (5 players, issue 14)."""


def time_decisions(players: int, deals: int, profile: str = "british", seed: str = "bench-bots",
                   bot_name: str = "simple", cpu: bool = False
                   ) -> tuple[list[float], list[float], dict[str, list[float]]]:
    """Per-decision times in ms: decide only, view + decide, and decide by phase."""
    prof = get_profile(profile)
    bot = get_bot(bot_name, random.Random(seed))
    names = NAMES[:players]
    clock = time.process_time if cpu else time.perf_counter
    decide_ms: list[float] = []
    total_ms: list[float] = []
    by_phase: dict[str, list[float]] = {"auction": [], "play": []}
    for k in range(deals):
        state = DealState.from_deal(shuffle_and_deal(names, k % players, deal_rng(seed, k), prof), prof)
        while state.to_act is not None:
            seat = state.to_act
            t0 = clock()
            view = state.view(seat)
            t1 = clock()
            decision = bot.decide(view)
            t2 = clock()
            decide_ms.append((t2 - t1) * 1000)
            total_ms.append((t2 - t0) * 1000)
            by_phase[view.phase].append((t2 - t1) * 1000)
            state.push(decision.action)  # the bot chose among the legal actions
    return decide_ms, total_ms, by_phase


def _q(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="*", default=[7])
    parser.add_argument("--deals", type=int, default=300, help="deals per player count")
    parser.add_argument("--profile", default="british", choices=["british", "pub"])
    parser.add_argument("--bot", default="simple", choices=sorted(TARGETS_MS),
                        help="bot to time (expert: try --players 5 --deals 20)")
    parser.add_argument("--cpu", action="store_true", help="time in CPU time of the process, not wall time")
    args = parser.parse_args(argv)

    time_decisions(7, 20 if args.bot == "simple" else 1, args.profile, seed="warm-up", bot_name=args.bot)
    print(f"{args.bot} bot, profile {args.profile}, {args.deals} deals per table size, one core, "
          f"{'CPU' if args.cpu else 'wall'} time, Python {sys.version.split()[0]}")
    worst = 0.0
    for n in args.players:
        decide_ms, total_ms, by_phase = time_decisions(n, args.deals, args.profile, bot_name=args.bot, cpu=args.cpu)
        med = statistics.median(decide_ms)
        worst = max(worst, med)
        auction, play = by_phase["auction"], by_phase["play"]
        print(f"{n} players: {len(decide_ms):6} decisions; decide median {med:.3f} ms "
              f"(p90 {_q(decide_ms, 0.9):.3f}, max {max(decide_ms):.3f}); "
              f"view + decide median {statistics.median(total_ms):.3f} ms; "
              f"auction median {statistics.median(auction):.3f} ms (p90 {_q(auction, 0.9):.3f}, "
              f"max {max(auction):.3f}); play median {statistics.median(play):.3f} ms "
              f"(p90 {_q(play, 0.9):.3f}, max {max(play):.3f})")
        replies = (n - 1) * statistics.median(total_ms)
        print(f"           {n - 1} bot replies after one click: about {replies:.2f} ms of bot time")
    target = TARGETS_MS[args.bot]
    verdict = "meets" if worst < target else "MISSES"
    print(f"median decision {worst:.3f} ms: {verdict} the budget of {target:g} ms per decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
