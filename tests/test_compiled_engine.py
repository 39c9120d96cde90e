"""The engine and the solver's search compiled by mypyc (setup.py) play and judge exactly as in pure Python.

Both run the same source, but a compiled module checks argument types, binds
calls early and has no instance dictionaries: a difference would show as a
different deal, legal list, refusal or explanation. The same 300 seeded deals
(both profiles, 3 to 7 players) are played in two processes, one importing
this checkout's compiled modules and one a copy of the package's Python files
alone, and every step is compared: the deal, the legal actions, the refusals
of a spread of cards, each action's explanations, an undo, and the result; at the
second trick of every table of 3 to 5, the exact solver's value of each legal card.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import nap_teach.engine

ROOT = Path(__file__).resolve().parents[1]

PLAY = r'''
import json, random
import nap_teach.engine as engine
from nap_teach.engine.cards import FULL_PACK
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.engine.state import DealState
from nap_teach.ai.solver import card_values

def facts(explanations):
    return [[e.rule, e.key, sorted((k, repr(v)) for k, v in e.facts.items())] for e in explanations]

print(json.dumps({"compiled": engine.COMPILED}))
for i in range(300):
    profile = (BRITISH, PUB)[i % 2]
    n = 3 + i % 5
    players = tuple("ABCDEFG"[:n])
    deal = shuffle_and_deal(players, i % n, deal_rng("compiled-against-pure", i), profile)
    state = DealState.from_deal(deal, profile)
    choose = random.Random(i)
    steps = [[[c.code for c in hand] for hand in deal.hands], deal.cut]
    while not state.is_over:
        legal = state.legal_actions()
        refused = [[c.code, facts([why]) if (why := state.refusal(c)) else None] for c in FULL_PACK[i % 7::7]]
        action = choose.choice(legal)
        state.apply(action)
        steps.append([[str(a) for a in legal], refused, str(action), facts(state.explain_last())])
        if len(state.actions) == n + 2:  # an undo, and the action again
            state.push(state.undo())
        if n <= 5 and len(state.tricks) == 1 and not state.trick_cards and state.phase == "play":
            steps.append(sorted((c.code, v) for c, v in card_values(state).items()))
    result = state.result()
    print(json.dumps([i, steps, result.declarer, result.contract.name if result.contract else None,
                      list(result.tricks_won), result.made, dict(result.settlement or {})], sort_keys=True))
'''


def play(path: Path) -> list[object]:
    """The 300 deals played by the package found at ``path`` (first line: whether its engine is compiled)."""
    out = subprocess.run([sys.executable, "-c", PLAY], cwd=path, env={"PYTHONPATH": str(path), "PATH": ""},
                         capture_output=True, text=True, timeout=280, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def test_the_compiled_engine_plays_300_deals_exactly_as_the_pure_engine(tmp_path: Path) -> None:
    if not nap_teach.engine.COMPILED:
        if shutil.which("cc") or shutil.which("gcc"):
            pytest.fail("the engine is not compiled although a C compiler is here: make test builds it (setup.py)")
        pytest.skip("no C compiler on this machine: the engine is pure Python here (setup.py)")
    pure = tmp_path / "pure"
    shutil.copytree(ROOT / "nap_teach", pure / "nap_teach", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    compiled_run, pure_run = play(ROOT), play(pure)
    assert compiled_run[0] == {"compiled": True} and pure_run[0] == {"compiled": False}
    assert "search.cpython-" in " ".join(p.name for p in (ROOT / "nap_teach" / "ai" / "solver").glob("*.so"))
    assert len(compiled_run) == len(pure_run) == 301
    for compiled_deal, pure_deal in zip(compiled_run[1:], pure_run[1:]):
        assert compiled_deal == pure_deal
    # real deals: contracts of both ladders, made and lost
    deals = compiled_run[1:]
    assert {deal[5] for deal in deals} == {True, False}  # type: ignore[index]
    assert {"Three", "Four", "Nap", "Wellington", "Misere", "Blucher"} <= {deal[3] for deal in deals}  # type: ignore[index]
