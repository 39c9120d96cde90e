"""The deal (B2-B4; P1, P2): who deals first, shuffle, cut, packets of 3 then 2.

A :class:`Deal` is the result: five cards per seat and the unused cards, which
never enter play and are never shown to anyone (B4). Everything is drawn from
a seeded random generator so a teacher can give a class the same deals.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import Any, Callable, Mapping, MutableSequence, Sequence, TypeVar

from .cards import FULL_PACK, Card, Rank
from .explain import Explanation
from .profiles import BRITISH, Profile
from .rules import Topic

__all__ = ["Deal", "DealRandom", "shuffle_and_deal", "deal_rng", "draw_first_dealer", "FirstDealerDraw", "clockwise_from", "ace_low",
           "packets", "MAX_SEED"]

MAX_SEED = 999_999_999
"""Largest seed a page or a table accepts (nine digits: short enough to read out to a class)."""


_T = TypeVar("_T")


def _python_class(cls: _T) -> _T:
    """Keep a class a plain Python class where mypyc compiles this module (setup.py).

    mypyc makes every class it compiles a native class, which cannot extend
    ``random.Random`` (a C type with its own layout); a class with a decorator
    it does not know stays an ordinary class, compiled methods and all. The
    decorator itself changes nothing.
    """
    return cls


@_python_class
class DealRandom(random.Random):
    """``random.Random`` whose :meth:`shuffle` and :meth:`randint` make exactly the same draws, faster.

    CPython writes both in Python over ``_randbelow`` (a call per swap of the
    shuffle, three calls per cut); the dealer shuffles and cuts every deal,
    so these spell the same draws out over ``getrandbits`` (the rejection
    sampling of ``_randbelow``): simulations and searches deal many times
    (the figures are in benchmarks/README.md). Being spelled out, the draws no
    longer depend on how a Python version writes them: seeded deals stay the
    same (tests/test_dealing.py pins them).
    """

    def shuffle(self, x: MutableSequence[Any]) -> None:
        getrandbits = self.getrandbits
        for i, k in _swap_draws(len(x)):
            j = getrandbits(k)  # a number below i + 1, drawn as _randbelow(i + 1) draws it
            while j > i:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]

    def randint(self, a: int, b: int) -> int:
        """A whole number from ``a`` to ``b``, both included, drawn as ``Random.randint`` draws it."""
        width = b - a + 1
        if width <= 0 or not isinstance(width, int):
            return super().randint(a, b)  # its own errors for an empty range or other numbers
        k = width.bit_length()
        getrandbits = self.getrandbits
        r = getrandbits(k)
        while r >= width:
            r = getrandbits(k)
        return a + r


@cache
def _swap_draws(length: int) -> tuple[tuple[int, int], ...]:
    """The swaps of a shuffle of ``length`` items: (position, bits drawn for it), last position first."""
    return tuple((i, (i + 1).bit_length()) for i in reversed(range(1, length)))


def deal_rng(seed: object, number: object = 0) -> random.Random:
    """A generator for deal ``number`` of a session started with ``seed``.

    String seeds hash the same on every run and machine, unlike ``hash()``.
    """
    return DealRandom(f"nap-teach:{seed}:{number}")


def clockwise_from(start: int, players: int) -> list[int]:
    """Seats in clockwise order starting at ``start``."""
    return [(start + i) % players for i in range(players)]


@dataclass(frozen=True)
class Deal:
    """Five cards to each seat; ``unused`` stays face down all deal (B4)."""

    players: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    unused: tuple[Card, ...]
    cut: int = 0
    """Where the dealer's right-hand neighbour cut the pack (cards lifted)."""

    @property
    def eldest(self) -> int:
        """The dealer's left-hand neighbour: first to receive cards and to speak."""
        return (self.dealer + 1) % len(self.players)

    @property
    def cutter(self) -> int:
        """The dealer's right-hand neighbour, who cuts (B3)."""
        return (self.dealer - 1) % len(self.players)

    def hand_of(self, name: str) -> tuple[Card, ...]:
        return self.hands[self.players.index(name)]

    def hands_by_name(self) -> Mapping[str, tuple[Card, ...]]:
        return {p: h for p, h in zip(self.players, self.hands)}


def shuffle_and_deal(
    players: Sequence[str],
    dealer: int,
    rng: random.Random,
    profile: Profile = BRITISH,
) -> Deal:
    """Shuffle, let the dealer's right cut, deal 3 then 2 from the dealer's left (B3; P2).

    The cut leaves at least ``profile.min_cut`` cards in each packet. The
    packets go round as :func:`packets` lays them out; the cards left over are unused (B4).
    """
    size = profile.hand_size
    pack = list(FULL_PACK)
    rng.shuffle(pack)
    cut = rng.randint(profile.min_cut, 52 - profile.min_cut)
    hands, unused = packets(len(players), dealer, size, cut)
    return Deal(tuple(players), dealer, tuple([take(pack) for take in hands]), unused(pack), cut)


Getter = Callable[[Sequence[Card]], tuple[Card, ...]]


@cache
def packets(players: int, dealer: int, hand_size: int, cut: int = 0) -> tuple[tuple[Getter, ...], Getter]:
    """Where each seat's cards lie in the shuffled pack (B3), as a getter of those cards per seat, and the unused cards' getter (B4).

    The cut lifts the top ``cut`` cards and puts them under, so card ``p`` of
    the cut pack is card ``(p + cut) % 52`` of the pack as shuffled: the getters
    read the shuffled pack directly, with no cut pack made. The packets go
    round clockwise from the dealer's left: three cards to each seat, then the
    rest of the hand (two cards of a five-card hand) to each seat in the same
    order; the cards after the last packet are the unused ones, in the cut
    pack's order. The layout depends only on the table and the cut, so it is
    worked out once per (players, dealer, hand size, cut): every deal needs one.
    """
    where: list[tuple[int, ...]] = [()] * players
    first = 3 * players
    rest = hand_size - 3
    for i, seat in enumerate(clockwise_from((dealer + 1) % players, players)):
        where[seat] = (3 * i, 3 * i + 1, 3 * i + 2) + tuple(range(first + rest * i, first + rest * (i + 1)))
    size = len(FULL_PACK)
    hands = tuple(itemgetter(*((p + cut) % size for p in cards)) for cards in where)  # (3 cards or more: tuples)
    left = [(p + cut) % size for p in range(hand_size * players, size)]
    unused: Getter = itemgetter(*left) if len(left) > 1 else lambda pack: tuple(pack[p] for p in left)
    return hands, unused


@dataclass(frozen=True)
class FirstDealerDraw:
    """How the first dealer was chosen, with the cards drawn when cards decide (P1)."""

    dealer: int
    rounds: tuple[Mapping[int, Card], ...]
    explanation: Explanation


def draw_first_dealer(players: Sequence[str], rng: random.Random, profile: Profile = BRITISH) -> FirstDealerDraw:
    """Choose the first dealer: by lot (B2) or lowest card, Ace low, ties redraw (P1)."""
    n = len(players)
    if profile.first_dealer == "lot":
        seat = rng.randrange(n)
        return FirstDealerDraw(seat, (), Explanation(profile.rule(Topic.FIRST_DEALER), "first_dealer.lot",
                                                     {"dealer": players[seat]}))
    in_draw = list(range(n))
    rounds: list[dict[int, Card]] = []
    while True:
        pack = list(FULL_PACK)
        rng.shuffle(pack)
        drawn = {seat: pack[i] for i, seat in enumerate(in_draw)}
        rounds.append(drawn)
        low = min(ace_low(c) for c in drawn.values())
        in_draw = [s for s, c in drawn.items() if ace_low(c) == low]
        if len(in_draw) == 1:
            seat = in_draw[0]
            return FirstDealerDraw(
                seat,
                tuple(rounds),
                Explanation(profile.rule(Topic.FIRST_DEALER), "first_dealer.low_card",
                            {"dealer": players[seat], "card": drawn[seat], "redraws": len(rounds) - 1}),
            )


def ace_low(card: Card) -> int:
    """A card's value when players draw for the first dealer: its rank, with the Ace lowest (1) (P1)."""
    return 1 if card.rank is Rank.ACE else int(card.rank)
