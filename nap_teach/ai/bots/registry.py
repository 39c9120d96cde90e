"""The bot levels by name: a plain mapping, written here rather than filled in by imports."""
from __future__ import annotations

import random
from types import MappingProxyType
from typing import Callable, Mapping

from .base import Bot
from .expert import ExpertBot
from .random_bot import RandomBot
from .simple import DEFAULT_STYLE, SimpleBot

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


def get_bot(name: str, rng: random.Random | None = None, style: str = DEFAULT_STYLE) -> Bot:
    """A bot by level name ("random", "simple", "expert"); unknown names raise ``KeyError``.

    ``style`` ("cautious", "normal", "bold") is how boldly the simple bot bids;
    the other levels have one way of bidding and ignore it.
    """
    if name == "simple":
        return SimpleBot(rng or random.Random(), style)
    return BOTS[name](rng or random.Random())
