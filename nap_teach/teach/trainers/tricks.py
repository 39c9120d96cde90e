"""Trainers of the play: which cards may go (B10, B11), who wins a trick (B12) or a Misère trick (P4),
and whether the table may stop early (B13)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from ...engine.cards import FULL_PACK, Card, Suit
from ...engine.explain import Explanation
from ...engine.profiles import BRITISH, Contract, Profile
from ...engine.rules import Topic
from ...engine.state import STOP, DealState
from .position import HAND, PositionError, build_position, table_names


# ----------------------------------------------------------------- follow suit
@dataclass(frozen=True)
class CardOption:
    card: Card
    legal: bool
    explanations: tuple[Explanation, ...]
    """The refusal, or why playing the card is fine (follow, trump, discard ...)."""

    @property
    def explanation(self) -> Explanation:
        return self.explanations[0]


@dataclass(frozen=True)
class FollowReport:
    state: DealState
    seat: int
    """The seat to play (whose hand is asked about)."""
    led: Card
    trump: Suit | None
    options: tuple[CardOption, ...]

    @property
    def legal(self) -> tuple[Card, ...]:
        return tuple(o.card for o in self.options if o.legal)

    @property
    def trick(self) -> tuple[tuple[str, Card], ...]:
        t = self.state.current_trick
        assert t is not None
        return tuple((self.state.players[s], c) for s, c in zip(t.seats, t.cards))


def follow_options(hand: Sequence[Card], led: Card | Sequence[Card], trump: Suit | None,
                   players: Sequence[str] | None = None, profile: Profile = BRITISH,
                   rng: random.Random | None = None) -> FollowReport:
    """Which cards of ``hand`` may be played to a trick led with ``led``.

    ``led`` is the card led, or the cards played so far (the first was led).
    With five cards in hand the trick is the first (trump is then the suit led);
    with four, one earlier trick was played in trumps.
    """
    current = (led,) if isinstance(led, Card) else tuple(led)
    if not current:
        raise PositionError("no card led")
    players = tuple(players or table_names(3))
    if len(current) >= len(players):
        raise PositionError("the trick is already complete")
    winners = (0,) * (HAND - len(hand))
    state = build_position(players, trump, winners=winners, current=current, hand=hand, profile=profile, rng=rng)
    seat = state.to_act
    assert seat is not None
    options = []
    for card in hand:
        why = state.refusal(card)
        if why is None:
            after = state.copy()
            after.apply(card)
            expls = tuple(e for e in after.explain_last() if e.rule == state.profile.rule(Topic.FOLLOW))
            options.append(CardOption(card, True, expls or tuple(after.explain_last()[:1])))
        else:
            options.append(CardOption(card, False, (why,)))
    return FollowReport(state, seat, current[0], state.trump, tuple(options))


def random_trick(rng: random.Random, led: Card, players: int, follow: float,
                 higher_offsuit: bool = False) -> list[Card]:
    """A trick of ``players`` cards drawn at random after ``led`` (for trick-judging questions).

    Each later player follows suit with chance ``follow`` while a card of the suit led is
    left, else plays any card left; with ``higher_offsuit`` preferably a card of another
    suit that outranks the lead (the cards that look like winners but cannot win a Misère trick).
    """
    cards = [led]
    pool = [c for c in FULL_PACK if c is not led]
    for _ in range(players - 1):
        same = [c for c in pool if c.suit is led.suit]
        higher = [c for c in pool if c.suit is not led.suit and c.rank > led.rank] if higher_offsuit else []
        pick = rng.choice(same if same and rng.random() < follow else (higher or pool))
        cards.append(pick)
        pool.remove(pick)
    return cards


# ----------------------------------------------------------------- trick judge
@dataclass(frozen=True)
class TrickJudgement:
    players: tuple[str, ...]
    """Names in playing order (the first led)."""
    cards: tuple[Card, ...]
    trump: Suit | None
    winner: int
    """Index in playing order of the winning card."""
    explanation: Explanation

    @property
    def winner_name(self) -> str:
        return self.players[self.winner]

    @property
    def winning_card(self) -> Card:
        return self.cards[self.winner]


def judge_trick(players: Sequence[str], trump: Suit | None, cards: Sequence[Card],
                profile: Profile = BRITISH, rng: random.Random | None = None) -> TrickJudgement:
    """Who wins a trick: ``cards`` in playing order, one per player (the first led).

    The engine plays the trick in a real deal (the first trick when trump is
    the suit led, else the second) and explains the result.
    """
    players = tuple(players)
    cards = tuple(cards)
    if len(cards) != len(players):
        raise PositionError("one card per player")
    winners: tuple[int, ...] = () if trump is None or cards[0].suit is trump else (0,)
    state = build_position(players, trump, winners=winners, current=cards, profile=profile, rng=rng)
    trick = state.tricks[-1]
    expl = next(e for e in state.explain_last() if e.key.startswith("explain.trick_"))
    return TrickJudgement(players, cards, state.trump, trick.seats.index(trick.winning), expl)


# ------------------------------------------------------------------ early stop
@dataclass(frozen=True)
class StopReport:
    state: DealState
    allowed: bool
    outcome: bool | None
    explanation: Explanation


def stop_check(contract: Contract | str, won: int, played: int, trump: Suit = Suit.SPADES,
               players: Sequence[str] | None = None, profile: Profile = BRITISH) -> StopReport:
    """May the table stop after ``played`` tricks of which the declarer won ``won`` (B13)?"""
    if not 0 <= won <= played <= HAND - 1:
        raise PositionError("tricks out of range")
    players = tuple(players or table_names(3))
    winners = [0] * won + [1] * (played - won)
    state = build_position(players, trump, winners=winners, contract=contract, profile=profile)
    why = state.refusal(STOP)
    if why is None:
        after = state.copy()
        after.apply(STOP)
        expl = after.explain_last()[0]
    else:
        expl = why
    return StopReport(state, why is None, state.outcome(), expl)


@dataclass(frozen=True)
class MisereJudgement:
    """A Misère trick (no trump, P4): the cards in playing order and who took it."""

    players: tuple[str, ...]
    cards: tuple[Card, ...]
    winner: int
    """Index in playing order of the winning card."""
    explanation: Explanation
    offsuit: tuple[int, ...]
    """Indices of cards of another suit than the one led: none of them can win."""

    @property
    def winner_name(self) -> str:
        return self.players[self.winner]


def judge_misere_trick(players: Sequence[str], cards: Sequence[Card], profile: Profile,
                       rng: random.Random | None = None) -> MisereJudgement:
    """Who takes a trick in Misère, where nothing is trump (P4): the engine plays it in a real deal."""
    players = tuple(players)
    cards = tuple(cards)
    if len(cards) != len(players):
        raise PositionError("one card per player")
    misere = next((c for c in profile.ladder if not c.trumps), None)
    if misere is None:
        raise PositionError(f"profile {profile.name} has no contract without trump")
    state = build_position(players, None, current=cards, contract=misere, profile=profile, rng=rng)
    trick = state.tricks[-1]
    winner = trick.seats.index(trick.winning)
    led = cards[0].suit
    offsuit = tuple(i for i, card in enumerate(cards) if card.suit is not led)
    facts = {"winner": players[winner], "card": cards[winner], "led": led,
             "others": tuple(cards[i] for i in offsuit)}
    key = "explain.misere_trick_offsuit" if offsuit else "explain.misere_trick"
    return MisereJudgement(players, cards, winner, Explanation(profile.rule(Topic.MISERE), key, facts), offsuit)
