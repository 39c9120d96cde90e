"""The rulebook (nap_teach/words/rulebook.py) and the rules reference generated from it (docs/rules*.md)."""
from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest

from nap_teach.app.cli import main
from nap_teach.words.i18n import translator
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.engine.rules import RULE_TITLES, RULES, Topic, get_rule, rules_in_force, topic_map
from nap_teach.words.rulebook import prose
from nap_teach.words.rulesdoc import DOC_FILES, enforcing_code, markdown, named_tests
from nap_teach.teach.syllabus import profile_rules

ROOT = Path(__file__).resolve().parent.parent
SHARED = "../" + "shared"  # spelt in two parts so that this file does not match itself
ALL_IDS = [f"B{i}" for i in range(1, 18)] + [f"P{i}" for i in range(1, 10)]


def test_every_rule_of_both_profiles_is_in_the_rulebook_in_order():
    assert list(RULES) == ALL_IDS
    assert list(RULE_TITLES) == ALL_IDS
    assert all(get_rule(r).id == r for r in ALL_IDS)
    with pytest.raises(KeyError):
        get_rule("B18")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_rule_has_a_title_and_prose_in_each_language(lang):
    tr = translator(lang)
    for rule in RULES.values():
        profile = BRITISH if rule.profile == "british" else PUB
        assert tr.rule_title(rule.id) and tr.rule_title(rule.id) != rule.id
        paras = prose(rule.id, profile, tr)
        assert paras and all(p.strip() for p in paras), rule.id
        assert "{" not in "".join(paras), rule.id  # every fact filled in


def test_spanish_prose_is_translated():
    en, es = translator("en"), translator("es")
    for rule in RULES.values():
        profile = BRITISH if rule.profile == "british" else PUB
        assert prose(rule.id, profile, en) != prose(rule.id, profile, es), rule.id
        assert en.rule_title(rule.id) != es.rule_title(rule.id) or rule.id == "P4", rule.id  # "Misère" in both


def test_topics_are_an_enum_and_the_profiles_read_their_maps_from_the_rulebook():
    assert dict(BRITISH.rules) == topic_map("B")
    assert dict(PUB.rules) == topic_map("P")
    assert all(isinstance(t, Topic) for t in (*BRITISH.rules, *PUB.rules))
    assert BRITISH.rule(Topic.FOLLOW) == PUB.rule(Topic.FOLLOW) == "B11"
    assert (BRITISH.rule(Topic.LADDER), PUB.rule(Topic.LADDER), PUB.rule(Topic.REQUIRES)) == ("B6", "P3", "P3")
    with pytest.raises(KeyError):
        BRITISH.rule(Topic.MISERE)  # the British rules have no Misère
    for rule in RULES.values():
        assert rule.topics, rule.id
        for topic in rule.topics:
            assert (BRITISH if rule.profile == "british" else PUB).rule(topic) == rule.id


def test_rules_in_force_come_from_the_rulebook():
    assert rules_in_force(BRITISH) == profile_rules(BRITISH) == ALL_IDS[:17]
    pub = rules_in_force(PUB)
    assert [r for r in pub if r.startswith("P")] == ALL_IDS[17:]
    assert not {"B6", "B7", "B13", "B15", "B17"} & set(pub)


def test_the_explorer_shows_the_rulebook_prose():
    from nap_teach.ui.explorer import rule_text

    assert rule_text is prose


def test_every_rule_names_code_that_enforces_it_and_the_code_exists():
    for rule in RULES.values():
        assert rule.enforced_by, rule.id
        for symbol in rule.enforced_by:
            link = enforcing_code(symbol)  # AttributeError/ImportError when a symbol is renamed or gone
            assert (ROOT / link.path).is_file(), symbol
            assert link.path.startswith("nap_teach/") and not link.path.startswith("nap_teach/ui/"), symbol


def test_every_rule_has_tests_named_after_it():
    tests = named_tests(ROOT)
    assert set(tests) <= set(ALL_IDS), set(tests) - set(ALL_IDS)
    for rule in ALL_IDS:
        assert tests.get(rule), f"no test is named after {rule}"
    assert "test_B3_B4_five_cards_each_and_52_minus_5n_unused" in {t.name for t in tests["B4"]}
    assert "test_every_rule_has_tests_named_after_it" not in {t.name for links in tests.values() for t in links}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_committed_rules_reference_is_current(lang):
    committed = (ROOT / DOC_FILES[lang]).read_text(encoding="utf-8")
    assert committed == markdown(lang, ROOT), f"{DOC_FILES[lang]} is out of date: run `make docs`"


def test_the_rules_reference_lists_each_rule_with_its_code_and_tests():
    text = markdown("en", ROOT)
    for rule in RULES.values():
        assert f"### {rule.id} · {rule.title}" in text
        assert f'<a id="{rule.id.lower()}"></a>' in text
    assert "[`DealState.legal_cards`](../nap_teach/engine/state.py)" in text
    b11 = text.split("### B11 ")[1].split("### B12 ")[0]
    assert "Follow suit" in b11 and "test_B11_" in b11 and "../tests/" in b11
    es = markdown("es", ROOT)
    assert "### B11 · Asistir al palo" in es and "Código que la aplica: [`playable`]" in es
    assert SHARED not in text and SHARED not in es


def test_cli_prints_the_reference_in_the_chosen_language():
    for argv, lang in ((["rulebook"], "en"), (["--lang", "es", "rulebook"], "es"), (["rulebook", "--lang", "es"], "es")):
        out = io.StringIO()
        assert main(argv, out=out, err=io.StringIO()) == 0
        assert out.getvalue() == (ROOT / DOC_FILES[lang]).read_text(encoding="utf-8")


def test_readme_links_the_rules_reference_and_nothing_points_to_shared():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/rules.md)" in readme and "(docs/rules.es.md)" in readme
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for name in tracked:
        path = ROOT / name
        if path.suffix in (".py", ".md", ".ipynb", ".toml", ".cfg", ".txt", ".yml", ".json") or name == "Makefile":
            assert SHARED not in path.read_text(encoding="utf-8", errors="replace"), name
