"""Every page of the app and its main states, in one place, for the page-wide browser checks.

The page walk (:func:`walk`, in tests/browser/test_pages_accessibility*.py)
opens each :class:`Visit` once, in Spanish, and walks through its
:class:`State` list in order: the page's app is drawn and shows no English
word, its header is in Spanish (home and next links), and at every state
axe-core finds nothing, no English is shown and every internal link keeps
``lang=es``; the last state is checked again in English at 1280 px. The
Spanish crawl (tests/browser/test_spanish.py) adds the start page's links and
the pages only an address reaches. A new page (a notebook in notebooks/) is
covered by adding a :class:`Visit` to :data:`VISITS` (a test fails while a
notebook is missing here).

The walk is split over three test files by page group (``Visit.group``:
``learn``, ``course``, ``play``), so that no one file keeps a test worker busy
for minutes: each file walks :func:`visits` of its group.

A state's ``reach(page, expect)`` drives the page from the previous state to
this one by clicking as a learner would, using the stable ``nap-...`` CSS
classes (never the words, so the same walk works in every language).
Loaded by path (the tests run with ``--import-mode=importlib``): use the
``site_pages`` fixture of tests/browser/conftest.py.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urljoin, urlsplit

WIDGET_TIMEOUT = 30_000  # ms a widget may take to answer a click
SOLVER_TIMEOUT = 90_000  # the odds lab and the problems run the solver in the kernel

Reach = Callable[[Any, Any], None]


@dataclass(frozen=True)
class State:
    """A state of a page worth checking, and how to get there from the state before it."""

    name: str
    reach: Reach | None = None


@dataclass(frozen=True)
class Visit:
    """One page load (``notebook?query``) and the states walked through on it."""

    notebook: str
    query: str
    ready: str
    """CSS of an element that is visible once the page's widgets are drawn."""
    states: tuple[State, ...]
    group: str = "learn"
    """Which test file walks it: test_pages_accessibility.py (``learn``), ..._course.py, ..._play.py."""

    @property
    def name(self) -> str:
        return self.notebook.removesuffix(".ipynb") + (f"[{self.query}]" if self.query else "")


# -- helpers -----------------------------------------------------------------------


def token(page: Any) -> str | None:
    latest = page.locator(".nap-latest").first
    return latest.get_attribute("data-token") if latest.count() else None


# What the page shows when an awaited answer does not come: where the focus is, the calls, the message line.
PAGE_STATE_JS = """() => {
  const a = document.activeElement;
  const calls = Array.from(document.querySelectorAll('button.nap-play-call'))
    .map((b) => b.textContent.trim() + (b.disabled ? ' (disabled)' : ''));
  const frame = document.querySelector('.nap-play-card-table .nt-table');
  const status = Array.from(document.querySelectorAll('.nap-status')).map((s) => s.innerText.trim()).filter(Boolean);
  return {focus: a ? a.tagName + '.' + a.className : null, calls: calls, status: status,
          table_ready: frame ? frame.dataset.ready : null};
}"""


def wait_new_token(page: Any, before: str | None) -> None:
    """Wait for the page's "what just happened" line to carry a turn token other than ``before``; if none comes,
    fail with what the page showed (the focus, the calls, the message line, the table's ready token)."""
    # Deferred: this module is loaded while tests are collected, where Playwright may be missing (then the
    # browser tests are skipped, and this is never called).
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(
            "(before) => { const el = document.querySelector('.nap-latest');"
            " return el && el.dataset.token !== before; }",
            arg=before, timeout=WIDGET_TIMEOUT)
    except PlaywrightTimeout as error:  # say what the page showed instead
        raise AssertionError(f"no answer after token {before!r}; the page: {page.evaluate(PAGE_STATE_JS)}") from error


def wait_table_at_rest(page: Any) -> None:
    """Wait until the play page's card table has drawn the latest turn (its ``data-ready`` is that token)."""
    page.wait_for_function(
        "() => { const el = document.querySelector('.nap-latest');"
        " const frame = document.querySelector('.nap-play-card-table .nt-table');"
        " return el && frame && frame.dataset.ready === el.dataset.token; }", timeout=WIDGET_TIMEOUT)


def settle(page: Any, ms: int = 250) -> None:
    """Let the widgets finish drawing (a reply may re-render a box a moment later)."""
    page.wait_for_timeout(ms)


# -- index ---------------------------------------------------------------------------


def landing_try(page: Any, expect: Any) -> None:
    page.locator("button.nap-landing-try").click()
    expect(page.locator(".nap-landing-output .nap-landing-card").first).to_be_visible(timeout=WIDGET_TIMEOUT)


# -- lesson ----------------------------------------------------------------------------


def lesson_mid_deal(page: Any, expect: Any) -> None:
    page.locator(".nap-lesson-jump select").select_option(index=2)
    expect(page.locator(".nap-lesson .nt-trick")).to_be_attached(timeout=WIDGET_TIMEOUT)
    settle(page)


def lesson_whatif(page: Any, expect: Any) -> None:
    # a what-if from the current step: the first card the what-if panel offers
    cards = page.locator("button.nap-whatif-card:not([disabled])")
    expect(cards.first).to_be_visible(timeout=WIDGET_TIMEOUT)
    cards.first.click()
    expect(page.locator(".nap-whatif-result, .nap-whatif-status").first).not_to_be_empty(timeout=WIDGET_TIMEOUT)
    settle(page)


COURSE_LESSON = "pub-session"  # the shortest lesson of the course: 6 steps, questions, a quiz
COURSE_STATES = ("question answered wrongly", "end quiz answered")
"""The states of a course lesson beyond its start: checked on the way through ``COURSE_LESSON`` in Spanish by
tests/browser/test_course_sample.py, which plays the lesson through anyway (with the same checks as :func:`walk`)."""


# -- play --------------------------------------------------------------------------------

PLAY_QUERY = "seed=32&players=3&seat=1&deals=1&bots=simple"


def play_start(page: Any, expect: Any) -> None:
    page.locator("button.nap-play-start").click()
    expect(page.locator(".nap-latest")).to_be_attached(timeout=WIDGET_TIMEOUT)
    page.locator(".nap-table-pace select").select_option(index=0)  # "instant": the bots' cards at once
    expect(page.locator(".nap-play-auction-panel button.nap-play-call").first).to_be_visible(timeout=WIDGET_TIMEOUT)
    settle(page)


def _play_until(page: Any, expect: Any, done: Callable[[], bool], bid: bool = True) -> None:
    for _ in range(60):
        if done():
            return
        before = token(page)
        calls = page.locator(".nap-play-auction-panel button.nap-play-call:not([disabled])")
        if page.locator(".nap-play-auction-panel").is_visible() and calls.count():
            bids = page.locator(".nap-play-auction-panel button.nap-play-call:not([disabled]):not(.nap-play-call-pass)")
            (bids.first if bid and bids.count() else page.locator("button.nap-play-call-pass")).click()
            wait_new_token(page, before)
            continue
        legal = page.locator(".nap-play-card-table .nt-hand button.nt-card.nt-legal")
        if legal.count():
            legal.first.click()
            wait_new_token(page, before)
            continue
        page.wait_for_timeout(150)
    raise AssertionError("the deal did not reach the expected state")


def play_in_the_play(page: Any, expect: Any) -> None:
    hand = page.locator(".nap-play-card-table .nt-hand button.nt-card")
    _play_until(page, expect, lambda: page.locator(
        ".nap-play-card-table .nt-hand button.nt-card.nt-legal").count() > 0 and hand.count() < 5)
    settle(page)


def play_after_the_deal(page: Any, expect: Any) -> None:
    _play_until(page, expect, lambda: page.locator(".nap-play-final").count() > 0)
    expect(page.locator(".nap-play-final")).to_be_visible(timeout=WIDGET_TIMEOUT)
    settle(page)


# -- explorer -------------------------------------------------------------------------------


def explorer_tab(index: int) -> Reach:
    def reach(page: Any, expect: Any) -> None:
        button = page.locator(".nap-ex-nav button").nth(index)
        button.click()
        expect(button).to_have_class(re.compile("mod-active"), timeout=WIDGET_TIMEOUT)
        settle(page, 400)

    return reach


def explorer_quiz_answered(page: Any, expect: Any) -> None:
    explorer_tab(1)(page, expect)
    page.locator("button.nap-ex-quiz-q-choice").first.click()
    expect(page.locator(".nap-ex-quiz .nap-ex-feedback")).not_to_be_empty(timeout=WIDGET_TIMEOUT)
    settle(page)


# -- scorekeeper ------------------------------------------------------------------------------


def scorekeeper_session(page: Any, expect: Any) -> None:
    page.locator(".nap-sk-first select").select_option(index=1)
    page.locator("button.nap-sk-start").click()
    expect(page.locator(".nap-sk-whose")).to_contain_text("1", timeout=WIDGET_TIMEOUT)
    page.locator(".nap-sk-call select").first.select_option(index=2)
    tricks = page.locator(".nap-sk-tricks input")
    tricks.fill("3")
    tricks.press("Tab")
    page.locator("button.nap-sk-add").click()
    expect(page.locator(".nap-sk-row-1")).to_have_count(1, timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-sk-chart svg")).to_have_count(1, timeout=WIDGET_TIMEOUT)
    settle(page)


# -- problems and odds ---------------------------------------------------------------------------


def problems_one_card(page: Any, expect: Any) -> None:
    page.locator("button.nap-problems-legal").first.click()
    expect(page.locator(".nap-problems-grades p")).to_have_count(1, timeout=SOLVER_TIMEOUT)
    settle(page)


def odds_run(page: Any, expect: Any) -> None:
    """A whole table dealt, then run: the keep tick box and the deal-as-dealt column are checked too."""
    page.locator("button.nap-odds-deal").click()
    expect(page.locator(".nap-odds-keep input[type=checkbox]")).to_be_checked(timeout=SOLVER_TIMEOUT)
    page.locator(".nap-odds-layouts select").select_option(index=0)
    page.locator("button.nap-odds-run").click()
    expect(page.locator(".nap-odds-chart svg")).to_have_count(1, timeout=SOLVER_TIMEOUT)
    settle(page)


START = State("start")

VISITS: tuple[Visit, ...] = (
    Visit("index.ipynb", "", ".nap-landing-try", (START, State("hand dealt", landing_try)), "learn"),
    Visit("lesson.ipynb", "", ".nap-lesson-next", (
        START, State("mid-deal", lesson_mid_deal), State("what-if", lesson_whatif)), "learn"),
    # its later states (COURSE_STATES) are checked by test_course_sample.py on its way through the lesson
    Visit("lesson.ipynb", f"lesson={COURSE_LESSON}", ".nap-ask-check", (START,), "course"),
    Visit("play.ipynb", PLAY_QUERY, "button.nap-play-start", (
        START, State("auction", play_start), State("play", play_in_the_play),
        State("after the deal", play_after_the_deal)), "play"),
    Visit("explorer.ipynb", "seed=5", ".nap-ex-nav", (
        START, State("quiz answered", explorer_quiz_answered), State("compare", explorer_tab(2)),
        State("for teachers", explorer_tab(3))), "learn"),
    Visit("scorekeeper.ipynb", "players=Ann,Ben,Cat,Dan", "button.nap-sk-start", (
        START, State("with a session", scorekeeper_session)), "play"),
    Visit("problems.ipynb", "problem=1", "button.nap-problems-card", (
        START, State("one card graded", problems_one_card)), "play"),
    Visit("odds.ipynb", "hand=AS,KS,QS,JH,2C", "button.nap-odds-run", (START, State("dealt and run", odds_run)),
          "play"),
    Visit("handouts.ipynb", "", ".nap-handout-rules", (START,), "course"),
    Visit("handouts.ipynb", "kind=plan", ".nap-handout-plan", (START,), "course"),
    # the class page with results is checked by test_class_results_browser.py (it drops the files)
    Visit("class.ipynb", "", ".nap-class", (START,), "course"),
)
"""Every page and its main states (the explorer's rules tab is its start)."""


GROUPS = ("learn", "course", "play")
"""The page groups, one test file each (test_pages_accessibility.py, ..._course.py, ..._play.py)."""


def notebooks_covered() -> set[str]:
    return {v.notebook for v in VISITS}


def visits(group: str) -> tuple[Visit, ...]:
    """The visits of one page group."""
    assert group in GROUPS, group
    return tuple(v for v in VISITS if v.group == group)


# -- a page in Spanish: no English words in its visible text ------------------------------------------------

# Common English words of the app's texts. Bids keep their names in Spanish
# (Three, Four, Nap, Wellington, Misère, Blücher), and "English" names the
# language in the switch, so those are not listed.
ENGLISH = [
    "the", "and", "with", "you", "your", "trick", "tricks", "trump", "deal", "deals", "dealer", "pass",
    "passes", "next", "back", "play", "player", "players", "hearts", "spades", "clubs", "diamonds",
    "settlement", "ledger", "balance", "score", "start", "rules", "rule", "who", "what", "which", "bid",
    "lead", "leads", "follow", "declarer", "defender", "defenders", "step", "learn", "session", "save",
    "load", "question", "answer", "table", "of", "to", "is", "are", "not", "yes",
]
ALLOWED_NAMES = {"English"}


def visible_words(page: Any) -> list[str]:
    text = page.evaluate("() => document.body.innerText")
    return re.findall(r"[A-Za-zÀ-ÿ]+", text)


def english_left(page: Any) -> list[str]:
    banned = set(ENGLISH)
    return sorted({w for w in visible_words(page) if w not in ALLOWED_NAMES and w.lower() in banned})


def settled_english(page: Any, seconds: float = 10.0) -> list[str]:
    """English words still shown once the page has had ``seconds`` to finish updating.

    Widgets receive their new texts one message at a time, so a page read too
    early may still show a word that is about to change.
    """
    left = english_left(page)
    for _ in range(int(seconds * 5)):
        if not left:
            break
        page.wait_for_timeout(200)
        left = english_left(page)
    return left


# -- the walk: every state of a page in Spanish at 390 px, the last again in English at 1280 px ------------------

INTERNAL_LINKS_JS = """() => [...document.querySelectorAll('a[href]')]
    .filter(a => a.offsetParent !== null || a.getClientRects().length)
    .map(a => ({href: a.href, raw: a.getAttribute('href'), hreflang: a.getAttribute('hreflang'),
                text: (a.textContent || '').trim().slice(0, 60)}))"""

LATE_ANYWIDGET = "[anywidget] Failed to initialize model"
"""anywidget gives a model 2 s to start and reports a late one as an error although the widget then draws
(the states are reached on it): with several pages opened at once that is load, not a fault."""


def set_language(page: Any, expect: Any, code: str) -> None:
    """Switch the page's language in place with its English/Español switch."""
    button = page.locator(".nap-lang button").nth(0 if code == "en" else 1)
    button.click()
    expect(button).to_have_class(re.compile("mod-active"), timeout=WIDGET_TIMEOUT)
    expect(page.locator(f'.nap-page-header[data-lang="{code}"]')).to_be_attached(timeout=WIDGET_TIMEOUT)
    page.wait_for_function(f"() => document.documentElement.lang === '{code}'", timeout=WIDGET_TIMEOUT)
    settle(page, 300)  # components re-render one after the other


def internal_links(page: Any) -> list[dict[str, Any]]:
    """Links to a page of the app (a notebook under voila/render/), as the browser resolves them."""
    found = []
    for link in page.evaluate(INTERNAL_LINKS_JS):
        parts = urlsplit(link["href"])
        if parts.hostname in ("127.0.0.1", "localhost") and parts.path.endswith(".ipynb"):
            found.append(link)
    return found


def assert_links_keep(page: Any, lang: str, where: str) -> int:
    """Every internal link of the page carries ``lang=<lang>``; returns how many there were.

    A language choice (a link with ``hreflang``, "English · Español") leads to the language it names."""
    links = internal_links(page)
    wrong = [f"{l['text']!r} -> {l['raw']}" for l in links
             if parse_qs(urlsplit(l["href"]).query).get("lang") != [l["hreflang"] or lang]]
    assert not wrong, f"{where}: links that lose ?lang={lang}:\n" + "\n".join(wrong)
    return len(links)


def open_visits(shared_context: Any, group: str) -> dict[str, Any]:
    """Every visit of ``group``, opened side by side in Spanish: {visit name: page}."""
    chosen = visits(group)
    urls = [f"voila/render/{v.notebook}?{'&'.join(q for q in (v.query, 'lang=es') if q)}" for v in chosen]
    pages = shared_context.open_all(urls, [v.ready for v in chosen])
    return dict(zip((v.name for v in chosen), pages))  # at 1280 px: walk() reads the words first, then narrows


def app_class(notebook: str) -> str:
    """The CSS class of the app a notebook shows (the landing page's lesson list names it)."""
    from nap_teach.ui.landing import LESSONS

    return {lesson.notebook: lesson.app_class for lesson in LESSONS}.get(notebook, "nap-landing")


def assert_spanish_page(page: Any, expect: Any, notebook: str, where: str) -> None:
    """The page is in Spanish (``<html lang="es">``, its header's ``data-lang``), leads back to the Spanish start
    page (keeping the rules of the address) and on to the next step (but from the last page), and every internal
    link keeps ``lang=es``."""
    from nap_teach.ui.nav import COURSE_PAGES, nav_href

    assert page.evaluate("document.documentElement.lang") == "es", where
    expect(page.locator('.nap-page-header[data-lang="es"]')).to_have_count(1)
    assert_links_keep(page, "es", where)
    if notebook == "index.ipynb":
        return
    home = page.locator("a.nap-nav-home")
    expect(home).to_have_count(1)
    profile = parse_qs(urlsplit(page.url).query).get("profile", ["british"])[0]
    assert urljoin(page.url, home.get_attribute("href")) == urljoin(page.url, nav_href("index.ipynb", "es", profile)), \
        f"{where}: home is {home.get_attribute('href')}"
    following = page.locator("a.nap-nav-next")
    expect(following).to_have_count(0 if notebook == COURSE_PAGES[-1].notebook else 1)


def assert_no_english(page: Any, where: str, seconds: float = 10.0) -> None:
    left = settled_english(page, seconds)
    assert left == [], f"English words on the Spanish {where}: {left}"


def walk(visit: Visit, page: Any, axe: Any, expect: Any, log: Any) -> None:
    """Issue 17 part 5 and issue 16 part 6 on one page (opened in Spanish at 1280 px): its app drawn, no English
    in it; then at 390 px its landmarks, its header in Spanish (home and next links), and at every state axe-core,
    no English and every internal link keeping ``lang=es``; the last state again in English at 1280 px, the
    language switched in place; no page error (``log``: the shared context's)."""
    assert page.evaluate("document.documentElement.lang") == "es"
    expect(page.locator(f".{app_class(visit.notebook)}").first).to_be_visible()
    assert_no_english(page, f"{visit.name} (1280 px)")
    page.set_viewport_size({"width": 390, "height": 844})
    settle(page, 200)
    # landmarks: the app's header is a labelled <nav> inside the <main> landmark
    assert page.locator("main#nap-main .nap-app").count() >= 1, f"{visit.name}: the app is not inside <main>"
    expect(page.locator("main#nap-main header.nap-page-header nav.nap-nav[aria-label]")).to_have_count(1)
    assert_spanish_page(page, expect, visit.notebook, visit.name)
    links = 0
    for state in visit.states:
        where = f"{visit.name}, {state.name}"
        if state.reach is not None:
            state.reach(page, expect)
            assert_no_english(page, where)
        axe.assert_accessible(page, label=f"{where} (Spanish, 390 px)")
        # a phone held sideways (issue 26): the same state at 844 x 390, then back to portrait for the next one
        page.set_viewport_size({"width": 844, "height": 390})
        settle(page, 150)
        axe.assert_accessible(page, label=f"{where} (Spanish, 844 x 390)")
        page.set_viewport_size({"width": 390, "height": 844})
        settle(page, 150)
        links += assert_links_keep(page, "es", f"{where} (Spanish)")
    assert links >= len(visit.states), f"{visit.name}: no link back to the start"
    # the last state again in English on a wide screen, the language switched in place
    set_language(page, expect, "en")
    page.set_viewport_size({"width": 1280, "height": 900})
    settle(page, 200)
    axe.assert_accessible(page, label=f"{visit.name}, {visit.states[-1].name} (English, 1280 px)")
    errors = [e for e in log.page_errors if LATE_ANYWIDGET not in e]
    assert not errors, errors
