"""What the play table reports: events with the engine's explanations, the learner's call options, hints."""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.auction import Call
from ...ai.bots import Decision, hint
from ...engine.explain import Explanation, rules_of
from ...engine.state import Action
from ...engine.views import SeatView


@dataclass(frozen=True)
class Event:
    """One accepted action of the deal in play, with why it was allowed and what it did."""

    index: int
    """Position in the deal's action list (0-based)."""
    seat: int
    action: Action
    lines: tuple[Explanation, ...]
    """The engine's explanations (rule, trick winner, certainty, settlement)."""
    reason: Explanation | None = None
    """The bot's reason for its choice (None for the learner's own actions)."""
    by_learner: bool = False

    @property
    def rules(self) -> tuple[str, ...]:
        return rules_of(self.lines)


@dataclass(frozen=True)
class CallOption:
    """A call the learner might make now, and why not (None when it is legal)."""

    call: Call
    refusal: Explanation | None

    @property
    def legal(self) -> bool:
        return self.refusal is None


_YOU_KEYS = {"call.not_higher", "call.requires", "card.must_follow", "card.not_held"}


def for_learner(why: Explanation) -> Explanation:
    """A refusal of the learner's own action, said to them ("You hold 7♥ ...")."""
    if why.key in _YOU_KEYS:
        return Explanation(why.rule, "you." + why.key, why.facts)
    return why


TABLE_SAFE_KEYS = frozenset({"bot.random", "bot.last_card", "bot.ruff", "bot.pass_no_bid_left", "bot.expert_only_call"})
"""Bot reasons whose words use only what the whole table has seen (the card just played, the trick,
the calls): said at once. Every other reason uses the bot's own cards ("the lowest card", "the only
heart in hand", the cards a bid counts on) and, under B14, is not said while the deal is on."""


def reason_at_table(e: Event, deal_over: bool, show_thinking: bool = False) -> Explanation | None:
    """The reason the table hears for ``e`` now: a bot's reason that uses its own cards waits for the
    end of the deal (B14), unless the learner asked to see the bots' thinking."""
    if e.reason is None or e.by_learner or deal_over or show_thinking or e.reason.key in TABLE_SAFE_KEYS:
        return e.reason
    return None


def coach_hint(view: SeatView) -> Decision:
    """A suggestion for the learner: the coach's hint (the simple bot's choice, said to "you")."""
    return hint(view)
