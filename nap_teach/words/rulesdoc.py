"""The rules reference ``docs/rules.md`` (and ``docs/rules.es.md``), generated from the rulebook.

For every rule of :data:`nap_teach.words.rulebook.RULES` the reference gives its id,
title and prose in one language, links to the engine code that enforces it
(the symbols the rulebook names, each linked to its module) and to the tests
named after it (``def test_b11_...``, found by name under ``tests/``).

``python -m nap_teach rulebook [--lang es]`` prints it; ``make docs`` writes
both files; ``tests/test_rulebook.py`` fails when a committed file is out of
date.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from pathlib import Path

from .i18n import LANGUAGES, Translator, translator
from ..engine.profiles import BRITISH, PUB, Profile
from ..engine.rules import RULES, Rule, Topic, rules_in_force
from .rulebook import prose, tricks_needed

__all__ = ["ROOT", "DOC_FILES", "Link", "enforcing_code", "named_tests", "markdown"]

ROOT = Path(__file__).resolve().parents[2]
"""The repository root of a source checkout (where ``docs/`` and ``tests/`` are)."""

DOC_FILES: dict[str, str] = {"en": "docs/rules.md", "es": "docs/rules.es.md"}
"""Language -> the reference file, relative to the repository root."""

_TEST_DEF = re.compile(r"^\s*(?:async\s+)?def\s+(test_((?:[BbPp]\d+_)+)\w*)\s*\(", re.MULTILINE)
"""A test named after one or more rules: ``def test_b11_...``, ``def test_B3_B4_...``."""


@dataclass(frozen=True)
class Link:
    """A named place in the repository: a symbol or a test, and its file relative to the root."""

    name: str
    path: str


def enforcing_code(symbol: str) -> Link:
    """Resolve ``"module:Qualified.name"`` to the symbol's name and module file (``AttributeError`` if gone)."""
    module_name, _, qualname = symbol.partition(":")
    module = importlib.import_module(module_name)
    obj: object = module
    for part in qualname.split("."):
        obj = getattr(obj, part)
    path = Path(module.__file__ or "").resolve()
    if path.suffix != ".py":  # the engine compiled by mypyc (setup.py): the code is the module's source beside it
        path = path.with_name(module_name.rpartition(".")[2] + ".py")
    return Link(qualname, path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name)


def named_tests(root: Path = ROOT) -> dict[str, list[Link]]:
    """Rule id -> the tests named after it (``test_b11_...``, ``test_B3_B4_...``), in file and line order."""
    found: dict[str, list[Link]] = {}
    tests = root / "tests"
    for path in sorted(tests.rglob("test_*.py")) if tests.is_dir() else ():
        for match in _TEST_DEF.finditer(path.read_text(encoding="utf-8")):
            link = Link(match.group(1), path.relative_to(root).as_posix())
            for rule in match.group(2).upper().split("_")[:-1]:
                found.setdefault(rule, []).append(link)
    return found


def _links(links: list[Link]) -> str:
    return ", ".join(f"[`{link.name}`](../{link.path})" for link in links)


def _stakes_table(profile: Profile, tr: Translator) -> list[str]:
    """The ladder and its stakes as a Markdown table (what the explorer shows beside the stakes rules)."""
    _ = tr.gettext
    rows = [[_("Bid"), _("Tricks needed"), _("Made: each opponent pays"), _("Failed: declarer pays each")],
            ["---"] * 4]
    rows += [[tr.call(c.name), tricks_needed(c, profile, tr), str(c.made), str(c.failed)] for c in profile.ladder]
    return ["| " + " | ".join(row) + " |" for row in rows]


def _rule_section(rule: Rule, tr: Translator, tests: dict[str, list[Link]]) -> list[str]:
    _ = tr.gettext
    profile = BRITISH if rule.profile == "british" else PUB
    lines = [f'<a id="{rule.id.lower()}"></a>', "", f"### {rule.id} · {tr.rule_title(rule.id)}", ""]
    for para in prose(rule.id, profile, tr):
        lines += [para, ""]
    if Topic.STAKES in rule.topics:
        lines += _stakes_table(profile, tr) + [""]
    code = [enforcing_code(s) for s in rule.enforced_by]
    lines.append("- " + _("Enforced by: {links}").format(links=_links(code)))
    named = tests.get(rule.id, [])
    lines.append("- " + _("Tests: {links}").format(links=_links(named) if named else _("none yet")))
    return lines + [""]


def markdown(lang: str = "en", root: Path = ROOT) -> str:
    """The rules reference in ``lang`` (Markdown), as committed in ``docs/``."""
    tr = translator(lang)
    _ = tr.gettext
    tests = named_tests(root)
    others = " · ".join(f"[{name}]({Path(DOC_FILES[code]).name})" for code, name in LANGUAGES.items()
                        if code != tr.lang)
    british = [r for r in RULES.values() if r.profile == "british"]
    pub = [r for r in RULES.values() if r.profile == "pub"]
    kept = [r for r in rules_in_force(PUB) if r.startswith("B")]
    replaced = [r.id for r in british if r.id not in kept]
    lines = [
        "# " + _("The rules of Nap"),
        "",
        "<!-- Generated from nap_teach/words/rulebook.py by `make docs` "
        "(python -m nap_teach rulebook); do not edit by hand. -->",
        "",
        _("The rules of Nap as this app teaches and enforces them, in its own words. Each rule has an id: "
          "B1 to B17 for the British rules, P1 to P9 for the pub rules. The app's explanations and refusals "
          "name the rule behind them, and so do the tests that check it."),
        "",
        _("Other languages: {links}").format(links=others),
        "",
        " · ".join(f"[{r.id}](#{r.id.lower()})" for r in RULES.values()),
        "",
        "## " + _("British rules"),
        "",
    ]
    for rule in british:
        lines += _rule_section(rule, tr, tests)
    lines += [
        "## " + _("Pub rules"),
        "",
        _("The pub rules keep {kept}; in place of {replaced}, and on a few points more, they have rules of "
          "their own:").format(
            kept=", ".join(kept), replaced=", ".join(replaced)),
        "",
    ]
    for rule in pub:
        lines += _rule_section(rule, tr, tests)
    return "\n".join(lines).rstrip("\n") + "\n"
