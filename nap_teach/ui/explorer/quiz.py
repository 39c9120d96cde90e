"""The quiz section: the FAQ questions and generated ones, a score, and the seed that reproduces them."""
from __future__ import annotations


import ipywidgets as W

from ...engine.dealing import MAX_SEED
from ...words.html import escape, html
from ...teach.quiz import DEFAULT_COUNT, Question, QuizRun
from ..base import guarded
from ..widgets import auto_layout as _auto, BoundedIntText, HBox, HTML, VBox
from .component import ExplorerComponent, labelled_field, make_button
from ..question import QuestionCard
from .page import ExplorerPage



class QuizPanel(ExplorerComponent):
    """The quiz: the FAQ questions and generated ones, a score, and the seed that reproduces them."""

    def __init__(self, app: ExplorerPage, seed: int, count: int = DEFAULT_COUNT) -> None:
        super().__init__(app)
        self.count = count
        self.run = QuizRun(seed, count, self.profile)
        self.index = 0
        self.seed = BoundedIntText(value=seed, min=0, max=MAX_SEED, layout=W.Layout(width="9em"))
        self.seed.add_class("nap-ex-seed")
        self.seed_label = HTML()
        self.new = make_button("nap-ex-new-quiz")
        self.new.on_click(self._on_new)
        self.score = HTML()
        self.score.add_class("nap-ex-score")
        self.progress = HTML()
        self.progress.add_class("nap-ex-progress")
        self.card = QuestionCard(app, "nap-ex-quiz-q", self._on_answer)
        self.prev = make_button("nap-ex-quiz-prev")
        self.next = make_button("nap-ex-quiz-next")
        self.prev.on_click(self._on_prev)
        self.next.on_click(self._on_next)
        seed_box = HBox([labelled_field(self.seed_label, self.seed), self.new], layout=_auto(align_items="center"))
        self.widget = VBox([seed_box, self.score, self.progress, self.card.widget,
                              HBox([self.prev, self.next], layout=_auto())], layout=_auto())
        self.widget.add_class("nap-ex-quiz")
        self.show()

    def show(self) -> None:
        q = self.run.questions[self.index]
        given = self.run.answers.get(self.index)
        self.card.show(q, given, q.is_right(given) if given is not None else None)
        self.refresh()

    def refresh(self) -> None:
        _ = self._
        self.seed_label.value = escape(_("Quiz number (seed):"))
        self.new.description = _("New quiz")
        self.prev.description = _("Previous question")
        self.next.description = _("Next question")
        self.score.value = (html('<p role="status" aria-live="polite"><strong>{}</strong> · {}</p>',
                                 _("Score: {score} of {answered}").format(score=self.run.score, answered=self.run.answered),
                                 self.tr.ngettext('{total} question', '{total} questions',
                                                  self.run.total).format(total=self.run.total)))
        self.progress.value = html('<p>{}</p>', _("Question {number} of {total}").format(
            number=self.index + 1, total=self.run.total))
        self.prev.disabled = self.index == 0
        self.next.disabled = self.index == self.run.total - 1
        self.card.refresh()
        if self.run.finished:
            self.progress.value += html("<p class='nap-ex-done'>{}</p>", _(
                "All questions answered. Note the quiz number to try the same questions again, "
                "or start a new quiz."))

    def _on_answer(self, q: Question, value: str) -> bool:
        right = self.run.answer(self.index, value)
        self.refresh()
        return right

    @guarded
    def _on_new(self, _b: W.Button) -> None:
        seed = self.seed.value
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            return  # the box is bounded; anything else did not come from it
        self.run = QuizRun(seed, self.count, self.profile)
        self.index = 0
        self.status.clear()
        self.show()

    @guarded
    def _on_prev(self, _b: W.Button) -> None:
        if self.index > 0:
            self.index -= 1
            self.show()

    @guarded
    def _on_next(self, _b: W.Button) -> None:
        if self.index < self.run.total - 1:
            self.index += 1
            self.show()
