"""Presenter mode of the lesson page and stepping by keys, driven from Python.

The key messages are the ones the browser half of :class:`nap_teach.ui.keys.KeyListener`
sends (``{"type": "key", "key": ..., "n": ...}``), delivered the way a comm message
arrives (the widget's custom-message handler), plus crafted bad ones.
"""
from __future__ import annotations

import logging

import pytest

from nap_teach.ui.keys import PRESENT_KEYS, STEP_KEYS, KeyListener, StepKeys
from nap_teach.ui.lesson import LessonApp


def press(app: LessonApp, key: object, n: int = 1) -> None:
    """A key message as it comes from the page (through the widget's message handlers)."""
    app.presenter.keys.widget._handle_custom_msg({"type": "key", "key": key, "n": n}, [])


def open_seats(app: LessonApp) -> list[bool]:
    """Which seats the card table shows face up."""
    return [s["open"] is not None for s in app.board.view.state["seats"]]


@pytest.fixture
def app() -> LessonApp:
    return LessonApp()


def test_step_keys_are_the_clicker_keys_and_the_page_listens_for_them(app):
    assert STEP_KEYS == {"ArrowRight": "next", "PageDown": "next", " ": "next", "ArrowLeft": "back", "PageUp": "back"}
    listener = app.presenter.keys.widget
    assert isinstance(listener, KeyListener) and listener in app.widget.children
    assert sorted(listener.listen) == sorted({**STEP_KEYS, **PRESENT_KEYS}) and PRESENT_KEYS == {"Escape": "leave"}
    assert "nap-keys" in listener._dom_classes and listener.focus_group == ".nap-lesson-buttons"
    # the browser half skips typing fields and selects, and Space on a button
    assert "textarea, select" in listener._esm and "PRESSED_BY_SPACE" in listener._esm
    assert ":focus-visible" in listener._css and "outline: 3px solid" in listener._css


def test_next_keys_step_on_and_back_keys_step_back(app):
    for n, key in enumerate(("ArrowRight", "PageDown", " "), start=1):
        press(app, key, n)
        assert app.walk.index == n
        assert f"Step {n + 1} of 27" in app.controls.label.value
    for n, key in enumerate(("ArrowLeft", "PageUp"), start=1):
        press(app, key, 3 + n)
        assert app.walk.index == 3 - n
    assert app.presenter.keys.done == ["next", "next", "next", "back", "back"]
    assert app.explanation.widget.value.count('class="nap-rule"') >= 1


def test_keys_at_the_ends_say_so_without_moving(app):
    press(app, "ArrowLeft")
    assert app.walk.index == 0 and "This is the first step." in app.status.text
    app.walk.go(app.walk.count - 1)
    app.show()
    press(app, "PageDown")
    assert app.walk.index == app.walk.count - 1 and "last step" in app.status.text


@pytest.mark.parametrize("content", [
    {"type": "key", "key": "Enter"},
    {"type": "key", "key": "ArrowDown"},
    {"type": "key", "key": "Tab"},
    {"type": "key", "key": "arrowright"},
    {"type": "key", "key": "x" * 1_000_000},
    {"type": "key", "key": ["ArrowRight"]},
    {"type": "key", "key": None},
    {"type": "key", "key": 39},
    {"type": "key"},
    {"type": "play", "key": "ArrowRight"},
    {"type": "key", "key": "ArrowRight", "a": 1, "b": 2, "c": 3},
    "ArrowRight",
    ["key", "ArrowRight"],
    None,
    42,
])
def test_keys_off_the_allow_list_and_malformed_messages_are_ignored(app, content, caplog):
    before = (app.walk.index, app.controls.label.value, app.explanation.widget.value, dict(app.board.view.state))
    with caplog.at_level(logging.INFO, logger="nap_teach.ui"):
        app.presenter.keys.widget._handle_custom_msg(content, [])
        assert app.presenter.keys.receive(content) is None
    assert (app.walk.index, app.controls.label.value, app.explanation.widget.value,
            dict(app.board.view.state)) == before
    assert app.status.kind != "error" and app.presenter.keys.done == []
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_an_action_that_fails_is_logged_not_raised(caplog):
    def broken() -> None:
        raise RuntimeError("boom")

    keys = StepKeys({"next": broken})
    with caplog.at_level(logging.INFO, logger="nap_teach.ui"):
        assert keys.receive({"type": "key", "key": "ArrowRight", "n": 1}) is None
    assert keys.done == [] and any("failed" in r.getMessage() for r in caplog.records)
    assert keys.receive({"type": "key", "key": "ArrowLeft", "n": 2}) is None  # no action bound: ignored


def test_keys_step_a_course_lesson_and_stop_at_its_question():
    app = LessonApp(course="follow-suit")  # five steps, then a question before the reveal
    run = app.mode.run
    for n in range(1, 6):
        press(app, "ArrowRight", n)
        assert run.index == n and f"Step {n + 1} of {run.count}" in app.controls.label.value
    press(app, "PageDown", 6)  # Next waits for the answer: so does the key
    assert run.index == 5 and run.pending is not None and "Answer the question first" in app.status.text
    press(app, "ArrowLeft", 7)
    assert run.index == 4


def test_present_from_the_address_and_the_switch(app):
    assert "nap-present" not in app.widget._dom_classes and app.presenter.widget.layout.display == "none"
    assert app.presenter.switch.description == "Present" and "nap-present-switch" in app.presenter.switch._dom_classes
    app.presenter.switch.click()
    assert "nap-present" in app.widget._dom_classes and app.presenter.widget.layout.display in (None, "")
    assert app.presenter.switch.description == "Stop presenting"
    app.presenter.switch.click()
    assert "nap-present" not in app.widget._dom_classes
    shown = LessonApp.from_environment({"QUERY_STRING": "present=1&step=7"})
    assert "nap-present" in shown.widget._dom_classes and shown.walk.index == 6
    for query in ("present=0", "present=<b>", "present=" + "1" * 300, ""):
        assert "nap-present" not in LessonApp.from_environment({"QUERY_STRING": query}).widget._dom_classes


def test_presenter_style_sizes_type_and_cards():
    app = LessonApp(present=True)
    css = app.presenter.style.value
    assert ".nap-present .nap-lesson-explain { font-size: 30px" in css
    # the table is sized from the stage's box (container units), never from what a step shows
    assert "container-type: size" in css and "--u: min(calc(100cqw / 1320), calc(100cqh / 1000))" in css
    assert "--nt-trick-w: min(calc(124 * var(--u))" in css and ".nt-trick { flex-wrap: nowrap" in css
    assert ".nt-table.nt-n7 { --k: 7; --top: 4; }" in css
    assert "max-width: none" in css


def test_each_hand_hides_and_shows_on_its_own():
    app = LessonApp(present=True, step=7)
    assert open_seats(app) == [True, True, True, True]
    buttons = app.presenter.seats.children
    assert [b.description for b in buttons] == ["Hide A's hand", "Hide B's hand", "Hide C's hand", "Hide D's hand"]
    buttons[1].click()
    assert open_seats(app) == [True, False, True, True]
    assert buttons[1].description == "Show B's hand" and "nap-present-hidden" in buttons[1]._dom_classes
    seat = app.board.view.state["seats"][1]
    assert seat["backs"] == 4 and "4 cards, face down" in seat["backs_label"]  # B has played one card
    buttons[3].click()
    assert open_seats(app) == [True, False, True, False]
    press(app, "ArrowRight")  # the hidden hands stay hidden from step to step
    assert open_seats(app) == [True, False, True, False]
    buttons[1].click()
    assert open_seats(app) == [True, True, True, False]
    app.presenter.all.click()
    assert open_seats(app) == [True, True, True, True]
    buttons[2].click()
    app.presenter.switch.click()  # presenting stops: every hand is open again
    assert open_seats(app) == [True, True, True, True] and app.presenter.hidden == set()


def test_only_the_player_to_act_follows_the_turn():
    app = LessonApp(present=True, step=7)  # trick 1: A and B have played, C is to play
    app.presenter.only.value = True
    assert open_seats(app) == [False, False, True, False]
    assert "What would C play?" in app.presenter.ask.value
    assert all(b.disabled for b in app.presenter.seats.children)
    press(app, "ArrowRight")
    assert open_seats(app) == [False, False, False, True] and "What would D play?" in app.presenter.ask.value
    app.controls.restart.click()
    app.controls.next.click()  # the auction: B speaks
    assert open_seats(app) == [False, True, False, False] and "What would B call?" in app.presenter.ask.value
    app.walk.go(app.walk.count - 2)  # the result: nobody is to act, every hand is shown
    app.show()
    assert open_seats(app) == [True, True, True, True] and app.presenter.ask.value == ""
    app.presenter.all.click()
    assert app.presenter.only.value is False and not any(b.disabled for b in app.presenter.seats.children)


def test_hiding_is_only_for_presenting(app):
    app.presenter.hidden.add(2)
    app.presenter.only.value = True
    assert open_seats(app) == [True, True, True, True]
    assert app.presenter.hidden_seats(app.lesson, 6) == frozenset()


def test_bad_seat_values_change_nothing():
    app = LessonApp(present=True, step=7)
    button = app.presenter.seats.children[0]
    for bad in (7, -1, "1", None, True):
        button.nap_seat = bad
        button.click()
        assert open_seats(app) == [True, True, True, True]
    app.presenter.only.set_state({"value": "yes"})  # refused by the widget: the page is put back in step
    assert app.presenter.only.value is False and open_seats(app) == [True, True, True, True]


def test_presenter_mode_speaks_spanish():
    app = LessonApp(lang="es", present=True, step=7)
    assert app.presenter.switch.description == "Dejar de presentar"
    assert app.presenter.seats.children[1].description == "Ocultar la mano de B"
    app.presenter.only.value = True
    assert "¿Qué jugaría C?" in app.presenter.ask.value
    app.language.set("en")
    assert app.presenter.switch.description == "Stop presenting" and "What would C play?" in app.presenter.ask.value


def test_a_session_deal_of_a_course_lesson_has_no_table_to_draw_even_when_presenting():
    app = LessonApp(course="session-ledger")  # its first deal is a session: a ledger, no card table
    assert app.board.view.state == {}
    app.presenter.set(True)
    app.presenter.seats.children[0].click()
    assert app.board.view.state == {} and "nap-present" in app.widget._dom_classes
    press(app, "ArrowRight")  # presenting, the key shows the waiting question's answer to the room
    assert app.mode.run.index == 0 and "The answer:" in app.mode.question.feedback.value
    assert app.board.view.state == {}
    press(app, "ArrowRight", 2)  # and the next key moves on
    assert app.mode.run.index == 1 and app.board.view.state == {}


def test_escape_leaves_presenter_mode_and_only_then_is_heard(app):
    listener = app.presenter.keys.widget
    assert listener.presenting is False and listener.scroll_to == ".nap-present > .nap-lesson-header"
    press(app, "Escape")  # not presenting: nothing to leave
    assert "nap-present" not in app.widget._dom_classes and app.status.kind != "error"
    app.presenter.switch.click()
    assert listener.presenting is True
    press(app, "Escape", 2)
    assert "nap-present" not in app.widget._dom_classes and listener.presenting is False
    assert app.presenter.switch.description == "Present"
    # the browser half hears Escape only while presenting, and then steps whatever has the focus
    assert 'PRESENT_ONLY = ["Escape"]' in listener._esm and "TEXT_ENTRY" in listener._esm
    assert 'addEventListener("keyup", onKeyUp, true)' in listener._esm


def test_presenting_lays_the_table_and_one_panel_on_a_stage_and_back(app):
    p = app.presenter
    assert p.stage not in app.widget.children and app.board.widget in app.widget.children
    p.switch.click()
    assert p.stage in app.widget.children and app.board.widget not in app.widget.children
    assert p.stage.children == (app.board.widget, p.panel)
    assert app._steer in p.panel.children and app._side in p.panel.children and p.hint in p.panel.children
    assert p.widget in p.panel.children
    kids = list(app.widget.children)
    assert kids.index(p.stage) < kids.index(app.postmortem.widget)  # "could it have been made?" below
    # "Your own deal" goes below the stage: the table comes straight under the header
    assert kids.index(app.editor.widget) > kids.index(p.stage)
    assert "PgDn" in p.hint.value and "Esc" in p.hint.value and "stop presenting" in p.hint.value
    p.switch.click()
    assert list(app.widget.children) == app._parts and p.stage.children == () and p.panel.children == ()
    assert app._top.children == (app._side, app._steer)  # the narration, then the bar pinned to the screen's bottom
    es = LessonApp(lang="es", present=True)
    assert es.presenter.stage in es.widget.children and "dejar de presentar" in es.presenter.hint.value


def test_a_course_question_is_asked_to_the_room_revealed_by_a_key_and_passed_by_the_next():
    app = LessonApp(course="follow-suit", present=True)
    run = app.mode.run
    for n in range(1, 6):
        press(app, "PageDown", n)
    assert run.index == 5 and run.pending is not None
    k, ask = run.pending
    press(app, " ", 6)  # the reveal: the right answer picked and said, with the reason; nothing scored
    assert run.index == 5 and app.presenter.revealed
    feedback = app.mode.question.feedback.value
    assert "The answer:" in feedback and "nap-ask-revealed" in feedback and "B11" in feedback
    picked = [v for v, b in app.mode.question._toggles.items() if b.value]
    assert sorted(picked) == sorted(ask.answer)
    assert run.first_try == {} and run.deal_kinds == []
    press(app, "ArrowRight", 7)  # the step after moves on
    assert run.index == 6 and not app.presenter.revealed
    assert app.mode.question.widget.layout.display == "none" or app.mode.run.pending is not None
    press(app, "ArrowLeft", 8)
    assert run.index == 5
    # not presenting, the same key still waits for an answer (a learner at their own screen)
    learner = LessonApp(course="follow-suit")
    for n in range(1, 7):
        press(learner, "ArrowRight", n)
    assert learner.mode.run.index == 5 and "Answer the question first" in learner.status.text


def test_reveal_refuses_when_no_question_waits():
    from nap_teach.teach.course import load_lesson
    from nap_teach.teach.lesson.player import LessonPlayer, LessonRun

    run = LessonRun(LessonPlayer(load_lesson("follow-suit")))
    with pytest.raises(ValueError):
        run.reveal()
