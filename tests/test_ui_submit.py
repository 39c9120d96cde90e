"""ui/submit.py: a click carries its form's values, as the browser holds them, into the fields before it runs
(the scorekeeper's Start and Settle, the play page's Start, a lesson's Check).

The browser's half (reading the fields' models when the button is clicked) is driven in Chromium by
tests/browser/test_scorekeeper.py, with the page's kernel paused while a value is held back.
"""
from __future__ import annotations

import ipywidgets as W

from nap_teach.ui.lesson import LessonApp
from nap_teach.ui.play import PlayApp
from nap_teach.ui.scorekeeper import ScorekeeperApp
from nap_teach.ui.submit import SubmitButton


def click_from_the_browser(button: SubmitButton, values: object) -> None:
    """The message the button's JavaScript sends when clicked."""
    button._on_message(button, {"event": "click", "values": values}, [])


def form() -> tuple[W.IntText, W.Dropdown, SubmitButton, list[tuple[int, str]]]:
    tricks = W.IntText(value=0)
    call = W.Dropdown(options=[("Pass", "Pass"), ("Four", "Four")], value="Pass")
    button = SubmitButton([tricks, call], description="Settle")
    seen: list[tuple[int, str]] = []
    button.on_click(lambda b: seen.append((tricks.value, call.value)))
    return tricks, call, button, seen


def test_the_click_puts_the_carried_values_into_the_fields_before_its_callbacks_run():
    tricks, call, button, seen = form()
    click_from_the_browser(button, {tricks.model_id: {"value": 6}, call.model_id: {"index": 1}})
    assert seen == [(6, "Four")]
    assert (tricks.value, call.value) == (6, "Four")


def test_a_value_a_field_would_not_take_refuses_the_click_and_changes_nothing():
    tricks, call, button, seen = form()
    # a forged message: a good value for the tricks, an index past the dropdown's options
    click_from_the_browser(button, {tricks.model_id: {"value": 6}, call.model_id: {"index": 7}})
    click_from_the_browser(button, {tricks.model_id: {"value": "six"}})
    assert seen == [] and (tricks.value, call.value) == (0, "Pass")


def test_values_for_other_widgets_and_malformed_messages_are_left_alone():
    tricks, call, button, seen = form()
    stranger = W.IntText(value=3)
    click_from_the_browser(button, {stranger.model_id: {"value": 9}, "nobody": {"value": 1},
                                    tricks.model_id: "6", call.model_id: {"label": "Four"}})
    assert stranger.value == 3 and seen == [(0, "Pass")]
    click_from_the_browser(button, ["not", "a", "dict"])
    button._on_message(button, {"event": "hover"}, [])
    button._on_message(button, "click", [])
    assert seen == [(0, "Pass")]


def test_a_disabled_button_ignores_clicks_and_python_clicks_keep_the_fields():
    tricks, call, button, seen = form()
    button.disabled = True
    click_from_the_browser(button, {tricks.model_id: {"value": 6}})
    button.click()
    assert seen == [] and tricks.value == 0
    button.disabled = False
    tricks.value = 2
    button.click()
    assert seen == [(2, "Pass")]
    handler = button._handlers[0]
    button.on_click(handler, remove=True)
    button.click()
    assert seen == [(2, "Pass")]


def test_the_scorekeeper_settles_the_tricks_the_click_carried_not_the_ones_the_kernel_had():
    app = ScorekeeperApp()
    app.setup.players.value = "Ann\nBen\nCat\nDan"
    # Start carries the names (the dealer's list follows them) and the first dealer chosen in the browser
    click_from_the_browser(app.setup.start, {app.setup.first.model_id: {"index": 3}})
    assert app.keeper is not None and app.keeper.whose_deal(0) == "Dan"
    form_ = app.deal
    assert form_.tricks in form_.submit.fields and all(box in form_.submit.fields for row in form_.rows for box in row)
    _who, first_call = form_.rows[0]
    four = [value for _label, value in first_call.options].index("Four")
    # the kernel still holds 1 tricks (the 6 typed after it is held back in the browser): the click carries 6
    form_.tricks.value = 1
    click_from_the_browser(form_.submit, {first_call.model_id: {"index": four}, form_.tricks.model_id: {"value": 6}})
    assert "not 6" in app.status.text and app.keeper.deals_entered == 0
    click_from_the_browser(form_.submit, {form_.tricks.model_id: {"value": 4}})
    assert app.keeper.deals_entered == 1 and app.keeper.entry_tricks(0) == 4
    # a new row (a call out of turn) is carried too
    form_.add_call.click()
    assert all(box in form_.submit.fields for box in form_.rows[-1])


def test_the_play_page_starts_with_the_name_typed_in_the_browser():
    app = PlayApp()
    setup = app.setup
    assert {setup.players, setup.name, setup.length, setup.seed} <= set(setup.start.fields)
    # the last letters of the name and the seed are still held back in the browser when "Start" is tapped
    setup.name.value = "An"
    click_from_the_browser(setup.start, {setup.name.model_id: {"value": "Ann"}, setup.seed.model_id: {"value": "7"}})
    assert app.table is not None and app.table.name == "Ann" and app.table.session.seed == 7
    # a forged length (not a whole number) refuses the click: the game in play is the same
    table = app.table
    app.setup_open = True
    click_from_the_browser(setup.start, {setup.length.model_id: {"value": "many"}})
    assert app.table is table


def test_a_lesson_checks_the_answer_the_click_carried():
    app = LessonApp(course="worked-deal")
    storage = app.mode.store.widget
    storage.value, storage.loaded = "", True  # what the browser's storage widget does on render
    mode = app.mode
    while mode.run.pending is None or mode.run.pending[1].kind != "trick_winner":
        pending = mode.run.pending
        if pending is not None:
            ask = pending[1]
            for value, toggle in mode.question._toggles.items():
                toggle.value = value in ask.answer
            for name, amount in zip(ask.options, ask.answer) if ask.kind == "pay" else ():
                mode.question._amounts[name].value = str(amount)
            mode.question.check.click()
        app.controls.next.click()
    check = mode.question.check
    toggles = mode.question._toggles
    assert set(toggles.values()) == set(check.fields)
    # the kernel still has Cat pressed; the browser has Ann pressed and Cat released when Check is tapped
    toggles["Cat"].value = True
    index = mode.run.index
    click_from_the_browser(check, {toggles["Cat"].model_id: {"value": False}, toggles["Ann"].model_id: {"value": True}})
    assert "Ann takes trick 1" in mode.question.feedback.value and not toggles["Cat"].value
    app.controls.next.click()
    assert mode.run.index == index + 1
