"""“Could it have been made?”: the open-hand reading of a finished deal (issue 14 part 3)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from nap_teach.ai.bots import get_bot
from nap_teach.engine.cards import Card
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal
from nap_teach.ai.postmortem import post_mortem
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.engine.records import hand_from_record
from nap_teach.ai.simulate import play_deal
from nap_teach.ai.solver import card_values, solve
from nap_teach.engine.state import DealState

WORKED = Path(__file__).resolve().parents[1] / "nap_teach" / "data" / "hands" / "worked_deal.json"


def _worked(play: list[str]) -> DealState:
    record = json.loads(WORKED.read_text())
    record["play"] = play
    return hand_from_record(record)


def _finish(state: DealState, seed: int = 0) -> DealState:
    return play_deal(state, [get_bot("simple", random.Random(seed + i)) for i in range(state.n)])


def test_b14_the_worked_deal_could_be_made_and_no_card_changed_it():
    state = _worked(json.loads(WORKED.read_text())["play"])
    pm = post_mortem(state, learner=0)
    assert pm is not None
    assert (pm.best, pm.could_make, pm.taken, pm.made, pm.turn) == (4, True, 4, True, None)
    assert [e.key for e in pm.explanations] == ["postmortem.could_make", "postmortem.no_change"]
    assert pm.explanations[0].text("en").startswith("With open hands and best play by everyone")


def test_b10_a_wrong_first_lead_is_named_gently_with_the_better_card():
    # A (Four) leads 2♣: clubs become trump and B's A♣ takes a trick; Q♥ would have kept four tricks
    state = _finish(_worked(["2C"]))
    pm = post_mortem(state, learner=0)
    assert pm is not None and pm.turn is not None
    turn = pm.turn
    assert (turn.index, turn.trick, turn.seat, turn.card) == (0, 1, 0, Card.parse("2C"))
    assert (turn.before, turn.after, turn.better) == (4, 3, Card.parse("QH"))
    keys = [e.key for e in pm.explanations]
    assert keys == ["postmortem.could_make", "postmortem.yours", "postmortem.cost"]
    en = pm.explanations[1].text("en")
    assert en.startswith("Your 2♣ at trick 1 let B's A♣ win") and "Q♥ would have kept 4" in en
    assert pm.explanations[2].text("en") == "That card cost Four: Q♥ would have kept it alive."
    es = pm.explanations[1].text("es")
    assert "2♣" in es and "Q♥" in es and es != en
    # said of someone else, the same card is named with its player
    other = post_mortem(state, learner=2)
    assert other is not None and other.explanations[1].key == "postmortem.card"
    assert "A's 2♣ at trick 1" in other.explanations[1].text("en")


@pytest.mark.parametrize("profile", [BRITISH, PUB], ids=["british", "pub"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_b14_p4_the_turning_card_is_the_first_whose_solver_value_differs(profile, players):
    names = [f"P{i}" for i in range(players)]
    checked = 0
    for k in range(12):
        state = DealState.from_deal(shuffle_and_deal(names, k % players, deal_rng(7, k), profile), profile)
        _finish(state, k)
        pm = post_mortem(state)
        if pm is None:
            assert state.passed_out
            continue
        checked += 1
        replay = DealState(state.players, state.dealer, state.hands, profile)
        for call in state.calls:
            replay.push(call)
        assert pm.best == solve(replay)
        stop = pm.turn.index if pm.turn is not None else len(state.cards_played)
        for _, card in state.cards_played[:stop]:
            assert card_values(replay)[card] == pm.best  # every card before the turn kept the value
            replay.push(card)
        if pm.turn is not None:
            values = card_values(replay)
            assert values[pm.turn.card] == pm.turn.after != pm.turn.before == values[pm.turn.better]
            assert pm.turn.better in replay.legal_cards()
    assert checked > 0


def test_post_mortem_of_a_deal_without_play_is_none():
    record = json.loads(WORKED.read_text())
    record["play"] = []
    record["auction"] = []
    assert post_mortem(hand_from_record(record)) is None
