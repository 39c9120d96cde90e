"""The learner decides before the reveal: a lesson's questions, answered by the engine.

A lesson file names a step and a kind (``nap_teach/data/lessons/FORMAT.md``);
:func:`ask` builds the question at that step of a deal's :class:`~.deal.Lesson`
from the position *before* the step: the options, the right answer (computed
by the engine, never written in the file) and, for any answer,
:meth:`Ask.check` says why it is right or wrong, in explanations (rule id,
message key, facts), e.g. ``7♣ cannot win: clubs are not trump and hearts were
led``. A ``card`` choice other than the book's is played out (:func:`.whatif.what_if`)
and judged exactly by the solver (:func:`.whatif.judge`).

>>> from nap_teach.teach.lesson.deal import Lesson
>>> lesson = Lesson()
>>> q = ask(lesson, Decision(Anchor("card", 3, 4), "trick_winner"))
>>> q.answer, q.check("B").right, q.check("A").right
(('A',), False, True)
>>> from nap_teach.words.i18n import translator
>>> translator("en").explain(q.check("B").explanations[0])
'K♦ cannot win: diamonds are not trump and hearts were led.'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ...engine.auction import Call
from ...engine.cards import Card
from ..course import Anchor, Decision
from ...engine.explain import Explanation
from ...engine.narrate import explain_settlement
from ...engine.rules import Topic
from ...engine.session import Session
from ...engine.state import DealState
from ...engine.tricks import playable, winning_index
from .deal import CALL, CARD, RESULT, Lesson
from ...ai.solver import SolverError, card_values
from .whatif import BEST_PLAY, Verdict, WhatIf, judge, what_if

__all__ = ["Ask", "Feedback", "ask", "ask_ledger", "MULTI_KINDS"]

MULTI_KINDS = frozenset({"playable", "legal_calls"})
TRICK_KEYS = ("explain.trick_led", "explain.trick_trumped", "explain.trick_trump_led", "explain.trick_no_trump",
              "explain.winner_leads")
"""The narration of a finished trick: which card won it and why (B12; P4 in Misère), then who leads next."""
"""Kinds answered by ticking every right option (the answer is a set)."""


@dataclass(frozen=True)
class Feedback:
    """The engine's verdict on one answer: right or not, and why."""

    right: bool
    explanations: tuple[Explanation, ...]
    verdict: Verdict | None = None
    """For a ``card`` question answered with another card than the book's: the solver's comparison."""
    line: WhatIf | None = None
    """... and that card's line played out ("What if")."""


@dataclass(frozen=True)
class Ask:
    """A question at step ``step`` of a deal, asked before that step is shown."""

    decision: Decision
    step: int
    seat: int | None
    prompt: Explanation
    options: tuple[str, ...]
    """Values the learner picks from (card codes, call names, player names); for ``pay``, the players."""
    answer: tuple[str, ...]
    """The right option(s); for ``pay``, each player's amount as text ("+12", "-4"), in ``options`` order."""
    why: tuple[Explanation, ...]
    """Why the answer is right (the engine's words)."""
    state: DealState | None
    lesson: Lesson | None = None

    @property
    def kind(self) -> str:
        return self.decision.kind

    @property
    def multi(self) -> bool:
        return self.kind in MULTI_KINDS

    def best_cards(self) -> tuple[str, ...]:
        """For a ``card`` question: every card that keeps the best result with best play by all (the exact
        solver), the book's card first; just the book's card when the solver cannot say, and ``answer`` for
        any other kind of question."""
        if self.kind != "card" or self.state is None or self.seat is None:
            return self.answer
        state = self.state
        book = self.answer[0]
        if state.phase != "play" or state.declarer is None or state.contract is None:
            return self.answer
        try:
            values = card_values(state)
        except SolverError:
            return self.answer
        if not values:
            return self.answer
        misere = not state.contract.trumps
        more_is_better = (self.seat == state.declarer) != misere  # tricks for the declarer, unless Misère
        best = max(values.values()) if more_is_better else min(values.values())
        good = sorted((c.code for c, v in values.items() if v == best), key=lambda code: code != book)
        return tuple(good) if book in good else self.answer

    def check(self, value: str | Sequence[str] | Mapping[str, int]) -> Feedback:
        """Check an answer: a value, a set of values (``playable``, ``legal_calls``) or, for
        ``pay``, player -> amount. A value that is not an option raises ValueError."""
        if self.kind == "pay":
            return self._check_pay(value)
        chosen: tuple[str, ...]
        if isinstance(value, str):
            chosen = (value,)
        elif isinstance(value, Mapping):
            raise ValueError("a mapping answers only a 'pay' question")
        else:
            chosen = tuple(value)
        bad = [v for v in chosen if v not in self.options]
        if bad:
            raise ValueError(f"not an option: {bad[0]!r}")
        if self.multi:
            return self._check_set(frozenset(chosen))
        if len(chosen) != 1:
            raise ValueError("pick one option")
        if self.kind == "trick_winner":
            return self._check_winner(chosen[0])
        return self._check_card(chosen[0])

    # ---------------------------------------------------------------- kinds
    def _check_set(self, chosen: frozenset[str]) -> Feedback:
        assert self.state is not None and self.seat is not None
        state, seat = self.state, self.seat
        player = state.players[seat]
        answer = frozenset(self.answer)
        out: list[Explanation] = []
        for v in self.options:
            if v in chosen and v not in answer:
                action: Card | Call = Card.parse(v) if self.kind == "playable" else Call.parse(v, state.profile)
                why = state.refusal(action, seat)
                if why is not None:
                    out.append(why)
            elif v in answer and v not in chosen:
                key = "decide.also_playable" if self.kind == "playable" else "decide.also_legal"
                fact: object = Card.parse(v) if self.kind == "playable" else v
                out.append(Explanation(self.why[0].rule, key, {"player": player, "card": fact, "call": fact}))
        right = chosen == answer
        return Feedback(right, tuple(self.why) if right else tuple(out) + tuple(self.why))

    def _check_winner(self, name: str) -> Feedback:
        assert self.state is not None and self.lesson is not None
        if name in self.answer:
            return Feedback(True, self.why)
        step = self.lesson.step(self.step)
        marks = self.lesson.marks(self.step)
        assert marks is not None and step.seat is not None
        cards = [c for c in marks.cards if c is not None]
        seats = marks.seats
        seat = self.state.players.index(name)
        card = cards[seats.index(seat)]
        win = cards[winning_index(cards, marks.trump)]
        led = cards[0].suit
        trump = marks.trump
        p = self.state.profile
        # in Misère there is no trump: the highest card of the suit led wins (P4), not B12's trump
        rule = p.rule(Topic.TRICK) if trump is not None else p.rule(Topic.MISERE)
        facts = {"card": card, "winner_card": win, "led": led, "suit": card.suit, "trump": trump}
        if card.suit != led and card.suit != trump:
            key = "decide.cannot_win_off_trump" if trump is not None else "decide.cannot_win_off_misere"
        elif card.suit == trump:
            key = "decide.cannot_win_trump_low"
        elif win.suit == trump and trump is not None:
            key = "decide.cannot_win_trumped"
        else:
            key = "decide.cannot_win_low"
        return Feedback(False, (Explanation(rule, key, facts),) + self.why)

    def _check_card(self, code: str) -> Feedback:
        assert self.state is not None and self.seat is not None and self.lesson is not None
        card = Card.parse(code)
        why = self.state.refusal(card, self.seat)
        if why is not None:
            return Feedback(False, (why,))
        book = Card.parse(self.answer[0])
        if card is book:
            return Feedback(True, (Explanation(self.why[0].rule, "decide.book_card", {"card": card}),) + self.why)
        verdict = judge(self.state, card, book)
        line = what_if(self.lesson, self.step, card)
        out = [] if verdict is None else [verdict.explanation]
        # the result said is the one of the learner's card played out with best play (never the book's)
        key = "decide.line_best" if line.chooser == BEST_PLAY else "decide.line_simple"
        out.append(Explanation("solver", key, {"card": card, "player": self.state.players[self.seat]}))
        out.extend(line.outcome)
        right = verdict is not None and verdict.as_good
        return Feedback(right, tuple(out), verdict, line)

    def _check_pay(self, value: object) -> Feedback:
        if not isinstance(value, Mapping):
            raise ValueError("a 'pay' answer gives each player's amount")
        wrong: list[Explanation] = []
        for name, right in zip(self.options, self.answer):
            said = value.get(name)
            if not isinstance(said, int) or isinstance(said, bool):
                raise ValueError(f"no amount for {name}")
            if said != int(right):
                wrong.append(Explanation(self.why[0].rule, "decide.pay_wrong",
                                         {"player": name, "said": _signed(said), "right": _signed(int(right))}))
        return Feedback(not wrong, tuple(wrong) + self.why)


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("−" + str(-value) if value < 0 else "0")


# ---------------------------------------------------------------- building
def _step_at(lesson: Lesson, at: Anchor) -> int:
    for step in lesson.steps:
        if step.anchor == at:
            return step.index
    raise ValueError(f"the deal has no step {at}")


def ask(lesson: Lesson, decision: Decision) -> Ask:
    """The question ``decision`` at its step of ``lesson`` (the position before the step)."""
    index = _step_at(lesson, decision.at)
    step = lesson.step(index)
    kind = decision.kind
    p = lesson.book.profile
    if kind == "pay":
        amounts = lesson.settlement(index) if step.kind == RESULT else None
        if amounts is None:
            amounts = {name: 0 for name in lesson.players}
        names = tuple(lesson.players)
        why = tuple(explain_settlement(lesson.book)) or tuple(step.explanations)
        prompt = Explanation(p.rule(Topic.STAKES), "decide.prompt.pay", {})
        return Ask(decision, index, None, prompt, names, tuple(str(amounts[n]) for n in names), why, None, lesson)
    assert step.action is not None and step.seat is not None
    before = lesson.state_after(step.action)
    seat = step.seat
    player = before.players[seat]
    if kind == "legal_calls" and step.kind == CALL:
        options = tuple(["Pass"] + [c.name for c in p.ladder])
        legal = {c.name for c in before.legal_calls()}
        answer = tuple(o for o in options if o in legal)
        why = (Explanation(p.rule(Topic.LADDER), "decide.legal_calls", {"player": player, "bids": answer}),)
        prompt = Explanation(p.rule(Topic.LADDER), "decide.prompt.legal_calls", {"player": player})
        return Ask(decision, index, seat, prompt, options, answer, why, before, lesson)
    assert step.kind == CARD
    hand = tuple(before.held[seat])
    codes = tuple(c.code for c in hand)
    led = before.trick_cards[0].suit if before.trick_cards else None
    if kind == "playable":
        ok = playable(list(hand), led)
        answer = tuple(c.code for c in hand if c in ok)
        assert led is not None
        if any(c.suit == led for c in hand):
            why = (Explanation(p.rule(Topic.FOLLOW), "decide.playable_follow",
                               {"player": player, "led": led, "cards": tuple(c for c in hand if c in ok)}),)
        else:
            why = (Explanation(p.rule(Topic.FOLLOW), "decide.playable_void", {"player": player, "led": led}),)
        prompt = Explanation(p.rule(Topic.FOLLOW), "decide.prompt.playable", {"player": player})
        return Ask(decision, index, seat, prompt, codes, answer, why, before, lesson)
    if kind == "trick_winner":
        marks = lesson.marks(index)
        assert marks is not None and marks.winning_seat is not None
        names = tuple(before.players[s] for s in marks.seats)
        answer = (before.players[marks.winning_seat],)
        why = tuple(e for e in step.explanations if e.key in TRICK_KEYS) or step.explanations
        prompt = Explanation(p.rule(Topic.TRICK), "decide.prompt.trick_winner", {})
        return Ask(decision, index, seat, prompt, names, answer, why, before, lesson)
    # "card": what would you play (or lead)?
    book = lesson.book.actions[step.action]
    assert isinstance(book, Card)
    key = "decide.prompt.lead" if step.position == 1 else "decide.prompt.card"
    prompt = Explanation(p.rule(Topic.FOLLOW), key, {"player": player})
    return Ask(decision, index, seat, prompt, codes, (book.code,), step.explanations, before, lesson)


def ask_ledger(session: Session, decision: Decision, rows_shown: int) -> Ask:
    """A ``pay`` question in a session: the entry ``deal N`` (its payments) or the ``ledger`` (the balances)."""
    p = session.profile
    ledger = session.ledger()
    names = tuple(session.players)
    if decision.at.kind == "deal":
        row = ledger[decision.at.first - 1]
        amounts = {n: row.settlement.get(n, 0) for n in names}
        prompt = Explanation(p.rule(Topic.STAKES), "decide.prompt.pay", {})
        why: tuple[Explanation, ...] = (Explanation(p.rule(Topic.BALANCES), "explain.zero_sum",
                                                    {"amounts": tuple((n, amounts[n]) for n in names)}),)
    else:
        amounts = dict(session.balances)
        prompt = Explanation(p.rule(Topic.SESSION), "decide.prompt.ledger", {})
        why = (Explanation(p.rule(Topic.SESSION), "decide.balances",
                           {"amounts": tuple((n, amounts[n]) for n in names)}), session.standing())
    return Ask(decision, rows_shown, None, prompt, names, tuple(str(amounts[n]) for n in names), why, None, None)

