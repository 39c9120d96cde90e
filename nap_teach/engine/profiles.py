"""Rules as data: a profile is the ladder, the stakes and the table's options.

The engine reads a :class:`Profile` instead of branching on its name, so the
pub game (seed 004) is a second table here, not ``if`` statements elsewhere.
Rule ids (``B7``, ``P3`` ...) name the rule points of the rulebook
(:mod:`nap_teach.words.rulebook`, which maps each :class:`~nap_teach.words.rulebook.Topic`
to its rule); every refusal and explanation carries one.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from .rules import Topic, topic_map

__all__ = ["Contract", "Profile", "BRITISH", "PUB", "PROFILES", "get_profile", "UnknownProfile", "MAX_ANTE",
           "VARIATIONS"]

MAX_ANTE = 100_000
"""Largest ante a table may agree (chips per player)."""

VARIATIONS: tuple[str, ...] = ("seven-card", "purchase", "peep", "ecarte", "misere-only", "no-misere")
"""Variations of Nap that seed 004 lists: each would be a profile of its own (P9), none is one here."""


@dataclass(frozen=True, slots=True)
class Contract:
    """One rung of the auction ladder and what it promises and pays."""

    name: str
    """Name used in records and by the engine ("Three", "Misere" ...)."""
    display: str
    """Name for people ("Misère"); bids keep their names in every language."""
    level: int
    """Position on the ladder: a bid must be strictly higher than the last."""
    min_tricks: int
    """Fewest tricks that make the contract."""
    max_tricks: int
    """Most tricks that still make it (0 for Misère, 5 otherwise)."""
    made: int
    """Each opponent pays the declarer this when the contract is made."""
    failed: int
    """The declarer pays each opponent this when it fails."""
    requires: str | None = None
    """A contract someone must already have bid in this auction (B7, P3)."""
    trumps: bool = True
    """Whether the first lead sets trump (False for Misère, P4)."""
    rule: str = "B6"
    """Rule that defines this contract."""

    @property
    def aliases(self) -> tuple[str, ...]:
        return (self.name, self.display)


@dataclass(frozen=True)
class Profile:
    """One set of rules. Instances are immutable; options give new instances."""

    name: str
    ladder: tuple[Contract, ...]
    min_players: int = 3
    max_players: int = 7
    hand_size: int = 5
    first_dealer: str = "lot"
    """"lot" (B2) or "low_card" (P1: one card each, lowest deals, Ace low)."""
    min_cut: int = 1
    """Fewest cards the cut leaves in each packet (P2 asks for 4)."""
    early_stop: bool = True
    """Whether a table may stop once the result is certain (B13; not P6)."""
    misdeal: bool = False
    """Whether the scorekeeper records misdeals (P2)."""
    reneges: bool = False
    """Whether a scorekeeper may record a renege (P7)."""
    tie_break: bool = False
    """Whether 3 or more players tied at the end play one extra hand among them (P8)."""
    rules: Mapping[Topic, str] = field(default_factory=dict)
    """Topic -> rule id, for the rule points this profile states differently (see :mod:`nap_teach.words.rulebook`)."""
    options: Mapping[str, object] = field(default_factory=dict)
    """Table options chosen for this profile (see :meth:`with_options`)."""
    option_choices: Mapping[str, tuple[object, ...]] = field(default_factory=dict)
    _by_name: Mapping[str, Contract] = field(init=False, repr=False, compare=False)
    """Every record and display name of the ladder, in lower case -> its contract (from ``ladder``)."""
    _hash: int = field(init=False, repr=False, compare=False)
    """The hash, computed once: every new deal looks its auction's start up by profile (a cache key)."""

    def __post_init__(self) -> None:
        # a frozen dataclass sets its own derived fields this way (the instance is not yet shared)
        object.__setattr__(self, "rules", MappingProxyType(dict(self.rules)))
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        object.__setattr__(self, "option_choices", MappingProxyType(dict(self.option_choices)))
        object.__setattr__(self, "_by_name", MappingProxyType({a.lower(): c for c in self.ladder for a in c.aliases}))
        object.__setattr__(self, "_hash", hash((self.name, tuple(sorted((k, repr(v)) for k, v in self.options.items())))))

    def __hash__(self) -> int:
        return self._hash

    def rule(self, topic: Topic | str) -> str:
        """The rule id for a topic (``Topic.FOLLOW``, ``Topic.LADDER`` ...) in this profile."""
        key = topic if isinstance(topic, Topic) else Topic(topic)  # a topic's value ("follow") names it too
        found = self.rules.get(key)
        return found if found is not None else _BRITISH_RULES[key]

    def find_contract(self, name: str) -> Contract | None:
        """The contract called ``name`` (record or display name, any case), or None."""
        return self._by_name.get(name.strip().lower())

    def contract(self, name: str) -> Contract:
        """Look a contract up by its record or display name (any case); ``KeyError`` if there is none."""
        found = self.find_contract(name)
        if found is None:
            raise KeyError(name)
        return found

    def has_contract(self, name: str) -> bool:
        return self.find_contract(name) is not None

    def unused_cards(self, players: int) -> int:
        """Cards that stay face down and never enter play (B4)."""
        return 52 - self.hand_size * players

    def with_options(self, **options: object) -> "Profile":
        """A copy with table options set, e.g. ``PUB.with_options(misere_stakes="10/5")``."""
        merged = dict(self.options)
        for key, value in options.items():
            choices = self.option_choices.get(key)
            if choices is None:
                raise ValueError(f"profile {self.name!r} has no option {key!r}")
            if choices and value not in choices:
                raise ValueError(f"option {key!r} takes one of {choices!r}, not {value!r}")
            if key == "ante" and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 0 <= value <= MAX_ANTE):
                raise ValueError(f"option 'ante' takes a whole number of chips from 0 to {MAX_ANTE}, not {value!r}")
            merged[key] = value
        return dataclasses.replace(self, options=merged, ladder=self._ladder_for(merged))

    @property
    def ante(self) -> int:
        """Chips every player antes at the start (0: balances start at zero, B16)."""
        value = self.options.get("ante", 0)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def _ladder_for(self, options: Mapping[str, object]) -> tuple[Contract, ...]:
        if options.get("misere_stakes") == "10/5":
            return tuple(
                dataclasses.replace(c, made=10, failed=5) if c.name == "Misere" else c
                for c in self.ladder
            )
        if options.get("misere_stakes") == "3/3":
            return tuple(
                dataclasses.replace(c, made=3, failed=3) if c.name == "Misere" else c
                for c in self.ladder
            )
        return self.ladder


_BRITISH_RULES = topic_map("B")

BRITISH = Profile(
    name="british",
    ladder=(
        Contract("Three", "Three", 1, 3, 5, 3, 3),
        Contract("Four", "Four", 2, 4, 5, 4, 4),
        Contract("Nap", "Nap", 3, 5, 5, 5, 5),
        Contract("Wellington", "Wellington", 4, 5, 5, 10, 10, requires="Nap", rule="B7"),
    ),
    rules=_BRITISH_RULES,
)

PUB = Profile(
    name="pub",
    ladder=(
        Contract("Three", "Three", 1, 3, 5, 3, 3, rule="P3"),
        Contract("Misere", "Misère", 2, 0, 0, 3, 3, trumps=False, rule="P4"),
        Contract("Four", "Four", 3, 4, 5, 4, 4, rule="P3"),
        Contract("Nap", "Nap", 4, 5, 5, 10, 5, rule="P3"),
        Contract("Wellington", "Wellington", 5, 5, 5, 20, 10, requires="Nap", rule="P3"),
        Contract("Blucher", "Blücher", 6, 5, 5, 30, 15, requires="Wellington", rule="P3"),
    ),
    first_dealer="low_card",
    min_cut=4,
    early_stop=False,
    misdeal=True,
    reneges=True,
    tie_break=True,
    rules=topic_map("P"),
    options={"misere_stakes": "3/3", "renege_share": "full", "ante": 0, "bust": "out"},
    option_choices={
        "misere_stakes": ("3/3", "10/5"),
        "renege_share": ("full", "one"),
        "ante": (),
        "bust": ("out", "re-ante"),
    },
)

PROFILES: Mapping[str, Profile] = MappingProxyType({p.name: p for p in (BRITISH, PUB)})


class UnknownProfile(ValueError):
    def __init__(self, name: object) -> None:
        super().__init__(f"unknown profile {name!r}; known: {', '.join(PROFILES)}")
        self.name = name


def get_profile(name: object) -> Profile:
    """Find a profile by name (or the profile itself); ``None`` means the default, "british".

    Anything else is an :class:`UnknownProfile` (``name`` may come from a file or a form).
    """
    if isinstance(name, Profile):
        return name
    if name is None:
        return BRITISH
    if not isinstance(name, str) or name.strip().lower() not in PROFILES:
        raise UnknownProfile(name)
    return PROFILES[name.strip().lower()]
