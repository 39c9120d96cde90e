"""Issue 13 part 2: the simple bot's bidding styles (cautious, normal, bold), in simulate and on the play page."""
from __future__ import annotations

import io
import json
import random

import pytest

from nap_teach.ai.bots import get_bot
from nap_teach.ai.bots.simple import STYLES, SimpleBot, make_chance_needed
from nap_teach.app.cli import main
from nap_teach.engine.explain import RuleError
from nap_teach.teach.play import PlayTable, SetupError, TableSetup
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.ai.simulate import simulate


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("profile", [BRITISH, PUB])
def test_b6_a_bolder_style_needs_a_smaller_chance_for_every_call(profile):
    for contract in profile.ladder:
        cautious, normal, bold = (make_chance_needed(contract, s) for s in ("cautious", "normal", "bold"))
        assert cautious > normal > bold, contract.name


def test_b6_normal_asks_less_than_break_even_for_all_five_tricks_only():
    for contract in BRITISH.ladder:
        even = contract.failed / (contract.made + contract.failed)
        if contract.min_tricks == 5:
            assert make_chance_needed(contract, "normal") < even
        else:
            assert make_chance_needed(contract, "normal") > even


@pytest.fixture(scope="module")
def reports():
    return {style: simulate(4, 300, ["simple"] * 4, seed=5, style=style) for style in STYLES}


def test_b6_bolder_bots_bid_nap_more_often_and_pass_out_less(reports):
    naps = [reports[s].contracts["Nap"].bid for s in ("cautious", "normal", "bold")]
    passed = [reports[s].passed_out for s in ("cautious", "normal", "bold")]
    assert naps[0] <= naps[1] <= naps[2] and naps[2] > naps[0], naps
    assert passed[0] > passed[1] > passed[2], passed


def test_b6_normal_bots_bid_nap_in_about_one_deal_in_fifty():
    """The reference of benchmarks/README.md: about 2 % of four-player deals hold a hand worth Nap."""
    report = simulate(4, 600, ["simple"] * 4, seed=0, style="normal")
    assert 6 <= report.contracts["Nap"].bid <= 24, report.contracts["Nap"]


def test_b3_styles_keep_seeded_games_reproducible(reports):
    again = simulate(4, 300, ["simple"] * 4, seed=5, style="bold")
    assert again.contracts == reports["bold"].contracts and again.balances == reports["bold"].balances


def test_simulate_prints_a_table_per_call_and_style():
    code, out, err = run("simulate", "--players", "4", "--deals", "40", "--seed", "2", "--style", "all")
    assert code == 0 and err == ""
    assert "Calls per bidding style" in out
    for call in ("Three", "Four", "Nap", "Wellington"):
        rows = [line.split() for line in out.splitlines() if line.startswith(f"  {call} ")]
        assert [r[1] for r in rows] == ["cautious", "normal", "bold"], out
        for r in rows:
            bid, made = int(r[2]), int(r[3])
            assert made <= bid and (r[4] == "-" if bid == 0 else float(r[4]) == round(100 * made / bid, 1))
    code, out, _ = run("simulate", "--deals", "20", "--style", "bold", "--json")
    data = json.loads(out)
    assert code == 0 and data["style"] == "bold" and data["contracts"]["Nap"]["bid"] >= 0


def test_simulate_refuses_an_unknown_style_in_one_line():
    code, out, err = run("simulate", "--deals", "5", "--style", "reckless")
    assert code == 2 and out == "" and "reckless" in err and "cautious" in err and len(err.splitlines()) == 1
    code, _out, err = run("--lang", "es", "simulate", "--deals", "5", "--style", "reckless")
    assert code == 2 and "estilo de oferta desconocido" in err


def test_the_play_table_passes_its_style_to_the_bots():
    table = PlayTable.new(TableSetup(seed=3, bots="simple", style="bold"))
    table.start_deal()
    assert table.style == "bold" and all(b.style == "bold" for b in table._bots.values())
    assert table.to_record()["style"] == "bold"
    assert PlayTable.from_record(table.to_record()).style == "bold"
    with pytest.raises(SetupError):
        TableSetup(style="reckless")
    setup, problems = TableSetup.from_params({"style": "Cautious", "seed": "4"})
    assert setup.style == "cautious" and problems == []
    setup, problems = TableSetup.from_params({"style": "wild"})
    assert setup.style == "normal" and [p.key for p in problems] == ["play.style"]


def test_the_play_setup_form_offers_the_styles_in_both_languages():
    from nap_teach.ui.play import PlayApp

    app = PlayApp(setup=TableSetup(seed=2, bots="simple"))
    assert [v for _label, v in app.setup.style.options] == ["cautious", "normal", "bold"]
    app.setup.style.value = "cautious"
    app.setup.start.click()
    assert app.table is not None and app.table.style == "cautious"
    app.language.set("es")
    assert any("Prudente" in label for label, _v in app.setup.style.options)


def test_get_bot_gives_the_simple_bot_its_style_and_refuses_unknown_ones():
    assert get_bot("simple", random.Random(1), "bold").style == "bold"  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        SimpleBot(style="reckless")
    assert issubclass(SetupError, RuleError)
