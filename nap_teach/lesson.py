"""The worked deal as a lesson: one step per event, each with the rule behind it.

Pure (no widgets): :mod:`nap_teach.ui.lesson` draws what this module computes.
The deal is the seeds' worked example (``data/hands/worked_deal.json``): A, B,
C and D sit clockwise, D deals, A bids Four and the others pass, then the
twenty cards are played. The steps are:

- ``table``: the seats, the dealer, the deal and the 32 unused cards (B1-B4, B14);
- ``call``: one step per call, with why it is allowed and what it promises;
- ``card``: one step per card, with the rule that allows it and, at the fourth
  card, who takes the trick and why (from :func:`nap_teach.narrate.explain_action`);
- ``result``: the tricks, the contract made, the payments summing to zero;
- ``had_fewer``: what would have happened with one trick fewer than needed.

"What if?": :meth:`Lesson.what_if` replaces the card of a step by another legal
card of the same seat and lets a bot (by default the "simple" bot with a fixed
seed, so every line is the same each time) play the rest;
:class:`LessonWalk` keeps the learner's place, and ``back_to_book()`` returns
to the book line.

>>> lesson = Lesson()
>>> len(lesson.steps)
27
>>> lesson.steps[5].kind, lesson.steps[5].rules
('card', ('B10',))
>>> settlement_line(lesson.settlement(25), translator("en"))
'+12 −4 −4 −4 = 0'
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Iterable, Mapping, Sequence

from .auction import Call
from .bots import Bot, get_bot
from .cards import Card, CardParseError, Suit
from .explain import Explanation, IllegalAction
from .i18n import Translator, translator
from .narrate import explain_action, explain_settlement
from .records import load_hand
from .rulebook import Topic
from .settlement import settle
from .state import DealResult, DealState, error_for
from .tricks import Trick, winning_index

__all__ = [
    "TABLE", "CALL", "CARD", "RESULT", "HAD_FEWER", "SECTIONS",
    "LessonStep", "TableMarks", "PlayedCard", "WhatIf", "Lesson", "LessonWalk",
    "load_worked_deal", "default_lesson", "lesson_rules", "settlement_line", "whatif_chooser",
]

TABLE, CALL, CARD, RESULT, HAD_FEWER = "table", "call", "card", "result", "had_fewer"
SECTIONS: tuple[str, ...] = ("table", "auction", "trick1", "trick2", "trick3", "trick4", "trick5", "result")
"""Places the learner can jump to, in lesson order."""

_SETTLEMENT_KEYS = frozenset({"explain.made", "explain.failed", "explain.zero_sum"})


def load_worked_deal() -> DealState:
    """The seeds' worked deal, replayed by the engine (every card checked)."""
    text = resources.files("nap_teach").joinpath("data", "hands", "worked_deal.json").read_text(encoding="utf-8")
    return load_hand(text)


# --------------------------------------------------------------------- values
@dataclass(frozen=True)
class LessonStep:
    """One step of the lesson.

    ``actions`` is how many of the book's actions have happened at this step
    (the table before the auction is 0); ``action`` is the index of the action
    this step shows, if any.
    """

    index: int
    kind: str
    actions: int
    action: int | None
    seat: int | None
    trick: int | None
    position: int | None
    explanations: tuple[Explanation, ...]

    @property
    def rules(self) -> tuple[str, ...]:
        """Rule ids this step demonstrates, in the order they are explained."""
        seen: dict[str, None] = {}
        for e in self.explanations:
            seen.setdefault(e.rule, None)
        return tuple(seen)


@dataclass(frozen=True)
class TableMarks:
    """The trick on the table: slots in playing order and what to mark."""

    number: int
    seats: tuple[int, ...]
    cards: tuple[Card | None, ...]
    led: Suit | None
    trump: Suit | None
    winning: int | None
    """Index (into ``seats``) of the card winning so far; the winner once complete."""
    complete: bool

    @property
    def winning_seat(self) -> int | None:
        return None if self.winning is None else self.seats[self.winning]

    @property
    def winning_card(self) -> Card | None:
        return None if self.winning is None else self.cards[self.winning]


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
def whatif_chooser() -> Bot:
    """The player for what-if lines: the "simple" bot with a fixed seed, so that
    every what-if line is the same each time it is asked for."""
    return get_bot("simple", random.Random(0))


# ------------------------------------------------------------------- lesson
class Lesson:
    """The steps of a finished deal (by default the worked deal), and "what if?"."""

    def __init__(self, book: DealState | None = None) -> None:
        book = load_worked_deal() if book is None else book.copy()
        if not book.is_over or book.passed_out or book.declarer is None or book.stopped:
            raise ValueError("a lesson needs a deal with a declarer, played to the end")
        self.book = book
        self.players = book.players
        self.n = book.n
        self._states: dict[int, DealState] = {}
        self.steps: tuple[LessonStep, ...] = tuple(self._build_steps())

    # ---------------------------------------------------------------- states
    def state_after(self, actions: int) -> DealState:
        """The deal after the first ``actions`` book actions (shared: do not change it)."""
        if not 0 <= actions <= len(self.book.actions):
            raise ValueError(f"actions out of range: {actions}")
        found = self._states.get(actions)
        if found is None:
            found = DealState(self.book.players, self.book.dealer, self.book.hands, self.book.profile,
                              self.book.unused)
            found.replay(self.book.actions[:actions])
            self._states[actions] = found
        return found

    def state(self, index: int) -> DealState:
        """The deal as it stands at step ``index`` (shared: do not change it)."""
        return self.state_after(self.step(index).actions)

    def step(self, index: int) -> LessonStep:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.steps):
            raise ValueError(f"no step {index!r}: steps are 0..{len(self.steps) - 1}")
        return self.steps[index]

    @property
    def unused_count(self) -> int:
        """Cards that never enter play (B4): 32 with four players."""
        return self.book.profile.unused_cards(self.n)

    @property
    def declarer(self) -> int:
        assert self.book.declarer is not None
        return self.book.declarer

    # ----------------------------------------------------------------- steps
    def _build_steps(self) -> Iterable[LessonStep]:
        book = self.book
        p = book.profile
        players = book.players
        dealer = book.dealer
        first = (dealer + 1) % self.n
        index = 0

        table = (
            Explanation(p.rule(Topic.PLAYERS), "lesson.seats", {"players": tuple(players)}),
            Explanation(p.rule(Topic.ROTATION), "lesson.dealer",
                        {"dealer": players[dealer], "next_dealer": players[first]}),
            Explanation(p.rule(Topic.DEAL), "lesson.deal",
                        {"dealer": players[dealer], "cutter": players[(dealer - 1) % self.n],
                         "first": players[first]}),
            Explanation(p.rule(Topic.UNUSED), "lesson.unused", {"count": self.unused_count}),
            Explanation(p.rule(Topic.DEFENDERS), "lesson.open_hands", {}),
        )
        yield LessonStep(index, TABLE, 0, None, None, None, None, table)
        index += 1

        calls = book.calls
        for i, call in enumerate(calls):
            before = self.state_after(i)
            yield LessonStep(index, CALL, i + 1, i, before.auction.speaker(i), None, None,
                             tuple(self._call_notes(i, call, before)))
            index += 1

        plays = book.cards_played
        start = len(calls)
        for k, (seat, _card) in enumerate(plays):
            action = start + k
            notes = explain_action(book, action)
            if action == len(book.actions) - 1:
                notes = [e for e in notes if e.key not in _SETTLEMENT_KEYS]
            yield LessonStep(index, CARD, action + 1, action, seat, k // self.n + 1, k % self.n + 1, tuple(notes))
            index += 1

        contract = book.contract
        assert contract is not None
        declarer = players[self.declarer]
        won = book.tricks_won[self.declarer]
        result = [Explanation(p.rule(Topic.LADDER), "lesson.tricks_count",
                              {"declarer": declarer, "won": won, "call": contract.name,
                               "needed": contract.min_tricks})]
        result.extend(explain_settlement(book))
        result.append(Explanation(p.rule(Topic.SESSION), "lesson.session", {}))
        last = len(book.actions)
        yield LessonStep(index, RESULT, last, None, self.declarer, None, None, tuple(result))
        index += 1

        if book.outcome() and contract.min_tricks > 0:
            fewer = contract.min_tricks - 1
            amounts = self._had_fewer_amounts()
            fewer_notes = (
                Explanation(p.rule(Topic.STAKES), "lesson.had_fewer",
                            {"declarer": declarer, "won": fewer, "call": contract.name,
                             "needed": contract.min_tricks}),
                Explanation(p.rule(Topic.STAKES), "lesson.would_pay",  # a hypothesis, said as one
                            {"declarer": declarer, "call": contract.name, "won": fewer, "stake": contract.failed,
                             "total": abs(amounts[declarer]), "opponents": self.n - 1}),
                Explanation(p.rule(Topic.BALANCES), "lesson.would_zero_sum",
                            {"amounts": tuple((name, amounts[name]) for name in players)}),
            )
            yield LessonStep(index, HAD_FEWER, last, None, self.declarer, None, None, fewer_notes)

    def _call_notes(self, i: int, call: Call, before: DealState) -> list[Explanation]:
        p = before.profile
        seat = before.auction.speaker(i)
        player = before.players[seat]
        bids = tuple(c for c in before.legal_calls() if not c.is_pass)
        high = before.auction.highest
        notes: list[Explanation] = []
        if i == 0:
            notes.append(Explanation(p.rule(Topic.AUCTION_ORDER), "lesson.first_call", {"player": player}))
        if seat == before.dealer:
            notes.append(Explanation(p.rule(Topic.AUCTION_ORDER), "lesson.dealer_last", {"player": player}))
        if high is None:
            notes.append(Explanation(p.rule(Topic.REQUIRES), "lesson.any_bid", {"player": player, "bids": bids}))
        elif bids:
            notes.append(Explanation(p.rule(Topic.LADDER), "lesson.could_bid",
                                     {"player": player, "highest": high[1].name, "bids": bids}))
        else:
            notes.append(Explanation(p.rule(Topic.LADDER), "lesson.no_higher",
                                     {"player": player, "highest": high[1].name}))
        said = explain_action(self.book, i)
        closing = [e for e in said if e.key in ("explain.declarer", "explain.passed_out")]
        notes.extend(e for e in said if e not in closing)
        if not call.is_pass:
            contract = p.contract(call.name)
            if contract.made == contract.failed:
                notes.append(Explanation(p.rule(Topic.STAKES), "lesson.stake",
                                         {"player": player, "call": contract.name, "stake": contract.made}))
        if closing and not self.book.passed_out and i == len(self.book.calls) - 1:
            notes.append(Explanation(p.rule(Topic.PASSED_OUT), "lesson.if_all_passed",
                                     {"next_dealer": before.players[(before.dealer + 1) % before.n]}))
        notes.extend(closing)
        return notes

    def _had_fewer_amounts(self) -> dict[str, int]:
        contract = self.book.contract
        assert contract is not None
        return settle(self.players, self.declarer, contract, False)

    # ------------------------------------------------------------- questions
    def settlement(self, index: int) -> dict[str, int] | None:
        """The payments shown at step ``index`` (result steps only), by player."""
        step = self.step(index)
        if step.kind == RESULT:
            amounts = self.book.result().settlement
            return dict(amounts) if amounts is not None else None
        if step.kind == HAD_FEWER:
            return self._had_fewer_amounts()
        return None

    def marks(self, index: int) -> TableMarks | None:
        """The trick on the table at step ``index``, or None (before the play, at the result)."""
        step = self.step(index)
        if step.kind != CARD:
            return None
        state = self.state(index)
        if state.trick_cards:
            seats = tuple(state.trick_seats)
            cards: list[Card | None] = list(state.trick_cards)
            number, complete = len(state.tricks) + 1, False
        else:
            trick = state.tricks[-1]
            seats, cards, number, complete = trick.seats, list(trick.cards), trick.number, True
        while len(seats) < self.n:
            seats = seats + ((seats[-1] + 1) % self.n,)
            cards.append(None)
        played = [c for c in cards if c is not None]
        win = winning_index(played, state.trump) if played else None
        return TableMarks(number, seats, tuple(cards), played[0].suit if played else None, state.trump, win, complete)

    def completed_tricks(self, index: int) -> tuple[Trick, ...]:
        return tuple(self.state(index).tricks)

    def tricks_won(self, index: int) -> tuple[int, ...]:
        return tuple(self.state(index).tricks_won)

    def calls_so_far(self, index: int) -> dict[int, Call]:
        """Each seat's call made by step ``index``."""
        state = self.state(index)
        return {state.auction.speaker(i): c for i, c in enumerate(state.calls)}

    def held(self, index: int) -> tuple[tuple[Card, ...], ...]:
        """Cards each seat still holds at step ``index``."""
        return tuple(tuple(h) for h in self.state(index).held)

    def section_of(self, index: int) -> str:
        step = self.step(index)
        if step.kind == TABLE:
            return "table"
        if step.kind == CALL:
            return "auction"
        if step.kind == CARD:
            return f"trick{step.trick}"
        return "result"

    def section_start(self, section: str) -> int:
        """First step of a section ("table", "auction", "trick1".."trick5", "result")."""
        for step in self.steps:
            if self.section_of(step.index) == section:
                return step.index
        raise ValueError(f"no section {section!r}")

    def trick_start(self, number: int) -> int:
        """First step (the lead) of trick ``number`` (1..5)."""
        return self.section_start(f"trick{int(number)}")

    def rules_by_step(self) -> dict[str, list[int]]:
        """Rule id -> the indices of the steps that demonstrate it."""
        out: dict[str, list[int]] = {}
        for step in self.steps:
            for rule in step.rules:
                out.setdefault(rule, []).append(step.index)
        return dict(sorted(out.items(), key=lambda kv: (kv[0][0], int(kv[0][1:]) if kv[0][1:].isdigit() else 0)))

    def heading(self, index: int, tr: Translator | None = None) -> str:
        """A short title for step ``index`` in the reader's language."""
        tr = tr or translator("en")
        step = self.step(index)
        if step.kind == TABLE:
            return tr.gettext("The table and the deal")
        if step.kind == CALL:
            assert step.seat is not None
            return tr.gettext("The auction: {player} speaks").format(player=self.players[step.seat])
        if step.kind == CARD:
            assert step.seat is not None
            return tr.gettext("Trick {trick}, card {position} of {count}: {player}").format(
                trick=step.trick, position=step.position, count=self.n, player=self.players[step.seat])
        if step.kind == RESULT:
            return tr.gettext("The result and the payments")
        contract = self.book.contract
        assert contract is not None
        won = contract.min_tricks - 1
        return tr.ngettext("Had {player} taken only {won} trick", "Had {player} taken only {won} tricks", won).format(
            player=self.players[self.declarer], won=won)

    # --------------------------------------------------------------- what if
    def whatif_point(self, index: int) -> int | None:
        """The book action a "what if?" at step ``index`` replaces: the card of a card
        step, the first lead before the play; None at the result."""
        step = self.step(index)
        if step.kind == CARD:
            return step.action
        if step.kind in (TABLE, CALL):
            return len(self.book.calls)
        return None

    def whatif_seat(self, index: int) -> int | None:
        point = self.whatif_point(index)
        return None if point is None else self.state_after(point).to_act

    def whatif_options(self, index: int) -> tuple[Card, ...]:
        """The cards the seat held at the what-if point (legal or not: the engine decides)."""
        point = self.whatif_point(index)
        if point is None:
            return ()
        state = self.state_after(point)
        seat = state.to_act
        assert seat is not None
        return tuple(state.held[seat])

    def refusal(self, index: int, card: Card) -> Explanation | None:
        """Why ``card`` may not replace the book's card at step ``index`` (None if it may)."""
        point = self.whatif_point(index)
        if point is None:
            raise ValueError(f"step {index} has no card to replace")
        state = self.state_after(point)
        return state.refusal(card, state.to_act)

    def what_if(self, index: int, card: Card | str, chooser: Bot | None = None) -> WhatIf:
        """Play ``card`` instead of the book's card at step ``index``; the chooser plays the rest.

        An illegal card raises the engine's :class:`~nap_teach.explain.RuleError`
        (e.g. must follow suit) and nothing changes. The book's own card gives
        the book line.
        """
        point = self.whatif_point(index)
        if point is None:
            raise ValueError(f"step {index} has no card to replace")
        if isinstance(card, str):
            try:
                card = Card.parse(card)
            except CardParseError:
                raise IllegalAction(Explanation("B1", "action.unknown", {"action": card})) from None
        if not isinstance(card, Card):
            raise IllegalAction(Explanation("B1", "action.unknown", {"action": repr(card)}))
        start = self.state_after(point)
        seat = start.to_act
        assert seat is not None
        why = start.refusal(card, seat)
        if why is not None:
            raise error_for(why)
        book_card = self.book.actions[point]
        assert isinstance(book_card, Card)
        if card is book_card:
            state, name = self.book.copy(), "book"
        else:
            chooser = chooser or whatif_chooser()
            name = getattr(chooser, "name", type(chooser).__name__)
            state = start.copy()
            state.push(card)  # checked above
            while not state.is_over:
                actor = state.to_act
                assert actor is not None
                state.push(chooser.decide(state.view(actor)).action)  # a bot chooses among the legal cards
        plays = []
        offset = len(state.calls)
        for a in range(point, len(state.actions)):
            k = a - offset
            played = state.actions[a]
            assert isinstance(played, Card)
            notes = tuple(e for e in explain_action(state, a) if e.key not in _SETTLEMENT_KEYS)
            who = state.cards_played[k][0]
            plays.append(PlayedCard(a, who, played, k // self.n + 1, k % self.n + 1, notes, a == point))
        return WhatIf(index, point, seat, card, book_card, state, tuple(plays), state.result(), self.book.result(),
                      tuple(explain_settlement(state)), name)


# --------------------------------------------------------------------- walk
class LessonWalk:
    """The learner's place in a lesson, and a what-if line when one is open."""

    def __init__(self, lesson: Lesson | None = None) -> None:
        self.lesson = lesson or default_lesson()
        self.index = 0
        self.whatif: WhatIf | None = None

    @property
    def step(self) -> LessonStep:
        return self.lesson.steps[self.index]

    @property
    def count(self) -> int:
        return len(self.lesson.steps)

    @property
    def at_start(self) -> bool:
        return self.index == 0

    @property
    def at_end(self) -> bool:
        return self.index == self.count - 1

    def go(self, index: int) -> LessonStep:
        """Go to step ``index`` (0-based); leaves any what-if line."""
        self.lesson.step(index)  # validates
        self.index = index
        self.whatif = None
        return self.step

    def next(self) -> bool:
        if self.at_end:
            return False
        self.go(self.index + 1)
        return True

    def back(self) -> bool:
        if self.at_start:
            return False
        self.go(self.index - 1)
        return True

    def restart(self) -> LessonStep:
        return self.go(0)

    def jump(self, section: str) -> LessonStep:
        """Go to the first step of a section ("table", "auction", "trick3", "result")."""
        if section not in SECTIONS:
            raise ValueError(f"no section {section!r}")
        return self.go(self.lesson.section_start(section))

    def try_card(self, card: Card | str, chooser: Bot | None = None) -> WhatIf:
        """Open a what-if line from this step (illegal cards raise and change nothing)."""
        found = self.lesson.what_if(self.index, card, chooser)
        if not found.same_as_book:
            self.whatif = found
        return found

    def back_to_book(self) -> None:
        self.whatif = None


# ------------------------------------------------------------------- helpers
def settlement_line(amounts: Mapping[str, int] | Sequence[int], tr: Translator | None = None) -> str:
    """The payments as one sum: "+12 −4 −4 −4 = 0" (true minus signs)."""
    tr = tr or translator("en")
    values = list(amounts.values()) if isinstance(amounts, Mapping) else list(amounts)
    return " ".join(tr.amount(v) for v in values) + " = " + tr.amount(sum(values))


@lru_cache(maxsize=1)
def default_lesson() -> Lesson:
    """The worked-deal lesson (built once; steps are immutable)."""
    return Lesson()


def lesson_rules() -> dict[str, list[int]]:
    """Rule id -> indices (0-based) of the worked-deal steps that show it at work.

    The lesson page opens at step ``i`` with ``lesson.ipynb?step={i + 1}``.
    """
    return default_lesson().rules_by_step()
