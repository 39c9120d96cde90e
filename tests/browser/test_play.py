"""The play page in Voila: one whole deal played by clicking, refusals, the ledger, a phone-sized screen."""

from __future__ import annotations

import re

from playwright.sync_api import expect

WIDGET_TIMEOUT = 30_000  # ms a widget may take to answer a click
QUERY = "seed=32&players=3&seat=1&deals=1&bots=simple&lang=en"


def amount(text: str) -> int:
    return int(text.strip().replace("\u2212", "-").replace("+", ""))


def start(voila_page, query: str = QUERY):
    page = voila_page("play.ipynb", query, ready="button.nap-play-start")
    expect(page.get_by_role("heading", name="Play Nap")).to_be_visible()
    page.locator("button.nap-play-start").click()
    expect(page.locator(".nap-latest")).to_be_attached(timeout=WIDGET_TIMEOUT)
    return page


def test_play_one_whole_deal_by_clicking(site_pages, voila_page, page_log, screenshot):
    page = start(voila_page)
    status = page.locator(".nap-status")
    hand = page.locator(".nap-play-card-table .nt-hand button.nt-card")
    refused_card = refused_typed = double_clicked = False

    for _ in range(40):
        if page.locator(".nap-play-final").count():
            break
        before = site_pages.token(page)
        calls = page.locator(".nap-play-auction-panel button.nap-play-call:not([disabled])")
        if page.locator(".nap-play-auction-panel").is_visible() and calls.count():
            if page.locator("button.nap-play-call-wellington[disabled]").count():
                expect(page.locator(".nap-play-call-why")).to_contain_text("Wellington needs a Nap before it")
            bids = page.locator(".nap-play-auction-panel button.nap-play-call:not([disabled]):not(.nap-play-call-pass)")
            (bids.first if bids.count() else page.locator("button.nap-play-call-pass")).click()
            site_pages.wait_new_token(page, before)
            continue
        legal = page.locator(".nap-play-card-table .nt-hand button.nt-card.nt-legal")
        if legal.count():
            illegal = page.locator(".nap-play-card-table .nt-hand button.nt-card.nt-not-legal")
            if illegal.count() and not refused_card:
                cards_before = hand.count()
                # the card says it may not be played (aria-disabled), yet a click still gets the reason
                illegal.first.click(force=True)
                expect(status).to_contain_text("you must follow", timeout=WIDGET_TIMEOUT)
                expect(status).to_contain_text("You hold")
                assert hand.count() == cards_before and site_pages.token(page) == before
                refused_card = True
            if not refused_typed:
                shown = set(hand.evaluate_all("cards => cards.map(c => c.dataset.card)"))
                missing = next(c for c in ("A♠", "K♠", "Q♠", "J♠", "10♠", "9♠") if c.replace("♠", "S") not in shown)
                page.locator(".nap-play-card-text input").fill(missing.replace("♠", "S"))
                page.locator("button.nap-play-card-go").click()
                expect(status).to_contain_text(f"You do not hold {missing}", timeout=WIDGET_TIMEOUT)
                assert site_pages.token(page) == before
                page.locator(".nap-play-card-text input").fill("")
                refused_typed = True
            cards_before = hand.count()
            if not double_clicked:
                legal.first.dblclick()  # two clicks reach the kernel: one card is played
                double_clicked = True
            else:
                legal.first.click()
            site_pages.wait_new_token(page, before)
            expect(hand).to_have_count(cards_before - 1)
            continue
        page.wait_for_timeout(200)

    final = page.locator(".nap-play-final")
    expect(final).to_be_visible(timeout=WIDGET_TIMEOUT)
    expect(final).to_contain_text("The session is over")
    assert double_clicked and refused_typed
    # could it have been made? the open-hand reading of the deal just played
    reading = page.locator(".nap-postmortem")
    expect(reading).to_contain_text("Could it have been made?")
    expect(reading).to_contain_text("With all hands seen and best play")

    # the ledger: one deal, payments and balances that add up to zero, the chart
    row = page.locator('.nap-play-ledger-table tr[data-deal="1"]')
    expect(row).to_have_count(1)
    cells = row.locator("td[data-player]")
    expect(cells).to_have_count(3)
    balances = [amount(re.match(r"\s*([+\u2212]?\d+)", t).group(1)) for t in cells.all_inner_texts()]
    assert sum(balances) == 0
    expect(page.locator('.nap-play-zero[data-sum="0"]')).to_be_visible()
    settle = page.locator(".nap-play-result")
    expect(settle).to_contain_text("Settlement of deal 1")
    payments = [amount(t.split()[-1]) for t in page.locator(".nap-play-payments li").all_inner_texts()]
    assert payments == balances  # the first deal's payments are the balances after it
    expect(page.locator(".nap-play-chart svg")).to_have_count(1)
    winners = final.get_attribute("data-winners").split(",")
    assert winners and all(w in ("Sam", "Ada", "Ben") for w in winners)
    top = max(balances)
    names = row.locator("td[data-player]").evaluate_all("cells => cells.map(c => c.dataset.player)")
    assert sorted(winners) == sorted(n for n, b in zip(names, balances) if b == top)
    # the download link holds the session record
    link = page.locator("a.nap-play-download")
    expect(link).to_have_attribute("download", "nap-session.json")
    assert link.get_attribute("href").startswith("data:application/json;base64,")
    screenshot(page, "deal-played")
    page_log.assert_no_errors()


def test_play_page_fits_a_phone(voila_page, page, page_log, screenshot):
    page.set_viewport_size({"width": 390, "height": 844})
    start(voila_page, "seed=7&players=7&seat=4&deals=2&bots=simple")
    expect(page.locator(".nap-play-card-table .nt-seat")).to_have_count(7)
    expect(page.locator(".nap-play-card-table .nt-hand button.nt-card")).to_have_count(5)
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth,"
        " Math.max(...[...document.querySelectorAll('.nap-play *')].filter(e => !e.closest('.nap-scroll'))"
        " .map(e => e.getBoundingClientRect().right))]"
    )
    scroll_width, client_width, rightmost = widths
    assert scroll_width <= client_width <= 390
    assert rightmost <= client_width + 1, widths
    for card in page.locator(".nap-play-card-table .nt-hand button.nt-card").all():
        box = card.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert box["width"] >= 44 and box["height"] >= 44
    screenshot(page, "phone")
    page_log.assert_no_errors()


def test_bad_page_parameters_fall_back_with_a_message(voila_page, page_log):
    page = voila_page("play.ipynb", "players=9&seed=abc", ready="button.nap-play-start")
    expect(page.locator(".nap-status")).to_contain_text("not 9")
    expect(page.locator(".nap-play-players input")).to_have_value("4")
    page.locator(".nap-play-players input").fill("9")
    page.locator(".nap-play-players input").press("Enter")
    page.locator("button.nap-play-start").click()
    expect(page.locator(".nap-status")).to_contain_text("A table has 3 to 7 players, not 9", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-latest")).to_have_count(0)
    page_log.assert_no_errors()


def test_b14_bots_thinking_held_then_shown_on_a_phone(voila_page, page_log, screenshot):
    """Issue 25: at 390 px in Spanish, the bots' own-card reasons wait (the page says why), and the
    "Show the bots' thinking" setting brings them into the auction list."""
    page = voila_page("play.ipynb", "seed=11&players=4&seat=4&deals=1&bots=simple&lang=es",
                      ready="button.nap-play-start")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("button.nap-play-start").click()
    note = page.locator(".nap-play-thinking-note")
    expect(note).to_be_visible(timeout=WIDGET_TIMEOUT)
    expect(note).to_contain_text("B14")
    expect(page.locator(".nap-play-auction .nap-play-reason")).to_have_count(0)
    box = note.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    screenshot(page, "thinking-held")
    setting = page.locator(".nap-play-thinking-setting")
    setting.scroll_into_view_if_needed()
    expect(setting).to_contain_text("Mostrar lo que piensan los bots")
    setting.locator("input[type=checkbox]").check()
    expect(page.locator(".nap-play-auction .nap-play-reason").first).to_be_visible(timeout=WIDGET_TIMEOUT)
    expect(note).to_have_count(0)
    screenshot(page, "thinking-shown")
    page_log.assert_no_errors()


def test_start_tapped_while_the_typed_name_is_held_back_starts_with_the_name_typed(voila_page, voila_server,
                                                                                   page_log):
    """A live class's learner types their name and taps "Start" at once on a busy kernel (paused here): the name
    box sends each keystroke, and ipywidgets holds the last ones back until the kernel answers; the click
    carries the form (ui/submit.py), so the game starts with the whole name, not the letters that had arrived."""
    page = voila_page("play.ipynb", QUERY, ready="button.nap-play-start")
    name = page.locator(".nap-play-name input")
    kernel = voila_server.kernel_of(page)
    kernel.suspend()
    try:
        name.fill("Zo")  # sent: the kernel will get "Zo" first
        name.fill("Zoe")  # held back by the widget's message throttle until the kernel answers
        page.locator("button.nap-play-start").click()
        page.wait_for_timeout(300)
    finally:
        kernel.resume()
    board = page.locator(".nap-play-board")
    expect(board).to_contain_text("Zoe", timeout=WIDGET_TIMEOUT)
    assert re.search(r"\bZo\b", board.inner_text()) is None and name.input_value() == "Zoe"
    page_log.assert_no_errors()
