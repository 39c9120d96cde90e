"""The rules explorer: every rule with a short explanation, a trainer and a question; a quiz; the syllabus.

A package: one module per section, the question card, the rule prose (:mod:`.prose`) and the
trainers on their declarative base (:mod:`.trainers`).

The notebook ``notebooks/explorer.ipynb`` only does::

    from nap_teach.ui.explorer import ExplorerApp
    ExplorerApp.from_environment()

Three sections, chosen with the ``nap-ex-nav`` buttons:

- **Rules**: pick a rule (``nap-ex-rule``); its explanation, a small trainer
  built on :mod:`nap_teach.teach.trainers` and a question of :mod:`nap_teach.teach.quiz`;
- **Quiz**: the FAQ questions plus generated ones, a score, and the seed that
  reproduces them (``nap-ex-seed``, ``?seed=`` in the page address);
- **Syllabus**: for teachers, per rule where it is demonstrated, quizzed and
  enforced (:mod:`nap_teach.teach.syllabus`).

Every answer comes from the engine; this module only draws and listens.
"""
from __future__ import annotations

from typing import Any

from .app import ExplorerApp
from ...engine.dealing import MAX_SEED
from ...words.rulebook import prose as rule_text
from ..question import QuestionCard
from .quiz import QuizPanel
from .rules import RulesPanel
from .trainers import TRAINER_FOR_RULE

__all__ = ["ExplorerApp", "QuestionCard", "QuizPanel", "RulesPanel", "SyllabusPanel",
           "rule_text", "TRAINER_FOR_RULE", "MAX_SEED"]


def __getattr__(name: str) -> Any:
    if name == "SyllabusPanel":
        from .syllabus import SyllabusPanel  # brings the course: when the section is first shown

        return SyllabusPanel
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
