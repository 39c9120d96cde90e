"""A single deal ("nap-hand/1") in every page that loads records: the play page replays it as a one-deal
session, the scorekeeper adds it as the next deal (or starts a session with it), or says why not."""
from __future__ import annotations

import datetime
import json

import pytest

from nap_teach.engine.auction import Call
from nap_teach.engine.explain import RuleError
from nap_teach.teach.lesson.deal import load_worked_deal
from nap_teach.teach.play import PlayTable
from nap_teach.engine.records import hand_to_record, session_from_hand, session_to_record
from nap_teach.teach.scorekeeper import Scorekeeper
from nap_teach.ui.play import PlayApp
from nap_teach.ui.scorekeeper import ScorekeeperApp

NOW = datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)


def worked_record() -> dict:
    return hand_to_record(load_worked_deal())


def upload(saveload, content: bytes) -> None:
    saveload.upload.value = ({"name": "deal.json", "type": "application/json", "size": len(content),
                              "content": memoryview(content), "last_modified": NOW},)


def test_b17_a_single_deal_is_a_session_of_that_one_deal():
    session = session_from_hand(worked_record())
    assert len(session.entries) == 1 and session.is_over
    assert session.ledger()[-1].balances == {"A": 12, "B": -4, "C": -4, "D": -4}
    unfinished = dict(worked_record(), play=worked_record()["play"][:3])
    with pytest.raises(RuleError) as e:
        session_from_hand(unfinished)
    assert "not decided" in e.value.text("en")


def test_b17_the_play_page_replays_a_single_deal_file_as_a_one_deal_session():
    table = PlayTable.from_record(worked_record())
    assert len(table.session.entries) == 1 and table.name == "A"
    app = PlayApp()
    upload(app.saveload, json.dumps(worked_record()).encode())
    assert app.status.kind == "info" and "Loaded a session of 1 finished deal" in app.status.text
    assert app.table is not None and app.table.session.is_over
    state, events = app.table.replay(1)
    assert state.actions == load_worked_deal().actions and len(events) == 24


def test_b17_the_play_page_refuses_an_unfinished_single_deal_with_the_reason():
    app = PlayApp()
    unfinished = dict(worked_record(), play=worked_record()["play"][:3])
    upload(app.saveload, json.dumps(unfinished).encode())
    assert app.status.kind == "refused" and "not decided" in app.status.text and app.table is None


def test_b17_the_scorekeeper_starts_a_session_with_a_single_deal_then_adds_the_next_one():
    app = ScorekeeperApp()
    upload(app.saveload, json.dumps(worked_record()).encode())
    keeper = app.keeper
    assert keeper is not None and keeper.deals_entered == 1
    assert "deal 1 of 8" in app.status.text
    # deal 2 of this session is dealt by A (the deal passes to the left, B2): a file dealt by A fits
    second = load_worked_deal().__class__(("A", "B", "C", "D"), 0, load_worked_deal().hands, keeper.profile)
    for _ in range(4):
        second.apply(Call("Pass"))
    upload(app.saveload, json.dumps(hand_to_record(second)).encode())
    assert app.keeper is keeper and keeper.deals_entered == 2
    assert "deal 2 of 8" in app.status.text


def test_b2_the_scorekeeper_refuses_a_deal_dealt_by_the_wrong_player_and_keeps_the_session():
    keeper = Scorekeeper.from_hand(load_worked_deal())
    app = ScorekeeperApp()
    app.begin(keeper)
    before = session_to_record(keeper.session)
    upload(app.saveload, json.dumps(worked_record()).encode())  # dealt by D again: deal 2 is A's to deal
    assert app.status.kind == "refused"
    assert "deal 2 is dealt by A to A, B, C and D, but the file's deal was dealt by D" in app.status.text
    assert "[B2]" in app.status.text
    assert session_to_record(app.keeper.session) == before
