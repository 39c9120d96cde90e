"""The scorekeeper controller: a real table's deals through the engine's Session."""
from __future__ import annotations

import io
import json

import pytest

from nap_teach.app.cli import main
from nap_teach.engine.explain import IllegalAction, IllegalCall, RecordError
from nap_teach.engine.profiles import PUB
from nap_teach.teach.scorekeeper import Scorekeeper

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]

# eight deals at a four-player table; Dan deals first (calls in speaking order)
EIGHT = [
    (["Four", "Pass", "Pass", "Pass"], 4),
    (["Pass", "Pass", "Pass", "Pass"], None),
    (["Pass", "Three", "Nap", "Pass"], 4),
    (["Three", "Pass", "Four", "Pass"], 5),
    (["Pass", "Nap", "Wellington", "Pass"], 5),
    (["Three", "Pass", "Pass", "Pass"], 2),
    (["Pass", "Pass", "Pass", "Four"], 4),
    (["Nap", "Pass", "Pass", "Pass"], 5),
]


def keeper_with(deals=EIGHT) -> Scorekeeper:
    keeper = Scorekeeper(PLAYERS, "Dan")
    for calls, tricks in deals:
        keeper.add(calls, tricks)
    return keeper


def cli_session(tmp_path, keeper: Scorekeeper) -> dict:
    path = tmp_path / "session.json"
    path.write_text(keeper.save(), encoding="utf-8")
    out = io.StringIO()
    assert main(["session", "--json", str(path)], out=out) == 0
    return json.loads(out.getvalue())


def test_whose_deal_and_who_speaks_first():
    keeper = Scorekeeper(PLAYERS, "Dan")
    seen = []
    for calls, tricks in EIGHT:
        seen.append((keeper.whose_deal(), keeper.speaks_first()))
        order = keeper.speaking_order()
        assert order[0] == keeper.speaks_first() and order[-1] == keeper.whose_deal()
        keeper.add(calls, tricks)
    dealers = [d for d, _ in seen]
    assert dealers == [PLAYERS[(3 + i) % 4] for i in range(8)]  # passes left, passed-out deal too (B2)
    assert all(PLAYERS.index(s) == (PLAYERS.index(d) + 1) % 4 for d, s in seen)


def test_eight_deals_match_the_command_line(tmp_path):
    keeper = keeper_with()
    assert keeper.is_over
    data = cli_session(tmp_path, keeper)
    assert data["balances"] == keeper.balances
    assert data["winners"] == keeper.winners()
    assert [d["settlement"] for d in data["deals"]] == [r.settlement for r in keeper.ledger()]
    assert keeper.zero_sum()
    assert keeper.history()[0] == {p: 0 for p in PLAYERS} and len(keeper.history()) == 9


def test_first_deal_pays_as_the_worked_deal():
    keeper = keeper_with(EIGHT[:1])
    assert keeper.ledger()[0].settlement == {"Ann": 12, "Ben": -4, "Cat": -4, "Dan": -4}
    made, zero = keeper.explain_row(keeper.ledger()[0])
    assert (made.key, made.rule, zero.rule) == ("explain.made", "B15", "B16")


@pytest.mark.parametrize("calls, tricks, error, rule", [
    (["Four", "Pass", "Pass", "Pass"], 6, RecordError, "B13"),                       # six tricks
    (["Wellington", "Pass", "Pass", "Pass"], 5, IllegalCall, "B7"),                  # Wellington without a Nap
    ([("Ann", "Pass"), ("Ben", "Three"), ("Cat", "Pass"), ("Dan", "Pass"), ("Ann", "Four")], 3,
     IllegalAction, "B8"),                                                           # a second call by Ann
    ([("Ann", "Pass"), ("Ann", "Three")], 3, IllegalAction, "B8"),                    # Ann passed, then calls
    (["Four", "Pass", "Pass"], 4, IllegalAction, "B5"),                              # a call missing
    (["Four", "Three", "Pass", "Pass"], 4, IllegalCall, "B6"),
    (["Pass", "Pass", "Pass", "Pass"], 3, RecordError, "B9"),
    (["Four", "Pass", "Pass", "Pass"], None, RecordError, "B13"),
    (["Blucher", "Pass", "Pass", "Pass"], 5, IllegalCall, "B6"),
])
def test_impossible_entries_refused_nothing_lost(calls, tricks, error, rule):
    keeper = keeper_with(EIGHT[:4])  # deal 5: Dan deals again, Ann speaks first
    assert keeper.speaking_order() == tuple(PLAYERS)
    before = keeper.save()
    with pytest.raises(error) as err:
        keeper.add(calls, tricks)
    assert err.value.explanation.rule == rule
    assert keeper.save() == before and keeper.deals_entered == 4


def test_correct_an_earlier_deal(tmp_path):
    keeper = keeper_with(EIGHT[:5])
    later = keeper.ledger()[3].settlement
    keeper.correct(0, ["Four", "Pass", "Pass", "Pass"], 3)  # Ann took only 3 tricks
    assert keeper.ledger()[0].settlement == {"Ann": -12, "Ben": 4, "Cat": 4, "Dan": 4}
    assert keeper.ledger()[3].settlement == later and keeper.deals_entered == 5
    with pytest.raises(IllegalCall):
        keeper.correct(1, ["Wellington", "Pass", "Pass", "Pass"], 5)
    assert keeper.ledger()[0].settlement["Ann"] == -12
    with pytest.raises(IndexError):
        keeper.correct(7, ["Pass"] * 4, None)
    assert cli_session(tmp_path, keeper)["balances"] == keeper.balances


def test_save_and_load_round_trip():
    keeper = keeper_with(EIGHT[:6])
    again = Scorekeeper.load(keeper.save())
    assert again.ledger() == keeper.ledger() and again.whose_deal() == keeper.whose_deal()
    assert json.loads(keeper.save())["format"] == "nap-session/1"


def test_load_refuses_broken_records():
    with pytest.raises(RecordError):
        Scorekeeper.load("{not json")
    record = json.loads(keeper_with(EIGHT[:2]).save())
    record["deals"][0]["declarer_tricks"] = 7
    with pytest.raises(RecordError):
        Scorekeeper.load(json.dumps(record))


def test_table_size_checked():
    with pytest.raises(RecordError) as err:
        Scorekeeper(["A", "B"], 0)
    assert err.value.explanation.rule == "B1"
    with pytest.raises(IllegalAction):
        Scorekeeper(PLAYERS, "Zed")


def test_ties_share_the_win():
    keeper = Scorekeeper(["Ann", "Ben", "Cat"], "Cat", deals=2)
    keeper.add(["Three", "Pass", "Pass"], 3)   # Cat deals, Ann speaks first: Ann +6
    keeper.add(["Three", "Pass", "Pass"], 3)   # Ann deals, Ben speaks first: Ben +6
    assert keeper.balances == {"Ann": 3, "Ben": 3, "Cat": -6}
    assert keeper.winners() == ["Ann", "Ben"]


def test_pub_profile_stakes():
    keeper = Scorekeeper(["Ann", "Ben", "Cat"], "Ann", PUB)
    assert keeper.speaking_order() == ("Ben", "Cat", "Ann")
    row = keeper.add(["Pass", "Pass", "Nap"], 4)  # Ann's Nap fails: pub Nap pays 10, costs 5 (P5)
    assert row.settlement == {"Ann": -10, "Ben": 5, "Cat": 5}
    row = keeper.add(["Nap", "Pass", "Pass"], 5)  # Ben deals; Cat's Nap is made
    assert row.settlement == {"Ann": -10, "Ben": -10, "Cat": 20}
    assert keeper.call_names()[2] == "Misere"
