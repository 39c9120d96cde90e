"""Every page of the app and its main states, in one place, for the page-wide browser checks.

The accessibility test (tests/browser/test_pages_accessibility.py) opens each
:class:`Visit` once, walks through its :class:`State` list in order and runs
axe-core at every state; the link test crawls the same pages in Spanish. A new
page (a notebook in notebooks/) is covered by adding a :class:`Visit` to
:data:`VISITS` (a test fails while a notebook is missing here).

A state's ``reach(page, expect)`` drives the page from the previous state to
this one by clicking as a learner would, using the stable ``nap-...`` CSS
classes (never the words, so the same walk works in every language).
Loaded by path (the tests run with ``--import-mode=importlib``): use the
``site_pages`` fixture of tests/browser/conftest.py.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

WIDGET_TIMEOUT = 30_000  # ms a widget may take to answer a click
SOLVER_TIMEOUT = 90_000  # the odds lab and the problems run the solver in the kernel

Reach = Callable[[Any, Any], None]


@dataclass(frozen=True)
class State:
    """A state of a page worth checking, and how to get there from the state before it."""

    name: str
    reach: Reach | None = None


@dataclass(frozen=True)
class Visit:
    """One page load (``notebook?query``) and the states walked through on it."""

    notebook: str
    query: str
    ready: str
    """CSS of an element that is visible once the page's widgets are drawn."""
    states: tuple[State, ...]

    @property
    def name(self) -> str:
        return self.notebook.removesuffix(".ipynb") + (f"[{self.query}]" if self.query else "")


# -- helpers -----------------------------------------------------------------------


def token(page: Any) -> str | None:
    latest = page.locator(".nap-latest").first
    return latest.get_attribute("data-token") if latest.count() else None


def wait_new_token(page: Any, before: str | None) -> None:
    page.wait_for_function(
        "(before) => { const el = document.querySelector('.nap-latest');"
        " return el && el.dataset.token !== before; }",
        arg=before, timeout=WIDGET_TIMEOUT)


def settle(page: Any, ms: int = 250) -> None:
    """Let the widgets finish drawing (a reply may re-render a box a moment later)."""
    page.wait_for_timeout(ms)


# -- index ---------------------------------------------------------------------------


def landing_try(page: Any, expect: Any) -> None:
    page.locator("button.nap-landing-try").click()
    expect(page.locator(".nap-landing-output .nap-landing-card").first).to_be_visible(timeout=WIDGET_TIMEOUT)


# -- lesson ----------------------------------------------------------------------------


def lesson_step(page: Any, expect: Any, n: int) -> None:
    page.locator("button.nap-lesson-next").click()
    expect(page.locator(".nap-lesson-step")).to_contain_text(re.compile(rf"\b{n}\b"), timeout=WIDGET_TIMEOUT)


def lesson_mid_deal(page: Any, expect: Any) -> None:
    page.locator(".nap-lesson-jump select").select_option(index=2)
    expect(page.locator(".nap-lesson .nt-trick")).to_be_attached(timeout=WIDGET_TIMEOUT)
    settle(page)


def lesson_whatif(page: Any, expect: Any) -> None:
    # a what-if from the current step: the first card the what-if panel offers
    cards = page.locator("button.nap-whatif-card:not([disabled])")
    expect(cards.first).to_be_visible(timeout=WIDGET_TIMEOUT)
    cards.first.click()
    expect(page.locator(".nap-whatif-result, .nap-whatif-status").first).not_to_be_empty(timeout=WIDGET_TIMEOUT)
    settle(page)


COURSE_LESSON = "pub-session"  # the shortest lesson of the course: 6 steps, questions, a quiz


def _course_run() -> Any:
    from nap_teach.course import load_lesson
    from nap_teach.lesson.player import LessonPlayer, LessonRun

    return LessonRun(LessonPlayer(load_lesson(COURSE_LESSON)))


def _answer(page: Any, expect: Any, ask: Any, right: bool, fresh: bool = True) -> None:
    """Answer the question on the page: the engine's answer, or a wrong one (``fresh``: a question not tried yet)."""
    if fresh:  # a new question clears the feedback of the one before: until then its boxes are the old ones
        expect(page.locator(".nap-ask-feedback .nap-ask-right, .nap-ask-feedback .nap-ask-wrong")).to_have_count(
            0, timeout=WIDGET_TIMEOUT)
        settle(page, 150)
    if ask.kind == "pay":
        for i, (name, amount) in enumerate(zip(ask.options, ask.answer)):
            box = page.locator(f".nap-ask-amount-{name} input")
            box.fill(str(int(amount) + (1 if not right and i == 0 else 0)))
            box.press("Tab")
    else:
        wanted = set(ask.answer) if right else set(ask.answer) ^ {ask.options[0]}
        for value in ask.options:
            button = page.locator(f"button.nap-ask-option-{value}")
            pressed = "mod-active" in (button.get_attribute("class") or "")
            if pressed != (value in wanted):
                button.click()
                expect(button).to_have_class(re.compile("mod-active" if not pressed else r"^(?!.*mod-active)"),
                                             timeout=WIDGET_TIMEOUT)
    page.locator("button.nap-ask-check").click()
    feedback = ".nap-ask-right" if right else ".nap-ask-wrong"
    expect(page.locator(f".nap-ask-feedback {feedback}")).to_be_visible(timeout=WIDGET_TIMEOUT)


def course_question(page: Any, expect: Any) -> None:
    """The first question of the lesson, answered wrongly: the feedback says why."""
    run = _course_run()
    assert run.pending is not None
    _answer(page, expect, run.pending[1], right=False)
    settle(page)


def course_end_quiz(page: Any, expect: Any) -> None:
    """Through the lesson (every question answered rightly) to its quiz, every quiz question answered."""
    run = _course_run()
    steps = 1
    while not run.at_end:
        if run.pending is not None:
            ask = run.pending[1]
            _answer(page, expect, ask, right=True, fresh=steps > 1)  # step 1's was tried (wrongly) before
            run.answer(list(ask.answer) if ask.kind != "pay" else {n: int(v) for n, v in zip(ask.options, ask.answer)})
        run.next()
        steps += 1
        lesson_step(page, expect, steps)
    expect(page.locator(".nap-lesson-quiz")).to_be_visible(timeout=WIDGET_TIMEOUT)
    for i, q in enumerate(run.questions):
        k = [c.value for c in q.choices].index(q.answer)
        choice = k if i % 2 == 0 else (k + 1) % len(q.choices)  # right and wrong answers both shown
        page.locator("button.nap-lesson-quiz-q-choice").nth(choice).click()
        expect(page.locator(".nap-lesson-quiz-q .nap-ex-feedback")).not_to_be_empty(timeout=WIDGET_TIMEOUT)
        if i + 1 < len(run.questions):
            page.locator("button.nap-lesson-quiz-next").click()
            expect(page.locator(".nap-lesson-quiz-count")).to_contain_text(str(i + 2), timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-lesson-done")).not_to_be_empty(timeout=WIDGET_TIMEOUT)
    settle(page)


# -- play --------------------------------------------------------------------------------

PLAY_QUERY = "seed=32&players=3&seat=1&deals=1&bots=simple"


def play_start(page: Any, expect: Any) -> None:
    page.locator("button.nap-play-start").click()
    expect(page.locator(".nap-latest")).to_be_attached(timeout=WIDGET_TIMEOUT)
    page.locator(".nap-table-pace select").select_option(index=0)  # "instant": the bots' cards at once
    expect(page.locator(".nap-play-auction-panel button.nap-play-call").first).to_be_visible(timeout=WIDGET_TIMEOUT)
    settle(page)


def _play_until(page: Any, expect: Any, done: Callable[[], bool], bid: bool = True) -> None:
    for _ in range(60):
        if done():
            return
        before = token(page)
        calls = page.locator(".nap-play-auction-panel button.nap-play-call:not([disabled])")
        if page.locator(".nap-play-auction-panel").is_visible() and calls.count():
            bids = page.locator(".nap-play-auction-panel button.nap-play-call:not([disabled]):not(.nap-play-call-pass)")
            (bids.first if bid and bids.count() else page.locator("button.nap-play-call-pass")).click()
            wait_new_token(page, before)
            continue
        legal = page.locator(".nap-play-card-table .nt-hand button.nt-card.nt-legal")
        if legal.count():
            legal.first.click()
            wait_new_token(page, before)
            continue
        page.wait_for_timeout(150)
    raise AssertionError("the deal did not reach the expected state")


def play_in_the_play(page: Any, expect: Any) -> None:
    hand = page.locator(".nap-play-card-table .nt-hand button.nt-card")
    _play_until(page, expect, lambda: page.locator(
        ".nap-play-card-table .nt-hand button.nt-card.nt-legal").count() > 0 and hand.count() < 5)
    settle(page)


def play_after_the_deal(page: Any, expect: Any) -> None:
    _play_until(page, expect, lambda: page.locator(".nap-play-final").count() > 0)
    expect(page.locator(".nap-play-final")).to_be_visible(timeout=WIDGET_TIMEOUT)
    settle(page)


# -- explorer -------------------------------------------------------------------------------


def explorer_tab(index: int) -> Reach:
    def reach(page: Any, expect: Any) -> None:
        button = page.locator(".nap-ex-nav button").nth(index)
        button.click()
        expect(button).to_have_class(re.compile("mod-active"), timeout=WIDGET_TIMEOUT)
        settle(page, 400)

    return reach


def explorer_quiz_answered(page: Any, expect: Any) -> None:
    explorer_tab(1)(page, expect)
    page.locator("button.nap-ex-quiz-q-choice").first.click()
    expect(page.locator(".nap-ex-quiz .nap-ex-feedback")).not_to_be_empty(timeout=WIDGET_TIMEOUT)
    settle(page)


# -- scorekeeper ------------------------------------------------------------------------------


def scorekeeper_session(page: Any, expect: Any) -> None:
    page.locator(".nap-sk-first select").select_option(index=1)
    page.locator("button.nap-sk-start").click()
    expect(page.locator(".nap-sk-whose")).to_contain_text("1", timeout=WIDGET_TIMEOUT)
    page.locator(".nap-sk-call select").first.select_option(index=2)
    tricks = page.locator(".nap-sk-tricks input")
    tricks.fill("3")
    tricks.press("Tab")
    page.locator("button.nap-sk-add").click()
    expect(page.locator(".nap-sk-row-1")).to_have_count(1, timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-sk-chart svg")).to_have_count(1, timeout=WIDGET_TIMEOUT)
    settle(page)


# -- problems and odds ---------------------------------------------------------------------------


def problems_one_card(page: Any, expect: Any) -> None:
    page.locator("button.nap-problems-legal").first.click()
    expect(page.locator(".nap-problems-grades p")).to_have_count(1, timeout=SOLVER_TIMEOUT)
    settle(page)


def odds_run(page: Any, expect: Any) -> None:
    page.locator(".nap-odds-layouts select").select_option(index=0)
    page.locator("button.nap-odds-run").click()
    expect(page.locator(".nap-odds-chart svg")).to_have_count(1, timeout=SOLVER_TIMEOUT)
    settle(page)


START = State("start")

VISITS: tuple[Visit, ...] = (
    Visit("index.ipynb", "", ".nap-landing-try", (START, State("hand dealt", landing_try))),
    Visit("lesson.ipynb", "", ".nap-lesson-next", (
        START, State("mid-deal", lesson_mid_deal), State("what-if", lesson_whatif))),
    Visit("lesson.ipynb", f"lesson={COURSE_LESSON}", ".nap-ask-check", (
        START, State("question answered wrongly", course_question), State("end quiz answered", course_end_quiz))),
    Visit("play.ipynb", PLAY_QUERY, "button.nap-play-start", (
        START, State("auction", play_start), State("play", play_in_the_play),
        State("after the deal", play_after_the_deal))),
    Visit("explorer.ipynb", "seed=5", ".nap-ex-nav", (
        START, State("quiz answered", explorer_quiz_answered), State("compare", explorer_tab(2)),
        State("for teachers", explorer_tab(3)))),
    Visit("scorekeeper.ipynb", "players=Ann,Ben,Cat,Dan", "button.nap-sk-start", (
        START, State("with a session", scorekeeper_session))),
    Visit("problems.ipynb", "problem=1", "button.nap-problems-card", (
        START, State("one card graded", problems_one_card))),
    Visit("odds.ipynb", "hand=AS,KS,QS,JH,2C", "button.nap-odds-run", (START, State("after a run", odds_run))),
    Visit("handouts.ipynb", "", ".nap-handout-rules", (START,)),
    Visit("handouts.ipynb", "kind=plan", ".nap-handout-plan", (START,)),
    # the class page with results is checked by test_class_results_browser.py (it drops the files)
    Visit("class.ipynb", "", ".nap-class", (START,)),
)
"""Every page and its main states (the explorer's rules tab is its start)."""


def notebooks_covered() -> set[str]:
    return {v.notebook for v in VISITS}
