"""One home per fact: each fact of the game or of the code is written in one place.

- the hand size (and so the number of tricks) comes from the :class:`Profile`;
- one seed limit (``engine.dealing.MAX_SEED``);
- one way to write a card as text on a page (``words.render.card_text``);
- no private name (``_x``) of the package is imported by another module;
- every import made inside a function says why on its line.

The code checks read the package's source with :mod:`ast`, so they fail on the
line that breaks the rule and name it.
"""
from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest

from nap_teach.ai.odds import OddsError, check_hand
from nap_teach.engine.cards import Card
from nap_teach.engine.dealing import MAX_SEED, deal_rng, shuffle_and_deal
from nap_teach.engine.explain import RecordError
from nap_teach.engine.profiles import BRITISH
from nap_teach.engine.records import hand_from_record
from nap_teach.engine.state import DealState
from nap_teach.teach.play import SetupError, TableSetup
from nap_teach.words.render import card_text

PACKAGE = Path(__file__).resolve().parent.parent / "nap_teach"
SOURCES = sorted(PACKAGE.rglob("*.py"))


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(PACKAGE.parent)}:{getattr(node, 'lineno', '?')}"


# ------------------------------------------------------------ the hand size
FOUR_CARDS = dataclasses.replace(BRITISH, name="four-card test table", hand_size=4)
"""A table dealt four cards each: what the engine does follows the profile, not a written 5."""


def test_b3_the_deal_gives_each_seat_the_profiles_hand_size():
    deal = shuffle_and_deal(("A", "B", "C", "D"), 0, deal_rng("four", 0), FOUR_CARDS)
    assert [len(h) for h in deal.hands] == [4, 4, 4, 4]
    assert len(deal.unused) == 52 - 16


def test_b13_a_deal_has_one_trick_per_card_in_a_hand():
    rng = random.Random(4)
    for number in range(20):
        state = DealState.from_deal(shuffle_and_deal(("A", "B", "C", "D"), number % 4, deal_rng("four", number),
                                                     FOUR_CARDS), FOUR_CARDS)
        state.apply("Three")
        for _ in range(3):
            state.apply("Pass")
        while state.legal_cards():
            state.push(rng.choice(state.legal_cards()))
        assert state.is_over and len(state.tricks) == 4 and sum(state.tricks_won) == 4
        assert state.outcome() is not None  # decided once the last of the four tricks is in


def test_b3_a_record_with_hands_of_another_size_is_refused_with_the_profiles_size():
    deal = shuffle_and_deal(("A", "B", "C", "D"), 0, deal_rng("four", 1))
    record = {"format": "nap-hand/1", "profile": "british", "players": list(deal.players), "dealer": "A",
              "hands": {p: [c.code for c in h[:4]] for p, h in zip(deal.players, deal.hands)}, "calls": []}
    with pytest.raises(RecordError) as info:
        hand_from_record(record)
    assert info.value.explanation.key == "record.hand_size"
    assert info.value.explanation.facts["size"] == BRITISH.hand_size


def test_the_odds_lab_asks_for_a_hand_of_the_profiles_size():
    assert len(check_hand("AS KS QS JS", profile=FOUR_CARDS)) == 4
    with pytest.raises(OddsError) as info:
        check_hand("AS KS QS JS")
    assert info.value.explanation.facts["size"] == BRITISH.hand_size


def test_no_module_writes_the_hand_size_as_a_number():
    """A name for the hand size or the tricks of a deal set to a number: it belongs to the profile."""
    found = []
    for path in SOURCES:
        if path.name == "profiles.py":
            continue  # the profile's own field and its default
        for node in ast.walk(_tree(path)):
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Constant) \
                    and type(node.value.value) is int:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", "")
                    if any(word in name.upper() for word in ("HAND_SIZE", "HAND_SLOTS", "TRICKS")):
                        found.append(f"{_where(path, node)} {name} = {node.value.value}")
    assert not found, "the hand size comes from the profile (profile.hand_size):\n" + "\n".join(found)


# ------------------------------------------------------------ the seed limit
def seed_limits(path: Path, tree: ast.Module) -> list[str]:
    """Where ``path`` sets ``MAX_SEED`` or writes a seed limit as a number (``999_999_999``, ``10**9``)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "MAX_SEED" for t in node.targets):
            found.append(_where(path, node))
        elif isinstance(node, ast.Constant) and type(node.value) is int and node.value in (MAX_SEED, MAX_SEED + 1):
            found.append(_where(path, node))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow) and isinstance(node.left, ast.Constant) \
                and node.left.value == 10 and isinstance(node.right, ast.Constant) and node.right.value == 9:
            found.append(_where(path, node))
    return sorted(set(found))


def test_one_seed_limit_for_every_page():
    """``MAX_SEED`` is set once, in the engine's dealing; no other module writes a limit of its own."""
    found = [where for path in SOURCES for where in seed_limits(path, _tree(path))]
    assert len(found) == 1 and found[0].startswith("nap_teach/engine/dealing.py:"), found


def test_the_seed_check_finds_a_second_limit():
    planted = PACKAGE / "ui" / "page.py"
    assert len(seed_limits(planted, ast.parse("LIMIT = 10**9\nMAX_SEED = 5\n"))) == 2


def test_the_play_table_takes_the_largest_seed_and_refuses_the_next():
    assert TableSetup.check(4, 1, "Ann", "deals", 3, "simple", MAX_SEED).seed == MAX_SEED
    with pytest.raises(SetupError):
        TableSetup.check(4, 1, "Ann", "deals", 3, "simple", MAX_SEED + 1)


# ------------------------------------------------------------ a card as text
def card_spellings(path: Path, tree: ast.Module) -> list[str]:
    """Where ``path`` spells a card for a page as ``card.rank.text + suit_text(...)`` instead of asking ``card_text``.

    (The engine's own spellings, ``Card.code`` for records and ``Card.symbol``, are the card's values.)
    """
    return [_where(path, node) for node in ast.walk(tree)
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)
            and isinstance(node.left, ast.Attribute) and node.left.attr == "text"
            and isinstance(node.left.value, ast.Attribute) and node.left.value.attr == "rank"
            and isinstance(node.right, ast.Call) and getattr(node.right.func, "id", "") == "suit_text"]


def test_one_way_to_write_a_card_on_a_page():
    """Rank text plus text-style suit symbol is spelled out once, in ``words.render.card_text``."""
    found = [where for path in SOURCES for where in card_spellings(path, _tree(path))]
    assert len(found) == 1 and found[0].startswith("nap_teach/words/render.py:"), found
    assert card_text(Card.parse("10H")) == "10\u2665\ufe0e"
    planted = ast.parse("label = card.rank.text + suit_text(card.suit)\n")
    assert card_spellings(PACKAGE / "ui" / "x.py", planted) == ["nap_teach/ui/x.py:1"]


# ------------------------------------------------------------ private names
def private_imports(path: Path, tree: ast.Module) -> list[str]:
    """The package's private names (``_x``) that ``path`` imports from another of its modules."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.module == "__future__":
            continue
        if node.level == 0 and (node.module or "").split(".")[0] != "nap_teach":
            continue  # another library's name (ipywidgets' widget registry): its line says why
        for alias in node.names:
            name = alias.name
            if name.startswith("_") and not (name.startswith("__") and name.endswith("__")):
                found.append(f"{_where(path, node)} imports {name} from {'.' * node.level}{node.module or ''}")
    return found


def test_no_private_name_is_imported_across_modules():
    """A name starting with ``_`` is its module's own: a module that needs it from another asks for a public name."""
    found = [hit for path in SOURCES for hit in private_imports(path, _tree(path))]
    assert not found, "\n".join(found)


def test_the_private_import_check_finds_a_planted_one():
    planted = ast.parse("from .component import _helper, public\nfrom nap_teach.engine.cards import _RANK_TEXT\n"
                        "from ipywidgets.widgets.widget import _instances\nfrom x import __version__\n")
    found = private_imports(PACKAGE / "ui" / "planted.py", planted)
    assert [hit.split(" imports ")[1] for hit in found] == ["_helper from .component",
                                                            "_RANK_TEXT from nap_teach.engine.cards"]


# ------------------------------------------------------------ deferred imports
def unexplained_deferred_imports(path: Path, source: str) -> list[str]:
    """Imports made inside a function of ``source`` without a comment on their line saying why."""
    lines = source.splitlines()
    found = []
    for fn in ast.walk(ast.parse(source)):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                if isinstance(node, (ast.Import, ast.ImportFrom)) \
                        and "#" not in " ".join(lines[node.lineno - 1:node.end_lineno]):
                    found.append(f"{_where(path, node)} {lines[node.lineno - 1].strip()}")
    return found


def test_every_deferred_import_says_why():
    """An import inside a function (not at the top of its module) carries its reason as a comment on its line."""
    found = [hit for path in SOURCES for hit in unexplained_deferred_imports(path, path.read_text(encoding="utf-8"))]
    assert not found, "say why the import waits (a comment on its line):\n" + "\n".join(found)


def test_the_deferred_import_check_finds_an_unexplained_one():
    source = ("import os\n\ndef f():\n    import json\n    from voila.app import Voila  # only when a server starts\n"
              "    return json, Voila\n")
    found = unexplained_deferred_imports(PACKAGE / "planted.py", source)
    assert found == ["nap_teach/planted.py:4 import json"]
