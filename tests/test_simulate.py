"""``python -m nap_teach simulate``: bot-only deals, figures per contract, seat and bot level."""
from __future__ import annotations

import io
import json
import random
import subprocess
import sys

import pytest

from nap_teach.ai.bots import get_bot
from nap_teach.app.cli import main
from nap_teach.engine.profiles import PUB
from nap_teach.engine.session import Session
from nap_teach.ai.simulate import SimulationError, parse_bots, play_deal, simulate


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    assert "Traceback" not in err.getvalue() + out.getvalue()
    return code, out.getvalue(), err.getvalue()


def run_json(*argv: str) -> dict:
    code, out, err = run("simulate", *argv, "--json")
    assert code == 0 and err == ""
    return json.loads(out)


def test_the_report_in_words():
    code, out, err = run("simulate", "--players", "4", "--deals", "60", "--bots", "simple,random,simple,random",
                         "--seed", "3")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "60 deals, 4 players, British rules, seed 3."
    assert lines[1] == "Contracts (the final bid of each deal):"
    assert lines[2].split() == ["contract", "bid", "made", "made", "%"]
    assert [line.split()[0] for line in lines[3:7]] == ["Three", "Four", "Nap", "Wellington"]
    assert lines[7].startswith("Passed out: ") and lines[7].endswith(" of 60 deals.")
    assert lines[8] == "Balances per seat:"
    assert [line.split()[:2] for line in lines[9:13]] == [["seat1", "simple"], ["seat2", "random"],
                                                          ["seat3", "simple"], ["seat4", "random"]]
    assert lines[13] == "Total per bot level:"
    assert lines[14].startswith("  simple: ") and lines[15].startswith("  random: ")
    assert "on 2 seats" in lines[14] and "per seat per deal" in lines[14]
    # the words agree with the JSON figures
    data = run_json("--players", "4", "--deals", "60", "--bots", "simple,random,simple,random", "--seed", "3")
    three = data["contracts"]["Three"]
    assert lines[3].split()[1:3] == [str(three["bid"]), str(three["made"])]
    assert lines[7] == f"Passed out: {data['passed_out']} of 60 deals."


def test_the_figures_add_up():
    data = run_json("--players", "5", "--deals", "80", "--bots", "simple", "--seed", "x")
    assert data["format"] == "nap-simulation/1"
    assert data["players"] == 5 and data["deals"] == 80 and data["seed"] == "x"
    contracts = data["contracts"]
    assert sum(c["bid"] for c in contracts.values()) + data["passed_out"] == 80
    for c in contracts.values():
        assert 0 <= c["made"] <= c["bid"]
        assert c["made_pct"] == (round(100 * c["made"] / c["bid"], 1) if c["bid"] else None)
    seats = data["seats"]
    assert [s["player"] for s in seats] == ["seat1", "seat2", "seat3", "seat4", "seat5"]
    assert all(s["bot"] == "simple" for s in seats)
    assert sum(s["balance"] for s in seats) == 0  # B16
    assert data["levels"]["simple"]["balance"] == 0 and data["levels"]["simple"]["seats"] == 5
    by_level = data["levels"]["simple"]["contracts"]
    assert {k: v["bid"] for k, v in by_level.items()} == {k: v["bid"] for k, v in contracts.items()}


def test_the_same_seed_gives_the_same_figures():
    args = ("--players", "6", "--deals", "40", "--bots", "simple,random,random,simple,random,simple")
    first = run("simulate", *args, "--seed", "9")
    assert first == run("simulate", *args, "--seed", "9")
    assert first != run("simulate", *args, "--seed", "10")


def test_the_deals_are_those_of_a_seeded_session():
    """Playing ``Session.new(seed=S)`` deal by deal with the same bots gives the same balances."""
    names, bots_list, seed = ("seat1", "seat2", "seat3", "seat4"), ["simple", "random", "simple", "random"], 5
    report = simulate(4, 24, bots_list, seed)
    session = Session.new(names, seed=seed, deals=24)
    bots = [get_bot(b, random.Random(f"nap-teach:{seed}:bot:{i}")) for i, b in enumerate(bots_list)]
    while not session.is_over:
        session.add_played(play_deal(session.deal_next(), bots))
    assert session.balances == report.balances
    assert sum(1 for row in session.ledger() if row.contract is None) == report.passed_out


def test_the_pub_profile():
    data = run_json("--players", "4", "--deals", "60", "--bots", "simple", "--seed", "2", "--profile", "pub")
    assert data["profile"] == "pub"
    assert list(data["contracts"]) == [c.name for c in PUB.ladder]
    assert sum(c["bid"] for c in data["contracts"].values()) + data["passed_out"] == 60


@pytest.mark.parametrize("argv, message", [
    (["--players", "9"], "--players must be from 3 to 7, not 9."),
    (["--players", "2"], "--players must be from 3 to 7, not 2."),
    (["--players", "four"], "--players must be a whole number, not “four”."),
    (["--deals", "0"], "--deals must be from 1 to 1000000, not 0."),
    (["--deals", "-5"], "--deals must be from 1 to 1000000, not -5."),
    (["--deals", "10000001"], "--deals must be from 1 to 1000000, not 10000001."),
    (["--deals", "1.5"], "--deals must be a whole number, not “1.5”."),
    (["--bots", "simple,genius"], "unknown bot “genius”: known bots are expert, random, simple."),
    (["--players", "4", "--bots", "simple,random,simple,random,simple"],
     "5 bots given for 4 players: give at most one bot per seat (a shorter list repeats round the table)."),
    (["--profile", "casino"], "unknown profile “casino”: known profiles are british, pub."),
])
def test_bad_arguments_get_one_line_and_exit_code_2(argv, message):
    code, out, err = run("simulate", *argv)
    assert code == 2
    assert out == ""
    assert err == message + "\n"


def test_parse_bots():
    assert parse_bots("simple", 3) == ("simple", "simple", "simple")
    assert parse_bots(" Simple , random ,simple", 3) == ("simple", "random", "simple")
    # a shorter list repeats round the table (the README's example: 4 players, two bots)
    assert parse_bots("simple,random", 4) == ("simple", "random", "simple", "random")
    assert parse_bots("simple,random", 3) == ("simple", "random", "simple")
    with pytest.raises(SimulationError):
        parse_bots("simple,random,simple,random", 3)


def test_simple_bots_beat_random_ones_clearly():
    """A fixed seed, a few hundred deals: the simple seats win, the random seats lose."""
    report = simulate(4, 300, ["simple", "random", "simple", "random"], seed=1)
    simple, rand = report.by_level["simple"], report.by_level["random"]
    assert simple == -rand
    assert simple / 2 / 300 >= 1.0  # at least one unit per simple seat per deal
    for player, bot in zip(report.players, report.bots):
        assert (report.balances[player] > 0) == (bot == "simple")
    pub = simulate(5, 200, ["simple", "random", "random", "simple", "random"], seed=1, profile="pub")
    assert pub.by_level["simple"] > 0 > pub.by_level["random"]


def test_the_command_runs_as_a_module():
    proc = subprocess.run([sys.executable, "-m", "nap_teach", "simulate", "--players", "3", "--deals", "5",
                           "--bots", "simple", "--seed", "1"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("5 deals, 3 players, British rules, seed 1.")
    bad = subprocess.run([sys.executable, "-m", "nap_teach", "simulate", "--players", "9"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip().splitlines() == ["--players must be from 3 to 7, not 9."]


def test_b15_the_mean_per_seat_per_deal_comes_with_a_95_interval():
    from nap_teach.ai.simulate import simulate

    report = simulate(4, 80, ("simple", "random", "simple", "random"), seed=4)
    for level in ("simple", "random"):
        mean, half = report.per_seat_per_deal(level)
        assert mean == pytest.approx(report.by_level[level] / 2 / 80)
        assert 0 < half < 20
    simple, rand = report.per_seat_per_deal("simple"), report.per_seat_per_deal("random")
    assert simple[0] - simple[1] > rand[0] + rand[1]  # simple beats random by more than the intervals
    code, out, err = run("simulate", "--players", "4", "--deals", "80", "--bots", "simple,random", "--seed", "4")
    lines = out.splitlines()
    at = lines.index("Mean score per seat per deal, with its interval of 95 in 100 confidence:")
    assert lines[at + 1].startswith("  simple: +") and " (from +" in lines[at + 1]
    data = run_json("--players", "4", "--deals", "80", "--bots", "simple,random", "--seed", "4")
    assert data["levels"]["simple"]["ci95"] == pytest.approx(simple[1], abs=1e-4)


def test_b15_rotated_deals_put_every_level_in_every_seat():
    """Duplicate style: each deal once per seat, the bots moved round; the same deals, so the figures add up."""
    report = simulate(4, 30, ("simple", "random", "random", "random"), seed=6, rotate=True)
    assert report.rotations == 4
    assert sum(s.bid for s in report.contracts.values()) + report.passed_out == 30 * 4
    simple, rand = report.per_seat_per_deal("simple"), report.per_seat_per_deal("random")
    assert simple[0] == pytest.approx(report.by_level["simple"] / 1 / 30 / 4)
    assert simple[0] + 3 * rand[0] == pytest.approx(0)  # the settlement sums to zero (B16)
    assert simple[0] - simple[1] > rand[0] + rand[1]
    # the same level everywhere: rotating changes nothing, so every deal's figure is 0
    same = simulate(4, 10, ("simple",) * 4, seed=6, rotate=True)
    assert same.per_seat_per_deal("simple") == (0.0, 0.0)
    # the progress hook sees the figures of the deals so far, equal to a shorter run's
    seen = []
    simulate(4, 6, ("simple", "random", "random", "random"), seed=6, rotate=True,
             progress=lambda r: seen.append((r.deals, r.per_seat_per_deal("simple"))))
    assert [d for d, _ in seen] == [1, 2, 3, 4, 5, 6]
    assert seen[2][1] == simulate(4, 3, ("simple", "random", "random", "random"), seed=6, rotate=True
                                  ).per_seat_per_deal("simple")
    code, out, err = run("simulate", "--players", "4", "--deals", "5", "--bots", "simple,random,random,random",
                         "--seed", "6", "--rotate")
    assert code == 0 and err == ""
    assert out.splitlines()[1] == ("Each deal was played 4 times, the bots moved one seat round each time "
                                   "(duplicate style): 20 plays in all.")
    data = run_json("--players", "4", "--deals", "5", "--bots", "simple,random,random,random", "--seed", "6",
                    "--rotate")
    assert data["rotations"] == 4 and data["deals"] == 5


def test_b15_reports_of_several_seeds_read_as_one_tournament():
    """A long run split over cores (one seed each) is reported as one: the same mean and interval as
    the figures of all its deals together."""
    import json
    import math

    from nap_teach.ai.simulate import SimulationError, combine_levels, report_json, simulate

    bots = ("simple", "random", "random", "random")
    a = simulate(4, 12, bots, seed=21, rotate=True)
    b = simulate(4, 20, bots, seed=22, rotate=True)
    ja, jb = json.loads(json.dumps(report_json(a))), json.loads(json.dumps(report_json(b)))
    # one report alone: its own figures
    for level in ("simple", "random"):
        mean, half, deals = combine_levels([ja])[level]
        assert deals == 12
        assert (mean, half) == pytest.approx(a.per_seat_per_deal(level))
    both = combine_levels([ja, jb])
    for level in ("simple", "random"):
        mean, half, deals = both[level]
        assert deals == 32
        assert mean == pytest.approx((12 * a.per_seat_per_deal(level)[0] + 20 * b.per_seat_per_deal(level)[0]) / 32)
        sumsq = a.sumsq_by_level[level] + b.sumsq_by_level[level]
        assert half == pytest.approx(1.96 * math.sqrt((sumsq - 32 * mean * mean) / 31 / 32))
    other = json.loads(json.dumps(report_json(simulate(5, 3, ("simple",) + ("random",) * 4, seed=1, rotate=True))))
    with pytest.raises(SimulationError, match="players"):
        combine_levels([ja, other])
    with pytest.raises(SimulationError, match="same seed"):
        combine_levels([ja, ja])
    with pytest.raises(SimulationError):
        combine_levels([])
