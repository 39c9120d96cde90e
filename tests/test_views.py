"""What one seat may see (B4, B14): its own hand, the calls and the cards played."""
from __future__ import annotations

import dataclasses
import random

import pytest

from nap_teach.engine.cards import FULL_PACK, Card, parse_cards
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal
from nap_teach.engine.profiles import Profile
from nap_teach.engine.state import DealState
from nap_teach.engine.views import SeatView

PLAYERS = ("A", "B", "C", "D")
WORKED_HANDS = [parse_cards(h) for h in ("AH KH QH AS 2C", "JH 10H KS AC KD", "9H 8H QS QC QD", "7H 6H JS JC JD")]
WORKED_ACTIONS = ("Four Pass Pass Pass AH JH 9H 7H KH 10H 8H 6H QH KD QD JD AS KS QS JS 2C AC QC JC").split()


def cards_in(value, seen=None) -> set[Card]:
    """Every card reachable from a view's fields (tuples, tricks, dataclasses), profiles aside."""
    if seen is None:
        seen = set()
    if isinstance(value, Card):
        return {value}
    if isinstance(value, Profile):
        return set()
    if id(value) in seen:
        return set()
    seen.add(id(value))
    out: set[Card] = set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            out |= cards_in(getattr(value, f.name), seen)
    elif isinstance(value, dict):
        for k, v in value.items():
            out |= cards_in(k, seen) | cards_in(v, seen)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            out |= cards_in(v, seen)
    return out


def played(state: DealState) -> set[Card]:
    return {c for _, c in state.cards_played}


def check_view(state: DealState, seat: int) -> SeatView:
    view = state.view(seat)
    assert view.hand == tuple(state.held[seat])
    visible = cards_in(view)
    assert visible <= set(state.held[seat]) | played(state)
    others = {c for s in range(state.n) if s != seat for c in state.held[s]}
    assert not visible & others
    assert not visible & state.undealt
    return view


def test_B14_a_defender_sees_only_its_own_hand():
    deal = shuffle_and_deal(PLAYERS, 3, deal_rng("b14", 0))
    state = DealState.from_deal(deal)
    view = check_view(state, 1)
    assert view.hand == deal.hands[1]
    assert view.name == "B" and view.seat == 1 and view.n == 4
    field_names = {f.name for f in dataclasses.fields(SeatView)}
    assert not field_names & {"hands", "held", "unused", "undealt", "deal"}


def test_B14_views_show_nothing_of_other_hands_at_any_moment():
    for k in range(20):
        deal = shuffle_and_deal(PLAYERS, k % 4, deal_rng("views", k))
        state = DealState.from_deal(deal)
        rng = random.Random(k)
        while True:
            for seat in range(4):
                check_view(state, seat)
            if state.phase == "over":
                break
            state.apply(rng.choice(state.legal_calls() or state.legal_cards()))


def test_B4_unseen_cards_do_not_tell_which_are_unused():
    state = DealState(PLAYERS, 3, WORKED_HANDS).replay(WORKED_ACTIONS[:6])
    view = state.view(2)
    unseen = set(view.unseen())
    assert unseen == set(FULL_PACK) - set(view.hand) - set(view.played)
    assert len(unseen) == 52 - 5 - 2
    assert isinstance(view.unseen(), tuple)


def test_views_of_the_worked_deal():
    state = DealState(PLAYERS, 3, WORKED_HANDS).replay(WORKED_ACTIONS[:14])  # trick 3: Q♥, K♦ played
    a, b, c = state.view(0), state.view(1), state.view(2)
    assert c.my_turn and not a.my_turn
    assert c.legal_cards == parse_cards("QS QC QD")  # C is out of hearts: any card
    assert a.legal_cards == () and a.legal_calls == ()
    assert a.is_declarer and not b.is_declarer
    assert a.highest == (0, a.profile.contract("Four"))
    assert [x.name for x in a.calls] == ["Four", "Pass", "Pass", "Pass"]
    assert [a.speaker(i) for i in range(4)] == [0, 1, 2, 3]
    assert a.trump.letter == "H" and a.contract.name == "Four"
    assert a.tricks_won == (2, 0, 0, 0)
    assert a.current.cards == parse_cards("QH KD")
    assert a.played == parse_cards("AH JH 9H 7H KH 10H 8H 6H QH KD")
    assert a.outcome is None and a.phase == "play"
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.hand = ()  # type: ignore[misc]


def test_views_during_the_auction():
    state = DealState(PLAYERS, 3, WORKED_HANDS).replay(["Nap"])
    b = state.view(1)
    assert b.my_turn and [c.name for c in b.legal_calls] == ["Pass", "Wellington"]
    assert b.legal_cards == ()
    assert state.view(2).legal_calls == ()
    assert b.declarer is None and b.trump is None and b.current is None
