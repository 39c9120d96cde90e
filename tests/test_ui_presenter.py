"""Presenter mode of the lesson page and stepping by keys, driven from Python.

The key messages are the ones the browser half of :class:`nap_teach.ui.keys.KeyListener`
sends (``{"type": "key", "key": ..., "n": ...}``), delivered the way a comm message
arrives (the widget's custom-message handler), plus crafted bad ones.
"""
from __future__ import annotations

import logging

import pytest

from nap_teach.ui.keys import STEP_KEYS, KeyListener, StepKeys
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
    assert sorted(listener.listen) == sorted(STEP_KEYS)
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
    {"type": "key", "key": "Escape"},
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
    assert "--nt-trick-w: 124px" in css and ".nt-open-card { width: 124px" in css
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
    press(app, "ArrowRight")  # the key does what Next does: here a question waits for its answer
    assert app.mode.run.index == 0 and "Answer the question first" in app.status.text
    assert app.board.view.state == {}
