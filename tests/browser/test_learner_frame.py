"""Issue 26, the learner's frame, in Chromium with phone emulation (touch, Spanish).

Part 1, everything in view: on every step of four lessons of the course (the worked deal; "table sizes",
whose second deal has seven players; "defence"; "misère", under the pub rules) the control that moves
the lesson on (Next, or Check while a question waits), the trick on the table, the card the step
describes and the seat that speaks or plays are all inside the screen without the learner scrolling:
the bar is pinned to the bottom and the page keeps the table in view.

Sampling, to keep the suite lean: every step of a walked lesson is checked, each step in one of the
three screens (390 x 844 portrait phone, 844 x 390 landscape phone, 1280 x 800 laptop), taken in turn
three steps at a time (step k in screen (k // 3) mod 3), so that each screen sees a third of the steps of
every lesson; the phone is turned between two steps, as a learner would turn it, every third step (each turn
waits for the page to bring the table back into view; turning at every step, the walk took half as long again).
Each step is checked as it comes to rest (:func:`settled_in_view`). ``make test`` walks :data:`SAMPLE`, two of the four
lessons (118 of their 171 steps, about a minute on the 2-core machine): "table sizes" (a deal of three and
one of seven players) and "misère" (four players, the pub rules, a Misère on the table), which between them
hold every table the other two draw (four players, British rules); ``NAP_WALKS=all`` walks all four.
"""
from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from nap_teach.teach.course import load_lesson
from nap_teach.teach.lesson import Lesson
from nap_teach.teach.lesson.player import LessonPlayer, LessonRun

WIDGET_TIMEOUT = 30_000
SCREENS = ((390, 844), (844, 390), (1280, 800))
LESSONS = ("table-sizes", "misere", "worked-deal", "defence")
SAMPLE = ("table-sizes", "misere")
"""The lessons ``make test`` walks in part 1 (see the module's docstring); NAP_WALKS=all walks LESSONS."""

_SCRIPT_IN_VIEW = """() => {
  const shown = (css) => [...document.querySelectorAll(css)].find(e => e.offsetParent !== null
      && e.getBoundingClientRect().height > 0);
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
      return [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)]; };
  const bar = shown('.nap-lesson-bar');
  const trick = shown('.nap-lesson .nt-trick');
  const hasCards = trick && trick.querySelector('.nt-slot');
  return {
    w: window.innerWidth, h: window.innerHeight,
    bar: box(bar), barPosition: bar ? getComputedStyle(bar).position : null,
    go: box(shown('.nap-lesson-bar button.nap-lesson-next') || shown('.nap-lesson-bar button.nap-ask-check')),
    trick: box(hasCards ? trick : shown('.nap-lesson .nt-centre-title')),
    described: box(shown('.nap-lesson .nt-described')),
    acting: box(shown('.nap-lesson .nt-acting')),
  };
}"""


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "locale": "es-ES"}
"""A touch phone's browser, in Spanish (``contexts.lend`` options)."""


@pytest.fixture
def phone(contexts: Any, voila_url: str) -> Iterator[Any]:
    """A page in a touch phone's browser (390 x 844, Spanish); its kernels shut down at the end (``contexts``)."""
    with contexts.lend(base_url=voila_url, **PHONE) as context:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.nap_errors = errors
        yield page


def answer(page: Any, ask: Any, expect: Any) -> None:
    """Give the engine's right answer to the question waiting on the page, with Check in the pinned bar."""
    if ask.kind == "pay":
        for name, amount in zip(ask.options, ask.answer):
            box = page.locator(f".nap-ask-amount-{name} input")
            box.fill(str(amount))
            box.press("Tab")
    else:
        for value in ask.options:
            button = page.locator(f"button.nap-ask-option-{value}")
            pressed = "mod-active" in (button.get_attribute("class") or "")
            if pressed != (value in ask.answer):
                button.tap()
                expect(button).to_have_class(re.compile("mod-active" if not pressed else r"^(?!.*mod-active)"),
                                             timeout=WIDGET_TIMEOUT)
    page.locator(".nap-lesson-bar button.nap-ask-check").tap()
    expect(page.locator(".nap-ask-feedback")).to_contain_text("Correcto", timeout=WIDGET_TIMEOUT)


def assert_in_view(seen: dict[str, Any], where: str) -> None:
    """The control, the trick, the described card and the acting seat are inside the screen, above the bar."""
    w, h = seen["w"], seen["h"]
    assert seen["barPosition"] == "fixed", where
    assert seen["go"] is not None, f"{where}: no Next or Check in the bar"
    left, top, right, bottom = seen["go"]
    assert 0 <= left and right <= w and 0 <= top and bottom <= h, f"{where}: the bar's button {seen['go']}"
    bar_top = seen["bar"][1]
    for name in ("trick", "described", "acting"):
        b = seen[name]
        if b is None:
            assert name != "trick", f"{where}: no trick drawn"
            continue
        assert 0 <= b[0] and b[2] <= w + 1 and 0 <= b[1] and b[3] <= bar_top + 1, \
            f"{where}: the {name} {b} is not in view ({w} x {h}, bar at {bar_top})"


SETTLE_MS = 1500
"""How long a step may take to come to rest: the step's later messages (its question's panel, a text) are still
being drawn when the page first scrolls it into view, and the page scrolls again as they land."""


def settled_in_view(page: Any, kind: str | None, where: str) -> None:
    """The step in view as it comes to rest (:func:`assert_in_view`, and the card described and the seat acting
    marked on the table for a card or a call): checked at once and then every 100 ms until it holds, failing with
    what was last seen once :data:`SETTLE_MS` have passed."""
    waited = 0
    while True:
        seen = page.evaluate(_SCRIPT_IN_VIEW)
        try:
            if kind == "card":
                assert seen["described"] is not None, f"{where}: the described card is not outlined"
            if kind in ("card", "call"):
                assert seen["acting"] is not None, f"{where}: the acting seat is not framed"
            assert_in_view(seen, where)
            return
        except AssertionError:
            if waited >= SETTLE_MS:
                raise
        page.wait_for_timeout(100)
        waited += 100


def test_part1_every_step_of_four_lessons_in_view_on_a_phone_and_a_laptop(phone, expect, artifacts_dir, whole_walks):
    page = phone
    checked = {screen: 0 for screen in SCREENS}
    steps_walked = 0
    assert set(SAMPLE) <= set(LESSONS)
    for lesson in LESSONS if whole_walks else SAMPLE:
        run = LessonRun(LessonPlayer(load_lesson(lesson)))
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(f"voila/render/lesson.ipynb?lesson={lesson}&lang=es", wait_until="commit", timeout=120_000)
        page.locator(".nap-lesson-bar .nap-lesson-step").first.wait_for(state="visible", timeout=120_000)
        expect(page.locator(".nap-lesson-step")).to_contain_text(f"Paso 1 de {run.count}", timeout=WIDGET_TIMEOUT)
        if lesson == "table-sizes":
            assert any(getattr(d, "book", None) is not None and d.book.n == 7 for d in run.player.deals)
        if lesson == "misere":
            assert run.player.spec.profile.name == "pub"
        step = 1
        steps_walked += run.count
        while True:
            width, height = SCREENS[(step // 3) % 3]
            if page.viewport_size != {"width": width, "height": height}:
                turned = page.evaluate("() => document.body.dataset.napResized || ''")
                page.set_viewport_size({"width": width, "height": height})
                # the page keeps the table in view when the phone turns
                page.wait_for_function("t => (document.body.dataset.napResized || '') !== t", arg=turned,
                                       timeout=WIDGET_TIMEOUT)
                page.wait_for_timeout(50)
            deal = run.player.deal_lesson(run.index)
            kind = deal.step(run.page.step).kind if isinstance(deal, Lesson) else None
            where = f"{lesson} step {step} at {width} x {height}"
            try:
                settled_in_view(page, kind, where)
            except AssertionError:
                page.screenshot(path=str(artifacts_dir / f"learner-frame-{lesson}-{step}-{width}.png"))
                raise
            checked[(width, height)] += 1
            if run.at_end:
                break
            pending = run.pending
            if pending is not None:
                answer(page, pending[1], expect)
                ask = pending[1]
                run.answer(list(ask.answer) if ask.kind != "pay"
                           else {n: int(v) for n, v in zip(ask.options, ask.answer)})
            run.next()
            before = page.evaluate("() => Number(document.body.dataset.napRevealed || 0)")
            page.locator(".nap-lesson-bar button.nap-lesson-next").tap()
            step += 1
            expect(page.locator(".nap-lesson-step")).to_contain_text(f"Paso {step} de {run.count}",
                                                                     timeout=WIDGET_TIMEOUT)
            page.wait_for_function("n => Number(document.body.dataset.napRevealed || 0) > n", arg=before,
                                   timeout=WIDGET_TIMEOUT)
    # every step checked, each screen a third of them (118 steps in the sample, 171 in all four lessons)
    assert sum(checked.values()) == steps_walked >= 118, (checked, steps_walked)
    assert all(n >= steps_walked // 3 - 2 for n in checked.values()), checked
    assert not page.nap_errors, page.nap_errors


def play_until_cards(page: Any, expect: Any) -> None:
    """Make the learner's calls (a pass, or the only call left) until the play has begun."""
    for _ in range(40):
        if page.locator(".nap-play-card-table .nt-hand button.nt-card.nt-legal").count():
            return
        calls = page.locator(".nap-play-auction-panel button.nap-play-call:not([disabled])")
        if page.locator(".nap-play-auction-panel").is_visible() and calls.count():
            calls.first.tap()
        page.wait_for_timeout(600)
        nxt = page.locator("button.nap-play-next:not([disabled])")
        if nxt.count() and nxt.first.is_visible():  # everyone passed: the next deal
            nxt.first.tap()
    raise AssertionError("the play never reached the learner's cards")


def in_viewport(page: Any, css: str) -> bool:
    return page.evaluate("""css => { const e = [...document.querySelectorAll(css)].find(x => x.offsetParent !== null);
        if (!e) return false; const r = e.getBoundingClientRect();
        const bar = [...document.querySelectorAll('.nap-lesson-bar')].find(x => getComputedStyle(x).position === 'fixed');
        const bottom = bar ? bar.getBoundingClientRect().top : innerHeight;
        return r.top >= 0 && r.bottom <= bottom + 1 && r.left >= 0 && r.right <= innerWidth + 1; }""", css)


def test_part3_and_part5_a_refused_tap_in_view_and_the_game_kept_after_closing_the_page(phone, expect):
    """An illegal tap on a phone: the refusal is shown under the table, in the screen, and said through the
    live region; the game is kept in the browser after every card, leaving asks first, and the game comes back
    (the same hand) when the page is opened again."""
    page = phone
    page.goto("voila/render/play.ipynb?lang=es&seed=11&deals=3", wait_until="commit", timeout=120_000)
    page.locator("button.nap-play-start").wait_for(state="visible", timeout=120_000)
    page.locator("button.nap-play-start").tap()
    expect(page.locator(".nap-play-card-table .nt-table")).to_be_visible(timeout=WIDGET_TIMEOUT)
    # a card tapped during the auction: refused with the reason, next to the table, in view, and read out
    page.locator(".nap-play-card-table .nt-hand button.nt-card").first.tap(force=True)  # a finger taps it anyway
    refusal = page.locator(".nap-page-status .nap-msg-refused")
    expect(refusal).to_be_visible(timeout=WIDGET_TIMEOUT)
    page.wait_for_timeout(400)
    assert in_viewport(page, ".nap-page-status .nap-msg-refused"), "the refusal is off the screen"
    said = refusal.inner_text().strip()
    expect(page.locator(".nap-live")).to_have_text(said, timeout=WIDGET_TIMEOUT)
    assert page.locator(".nap-live").get_attribute("aria-live") == "polite"
    play_until_cards(page, expect)
    page.locator(".nap-play-card-table .nt-hand button.nt-card.nt-legal").first.tap()
    page.wait_for_timeout(1500)
    hand = page.locator(".nap-play-card-table .nt-hand button.nt-card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")
    page.wait_for_function("() => (localStorage.getItem('nap_teach.play') || '').includes('\"moves\"')",
                           timeout=WIDGET_TIMEOUT)
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('nap_teach.play'))")
    assert kept["in_deal"] is True and any(m[0] == "card" for m in kept["moves"]), kept["moves"]
    # leaving with a game on asks first
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
    context = page.context
    page.close(run_before_unload=True)
    again = context.new_page()
    for _ in range(50):
        if asked:
            break
        again.wait_for_timeout(100)
    assert asked == ["beforeunload"], asked
    again.goto("voila/render/play.ipynb?lang=es", wait_until="commit", timeout=120_000)
    offer = again.locator(".nap-play-keep")
    expect(offer).to_be_visible(timeout=120_000)
    expect(offer).to_contain_text("Continúa tu partida: mano 1 de 3")
    again.locator("button.nap-play-resume").tap()
    cards = again.locator(".nap-play-card-table .nt-hand button.nt-card")
    expect(cards).to_have_count(len(hand), timeout=WIDGET_TIMEOUT)
    assert cards.evaluate_all("cards => cards.map(c => c.dataset.card)") == hand
    expect(again.locator(".nap-page-status")).to_contain_text("Tu partida ha vuelto: mano 1 de 3")


def test_part2_part4_part5_a_lesson_resumed_after_a_reload_then_the_next_lesson(phone, expect):
    """The described card outlined with its word on a card step; the header's place in the course; a reload
    resumes the lesson at its step with its answers; at the end, a large Next lesson button, in view."""
    page = phone
    lesson = "session-ledger"
    run = LessonRun(LessonPlayer(load_lesson(lesson)))
    page.goto(f"voila/render/lesson.ipynb?lesson={lesson}&lang=es", wait_until="commit", timeout=120_000)
    page.locator(".nap-lesson-bar .nap-lesson-step").wait_for(state="visible", timeout=120_000)
    expect(page.locator(".nap-nav-here")).to_contain_text("Lección 9 de 16")
    expect(page.locator("a.nap-nav-next")).to_have_attribute("href", re.compile(r"lesson=judging-a-bid"))
    page.wait_for_function("() => localStorage.getItem('nap_teach.lesson.session-ledger') !== null",
                           timeout=WIDGET_TIMEOUT)
    step = 1
    while step < 4:
        pending = run.pending
        if pending is not None:
            answer(page, pending[1], expect)
            ask = pending[1]
            run.answer(list(ask.answer) if ask.kind != "pay" else {n: int(v) for n, v in zip(ask.options, ask.answer)})
        run.next()
        page.locator(".nap-lesson-bar button.nap-lesson-next").tap()
        step += 1
        expect(page.locator(".nap-lesson-step")).to_contain_text(f"Paso {step} de {run.count}", timeout=WIDGET_TIMEOUT)
    page.wait_for_function("n => (JSON.parse(localStorage.getItem('nap_teach.lesson.session-ledger') || '{}').index) === n",
                           arg=step - 1, timeout=WIDGET_TIMEOUT)
    page.reload(wait_until="commit", timeout=120_000)
    expect(page.locator(".nap-lesson-step")).to_contain_text(f"Paso {step} de {run.count}", timeout=120_000)
    expect(page.locator(".nap-page-status")).to_contain_text(f"la lección sigue en el paso {step}")
    while not run.at_end:
        pending = run.pending
        if pending is not None:
            answer(page, pending[1], expect)
            ask = pending[1]
            run.answer(list(ask.answer) if ask.kind != "pay" else {n: int(v) for n, v in zip(ask.options, ask.answer)})
        run.next()
        page.locator(".nap-lesson-bar button.nap-lesson-next").tap()
        step += 1
        expect(page.locator(".nap-lesson-step")).to_contain_text(f"Paso {step} de {run.count}", timeout=WIDGET_TIMEOUT)
    for i, q in enumerate(run.questions):
        expect(page.locator(".nap-lesson-quiz-count")).to_contain_text(f"{i + 1} de {len(run.questions)}",
                                                                       timeout=WIDGET_TIMEOUT)
        k = [c.value for c in q.choices].index(q.answer)
        page.locator("button.nap-lesson-quiz-q-choice").nth(k).tap()
        expect(page.locator(".nap-lesson-quiz-q .nap-ex-feedback")).to_be_visible(timeout=WIDGET_TIMEOUT)
        if i + 1 < len(run.questions):
            page.locator("button.nap-lesson-quiz-next").tap()
    following = page.locator("a.nap-next-lesson")
    expect(following).to_be_visible(timeout=WIDGET_TIMEOUT)
    expect(following).to_contain_text("Siguiente lección")
    assert "lesson=judging-a-bid" in following.get_attribute("href") and "lang=es" in following.get_attribute("href")
    page.wait_for_timeout(500)
    assert in_viewport(page, "a.nap-next-lesson"), "the Next lesson button is off the screen"
    expect(page.locator(".nap-lesson-done")).to_contain_text("bien a la primera")
    box = following.bounding_box()
    assert box["height"] >= 44, box
    assert not page.nap_errors, page.nap_errors


def test_part2_the_described_card_and_the_speaker_on_the_table(phone, expect):
    """The worked deal (no questions): the speaker framed at a call (not the next to speak); the card a step
    describes outlined with the words "este paso"; the legend drawn with the table's marks."""
    page = phone
    from nap_teach.teach.lesson import LessonWalk, default_lesson
    lesson = default_lesson()
    page.goto("voila/render/lesson.ipynb?lang=es&step=2", wait_until="commit", timeout=120_000)
    page.locator(".nap-lesson-bar .nap-lesson-step").wait_for(state="visible", timeout=120_000)
    step = lesson.step(1)
    assert step.kind == "call"
    speaker = lesson.players[step.seat]
    acting = page.locator(".nap-lesson .nt-seat.nt-acting")
    expect(acting).to_have_count(1, timeout=WIDGET_TIMEOUT)
    expect(acting.locator(".nt-seat-name")).to_have_text(speaker)
    expect(acting).to_contain_text("habla en este paso")
    first_card = next(i for i in range(LessonWalk(lesson).count) if lesson.step(i).kind == "card")
    page.locator(".nap-lesson-more .nap-lesson-number input").fill(str(first_card + 1))
    page.locator(".nap-lesson-more .nap-lesson-number input").press("Enter")
    described = page.locator(".nap-lesson .nt-slot.nt-described")
    expect(described).to_have_count(1, timeout=WIDGET_TIMEOUT)
    seat, card = lesson.book.cards_played[0]
    assert described.get_attribute("data-card") == card.code
    expect(described.locator(".nt-step-badge")).to_have_text("este paso")
    colour = described.locator("svg").evaluate("e => getComputedStyle(e).boxShadow")
    legend = page.locator(".nap-legend-step").evaluate("e => getComputedStyle(e).backgroundColor")
    assert "255, 155, 61" in colour and "255, 155, 61" in legend, (colour, legend)  # the legend's colour is the table's
    assert not page.nap_errors, page.nap_errors


def test_part5_the_front_door_follows_the_browser_then_the_language_chosen(phone, expect):
    """``/`` on a first visit: the browser's language (Spanish here); the switch to English rewrites the address
    (a reload stays in English) and is remembered in the browser, so ``/`` then opens the English front page."""
    page = phone
    page.goto("/", wait_until="commit", timeout=120_000)
    landing = page.locator(".nap-landing")
    expect(landing).to_be_visible(timeout=120_000)
    assert "lang=es" in page.url and page.evaluate("document.documentElement.lang") == "es"
    # "For teachers" in the first screen of the front page
    jump = page.locator("a.nap-landing-teachers-jump")
    expect(jump).to_be_visible()
    assert in_viewport(page, "a.nap-landing-teachers-jump")
    for link in page.locator(".nap-course-list a.nap-course-link").all()[:3]:  # primary targets: 44 px tall
        assert link.bounding_box()["height"] >= 44
    expect(page.locator('.nap-course-item[data-profile="pub"] .nap-course-pub').first).to_have_text("reglas de pub")
    page.locator(".nap-lang button", has_text="English").first.tap()
    expect(page.locator('.nap-page-header[data-lang="en"]')).to_have_count(1, timeout=WIDGET_TIMEOUT)
    page.wait_for_function("() => new URLSearchParams(location.search).get('lang') === 'en'", timeout=WIDGET_TIMEOUT)
    assert page.evaluate("() => localStorage.getItem('nap_teach.lang')") == "en"
    page.goto("/", wait_until="commit", timeout=120_000)
    expect(page.locator(".nap-landing")).to_be_visible(timeout=120_000)
    assert "lang=en" in page.url
    expect(page.locator('.nap-page-header[data-lang="en"]')).to_have_count(1, timeout=WIDGET_TIMEOUT)
    # the language buttons sit in the same place on every page (issue 27 part 7)
    here = page.locator(".nap-lang").first.bounding_box()
    for notebook in ("lesson.ipynb?lesson=auction&lang=en", "play.ipynb?lang=en"):
        page.goto(f"voila/render/{notebook}", wait_until="commit", timeout=120_000)
        switch = page.locator(".nap-lang").first
        switch.wait_for(state="visible", timeout=120_000)
        page.wait_for_timeout(300)
        box = switch.bounding_box()
        assert abs(box["x"] - here["x"]) <= 1 and abs(box["y"] - here["y"]) <= 1, (notebook, box, here)


def test_part6_the_problems_page_shows_trump_and_the_trick_that_beat_the_learner(phone, expect):
    page = phone
    page.goto("voila/render/problems.ipynb?lang=es&problem=1", wait_until="commit", timeout=120_000)
    table = page.locator(".nap-problems-table .nt-table")
    table.wait_for(state="visible", timeout=120_000)
    expect(table.locator(".nt-fact", has_text="Triunfo")).to_have_count(1, timeout=WIDGET_TIMEOUT)
    go_on = page.locator("button.nap-problems-continue")
    for _ in range(5):
        if go_on.is_visible():
            break
        count = page.locator(".nap-problems-grades p").count()
        page.locator(".nap-problems-table .nt-hand button.nt-card.nt-legal").last.tap()
        expect(page.locator(".nap-problems-grades p")).to_have_count(count + 1, timeout=60_000)
        page.wait_for_timeout(300)
    expect(go_on).to_be_visible()
    held = table.locator(".nt-trick .nt-slot")
    expect(held).to_have_count(4)  # the whole trick that was lost, on the table
    expect(table.locator(".nt-trick .nt-slot.nt-winning .nt-win-badge")).to_have_text("gana la baza")
    expect(table.locator(".nt-fact", has_text="ganada por")).to_have_count(1)
    assert table.locator(".nt-hand button.nt-card.nt-legal").count() == 0  # no card to play until the learner goes on
    go_on.tap()
    expect(go_on).to_be_hidden(timeout=WIDGET_TIMEOUT)
    assert not page.nap_errors, page.nap_errors


def test_part7_the_odds_lab_on_a_phone_with_tapped_cards_in_spanish(phone, expect, artifacts_dir):
    page = phone
    page.goto("voila/render/odds.ipynb?lang=es", wait_until="commit", timeout=120_000)
    page.locator("button.nap-odds-pick-AS").wait_for(state="visible", timeout=120_000)
    for code in ("AS", "KS", "QS", "JH", "2C"):
        page.locator(f"button.nap-odds-pick-{code}").tap()
        expect(page.locator(f"button.nap-odds-pick-{code}")).to_have_class(re.compile("nap-odds-picked"),
                                                                           timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-odds-hand input")).to_have_value("A♠ K♠ Q♠ J♥ 2♣")
    page.locator(".nap-odds-layouts select").select_option("200")
    page.locator("button.nap-odds-run").tap()
    expect(page.locator(".nap-odds-table table")).to_be_visible(timeout=120_000)
    page.wait_for_timeout(500)
    width = page.evaluate("() => document.querySelector('.nap-odds-chart svg').getBoundingClientRect().right")
    assert width <= 390, width  # the chart fits the screen
    broken = page.evaluate("""() => [...document.querySelectorAll('.nap-odds-table .nap-odds-num, .nap-odds-table th')]
        .filter(e => { const r = document.createRange(); r.selectNodeContents(e);
                       const lines = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
                       const oneWord = e.classList.contains('nap-odds-num') || e.textContent.trim().indexOf(' ') < 0;
                       return oneWord && lines.size > 1; })
        .map(e => e.textContent)""")
    assert broken == [], broken  # no number and no one-word heading split across lines
    assert re.search(r"\d+,\d", page.locator(".nap-odds-table").inner_text())  # the decimal comma
    page.screenshot(path=str(artifacts_dir / "learner-frame-odds-390.png"), full_page=False)
    assert not page.nap_errors, page.nap_errors


_SCRIPT_PLAY_IN_VIEW = """() => {
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
      return [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)]; };
  const table = document.querySelector('.nap-play-card-table');
  const trick = table && table.querySelector('.nt-trick');
  const shown = trick && trick.querySelector('.nt-slot') ? trick : table && table.querySelector('.nt-centre-title');
  return {w: window.innerWidth, h: window.innerHeight, scrollY: Math.round(window.scrollY),
          trick: box(shown), hand: box(table && table.querySelector('.nt-hand')),
          cards: [...(table ? table.querySelectorAll('.nt-hand button.nt-card') : [])].map(box)};
}"""


def test_part1_the_play_page_keeps_the_trick_and_the_hand_in_view_together_upright_and_sideways(phone, expect,
                                                                                               artifacts_dir):
    """Issue 26 part 1 on the play page: at every one of the learner's turns of a deal, on a touch phone in Spanish
    held upright (390 x 844) and sideways (844 x 390) in turn, the trick on the table, the learner's hand and every
    card button are inside the screen together, as the page leaves them (the cards are played with a click that does
    not scroll, so no scrolling but the page's own is involved)."""
    page = phone
    page.goto("voila/render/play.ipynb?lang=es&seed=11&deals=3", wait_until="commit",
              timeout=120_000)
    page.locator("button.nap-play-start").wait_for(state="visible", timeout=120_000)
    page.locator("button.nap-play-start").tap()
    expect(page.locator(".nap-play-card-table .nt-table")).to_be_visible(timeout=WIDGET_TIMEOUT)
    page.locator(".nap-table-pace select").select_option(index=0)  # the bots' cards at once
    play_until_cards(page, expect)
    turns = {(390, 844): 0, (844, 390): 0}
    for turn in range(5):
        width, height = (390, 844) if turn % 2 == 0 else (844, 390)
        if page.viewport_size != {"width": width, "height": height}:
            turned = page.evaluate("() => document.body.dataset.napResized || ''")
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function("t => (document.body.dataset.napResized || '') !== t", arg=turned,
                                   timeout=WIDGET_TIMEOUT)
        legal = page.locator(".nap-play-card-table .nt-hand button.nt-card.nt-legal")
        expect(legal.first).to_be_attached(timeout=WIDGET_TIMEOUT)
        page.wait_for_timeout(400)  # the page's own scrolling settles
        seen = page.evaluate(_SCRIPT_PLAY_IN_VIEW)
        shot = artifacts_dir / f"play-in-view-turn{turn + 1}-{width}x{height}.png"
        page.screenshot(path=str(shot))
        where = f"turn {turn + 1} at {width} x {height}"
        assert seen["trick"] and seen["hand"] and seen["cards"], f"{where}: nothing drawn {seen}"
        for name, b in [("trick", seen["trick"]), ("hand", seen["hand"])] + [("card", c) for c in seen["cards"]]:
            assert 0 <= b[0] and b[2] <= width + 1 and 0 <= b[1] and b[3] <= height + 1, \
                f"{where}: the {name} {b} is not in view ({width} x {height}, scrolled {seen['scrollY']}); see {shot}"
        turns[(width, height)] += 1
        if turn == 4:
            break
        before = page.locator(".nap-play-card-table .nt-hand button.nt-card").count()
        legal.first.dispatch_event("click")  # a tap without Playwright scrolling the card into view first
        expect(page.locator(".nap-play-card-table .nt-hand button.nt-card")).to_have_count(before - 1,
                                                                                          timeout=WIDGET_TIMEOUT)
    assert turns[(390, 844)] >= 2 and turns[(844, 390)] >= 2, turns
