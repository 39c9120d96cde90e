"""Explanations as data, and the errors that carry them.

An :class:`Explanation` is a rule id, a message key and the facts of the
moment (players, cards, suits, calls). The words come later, from the message
catalogue of the reader's language (:mod:`nap_teach.words.i18n`), so the engine,
the bots, the command line and the notebooks all explain things the same way.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Iterable, Mapping

__all__ = ["Explanation", "rules_of", "RuleError", "IllegalCall", "IllegalCard", "IllegalAction", "RecordError"]


@dataclass(frozen=True)
class Explanation:
    """Why something is so: ``rule`` is a rule id ("B11"), ``key`` a catalogue key."""

    rule: str
    key: str
    facts: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "facts", MappingProxyType(dict(self.facts)))

    def __hash__(self) -> int:
        return hash((self.rule, self.key, tuple(sorted((k, repr(v)) for k, v in self.facts.items()))))

    def text(self, lang: str = "en") -> str:
        """The explanation in words (English unless ``lang`` says otherwise)."""
        from ..words.i18n import translator  # the words sit above the engine: asked only to show, never to play

        return translator(lang).explain(self)

    def __str__(self) -> str:
        return self.text("en")


def rules_of(explanations: Iterable[Explanation]) -> tuple[str, ...]:
    """The rule ids of some explanations, each once, in the order they are explained."""
    return tuple(dict.fromkeys(e.rule for e in explanations))


class RuleError(ValueError):
    """An action that breaks a rule. The state that refused it is unchanged."""

    location: Explanation | None = None
    """Where in a record the refusal happened, when replaying one."""

    def __init__(self, explanation: Explanation) -> None:
        self.explanation = explanation
        super().__init__(f"{explanation.rule}: {explanation.text('en')}")

    @property
    def rule(self) -> str:
        return self.explanation.rule

    @property
    def key(self) -> str:
        return self.explanation.key

    @property
    def facts(self) -> Mapping[str, Any]:
        return self.explanation.facts

    def text(self, lang: str = "en") -> str:
        return self.explanation.text(lang)


class IllegalCall(RuleError):
    """A call the auction does not allow now (B5-B8, P3)."""


class IllegalCard(RuleError):
    """A card the seat may not play now (B10-B12)."""


class IllegalAction(RuleError):
    """Anything else out of place: acting out of turn, after the end, an early stop."""


class RecordError(ValueError):
    """A hand or session record that is malformed (not a rule broken in play)."""

    location: Explanation | None = None

    def __init__(self, explanation: Explanation) -> None:
        self.explanation = explanation
        super().__init__(explanation.text("en"))

    def text(self, lang: str = "en") -> str:
        return self.explanation.text(lang)
