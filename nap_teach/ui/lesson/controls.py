"""The lesson's controls: Back, Next, Restart, Go to, the step number and the four-colour option.

Back, Next and the step counter form the bar the page pins to the bottom of the screen
(:attr:`StepControls.widget`, classes ``nap-lesson-controls nap-lesson-bar``), so that the
next step is always one tap away while the cards stay in view; Restart, "Go to", the step
box and the four-colour option are the row under the narration (:attr:`StepControls.more`,
``nap-lesson-more``).
"""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W
import traitlets

from ...words.html import html
from ..params import bad_number, whole_number
from ...teach.lesson import SECTIONS, LessonWalk
from ..base import StatusLine, guarded
from ..language import Language
from ..widgets import auto_layout, Button, Checkbox, Dropdown, HBox, HTML, VBox


class StepBox(W.Text):
    """A text box for the step number: a number set from Python (``box.value = 5``) is kept as text ("5")."""

    value = traitlets.Any("").tag(sync=True)

    @traitlets.validate("value")
    def _as_text(self, proposal: Any) -> str:
        return str(proposal["value"])


class StepControls:
    """Back, Next, Restart, "Go to", the step number and the four-colour option."""

    def __init__(self, walk: LessonWalk, language: Language, status: StatusLine,
                 on_change: Callable[[], None], on_style: Callable[[], None], four_colour: bool = False) -> None:
        self.walk = walk
        self.language = language
        self.status = status
        self.on_change = on_change
        self.on_style = on_style
        self._syncing = False
        self.back = Button(icon="arrow-left", layout=auto_layout())
        self.back.add_class("nap-lesson-back")
        self.next = Button(icon="arrow-right", button_style="primary", layout=auto_layout())
        self.next.add_class("nap-lesson-next")
        self.restart = Button(icon="undo", layout=auto_layout())
        self.restart.add_class("nap-lesson-restart")
        self.jump = Dropdown(options=[(s, s) for s in SECTIONS], value=SECTIONS[0],
                             style={"description_width": "initial"},
                             layout=W.Layout(width="230px", max_width="100%"))
        self.jump.add_class("nap-lesson-jump")
        # a text box, checked here as the page address is: the browser's number box clamps 999 to the
        # last step and reads "5.5" as 55, without a word
        self.number = StepBox(value="1", continuous_update=False, style={"description_width": "initial"},
                              layout=W.Layout(width="130px", max_width="100%"))
        self.number.add_class("nap-lesson-number")
        self.label = HTML("")
        self.label.add_class("nap-lesson-step")
        # the starting value is set before anyone observes it: the page draws its cards once it is built
        self.four = Checkbox(value=bool(four_colour), indent=False, layout=W.Layout(width="auto", max_width="100%"))
        self.four.add_class("nap-lesson-four")
        self.back.on_click(self._on_back)
        self.next.on_click(self._on_next)
        self.restart.on_click(self._on_restart)
        self.jump.observe(self._on_jump, names="value")
        self.number.observe(self._on_number, names="value")
        self.four.observe(self._on_four, names="value")
        self.buttons = HBox([self.back, self.next, self.label], layout=auto_layout())
        self.buttons.add_class("nap-lesson-buttons")
        where = HBox([self.jump, self.number], layout=auto_layout())
        where.add_class("nap-lesson-where")
        self.widget = VBox([self.buttons], layout=auto_layout())
        """Back, Next (or Check) and the step counter: the page pins them (in its ``nap-lesson-bar``) to the
        bottom of the screen."""
        self.widget.add_class("nap-lesson-controls")
        self.more = HBox([self.restart, where, self.four], layout=auto_layout())
        """Restart, "Go to", the step box and the four-colour option (in the page's flow)."""
        self.more.add_class("nap-lesson-more")
        self.refresh()

    @property
    def four_colour(self) -> bool:
        return bool(self.four.value)

    def _(self, message: str) -> str:
        return self.language.tr.gettext(message)

    def _section_label(self, section: str) -> str:
        if section == "table":
            return self._("The table")
        if section == "auction":
            return self._("The auction")
        if section == "result":
            return self._("The result")
        return self._("Trick {number}").format(number=section[len("trick"):])

    def refresh(self) -> None:
        self.back.description = self._("Back")
        self.back.tooltip = self._("Previous step")
        self.next.description = self._("Next")
        self.next.tooltip = self._("Next step")
        self.restart.description = self._("Restart")
        self.restart.tooltip = self._("Back to the first step")
        self.jump.description = self._("Go to")
        self.number.description = self._("Step")
        self.four.description = self._("Four-colour pack (clubs green, diamonds blue)")
        self._syncing = True
        try:
            self.jump.options = [(self._section_label(s), s) for s in SECTIONS]
        finally:
            self._syncing = False
        self.sync()

    def sync(self) -> None:
        """Show where the walk is: label, button states, "Go to" and the number box."""
        walk = self.walk
        self.label.value = (html('<span class="nap-lesson-step-text">{}</span>',
                                 self._("Step {k} of {n}").format(k=walk.index + 1, n=walk.count)))
        self.back.disabled = walk.at_start
        self.next.disabled = walk.at_end
        self._syncing = True
        try:
            self.jump.value = walk.lesson.section_of(walk.index)
            self.number.value = str(walk.index + 1)
        finally:
            self._syncing = False

    @guarded
    def _on_next(self, _button: Any = None) -> None:
        if self.walk.next():
            self.status.clear()
        else:
            self.status.show(self._("This is the last step. Restart to see the deal again."))
        self.on_change()

    @guarded
    def _on_back(self, _button: Any = None) -> None:
        if self.walk.back():
            self.status.clear()
        else:
            self.status.show(self._("This is the first step."))
        self.on_change()

    @guarded
    def _on_restart(self, _button: Any = None) -> None:
        self.walk.restart()
        self.status.clear()
        self.on_change()

    @guarded
    def _on_jump(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        section = change.get("new")
        if section not in SECTIONS:
            self.sync()
            return
        self.walk.jump(section)
        self.status.clear()
        self.on_change()

    @guarded
    def _on_number(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        raw = change.get("new")
        value = whole_number(raw, 1, self.walk.count)
        if value is None:  # refused with its reason; the walk stays where it was
            self.status.show(self.language.tr.explain(bad_number(self._("Step"), raw, 1, self.walk.count)),
                             "refused")
            self.sync()
            return
        self.walk.go(value - 1)
        self.status.clear()
        self.on_change()

    @guarded
    def _on_four(self, change: dict[str, Any]) -> None:
        if not isinstance(change.get("new"), bool):
            return
        self.on_style()
