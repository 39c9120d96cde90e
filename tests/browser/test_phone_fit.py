"""Issue 13 part 3 in Chromium at 390 px: wide ledgers scroll inside their box with a visible cue, the page
itself never scrolls sideways, and every control is a tap target of at least 44 x 44 px."""
from __future__ import annotations

import json
import random

from nap_teach.ai.bots import get_bot
from nap_teach.engine.records import session_to_record
from nap_teach.engine.session import Session
from nap_teach.ai.simulate import play_deal

WIDGET_TIMEOUT = 30_000
SEVEN = "Anabel,Bartolomé,Carmela,Domingo,Esperanza,Fernando,Guillermina"



def check_scroll_box(page, css: str) -> None:
    """The table in ``css`` is wider than its box, its box scrolls, its cue is shown, and every column can be
    scrolled into view."""
    box = page.locator(css).first
    sizes = box.evaluate("e => [e.scrollWidth, e.clientWidth, getComputedStyle(e).overflowX]")
    assert sizes[0] > sizes[1] and sizes[2] == "auto", sizes
    cue = page.locator(".nap-scroll-cue").first
    assert cue.is_visible() and cue.bounding_box()["height"] > 10
    box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    page.wait_for_timeout(200)
    last = box.locator("th").last.bounding_box()
    assert 0 <= last["x"] and last["x"] + last["width"] <= 391, last


def test_seven_players_in_the_scorekeeper_at_390_px(voila_page, page_log, screenshot, expect,
                                                     layout):
    page = voila_page("scorekeeper.ipynb", f"players={SEVEN}&lang=es", ready=".nap-sk-start")
    page.set_viewport_size({"width": 390, "height": 1400})
    assert page.evaluate(layout.SMALL_TARGETS) == []
    page.locator("button.nap-sk-start").click()
    expect(page.locator(".nap-sk-table")).to_have_count(1, timeout=WIDGET_TIMEOUT)
    page.wait_for_timeout(500)
    width, client = page.evaluate(layout.PAGE_FITS)
    assert width <= client + 1, (width, client)
    check_scroll_box(page, ".nap-sk-ledger .nap-scroll")
    assert page.evaluate(layout.SMALL_TARGETS) == []
    screenshot(page, "seven-players-390")
    page_log.assert_no_errors()


def played_session(tmp_path) -> str:
    names = ("Sam", "Valentina", "Guillermo", "Maximiliano")
    session = Session.new(names, seed=4, deals=4)
    bots = [get_bot("simple", random.Random(i)) for i in range(4)]
    for _ in range(2):
        session.add_played(play_deal(session.deal_next(), bots))
    record = session_to_record(session)
    record["learner"] = "Sam"
    path = tmp_path / "nap-session.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def test_four_players_ledger_in_spanish_at_390_px_shows_the_declarer(voila_page, page_log, screenshot, expect,
                                                                     tmp_path, layout):
    page = voila_page("play.ipynb", "lang=es", ready=".nap-play-start")
    page.set_viewport_size({"width": 390, "height": 1600})
    path = played_session(tmp_path)
    upload = page.locator(".nap-play-upload").first
    # the label is the button's tooltip shown by the CSS, without the file count ipywidgets adds ("(0)")
    assert upload.evaluate("e => getComputedStyle(e, '::after').content") == '"Cargar una sesión"'
    with page.expect_file_chooser() as chooser:  # ipywidgets keeps its file input out of the page
        upload.click()
    chooser.value.set_files(path)
    ledger = page.locator(".nap-play-ledger-table")
    expect(ledger).to_have_count(1, timeout=WIDGET_TIMEOUT)
    page.wait_for_timeout(800)
    width, client = page.evaluate(layout.PAGE_FITS)
    assert width <= client + 1, (width, client)
    box = page.locator(".nap-play-ledger .nap-scroll").first
    sizes = box.evaluate("e => [e.scrollWidth, e.clientWidth]")
    if sizes[0] > sizes[1]:  # it scrolls: then the cue says so
        assert page.locator(".nap-play-ledger .nap-scroll-cue").is_visible()
    # every player's column, the declarer's too, can be seen (without scrolling, or by scrolling the box)
    for th in ledger.locator("th").all()[3:]:
        th.scroll_into_view_if_needed()
        b = th.bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= 391, (th.inner_text(), b)
    assert page.evaluate(layout.SMALL_TARGETS) == []
    screenshot(page, "spanish-ledger-390")
    page_log.assert_no_errors()


def test_tap_targets_on_the_other_pages_at_390_px(voila_page, page_log, layout):
    for notebook, ready in (("index.ipynb", ".jupyter-widgets"), ("lesson.ipynb", ".nap-lesson-next"),
                            ("explorer.ipynb", ".nap-ex-rule")):
        page = voila_page(notebook, "lang=es", ready=ready)
        page.set_viewport_size({"width": 390, "height": 1200})
        page.wait_for_timeout(300)
        assert page.evaluate(layout.SMALL_TARGETS) == [], notebook
        width, client = page.evaluate(layout.PAGE_FITS)
        assert width <= client + 1, (notebook, width, client)
    page_log.assert_no_errors()
