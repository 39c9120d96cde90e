"""Sessions and the ledger (B2, B9, B16, B17)."""
from __future__ import annotations

import pytest

from nap_teach.engine.cards import parse_cards
from nap_teach.engine.explain import IllegalAction, IllegalCall, RecordError, RuleError
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.engine.session import DEFAULT_DEALS, PlayedDeal, ScoredDeal, Session
from nap_teach.engine.state import DealState

FOUR = ("A", "B", "C", "D")
PASS4 = ["Pass"] * 4
WORKED_HANDS = [parse_cards(h) for h in ("AH KH QH AS 2C", "JH 10H KS AC KD", "9H 8H QS QC QD", "7H 6H JS JC JD")]
WORKED_ACTIONS = ("Four Pass Pass Pass AH JH 9H 7H KH 10H 8H 6H QH KD QD JD AS KS QS JS 2C AC QC JC").split()


def play_random(state: DealState, seed: int) -> DealState:
    import random

    rng = random.Random(seed)
    while state.phase != "over":
        options = state.legal_calls() or state.legal_cards()
        state.apply(rng.choice(options))
    return state


def test_B2_the_deal_passes_left_after_every_deal_including_passed_out():
    s = Session(FOUR, first_dealer=2, deals_target=6)
    dealers = []
    for calls, tricks in [(PASS4, None), (["Three", "Pass", "Pass", "Pass"], 3), (PASS4, None),
                          (PASS4, None), (["Pass", "Nap", "Pass", "Pass"], 5), (PASS4, None)]:
        dealers.append(s.players[s.next_dealer])
        row = s.add_scored(calls, tricks)
        assert row.dealer == dealers[-1]
    assert dealers == ["C", "D", "A", "B", "C", "D"]
    assert [s.dealer_for(i) for i in range(6)] == [2, 3, 0, 1, 2, 3]
    assert [r.dealer for r in s.ledger()] == dealers


def test_B2_played_deals_must_follow_the_rotation():
    s = Session(FOUR, first_dealer=3)
    wrong = DealState(FOUR, 0, WORKED_HANDS).replay(PASS4)  # A deals, but D is due to
    with pytest.raises(IllegalAction) as info:
        s.add_played(wrong)
    assert info.value.rule == "B2" and info.value.key == "session.wrong_dealer"
    assert s.entries == []
    right = DealState(FOUR, 3, WORKED_HANDS).replay(WORKED_ACTIONS)
    row = s.add_played(right)
    assert row.settlement == {"A": 12, "B": -4, "C": -4, "D": -4}
    assert row.declarer == "A" and row.contract.name == "Four" and row.declarer_tricks == 4 and row.made
    assert s.next_dealer == 0 and s.eldest == 1


def test_B9_a_passed_out_deal_counts_and_pays_nothing():
    s = Session(FOUR, first_dealer=0, deals_target=2)
    row = s.add_scored(PASS4, None)
    assert row.settlement == {p: 0 for p in FOUR}
    assert row.declarer is None and row.contract is None and row.made is None
    assert len(s.ledger()) == 1 and not s.is_over
    state = s.deal_next()
    state.replay(PASS4)
    s.add_played(state)
    assert s.is_over
    assert s.balances == {p: 0 for p in FOUR}
    with pytest.raises(RecordError) as info:
        Session(FOUR).add_scored(PASS4, 2)
    assert info.value.explanation.key == "record.tricks_passed"


def test_B16_balances_start_at_zero_may_go_negative_and_sum_to_zero():
    s = Session(FOUR, first_dealer=3, deals_target=8)
    assert s.balances == {p: 0 for p in FOUR}
    s.add_scored(["Four", "Pass", "Pass", "Pass"], 3)  # A fails
    assert s.balances == {"A": -12, "B": 4, "C": 4, "D": 4}
    s.add_scored(["Three", "Nap", "Pass", "Wellington"], 5)  # A deals; A bids Wellington last and makes it
    assert s.balances == {"A": 18, "B": -6, "C": -6, "D": -6}
    for row in s.ledger():
        assert sum(row.settlement.values()) == 0
        assert sum(row.balances.values()) == 0


def test_B17_session_of_eight_deals_passed_out_included():
    s = Session.new(FOUR, seed="b17", deals=DEFAULT_DEALS)
    assert s.total_deals == 8
    for k in range(8):
        assert not s.is_over
        state = play_random(s.deal_next(), k)
        s.add_played(state)
    assert s.is_over
    with pytest.raises(IllegalAction) as info:
        s.add_scored(PASS4, None)
    assert info.value.rule == "B17" and info.value.key == "record.too_many_deals"
    with pytest.raises(IllegalAction):
        s.add_played(play_random(DealState(FOUR, s.next_dealer, WORKED_HANDS), 1))
    assert len(s.entries) == 8


def test_B17_session_of_dealer_rotations():
    s = Session(("A", "B", "C"), first_dealer=1, rotations=2)
    assert s.total_deals == 6 and s.deals_target is None
    for _ in range(6):
        s.add_scored(["Pass"] * 3, None)
    assert s.is_over
    assert [r.dealer for r in s.ledger()] == ["B", "C", "A", "B", "C", "A"]  # every player dealt twice


def test_B17_highest_balance_wins_and_ties_share():
    s = Session(FOUR, first_dealer=3)
    assert s.winners() == list(FOUR)  # nobody has played: all tied at zero
    s.add_scored(["Four", "Pass", "Pass", "Pass"], 3)  # A fails: B, C, D +4
    assert s.winners() == ["B", "C", "D"]
    s.add_scored(["Three", "Pass", "Pass", "Pass"], 4)  # A deals, B makes Three: B +9
    assert s.balances == {"A": -15, "B": 13, "C": 1, "D": 1}
    assert s.winners() == ["B"]
    s.add_scored(["Pass", "Pass", "Three", "Pass"], 0)  # B deals, C speaks first; A fails Three
    assert s.balances == {"A": -24, "B": 16, "C": 4, "D": 4}
    s.add_scored(["Nap", "Pass", "Pass", "Pass"], 5)  # C deals, D makes Nap: D +15
    assert s.balances == {"A": -29, "B": 11, "C": -1, "D": 19}
    assert s.winners() == ["D"]


def test_B17_ties_at_the_top_share_the_win():
    s = Session(("A", "B", "C"), first_dealer=2, deals_target=2)
    s.add_scored(["Three", "Pass", "Pass"], 3)  # A +6, B -3, C -3
    s.add_scored(["Pass", "Three", "Pass"], 3)  # A deals: C +6, A -3, B -3
    assert s.balances == {"A": 3, "B": -6, "C": 3}
    assert s.winners() == ["A", "C"]


def test_session_lengths_and_players_are_checked():
    for bad in (dict(deals_target=0), dict(deals_target="8"), dict(rotations=0), dict(deals_target=True)):
        with pytest.raises(RecordError) as info:
            Session(FOUR, **bad)  # type: ignore[arg-type]
        assert info.value.explanation.key == "record.length"
    for players in (("A", "B"), tuple("ABCDEFGH")):
        with pytest.raises(RecordError) as info:
            Session(players)
        assert info.value.explanation.rule == "B1"
    with pytest.raises(RecordError):
        Session(("A", "A", "B"))
    with pytest.raises(RecordError):
        Session(FOUR, first_dealer=4)


def test_scored_entries_are_checked_and_refusals_change_nothing():
    s = Session(FOUR, first_dealer=3)
    with pytest.raises(IllegalCall) as info:
        s.add_scored(["Wellington", "Pass", "Pass", "Pass"], 5)
    assert info.value.rule == "B7"
    with pytest.raises(IllegalAction) as info:
        s.add_scored(["Three", "Pass"], 3)
    assert info.value.key == "session.auction_incomplete"
    for tricks in (-1, 6, 2.5, True, "3"):
        with pytest.raises(RecordError) as info:
            s.add_scored(["Three", "Pass", "Pass", "Pass"], tricks)  # type: ignore[arg-type]
        assert info.value.explanation.key == "record.tricks"
    with pytest.raises(RecordError) as info:
        s.add_scored(["Three", "Pass", "Pass", "Pass"], None)
    assert info.value.explanation.key == "record.tricks_missing"
    assert s.entries == []


def test_undecided_played_deals_are_refused():
    s = Session(FOUR, first_dealer=3)
    state = DealState(FOUR, 3, WORKED_HANDS).replay(WORKED_ACTIONS[:10])
    with pytest.raises(IllegalAction) as info:
        s.add_played(state)
    assert info.value.key == "session.deal_undecided"
    assert s.entries == []


def test_a_decided_deal_may_be_recorded_before_the_last_trick():
    s = Session(FOUR, first_dealer=3)
    state = DealState(FOUR, 3, WORKED_HANDS).replay(WORKED_ACTIONS[:20] + ["Stop"])
    assert s.add_played(state).settlement["A"] == 12


def test_corrections_recount_the_ledger():
    s = Session(FOUR, first_dealer=0)
    s.add_scored(["Three", "Pass", "Pass", "Pass"], 3)
    s.add_scored(PASS4, None)
    assert s.balances["B"] == 9
    s.replace_scored(0, ["Three", "Pass", "Pass", "Pass"], 2)
    assert s.balances["B"] == -9
    assert s.remove_last().auction.passed_out
    with pytest.raises(IndexError):
        s.replace_scored(5, PASS4, None)
    s.remove_last()
    with pytest.raises(IllegalAction):
        s.remove_last()


def test_seeded_sessions_repeat():
    a, b = Session.new(FOUR, seed=7), Session.new(FOUR, seed=7)
    assert a.first_dealer == b.first_dealer
    assert a.deal_next().hands == b.deal_next().hands
    pub = Session.new(FOUR, PUB, seed="pub")
    assert pub.profile is PUB
    assert Session.new(FOUR, first_dealer=2).first_dealer == 2
    assert 0 <= Session.new(FOUR).first_dealer < 4


def test_entries_kinds():
    s = Session(FOUR, first_dealer=3)
    s.add_played(DealState(FOUR, 3, WORKED_HANDS).replay(WORKED_ACTIONS))
    s.add_scored(["Pass", "Pass", "Pass", "Four"], 4)
    assert isinstance(s.entries[0], PlayedDeal) and s.entries[0].declarer_tricks == 4
    assert isinstance(s.entries[1], ScoredDeal) and s.entries[1].declarer_tricks == 4
    assert s.ledger()[1].declarer == "A"  # A deals the second deal and speaks last
    assert s.balances == {"A": 24, "B": -8, "C": -8, "D": -8}
    assert isinstance(RuleError, type)
    assert s.profile is BRITISH


def test_B15_a_deal_played_under_other_rules_is_refused_by_the_session():
    """Stakes come from the session's profile: a pub deal cannot be settled in a British session."""
    from nap_teach import PUB, DealState, IllegalAction, Session
    from nap_teach.engine.dealing import deal_rng, shuffle_and_deal

    session = Session(("A", "B", "C", "D"), 0)
    deal = shuffle_and_deal(session.players, session.next_dealer, deal_rng("mixed", 0), PUB)
    state = DealState.from_deal(deal, PUB)
    while not state.is_over:
        actions = state.legal_calls() or state.legal_cards()
        state.apply(actions[0])
    before = list(session.entries)
    with pytest.raises(IllegalAction) as info:
        session.add_played(state)
    assert info.value.key == "session.wrong_profile"
    assert session.entries == before
