"""Quiz questions built on the engine, reproducible from a seed (no widgets here).

A :class:`Question` carries a prompt (an :class:`Explanation`: message key and
facts, so the words come from the reader's language), the choices, the right
answer as the engine computes it and the engine's explanation, which names
the rule. :func:`faq_questions` are the three questions the rule pages answer
(must I trump when void? may I open with Wellington? may the declarer use the
unused cards?); :func:`make_quiz` adds questions generated from random
positions. The same seed always gives the same questions.

One module per job:

- :mod:`.question`: :class:`Question`, :class:`Choice` and the helpers that build them;
- :mod:`.faq`: the three FAQ questions;
- :mod:`.kinds`: the kinds of generated questions asked under every profile (:data:`GENERATORS`);
- :mod:`.pub_kinds`: the kinds asked only under profiles with the rule (:data:`PROFILE_GENERATORS`);
- :mod:`.run`: quizzes from a seed, the questions of one rule, a learner's :class:`QuizRun`.

>>> quiz = make_quiz(seed=7)
>>> len(quiz) >= 18 and quiz == make_quiz(seed=7)
True
>>> [q.answer for q in faq_questions()]
['no', 'no', 'no']
"""
from __future__ import annotations

from .faq import faq_questions
from .kinds import GENERATORS
from .pub_kinds import PROFILE_GENERATORS
from .question import Choice, Question
from .run import DEFAULT_COUNT, QuizRun, first_question_for_rule, generate, kinds_for, make_quiz, questions_for_rule

__all__ = [
    "Choice", "Question", "faq_questions", "make_quiz", "GENERATORS", "generate", "QuizRun", "DEFAULT_COUNT",
    "questions_for_rule", "first_question_for_rule", "PROFILE_GENERATORS", "kinds_for",
]
