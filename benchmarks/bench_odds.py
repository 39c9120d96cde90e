"""Odds lab timing (issue 14 part 5): one hand's answer at 4 players, 1,000 layouts (target <= 3 s).

Usage: .venv/bin/python benchmarks/bench_odds.py [--layouts 1000] [--hands 5] [--players 4] [--profile british]

Prints, per seeded random hand, the CPU time (process time) and the wall time of
:func:`nap_teach.ai.odds.call_odds`, then the median. Measured numbers: benchmarks/README.md.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from nap_teach.engine.cards import FULL_PACK
from nap_teach.ai.odds import call_odds
from nap_teach.engine.profiles import get_profile


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--layouts", type=int, default=1000)
    p.add_argument("--hands", type=int, default=5)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--profile", default="british")
    args = p.parse_args()
    prof = get_profile(args.profile)
    rng = random.Random(14)
    cpu, wall = [], []
    for i in range(args.hands):
        hand = rng.sample(FULL_PACK, 5)
        c0, w0 = time.process_time(), time.perf_counter()
        odds = call_odds(hand, args.players, prof, args.layouts, seed=i)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        made = ", ".join(f"{o.contract.name} {o.made}" for o in odds)
        print(f"hand {i + 1}: {' '.join(c.code for c in hand)}  cpu {cpu[-1]:.2f} s  wall {wall[-1]:.2f} s  ({made})")
    print(f"{args.profile}, {args.players} players, {args.layouts} layouts: median cpu {statistics.median(cpu):.2f} s, "
          f"max {max(cpu):.2f} s; median wall {statistics.median(wall):.2f} s")


if __name__ == "__main__":
    main()
