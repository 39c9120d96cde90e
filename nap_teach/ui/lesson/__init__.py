"""The lesson page: the worked deal, step by step, with the rule behind every card (one module per component).

The notebook ``notebooks/lesson.ipynb`` only does::

    from nap_teach.ui.lesson import LessonApp
    LessonApp.from_environment()

Everything the learner reads comes from :mod:`nap_teach.teach.lesson` (the steps and
their explanations, built by the engine) and from the ``_()`` strings here, so
the page switches language in place. Components, one class each:

- :class:`StepControls`: Back, Next, Restart, "Go to" (table, auction, trick 1..5,
  result), a step number box and the four-colour pack option;
- :class:`ExplanationPanel`: the step's title and its explanations with rule badges;
- :class:`~nap_teach.ui.table.CardTable`: the card table (shared with the play page): four seats
  with open hands, the trick in the middle with trump and the winning card marked, the unused cards;
- :class:`TrickHistory`: tricks won so far, the last completed trick, all tricks;
- :class:`SettlementView`: the payments at the result steps;
- :class:`WhatIfPanel`: play another card, let the computer finish, compare;
- :class:`Presenter`: presenter mode (``?present=1`` or the "Present" switch: the page for a projector,
  hands hidden one at a time) and the keys that step the lesson (Right arrow, PageDown, Space; Left
  arrow, PageUp), through :mod:`nap_teach.ui.keys`.

Stable CSS classes for tests: ``nap-lesson``, ``nap-lesson-next``, ``nap-lesson-back``,
``nap-lesson-restart``, ``nap-lesson-jump``, ``nap-lesson-number``, ``nap-lesson-step``,
``nap-lesson-four``, ``nap-lesson-explanation``, ``nap-card-table``,
``nap-lesson-history``, ``nap-lesson-settlement``, ``nap-whatif``, ``nap-whatif-card``,
``nap-whatif-card-<code>``, ``nap-whatif-result``, ``nap-whatif-settlement``,
``nap-whatif-back``, ``nap-whatif-status``; presenter mode's are listed in :mod:`.presenter`.
"""
from __future__ import annotations
from __future__ import annotations

from .app import LessonApp
from .controls import StepControls
from .views import ExplanationPanel, SettlementView, TrickHistory
from .whatif import WhatIfPanel
from .presenter import Presenter

__all__ = [
    "LessonApp", "StepControls", "ExplanationPanel", "TrickHistory", "SettlementView", "WhatIfPanel",
    "Presenter",
]
