"""A lesson of the course on the lesson page (``lesson.ipynb?lesson=<id>``).

:class:`CourseMode` drives the page's components from a
:class:`~nap_teach.teach.lesson.player.LessonRun`: the deal shown is the run's deal,
Next stops at a question asked before the reveal (:class:`.asking.QuestionPanel`),
a session deal shows its ledger (:class:`LessonLedger`), the lesson's own notes are
shown with the engine's explanations, and the closing quiz
(:class:`.quiz.LessonQuiz`) records the result in the learner's browser
(:class:`~nap_teach.ui.storage.ProgressStore`). :class:`CourseControls` are the
page's step controls, walking the lesson's pages instead of one deal's steps.

CSS classes: ``nap-lesson-own`` (the lesson's notes), ``nap-lesson-ledger``,
``nap-course-list`` (the lessons of the course, with their state).
"""
from __future__ import annotations

import json
from typing import Any

from ...teach.course import LessonSpec
from ...words.html import Markup, html, join
from ...teach.lesson import Lesson, LessonWalk
from ...engine.cards import Card
from ...teach.lesson.decide import Ask, Feedback
from ...teach.lesson.ledger import SessionLesson
from ...teach.lesson.player import LessonPlayer, LessonRun, rules_intro
from ..base import Component, guarded
from ..params import bad_number, whole_number
from ..progress import ProgressPanel, course_list_html
from ..storage import BrowserStorage, ProgressStore
from ..widgets import HTML, auto_layout, show
from .asking import QuestionPanel
from .controls import StepControls
from .fragments import amounts_html, explanation_items
from .quiz import LessonQuiz
from .page import LessonPage


__all__ = ["CourseMode", "CourseControls", "LessonLedger", "PLACE_KEY"]

PLACE_KEY = "nap_teach.lesson"
"""The browser's storage key of a learner's place in a lesson: ``nap_teach.lesson.<lesson id>``."""


class LessonLedger(Component):
    """A session deal: the ledger so far, entry by entry (payments and balances)."""

    def __init__(self, app: LessonPage) -> None:
        super().__init__(app)
        self.widget = HTML("", layout=auto_layout())
        self.widget.add_class("nap-lesson-ledger")
        show(self.widget, False)

    def render(self, lesson: SessionLesson | None, index: int) -> None:
        if lesson is None:
            show(self.widget, False)
            self.widget.value = ""
            return
        tr = self.tr
        show(self.widget, True)
        head = join(html('<th scope="col">{}</th>', p) for p in lesson.players)
        rows = []
        for row in lesson.rows_until(index):
            what = (tr.gettext("misdeal") if row.kind == "misdeal"
                    else tr.call(row.contract.name) if row.contract is not None else tr.gettext("all passed"))
            cells = join(html('<td>{}</td>', tr.amount(row.balances.get(p, 0))) for p in lesson.players)
            rows.append(html('<tr data-entry="{}"><th scope="row">{}</th><td>{}</td><td>{}</td>{}</tr>',
                             row.number, row.number, row.dealer, what, cells))
        step = lesson.step(index)
        amounts = amounts_html(step.row.settlement, tr, "nap-lesson-ledger-pay") if step.row is not None else ""
        self.widget.value = html(
            '<h3>{}</h3><div class="nap-scroll"><table class="nap-table-grid"><thead><tr><th scope="col">#</th>'
            '<th scope="col">{}</th><th scope="col">{}</th>{}</tr></thead><tbody>{}</tbody></table></div>{}',
            tr.gettext("The ledger"), tr.gettext("Dealer"), tr.gettext("Call"), head, join(rows), amounts)


class CourseControls(StepControls):
    """Back, Next, Restart, "Go to" (a deal of the lesson) and the page number, over a lesson's pages."""

    mode: "CourseMode"

    def _section_label(self, section: str) -> str:
        mode = getattr(self, "mode", None)
        if mode is None or not section.startswith("deal"):
            return super()._section_label(section)
        i = int(section[len("deal"):])
        title = mode.spec.deals[i].title
        return self._("Deal {number}").format(number=i + 1) + (f": {self._(title)}" if title else "")

    def sync(self) -> None:
        mode = getattr(self, "mode", None)
        if mode is None:
            return
        run = mode.run
        sections = [f"deal{i}" for i in range(len(mode.spec.deals))]
        self._syncing = True
        try:
            options = [(self._section_label(s), s) for s in sections]
            if list(self.jump.options) != options:
                self.jump.options = options
            self.jump.value = f"deal{run.page.deal}"
            self.number.max = run.count
            self.number.value = run.index + 1
        finally:
            self._syncing = False
        self.label.value = html('<span class="nap-lesson-step-text">{}</span>',
                                self._("Step {k} of {n}").format(k=run.index + 1, n=run.count))
        self.back.disabled = run.index == 0
        self.next.disabled = run.at_end
        waiting = run.pending is not None  # a question before the next step: the bar offers Check, not Next
        show(mode.question.check, waiting)
        show(self.next, not waiting)

    @guarded
    def _on_next(self, _button: Any = None) -> None:
        run = self.mode.run
        if run.next():
            self.status.clear()
        elif run.pending is not None:
            self.status.show(self._("Answer the question first: then the step is shown."), "refused")
        self.on_change()

    @guarded
    def _on_back(self, _button: Any = None) -> None:
        if not self.mode.run.back():
            self.status.show(self._("This is the first step."))
        self.on_change()

    @guarded
    def _on_restart(self, _button: Any = None) -> None:
        self.mode.run.go(0)
        self.status.clear()
        self.on_change()

    @guarded
    def _on_jump(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        section = change.get("new")
        pages = [p.index for p in self.mode.player.pages if f"deal{p.deal}" == section]
        if pages:
            self.mode.run.go(pages[0])
        self.on_change()

    @guarded
    def _on_number(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        raw = change.get("new")
        count = self.mode.run.count
        value = whole_number(raw, 1, count)
        if value is None:  # refused with its reason; the lesson stays where it was
            self.status.show(self.language.tr.explain(bad_number(self._("Step"), raw, 1, count)), "refused")
            self.sync()
            return
        self.mode.run.go(value - 1)
        if self.mode.run.index != value - 1:  # a question before that step waits for its answer
            self.status.show(self._("Answer the question first: then the step is shown."), "refused")
        else:
            self.status.clear()
        self.on_change()


class CourseMode(Component):
    """One lesson file on the lesson page: pages, questions, notes, ledger, quiz, progress."""

    app: LessonPage

    def __init__(self, app: LessonPage, spec: LessonSpec) -> None:
        super().__init__(app)
        self.spec = spec
        self.player = LessonPlayer(spec)
        self.run = LessonRun(self.player)
        self.store = ProgressStore()
        self.progress = ProgressPanel(app, self.store)
        self.question = QuestionPanel(app, self._answer)
        self.quiz = LessonQuiz(app, self.run, self._finished)
        self.ledger = LessonLedger(app)
        self.notes = HTML("")
        self.notes.add_class("nap-lesson-own")
        self.courses = HTML("")
        self.courses.add_class("nap-course")
        self._recorded = False
        self._answering = False
        self._verdict: tuple[Ask, Any, Feedback] | None = None
        """The last question answered: the question, the learner's answer and the engine's verdict."""
        self.store.observe(self._on_store)
        self.place_store = BrowserStorage(key=f"{PLACE_KEY}.{spec.id}")
        """The learner's place in this lesson (step, answers, quiz), kept in their browser after every move."""
        self.place_store.add_class("nap-lesson-place")
        self.place_store.observe(self._on_place_loaded, names="loaded")

    # ------------------------------------------------------------ the place
    def _on_place_loaded(self, change: dict[str, Any]) -> None:
        if not change.get("new"):
            return
        text = self.place_store.value
        if not text:
            self.save_place()
            return
        try:
            record = json.loads(text)
        except ValueError:
            record = None
        if not self.run.restore(record):  # another lesson's, an old format or a broken entry: start afresh
            self.save_place()
            return
        self._recorded = self.run.finished
        answered = sorted(self.run.quiz_answers)
        self.quiz.number = next((i for i in range(len(self.run.questions)) if i not in self.run.quiz_answers),
                                max(len(self.run.questions) - 1, 0))
        self.quiz.card.question = None
        self.app.show()
        if self.run.index > 0 or answered:
            self.status.show(self._("Welcome back: the lesson goes on from step {k} of {n}, with your answers.").format(
                k=self.run.index + 1, n=self.run.count))

    def save_place(self) -> None:
        """Keep the learner's place in their browser (once the browser has said what it kept before)."""
        if self.place_store.loaded:
            self.place_store.value = json.dumps(self.run.place(), separators=(",", ":"))

    # ------------------------------------------------------------- the deal
    def deal(self) -> Lesson | SessionLesson:
        return self.player.deal_lesson(self.run.index)

    def walk_for(self, lesson: Lesson) -> LessonWalk:
        walk = LessonWalk(lesson)
        walk.go(self.run.page.step)
        return walk

    # -------------------------------------------------------------- drawing
    def render(self) -> None:
        run = self.run
        page = run.page
        tr = self.tr
        own = [html('<li class="nap-lesson-own-note">{}</li>', tr.gettext(text)) for text in page.notes]
        # a lesson under other rules says so, with their ladder, on every page (so before its first question)
        rules = rules_intro(self.spec.profile)
        intro = (html('<div class="nap-lesson-rules" role="note">{}</div>',
                      join(html('<p>{}</p>', self.explain(e)) for e in rules)) if rules else "")
        self.notes.value = intro + (html('<div class="nap-lesson-own-box"><h3>{}</h3><ul>{}</ul></div>',
                                         self._("In this lesson"), join(own)) if own else "")
        lesson = self.deal()
        self.ledger.render(lesson if isinstance(lesson, SessionLesson) else None, page.step)
        pending = run.pending
        self.question.show(pending[1] if pending else None,
                           run.last if pending is not None and run.last is not None else None,
                           place=f"{run.index + 1}-{pending[0]}" if pending else "")
        self.quiz.show(run.quiz_started)
        if run.finished:
            self._finished()
        self.courses.value = html('<details class="nap-course-box"><summary>{}</summary>{}</details>',
                                  self._("The course"),
                                  course_list_html(self.store.progress, tr, self.language.code, self.spec.id))

    def session_explanations(self) -> Markup:
        lesson = self.deal()
        assert isinstance(lesson, SessionLesson)
        step = lesson.step(self.run.page.step)
        if step.row is None:
            title = self._("The end of the session")
        else:
            title = self._("Entry {number} of the ledger").format(number=step.row.number)
        return html('<div class="nap-lesson-heading"><span class="nap-lesson-stepno">{}</span> {}</div>{}',
                    self.run.index + 1, title, explanation_items(step.explanations, self.tr))

    # -------------------------------------------------------------- answers
    def named_marks(self) -> tuple[dict[Card, str], dict[int, str]]:
        """The cards and seats the verdict on the page names, with their word for the card table: the learner's
        answer ("your answer") and, when it was wrong, the right one ("the answer"). A card question names the
        card chosen and the book's; which cards may be played, the cards chosen wrongly and those missed; who wins
        the trick, the player chosen and the winner, with their cards. Nothing once the page has moved on."""
        found = self._verdict
        if found is None or self.run.last is not found[2]:
            return {}, {}
        ask, value, feedback = found
        if ask.state is None:  # a question of a session's ledger: no table
            return {}, {}
        yours, answer = self._("your answer"), self._("the answer")
        cards: dict[Card, str] = {}
        seats: dict[int, str] = {}
        if ask.kind == "card" and isinstance(value, str):
            if not feedback.right:
                cards[Card.parse(ask.answer[0])] = answer  # the book's card, which the verdict compares
            cards[Card.parse(value)] = yours
        elif ask.kind == "playable":
            chosen = {value} if isinstance(value, str) else set(value)
            for code in ask.options:  # the verdict names the cards chosen wrongly and those missed
                if feedback.right and code in chosen:
                    cards[Card.parse(code)] = yours
                elif code in chosen and code not in ask.answer:
                    cards[Card.parse(code)] = yours
                elif code in ask.answer and code not in chosen:
                    cards[Card.parse(code)] = answer
        elif ask.kind == "trick_winner" and isinstance(value, str):
            players = list(ask.state.players)
            seats[players.index(value)] = yours
            if not feedback.right:
                seats[players.index(ask.answer[0])] = answer
            for e in feedback.explanations[:1] if not feedback.right else ():
                if isinstance(e.facts.get("card"), Card):
                    cards[e.facts["card"]] = yours
                if isinstance(e.facts.get("winner_card"), Card):
                    cards[e.facts["winner_card"]] = answer
        return cards, seats

    def _answer(self, value: Any) -> Feedback:
        seen = len(self.run.deal_kinds)
        feedback = self.run.answer(value)
        if self.question.ask is not None:  # the question on the panel is the one answered
            self._verdict = (self.question.ask, value, feedback)
        if len(self.run.deal_kinds) > seen:  # a first try: kept like a quiz answer (a miss comes back in quizzes)
            for kind, right in self.run.deal_kinds[seen:]:
                self.store.progress.record_kind(kind, right)
            self._answering = True  # the answer's feedback stays on the page until Next
            try:
                self.store.save()
            finally:
                self._answering = False
        self.save_place()
        if feedback.line is not None and not feedback.line.same_as_book:  # the learner's card, played out
            self.app.show_line(feedback.line)
        self.app.sync_controls()
        self.app.redraw_board()  # the cards and seats the verdict names, outlined on the table
        return feedback

    def reveal(self) -> None:
        """Presenter mode: the waiting question's answer and its reason, shown to the room (nothing scored)."""
        ask = self.run.reveal()
        self.question.show_answer(ask, self.run.last)
        self.app.sync_controls()

    def _finished(self) -> None:
        self.save_place()
        if self._recorded or not self.run.finished:
            return
        self._recorded = True
        self.store.progress.record_lesson(self.spec.id, self.run.score, self.run.rule_results(),
                                          self.run.kind_results())
        self.store.save()

    def _on_store(self) -> None:
        if not self.run.quiz_answers:  # the kinds missed before come back in this quiz
            review = self.store.progress.review_kinds()
            if list(review) != list(self.run.review):
                self.run.review = review
                self.run.questions = self.player.quiz(review, self.run.attempt)
                self.quiz.number = 0
                self.quiz.card.question = None
        if not self._answering:
            self.render()
