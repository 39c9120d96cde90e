"""Teach this deal in Voila and Chromium: a whole 4-player deal entered by clicking, titled, printed, shared
(copied, a QR code) and narrated, and its share link opened in a new page (the deal narrated there too)."""
from __future__ import annotations

import io
import re

from pypdf import PdfReader

from nap_teach.teach.lesson.deal import load_worked_deal
from nap_teach.engine.cards import Card

WIDGET_TIMEOUT = 30_000


def test_b5_b11_a_deal_entered_by_clicking_is_narrated_and_its_link_opens_it(voila_page, page_log, screenshot,
                                                                             expect):
    page = voila_page("lesson.ipynb", "lang=en", ready=".nap-entry-open")
    page.locator(".nap-entry-open").click()
    expect(page.locator(".nap-entry-picker")).to_be_visible(timeout=WIDGET_TIMEOUT)
    expect(page.locator("button.nap-entry-teach")).to_be_disabled()  # until the deal is complete
    book = load_worked_deal()

    # a card already given is refused with its holder, and nothing changes
    first = page.locator(f"button.nap-entry-pick-{book.hands[0][0].code}")
    first.click()
    expect(first).to_have_class(re.compile("nap-entry-taken"), timeout=WIDGET_TIMEOUT)
    page.locator(".nap-entry-seat button", has_text="B").click()
    first.click()
    expect(page.locator(".nap-entry-status")).to_contain_text("A already holds the", timeout=WIDGET_TIMEOUT)
    page.locator(".nap-entry-seat button", has_text="A").click()
    first.click()  # a second click on a card of the chosen hand takes it back
    expect(first).to_have_class(re.compile("nap-entry-free"), timeout=WIDGET_TIMEOUT)

    # the four hands, card by card: the picker moves on to the next hand by itself
    for hand in book.hands:
        for card in hand:
            pick = page.locator(f"button.nap-entry-pick-{card.code}")
            pick.click()
            expect(pick).to_have_class(re.compile("nap-entry-taken"), timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-entry-turn")).to_contain_text("A to call", timeout=WIDGET_TIMEOUT)

    # the calls and the cards in turn; a card that does not follow suit is refused with the rule
    refused_once = False
    state = book.__class__(book.players, book.dealer, book.hands, book.profile)
    for action in book.actions:
        if isinstance(action, Card):
            held = state.held[state.to_act]
            illegal = [c for c in held if c not in state.legal_cards()]
            if illegal and not refused_once:
                page.locator(f"button.nap-entry-card-{illegal[0].code}").click()
                expect(page.locator(".nap-entry-status")).to_contain_text("follow", timeout=WIDGET_TIMEOUT)
                refused_once = True
            page.locator(f"button.nap-entry-card-{action.code}").click()
        else:
            page.locator(f"button.nap-entry-call-{action.name}").click()
            expect(page.locator(".nap-entry-picker")).to_be_hidden()  # the hands are fixed once the auction begins
        state.apply(action)
        if len(state.tricks) == 1 and not state.trick_cards and state.phase == "play":  # the first trick is over
            expect(page.locator(".nap-entry-played")).to_have_count(4, timeout=WIDGET_TIMEOUT)  # faded, in sight
            expect(page.locator('.nap-entry-count-cards[data-left="4"]')).to_have_count(4)
        played = len(state.actions)
        if played < len(book.actions):
            nxt = state.to_act
            expect(page.locator(".nap-entry-turn")).to_contain_text(f"{state.players[nxt]} to ",
                                                                    timeout=WIDGET_TIMEOUT)
    assert refused_once
    expect(page.locator(".nap-entry-turn")).to_contain_text("The deal is complete", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-entry-result")).to_contain_text(
        "Four is made: A took 4 tricks and receives 4 from each opponent, 12 in all.")
    expect(page.locator("button.nap-entry-teach")).to_be_enabled()
    download = page.locator("a.nap-entry-download")
    expect(download).to_have_attribute("download", "nap-hand.json")

    # titled, with a line of notes: the file is named after the title, the link carries both
    page.locator(".nap-entry-title-box input").fill("A makes Four")
    page.locator(".nap-entry-title-box input").press("Enter")
    page.locator(".nap-entry-notes input").fill("Watch the club loser.")
    page.locator(".nap-entry-notes input").press("Enter")
    expect(download).to_have_attribute("download", "nap-hand-a-makes-four.json", timeout=WIDGET_TIMEOUT)
    page.wait_for_function("() => { const a = document.querySelector('a.nap-entry-download');"
                           " return !!a && atob(a.href.split(',')[1]).includes('Watch the club loser.'); }",
                           timeout=WIDGET_TIMEOUT)  # the file (and so the link) carries the notes too
    link = page.locator("a.nap-entry-link")
    expect(link).to_have_attribute("href", re.compile(r"^lesson\.ipynb\?deal="))
    expect(page.locator(".nap-entry-share")).to_contain_text("The link to this deal:", timeout=WIDGET_TIMEOUT)
    share = link.evaluate("a => a.href")
    # shared: the full link in its box, a copy button that puts it on the clipboard, a QR code
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    url = page.locator("input.nap-entry-url").input_value()
    assert url.startswith("http://") and "deal=" in url
    page.locator(".nap-entry-copy button.nap-copy-button").click()
    expect(page.locator(".nap-entry-copy .nap-copy-done")).to_contain_text("The link is copied")
    assert page.evaluate("navigator.clipboard.readText()") == url
    expect(page.locator(".nap-entry-qr svg")).to_be_visible()
    screenshot(page, "entered")

    # printed: the deal's diagram under its title and notes, on one sheet
    with page.context.expect_page() as opened:
        page.locator("a.nap-entry-print").click()
    sheet = opened.value
    sheet.locator(".nap-handout-deal").wait_for(timeout=60_000)
    expect(sheet.locator(".nap-handout-deal h1")).to_have_text("A makes Four")
    expect(sheet.locator(".nap-handout-notes")).to_have_text("Watch the club loser.")
    pdf = PdfReader(io.BytesIO(sheet.pdf(format="A4")))
    assert len(pdf.pages) == 1 and "A makes Four" in pdf.pages[0].extract_text()
    sheet.close()

    page.locator("button.nap-entry-teach").click()
    expect(page.locator(".nap-lesson-title")).to_contain_text("A makes Four", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-lesson-title")).to_contain_text("Watch the club loser.")
    expect(page.locator(".nap-lesson-step")).to_contain_text("Step 1 of 27")
    for _ in range(5):
        page.locator("button.nap-lesson-next").click()
    expect(page.locator(".nap-lesson-step")).to_contain_text("Step 6 of 27", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-lesson-explanation")).to_contain_text("hearts are trump")
    screenshot(page, "narrated")

    # the share link, opened in a new page, shows the same deal narrated
    other = page.context.new_page()
    other.goto(share, wait_until="domcontentloaded")
    expect(other.locator(".nap-lesson-title")).to_contain_text("A makes Four", timeout=60_000)
    expect(other.locator(".nap-lesson-step")).to_contain_text("Step 1 of 27")
    other.locator(".nap-lesson-jump select").select_option(label="The result")
    expect(other.locator(".nap-lesson-explanation")).to_contain_text("Four is made", timeout=WIDGET_TIMEOUT)
    other.close()

    # a link cut short says why, in the learner's words, and shows the worked deal
    cut = share[: share.index("deal=") + 30]
    broken = page.context.new_page()
    broken.goto(cut + "&lang=es", wait_until="domcontentloaded")
    expect(broken.locator(".nap-entry-status")).to_contain_text("No se puede mostrar la mano", timeout=60_000)
    expect(broken.locator(".nap-lesson-title")).to_contain_text("paso a paso")
    assert "Traceback" not in broken.content()
    broken.close()
    page_log.assert_no_errors()


def test_the_deal_editor_fits_a_phone_in_spanish_with_seven_players(voila_page, page_log, screenshot, expect,
                                                                    layout):
    page = voila_page("lesson.ipynb", "lang=es", ready=".nap-entry-open")
    page.set_viewport_size({"width": 390, "height": 2400})
    page.locator(".nap-entry-open").click()
    page.locator(".nap-entry-count select").select_option("7")
    expect(page.locator(".nap-entry-hand")).to_have_count(7, timeout=WIDGET_TIMEOUT)
    page.locator("button.nap-entry-random").click()
    expect(page.locator(".nap-entry-turn")).to_contain_text("Habla", timeout=WIDGET_TIMEOUT)
    expect(page.locator("button.nap-entry-pick.nap-entry-taken")).to_have_count(35)
    page.locator("button.nap-entry-call").first.click()  # Paso
    expect(page.locator(".nap-entry-log")).to_contain_text("La subasta", timeout=WIDGET_TIMEOUT)
    page.wait_for_timeout(300)
    width, client = page.evaluate(layout.PAGE_FITS)
    assert width <= client + 1, (width, client)
    assert page.evaluate(layout.SMALL_TARGETS) == []
    screenshot(page, "editor-390-es")
    page_log.assert_no_errors()
