"""The pub rules in Voila and Chromium: the scorekeeper and the explorer opened with ``?profile=pub``."""
from __future__ import annotations

WIDGET_TIMEOUT = 30_000  # ms a widget may take to answer a click
MINUS = "\u2212"


def test_pub_scorekeeper_misdeal_and_a_renege(voila_page, page_log, screenshot, expect, layout):
    page = voila_page("scorekeeper.ipynb", "profile=pub&players=Ann,Ben,Cat,Dan", ready=".nap-sk-start")
    expect(page.locator(".nap-sk-title")).to_contain_text("Rules in force: Pub rules.", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-sk-options")).to_be_visible()
    page.locator(".nap-sk-first select").select_option(label="Dan")
    ante = page.locator(".nap-sk-opt-ante input")
    ante.fill("20")
    ante.press("Tab")
    page.locator("button.nap-sk-start").click()
    heading = page.locator(".nap-sk-whose")
    expect(heading).to_contain_text("Deal 1 of 8: Dan deals, Ann speaks first.", timeout=WIDGET_TIMEOUT)

    page.locator("button.nap-sk-misdeal").click()
    expect(page.locator(".nap-status")).to_contain_text("Misdeal: Dan deals again.", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-sk-row-1")).to_contain_text("misdeal: Dan deals again")
    expect(heading).to_contain_text("Deal 1 of 8: Dan deals, Ann speaks first.")

    page.locator(".nap-sk-call select").nth(1).select_option(label="Misère")
    page.locator(".nap-sk-renege select").select_option(label="Cat")
    page.locator("button.nap-sk-add").click()
    row = page.locator(".nap-sk-row-2")
    expect(row).to_contain_text("Ben: Misère, Cat reneged", timeout=WIDGET_TIMEOUT)
    expect(row.locator("td.nap-sk-amount").nth(1)).to_have_text("+9")
    expect(row.locator("td.nap-sk-amount").nth(2)).to_have_text(f"{MINUS}9")
    expect(page.locator(".nap-sk-chips")).to_contain_text("29")
    expect(page.locator(".nap-sk-zero")).to_contain_text("They add up to 80")
    expect(heading).to_contain_text("Deal 2 of 8: Ann deals, Ben speaks first.")

    layout.show_whole(page, ".nap-scorekeeper", 1280)
    screenshot(page, "pub-scorekeeper-1280")
    page.set_viewport_size({"width": 390, "height": 900})
    layout.show_whole(page, ".nap-scorekeeper", 390)
    layout.assert_fits(page, ".nap-scorekeeper")
    screenshot(page, "pub-scorekeeper-390")
    page_log.assert_no_errors()


def test_pub_explorer_misere_rule_and_the_comparison(voila_page, page_log, screenshot, expect, layout):
    page = voila_page("explorer.ipynb", "profile=pub&rule=P4&seed=5", ready=".nap-ex-rule-text")
    expect(page.locator(".nap-ex-rule-text")).to_contain_text("Misère", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-ex-demo")).to_contain_text("An example, run by the engine")
    page.locator("button.nap-ex-misere-pick").first.click()
    expect(page.locator(".nap-ex-misere-out")).to_contain_text("Nothing is trump in Misère", timeout=WIDGET_TIMEOUT)

    page.locator(".nap-ex-nav button", has_text="Compare").click()
    table = page.locator(".nap-ex-compare-table")
    expect(table).to_contain_text("10 made / 5 failed", timeout=WIDGET_TIMEOUT)
    page.locator(".nap-ex-tariffs-tricks select").select_option(label="4")
    expect(page.locator(".nap-ex-tariffs-out")).to_contain_text("the same way", timeout=WIDGET_TIMEOUT)

    layout.show_whole(page, ".nap-explorer", 1280)
    screenshot(page, "pub-explorer-compare-1280")
    page.set_viewport_size({"width": 390, "height": 900})
    layout.show_whole(page, ".nap-explorer", 390)
    layout.assert_fits(page, ".nap-explorer")
    screenshot(page, "pub-explorer-compare-390")
    page_log.assert_no_errors()


def test_pub_play_page_setup_and_first_deal(voila_page, page_log, screenshot, expect, layout):
    page = voila_page("play.ipynb", "profile=pub&seed=3&deals=2", ready=".nap-play-start")
    page.set_viewport_size({"width": 390, "height": 900})
    expect(page.locator(".nap-play-misere")).to_be_visible(timeout=WIDGET_TIMEOUT)
    layout.assert_fits(page, ".nap-play")
    screenshot(page, "pub-play-setup-390")
    page.locator("button.nap-play-start").click()
    expect(page.locator(".nap-play-info")).to_contain_text("Rules: Pub rules", timeout=WIDGET_TIMEOUT)
    layout.assert_fits(page, ".nap-play")
    page_log.assert_no_errors()
