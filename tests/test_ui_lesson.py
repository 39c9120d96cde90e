"""The lesson page driven from Python: buttons clicked, values set, HTML read back."""
from __future__ import annotations

import html
import re

import pytest

from nap_teach import Card
from nap_teach.teach.lesson import CARD, SECTIONS, default_lesson
from nap_teach.ui.lesson import LessonApp

MINUS = "\u2212"


def plain(markup: str) -> str:
    """Visible text of an HTML fragment (tags dropped, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.fixture
def app() -> LessonApp:
    return LessonApp()


def test_page_has_its_parts_and_classes(app):
    root = app.widget
    assert "nap-lesson" in root._dom_classes and "nap-app" in root._dom_classes
    for widget, css in ((app.controls.next, "nap-lesson-next"), (app.controls.back, "nap-lesson-back"),
                        (app.controls.restart, "nap-lesson-restart"), (app.controls.jump, "nap-lesson-jump"),
                        (app.controls.label, "nap-lesson-step"), (app.explanation.widget, "nap-lesson-explanation"),
                        (app.board.view, "nap-card-table"), (app.settlement.widget, "nap-lesson-settlement"),
                        (app.whatif.widget, "nap-whatif"), (app.whatif.back, "nap-whatif-back"),
                        (app.controls.four, "nap-lesson-four"), (app.switch.widget, "nap-lang")):
        assert css in widget._dom_classes
    assert "<style>" in root.children[0].value and ".nap-lesson-history" in root.children[0].value
    assert app.controls.next.description == "Next" and app.controls.back.description == "Back"
    assert app.controls.restart.description == "Restart"


def test_first_step_shows_table_hands_and_unused_pile(app):
    assert "Step 1 of 27" in plain(app.controls.label.value)
    table = app.board.view.state  # what the card table draws
    assert [seat["name"] for seat in table["seats"]] == list("ABCD")
    assert sum(len(seat["open"]) for seat in table["seats"]) == 20  # all hands open for study
    assert "32 unused cards, face down" in table["facts"]
    assert "dealer" in app.board.text
    assert app.controls.back.disabled and not app.controls.next.disabled
    explanation = app.explanation.widget.value
    assert '<span class="nap-rule">B4</span>' in explanation
    assert "The unused cards" in explanation  # rule title next to the badge


def test_stepping_through_every_step_shows_the_key_texts(app):
    lesson = app.lesson
    seen: dict[int, str] = {}
    for i in range(len(lesson.steps)):
        assert app.walk.index == i
        assert f"Step {i + 1} of {len(lesson.steps)}" in plain(app.controls.label.value)
        seen[i] = plain(app.text)
        assert app.explanation.widget.value.count('class="nap-rule"') == len(lesson.steps[i].explanations)
        app.controls.next.click()
    assert app.walk.at_end and app.controls.next.disabled
    first_card = lesson.trick_start(1)
    assert "hearts are trump" in seen[first_card]
    assert "Trump: \u2665\ufe0e hearts" in seen[first_card]
    assert "Trump: not set yet" in seen[first_card - 1]
    for pos in (2, 3, 4):
        i = lesson.trick_start(3) + pos - 1
        assert "no hearts, so any card is allowed" in seen[i]
        assert "B11 Follow suit" in " ".join(seen[i].split())
    last_card = lesson.trick_start(5) + 3
    assert "B takes trick 5 with A\u2663" in seen[last_card]
    assert "Trick 5 won by B with A\u2663" in seen[last_card]
    result = lesson.section_start("result")
    assert "Four is made" in seen[result]
    assert f"+12 {MINUS}4 {MINUS}4 {MINUS}4 = 0" in seen[result]
    assert f"{MINUS}12 +4 +4 +4 = 0" in seen[result + 1]
    assert "would have failed" in seen[result + 1] and "has failed" not in seen[result + 1]  # a hypothesis


def test_card_step_marks_led_trump_and_winning(app):
    app.controls.number.value = app.lesson.trick_start(3) + 2  # trick 3, second card (1-based box)
    table = app.board.view.state
    now = [play for play in table["plays"] if play["trick"] == 3]  # trick 3 on the table: two cards so far
    assert [play["seat"] for play in now] == [0, 1] and table["winning"] == 0
    text = app.board.text
    assert "Trump: \u2665\ufe0e hearts" in text
    assert "Winning so far: Q\u2665 (A)" in text
    history = plain(app.history.widget.value)
    assert "Tricks won: A 2, B 0, C 0, D 0" in history
    assert "Last trick: trick 2, won by A" in history


def test_back_restart_jump_and_number(app):
    app.controls.next.click()
    app.controls.next.click()
    app.controls.back.click()
    assert app.walk.index == 1
    app.controls.jump.value = "trick4"
    step = app.walk.step
    assert step.kind == CARD and step.trick == 4 and step.position == 1
    assert app.controls.number.value == str(step.index + 1)
    assert "Trick 4, card 1 of 4: A" in plain(app.explanation.widget.value)
    app.controls.number.value = 26
    assert app.walk.index == 25 and app.controls.jump.value == "result"
    assert app.settlement.widget.layout.display in (None, "")
    app.controls.restart.click()
    assert app.walk.index == 0 and app.controls.jump.value == "table"
    assert app.settlement.widget.layout.display == "none"
    assert [value for _label, value in app.controls.jump.options] == list(SECTIONS)


def test_back_at_start_and_next_at_end_say_so_without_moving(app):
    app.controls._on_back(None)
    assert app.walk.index == 0 and "first step" in app.status.text
    app.controls.number.value = 27
    app.controls._on_next(None)
    assert app.walk.index == 26 and "last step" in app.status.text


def test_bad_widget_values_are_ignored(app):
    app.controls.jump.value = "trick2"
    where = app.walk.index
    app.controls._on_jump({"new": "trick9"})
    app.controls._on_jump({"new": None})
    app.controls._on_number({"new": 99})
    app.controls._on_number({"new": "5.5"})  # the step box is text since issue 13: "3" is a good value now
    app.controls._on_number({"new": True})
    app.whatif._on_card("ZZ")
    app.whatif._on_card(None)
    assert app.walk.index == where and app.walk.whatif is None
    assert app.status.kind != "error" and app.whatif.status.kind != "error"


def test_four_colour_pack(app):
    app.controls.next.click()
    assert "#11712f" not in str(app.board.view.state)  # clubs are black in the two-colour pack
    app.controls.four.value = True
    assert "#11712f" in str(app.board.view.state) and "#1747b5" in str(app.board.view.state)
    app.controls.four.value = False
    assert "#11712f" not in str(app.board.view.state)


def test_four_colour_from_the_start_draws_without_an_error(caplog):
    """``?four=1``: the option is on before the table exists; nothing fails, nothing is logged."""
    with caplog.at_level("DEBUG"):
        app = LessonApp(four_colour=True)
        app.controls.next.click()
    assert app.four_colour and app.controls.four.value is True
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL") or r.exc_info]
    assert app.status.kind != "error"
    assert "#11712f" in str(app.board.view.state) and "#1747b5" in str(app.board.view.state)
    app.controls.four.value = False
    assert "#11712f" not in str(app.board.view.state)


def test_whatif_refuses_an_illegal_card_with_the_reason(app):
    app.controls.number.value = app.lesson.trick_start(1) + 2  # B's card to trick 1
    buttons = app.whatif._buttons
    assert set(buttons) == {"JH", "10H", "KS", "AC", "KD"}
    assert all("nap-whatif-card" in b._dom_classes for b in buttons.values())
    before = app.text
    buttons["KS"].click()
    status = app.whatif.status
    assert status.kind == "refused"
    assert "must follow suit" in status.text and "cannot play K\u2660" in status.text
    assert app.walk.whatif is None
    assert app.explanation.widget.value in before


def test_whatif_legal_card_shows_new_outcome_and_back_to_the_book(app):
    app.controls.number.value = app.lesson.trick_start(1) + 1  # A's first lead
    app.whatif._buttons["2C"].click()
    wi = app.walk.whatif
    assert wi is not None and wi.card is Card.parse("2C")
    result = plain(app.whatif.result.value)
    assert "A plays 2\u2663 instead of A\u2665" in result
    assert "clubs are trump" in result
    settlement = plain(app.whatif.settlement.value)
    line = " ".join(app.tr.amount(v) for v in wi.settlement.values()) + " = 0"
    assert line in settlement
    assert f"In the book: +12 {MINUS}4 {MINUS}4 {MINUS}4 = 0" in settlement
    assert app.whatif.back.layout.display in (None, "")
    assert "nap-whatif-picked" in app.whatif._buttons["2C"]._dom_classes
    app.whatif.back.click()
    assert app.walk.whatif is None
    assert app.whatif.result.value == "" and app.whatif.back.layout.display == "none"


def test_whatif_book_card_is_pointed_out(app):
    app.controls.number.value = app.lesson.trick_start(2) + 1
    app.whatif._buttons["KH"].click()
    assert app.walk.whatif is None
    assert "card played in the book" in app.whatif.status.text


def test_whatif_not_offered_at_the_result(app):
    app.controls.jump.value = "result"
    assert app.whatif._buttons == {}
    assert "Go back to a card" in plain(app.whatif.prompt.value)


def test_language_switch_rerenders_in_place(app):
    app.controls.jump.value = "trick3"
    app.controls.next.click()
    where = app.walk.index
    app.controls.four.value = True
    app.switch.widget.value = "es"
    assert app.language.code == "es"
    assert app.walk.index == where and app.controls.four.value is True
    assert app.controls.jump.value == "trick3" and app.controls.number.value == str(where + 1)
    assert app.status.kind != "error"
    assert app.explanation.widget.value and "Baza" in app.board.text
    app.switch.widget.value = "en"
    assert app.language.code == "en" and app.walk.index == where
    assert "Next" == app.controls.next.description
    app.language.set("xx")  # not a language (the toggle itself refuses such values): ignored
    assert app.language.code == "en" and app.walk.index == where


def test_from_environment_reads_and_validates_parameters():
    app = LessonApp.from_environment({"QUERY_STRING": "lang=es&step=6&four=1"})
    assert app.language.code == "es" and app.walk.index == 5 and app.four_colour
    for query in ("lang=<script>&step=-3&four=maybe", "step=999", "step=abc", "step=1e3", "",
                  "lang=es&lang=en&step=%00"):
        app = LessonApp.from_environment({"QUERY_STRING": query})
        assert 0 <= app.walk.index < len(default_lesson().steps)
        assert app.language.code in ("en", "es")
    assert LessonApp.from_environment({"QUERY_STRING": "step=999"}).walk.index == 0


@pytest.mark.parametrize("lang", ["en", "es"])
def test_whatif_best_play_is_said_and_its_result_follows_from_the_card(lang):
    """Issue 25: "What if?" plays the other hands with best play and says so; 2♣ first makes Four fail."""
    app = LessonApp(lang=lang)
    app.controls.number.value = app.lesson.trick_start(1) + 1  # A's first lead
    app.whatif._buttons["2C"].click()
    result = plain(app.whatif.result.value)
    said = {"en": "Then every hand plays its best, every card seen",
            "es": "Después cada mano juega lo mejor posible, con todas las cartas a la vista"}[lang]
    assert said in result
    assert {"en": "simple choices", "es": "elecciones sencillas"}[lang] not in result
    assert app.walk.whatif is not None and app.walk.whatif.result.tricks_won[0] == 3
    assert {"en": "The contract now fails.", "es": app.tr.gettext("The contract now fails.")}[lang] in result
