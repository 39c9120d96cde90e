"""Which yes/no searches run long, and what do they answer? The measure behind the expert's search cap.

A bidder asks each sampled layout, for every first lead, whether the declarer
reaches Three (then Four): one null-window search per lead and target. This
script deals hands that the simple bot finds worth a look (its estimate for
Three at least ``--strong``), samples layouts of the other hands, runs every
such search to its end and sorts them by the nodes they needed: at most
``--cap`` (short) or more (long). It prints, per table size and target, how
many searches of each kind there were and how many of them found the contract
made, with the node counts (median, 90th percentile, most)::

    .venv/bin/python benchmarks/bench_long_searches.py                  # 4, 5 and 6 players
    .venv/bin/python benchmarks/bench_long_searches.py --players 6 --cap 3000

Why long searches are mostly "made": proving that the declarer reaches a
target means answering every card of every defender, trick after trick;
refuting it needs one line of the defenders against the declarer's few
choices. The expert (``bots/expert.py: SEARCH_NODES``) therefore stops a
search at the cap and counts it as made.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nap_teach.ai.bots.simple import plan_hand  # noqa: E402
from nap_teach.engine.cards import FULL_PACK  # noqa: E402
from nap_teach.engine.profiles import get_profile  # noqa: E402
from nap_teach.ai.solver import NodeBudget, Position, mask_of  # noqa: E402
from nap_teach.ai.solver.search import Search  # noqa: E402


def measure(players: int, hands: int, layouts: int, cap: int, strong: float, seed: int) -> dict:
    """Per target: [short searches, short made, long searches, long made] and every search's nodes."""
    prof = get_profile("british")
    three = prof.contract("Three")
    rng = random.Random(seed)
    pack = list(FULL_PACK)
    size = prof.hand_size
    tally: dict[int, list[int]] = {3: [0, 0, 0, 0], 4: [0, 0, 0, 0]}
    nodes: list[int] = []
    done = 0
    while done < hands:
        rng.shuffle(pack)
        mine = pack[:size]
        if plan_hand(mine, players, 3).make_chance(three) < strong:
            continue
        done += 1
        rest = pack[size:]
        for _ in range(layouts):
            rng.shuffle(rest)
            masks = (mask_of(mine),) + tuple(mask_of(rest[size * j:size * (j + 1)]) for j in range(players - 1))
            budget = NodeBudget(1 << 62)
            search = Search(Position(masks, 0, (), None, 0, three, 0, True), budget)
            for lead in search.choices():
                for target in (3, 4):
                    before = budget.used
                    made = search.value_after(lead, target - 1, target) >= target
                    used = budget.used - before
                    nodes.append(used)
                    row = tally[target]
                    at = 0 if used <= cap else 2
                    row[at] += 1
                    row[at + 1] += made
                    if not made:
                        break  # a lead that misses Three misses Four too
    return {"tally": tally, "nodes": nodes}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[4, 5, 6])
    parser.add_argument("--hands", type=int, default=24, help="bidders' hands per table size")
    parser.add_argument("--layouts", type=int, default=15, help="layouts of the other hands per bidder's hand")
    parser.add_argument("--cap", type=int, default=1000, help="nodes above which a search counts as long")
    parser.add_argument("--strong", type=float, default=0.3, help="the simple bot's Three estimate a hand needs")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    print(f"searches of Three and Four from the first lead, hands the simple bot gives >= {args.strong} "
          f"for Three; long: more than {args.cap} nodes")
    for n in args.players:
        t0 = time.process_time()
        out = measure(n, args.hands, args.layouts, args.cap, args.strong, args.seed)
        nodes = sorted(out["nodes"])
        p90 = nodes[int(0.9 * len(nodes))]
        print(f"{n} players: {len(nodes)} searches, nodes median {statistics.median(nodes):.0f}, "
              f"p90 {p90}, most {nodes[-1]} ({time.process_time() - t0:.1f} s CPU)")
        for target, (short, short_made, long_, long_made) in out["tally"].items():
            share = lambda made, count: f"{made / count:.2f}" if count else "-"  # noqa: E731
            print(f"  reach {target}: short {short_made} made of {short} ({share(short_made, short)}), "
                  f"long {long_made} made of {long_} ({share(long_made, long_)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
