"""The teachers' section: per rule, where it is demonstrated, quizzed and enforced (generated from the code)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as W

from ...syllabus import SyllabusEntry, syllabus
from ..landing import page_query
from .component import ExplorerComponent, _auto, esc

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
        intro = esc(_("Generated from the code: for every rule, the lesson steps that show it, a quiz "
                      "question it answers, and what the engine says to a learner who breaks it."))
        head = (f"<tr><th scope='col'>{esc(_('Rule'))}</th><th scope='col'>{esc(_('Demonstrated'))}</th>"
                f"<th scope='col'>{esc(_('Quizzed'))}</th><th scope='col'>{esc(_('Enforced'))}</th></tr>")
        rows = []
        labels = [esc(_("Demonstrated"), quote=True), esc(_("Quizzed"), quote=True), esc(_("Enforced"), quote=True)]
        for e in self.entries:
            steps = " ".join(f'<a class="nap-ex-step" href="lesson.ipynb?step={i + 1}">{i + 1}</a>'
                             for i in e.demonstrated[:6])
            steps = (esc(_("Lesson steps:")) + " " + steps) if steps else ""
            if e.example is not None:
                href = esc(f"explorer.ipynb{page_query(self.language.code, self.profile.name)}"
                           f"{'&' if page_query(self.language.code, self.profile.name) else '?'}rule={e.rule}",
                           quote=True)
                steps += (f'<a class="nap-ex-example" href="{href}">'
                          f'{esc(_("An example on the rule page"))}</a>')
            steps = steps or "—"
            quiz = esc(self.tr.explain(e.quizzed[0].prompt)) if e.quizzed else "—"
            enforced = "<br>".join(
                f"<span class='nap-ex-kind'>{esc(_('refusal') if x.kind == 'refusal' else _('built in'))}</span> "
                f"{esc(self.tr.explain(x.explanation))}" for x in e.enforced) or "—"
            rows.append(f"<tr><th scope='row'>{self.badge(e.rule)}{esc(self.tr.rule_title(e.rule))}</th>"
                        f"<td data-label='{labels[0]}'>{steps}</td><td data-label='{labels[1]}'>{quiz}</td>"
                        f"<td data-label='{labels[2]}'>{enforced}</td></tr>")
        self.table.value = (f"<p>{intro}</p><div class='nap-scroll'><table class='nap-table-grid nap-ex-syllabus-table'>"
                            f"<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table></div>")
