"""Finding and checking graded problems, so a teacher can add their own.

A good problem is a deal where the learner's goal (the contract made, as the
declarer; beaten, as a defender) can be reached against best play, yet not
with any card: at the learner's first turn only some cards keep the goal, and
more turns along the best line still have a card that loses it.
:func:`difficulty` measures that along the solver's best line, and
:func:`find_problems` deals seeded random tables until it has found enough
(the declarer's hand must also be worth its call by the simple bot's count, so
the auction is one a player could make). :func:`read_problem` checks a file:
its ``problem`` object, and that its stated result is the solver's.

Pure engine code: no user interface import.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Callable

from ..ai.bots.simple import call_chance
from ..engine.cards import FULL_PACK
from ..engine.explain import Explanation, RecordError
from .problems import Problem, best_card, goal_made, goal_reached, problem_from_record
from ..engine.profiles import Contract, Profile
from ..engine.records import hand_from_record, parse_json
from ..ai.solver import card_outcomes, solve

__all__ = ["Difficulty", "difficulty", "find_problems", "problem_json", "read_problem", "SEAT_NAMES"]

SEAT_NAMES = "ABCDEFG"
"""Seats of a found problem: A speaks first and declares, the dealer sits last."""


@dataclass(frozen=True)
class Difficulty:
    """At each of the learner's turns along best play: (legal cards, cards that keep the goal)."""

    turns: tuple[tuple[int, int], ...]

    @property
    def hard_turns(self) -> int:
        """Turns where some legal card loses the goal."""
        return sum(1 for legal, keep in self.turns if keep < legal)

    def is_problem(self, hard_turns: int = 2) -> bool:
        """At least half the first turn's cards lose the goal (one keeps it), and enough turns are hard."""
        if not self.turns:
            return False
        legal, keep = self.turns[0]
        return legal >= 2 and 1 <= keep <= legal // 2 and self.hard_turns >= hard_turns


def difficulty(problem: Problem) -> Difficulty:
    """Walk the solver's best line; at the learner's turns count the cards that keep the goal."""
    state = problem.start()
    want = goal_made(state, problem.learner)
    turns = []
    while state.phase == "play":
        if state.to_act == problem.learner:
            outcomes = card_outcomes(state)
            turns.append((len(outcomes), sum(1 for made in outcomes.values() if made is want)))
        state.push(best_card(state))
    return Difficulty(tuple(turns))


def read_problem(text: str | bytes, profile_name: str | None = None) -> Problem:
    """A problem file checked: a deal with its auction and no play, a learner, and the solver's result.

    Refused with a :class:`RecordError` that says why: no ``problem`` object or an
    unknown learner, a stated result that is not the solver's, or a goal the learner
    cannot reach against best play (no exercise then).
    """
    record = parse_json(text)
    state = hand_from_record(record, profile_name)  # the deal and its auction checked by the rules
    problem = problem_from_record(record, "problem", state.profile)
    if state.phase != "play" or record.get("play"):
        raise RecordError(Explanation("record", "problem.not_at_lead", {}))
    solved = solve(state)
    if solved != problem.result:
        raise RecordError(Explanation("solver", "problem.wrong_result", {"stated": problem.result,
                                                                         "solved": solved}))
    if not goal_reached(state, problem.learner, solved):
        raise RecordError(Explanation("solver", "problem.out_of_reach", {"player": state.players[problem.learner]}))
    return problem


def find_problems(profile: Profile, players: int, contract: Contract, learner: int, seed: object = 0,
                  count: int = 1, tries: int = 2000, hard_turns: int = 2, least_chance: float = 0.5,
                  progress: Callable[[int], None] | None = None) -> list[Problem]:
    """Deal seeded random tables (A declares ``contract``, the others pass) until ``count`` problems are found.

    ``learner`` is the seat the learner plays (0: the declarer A; 1..: a defender).
    Gives up after ``tries`` deals and returns what it found (maybe nothing).
    """
    names = SEAT_NAMES[:players]
    rng = random.Random(f"nap-teach:problems:{seed}")
    found: list[Problem] = []
    for t in range(tries):
        if progress is not None and t % 100 == 0:
            progress(t)
        pack = list(FULL_PACK)
        rng.shuffle(pack)
        hands = [pack[5 * i:5 * i + 5] for i in range(players)]
        if call_chance(hands[0], players, contract) < least_chance:
            continue
        record: dict[str, Any] = {
            "format": "nap-hand/1", "profile": profile.name, "players": list(names), "dealer": names[-1],
            "hands": {names[i]: [c.code for c in hands[i]] for i in range(players)},
            "auction": [contract.name] + ["Pass"] * (players - 1), "play": []}
        problem = Problem(f"{t}", record, learner, 0, profile)
        state = problem.start()
        result = solve(state)
        if not goal_reached(state, learner, result):
            continue
        if not difficulty(problem).is_problem(hard_turns):
            continue
        record["problem"] = {"learner": names[learner], "result": result}
        found.append(Problem(problem.name, record, learner, result, profile))
        if len(found) >= count:
            break
    return found


def problem_json(problem: Problem) -> str:
    """The problem file as the prepared ones are written: one line per hand."""
    r = problem.record

    def strings(items: Any) -> str:
        return ", ".join(json.dumps(x) for x in items)

    hands = ",\n".join(f"    {json.dumps(p)}: [{strings(r['hands'][p])}]" for p in r["players"])
    info = r["problem"]
    return "\n".join([
        "{", '  "format": "nap-hand/1",', f'  "profile": {json.dumps(r["profile"])},',
        f'  "players": [{strings(r["players"])}],', f'  "dealer": {json.dumps(r["dealer"])},',
        '  "hands": {', hands, "  },", f'  "auction": [{strings(r["auction"])}],', '  "play": [],',
        f'  "problem": {{"learner": {json.dumps(info["learner"])}, "result": {int(info["result"])}}}', "}", ""])
