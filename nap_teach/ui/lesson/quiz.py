"""The short quiz that closes a lesson: engine questions on its rules, one at a time.

CSS classes: ``nap-lesson-quiz``, ``nap-lesson-quiz-q`` (with ``nap-ex-choice``
buttons), ``nap-lesson-quiz-next``, ``nap-lesson-quiz-count``, ``nap-lesson-done``.
"""
from __future__ import annotations

from typing import Any, Callable

from ...words.html import html
from ...teach.lesson.player import LessonRun
from ...teach.quiz import Question
from ..base import Component, PageHost, guarded
from ..nav import nav_href
from ..question import QuestionCard
from ..widgets import auto_layout, Button, HTML, show, VBox

__all__ = ["LessonQuiz"]


class LessonQuiz(Component):
    """Question k of n, its choices, the answer explained; the score once all are answered."""

    def __init__(self, app: PageHost, run: LessonRun, on_finish: Callable[[], None]) -> None:
        super().__init__(app)
        self.run = run
        self.on_finish = on_finish
        self.number = 0
        self.title = HTML("")
        self.title.add_class("nap-lesson-quiz-count")
        self.card = QuestionCard(app, "nap-lesson-quiz-q", self._answer)
        self.next = Button(icon="arrow-right", layout=auto_layout())
        self.next.add_class("nap-lesson-quiz-next")
        self.next.on_click(self._on_next)
        self.done = HTML("")
        self.done.add_class("nap-lesson-done")
        self._shown_done = False
        self.widget = VBox([self.title, self.card.widget, self.next, self.done], layout=auto_layout())
        self.widget.add_class("nap-lesson-quiz")
        show(self.widget, False)

    @property
    def question(self) -> Question | None:
        qs = self.run.questions
        return qs[self.number] if self.number < len(qs) else None

    def show(self, visible: bool) -> None:
        show(self.widget, visible)
        if visible and self.card.question is None and self.question is not None:
            self.card.show(self.question)
        self.refresh()

    def refresh(self) -> None:
        run = self.run
        total = len(run.questions)
        self.next.description = self._("Next question")
        self.title.value = html('<h3>{}</h3><p>{}</p>', self._("Quiz on this lesson"),
                                self._("Question {k} of {n}").format(k=min(self.number + 1, total), n=total)) \
            if total else html('<h3>{}</h3>', self._("This lesson has no quiz."))
        answered = self.number in run.quiz_answers
        self.next.disabled = not answered or self.number + 1 >= total
        self.card.refresh()
        if run.finished:
            right, out_of = run.score
            place = getattr(getattr(self.app, "page_nav", None), "lesson", None)
            following = place.following if place is not None else None
            if following is not None:  # a large button on to the next lesson of the course
                go = html('<a class="nap-next-lesson" href="{}">{}<span aria-hidden="true"> →</span></a>',
                          nav_href("lesson.ipynb", self.language.code, lesson=following[0]),
                          self._("Next lesson: {title}").format(title=self._(following[1])))
            else:
                go = html('<a class="nap-next-lesson" href="{}">{}<span aria-hidden="true"> →</span></a>',
                          nav_href("index.ipynb", self.language.code), self._("The course is done: back to the start"))
            self.done.value = html('<div class="nap-lesson-done-box"><strong>{}</strong> {}</div>{}',
                                   self._("Lesson done."),
                                   self._("Your score: {right} of {total} right at the first try (the questions "
                                          "on the deals and the quiz).").format(right=right, total=out_of), go)
            keeper = getattr(self.app, "pagekeeper", None)
            if keeper is not None and not self._shown_done:
                self._shown_done = True
                keeper.reveal(".nap-lesson-done")
                keeper.say(self._("Lesson done."))
        else:
            self.done.value = ""

    def _answer(self, question: Question, value: str) -> bool:
        right = self.run.quiz_answer(self.number, value)
        self.on_finish()  # kept (the learner's place), and the lesson recorded once the last one is answered
        self.refresh()
        return right

    @guarded
    def _on_next(self, _button: Any = None) -> None:
        if self.number not in self.run.quiz_answers or self.number + 1 >= len(self.run.questions):
            return
        self.number += 1
        self.card.show(self.question)
        self.refresh()
