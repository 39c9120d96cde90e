"""The deal (B2-B4; P1, P2): who deals first, shuffle, cut, packets of 3 then 2.

A :class:`Deal` is the result: five cards per seat and the unused cards, which
never enter play and are never shown to anyone (B4). Everything is drawn from
a seeded random generator so a teacher can give a class the same deals.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from operator import itemgetter
from typing import Callable, Mapping, Sequence

from .cards import FULL_PACK, Card, Rank
from .explain import Explanation
from .profiles import BRITISH, Profile
from .rulebook import Topic

__all__ = ["Deal", "shuffle_and_deal", "deal_rng", "draw_first_dealer", "FirstDealerDraw", "clockwise_from"]


def deal_rng(seed: object, number: int = 0) -> random.Random:
    """A generator for deal ``number`` of a session started with ``seed``.

    String seeds hash the same on every run and machine, unlike ``hash()``.
    """
    return random.Random(f"nap-teach:{seed}:{number}")


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
    """Shuffle, let the dealer's right cut, deal 3 then 2 from the dealer's left (B3)."""
    n = len(players)
    size = profile.hand_size
    pack = list(FULL_PACK)
    lo = profile.min_cut
    if rng.__class__ is random.Random and _FAST_SHUFFLE_OK:
        # the very same draws as rng.shuffle(pack) and rng.randint(lo, 52 - lo), faster
        getrandbits = rng.getrandbits
        _shuffle(pack, getrandbits)
        cut = lo + _below(53 - 2 * lo, getrandbits)
    else:
        rng.shuffle(pack)
        cut = rng.randint(lo, 52 - lo)
    pack = pack[cut:] + pack[:cut]
    if size == 5:  # every profile so far: the same packets, read with cached index lists
        hands = tuple([take(pack) for take in _packets(n, dealer)])
        return _new_deal(tuple(players), dealer, hands, tuple(pack[5 * n:]), cut)
    # Packets go round clockwise from the dealer's left: 3 cards each, then the rest (2).
    dealt: list[tuple[Card, ...]] = [()] * n
    first = 3 * n
    rest = size - 3
    seat = dealer
    for i in range(n):
        seat = seat + 1 if seat + 1 < n else 0
        dealt[seat] = tuple(pack[3 * i: 3 * i + 3] + pack[first + rest * i: first + rest * (i + 1)])
    return _new_deal(tuple(players), dealer, tuple(dealt), tuple(pack[first + rest * n:]), cut)


_PACKETS: dict[tuple[int, int], tuple[Callable[[list[Card]], tuple[Card, ...]], ...]] = {}


def _packets(n: int, dealer: int) -> tuple[Callable[[list[Card]], tuple[Card, ...]], ...]:
    """For each seat, a getter of its five cards in the cut pack: 3 then 2, clockwise from the dealer's left."""
    found = _PACKETS.get((n, dealer))
    if found is None:
        index: list[list[int]] = [[] for _ in range(n)]
        seat = dealer
        for i in range(n):
            seat = seat + 1 if seat + 1 < n else 0
            index[seat] = [3 * i, 3 * i + 1, 3 * i + 2, 3 * n + 2 * i, 3 * n + 2 * i + 1]
        found = _PACKETS[(n, dealer)] = tuple(itemgetter(*idx) for idx in index)
    return found


_SHUFFLE_STEPS = tuple((i, (i + 1).bit_length()) for i in range(51, 0, -1))


def _shuffle(pack: list[Card], getrandbits: Callable[[int], int]) -> None:
    """Fisher-Yates exactly as CPython's ``random.shuffle`` draws it, inlined for speed.

    Only used when a self-check at import time shows the result is identical
    to ``Random.shuffle`` on this Python, so seeded deals never change.
    """
    for i, k in _SHUFFLE_STEPS:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        pack[i], pack[j] = pack[j], pack[i]


def _below(n: int, getrandbits: Callable[[int], int]) -> int:
    """A number in range(n) drawn as CPython's ``Random.randrange(n)`` draws it."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _fast_shuffle_matches() -> bool:
    for seed in ("nap-teach:check:0", "nap-teach:check:1", 12345):
        for lo in (1, 4):
            a, b = random.Random(seed), random.Random(seed)
            x, y = list(FULL_PACK), list(FULL_PACK)
            a.shuffle(x)
            cut_a = a.randint(lo, 52 - lo)
            _shuffle(y, b.getrandbits)
            cut_b = lo + _below(53 - 2 * lo, b.getrandbits)
            if x != y or cut_a != cut_b or a.getrandbits(64) != b.getrandbits(64):
                return False
    return True


_FAST_SHUFFLE_OK = _fast_shuffle_matches()


def _new_deal(players: tuple[str, ...], dealer: int, hands: tuple[tuple[Card, ...], ...],
              unused: tuple[Card, ...], cut: int) -> Deal:
    """``Deal(players, dealer, hands, unused, cut)`` without the frozen dataclass's per-field setattr."""
    deal = object.__new__(Deal)
    deal.__dict__.update(players=players, dealer=dealer, hands=hands, unused=unused, cut=cut)
    return deal


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
        low = min(_ace_low(c) for c in drawn.values())
        in_draw = [s for s, c in drawn.items() if _ace_low(c) == low]
        if len(in_draw) == 1:
            seat = in_draw[0]
            return FirstDealerDraw(
                seat,
                tuple(rounds),
                Explanation(profile.rule(Topic.FIRST_DEALER), "first_dealer.low_card",
                            {"dealer": players[seat], "card": drawn[seat], "redraws": len(rounds) - 1}),
            )


def _ace_low(card: Card) -> int:
    return 1 if card.rank is Rank.ACE else int(card.rank)
