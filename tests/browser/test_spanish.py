"""Every page in Spanish: `?lang=es` leaves no English words in the visible text."""
from __future__ import annotations

import re

import pytest

PAGES = [
    ("index.ipynb", "", ".nap-landing"),
    ("lesson.ipynb", "", ".nap-lesson"),
    ("play.ipynb", "", ".nap-play"),
    ("explorer.ipynb", "", ".nap-explorer"),
    ("scorekeeper.ipynb", "", ".nap-scorekeeper"),
    ("index.ipynb", "&profile=pub", ".nap-landing"),
    ("explorer.ipynb", "&profile=pub", ".nap-explorer"),
    ("scorekeeper.ipynb", "&profile=pub", ".nap-scorekeeper"),
    ("handouts.ipynb", "", ".nap-handout-rules"),
    ("handouts.ipynb", "&kind=plan", ".nap-handout-plan"),
    ("explorer.ipynb", "&section=syllabus", ".nap-ex-plan .nap-plan-lesson"),
    ("class.ipynb", "", ".nap-class"),
]

# Common English words of the app's texts. Bids keep their names in Spanish
# (Three, Four, Nap, Wellington, Misère, Blücher), and "English" names the
# language in the switch, so those are not listed.
ENGLISH = [
    "the", "and", "with", "you", "your", "trick", "tricks", "trump", "deal", "deals", "dealer", "pass",
    "passes", "next", "back", "play", "player", "players", "hearts", "spades", "clubs", "diamonds",
    "settlement", "ledger", "balance", "score", "start", "rules", "rule", "who", "what", "which", "bid",
    "lead", "leads", "follow", "declarer", "defender", "defenders", "step", "learn", "session", "save",
    "load", "question", "answer", "table", "of", "to", "is", "are", "not", "yes",
]
ALLOWED_NAMES = {"English"}


def visible_words(page) -> list[str]:
    text = page.evaluate("() => document.body.innerText")
    return re.findall(r"[A-Za-zÀ-ÿ]+", text)


def english_left(page) -> list[str]:
    banned = set(ENGLISH)
    return sorted({w for w in visible_words(page) if w not in ALLOWED_NAMES and w.lower() in banned})


def settled_english(page, seconds: float = 10.0) -> list[str]:
    """English words still shown once the page has had ``seconds`` to finish updating.

    Widgets receive their new texts one message at a time, so a page read too
    early may still show a word that is about to change.
    """
    left = english_left(page)
    for _ in range(int(seconds * 5)):
        if not left:
            break
        page.wait_for_timeout(200)
        left = english_left(page)
    return left


@pytest.mark.parametrize("notebook,extra,ready", PAGES, ids=[p[0] + p[1] for p in PAGES])
def test_page_in_spanish_has_no_english(voila_page, page_log, screenshot, notebook, extra, ready):
    page = voila_page(notebook, "lang=es" + extra, ready=ready)
    left = settled_english(page)
    screenshot(page, "es")
    assert left == [], f"English words on the Spanish {notebook}: {left}"
    page_log.assert_no_errors()


def test_switch_changes_language_in_place(voila_page, expect):
    page = voila_page("lesson.ipynb", "lang=en", ready=".nap-lesson")
    page.locator(".nap-lesson-next").first.click()
    expect(page.locator(".nap-lesson-step")).to_contain_text("2")
    page.locator(".nap-lang button", has_text="Español").click()
    expect(page.locator(".nap-lesson-next").first).to_contain_text("Siguiente")
    expect(page.locator(".nap-lesson-step")).to_contain_text("2")
    assert settled_english(page) == []


def test_a_whole_deal_in_spanish_shows_no_english(voila_page, expect):
    """Bot reasons, trick explanations, the settlement and the chart of a played deal, in Spanish."""
    query = "seed=32&players=3&seat=1&deals=1&bots=simple&lang=es"
    page = voila_page("play.ipynb", query, ready="button.nap-play-start")
    page.locator("button.nap-play-start").click()
    expect(page.locator(".nap-latest")).to_be_attached(timeout=30_000)
    seen_english: set[str] = set()
    for _ in range(40):
        if page.locator(".nap-play-final").count():
            break
        before = page.locator(".nap-latest").first.get_attribute("data-token")
        calls = page.locator(".nap-play-auction-panel button.nap-play-call:not([disabled])")
        if page.locator(".nap-play-auction-panel").is_visible() and calls.count():
            calls.last.click()
        else:
            legal = page.locator(".nap-play-card-table .nt-hand button.nt-card.nt-legal")
            if not legal.count():
                page.wait_for_timeout(200)
                continue
            legal.first.click()
        page.wait_for_function(
            "(before) => { const el = document.querySelector('.nap-latest');"
            " return el && el.dataset.token !== before; }", arg=before, timeout=30_000)
        seen_english |= set(settled_english(page, 3.0))
    expect(page.locator(".nap-play-final")).to_be_attached(timeout=30_000)
    # the chart and the download link follow the last click (drawn after
    # everything else the click changed, which takes a while on a busy machine)
    expect(page.locator(".nap-play-chart svg").first).to_be_attached(timeout=60_000)
    page.wait_for_timeout(1000)
    seen_english |= set(settled_english(page))
    assert seen_english == set()
    chart = page.locator(".nap-play-chart").first.inner_html()
    assert "<svg" in chart
    for english in ("balance", "after deal"):
        assert english not in chart
    assert "saldo" in chart
