"""Settlement (B15, B16; P5): stakes per opponent, made or failed; zero-sum."""
from __future__ import annotations

import pytest

from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.engine.settlement import ZeroSumError, check_zero_sum, settle

FOUR = ("A", "B", "C", "D")


def test_worked_deal_settlement_four_made():
    assert settle(FOUR, 0, BRITISH.contract("Four"), True) == {"A": 12, "B": -4, "C": -4, "D": -4}


def test_worked_deal_had_A_taken_three_four_failed():
    assert settle(FOUR, 0, BRITISH.contract("Four"), False) == {"A": -12, "B": 4, "C": 4, "D": 4}


@pytest.mark.parametrize("name,stake", [("Three", 3), ("Four", 4), ("Nap", 5), ("Wellington", 10)])
@pytest.mark.parametrize("n", range(3, 8))
def test_B15_every_opponent_pays_the_stake_or_is_paid_it(name, stake, n):
    players = tuple("ABCDEFG"[:n])
    contract = BRITISH.contract(name)
    for declarer in range(n):
        made = settle(players, declarer, contract, True)
        failed = settle(players, declarer, contract, False)
        for seat, p in enumerate(players):
            if seat == declarer:
                assert made[p] == stake * (n - 1)
                assert failed[p] == -stake * (n - 1)
            else:
                assert made[p] == -stake
                assert failed[p] == stake
        assert sum(made.values()) == sum(failed.values()) == 0


def test_B15_extra_tricks_or_failing_by_more_change_nothing():
    from nap_teach.engine.session import Session

    three = []
    for tricks in range(6):
        s = Session(FOUR, 3)  # D deals: A speaks first
        three.append(s.add_scored(["Three", "Pass", "Pass", "Pass"], tricks).settlement)
    assert three[0] == three[1] == three[2] == {"A": -9, "B": 3, "C": 3, "D": 3}
    assert three[3] == three[4] == three[5] == {"A": 9, "B": -3, "C": -3, "D": -3}


def test_P5_pub_nap_pays_ten_made_five_failed():
    nap = PUB.contract("Nap")
    assert settle(FOUR, 1, nap, True) == {"A": -10, "B": 30, "C": -10, "D": -10}
    assert settle(FOUR, 1, nap, False) == {"A": 5, "B": -15, "C": 5, "D": 5}
    blucher = PUB.contract("Blucher")
    assert settle(("A", "B", "C"), 2, blucher, True)["C"] == 60
    assert settle(("A", "B", "C"), 2, blucher, False)["C"] == -30


def test_B16_check_zero_sum():
    check_zero_sum({"A": 12, "B": -4, "C": -4, "D": -4})
    check_zero_sum({})
    with pytest.raises(ZeroSumError) as info:
        check_zero_sum({"A": 12, "B": -4, "C": -4, "D": -3})
    assert "sum to 1" in str(info.value)
    assert isinstance(info.value, AssertionError)  # a bug, never a user's mistake
