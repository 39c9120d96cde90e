"""Pages in Spanish: `?lang=es` leaves no English words in the visible text, and every link keeps the language.

Every page of the app is opened in Spanish by the page walk of test_pages_accessibility*.py
(tests/browser/pages.py, ``walk``): no English at its start (at 1280 px) and at every main state (at 390 px),
its header in Spanish with links home and on, every link keeping ``lang=es``. Here: the crawl from the
Spanish start page (its links lead to every page of the app, with ``lang=es``; the first lesson is followed
by clicking), the pages only an address reaches (the pub profile, the lesson plan, the syllabus), the
language switched in place, and a whole deal played in Spanish.
"""
from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from nap_teach.ui.landing import LESSONS
from nap_teach.app import server


NOTEBOOKS = set(server.pages(Path(__file__).resolve().parents[2] / "notebooks"))
APP_TIMEOUT = 60_000
BY_ADDRESS = [  # pages only an address reaches (notebook, extra query, ready)
    ("index.ipynb", "&profile=pub", ".nap-landing"),
    ("explorer.ipynb", "&profile=pub", ".nap-explorer"),
    ("scorekeeper.ipynb", "&profile=pub", ".nap-scorekeeper"),
    ("handouts.ipynb", "&kind=plan", ".nap-handout-plan"),
    ("explorer.ipynb", "&section=syllabus", ".nap-ex-plan .nap-plan-lesson"),
]


def _in_spanish(site_pages, page, expect, notebook: str, where: str) -> None:
    """No English at 1280 px; at 390 px the page is in Spanish, leads home (and on) and keeps ``lang=es``."""
    site_pages.assert_no_english(page, where)
    page.set_viewport_size({"width": 390, "height": 844})
    site_pages.settle(page, 200)
    site_pages.assert_spanish_page(page, expect, notebook, where)


def test_crawl_from_the_spanish_start_page_and_the_pages_an_address_reaches(shared_context, expect, site_pages):
    """The Spanish start page leads to every page with ``lang=es`` (the first lesson followed by clicking), and
    the pages only an address reaches: none shows English, each is in Spanish and keeps ``lang=es`` in every link.
    One page at a time, as a learner opens them: no browser error at all."""
    for notebook, query, ready in BY_ADDRESS:
        page = shared_context.open_all([f"voila/render/{notebook}?lang=es{query}"], [ready])[0]
        _in_spanish(site_pages, page, expect, notebook, f"{notebook}?lang=es{query}")
        page.close()
    start = shared_context.open_all(["voila/render/index.ipynb?lang=es"], [".nap-landing-try"])[0]
    _in_spanish(site_pages, start, expect, "index.ipynb", "index")
    targets = {urlsplit(link["href"]).path.rsplit("/", 1)[-1] for link in site_pages.internal_links(start)}
    assert targets >= NOTEBOOKS - {"index.ipynb"}, f"pages the start page does not lead to: {targets}"
    first = LESSONS[0]
    start.locator(f'a.nap-landing-link[href="{first.notebook}?lang=es"]').click()
    start.wait_for_url(f"**/voila/render/{first.notebook}?lang=es", timeout=APP_TIMEOUT)
    expect(start.locator(f".{first.app_class}").first).to_be_visible(timeout=APP_TIMEOUT)
    start.set_viewport_size({"width": 1280, "height": 900})
    _in_spanish(site_pages, start, expect, first.notebook, first.notebook)
    shared_context.log.assert_no_errors()


def test_switch_changes_language_in_place(voila_page, expect, site_pages):
    page = voila_page("lesson.ipynb", "lang=en", ready=".nap-lesson")
    page.locator(".nap-lesson-next").first.click()
    expect(page.locator(".nap-lesson-step")).to_contain_text("2")
    page.locator(".nap-lang button", has_text="Español").click()
    expect(page.locator(".nap-lesson-next").first).to_contain_text("Siguiente")
    expect(page.locator(".nap-lesson-step")).to_contain_text("2")
    assert site_pages.settled_english(page) == []


def test_a_whole_deal_in_spanish_shows_no_english(voila_page, expect, site_pages):
    """Bot reasons, trick explanations, the settlement and the chart of a played deal, in Spanish."""
    query = "seed=32&players=3&seat=1&deals=1&bots=simple&lang=es"
    page = voila_page("play.ipynb", query, ready="button.nap-play-start")
    page.locator("button.nap-play-start").click()
    expect(page.locator(".nap-latest")).to_be_attached(timeout=30_000)
    page.locator(".nap-table-pace select").select_option(index=0)  # "instant" (PACES[0]): the bots' cards at once
    seen_english: set[str] = set()
    for _ in range(40):
        if page.locator(".nap-play-final").count():
            break
        before = site_pages.token(page)
        calls = page.locator(".nap-play-auction-panel button.nap-play-call:not([disabled])")
        if page.locator(".nap-play-auction-panel").is_visible() and calls.count():
            calls.last.click()
        else:
            legal = page.locator(".nap-play-card-table .nt-hand button.nt-card.nt-legal")
            if not legal.count():
                page.wait_for_timeout(200)
                continue
            legal.first.click()
        site_pages.wait_new_token(page, before)
        seen_english |= set(site_pages.settled_english(page, 3.0))
    expect(page.locator(".nap-play-final")).to_be_attached(timeout=30_000)
    # the chart and the download link follow the last click (drawn after
    # everything else the click changed, which takes a while on a busy machine)
    expect(page.locator(".nap-play-chart svg").first).to_be_attached(timeout=60_000)
    page.wait_for_timeout(1000)
    seen_english |= set(site_pages.settled_english(page))
    assert seen_english == set()
    chart = page.locator(".nap-play-chart").first.inner_html()
    assert "<svg" in chart
    for english in ("balance", "after deal"):
        assert english not in chart
    assert "saldo" in chart
