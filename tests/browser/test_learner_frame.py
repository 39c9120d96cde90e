"""Issue 26, the learner's frame, in Chromium with phone emulation (touch, Spanish).

Part 1, everything in view: on every step of four lessons of the course (the worked deal; "table sizes",
whose second deal has seven players; "defence"; "misère", under the pub rules) the control that moves
the lesson on (Next, or Check while a question waits), the trick on the table, the card the step
describes and the seat that speaks or plays are all inside the screen without the learner scrolling:
the bar is pinned to the bottom and the page keeps the table in view.

Sampling, to keep the suite lean: every step of the four lessons is checked, each step in one of the
three screens (390 x 844 portrait phone, 844 x 390 landscape phone, 1280 x 800 laptop), taken in turn
(step k in screen k mod 3), so that each screen sees a third of the steps of every lesson; the phone is
turned between two steps, as a learner would turn it.
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


@pytest.fixture
def phone(chromium: Any, voila_url: str) -> Iterator[Any]:
    """A page in a touch phone's browser (390 x 844, Spanish), local requests only; its kernels shut down at the end."""
    context = chromium.new_context(base_url=voila_url, viewport={"width": 390, "height": 844}, has_touch=True,
                                   is_mobile=True, locale="es-ES")
    context.set_default_timeout(30_000)
    context.route("**/*", lambda route: route.continue_() if re.match(r"^(https?://(127\.0\.0\.1|localhost)|data:|blob:|about:)",
                                                                    route.request.url) else route.abort("blockedbyclient"))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.nap_errors = errors
    try:
        yield page
    finally:
        xsrf = next((c["value"] for c in context.cookies() if c["name"] == "_xsrf"), None)
        for p in context.pages:
            try:
                kernel = p.evaluate("() => { const d = document.getElementById('jupyter-config-data');"
                                    " return d ? JSON.parse(d.textContent).kernelId : null; }")
                if kernel and xsrf:
                    context.request.post(f"{voila_url}voila/api/shutdown/{kernel}", form={"_xsrf": xsrf}, timeout=10_000)
            except Exception:  # a closed page or a stopped server: nothing to release
                pass
        context.close()


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


def test_part1_every_step_of_four_lessons_in_view_on_a_phone_and_a_laptop(phone, expect, artifacts_dir):
    page = phone
    checked = {screen: 0 for screen in SCREENS}
    for lesson in LESSONS:
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
        while True:
            width, height = SCREENS[step % 3]
            if page.viewport_size != {"width": width, "height": height}:
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(400)  # the page keeps the table in view when the phone turns
            seen = page.evaluate(_SCRIPT_IN_VIEW)
            deal = run.player.deal_lesson(run.index)
            kind = deal.step(run.page.step).kind if isinstance(deal, Lesson) else None
            if kind == "card":
                assert seen["described"] is not None, f"{lesson} step {step}: the described card is not outlined"
            if kind in ("card", "call"):
                assert seen["acting"] is not None, f"{lesson} step {step}: the acting seat is not framed"
            try:
                assert_in_view(seen, f"{lesson} step {step} at {width} x {height}")
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
    assert all(n >= 40 for n in checked.values()), checked
    assert not page.nap_errors, page.nap_errors
