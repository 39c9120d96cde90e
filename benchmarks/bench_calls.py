"""How good are the expert's calls? Every call it makes, played out every legal way.

One expert sits among simple bots, duplicate style (every deal once per seat).
At each of its calls the deal is copied and played to the end once per legal
call, by the same bots with the same random state, and the expert's score is
kept for each. From that:

- calibration: for each contract, the share of layouts in which the expert's
  search made it (one first lead for all layouts, and each layout's own best
  lead) against how often it was made at the table when the expert declared it;
- the score per call of the expert's choice, of the simple bot's choice in the
  same seat, and of the best call in hindsight (an upper bound no bot reaches)::

    .venv/bin/python benchmarks/bench_calls.py --players 4 --deals 400 --seed s4
    .venv/bin/python benchmarks/bench_calls.py --players 6 --deals 200 --seed s6

The expert's ``TABLE_EDGE`` comes from these tables (benchmarks/README.md).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nap_teach.ai.bots import get_bot  # noqa: E402
from nap_teach.ai.bots.expert import ExpertBot  # noqa: E402
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal  # noqa: E402
from nap_teach.engine.profiles import get_profile  # noqa: E402
from nap_teach.engine.session import Session  # noqa: E402
from nap_teach.engine.state import DealState  # noqa: E402


def _finish(state: DealState, bots: list) -> DealState:
    while state.to_act is not None:
        seat = state.to_act
        state.push(bots[seat].decide(state.view(seat)).action)
    return state


def collect(players: int, deals: int, seed: str, profile: str) -> list[dict]:
    """One row per expert call: its estimates, its choice, the simple bot's, and each call's score."""
    prof = get_profile(profile)
    names = tuple(f"seat{i}" for i in range(1, players + 1))
    session = Session.new(names, prof, seed=seed, deals=deals)
    rows = []
    for number in range(deals):
        deal = shuffle_and_deal(names, session.dealer_for(number), deal_rng(seed, number), prof)
        for r in range(players):
            levels = ["expert" if (i - r) % players == 0 else "simple" for i in range(players)]
            me = levels.index("expert")

            def table() -> list:
                return [get_bot(lv, random.Random(f"{seed}:{number}:{r}:{i}")) for i, lv in enumerate(levels)]

            bots = table()
            state = DealState.from_deal(deal, prof)
            while state.to_act != me:
                seat = state.to_act
                state.push(bots[seat].decide(state.view(seat)).action)
            view = state.view(me)
            before = state.copy()
            states = [b.rng.getstate() for b in bots]
            expert = bots[me]
            assert isinstance(expert, ExpertBot)
            chosen = expert.decide(view).action.name
            simple = get_bot("simple", random.Random(0)).decide(view).action.name
            scores = {}
            for call in view.legal_calls:
                trial, again = before.copy(), table()
                for b, st in zip(again, states):
                    b.rng.setstate(st)
                trial.push(call)
                result = _finish(trial, again).result()
                scores[call.name] = result.settlement.get(names[me], 0) if result.settlement else 0
            rows.append({"estimate": expert.last_estimate, "chosen": chosen, "simple": simple, "scores": scores})
    return rows


def report(rows: list[dict], players: int, profile: str) -> None:
    prof = get_profile(profile)
    n = len(rows)
    mean = lambda pick: sum(r["scores"][pick(r)] for r in rows) / n  # noqa: E731
    print(f"{n} calls of the expert, {players} players, {profile}")
    print(f"  score per call: expert's choice {mean(lambda r: r['chosen']):+.3f}, "
          f"simple bot's choice {mean(lambda r: r['simple']):+.3f}, "
          f"best in hindsight {sum(max(r['scores'].values()) for r in rows) / n:+.3f}")
    for source, label in (("made", "one first lead for all layouts"), ("any_lead", "each layout's own best lead")):
        print(f"  made at the table, by the share of layouts the search made it in ({label}):")
        for k in prof.ladder:
            won, lost = (players - 1) * k.made, -(players - 1) * k.failed
            bins: dict[int, list[int]] = {}
            for r in rows:
                est = r["estimate"]
                if not est or not est["total"] or k.name not in est[source] or k.name not in r["scores"]:
                    continue
                score = r["scores"][k.name]
                if score not in (won, lost):  # outbid: the expert defended someone else's contract
                    continue
                b = bins.setdefault(min(9, int(10 * est[source][k.name] / est["total"])), [0, 0])
                b[0] += 1
                b[1] += score > 0
            cells = [f"{b / 10:.1f}: {m}/{t}" for b, (t, m) in sorted(bins.items()) if t >= 5]
            if cells:
                print(f"    {k.name:<10} " + "  ".join(cells))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="calls")
    parser.add_argument("--profile", default="british")
    args = parser.parse_args(argv)
    t0 = time.process_time()
    rows = collect(args.players, args.deals, args.seed, args.profile)
    report(rows, args.players, args.profile)
    print(f"  {time.process_time() - t0:.0f} s of CPU time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
