"""The learner's progress on a page: lessons done, rules mastered, kinds to review; export, import, clear.

Everything is kept in the learner's browser (:mod:`nap_teach.ui.storage`).
CSS classes: ``nap-progress``, ``nap-progress-summary``, ``nap-progress-export``,
``nap-progress-import``, ``nap-progress-clear``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as W

from ..teach.course import course_outline
from ..words.i18n import Translator
from ..words.html import Markup, html, join
from ..teach.mastery import Progress
from ..engine.profiles import BRITISH, PUB, Profile
from .base import Component, PageHost, guarded
from .storage import ProgressStore
from .widgets import auto_layout, Button, HBox, HTML, show, VBox

if TYPE_CHECKING:
    from ..teach.quiz import Question
    from .question import QuestionCard

__all__ = ["ProgressPanel", "ReviewQuiz", "taught_rules", "course_list_html"]


def course_list_html(progress: Progress, tr: Translator, lang: str, current: str | None = None) -> Markup:
    """The lessons in course order with their state (not started, done, score), as links."""
    items = []
    for spec in course_outline():
        state = progress.lesson_state(spec.id)
        score = progress.score(spec.id)
        if state == "done" and score is not None:
            label = tr.gettext("done: {right} of {total} right at the first try").format(right=score[0], total=score[1])
        else:
            label = tr.gettext("not started")
        here = " nap-course-here" if spec.id == current else ""
        pub = (html(' <span class="nap-course-pub">{}</span>', tr.gettext("pub rules"))
               if spec.profile.name == "pub" else "")  # the pub lessons teach the pub rules: said, not guessed
        items.append(html('<li class="nap-course-item nap-course-{}{}" data-lesson="{}" data-state="{}" '
                          'data-profile="{}"><a class="nap-course-link" href="lesson.ipynb?lesson={}&amp;lang={}">'
                          '{}. {}</a>{} <span class="nap-course-state">{}</span></li>',
                          state, here, spec.id, state, spec.profile.name, spec.id, lang, spec.place,
                          tr.gettext(spec.title), pub, label))
    return html('<ol class="nap-course-list">{}</ol>', join(items))


def taught_rules(lesson_ids: list[str]) -> list[str]:
    """Rules taught by the lessons done."""
    done = set(lesson_ids)
    return sorted({r for spec in course_outline() if spec.id in done for r in spec.rules})


class ProgressPanel(Component):
    """What the learner has done, kept in their browser, with export, import and clear."""

    def __init__(self, app: PageHost, store: ProgressStore) -> None:
        super().__init__(app)
        self.store = store
        self.summary = HTML("")
        self.summary.add_class("nap-progress-summary")
        self.export = Button(icon="download", layout=auto_layout())
        self.export.add_class("nap-progress-export")
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False, layout=auto_layout())
        self.upload.add_class("nap-progress-import")
        self.clear = Button(icon="trash", layout=auto_layout())
        self.clear.add_class("nap-progress-clear")
        self.export.on_click(self._on_export)
        self.clear.on_click(self._on_clear)
        self.upload.observe(self._on_upload, names="value")
        buttons = HBox([self.export, self.upload, self.clear], layout=auto_layout())
        self.review = ReviewQuiz(app, store)  # "question kinds to review" opens a quiz of exactly those kinds
        self.widget = VBox([self.summary, self.review.widget, buttons, store.widget], layout=auto_layout())
        self.widget.add_class("nap-progress")
        store.observe(self.render)
        self.refresh()

    def refresh(self) -> None:
        self.export.description = self._("Export progress")
        self.export.tooltip = self._("Save your progress as a file, to take it to another device")
        self.upload.description = self._("Import progress")
        self.upload.tooltip = self._("Load a progress file exported from this app")  # never the browser's "null"
        self.clear.description = self._("Clear progress")
        self.clear.tooltip = self._("Forget every lesson done and every score kept in this browser")
        self.review.refresh()
        self.render()

    def render(self) -> None:
        p = self.store.progress
        course = course_outline()
        done = [s.id for s in course if p.lesson_state(s.id) == "done"]
        mastered = p.mastered(taught_rules(done))
        review = p.review_kinds()
        lines = [html('<p class="nap-progress-lessons">{}</p>',
                      self._("Lessons done: {done} of {total}").format(done=len(done), total=len(course)))]
        # each rule by its name, its id as a badge (the id alone tells a beginner nothing)
        names = join(html('<li class="nap-progress-rule" data-rule="{}">{} {}</li>', r, self.badge(r),
                          self.tr.rule_title(r)) for r in mastered)
        lines.append(html('<div class="nap-progress-rules">{} {}</div>', self._("Rules mastered:"),
                          html('<ul class="nap-progress-rule-list">{}</ul>', names) if mastered
                          else self._("none yet")))
        if review:
            lines.append(html('<p class="nap-progress-review">{}</p>',
                              self._("Question kinds to review: {count}").format(count=len(review))))
        lines.append(html('<p class="nap-progress-where">{}</p>',
                          self._("Kept in this browser only; nothing is stored on the server.")))
        if self.store.problem is not None:
            lines.append(html('<p class="nap-msg nap-msg-refused">{}</p>', self.store.problem.text(self.language.code)))
        self.summary.value = html('<div class="nap-progress-box" data-done="{}">{}</div>', len(done), join(lines))
        self.review.refresh()

    @guarded
    def _on_export(self, _button: Any = None) -> None:
        self.store.export()
        self.status.show(self._("Your progress was saved as the file nap-progress.json."))

    @guarded
    def _on_clear(self, _button: Any = None) -> None:
        self.store.clear()
        self.status.show(self._("Your progress was cleared in this browser."))

    @guarded
    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change.get("new") or ()
        if not files:
            return
        item = files[0]
        content = item.get("content") if isinstance(item, dict) else getattr(item, "content", b"")
        data = bytes(content) if content is not None else b""
        try:
            self.store.import_text(data)  # RecordError: said by guarded, nothing changed
        finally:
            self.upload.value = ()
        self.status.show(self._("Your progress was imported."))


class ReviewQuiz(Component):
    """A short quiz of exactly the question kinds the learner has to review (one question each), opened from
    the progress; every answer is kept like a lesson's (a kind answered right often enough leaves the list).

    CSS classes: ``nap-review``, ``nap-review-open``, ``nap-review-q`` (the question card),
    ``nap-review-next``, ``nap-review-done``.
    """

    def __init__(self, app: PageHost, store: ProgressStore) -> None:
        super().__init__(app)
        self.store = store
        self.questions: list[Question] = []
        self.number = 0
        self.right = 0
        self.attempt = 0
        self.open = Button(icon="repeat", layout=auto_layout())
        self.open.add_class("nap-review-open")
        self.open.on_click(self._on_open)
        self._card: QuestionCard | None = None
        """The question card, built when the learner first opens the review."""
        self.next = Button(icon="arrow-right", layout=auto_layout())
        self.next.add_class("nap-review-next")
        self.next.on_click(self._on_next)
        show(self.next, False)
        self.done = HTML("")
        self.done.add_class("nap-review-done")
        self.widget = VBox([self.open, self.next, self.done], layout=auto_layout())
        self.widget.add_class("nap-review")

    @property
    def card(self) -> QuestionCard:
        """The question card (made, and put under the button that opens the review, when first needed)."""
        if self._card is None:
            from .question import QuestionCard  # with the quiz's questions, imported when a review is opened

            self._card = QuestionCard(self.app, "nap-review-q", self._answer)
            self.widget.children = (self.open, self._card.widget, self.next, self.done)
        return self._card

    def refresh(self) -> None:
        kinds = self.store.progress.review_kinds()
        self.open.description = self.tr.ngettext("Review it now ({n} question)", "Review them now ({n} questions)",
                                                 len(kinds)).format(n=len(kinds))
        show(self.open, bool(kinds) and not self.questions)
        self.next.description = self._("Next question")
        if self._card is not None:
            self._card.refresh()

    @guarded
    def _on_open(self, _button: Any = None) -> None:
        from ..teach.quiz import generate, kinds_for  # the question bank: when a review is opened, few visitors do

        known = set(kinds_for(BRITISH)) | set(kinds_for(PUB))
        kinds = [k for k in self.store.progress.review_kinds() if k in known]  # a kind this version no longer asks: left
        if not kinds:
            return
        self.attempt += 1
        self.questions = [generate(kind, f"review-{self.attempt}", _profile_of(kind), i) for i, kind in enumerate(kinds)]
        self.number, self.right = 0, 0
        self.done.value = ""
        show(self.card.widget, True)
        self.card.show(self.questions[0])
        self._controls()

    def _answer(self, question: Question, value: str) -> bool:
        right = question.is_right(value)
        self.right += int(right)
        self.store.progress.record_kind(question.kind, right)
        self.store.save()
        if self.number + 1 >= len(self.questions):
            self.done.value = html('<p class="nap-review-result" role="status">{}</p>', self._(
                "Review done: {right} of {total} right.").format(right=self.right, total=len(self.questions)))
            self.questions = []
        self._controls()
        return right

    def _controls(self) -> None:
        more = bool(self.questions) and self.number + 1 < len(self.questions)
        show(self.next, more)
        show(self.open, not self.questions and bool(self.store.progress.review_kinds()))

    @guarded
    def _on_next(self, _button: Any = None) -> None:
        if not self.questions or self.number + 1 >= len(self.questions):
            return
        self.number += 1
        self.card.show(self.questions[self.number])
        self._controls()


def _profile_of(kind: str) -> Profile:
    """The rules a question kind is asked under (the British rules, unless the kind is the pub rules' own)."""
    from ..teach.quiz import kinds_for  # loaded by the review that asks (see ReviewQuiz._on_open)

    for profile in (BRITISH, PUB):
        if kind in kinds_for(profile):
            return profile
    return BRITISH
