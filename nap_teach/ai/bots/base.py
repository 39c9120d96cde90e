"""The bot interface: a view in, an action with its reason out."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ...engine.explain import Explanation
from ...engine.state import Action
from ...engine.views import SeatView

__all__ = ["Bot", "Decision"]


@dataclass(frozen=True)
class Decision:
    """What a bot does and why (the reason is shown to the learner)."""

    action: Action
    reason: Explanation


class Bot(Protocol):
    name: str

    def decide(self, view: SeatView) -> Decision:
        """Choose a legal call or card for ``view.seat`` (it must be that seat's turn).

        The action comes from ``view.legal_calls`` or ``view.legal_cards``, so
        callers may make it with :meth:`~nap_teach.engine.state.DealState.push`.
        """
        ...
