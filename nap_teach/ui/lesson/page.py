"""What the lesson page offers its components (:class:`LessonPage`), so that none of them imports the page.

The course mode and the presenter step the lesson, redraw the card table and
show a learner's line through these few actions; they never reach the page's
other components (the step controls, the "What if?" panel) themselves.
"""
from __future__ import annotations

from typing import Protocol

import ipywidgets as W

from ...teach.lesson import Lesson, LessonWalk
from ...teach.lesson.whatif import WhatIf
from ..base import PageHost

__all__ = ["LessonPage"]


class LessonPage(PageHost, Protocol):
    """The lesson page as its course mode and presenter see it."""

    widget: W.VBox
    """The page's root box (presenter mode styles it)."""
    lesson: Lesson
    """The deal being narrated."""
    walk: LessonWalk
    """Where the learner is in it (the step shown)."""

    def redraw_board(self) -> None:
        """Draw the card table at the current step (hands hidden by presenter mode face down)."""
        ...

    def show_line(self, line: WhatIf) -> None:
        """Show a line the learner played (a card other than the book's) in the "What if?" panel."""
        ...

    def sync_controls(self) -> None:
        """Bring the step controls (Back, Next, the step number) in line with the step shown."""
        ...

    def step_forward(self) -> None:
        """Exactly what a click on Next does (a course question waiting is asked first)."""
        ...

    def step_back(self) -> None:
        """Exactly what a click on Back does."""
        ...

    def arrange(self) -> None:
        """Lay the page out for presenter mode (the table and one panel on a stage of fixed size) or not."""
        ...

    def question_waiting(self) -> bool:
        """Whether a question of a course lesson waits before the next step."""
        ...

    def reveal_question(self) -> None:
        """Show the waiting question's answer and its reason to the room (nothing scored)."""
        ...

    def show_question(self) -> None:
        """Draw the course lesson's question panel again (the next question of the same step)."""
        ...
