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
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nap_teach.simulate import SimulationReport, parse_bots, report_json, simulate  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--bots", default="expert,simple")
    parser.add_argument("--seed", default="14")
    parser.add_argument("--profile", default="british")
    parser.add_argument("--out", required=True, help="JSON file rewritten after every deal")
    args = parser.parse_args(argv)
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


if __name__ == "__main__":
    sys.exit(main())
