"""Time to interactive of the static demo's pages against a one-button page of the same site (issue 29 part 5).

Builds the site as the offline test does (``demo/build.py --local-pyodide --baseline``: Pyodide inside the
site, plus ``baseline.html``, a page with one button and no app, served by the same Pyodide and kernel),
serves it on 127.0.0.1 and opens each page in a fresh browser context (a first visit: nothing cached) with
every outside request blocked, ``--runs`` times, the pages taking turns so that the machine's load falls on
all of them alike. Time to interactive: from the navigation to the page's first control visible (the
baseline's button; a page's own ``ready`` element as in tests/browser/test_static_site.py).

Where the time goes, from the kernel's own log lines in the console (each page): Pyodide up (its first
"Loading micropip"), the kernel's packages installed (the last "Loaded ..." before the page's cell runs), then
the page's install of the package and its imports and build (the rest).

Prints one line per page (median and range of the runs, the ratio of medians to the baseline, the stages),
then the site's size and one page's first-load bytes::

    .venv/bin/python benchmarks/bench_static.py                 # 2 runs of index, lesson, play, odds and the baseline
    .venv/bin/python benchmarks/bench_static.py --runs 3 --pages index,play,problems
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import fresh_env  # noqa: E402  (the install tests' helpers: free ports, a server process)

import desktop_chromium  # a sibling module (python benchmarks/<script>.py puts benchmarks/ on the path)

READY = {"baseline": ".nap-baseline", "index": ".nap-landing-try", "lesson": ".nap-lesson-next",
         "play": "button.nap-play-start", "explorer": ".nap-ex-nav", "scorekeeper": "button.nap-sk-start",
         "problems": "button.nap-problems-card", "odds": "button.nap-odds-run", "handouts": ".nap-handout-rules",
         "class": ".nap-class"}
CHROMIUM = desktop_chromium.CHROMIUM
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


def load(browser, base: str, page_name: str) -> dict:
    """One first visit of a page: time to interactive, its stages, and the bytes it fetched."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort("blockedbyclient"))
    page = context.new_page()
    marks: dict[str, float] = {}
    fetched = [0]
    started = time.monotonic()

    def on_console(message) -> None:
        text = message.text
        now = time.monotonic() - started
        if text.startswith("Loading micropip") and "pyodide" not in marks:
            marks["pyodide"] = now
        if text.startswith("Loaded "):
            marks["kernel"] = now

    def on_response(response) -> None:
        length = response.headers.get("content-length")
        if length and length.isdigit():
            fetched[0] += int(length)

    page.on("console", on_console)
    page.on("response", on_response)
    page.goto(f"{base}voici/render/{page_name}.html", wait_until="commit", timeout=300_000)
    page.locator(READY[page_name]).first.wait_for(state="visible", timeout=300_000)
    ready = time.monotonic() - started
    context.close()
    return {"ready": ready, "pyodide": marks.get("pyodide"), "kernel": marks.get("kernel"), "bytes": fetched[0]}


def main() -> int:
    parser = argparse.ArgumentParser(description="static pages' time to interactive against a one-button page")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--pages", default="index,lesson,play,odds")
    args = parser.parse_args()
    if desktop_chromium.missing():
        return 2
    pages = [p.strip() for p in args.pages.split(",") if p.strip()]
    unknown = [p for p in pages if p not in READY]
    if unknown:
        parser.error(f"unknown pages {unknown}; pages: {', '.join(READY)}")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        started = time.monotonic()
        subprocess.run([sys.executable, str(ROOT / "demo" / "build.py"), "--output", str(site), "--local-pyodide",
                        "--baseline", "--pages", ",".join(pages)], cwd=ROOT, check=True, capture_output=True)
        built = time.monotonic() - started
        size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        port = fresh_env.free_port()
        server = fresh_env.Server.start([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                         "--directory", str(site)], cwd=site, port=port,
                                        log_path=Path(tmp) / "server.log")
        results: dict[str, list[dict]] = {name: [] for name in ["baseline", *pages]}
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for run in range(args.runs):
                    for name in results:  # taking turns: the load falls on every page alike
                        results[name].append(load(browser, server.url, name))
                        r = results[name][-1]
                        print(f"run {run + 1} {name}: ready {r['ready']:.1f} s (Pyodide up {r['pyodide'] or 0:.1f} s, "
                              f"kernel ready {r['kernel'] or 0:.1f} s), {r['bytes'] / 1e6:.1f} MB", flush=True)
                browser.close()
        finally:
            try:
                server.stop()
            except ImportError:  # no psutil: the server alone
                server.process.terminate()
    base = statistics.median(r["ready"] for r in results["baseline"])
    print(f"site built in {built:.0f} s (the pages {', '.join(pages)} and the baseline), {size / 1e6:.1f} MB")
    print(f"{'page':<10} {'median s':>8} {'range s':>12} {'ratio':>6}  {'Pyodide up':>10} {'kernel ready':>12}"
          f" {'first load MB':>13}")
    for name, runs in results.items():
        ready = [r["ready"] for r in runs]
        stage = lambda key: statistics.median(r[key] for r in runs if r[key] is not None)  # noqa: E731
        mb = statistics.median(r["bytes"] for r in runs) / 1e6
        print(f"{name:<10} {statistics.median(ready):8.1f} {min(ready):5.1f}-{max(ready):<6.1f} "
              f"{statistics.median(ready) / base:6.2f}  {stage('pyodide'):10.1f} {stage('kernel'):12.1f} {mb:13.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
