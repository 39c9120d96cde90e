"""Browser tests: a real Voila server driven by Debian's Chromium via Playwright.

Fixtures for test writers (every test in tests/browser gets the ``browser`` mark):

``start_voila`` (session) -> ``VoilaServer.start(artifacts, extra_args=(), notebooks=None,
    launcher_args=())``: a server of your own (stop it yourself); launcher_args
    go to ``python -m nap_teach serve`` (``--class-size``, ``--max-kernels``,
    ``--pool``, ``--data-dir``), extra_args to Voila. ``.kernels()`` lists its kernel processes;
    ``.data_dir`` is the folder of its live classes (a fresh one unless launcher_args name one).
``voila_learner`` -> module ``tests/browser/voila_learner.py``: a learner
    without a browser (the page over HTTP and its kernel websocket).
``voila_url`` (session) -> str
    Base URL of a Voila server serving ``notebooks/`` through the app's
    launcher, ``python -m nap_teach serve`` (as ``make app`` does), plus
    ``show_tracebacks=True``, e.g.
    ``"http://127.0.0.1:41234/"``. ``voila_server`` (session) is the object
    behind it, with ``.url``, ``.log_path`` and ``.log_text()``.
``page`` -> playwright Page
    A new page in a browser context lent to the test by ``contexts`` (``base_url`` =
    ``voila_url``, so ``page.goto("voila/render/play.ipynb")`` works). The browser reaches
    no host but 127.0.0.1/localhost (``CHROMIUM_ARGS``). On failure a screenshot and
    the console log go to ``test-artifacts/``. At the end of the test the
    kernels of its open Voila pages are shut down (closing a page does not
    fire ``beforeunload``), its pages closed and what it stored in the browser cleared.
``contexts`` (session) -> ContextPool: ``with contexts.lend(**new_context_options) as context:``
    a browser context with those options, kept for the worker's run and lent to one test at a
    time; when it comes back the kernels of its pages are shut down, its pages closed and its
    cookies, storage and permissions cleared, so the next test meets a browser that never saw
    the app, with Voila's scripts already in its cache.
``page_log`` -> PageLog
    What ``page`` saw: ``.errors`` (console errors and uncaught page errors,
    without the ones caused by the blocked CDN requests), ``.console``,
    ``.blocked``; ``page_log.assert_no_errors()``.
``axe`` (session) -> module ``tests/browser/axe.py``: ``axe.assert_accessible(page,
    context=None, *, label="")`` runs axe-core (axe-playwright-python) and fails on any
    critical or serious violation, or ``region``, printing each readably.
``shared_context`` (module) -> SharedContext: one browser context (lent by ``contexts``) for a module's tests;
    ``.open_all(urls, ready)`` opens many pages side by side and waits for each; ``.log`` (a PageLog)
    gathers the console and the page errors of the pages it opened.
``fresh_env`` (session) -> module ``tests/browser/fresh_env.py``: the wheel built from the committed
    files, new venvs and pip installs outside the test venv, and server processes run without the working
    copy on their path (test_installed_package.py, test_binder.py, test_static_site.py).
``wheel`` (session) -> Path: the wheel built from the committed files; ``binder_install`` (session) ->
    (repo, bin): a committed copy and the venv Binder's command installs from it (its ``bin`` folder). Each
    is made once per run, by whichever test worker asks first (``fresh_env.once``), and shared.
``site_pages`` (session) -> module ``tests/browser/pages.py``: every page and its main
    states (``VISITS``), the one list the page-wide checks (axe, links) walk.
``voila_page`` -> callable ``(notebook="index.ipynb", query="", *,
    ready=".jupyter-widgets", timeout=60_000) -> Page``
    Opens ``voila/render/<notebook>?<query>`` in ``page`` and waits until an
    element matching ``ready`` is visible (use your widget's ``nap-...`` class).
``screenshot`` -> callable ``(page, name) -> Path``
    Saves ``test-artifacts/<test name>--<name>.png``.
``layout`` -> PageLayout: ``.show_whole(page, css, width)`` makes the viewport
    ``width`` wide and as tall as the element (Voila's lab template scrolls inside a
    container, so a full-page screenshot alone would cut the page off);
    ``.assert_fits(page, css)`` fails when the element is cut off on the right.
``expect`` -> ``playwright.sync_api.expect`` (a fixture, so that a missing
    Playwright skips or fails like the other fixtures instead of breaking
    collection; import it directly if you prefer).

Example::

    def test_deal_button(voila_page, page_log, screenshot, expect):
        page = voila_page("index.ipynb", "lang=en", ready=".nap-landing")
        page.locator("button.nap-landing-try").click()
        expect(page.locator(".nap-landing-output")).to_contain_text("Deal 1")
        screenshot(page, "dealt")
        page_log.assert_no_errors()

When Playwright or Chromium is missing these tests are skipped, except under
CI=true, where that is a failure. NAP_CHROMIUM=/path/to/chromium picks another
browser binary (default /usr/bin/chromium-headless-shell, Debian's chromium-headless-shell).
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psutil  # a dependency of ipykernel
import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = REPO_ROOT / "notebooks"
ARTIFACTS = REPO_ROOT / "test-artifacts"
BROWSER_TEST_DIR = Path(__file__).resolve().parent

CHROMIUM = os.environ.get("NAP_CHROMIUM") or "/usr/bin/chromium-headless-shell"
"""Debian's headless shell (the Makefile's ``CHROMIUM``: why there)."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # No test page reaches the network: the browser's host resolver finds no host but this machine. (Blocking
    # with a Playwright route would do the same, but a route turns the browser's HTTP cache off, so each page
    # load would fetch and compile Voila's 5 MB of scripts again: about three times the CPU of a load from a
    # kept context, measured in benchmarks/README.md, "Test suite time".)
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
SERVER_START_TIMEOUT = 90.0


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def unavailable(reason: str) -> None:
    """Skip a browser test for a missing tool; under CI that is a failure."""
    if in_ci():
        pytest.fail(f"{reason} (CI=true: browser tests must run)", pytrace=False)
    pytest.skip(reason)


def whole_walks() -> bool:
    """``NAP_WALKS=all``: the slow browser walks that ``make test`` samples are walked whole.

    Sampled by default (each test's docstring says what it leaves out): the cases marked ``whole_walk``
    (deselected, reported as such); and, asking the ``whole_walks`` fixture, the learner's frame's lessons
    (test_learner_frame.py), the course sample's lessons (test_course_sample.py) and the static site's pages
    (test_static_site.py)."""
    return os.environ.get("NAP_WALKS", "").strip() == "all"


@pytest.fixture(scope="session", name="whole_walks")
def whole_walks_fixture() -> bool:
    """:func:`whole_walks`, for a test that samples inside itself."""
    return whole_walks()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The cases marked ``whole_walk`` are deselected unless :func:`whole_walks`. Every browser test gets the
    ``browser`` mark; the browser files with a test of the installs (:data:`INSTALLS`)
    go after the other browser files, whole (``make test`` hands out whole files, each when its first test comes
    up). tests/conftest.py then puts the browser tests before the rest, keeping this order."""
    if not whole_walks():
        left_out = [item for item in items if item.get_closest_marker("whole_walk")]
        if left_out:
            config.hook.pytest_deselected(items=left_out)
            items[:] = [item for item in items if not item.get_closest_marker("whole_walk")]
    for item in items:
        if BROWSER_TEST_DIR in item.path.parents:
            item.add_marker(pytest.mark.browser)
    last = {item.path for item in items if _needs_install(item)}  # (only browser tests can ask for them)
    items.sort(key=lambda item: item.path in last)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    setattr(item, f"nap_report_{report.when}", report)
    return report


def _safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:150]


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


# -- Voila server ----------------------------------------------------------------


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _answers(host: str, port: int) -> bool:
    # HEAD, not GET: a GET of a notebook page would start a kernel.
    conn = http.client.HTTPConnection(host, port, timeout=2)
    try:
        conn.request("HEAD", "/")
        conn.getresponse().read()
        return True
    except OSError:
        return False
    finally:
        conn.close()


@dataclass
class VoilaServer:
    """A Voila process serving notebooks/ from the repository root."""

    port: int
    process: subprocess.Popen[bytes]
    log_path: Path
    host: str = "127.0.0.1"
    data_dir: Path | None = None
    """The launcher's --data-dir: a fresh folder per server (its live classes' database), unless the test gave one."""
    runtime_dir: Path | None = None
    """The server's JUPYTER_RUNTIME_DIR (its kernels' connection files), a folder of its own removed at stop."""

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace")

    @classmethod
    def start(cls, artifacts: Path, extra_args: tuple[str, ...] = (), notebooks: Path | None = None,
              launcher_args: tuple[str, ...] = ()) -> VoilaServer:
        port = _free_port()
        log_path = artifacts / f"voila-{port}.log"
        data_dir: Path | None = None
        if not any(a.startswith(("--data-dir", "--database-url")) for a in launcher_args):
            data_dir = Path(tempfile.mkdtemp(prefix="nap-classes-"))
            launcher_args = (f"--data-dir={data_dir}", *launcher_args)
        # What `make app` runs: the app's launcher, which reads voila.json.
        # launcher_args go to the launcher (--class-size, --max-kernels, --pool),
        # extra_args to Voila.
        command = [
            sys.executable, "-m", "nap_teach", "serve", "--host", "127.0.0.1", f"--port={port}",
            f"--notebooks={notebooks or REPO_ROOT / 'notebooks'}", *launcher_args, "--",
            "--VoilaConfiguration.show_tracebacks=True",
            *extra_args,
        ]
        env = dict(os.environ)
        env.pop("MPLBACKEND", None)  # would turn figures in Output widgets into text
        runtime_dir = Path(tempfile.mkdtemp(prefix="nap-runtime-"))
        env["JUPYTER_RUNTIME_DIR"] = str(runtime_dir)  # a killed kernel leaves its connection file here
        with log_path.open("wb") as log:
            # cwd = repository root (the launcher reads voila.json there).
            process = subprocess.Popen(
                command,
                cwd=REPO_ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        server = cls(port=port, process=process, log_path=log_path, data_dir=data_dir, runtime_dir=runtime_dir)
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while not _answers(server.host, port):
            if process.poll() is not None:
                pytest.fail(
                    f"Voila exited with code {process.returncode} before answering:\n"
                    + server.log_text()[-3000:],
                    pytrace=False,
                )
            if time.monotonic() > deadline:
                server.stop()
                pytest.fail(
                    f"Voila did not answer within {SERVER_START_TIMEOUT:.0f} s:\n"
                    + server.log_text()[-3000:],
                    pytrace=False,
                )
            time.sleep(0.2)
        return server

    def kernels(self) -> list[Any]:
        """The server's kernel processes (psutil.Process), pooled ones included."""
        return self._descendants()

    def kernel_of(self, page: Any) -> Any:
        """The kernel process (psutil.Process) of the Voila page open in ``page`` (a test pauses it with
        ``suspend()`` to make the page's kernel busy, and ``resume()``s it)."""
        kernel_id = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        (kernel,) = [k for k in self.kernels() if any(kernel_id in part for part in k.cmdline())]
        return kernel

    def _descendants(self) -> list[Any]:
        try:
            return psutil.Process(self.process.pid).children(recursive=True)
        except psutil.Error:
            return []

    def stop(self) -> None:
        """Stop Voila and every kernel it started, at once: the server is killed, then its kernels
        (``fresh_env.kill_tree``). A graceful stop (Voila shutting its kernels down one by one) cost 2-3 s per
        server, for nothing a test reads; the class store commits each submission before it answers, so a kill
        loses none (tests/test_classroom.py: a store dropped without closing keeps every deal)."""
        _load_by_path("nap_fresh_env", "fresh_env.py").kill_tree(self.process)
        for folder in (self.data_dir, self.runtime_dir):
            if folder is not None:
                shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def start_voila() -> Callable[..., VoilaServer]:
    """``VoilaServer.start`` for tests that need a server of their own (stop it yourself)."""
    return VoilaServer.start


@pytest.fixture(scope="session")
def voila_learner() -> Any:
    """tests/browser/voila_learner.py (loaded by path: the tests use --import-mode=importlib)."""
    return _load_by_path("nap_voila_learner", "voila_learner.py")


@pytest.fixture(scope="session")
def fresh_env() -> Any:
    """tests/browser/fresh_env.py: build the wheel, new venvs, pip installs and servers outside the test venv
    (the install tests: test_installed_package.py, test_binder.py)."""
    return _load_by_path("nap_fresh_env", "fresh_env.py")


INSTALLS = {"wheel": "wheel", "binder_install": "binder"}
"""The fixtures that make something once per run, by the folder they make (``fresh_env.MADE_ONCE``): it is begun
in the background as the browser tests start (``installs_started_early``) and the tests that use these fixtures
run last among the browser tests (:func:`pytest_collection_modifyitems`), by when it is made."""


def _needs_install(item: pytest.Item) -> bool:
    return any(name in INSTALLS for name in getattr(item, "fixturenames", ()))


@pytest.fixture(scope="session", autouse=True)
def installs_started_early(request: pytest.FixtureRequest, fresh_env: Any,
                           tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """What :data:`INSTALLS` make, begun in the background as the browser tests start, when the run holds a test
    that needs it: making the wheel and Binder's venv is largely waiting (pip asks the package index about every
    pin of the server stack, about half of Binder's minute), which the other tests fill. The fixtures then wait
    for what is under way (the lock of ``fresh_env.once``); a failure shows there, in the test that needs it,
    since a make that failed is tried again by the next asker."""
    needed = {INSTALLS[name] for item in request.session.items
              for name in getattr(item, "fixturenames", ()) if name in INSTALLS}
    basetemp = tmp_path_factory.getbasetemp()

    def make(name: str) -> None:
        try:
            fresh_env.made(basetemp, name)
        except Exception as error:  # the test that needs it tries again and reports the failure there
            print(f"\n{name} made in the background failed ({type(error).__name__}); its test makes it again")

    threads = [threading.Thread(target=make, args=(name,), name=f"nap-{name}", daemon=True)
               for name in sorted(needed)]
    for thread in threads:
        thread.start()
    yield
    for thread in threads:  # not left running into the next session's folder
        thread.join(timeout=fresh_env.PIP_TIMEOUT)


@pytest.fixture(scope="session")
def wheel(fresh_env: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from the committed files (a copy, as a fresh clone has them), once per test run."""
    folder = fresh_env.made(tmp_path_factory.getbasetemp(), "wheel")
    (built,) = (folder / "dist").glob("nap_teach-*.whl")
    return built


@pytest.fixture(scope="session")
def binder_install(fresh_env: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(repo, bin): a committed copy of the repository and the ``bin`` folder of the new venv that Binder's
    command (``pip install -r binder/requirements.txt`` in the repository's root) made from it, once per
    test run (test_binder.py checks it; test_installed_package.py serves the app from it)."""
    folder = fresh_env.made(tmp_path_factory.getbasetemp(), "binder")
    return folder / "repo", folder / "venv" / "bin"


@pytest.fixture(scope="session")
def axe() -> Any:
    """tests/browser/axe.py: ``axe.assert_accessible(page, context=None, label=...)`` fails on any
    critical or serious axe-core violation (and ``region``), printed readably; ``axe.run`` gives
    the raw results."""
    try:
        import axe_playwright_python  # noqa: F401
    except ImportError:
        unavailable("axe-playwright-python is not installed (pip install -r requirements-test.txt)")
    return _load_by_path("nap_axe", "axe.py")


def _load_by_path(name: str, filename: str) -> Any:
    import importlib.util

    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BROWSER_TEST_DIR / filename)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def site_pages() -> Any:
    """tests/browser/pages.py: every page of the app and its main states (one list for the page-wide checks)."""
    return _load_by_path("nap_site_pages", "pages.py")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test asking for ``visit`` runs once per visit of its module's page group (``GROUP``, pages.py)."""
    if "visit" in metafunc.fixturenames:
        visits = _load_by_path("nap_site_pages", "pages.py").visits(metafunc.module.GROUP)
        metafunc.parametrize("visit", visits, ids=[v.name for v in visits])


@pytest.fixture(scope="module")
def opened(request: pytest.FixtureRequest, shared_context: Any, site_pages: Any) -> Any:
    """The visits of the module's page group (``GROUP``), opened side by side in Spanish at 390 px:
    {visit name: page}."""
    return site_pages.open_visits(shared_context, request.module.GROUP)


@pytest.fixture(scope="session")
def voila_server(artifacts_dir: Path) -> Iterator[VoilaServer]:
    server = VoilaServer.start(artifacts_dir)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def voila_url(voila_server: VoilaServer) -> str:
    return voila_server.url


# -- Chromium ----------------------------------------------------------------------


def _sync_api() -> Any:
    try:
        import playwright.sync_api
    except ImportError:
        unavailable("playwright is not installed (pip install -r requirements-test.txt)")
    return playwright.sync_api


@pytest.fixture(scope="session")
def expect() -> Any:
    """playwright.sync_api.expect (web-first assertions that retry until a timeout)."""
    return _sync_api().expect


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """A headless Chromium (playwright Browser) shared by the session."""
    sync_playwright = _sync_api().sync_playwright
    if not os.access(CHROMIUM, os.X_OK):
        unavailable(
            f"no Chromium at {CHROMIUM} (`make test` installs Debian's chromium-headless-shell; "
            "NAP_CHROMIUM=/path/to/chromium picks another)"
        )
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
    except Exception as exc:
        playwright.stop()
        pytest.fail(f"Chromium at {CHROMIUM} did not start: {exc}", pytrace=False)
    try:
        yield browser
    finally:
        browser.close()
        playwright.stop()


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return (parts.hostname or "") in LOCAL_HOSTS


@dataclass
class PageLog:
    """Console messages, page errors and blocked requests of one test's page."""

    console: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    _console_errors: list[tuple[str, str]] = field(default_factory=list)

    @property
    def errors(self) -> list[str]:
        """Console errors and uncaught exceptions, minus those of blocked requests."""
        kept = [
            text
            for text, url in self._console_errors
            if _is_local(url or "http://127.0.0.1/")
            and not any(blocked in text for blocked in self.blocked)
            and "ERR_BLOCKED_BY_CLIENT" not in text
        ]
        return kept + self.page_errors

    def assert_no_errors(self) -> None:
        assert not self.errors, "browser errors:\n" + "\n".join(self.errors)

    def dump(self) -> str:
        return "\n".join(
            ["# console", *self.console, "# page errors", *self.page_errors, "# blocked", *self.blocked]
        )


_KERNEL_ID_JS = """() => {
    const data = document.getElementById("jupyter-config-data");
    return data ? JSON.parse(data.textContent).kernelId || null : null;
}"""


def _shut_down_page_kernels(context: Any, base_url: str) -> None:
    """Shut down the kernels of the context's open Voila pages, as leaving them would.

    Closing a context does not fire `beforeunload`, so without this every
    test's last page would keep its kernel (~100 MiB) until the session ends.
    """
    xsrf = next((c["value"] for c in context.cookies() if c["name"] == "_xsrf"), None)
    if not xsrf:
        return
    for open_page in context.pages:
        try:
            kernel_id = open_page.evaluate(_KERNEL_ID_JS)
            if kernel_id:
                context.request.post(
                    f"{base_url}voila/api/shutdown/{kernel_id}", form={"_xsrf": xsrf}, timeout=10_000
                )
        except Exception:  # a crashed page or a stopped server: nothing to release
            pass


@pytest.fixture
def page_log() -> PageLog:
    return PageLog()


def watch(target_page: Any, log: PageLog) -> None:
    """Write ``target_page``'s console messages and uncaught errors into ``log``."""

    def on_console(message: Any) -> None:
        location = message.location or {}
        log.console.append(f"[{message.type}] {message.text} ({location.get('url', '')})")
        if message.type == "error":
            log._console_errors.append((message.text, location.get("url", "")))

    target_page.on("console", on_console)
    target_page.on("pageerror", lambda error: log.page_errors.append(str(error)))


CLEARED_STORAGE = "cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems,websql"
"""What a context forgets of each origin its pages visited when it comes back (CDP ``Storage.clearDataForOrigin``):
everything a page can keep, but not the HTTP cache, which only holds the servers' static files."""


@dataclass
class _Lent:
    """One kept context: where the blocked requests of the test holding it go, and the origins its pages visited."""

    context: Any
    log: PageLog | None = None
    origins: set[str] = field(default_factory=set)

    def on_request(self, request: Any) -> None:
        if request.is_navigation_request():
            parts = urlsplit(request.url)
            if parts.scheme in ("http", "https"):
                self.origins.add(f"{parts.scheme}://{parts.netloc}")

    def on_request_failed(self, request: Any) -> None:
        if self.log is not None and not _is_local(request.url):
            self.log.blocked.append(request.url)


class ContextPool:
    """Browser contexts kept for a test worker's whole run, lent to one test (or module) at a time (``contexts``).

    A new context per test would start with an empty HTTP cache, and every Voila page load would fetch and
    compile the page's scripts again. A kept context is as good as new once it comes back: the kernels of
    its pages are shut down, the pages closed, and the cookies, storage (``localStorage`` is where the app
    keeps a learner's game and language) and permissions of every origin it visited cleared.
    """

    def __init__(self, browser: Any) -> None:
        self._browser = browser
        self._free: dict[str, list[_Lent]] = {}

    @staticmethod
    def _key(options: dict[str, Any]) -> str:
        return repr(sorted(options.items()))

    @contextmanager
    def lend(self, log: PageLog | None = None, timeout: float = 30_000, **options: Any) -> Iterator[Any]:
        """A context made with ``options`` (``browser.new_context``), whose default timeout is ``timeout`` ms;
        requests it could not make to other hosts go to ``log.blocked``."""
        key = self._key(options)
        free = self._free.setdefault(key, [])
        if free:
            lent = free.pop()
        else:
            lent = _Lent(self._browser.new_context(**options))
            lent.context.on("request", lent.on_request)
            lent.context.on("requestfailed", lent.on_request_failed)
        lent.log = log
        lent.context.set_default_timeout(timeout)
        try:
            yield lent.context
        finally:
            lent.log = None
            if self._give_back(lent, options.get("base_url")):
                free.append(lent)

    @staticmethod
    def _give_back(lent: _Lent, base_url: str | None) -> bool:
        """Make the context as good as new (see the class); False when that failed and it was closed instead."""
        context = lent.context
        try:
            if base_url:
                _shut_down_page_kernels(context, base_url)
            helper = context.new_page()
            cdp = context.new_cdp_session(helper)
            for origin in sorted(lent.origins):
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": CLEARED_STORAGE})
            cdp.detach()
            for open_page in list(context.pages):
                open_page.close()
            context.clear_cookies()
            context.clear_permissions()
            context.set_offline(False)
            lent.origins.clear()
            return True
        except Exception:  # a crashed page or browser: this context is not reused
            try:
                context.close()
            except Exception:
                pass
            return False

    def close(self) -> None:
        for free in self._free.values():
            for lent in free:
                try:
                    lent.context.close()
                except Exception:  # the browser is already gone
                    pass
        self._free.clear()


@pytest.fixture(scope="session")
def contexts(chromium: Any) -> Iterator[ContextPool]:
    """Browser contexts kept for the worker's run and lent to one test at a time (:class:`ContextPool`)."""
    pool = ContextPool(chromium)
    try:
        yield pool
    finally:
        pool.close()


DEFAULT_CONTEXT = {"viewport": {"width": 1280, "height": 900}, "locale": "en-GB"}
"""The options of the ``page`` and ``shared_context`` fixtures' contexts (plus ``base_url``)."""


@pytest.fixture
def page(
    contexts: ContextPool, voila_url: str, page_log: PageLog, request: pytest.FixtureRequest, artifacts_dir: Path
) -> Iterator[Any]:
    with contexts.lend(page_log, base_url=voila_url, **DEFAULT_CONTEXT) as context:
        browser_page = context.new_page()
        watch(browser_page, page_log)
        try:
            yield browser_page
        finally:
            report = getattr(request.node, "nap_report_call", None)
            if report is not None and report.failed:
                stem = _safe_name(request.node.nodeid)
                try:
                    browser_page.screenshot(path=str(artifacts_dir / f"{stem}--failure.png"), full_page=True)
                except Exception:
                    pass
                (artifacts_dir / f"{stem}--console.txt").write_text(page_log.dump())


@dataclass
class SharedContext:
    """One browser context for a whole test module, its pages opened at once (see ``shared_context``)."""

    context: Any
    log: PageLog

    def open_all(self, urls: list[str], ready: list[str], timeout: float = 120_000) -> list[Any]:
        """Open every ``urls[i]`` in its own page at once (the server prepares them side by side), then wait
        until ``ready[i]`` is visible in each; return the pages in order."""
        pages = []
        for url in urls:
            p = self.context.new_page()
            watch(p, self.log)
            p.goto(url, wait_until="commit", timeout=timeout)
            pages.append(p)
        for p, css in zip(pages, ready):
            p.locator(css).first.wait_for(state="visible", timeout=timeout)
        return pages


@pytest.fixture(scope="module")
def shared_context(contexts: ContextPool, voila_url: str) -> Iterator[SharedContext]:
    """A browser context shared by the tests of one module (``base_url`` = ``voila_url``), for checks that walk
    many pages: ``shared_context.open_all(urls, ready)`` loads pages side by side. At the end the kernels of its
    open pages are shut down and the context given back (``contexts``)."""
    log = PageLog()
    with contexts.lend(log, base_url=voila_url, **DEFAULT_CONTEXT) as context:
        yield SharedContext(context, log)


@pytest.fixture
def voila_page(page: Any) -> Callable[..., Any]:
    """Open a notebook as a Voila page and wait for its widgets."""

    def open_notebook(
        notebook: str = "index.ipynb",
        query: str = "",
        *,
        ready: str = ".jupyter-widgets",
        timeout: float = 60_000,
    ) -> Any:
        url = f"voila/render/{notebook}"
        if query:
            url += "?" + query.lstrip("?")
        page.goto(url, wait_until="domcontentloaded", timeout=timeout)
        page.locator(ready).first.wait_for(state="visible", timeout=timeout)
        return page

    return open_notebook


@pytest.fixture
def screenshot(request: pytest.FixtureRequest, artifacts_dir: Path) -> Callable[[Any, str], Path]:
    """Save a PNG of a page into test-artifacts/ and return its path."""

    def save(target_page: Any, name: str) -> Path:
        path = artifacts_dir / f"{_safe_name(request.node.nodeid)}--{_safe_name(name)}.png"
        target_page.screenshot(path=str(path), full_page=True)
        return path

    return save


class PageLayout:
    """The page geometry the browser tests check: a whole app in view, and no app wider than the page."""

    # Scripts for page.evaluate(): [scrollWidth, clientWidth] of the page (it never scrolls sideways), and
    # every visible control smaller than 44 x 44 px (a tap target a finger can miss), described.
    PAGE_FITS = """(() => { const d = document.documentElement; return [d.scrollWidth, d.clientWidth]; })()"""
    SMALL_TARGETS = """(() => {
      const out = [];
      const sel = 'button, select, input:not([type=file]):not([type=hidden]), textarea, .widget-upload';
      for (const e of document.querySelectorAll(sel)) {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || getComputedStyle(e).visibility === 'hidden') continue;  // not shown
        // a checkbox is tapped through its whole label
        const t = e.type === 'checkbox' && e.closest('label') ? e.closest('label').getBoundingClientRect() : r;
        if (t.height < 43.5 || t.width < 43.5)
          out.push(`${e.tagName}.${e.className} "${(e.textContent || e.value || '').trim().slice(0, 30)}" `
                   + `${Math.round(t.width)}x${Math.round(t.height)}`);
      }
      return out; })()"""

    @staticmethod
    def show_whole(target_page: Any, css: str, width: int) -> None:
        """Make the viewport ``width`` wide and as tall as the element ``css`` (at most 6000 px)."""
        height = target_page.evaluate(
            f"(() => {{ const e = document.querySelector('{css}');"
            " return e.getBoundingClientRect().top + e.scrollHeight + 40; })()")
        target_page.set_viewport_size({"width": width, "height": int(max(600, min(height, 6000)))})
        target_page.wait_for_timeout(300)

    @staticmethod
    def assert_fits(target_page: Any, css: str) -> None:
        """The element ``css`` is not cut off: nothing scrolls sideways inside it."""
        widths = target_page.evaluate(
            f"(() => {{ const e = document.querySelector('{css}'); return [e.scrollWidth, e.clientWidth]; }})()")
        width = target_page.viewport_size["width"] if target_page.viewport_size else "?"
        assert widths[0] <= widths[1] + 2, f"{css} is cut off at {width} px: {widths}"


@pytest.fixture
def layout() -> PageLayout:
    """Page geometry helpers (:class:`PageLayout`)."""
    return PageLayout()
