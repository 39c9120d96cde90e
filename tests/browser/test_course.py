"""A lesson of the course in Voila and Chromium: decide before the reveal, the quiz, progress kept in the browser.

The learner answers a question wrongly, reads why, answers rightly, goes
through the lesson and its quiz, reloads the page and finds the lesson marked
done with its score (the browser's localStorage, through the anywidget
storage widget; nothing on the server).
"""
from __future__ import annotations

import re

from nap_teach.teach.course import load_lesson
from nap_teach.teach.lesson.player import LessonPlayer, LessonRun

WIDGET_TIMEOUT = 30_000  # ms a widget may take to answer a click
LESSON = "worked-deal"


def answer(page, ask, expect) -> None:
    """Give the engine's right answer to the question on the page."""
    if ask.kind == "pay":
        for name, amount in zip(ask.options, ask.answer):
            box = page.locator(f".nap-ask-amount-{name} input")
            box.fill(amount)
            box.press("Tab")
    else:
        for value in ask.options:  # toggle buttons: set each to the answer (an earlier try may have left some on)
            button = page.locator(f"button.nap-ask-option-{value}")
            pressed = "mod-active" in (button.get_attribute("class") or "")
            if pressed != (value in ask.answer):
                button.click()
                expect(button).to_have_class(re.compile("mod-active" if not pressed else r"^(?!.*mod-active)"),
                                             timeout=WIDGET_TIMEOUT)
    page.locator("button.nap-ask-check").click()
    expect(page.locator(".nap-ask-feedback")).to_contain_text("Right.", timeout=WIDGET_TIMEOUT)


def test_wrong_then_right_then_done_and_kept_after_reload(voila_page, page_log, screenshot, expect):
    run = LessonRun(LessonPlayer(load_lesson(LESSON)))  # the same lesson and quiz, to know the answers
    page = voila_page("lesson.ipynb", f"lesson={LESSON}&lang=en", ready=".nap-ask-check")
    expect(page.locator(".nap-storage")).to_have_count(1, timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-course-list")).to_contain_text("not started", timeout=WIDGET_TIMEOUT)

    # the first question (before the first call): which calls may A make? Only "Pass" is not enough
    expect(page.locator(".nap-ask-prompt")).to_contain_text("which calls may Ann make now")
    page.locator("button.nap-ask-option-Pass").click()
    page.locator("button.nap-ask-check").click()
    feedback = page.locator(".nap-ask-feedback")
    expect(feedback).to_contain_text("Not quite", timeout=WIDGET_TIMEOUT)
    expect(feedback).to_contain_text("Four is allowed here too.")
    page.locator("button.nap-lesson-next").click()
    expect(page.locator(".nap-lesson-step")).to_contain_text("Step 1 of 27")  # no reveal before a right answer
    screenshot(page, "wrong-answer")

    steps = 1
    while not run.at_end:
        pending = run.pending
        if pending is not None:
            ask = pending[1]
            answer(page, ask, expect)
            run.answer(list(ask.answer) if ask.kind != "pay" else {n: int(v) for n, v in zip(ask.options, ask.answer)})
        run.next()
        page.locator("button.nap-lesson-next").click()
        steps += 1
        expect(page.locator(".nap-lesson-step")).to_contain_text(f"Step {steps} of 27", timeout=WIDGET_TIMEOUT)

    quiz = page.locator(".nap-lesson-quiz")
    expect(quiz).to_be_visible(timeout=WIDGET_TIMEOUT)
    for i, q in enumerate(run.questions):
        expect(page.locator(".nap-lesson-quiz-count")).to_contain_text(f"Question {i + 1} of {len(run.questions)}",
                                                                       timeout=WIDGET_TIMEOUT)
        k = [c.value for c in q.choices].index(q.answer)
        page.locator("button.nap-lesson-quiz-q-choice").nth(k).click()
        expect(page.locator(".nap-lesson-quiz-q .nap-ex-feedback")).to_contain_text("Right", timeout=WIDGET_TIMEOUT)
        if i + 1 < len(run.questions):
            page.locator("button.nap-lesson-quiz-next").click()
    done = page.locator(".nap-lesson-done")
    expect(done).to_contain_text("Lesson done.", timeout=WIDGET_TIMEOUT)
    total = run.player.questions + len(run.questions)
    score = total - 1  # the first question was answered wrongly at the first try
    expect(done).to_contain_text(f"Your score: {score} of {total}.")
    page.wait_for_function("() => (window.localStorage.getItem('nap_teach.progress') || '').includes('worked-deal')",
                           timeout=WIDGET_TIMEOUT)

    page.reload(wait_until="domcontentloaded")
    page.locator(".nap-ask-check").first.wait_for(state="attached", timeout=60_000)
    item = page.locator(f'.nap-course-item[data-lesson="{LESSON}"]')
    expect(item).to_have_attribute("data-state", "done", timeout=WIDGET_TIMEOUT)
    expect(item).to_contain_text(f"done, score {score} of {total}")
    expect(page.locator(".nap-progress-summary")).to_contain_text("Lessons done: 1 of")

    landing = voila_page("index.ipynb", "lang=en", ready=".nap-landing-course")
    expect(landing.locator(f'.nap-landing-course .nap-course-item[data-lesson="{LESSON}"]')).to_have_attribute(
        "data-state", "done", timeout=WIDGET_TIMEOUT)
    page_log.assert_no_errors()
