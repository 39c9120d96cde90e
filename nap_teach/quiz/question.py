"""A quiz question (prompt, choices, the engine's answer and explanation) and the helpers that build one."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Sequence

from ..auction import Call
from ..cards import Card, Suit
from ..explain import Explanation
from ..i18n import translator
from ..profiles import Contract, Profile
from ..rulebook import Topic
from ..state import DealState
from ..trainers import PositionError, calls_for, said, table_names

YES, NO = "yes", "no"
EN = translator("en")


@dataclass(frozen=True)
class Choice:
    value: str
    label: Explanation


@dataclass(frozen=True)
class Question:
    """One question: prompt, choices, the engine's answer and its explanation."""

    id: str
    kind: str
    prompt: Explanation
    choices: tuple[Choice, ...]
    answer: str
    explanation: Explanation
    players: tuple[str, ...] = ()
    hand: tuple[Card, ...] = ()
    trick: tuple[tuple[str, Card], ...] = ()
    trump: Suit | None = None
    extra: tuple[Explanation, ...] = field(default=())
    """Further engine explanations worth showing with the answer."""

    def __post_init__(self) -> None:
        values = [c.value for c in self.choices]
        if self.answer not in values or len(set(values)) != len(values):
            raise ValueError(f"question {self.id}: answer {self.answer!r} not among distinct choices {values}")

    @property
    def rule(self) -> str:
        """The rule that answers the question (from the engine's explanation)."""
        return self.explanation.rule

    def is_right(self, value: str) -> bool:
        if value not in {c.value for c in self.choices}:
            raise ValueError(f"{value!r} is not a choice of question {self.id}")
        return value == self.answer


# ------------------------------------------------------------------- helpers
def yes_no(rule: str) -> tuple[Choice, ...]:
    return (Choice(YES, Explanation(rule, "choice.yes")), Choice(NO, Explanation(rule, "choice.no")))


def player_choices(rule: str, players: Sequence[str]) -> tuple[Choice, ...]:
    return tuple(Choice(p, Explanation(rule, "choice.value", {"value": p})) for p in players)


def number_choices(rule: str, answer: int, candidates: Sequence[int], rng: random.Random,
                    signed: bool = False, size: int = 4) -> tuple[Choice, ...]:
    others = sorted({c for c in candidates if c != answer})
    rng.shuffle(others)
    values = sorted([answer] + others[: size - 1])
    fmt = EN.amount if signed else str
    return tuple(Choice(str(v), Explanation(rule, "choice.value", {"value": fmt(v)})) for v in values)


def calls_fact(players: Sequence[str], dealer: int, calls: Sequence[Call], profile: Profile) -> object:
    if not calls:
        return Explanation(profile.rule(Topic.AUCTION_ORDER), "quiz.no_calls")
    return said(players, dealer, calls, profile)


def trick_fact(rule: str, trick: Sequence[tuple[str, Card]]) -> tuple[Explanation, ...]:
    return tuple(Explanation(rule, "quiz.played", {"player": p, "card": c}) for p, c in trick)


def random_table(rng: random.Random, lo: int = 3, hi: int = 5) -> tuple[str, ...]:
    return table_names(rng.randint(lo, hi))


def narration(state: DealState) -> list[Explanation]:
    from ..narrate import explain_action

    return [e for i in range(len(state.actions)) for e in explain_action(state, i)]


def calls_for_safe(p: Profile, contract: Contract, n: int) -> list[str]:
    try:
        return calls_for(p, contract, n)
    except PositionError:
        return []
