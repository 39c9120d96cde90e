"""The coach: the simple bot's choice for the learner's seat, said to "you".

The hint is the bot's own decision (same action, same facts); only the message
key changes from ``bot.<reason>`` to ``hint.<reason>`` so the sentence speaks
to the learner ("Win cheaply with 10♥: ...") instead of about a player.
"""
from __future__ import annotations

from ...engine.explain import Explanation
from ...engine.messages import MESSAGES
from ...engine.views import SeatView
from .base import Decision
from .simple import SimpleBot

__all__ = ["hint", "hint_key"]

_BOT = SimpleBot()


def hint_key(key: str) -> str:
    """The learner-facing key for a bot reason key (unchanged when there is none)."""
    if key.startswith("bot."):
        candidate = "hint." + key[4:]
        if candidate in MESSAGES:
            return candidate
    return key


def hint(view: SeatView) -> Decision:
    """What the simple bot would do in the learner's seat, with its reason for "you".

    ``view`` must be the learner's own :class:`SeatView` at its turn (in the
    auction or the play); otherwise ``ValueError`` is raised, as for any bot.
    """
    decision = _BOT.decide(view)
    reason = decision.reason
    return Decision(decision.action, Explanation(reason.rule, hint_key(reason.key), reason.facts))
