"""A quiz question (prompt, choices, the engine's answer and explanation) and the helpers that build one."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ...engine.auction import Call
from ...engine.cards import Card, Suit
from ...engine.explain import Explanation
from ...words.i18n import translator
from ...engine.profiles import Contract, Profile
from ...engine.rules import Topic
from ...engine.state import DealState
from ...engine.tricks import winning_index
from ..trainers import PositionError, calls_for, said, table_names
from ...engine.narrate import explain_action

YES, NO = "yes", "no"
EN = translator("en")


@dataclass(frozen=True)
class Choice:
    value: str
    label: Explanation
    why: Explanation | None = None
    """For a wrong choice: why it is wrong (the engine's reason, naming the choice); None for the answer."""


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
    profile: str = "british"
    """The rules the question assumes (a profile's name): the page names them with the question."""

    def __post_init__(self) -> None:
        values = [c.value for c in self.choices]
        if self.answer not in values or len(set(values)) != len(values):
            raise ValueError(f"question {self.id}: answer {self.answer!r} not among distinct choices {values}")

    @property
    def rule(self) -> str:
        """The rule that answers the question (from the engine's explanation)."""
        return self.explanation.rule

    def reason(self, value: str) -> Explanation | None:
        """Why the choice ``value`` is wrong (None for the right answer)."""
        for c in self.choices:
            if c.value == value:
                return None if value == self.answer else c.why
        raise ValueError(f"{value!r} is not a choice of question {self.id}")

    def is_right(self, value: str) -> bool:
        if value not in {c.value for c in self.choices}:
            raise ValueError(f"{value!r} is not a choice of question {self.id}")
        return value == self.answer


# ------------------------------------------------------------------- helpers
def yes_no(rule: str, answer: str | None = None, reason: Explanation | None = None) -> tuple[Choice, ...]:
    """Yes and No; with ``answer`` and the engine's ``reason``, the wrong one says why it is wrong."""
    choices = (Choice(YES, Explanation(rule, "choice.yes")), Choice(NO, Explanation(rule, "choice.no")))
    if answer is None or reason is None:
        return choices
    return tuple(c if c.value == answer else
                 Choice(c.value, c.label, Explanation(reason.rule, "why.choice", {"choice": c.label, "reason": reason}))
                 for c in choices)


def with_reasons(choices: Sequence[Choice], answer: str, reason: Callable[[Choice], Explanation]) -> tuple[Choice, ...]:
    """``choices`` with ``reason(choice)`` attached to every wrong one."""
    return tuple(c if c.value == answer else Choice(c.value, c.label, reason(c)) for c in choices)


def not_winner(rule: str, player: str, card: Card, cards: Sequence[Card], trump: Suit | None) -> Explanation:
    """Why ``player``'s ``card`` does not win the trick ``cards`` (B12; P4 with no trump)."""
    win = cards[winning_index(cards, trump)]
    led = cards[0].suit
    facts = {"player": player, "card": card, "winner_card": win, "led": led, "suit": card.suit, "trump": trump}
    if card.suit is not led and card.suit is not trump:
        key = "why.win_off_trump" if trump is not None else "why.win_off"
    elif card.suit is trump:
        key = "why.win_trump_low"
    elif win.suit is trump:
        key = "why.win_trumped"
    else:
        key = "why.win_low"
    return Explanation(rule, key, facts)


def signed(value: int) -> str:
    """A signed amount as every language writes it (+12, −4, 0)."""
    return EN.amount(value)


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
    return [e for i in range(len(state.actions)) for e in explain_action(state, i)]


def calls_for_safe(p: Profile, contract: Contract, n: int) -> list[str]:
    try:
        return calls_for(p, contract, n)
    except PositionError:
        return []
