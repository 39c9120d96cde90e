"""The odds lab page's widgets (issue 14 part 5): a run shows progress, chart and figures; bad hands refused."""
from __future__ import annotations

import pytest

from nap_teach.profiles import BRITISH, PUB
from nap_teach.ui.odds import OddsApp


def test_b6_b15_a_run_moves_the_progress_bar_and_shows_the_chart_and_the_figures():
    app = OddsApp()
    seen = []
    app.progress.observe(lambda ch: seen.append(ch["new"]), names="value")
    app.hand_box.value = "AS KS QS JS 2H"
    app.layouts.value = 200
    app.run.click()
    assert app.status.kind == "info" and "200" in app.status.text
    assert seen[-1] == 200 and len(seen) >= 4 and seen == sorted(seen)  # it moved, step by step
    assert "<svg" in app.chart.value and 'aria-label="Chance of making each call"' in app.chart.value
    rows = app.table.value
    assert "data-contract='Three'" in rows and "200 / 200" in rows and "The simple bot" in rows
    assert [o.contract.name for o in app.odds] == [k.name for k in BRITISH.ladder]
    app.switch.widget.value = "es"
    assert "Chance of making each call" not in app.chart.value and "200 / 200" in app.table.value


def test_p4_the_pub_rules_include_misere_and_the_players_they_allow():
    app = OddsApp(profile=PUB)
    assert list(app.players.options) == list(range(PUB.min_players, PUB.max_players + 1))
    app.players.value = 3
    assert len(app.seat.options) == 3
    app.hand_box.value = "2S 3S 2H 3D 2C"
    app.layouts.value = 200
    app.run.click()
    assert "data-contract='Misere'" in app.table.value


@pytest.mark.parametrize("text, words", [
    ("AS KS QS JS", "not 4"),
    ("AS KS QS JS AS", "twice"),
    ("AS KS QS JS XX", "is not a card"),
    ("", "not 0"),
])
def test_b4_a_bad_hand_is_refused_with_its_reason_and_nothing_is_lost(text, words):
    app = OddsApp()
    app.hand_box.value = "AH KH QH JH 2C"
    app.layouts.value = 200
    app.run.click()
    before = (app.chart.value, app.table.value, [o.made for o in app.odds])
    app.hand_box.value = text
    app.run.click()
    assert app.status.kind == "refused" and words in app.status.text
    assert (app.chart.value, app.table.value, [o.made for o in app.odds]) == before
    assert app.hand_box.value == text  # what was typed stays, to be corrected


def test_deal_me_five_and_the_page_address():
    app = OddsApp.from_environment({"QUERY_STRING": "lang=es&profile=pub&seed=3&hand=AS,KH,10D,2C,7H"})
    assert app.language.code == "es" and app.profile is PUB and app.hand_box.value == "AS KH 10D 2C 7H"
    app.deal.click()
    assert len(app.hand_box.value.split()) == 5
