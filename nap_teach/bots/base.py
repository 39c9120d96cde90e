"""The bot interface: a view in, an action with its reason out."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Protocol

from ..explain import Explanation
from ..state import Action
from ..views import SeatView

__all__ = ["Bot", "Decision", "BOTS", "get_bot", "bot_names", "register"]


@dataclass(frozen=True)
class Decision:
    """What a bot does and why (the reason is shown to the learner)."""

    action: Action
    reason: Explanation


class Bot(Protocol):
    name: str

    def decide(self, view: SeatView) -> Decision:
        """Choose a legal call or card for ``view.seat`` (it must be that seat's turn)."""
        ...


BOTS: dict[str, Callable[[random.Random], Bot]] = {}
"""Bot level name -> factory taking a random generator."""


def register(name: str) -> Callable[[Callable[[random.Random], Bot]], Callable[[random.Random], Bot]]:
    def deco(factory: Callable[[random.Random], Bot]) -> Callable[[random.Random], Bot]:
        BOTS[name] = factory
        return factory

    return deco


def bot_names() -> list[str]:
    """The known bot levels, sorted by name ("random", "simple", ...)."""
    from . import expert, random_bot, simple  # noqa: F401  (bots register on import)

    return sorted(BOTS)


def get_bot(name: str, rng: random.Random | None = None) -> Bot:
    """A bot by level name ("random", "simple", "expert"); unknown names raise ``KeyError``."""
    if name not in BOTS:
        # bots register on import; the simple and expert bots live in their own modules
        from . import expert, simple  # noqa: F401
    return BOTS[name](rng or random.Random())
