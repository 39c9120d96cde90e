"""The lesson page in Voila and Chromium: step to the end, what-if, phone width.

The README screenshot ``docs/lesson.png`` is only rewritten when
``NAP_UPDATE_SCREENSHOTS=1``; otherwise screenshots go to ``test-artifacts/``.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
README_SHOT = REPO_ROOT / "docs" / "lesson.png"
WIDGET_TIMEOUT = 30_000  # ms a widget may take to answer a click
MINUS = "\u2212"
STEPS = 27


def step_label(page):
    return page.locator(".nap-lesson-step")


def show_whole_lesson(page, width: int = 1280) -> None:
    """Make the viewport as tall as the lesson: Voila's lab template scrolls inside
    a container, so a full-page screenshot alone would cut the page off."""
    height = page.evaluate(
        "(() => { const e = document.querySelector('.nap-lesson');"
        " return e.getBoundingClientRect().top + e.scrollHeight + 40; })()")
    page.set_viewport_size({"width": width, "height": int(max(600, min(height, 6000)))})
    page.wait_for_timeout(300)


def test_next_to_the_end_shows_the_settlement(voila_page, page_log, screenshot, expect, artifacts_dir):
    page = voila_page("lesson.ipynb", "lang=en", ready=".nap-lesson-next")
    expect(step_label(page)).to_contain_text(f"Step 1 of {STEPS}")
    table = page.locator(".nap-lesson .nap-card-table")
    expect(table.locator(".nt-fact", has_text="32 unused cards, face down")).to_have_count(1)
    expect(table.locator(".nt-open .nt-open-card")).to_have_count(20)  # all hands open for study
    # the code cells are stripped: learners see widgets only
    assert "LessonApp" not in page.content()

    next_button = page.locator("button.nap-lesson-next")
    next_button.focus()
    expect(next_button).to_be_focused()
    page.keyboard.press("Enter")  # keyboard works as well as the mouse
    expect(step_label(page)).to_contain_text(f"Step 2 of {STEPS}", timeout=WIDGET_TIMEOUT)

    for k in range(3, STEPS):
        next_button.click()
        expect(step_label(page)).to_contain_text(f"Step {k} of {STEPS}", timeout=WIDGET_TIMEOUT)
        if k == 6:
            expect(page.locator(".nap-lesson-explanation")).to_contain_text("hearts are trump")
    settlement = page.locator(".nap-lesson-settlement")
    expect(settlement).to_contain_text(f"+12 {MINUS}4 {MINUS}4 {MINUS}4 = 0")
    expect(page.locator(".nap-lesson-explanation")).to_contain_text("Four is made")
    expect(page.locator(".nap-lesson-explanation .nap-rule").first).to_have_text("B6")
    expect(page.locator(".nap-lesson-history")).to_contain_text("Last trick: trick 5, won by B")
    reading = page.locator(".nap-postmortem")  # could it have been made? with open hands
    expect(reading).to_contain_text("Could it have been made?")
    expect(reading).to_contain_text("A would take 4 tricks: Four could be made.")

    show_whole_lesson(page)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    path = screenshot(page, "result")
    if os.environ.get("NAP_UPDATE_SCREENSHOTS") == "1":
        README_SHOT.parent.mkdir(exist_ok=True)
        page.screenshot(path=str(README_SHOT), full_page=True)
    assert path.stat().st_size > 10_000

    next_button.click()
    expect(step_label(page)).to_contain_text(f"Step {STEPS} of {STEPS}", timeout=WIDGET_TIMEOUT)
    expect(settlement).to_contain_text(f"{MINUS}12 +4 +4 +4 = 0")
    expect(next_button).to_be_disabled()
    page_log.assert_no_errors()


def test_jump_whatif_refusal_and_back_to_the_book(voila_page, page_log, screenshot, expect):
    page = voila_page("lesson.ipynb", "lang=en", ready=".nap-lesson-jump")
    page.locator(".nap-lesson-jump select").select_option(label="Trick 1")
    expect(step_label(page)).to_contain_text(f"Step 6 of {STEPS}", timeout=WIDGET_TIMEOUT)
    page.locator("button.nap-lesson-next").click()  # B's card to trick 1
    expect(step_label(page)).to_contain_text(f"Step 7 of {STEPS}", timeout=WIDGET_TIMEOUT)

    page.locator("button.nap-whatif-card-KS").click()
    expect(page.locator(".nap-whatif-status")).to_contain_text("must follow suit", timeout=WIDGET_TIMEOUT)
    page.locator("button.nap-whatif-card-10H").click()
    result = page.locator(".nap-whatif-result")
    expect(result).to_contain_text("B plays 10\u2665", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-whatif-settlement")).to_contain_text("= 0")
    screenshot(page, "whatif")
    page.locator("button.nap-whatif-back").click()
    expect(result).to_be_hidden(timeout=WIDGET_TIMEOUT)

    # the language switch redraws the page in place: same step, no error
    page.locator(".nap-lang button", has_text="Español").click()
    expect(page.locator(".nap-lang button", has_text="Español")).to_have_class(re.compile("mod-active"),
                                                                              timeout=WIDGET_TIMEOUT)
    expect(page.locator('.nap-lesson-explain[data-step="7"]')).to_be_visible(timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-lesson-jump select")).to_have_value(re.compile("."))
    expect(page.locator(".nap-msg-error")).to_have_count(0)
    page_log.assert_no_errors()


def _overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_phone_width_does_not_overflow(voila_page, page_log, screenshot, expect):
    page = voila_page("lesson.ipynb", "lang=en&step=15", ready=".nap-lesson .nt-table")
    page.set_viewport_size({"width": 390, "height": 844})
    expect(step_label(page)).to_contain_text(f"Step 15 of {STEPS}")
    page.wait_for_timeout(300)
    assert _overflow(page) <= 390 + 2
    page.locator("button.nap-whatif-card-AC").click()  # B has no hearts: any card is legal
    expect(page.locator(".nap-whatif-settlement")).to_contain_text("= 0", timeout=WIDGET_TIMEOUT)
    page.wait_for_timeout(300)
    assert _overflow(page) <= 390 + 2
    screenshot(page, "phone-whatif")
    page.locator(".nap-lesson-jump select").select_option(label="The result")
    expect(page.locator(".nap-lesson-settlement")).to_contain_text("= 0", timeout=WIDGET_TIMEOUT)
    page.wait_for_timeout(300)
    assert _overflow(page) <= 390 + 2
    # every card of the table is inside the viewport horizontally
    right = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.nap-lesson .nap-card')]"
        ".map(e => e.getBoundingClientRect().right))")
    assert right <= 390 + 2
    screenshot(page, "phone")
    page_log.assert_no_errors()
