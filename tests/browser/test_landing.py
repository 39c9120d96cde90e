"""The landing page in Voila and Chromium: a link to each lesson's notebook, two of them followed.

Every notebook the links lead to is opened (by the same address, in Spanish) and seen to show its
app by the page walk of test_pages_accessibility*.py, and the Spanish crawl (test_spanish.py) opens
every link of the Spanish landing page: here the English page's links are read from the page, and the
first and the last lesson are reached by clicking, as a learner does.
"""
from __future__ import annotations

import re

from nap_teach.engine.profiles import BRITISH
from nap_teach.ui.landing import LESSONS

APP_TIMEOUT = 60_000  # ms for a notebook page to start its kernel and show its widgets
FOLLOWED = (LESSONS[0], LESSONS[-1])


def test_a_link_to_each_notebook_and_the_first_and_last_followed(voila_page, page_log, expect):
    page = voila_page("index.ipynb", ready=".nap-landing-link")
    links = page.locator("a.nap-landing-link")
    expect(links).to_have_count(len(LESSONS))
    for lesson in LESSONS:
        expect(page.locator(f'a.nap-landing-link[href="{lesson.notebook}"]')).to_be_visible()
    assert links.evaluate_all("links => links.map(a => a.getAttribute('href'))") == [l.notebook for l in LESSONS]
    for i, lesson in enumerate(FOLLOWED):
        if i:
            page.go_back(wait_until="domcontentloaded")
            page.locator(".nap-landing-link").first.wait_for(state="visible", timeout=APP_TIMEOUT)
        link = page.locator(f'a.nap-landing-link[href="{lesson.notebook}"]')
        expect(link).to_be_visible()
        link.click()
        page.wait_for_url(re.compile(rf"/voila/render/{re.escape(lesson.notebook)}$"), timeout=APP_TIMEOUT)
        expect(page.locator(f".{lesson.app_class}").first).to_be_visible(timeout=APP_TIMEOUT)
    page_log.assert_no_errors()


def test_landing_shows_rules_in_force_and_fits_a_phone(voila_page, page_log, screenshot, expect, layout):
    page = voila_page("index.ipynb", ready=".nap-landing-profile")
    rows = page.locator(".nap-landing-profile .nap-stakes tbody tr")
    expect(rows).to_have_count(len(BRITISH.ladder))
    nap = BRITISH.contract("Nap")
    expect(page.locator(".nap-stakes tr[data-contract=Nap] td").nth(1)).to_have_text(str(nap.made))
    # the language switch changes the page in place and the links carry the language
    page.locator(".nap-lang button", has_text="Español").click()
    expect(page.locator('a.nap-landing-link[href="explorer.ipynb?lang=es"]')).to_have_count(1, timeout=30_000)
    page.locator(".nap-lang button", has_text="English").click()
    expect(page.locator('a.nap-landing-link[href="explorer.ipynb"]')).to_have_count(1, timeout=30_000)
    layout.show_whole(page, ".nap-landing", 1280)
    screenshot(page, "landing-1280")
    page.set_viewport_size({"width": 390, "height": 900})
    layout.show_whole(page, ".nap-landing", 390)
    layout.assert_fits(page, ".nap-landing")
    screenshot(page, "landing-390")
    page_log.assert_no_errors()
