"""The learner's progress on a page: lessons done, rules mastered, kinds to review; export, import, clear.

Everything is kept in the learner's browser (:mod:`nap_teach.ui.storage`).
CSS classes: ``nap-progress``, ``nap-progress-summary``, ``nap-progress-export``,
``nap-progress-import``, ``nap-progress-clear``.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..teach.course import load_course
from ..words.i18n import Translator
from ..words.html import Markup, html, join
from ..teach.mastery import Progress
from .base import Component, PageHost, guarded
from .storage import ProgressStore
from .widgets import auto_layout

__all__ = ["ProgressPanel", "taught_rules", "course_list_html"]


def course_list_html(progress: Progress, tr: Translator, lang: str, current: str | None = None) -> Markup:
    """The lessons in course order with their state (not started, done, score), as links."""
    items = []
    for spec in load_course():
        state = progress.lesson_state(spec.id)
        score = progress.score(spec.id)
        if state == "done" and score is not None:
            label = tr.gettext("done, score {right} of {total}").format(right=score[0], total=score[1])
        else:
            label = tr.gettext("not started")
        here = " nap-course-here" if spec.id == current else ""
        items.append(html('<li class="nap-course-item nap-course-{}{}" data-lesson="{}" data-state="{}">'
                          '<a href="lesson.ipynb?lesson={}&amp;lang={}">{}. {}</a> '
                          '<span class="nap-course-state">{}</span></li>',
                          state, here, spec.id, state, spec.id, lang, spec.place, tr.gettext(spec.title), label))
    return html('<ol class="nap-course-list">{}</ol>', join(items))


def taught_rules(lesson_ids: list[str]) -> list[str]:
    """Rules taught by the lessons done."""
    done = set(lesson_ids)
    return sorted({r for spec in load_course() if spec.id in done for r in spec.rules})


class ProgressPanel(Component):
    """What the learner has done, kept in their browser, with export, import and clear."""

    def __init__(self, app: PageHost, store: ProgressStore) -> None:
        super().__init__(app)
        self.store = store
        self.summary = W.HTML("")
        self.summary.add_class("nap-progress-summary")
        self.export = W.Button(icon="download", layout=auto_layout())
        self.export.add_class("nap-progress-export")
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False, layout=auto_layout())
        self.upload.add_class("nap-progress-import")
        self.clear = W.Button(icon="trash", layout=auto_layout())
        self.clear.add_class("nap-progress-clear")
        self.export.on_click(self._on_export)
        self.clear.on_click(self._on_clear)
        self.upload.observe(self._on_upload, names="value")
        buttons = W.HBox([self.export, self.upload, self.clear], layout=auto_layout())
        self.widget = W.VBox([self.summary, buttons, store.widget], layout=auto_layout())
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
        self.render()

    def render(self) -> None:
        p = self.store.progress
        course = load_course()
        done = [s.id for s in course if p.lesson_state(s.id) == "done"]
        mastered = p.mastered(taught_rules(done))
        review = p.review_kinds()
        lines = [html('<p class="nap-progress-lessons">{}</p>',
                      self._("Lessons done: {done} of {total}").format(done=len(done), total=len(course)))]
        lines.append(html('<p class="nap-progress-rules">{}</p>',
                          self._("Rules mastered: {rules}").format(rules=", ".join(mastered) or self._("none yet"))))
        if review:
            lines.append(html('<p class="nap-progress-review">{}</p>',
                              self._("Question kinds to review: {count}").format(count=len(review))))
        lines.append(html('<p class="nap-progress-where">{}</p>',
                          self._("Kept in this browser only; nothing is stored on the server.")))
        if self.store.problem is not None:
            lines.append(html('<p class="nap-msg nap-msg-refused">{}</p>', self.store.problem.text(self.language.code)))
        self.summary.value = html('<div class="nap-progress-box" data-done="{}">{}</div>', len(done), join(lines))

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
