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
    assert pm.explanations[0].text("en").startswith("With all hands seen and best play by everyone")


def test_b10_a_wrong_first_lead_is_named_gently_with_the_better_card():
    # A (Four) leads 2♣: clubs become trump and B's A♣ takes a trick; Q♥ would have kept four tricks
    state = _finish(_worked(["2C"]))
    pm = post_mortem(state, learner=0)
    assert pm is not None and pm.turn is not None
    turn = pm.turn
    assert (turn.index, turn.trick, turn.seat, turn.card) == (0, 1, 0, Card.parse("2C"))
    assert (turn.before, turn.after, turn.better) == (4, 3, Card.parse("QH"))
    keys = [e.key for e in pm.explanations]
    # the simple bots let A make Four all the same: the verdict never says the lead "cost" it
    assert state.result().made
    assert keys == ["postmortem.could_make", "postmortem.yours", "postmortem.made_anyway"]
    en = pm.explanations[1].text("en")
    assert en.startswith("With all hands seen, your 2♣ at trick 1 let B's A♣ win") and "Q♥ would have kept 4" in en
    assert pm.explanations[2].text("en") == "Four was made all the same: a later card gave back what that card had lost."
    es = pm.explanations[1].text("es")
    assert "2♣" in es and "Q♥" in es and es != en
    # said of someone else, the same card is named with its player
    other = post_mortem(state, learner=2)
    assert other is not None and other.explanations[1].key == "postmortem.card"
    assert "A's 2♣ at trick 1" in other.explanations[1].text("en")
    assert not any("cost" in e.text("en") for e in other.explanations)



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


# ---------------------------------------------------------------- one voice (issue 25)
def _seeded(k: int, profile=BRITISH) -> DealState:
    """Deal ``k`` of seed 5 at four players (A B C D), played out by the simple bots (the coach's own choices)."""
    state = DealState.from_deal(shuffle_and_deal(["A", "B", "C", "D"], k % 4, deal_rng(5, k), profile), profile)
    return _finish_simple(state)


def _finish_simple(state: DealState) -> DealState:
    return play_deal(state, [get_bot("simple", random.Random(i)) for i in range(state.n)])


def _texts(pm, lang: str) -> list[str]:
    return [e.text(lang) for e in pm.explanations]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_postmortem_coach_sound_a_card_the_coach_advises_is_never_said_to_cost_the_contract(lang):
    # deal 10: B's Three fails; A (a defender here, the learner) played what the coach advises at the turning card
    state = _seeded(10)
    assert not state.result().made
    pm = post_mortem(state, learner=0)
    assert pm is not None and pm.turn is not None and pm.turn.seat == 0
    keys = [e.key for e in pm.explanations]
    assert keys == ["postmortem.could_not_make", "postmortem.yours", "postmortem.coach_sound"]
    texts = _texts(pm, lang)
    hindsight = {"en": "With all hands seen", "es": "Con todas las manos a la vista"}[lang]
    without = {"en": "Without seeing the other hands", "es": "Sin ver las otras manos"}[lang]
    assert texts[1].startswith(hindsight) and texts[2].startswith(without)
    assert pm.turn.card.code[:-1] in texts[2]  # the card is named with the coach's reason
    # the same deal read for another seat names the card without the coach's words
    other = post_mortem(state, learner=1)
    assert other is not None and "postmortem.coach_sound" not in [e.key for e in other.explanations]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_postmortem_cost_only_when_the_contract_was_lost(lang):
    # deal 83: C's A♣ lost Three with all hands seen, and Three did fail: "cost" is said, of C's card
    state = _seeded(83)
    assert not state.result().made
    pm = post_mortem(state, learner=0)
    assert pm is not None and [e.key for e in pm.explanations][-1] == "postmortem.cost"
    word = {"en": "cost Three", "es": "costó Three"}[lang]
    assert word in _texts(pm, lang)[-1]
    # deal 71: a card lost the contract with all hands seen, but it was made after all
    made = _seeded(71)
    assert made.result().made
    for learner in (None, 0, 1, 2, 3):
        pm = post_mortem(made, learner)
        assert pm is not None and "postmortem.cost" not in [e.key for e in pm.explanations]
        assert "postmortem.made_anyway" in [e.key for e in pm.explanations]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_b12_postmortem_a_discard_that_could_not_change_the_trick_is_not_blamed_for_it(lang):
    # deal 137: C (declarer, clubs trump) leads A♦ at trick 2; A, out of diamonds and of trumps, discards 2♥.
    # No card of A's could have beaten A♦: the verdict names the later effect, never "let C's A♦ win".
    state = _seeded(137)
    trick = state.tricks[1]
    assert [c.code for c in trick.cards] == ["AD", "10D", "2H", "QD"] and trick.winning == 2
    pm = post_mortem(state, learner=0)
    assert pm is not None and pm.turn is not None and pm.turn.card is Card.parse("2H")
    keys = [e.key for e in pm.explanations]
    assert keys[1] == "postmortem.yours_later"
    text = _texts(pm, lang)[1]
    later = {"en": "could not change that trick (no card you could play beat C's A♦)",
             "es": "no podía cambiar esa baza (ninguna carta que pudieras jugar superaba el A♦ de C)"}[lang]
    assert later in text and "10♥" in text
    assert {"en": "let C's A♦ win", "es": "dejó que el A♦ de C ganara"}[lang] not in text
    said_of = post_mortem(state, learner=1)
    assert said_of is not None and said_of.explanations[1].key == "postmortem.card_later"


def test_b12_postmortem_let_win_only_when_another_card_would_have_changed_the_winner():
    """Over seeded deals: every "let X's card win" verdict is backed by the better card winning or
    keeping the trick from X with best play, and every "did not decide" verdict by no card doing so."""
    from nap_teach.ai.bestplay import trick_winner_after
    from nap_teach.engine.tricks import beats

    seen = set()
    for k in (8, 25, 83, 137, 159, 2, 10, 15, 30, 69, 71, 273):
        state = _seeded(k)
        if state.passed_out:
            continue
        pm = post_mortem(state)
        if pm is None or pm.turn is None:
            continue
        turn = pm.turn
        key = pm.explanations[1].key
        seen.add(key)
        before = DealState(state.players, state.dealer, state.hands, state.profile)
        for call in state.calls:
            before.push(call)
        for _, card in state.cards_played[:turn.index]:
            before.push(card)
        if key == "postmortem.card":
            assert trick_winner_after(before, turn.better) != turn.winner
        elif key == "postmortem.card_later":
            assert turn.winner_card in before.trick_cards
            assert not any(beats(c, turn.winner_card, before.trump) for c in before.legal_cards())
    assert {"postmortem.card", "postmortem.card_later"} <= seen
