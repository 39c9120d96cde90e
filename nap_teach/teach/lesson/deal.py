"""One deal as a lesson: one step per event, each with the rule behind it.

Pure (no widgets): :mod:`nap_teach.ui.lesson` draws what this module computes.
By default the deal is the seeds' worked example (``data/hands/worked_deal.json``):
A, B, C and D sit clockwise, D deals, A bids Four and the others pass, then the
twenty cards are played. Any deal of a lesson file works the same way (a deal
passed out, a deal stopped early by agreement, a failed contract). The steps are:

- ``table``: the seats, the dealer, the deal and the unused cards (B1-B4, B14);
- ``call``: one step per call, with why it is allowed and what it promises;
- ``card``: one step per card, with the rule that allows it and, at the last
  card of a trick, who takes it and why (from :func:`nap_teach.engine.narrate.explain_action`);
- ``result``: the tricks, the contract made or failed, the payments summing to
  zero (or the deal passed out and the deal moving on; or the early stop);
- ``had_fewer``: what would have happened with one trick fewer than needed (a made contract).

Each step has its ``anchor`` (``table``, ``call N``, ``card T.P``, ``result``),
the names lesson files use (see ``nap_teach/data/lessons/FORMAT.md``).

>>> lesson = Lesson()
>>> len(lesson.steps)
27
>>> lesson.steps[5].kind, lesson.steps[5].rules, str(lesson.steps[5].anchor)
('card', ('B10',), 'card 1.1')
>>> lesson.settlement(25)
{'A': 12, 'B': -4, 'C': -4, 'D': -4}
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Iterable

from ...engine.auction import Call
from ...ai.bots import Bot
from ...engine.cards import Card, Suit
from ..course import Anchor
from ...engine.explain import Explanation, rules_of
from ...words.i18n import Translator, translator
from ...engine.narrate import explain_action, explain_settlement
from ...engine.profiles import Contract, Profile
from ...engine.records import load_hand
from ...engine.rules import Topic
from ...engine.settlement import settle
from ...engine.state import DealState
from ...engine.tricks import Trick, winning_index
from .whatif import SETTLEMENT_KEYS, WhatIf, what_if

__all__ = [
    "TABLE", "CALL", "CARD", "RESULT", "HAD_FEWER", "SECTIONS", "SETTLEMENT_KEYS",
    "LessonStep", "TableMarks", "Lesson", "load_worked_deal", "anchor_of",
]

TABLE, CALL, CARD, RESULT, HAD_FEWER = "table", "call", "card", "result", "had_fewer"
SECTIONS: tuple[str, ...] = ("table", "auction", "trick1", "trick2", "trick3", "trick4", "trick5", "result")
"""Places the learner can jump to, in lesson order."""



def load_worked_deal() -> DealState:
    """The seeds' worked deal, replayed by the engine (every card checked)."""
    text = resources.files("nap_teach").joinpath("data", "hands", "worked_deal.json").read_text(encoding="utf-8")
    return load_hand(text)


def _tricks_count_key(contract: Contract, profile: Profile) -> str:
    """The result note's message for what ``contract`` needs: Misère its own words (no trick at all,
    P4), a five-trick call "all five", any other call "at least N" (never "at least 0")."""
    if contract.max_tricks == 0:
        return "lesson.tricks_count_misere"
    if contract.min_tricks >= profile.hand_size:
        return "lesson.tricks_count_all"
    return "lesson.tricks_count"


def anchor_of(kind: str, action: int | None, trick: int | None, position: int | None) -> Anchor:
    if kind == CALL:
        assert action is not None
        return Anchor("call", action + 1)
    if kind == CARD:
        assert trick is not None and position is not None
        return Anchor("card", trick, position)
    return Anchor(kind)


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
    def anchor(self) -> Anchor:
        """The step's name in lesson files: ``table``, ``call N``, ``card T.P``, ``result``."""
        return anchor_of(self.kind, self.action, self.trick, self.position)

    @property
    def rules(self) -> tuple[str, ...]:
        """Rule ids this step demonstrates, in the order they are explained."""
        return rules_of(self.explanations)


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


class Lesson:
    """The steps of a finished deal (by default the worked deal), and "what if?"."""

    def __init__(self, book: DealState | None = None) -> None:
        book = load_worked_deal() if book is None else book.copy()
        if not book.is_over:
            raise ValueError("a lesson needs a finished deal (played out, passed out or stopped by agreement)")
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
            Explanation(p.rule(Topic.DEFENDERS), "lesson.open_hands", {"count": self.n}),
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
                notes = [e for e in notes if e.key not in SETTLEMENT_KEYS]
            yield LessonStep(index, CARD, action + 1, action, seat, k // self.n + 1, k % self.n + 1, tuple(notes))
            index += 1

        last = len(book.actions)
        contract = book.contract
        if contract is None or book.declarer is None:  # passed out (B9): the deal still counts, the deal moves on
            said = [e for e in explain_action(book, len(calls) - 1) if e.key == "explain.passed_out"]
            yield LessonStep(index, RESULT, last, None, None, None, None,
                             tuple(said) + (Explanation(p.rule(Topic.SESSION), "lesson.session", {}),))
            return
        declarer = players[book.declarer]
        won = book.tricks_won[book.declarer]
        result = [Explanation(p.rule(Topic.LADDER), _tricks_count_key(contract, p),
                              {"declarer": declarer, "won": won, "call": contract.name,
                               "needed": contract.min_tricks})]
        if book.stopped:  # B13: the stop, then the payments
            result.extend(explain_action(book, last - 1))
        else:
            result.extend(explain_settlement(book))
        result.append(Explanation(p.rule(Topic.SESSION), "lesson.session", {}))
        yield LessonStep(index, RESULT, last, None, book.declarer, None, None, tuple(result))
        index += 1

        if book.outcome() and contract.min_tricks > 0 and not book.stopped:
            fewer = contract.min_tricks - 1
            amounts = self._had_fewer_amounts()
            fewer_notes = (
                Explanation(p.rule(Topic.STAKES),
                            "lesson.had_fewer_all" if contract.min_tricks >= p.hand_size else "lesson.had_fewer",
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
        if step.kind in (TABLE, CALL) and not self.book.passed_out:
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
        """Play ``card`` instead of the book's card at step ``index`` (see :func:`.whatif.what_if`)."""
        return what_if(self, index, card, chooser)
