"""The play page in Voila against three expert bots: tricks played by clicking, "B is thinking…" between replies."""

from __future__ import annotations

from playwright.sync_api import expect

WIDGET_TIMEOUT = 60_000  # ms: an expert reply samples and solves layouts on a loaded machine
QUERY = "seed=21&players=4&seat=1&deals=1&bots=expert&lang=en"

# Runs in the page: from now on, note every "… is thinking…" status that appears (they can be brief).
WATCH_THINKING = """
() => {
  window.napThinking = [];
  const note = () => document.querySelectorAll('.nap-play-thinking').forEach(el => {
    if (!window.napThinking.includes(el.textContent)) window.napThinking.push(el.textContent);
  });
  note();
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true, characterData: true});
}
"""


def settled(page, before: str | None) -> None:
    """Wait until the learner's move is on screen and no bot is still thinking."""
    page.wait_for_function(
        "(before) => { const el = document.querySelector('.nap-latest');"
        " return el && el.dataset.token !== before && el.dataset.thinking === '0'; }",
        arg=before,
        timeout=WIDGET_TIMEOUT,
    )


def test_b11_b12_tricks_played_against_expert_bots(voila_page, page_log, screenshot):
    page = voila_page("play.ipynb", QUERY, ready="button.nap-play-start")
    page.evaluate(WATCH_THINKING)
    # B14: the bots' reasons wait for the end of the deal unless the learner asks to see their thinking
    page.locator(".nap-play-thinking-setting input[type=checkbox]").check()
    page.locator("button.nap-play-start").click()
    latest = page.locator(".nap-latest")
    expect(latest).to_have_attribute("data-thinking", "0", timeout=WIDGET_TIMEOUT)
    hand = page.locator(".nap-play-card-table .nt-hand button.nt-card")
    cards_played = 0
    for _ in range(40):
        if page.locator("button.nap-play-next").is_visible() or page.locator(".nap-play-final").count():
            break
        if cards_played >= 3:
            break
        before = latest.first.get_attribute("data-token")
        calls = page.locator(".nap-play-auction-panel button.nap-play-call:not([disabled])")
        if page.locator(".nap-play-auction-panel").is_visible() and calls.count():
            bids = page.locator(".nap-play-auction-panel button.nap-play-call:not([disabled]):not(.nap-play-call-pass)")
            (bids.first if bids.count() else page.locator("button.nap-play-call-pass")).click()
            settled(page, before)
            continue
        legal = page.locator(".nap-play-card-table .nt-hand button.nt-card.nt-legal")
        if legal.count():
            cards_before = hand.count()
            legal.first.click()
            settled(page, before)
            expect(hand).to_have_count(cards_before - 1)
            cards_played += 1
            continue
        page.wait_for_timeout(200)
    assert cards_played >= 3 or page.locator("button.nap-play-next").is_visible()
    # the bots' replies carry the expert's reasons, with numbers of sampled layouts
    expect(page.locator(".nap-play-log .nap-play-reason").filter(has_text="sampled layouts").first).to_be_attached()
    seen = page.evaluate("() => window.napThinking")
    assert seen and all(text.endswith("is thinking…") for text in seen), seen
    assert {text.split()[0] for text in seen} <= {"Ada", "Ben", "Cleo"}
    screenshot(page, "expert-tricks")
    page_log.assert_no_errors()
