"""Trainers: every answer comes from the engine; checked here against the rules digest."""
from __future__ import annotations

import random

import pytest

from nap_teach.engine.auction import Call
from nap_teach.engine.cards import FULL_PACK, Card, Suit, parse_cards
from nap_teach.engine.explain import IllegalCall
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.engine.settlement import check_zero_sum
from nap_teach.teach.trainers import (
    PositionError, auction_options, build_position, follow_options, judge_trick, rotation, settlement,
    stop_check, table_names,
)

WORKED = ("A", "B", "C", "D")


# ---------------------------------------------------------------- rotation
def test_rotation_worked_deal_table():
    """Worked deal: D deals, so A (D's left) speaks first and C (D's right) cuts (B2, B3, B5)."""
    first = rotation(WORKED, 3, 1)[0]
    assert (first.dealer, first.eldest, first.cutter) == ("D", "A", "C")
    assert first.order == ("A", "B", "C", "D")
    assert first.explanation.rule == "B2"


@pytest.mark.parametrize("n", range(3, 8))
def test_rotation_passes_left_every_deal(n):
    players = table_names(n)
    turns = rotation(players, 1, 2 * n + 1)
    for i, turn in enumerate(turns):
        dealer = players.index(turn.dealer)
        assert dealer == (1 + i) % n  # one seat to the left per deal
        assert players.index(turn.eldest) == (dealer + 1) % n
        assert players.index(turn.cutter) == (dealer - 1) % n
        assert turn.order[-1] == turn.dealer and turn.order[0] == turn.eldest
        assert sorted(turn.order) == sorted(players)


def test_rotation_refuses_eight_players():
    from nap_teach.engine.explain import RecordError

    with pytest.raises(RecordError) as err:
        rotation(("A", "B", "C", "D", "E", "F", "G", "H"), 0, 1)
    assert err.value.explanation.rule == "B1"


# ----------------------------------------------------------------- auction
def _option(report, name):
    return next(o for o in report.options if o.call.name == name)


def test_auction_opening_calls():
    report = auction_options(WORKED, 3, [])
    assert report.to_speak == 0
    assert [c.name for c in report.legal_calls] == ["Pass", "Three", "Four", "Nap"]
    wellington = _option(report, "Wellington")
    assert not wellington.legal
    assert (wellington.explanations[0].rule, wellington.explanations[0].key) == ("B7", "call.requires")


def test_auction_after_nap():
    report = auction_options(WORKED, 3, ["Pass", "Nap"])
    assert WORKED[report.to_speak] == "C"
    three = _option(report, "Three")
    assert not three.legal and three.explanations[0].key == "call.not_higher"
    assert three.explanations[0].rule == "B6"
    wellington = _option(report, "Wellington")
    assert wellington.legal
    assert "explain.requires_met" in {e.key for e in wellington.explanations}
    assert _option(report, "Pass").legal


def test_auction_complete_refuses_everything_and_names_declarer():
    report = auction_options(WORKED, 3, ["Four", "Pass", "Pass", "Pass"])
    assert report.to_speak is None and report.legal_calls == ()
    # A bid Four and has spoken: one call each (B5); issue 11: a pass-is-final B8 only after a pass
    assert {o.explanations[0].rule for o in report.options} == {"B5"}
    assert report.summary[0].key == "explain.declarer" and report.summary[0].facts["declarer"] == "A"
    assert [e.facts["player"] for e in report.history] == ["A", "B", "C", "D"]


def test_auction_passed_out_summary():
    report = auction_options(WORKED, 0, ["Pass"] * 4)
    assert report.summary[0].rule == "B9"


def test_auction_refuses_illegal_history():
    with pytest.raises(IllegalCall):
        auction_options(WORKED, 3, ["Nap", "Four"])


def test_auction_pub_ladder():
    report = auction_options(WORKED, 3, ["Nap"], PUB)
    assert [c.name for c in report.legal_calls] == ["Pass", "Wellington"]
    blucher = _option(report, "Blucher")
    assert blucher.explanations[0].rule == "P3"


# ------------------------------------------------------------- follow suit
def test_follow_must_follow_suit():
    hand = parse_cards("5H 9C KD 3D")
    report = follow_options(hand, Card.parse("AH"), Suit.SPADES)
    assert report.legal == (Card.parse("5H"),)
    refused = [o for o in report.options if not o.legal]
    assert {o.explanation.key for o in refused} == {"card.must_follow"}
    assert {o.explanation.rule for o in refused} == {"B11"}


def test_follow_void_any_card_no_duty_to_trump():
    hand = parse_cards("5S KD 9C 3D")
    report = follow_options(hand, Card.parse("AH"), Suit.SPADES)
    assert set(report.legal) == set(hand)
    discard = next(o for o in report.options if o.card == Card.parse("KD"))
    assert discard.explanation.key == "explain.discard" and discard.explanation.rule == "B11"
    ruff = next(o for o in report.options if o.card == Card.parse("5S"))
    assert ruff.explanation.key == "explain.ruff"


def test_follow_first_trick_five_cards_trump_is_suit_led():
    hand = parse_cards("2H 9C KD 3D 4S")
    report = follow_options(hand, Card.parse("AH"), Suit.HEARTS)
    assert report.trump is Suit.HEARTS and report.legal == (Card.parse("2H"),)
    assert len(report.state.tricks) == 0


def test_follow_first_trick_needs_trump_of_led_suit():
    with pytest.raises(PositionError):
        follow_options(parse_cards("2H 9C KD 3D 4S"), Card.parse("AH"), Suit.SPADES)


def test_follow_random_hands_agree_with_b11():
    rng = random.Random(5)
    for _ in range(60):
        trump = rng.choice(list(Suit))
        led = rng.choice(FULL_PACK)
        hand = tuple(rng.sample([c for c in FULL_PACK if c is not led], 4))
        report = follow_options(hand, led, trump, rng=rng)
        holds = [c for c in hand if c.suit is led.suit]
        assert set(report.legal) == set(holds or hand)


# ------------------------------------------------------------- trick judge
def test_judge_worked_deal_tricks():
    """The worked deal's tricks, hearts trump (rules digest)."""
    assert judge_trick(WORKED, Suit.HEARTS, parse_cards("AH JH 9H 7H")).winner_name == "A"
    third = judge_trick(WORKED, Suit.HEARTS, parse_cards("QH KD QD JD"))
    assert third.winner_name == "A" and third.explanation.rule == "B12"
    last = judge_trick(WORKED, Suit.HEARTS, parse_cards("2C AC QC JC"))
    assert last.winner_name == "B" and last.winning_card == Card.parse("AC")


def test_judge_trump_beats_and_off_suit_never_wins():
    t = judge_trick(("Ann", "Ben", "Cat"), Suit.SPADES, parse_cards("5H 2S AD"))
    assert t.winner_name == "Ben" and t.explanation.key == "explain.trick_trumped"
    t = judge_trick(("Ann", "Ben", "Cat"), Suit.SPADES, parse_cards("5H KC AD"))
    assert t.winner_name == "Ann" and t.explanation.key == "explain.trick_led"


def test_judge_random_tricks_agree_with_b12():
    rng = random.Random(11)
    for _ in range(60):
        n = rng.randint(3, 6)
        trump = rng.choice(list(Suit))
        cards = rng.sample(FULL_PACK, n)
        try:
            judged = judge_trick(table_names(n), trump, cards, rng=rng)
        except PositionError:
            continue
        led = cards[0].suit
        trumps = [c for c in cards if c.suit is trump]
        expected = max(trumps or [c for c in cards if c.suit is led], key=lambda c: c.rank)
        assert judged.winning_card is expected


def test_judge_misere_has_no_trump():
    t = judge_trick(("Ann", "Ben", "Cat"), None, parse_cards("5H 2S AD"), PUB)
    # no trump in Misère: the highest card of the suit led wins by P4, not by B12 (issue 11)
    assert t.trump is None and t.winner_name == "Ann" and t.explanation.rule == "P4"


# --------------------------------------------------------------- early stop
def test_stop_when_made_certain():
    report = stop_check("Three", 3, 3)
    assert report.allowed and report.outcome is True


def test_stop_when_failure_certain():
    report = stop_check("Nap", 0, 1)
    assert report.allowed and report.outcome is False


def test_no_stop_while_uncertain():
    report = stop_check("Four", 2, 3)
    assert not report.allowed and report.explanation.key == "stop.not_certain"
    assert report.explanation.rule == "B13"


def test_pub_plays_all_five():
    report = stop_check("Three", 3, 3, profile=PUB)
    assert not report.allowed and report.explanation.rule == "P6"


def test_wellington_position_needs_nap_first():
    state = build_position(table_names(3), Suit.CLUBS, contract="Wellington")
    assert [c.name for c in state.calls] == ["Nap", "Pass", "Wellington"]
    assert state.declarer == 0 and state.contract.name == "Wellington"


# -------------------------------------------------------------- settlement
def test_settlement_worked_deal():
    made = settlement(WORKED, 0, "Four", 4)
    assert made.made and made.amounts == {"A": 12, "B": -4, "C": -4, "D": -4}
    failed = settlement(WORKED, 0, "Four", 3)
    assert not failed.made and failed.amounts == {"A": -12, "B": 4, "C": 4, "D": 4}
    assert failed.explanations[0].rule == "B15" and failed.explanations[1].rule == "B16"


@pytest.mark.parametrize("profile", [BRITISH, PUB])
def test_settlement_reads_stakes_from_profile(profile):
    for contract in profile.ladder:
        for n in range(3, 8):
            players = table_names(n)
            for tricks in range(6):
                report = settlement(players, n - 1, contract, tricks, profile)
                check_zero_sum(report.amounts)
                assert report.total == 0
                made = contract.min_tricks <= tricks <= contract.max_tricks
                assert report.made == made
                stake = contract.made if made else -contract.failed
                assert report.amounts[players[-1]] == stake * (n - 1)


def test_settlement_refuses_six_tricks():
    from nap_teach.engine.explain import RecordError

    with pytest.raises(RecordError) as err:
        settlement(WORKED, 0, "Four", 6)
    assert err.value.explanation.key == "record.tricks"


def test_auction_options_unknown_call():
    with pytest.raises(IllegalCall):
        auction_options(WORKED, 3, [Call("Misere")])


def test_docstring_examples():
    import doctest

    import nap_teach.teach.quiz
    import nap_teach.teach.scorekeeper
    import nap_teach.teach.trainers
    import nap_teach.ui.landing

    for module in (nap_teach.teach.trainers, nap_teach.teach.quiz, nap_teach.teach.scorekeeper, nap_teach.ui.landing):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


# ------------------------------------------------------------------ pub rules
def test_misere_trick_judge_no_card_of_another_suit_wins():
    from nap_teach.engine.profiles import PUB
    from nap_teach.teach.trainers import judge_misere_trick

    judged = judge_misere_trick(("Ann", "Ben", "Cat"), parse_cards("5H AS 9H"), PUB)
    assert judged.winner_name == "Cat" and judged.offsuit == (1,)
    assert judged.explanation.rule == "P4" and judged.explanation.key == "explain.misere_trick_offsuit"
    with pytest.raises(PositionError):
        judge_misere_trick(("Ann", "Ben", "Cat"), parse_cards("5H AS 9H"), BRITISH)  # no Misère there


def test_renege_settlement_through_the_scorekeeper():
    from nap_teach.engine.profiles import PUB
    from nap_teach.teach.trainers import renege_settlement

    report = renege_settlement(("Ann", "Ben", "Cat", "Dan"), 0, "Nap", 2, PUB)
    assert report.amounts == {"Ann": 30, "Ben": 0, "Cat": -30, "Dan": 0}
    assert report.explanations[0].key == "explain.renege_defender"
    one = renege_settlement(("Ann", "Ben", "Cat", "Dan"), 0, "Nap", 2, PUB.with_options(renege_share="one"))
    assert one.amounts["Cat"] == -10 and one.explanations[0].key == "explain.renege_defender_one"


def test_profile_differences_come_from_the_profile_data():
    from nap_teach.engine.profiles import PUB
    from nap_teach.teach.trainers import profile_differences

    diffs = {d.topic: d for d in profile_differences(BRITISH, PUB)}
    assert diffs["stakes:Nap"].values == ((5, 5), (10, 5))
    assert diffs["stakes:Misere"].values == (None, (3, 3))
    assert diffs["requires:Blucher"].values == (None, "Wellington")
    assert diffs["first_dealer"].rules == ("B2", "P1") and diffs["early_stop"].values == (True, False)
    assert "stakes:Three" not in diffs and "stakes:Four" not in diffs  # the two tables agree there
    assert profile_differences(BRITISH, BRITISH) == []


def test_two_tariffs_the_same_deal_under_both_profiles():
    from nap_teach.engine.profiles import PUB
    from nap_teach.teach.trainers import two_tariffs

    made = two_tariffs(("Ann", "Ben", "Cat", "Dan"), 0, "Nap", 5, BRITISH, PUB)
    assert [r.amounts["Ann"] for r in made.reports] == [15, 30] and not made.same
    failed = two_tariffs(("Ann", "Ben", "Cat", "Dan"), 0, "Nap", 4, BRITISH, PUB)
    assert [r.amounts["Ann"] for r in failed.reports] == [-15, -15] and failed.same  # a failed Nap costs 5 each in both
    misere = two_tariffs(("Ann", "Ben", "Cat"), 1, "Misere", 0, BRITISH, PUB)
    assert misere.reports[0] is None and misere.reports[1].amounts["Ben"] == 6


def test_pub_demonstrations_cover_every_p_rule_and_none_for_british():
    from nap_teach.engine.profiles import PUB
    from nap_teach.teach.trainers import demonstration, demonstrations

    demos = demonstrations(PUB, seed=3)
    assert sorted(demos) == [f"P{i}" for i in range(1, 10)]
    assert all(any(step.rule == rule for step in d.steps) for rule, d in demos.items())
    assert demos["P4"].trick and demos["P4"].trump is None
    assert demonstrations(BRITISH) == {} and demonstration("B11", PUB) is None
    assert demonstration("P7", PUB).steps[0].key == "explain.renege_defender"
