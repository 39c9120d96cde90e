"""The deal (B2-B4; P1, P2): first dealer, shuffle, cut, packets of 3 then 2."""
from __future__ import annotations

import hashlib
import random

import pytest

from nap_teach.engine.cards import FULL_PACK, Rank
from nap_teach.engine.dealing import Deal, clockwise_from, deal_rng, draw_first_dealer, shuffle_and_deal
from nap_teach.engine.profiles import BRITISH, PUB

NAMES = ("A", "B", "C", "D", "E", "F", "G")


class StackedRng(random.Random):
    """A 'shuffle' that leaves the pack in order and a cut of our choosing; records the cut bounds."""

    def __init__(self, cut: int) -> None:
        super().__init__(0)
        self.cut = cut
        self.bounds: tuple[int, int] | None = None

    def shuffle(self, x):  # type: ignore[override]
        pass

    def randint(self, a, b):  # type: ignore[override]
        self.bounds = (a, b)
        return self.cut


@pytest.mark.parametrize("n", range(3, 8))
@pytest.mark.parametrize("dealer", [0, 2])
def test_B3_packets_of_three_then_two_clockwise_from_the_dealers_left(n, dealer):
    dealer %= n
    cut = 7
    deal = shuffle_and_deal(NAMES[:n], dealer, StackedRng(cut))
    pack = list(FULL_PACK[cut:] + FULL_PACK[:cut])  # the cut: the lifted packet goes under
    expected = {}
    order = [(dealer + 1 + i) % n for i in range(n)]  # the dealer's left first, the dealer last
    for i, seat in enumerate(order):
        expected[seat] = pack[3 * i: 3 * i + 3] + pack[3 * n + 2 * i: 3 * n + 2 * i + 2]
    assert [list(h) for h in deal.hands] == [expected[s] for s in range(n)]
    assert list(deal.unused) == pack[5 * n:]
    assert deal.cut == cut
    assert deal.eldest == order[0]


def test_B3_the_cut_is_by_the_dealers_right_and_leaves_cards_in_both_packets():
    deal = shuffle_and_deal(NAMES[:4], 0, deal_rng("cut", 0))
    assert deal.cutter == 3  # A deals: D, on A's right, cuts
    assert shuffle_and_deal(NAMES[:5], 2, deal_rng("cut", 0)).cutter == 1
    rng = StackedRng(1)
    shuffle_and_deal(NAMES[:4], 0, rng)
    assert rng.bounds == (1, 51)
    for k in range(200):
        assert 1 <= shuffle_and_deal(NAMES[:4], 0, deal_rng("cut", k)).cut <= 51


def test_P2_pub_cut_leaves_at_least_four_cards():
    rng = StackedRng(4)
    shuffle_and_deal(NAMES[:4], 0, rng, PUB)
    assert rng.bounds == (4, 48)
    for k in range(200):
        assert 4 <= shuffle_and_deal(NAMES[:4], 0, deal_rng("pubcut", k), PUB).cut <= 48


@pytest.mark.parametrize("n,unused", [(3, 37), (4, 32), (5, 27), (6, 22), (7, 17)])
def test_B4_five_each_and_52_minus_5n_unused(n, unused):
    for k in range(20):
        deal = shuffle_and_deal(NAMES[:n], k % n, deal_rng("b4", k))
        assert [len(h) for h in deal.hands] == [5] * n
        assert len(deal.unused) == unused == BRITISH.unused_cards(n)
        everything = [c for h in deal.hands for c in h] + list(deal.unused)
        assert sorted(everything) == sorted(FULL_PACK)


def test_B3_shuffle_every_deal_and_seeded_deals_repeat():
    a = shuffle_and_deal(NAMES[:4], 0, deal_rng("class-7", 3))
    b = shuffle_and_deal(NAMES[:4], 0, deal_rng("class-7", 3))
    c = shuffle_and_deal(NAMES[:4], 0, deal_rng("class-7", 4))
    assert a == b
    assert a.hands != c.hands


def test_B3_the_deal_is_random_shuffle_then_the_cut():
    # the dealer draws exactly Random.shuffle, then Random.randint for the cut
    for seed in range(50):
        r1, r2 = random.Random(seed), random.Random(seed)
        pack = list(FULL_PACK)
        r1.shuffle(pack)
        cut = r1.randint(1, 51)
        pack = pack[cut:] + pack[:cut]
        deal = shuffle_and_deal(NAMES[:3], 2, r2)
        assert deal.hands[0] == tuple(pack[0:3] + pack[9:11])  # A is the dealer's left
        assert deal.unused == tuple(pack[15:])
        assert r1.random() == r2.random()  # the generator has moved on exactly as far


def test_B3_seeded_deals_never_change():
    """2,000 seeded deals (3 to 7 players, both profiles) hash to the value they had when
    the deal was first written: a teacher's seed gives the class the same deals in every version."""
    digest = hashlib.sha256()
    for profile in (BRITISH, PUB):
        for n in range(3, 8):
            for k in range(200):
                deal = shuffle_and_deal(NAMES[:n], k % n, deal_rng("pinned", k), profile)
                cards = " ".join(" ".join(c.code for c in hand) for hand in deal.hands + (deal.unused,))
                digest.update(cards.encode() + b"|%d;" % deal.cut)
    assert digest.hexdigest() == "3e5906558720d9792128c10846dd5b706527cdc0a67f3d216bce0f9c4fe09928"


def test_deal_accessors():
    deal = shuffle_and_deal(NAMES[:4], 3, deal_rng("acc", 0))
    assert isinstance(deal, Deal)
    assert deal.hand_of("B") == deal.hands[1]
    assert deal.hands_by_name()["D"] == deal.hands[3]
    assert deal.eldest == 0 and deal.cutter == 2


def test_clockwise_from():
    assert clockwise_from(2, 4) == [2, 3, 0, 1]
    assert clockwise_from(0, 3) == [0, 1, 2]


def test_B2_first_dealer_by_lot():
    seen = set()
    for k in range(60):
        draw = draw_first_dealer(NAMES[:5], random.Random(k), BRITISH)
        assert 0 <= draw.dealer < 5
        assert draw.rounds == ()
        assert draw.explanation.rule == "B2"
        assert draw.explanation.key == "first_dealer.lot"
        seen.add(draw.dealer)
    assert seen == set(range(5))


def ace_low(card):
    return 1 if card.rank is Rank.ACE else int(card.rank)


def test_P1_lowest_card_deals_aces_low_ties_redraw():
    redraws = 0
    for k in range(300):
        draw = draw_first_dealer(NAMES[:6], random.Random(k), PUB)
        assert draw.explanation.rule == "P1"
        first = draw.rounds[0]
        assert sorted(first) == list(range(6))
        last = draw.rounds[-1]
        low = min(ace_low(c) for c in last.values())
        assert [s for s, c in last.items() if ace_low(c) == low] == [draw.dealer]
        for earlier, later in zip(draw.rounds, draw.rounds[1:]):
            low = min(ace_low(c) for c in earlier.values())
            tied = sorted(s for s, c in earlier.items() if ace_low(c) == low)
            assert len(tied) > 1 and sorted(later) == tied  # only the tied players redraw
        redraws += len(draw.rounds) - 1
        assert draw.explanation.facts["redraws"] == len(draw.rounds) - 1
    assert redraws > 0  # ties happen in 300 draws, and were redrawn


@pytest.mark.parametrize("length", [0, 1, 2, 3, 13, 52, 100])
def test_B3_deal_random_shuffles_exactly_as_random_does(length):
    """The dealer's generator shuffles faster, with the very draws of ``random.Random.shuffle``."""
    for seed in range(40):
        ours, theirs = deal_rng(seed, length), random.Random(f"nap-teach:{seed}:{length}")
        a, b = list(range(length)), list(range(length))
        ours.shuffle(a)
        theirs.shuffle(b)
        assert a == b
        assert ours.getrandbits(64) == theirs.getrandbits(64)  # and the generator has moved on as far


@pytest.mark.parametrize("low, high", [(1, 51), (4, 48), (0, 0), (3, 3), (0, 1), (-5, 1000), (1, 2 ** 40)])
def test_B3_deal_random_cuts_exactly_as_random_does(low, high):
    """The cut (``randint``) is spelled out too: the very draws of ``random.Random.randint``."""
    for seed in range(40):
        ours, theirs = deal_rng(seed, high), random.Random(f"nap-teach:{seed}:{high}")
        assert [ours.randint(low, high) for _ in range(5)] == [theirs.randint(low, high) for _ in range(5)]
        assert ours.getrandbits(64) == theirs.getrandbits(64)


def test_deal_random_refuses_an_empty_range_as_random_does():
    with pytest.raises(ValueError, match="empty range"):
        deal_rng(0).randint(5, 4)
