"""The lesson page itself: its components, the URL parameters and drawing a step everywhere."""
from __future__ import annotations

import ipywidgets as W

from ...html import html
from ...lesson import Lesson, LessonWalk, default_lesson
from ..base import App, page_style
from ..params import PageParams
from ..postmortem import PostMortemPanel
from ..widgets import auto_layout
from .controls import StepControls
from .views import ExplanationPanel, SettlementView, TableView, TrickHistory
from .whatif import WhatIfPanel


class LessonApp(App):
    """The worked-deal lesson page."""

    css_class = "nap-lesson"
    styles = ("lesson",)

    def __init__(self, lang: str = "en", step: int = 1, four_colour: bool = False,
                 lesson: Lesson | None = None) -> None:
        super().__init__(lang)
        self.lesson = lesson or default_lesson()
        self.walk = LessonWalk(self.lesson)
        if isinstance(step, int) and not isinstance(step, bool) and 1 <= step <= self.walk.count:
            self.walk.go(step - 1)
        self.title = W.HTML("")
        self.title.add_class("nap-lesson-title")
        self.controls = StepControls(self.walk, self.language, self.status, self.show, self.restyle)
        self.controls.four.value = bool(four_colour)
        self.explanation = ExplanationPanel(self.lesson, self.language)
        self.table = TableView(self.lesson, self.language)
        self.history = TrickHistory(self.lesson, self.language)
        self.settlement = SettlementView(self.lesson, self.language)
        self.whatif = WhatIfPanel(self.walk, self.language, self._after_whatif)
        self.postmortem = PostMortemPanel(lambda: self.tr)  # "could it have been made?" at the deal's end
        header = W.HBox([self.title, self.switch.widget], layout=auto_layout())
        header.add_class("nap-lesson-header")
        side = W.VBox([self.explanation.widget, self.settlement.widget], layout=auto_layout())
        side.add_class("nap-lesson-side")
        steer = W.VBox([self.controls.widget, self.status.widget], layout=auto_layout())
        steer.add_class("nap-lesson-steer")
        top = W.HBox([steer, side], layout=auto_layout())
        top.add_class("nap-lesson-top")
        lower = W.HBox([self.history.widget, self.whatif.widget], layout=auto_layout())
        lower.add_class("nap-lesson-lower")
        self.widget.children = [page_style(*self.styles), header, top, self.table.widget, lower,
                                self.postmortem.widget]
        self.refresh()

    @classmethod
    def from_environment(cls, environ: dict[str, str] | None = None) -> "LessonApp":
        """Build the page from the Voila URL: ``?lang=es&step=6&four=1`` (bad values are ignored)."""
        params = PageParams.from_environment(environ)
        step = params.integer("step", 0, 999, digits=3)
        return cls(lang=params.lang, step=1 if step is None else step, four_colour=params.flag("four"))

    # -------------------------------------------------------------- drawing
    @property
    def four_colour(self) -> bool:
        return self.controls.four_colour

    def show(self) -> None:
        """Draw the current step everywhere (after Next, Back, a jump ...)."""
        index = self.walk.index
        four = self.four_colour
        self.controls.sync()
        self.explanation.render(index)
        self.table.render(index, four)
        self.history.render(index, four)
        self.settlement.render(index)
        self.whatif.four_colour = four
        self.whatif.status.clear()
        self.whatif.render()
        self.render_postmortem()

    def restyle(self) -> None:
        """Redraw the cards after the four-colour option changed."""
        index = self.walk.index
        four = self.four_colour
        self.table.render(index, four)
        self.history.render(index, four)
        self.whatif.four_colour = four
        self.whatif.render()

    def _after_whatif(self) -> None:
        self.controls.sync()
        self.render_postmortem()

    def render_postmortem(self) -> None:
        """At the deal's end: the solver's reading of the book deal, or of the learner's "what if" line."""
        found = self.walk.whatif
        if found is not None and found.state.is_over:
            self.postmortem.render(found.state, found.seat)
        elif self.walk.at_end:
            self.postmortem.render(self.lesson.book)
        else:
            self.postmortem.render(None)

    def refresh(self) -> None:
        """Every word again, in the current language; the place in the lesson is kept."""
        self.title.value = (html('<h1>{}</h1><p class="nap-lesson-sub">{}</p>',
                                 self._("A worked deal, step by step"),
                                 self._("Four players, one deal: every card with the rule that allows it.")))
        self.status.clear()
        self.controls.refresh()
        index = self.walk.index
        four = self.four_colour
        self.explanation.render(index)
        self.table.render(index, four)
        self.history.render(index, four)
        self.settlement.render(index)
        self.whatif.four_colour = four
        self.whatif.render()
        self.render_postmortem()

    # ------------------------------------------------- for tests and scripts
    @property
    def text(self) -> str:
        """All the HTML the learner can read now (for tests)."""
        parts = [self.title.value, self.controls.label.value, self.explanation.widget.value,
                 self.table.widget.value, self.history.widget.value, self.settlement.widget.value,
                 self.status.widget.value, self.whatif.prompt.value, self.whatif.result.value,
                 self.whatif.settlement.value, self.whatif.status.widget.value, self.postmortem.widget.value]
        return "\n".join(parts)
