"""axe-core accessibility checks for the browser tests (axe-playwright-python ships axe-core).

Use it through the ``axe`` fixture of tests/browser/conftest.py (this module,
loaded by path: the tests run with ``--import-mode=importlib``)::

    def test_my_page_is_accessible(voila_page, axe):
        page = voila_page("play.ipynb", "lang=es", ready=".nap-play")
        axe.assert_accessible(page, label="play, auction")

:func:`assert_accessible` runs every axe-core rule (WCAG 2.x A/AA and best
practices) over the page, or over ``context`` (a CSS selector or an axe
context object), and fails on any **critical** or **serious** violation, and
on ``region`` (content outside a landmark: the page must be built from
``<header>``/``<nav>``/``<main>``), printing each violation readably: rule,
impact, what it means, a link, and the offending elements with axe's summary
of how to fix them. :func:`run` returns the raw axe results for other checks.

No rule is ever disabled here: fix the page (components in nap_teach/ui, CSS in
nap_teach/ui/css), not the check.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from axe_playwright_python.base import AXE_SCRIPT

__all__ = ["FAILING_IMPACTS", "ALWAYS_FAILING_RULES", "run", "violations", "report", "assert_accessible"]

FAILING_IMPACTS = frozenset({"critical", "serious"})
"""Impacts that fail a page."""

ALWAYS_FAILING_RULES = frozenset({"region"})
"""Rules that fail a page whatever axe rates their impact (``region`` is "moderate")."""

_RUN_JS = """async ([context, options]) => {
    return await window.axe.run(context === null ? document : context, options);
}"""


def _inject(page: Any) -> None:
    if not page.evaluate("() => typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        page.evaluate(AXE_SCRIPT)


def run(page: Any, context: str | Mapping[str, Any] | None = None,
        options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """axe-core's results for ``page`` (only violations and incomplete checks are listed)."""
    _inject(page)
    opts = {"resultTypes": ["violations"], **(options or {})}
    return page.evaluate(_RUN_JS, [context, opts])


def violations(results: Mapping[str, Any], impacts: Iterable[str] = FAILING_IMPACTS,
               rules: Iterable[str] = ALWAYS_FAILING_RULES) -> list[dict[str, Any]]:
    """The violations of ``results`` with one of ``impacts``, or of one of ``rules``."""
    impacts, rules = frozenset(impacts), frozenset(rules)
    return [v for v in results.get("violations", []) if v.get("impact") in impacts or v.get("id") in rules]


def _short(text: str, limit: int = 220) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def report(found: Sequence[Mapping[str, Any]], label: str = "", max_nodes: int = 6) -> str:
    """Violations as text a person reads: one block per rule, its elements below it."""
    lines = [f"{len(found)} accessibility violation(s){' on ' + label if label else ''}:"]
    for v in found:
        nodes = v.get("nodes", [])
        lines.append(f"\n[{v.get('impact')}] {v.get('id')}: {v.get('help')} ({len(nodes)} element(s))")
        lines.append(f"    {v.get('helpUrl', '')}")
        for node in nodes[:max_nodes]:
            target = ", ".join(" ".join(t) if isinstance(t, list) else str(t) for t in node.get("target", []))
            lines.append(f"  - {_short(target, 160)}")
            lines.append(f"      html: {_short(node.get('html', ''))}")
            summary = node.get("failureSummary") or ""
            for row in summary.splitlines():
                if row.strip():
                    lines.append(f"      {_short(row.strip(), 300)}")
        if len(nodes) > max_nodes:
            lines.append(f"  ... and {len(nodes) - max_nodes} more")
    return "\n".join(lines)


def assert_accessible(page: Any, context: str | Mapping[str, Any] | None = None, *, label: str = "",
                      options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Fail on any critical or serious axe-core violation (or ``region``) in ``page``; return the results.

    ``context``: a CSS selector or an axe context (``{"include": [...], "exclude": [...]}``),
    the whole document by default. ``label`` names the page and state in the message.
    """
    results = run(page, context, options)
    found = violations(results)
    if found:
        where = label or page.url
        print(report(found, where))
        raise AssertionError(report(found, where))
    return results
