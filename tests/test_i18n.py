"""The Spanish catalogue is complete, faithful to the placeholders, and never out of date."""
from __future__ import annotations

import io
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from nap_teach import Card, DealState, translator
from nap_teach.words.i18n import DOMAIN, LOCALE_DIR, normalize_lang
from nap_teach.engine.messages import MESSAGES, Plural
from nap_teach.engine.rules import RULE_TITLES
from nap_teach.engine.records import load_hand

ROOT = Path(__file__).resolve().parents[1]
POT = LOCALE_DIR / f"{DOMAIN}.pot"
PO = LOCALE_DIR / "es" / "LC_MESSAGES" / f"{DOMAIN}.po"
MO = PO.with_suffix(".mo")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.fixture(scope="module")
def spanish():
    with PO.open("rb") as f:
        return read_po(f, locale="es")


def test_every_message_has_a_spanish_translation(spanish):
    missing = []
    for message in spanish:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(forms) or message.fuzzy:
            missing.append(message.id)
    assert missing == []


def test_translations_keep_the_placeholders(spanish):
    wrong = []
    for message in spanish:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        expected = set().union(*(_fields(i) for i in ids))
        for form in forms:
            got = _fields(form)
            # a singular form may spell out the count ("una baza") instead of {n}
            if got != expected and not (len(forms) > 1 and got < expected):
                wrong.append((message.id, form))
    assert wrong == []


def test_catalogue_covers_every_message_of_the_template(spanish):
    with POT.open("rb") as f:
        template = read_po(f)
    template_ids = {m.id for m in template if m.id}
    spanish_ids = {m.id for m in spanish if m.id}
    assert template_ids - spanish_ids == set()


def test_template_matches_the_source(tmp_path):
    """Every gettext string of the code is in the committed template (run `make i18n`)."""
    out = tmp_path / "fresh.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", "-k", "N_", "-k", "Np_:1,2",
         "--no-location", "--sort-output", "-o", str(out), "nap_teach"],
        cwd=ROOT, check=True, capture_output=True,
    )
    with out.open("rb") as f:
        fresh = {m.id for m in read_po(f) if m.id}
    with POT.open("rb") as f:
        committed = {m.id for m in read_po(f) if m.id}
    assert fresh - committed == set(), "new strings: run `make i18n` and translate them"
    assert committed - fresh == set(), "stale strings: run `make i18n`"


def test_compiled_catalogue_is_up_to_date(spanish):
    buf = io.BytesIO()
    write_mo(buf, spanish)
    assert MO.read_bytes() == buf.getvalue(), "run `make i18n` to compile the catalogue"


def test_every_engine_message_is_in_the_template():
    with POT.open("rb") as f:
        ids = {m.id for m in read_po(f) if m.id}
    for key, entry in MESSAGES.items():
        wanted = (entry.singular, entry.plural) if isinstance(entry, Plural) else entry
        assert wanted in ids, key
    for title in RULE_TITLES.values():
        assert title in ids


def test_spanish_explanations_of_the_worked_deal():
    state = load_hand((ROOT / "nap_teach/data/hands/worked_deal.json").read_text())
    es = translator("es")
    first_card = state.calls.__len__()
    from nap_teach.engine.narrate import explain_action

    lead = [es.explain(x) for x in explain_action(state, first_card)]
    assert any("triunfo" in line and "corazones" in line for line in lead)
    settlement = [es.explain(x) for x in state.explain_last()]
    assert any("+12" in line for line in settlement)
    assert es.card_words(Card.parse("QH")) == "reina de corazones"


def test_refusals_come_in_spanish():
    state = load_hand((ROOT / "nap_teach/data/hands/worked_deal.json").read_text())
    fresh = DealState(state.players, state.dealer, state.hands)
    for call in ("Four", "Pass", "Pass", "Pass", "AH"):
        fresh.apply(call)
    with pytest.raises(ValueError) as info:
        fresh.apply("KS")  # B holds hearts: must follow
    text = info.value.text("es")
    assert "corazones" in text and "B" in text
    assert text != info.value.text("en")


def test_language_codes_are_normalised():
    assert normalize_lang("ES") == "es"
    assert normalize_lang("es_ES") == "es"
    assert normalize_lang("xx") == "en"
    assert normalize_lang(None) == "en"


def test_cli_narrates_in_spanish():
    from nap_teach.app.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = main(["--lang", "es", "replay", str(ROOT / "nap_teach/data/hands/worked_deal.json")], out=out, err=err)
    assert code == 0, err.getvalue()
    text = out.getvalue()
    assert "Baza 1" in text or "baza 1" in text
    assert "triunfo" in text
    for english in ("Trick ", "leads", "follows suit", "takes trick", "Hands, open"):
        assert english not in text


def test_a_card_is_read_from_its_words_in_each_language():
    from nap_teach.engine.cards import FULL_PACK, Card

    es, en = translator("es"), translator("en")
    assert es.card_from_words("Reina  de corazones") is Card.parse("QH")
    assert en.card_from_words(" ten of clubs ") is Card.parse("10C")
    assert es.card_from_words("queen of hearts") is None and es.card_from_words("") is None
    assert all(es.card_from_words(es.card_words(c)) is c for c in FULL_PACK)
