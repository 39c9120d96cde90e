"""The Spanish catalogue keeps to one glossary (docs/glossary.md), English and Spanish (issue 25).

The glossary's "Forbidden in Spanish" table is read from the document itself, so the test and the
document cannot drift apart.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from nap_teach.engine.cards import Suit
from nap_teach.words.i18n import LOCALE_DIR, translator

GLOSSARY = Path(__file__).resolve().parents[1] / "docs" / "glossary.md"
MONEY = re.compile(r"stake|\bante\b|\bantes\b|money|\bbet\b", re.I)


def forbidden() -> list[re.Pattern[str]]:
    """The regular expressions of the glossary's "Forbidden in Spanish" table."""
    text = GLOSSARY.read_text(encoding="utf-8")
    section = text.split("## Forbidden in Spanish", 1)[1]
    patterns = [m.group(1).replace("\\|", "|") for m in re.finditer(r"^\| `(.+?)` \|", section, re.M)]
    assert len(patterns) >= 10
    return [re.compile(p) for p in patterns]


@pytest.fixture(scope="module")
def spanish():
    with open(LOCALE_DIR / "es" / "LC_MESSAGES" / "nap_teach.po", "rb") as f:
        return [m for m in read_po(f) if m.id]


def _forms(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def _english(message) -> str:
    return message.id if isinstance(message.id, str) else " ".join(message.id)


def test_glossary_the_spanish_catalogue_uses_no_forbidden_term(spanish):
    patterns = forbidden()
    found = [(p.pattern, _english(m)[:60], form[:80]) for m in spanish for form in _forms(m) for p in patterns
             if p.search(form)]
    assert found == []


def test_glossary_apuesta_is_money_only(spanish):
    found = [(_english(m)[:60], form[:80]) for m in spanish for form in _forms(m)
             if re.search(r"\bapuestas?\b", form) and not MONEY.search(_english(m))]
    assert found == []


def test_glossary_paso_alone_is_the_call_pass_only(spanish):
    alone = [_english(m) for m in spanish if not m.context and _forms(m) == ("Paso",)]
    assert alone == ["Pass"]
    step = next(m for m in spanish if m.id == "Step" and not m.context)
    assert _forms(step) == ("Ir al paso",)


@pytest.mark.parametrize("suit, subject", [(Suit.SPADES, "las picas"), (Suit.HEARTS, "los corazones"),
                                           (Suit.CLUBS, "los tréboles"), (Suit.DIAMONDS, "los diamantes")])
def test_glossary_a_suit_as_a_subject_takes_its_article_in_spanish(suit, subject):
    from nap_teach.engine.cards import Card
    from nap_teach.engine.explain import Explanation

    es, en = translator("es"), translator("en")
    lead = Explanation("B10", "explain.first_lead_trump", {"player": "Ann", "card": Card(14, suit), "suit": suit})
    assert f": {subject} son triunfo" in es.explain(lead)
    assert f": {en.suit(suit)} are trump" in en.explain(lead)


def test_glossary_misere_is_masculine_and_the_solver_has_one_name(spanish):
    texts = " ".join(form for m in spanish for form in _forms(m))
    assert "Misère cumplido" in texts and "un Misère" in texts
    solver = [m for m in spanish if "solver" in _english(m).lower()]
    assert solver and all("solucionador" in form for m in solver for form in _forms(m))
