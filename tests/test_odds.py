"""The odds lab's engine (issue 14 part 5): chances by solved layouts, bad hands refused."""
from __future__ import annotations

import pytest

from nap_teach.engine.cards import FULL_PACK, parse_cards
from nap_teach.ai.odds import (DealtTable, OddsError, as_dealt, best_call, call_odds, check_dealt_hand, check_hand,
                            check_position, deal_table, position_refusals,
                            wilson)
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.words.i18n import translator


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


WORKED = DealtTable(tuple(parse_cards(h) for h in ("AH KH QH AS 2C", "JH 10H KS AC KD", "9H 8H QS QC QD",
                                                     "7H 6H JS JC JD")),
                    tuple(c for c in FULL_PACK if c not in parse_cards(
                        "AH KH QH AS 2C JH 10H KS AC KD 9H 8H QS QC QD 7H 6H JS JC JD")))


@pytest.mark.parametrize("text, rule, key", [
    ("AH KH QH AS 3C", "B4", "odds.unused"),      # 3C lies in the unused pile
    ("AH KH QH AS AC", "B3", "odds.elsewhere"),   # AC is B's
    ("AH KH QH AS", "odds", "odds.count"),        # the plain checks still come first
])
def test_b3_b4_a_dealt_hand_keeps_to_its_deal(text, rule, key):
    with pytest.raises(OddsError) as err:
        check_dealt_hand(text, WORKED, 0)
    assert (err.value.explanation.rule, err.value.explanation.key) == (rule, key)
    assert "3C" not in text or "3♣" in err.value.text("en")
    assert err.value.text("es") != err.value.text("en")
    assert check_dealt_hand("2C AS QH KH AH", WORKED, 0) == parse_cards("2C AS QH KH AH")
    assert check_dealt_hand("QS QC QD 9H 8H", WORKED, 2)  # seat 3's hand


def test_b11_b14_the_worked_deal_as_dealt_makes_four_and_not_nap():
    real = as_dealt(WORKED, 0, BRITISH)
    assert real.tricks == 4
    assert real.made == {"Three": True, "Four": True, "Nap": False, "Wellington": False}
    pub = as_dealt(WORKED, 0, PUB)
    assert pub.made["Four"] and not pub.made["Nap"] and not pub.made["Misere"]


def test_b3_b4_deal_table_deals_every_card_once():
    import random

    for players in (3, 4, 7):
        table = deal_table(players, random.Random(players), BRITISH)
        cards = [c for h in table.hands for c in h] + list(table.unused)
        assert table.players == players and sorted(cards) == sorted(FULL_PACK)
        assert all(len(h) == 5 for h in table.hands) and len(table.unused) == 52 - 5 * players
    with pytest.raises(OddsError):
        deal_table(8, random.Random(1), BRITISH)


def test_b7_the_best_call_at_the_opening_is_never_wellington():
    """Five top trumps make every call: opening the auction the best allowed call is Nap, not Wellington
    (Wellington only after a Nap, B7); after a Nap it is Wellington; after a Wellington nothing is left."""
    odds = call_odds(check_hand("AS KS QS JS 10S"), 4, BRITISH, layouts=20, seed=1)
    assert max(odds, key=lambda o: o.expected).contract.name == "Wellington"  # what the lab used to name
    assert best_call(odds, BRITISH, None).contract.name == "Nap"
    assert best_call(odds, BRITISH, "Four").contract.name == "Nap"
    assert best_call(odds, BRITISH, "Nap").contract.name == "Wellington"
    assert best_call(odds, BRITISH, "Wellington") is None
    refused = position_refusals(BRITISH, None)
    assert refused["Wellington"].rule == "B7" and refused["Wellington"].key == "odds.requires"
    for lang in ("en", "es"):
        text = translator(lang).explain(refused["Wellington"])
        assert "Wellington" in text and "Nap" in text
    assert translator("es").explain(refused["Wellington"]) != translator("en").explain(refused["Wellington"])


def test_p3_pub_ladder_positions_allow_only_higher_calls_and_blucher_after_wellington():
    allowed = {after: [k for k, why in position_refusals(PUB, after).items() if why is None]
               for after in (None, "Three", "Misere", "Four", "Nap", "Wellington")}
    assert allowed == {None: ["Three", "Misere", "Four", "Nap"], "Three": ["Misere", "Four", "Nap"],
                       "Misere": ["Four", "Nap"], "Four": ["Nap"], "Nap": ["Wellington"], "Wellington": ["Blucher"]}
    assert position_refusals(PUB, "Three")["Three"].key == "odds.not_higher"
    assert position_refusals(PUB, None)["Blucher"].rule == "P3"
    with pytest.raises(OddsError):
        position_refusals(PUB, "Seven")
    assert check_position(PUB, "blücher") == "Blucher" and check_position(PUB, "") is None


@pytest.mark.parametrize("profile", [BRITISH, PUB], ids=["british", "pub"])
def test_b7_p3_the_best_call_is_allowed_at_its_position_for_random_hands(profile):
    import random
    rng = random.Random(25)
    for _ in range(12):
        hand = rng.sample(FULL_PACK, 5)
        odds = call_odds(hand, 4, profile, layouts=8, seed=rng.random())
        for after in [None] + [k.name for k in profile.ladder]:
            best = best_call(odds, profile, after)
            if best is not None:
                assert position_refusals(profile, after)[best.contract.name] is None
                assert best.expected > 0
