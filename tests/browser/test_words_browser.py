"""Issue 25 in Chromium: what the front page promises and the odds lab's position, as a person sees them.

Lean on purpose (three page loads): the front page in English at 1920 px and in Spanish at 390 px, and
one odds-lab run in Spanish (200 layouts) looked at on a phone and on a wide screen.
"""
from __future__ import annotations

from nap_teach.teach.course import load_course

WIDGET_TIMEOUT = 120_000


def _no_null_titles(page) -> list[str]:
    """Shown elements whose tooltip reads "null" (a widget whose tooltip was never set); ipywidgets' own
    empty labels, never displayed, do not count."""
    return page.evaluate("Array.from(document.querySelectorAll('[title=\"null\"]'))"
                         ".filter(e => e.getClientRects().length > 0).map(e => e.outerHTML.slice(0, 80))")


def test_front_page_promises_the_course_it_lists_and_the_import_button_has_a_name(voila_page, page_log, screenshot,
                                                                                    expect, layout):
    count = len(load_course())
    page = voila_page("index.ipynb", ready=".nap-progress-import")
    page.set_viewport_size({"width": 1920, "height": 1080})
    expect(page.locator(".nap-landing-tagline")).to_contain_text(f"in {count} short lessons")
    upload = page.locator("button.nap-progress-import")
    expect(upload).to_have_attribute("title", "Load a progress file exported from this app")
    expect(upload).to_contain_text("Import progress")
    assert _no_null_titles(page) == []
    screenshot(page, "landing-1920")
    page = voila_page("index.ipynb", "lang=es", ready=".nap-progress-import")
    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.locator(".nap-landing-tagline")).to_contain_text(f"en {count} lecciones breves")
    expect(page.locator("button.nap-progress-import")).to_have_attribute(
        "title", "Carga un archivo de progreso exportado desde esta aplicación")
    assert _no_null_titles(page) == []
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:  # the page lays itself out again for the new width a frame or two after the resize
        page.wait_for_function("() => { const r = document.querySelector('button.nap-progress-import')"
                               ".getBoundingClientRect(); return r.left >= 0 && r.right <= window.innerWidth; }",
                               timeout=5_000)
    except PlaywrightTimeout:  # the assertion below says what was seen
        pass
    box = page.locator("button.nap-progress-import").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box  # in the phone's width
    layout.assert_fits(page, ".nap-landing")
    screenshot(page, "landing-390-es")
    page_log.assert_no_errors()


def test_b7_the_odds_lab_shows_the_position_and_ranks_only_calls_allowed_there(voila_page, page_log, screenshot,
                                                                                 expect, layout):
    page = voila_page("odds.ipynb", "lang=es&hand=AS,KS,QS,JS,10S", ready="button.nap-odds-run")
    page.set_viewport_size({"width": 390, "height": 844})
    position = page.locator(".nap-odds-position select")
    expect(position).to_be_visible()
    box = position.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    page.locator(".nap-odds-layouts select").select_option("200")
    page.locator("button.nap-odds-run").click()
    advice = page.locator(".nap-odds-advice")
    expect(advice).to_contain_text("Al abrir la subasta, la mejor voz por puntuación esperada es Nap",
                                   timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-odds-table tr[data-contract='Wellington'][data-allowed='no']")).to_have_count(1)
    expect(page.locator(".nap-odds-refusals")).to_contain_text("Wellington")
    expect(page.locator(".nap-odds-table tr[data-contract='Three'] td").nth(1)).to_contain_text(",")  # 100,0
    screenshot(page, "odds-opening-390-es")
    position.select_option(label="tras una oferta de Nap")
    expect(advice).to_contain_text("Tras una oferta de Nap, la mejor voz por puntuación esperada es Wellington")
    page.set_viewport_size({"width": 1920, "height": 1080})
    layout.assert_fits(page, ".nap-odds-table")
    assert _no_null_titles(page) == []
    screenshot(page, "odds-after-nap-1920-es")
    page_log.assert_no_errors()
