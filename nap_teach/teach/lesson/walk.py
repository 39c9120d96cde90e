"""The learner's place in one deal's lesson, and helpers shared by the lesson pages."""
from __future__ import annotations

from functools import lru_cache
from typing import Mapping, Sequence

from ...ai.bots import Bot
from ...engine.cards import Card
from ...words.i18n import Translator, translator
from .deal import SECTIONS, Lesson, LessonStep
from .whatif import WhatIf

__all__ = ["LessonWalk", "default_lesson", "lesson_rules", "settlement_line"]


class LessonWalk:
    """The learner's place in a lesson, and a what-if line when one is open."""

    def __init__(self, lesson: Lesson | None = None) -> None:
        self.lesson = lesson or default_lesson()
        self.index = 0
        self.whatif: WhatIf | None = None

    @property
    def step(self) -> LessonStep:
        return self.lesson.steps[self.index]

    @property
    def count(self) -> int:
        return len(self.lesson.steps)

    @property
    def at_start(self) -> bool:
        return self.index == 0

    @property
    def at_end(self) -> bool:
        return self.index == self.count - 1

    def go(self, index: int) -> LessonStep:
        """Go to step ``index`` (0-based); leaves any what-if line."""
        self.lesson.step(index)  # validates
        self.index = index
        self.whatif = None
        return self.step

    def next(self) -> bool:
        if self.at_end:
            return False
        self.go(self.index + 1)
        return True

    def back(self) -> bool:
        if self.at_start:
            return False
        self.go(self.index - 1)
        return True

    def restart(self) -> LessonStep:
        return self.go(0)

    def jump(self, section: str) -> LessonStep:
        """Go to the first step of a section ("table", "auction", "trick3", "result")."""
        if section not in SECTIONS:
            raise ValueError(f"no section {section!r}")
        return self.go(self.lesson.section_start(section))

    def try_card(self, card: Card | str, chooser: Bot | None = None) -> WhatIf:
        """Open a what-if line from this step (illegal cards raise and change nothing)."""
        found = self.lesson.what_if(self.index, card, chooser)
        if not found.same_as_book:
            self.whatif = found
        return found

    def back_to_book(self) -> None:
        self.whatif = None


# ------------------------------------------------------------------- helpers
def settlement_line(amounts: Mapping[str, int] | Sequence[int], tr: Translator | None = None) -> str:
    """The payments as one sum: "+12 −4 −4 −4 = 0" (true minus signs)."""
    tr = tr or translator("en")
    values = list(amounts.values()) if isinstance(amounts, Mapping) else list(amounts)
    return " ".join(tr.amount(v) for v in values) + " = " + tr.amount(sum(values))


@lru_cache(maxsize=1)
def default_lesson() -> Lesson:
    """The worked-deal lesson (built once; steps are immutable)."""
    return Lesson()


def lesson_rules() -> dict[str, list[int]]:
    """Rule id -> indices (0-based) of the worked-deal steps that show it at work.

    The lesson page opens at step ``i`` with ``lesson.ipynb?step={i + 1}``.
    """
    return default_lesson().rules_by_step()
