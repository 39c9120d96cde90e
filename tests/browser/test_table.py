"""The card table in the browser: a whole deal played by tapping card faces, the keyboard, replay."""

from __future__ import annotations

import re
import time

WIDGET_TIMEOUT = 30_000  # ms a widget may take to answer a tap (the bots' cards arrive at the chosen pace)


def start(voila_page, expect, query: str):
    page = voila_page("play.ipynb", query, ready="button.nap-play-start")
    page.locator("button.nap-play-start").click()
    expect(page.locator(".nap-play-card-table .nt-table")).to_be_visible(timeout=WIDGET_TIMEOUT)
    return page


def bid_or_pass(pages, page) -> bool:
    """Make a call if the auction waits for the learner (the highest bid allowed, else pass)."""
    calls = page.locator(".nap-play-auction-panel button.nap-play-call:not([disabled])")
    if page.locator(".nap-play-auction-panel").is_visible() and calls.count():
        before = pages.token(page)
        calls.last.click()
        pages.wait_new_token(page, before)
        return True
    return False


def play_deal_by_tapping(pages, page, expect, width: int) -> int:
    """Tap legal cards of the table's hand until the deal is over; returns how many cards were tapped."""
    hand = page.locator(".nap-play-card-table .nt-hand button.nt-card")
    tapped = 0
    deadline = time.monotonic() + 180  # the bots' cards arrive at the page's pace (normal: about half a second)
    while time.monotonic() < deadline:
        if page.locator(".nap-play-final").count():
            break
        if bid_or_pass(pages, page):
            continue
        legal = page.locator(".nap-play-card-table .nt-hand button.nt-card.nt-legal")
        if not legal.count():
            page.wait_for_timeout(150)
            continue
        for card in hand.all():  # every card of the hand is a tap target of 44 px or more, inside the screen
            box = card.bounding_box()
            assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box
        first = legal.first
        assert first.locator(".nt-mark").count() == 1  # marked by more than colour: raised, a mark, its name
        code = first.get_attribute("data-card")
        count = hand.count()
        before = pages.token(page)
        if width < 600:
            first.tap()
        else:
            first.click()
        pages.wait_new_token(page, before)
        expect(hand).to_have_count(count - 1)
        assert code not in hand.evaluate_all("cards => cards.map(c => c.dataset.card)")
        tapped += 1
    return tapped


def test_a_whole_deal_on_the_table_at_390_px_in_spanish(site_pages, contexts, voila_url, expect, screenshot):
    """A phone: touch taps on the card faces, Spanish words, nothing wider than the screen."""
    with contexts.lend(base_url=voila_url, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                       locale="es-ES") as context:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto("voila/render/play.ipynb?seed=32&players=4&seat=1&deals=1&bots=simple&lang=es")
        page.locator("button.nap-play-start").wait_for(state="visible", timeout=60_000)
        page.locator("button.nap-play-start").tap()
        expect(page.locator(".nap-play-card-table .nt-table")).to_be_visible(timeout=WIDGET_TIMEOUT)
        expect(page.locator(".nap-play-card-table .nt-seat")).to_have_count(4)
        # each card says its name in Spanish
        labels = page.locator(".nap-play-card-table .nt-hand button.nt-card").evaluate_all(
            "cards => cards.map(c => c.getAttribute('aria-label'))")
        assert len(labels) == 5 and all(re.search(r" de (picas|corazones|tréboles|diamantes)", x) for x in labels)
        tapped = play_deal_by_tapping(site_pages, page, expect, 390)
        expect(page.locator(".nap-play-final")).to_be_visible(timeout=WIDGET_TIMEOUT)
        assert tapped == 5
        assert page.evaluate("document.documentElement.scrollWidth") <= 392
        screenshot(page, "deal-over-390")
        assert errors == []


def test_a_whole_deal_on_the_table_at_1280_px(site_pages, voila_page, page, expect, page_log, screenshot):
    page.set_viewport_size({"width": 1280, "height": 900})
    start(voila_page, expect, "seed=7&players=5&seat=2&deals=1&bots=simple&lang=en")
    expect(page.locator(".nap-play-card-table .nt-seat")).to_have_count(5)
    # the bots' cards at once: the normal pace (a card every half second) is played at 390 px above
    page.locator(".nap-table-pace select").select_option("instant")
    # the legal cards say so in their accessible name; the others say they are not playable now
    tapped = play_deal_by_tapping(site_pages, page, expect, 1280)
    expect(page.locator(".nap-play-final")).to_be_visible(timeout=WIDGET_TIMEOUT)
    assert tapped == 5
    screenshot(page, "deal-over-1280")
    page_log.assert_no_errors()


def test_the_hand_is_played_by_keyboard_and_keeps_the_focus(site_pages, voila_page, page, expect, page_log):
    page = start(voila_page, expect, "seed=32&players=3&seat=1&deals=1&bots=simple&lang=en")
    page.locator(".nap-table-pace select").select_option("instant")
    # the call by keyboard: once it is made (its button is disabled and the auction hidden), the focus
    # is not lost but goes to the hand
    calls = page.locator(".nap-play-auction-panel button.nap-play-call:not([disabled])")
    expect(calls.first).to_be_visible(timeout=WIDGET_TIMEOUT)
    site_pages.wait_table_at_rest(page)  # as a learner does: the keys once the table shows the turn
    calls.last.focus()
    expect(calls.last).to_be_focused()
    before = site_pages.token(page)
    page.keyboard.press("Enter")
    site_pages.wait_new_token(page, before)
    page.wait_for_function("() => document.activeElement && document.activeElement.classList.contains('nt-card')",
                           timeout=WIDGET_TIMEOUT)
    hand = page.locator(".nap-play-card-table .nt-hand button.nt-card")
    expect(hand.first).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(hand.nth(1)).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(hand.first).to_be_focused()
    # Enter on a legal card plays it, and the focus stays in the hand for the next card
    legal_index = hand.evaluate_all("cards => cards.findIndex(c => c.classList.contains('nt-legal'))")
    for _ in range(legal_index):
        page.keyboard.press("ArrowRight")
    code = page.evaluate("document.activeElement.dataset.card")
    before = site_pages.token(page)
    page.keyboard.press("Enter")
    site_pages.wait_new_token(page, before)
    expect(hand).to_have_count(4)
    assert code not in hand.evaluate_all("cards => cards.map(c => c.dataset.card)")
    page.wait_for_function("() => document.activeElement && document.activeElement.classList.contains('nt-card')",
                           timeout=WIDGET_TIMEOUT)
    # Enter in the typed-card box plays the typed card
    page.wait_for_function("() => document.querySelector('.nap-play-card-table .nt-hand button.nt-card.nt-legal')",
                           timeout=WIDGET_TIMEOUT)
    legal = page.locator(".nap-play-card-table .nt-hand button.nt-card.nt-legal").first.get_attribute("data-card")
    box = page.locator(".nap-play-card-text input")
    assert box.get_attribute("placeholder") == "Card: QS, 10h or queen of spades"
    box.fill(legal)
    before = site_pages.token(page)
    box.press("Enter")
    site_pages.wait_new_token(page, before)
    expect(hand).to_have_count(3)
    expect(box).to_have_value("")
    page_log.assert_no_errors()


def test_a_saved_deal_replays_on_the_table(site_pages, voila_page, page, expect, page_log):
    page = start(voila_page, expect, "seed=32&players=3&seat=1&deals=1&bots=simple&lang=en")
    page.locator(".nap-table-pace select").select_option("instant")
    play_deal_by_tapping(site_pages, page, expect, 1280)
    expect(page.locator(".nap-play-replay-deal select")).to_be_visible(timeout=WIDGET_TIMEOUT)
    page.locator(".nap-play-replay-deal select").select_option(index=1)
    table = page.locator(".nap-play-replay-table .nt-table")
    expect(table).to_be_visible(timeout=WIDGET_TIMEOUT)
    forward = page.locator("button.nap-play-replay-next")
    for _ in range(3):  # the calls of a three-player auction, then the first card
        forward.click()
        page.wait_for_timeout(100)
    for _ in range(10):
        if table.locator(".nt-trick .nt-slot").count():
            break
        forward.click()
        page.wait_for_timeout(200)
    expect(table.locator(".nt-trick .nt-slot")).to_have_count(1, timeout=WIDGET_TIMEOUT)
    forward.click()
    expect(table.locator(".nt-trick .nt-slot")).to_have_count(2, timeout=WIDGET_TIMEOUT)
    page.locator("button.nap-play-replay-back").click()
    expect(table.locator(".nt-trick .nt-slot")).to_have_count(1, timeout=WIDGET_TIMEOUT)
    page_log.assert_no_errors()
