"""Golden playthroughs: whole deals narrated in English, compared with tests/golden/*.txt.

Each file is what ``python -m nap_teach replay FILE`` prints for the deal
(``nap_teach.app.cli.narrate_deal``), followed by the ``--json`` summary. The deals
other than the seeds' worked deal are dealt from seeds and played by a simple,
deterministic player, so they can be regenerated exactly.

After a deliberate change of wording, rewrite the files and read the diff::

    NAP_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py
"""
from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

import nap_teach
from nap_teach.app.cli import main, narrate_deal, replay_json
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal
from nap_teach.words.i18n import translator
from nap_teach.engine.records import hand_from_record, hand_to_record, load_hand
from nap_teach.engine.state import DealState
from nap_teach.engine.tricks import winning_index

GOLDEN_DIR = Path(__file__).parent / "golden"
WORKED_FILE = Path(nap_teach.__file__).parent / "data" / "hands" / "worked_deal.json"
UPDATE = os.environ.get("NAP_UPDATE_GOLDEN") == "1"
NAMES = ("Ann", "Ben", "Cat", "Dev", "Eve", "Fay", "Gus")


def simple_choice(state: DealState):
    """Lead the highest card; follow with the cheapest card that wins, else the lowest card."""
    legal = state.legal_cards()
    trick = list(state.trick_cards)
    if not trick:
        return max(legal, key=lambda c: (c.rank, -c.suit))

    def wins(card) -> bool:
        cards = trick + [card]
        return winning_index(cards, state.trump) == len(cards) - 1

    winners = [c for c in legal if wins(c)]
    if winners:
        return min(winners, key=lambda c: (c.suit == state.trump, c.rank, c.suit))
    return min(legal, key=lambda c: (c.suit == state.trump, c.rank, c.suit))


def seeded_deal(players: int, seed: str, calls: list[str]) -> DealState:
    """Deal 0 of a seeded session, the last player dealing; scripted calls, then the simple player."""
    names = NAMES[:players]
    deal = shuffle_and_deal(names, players - 1, deal_rng(seed, 0))
    state = DealState.from_deal(deal)
    state.replay(calls)
    while state.phase == "play":
        state.apply(simple_choice(state))
    return state


GOLDEN = {
    "worked_deal": lambda: load_hand(WORKED_FILE.read_bytes()),
    "three_players_failed_three": lambda: seeded_deal(3, "golden-3-5", ["Three", "Pass", "Pass"]),
    "five_players_passed_out": lambda: seeded_deal(5, "golden-5-0", ["Pass"] * 5),
    "seven_players_nap": lambda: seeded_deal(7, "golden-7-381", ["Pass", "Pass", "Nap"] + ["Pass"] * 4),
}


def golden_text(state: DealState) -> str:
    narration = "\n".join(narrate_deal(state, translator("en")))
    summary = json.dumps(replay_json(state), ensure_ascii=False, indent=2)
    return f"{narration}\n\nJSON summary (replay --json):\n{summary}\n"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_playthrough(name):
    state = GOLDEN[name]()
    text = golden_text(state)
    path = GOLDEN_DIR / f"{name}.txt"
    if UPDATE:
        GOLDEN_DIR.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}: run with NAP_UPDATE_GOLDEN=1 to create it"
    assert text == path.read_text(encoding="utf-8"), f"{path} differs: NAP_UPDATE_GOLDEN=1 rewrites it"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_deal_through_the_command_line(name, tmp_path):
    """The golden text is exactly what the command line prints for the deal's record."""
    state = GOLDEN[name]()
    record = tmp_path / f"{name}.json"
    record.write_text(json.dumps(hand_to_record(state)), encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(record)], out=out, err=io.StringIO()) == 0
    out_json = io.StringIO()
    assert main(["replay", "--json", str(record)], out=out_json, err=io.StringIO()) == 0
    expected = (GOLDEN_DIR / f"{name}.txt").read_text(encoding="utf-8")
    assert f"{out.getvalue()}\nJSON summary (replay --json):\n{out_json.getvalue()}" == expected


def test_golden_deals_are_what_they_say():
    worked = GOLDEN["worked_deal"]()
    assert worked.result().settlement == {"A": 12, "B": -4, "C": -4, "D": -4}
    three = GOLDEN["three_players_failed_three"]()
    assert three.n == 3 and three.contract.name == "Three" and three.result().made is False
    assert three.tricks_won[three.declarer] < 3
    passed = GOLDEN["five_players_passed_out"]()
    assert passed.n == 5 and passed.passed_out
    nap = GOLDEN["seven_players_nap"]()
    assert nap.n == 7 and nap.contract.name == "Nap" and nap.result().made is True
    for make in GOLDEN.values():
        state = make()
        assert hand_from_record(hand_to_record(state)).result() == state.result()


def test_golden_texts_read_well():
    """No unfilled placeholders, no stray keys, no doubled words or spaces."""
    import re

    for path in sorted(GOLDEN_DIR.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        narration = text.split("\n\nJSON summary")[0]
        assert "{" not in narration and "}" not in narration, path
        assert not re.search(r"\b(explain|call|card|record)\.[a-z_]+\b", narration), path
        assert not re.search(r"\b(\w+) \1\b", narration), path
        assert "  ." not in narration and " ." not in narration and "..\n" not in narration, path
        for line in narration.splitlines():
            assert line == line.rstrip(), (path, line)
