"""The pub profile (seed 004): rules P1..P9, each by at least one test named after it.

Also: settlement identical to "british" where the two tables agree, and
command-line and scorekeeper sessions under "pub".
"""
from __future__ import annotations

import io
import json
import random

import pytest

from nap_teach.engine.auction import Auction, Call
from nap_teach.engine.cards import Card, Rank, parse_cards
from nap_teach.app.cli import main
from nap_teach.engine.dealing import deal_rng, draw_first_dealer, shuffle_and_deal
from nap_teach.engine.explain import IllegalAction, IllegalCall, IllegalCard, RecordError, RuleError
from nap_teach.engine.profiles import BRITISH, PUB, VARIATIONS, get_profile
from nap_teach.engine.records import hand_to_record, load_hand, session_from_record, session_to_record
from nap_teach.teach.scorekeeper import Scorekeeper
from nap_teach.engine.session import MISDEAL, TIE_BREAK, Session, first_dealer_from_cards
from nap_teach.engine.settlement import settle, settle_renege
from nap_teach.engine.state import STOP, DealState

FOUR = ("Ann", "Ben", "Cat", "Dan")
PASS4 = ["Pass"] * 4


def c(text: str) -> Card:
    return Card.parse(text)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return code, out.getvalue(), err.getvalue()


def misere_state(hands: list[str], declarer_calls: list[str]) -> DealState:
    """Ann, Ben, Cat; Cat deals, so Ann speaks first; the calls make someone the Misère declarer."""
    state = DealState(("Ann", "Ben", "Cat"), 2, [parse_cards(h) for h in hands], PUB)
    for call in declarer_calls:
        state.apply(call)
    return state


# ============================================================== P1 first dealer
def test_P1_first_dealer_draws_the_lowest_card_aces_low():
    for seed in range(40):
        draw = draw_first_dealer(FOUR, random.Random(seed), PUB)
        last = draw.rounds[-1]
        low = {s: (1 if card.rank is Rank.ACE else int(card.rank)) for s, card in last.items()}
        assert low[draw.dealer] == min(low.values())
        assert sum(1 for v in low.values() if v == low[draw.dealer]) == 1  # a tie would have been drawn again
        assert draw.explanation.rule == "P1" and draw.explanation.key == "first_dealer.low_card"
        for earlier in draw.rounds[:-1]:  # earlier rounds ended in a tie for the lowest rank
            values = sorted(1 if card.rank is Rank.ACE else int(card.rank) for card in earlier.values())
            assert values[0] == values[1]


def test_P1_an_ace_is_lower_than_a_two_and_a_tie_draws_again():
    seat, why = first_dealer_from_cards(FOUR, {"Ann": c("2C"), "Ben": c("AH"), "Cat": c("KS"), "Dan": c("5D")}, PUB)
    assert FOUR[seat] == "Ben" and why.rule == "P1"
    with pytest.raises(IllegalAction) as info:
        first_dealer_from_cards(FOUR, [c("3C"), c("3H"), c("KS"), c("5D")], PUB)
    assert info.value.rule == "P1" and info.value.key == "first_dealer.tie"
    assert info.value.facts["names"] == ("Ann", "Ben")
    keeper = Scorekeeper(FOUR, 0, PUB)
    assert keeper.first_dealer_by_cards({"Ann": c("AS"), "Ben": c("2H"), "Cat": c("3S"), "Dan": c("4D")}) == "Ann"


def test_P1_a_seeded_pub_session_draws_its_first_dealer_by_cards():
    s = Session.new(FOUR, PUB, seed=5)
    again = draw_first_dealer(FOUR, random.Random("nap-teach:5:first-dealer"), PUB)
    assert s.first_dealer == again.dealer


# ====================================================================== P2
def test_P2_the_cut_leaves_at_least_four_cards_in_each_packet():
    cuts = {shuffle_and_deal(FOUR, 0, deal_rng("cut", i), PUB).cut for i in range(400)}
    assert min(cuts) >= 4 and max(cuts) <= 48
    assert min(cuts) <= 6 and max(cuts) >= 46  # the whole allowed range is used


def test_P2_a_misdeal_same_dealer_deals_again_no_payment_not_counted():
    s = Session(FOUR, 1, PUB, deals_target=2)
    row = s.add_misdeal()
    assert row.kind == MISDEAL and row.dealer == "Ben" and row.deal_number is None
    assert row.settlement == {p: 0 for p in FOUR} and row.balances == {p: 0 for p in FOUR}
    assert s.players[s.next_dealer] == "Ben" and s.deals_played == 0 and not s.is_over
    s.add_misdeal()  # a second misdeal: still Ben
    row = s.add_scored(["Three", "Pass", "Pass", "Pass"], 3)  # Cat speaks first and makes Three
    assert row.dealer == "Ben" and row.deal_number == 1 and row.settlement["Cat"] == 9
    assert s.players[s.next_dealer] == "Cat"
    s.add_scored(PASS4, None)
    assert s.is_over and len(s.entries) == 4 and s.deals_played == 2


def test_P2_after_a_misdeal_a_deal_by_the_next_player_is_refused():
    s = Session(FOUR, 0, PUB)
    s.add_misdeal()
    deal = shuffle_and_deal(FOUR, 1, deal_rng("misdeal", 0), PUB)  # Ben deals: wrong, Ann deals again
    state = DealState.from_deal(deal, PUB)
    for _ in range(4):
        state.apply("Pass")
    with pytest.raises(IllegalAction) as info:
        s.add_played(state)
    assert info.value.rule == "P2" and info.value.key == "session.misdeal_redeal"
    assert len(s.entries) == 1


def test_P2_british_sessions_keep_no_misdeal():
    with pytest.raises(IllegalAction) as info:
        Session(FOUR, 0, BRITISH).add_misdeal()
    assert info.value.key == "session.misdeal_not_recorded"


# ====================================================================== P3
def test_P3_ladder_misere_between_three_and_four_blucher_only_after_wellington():
    auction = Auction(FOUR, 3, (), PUB)
    assert [x.name for x in auction.legal_calls()] == ["Pass", "Three", "Misere", "Four", "Nap"]
    auction = auction.after(Call("Three")).after(Call("Misere"))
    with pytest.raises(IllegalCall) as info:
        auction.after(Call("Three"))
    assert info.value.rule == "P3"
    with pytest.raises(IllegalCall) as info:
        Auction(FOUR, 3, (), PUB).after(Call("Nap")).after(Call("Blucher"))
    assert info.value.rule == "P3" and info.value.key == "call.requires"
    full = Auction.from_calls(FOUR, 3, ["Nap", "Wellington", "Blücher", "Pass"], PUB)
    assert full.highest[1].name == "Blucher" and full.highest[0] == 2


# ====================================================================== P4
def test_P4_misere_void_offsuit_card_does_not_win():
    # Ann bids Misère; she leads 5H; Ben is void in hearts and throws AS; Cat follows with 9H.
    state = misere_state(["5H 2C 3D 4S 6C", "AS KS QS JS 10S", "9H 8H 7C 2D 3H"], ["Misere", "Pass", "Pass"])
    assert state.declarer == 0 and state.contract.name == "Misere"
    for card in ("5H", "AS", "9H"):
        state.apply(card)
    assert state.trump is None  # the first lead only opens the hand
    trick = state.tricks[0]
    assert state.players[trick.winning] == "Cat" and trick.winning_card == c("9H")
    assert state.outcome() is None  # Ann took nothing so far


def test_P4_misere_no_trump_even_when_the_void_player_holds_the_led_suit_of_the_first_lead_later():
    # the suit of the first lead is not trump: a later heart thrown on a club lead does not win
    state = misere_state(["5H 2C 3D 4S 6C", "AS KS QS JS AH", "9H 8H 7C 2D 3H"], ["Misere", "Pass", "Pass"])
    for card in ("5H", "AH", "9H"):  # Ben wins with AH
        state.apply(card)
    assert state.players[state.tricks[0].winning] == "Ben"
    state.apply("AS")  # Ben leads spades
    state.apply("8H")  # Cat has no spades and throws a heart, the suit of the first lead
    with pytest.raises(IllegalCard):
        state.apply("2C")  # Ann holds 4S and must follow
    state.apply("4S")
    assert state.players[state.tricks[1].winning] == "Ben"  # 8H, a heart on a spade lead, never wins


def test_P4_misere_fails_at_the_first_trick_taken_and_all_five_are_played():
    state = misere_state(["KH 2C 3D 4S 6C", "AS KS QS JS 10S", "9H 8H 7C 2D 3H"], ["Misere", "Pass", "Pass"])
    for card in ("KH", "AS", "9H"):  # Ann wins trick 1 with KH: Misère has failed
        state.apply(card)
    assert state.outcome() is False
    assert state.phase == "play" and state.legal_cards()  # P6: play goes on
    result = state.result()
    assert result.settlement == {"Ann": -6, "Ben": 3, "Cat": 3}


# ====================================================================== P5
def test_P5_a_nap_failure_costs_the_declarer_5_per_opponent_not_10():
    nap = PUB.contract("Nap")
    for n in range(3, 8):
        players = [f"P{i}" for i in range(n)]
        failed = settle(players, 0, nap, False)
        assert failed["P0"] == -5 * (n - 1) and all(failed[p] == 5 for p in players[1:])
        made = settle(players, 0, nap, True)
        assert made["P0"] == 10 * (n - 1)
    s = Session(FOUR, 3, PUB)
    row = s.add_scored(["Nap", "Pass", "Pass", "Pass"], 4)
    assert row.settlement == {"Ann": -15, "Ben": 5, "Cat": 5, "Dan": 5}


def test_P5_wellington_blucher_and_the_misere_table_option():
    s = Session(FOUR, 3, PUB)
    assert s.add_scored(["Nap", "Wellington", "Pass", "Pass"], 5).settlement["Ben"] == 60
    assert s.add_scored(["Pass", "Nap", "Wellington", "Blucher"], 4).settlement["Ann"] == -45  # Ann deals last
    house = PUB.with_options(misere_stakes="10/5")
    s = Session(FOUR, 3, house)
    assert s.add_scored(["Misere", "Pass", "Pass", "Pass"], 0).settlement["Ann"] == 30
    assert s.add_scored(["Misère", "Pass", "Pass", "Pass"], 1).settlement["Ben"] == -15
    plain = Session(FOUR, 3, PUB)
    assert plain.add_scored(["Misere", "Pass", "Pass", "Pass"], 0).settlement["Ann"] == 9


def test_P5_settlement_identical_to_british_where_the_two_agree():
    agreeing = [c.name for c in PUB.ladder if BRITISH.has_contract(c.name)
                and (BRITISH.contract(c.name).made, BRITISH.contract(c.name).failed)
                == (PUB.contract(c.name).made, PUB.contract(c.name).failed)]
    assert agreeing == ["Three", "Four"]
    rnd = random.Random(4)
    for n in range(3, 8):
        players = tuple(f"P{i}" for i in range(n))
        a, b = Session(players, 0, BRITISH, deals_target=30), Session(players, 0, PUB, deals_target=30)
        for _ in range(30):
            calls = ["Pass"] * n
            tricks = None
            if rnd.random() < 0.8:
                calls[rnd.randrange(n)] = rnd.choice(agreeing)
                tricks = rnd.randint(0, 5)
            assert a.add_scored(calls, tricks).settlement == b.add_scored(calls, tricks).settlement
        assert a.balances == b.balances and a.winners() == b.winners()
    # the same played deal, too: the worked deal's Four pays the same under both
    worked = load_hand(json.dumps({**_worked(), "profile": "pub"}))
    assert worked.result().settlement == load_hand(json.dumps(_worked())).result().settlement


def _worked() -> dict:
    import nap_teach
    from pathlib import Path

    return json.loads((Path(nap_teach.__file__).parent / "data" / "hands" / "worked_deal.json").read_text())


# ====================================================================== P6
def test_P6_all_five_tricks_are_played_no_early_stop():
    state = DealState(FOUR, 3, [parse_cards(h) for h in _worked()["hands"].values()], PUB)
    for a in "Four Pass Pass Pass AH JH 9H 7H KH 10H 8H 6H QH KD QD JD AS KS QS JS".split():
        state.apply(a)
    assert state.outcome() is True  # four tricks: Four is made
    assert not state.can_stop()
    with pytest.raises(IllegalAction) as info:
        state.apply(STOP)
    assert info.value.rule == "P6" and info.value.key == "stop.not_allowed"
    for a in ("2C", "AC", "QC", "JC"):
        state.apply(a)
    assert state.is_over and len(state.tricks) == 5


# ====================================================================== P7
def test_P7_a_reneging_declarer_pays_every_opponent_the_failure_stake():
    s = Session(FOUR, 3, PUB)
    row = s.add_scored(["Nap", "Pass", "Pass", "Pass"], None, renege="Ann")
    assert row.settlement == {"Ann": -15, "Ben": 5, "Cat": 5, "Dan": 5}
    assert row.renege == "Ann" and row.made is False and row.declarer_tricks is None


def test_P7_a_reneging_defender_pays_the_declarer_for_every_opponent_the_others_nothing():
    s = Session(FOUR, 3, PUB)
    row = s.add_scored(["Four", "Pass", "Pass", "Pass"], None, renege="Cat")
    assert row.settlement == {"Ann": 12, "Ben": 0, "Cat": -12, "Dan": 0} and row.made is True
    five = Session(FOUR + ("Eve",), 4, PUB)
    assert five.add_scored(["Misere", "Pass", "Pass", "Pass", "Pass"], None, renege="Eve").settlement == \
        {"Ann": 12, "Ben": 0, "Cat": 0, "Dan": 0, "Eve": -12}


def test_P7_table_option_the_reneging_defender_pays_one_share():
    one = PUB.with_options(renege_share="one")
    s = Session(FOUR, 3, one)
    assert s.add_scored(["Nap", "Pass", "Pass", "Pass"], None, renege="Dan").settlement == \
        {"Ann": 10, "Ben": 0, "Cat": 0, "Dan": -10}
    assert s.add_scored(["Pass", "Pass", "Pass", "Three"], None, renege="Ann").settlement == \
        {"Ann": -9, "Ben": 3, "Cat": 3, "Dan": 3}  # a declarer still pays everyone
    assert settle_renege(FOUR, 0, PUB.contract("Nap"), 1, "one") == {"Ann": 10, "Ben": -10, "Cat": 0, "Dan": 0}
    with pytest.raises(ValueError):
        PUB.with_options(renege_share="half")


def test_P7_impossible_reneges_are_refused_and_change_nothing():
    s = Session(FOUR, 3, PUB)
    with pytest.raises(IllegalAction) as info:
        s.add_scored(PASS4, None, renege="Ben")
    assert info.value.rule == "P7" and info.value.key == "renege.passed_out"
    with pytest.raises(IllegalAction) as info:
        s.add_scored(["Four", "Pass", "Pass", "Pass"], None, renege="Zed")
    assert info.value.key == "renege.not_player"
    with pytest.raises(RecordError) as rinfo:
        s.add_scored(["Four", "Pass", "Pass", "Pass"], 3, renege="Ben")
    assert rinfo.value.explanation.rule == "P7"
    with pytest.raises(RecordError):
        Session(FOUR, 3, BRITISH).add_scored(["Four", "Pass", "Pass", "Pass"], None, renege="Ben")
    assert s.entries == []


def test_P7_the_play_table_never_allows_a_renege():
    state = misere_state(["5H 2C 3D 4S 6C", "AS KS QS JS 3H", "9H 8H 7C 2D 10H"], ["Misere", "Pass", "Pass"])
    state.apply("5H")
    with pytest.raises(IllegalCard) as info:
        state.apply("AS")  # Ben holds 3H
    assert info.value.rule == "B11" and c("AS") not in state.legal_cards()


# ====================================================================== P8
def test_P8_chips_start_from_the_ante_and_always_equal_the_antes_paid():
    p = PUB.with_options(ante=50)
    s = Session(FOUR, 3, p, deals_target=3)
    assert s.chips == {name: 50 for name in FOUR}
    s.add_scored(["Nap", "Pass", "Pass", "Pass"], 5)  # Ann +30
    s.add_scored(["Pass", "Pass", "Pass", "Three"], 2)  # Ann deals and fails Three: -9
    assert s.chips == {"Ann": 71, "Ben": 43, "Cat": 43, "Dan": 43}
    assert sum(s.chips.values()) == 200 == 50 * sum(s.antes.values())
    assert sum(s.balances.values()) == 0
    s.check_chips()
    for row in s.ledger():
        assert sum(row.settlement.values()) == 0 and sum(row.chips.values()) == 200


def test_P8_a_player_out_of_chips_leaves_and_the_deal_skips_them():
    p = PUB.with_options(ante=10)
    s = Session(FOUR, 0, p, deals_target=4)
    row = s.add_scored(["Nap", "Pass", "Pass", "Pass"], 2)  # Ben fails Nap: -15, chips -5
    assert row.out == ("Ben",) and s.active_players == ("Ann", "Cat", "Dan")
    assert s.chips["Ben"] == -5  # the stake is paid in full; the shortfall shows
    names, dealer = s.table_for(1)
    assert names == ("Ann", "Cat", "Dan") and names[dealer] == "Cat"  # Ben would have dealt: skipped
    with pytest.raises(RuleError):
        s.add_scored(PASS4, None)  # four calls for a three-player table
    row = s.add_scored(["Three", "Pass", "Pass"], 3)  # Dan speaks first after Cat
    assert row.players == ("Ann", "Cat", "Dan") and row.declarer == "Dan" and row.settlement["Ben"] == 0
    s.check_chips()


def test_P8_bust_table_option_re_ante():
    p = PUB.with_options(ante=10, bust="re-ante")
    s = Session(FOUR, 0, p, deals_target=2)
    row = s.add_scored(["Wellington" if False else "Nap", "Pass", "Pass", "Pass"], 0)  # Ben fails: -15
    assert row.re_antes == {"Ben": 1} and row.out == () and s.chips["Ben"] == 5
    assert s.antes == {"Ann": 1, "Ben": 2, "Cat": 1, "Dan": 1}
    assert sum(s.chips.values()) == 10 * 5
    s.check_chips()


def test_P8_three_tied_play_one_extra_hand_among_them():
    s = Session(FOUR, 3, PUB, deals_target=1)
    s.add_scored(["Three", "Pass", "Pass", "Pass"], 1)  # Ann fails Three: the other three +3 each
    assert s.tie_break_due == ("Ben", "Cat", "Dan") and not s.is_over
    names, dealer = s.table_for(1)
    assert names == ("Ben", "Cat", "Dan") and names[dealer] == "Ben"  # Ann would deal: the next tied player does
    row = s.add_scored(["Pass", "Four", "Pass"], 4)  # Cat speaks first; Dan bids Four and makes it
    assert row.kind == TIE_BREAK and row.players == ("Ben", "Cat", "Dan") and row.deal_number is None
    assert row.settlement == {"Ann": 0, "Ben": -4, "Cat": -4, "Dan": 8}
    assert s.is_over and s.winners() == ["Dan"] and s.tie_break_due == ()


def test_P8_extra_hands_go_on_while_three_stay_level_and_two_share():
    s = Session(FOUR, 3, PUB, deals_target=1)
    s.add_scored(["Three", "Pass", "Pass", "Pass"], 1)
    s.add_misdeal()  # a misdeal in the extra hand: same dealer again
    s.add_scored(["Pass", "Pass", "Pass"], None)  # passed out: still three level
    assert s.tie_break_due == ("Ben", "Cat", "Dan")
    row = s.add_scored(["Three", "Pass", "Pass"], 2)  # Cat deals now; Dan fails Three: Ben, Cat +3
    assert row.dealer == "Cat"
    assert s.is_over and s.winners() == ["Ben", "Cat"]  # two level: they share
    keeper = Scorekeeper.from_session(s)
    assert keeper.ending().key == "explain.tie_shared"
    two = Session(("A", "B", "C"), 0, PUB, deals_target=1)
    two.add_scored(["Three", "Pass", "Pass"], 2)  # B fails: A, C +3 level
    assert two.is_over and two.winners() == ["A", "C"] and two.tie_break_due == ()
    with pytest.raises(IllegalAction):
        two.add_scored(["Pass"] * 3, None)


def test_P8_british_ties_share_without_an_extra_hand():
    s = Session(FOUR, 3, BRITISH, deals_target=1)
    s.add_scored(["Three", "Pass", "Pass", "Pass"], 1)
    assert s.is_over and s.tie_break_due == () and s.winners() == ["Ben", "Cat", "Dan"]


def test_P8_the_extra_hand_is_dealt_and_played_among_the_tied_players():
    s = Session(FOUR, 3, PUB, deals_target=1, seed=11)
    s.add_scored(["Three", "Pass", "Pass", "Pass"], 1)
    state = s.deal_next()
    assert state.players == ("Ben", "Cat", "Dan") and state.players[state.dealer] == "Ben"
    rnd = random.Random(2)
    while state.phase != "over":
        state.apply(rnd.choice(state.legal_calls() or state.legal_cards()))
    row = s.add_played(state)
    assert row.kind == TIE_BREAK and row.settlement["Ann"] == 0
    wrong = DealState.from_deal(shuffle_and_deal(FOUR, 0, deal_rng(1, 1), PUB), PUB)
    other = Session(FOUR, 3, PUB, deals_target=1)
    other.add_scored(["Three", "Pass", "Pass", "Pass"], 1)
    for _ in range(4):
        wrong.apply("Pass")
    with pytest.raises(IllegalAction) as info:
        other.add_played(wrong)
    assert info.value.rule == "P8" and info.value.key == "session.tie_break_players"


# ====================================================================== P9
def test_P9_variations_are_other_profiles_not_options():
    for name in VARIATIONS:
        with pytest.raises(RecordError) as info:
            session_from_record({"format": "nap-session/1", "profile": name, "players": list(FOUR),
                                 "first_dealer": "Ann", "deals": []})
        assert info.value.explanation.rule == "P9" and info.value.explanation.key == "record.variation"
    with pytest.raises(ValueError):
        PUB.with_options(seven_card=True)
    with pytest.raises(ValueError):
        get_profile("purchase")


# ================================================================= records
def test_pub_records_round_trip_with_options_misdeals_reneges_and_the_extra_hand():
    p = PUB.with_options(misere_stakes="10/5", ante=20, renege_share="one")
    s = Session(FOUR, 3, p, deals_target=2)
    s.add_misdeal()
    s.add_scored(["Misere", "Pass", "Pass", "Pass"], None, renege="Cat")  # Cat pays Ann one share: 10
    s.add_scored(["Pass", "Pass", "Pass", "Misere"], 1)  # Ann deals and fails Misère: -15
    record = session_to_record(s)
    assert record["profile"] == "pub" and record["options"]["misere_stakes"] == "10/5"
    assert record["deals"][0] == {"misdeal": True, "dealer": "Dan"}
    assert record["deals"][1] == {"auction": ["Misere", "Pass", "Pass", "Pass"], "renege": "Cat"}
    again = session_from_record(json.loads(json.dumps(record)))
    assert again.profile == p and again.balances == s.balances and again.chips == s.chips
    assert [r.kind for r in again.ledger()] == [r.kind for r in s.ledger()]


def test_pub_records_accept_the_spellings_for_people_and_write_record_names():
    record = {"format": "nap-session/1", "profile": "pub", "players": list(FOUR), "first_dealer": "Dan",
              "deals": [{"auction": ["Nap", "Wellington", "Blücher", "Pass"], "declarer_tricks": 5},
                        {"auction": ["Misère", "Pass", "Pass", "Pass"], "declarer_tricks": 0}]}
    s = session_from_record(record)
    assert s.ledger()[0].settlement["Cat"] == 90 and s.ledger()[1].settlement["Ben"] == 9
    written = session_to_record(s)
    assert written["deals"][0]["auction"] == ["Nap", "Wellington", "Blucher", "Pass"]
    assert written["deals"][1]["auction"][0] == "Misere"


def test_pub_records_check_the_extra_hand_flag_and_options():
    base = {"format": "nap-session/1", "profile": "pub", "players": list(FOUR), "first_dealer": "Dan",
            "deals_target": 1}
    extra = {"auction": ["Pass", "Four", "Pass"], "declarer_tricks": 4, "tie_break": True}
    s = session_from_record({**base, "deals": [{"auction": ["Three", "Pass", "Pass", "Pass"],
                                                "declarer_tricks": 1}, extra]})
    assert s.ledger()[-1].kind == TIE_BREAK and session_to_record(s)["deals"][-1]["tie_break"] is True
    with pytest.raises(RecordError) as info:
        session_from_record({**base, "deals": [{"auction": PASS4, "tie_break": True}]})
    assert info.value.explanation.key == "record.not_tie_break"
    with pytest.raises(RecordError) as info:
        session_from_record({**base, "options": {"ante": -5}, "deals": []})
    assert info.value.explanation.key == "record.option"
    with pytest.raises(RecordError):
        session_from_record({**base, "options": ["ante"], "deals": []})


def test_pub_hand_records_keep_profile_and_options():
    state = misere_state(["5H 2C 3D 4S 6C", "AS KS QS JS 10S", "9H 8H 7C 2D 3H"], ["Misere", "Pass", "Pass"])
    record = hand_to_record(state)
    assert record["profile"] == "pub" and record["auction"] == ["Misere", "Pass", "Pass"]
    house = DealState(state.players, state.dealer, state.hands, PUB.with_options(misere_stakes="10/5"))
    assert hand_to_record(house)["options"]["misere_stakes"] == "10/5"
    assert load_hand(json.dumps(hand_to_record(house))).profile.contract("Misere").made == 10


# ============================================================ command line
def test_cli_session_under_pub(tmp_path):
    record = {"format": "nap-session/1", "profile": "pub", "options": {"ante": 30}, "players": list(FOUR),
              "first_dealer": "Dan", "deals_target": 2,
              "deals": [{"misdeal": True, "dealer": "Dan"},
                        {"auction": ["Nap", "Pass", "Pass", "Pass"], "declarer_tricks": 4},
                        {"auction": ["Pass", "Misère", "Pass", "Pass"], "renege": "Cat"}]}
    path = tmp_path / "pub.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run("session", str(path))
    assert code == 0 and err == ""
    assert "Rules: Pub rules." in out and "Misdeal" in out and "Cat reneged" in out
    assert "Ann Nap, 4 tricks, failed" in out  # Nap fails: -15
    code, out, err = run("session", "--json", "--profile", "pub", str(path))
    data = json.loads(out)
    assert data["profile"] == "pub" and data["deals"][0]["kind"] == "misdeal"
    assert data["deals"][1]["settlement"] == {"Ann": -15, "Ben": 5, "Cat": 5, "Dan": 5}
    assert data["deals"][2]["renege"] == "Cat" and data["deals"][2]["settlement"]["Cat"] == -9
    assert sum(data["chips"].values()) == 120
    code, out, err = run("session", "--profile", "british", str(path))
    assert code == 2 and "pub" in err
    code, out, err = run("session", "--profile", "bridge", str(path))
    assert code == 2 and "bridge" in err


def test_cli_replay_and_simulate_under_pub(tmp_path):
    state = misere_state(["5H 2C 3D 4S 6C", "AS KS QS JS 10S", "9H 8H 7C 2D 3H"], ["Misere", "Pass", "Pass"])
    for card in ("5H", "AS", "9H"):
        state.apply(card)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand_to_record(state)), encoding="utf-8")
    code, out, err = run("replay", "--profile", "pub", str(path))
    assert code == 0 and "Rules: Pub rules." in out and "Misère" in out and "[P4]" in out
    code, out, err = run("simulate", "--profile", "pub", "--deals", "30", "--seed", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["profile"] == "pub" and set(data["contracts"]) >= {"Misere", "Blucher"}
    assert sum(s["balance"] for s in data["seats"]) == 0


# ============================================================== scorekeeper
def test_scorekeeper_session_under_pub():
    keeper = Scorekeeper(FOUR, "Dan", PUB.with_options(ante=40), deals=3)
    assert keeper.speaking_order() == ("Ann", "Ben", "Cat", "Dan")
    keeper.misdeal()
    assert keeper.whose_deal() == "Dan" and keeper.deals_played == 0
    row = keeper.add([("Ann", "Pass"), ("Ben", "Misère"), ("Cat", "Pass"), ("Dan", "Pass")], 0)
    assert row.settlement["Ben"] == 9
    keeper.add(["Nap", "Pass", "Pass", "Pass"], renege="Cat")  # Ann deals; Ben bids Nap; Cat reneges: -30
    assert keeper.ledger()[-1].settlement == {"Ann": 0, "Ben": 30, "Cat": -30, "Dan": 0}
    keys = [e.key for e in keeper.explain_row(keeper.ledger()[-1])]
    assert keys[0] == "explain.renege_defender"
    assert keeper.explain_row(keeper.ledger()[0])[0].key == "explain.misdeal"
    keeper.correct(2, ["Nap", "Pass", "Pass", "Pass"], renege="Ben")  # it was the declarer who reneged
    assert keeper.ledger()[-1].settlement == {"Ann": 5, "Ben": -15, "Cat": 5, "Dan": 5}
    assert keeper.zero_sum() and keeper.chips_explanation().facts["total"] == 160
    keeper.add(["Pass", "Pass", "Pass", "Pass"], None)
    assert keeper.tie_break_due == ("Ann", "Cat", "Dan") and not keeper.is_over  # level on 2 each
    assert keeper.ending().key == "explain.tie_break_due"
    assert keeper.whose_deal() == "Cat" and keeper.speaking_order() == ("Dan", "Ann", "Cat")
    with pytest.raises(IllegalAction) as info:
        keeper.add([("Ben", "Pass"), ("Dan", "Three"), ("Ann", "Pass"), ("Cat", "Pass")], 3)
    assert info.value.key == "session.tie_break_players"
    row = keeper.add(["Three", "Pass", "Pass"], 3)
    assert row.kind == TIE_BREAK and keeper.is_over and keeper.winners() == ["Dan"]
    loaded = Scorekeeper.load(keeper.save())
    assert loaded.profile.options["ante"] == 40 and loaded.balances == keeper.balances
    assert loaded.entry_kind(0) == MISDEAL and loaded.entry_renege(2) == "Ben"


def test_cli_simulate_takes_table_options():
    code, out, err = run("simulate", "--profile", "pub", "--option", "misere_stakes=10/5", "--deals", "20",
                         "--seed", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["options"]["misere_stakes"] == "10/5"
    code, out, err = run("simulate", "--profile", "pub", "--option", "misere_stakes=7/7")
    assert code == 2 and "misere_stakes=7/7" in err and out == ""
    code, out, err = run("simulate", "--option", "ante=5")  # the British rules have no table options
    assert code == 2 and "British rules" in err
