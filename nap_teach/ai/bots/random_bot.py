"""A bot that makes a random legal choice: a baseline for tests and simulations."""
from __future__ import annotations

import random

from ...engine.explain import Explanation
from ...engine.state import Action
from ...engine.views import SeatView
from .base import Decision

__all__ = ["RandomBot"]


class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def decide(self, view: SeatView) -> Decision:
        options: list[Action] = list(view.legal_calls) if view.phase == "auction" else list(view.legal_cards)
        if not options:
            raise ValueError(f"{view.name} has nothing to do now")
        action = self.rng.choice(options)
        return Decision(action, Explanation("bot", "bot.random", {"player": view.name, "action": action}))

