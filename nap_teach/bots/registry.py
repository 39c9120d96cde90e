"""The bot levels by name: a plain mapping, written here rather than filled in by imports."""
from __future__ import annotations

import random
from types import MappingProxyType
from typing import Callable, Mapping

from .base import Bot
from .expert import ExpertBot
from .random_bot import RandomBot
from .simple import SimpleBot

__all__ = ["BOTS", "get_bot", "bot_names"]

BOTS: Mapping[str, Callable[[random.Random | None], Bot]] = MappingProxyType({
    "expert": ExpertBot,
    "simple": SimpleBot,
    "random": RandomBot,
})
"""Bot level name -> factory taking a random generator, strongest first."""


def bot_names() -> list[str]:
    """The known bot levels, sorted by name ("random", "simple", ...)."""
    return sorted(BOTS)


def get_bot(name: str, rng: random.Random | None = None) -> Bot:
    """A bot by level name ("random", "simple", "expert"); unknown names raise ``KeyError``."""
    return BOTS[name](rng or random.Random())
