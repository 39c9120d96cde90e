"""The lesson player (pure engine code: no widgets), one module per job.

- :mod:`.deal`: one deal narrated step by step (:class:`Lesson`), each step with
  the engine's explanations and its place (``anchor``) in lesson-file terms;
- :mod:`.whatif`: another card played out ("What if") and judged by the solver;
- :mod:`.walk`: the learner's place in one deal (:class:`LessonWalk`);
- :mod:`.decide`: the questions asked before a step is revealed, checked by the engine;
- :mod:`.ledger`: a session of deals narrated entry by entry (B16, B17, P2, P7, P8);
- :mod:`.player`: a lesson file (:mod:`nap_teach.teach.course`) played through: its
  deals, notes and questions, then its quiz.

The lesson files themselves are described in ``nap_teach/data/lessons/FORMAT.md``.
"""
from __future__ import annotations

from .deal import (
    CALL, CARD, HAD_FEWER, RESULT, SECTIONS, TABLE, Lesson, LessonStep, TableMarks, load_worked_deal,
)
from .walk import LessonWalk, default_lesson, lesson_rules, settlement_line
from .whatif import PlayedCard, Verdict, WhatIf, judge, what_if, whatif_chooser

__all__ = [
    "TABLE", "CALL", "CARD", "RESULT", "HAD_FEWER", "SECTIONS",
    "LessonStep", "TableMarks", "PlayedCard", "WhatIf", "Verdict", "Lesson", "LessonWalk",
    "load_worked_deal", "default_lesson", "lesson_rules", "settlement_line", "whatif_chooser", "what_if", "judge",
]
