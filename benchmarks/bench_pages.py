"""Time to interactive of every page against a one-button Voila page, served side by side (issue 28 part 3).

    .venv/bin/python benchmarks/bench_pages.py                 # 5 rounds, all nine pages
    .venv/bin/python benchmarks/bench_pages.py --rounds 3 --pages play,lesson
    .venv/bin/python benchmarks/bench_pages.py --profile-only   # where the time goes, no browser

The app is started the way a user starts it (``python -m nap_teach serve``, what ``make app`` runs:
plain mode, the app's ``voila.json`` and page template) with ``--notebooks`` pointing at a temporary
copy of the app's notebooks plus ``baseline.ipynb``, one cell showing one ``ipywidgets.Button`` (CSS
class ``nap-baseline``), so that the pages and the baseline are served by the same Voila in the same
run; ``--port`` a free port and ``--data-dir`` a temporary folder (the live classes' database, left
empty). Debian's Chromium (``NAP_CHROMIUM`` picks another, as in tests/browser/conftest.py) driven by
Playwright then loads, round after round, the baseline and a page in turn (each page right after its
own baseline load, the pages in a rotating order), each load in a fresh browser context; the kernel of
each load is shut down afterwards as leaving the page would.

**Time to interactive (TTI)**: from the navigation's start (``performance.timeOrigin``) until, at once,
Voila's loading spinner (``#loading``) is gone, the page's main container (``.nap-app`` with its page's
class, e.g. ``.nap-play``) is visible and the page's first control a learner uses (its stable ``nap-``
class: ``button.nap-play-start`` ...) is visible and enabled; for the baseline the spinner is gone and
its button is visible and enabled. A ``MutationObserver`` installed before the page's first script
checks the condition at every change of the document, so the time is that of the change that made it
true. Also recorded per load: ``server`` = when the spinner went (Voila has run the notebook:
kernel started, page imported and built) and ``render`` = TTI - server (the widgets' states fetched
and drawn in the browser).

Per page it prints the median TTI, the median of the per-round ratios page/baseline (each page load
against the baseline load just before it) and their range; then the worst page and the load average.

**Where the time goes** (``--profile``, on by default; ``--profile-only`` alone): for the baseline and
each page, in a fresh kernel started with jupyter_client (as Voila starts one): the kernel's start until
it answers, the import of the page's module (the notebook's first line), the page's build
(``X.from_environment()`` displayed, as in the notebook), the number of widget models the kernel then
holds and the bytes of their states (JSON); and ``python -X importtime`` of the same import, whose
largest self-contained packages are printed.

The server and the kernels run with Python's bytecode cache on and the package compiled first, as after
``pip install`` (a shell's ``PYTHONDONTWRITEBYTECODE=1`` made every kernel compile the package anew).

Figures and where the time goes: benchmarks/README.md, "Pages against a one-button page".
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import desktop_chromium  # a sibling module (python benchmarks/<script>.py puts benchmarks/ on the path)

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "nap_teach" / "app" / "notebooks"
CHROMIUM = desktop_chromium.CHROMIUM
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


@dataclass(frozen=True)
class Page:
    notebook: str
    module: str
    cls: str
    container: str
    control: str


PAGES = {p.notebook.removesuffix(".ipynb"): p for p in (
    Page("index.ipynb", "nap_teach.ui.landing", "LandingPage", ".nap-landing", "button.nap-landing-try"),
    Page("play.ipynb", "nap_teach.ui.play", "PlayApp", ".nap-play", "button.nap-play-start"),
    Page("lesson.ipynb", "nap_teach.ui.lesson", "LessonApp", ".nap-lesson", "button.nap-lesson-next"),
    Page("explorer.ipynb", "nap_teach.ui.explorer", "ExplorerApp", ".nap-explorer", ".nap-ex-nav button"),
    Page("odds.ipynb", "nap_teach.ui.odds", "OddsApp", ".nap-odds", "button.nap-odds-run"),
    Page("problems.ipynb", "nap_teach.ui.problems", "ProblemsApp", ".nap-problems", "button.nap-problems-card"),
    Page("scorekeeper.ipynb", "nap_teach.ui.scorekeeper", "ScorekeeperApp", ".nap-scorekeeper", "button.nap-sk-start"),
    Page("handouts.ipynb", "nap_teach.ui.handouts", "HandoutsApp", ".nap-handouts", ".nap-handout-rules"),
    Page("class.ipynb", "nap_teach.ui.classresults", "ClassApp", ".nap-class", ".nap-class button"),
)}
BASELINE = Page("baseline.ipynb", "ipywidgets", "Button", ".nap-baseline", "button.nap-baseline")
BASELINE_SOURCE = 'import ipywidgets\n\nbutton = ipywidgets.Button(description="Go")\nbutton.add_class("nap-baseline")\nbutton'

# Installed before the page's own scripts: records when each milestone first holds.
WATCH_JS = """
(() => {
  const sel = window.__napSel = %s;
  const t = window.__napT = {};
  const shown = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const check = () => {
    const now = performance.now();
    const spinner = document.getElementById('loading');
    const cells = document.getElementById('rendered_cells');
    if (t.server === undefined && cells && !spinner) t.server = now;
    if (t.server === undefined) return;
    const box = document.querySelector(sel.container);
    if (t.container === undefined && shown(box)) t.container = now;
    const control = document.querySelector(sel.control);
    if (t.tti === undefined && shown(box) && shown(control) && !control.disabled) t.tti = now;
  };
  const observer = new MutationObserver(() => { t.last = performance.now(); check(); });
  const start = () => observer.observe(document, {childList: true, subtree: true, attributes: true});
  start();
})();
"""


def user_env() -> dict[str, str]:
    """The environment of the server and the kernels: this one, with Python's bytecode cache on, as a user's
    (``PYTHONDONTWRITEBYTECODE``, set in some shells and CI, made every kernel compile the package anew)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *[p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]])
    return env


def compile_package() -> None:
    """Write the package's bytecode cache first, as ``pip install`` does (or a first start of the app)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "nap_teach")], env=user_env(), check=True)


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def notebook_json(source: str) -> str:
    return json.dumps({"cells": [{"cell_type": "code", "execution_count": None, "id": "cell", "metadata": {},
                                  "outputs": [], "source": source}],
                       "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                                   "name": "python3"}, "language_info": {"name": "python"}},
                       "nbformat": 4, "nbformat_minor": 5}, indent=1)


@dataclass
class Server:
    port: int
    process: subprocess.Popen[bytes]
    folder: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @classmethod
    def start(cls) -> "Server":
        folder = Path(tempfile.mkdtemp(prefix="nap-bench-pages-"))
        notebooks = folder / "notebooks"
        shutil.copytree(NOTEBOOKS, notebooks)
        (notebooks / BASELINE.notebook).write_text(notebook_json(BASELINE_SOURCE))
        port = free_port()
        log = (folder / "voila.log").open("wb")
        process = subprocess.Popen(
            [sys.executable, "-m", "nap_teach", "serve", f"--port={port}", f"--notebooks={notebooks}",
             f"--data-dir={folder / 'data'}"],
            cwd=ROOT, env=user_env(), stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True)
        server = cls(port, process, folder)
        deadline = time.monotonic() + 90
        while True:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            try:  # HEAD, not GET: a GET of a page would start a kernel
                conn.request("HEAD", "/")
                conn.getresponse().read()
                return server
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    text = (folder / "voila.log").read_text(errors="replace")[-2000:]
                    server.stop()
                    raise SystemExit("the server did not start:\n" + text)
                time.sleep(0.3)
            finally:
                conn.close()

    def wait_no_kernels(self, timeout: float = 15) -> None:
        import psutil  # installed with ipykernel

        deadline = time.monotonic() + timeout
        while psutil.Process(self.process.pid).children(recursive=True) and time.monotonic() < deadline:
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        shutil.rmtree(self.folder, ignore_errors=True)


@dataclass
class Load:
    tti: float
    response: float
    server: float
    settled: float


QUIET = 1000
SETTLE_MAX = 10


def load_once(browser: object, server: Server, page: Page, timeout_s: float = 120) -> Load:
    """One load in a fresh context; its kernel is shut down afterwards."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")  # type: ignore[attr-defined]
    try:
        context.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())
        tab = context.new_page()
        tab.add_init_script(WATCH_JS % json.dumps({"container": page.container, "control": page.control}))
        tab.goto(f"{server.url}voila/render/{page.notebook}", wait_until="commit", timeout=timeout_s * 1000)
        tab.wait_for_function("() => window.__napT && window.__napT.tti !== undefined", timeout=timeout_s * 1000,
                              polling=200)
        # settled: no change of the document for QUIET ms (or SETTLE_MAX s after TTI)
        tab.wait_for_function(f"() => {{ const t = window.__napT; const now = performance.now();"
                              f" return now - t.last > {QUIET} || now - t.tti > {SETTLE_MAX * 1000}; }}",
                              timeout=timeout_s * 1000, polling=100)
        t = tab.evaluate("() => Object.assign({response: performance.getEntriesByType('navigation')[0].responseEnd},"
                         " window.__napT)")
        kernel = tab.evaluate("() => { const d = document.getElementById('jupyter-config-data');"
                              " return d ? JSON.parse(d.textContent).kernelId : null; }")
        xsrf = next((c["value"] for c in context.cookies() if c["name"] == "_xsrf"), None)
        if kernel and xsrf:
            context.request.post(f"{server.url}voila/api/shutdown/{kernel}", form={"_xsrf": xsrf}, timeout=10_000)
        server.wait_no_kernels()  # the next load does not share the machine with this kernel's exit
        return Load(t["tti"] / 1000, t["response"] / 1000, t["server"] / 1000, max(t["last"], t["tti"]) / 1000)
    finally:
        context.close()


@dataclass
class Result:
    page: Page
    loads: list[Load] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)


def run_browser(names: list[str], rounds: int) -> tuple[dict[str, Result], Result]:
    from playwright.sync_api import sync_playwright

    server = Server.start()
    results = {n: Result(PAGES[n]) for n in names}
    baseline = Result(BASELINE)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            # warm-up: the server's first page load compiles templates and fills caches; not counted
            load_once(browser, server, BASELINE)
            load_once(browser, server, PAGES[names[0]])
            for r in range(rounds):
                order = names[r % len(names):] + names[:r % len(names)]
                for n in order:
                    base = load_once(browser, server, BASELINE)
                    load = load_once(browser, server, PAGES[n])
                    baseline.loads.append(base)
                    results[n].loads.append(load)
                    results[n].ratios.append(load.tti / base.tti)
                    print(f"round {r + 1} {n:12} {load.tti:5.2f} s (HTML {load.response:4.2f}, spinner gone "
                          f"{load.server:4.2f}, settled {load.settled:5.2f}); baseline {base.tti:5.2f} s "
                          f"(HTML {base.response:4.2f}); ratio {load.tti / base.tti:4.2f}; "
                          f"load {load_average()}", flush=True)
            browser.close()
    finally:
        server.stop()
    return results, baseline


def med(xs: list[float]) -> float:
    return statistics.median(xs)


def median_interval(xs: list[float], level: float = 0.9, resamples: int = 2000) -> tuple[float, float]:
    """A bootstrap interval of the median of ``xs`` (``level`` of the resampled medians fall inside it):
    how far the median ratio of a page could move in a run like this one. Seeded, so a run's figures repeat.

    >>> median_interval([1.0, 1.0, 1.0])
    (1.0, 1.0)
    >>> low, high = median_interval([0.9, 1.0, 1.05, 1.1, 1.4]); low <= 1.05 <= high
    True
    """
    rng = random.Random(0)
    meds = sorted(statistics.median(rng.choices(xs, k=len(xs))) for _ in range(resamples))
    cut = int(resamples * (1 - level) / 2)
    return meds[cut], meds[resamples - 1 - cut]


def report_browser(results: dict[str, Result], baseline: Result) -> None:
    print(f"\n{'page':12} {'TTI s':>6} {'ratio':>6} {'90% of medians':>14} {'range':>10} {'HTML s':>7} "
          f"{'spinner s':>9} {'render s':>8} {'settled s':>9}")

    def row(name: str, loads: list[Load], ratios: list[float]) -> str:
        low, high = median_interval(ratios)
        return (f"{name:12} {med([x.tti for x in loads]):6.2f} {med(ratios):6.2f} {low:6.2f}-{high:4.2f}    "
                f"{min(ratios):4.2f}-{max(ratios):4.2f} {med([x.response for x in loads]):7.2f} "
                f"{med([x.server for x in loads]):9.2f} {med([x.tti - x.server for x in loads]):8.2f} "
                f"{med([x.settled for x in loads]):9.2f}")

    print(row("baseline", baseline.loads, [1.0]))
    for n, r in results.items():
        print(row(n, r.loads, r.ratios))
    worst = max(results.values(), key=lambda r: med(r.ratios))
    ratios = [med(r.ratios) for r in results.values()]
    print(f"worst page: {worst.page.notebook.removesuffix('.ipynb')} {med(worst.ratios):.2f}; "
          f"median over the pages {med(ratios):.2f}; load average {load_average()}")


# -- where the time goes --------------------------------------------------------------------------------------

KERNEL_PROBE = r"""
import json as _json, time as _time
_t0 = _time.perf_counter()
{import_line}
_t1 = _time.perf_counter()
from ipywidgets.widgets.widget import _instances as _models
_n0 = len(_models)
from IPython.display import display as _display
_display({build})
_t2 = _time.perf_counter()
_states = [_json.dumps(_w.get_state(), default=str) for _w in list(_models.values())]
_kinds = {{}}
for _w in list(_models.values()):
    _kinds[_w._model_name] = _kinds.get(_w._model_name, 0) + 1
print("NAPPROBE" + _json.dumps({{"import": _t1 - _t0, "build": _t2 - _t1, "models": len(_models),
      "bytes": sum(map(len, _states)), "kinds": _kinds}}))
"""


def kernel_profile(page: Page) -> dict[str, object]:
    """Kernel start, import, build, widget models and their state bytes, in a fresh kernel."""
    from jupyter_client.manager import start_new_kernel

    t0 = time.perf_counter()
    # VOILA_KERNEL_ID, as Voila sets it in its kernels: a page then builds as under Voila (ui/opening.py: no
    # comm_open or update sent while it is built), so the messages counted are those Voila's kernel sends
    env = {**user_env(), "VOILA_KERNEL_ID": "bench-pages-profile"}
    km, kc = start_new_kernel(kernel_name="python3", env=env, stderr=subprocess.DEVNULL)
    started = time.perf_counter() - t0
    try:
        if page is BASELINE:
            import_line, build = "import ipywidgets", "ipywidgets.Button(description='Go')"
        else:
            import_line, build = f"from {page.module} import {page.cls}", f"{page.cls}.from_environment()"
        out: list[str] = []
        messages: dict[str, list[int]] = {}

        def hook(msg: dict[str, Any]) -> None:
            if msg["msg_type"] == "stream":
                out.append(msg["content"].get("text", ""))
            kind = msg["msg_type"]
            if kind == "comm_msg":
                kind += "/" + str(msg["content"].get("data", {}).get("method"))
            count = messages.setdefault(kind, [0, 0])
            count[0] += 1
            count[1] += len(json.dumps(msg["content"], default=str))

        t1 = time.perf_counter()
        kc.execute_interactive(KERNEL_PROBE.format(import_line=import_line, build=build), timeout=300,
                               output_hook=hook)
        text = "".join(out)
        probe = json.loads(text.split("NAPPROBE", 1)[1].splitlines()[0])
        probe["start"] = started
        probe["run"] = time.perf_counter() - t1
        probe["messages"] = messages
        return probe
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def import_profile(page: Page, top: int = 6) -> tuple[float, list[tuple[str, float]]]:
    """``python -X importtime`` of the page's import: total seconds, and the top-level packages' self times."""
    line = "import ipywidgets" if page is BASELINE else f"from {page.module} import {page.cls}"
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", line], capture_output=True, text=True,
                          env=user_env(), check=True)
    by_package: dict[str, float] = {}
    total = 0.0
    for row in done.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)", row)
        if not m:
            continue
        own, cumulative, indent, name = int(m[1]), int(m[2]), len(m[3]), m[4]
        if indent == 1:
            total += cumulative / 1e6
        key = name.split(".")[0] if not name.startswith("nap_teach") else ".".join(name.split(".")[:3])
        by_package[key] = by_package.get(key, 0.0) + own / 1e6
    return total, sorted(by_package.items(), key=lambda kv: -kv[1])[:top]


def run_profile(names: list[str]) -> None:
    print(f"\nwhere the time goes (a fresh kernel per page; load average {load_average()})")
    print(f"{'page':12} {'kernel s':>8} {'import s':>8} {'build s':>8} {'run s':>6} {'models':>6} {'state KB':>8}  "
          f"importtime s, largest packages (self time, s)")
    for page in [BASELINE, *(PAGES[n] for n in names)]:
        k = kernel_profile(page)
        total, top = import_profile(page)
        name = page.notebook.removesuffix(".ipynb")
        print(f"{name:12} {k['start']:8.2f} {k['import']:8.2f} {k['build']:8.2f} {k['run']:6.2f} {k['models']:6} "
              f"{k['bytes'] / 1024:8.1f}  {total:.2f}: " + ", ".join(f"{p} {s:.2f}" for p, s in top), flush=True)
        kinds = sorted(k["kinds"].items(), key=lambda kv: -kv[1])  # type: ignore[union-attr]
        print(f"{'':12} models: " + ", ".join(f"{m.removesuffix('Model')} {c}" for m, c in kinds[:8]))
        msgs = sorted(k["messages"].items(), key=lambda kv: -kv[1][1])  # type: ignore[union-attr]
        print(f"{'':12} kernel messages: " + ", ".join(f"{m} {c} ({b / 1024:.0f} KB)" for m, (c, b) in msgs))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pages", default=",".join(PAGES), help="comma-separated, of: " + ",".join(PAGES))
    parser.add_argument("--no-profile", action="store_true", help="skip where the time goes")
    parser.add_argument("--profile-only", action="store_true", help="only where the time goes (no browser)")
    args = parser.parse_args()
    names = [n for n in args.pages.split(",") if n]
    if not args.profile_only and desktop_chromium.missing():
        return 2
    unknown = [n for n in names if n not in PAGES]
    if unknown:
        parser.error(f"unknown pages: {unknown}")
    print(f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, {os.cpu_count()} cores, "
          f"load average {load_average()}", flush=True)
    compile_package()
    if not args.profile_only:
        results, baseline = run_browser(names, args.rounds)
        report_browser(results, baseline)
    if not args.no_profile:
        run_profile(names)
    return 0


if __name__ == "__main__":
    sys.exit(main())
