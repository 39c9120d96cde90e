"""The rules explorer in Voila and Chromium: answer quiz questions and see the score change."""
from __future__ import annotations

from nap_teach.words.i18n import translator
from nap_teach.teach.quiz import make_quiz

WIDGET_TIMEOUT = 30_000  # ms a widget may take to answer a click
SEED = 5


def test_quiz_answers_change_the_score(voila_page, page_log, screenshot, expect, layout):
    page = voila_page("explorer.ipynb", f"seed={SEED}&section=quiz", ready=".nap-ex-score")
    assert "ExplorerApp" not in page.content()
    score = page.locator(".nap-ex-score")
    expect(score).to_contain_text("Score: 0 of 0")
    questions = make_quiz(SEED)
    en = translator("en")

    first = questions[0]
    right = en.explain(next(c.label for c in first.choices if c.value == first.answer))
    expect(page.locator(".nap-ex-quiz .nap-ex-prompt")).to_contain_text(en.explain(first.prompt)[:40])
    page.locator("button.nap-ex-quiz-q-choice", has_text=right).click()
    expect(score).to_contain_text("Score: 1 of 1", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-ex-quiz .nap-ex-feedback")).to_contain_text("Right!")
    expect(page.locator(".nap-ex-quiz .nap-ex-feedback .nap-rule").first).to_have_text(first.rule)

    page.locator("button.nap-ex-quiz-next").click()
    second = questions[1]
    expect(page.locator(".nap-ex-quiz .nap-ex-prompt")).to_contain_text(en.explain(second.prompt)[:40],
                                                                        timeout=WIDGET_TIMEOUT)
    wrong = en.explain(next(c.label for c in second.choices if c.value != second.answer))
    page.locator("button.nap-ex-quiz-q-choice", has_text=wrong).click()
    expect(score).to_contain_text("Score: 1 of 2", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-ex-quiz .nap-ex-feedback")).to_contain_text("Not quite.")

    layout.show_whole(page, ".nap-explorer", 1280)
    screenshot(page, "quiz-1280")
    page_log.assert_no_errors()


def test_rules_trainer_and_phone_width(voila_page, page_log, screenshot, expect, layout):
    page = voila_page("explorer.ipynb", "rule=B7", ready=".nap-ex-auction")
    page.set_viewport_size({"width": 390, "height": 900})
    page.locator("button.nap-ex-call-Wellington").click()
    expect(page.locator(".nap-status")).to_contain_text("only allowed after someone has bid Nap",
                                                        timeout=WIDGET_TIMEOUT)
    page.locator("button.nap-ex-call-Nap").click()
    expect(page.locator(".nap-ex-auction-history")).to_contain_text("Ann: Nap", timeout=WIDGET_TIMEOUT)
    layout.show_whole(page, ".nap-explorer", 390)
    layout.assert_fits(page, ".nap-explorer")
    screenshot(page, "rules-390")
    page.locator("button.nap-ex-nav, .nap-ex-nav button", has_text="For teachers").first.click()
    expect(page.locator(".nap-ex-syllabus-table")).to_contain_text("not 8", timeout=WIDGET_TIMEOUT)
    layout.show_whole(page, ".nap-explorer", 390)
    screenshot(page, "syllabus-390")
    page_log.assert_no_errors()
