"""Graded problems: prepared deals played against best play by the solver.

A problem is a "nap-hand/1" record (``nap_teach/data/problems/<profile>/*.json``)
with its auction and no play, plus a ``problem`` object::

    "problem": {"learner": "A", "result": 4,
                "idea": {"key": "give_up_then_ruff", "cards": ["QH", "4D", "6H"], "suits": ["S"]}}

``learner`` is the seat the learner plays (the declarer, or a defender);
``result`` is what the declarer takes with open hands and best play by
everyone, as :func:`nap_teach.ai.solver.solve` says (a test checks every file).
``idea`` (optional) is the winning line's idea in one sentence, stored as data:
a kind of :data:`IDEAS` and the cards (and suits) its sentence names, said by
the catalogue's message ``idea.<key>`` in the page's language, so that the
sentence is about this deal's cards and is never written twice. A bad idea is
refused in words when the file is read; :func:`idea_holds` checks that the
sentence is true of the winning line (a test runs it on every file).

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

from ..engine.cards import Card, CardParseError, Suit
from ..engine.explain import Explanation, RecordError
from ..engine.profiles import Profile, get_profile
from ..engine.records import hand_from_record
from ..ai.solver import best_cards, card_outcomes, solve
from ..engine.state import DealState
from ..engine.tricks import Trick

__all__ = ["Problem", "ProblemRun", "Grade", "Idea", "IDEAS", "load_problems", "problem_from_record", "winning_line",
           "goal_made", "goal_reached", "best_card", "idea_holds", "PROBLEMS_DIR"]

# A teacher adds a problem by copying its file into this folder (read as files: the package is installed as files).
PROBLEMS_DIR = Path(str(resources.files("nap_teach").joinpath("data", "problems")))
log = logging.getLogger(__name__)


IDEAS: dict[str, tuple[int, int, int]] = {
    # key: (fewest cards, most cards, suits) the sentence names; the cards in the order the message uses them
    "draw_trumps": (2, 4, 0),        # the lead that draws the trumps, then the learner's low trumps that win
    "give_up_then_ruff": (3, 3, 1),  # the first lead, the card given up, the ruffing trump; the suit ruffed
    "top_trump": (2, 2, 0),          # the opponent's trump that falls to the learner's trump lead, the learner's trump then highest
    "misere_shed": (2, 4, 0),        # Misère: the lead another player beats, then the high cards thrown on other suits
    "misere_under": (2, 4, 0),       # Misère: the lead another player beats, then the cards played under the winning one
    "defend_ruff": (3, 3, 1),        # the declarer's lead, the defender's card that beats it, the trump kept to ruff; the suit ruffed
    "keep_high": (4, 4, 0),          # the declarer's high card, the defender's low card under it, the card kept, what it beats later
    "cover": (4, 4, 0),              # the declarer's card, the defender's cover, the card kept, what it beats later
    "lead_low": (2, 2, 0),           # defending Misère: the card that wins the lead, then the low card led under the declarer's
}
"""The kinds of idea a problem's winning line can have, each said by the catalogue's ``idea.<key>``."""


@dataclass(frozen=True)
class Idea:
    """The idea of a problem's winning line: a kind and the cards (and suits) its sentence names."""

    key: str
    cards: tuple[Card, ...]
    suits: tuple[Suit, ...] = ()

    def explanation(self, state: DealState) -> Explanation:
        """The sentence as an explanation (``state``: the deal, for the declarer's name)."""
        c, facts = self.cards, {}
        declarer = state.players[state.declarer] if state.declarer is not None else ""
        if self.key in ("draw_trumps", "misere_shed"):
            facts = {"lead": c[0], "cards": c[1:], "count": len(c) - 1}
        elif self.key == "misere_under":
            facts = {"lead": c[0], "cards": c[1:]}
        elif self.key == "give_up_then_ruff":
            facts = {"lead": c[0], "lose": c[1], "lost": c[1].suit, "ruff": c[2], "ruffed": self.suits[0]}
        elif self.key == "top_trump":
            facts = {"gone": c[0], "winner": c[1]}
        elif self.key == "defend_ruff":
            facts = {"declarer": declarer, "lead": c[0], "win": c[1], "ruff": c[2], "ruffed": self.suits[0]}
        elif self.key == "keep_high":
            facts = {"high": c[0], "low": c[1], "keep": c[2], "beaten": c[3]}
        elif self.key == "cover":
            facts = {"card": c[0], "cover": c[1], "keep": c[2], "beaten": c[3]}
        elif self.key == "lead_low":
            facts = {"declarer": declarer, "win": c[0], "lead": c[1], "suit": c[1].suit}
        return Explanation("solver", f"idea.{self.key}", facts)


def idea_from_record(raw: Any) -> Idea:
    """The ``idea`` object of a problem file, checked: a known key, and as many cards and suits as its sentence
    names, written as codes ("QH", "S"); anything else is refused in words (a RecordError)."""
    keys = tuple(sorted(IDEAS))
    if not isinstance(raw, dict) or raw.get("key") not in IDEAS:
        key = raw.get("key") if isinstance(raw, dict) else raw
        raise RecordError(Explanation("record", "problem.idea_key", {"key": str(key)[:40], "keys": ", ".join(keys)}))
    key = raw["key"]
    low, high, n_suits = IDEAS[key]
    cards, suits = raw.get("cards", []), raw.get("suits", [])
    facts = {"key": key, "low": low, "high": high, "suits": n_suits}
    if (not isinstance(cards, list) or not isinstance(suits, list) or not low <= len(cards) <= high
            or len(suits) != n_suits or not all(isinstance(x, str) for x in cards + suits)):
        raise RecordError(Explanation("record", "problem.idea_shape", facts))
    try:
        parsed = tuple(Card.parse(x) for x in cards)
    except CardParseError:
        raise RecordError(Explanation("record", "problem.idea_shape", facts)) from None
    by_letter = {s.letter: s for s in Suit}
    if any(x not in by_letter for x in suits) or len(set(parsed)) != len(parsed):
        raise RecordError(Explanation("record", "problem.idea_shape", facts))
    return Idea(key, parsed, tuple(by_letter[x] for x in suits))


@dataclass(frozen=True)
class Problem:
    name: str
    """The file's stem ("01-four-lead-trumps")."""
    record: dict[str, Any]
    learner: int
    result: int
    profile: Profile
    idea: Idea | None = None
    """The winning line's idea in one sentence (None: the file states none)."""

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
    why: Explanation | None = None
    """When this card lost the goal: the trick that decides it in the line after the card, with best play by
    everyone (who wins it, with which card, and the count it brings)."""

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
    idea = idea_from_record(info["idea"]) if "idea" in info else None
    return Problem(name, record, players.index(info["learner"]), result, profile, idea)


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


def lost_at(state: DealState, learner: int, card: Card) -> Explanation | None:
    """Why ``card`` (just played by ``learner`` in ``state``) lost the learner's goal: the line after it with best
    play by everyone, and the trick at which the goal is out of reach (the declarer's contract beaten, or made
    against a defender). None when the line reaches the goal after all (the solver's grade says it cannot)."""
    line = state.copy()
    contract, declarer = line.contract, line.declarer
    assert contract is not None and declarer is not None
    size = line.profile.hand_size
    want = goal_made(line, learner)
    while line.phase == "play":
        before = len(line.tricks)
        line.push(best_card(line))
        if len(line.tricks) == before:
            continue
        t = line.tricks[-1]
        won = line.tricks_won[declarer]
        lost = len(line.tricks) - won  # the defenders' tricks
        facts = {"card": card, "number": t.number, "winner": line.players[t.winning], "winner_card": t.winning_card,
                 "contract": contract.name, "declarer": line.players[declarer]}
        if want and won > contract.max_tricks:  # Misère: the declarer's first trick
            return Explanation("solver", "problem.lost_at_misere", facts)
        if want and lost > size - contract.min_tricks:
            return Explanation("solver", "problem.lost_at", {**facts, "count": lost})
        if not want and contract.max_tricks >= contract.min_tricks > 0 and won == contract.min_tricks \
                and t.winning == declarer:
            return Explanation("solver", "problem.made_at", {**facts, "count": won})
    if not want and contract.max_tricks == 0 and line.tricks_won[declarer] == 0:
        return Explanation("solver", "problem.made_misere", {"card": card, "contract": contract.name,
                                                             "declarer": line.players[declarer]})
    return None


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
        grade = Grade(trick, card, keeps, was, better, lost_at(state, self.learner, card) if better else None)
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


def _line_tricks(problem: Problem) -> tuple[DealState, list[Trick]]:
    """The deal after the winning line, and its five tricks."""
    state = problem.start()
    for _seat, card in winning_line(problem):
        state.push(card)
    return state, list(state.tricks)


def idea_holds(problem: Problem) -> bool:
    """Whether the problem's idea is true of its winning line (best play by everyone, :func:`winning_line`):
    each card its sentence names is played where and as the sentence says. True when the file states no idea."""
    idea = problem.idea
    if idea is None:
        return True
    state, tricks = _line_tricks(problem)
    me, trump = problem.learner, state.trump
    declarer = state.declarer
    start = problem.start()

    def at(card: Card) -> tuple[int, Trick, int] | None:  # (index of the trick, the trick, the seat) of a card played
        for i, t in enumerate(tricks):
            for s, c in zip(t.seats, t.cards):
                if c is card:
                    return i, t, s
        return None

    found = [at(c) for c in idea.cards]
    if any(f is None for f in found):
        return False
    places = [f for f in found if f is not None]

    def mine(k: int) -> bool:
        return places[k][2] == me

    def wins(k: int) -> bool:
        return places[k][1].winning == places[k][2]

    def held_after(i: int, seat: int) -> list[Card]:  # the cards ``seat`` still holds after trick ``i``
        played = {c for t in tricks[:i + 1] for s, c in zip(t.seats, t.cards) if s == seat}
        return [c for c in start.held[seat] if c not in played]

    c = idea.cards
    if idea.key == "draw_trumps":
        i = places[0][0]
        others_trumps = [x for s in range(state.n) if s != me for x in held_after(i, s) if x.suit is trump]
        return (mine(0) and places[0][1].leader == me and c[0].suit is trump and not others_trumps
                and all(mine(k) and wins(k) and c[k].suit is trump and places[k][0] > i for k in range(1, len(c))))
    if idea.key == "give_up_then_ruff":
        lead, lose, ruff = places
        return (all(mine(k) for k in range(3)) and lead[0] == 0 and not wins(1) and lose[1].leader == me
                and ruff[1].led is idea.suits[0] and c[2].suit is trump and trump is not idea.suits[0] and wins(2)
                and lose[0] < ruff[0])
    if idea.key == "top_trump":
        gone, winner = places
        i = gone[0]
        higher = [x for s in range(state.n) if s != me for x in held_after(i, s) if x.suit is trump and x.rank > c[1].rank]
        return (not mine(0) and c[0].suit is trump and gone[1].leader == me and gone[1].led is trump and mine(1)
                and c[1].suit is trump and winner[0] > i and wins(1) and not higher)
    if idea.key in ("misere_shed", "misere_under"):
        first = places[0]
        if not (mine(0) and first[1].leader == me and not wins(0) and state.contract is not None
                and not state.contract.trumps):
            return False
        for k in range(1, len(c)):
            t = places[k][1]
            if not mine(k) or wins(k):
                return False
            if idea.key == "misere_shed" and c[k].suit is t.led:
                return False
            if idea.key == "misere_under" and (c[k].suit is not t.led or c[k].rank > t.winning_card.rank):
                return False
        return True
    if idea.key == "defend_ruff":
        lead, win, ruff = places
        return (lead[2] == declarer and lead[1].leader == declarer and win[1] is lead[1] and mine(1) and wins(1)
                and mine(2) and c[2].suit is trump and ruff[1].led is idea.suits[0] and trump is not idea.suits[0]
                and wins(2) and ruff[0] > win[0])
    if idea.key in ("keep_high", "cover"):
        first, second, keep, beaten = places
        together = first[1] is second[1] and first[2] == declarer and mine(1)
        if idea.key == "keep_high":
            together = together and not wins(1)
        else:
            together = together and wins(1)
        return (together and mine(2) and keep[1] is beaten[1] and wins(2) and beaten[2] == declarer
                and keep[0] > second[0])
    if idea.key == "lead_low":
        win, lead = places
        i = lead[0]
        theirs = [x for x in held_after(i - 1, declarer) if x.suit is c[1].suit] if declarer is not None else []
        return (mine(0) and wins(0) and mine(1) and lead[1].leader == me and i == win[0] + 1
                and lead[1].winning == declarer and bool(theirs) and all(x.rank > c[1].rank for x in theirs))
    return False
