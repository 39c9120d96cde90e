"""Bot strength, duplicate style: ``simulate --rotate`` with the figures so far saved after every deal.

A long tournament on a shared machine may not finish in time; this one leaves,
after every deal, the JSON report of the deals played so far in ``--out``
(exactly what ``python -m nap_teach simulate --rotate --json`` prints for that
many deals, so any stopping point can be checked with that command)::

    .venv/bin/python benchmarks/bench_strength.py --players 4 --deals 500 \\
        --bots expert,simple,simple,simple --seed 14 --out /tmp/expert-4.json

Each deal is played once per seat with the bots moved one seat round each time:
every level holds every hand, so the luck of the cards cancels out and the 95%
intervals of the mean per seat per deal are narrower for the same work.

A long tournament can be split over the cores of a machine, one seed per core,
and its reports read as one tournament (their deals are different deals)::

    .venv/bin/python benchmarks/bench_strength.py --combine /tmp/expert-6-s14.json /tmp/expert-6-s15.json
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nap_teach.ai.simulate import SimulationReport, combine_levels, parse_bots, report_json, simulate  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--bots", default="expert,simple")
    parser.add_argument("--seed", default="14")
    parser.add_argument("--profile", default="british")
    parser.add_argument("--out", help="JSON file rewritten after every deal")
    parser.add_argument("--combine", nargs="+", metavar="REPORT", help="read these reports as one tournament")
    args = parser.parse_args(argv)
    if args.combine:
        return combine(args.combine)
    if not args.out:
        parser.error("--out is needed to run a tournament")
    bots = parse_bots(args.bots, args.players)
    out = Path(args.out)
    t0 = time.process_time()

    def save(report: SimulationReport) -> None:
        data = report_json(report)
        data["cpu_seconds"] = round(time.process_time() - t0, 1)
        tmp = out.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1))
        tmp.replace(out)

    report = simulate(args.players, args.deals, bots, args.seed, args.profile, rotate=True, progress=save)
    for level in report.by_level:
        mean, half = report.per_seat_per_deal(level)
        print(f"{level}: {mean:+.3f} per seat per deal (95% interval {mean - half:+.3f} to {mean + half:+.3f})")
    return 0


def combine(paths: list[str]) -> int:
    """Print the levels of several reports (different seeds of one table) as one tournament."""
    try:
        reports = [json.loads(Path(p).read_text()) for p in paths]
        levels = combine_levels(reports)
    except (OSError, ValueError, KeyError) as err:  # SimulationError is a ValueError
        print(f"cannot combine: {err}", file=sys.stderr)
        return 2
    first = reports[0]
    seeds = ", ".join(f"{r['seed']} ({r['deals']} deals)" for r in reports)
    print(f"{first['players']} players, {first['profile']}, {first['rotations']} seatings a deal; seeds {seeds}")
    for level, (mean, half, deals) in levels.items():
        print(f"{level}: {mean:+.3f} per seat per deal over {deals} deals "
              f"(95% interval {mean - half:+.3f} to {mean + half:+.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
