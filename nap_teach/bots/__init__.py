"""Bots: they see one seat's :class:`~nap_teach.views.SeatView`, never the deal.

Every decision comes with a reason (an :class:`~nap_teach.explain.Explanation`)
so a bot can explain itself to the learner, and the coach can reuse it as a hint.
"""
from __future__ import annotations

from .base import BOTS, Bot, Decision, get_bot
from .random_bot import RandomBot

__all__ = ["Bot", "Decision", "RandomBot", "BOTS", "get_bot"]
