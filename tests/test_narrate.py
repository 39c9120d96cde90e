"""Explanations of accepted actions (narrate.py) and their English words."""
from __future__ import annotations

import pytest

from nap_teach.engine.cards import Card, Suit, parse_cards
from nap_teach.engine.explain import Explanation, IllegalCard
from nap_teach.words.i18n import translator
from nap_teach.engine.messages import MESSAGES
from nap_teach.engine.rules import RULE_TITLES
from nap_teach.engine.narrate import explain_action, explain_settlement
from nap_teach.engine.profiles import PUB
from nap_teach.engine.state import DealState

PLAYERS = ("A", "B", "C", "D")
WORKED_HANDS = [parse_cards(h) for h in ("AH KH QH AS 2C", "JH 10H KS AC KD", "9H 8H QS QC QD", "7H 6H JS JC JD")]
WORKED_ACTIONS = ("Four Pass Pass Pass AH JH 9H 7H KH 10H 8H 6H QH KD QD JD AS KS QS JS 2C AC QC JC").split()


def worked(upto: int | None = None) -> DealState:
    return DealState(PLAYERS, 3, WORKED_HANDS).replay(WORKED_ACTIONS[:upto])


def keys(explanations) -> list[str]:
    return [e.key for e in explanations]


def test_the_bid_and_the_auction():
    state = worked(1)
    (bid,) = state.explain_last()
    assert bid.key == "explain.bid_at_least" and bid.rule == "B6"
    assert dict(bid.facts) == {"player": "A", "call": "Four", "tricks": 4}
    assert bid.text() == "A bids Four, promising to take at least 4 of the five tricks."
    state = worked(4)
    assert keys(state.explain_last()) == ["explain.pass", "explain.declarer"]
    assert state.explain_last()[1].text() == (
        "The auction is over: A is the declarer with Four and leads to the first trick.")


def test_B10_trump_is_set_by_the_first_card():
    state = worked(5)
    (first,) = state.explain_last()
    assert first.key == "explain.first_lead_trump"
    assert first.rule == "B10"
    assert first.facts["suit"] is Suit.HEARTS
    assert first.facts["card"] == Card.parse("AH")
    assert first.text() == "A leads A♥. The first card played in a deal sets trump: hearts are trump until the deal ends."


def test_following_and_the_first_trick():
    state = worked(8)
    ex = state.explain_last()
    # hearts led, hearts trump: A♥ wins as the highest trump (B12), not as the highest of the suit led
    assert keys(ex) == ["explain.follow", "explain.trick_trump_led", "explain.winner_leads"]
    assert ex[0].text() == "D follows suit with 7♥."
    assert ex[1].facts["winner"] == "A" and ex[1].facts["number"] == 1
    assert ex[1].text() == "A takes trick 1 with A♥, the highest trump played."  # hearts are trump (B12)


def test_B11_trick_three_discards():
    for index, player, card in ((13, "B", "KD"), (14, "C", "QD"), (15, "D", "JD")):
        ex = explain_action(worked(), index)
        assert ex[0].key == "explain.discard"
        assert ex[0].rule == "B11"
        assert ex[0].facts["player"] == player and ex[0].facts["card"] == Card.parse(card)
        assert ex[0].facts["led"] is Suit.HEARTS
        assert "explain.no_duty_to_trump" not in keys(ex)  # hearts are led and trump: nothing to trump with
    assert explain_action(worked(), 13)[0].text() == ("B has no hearts, so any card is allowed: "
                                                      "B throws K♦, which is not a trump and cannot win.")


def test_B11_no_duty_to_trump_is_explained_when_a_trump_was_held():
    hands = [parse_cards(h) for h in ("AH KH 2H AS 2C", "JH 10H KS AC KD", "9H 8H QS QC QD", "7H 6H JS JC JD")]
    state = DealState(PLAYERS, 3, hands).replay("Four Pass Pass Pass AH JH 9H 7H 2C AC QC JC KD QD JD AS".split())
    ex = state.explain_last()
    assert keys(ex)[:2] == ["explain.discard", "explain.no_duty_to_trump"]
    assert ex[1].text() == "A could have trumped, but need not: there is no duty to trump."
    state.undo()
    state.apply("2H")
    ex = state.explain_last()
    assert ex[0].key == "explain.ruff"
    assert ex[0].text() == "A has no diamonds and trumps with 2♥: allowed, though never required."
    assert ex[1].key == "explain.trick_trumped"


def test_B12_trick_five_is_won_by_B_and_the_deal_is_settled():
    state = worked()
    ex = state.explain_last()
    assert keys(ex) == ["explain.follow", "explain.trick_led", "explain.made", "explain.zero_sum"]
    trick = ex[1]
    assert trick.facts["winner"] == "B" and trick.facts["number"] == 5
    assert trick.facts["card"] == Card.parse("AC")
    assert trick.text() == "B takes trick 5 with A♣, the highest card of the suit led (clubs)."
    made = ex[2]
    assert made.rule == "B15"
    assert dict(made.facts) == {"declarer": "A", "call": "Four", "won": 4, "stake": 4, "total": 12, "opponents": 3}
    assert made.text() == "A took 4 tricks: Four is made. Each opponent pays 4, so A gains 12."
    assert ex[3].rule == "B16"
    assert ex[3].text() == "Payments: A +12, B −4, C −4, D −4. They add up to zero, as they must."


def test_B13_the_moment_the_result_becomes_certain():
    state = worked(20)  # A wins trick 4: four tricks
    ex = state.explain_last()
    assert ex[-1].key == "explain.made_certain" and ex[-1].rule == "B13"
    assert ex[-1].text() == "A has 4 tricks, enough for Four: the contract is now certain to be made."
    state.apply("Stop")
    assert keys(state.explain_last()) == ["explain.stop", "explain.made", "explain.zero_sum"]


def test_failed_contract_explanations():
    hands = [parse_cards(h) for h in ("AH KH QH KS 2C", "JH 10H AS AC KD", "9H 8H QS QC QD", "7H 6H JS JC JD")]
    state = DealState(PLAYERS, 3, hands).replay(
        "Nap Pass Pass Pass AH JH 9H 7H KH 10H 8H 6H QH KD QD JD KS AS QS JS".split())
    ex = state.explain_last()
    assert ex[-1].key == "explain.failed_certain"
    assert ex[-1].text() == "A has 3 tricks and can no longer reach what Nap needs: the contract has failed."
    state.replay(["AC", "QC", "JC", "2C"])
    failed = state.explain_last()[-2]
    assert failed.key == "explain.failed"
    assert failed.text() == "A took 3 tricks: Nap has failed. A pays 5 to each opponent, 15 in all."


def test_B9_passed_out():
    state = DealState(PLAYERS, 3, WORKED_HANDS).replay(["Pass"] * 4)
    ex = state.explain_last()
    assert keys(ex) == ["explain.pass", "explain.passed_out"]
    assert ex[1].rule == "B9"
    assert ex[1].text() == "Everyone passed: no play, no payment. The deal still counts and A deals next."
    assert explain_settlement(state) == []


def test_B7_wellington_explained():
    state = DealState(PLAYERS, 3, WORKED_HANDS).replay(["Nap", "Wellington"])
    ex = state.explain_last()
    assert keys(ex) == ["explain.bid_all", "explain.overcall", "explain.requires_met"]
    assert ex[0].rule == "B7" and ex[2].rule == "B7"
    assert ex[2].text() == "Wellington is allowed because someone has already bid Nap."


def test_P4_misere_explanations():
    hands = [parse_cards(h) for h in ("2H 3S 4C 5D 6H", "AH KS QC JD 10H", "9H 8S 7C 6D 5H", "4H 3C 2S 2D 3D")]
    state = DealState(PLAYERS, 3, hands, PUB).replay(["Misere"])
    (bid,) = state.explain_last()
    assert bid.key == "explain.bid_misere" and bid.rule == "P4"
    state.replay(["Pass", "Pass", "Pass", "2H"])
    assert state.explain_last()[0].key == "explain.first_lead_no_trump"
    state.replay(["AH", "9H", "4H", "KS", "8S", "2S", "3S", "QC", "7C", "3C", "4C", "JD"])
    state.apply("6D")
    state.apply("2D")
    state.apply("5D")
    state.apply("10H")
    state.apply("5H")
    state.apply("3D")
    assert state.explain_last()[0].key == "explain.discard_no_trump"


def test_every_explanation_key_is_in_the_catalogue_and_renders():
    state = worked()
    tr = translator("en")
    for i in range(len(state.actions)):
        for ex in explain_action(state, i):
            assert ex.key in MESSAGES
            assert ex.rule in RULE_TITLES
            text = tr.explain(ex)
            assert "{" not in text and text.strip() == text and text.endswith(".")


def test_refusal_explanations_render():
    state = worked(5)
    with pytest.raises(IllegalCard) as info:
        state.apply("KD")
    assert str(info.value) == "B11: B holds J♥ and 10♥: hearts were led, so B must follow suit and cannot play K♦."
    assert info.value.text("en") == info.value.explanation.text()


def test_explanations_are_values():
    a = Explanation("B11", "explain.follow", {"player": "B", "card": Card.parse("JH")})
    b = Explanation("B11", "explain.follow", {"player": "B", "card": Card.parse("JH")})
    assert a == b and hash(a) == hash(b)
    assert str(a) == "B follows suit with J♥."
    with pytest.raises(TypeError):
        a.facts["player"] = "C"  # type: ignore[index]
    assert translator("en").explain(Explanation("B1", "no.such.key", {})) == "no.such.key"
