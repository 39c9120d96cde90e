"""One deal, call by call and card by card (DealState): B4-B13 and refusals."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import nap_teach
from nap_teach.engine.auction import PASS, Call
from nap_teach.engine.cards import Card, Suit, parse_cards
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal
from nap_teach.engine.explain import IllegalAction, IllegalCall, IllegalCard, RuleError
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.engine.records import load_hand
from nap_teach.engine.state import STOP, DealState

WORKED_FILE = Path(nap_teach.__file__).parent / "data" / "hands" / "worked_deal.json"
PLAYERS = ("A", "B", "C", "D")
WORKED_HANDS = {
    "A": "AH KH QH AS 2C",
    "B": "JH 10H KS AC KD",
    "C": "9H 8H QS QC QD",
    "D": "7H 6H JS JC JD",
}
WORKED_CALLS = ["Four", "Pass", "Pass", "Pass"]
WORKED_TRICKS = [  # A leads each; order A B C D; winner
    ("AH JH 9H 7H", "A"),
    ("KH 10H 8H 6H", "A"),
    ("QH KD QD JD", "A"),
    ("AS KS QS JS", "A"),
    ("2C AC QC JC", "B"),
]
WORKED_PLAY = " ".join(t for t, _ in WORKED_TRICKS).split()


def new_worked(hands=WORKED_HANDS, unused=True) -> DealState:
    parsed = [parse_cards(hands[p]) for p in PLAYERS]
    rest = None
    if unused:
        dealt = {c for h in parsed for c in h}
        rest = [c for c in nap_teach.FULL_PACK if c not in dealt]
    return DealState(PLAYERS, 3, parsed, BRITISH, rest)


def worked(upto: int | None = None) -> DealState:
    """The seeds' worked deal after the auction and ``upto`` cards (all by default)."""
    state = new_worked()
    for call in WORKED_CALLS:
        state.apply(call)
    for card in WORKED_PLAY[:upto]:
        state.apply(card)
    return state


def snapshot(state: DealState):
    return (
        list(state.actions), [list(h) for h in state.held], [(t.seats, t.cards) for t in state.tricks],
        list(state.trick_seats), list(state.trick_cards), list(state.tricks_won), state.phase, state.to_act,
        state.calls, state.declarer, state.contract, state.trump, state.stopped, state.outcome(),
        state.legal_calls(), state.legal_cards(),
    )


def refuse(state: DealState, action, seat=None, error=RuleError) -> RuleError:
    """Apply an illegal action: check the error type and that nothing changed."""
    before = snapshot(state)
    with pytest.raises(error) as info:
        state.apply(action, seat)
    assert snapshot(state) == before
    assert state.refusal(state.parse_action(action) if isinstance(action, str) else action, seat) is not None
    assert not state.is_legal(state.parse_action(action) if isinstance(action, str) else action, seat)
    return info.value


# ------------------------------------------------------------- the worked deal
def test_worked_deal_from_the_packaged_record():
    state = load_hand(WORKED_FILE.read_bytes())
    check_worked_deal(state)


def test_worked_deal_by_applying_actions():
    state = new_worked()
    for call in WORKED_CALLS:
        assert state.phase == "auction"
        state.apply(Call(call))
    assert state.declarer == 0 and state.contract.name == "Four"
    for card in WORKED_PLAY:
        assert Card.parse(card) in state.legal_cards()
        state.apply(Card.parse(card))
    check_worked_deal(state)


def check_worked_deal(state: DealState) -> None:
    assert state.players == PLAYERS and state.dealer == 3
    assert {p: " ".join(c.code for c in h) for p, h in state.hands_by_name().items()} == WORKED_HANDS
    assert [c.name for c in state.calls] == WORKED_CALLS
    assert state.phase == "over" and state.is_over
    assert state.trump is Suit.HEARTS
    assert len(state.cards_played) == 20
    assert [c.code for _, c in state.cards_played] == WORKED_PLAY
    assert len({c for _, c in state.cards_played}) == 20
    for trick, (cards, winner) in zip(state.tricks, WORKED_TRICKS):
        assert trick.leader == 0
        assert [PLAYERS[s] for s in trick.seats] == list("ABCD")
        assert " ".join(c.code for c in trick.cards) == cards
        assert PLAYERS[trick.winning] == winner
    assert state.tricks_won == [4, 1, 0, 0]
    result = state.result()
    assert result.made is True
    assert result.declarer == 0 and result.contract.name == "Four"
    assert dict(result.settlement) == {"A": 12, "B": -4, "C": -4, "D": -4}
    assert sum(result.settlement.values()) == 0


THREE_TRICKS_HANDS = {  # the worked deal with A's A♠ and B's K♠ swapped: B wins trick 4 and 5
    "A": "AH KH QH KS 2C",
    "B": "JH 10H AS AC KD",
    "C": "9H 8H QS QC QD",
    "D": "7H 6H JS JC JD",
}


def test_worked_deal_had_A_taken_three():
    state = new_worked(THREE_TRICKS_HANDS)
    state.replay(WORKED_CALLS + "AH JH 9H 7H KH 10H 8H 6H QH KD QD JD".split())
    assert state.outcome() is None
    state.replay(["KS", "AS", "QS", "JS"])  # B wins the spade and leads the last trick
    assert state.to_act == 1
    assert state.outcome() is None  # A has 3 and could still take the last trick
    state.replay(["AC", "QC", "JC", "2C"])
    assert state.tricks_won == [3, 2, 0, 0]
    result = state.result()
    assert result.made is False
    assert dict(result.settlement) == {"A": -12, "B": 4, "C": 4, "D": 4}


# ------------------------------------------------------------------- the play
def test_B10_declarer_leads_and_the_first_card_sets_trump():
    state = worked(upto=0)
    assert state.phase == "play" and state.to_act == 0 and state.leader == 0
    assert state.trump is None
    err = refuse(state, "JH", seat=1, error=IllegalAction)
    assert err.rule == "B10" and err.key == "card.declarer_leads"
    assert dict(err.facts) == {"player": "B", "turn": "A"}
    assert sorted(state.legal_cards()) == sorted(parse_cards(WORKED_HANDS["A"]))  # any card may be led
    assert state.legal_cards(1) == []
    state.apply("AH")
    assert state.trump is Suit.HEARTS
    # the card is played to the first trick, not set aside
    assert state.current_trick.cards == (Card.parse("AH"),)
    assert Card.parse("AH") not in state.held[0]
    assert len(state.held[0]) == 4


def test_B10_trump_stays_for_the_whole_deal():
    state = worked(upto=12)  # after trick 3, A leads a spade
    state.apply("AS")
    assert state.trump is Suit.HEARTS


def test_B10_declarer_is_the_highest_bidder_not_the_first():
    state = new_worked()
    state.replay(["Three", "Four", "Pass", "Pass"])
    assert state.declarer == 1 and state.contract.name == "Four"
    assert state.to_act == 1 and state.leader == 1


def test_B11_must_follow_suit_when_able():
    state = worked(upto=1)  # A led A♥; B holds J♥ and 10♥
    err = refuse(state, "KD", error=IllegalCard)  # B holds J♥ and 10♥
    assert err.rule == "B11"
    assert err.key == "card.must_follow"
    assert err.facts["player"] == "B"
    assert err.facts["card"] == Card.parse("KD")
    assert err.facts["led"] is Suit.HEARTS
    assert err.facts["held"] == parse_cards("JH 10H")
    assert err.text() == ("B holds J♥ and 10♥: hearts were led, so B must follow suit and cannot play K♦.")
    assert state.legal_cards() == list(parse_cards("JH 10H"))


def test_B11_must_follow_names_the_cards_held():
    state = worked(upto=1)  # A led A♥; B to play
    state.replay(["JH", "9H"])
    err = refuse(state, "JD", error=IllegalCard)  # D holds 7♥ and 6♥
    assert "D holds 7♥ and 6♥" in err.text()
    assert err.facts["held"] == parse_cards("7H 6H")


def test_B11_no_duty_to_trump_when_void():
    hands = {"A": "AH KH 2H AS 2C", "B": "JH 10H KS AC KD", "C": "9H 8H QS QC QD", "D": "7H 6H JS JC JD"}
    state = new_worked(hands)
    state.replay(WORKED_CALLS + "AH JH 9H 7H".split())  # hearts trump; A leads again
    state.replay(["2C"])  # B holds A♣: must follow
    assert state.legal_cards() == [Card.parse("AC")]
    state.replay(["AC", "QC", "JC"])  # B wins; B leads K♦
    state.apply("KD")
    # C follows with a diamond; D follows; A is void in diamonds and holds trumps: may discard or trump
    state.replay(["QD", "JD"])
    assert state.to_act == 0
    assert sorted(state.legal_cards()) == sorted(parse_cards("KH 2H AS"))
    assert state.is_legal(Card.parse("AS"))  # no duty to trump
    copy = state.copy()
    copy.apply("AS")
    assert copy.tricks[-1].winning == 1  # a discard never wins
    state.apply("2H")  # or trump with the lowest heart
    assert state.tricks[-1].winning == 0


def test_B12_highest_trump_wins_else_highest_of_suit_led():
    state = worked(upto=12)
    assert [PLAYERS[t.winning] for t in state.tricks] == ["A", "A", "A"]
    state.replay(["AS", "KS", "QS", "JS", "2C", "AC", "QC", "JC"])
    assert PLAYERS[state.tricks[4].winning] == "B"  # the A♣ beats the 2♣ led: clubs are not trump
    assert state.tricks[4].winning_card == Card.parse("AC")


def test_B12_the_winner_leads_next_and_others_are_refused():
    state = worked(upto=16)  # A won trick 4 and leads
    err = refuse(state, "AC", seat=1, error=IllegalAction)
    assert err.rule == "B12" and err.key == "card.winner_leads"
    assert dict(err.facts) == {"player": "B", "turn": "A"}
    state.apply("2C")
    err = refuse(state, "QC", seat=2, error=IllegalAction)  # B is next, not C
    assert err.key == "card.out_of_turn"
    assert err.facts["turn"] == "B"


def test_B13_five_tricks_are_played_then_the_deal_is_over():
    state = worked()
    assert len(state.tricks) == 5
    assert state.legal_cards() == [] and state.legal_calls() == [] and state.to_act is None
    err = refuse(state, "2C", error=IllegalAction)
    assert err.rule == "B13" and err.key == "action.deal_over"
    err = refuse(state, "Pass", error=IllegalAction)
    assert err.key == "action.deal_over"


def test_B13_early_stop_only_when_certain_and_between_tricks():
    state = worked(upto=0)
    assert not state.can_stop()
    err = refuse(state, STOP, error=IllegalAction)
    assert err.rule == "B13" and err.key == "stop.not_certain"
    state.replay(WORKED_PLAY[:12])  # three tricks to A: Four is not certain yet
    err = refuse(state, STOP, error=IllegalAction)
    assert err.key == "stop.not_certain"
    state.replay(WORKED_PLAY[12:16])  # A wins trick 4: four tricks, Four is certain
    assert state.outcome() is True
    assert state.can_stop()
    assert STOP in state.legal_actions()
    state.apply("2C")
    assert not state.can_stop()
    err = refuse(state, STOP, error=IllegalAction)
    assert err.key == "stop.mid_trick"  # between tricks only
    state.undo()
    state.apply(STOP)
    assert state.phase == "over" and state.stopped
    assert len(state.tricks) == 4
    assert dict(state.result().settlement) == {"A": 12, "B": -4, "C": -4, "D": -4}


def test_B13_early_stop_when_failure_is_certain():
    state = new_worked(THREE_TRICKS_HANDS)
    state.replay(["Nap", "Pass", "Pass", "Pass"] + "AH JH 9H 7H KH 10H 8H 6H QH KD QD JD".split())
    assert state.outcome() is None
    state.replay(["KS", "AS", "QS", "JS"])  # B takes a trick: Nap has failed
    assert state.outcome() is False and state.can_stop()
    state.apply("Stop")
    assert dict(state.result().settlement) == {"A": -15, "B": 5, "C": 5, "D": 5}


def test_B13_early_stop_is_a_profile_option():
    hands = [parse_cards(WORKED_HANDS[p]) for p in PLAYERS]
    state = DealState(PLAYERS, 3, hands, PUB)
    state.replay(WORKED_CALLS + WORKED_PLAY[:16])
    assert state.outcome() is True
    assert not state.can_stop()
    assert STOP not in state.legal_actions()
    err = refuse(state, STOP, error=IllegalAction)
    assert err.rule == "P6" and err.key == "stop.not_allowed"
    err = refuse(new_worked(), STOP, error=IllegalAction)  # not during the auction
    assert err.key == "stop.not_now"


def test_B4_an_unused_card_is_refused_with_rule_B4():
    state = worked(upto=0)
    for unused in ("2S", "AD", "5H"):
        err = refuse(state, unused, error=IllegalCard)
        assert err.rule == "B4" and err.key == "card.unused"
        assert err.facts["card"] == Card.parse(unused)
    err = refuse(state, "JH", error=IllegalAction)  # B's card, not an unused one: A leads first (B10)
    assert err.rule == "B10" and err.key == "card.declarer_leads" and err.facts["player"] == "B"


def test_B4_unused_cards_are_known_even_without_the_list():
    # a state rebuilt from a record has no list of unused cards: they are the cards not dealt
    hands = [parse_cards(WORKED_HANDS[p]) for p in PLAYERS]
    state = DealState(PLAYERS, 3, hands)
    assert state.unused is None
    assert len(state.undealt) == 32
    state.replay(WORKED_CALLS)
    err = refuse(state, "2S", error=IllegalCard)
    assert err.rule == "B4"


def test_B4_unused_cards_never_enter_play():
    for k in range(30):
        deal = shuffle_and_deal(PLAYERS, k % 4, deal_rng("unused", k))
        state = DealState.from_deal(deal)
        assert state.undealt == frozenset(deal.unused)
        state.replay(["Three", "Pass", "Pass", "Pass"])
        while state.phase == "play":
            for card in deal.unused:
                assert not state.is_legal(card)
            state.apply(state.legal_cards()[0])
        assert not {c for _, c in state.cards_played} & set(deal.unused)


def test_B9_everyone_passes_no_play_no_payment():
    state = new_worked()
    state.replay(["Pass"] * 4)
    assert state.passed_out and state.phase == "over"
    assert state.declarer is None and state.to_act is None
    assert state.legal_cards() == [] and state.legal_actions() == []
    err = refuse(state, "AH", error=IllegalAction)
    assert err.rule == "B9" and err.key == "action.passed_out"
    result = state.result()
    assert result.made is None and result.contract is None
    assert dict(result.settlement) == {p: 0 for p in PLAYERS}


# --------------------------------------------------------------- the auction
def test_B5_calls_in_turn_from_the_dealers_left():
    state = new_worked()
    assert state.to_act == 0  # D deals, A speaks first
    err = refuse(state, "Three", seat=2, error=IllegalAction)
    assert err.rule == "B5" and err.key == "call.out_of_turn"
    state.apply("Pass", seat=0)
    err = refuse(state, "Three", seat=0, error=IllegalAction)
    assert err.key == "call.already_spoken"
    err = refuse(state, "AH", error=IllegalAction)
    assert err.key == "card.auction_first" and err.rule == "B10"


def test_B6_B7_B8_calls_refused_in_the_state():
    state = new_worked()
    err = refuse(state, "Wellington", error=IllegalCall)
    assert err.rule == "B7" and err.key == "call.requires"
    assert err.text() == "A cannot bid Wellington: Wellington is only allowed after someone has bid Nap."
    state.apply("Nap")
    err = refuse(state, "Four", error=IllegalCall)
    assert err.rule == "B6" and err.key == "call.not_higher"
    err = refuse(state, Call("Misere"), error=IllegalCall)
    assert err.key == "call.other_profile" and err.rule == "B6"  # a pub bid, not on this ladder (issue 11)
    state.replay(["Wellington", "Pass", "Pass"])
    assert state.contract.name == "Wellington" and state.declarer == 1
    err = refuse(state, "Pass", error=IllegalAction)  # A again, who bid Nap: one call each (B5)
    assert err.rule == "B5" and err.key == "call.auction_over_bid"


def test_lower_case_calls_are_stored_by_their_record_name():
    state = new_worked()
    state.apply(Call("nap"))
    state.apply(Call("wellington"))
    assert state.calls == (Call("Nap"), Call("Wellington"))
    state.apply(Call("pass"))
    assert state.calls[-1] == PASS


def test_seats_that_do_not_exist_are_refused():
    state = new_worked()
    for seat in (4, -1, 9):
        err = refuse(state, "Pass", seat=seat, error=IllegalAction)
        assert err.key == "seat.unknown"
    state.replay(WORKED_CALLS)
    err = refuse(state, "AH", seat=7, error=IllegalAction)
    assert err.key == "seat.unknown"


def test_refusals_leave_the_state_unchanged_at_every_step():
    state = new_worked()
    actions = WORKED_CALLS + WORKED_PLAY
    junk = ["Wellington", "Nap", "Three", "2S", "KD", "AC", "Stop", "Pass", "QS"]
    for action in actions:
        for bad in junk + ["AH"]:
            before = snapshot(state)
            try:
                state.apply(bad, seat=(state.to_act or 0) + 1)
            except RuleError:
                pass
            else:  # pragma: no cover - a junk action was legal: nothing to compare
                state.undo()
            assert snapshot(state) == before
        state.apply(action)


def test_undo_takes_back_and_replays_exactly():
    state = worked()
    final = snapshot(state)
    taken = []
    while state.actions:
        taken.append(state.undo())
    assert snapshot(state) == snapshot(new_worked())
    for action in reversed(taken):
        state.apply(action)
    assert snapshot(state) == final
    with pytest.raises(IllegalAction) as info:
        new_worked().undo()
    assert info.value.key == "undo.nothing"


def test_copy_is_independent():
    state = worked(upto=6)
    other = state.copy()
    assert snapshot(other) == snapshot(state)
    other.apply(other.legal_cards()[0])
    assert len(state.cards_played) == 6 and len(other.cards_played) == 7


def test_strings_and_objects_are_the_same_actions():
    a, b = new_worked(), new_worked()
    a.replay(WORKED_CALLS + WORKED_PLAY)
    b.replay([Call(c) for c in WORKED_CALLS] + [Card.parse(c) for c in WORKED_PLAY])
    assert snapshot(a) == snapshot(b)
    assert new_worked().parse_action(" stop ") is STOP
    assert new_worked().parse_action("10♥") == Card.parse("10H")
    with pytest.raises(IllegalCall):
        new_worked().parse_action("Blücher")


def test_queries_during_a_trick():
    state = worked(upto=10)  # trick 3: A led Q♥, B threw K♦
    assert state.leader == 0 and state.to_act == 2
    trick = state.current_trick
    assert trick.number == 3 and trick.cards == parse_cards("QH KD") and trick.winning == 0
    assert trick.card_of(1) == Card.parse("KD") and trick.card_of(3) is None
    assert state.outcome() is None
    assert "play" in repr(state)
    assert state.seat_of("C") == 2
    with pytest.raises(IllegalAction):
        state.seat_of("Z")


def test_unknown_action_objects_are_refused():
    state = new_worked()
    why = state.refusal(42)  # type: ignore[arg-type]
    assert why is not None and why.key == "action.unknown"
    with pytest.raises(IllegalAction):
        state.apply(42)  # type: ignore[arg-type]


def test_P4_misere_has_no_trump_and_fails_on_the_first_trick():
    hands = [parse_cards(h) for h in ("2H 3S 4C 5D 6H", "AH KS QC JD 10H", "9H 8S 7C 6D 5H", "4H 3C 2S 2D 3D")]
    state = DealState(PLAYERS, 3, hands, PUB)
    state.replay(["Misere", "Pass", "Pass", "Pass"])
    state.apply("2H")
    assert state.trump is None
    state.replay(["AH", "9H", "4H"])
    assert state.tricks[0].winning == 1
    state.replay(["KS", "8S", "2S", "3S"])  # B leads
    assert state.outcome() is None
    state.replay(["QC", "7C", "3C", "4C"])
    state.replay(["JD", "6D", "2D", "5D"])
    state.replay(["10H", "5H", "3D", "6H"])
    assert state.tricks_won[0] == 0
    assert state.result().made is True
    assert dict(state.result().settlement) == {"A": 9, "B": -3, "C": -3, "D": -3}


def test_B11_push_makes_a_legal_action_exactly_as_apply_does():
    """push() is apply() without the checks: the same legal choices give the same deal."""
    for k in range(30):
        deal = shuffle_and_deal(PLAYERS, k % 4, deal_rng("push", k))
        checked, unchecked = DealState.from_deal(deal), DealState.from_deal(deal)
        rng = random.Random(k)
        while not checked.is_over:
            action = rng.choice(checked.legal_actions())
            assert unchecked.legal_actions() == checked.legal_actions()
            checked.apply(action)
            unchecked.push(action)
        assert unchecked.is_over and unchecked.actions == checked.actions
        assert unchecked.result() == checked.result() and unchecked.tricks == checked.tricks


def test_B11_apply_refuses_a_renege_that_push_would_not_check():
    for k in range(200):  # the first deal where the second player could renege on the first lead
        state = DealState.from_deal(shuffle_and_deal(PLAYERS, 0, deal_rng("renege", k)))
        state.apply("Three")
        for _ in range(3):
            state.apply("Pass")
        state.apply(state.legal_cards()[0])
        legal = state.legal_cards()
        wrong = [c for c in state.held[state.to_act] if c not in legal]
        if wrong:
            break
    assert wrong
    before = (list(state.actions), [list(h) for h in state.held])
    with pytest.raises(IllegalCard) as err:
        state.apply(wrong[0])
    assert err.value.rule == "B11" and err.value.key == "card.must_follow"
    assert set(err.value.facts["held"]) == set(legal)
    assert (list(state.actions), [list(h) for h in state.held]) == before
