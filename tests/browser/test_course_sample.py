"""Lessons of the course played by clicking in Voila and Chromium, in English and in Spanish.

Each sampled lesson is opened by its address (``lesson.ipynb?lesson=<id>``),
stepped through with Next; every question asked before a reveal is answered
(the first one wrongly: the page must say why, in the engine's words, and
keep the step hidden; then rightly), then the closing quiz (its first question
wrongly: the page must give that choice's own reason), until the lesson is
done with its score kept in the browser.

Six of the sixteen lessons are enough here (:data:`SAMPLE`): the widget tests (tests/test_ui_course.py)
play every lesson through in both languages; this sample asks every kind of question (a card, the legal
calls, the cards that may be played, a trick's winner, a payment), on both kinds of deal (a played deal, a
session's ledger), under both profiles, in the browser.

Sampled further in ``make test`` (:data:`CI_SAMPLE`): three of the six, played side by side: the worked deal
in English (it asks every kind of question, under the British rules), "session ledger" in English (a
session's ledger) and "pub session" in Spanish (the pub rules, and the page walk's course states below).
Left to ``NAP_WALKS=all``: "misère" in Spanish (52 of the 136 steps; test_learner_frame.py walks its every step
in Spanish with every question answered), "misdeal and renege" in English and "passed out" in Spanish.

The Spanish run of ``pub-session`` (the course lesson of the page list, tests/browser/pages.py) is also
where the page walk's course states are checked: the first question answered wrongly and the end of the
quiz, each with axe-core, no English and links that keep ``lang=es`` (the page walk itself opens that
lesson and checks its start).

To stay fast, one Voila server serves a few pages at once, each in its own
browser context (its own localStorage): every lesson is a generator of
actions that yields what the page must show next, and a loop moves on
whichever page is ready. A copy of the lesson run in the test
(:class:`~nap_teach.teach.lesson.player.LessonRun`, fed the same answers and the
same missed kinds) knows every answer and every quiz question.
"""
from __future__ import annotations

import json
import os
import time
from contextlib import ExitStack
from typing import Any, Callable, Iterator

import pytest

from nap_teach.teach.course import load_lesson
from nap_teach.words.i18n import translator
from nap_teach.teach.lesson.player import LessonPlayer, LessonRun
from nap_teach.teach.mastery import STORAGE_KEY, Progress

SAMPLE = [  # (lesson, language): 6 of the 16 lessons, every kind of deal and question, both profiles
    ("worked-deal", "en"), ("misere", "es"), ("misdeal-renege", "en"), ("passed-out", "es"),
    ("session-ledger", "en"), ("pub-session", "es"),
]
CI_SAMPLE = [("worked-deal", "en"), ("session-ledger", "en"), ("pub-session", "es")]
"""What ``make test`` plays (see the module's docstring); NAP_WALKS=all plays SAMPLE."""


QUESTION_KINDS = {"card", "legal_calls", "playable", "trick_winner", "pay"}
"""Every kind of question a lesson asks before a reveal: the sample asks each of them."""
PARALLEL = 3
"""Pages played at once (each in its own browser context)."""
STEP_TIMEOUT = 60.0
"""Seconds a page may take to show what a click should bring."""
BUDGET = 40.0
"""Seconds the sample should take on an idle 2-core machine (136 steps, 33 deal questions, about 30 quiz
questions). It is written down with each run (test-artifacts/course-sample.txt), not asserted: on a
machine shared with other test runs it takes several times longer."""

# What a page must show next: a JavaScript function of one argument, true once it does.
_VISIBLE = """(sel) => { const el = document.querySelector(sel);
    return !!el && el.offsetParent !== null; }"""
_HAS = """([sel, text]) => Array.from(document.querySelectorAll(sel)).some(el => el.textContent.includes(text))"""
_NUMBERS = """([sel, k, n]) => { const el = document.querySelector(sel);
    if (!el) return false; const m = el.textContent.match(/(\\d+)\\D+(\\d+)/);
    return !!m && +m[1] === k && +m[2] === n; }"""
_CHOSEN = """([place, data]) => !!Array.from(document.querySelectorAll('.nap-ask-chosen-text'))
    .find(el => el.dataset.ask === place && el.dataset.chosen === data)"""
_STORED = """([key, id]) => (window.localStorage.getItem(key) || '').includes('"' + id + '"')"""

Wait = tuple[str, Any, str]
"""(JavaScript predicate, its argument, what is awaited, for the failure message)."""


def _text(explanation: Any, tr: Any) -> str:
    return tr.explain(explanation)


def _give(page: Any, ask: Any, place: str, pressed: set[str], value: Any) -> Wait:
    """Pick (or type) ``value`` in the options of the question at ``place``; returns the wait until
    the page has it (its "your answer" line), so that Check reads it."""
    if ask.kind == "pay":
        for name, amount in value.items():
            box = page.locator(f".nap-ask-amount-{name}.nap-ask-q-{place} input")
            box.fill(str(amount))
            box.press("Tab")
        data = ",".join(f"{name}={value[name]}" for name in ask.options)
    else:
        wanted = set(value) if ask.multi else {value}
        # ticks are independent; a single choice is one click (the page lets go of the other one itself)
        flip = [o for o in ask.options if (o in pressed) != (o in wanted)] if ask.multi else \
            [value] if value not in pressed else []
        for option in flip:
            page.locator(f"button.nap-ask-option-{option}.nap-ask-q-{place}").click()
        pressed.clear()
        pressed.update(wanted)
        data = ",".join(o for o in ask.options if o in wanted)
    return (_CHOSEN, [place, data], f"the answer {data} on the page")


def _wrong_value(ask: Any) -> Any:
    """An answer the engine calls wrong (None when every option is right)."""
    if ask.kind == "pay":
        values = {n: int(v) for n, v in zip(ask.options, ask.answer)}
        values[ask.options[0]] += 1
        return values
    if ask.multi:
        return list(ask.answer[:-1]) if len(ask.answer) > 1 else [o for o in ask.options if o not in ask.answer][:1]
    for o in ask.options:
        if o not in ask.answer and not ask.check(o).right:
            return o
    return None


def _right_value(ask: Any) -> Any:
    if ask.kind == "pay":
        return {n: int(v) for n, v in zip(ask.options, ask.answer)}
    return list(ask.answer) if ask.multi else ask.answer[0]


def play_lesson(page: Any, lesson: str, lang: str, log: dict[str, Any],
                at_state: Callable[[Any, str], None] | None = None) -> Iterator[Wait]:
    """Play ``lesson`` on ``page`` by clicking; yields what the page must show before the next click.

    ``at_state(page, name)`` is called at the two states of a course lesson that the page walk checks
    (tests/browser/pages.py, ``COURSE_STATES``): the first question answered wrongly, and the end, every
    quiz question answered."""
    tr = translator(lang)
    run = LessonRun(LessonPlayer(load_lesson(lesson)))  # the test's copy of the learner's run
    kept = Progress()  # ... and of the learner's browser storage
    # the page comes once Voila has run it in a new kernel: on a busy machine that can take more than 30 s
    page.goto(f"voila/render/lesson.ipynb?lesson={lesson}&lang={lang}", wait_until="domcontentloaded",
              timeout=120_000)
    yield _VISIBLE, ".nap-lesson-bar .nap-lesson-step", "the lesson page"
    yield _NUMBERS, [".nap-lesson-step", 1, run.count], "step 1"
    wrong_read = 0
    while True:
        pending = run.pending
        if pending is not None:
            k, ask = pending
            place = f"{run.index + 1}-{k}"
            pressed: set[str] = set()
            yield _VISIBLE, f".nap-ask-q-{place}", f"the question before step {run.index + 2}"
            wrong = _wrong_value(ask) if wrong_read == 0 else None
            if wrong is not None:  # the first question of the lesson: wrongly, and read why
                yield _give(page, ask, place, pressed, wrong)
                page.locator("button.nap-ask-check").click()
                seen = len(run.deal_kinds)
                feedback = run.answer(wrong)
                assert not feedback.right
                for kind, ok in run.deal_kinds[seen:]:  # a miss is kept at once, as the page does
                    kept.record_kind(kind, ok)
                run.questions = run.player.quiz(kept.review_kinds(), run.attempt)  # as the page does
                yield _VISIBLE, ".nap-ask-feedback .nap-ask-wrong", "the feedback on a wrong answer"
                yield _HAS, [".nap-ask-feedback", _text(feedback.explanations[0], tr)], "why it is wrong"
                # the bar offers Check, not Next, while the question waits; a key asking for the next step is refused
                assert page.locator(".nap-lesson-bar button.nap-ask-check").is_visible()
                assert not page.locator(".nap-lesson-bar button.nap-lesson-next").is_visible()
                page.keyboard.press("ArrowRight")  # no reveal before a right answer
                yield _HAS, [".nap-msg", tr.gettext(
                    "Answer the question first: then the step is shown.")], "Next refused"
                yield _NUMBERS, [".nap-lesson-step", run.index + 1, run.count], "the same step"
                wrong_read += 1
                if at_state is not None:
                    at_state(page, "question answered wrongly")
            right = _right_value(ask)
            yield _give(page, ask, place, pressed, right)
            page.locator("button.nap-ask-check").click()
            seen = len(run.deal_kinds)
            assert run.answer(right).right
            for kind, ok in run.deal_kinds[seen:]:
                kept.record_kind(kind, ok)
            run.questions = run.player.quiz(kept.review_kinds(), run.attempt)
            yield _VISIBLE, ".nap-ask-feedback .nap-ask-right", f"the right answer before step {run.index + 2}"
            continue
        if run.at_end:
            break
        assert run.next()
        page.locator("button.nap-lesson-next").click()
        yield _NUMBERS, [".nap-lesson-step", run.index + 1, run.count], f"step {run.index + 1}"
    log["steps"] = run.count
    log["deal_questions"] = run.player.questions
    log["wrong_read"] = wrong_read

    questions = run.questions
    yield _VISIBLE, ".nap-lesson-quiz", "the quiz"
    for i, q in enumerate(questions):
        yield _NUMBERS, [".nap-lesson-quiz-count p", i + 1, len(questions)], f"quiz question {i + 1}"
        yield _HAS, [".nap-lesson-quiz-q .nap-ex-prompt", _text(q.prompt, tr)], f"the prompt of quiz question {i + 1}"
        values = [c.value for c in q.choices]
        value = q.answer if i else next(v for v in values if v != q.answer)  # the first one wrongly
        page.locator("button.nap-lesson-quiz-q-choice").nth(values.index(value)).click()
        run.quiz_answer(i, value)
        if i == 0:
            reason = q.reason(value)
            assert reason is not None
            yield _HAS, [".nap-lesson-quiz-q .nap-ex-why", _text(reason, tr)], "why the quiz choice is wrong"
        else:
            yield _VISIBLE, ".nap-lesson-quiz-q .nap-ex-right", f"quiz question {i + 1} answered"
        if i + 1 < len(questions):
            page.locator("button.nap-lesson-quiz-next").click()
    assert run.finished
    for kind, ok in run.kind_results():
        kept.record_kind(kind, ok)
    right, total = run.score
    yield _NUMBERS, [".nap-lesson-done-box", right, total], "the score"
    yield _STORED, [STORAGE_KEY, lesson], "the lesson kept in localStorage"
    stored = Progress.from_json(page.evaluate(f"() => window.localStorage.getItem({json.dumps(STORAGE_KEY)})"))
    assert stored.lesson_state(lesson) == "done" and stored.score(lesson) == (right, total)
    assert stored.kinds == kept.kinds
    log["quiz"] = len(questions)
    if at_state is not None:
        at_state(page, "end quiz answered")


class Player:
    """One lesson in its own browser context, moved on by :func:`run_all`."""

    def __init__(self, context: Any, lesson: str, lang: str,
                 at_state: Callable[[Any, str], None] | None = None) -> None:
        self.lesson, self.lang = lesson, lang
        self.context = context
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.log: dict[str, Any] = {}
        self.steps = play_lesson(self.page, lesson, lang, self.log, at_state)
        self.wait: Wait | None = None
        self.since = self.started = time.monotonic()
        self.done = False

    def advance(self) -> None:
        """Go on while the page shows what it must (a click may follow); stop at the first wait not met."""
        while not self.done:
            if self.wait is not None:
                js, arg, what = self.wait
                if not self.page.evaluate(js, arg):
                    assert time.monotonic() - self.since < STEP_TIMEOUT, \
                        f"{self.lesson} ({self.lang}): the page never showed {what}"
                    return
            try:
                self.wait = next(self.steps)
            except StopIteration:
                self.done = True
                return
            self.since = time.monotonic()

def run_all(contexts: Any, base_url: str, sample: list[tuple[str, str]], parallel: int,
            on_fail: Callable[[Player], None],
            at_state: dict[tuple[str, str], Callable[[Any, str], None]] | None = None) -> list[Player]:
    """Play ``sample``, ``parallel`` lessons at a time, each in a browser context of its own lent by ``contexts``
    (given back, its kernel shut down, when its lesson is over)."""
    waiting = list(sample)
    active: list[tuple[Player, ExitStack]] = []
    finished: list[Player] = []
    try:
        while waiting or active:
            while waiting and len(active) < parallel:
                lesson, lang = waiting.pop(0)
                lent = ExitStack()
                context = lent.enter_context(contexts.lend(base_url=base_url, viewport={"width": 1280, "height": 900},
                                                           locale="en-GB"))
                active.append((Player(context, lesson, lang, (at_state or {}).get((lesson, lang))), lent))
            for player, lent in list(active):
                try:
                    player.advance()
                except Exception:
                    on_fail(player)
                    raise
                assert not player.errors, f"{player.lesson}: page errors {player.errors}"
                if player.done:
                    player.log["seconds"] = round(time.monotonic() - player.started, 1)
                    active.remove((player, lent))
                    finished.append(player)
                    lent.close()
            time.sleep(0.02)
    finally:
        for _player, lent in active:
            lent.close()
    return finished


def _kinds_asked(lesson: str) -> set[str]:
    """The kinds of question ``lesson`` asks before its reveals (every one answered rightly)."""
    run = LessonRun(LessonPlayer(load_lesson(lesson)))
    kinds = set()
    while True:
        pending = run.pending
        if pending is not None:
            kinds.add(pending[1].kind)
            assert run.answer(_right_value(pending[1])).right
        elif run.at_end or not run.next():
            return kinds


@pytest.mark.timeout(600)  # three or six lessons; on a loaded 2-core machine this takes a minute or two
def test_sampled_lessons_played_by_clicking_in_both_languages(contexts, voila_url, artifacts_dir, axe, expect,
                                                              site_pages, whole_walks):
    """... and the page walk's course states (``site_pages.COURSE_STATES``) of ``site_pages.COURSE_LESSON`` in
    Spanish, checked on the way as test_pages_accessibility*.py checks every state of every page: axe-core and no
    English at 390 px, every link keeping ``lang=es``, and at the end the same again in English at 1280 px."""
    langs = [lang for _, lang in SAMPLE]
    assert len(SAMPLE) >= 6 and langs.count("en") >= 3 and langs.count("es") >= 3
    sample = SAMPLE if whole_walks else CI_SAMPLE
    assert set(CI_SAMPLE) <= set(SAMPLE)
    assert {lang for _, lang in sample} == {"en", "es"}
    assert {load_lesson(lesson).profile.name for lesson, _ in sample} == {"british", "pub"}
    assert set().union(*(_kinds_asked(lesson) for lesson, _ in sample)) == QUESTION_KINDS

    def on_fail(player: Player) -> None:
        try:
            player.page.screenshot(path=str(artifacts_dir / f"course-sample--{player.lesson}.png"), full_page=True)
        except Exception:
            pass

    site = site_pages
    assert (site.COURSE_LESSON, "es") in sample
    checked: list[str] = []

    def course_state(page: Any, state: str) -> None:
        where = f"lesson[lesson={site.COURSE_LESSON}], {state}"
        page.set_viewport_size({"width": 390, "height": 844})
        site.settle(page, 200)
        site.assert_no_english(page, where)
        axe.assert_accessible(page, label=f"{where} (Spanish, 390 px)")
        assert site.assert_links_keep(page, "es", f"{where} (Spanish)") >= 1, f"{where}: no link back to the start"
        if state == site.COURSE_STATES[-1]:  # the last state again in English on a wide screen, switched in place
            site.set_language(page, expect, "en")
        page.set_viewport_size({"width": 1280, "height": 900})
        site.settle(page, 200)
        if state == site.COURSE_STATES[-1]:
            axe.assert_accessible(page, label=f"{where} (English, 1280 px)")
        checked.append(state)

    start = time.monotonic()
    played = run_all(contexts, voila_url, sample, PARALLEL, on_fail, {(site.COURSE_LESSON, "es"): course_state})
    assert checked == list(site.COURSE_STATES)
    took = time.monotonic() - start
    assert sorted((p.lesson, p.lang) for p in played) == sorted(sample)
    for p in played:  # every lesson: all its steps, every question, one wrong answer read, the whole quiz
        assert p.log["steps"] >= 6 and p.log["deal_questions"] >= 4 and p.log["wrong_read"] == 1, (p.lesson, p.log)
        assert p.log["quiz"] >= 3
    summary = ", ".join(f"{p.lesson}/{p.lang}: {p.log['steps']} steps in {p.log['seconds']} s" for p in played)
    (artifacts_dir / "course-sample.txt").write_text(
        f"{took:.1f} s for {len(played)} lessons (aim: under {BUDGET:.0f} s on an idle machine; "
        f"load average then: {os.getloadavg()[0]:.1f}): {summary}\n")
