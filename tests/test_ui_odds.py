"""The odds lab page's widgets (issue 14 part 5): a run shows progress, chart and figures; bad hands refused."""
from __future__ import annotations

import pytest

from nap_teach.engine.profiles import BRITISH, PUB
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
    assert app.language.code == "es" and app.profile is PUB and app.hand_box.value == "A♠ K♥ 10♦ 2♣ 7♥"
    app.deal.click()
    assert len(app.hand_box.value.split()) == 5
    assert app.keep.value is True and app.dealt is not None and app.dealt.players == 4


def _card_elsewhere(app, where):
    """A card of the kept deal's unused pile, or of another seat's hand."""
    if where == "unused":
        return app.dealt.unused[0]
    return app.dealt.hands[(int(app.seat.value) + 1) % app.dealt.players][0]


@pytest.mark.parametrize("where, rule_words", [
    ("unused", "unused pile"),
    ("another hand", "dealt to another player"),
])
def test_b3_b4_a_dealt_hand_refuses_cards_from_elsewhere_in_its_deal(where, rule_words):
    app = OddsApp(seed=5)
    app.deal.click()
    assert app.status.kind == "info" and "32 unused cards" in app.status.text
    assert app.keep.layout.display in (None, "")  # the tick box shows once there is a deal to keep to
    dealt = app.hand_box.value
    app.layouts.value = 200
    app.run.click()
    assert "In the deal as dealt" in app.table.value and "nap-odds-dealt-line" in app.table.value
    before = (app.chart.value, app.table.value, [o.made for o in app.odds])
    stranger = _card_elsewhere(app, where)
    typed = " ".join(dealt.split()[:4] + [stranger.symbol])
    app.hand_box.value = typed
    app.run.click()
    assert app.status.kind == "refused" and rule_words in app.status.text
    assert (app.chart.value, app.table.value, [o.made for o in app.odds]) == before  # nothing lost
    assert app.hand_box.value == typed
    app.switch.widget.value = "es"
    app.run.click()
    assert app.status.kind == "refused" and "Ceñirse a la mano repartida" in app.status.text
    # unticked, any five different cards are a hand again (and nothing claims to be the deal as dealt)
    app.switch.widget.value = "en"
    app.keep.value = False
    app.run.click()
    assert app.status.kind == "info" and "In the deal as dealt" not in app.table.value


def test_the_seat_picks_its_hand_of_the_dealt_deal_and_a_new_table_size_puts_the_deal_away():
    app = OddsApp(seed=9)
    app.players.value = 5
    app.deal.click()
    hands = [" ".join(c.symbol for c in h) for h in app.dealt.hands]
    for seat in (3, 0):
        app.seat.value = seat
        assert sorted(app.hand_box.value.split()) == sorted(hands[seat].split())
    app.switch.widget.value = "es"  # the language does not drop the deal
    assert app.dealt is not None and app.keep.value
    app.players.value = 4
    assert app.dealt is None and not app.keep.value and app.keep.layout.display == "none"
    assert app.status.kind == "info" and sorted(app.hand_box.value.split()) == sorted(hands[0].split())
    app.hand_box.value = "AS KS QS JS 2H"
    app.layouts.value = 200
    app.run.click()
    assert app.status.kind == "info" and app.as_dealt is None


@pytest.mark.parametrize("lang, opening, after_nap", [
    ("en", "Opening the auction, the best call by expected score is Nap.",
     "After a bid of Nap, the best call by expected score is Wellington."),
    ("es", "Al abrir la subasta, la mejor voz por puntuación esperada es Nap.",
     "Tras una oferta de Nap, la mejor voz por puntuación esperada es Wellington."),
])
def test_b7_the_odds_lab_shows_the_position_and_recommends_only_an_allowed_call(lang, opening, after_nap):
    app = OddsApp.from_environment({"QUERY_STRING": f"lang={lang}&hand=AS,KS,QS,JS,10S"})
    assert app.position.value == ""  # the opening, said in the form
    app.layouts.value = 200
    app.run.click()
    advice = app.table.value
    assert opening in advice and "data-contract='Wellington' data-allowed='no'" in advice
    assert "nap-odds-refusals" in advice and "Wellington" in advice.split("nap-odds-refusals")[1]
    made = [o.made for o in app.odds]
    app.position.value = "Nap"  # the same chances, ranked again among the calls allowed after a Nap
    assert after_nap in app.table.value and [o.made for o in app.odds] == made
    assert "data-contract='Nap' data-allowed='no'" in app.table.value
    labels = [label for label, _value in app.position.options]
    assert len(labels) == len(BRITISH.ladder)  # the opening and after each bid but the top one


def test_p3_the_odds_lab_reads_the_position_from_the_address_and_ignores_a_bad_one():
    app = OddsApp.from_environment({"QUERY_STRING": "profile=pub&after=Wellington"})
    assert app.position.value == "Wellington"
    app = OddsApp.from_environment({"QUERY_STRING": "profile=pub&after=Seven"})
    assert app.position.value == ""


@pytest.mark.parametrize("lang, typed, note", [
    ("es", "RC DC VC 10C AC", "AC leída como código español: A♥, as de corazones (como código inglés sería A♣"),
    ("en", "RC DC VC 10H AH", "RC read as a Spanish code: K♥, king of hearts"),
    ("es", "rey de corazones, reina de corazones, VC 10♥ A♥", None),
])
def test_b1_the_hand_box_reads_spanish_codes_and_names_and_says_which_code_was_read(lang, typed, note):
    app = OddsApp(lang)
    app.hand_box.value = typed
    app.layouts.value = 200
    app.run.click()
    assert app.status.kind == "info", app.status.text
    assert sorted(c.code for c in app.hand) == sorted(["KH", "QH", "JH", "10H", "AH"])
    if note is None:
        assert "código" not in app.status.text
    else:
        assert note in app.status.text


@pytest.mark.parametrize("lang, note", [
    ("en", "The chart could not be loaded on this page"),
    ("es", "No se pudo cargar el gráfico en esta página"),
])
def test_b15_without_matplotlib_the_odds_lab_still_computes_and_says_the_chart_is_missing(monkeypatch, lang, note):
    # The base install and the static site have no matplotlib: a None entry in sys.modules makes its import fail
    # as a missing package does.
    import sys

    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    app = OddsApp(lang)
    app.hand_box.value = "AS KS QS JS 2H"
    app.layouts.value = 200
    app.run.click()
    assert app.status.kind == "info" and "200" in app.status.text
    assert "<svg" not in app.chart.value and "nap-odds-no-chart" in app.chart.value and note in app.chart.value
    assert "data-contract='Three'" in app.table.value and "200 / 200" in app.table.value


def test_only_the_odds_lab_imports_matplotlib_and_only_to_draw():
    # Every page built in a fresh interpreter, the odds lab run (no chart drawn yet: it draws on a run):
    # matplotlib stays out until the odds lab draws its chart.
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from nap_teach.ui.landing import LandingPage\n"
        "from nap_teach.ui.lesson import LessonApp\n"
        "from nap_teach.ui.explorer import ExplorerApp\n"
        "from nap_teach.ui.play import PlayApp\n"
        "from nap_teach.ui.scorekeeper import ScorekeeperApp\n"
        "from nap_teach.ui.problems import ProblemsApp\n"
        "from nap_teach.ui.handouts import HandoutsApp\n"
        "from nap_teach.ui.classresults import ClassApp\n"
        "from nap_teach.ui.odds import OddsApp\n"
        "for page in (LandingPage, LessonApp, ExplorerApp, PlayApp, ScorekeeperApp, ProblemsApp, HandoutsApp,"
        " ClassApp, OddsApp):\n"
        "    page.from_environment({})\n"
        "print('before', 'matplotlib' in sys.modules)\n"
        "app = OddsApp()\n"
        "app.hand_box.value = 'AS KS QS JS 2H'\n"
        "app.layouts.value = 200\n"
        "app.run.click()\n"
        "print('after', 'matplotlib' in sys.modules, '<svg' in app.chart.value)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=240, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.split() == ["before", "False", "after", "True", "True"]
