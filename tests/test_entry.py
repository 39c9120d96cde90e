"""A deal entered by hand (nap_teach.teach.lesson.entry): the same deal as its record, and every refusal with its reason."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nap_teach.engine.auction import Call
from nap_teach.engine.cards import Card
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal
from nap_teach.engine.explain import RecordError, RuleError
from nap_teach.teach.lesson import Lesson
from nap_teach.teach.lesson.entry import FULL_PACK, DealEntry, entry_from_record
from nap_teach.teach.lesson.deal import load_worked_deal
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.engine.records import (
    hand_from_record, hand_to_record, record_from_link, record_to_link, session_to_record,
)
from nap_teach.engine.session import Session
from nap_teach.engine.state import DealState

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")
C = Card.parse


def snapshot(entry: DealEntry) -> tuple:
    state = entry.state
    return (entry.profile, entry.players, entry.dealer, entry.hands, entry.actions,
            None if state is None else (state.phase, state.to_act, tuple(state.tricks_won)))


def played_deal(n: int, seed: int, profile=BRITISH, stop: bool = False) -> DealState:
    deal = shuffle_and_deal(NAMES[:n], seed % n, deal_rng(seed, 0), profile)
    state = DealState.from_deal(deal, profile)
    rnd = random.Random(seed)
    while not state.is_over:
        if stop and state.can_stop():
            state.apply("Stop")
            break
        options = state.legal_calls() if state.phase == "auction" else state.legal_cards()
        state.apply(rnd.choice(options))
    return state


def enter(state: DealState) -> DealEntry:
    """The deal entered as a teacher would: the table, each card into its hand, then every call and card."""
    entry = DealEntry(state.profile, state.players, state.dealer)
    for seat, hand in enumerate(state.hands):
        for card in hand:
            entry.give(seat, card)
    for action in state.actions:
        if isinstance(action, Call):
            assert action in entry.legal_calls()
        elif isinstance(action, Card):
            assert action in entry.legal_cards()
        entry.act(action)
    return entry


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(3, 7), st.integers(0, 10**6), st.sampled_from([BRITISH, PUB, PUB.with_options(misere_stakes="10/5")]),
       st.booleans())
def test_b3_b5_b10_a_deal_entered_card_by_card_is_the_deal_of_its_record(n, seed, profile, stop):
    book = played_deal(n, seed, profile, stop)
    entry = enter(book)
    record = hand_to_record(book)
    again = hand_from_record(json.loads(json.dumps(record)))
    assert entry.record() == record
    state = entry.finished()
    assert state.actions == again.actions and state.hands == again.hands
    assert state.result() == again.result() == book.result()
    assert DealEntry.from_link(record_to_link(record)).record() == record
    Lesson(state)  # the lesson player narrates it


def test_b13_a_stopped_deal_keeps_its_stop_in_the_record():
    seed = next(s for s in range(200) if played_deal(4, s, BRITISH, stop=True).stopped)
    book = played_deal(4, seed, BRITISH, stop=True)
    record = hand_to_record(book)
    assert record["stop"] is True
    assert hand_from_record(record).stopped
    broken = dict(record, play=record["play"][:1])
    with pytest.raises(RuleError) as e:
        hand_from_record(broken)
    assert e.value.location is not None and e.value.location.key == "where.stop"


def test_b1_a_card_cannot_be_given_twice_and_nothing_changes():
    entry = DealEntry(players=NAMES[:4], dealer=3)
    entry.give(0, C("QS"))
    before = snapshot(entry)
    with pytest.raises(RuleError) as e:
        entry.give(2, C("QS"))
    assert e.value.explanation.key == "entry.card_taken"
    assert e.value.text("en") == "Ann already holds the queen of spades: there is one pack, and each card is dealt once."
    assert "reina de picas" in e.value.text("es")
    assert snapshot(entry) == before


def test_b3_a_hand_has_five_cards_no_more_no_fewer():
    entry = DealEntry(players=NAMES[:3], dealer=0)
    for card in FULL_PACK[:5]:
        entry.give(1, card)
    before = snapshot(entry)
    with pytest.raises(RuleError) as e:
        entry.give(1, FULL_PACK[5])
    assert e.value.text("en") == "Ben already holds five cards: everyone is dealt exactly five."
    assert snapshot(entry) == before
    with pytest.raises(RuleError) as e:  # a call before every hand is full: the short hand is named
        entry.act("Pass")
    assert e.value.text("en") == "Ann holds 0 cards, not five: give every player five cards first."
    assert entry.problem().key == "entry.hand_short"
    with pytest.raises(RuleError):
        entry.record()
    assert snapshot(entry) == before


def test_b11_an_illegal_card_is_refused_with_the_rule_and_nothing_changes():
    book = load_worked_deal()
    entry = DealEntry(book.profile, book.players, book.dealer)
    for seat, hand in enumerate(book.hands):
        for card in hand:
            entry.give(seat, card)
    for action in book.actions:
        state = entry.state
        illegal = [c for c in state.held[state.to_act] if c not in entry.legal_cards()] \
            if state.phase == "play" else []
        if illegal:
            break
        entry.act(action)
    before = snapshot(entry)
    with pytest.raises(RuleError) as e:
        entry.act(illegal[0])
    assert e.value.explanation.rule == "B11"
    assert snapshot(entry) == before


def test_b5_undo_takes_back_the_last_step_calls_then_cards_given():
    entry = DealEntry(players=NAMES[:3], dealer=2)
    entry.random_fill(random.Random(4))
    assert entry.hands_complete and entry.state is not None
    entry.act("Pass")
    assert entry.undo() == "action" and entry.actions == ()
    last = entry.hands[2][-1]
    assert entry.undo() == "card" and last not in entry.hands[2] and entry.state is None
    entry.clear()
    with pytest.raises(RuleError) as e:
        entry.undo()
    assert e.value.explanation.key == "undo.nothing"


def test_b3_random_fill_keeps_the_cards_given_and_deals_the_rest():
    entry = DealEntry(players=NAMES[:5], dealer=0)
    entry.give(3, C("AH"))
    entry.give(3, C("KH"))
    assert entry.random_fill(random.Random(2)) == 23
    assert entry.hands[3][:2] == (C("AH"), C("KH"))
    cards = [c for h in entry.hands for c in h]
    assert len(cards) == len(set(cards)) == 25
    entry.act("Pass")
    with pytest.raises(RuleError) as e:  # the hands are fixed once the auction begins
        entry.random_fill()
    assert e.value.explanation.key == "entry.hands_fixed"


def test_b1_the_table_changes_only_when_nothing_entered_is_lost():
    entry = DealEntry(players=NAMES[:4], dealer=3)
    entry.give(3, C("2C"))
    before = snapshot(entry)
    with pytest.raises(RuleError) as e:
        entry.set_table(players=NAMES[:3])
    assert e.value.text("en") == "Dan still holds 1 card: take it back before the table gets smaller."
    assert snapshot(entry) == before
    with pytest.raises(RuleError) as e:
        entry.set_table(players=("Ann", "ann", "Cat", "Dan"))
    assert e.value.explanation.key == "entry.names"
    with pytest.raises(RuleError) as e:
        entry.set_table(players=NAMES[:2])
    assert e.value.explanation.key == "record.players"
    assert snapshot(entry) == before
    entry.set_table(players=("Ann", "Ben", "Cat", "Dan", "Eve"), dealer=0)
    assert entry.players[4] == "Eve" and entry.hands[3] == (C("2C"),) and entry.dealer == 0


def test_p4_a_misere_entered_under_pub_cannot_move_to_the_british_rules():
    entry = DealEntry(PUB, NAMES[:3], 0)
    entry.random_fill(random.Random(9))
    entry.act("Misere")
    before = snapshot(entry)
    with pytest.raises(RuleError) as e:
        entry.set_table(profile=BRITISH)
    assert "Misère" in e.value.text("en")
    assert snapshot(entry) == before


def test_b13_the_deal_is_taught_only_once_finished():
    entry = DealEntry(players=NAMES[:4], dealer=3)
    entry.random_fill(random.Random(5))
    assert entry.problem().key == "entry.auction_open"
    entry.act("Four")
    for _ in range(3):
        entry.act("Pass")
    assert entry.problem().key in ("entry.play_open", "entry.play_open_stop")
    with pytest.raises(RuleError) as e:
        entry.finished()
    assert "20 cards are still to be played" in e.value.text("en")


def test_b9_a_passed_out_deal_can_be_taught():
    entry = DealEntry(players=NAMES[:3], dealer=1)
    entry.random_fill(random.Random(6))
    for _ in range(3):
        entry.act("Pass")
    assert entry.problem() is None
    assert Lesson(entry.finished()).steps[-1].kind == "result"


def test_b17_a_session_file_of_one_played_deal_loads_others_are_refused_with_the_reason():
    book = played_deal(4, 11)
    session = Session(book.players, book.dealer, BRITISH, 1)
    session.add_played(book)
    record = session_to_record(session)
    assert entry_from_record(record).record() == hand_to_record(book)
    two = Session(book.players, book.dealer, BRITISH, 2)
    two.add_played(book)
    two.add_scored([Call("Pass")] * 4, None)
    with pytest.raises(RecordError) as e:
        entry_from_record(session_to_record(two))
    assert e.value.text("en") == "This session file holds 2 deals; only a file of a single deal can be taught here."
    scored = Session(book.players, book.dealer, BRITISH, 1)
    scored.add_scored([Call("Pass")] * 4, None)
    with pytest.raises(RecordError) as e:
        entry_from_record(session_to_record(scored))
    assert e.value.explanation.key == "entry.session_no_cards"


@pytest.mark.parametrize("text, key", [
    ("{not json", "record.not_json"),
    ("[1, 2]", "record.not_object"),
    ('{"format": "nap-other/1"}', "record.format"),
    ('{"format": "nap-hand/1", "players": ["A", "B", "C"], "dealer": "A", '
     '"hands": {"A": ["AS","KS","QS","JS","10S"], "B": ["AS","2H","3H","4H","5H"], "C": ["2C","3C","4C","5C","6C"]},'
     ' "auction": []}', "record.duplicate"),
])
def test_b1_a_wrong_file_is_refused_with_its_reason_and_the_entry_is_unchanged(text, key):
    entry = DealEntry()
    entry.give(0, C("AS"))
    before = snapshot(entry)
    with pytest.raises(RecordError) as e:
        entry.replace_with(DealEntry.from_text(text))
    assert e.value.explanation.key == key
    assert snapshot(entry) == before


def test_b1_a_broken_link_is_refused_with_record_bad_link():
    code = DealEntry.from_state(load_worked_deal()).link_code()
    assert record_from_link(code)["format"] == "nap-hand/1"
    for broken in (code[: len(code) // 2], "not a link!", ""):
        with pytest.raises(RecordError) as e:
            DealEntry.from_link(broken)
        assert e.value.explanation.key == "record.bad_link"
