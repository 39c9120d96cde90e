"""Issue 13 part 4: the rough edges a new user met, each with its test (charts, parameters, names, forms, Spanish)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from nap_teach.engine.explain import RuleError
from nap_teach.words.i18n import translator
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.teach.scorekeeper import MAX_PLAYER_NAME, Scorekeeper
from nap_teach.ui.chart import BELOW, BESIDE, CHART_FONT_PT, balance_chart_svg, chart_lines, same_balances
from nap_teach.ui.explorer import ExplorerApp
from nap_teach.ui.landing import LandingPage
from nap_teach.ui.lesson import LessonApp
from nap_teach.ui.params import whole_number
from nap_teach.ui.play import PlayApp
from nap_teach.teach.play import TableSetup
from nap_teach.ui.scorekeeper import ScorekeeperApp

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]


def find(widget, css):
    out = [widget] if css in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        out.extend(find(child, css))
    return out


# ------------------------------------------------------------------ the chart
def chart(history, players=PLAYERS, style=BESIDE):
    return str(balance_chart_svg(players, history, xlabel="deal", ylabel="balance", style=style))


def test_b16_players_with_equal_balances_are_all_visible_and_named_together():
    history = [dict.fromkeys(PLAYERS, 0), {"Ann": 9, "Ben": -3, "Cat": -3, "Dan": -3}]
    assert same_balances(PLAYERS, history) == {"Cat": ["Ben", "Cat", "Dan"], "Dan": ["Ben", "Cat", "Dan"]}
    svg = chart(history)
    # the legend says who shares a line; the shared lines are dashed and drawn apart
    assert "Cat = Ben = Dan" in svg and "Dan = Ben = Cat" in svg
    assert svg.count("stroke-dasharray") >= 2
    lines = chart_lines(PLAYERS, history)
    assert len({line.ys for line in lines}) == len(PLAYERS), "two lines drawn on top of each other"
    assert [line.dashed for line in lines] == [0, 0, 1, 2]
    assert lines[3].ys[1] - lines[1].ys[1] == pytest.approx(2 * 0.025 * 12)  # a little apart, still near -3


def test_b16_an_all_zero_chart_has_whole_number_ticks_and_room_for_its_labels():
    history = [dict.fromkeys(PLAYERS, 0)] * 3
    for style in (BESIDE, BELOW):
        svg = chart(history, style=style)
        texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
        ticks = texts[texts.index("deal") + 1:texts.index("balance")]
        assert ticks == ["\u22121", "0", "1"], ticks  # not ±0.04
        # "tight": the y label lies inside the picture (a clipped label started left of x = 0)
        x = float(re.search(r'<text[^>]* x="([\d.-]+)"[^>]*>balance</text>', svg).group(1))
        assert x > CHART_FONT_PT / 2


def test_chart_text_is_readable_on_a_390_px_phone():
    history = [dict.fromkeys(PLAYERS, 0), {"Ann": 3, "Ben": -1, "Cat": -1, "Dan": -1}]
    for style in (BESIDE, BELOW):
        svg = chart(history, style=style)
        width_pt = float(re.search(r'<svg[^>]* width="([\d.]+)pt"', svg).group(1))
        # the CSS shows the chart at most 440 px wide, and 358 px on a 390 px phone (page margins)
        shown_px = min(358, width_pt * 4 / 3)
        font_px = CHART_FONT_PT * 4 / 3 * shown_px / (width_pt * 4 / 3)
        assert font_px >= 11, (style, width_pt, font_px)  # was about 6 px


# ------------------------------------------------------------ the scorekeeper
def test_b1_the_scorekeeper_refuses_two_spellings_of_one_name():
    with pytest.raises(RuleError) as e:
        Scorekeeper(["Ann", "Ben", "ann"])
    assert e.value.explanation.key == "scorekeeper.same_name"
    assert "“Ann” and “ann”" in translator("en").explain(e.value.explanation)
    app = ScorekeeperApp()
    app.setup.players.value = "Ann\nBen\nann\nDan"
    app.setup.start.click()
    assert app.keeper is None and "ann" in app.status.text and app.status.kind == "refused"


def test_b1_the_scorekeeper_refuses_a_name_too_long_for_the_ledger():
    app = ScorekeeperApp()
    app.setup.players.value = "\n".join(["Ann", "Ben", "x" * 200])
    app.setup.start.click()
    assert app.keeper is None and str(MAX_PLAYER_NAME) in app.status.text
    assert Scorekeeper(["Ann", "Ben", "C" * MAX_PLAYER_NAME]).players[2] == "C" * MAX_PLAYER_NAME


def started(players=PLAYERS) -> ScorekeeperApp:
    app = ScorekeeperApp()
    app.setup.players.value = "\n".join(players)
    app.setup.start.click()
    assert app.keeper is not None, app.status.text
    return app


def test_b16_the_scorekeeper_ledger_has_a_sum_column_like_the_play_ledger():
    app = started()
    for (_who, what), call in zip(app.deal.rows, ["Four", "Pass", "Pass", "Pass"]):
        what.value = call
    app.deal.tricks.value = 4
    app.deal.submit.click()
    table = app.ledger.table.value
    assert ">Sum</th>" in table
    sums = re.findall(r"<td class='nap-sk-sum'>([^<]*)</td>", table)
    assert sums == ["0", "0"]  # the deal's payments and the balances both add up to zero
    assert "nap-scroll-cue" in table and "nap-scroll" in table


def test_scorekeeper_setup_labels_the_length_toggle_and_never_shows_an_empty_dealer_list():
    app = ScorekeeperApp()
    assert app.setup.unit.description  # "counted in"
    assert app.setup.first.options and app.setup.first.disabled and app.setup.draw.disabled
    assert "players first" in app.setup.first.options[0][0]
    app.setup.players.value = "Ann\nBen\nCat"
    assert [v for _l, v in app.setup.first.options] == ["Ann", "Ben", "Cat"] and not app.setup.first.disabled
    app.language.set("es")
    assert app.setup.unit.description == "contada en"


def test_upload_buttons_carry_their_label_as_tooltip_for_the_css():
    app = ScorekeeperApp()
    assert app.saveload.upload.tooltip == app.saveload.upload.description == "Load a session"
    play = PlayApp()
    assert play.saveload.upload.tooltip == play.saveload.upload.description


# --------------------------------------------------------------- parameters
def test_lesson_step_in_the_address_out_of_range_keeps_step_1_and_says_why():
    app = LessonApp.from_environment({"QUERY_STRING": "step=999"})
    assert app.walk.index == 0 and app.status.kind == "refused"
    assert "999" in app.status.text and "27" in app.status.text and "ignored" in app.status.text
    app = LessonApp.from_environment({"QUERY_STRING": "step=6&lang=es"})
    assert app.walk.index == 5 and app.status.text == ""
    app = LessonApp.from_environment({"QUERY_STRING": "step=5.5&lang=es"})
    assert app.walk.index == 0 and "5.5" in app.status.text and "número entero" in app.status.text


def test_lesson_step_box_refuses_5_5_and_999_the_same_way():
    app = LessonApp()
    app.controls.number.value = "4"
    assert app.walk.index == 3
    for bad in ("5.5", "999", "x"):
        app.controls.number.value = bad
        assert app.walk.index == 3 and app.controls.number.value == "4", bad
        assert bad in app.status.text and app.status.kind == "refused"


def test_whole_number_reads_what_people_type():
    assert [whole_number(t, 1, 27) for t in ("5", " 12 ", "5.5", "55", "0", "-1", "", True)] == \
        [5, 12, None, None, None, None, None, None]


def test_explorer_says_when_it_ignores_a_bad_rule_in_the_address():
    app = ExplorerApp.from_environment({"QUERY_STRING": "rule=B99"})
    assert app.status.kind == "refused" and "B99" in app.status.text and "ignored" in app.status.text
    assert app.rules.rule == "B1"
    app = ExplorerApp.from_environment({"QUERY_STRING": "rule=B11&lang=es"})
    assert app.rules.rule == "B11" and app.status.text == ""
    es = ExplorerApp.from_environment({"QUERY_STRING": "rule=Z1&lang=es"})
    assert "Z1" in es.status.text and "no es una de las reglas" in es.status.text


def test_play_page_uses_the_same_words_for_an_ignored_setting():
    app = PlayApp.from_environment({"QUERY_STRING": "players=9"})
    lesson = LessonApp.from_environment({"QUERY_STRING": "step=99"})
    prefix = "Some settings in the page address were ignored:"
    assert app.status.text.startswith(prefix) and lesson.status.text.startswith(prefix)


# ------------------------------------------------------------ forms, trainers
def test_play_setup_labels_the_length_toggle():
    app = PlayApp()
    assert app.setup.length_kind.description == "Count the session in"
    app.language.set("es")
    assert app.setup.length_kind.description == "Contar la sesión en"


def test_b11_follow_trainer_cards_are_the_buttons_themselves():
    app = ExplorerApp(seed=3)
    t = app.rules.trainers["follow"]
    t.render()
    assert "nap-hand" not in t.table.value  # no second, lifeless picture of the hand
    for b in t.cards.children:
        assert "nap-card-button" in b._dom_classes and b.description and b.tooltip  # name and words
    assert "tap one of your cards" in t._(t.hint_text)


# ------------------------------------------------------------------ Spanish
def test_b5_spanish_bid_buttons_keep_the_names_with_a_gloss():
    es = translator("es")
    assert es.call_gloss(BRITISH.contract("Three")) == "Three (3 bazas)"
    assert es.call_gloss(BRITISH.contract("Nap")) == "Nap (5 bazas)"
    assert es.call_gloss(PUB.contract("Misere")) == "Misère (ninguna baza)"
    assert es.call_gloss("Pass") == "Paso" or es.call_gloss("Pass") == es.call("Pass")
    assert translator("en").call_gloss(BRITISH.contract("Three")) == "Three"
    app = PlayApp(lang="es", setup=TableSetup(seed=1, bots="random"))
    app.setup.start.click()
    app.auction._build(app.table)
    labels = [b.description for b in app.auction.buttons.values()]
    assert "Three (3 bazas)" in labels and "Four (4 bazas)" in labels


def test_b5_spanish_ladder_and_profile_switch_read_as_sentences():
    app = LandingPage("es", notebook_dir=Path(__file__).resolve().parents[1] / "notebooks")
    text = "".join(str(getattr(w, "value", "")) for w in _walk(app.widget))
    assert "Three (3 bazas) &lt; Four (4 bazas)" in text or "Three (3 bazas) < Four (4 bazas)" in text
    assert "Cambiar a las reglas de pub" in text and "Cambiar a Reglas de pub" not in text


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)
