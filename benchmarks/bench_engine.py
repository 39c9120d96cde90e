"""Engine benchmark: complete random deals per second, for 3 to 7 players.

One deal = shuffle and deal (B3), an auction with random legal calls, and the
play with random legal cards to the end (or nothing, if everyone passed).
Only the public API is used: ``shuffle_and_deal``, ``DealState.from_deal``,
``legal_calls``, ``legal_cards`` and ``apply``.

Each figure is the median of several timed runs on one core::

    .venv/bin/python benchmarks/bench_engine.py            # 5 runs of 2 s
    .venv/bin/python benchmarks/bench_engine.py --runs 3 --seconds 1 --players 4
    .venv/bin/python benchmarks/bench_engine.py --profile  # cProfile, 4 players

The target is at least 10,000 four-player deals per second. Figures are CPU
time of this one process (``time.process_time``), so other programs on a busy
machine do not count; the wall-clock median is printed alongside.

Last measured 2026-11-29 on the project VM (2 cores, AMD EPYC, load about 1),
median deals per second of 5 runs of 2 s, before (engine of commit 25d380e)
and after the hot-path work:

    players                          3       4       5       6       7
    .venv Python 3.11.7 before   3,211   2,459   1,949   1,726   1,432
    .venv Python 3.11.7 after   12,062  10,380   8,468   7,669   6,703
    Debian Python 3.11.2 before  4,877   3,832   3,139   2,504   2,240
    Debian Python 3.11.2 after  17,413  14,753  12,444  11,034   9,836

The venv's Python is a pyenv build (no PGO, shared library); Debian's
/usr/bin/python3.11 is built with PGO and LTO and runs the same engine about
40% faster: ``/usr/bin/python3.11 benchmarks/bench_engine.py``.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nap_teach.dealing import deal_rng, shuffle_and_deal  # noqa: E402
from nap_teach.state import DealState  # noqa: E402

NAMES = ("A", "B", "C", "D", "E", "F", "G")
TARGET_4 = 10_000


def play_one(players: tuple[str, ...], dealer: int, rng: random.Random) -> DealState:
    """One complete deal with random legal choices; returns the finished state."""
    state = DealState.from_deal(shuffle_and_deal(players, dealer, rng))
    random_ = rng.random  # a uniform pick, like rng.choice but cheaper
    push, legal_calls, legal_cards = state.push, state.legal_calls, state.legal_cards
    calls = legal_calls()
    while calls:
        push(calls[int(random_() * len(calls))])  # chosen from the legal list: the unchecked push
        calls = legal_calls()
    cards = legal_cards()
    while cards:
        push(cards[int(random_() * len(cards))])
        cards = legal_cards()
    return state


def deals_per_second(n: int, seconds: float, seed: int = 0) -> tuple[float, float]:
    """Play deals for about ``seconds`` of CPU time; return (deals per CPU second, per wall second).

    CPU time (``time.process_time``) is what one core spends on the deals; it
    does not count time the process waits while other programs run, so it is
    the steadier figure on a shared machine. Wall-clock is reported alongside.
    """
    players = NAMES[:n]
    rng = deal_rng(f"bench-{seed}", n)
    done = 0
    dealer = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    deadline = cpu0 + seconds
    while True:
        for _ in range(100):
            play_one(players, dealer, rng)
            dealer = (dealer + 1) % n
        done += 100
        cpu = time.process_time()
        if cpu >= deadline:
            return done / (cpu - cpu0), done / (time.perf_counter() - wall0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs per player count (median reported)")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6, 7])
    parser.add_argument("--profile", action="store_true", help="profile 4-player deals with cProfile instead")
    args = parser.parse_args(argv)

    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("deals_per_second(4, args.seconds)", globals(), {"args": args}, "/tmp/nap_bench.prof")
        pstats.Stats("/tmp/nap_bench.prof").sort_stats("tottime").print_stats(25)
        return 0

    deals_per_second(4, 0.3)  # warm up
    print(f"complete random deals per second, median of {args.runs} runs of {args.seconds:g} s of CPU time, one core")
    print(f"Python {sys.version.split()[0]}")
    medians = {}
    for n in args.players:
        runs = [deals_per_second(n, args.seconds, seed=r) for r in range(args.runs)]
        rates = [cpu for cpu, _ in runs]
        medians[n] = statistics.median(rates)
        wall = statistics.median(w for _, w in runs)
        print(f"{n} players: {medians[n]:>9,.0f} deals/s  (min {min(rates):,.0f}, max {max(rates):,.0f};"
              f" wall-clock median {wall:,.0f})")
    if 4 in medians:
        verdict = "meets" if medians[4] >= TARGET_4 else "is BELOW"
        print(f"4 players {verdict} the target of {TARGET_4:,} deals/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
