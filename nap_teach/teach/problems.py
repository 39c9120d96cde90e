"""Graded problems: prepared deals played against best play by the solver.

A problem is a "nap-hand/1" record (``nap_teach/data/problems/<profile>/*.json``)
with its auction and no play, plus a ``problem`` object::

    "problem": {"learner": "A", "result": 4}

``learner`` is the seat the learner plays (the declarer, or a defender);
``result`` is what the declarer takes with open hands and best play by
everyone, as :func:`nap_teach.ai.solver.solve` says (a test checks every file).

A :class:`ProblemRun` is one attempt: the learner plays its seat's cards, the
solver plays every other seat (a best card, the lowest of equals), and each of
the learner's cards is graded from the solver: it keeps the learner's goal (the
contract made, for the declarer; beaten, for a defender) or loses it, and the
grade names a card that would have kept it. At the end :func:`winning_line`
gives best play from the first lead, every card.

Pure engine code: no user interface import.
"""
from __future__ import annotations

import json
import logging
from importlib import resources
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.cards import Card
from ..engine.explain import Explanation, RecordError
from ..engine.profiles import Profile, get_profile
from ..engine.records import hand_from_record
from ..ai.solver import best_cards, card_outcomes, solve
from ..engine.state import DealState

__all__ = ["Problem", "ProblemRun", "Grade", "load_problems", "problem_from_record", "winning_line", "goal_made",
           "goal_reached", "best_card", "PROBLEMS_DIR"]

# A teacher adds a problem by copying its file into this folder (read as files: the package is installed as files).
PROBLEMS_DIR = Path(str(resources.files("nap_teach").joinpath("data", "problems")))
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Problem:
    name: str
    """The file's stem ("01-four-lead-trumps")."""
    record: dict[str, Any]
    learner: int
    result: int
    profile: Profile

    def start(self) -> DealState:
        """The deal after its auction, before the first lead."""
        return hand_from_record(self.record, self.profile.name)

    @property
    def players(self) -> int:
        return len(self.record["players"])

    @property
    def defending(self) -> bool:
        """Whether the learner plays a defender (the goal: beat the contract)."""
        return not goal_made(self.start(), self.learner)


@dataclass(frozen=True)
class Grade:
    trick: int
    card: Card
    keeps: bool
    """The learner's goal is still reachable with best play after this card."""
    was: bool
    """... and it was before it."""
    better: Card | None
    """A card that would have kept the goal (when this one lost it)."""

    def explanation(self, state: DealState, learner: int) -> Explanation:
        assert state.contract is not None
        facts = {"card": self.card, "trick": self.trick, "contract": state.contract.name, "better": self.better}
        declarer = state.declarer == learner
        if not self.was:
            key = "problem.card_already_lost"
        elif self.keeps:
            key = "problem.card_keeps" if declarer else "problem.card_keeps_beaten"
        else:
            key = "problem.card_loses" if declarer else "problem.card_lets_through"
        return Explanation("solver", key, facts)


def problem_from_record(record: Any, name: str, profile: Profile) -> Problem:
    """A problem from its record's ``problem`` object (the deal itself is checked when it starts)."""
    if not isinstance(record, dict):
        raise RecordError(Explanation("record", "record.not_object", {}))
    info = record.get("problem")
    players = record.get("players", ())
    if not isinstance(info, dict) or not isinstance(players, list) or info.get("learner") not in players:
        raise RecordError(Explanation("record", "problem.no_learner", {}))
    result = info.get("result")
    if not isinstance(result, int) or isinstance(result, bool):
        raise RecordError(Explanation("record", "problem.no_result", {}))
    return Problem(name, record, players.index(info["learner"]), result, profile)


def _problem(path: Path, profile: Profile) -> Problem:
    return problem_from_record(json.loads(path.read_text(encoding="utf-8")), path.stem, profile)


def load_problems(profile: str | Profile) -> list[Problem]:
    """The prepared problems of a profile, in file-name order."""
    prof = get_profile(profile) if isinstance(profile, str) else profile
    folder = PROBLEMS_DIR / prof.name
    found = []
    for path in sorted(folder.glob("*.json")):
        try:  # a file a teacher added that is not a problem is left out, not a broken page
            problem = _problem(path, prof)
            problem.start()
        except (ValueError, OSError) as e:  # RecordError, RuleError and bad JSON are ValueErrors
            log.warning("problem file %s left out: %s", path.name, e)
            continue
        found.append(problem)
    return found


def goal_made(state: DealState, learner: int) -> bool:
    """Whether the learner's side wants the contract made (the declarer) or beaten (a defender)."""
    return state.declarer == learner


def goal_reached(state: DealState, learner: int, tricks: int) -> bool:
    """Whether the declarer taking ``tricks`` meets the learner's goal (made as declarer, beaten as a defender)."""
    c = state.contract
    assert c is not None
    return (c.min_tricks <= tricks <= c.max_tricks) == goal_made(state, learner)


def best_card(state: DealState) -> Card:
    """The solver's card for the seat to act: a best card, the lowest of equals."""
    return min(best_cards(state), key=lambda c: (c.rank, c.suit))


def winning_line(problem: Problem) -> list[tuple[int, Card]]:
    """Best play by everyone from the first lead: (seat, card) for every card."""
    state = problem.start()
    out = []
    while state.phase == "play":
        seat = state.to_act
        assert seat is not None
        card = best_card(state)
        state.push(card)
        out.append((seat, card))
    return out


class ProblemRun:
    """One attempt at a problem: the learner's cards graded, the other seats played by the solver."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.state = problem.start()
        self.learner = problem.learner
        self.grades: list[Grade] = []
        self.solver_cards: list[tuple[int, Card]] = []
        self._advance()

    @property
    def over(self) -> bool:
        return self.state.phase != "play"

    @property
    def legal(self) -> list[Card]:
        if self.over or self.state.to_act != self.learner:
            return []
        return self.state.legal_cards()

    def _advance(self) -> None:
        while not self.over and self.state.to_act != self.learner:
            seat = self.state.to_act
            assert seat is not None
            card = best_card(self.state)
            self.state.push(card)
            self.solver_cards.append((seat, card))

    def play(self, card: Card | str) -> Grade:
        """Play the learner's card (refused with a RuleError if illegal), grade it, let the solver reply."""
        state = self.state
        if isinstance(card, str):
            card = state.parse_action(card)  # type: ignore[assignment]
        assert isinstance(card, Card)
        if state.to_act != self.learner:
            raise ValueError("not the learner's turn")
        outcomes = card_outcomes(state)
        want = goal_made(state, self.learner)
        trick = len(state.tricks) + 1
        state.apply(card, self.learner)  # checked: a card the learner may not play is refused, nothing changes
        keeps = outcomes[card] == want
        was = any(v == want for v in outcomes.values())
        better = None
        if was and not keeps:
            good = [c for c, v in outcomes.items() if v == want]
            better = min(good, key=lambda c: (c.suit is not card.suit, abs(int(c.rank) - int(card.rank)), c.suit))
        grade = Grade(trick, card, keeps, was, better)
        self.grades.append(grade)
        self._advance()
        return grade

    def result(self) -> int:
        decl = self.state.declarer
        assert decl is not None
        return self.state.tricks_won[decl]

    def succeeded(self) -> bool:
        """Whether the learner reached the goal (contract made as declarer, beaten as a defender)."""
        return goal_reached(self.state, self.learner, self.result())


def check_problem(problem: Problem) -> int:
    """The solver's result for a problem's deal (what its file must state)."""
    return solve(problem.start())
