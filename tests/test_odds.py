"""The odds lab's engine (issue 14 part 5): chances by solved layouts, bad hands refused."""
from __future__ import annotations

import pytest

from nap_teach.cards import parse_cards
from nap_teach.odds import OddsError, call_odds, check_hand, wilson
from nap_teach.profiles import BRITISH, PUB


def test_b6_b15_a_strong_hand_makes_three_almost_always_and_scores_by_the_stakes():
    odds = call_odds(check_hand("AS KS QS JS 2H"), 4, BRITISH, layouts=60, seed=1)
    by = {o.contract.name: o for o in odds}
    assert [o.contract.name for o in odds] == [k.name for k in BRITISH.ladder]
    three = by["Three"]
    assert three.made == 60 and three.chance == 1.0 and three.low > 0.9 and three.high == 1.0
    assert three.expected == pytest.approx(3 * three.contract.made)
    for o in odds:
        assert 0 <= o.low <= o.chance <= o.high <= 1 and 0 <= o.simple <= 1
        p = o.chance
        assert o.expected == pytest.approx(3 * (p * o.contract.made - (1 - p) * o.contract.failed))


def test_p4_misere_is_counted_for_a_low_hand_under_the_pub_rules():
    seen = []
    odds = call_odds(check_hand("2S 3S 2H 3D 2C"), 4, PUB, layouts=20, seed=2,
                     progress=lambda done, total: seen.append((done, total)))
    misere = next(o for o in odds if not o.contract.trumps)
    assert misere.made >= 15 and misere.simple > 0.5
    assert seen[-1] == (20, 20)


def test_odds_are_seeded():
    hand = parse_cards("AH KH 7C 9D 4S")
    a = call_odds(hand, 5, BRITISH, layouts=30, seed="x")
    b = call_odds(hand, 5, BRITISH, layouts=30, seed="x")
    assert [o.made for o in a] == [o.made for o in b]


@pytest.mark.parametrize("text, key", [
    ("AS KS QS JS", "odds.count"),
    ("AS KS QS JS 10S 9S", "odds.count"),
    ("AS KS QS JS AS", "odds.twice"),
    ("AS KS QS JS ZZ", "odds.not_a_card"),
])
def test_b4_a_bad_hand_is_refused_with_its_reason(text, key):
    with pytest.raises(OddsError) as err:
        check_hand(text)
    assert err.value.explanation.key == key
    assert err.value.text("en") and err.value.text("es") != err.value.text("en")


def test_wilson_interval_contains_the_proportion():
    low, high = wilson(30, 100)
    assert 0.2 < low < 0.3 < high < 0.4
    assert wilson(0, 0) == (0.0, 1.0)
