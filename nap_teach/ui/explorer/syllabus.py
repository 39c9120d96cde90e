"""The teachers' section: per rule, where it is demonstrated, quizzed and enforced (generated from the code)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as W

from ...course import load_lesson
from ...html import Markup, escape, html, join
from ...syllabus import SyllabusEntry, syllabus
from ..nav import nav_href
from .component import ExplorerComponent, _auto

if TYPE_CHECKING:
    from .app import ExplorerApp


class SyllabusPanel(ExplorerComponent):
    """For teachers: per rule, where it is demonstrated, quizzed and enforced (generated from the code)."""

    def __init__(self, app: "ExplorerApp") -> None:
        super().__init__(app)
        self.entries: list[SyllabusEntry] | None = None
        self.table = W.HTML()
        self.table.add_class("nap-ex-syllabus")
        self.widget = W.VBox([self.table], layout=_auto())
        self.widget.add_class("nap-ex-syllabus-box")

    def load(self) -> None:
        if self.entries is None:
            self.entries = syllabus(self.profile)
        self.refresh()

    def refresh(self) -> None:
        if self.entries is None:
            self.table.value = ""
            return
        _ = self._
        intro = escape(_("Generated from the code: for every rule, the lessons of the course and the lesson steps "
                         "that show it, the quiz questions that test it, and what the engine says to a learner "
                         "who breaks it."))
        head = (html("<tr><th scope='col'>{}</th><th scope='col'>{}</th><th scope='col'>"
                     "{}</th><th scope='col'>{}</th></tr>", _('Rule'), _('Demonstrated'), _('Quizzed'), _('Enforced')))
        rows = []
        labels = [escape(_("Demonstrated")), escape(_("Quizzed")), escape(_("Enforced"))]
        for e in self.entries:
            lang, profile = self.language.code, self.profile.name  # the lessons have their own rules
            steps = Markup(" ").join(html('<a class="nap-ex-step" href="{}">{}</a>',
                                          nav_href("lesson.ipynb", lang, step=i + 1), i + 1)
                                     for i in e.demonstrated[:6])
            steps = (escape(_("Lesson steps:")) + " " + steps) if steps else Markup()
            if e.example is not None:
                href = nav_href("explorer.ipynb", lang, profile, rule=e.rule)
                steps += (html('<a class="nap-ex-example" href="{}">{}</a>', href, _("An example on the rule page")))
            lessons = Markup(" ").join(
                html('<a class="nap-ex-lesson" data-lesson="{}" href="{}">{}. {}</a>',
                     x.lesson, nav_href("lesson.ipynb", lang, lesson=x.lesson), x.place,
                     _(load_lesson(x.lesson).title))
                for x in dict((x.lesson, x) for x in e.narrated).values())
            if lessons:
                steps = escape(_("Course lessons:")) + " " + lessons + (Markup("<br>") + steps if steps else Markup())
            steps = steps or Markup("—")
            quiz = escape(self.tr.explain(e.quizzed[0].prompt)) if e.quizzed else "—"
            if e.kinds:
                quiz = html("{}<br><span class='nap-ex-kinds'>{} {}</span>", quiz, _("Quiz kinds:"), ", ".join(e.kinds))
            enforced = Markup("<br>").join(
                html("<span class='nap-ex-kind'>{}</span> {}", _('refusal') if x.kind == 'refusal' else _('built in'),
                     self.tr.explain(x.explanation)) for x in e.enforced) or "—"
            rows.append(html("<tr><th scope='row'>{}{}</th><td data-label='{}'>{}</td>"
                             "<td data-label='{}'>{}</td><td data-label='{}'>{}</td></tr>",
                             self.badge(e.rule), self.tr.rule_title(e.rule), labels[0], steps, labels[1], quiz,
                             labels[2], enforced))
        self.table.value = (html("<p>{}</p><div class='nap-scroll'><table class='nap-table-grid nap-ex-syllabus-table'>"
                                 '<thead>{}</thead><tbody>{}</tbody></table></div>', intro, head, join(rows)))
