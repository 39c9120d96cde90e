"""The auction (B5-B9; P3) on its own: no cards needed."""
from __future__ import annotations

import pytest

from nap_teach.engine.auction import PASS, Auction, Call, canonical_call, legal_calls_for
from nap_teach.engine.explain import IllegalAction, IllegalCall, RuleError
from nap_teach.engine.profiles import BRITISH, PUB

PLAYERS = ("A", "B", "C", "D")


def auction(*calls: str, dealer: int = 3, profile=BRITISH, players=PLAYERS) -> Auction:
    return Auction.from_calls(players, dealer, list(calls), profile)


def names(calls) -> list[str]:
    return [c.name for c in calls]


def test_B5_dealers_left_speaks_first_and_the_dealer_last():
    a = auction(dealer=1)
    order = []
    while not a.is_complete:
        order.append(a.to_speak)
        a = a.after(PASS)
    assert order == [2, 3, 0, 1]
    assert a.to_speak is None
    assert [a.speaker(i) for i in range(4)] == [2, 3, 0, 1]


def test_B5_every_player_speaks_exactly_once():
    a = auction("Pass", "Three", "Pass", "Pass")
    assert a.is_complete and len(a.calls) == 4
    with pytest.raises(IllegalAction) as info:
        a.after(Call("Four"))
    assert info.value.rule == "B8" and info.value.key == "call.auction_over"
    with pytest.raises(IllegalAction) as info:
        auction("Pass", "Pass", "Pass", "Pass", "Three")
    assert info.value.key == "call.too_many" and info.value.rule == "B8"


def test_B5_out_of_turn_is_refused_with_the_seat_to_speak():
    a = auction("Three")  # D deals: A spoke, B is next
    with pytest.raises(IllegalAction) as info:
        a.after(Call("Four"), seat=2)
    assert info.value.rule == "B5"
    assert info.value.key == "call.out_of_turn"
    assert dict(info.value.facts) == {"player": "C", "turn": "B"}
    assert a.after(Call("Four"), seat=1).highest[0] == 1


def test_B6_ladder_three_four_nap_wellington():
    assert names(auction().legal_calls()) == ["Pass", "Three", "Four", "Nap"]
    assert names(auction("Three").legal_calls()) == ["Pass", "Four", "Nap"]
    assert names(auction("Four").legal_calls()) == ["Pass", "Nap"]
    assert names(auction("Nap").legal_calls()) == ["Pass", "Wellington"]
    assert names(auction("Nap", "Wellington").legal_calls()) == ["Pass"]


@pytest.mark.parametrize("first,second", [("Four", "Four"), ("Four", "Three"), ("Nap", "Four"), ("Nap", "Nap")])
def test_B6_a_bid_must_be_strictly_higher(first, second):
    a = auction(first)
    with pytest.raises(IllegalCall) as info:
        a.after(Call(second))
    assert info.value.rule == "B6"
    assert info.value.key == "call.not_higher"
    assert dict(info.value.facts) == {"player": "B", "call": second, "highest": first, "bidder": "A"}
    assert "must be higher" in info.value.text()


def test_B6_promises():
    assert auction("Three", "Pass", "Pass", "Pass").highest[1].min_tricks == 3
    assert auction("Four", "Pass", "Pass", "Pass").highest[1].min_tricks == 4
    assert auction("Nap", "Pass", "Pass", "Pass").highest[1].min_tricks == 5
    assert auction("Nap", "Wellington", "Pass", "Pass").highest[1].min_tricks == 5


def test_B7_wellington_only_after_nap():
    for calls in ((), ("Three",), ("Pass", "Four")):
        a = auction(*calls)
        assert "Wellington" not in names(a.legal_calls())
        with pytest.raises(IllegalCall) as info:
            a.after(Call("Wellington"))
        assert info.value.rule == "B7"
        assert info.value.key == "call.requires"
        assert info.value.facts["needed"] == "Nap"
    a = auction("Pass", "Nap", "Wellington")
    assert a.highest == (2, BRITISH.contract("Wellington"))


def test_B7_wellington_after_a_nap_typed_in_lower_case():
    # Call("nap") used to be stored as is, so the Nap was not seen and Wellington was refused
    a = Auction(PLAYERS, 3).after(Call("nap"))
    assert a.calls == (Call("Nap"),)
    assert "Wellington" in names(a.legal_calls())
    assert a.after(Call("WELLINGTON")).calls[-1] == Call("Wellington")


def test_B8_a_pass_is_final():
    a = auction("Pass", "Three", "Pass")  # A passed, B bid, C passed; D to speak
    with pytest.raises(IllegalAction) as info:
        a.after(Call("Four"), seat=0)
    assert info.value.key == "call.already_spoken"
    assert info.value.rule == "B8"  # A passed: a pass is final (issue 11: was B5)
    a = a.after(PASS)
    with pytest.raises(IllegalAction) as info:
        a.after(Call("Nap"), seat=0)
    assert info.value.rule == "B8"  # no second circuit


def test_B9_everyone_passes():
    a = auction("Pass", "Pass", "Pass", "Pass")
    assert a.passed_out and a.is_complete
    assert a.highest is None
    assert a.legal_calls() == []
    assert not auction("Pass", "Pass", "Pass").passed_out
    assert not auction("Pass", "Pass", "Pass", "Three").passed_out


def test_refused_calls_leave_the_auction_unchanged():
    a = auction("Nap")
    before = (a.calls, a.highest, a.to_speak)
    for bad in (Call("Three"), Call("Nap"), Call("Blucher"), Call("Misere")):
        with pytest.raises(IllegalCall):
            a.after(bad)
        assert (a.calls, a.highest, a.to_speak) == before


def test_unknown_calls():
    with pytest.raises(IllegalCall) as info:
        Call.parse("Misere")
    assert info.value.key == "call.other_profile" and info.value.rule == "B6"  # a pub bid, named as such
    with pytest.raises(IllegalCall):
        Call.parse(3)  # type: ignore[arg-type]
    with pytest.raises(IllegalCall) as info:
        Auction(PLAYERS, 0).after(Call("Two"))
    assert info.value.key == "call.unknown"
    assert Call.parse(" pass ") is PASS
    assert Call.parse("misère", PUB) == Call("Misere")


def test_canonical_call():
    assert canonical_call(Call("nap")) == Call("Nap")
    assert canonical_call(Call("PASS")) is PASS
    assert canonical_call(Call("Four")) == Call("Four")
    assert canonical_call(Call("Two")) == Call("Two")
    assert canonical_call(Call("blücher"), PUB) == Call("Blucher")


def test_legal_calls_for_agrees_with_refusal():
    # the fast, cached list must say exactly what refusal() says, for every auction prefix
    for profile in (BRITISH, PUB):
        ladder = [PASS] + [Call(c.name) for c in profile.ladder]
        frontier = [Auction(PLAYERS, 0, (), profile)]
        while frontier:
            a = frontier.pop()
            if a.is_complete:
                continue
            expected = [c for c in ladder if a.refusal(c) is None]
            assert a.legal_calls() == expected
            high, bids = a._derived
            assert list(legal_calls_for(profile, high, bids)) == expected
            frontier.extend(a.after(c) for c in expected)


def test_P3_pub_ladder_misere_and_blucher():
    a = auction(profile=PUB)
    assert names(a.legal_calls()) == ["Pass", "Three", "Misere", "Four", "Nap"]
    assert names(auction("Three", profile=PUB).legal_calls()) == ["Pass", "Misere", "Four", "Nap"]
    assert names(auction("Nap", "Wellington", profile=PUB).legal_calls()) == ["Pass", "Blucher"]
    with pytest.raises(IllegalCall) as info:
        auction("Nap", profile=PUB).after(Call("Blucher"))
    assert info.value.rule == "P3" and info.value.facts["needed"] == "Wellington"
    with pytest.raises(IllegalCall) as info:
        auction("Four", profile=PUB).after(Call("Misere"))
    assert info.value.rule == "P3"


def test_auction_values_compare_by_calls():
    assert auction("Three") == auction("Three")
    assert auction("Three") != auction("Four")
    assert auction("Three").after(PASS) == Auction(PLAYERS, 3, (Call("Three"), PASS))
    a = Auction(PLAYERS, 3, (Call("Three"),))
    assert a.highest == (0, BRITISH.contract("Three")) and a.bid_names() == {"Three"}
    assert isinstance(IllegalCall(a.refusal(Call("Three"))), RuleError)
