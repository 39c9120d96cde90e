"""Solver benchmark: exact open-hand solve of whole deals from the first lead, 3 to 7 players.

Each case is a seeded random deal (``shuffle_and_deal``), the seat left of the
dealer bids and everyone else passes, and :func:`nap_teach.ai.solver.solve` finds
the declarer's tricks with best play by everyone from the first lead, whose
card also chooses trump (B10). Figures are CPU time of this one process
(``time.process_time``) per solve, one core: median, 99th percentile and the
mean, beside the targets of issue 14 (medians: 3 players <= 1 ms, 4 players
<= 2 ms, 7 players <= 20 ms). The yes/no contract question (``can_make``) and
Misère (pub profile, no trump) are timed too::

    .venv/bin/python benchmarks/bench_solver.py              # 100 deals per table size
    .venv/bin/python benchmarks/bench_solver.py --deals 200  # the figures below
    .venv/bin/python benchmarks/bench_solver.py --deals 50 --players 3 4

Last measured 2026-12-01 on the project VM (2 cores shared by six sessions,
load average about 3 while measuring), .venv Python 3.11.7, 200 deals per size
(ms of CPU time per solve):

    players                    3       4       5       6       7
    solve() median          0.52    0.91    1.06    1.20    1.63
    solve() p99             2.0    19      83     641    3194
    solve() mean            0.58    1.70    3.88   17.7    104
    can_make(Nap) median    0.09    0.06    0.08    0.05    0.06
    can_make(Misère) median 0.16    0.52    4.02   12.9      -
    can_make(Misère) p99    2.2    13      90     846       -
    solve(Misère) median    0.66    2.75   20.1      -       -

The medians meet the targets (3 players 1 ms, 4 players 2 ms, 7 players 20 ms).
The tail at 6 and 7 players is long: when the declarer makes a trick or two,
proving it means answering every combination of five or six defenders' cards.
Misère (no trump, so no sure-trump bounds) is the slowest; its rows stop at 6
players (``--misere-max``) and the exact Misère count at 5 (``--misere-exact``).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nap_teach.engine import COMPILED  # noqa: E402
from nap_teach.engine.auction import Call  # noqa: E402
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal  # noqa: E402
from nap_teach.engine.profiles import BRITISH, PUB, Profile  # noqa: E402
from nap_teach.ai.solver import Position, can_make, solve  # noqa: E402
from nap_teach.engine.state import DealState  # noqa: E402

NAMES = ("A", "B", "C", "D", "E", "F", "G")
TARGETS_MS = {3: 1.0, 4: 2.0, 7: 20.0}


def first_leads(n: int, deals: int, profile: Profile, bid: str, seed: str = "bench") -> list[Position]:
    """Seeded deals, ``bid`` by the seat left of the dealer, all others pass: the first lead's position."""
    out = []
    for k in range(deals):
        rng = deal_rng(f"{seed}-{n}", k)
        state = DealState.from_deal(shuffle_and_deal(NAMES[:n], k % n, rng, profile), profile)
        state.apply(Call.parse(bid, profile))
        for _ in range(n - 1):
            state.apply(Call.parse("Pass", profile))
        out.append(Position.from_state(state))
    return out


def timings(positions: list[Position], fn: Callable[[Position], object]) -> list[float]:
    """CPU seconds of ``fn`` on each position (each solved from scratch)."""
    out = []
    for pos in positions:
        t0 = time.process_time()
        fn(pos)
        out.append(time.process_time() - t0)
    return out


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def line(label: str, ts: list[float], target: float | None = None) -> str:
    med = statistics.median(ts) * 1e3
    text = (f"{label:<28} median {med:8.2f} ms   p99 {quantile(ts, 0.99) * 1e3:9.2f} ms"
            f"   mean {statistics.fmean(ts) * 1e3:8.2f} ms   max {max(ts) * 1e3:9.2f} ms")
    if target is not None:
        text += f"   target median <= {target:g} ms: {'met' if med <= target else 'NOT MET'}"
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="seeded deals per table size")
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6, 7])
    parser.add_argument("--misere-max", type=int, default=6,
                        help="largest table for the Misère rows (7 players takes minutes)")
    parser.add_argument("--misere-exact", type=int, default=5,
                        help="largest table for the exact Misère count (slow beyond: no trump, no sure tricks)")
    parser.add_argument("--profile", action="store_true", help="profile 4-player solves with cProfile instead")
    args = parser.parse_args(argv)

    if args.profile:
        import cProfile
        import pstats

        positions = first_leads(4, args.deals, BRITISH, "Three")
        cProfile.runctx("timings(positions, solve)", globals(), {"positions": positions}, "/tmp/nap_solver.prof")
        pstats.Stats("/tmp/nap_solver.prof").sort_stats("tottime").print_stats(15)
        return 0

    timings(first_leads(3, 20, BRITISH, "Three", seed="warm"), solve)  # warm up
    print(f"exact solve from the first lead (trump chosen by it), {args.deals} seeded deals per table size,"
          f" CPU time per solve, one core; Python {sys.version.split()[0]},"
          f" {'compiled by mypyc' if COMPILED else 'pure Python'}")
    for n in args.players:
        british = first_leads(n, args.deals, BRITISH, "Three")
        print(line(f"{n} players solve()", timings(british, solve), TARGETS_MS.get(n)))
        naps = [Position(p.hands, p.leader, p.trick, p.trump, p.declarer, BRITISH.contract("Nap"), p.won,
                         p.trump_open) for p in british]
        print(line(f"{n} players can_make(Nap)", timings(naps, can_make)))
        if n > args.misere_max:
            continue
        misere = first_leads(n, args.deals, PUB, "Misere")
        print(line(f"{n} players can_make(Misère)", timings(misere, can_make)))
        if n <= args.misere_exact:
            print(line(f"{n} players solve(Misère)", timings(misere, solve)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
