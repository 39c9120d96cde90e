"""What if? The deal replayed with another card at one point, and the solver's verdict.

:func:`what_if` replaces the card of a step by another legal card of the same
seat and lets a bot (by default the "simple" bot with a fixed seed, so every
line is the same each time) play the rest. :func:`judge` compares the card
with the book's card exactly, by the open-hand solver (:mod:`nap_teach.ai.solver`):
how many tricks the declarer takes after each, when everyone plays best.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Mapping, Protocol

from ...ai.bestplay import best_play_card
from ...ai.bots import Bot, get_bot
from ...engine.cards import Card, CardParseError, Suit
from ...engine.explain import Explanation, IllegalAction
from ...engine.narrate import explain_action, explain_settlement
from ...engine.rules import Topic
from ...ai.solver import SolverError, card_values
from ...engine.state import DealResult, DealState, error_for
from ...engine.tricks import Trick

SETTLEMENT_KEYS = frozenset({"explain.made", "explain.failed", "explain.zero_sum"})
"""Explanations of the payments: said at the result step, not at the last card."""


class Replayable(Protocol):
    """What a what-if line needs of a lesson (:class:`~.deal.Lesson` is one)."""

    book: DealState
    n: int

    def whatif_point(self, index: int) -> int | None: ...

    def state_after(self, actions: int) -> DealState: ...

__all__ = ["PlayedCard", "WhatIf", "Verdict", "Replayable", "SETTLEMENT_KEYS", "BEST_PLAY", "whatif_chooser", "what_if", "judge"]


@dataclass(frozen=True)
class PlayedCard:
    """A card of a what-if line, with why it was allowed (and who took the trick)."""

    action: int
    seat: int
    card: Card
    trick: int
    position: int
    explanations: tuple[Explanation, ...]
    chosen: bool
    """True for the learner's own card (the rest are the chooser's)."""


@dataclass(frozen=True)
class WhatIf:
    """The deal replayed with another card at one point."""

    step: int
    action: int
    seat: int
    card: Card
    book_card: Card
    state: DealState
    plays: tuple[PlayedCard, ...]
    result: DealResult
    book_result: DealResult
    outcome: tuple[Explanation, ...]
    chooser: str
    """Who played the other cards: "best" (best play by the solver), "book" (the book's own line) or a bot's name."""

    @property
    def same_as_book(self) -> bool:
        return self.card is self.book_card

    @property
    def trump(self) -> Suit | None:
        return self.state.trump

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return tuple(self.state.tricks)

    @property
    def settlement(self) -> Mapping[str, int]:
        assert self.result.settlement is not None
        return self.result.settlement

    @property
    def changed(self) -> bool:
        """Whether the payments differ from the book's."""
        return dict(self.settlement) != dict(self.book_result.settlement or {})


# ------------------------------------------------------------------ chooser
BEST_PLAY = "best"
"""The name of the default chooser of what-if lines: best play by every seat, all hands seen (the solver)."""


def whatif_chooser() -> Bot:
    """A bot for what-if lines played the simple way (the "simple" bot with a fixed seed, so that
    every line is the same each time); the default is best play (:data:`BEST_PLAY`)."""
    return get_bot("simple", random.Random(0))


# ------------------------------------------------------------------- line
def what_if(lesson: Replayable, index: int, card: Card | str, chooser: Bot | None = None) -> WhatIf:
    """Play ``card`` instead of the book's card at step ``index``; best play (or ``chooser``) plays the rest.

    An illegal card raises the engine's :class:`~nap_teach.engine.explain.RuleError`
    (e.g. must follow suit) and nothing changes. The book's own card gives
    the book line.
    """
    point = lesson.whatif_point(index)
    if point is None:
        raise ValueError(f"step {index} has no card to replace")
    if isinstance(card, str):
        try:
            card = Card.parse(card)
        except CardParseError:
            raise IllegalAction(Explanation("B1", "action.unknown", {"action": card})) from None
    if not isinstance(card, Card):
        raise IllegalAction(Explanation("B1", "action.unknown", {"action": repr(card)}))
    start = lesson.state_after(point)
    seat = start.to_act
    assert seat is not None
    why = start.refusal(card, seat)
    if why is not None:
        raise error_for(why)
    book_card = lesson.book.actions[point]
    assert isinstance(book_card, Card)
    if card is book_card:
        state, name = lesson.book.copy(), "book"
    else:
        state = start.copy()
        state.push(card)  # checked above
        name = BEST_PLAY if chooser is None else getattr(chooser, "name", type(chooser).__name__)
        while not state.is_over:
            actor = state.to_act
            assert actor is not None
            if chooser is None:
                try:
                    state.push(best_play_card(state))  # the solver: one of the cards that keep the best result
                    continue
                except SolverError:  # a position the solver refuses: the simple bot finishes, and the line says so
                    chooser = whatif_chooser()
                    name = getattr(chooser, "name", "simple")
            state.push(chooser.decide(state.view(actor)).action)  # a bot chooses among the legal cards
    plays = []
    offset = len(state.calls)
    for a in range(point, len(state.actions)):
        k = a - offset
        played = state.actions[a]
        if not isinstance(played, Card):  # the table stopped by agreement (B13)
            break
        notes = tuple(e for e in explain_action(state, a) if e.key not in SETTLEMENT_KEYS)
        who = state.cards_played[k][0]
        plays.append(PlayedCard(a, who, played, k // lesson.n + 1, k % lesson.n + 1, notes, a == point))
    return WhatIf(index, point, seat, card, book_card, state, tuple(plays), state.result(), lesson.book.result(),
                  tuple(explain_settlement(state)), name)


@dataclass(frozen=True)
class Verdict:
    """The solver's comparison of a card with the book's card (tricks for the declarer, best play after each)."""

    card: Card
    book_card: Card
    tricks: int
    book_tricks: int
    for_declarer: bool
    """Whether the seat choosing plays for the declarer (wants more tricks; in Misère, fewer)."""
    misere: bool
    explanation: Explanation

    @property
    def as_good(self) -> bool:
        if self.tricks == self.book_tricks:
            return True
        better_for_declarer = (self.tricks > self.book_tricks) != self.misere
        return better_for_declarer == self.for_declarer


def judge(state: DealState, card: Card, book_card: Card) -> Verdict | None:
    """Compare ``card`` with ``book_card`` at ``state`` by the exact solver; None when it cannot say
    (no declarer, not in the play, or the solver refuses the position)."""
    if state.phase != "play" or state.declarer is None or state.contract is None or state.to_act is None:
        return None
    try:
        values = card_values(state)
    except SolverError:
        return None
    if card not in values or book_card not in values:
        return None
    misere = not state.contract.trumps
    for_declarer = state.to_act == state.declarer
    tricks, book = values[card], values[book_card]
    facts = {"card": card, "book_card": book_card, "declarer": state.players[state.declarer],
             "tricks": tricks, "book_tricks": book}
    if tricks == book:
        key = "decide.solver_same"
    else:
        better = (tricks > book) != misere
        key = "decide.solver_better" if better == for_declarer else "decide.solver_worse"
    # a defender's side is all the defenders (B14); the declarer's verdict is the solver's alone (no rule badge)
    rule = "solver" if for_declarer else state.profile.rule(Topic.DEFENDERS)
    return Verdict(card, book_card, tricks, book, for_declarer, misere, Explanation(rule, key, facts))
