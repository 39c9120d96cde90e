"""The teachers' section: the lesson plan (the course in order, with objectives, timings, the deals to deal at
real tables, the questions to ask and the common mistakes), then, collapsed, per rule where it is demonstrated,
quizzed and enforced (generated from the code)."""
from __future__ import annotations


from ...teach.course import load_lesson
from ...teach.handouts import course_plan_html
from ...words.html import Markup, escape, html, join
from ..printing import PrintButton
from ...teach.syllabus import SyllabusEntry, syllabus
from ..nav import nav_href
from ..params import page_query
from ..widgets import auto_layout as _auto, HTML, VBox
from .component import ExplorerComponent
from .page import ExplorerPage



class SyllabusPanel(ExplorerComponent):
    """For teachers: the lesson plan, then (collapsed) per rule where it is demonstrated, quizzed and enforced.

    CSS classes: ``nap-ex-plan-head`` (heading and links), ``nap-print`` (print the plan),
    ``nap-ex-plan`` (the plan: a ``nap-plan-lesson`` section per lesson) and ``nap-ex-syllabus``
    (the coverage table, ``nap-ex-coverage`` details)."""

    def __init__(self, app: ExplorerPage) -> None:
        super().__init__(app)
        self.entries: list[SyllabusEntry] | None = None
        self.plan_head = HTML()
        self.plan_head.add_class("nap-ex-plan-head")
        self.print_button = PrintButton()
        self.plan = HTML()
        self.plan.add_class("nap-ex-plan")
        self.table = HTML()
        self.table.add_class("nap-ex-syllabus")
        self.widget = VBox([self.plan_head, self.print_button, self.plan, self.table], layout=_auto())
        self.widget.add_class("nap-ex-syllabus-box")

    def load(self) -> None:
        if self.entries is None:
            self.entries = syllabus(self.profile)
        self.refresh()

    def _query(self, extra: str) -> str:
        query = page_query(self.language.code, self.profile.name)
        return query + ("&" if query else "?") + extra

    def _handout_href(self, lesson: str, deal: str | None) -> str:
        return "handouts.ipynb" + self._query(f"lesson={lesson}" + (f"&part={deal}" if deal else ""))

    def refresh(self) -> None:
        if self.entries is None:
            self.plan_head.value = self.plan.value = self.table.value = ""
            return
        _ = self._
        self.print_button.label = _("Print the lesson plan")
        self.print_button.hint = _("Print the lesson plan (your browser's print dialog)")
        self.plan_head.value = html(
            "<h2>{}</h2><p>{}</p><p><a class='nap-ex-handouts' href='{}'>{}</a></p>", _("Lesson plan"),
            _("For a class at real tables: each lesson's objective and time, the deals to deal (each one "
              "printable as a diagram of the hands and the tricks), the questions to ask and the mistakes to "
              "watch for."), "handouts.ipynb" + self._query("kind=plan"), _("All the handouts to print"))
        self.plan.value = course_plan_html(self.tr, href=self._handout_href, wrap=False)
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
        self.table.value = (html("<details class='nap-ex-coverage'><summary>{}</summary>"
                                 "<p>{}</p><div class='nap-scroll'><table class='nap-table-grid nap-ex-syllabus-table'>"
                                 '<thead>{}</thead><tbody>{}</tbody></table></div></details>',
                                 _("Rule by rule: where the app shows, quizzes and enforces each rule"), intro, head,
                                 join(rows)))
