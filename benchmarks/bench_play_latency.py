"""Play page latency, measured in a real browser: card click -> the bots' replies on screen.

Starts Voila on a free port (as the browser test fixtures do), opens
``play.ipynb`` with 7 players and the simple bots, starts the session and
plays cards by clicking them in headless Chromium. For every card click it
measures, inside the page, the time from the click until the "What just
happened" panel shows the new turn (its ``data-token`` changes; the page sets
that panel after the trick, the hand and the bots' moves, so by then they are
all on screen; with expert bots, which reply one at a time, the panel's
``data-thinking`` must also be back to "0": the last bot has replied). Calls
and "Next deal" clicks are not timed. In the auction the
learner bids the lowest bid allowed (else passes), so most deals are played.

::

    .venv/bin/python benchmarks/bench_play_latency.py               # 30 card clicks
    .venv/bin/python benchmarks/bench_play_latency.py --clicks 60 --players 5 --bots random
    .venv/bin/python benchmarks/bench_play_latency.py --clicks 40 --players 4 --bots expert

Prints every sample, then the median and the 90th percentile. The target is
a median of at most 150 ms with simple bots at 7 players, and with three
expert bots at 4 players; the exit code is 1 when the median misses it.
"""
from __future__ import annotations

import argparse
import http.client
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import desktop_chromium  # a sibling module (python benchmarks/<script>.py puts benchmarks/ on the path)

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = desktop_chromium.CHROMIUM
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
TARGET_MS = 150.0

# Runs in the page: click a legal card and resolve with the milliseconds until the
# "what just happened" panel carries a new turn token (-1 on a 15 s time-out).
CLICK_AND_WAIT = """
(selector) => new Promise((resolve) => {
  const latest = () => document.querySelector('.nap-latest');
  // a new turn token, and no bot still thinking (expert bots reply one at a time: data-thinking="1" until the last)
  const token = () => { const el = latest(); return el && el.dataset.thinking !== '1' ? el.dataset.token : null; };
  const before = latest() ? latest().dataset.token : null;
  const button = document.querySelector(selector);
  if (!button) { resolve(-2); return; }
  let done = false;
  const finish = (value) => { if (!done) { done = true; observer.disconnect(); resolve(value); } };
  const observer = new MutationObserver(() => {
    const now = token();
    if (now !== null && now !== before) finish(performance.now() - t0);
  });
  observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  const t0 = performance.now();
  button.click();
  setTimeout(() => finish(-1), 15000);
})
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(port: int) -> bool:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    try:
        conn.request("HEAD", "/")  # HEAD: a GET of a notebook would start a kernel
        conn.getresponse().read()
        return True
    except OSError:
        return False
    finally:
        conn.close()


def start_voila(log_path: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    # what `make app` runs
    command = [sys.executable, "-m", "nap_teach", "serve", "--host", "127.0.0.1", f"--port={port}"]
    env = dict(os.environ)
    env.pop("MPLBACKEND", None)
    with log_path.open("wb") as log:
        proc = subprocess.Popen(command, cwd=REPO, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 90
    while not answers(port):
        if proc.poll() is not None or time.monotonic() > deadline:
            stop(proc)
            raise SystemExit("Voila did not start:\n" + log_path.read_text(errors="replace")[-2000:])
        time.sleep(0.2)
    return proc, port


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)  # Voila and the kernels it started (own process group)
            proc.wait(timeout=15)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            proc.kill()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def measure(port: int, players: int, bots: str, clicks: int, seed: int, verbose: bool) -> list[float]:
    from playwright.sync_api import sync_playwright

    samples: list[float] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.route("**/*", lambda route: route.continue_()
                      if route.request.url.startswith(("http://127.0.0.1", "data:")) else route.abort())
        page = context.new_page()
        deals = 40
        page.goto(f"http://127.0.0.1:{port}/voila/render/play.ipynb?seed={seed}&players={players}"
                  f"&bots={bots}&deals={deals}&seat=1", wait_until="domcontentloaded")
        page.locator("button.nap-play-start").wait_for(state="visible", timeout=90_000)
        page.locator("button.nap-play-start").click()
        page.locator(".nap-latest").wait_for(state="attached", timeout=30_000)
        stuck = 0
        while len(samples) < clicks:
            if page.locator("button.nap-play-legal").count():
                ms = page.evaluate(CLICK_AND_WAIT, "button.nap-play-legal")
                if ms < 0:
                    raise SystemExit(f"no answer to a card click (code {ms})")
                samples.append(ms)
                if verbose:
                    print(f"  click {len(samples):3d}: {ms:7.1f} ms", flush=True)
                stuck = 0
                continue
            enabled = page.locator(".nap-play-auction-panel button.nap-play-call:not([disabled])")
            if page.locator(".nap-play-auction-panel").is_visible() and enabled.count():
                bids = page.locator(".nap-play-auction-panel button.nap-play-call:not([disabled])"
                                    ":not(.nap-play-call-pass)")
                target = ".nap-play-call:not([disabled]):not(.nap-play-call-pass)" if bids.count() \
                    else ".nap-play-call-pass"
                page.evaluate(CLICK_AND_WAIT, ".nap-play-auction-panel button" + target)
                continue
            if page.locator("button.nap-play-next").is_visible():
                page.evaluate(CLICK_AND_WAIT, "button.nap-play-next")
                continue
            if page.locator("button.nap-play-playon").is_visible():
                page.evaluate(CLICK_AND_WAIT, "button.nap-play-playon")
                continue
            stuck += 1
            if stuck > 50:
                raise SystemExit("the page offers nothing to click (session over?)")
            page.wait_for_timeout(100)
        context.close()
        browser.close()
    return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30, help="card clicks to time (default 30)")
    parser.add_argument("--players", type=int, default=7, choices=range(3, 8))
    parser.add_argument("--bots", default="simple")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--quiet", action="store_true", help="only the summary")
    args = parser.parse_args(argv)
    if desktop_chromium.missing():
        return 2
    log_path = Path(tempfile.gettempdir()) / f"nap-bench-voila-{os.getpid()}.log"
    proc, port = start_voila(log_path)
    try:
        samples = measure(port, args.players, args.bots, args.clicks, args.seed, not args.quiet)
    finally:
        stop(proc)
    median = statistics.median(samples)
    p90 = percentile(samples, 0.9)
    print(f"card click -> bots' replies on screen, {args.players} players, {args.bots} bots, "
          f"{len(samples)} clicks: median {median:.1f} ms, p90 {p90:.1f} ms, "
          f"min {min(samples):.1f} ms, max {max(samples):.1f} ms (target: median <= {TARGET_MS:.0f} ms)")
    try:
        load = os.getloadavg()
        print(f"machine load average during the run: {load[0]:.2f} (1 min), {os.cpu_count()} cores")
    except OSError:
        pass
    return 0 if median <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
