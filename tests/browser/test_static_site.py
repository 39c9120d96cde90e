"""Issue 29 part 3: the static demo site (Voici, Python in the browser) works with no server and no network.

The site is built as ``make demo LOCAL_PYODIDE=1`` builds it (``demo/build.py --local-pyodide``: a copy of
Pyodide inside the site), served by a plain static file server on 127.0.0.1, and opened in Chromium with
every request for another host failing. The pages are opened one after the other (each starts its own Pyodide: on two
cores, side by side they only wait for each other), each with address parameters, and stay open for the
module's tests: each page renders with its stylesheet and its parameters, its links lead to the site's
``.html`` pages, a lesson step advances, a play deal completes, the language switch leads to the site's front
page, and the odds lab computes and says that its chart could not be loaded (matplotlib comes from Pyodide's
host, blocked here).

Sampled: ``make test`` walks :data:`SAMPLE` (index, lesson, play: the front page's address and language links,
the course's files read from the package, a deal against the bots), about 15-30 s a page on a busy machine;
``NAP_WALKS=all`` walks all nine (odds, explorer, scorekeeper, problems, handouts and class as well: about four
more minutes here), runs the odds lab's test (marked ``whole_walk``; its page without matplotlib is also built
by the base install's test in test_installed_package.py, under CPython) and follows the language switch into the
English front page (one Pyodide more; ``make test`` checks that its link is a page of the site, and the Spanish
front page shows that a page reads ``?lang=``). The Voila browser tests walk every state of every page.
"""
from __future__ import annotations

import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest
from nap_teach.app import server

REPO_ROOT = Path(__file__).resolve().parents[2]
# The first test also waits for the module's site build (about 30 s on a quiet machine) and the pages.
pytestmark = pytest.mark.timeout(1200)
PAGE_TIMEOUT = 180_000  # ms: a page starts Pyodide, installs the package and builds itself
WIDGET_TIMEOUT = 90_000
SAMPLE = ("index", "lesson", "play")
"""The pages ``make test`` opens (see the module's docstring)."""

QUERIES = {
    "index": "lang=es",
    "lesson": "",
    "play": "seed=32&players=3&seat=1&deals=1&bots=simple",
    "explorer": "seed=5&lang=es",
    "scorekeeper": "players=Ann,Ben,Cat,Dan",
    "problems": "problem=1&profile=pub",
    "odds": "hand=AS,KS,QS,JH,2C",
    "handouts": "kind=plan",
    "class": "lang=es",
}
READY = {
    "index": ".nap-landing-try",
    "lesson": ".nap-lesson-next",
    "play": "button.nap-play-start",
    "explorer": ".nap-ex-nav",
    "scorekeeper": "button.nap-sk-start",
    "problems": "button.nap-problems-card",
    "odds": "button.nap-odds-run",
    "handouts": ".nap-handout-plan",
    "class": ".nap-class",
}


@pytest.fixture(scope="module")
def static_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("static") / "site"
    started = time.monotonic()
    result = subprocess.run([sys.executable, str(REPO_ROOT / "demo" / "build.py"), "--output", str(site),
                             "--local-pyodide"], cwd=REPO_ROOT, capture_output=True, text=True, timeout=900,
                            check=False)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    print(f"\nstatic site built in {time.monotonic() - started:.0f} s: {size / 1e6:.1f} MB")
    return site


@pytest.fixture(scope="module")
def site_url(fresh_env: Any, static_site: Path, artifacts_dir: Path) -> Iterator[str]:
    port = fresh_env.free_port()
    server = fresh_env.Server.start([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                     "--directory", str(static_site)], cwd=static_site, port=port,
                                    log_path=artifacts_dir / f"static-site-{port}.log")
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="module")
def static_pages(chromium: Any, site_url: str, whole_walks: bool) -> Iterator[tuple[dict[str, Any], list[str], list[str]]]:
    """The sampled pages of the site, opened one after the other: ({page: Page}, page errors, addresses asked for
    that are not the site's)."""
    context = chromium.new_context(base_url=site_url, viewport={"width": 1280, "height": 900}, locale="en-GB")
    context.set_default_timeout(WIDGET_TIMEOUT)
    errors: list[str] = []
    # Requests for anything but the site, noted: the browser reaches no host but this machine (CHROMIUM_ARGS,
    # conftest.py). A route would block them too, but it turns the browser's cache off, and then each page
    # would fetch and compile Pyodide again.
    blocked: list[str] = []
    context.on("request", lambda request: None if request.url.startswith(site_url) or not request.url.startswith("http")
               else blocked.append(request.url))  # (blob: and data: addresses are the page's own)
    pages = {}
    walk = list(QUERIES) if whole_walks else list(SAMPLE)
    try:
        for name in walk:
            query = QUERIES[name]
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            started = time.monotonic()
            page.goto(f"voici/render/{name}.html" + (f"?{query}" if query else ""), wait_until="commit",
                      timeout=PAGE_TIMEOUT)
            page.locator(READY[name]).first.wait_for(state="visible", timeout=PAGE_TIMEOUT)
            print(f"{name}: ready in {time.monotonic() - started:.1f} s")
            pages[name] = page
        yield pages, errors, blocked
    finally:
        context.close()


def test_every_static_page_renders_offline_with_its_address_parameters(
        static_pages: Any, site_url: str, artifacts_dir: Path) -> None:
    pages, errors, blocked = static_pages
    assert sorted(QUERIES) == sorted(name.removesuffix(".ipynb") for name in server.pages(REPO_ROOT / "notebooks"))
    assert set(SAMPLE) <= set(pages)
    for name, page in pages.items():
        # the page's stylesheet, from the package installed in the browser
        assert page.locator(".nap-nav").first.evaluate("e => getComputedStyle(e).display") == "flex", name
        # links between pages lead to the site's .html pages
        hrefs = page.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))")
        assert not [h for h in hrefs if ".ipynb" in h], (name, hrefs)
        page.screenshot(path=str(artifacts_dir / f"static-site--{name}.png"))
    # the address's parameters arrived (?lang=, ?hand=, ?players=, ?kind=)
    assert pages["index"].locator(".nap-landing h1").first.inner_text() == "Aprende a jugar al Nap"
    assert "lesson.html?lang=es" in pages["index"].eval_on_selector_all(
        "a.nap-nav-link", "els => els.map(e => e.getAttribute('href'))")
    if "odds" in pages:
        from nap_teach.ui.odds import OddsApp  # the box as the page under Voila fills it from the same address

        expected = OddsApp.from_environment({"QUERY_STRING": QUERIES["odds"]}).hand_box.value
        assert pages["odds"].locator(".nap-odds-hand input").first.input_value() == expected
    if "scorekeeper" in pages:
        assert pages["scorekeeper"].locator(".nap-sk-players textarea").first.input_value().split() == \
            ["Ann", "Ben", "Cat", "Dan"]
    # the play page's class link (under "For teachers", built when the fold opens) leads to the static site's own
    # play page (no server to name)
    fold = pages["play"].locator(".nap-play-teachers").get_by_text("For teachers")
    fold.click()
    assert pages["play"].locator(".nap-play-class-address input").first.input_value() == \
        f"{site_url}voici/render/play.html"
    fold.click()  # folded again, as the deal's test below finds the page
    if "class" in pages:
        assert pages["class"].locator(".nap-class h1, .nap-class h2").first.inner_text() != ""
    assert not errors, errors
    # nothing left the machine but what the page does not need (the icon font's two stylesheets)
    assert all("fontawesome" in url for url in blocked), blocked


def test_a_lesson_step_advances_and_a_play_deal_completes_in_the_browser(
        static_pages: Any, site_pages: Any, expect: Any, artifacts_dir: Path) -> None:
    pages, errors, _blocked = static_pages
    lesson = pages["lesson"]
    before = lesson.locator(".nap-lesson").first.inner_text()
    lesson.locator(".nap-lesson-next").first.click()
    expect(lesson.locator(".nap-lesson .nt-trick, .nap-lesson .nap-lesson-step").first).to_be_attached(
        timeout=WIDGET_TIMEOUT)
    lesson.wait_for_function("(before) => document.querySelector('.nap-lesson').innerText !== before",
                             arg=before, timeout=WIDGET_TIMEOUT)
    play = pages["play"]
    site_pages.play_start(play, expect)
    site_pages.play_in_the_play(play, expect)
    play.screenshot(path=str(artifacts_dir / "static-site--play-in-the-play.png"))
    site_pages.play_after_the_deal(play, expect)
    assert play.locator(".nap-play-final").first.is_visible()
    assert not errors, errors


@pytest.mark.whole_walk
def test_the_odds_lab_computes_and_says_the_chart_could_not_be_loaded(static_pages: Any, expect: Any) -> None:
    pages, errors, _blocked = static_pages
    odds = pages["odds"]
    odds.locator(".nap-odds-layouts select").select_option(index=0)
    odds.locator("button.nap-odds-run").click()
    expect(odds.locator(".nap-odds-table [data-contract='Three']")).to_have_count(1, timeout=WIDGET_TIMEOUT)
    expect(odds.locator(".nap-odds-no-chart")).to_contain_text("The chart could not be loaded")
    assert odds.locator(".nap-odds-chart svg").count() == 0
    assert not errors, errors


def test_the_language_switch_works_in_the_static_site(static_pages: Any, site_url: str, expect: Any,
                                                      whole_walks: bool) -> None:
    pages, errors, _blocked = static_pages
    front = pages["index"]
    english = front.locator("a.nap-landing-lang[lang=en]").first
    href = english.get_attribute("href") or ""
    assert href.startswith("index.html?lang=en"), href
    # the link leads to a page of the site (the first test saw ?lang= read by the page it opens)
    target = urllib.parse.urljoin(front.url, href)
    assert target.startswith(site_url), target
    with urllib.request.urlopen(target, timeout=30) as reply:
        assert reply.status == 200 and b"voici" in reply.read().lower(), target
    if not whole_walks:
        return  # following it starts a fifth Pyodide (about 15 s): NAP_WALKS=all does
    english.click()
    front.wait_for_url("**/index.html?lang=en*", timeout=WIDGET_TIMEOUT)
    expect(front.locator(".nap-landing h1").first).to_have_text("Learn Nap", timeout=PAGE_TIMEOUT)
    assert not errors, errors
