"""The scorekeeper in Voila and Chromium: enter one deal and see its ledger row; a refusal."""
from __future__ import annotations

WIDGET_TIMEOUT = 30_000  # ms a widget may take to answer a click
MINUS = "\u2212"


def test_enter_one_deal_and_see_the_ledger_row(voila_page, page_log, screenshot, expect, layout):
    page = voila_page("scorekeeper.ipynb", "players=Ann,Ben,Cat,Dan", ready=".nap-sk-start")
    assert "ScorekeeperApp" not in page.content()
    page.locator(".nap-sk-first select").select_option(label="Dan")
    page.locator("button.nap-sk-start").click()
    heading = page.locator(".nap-sk-whose")
    expect(heading).to_contain_text("Deal 1 of 8: Dan deals, Ann speaks first.", timeout=WIDGET_TIMEOUT)

    page.locator(".nap-sk-call select").first.select_option(label="Four")
    tricks = page.locator(".nap-sk-tricks input")
    tricks.fill("6")
    tricks.press("Tab")
    page.locator("button.nap-sk-add").click()
    expect(page.locator(".nap-status")).to_contain_text("not 6", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-sk-row-1")).to_have_count(0)

    tricks.fill("4")
    tricks.press("Tab")
    page.locator("button.nap-sk-add").click()
    row = page.locator(".nap-sk-row-1")
    expect(row).to_contain_text("Ann: Four, made", timeout=WIDGET_TIMEOUT)
    expect(row.locator("td.nap-sk-amount").nth(0)).to_have_text("+12")
    expect(row.locator("td.nap-sk-amount").nth(1)).to_have_text(f"{MINUS}4")
    expect(heading).to_contain_text("Deal 2 of 8: Ann deals, Ben speaks first.")
    expect(page.locator(".nap-sk-chart svg")).to_have_count(1)
    expect(page.locator("a.nap-sk-download")).to_have_attribute("download", "nap-session.json")

    layout.show_whole(page, ".nap-scorekeeper", 1280)
    screenshot(page, "one-deal-1280")
    page.set_viewport_size({"width": 390, "height": 900})
    layout.show_whole(page, ".nap-scorekeeper", 390)
    layout.assert_fits(page, ".nap-scorekeeper")
    screenshot(page, "one-deal-390")
    page_log.assert_no_errors()


def test_a_settle_clicked_while_a_typed_value_is_held_back_settles_what_was_typed(
        voila_page, voila_server, page_log, expect):
    """The busy kernel of ui/submit.py's docstring, made on purpose: the page's kernel is paused while the keeper
    types 1, then 6, and clicks "Settle this deal". ipywidgets sends the 1 at once and holds the 6 back until the
    kernel has answered; the click goes at once and carries the form's values, so the kernel settles 6 (and
    refuses it, as for 6 typed on a quiet kernel), never the 1 it had received."""
    page = voila_page("scorekeeper.ipynb", "players=Ann,Ben,Cat,Dan", ready=".nap-sk-start")
    page.locator("button.nap-sk-start").click()
    expect(page.locator(".nap-sk-whose")).to_contain_text("Deal 1 of 8", timeout=WIDGET_TIMEOUT)
    page.locator(".nap-sk-call select").first.select_option(label="Four")
    page.wait_for_timeout(500)  # the kernel has the call
    kernel = voila_server.kernel_of(page)
    tricks = page.locator(".nap-sk-tricks input")
    kernel.suspend()
    try:
        tricks.fill("1")
        tricks.press("Tab")  # sent: the kernel will get 1 first
        tricks.fill("6")
        tricks.press("Tab")  # held back by the widget's message throttle until the kernel answers
        page.locator("button.nap-sk-add").click()
        page.wait_for_timeout(300)
    finally:
        kernel.resume()
    expect(page.locator(".nap-status")).to_contain_text("not 6", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-sk-row-1")).to_have_count(0)
    assert tricks.input_value() == "6"
    page_log.assert_no_errors()
