"""Hand and session records ("nap-hand/1", "nap-session/1"): round trips and checks."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import nap_teach
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal
from nap_teach.engine.explain import IllegalAction, IllegalCall, IllegalCard, RecordError, RuleError
from nap_teach.words.i18n import translator
from nap_teach.engine.profiles import PUB
from nap_teach.engine.records import (
    HAND_FORMAT,
    SESSION_FORMAT,
    hand_from_record,
    hand_to_record,
    load_hand,
    load_session,
    parse_json,
    record_from_link,
    record_to_link,
    session_from_record,
    session_to_record,
)
from nap_teach.engine.session import Session
from nap_teach.engine.state import DealState

WORKED_FILE = Path(nap_teach.__file__).parent / "data" / "hands" / "worked_deal.json"
WORKED = json.loads(WORKED_FILE.read_text())


def worked_record(**changes) -> dict:
    record = copy.deepcopy(WORKED)
    record.update(changes)
    return record


def session_record(deals, **changes) -> dict:
    record = {"format": SESSION_FORMAT, "profile": "british", "players": ["A", "B", "C", "D"],
              "first_dealer": "D", "deals": deals}
    record.update(changes)
    return record


FULL_DEAL = {"hands": WORKED["hands"], "auction": WORKED["auction"], "play": WORKED["play"]}


def random_state(seed: int, n: int = 4, profile=nap_teach.BRITISH) -> DealState:
    import random

    players = tuple("ABCDEFG"[:n])
    state = DealState.from_deal(shuffle_and_deal(players, seed % n, deal_rng("records", seed), profile), profile)
    rng = random.Random(seed)
    while state.phase != "over":
        state.apply(rng.choice(state.legal_calls() or state.legal_cards()))
    return state


# --------------------------------------------------------------- round trips
@pytest.mark.parametrize("seed", range(6))
def test_record_travels_in_a_link_and_comes_back_whole(seed):
    state = random_state(seed, n=3 + seed % 5)
    code = record_to_link(hand_to_record(state))
    assert code.replace("-", "").replace("_", "").isalnum()  # safe in a URL as it is
    assert len(code) < 600
    again = hand_from_record(record_from_link(code))
    assert again.actions == state.actions and again.result() == state.result()


@pytest.mark.parametrize("code", ["", "not base64!", "eJzz", "A" * 9000, record_to_link({"x": "y" * 200000})])
def test_a_broken_or_oversized_link_is_refused_with_a_reason(code):
    with pytest.raises(RecordError) as e:
        value = record_from_link(code)
        hand_from_record(value)  # a link that decodes to something else is refused by the shape check
    assert e.value.explanation.key in ("record.bad_link", "record.not_json")
    assert translator("es").explain(e.value.explanation)


def test_worked_deal_record_round_trip():
    state = load_hand(WORKED_FILE.read_bytes())
    record = hand_to_record(state)
    assert record == {**WORKED, "format": HAND_FORMAT}
    again = hand_from_record(json.loads(json.dumps(record)))
    assert again.actions == state.actions
    assert again.result() == state.result()


@pytest.mark.parametrize("seed", range(12))
def test_random_hand_round_trips(seed):
    state = random_state(seed, n=3 + seed % 5, profile=PUB if seed % 4 == 0 else nap_teach.BRITISH)
    record = hand_to_record(state)
    assert "unused" not in record  # the unused cards are never written (B4)
    text = json.dumps(record)
    again = load_hand(text)
    assert again.actions == state.actions
    assert again.hands == state.hands and again.dealer == state.dealer and again.profile == state.profile
    assert again.result() == state.result()
    assert hand_to_record(again) == record


def test_partial_and_passed_out_hands_round_trip():
    partial = hand_from_record(worked_record(play=WORKED["play"][:7]))
    assert partial.phase == "play" and len(partial.cards_played) == 7
    assert hand_to_record(partial)["play"] == WORKED["play"][:7]
    auction_only = hand_from_record(worked_record(auction=["Pass", "Three"], play=[]))
    assert auction_only.phase == "auction" and auction_only.to_act == 2
    passed = hand_from_record(worked_record(auction=["Pass"] * 4, play=[]))
    assert passed.passed_out
    assert hand_from_record(hand_to_record(passed)).passed_out


def test_stopped_hand_round_trips_to_the_same_result():
    state = hand_from_record(worked_record(play=WORKED["play"][:16]))
    state.apply("Stop")
    again = hand_from_record(hand_to_record(state))
    assert again.result() == state.result()


def test_session_round_trip_with_both_kinds_of_deals():
    record = session_record([
        FULL_DEAL,
        {"auction": ["Pass", "Pass", "Pass", "Pass"]},
        {"auction": ["Three", "Pass", "Pass", "Pass"], "declarer_tricks": 3},
        {"auction": ["Pass", "Nap", "Pass", "Pass"], "declarer_tricks": 4},
    ], deals_target=8, seed="club-night")
    session = session_from_record(record)
    assert [r.dealer for r in session.ledger()] == ["D", "A", "B", "C"]  # dealers rotate by themselves
    # A +12; passed out; C (first to speak after B deals) makes Three +9; A fails Nap -15
    assert session.balances == {"A": -6, "B": -2, "C": 10, "D": -2}
    assert [r.declarer for r in session.ledger()] == ["A", None, "C", "A"]
    again = session_to_record(session)
    assert again == {**record, "format": SESSION_FORMAT}
    assert session_from_record(json.loads(json.dumps(again))).ledger() == session.ledger()


@pytest.mark.parametrize("seed", range(5))
def test_random_session_round_trips(seed):
    n = 3 + seed
    session = Session.new(tuple("ABCDEFG"[:n]), seed=f"rec-{seed}", rotations=1)
    import random

    rng = random.Random(seed)
    while not session.is_over:
        if rng.random() < 0.5:
            state = session.deal_next()
            while state.phase != "over":
                state.apply(rng.choice(state.legal_calls() or state.legal_cards()))
            session.add_played(state)
        else:
            calls, auction = [], session.deal_next()
            while auction.phase == "auction":
                call = rng.choice(auction.legal_calls())
                auction.apply(call)
                calls.append(call)
            tricks = None if auction.passed_out else rng.randrange(6)
            session.add_scored(calls, tricks)
    record = session_to_record(session)
    assert record["rotations"] == 1 and "deals_target" not in record
    again = load_session(json.dumps(record))
    assert again.ledger() == session.ledger()
    assert again.winners() == session.winners()
    assert session_to_record(again) == record


def test_session_length_defaults_to_eight_or_the_deals_given():
    assert session_from_record(session_record([])).total_deals == 8
    nine = session_record([{"auction": ["Pass"] * 4}] * 9)
    assert session_from_record(nine).total_deals == 9


# ------------------------------------------------------------ malformed files
@pytest.mark.parametrize("text,key", [
    ("{", "record.not_json"),
    ("", "record.not_json"),
    (b"\xff\xfe{", "record.not_json"),
    ("[]", "record.not_object"),
    ('"hand"', "record.not_object"),
])
def test_not_json_or_not_an_object(text, key):
    with pytest.raises(RecordError) as info:
        load_hand(text)
    assert info.value.explanation.key == key


BAD_HANDS = [
    (dict(format="nap-hand/2"), "record.format"),
    (dict(players=None), "record.type"),
    (dict(players=["A", "B"], hands={"A": WORKED["hands"]["A"], "B": WORKED["hands"]["B"]}), "record.players"),
    (dict(players=list("ABCDEFGH")), "record.players"),
    (dict(players=["A", "B", "C", "C"]), "record.player_names"),
    (dict(players=["A", "B", "C", ""]), "record.player_names"),
    (dict(dealer="Z"), "record.dealer"),
    (dict(dealer=3), "record.type"),
    (dict(profile="bridge"), "record.profile"),
    (dict(profile=7), "record.profile"),
    (dict(hands=[]), "record.type"),
    (dict(auction="Four"), "record.type"),
    (dict(auction=["Four", "Pass", "Pass", "Double"]), "record.call"),
    (dict(auction=[4, "Pass", "Pass", "Pass"]), "record.call"),
    (dict(play="AH JH"), "record.type"),
    (dict(play=["AH", "JH", "XX"]), "record.play_card"),
    (dict(play=["AH", 5]), "record.play_card"),
]


@pytest.mark.parametrize("changes,key", BAD_HANDS)
def test_malformed_hand_records(changes, key):
    with pytest.raises(RecordError) as info:
        hand_from_record(worked_record(**changes))
    assert info.value.explanation.key == key
    assert not isinstance(info.value, RuleError)
    assert translator("en").explain(info.value.explanation)  # words, not a bare key
    assert "{" not in info.value.text()


def hands_with(player: str, cards) -> dict:
    hands = copy.deepcopy(WORKED["hands"])
    hands[player] = cards
    return hands


@pytest.mark.parametrize("hands,key", [
    (hands_with("A", ["XH", "KH", "QH", "AS", "2C"]), "record.card"),
    (hands_with("A", ["1H", "KH", "QH", "AS", "2C"]), "record.card"),
    (hands_with("A", [14, "KH", "QH", "AS", "2C"]), "record.card"),
    (hands_with("B", ["AH", "10H", "KS", "AC", "KD"]), "record.duplicate"),
    (hands_with("B", ["JH", "10H", "KS", "AC"]), "record.hand_size"),
    (hands_with("B", ["JH", "10H", "KS", "AC", "KD", "2D"]), "record.hand_size"),
    (hands_with("B", "JH 10H KS AC KD"), "record.type"),
    ({k: v for k, v in WORKED["hands"].items() if k != "D"}, "record.hand_owner"),
    ({**WORKED["hands"], "E": ["2D", "3D", "4D", "5D", "6D"]}, "record.hand_owner"),
])
def test_malformed_hands(hands, key):
    with pytest.raises(RecordError) as info:
        hand_from_record(worked_record(hands=hands))
    assert info.value.explanation.key == key


def test_missing_fields():
    for name in ("players", "dealer", "hands", "auction"):
        record = worked_record()
        del record[name]
        with pytest.raises(RecordError) as info:
            hand_from_record(record)
        assert info.value.explanation.key == "record.missing"
        assert info.value.explanation.facts["field"] == name
    record = worked_record()
    del record["play"], record["format"], record["profile"]  # optional: no play yet, defaults
    assert hand_from_record(record).phase == "play"


def test_cards_in_any_spelling_are_accepted():
    hands = {"A": ["A♥", "k♥", "QH", "as", "2♣"], "B": ["JH", "TH", "KS", "AC", "KD"],
             "C": ["9H", "8H", "QS", "QC", "QD"], "D": ["7H", "6H", "JS", "JC", "JD"]}
    state = hand_from_record(worked_record(hands=hands, play=["a♥", "J♥", "9h", "7H", "KH", "T♥"]))
    assert hand_to_record(state)["hands"]["B"] == ["JH", "10H", "KS", "AC", "KD"]
    assert hand_to_record(state)["play"][5] == "10H"


# ------------------------------------------------------- rules broken in play
def test_revoke_in_the_play_is_a_rule_error_with_its_location():
    play = list(WORKED["play"])
    play[5] = "KD"  # trick 2: B throws K♦ while holding 10♥
    with pytest.raises(IllegalCard) as info:
        hand_from_record(worked_record(play=play))
    err = info.value
    assert err.rule == "B11"
    assert translator("en").explain(err.location) == "card 6 (trick 2), by B"


def test_wellington_without_nap_in_a_record():
    with pytest.raises(IllegalCall) as info:
        hand_from_record(worked_record(auction=["Wellington", "Pass", "Pass", "Pass"], play=[]))
    assert info.value.rule == "B7"
    assert translator("en").explain(info.value.location) == "call 1, by A"


@pytest.mark.parametrize("changes,rule", [
    (dict(auction=["Four", "Three", "Pass", "Pass"]), "B6"),
    (dict(auction=["Four", "Pass", "Pass", "Pass", "Pass"]), "B5"),  # A bid Four: one call each
    (dict(auction=["Pass", "Four", "Pass", "Pass", "Four"]), "B8"),  # A passed: a pass is final
    (dict(auction=["Pass"] * 4, play=["AH"]), "B9"),
    (dict(auction=["Four", "Pass", "Pass"]), "B10"),  # a card before the auction is over
    (dict(play=["JH"]), "B10"),  # B's card: A, the declarer, leads to the first trick
    (dict(play=["2S"]), "B4"),  # an unused card
    (dict(play=WORKED["play"] + ["AD"]), "B13"),
])
def test_rules_broken_in_records(changes, rule):
    with pytest.raises(RuleError) as info:
        hand_from_record(worked_record(**changes))
    assert info.value.rule == rule
    assert info.value.location is not None


def test_session_records_checked_deal_by_deal():
    for deals, error, key in [
        ([{"auction": ["Three", "Pass", "Pass", "Pass"], "declarer_tricks": 6}], RecordError, "record.tricks"),
        ([{"auction": ["Three", "Pass", "Pass", "Pass"], "declarer_tricks": -1}], RecordError, "record.tricks"),
        ([{"auction": ["Three", "Pass", "Pass", "Pass"]}], RecordError, "record.tricks_missing"),
        ([{"auction": ["Pass"] * 4, "declarer_tricks": 3}], RecordError, "record.tricks_passed"),
        ([{"play": []}], RecordError, "record.deal_kind"),
        (["Four"], RecordError, "record.deal_kind"),
        ([{"auction": ["Wellington", "Pass", "Pass", "Pass"], "declarer_tricks": 5}], IllegalCall, "call.requires"),
        ([{"auction": ["Three", "Pass"], "declarer_tricks": 3}], IllegalAction, "session.auction_incomplete"),
        ([{**FULL_DEAL, "play": FULL_DEAL["play"][:8]}], IllegalAction, "session.deal_undecided"),
    ]:
        with pytest.raises(error) as info:
            session_from_record(session_record(deals))
        assert info.value.explanation.key == key
        assert info.value.location is not None
        assert translator("en").explain(info.value.location) == "deal 1"


def test_session_errors_say_which_deal():
    play = list(FULL_DEAL["play"])
    play[5] = "KD"
    bad = session_record([{"auction": ["Pass"] * 4}, {**FULL_DEAL, "play": play}])
    bad["first_dealer"] = "C"  # so that D deals the second deal, as the worked deal needs
    with pytest.raises(IllegalCard) as info:
        session_from_record(bad)
    assert translator("en").explain(info.value.location) == "deal 2, card 6 (trick 2), by B"
    bad["deals"][1] = {**FULL_DEAL, "auction": ["Wellington", "Pass", "Pass", "Pass"], "play": []}
    with pytest.raises(IllegalCall) as info:
        session_from_record(bad)
    assert translator("en").explain(info.value.location) == "deal 2, call 1, by A"
    bad["deals"][1] = {**FULL_DEAL, "hands": hands_with("B", ["AH", "10H", "KS", "AC", "KD"])}
    with pytest.raises(RecordError) as info:
        session_from_record(bad)
    assert translator("en").explain(info.value.location) == "deal 2"


def test_session_record_too_many_deals_and_bad_lengths():
    with pytest.raises(IllegalAction) as info:
        session_from_record(session_record([{"auction": ["Pass"] * 4}] * 3, deals_target=2))
    assert info.value.rule == "B17"
    with pytest.raises(RecordError):
        session_from_record(session_record([], deals_target=0))
    with pytest.raises(RecordError) as info:
        session_from_record(session_record([], first_dealer="Z"))
    assert info.value.explanation.key == "record.dealer"
    with pytest.raises(RecordError) as info:
        session_from_record(session_record(None))
    assert info.value.explanation.key == "record.type"
    with pytest.raises(RecordError) as info:
        session_from_record({**session_record([]), "format": HAND_FORMAT})
    assert info.value.explanation.key == "record.format"


def test_full_deal_in_a_session_must_be_dealt_by_the_rotation():
    # the second deal is dealt by A: the worked deal's A-bids-first auction no longer fits
    with pytest.raises(RuleError) as info:
        session_from_record(session_record([FULL_DEAL, FULL_DEAL]))
    assert info.value.location is not None


def test_parse_json_passes_values_through():
    assert parse_json('{"a": 1}') == {"a": 1}
    assert parse_json(b"[1]") == [1]
