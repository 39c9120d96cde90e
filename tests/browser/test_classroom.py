"""A whole class at once (issue 17): class mode, the room's cap, a flood, and forged widget messages.

These drive the server as a page's JavaScript would, over HTTP and the kernel
websocket (tests/browser/voila_learner.py), without Chromium: a class of
learners costs kernels, not browsers.

- Class mode: a preheated page (run before anyone asked for it) still reads
  ``?lang=``, ``?profile=``, ``?players=`` once the request arrives.
- The cap: beyond ``--max-kernels`` live kernels a newcomer gets the "room is
  full" page in their language (HTTP 503, ``Retry-After``) while the learners
  already in keep playing; a bounded flood from one client (issue part 4)
  leaves the server up, within its cap and memory.
- Widget values are untrusted input (part 6): forged comm messages are refused
  or ignored, the state is unchanged and no traceback reaches the page or the log.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import re
import time
from typing import Any

import pytest

# Class mode and the kernel cap are about load (pools of kernels, a flood of
# pages): these tests run by themselves, after the parallel run (pytest.ini).
pytestmark = pytest.mark.alone

MiB = 1024 * 1024
QUICK_REFILL = ("--VoilaKernelManager.fill_delay=1",)
"""Voila option for the pooled servers below: a pool refills 1 s after a learner takes a kernel instead of after
the launcher's ``server.POOL_REFILL_DELAY`` (which spaces out a real class's refills). The tests that wait for a
refill would otherwise sit idle through that delay; what they check does not depend on it."""


_LOOP: asyncio.AbstractEventLoop | None = None


@pytest.fixture(autouse=True)
def event_loop_for_learners():
    """One event loop per test: a learner's websocket lives on the loop that opened it."""
    global _LOOP
    _LOOP = asyncio.new_event_loop()
    try:
        yield _LOOP
    finally:
        loop = _LOOP
        _on_a_thread_of_its_own(lambda: loop.run_until_complete(loop.shutdown_asyncgens()))
        _LOOP.close()
        _LOOP = None


def _on_a_thread_of_its_own(job: Any) -> Any:
    """``job()`` on another thread: a browser test that ran before this module (Playwright's sync API)
    keeps its event loop running on this thread until the session ends, and asyncio runs one loop per thread."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(job).result()


async def _all(*coroutines: Any) -> list[Any]:
    return list(await asyncio.gather(*coroutines))


def _run(coroutine: Any, timeout: float = 240) -> Any:
    loop = _LOOP
    assert loop is not None
    return _on_a_thread_of_its_own(lambda: loop.run_until_complete(asyncio.wait_for(coroutine, timeout)))


def _wait_for_log(server: Any, pattern: str, count: int = 1, timeout: float = 150) -> None:
    deadline = time.monotonic() + timeout
    while len(re.findall(pattern, server.log_text())) < count:
        assert time.monotonic() < deadline, f"no {pattern!r} in the Voila log:\n" + server.log_text()[-3000:]
        time.sleep(0.3)


def _status_text(learner: Any) -> str:
    return " ".join(str(s.get("value", "")) for m, s in learner.states.items()
                    if "nap-status" in (s.get("_dom_classes") or ()))


# -- class mode ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def preheated_server(artifacts_dir, start_voila):
    """Class mode with small pools: the front page (2) and the play page (1)."""
    server = start_voila(artifacts_dir, QUICK_REFILL,
                         launcher_args=("--pool", "index.ipynb=2", "--pool", "play.ipynb=1"))
    try:
        _wait_for_log(server, r"Kernel pool of index\.ipynb is filled with 2")
        _wait_for_log(server, r"Kernel pool of play\.ipynb is filled with 1")
        yield server
    finally:
        server.stop()


def test_a_preheated_page_reads_its_address_once_the_learner_arrives(preheated_server, voila_learner):
    Learner = voila_learner.Learner

    async def scenario() -> tuple[Any, Any, Any]:
        spanish, english, table = Learner(), Learner(), Learner()
        await asyncio.gather(
            spanish.open(preheated_server.url, "index.ipynb", "lang=es&profile=pub"),
            english.open(preheated_server.url, "index.ipynb", "lang=en"),
            table.open(preheated_server.url, "play.ipynb", "lang=es&players=3&seed=7"),
        )
        return spanish, english, table

    spanish, english, table = _run(scenario())
    try:
        log = preheated_server.log_text()
        for learner, page in ((spanish, "index"), (english, "index"), (table, "play")):
            assert learner.page.status == 200 and not learner.page.blank
            # served by a kernel of the pool, which had run the page before the request
            assert f"Using pre-heated kernel: {learner.page.kernel_id} for {page}.ipynb" in log
        words = " ".join(str(s.get("value", "")) for s in spanish.states.values())
        assert "Aprende Nap" in words or "Aprende a jugar" in words, words[:300]
        assert "data-profile='pub'" in words  # ?profile=pub honoured too
        english_words = " ".join(str(s.get("value", "")) for s in english.states.values())
        assert "Learn Nap" in english_words and "data-profile='british'" in english_words
        players = table.find("nap-play-players", "IntTextModel")
        assert [table.states[m]["value"] for m in players] == [3]
        assert table.states[table.find("nap-play-start")[0]]["description"] != "Start"
        for learner in (spanish, english, table):
            assert learner.errors() == []
    finally:
        _run(_all(spanish.close(), english.close(), table.close()))
    assert "Traceback" not in preheated_server.log_text()


def test_a_preheated_play_page_in_a_browser_shows_its_address_settings_and_plays(preheated_server, chromium):
    # The play page of the pool was built before the request (with the defaults) and took the address's
    # language and settings when it arrived: Chromium shows them, and the session starts with them.
    taken = len(re.findall(r"Using pre-heated kernel: \S+ for play\.ipynb", preheated_server.log_text()))
    _wait_for_log(preheated_server, r"Kernel pool of play\.ipynb is filled with 1", count=taken + 1)  # (re)filled
    time.sleep(5)  # the kernel runs its page (builds it, then waits for a learner)
    context = chromium.new_context(base_url=preheated_server.url, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(60_000)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto("voila/render/play.ipynb?lang=es&seed=7&players=5&seat=2&rotations=2&bots=random",
                  wait_until="domcontentloaded")
        start = page.locator("button.nap-play-start")
        start.wait_for(state="visible", timeout=120_000)
        assert start.inner_text().strip() == "Empezar la sesión"
        assert page.locator(".nap-play-players input").input_value() == "5"
        assert page.locator(".nap-play-seed input").input_value() == "7"
        kind = page.locator(".nap-play-length-kind button.mod-active")
        assert kind.inner_text().strip() == "vueltas de reparto"  # ?rotations=2, in Spanish
        assert page.locator(".nap-play-length input").input_value() == "2"
        start.click()
        page.locator(".nap-play-card-table").first.wait_for(state="visible", timeout=60_000)
        page.locator(".nap-latest").first.wait_for(state="attached", timeout=60_000)
        assert errors == []
    finally:
        context.close()
    log = preheated_server.log_text()
    assert len(re.findall(r"Using pre-heated kernel: \S+ for play\.ipynb", log)) == taken + 1  # from the pool
    assert "Traceback" not in log


# -- the teacher's command: any page, from one pool ----------------------------------


@pytest.fixture(scope="module")
def class_server(artifacts_dir, start_voila):
    """Class mode as a teacher starts it (``--class-size 2``, refilled sooner): one pool that any page draws from."""
    server = start_voila(artifacts_dir, QUICK_REFILL, launcher_args=("--class-size", "2"))
    try:
        _wait_for_log(server, r"Kernel pool of any\.ipynb is filled with 2")
        yield server
    finally:
        server.stop()


def _words(learner: Any) -> str:
    return " ".join(str(s.get("value", "")) + " " + str(s.get("description", "")) for s in learner.states.values())


def test_any_page_is_served_from_the_class_pool_with_its_own_address(class_server, voila_learner):
    # Two learners take the pool's two kernels (a course lesson in Spanish, the play page); a third comes
    # after them (from the refilled pool, or a kernel of its own). Each page is the one asked for.
    Learner = voila_learner.Learner

    async def scenario() -> tuple[Any, Any, Any]:
        lesson, table, explorer = Learner(), Learner(), Learner()
        await asyncio.gather(lesson.open(class_server.url, "lesson.ipynb", "lesson=3&lang=es"),
                             table.open(class_server.url, "play.ipynb", "lang=es&players=3&seed=7"))
        await explorer.open(class_server.url, "explorer.ipynb", "lang=en")
        return lesson, table, explorer

    lesson, table, explorer = _run(scenario())
    try:
        log = class_server.log_text()
        for learner in (lesson, table):
            assert learner.page.status == 200 and not learner.page.blank
            assert f"Using pre-heated kernel: {learner.page.kernel_id} for any.ipynb" in log
        assert lesson.find("nap-lesson") and "Lección 3 de 16" in _words(lesson)
        assert [table.states[m]["value"] for m in table.find("nap-play-players", "IntTextModel")] == [3]
        assert "Empezar la sesión" in _words(table)
        assert explorer.find("nap-explorer") and not explorer.find("nap-lesson")
        for learner in (lesson, table, explorer):
            assert learner.errors() == []
    finally:
        _run(_all(lesson.close(), table.close(), explorer.close()))
    assert "Traceback" not in class_server.log_text()


def test_a_page_from_the_class_pool_in_a_browser_has_its_own_title_and_works(class_server, chromium):
    taken = len(re.findall(r"Using pre-heated kernel: \S+ for any\.ipynb", class_server.log_text()))
    _wait_for_log(class_server, r"Kernel pool of any\.ipynb is filled with 2", count=2)  # refilled after the last test
    context = chromium.new_context(base_url=class_server.url, viewport={"width": 390, "height": 844}, has_touch=True)
    context.set_default_timeout(60_000)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto("voila/render/lesson.ipynb?lesson=3&lang=es", wait_until="domcontentloaded")
        page.locator(".nap-lesson").first.wait_for(state="visible", timeout=120_000)
        assert page.title() == "lesson"  # not the stand-in's name
        assert "Lección 3 de 16" in page.locator(".nap-page-header").first.text_content()
        assert page.evaluate("document.documentElement.lang") == "es"
        assert errors == []
    finally:
        context.close()
    log = class_server.log_text()
    assert len(re.findall(r"Using pre-heated kernel: \S+ for any\.ipynb", log)) == taken + 1
    assert "Traceback" not in log


def test_the_page_the_teacher_opens_is_built_ahead_in_the_waiting_kernels(class_server, voila_learner):
    # The teacher opens the link on the board; while the room is quiet the pool's waiting kernels build that
    # page with that address, and a learner who opens the same link gets one of them: the page already built.
    Learner = voila_learner.Learner
    link = "lesson=2&lang=en"
    teacher, learner = Learner(), Learner()
    _run(teacher.open(class_server.url, "lesson.ipynb", link))
    try:
        _wait_for_log(class_server, r"Prepared [12] waiting kernels for lesson\.ipynb\?lesson=2&lang=en")
        _run(learner.open(class_server.url, "lesson.ipynb", link))
        log = class_server.log_text()
        assert (f"Kernel {learner.page.kernel_id} had built lesson.ipynb?{link} for lesson.ipynb?{link}") in log
        assert "Lección" not in _words(learner) and "Lesson 2 of 16" in _words(learner)
        assert len(learner.find("nap-lesson")) == 1 and learner.errors() == []
        # what the learner's page holds is what the teacher's holds: the same page, nothing left over
        assert len(learner.states) == len(teacher.states)
    finally:
        _run(_all(teacher.close(), learner.close()))
    assert "Traceback" not in class_server.log_text()


# -- the cap and a flood -------------------------------------------------------------

CAP = 6


@pytest.fixture(scope="module")
def capped_server(artifacts_dir, start_voila):
    server = start_voila(artifacts_dir, launcher_args=("--max-kernels", str(CAP)))
    try:
        yield server
    finally:
        server.stop()


def _deal_me_a_hand(learner: Any) -> tuple[float, str]:
    """Click the front page's "deal me a hand" and return (seconds, the hand shown)."""
    button = learner.find("nap-landing-try", "ButtonModel")[0]
    seconds = _run(learner.click(button), 60)
    output = learner.find("nap-landing-output")
    return seconds, " ".join(str(learner.states[m].get("value", "")) for m in output)


def test_beyond_the_cap_newcomers_are_asked_back_and_learners_in_keep_playing(capped_server, voila_learner):
    """A bounded flood (30 loads from one client against a cap of 6) in well under a minute."""
    Learner, fetch_page = voila_learner.Learner, voila_learner.fetch_page
    learners = [Learner(), Learner()]
    _run(_all(*(l.open(capped_server.url, "index.ipynb", "lang=en") for l in learners)))
    try:
        for learner in learners:
            assert learner.page.status == 200 and not learner.page.blank
            _deal_me_a_hand(learner)

        url = f"{capped_server.url}voila/render/index.ipynb?lang=es"
        started = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(max_workers=6) as pool:
            loads = list(pool.map(lambda _i: fetch_page(url, 120), range(30)))
        flood_seconds = time.monotonic() - started

        served = [load for load in loads if load.status == 200]
        refused = [load for load in loads if load.status == 503]
        assert len(served) + len(refused) == 30, [(l.status, l.error) for l in loads]
        # the two learners hold two kernels: at most CAP - 2 newcomers got a page
        assert 1 <= len(served) <= CAP - 2
        assert all(not load.blank for load in served)
        for load in refused:
            assert load.headers.get("retry-after") == "60"
            assert '<html lang="es">' in load.html and "La sala está llena" in load.html
        assert flood_seconds < 50

        # the server is up, within its cap and its memory
        kernels = capped_server.kernels()
        assert len(kernels) <= CAP
        memory = sum(k.memory_info().rss for k in kernels)
        assert memory <= CAP * 150 * MiB, f"{memory / MiB:.0f} MiB in {len(kernels)} kernels"
        # everyone already in keeps playing: a click answered quickly, with a new hand
        for learner in learners:
            before = _deal_me_a_hand(learner)[1]
            seconds, after = _deal_me_a_hand(learner)
            assert seconds < 5 and after and after != before
            assert learner.errors() == []
        # and a refused newcomer gets in once a seat is free
        _run(learners.pop().close())
        deadline = time.monotonic() + 30
        while capped_server.kernels() and len(capped_server.kernels()) >= CAP and time.monotonic() < deadline:
            time.sleep(0.3)
        again = fetch_page(url, 120)
        assert again.status == 200 and not again.blank
    finally:
        _run(_all(*(l.close() for l in learners)))
    log = capped_server.log_text()
    assert "Room full" in log and "Traceback" not in log


# -- forged widget messages -------------------------------------------------------------


def _snapshot(learner: Any, ignore: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every widget's state from the kernel, without the status line (which explains refusals) and the page's
    live region (the PageKeeper, which reads the status line out and brings it into view)."""

    async def fetch() -> dict[str, Any]:
        any_model = next(iter(learner.states))
        await learner.fresh_state(any_model)
        return {m: dict(s) for m, s in learner.states.items()
                if "nap-status" not in (s.get("_dom_classes") or ()) and m not in ignore
                and s.get("_anywidget_id") != "nap_teach.ui.keeper.PageKeeper"}

    return _run(fetch(), 60)  # type: ignore[no-any-return]


def _settled_snapshot(learner: Any, ignore: tuple[str, ...] = ()) -> dict[str, Any]:
    """A snapshot once the page has stopped changing (the play page draws some parts just after a click)."""
    previous = _snapshot(learner, ignore)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        time.sleep(0.5)
        current = _snapshot(learner, ignore)
        if current == previous:
            return current
        previous = current
    raise AssertionError("the page kept changing")


def test_forged_widget_messages_are_refused_with_the_state_unchanged(voila_server, voila_learner):
    learner = voila_learner.Learner()
    log_start = len(voila_server.log_text())
    _run(learner.open(voila_server.url, "play.ipynb", "lang=es"))
    try:
        assert learner.page.status == 200
        learner.kernel_messages.clear()
        seat = learner.find("nap-play-seat", "DropdownModel")[0]
        players = learner.find("nap-play-players", "IntTextModel")[0]
        name = learner.find("nap-play-name", "TextModel")[0]
        start = learner.find("nap-play-start")[0]

        forged = [
            (seat, {"index": 99}),                    # an index out of range
            (seat, {"index": "south"}),               # a wrong type
            (players, {"value": "many"}),             # a wrong type
            (seat, {"value": "x" * 1_000_000}),       # a 1 MB string where a choice is expected
            (seat, {"layout": "IPY_MODEL_0000"}),     # a reference to no widget
        ]
        for model, state in forged:
            before = _snapshot(learner)
            _run(learner.update(model, state), 60)
            assert _snapshot(learner) == before, f"{state!r:.60} changed the page"
            assert learner.errors() == [], f"{state!r:.60}: {learner.errors()}"

        # A 1 MB name: the text field holds what was typed, but the table refuses it, in words.
        before = _settled_snapshot(learner, ignore=(name,))
        _run(learner.update(name, {"value": "x" * 1_000_000}), 60)
        _run(learner.click(start), 60)
        assert _snapshot(learner, ignore=(name,)) == before
        assert "nap-msg-refused" in _status_text(learner) and "1 a 20" in _status_text(learner)

        # A value for a disabled control: the call the auction does not allow now.
        _run(learner.update(name, {"value": "Ana"}), 60)
        _run(learner.click(start), 60)
        disabled = [m for m in learner.find("nap-play-call", "ButtonModel")
                    if learner.states[m]["disabled"] and learner.visible(m)]
        assert disabled, "expected a call the learner may not make now"
        before = _settled_snapshot(learner)
        for model in disabled:
            _run(learner.click(model), 60)
        assert _snapshot(learner) == before
        assert "nap-msg-refused" in _status_text(learner)
        assert learner.errors() == []
    finally:
        _run(learner.close())
    assert "Traceback" not in voila_server.log_text()[log_start:]
