"""The teacher's kit end to end (issue 16, "Done when"), in Voila and Chromium against one server.

A teacher enters last night's deal by clicking (a Nap that fails on the last trick), projects it in
presenter mode and steps it with the keys a presentation clicker sends, reading the step and the rule
behind it on screen, then prints the deal's handout (handouts.ipynb?deal=<its share link's code>) to an
A4 PDF and finds the hands, the tricks and the result in its text. A 7-player deal of the course, projected at 1920 x 1080, keeps its cards readable
and its table on the screen.
"""
from __future__ import annotations

import io
import json
import re
import unicodedata
from urllib.parse import parse_qs, urlsplit

from nap_teach.engine.cards import sort_hand
from nap_teach.teach.course import load_course
from nap_teach.words.i18n import translator
from nap_teach.teach.lesson.deal import Lesson
from nap_teach.engine.records import hand_to_record, load_hand, record_to_link
from nap_teach.words.render import cards_text

WIDGET_TIMEOUT = 30_000  # ms a widget may take to answer

# C calls Nap over B's Three and takes four spade tricks, then leads the 2 of hearts: A's ace wins the
# last trick and the Nap fails: C pays each opponent the Nap stake (B6, B15).
NAP_DEAL = {
    "format": "nap-hand/1", "profile": "british", "players": ["A", "B", "C", "D"], "dealer": "D",
    "hands": {"A": ["10S", "AH", "3C", "4C", "5C"], "B": ["9S", "KH", "AD", "KD", "6C"],
              "C": ["AS", "KS", "QS", "JS", "2H"], "D": ["8S", "QH", "7C", "8C", "9C"]},
    "auction": ["Pass", "Three", "Nap", "Pass"],
    "play": ["AS", "8S", "10S", "9S", "KS", "7C", "3C", "6C", "QS", "8C", "4C", "AD",
             "JS", "9C", "5C", "KD", "2H", "QH", "AH", "KH"],
}
STEPS = 26  # the table, four calls, twenty cards, the result
A4 = (595.92, 842.88)  # points

TABLE_FITS_JS = """() => {
  const t = document.querySelector('.nt-table');
  const cards = [...document.querySelectorAll('.nt-seat .nt-open-card, .nt-trick .nt-trick-card')]
    .map(c => c.getBoundingClientRect().width);
  const r = t.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, right: r.right, seats: document.querySelectorAll('.nt-seat').length,
           open: document.querySelectorAll('.nt-seat .nt-open-card').length,
           smallest: cards.length ? Math.min(...cards) : 0,
           scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth };
}"""


def squeeze(text: str) -> str:
    """Text compared without spaces, line breaks, ligatures or the suit symbols' text-style selector."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text).replace("\ufe0e", ""))


def rule_shown(page):
    return page.locator(".nap-lesson-explanation .nap-rule").first


def test_b6_b11_b12_b15_a_deal_entered_by_clicking_is_presented_with_clicker_keys(voila_page, page_log,
                                                                                  screenshot, expect):
    state = load_hand(json.dumps(NAP_DEAL))  # the engine accepts the deal: every card checked
    assert len(state.actions) == len(NAP_DEAL["auction"]) + len(NAP_DEAL["play"])

    # (1) the lesson page: the four hands, the calls and the cards, all by clicking
    page = voila_page("lesson.ipynb", "lang=en", ready=".nap-entry-open")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.locator(".nap-entry-open").click()
    expect(page.locator(".nap-entry-picker")).to_be_visible(timeout=WIDGET_TIMEOUT)
    for name in NAP_DEAL["players"]:  # the picker moves on to the next hand by itself
        for code in NAP_DEAL["hands"][name]:
            pick = page.locator(f"button.nap-entry-pick-{code}")
            pick.click()
            expect(pick).to_have_class(re.compile("nap-entry-taken"), timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-entry-turn")).to_contain_text("A to call", timeout=WIDGET_TIMEOUT)
    for call in NAP_DEAL["auction"]:
        page.locator(f"button.nap-entry-call-{call}").click()
    expect(page.locator(".nap-entry-turn")).to_contain_text("C to ", timeout=WIDGET_TIMEOUT)
    for code in NAP_DEAL["play"]:
        page.locator(f"button.nap-entry-card-{code}").click()
    expect(page.locator(".nap-entry-turn")).to_contain_text("The deal is complete", timeout=WIDGET_TIMEOUT)
    link = page.locator("a.nap-entry-link")
    expect(link).to_have_attribute("href", re.compile(r"^lesson\.ipynb\?deal="))
    share = link.evaluate("a => a.href")
    screenshot(page, "entered")

    # (2) narrated, then projected with the switch, and stepped by the clicker's keys
    page.locator("button.nap-entry-teach").click()
    expect(page.locator(".nap-lesson-title")).to_contain_text("Your deal, step by step", timeout=WIDGET_TIMEOUT)
    step = page.locator(".nap-lesson-step")
    expect(step).to_contain_text(f"Step 1 of {STEPS}")
    page.locator('.nap-keys[data-ready="1"]').wait_for(state="attached", timeout=WIDGET_TIMEOUT)
    page.locator("button.nap-present-switch").click()
    expect(page.locator(".nap-lesson.nap-present")).to_have_count(1, timeout=WIDGET_TIMEOUT)
    expect(page.locator("button.nap-present-switch")).to_have_text("Stop presenting")
    page.evaluate("document.activeElement && document.activeElement.blur()")

    # the auction: B's Three, then C's Nap over it (B6: each bid higher than the last)
    for key, number in (("ArrowRight", 2), ("PageDown", 3), ("Space", 4)):
        page.keyboard.press(key)
        expect(step).to_contain_text(f"Step {number} of {STEPS}", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-lesson-explanation")).to_contain_text("Nap")
    expect(rule_shown(page)).to_have_text("B6")
    # on to the second trick: C leads again (B12), D has no spade left and may throw a club (B11)
    for number in range(5, 11):
        page.keyboard.press("ArrowRight")
        expect(step).to_contain_text(f"Step {number} of {STEPS}", timeout=WIDGET_TIMEOUT)
    expect(rule_shown(page)).to_have_text("B12")
    page.keyboard.press("PageDown")
    expect(step).to_contain_text(f"Step 11 of {STEPS}", timeout=WIDGET_TIMEOUT)
    expect(rule_shown(page)).to_have_text("B11")
    expect(page.locator(".nap-lesson-explanation")).to_contain_text("spade")
    page.keyboard.press("ArrowLeft")  # back: the rule of the step before comes back
    expect(step).to_contain_text(f"Step 10 of {STEPS}", timeout=WIDGET_TIMEOUT)
    expect(rule_shown(page)).to_have_text("B12")
    screenshot(page, "presented")
    # to the end: A's ace of hearts takes the last trick and the Nap fails
    for number in range(11, STEPS + 1):
        page.keyboard.press("Space")
        expect(step).to_contain_text(f"Step {number} of {STEPS}", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-lesson-explanation")).to_contain_text("C took 4 tricks: Nap has failed.",
                                                                    timeout=WIDGET_TIMEOUT)

    # (3) the entered deal's handout (its share link's code), printed to PDF on A4
    from pypdf import PdfReader

    code = parse_qs(urlsplit(share).query)["deal"][0]
    handout = page.context.new_page()
    handout.goto(f"voila/render/handouts.ipynb?deal={code}&lang=en", wait_until="domcontentloaded")
    handout.locator(".nap-handout-deal").wait_for(timeout=60_000)
    reader = PdfReader(io.BytesIO(handout.pdf(format="A4")))
    box = reader.pages[0].mediabox
    assert (round(float(box.width), 2), round(float(box.height), 2)) == A4
    assert len(reader.pages) == 1, len(reader.pages)  # one sheet, nothing clipped (the text checks below)
    text = squeeze("".join(p.extract_text() for p in reader.pages))
    tr = translator("en")
    wanted = [cards_text(sort_hand(h)) for h in state.hands]  # the hands, as the handout sorts them
    wanted += [", ".join(f"{state.players[s]} {cards_text([c])}" for s, c in zip(t.seats, t.cards))
               for t in state.tricks]  # the tricks, card by card
    wanted += ["C bid Nap and took 4 tricks. The bid fails."]  # the result, and who pays whom
    wanted += [f"{player} {tr.amount(amount)}" for player, amount in state.result().settlement.items()]
    missing = [w for w in wanted if squeeze(w) not in text]
    assert not missing, f"not on paper: {missing}"
    handout.close()
    page_log.assert_no_errors()


def test_b1_a_seven_player_deal_projected_at_1920_keeps_its_cards_readable(page, voila_page, page_log,
                                                                         screenshot, expect):
    spec = next(s for s in load_course() if s.id == "table-sizes")  # course lesson 7
    hand = next(d.hand for d in spec.deals if d.hand is not None and len(d.hand.players) == 7)
    # the last card of the first trick: seven hands and a trick of seven cards on the table. The deal goes by
    # its link: in the course lesson, stepping stops at the lesson's first question, long before this deal.
    at = next(s.index for s in Lesson(hand).steps if str(s.anchor) == "card 1.7")
    code = record_to_link(hand_to_record(hand))
    page.set_viewport_size({"width": 1920, "height": 1080})
    page = voila_page("lesson.ipynb", f"lang=en&deal={code}&present=1&step={at + 1}", ready=".nt-seat")
    expect(page.locator(".nap-lesson-step")).to_contain_text(f"Step {at + 1} of", timeout=WIDGET_TIMEOUT)
    page.locator(".nap-lesson.nap-present").wait_for(timeout=WIDGET_TIMEOUT)
    page.wait_for_timeout(300)
    sizes = page.evaluate(TABLE_FITS_JS)
    screenshot(page, "seven-players")
    assert sizes["seats"] == 7, sizes
    assert sizes["smallest"] >= 100, sizes  # readable from the back of a room
    assert sizes["bottom"] <= 1080 and sizes["right"] <= 1920, sizes  # the whole table on the screen
    assert sizes["scrollWidth"] <= sizes["clientWidth"] + 1, sizes
    page_log.assert_no_errors()
