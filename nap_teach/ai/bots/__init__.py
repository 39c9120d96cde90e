"""Bots: they see one seat's :class:`~nap_teach.engine.views.SeatView`, never the deal.

Every decision comes with a reason (an :class:`~nap_teach.engine.explain.Explanation`)
so a bot can explain itself to the learner, and the coach (:func:`hint`) reuses
the simple bot's reasoning as a hint for the learner's seat.
"""
from __future__ import annotations

from .base import Bot, Decision
from .coach import hint
from .random_bot import RandomBot
from .registry import BOTS, bot_names, get_bot
from .simple import SimpleBot

__all__ = ["Bot", "Decision", "RandomBot", "SimpleBot", "BOTS", "get_bot", "bot_names", "hint"]
