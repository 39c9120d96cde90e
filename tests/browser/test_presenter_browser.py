"""Presenter mode and stepping by keys on the lesson page, in Voila and Chromium.

At 1920 x 1080 with ``?present=1``: the page uses the whole width, the narration is at least
28 px, the cards at least 120 px wide; the keys a presentation clicker sends step the lesson
(Right arrow, PageDown, Space on; Left arrow, PageUp back); hands hide and show. Without a
mouse: Tab to the controls (the focus outline always visible), Enter, the arrow keys; keys
typed in the step box stay there.

The README screenshot ``docs/presenter.png`` is only rewritten when
``NAP_UPDATE_SCREENSHOTS=1``; otherwise screenshots go to ``test-artifacts/``.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from nap_teach.engine.records import hand_to_record, record_to_link
from nap_teach.teach.course import load_lesson

REPO_ROOT = Path(__file__).resolve().parents[2]
README_SHOT = REPO_ROOT / "docs" / "presenter.png"
WIDGET_TIMEOUT = 30_000  # ms a widget may take to answer
STEPS = 27

SIZES_JS = """() => {
  const px = (sel, prop) => {
    const e = document.querySelector(sel);
    if (!e) return null;
    return prop === "width" ? e.getBoundingClientRect().width : parseFloat(getComputedStyle(e)[prop]);
  };
  return {
    page: px(".nap-lesson", "width"), text: px(".nap-lesson-explain .nap-lesson-text", "fontSize"),
    rule: px(".nap-lesson-explain .nap-rule", "fontSize"), title: px(".nap-lesson-explain .nap-rule-title", "fontSize"),
    open: px(".nt-seat .nt-open-card", "width"), trick: px(".nt-trick .nt-trick-card", "width"),
    table: px(".nt-table", "width"), side: px(".nap-lesson-side", "width"),
  };
}"""

FOCUS_JS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const s = getComputedStyle(e);
  return { cls: e.className, tag: e.tagName, style: s.outlineStyle, width: parseFloat(s.outlineWidth),
           colour: s.outlineColor };
}"""


def step_label(page):
    return page.locator(".nap-lesson-step")


def open_lesson(voila_page, query: str):
    page = voila_page("lesson.ipynb", query, ready=".nap-lesson-next")
    page.locator('.nap-keys[data-ready="1"]').wait_for(state="attached", timeout=WIDGET_TIMEOUT)
    page.locator(".nt-seat").first.wait_for(timeout=WIDGET_TIMEOUT)
    return page


def test_presenter_mode_at_1920_steps_by_clicker_keys_and_hides_hands(page, voila_page, page_log, screenshot,
                                                                      expect):
    page.set_viewport_size({"width": 1920, "height": 1080})
    page = open_lesson(voila_page, "lang=en&present=1&step=7")
    expect(page.locator(".nap-lesson.nap-present")).to_have_count(1)
    expect(step_label(page)).to_contain_text(f"Step 7 of {STEPS}")
    expect(page.locator("button.nap-present-switch")).to_have_text("Stop presenting")
    expect(page.locator(".nap-lesson-explanation .nap-rule").first).to_have_text("B11")

    sizes = page.evaluate(SIZES_JS)
    assert sizes["page"] >= 1800, sizes  # the whole width, not 1,100 px at the left
    assert sizes["text"] >= 28 and sizes["rule"] >= 28 and sizes["title"] >= 28, sizes
    assert sizes["open"] >= 120 and sizes["trick"] >= 120, sizes
    assert sizes["table"] > sizes["side"] >= 420, sizes  # the table beside the narration
    # the table and the narration fit the projected screen: nothing to scroll to see them
    bottom = page.evaluate("Math.max(document.querySelector('.nt-table').getBoundingClientRect().bottom,"
                           " document.querySelector('.nap-lesson-explain').getBoundingClientRect().bottom)")
    assert bottom <= 1080, bottom
    # below the stage, "Tricks so far" and "Could it have been made?" in type readable from the back
    below = page.evaluate("""() => ['.nap-lesson-history .widget-html-content', '.nap-postmortem'].map(
        (sel) => { const e = document.querySelector(sel); return e ? parseFloat(getComputedStyle(e).fontSize) : 0; })""")
    assert all(size >= 22 for size in below), below

    page.evaluate("document.activeElement && document.activeElement.blur()")
    path = screenshot(page, "presenter")
    if os.environ.get("NAP_UPDATE_SCREENSHOTS") == "1":
        README_SHOT.parent.mkdir(exist_ok=True)
        page.screenshot(path=str(README_SHOT))
        from PIL import Image  # 256 colours: a third of the size, the same picture

        Image.open(README_SHOT).convert("RGB").quantize(colors=256).save(README_SHOT, optimize=True)
    assert path.stat().st_size > 10_000

    # the keys of a presentation clicker
    for key, step in (("ArrowRight", 8), ("PageDown", 9), ("Space", 10), ("ArrowLeft", 9), ("PageUp", 8)):
        page.keyboard.press(key)
        expect(step_label(page)).to_contain_text(f"Step {step} of {STEPS}", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-lesson-explanation .nap-lesson-explain")).to_have_attribute("data-step", "8")
    # other keys do nothing (the page's own scrolling keys included)
    for key in ("ArrowDown", "Enter", "x", "Home"):
        page.keyboard.press(key)
    page.keyboard.press("ArrowRight")
    expect(step_label(page)).to_contain_text(f"Step 9 of {STEPS}", timeout=WIDGET_TIMEOUT)
    page.keyboard.press("ArrowLeft")
    expect(step_label(page)).to_contain_text(f"Step 8 of {STEPS}", timeout=WIDGET_TIMEOUT)

    # hands hidden one at a time, and shown again
    b_hand = page.locator('.nt-seat[data-seat="1"]')
    expect(b_hand.locator(".nt-open-card")).to_have_count(4)
    page.locator("button.nap-present-seat-1").click()
    expect(b_hand.locator(".nt-open-card")).to_have_count(0, timeout=WIDGET_TIMEOUT)
    expect(b_hand.locator(".nt-backs .nt-back")).to_have_count(4)
    expect(page.locator("button.nap-present-seat-1")).to_have_text("Show B's hand")
    expect(page.locator('.nt-seat[data-seat="0"] .nt-open-card')).to_have_count(4)
    page.locator("button.nap-present-seat-1").click()
    expect(b_hand.locator(".nt-open-card")).to_have_count(4, timeout=WIDGET_TIMEOUT)

    # "what would you play?": every hand but the one of the player to act (D) is face down
    page.locator(".nap-present-only input[type=checkbox]").check()
    expect(page.locator(".nap-present-ask")).to_contain_text("What would D play?", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nt-seat .nt-open")).to_have_count(1)
    expect(page.locator('.nt-seat[data-seat="3"] .nt-open-card')).to_have_count(5)
    page.keyboard.press("ArrowRight")  # (the focus is on the box just ticked) the reveal: D's card; A is to play
    expect(step_label(page)).to_contain_text(f"Step 9 of {STEPS}", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-present-ask")).to_contain_text("What would A play?", timeout=WIDGET_TIMEOUT)
    expect(page.locator('.nt-seat[data-seat="0"] .nt-open-card')).to_have_count(4)
    expect(page.locator(".nt-seat .nt-open")).to_have_count(1)
    # the narration still gives the rule behind the step
    expect(page.locator(".nap-lesson-explanation .nap-rule").first).to_be_visible()
    page.locator("button.nap-present-all").click()
    expect(page.locator(".nt-seat .nt-open")).to_have_count(4, timeout=WIDGET_TIMEOUT)

    page.locator("button.nap-present-switch").click()  # back to the normal page
    expect(page.locator(".nap-lesson.nap-present")).to_have_count(0, timeout=WIDGET_TIMEOUT)
    expect(page.locator("button.nap-present-switch")).to_have_text("Present")
    page_log.assert_no_errors()


def test_the_lesson_stepped_with_the_keyboard_alone(voila_page, page_log, expect):
    page = open_lesson(voila_page, "lang=en")
    expect(step_label(page)).to_contain_text(f"Step 1 of {STEPS}")
    seen = []
    for _ in range(40):  # Tab through the page to the Next button; every stop shows its focus
        page.keyboard.press("Tab")
        focus = page.evaluate(FOCUS_JS)
        if focus is None:
            continue
        seen.append(focus["cls"])
        assert focus["style"] != "none" and focus["width"] >= 2, focus
        if "nap-lesson-next" in focus["cls"]:
            break
    else:
        raise AssertionError(f"Tab never reached the Next button: {seen}")
    assert any("nap-present-switch" in c for c in seen), seen  # the switch is reached on the way
    page.keyboard.press("Enter")
    expect(step_label(page)).to_contain_text(f"Step 2 of {STEPS}", timeout=WIDGET_TIMEOUT)
    page.keyboard.press("Space")  # Space presses the focused button: one step, not two
    expect(step_label(page)).to_contain_text(f"Step 3 of {STEPS}", timeout=WIDGET_TIMEOUT)
    page.wait_for_timeout(500)
    expect(step_label(page)).to_contain_text(f"Step 3 of {STEPS}")
    page.keyboard.press("ArrowRight")
    expect(step_label(page)).to_contain_text(f"Step 4 of {STEPS}", timeout=WIDGET_TIMEOUT)
    page.keyboard.press("ArrowLeft")
    expect(step_label(page)).to_contain_text(f"Step 3 of {STEPS}", timeout=WIDGET_TIMEOUT)
    focus = page.evaluate(FOCUS_JS)
    assert focus is not None and "nap-lesson-next" in focus["cls"], focus  # the focus stayed where it was

    # keys typed in the step box are the box's: the lesson does not move
    box = page.locator(".nap-lesson-number input")
    box.focus()
    for key in ("ArrowRight", "ArrowLeft", "Space", "PageDown"):
        page.keyboard.press(key)
    page.wait_for_timeout(500)
    expect(step_label(page)).to_contain_text(f"Step 3 of {STEPS}")
    box.fill(str(STEPS - 1))
    page.keyboard.press("Enter")
    expect(step_label(page)).to_contain_text(f"Step {STEPS - 1} of {STEPS}", timeout=WIDGET_TIMEOUT)
    # Next at the last step is disabled: the focus moves to Back instead of being dropped
    page.locator("button.nap-lesson-next").focus()
    page.keyboard.press("Enter")
    expect(step_label(page)).to_contain_text(f"Step {STEPS} of {STEPS}", timeout=WIDGET_TIMEOUT)
    expect(page.locator("button.nap-lesson-next")).to_be_disabled()
    expect(page.locator("button.nap-lesson-back")).to_be_focused(timeout=WIDGET_TIMEOUT)
    focus = page.evaluate(FOCUS_JS)
    assert focus["style"] != "none" and focus["width"] >= 2, focus
    page.keyboard.press("Enter")  # Back, from where the focus went
    expect(step_label(page)).to_contain_text(f"Step {STEPS - 1} of {STEPS}", timeout=WIDGET_TIMEOUT)
    page.keyboard.press("PageUp")
    expect(step_label(page)).to_contain_text(f"Step {STEPS - 2} of {STEPS}", timeout=WIDGET_TIMEOUT)

    # presenter mode switched on from the keyboard, and stepped by keys there too
    page.locator("button.nap-present-switch").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".nap-lesson.nap-present")).to_have_count(1, timeout=WIDGET_TIMEOUT)
    page.keyboard.press("PageDown")
    expect(step_label(page)).to_contain_text(f"Step {STEPS - 1} of {STEPS}", timeout=WIDGET_TIMEOUT)
    page_log.assert_no_errors()


def test_presenter_mode_of_a_course_lesson_in_spanish(page, voila_page, page_log, expect):
    page.set_viewport_size({"width": 1920, "height": 1080})
    page = open_lesson(voila_page, "lang=es&present=1&lesson=follow-suit")
    expect(page.locator("button.nap-present-switch")).to_have_text("Dejar de presentar")
    expect(page.locator("button.nap-present-seat-1")).to_have_text("Ocultar la mano de Ben")
    expect(step_label(page)).to_contain_text("Paso 1 de 26")
    page.keyboard.press("ArrowRight")
    expect(step_label(page)).to_contain_text("Paso 2 de 26", timeout=WIDGET_TIMEOUT)
    page.keyboard.press("PageUp")
    expect(step_label(page)).to_contain_text("Paso 1 de 26", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-lesson-explanation .nap-rule").first).to_be_visible()
    sizes = page.evaluate(SIZES_JS)
    assert sizes["page"] >= 1800 and sizes["open"] >= 120, sizes
    page_log.assert_no_errors()


GEOMETRY_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; };
  const table = document.querySelector(".nap-present-stage .nt-table");
  const slots = [...document.querySelectorAll(".nt-trick .nt-slot")].map((s) => s.offsetTop);  // not moved by the arrival
  return { table: table ? box(table) : null, seats: [...document.querySelectorAll(".nt-table .nt-seat")].map(box),
           centre: box(document.querySelector(".nt-table .nt-centre")), rows: new Set(slots).size,
           slots: slots.length, vw: window.innerWidth, vh: window.innerHeight };
}"""

SEVEN = load_lesson("table-sizes").deals[1].hand  # Ann ... Gus: seven players, one deal of 45 steps


def assert_holds_still(page, first, where):
    now = page.evaluate(GEOMETRY_JS)
    assert now["table"] == first["table"], (where, now["table"], first["table"])  # the table never moves or grows
    assert now["seats"] == first["seats"] and now["centre"] == first["centre"], where  # nor any seat or hand
    left, top, width, height = now["table"]
    assert left >= 0 and top >= 0 and left + width <= now["vw"] and top + height <= now["vh"], (where, now)
    assert now["rows"] <= 1, (where, now)  # the trick lies in one row, up to seven cards
    return now


def walk(page, expect, first, keys, steps, total):
    """Press ``keys`` in turn, once per step of ``steps``, checking after each that nothing moved."""
    most = 0
    for i, step in enumerate(steps):
        page.keyboard.press(keys[i % len(keys)])
        expect(step_label(page)).to_contain_text(f"Step {step} of {total}", timeout=WIDGET_TIMEOUT)
        most = max(most, assert_holds_still(page, first, f"step {step}")["slots"])
    return most


@pytest.mark.parametrize("players", [pytest.param(4, marks=pytest.mark.whole_walk), 7])
def test_b12_presenter_mode_holds_still_through_a_whole_deal_stepped_by_keys(page, voila_page, page_log, screenshot,
                                                                              expect, players):
    """Every step of a whole deal by the clicker's keys alone, forward at 1920 x 1080, then back at 1280 x 720:
    after each step the table, every seat and the middle have the same box, inside the screen.

    Sampled: ``make test`` steps the deal of seven (the most seats to hold still); ``NAP_WALKS=all`` the worked
    deal of four too, which test_presenter_mode_at_1920_steps_by_clicker_keys_and_hides_hands steps in part."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    query = "lang=en&present=1" + ("" if players == 4 else f"&deal={record_to_link(hand_to_record(SEVEN))}")
    page = open_lesson(voila_page, query)
    total = STEPS if players == 4 else 45
    expect(step_label(page)).to_contain_text(f"Step 1 of {total}")
    expect(page.locator(".nap-present-stage .nt-seat")).to_have_count(players)
    expect(page.locator(".nap-present-keys")).to_contain_text("Esc")
    first = page.evaluate(GEOMETRY_JS)
    assert first["table"][2] >= 1200 and first["table"][3] >= 900, first  # most of a projected screen
    most = walk(page, expect, first, ("ArrowRight", "PageDown", "Space"), range(2, total + 1), total)
    assert most == players  # a whole trick was on the table, in one row
    screenshot(page, f"presenter-{players}-1920-end")

    page.set_viewport_size({"width": 1280, "height": 720})
    page.wait_for_timeout(300)
    small = assert_holds_still(page, page.evaluate(GEOMETRY_JS), "1280 x 720")
    walk(page, expect, small, ("ArrowLeft", "PageUp"), range(total - 1, 0, -1), total)
    screenshot(page, f"presenter-{players}-1280-start")
    expect(page.locator(".nap-lesson.nap-present")).to_have_count(1)
    page_log.assert_no_errors()


def test_space_never_leaves_presenter_mode_and_escape_does(page, voila_page, page_log, expect):
    page.set_viewport_size({"width": 1366, "height": 768})
    page = open_lesson(voila_page, "lang=en&present=1&step=7")
    first = page.evaluate(GEOMETRY_JS)
    page.locator("button.nap-present-switch").focus()  # what a click on "Present" leaves focused
    page.keyboard.press("Space")
    expect(step_label(page)).to_contain_text(f"Step 8 of {STEPS}", timeout=WIDGET_TIMEOUT)
    page.wait_for_timeout(400)
    expect(page.locator(".nap-lesson.nap-present")).to_have_count(1)
    page.locator("button.nap-present-seat-1").click()  # hide B's hand, then Space: a step, B stays hidden
    expect(page.locator("button.nap-present-seat-1")).to_have_text("Show B's hand", timeout=WIDGET_TIMEOUT)
    page.keyboard.press("Space")
    expect(step_label(page)).to_contain_text(f"Step 9 of {STEPS}", timeout=WIDGET_TIMEOUT)
    page.wait_for_timeout(400)
    expect(page.locator("button.nap-present-seat-1")).to_have_text("Show B's hand")
    box = page.locator(".nap-present-only input[type=checkbox]")
    box.check()  # the box keeps the focus; Space steps and leaves it ticked
    expect(page.locator(".nap-present-ask")).to_contain_text("What would A play?", timeout=WIDGET_TIMEOUT)
    page.keyboard.press("Space")
    expect(step_label(page)).to_contain_text(f"Step 10 of {STEPS}", timeout=WIDGET_TIMEOUT)
    page.wait_for_timeout(400)
    expect(box).to_be_checked()
    page.keyboard.press("PageUp")
    expect(step_label(page)).to_contain_text(f"Step 9 of {STEPS}", timeout=WIDGET_TIMEOUT)
    assert_holds_still(page, first, "after the hands bar")
    page.keyboard.press("Escape")
    expect(page.locator(".nap-lesson.nap-present")).to_have_count(0, timeout=WIDGET_TIMEOUT)
    expect(page.locator("button.nap-present-switch")).to_have_text("Present")
    page_log.assert_no_errors()


def test_b11_a_course_question_is_revealed_and_passed_by_keys(page, voila_page, page_log, screenshot, expect):
    page.set_viewport_size({"width": 1280, "height": 720})
    page = open_lesson(voila_page, "lang=en&present=1&lesson=follow-suit")
    first = page.evaluate(GEOMETRY_JS)
    for step in range(2, 7):
        page.keyboard.press("ArrowRight")
        expect(step_label(page)).to_contain_text(f"Step {step} of 26", timeout=WIDGET_TIMEOUT)
    ask = page.locator(".nap-present-panel .nap-ask")
    expect(ask).to_be_visible()
    expect(ask.locator(".nap-ask-prompt")).to_contain_text("Your turn to decide")
    page.keyboard.press("PageDown")  # asked to the room: the next key reveals the answer and its reason
    expect(ask.locator(".nap-ask-revealed")).to_contain_text("The answer:", timeout=WIDGET_TIMEOUT)
    expect(ask.locator(".nap-ask-revealed .nap-rule").first).to_have_text("B11")
    expect(step_label(page)).to_contain_text("Step 6 of 26")
    box = ask.bounding_box()
    assert box is not None and box["y"] + min(box["height"], 120) <= 720, box  # the question is on the screen
    assert_holds_still(page, first, "the reveal")
    screenshot(page, "question-revealed")
    page.keyboard.press("Space")  # and the step after moves on
    expect(step_label(page)).to_contain_text("Step 7 of 26", timeout=WIDGET_TIMEOUT)
    assert_holds_still(page, first, "after the question")
    page_log.assert_no_errors()
