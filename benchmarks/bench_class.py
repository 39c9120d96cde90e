"""A class at once: N learners open a page of a real server on loopback (issue 17, parts 3 and 4).

Each learner is what a browser tab does, reduced to its messages
(tests/browser/voila_learner.py): GET the page, open its kernel websocket,
fetch every widget's state. Time to interactive = from the GET to the last
widget state received. Then, with all N connected, 5 learners play on the
play page (click -> the kernel has handled it), optionally a flood of page
loads from one client arrives, and finally every learner leaves without
saying goodbye (as a closed phone would): the kernels must be culled.

Usage (from the repository root, in the project's venv; it starts its own
servers on free ports and stops them):

    .venv/bin/python benchmarks/bench_class.py --learners 30                  # class mode and plain, side by side
    .venv/bin/python benchmarks/bench_class.py --learners 10 --mode class
    .venv/bin/python benchmarks/bench_class.py --learners 30 --flood 200      # plus 200 loads in a minute
    .venv/bin/python benchmarks/bench_class.py --learners 4 --cull 20 --json out.json
    .venv/bin/python benchmarks/bench_class.py --learners 30 --mode submit    # a live class, 8 deals each

--mode submit: a live class. The server runs as the teacher starts it
(``--class-size N``, a fresh ``--data-dir``); a class of 8 deals is created in
its store, the teacher's class page is opened with the teacher link and
watched, and N learners open the class link at once, type a name, start and
play all 8 deals (they pass, then play their legal cards; the bots do the
rest). Prints the deals acknowledged to the learners, the deals stored, lost
(must be 0) and stored twice (must be 0), and how long after a deal was
stored the teacher's page showed it.

Options: --page (default play.ipynb; a page with its query, e.g.
"lesson.ipynb?lesson=3"; or mixed: the learners spread over every learner's
page), --teacher-first (the teacher opens the link first and the class opens
the same link once the pool has built it), --pool PAGE=SIZE (an extra pool of
a page's own; by default none: the class-mode server runs the teacher's
command, --class-size N alone), --players 5 (learners who play), --clicks 30
(clicks each), --cull SECONDS (culling idle timeout passed to the server,
default 30; the committed one is 600), --flood N (page loads within
--flood-seconds 60 from one client, 10 at a time), --json FILE (all figures,
for the record).

Targets (issues 17 and 28, 2-core machine): 30 learners -> 30/30 interactive,
p90 <= 5 s in class mode on one page (any) and on mixed pages; the waiting
kernels <= 2.5 GiB USS in all, a learner's kernel <= 64 MiB RSS; click ->
reply median <= 150 ms with 30 connected; kernels of closed pages gone within
the culling interval.

Measured here: see benchmarks/README.md (the lead runs the N = 10 and 30
figures on a quiet machine).
"""
from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from voila_learner import Learner, fetch_page  # noqa: E402

MiB = 1024 * 1024
PHASES = ("html", "websocket", "kernel_info", "control_comm", "states")
"""The steps of a page load (Learner.phases): GET the page, open the kernel websocket, kernel_info
round trip, open the widget control comm, receive every widget's state."""


# ----------------------------------------------------------------------- server
class Server:
    def __init__(self, class_size: int, cull: int, max_kernels: int | None, pools: dict[str, int],
                 data_dir: Path | None = None) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = Path(tempfile.mkstemp(prefix="bench-class-", suffix=".log")[1])
        launcher = ["--class-size", str(class_size)] if class_size else []
        for page, size in pools.items():
            launcher += ["--pool", f"{page}={size}"]
        if max_kernels:
            launcher += ["--max-kernels", str(max_kernels)]
        self.data_dir = data_dir or Path(tempfile.mkdtemp(prefix="bench-class-data-"))
        launcher += ["--data-dir", str(self.data_dir)]  # the live classes' database: a fresh one per run
        command = [sys.executable, "-m", "nap_teach", "serve", "--port", str(self.port), *launcher, "--",
                   f"--MappingKernelManager.cull_idle_timeout={cull}",
                   f"--MappingKernelManager.cull_interval={max(1, cull // 6)}"]
        env = dict(os.environ)
        env.pop("MPLBACKEND", None)
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, start_new_session=True)
        self.started = time.perf_counter()

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_ready(self, pools: dict[str, int], timeout: float = 600) -> float:
        """Seconds until the server answers and every pool is full."""
        import http.client

        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise SystemExit(f"the server stopped:\n{self.log_text()[-2000:]}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("HEAD", "/")
                conn.getresponse().read()
                conn.close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("the server did not answer")
                time.sleep(0.3)
        for page, size in pools.items():
            pattern = rf"Kernel pool of {re.escape(page)} is filled with {size} "
            while not re.search(pattern, self.log_text()):
                if time.monotonic() > deadline:
                    raise SystemExit(f"the pool of {page} did not fill")
                time.sleep(0.5)
        if pools:
            self.wait_quiet(deadline)
        return time.perf_counter() - self.started

    def wait_quiet(self, deadline: float, quiet_seconds: float = 3.0, busy_percent: float = 10.0) -> None:
        """Wait until the pooled kernels have run their pages: Voila logs a pool as
        filled when its kernels are started, while their notebooks still execute.
        A teacher starts the server before the class arrives; learners then find
        pages already executed, so the class is timed from that moment."""
        quiet_since: float | None = None
        while time.monotonic() < deadline:
            processes = [psutil.Process(self.process.pid), *self.kernels()]
            for process in processes:
                try:
                    process.cpu_percent(None)
                except psutil.Error:
                    pass
            time.sleep(1.0)
            busy = 0.0
            for process in processes:
                try:
                    busy += process.cpu_percent(None)
                except psutil.Error:
                    pass
            if busy < busy_percent:
                quiet_since = quiet_since or time.monotonic()
                if time.monotonic() - quiet_since >= quiet_seconds:
                    return
            else:
                quiet_since = None
        raise SystemExit("the pooled kernels did not settle")

    def kernels(self) -> list[psutil.Process]:
        try:
            return psutil.Process(self.process.pid).children(recursive=True)
        except psutil.Error:
            return []

    def stop(self) -> list[int]:
        """Stop the server; the ids of processes still alive afterwards (there should be none)."""
        kernels = self.kernels()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        gone, alive = psutil.wait_procs(kernels, timeout=15)
        for process in alive:
            process.kill()
        import shutil

        shutil.rmtree(self.data_dir, ignore_errors=True)  # the run's live classes
        return [p.pid for p in alive]


def cpu_seconds(server: Server) -> dict[str, Any]:
    """CPU seconds (user + system) used so far by the server process and by each of its kernels."""
    def used(process: psutil.Process) -> float:
        try:
            times = process.cpu_times()
        except psutil.Error:
            return 0.0
        return float(times.user + times.system)

    return {"server": used(psutil.Process(server.process.pid)),
            "kernels": {k.pid: used(k) for k in server.kernels()}}


def pools_for(class_size: int, pools: dict[str, int]) -> dict[str, int]:
    """The launcher's kernels kept waiting for this class: {notebook: size} (``any.ipynb``: for any page)."""
    from nap_teach.app.server import class_plan, pages

    return class_plan(class_size, pages(ROOT / "notebooks"), pools=pools).pools


MIXED_PAGES = ("index.ipynb", "play.ipynb", "lesson.ipynb?lesson=3", "explorer.ipynb", "odds.ipynb",
               "problems.ipynb", "scorekeeper.ipynb", "handouts.ipynb")
"""``--page mixed``: the learners spread over every learner's page, in turn (a course lesson among them)."""


def page_of(page: str, i: int) -> tuple[str, str]:
    """Learner ``i``'s page and query for ``--page`` (``lesson.ipynb?lesson=3``, ``mixed``)."""
    chosen = MIXED_PAGES[i % len(MIXED_PAGES)] if page == "mixed" else page
    notebook, _, query = chosen.partition("?")
    return notebook, query


def class_link(page: str, query: str = "seed=7") -> tuple[str, str]:
    """The address a teacher puts on the board for ``page``: (notebook, query), in Spanish."""
    notebook, own = page_of(page, 0)
    return notebook, "&".join(q for q in ("lang=es", own, query) if q)


def kernels_of(server: "Server", learners: list[Learner]) -> list[psutil.Process]:
    """The kernel processes the learners' pages run in (a kernel's command line names its connection file)."""
    ids = {l.page.kernel_id for l in learners if l.page is not None and l.page.kernel_id}
    found = []
    for kernel in server.kernels():
        try:
            line = " ".join(kernel.cmdline())
        except psutil.Error:
            continue
        if any(f"kernel-{k}.json" in line for k in ids):
            found.append(kernel)
    return found


def memory(kernels: list[psutil.Process]) -> dict[str, float]:
    rss, uss, pss = [], [], []
    for kernel in kernels:
        try:
            info = kernel.memory_full_info()
        except psutil.Error:
            continue
        rss.append(info.rss / MiB)
        uss.append(info.uss / MiB)
        pss.append(getattr(info, "pss", info.uss) / MiB)  # shared libraries counted once across kernels
    if not rss:
        return {"kernels": 0}
    return {"kernels": len(rss), "rss_median_mib": statistics.median(rss), "rss_max_mib": max(rss),
            "uss_median_mib": statistics.median(uss), "uss_max_mib": max(uss),
            "pss_median_mib": statistics.median(pss), "pss_max_mib": max(pss), "total_pss_mib": sum(pss),
            "total_rss_mib": sum(rss), "total_uss_mib": sum(uss)}


def spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, max(0, int(round(0.9 * len(ordered))) - 1))]
    return {"median": statistics.median(ordered), "p90": p90, "max": ordered[-1]}


# ------------------------------------------------------------------------ play
def next_move(learner: Learner, order: tuple[str, ...] = ("card", "nap-play-call", "nap-play-next", "nap-play-playon")
              ) -> tuple[str, dict[str, Any] | None] | None:
    """What a learner would do now, looking in ``order``: "card" taps a playable card on the card table (the
    model and the table's message); the others click an allowed call or the next deal (the model, no message)."""
    for css in order:
        if css == "card":
            for model in learner.find("nap-play-card-table"):
                table = learner.states[model].get("state") or {}
                legal = [card["code"] for card in table.get("hand", ()) if card.get("legal")]
                if table.get("active") and legal:
                    return model, {"type": "play", "card": legal[0], "token": table.get("token")}
            continue
        for model in learner.find(css, "ButtonModel"):
            state = learner.states[model]
            if not state.get("disabled") and learner.visible(model) and "nap-play-gone" not in state["_dom_classes"]:
                if css == "nap-play-call" and "nap-play-call-pass" not in state["_dom_classes"]:
                    continue  # pass: the bots then play the deal out, a full round per click
                return model, None
    return None


async def play(learner: Learner, clicks: int) -> list[float]:
    latencies = []
    start = learner.find("nap-play-start")
    if start:
        latencies.append(await learner.click(start[0]))
    for _ in range(clicks):
        move = next_move(learner)
        if move is None:
            await asyncio.sleep(0.05)  # the bots still playing after a short delay
            continue
        model, message = move
        latencies.append(await (learner.click(model) if message is None else learner.send(model, message)))
    return latencies


# ------------------------------------------------------------------------ runs
async def open_all(url: str, page: str, n: int, query: str = "seed=7", one_link: bool = False) -> list[Learner]:
    """``n`` learners open ``page`` (``mixed``: every learner's page in turn) at once, half in Spanish
    (``one_link``: all the same address, the teacher's link in Spanish, :func:`class_link`)."""
    learners = [Learner() for _ in range(n)]
    targets = [page_of(page, i) for i in range(n)]
    queries = [class_link(page, query)[1] if one_link else
               "&".join(q for q in (f"lang={'es' if i % 2 else 'en'}", own, query) if q)
               for i, (_, own) in enumerate(targets)]
    results = await asyncio.gather(*(l.open(url, nb, q) for l, (nb, _), q in zip(learners, targets, queries)),
                                   return_exceptions=True)
    for learner, result in zip(learners, results):
        if isinstance(result, BaseException):
            learner.failure = f"{type(result).__name__}: {result}"  # type: ignore[attr-defined]
    return learners


def flood(url: str, count: int, seconds: float, server: Server) -> dict[str, Any]:
    """``count`` page loads spread over ``seconds`` from one client, 10 at a time."""
    statuses: dict[str, int] = {}
    peak = 0
    gap = seconds / max(count, 1)
    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=10) as pool:
        futures = []
        for i in range(count):
            futures.append(pool.submit(fetch_page, f"{url}voila/render/index.ipynb?lang=es", 120))
            peak = max(peak, len(server.kernels()))
            time.sleep(max(0.0, started + (i + 1) * gap - time.perf_counter()))
        for future in futures:
            load = future.result()
            key = str(load.status) if load.status else "failed"
            if load.status == 200 and load.blank:
                key = "200 blank"
            statuses[key] = statuses.get(key, 0) + 1
            peak = max(peak, len(server.kernels()))
    return {"loads": count, "seconds": time.perf_counter() - started, "statuses": statuses, "peak_kernels": peak,
            "server_up": server.process.poll() is None}


async def one_run(mode: str, args: argparse.Namespace) -> dict[str, Any]:
    class_size = args.learners if mode == "class" else 0
    extra_pools: dict[str, int] = {}
    if class_size:
        for item in args.pool or []:
            page, _, size = item.partition("=")
            extra_pools[page] = int(size)
    pools = pools_for(class_size, extra_pools) if class_size else {}
    max_kernels = None if class_size else max(40, 2 * args.learners + args.players + 2)
    server = Server(class_size, args.cull, max_kernels, extra_pools)
    result: dict[str, Any] = {"mode": mode, "learners": args.learners, "page": args.page, "pools": pools}
    try:
        result["server_ready_s"] = server.wait_ready(pools)
        result["waiting_memory"] = memory(server.kernels())  # the kernels kept ready, before anyone arrives
        teacher = None
        if args.teacher_first and class_size:
            # The teacher opens the link on the board first; the pool prepares that page in its waiting
            # kernels while the room is quiet (the server logs how many are ready), then the class opens it.
            notebook, query = class_link(args.page)
            teacher = Learner()
            shown = time.perf_counter()
            await teacher.open(server.url, notebook, query)
            want = class_size - 1
            pattern = re.compile(rf"Prepared (\d+) waiting kernels for {re.escape(notebook)}")
            while max([int(n) for n in pattern.findall(server.log_text())] or [0]) < want:
                if time.perf_counter() - shown > 600:
                    raise SystemExit("the pool did not prepare the teacher's page")
                await asyncio.sleep(0.5)
            server.wait_quiet(time.monotonic() + 600)
            result["prepared_s"] = time.perf_counter() - shown
        baseline = len(server.kernels())
        busy_before = cpu_seconds(server)
        learners = await open_all(server.url, args.page, args.learners, one_link=teacher is not None)
        busy_after = cpu_seconds(server)
        # CPU seconds the arrival cost (load-independent, unlike the times): the server process, the kernels
        result["arrival_cpu_s"] = {"server": busy_after["server"] - busy_before["server"],
                                   "kernels": sum(t - busy_before["kernels"].get(pid, 0.0)
                                                  for pid, t in busy_after["kernels"].items())}
        ready = [l.ready_seconds for l in learners if l.ready_seconds and not getattr(l, "failure", None)]
        blank = sum(1 for l in learners if l.page is not None and l.page.blank)
        failed = [getattr(l, "failure", None) or (l.page.error or f"HTTP {l.page.status}")
                  for l in learners if not l.ready_seconds and not (l.page is not None and l.page.blank)]
        result["interactive"] = len(ready)
        result["blank"] = blank
        result["failed"] = len(failed)
        result["failures"] = sorted(set(failed))[:5]
        result["time_to_interactive_s"] = spread(ready)
        result["page_html_s"] = spread([l.page.seconds for l in learners if l.page is not None and l.ready_seconds])
        ok = [l for l in learners if l.ready_seconds]
        result["phases_s"] = {name: spread([l.phases[name] for l in ok if name in l.phases])
                              for name in PHASES}
        if ok:  # what one page is made of: widget models and the bytes of their state
            result["page_models"] = len(ok[0].states)
            result["page_state_kib"] = len(json.dumps(ok[0].states)) / 1024
        result["kernels_alive"] = len(server.kernels())
        result["memory"] = memory([k for k in server.kernels()])
        result["learner_memory"] = memory(kernels_of(server, ok))  # the learners' own kernels, pages built

        players = [l for l in learners if l.ready_seconds and l.page is not None
                   and "/play.ipynb" in l.page.url][: args.players]
        if args.page != "play.ipynb":
            players = await open_all(server.url, "play.ipynb", args.players)
            learners += players
        clicks = await asyncio.gather(*(play(p, args.clicks) for p in players), return_exceptions=True)
        latencies = [x for c in clicks if isinstance(c, list) for x in c]
        result["click_reply_s"] = spread(latencies) | {"clicks": len(latencies)}
        result["memory_after_play"] = memory(server.kernels())

        if args.flood:
            loop = asyncio.get_running_loop()
            flood_task = loop.run_in_executor(None, flood, server.url, args.flood, args.flood_seconds, server)
            during = await asyncio.gather(*(play(p, args.clicks) for p in players), return_exceptions=True)
            result["flood"] = await flood_task
            result["flood"]["click_reply_during_s"] = spread([x for c in during if isinstance(c, list) for x in c])
            result["flood"]["memory"] = memory(server.kernels())
            result["flood"]["players_ok"] = all(isinstance(c, list) for c in during)

        # Everyone leaves without a goodbye: the kernels must be culled.
        await asyncio.gather(*(l.close(shutdown=False) for l in learners + ([teacher] if teacher else [])),
                             return_exceptions=True)
        left = time.perf_counter()
        deadline = left + args.cull * 3 + 30
        while len(server.kernels()) > baseline and time.perf_counter() < deadline:
            await asyncio.sleep(1)
        result["culled_after_s"] = time.perf_counter() - left if len(server.kernels()) <= baseline else None
        result["kernels_after_culling"] = len(server.kernels())
        result["tracebacks_in_log"] = server.log_text().count("Traceback")
    finally:
        result["lingering_processes"] = server.stop()
    return result


# ------------------------------------------------------------- live class
SUBMIT_DEALS = 8


async def learner_session(learner: Learner, name: str, deals: int, acks: list[tuple[float, str, int]],
                          timeout: float) -> list[float]:
    """One learner from the class link: type a name, start, play every deal (passing, then the legal cards).

    Each "Deal N is with your teacher" the page shows (its ``data-sent``, in any language) is recorded in ``acks`` (when, who, N): the kernel has
    stored the deal. Returns the click latencies."""
    latencies = []
    name_box = learner.find("nap-play-name", "TextModel")
    start = learner.find("nap-play-start")
    line = learner.find("nap-play-live", "HTMLModel")
    if not (name_box and start and line):
        raise RuntimeError("the class link's page has no name box, start button or live line")
    latencies.append(await learner.update(name_box[0], {"value": name}))
    latencies.append(await learner.click(start[0]))
    seen = 0
    ends = time.perf_counter() + timeout
    while seen < deals and time.perf_counter() < ends:
        text = str(learner.states.get(line[0], {}).get("value", ""))
        match = re.search(r'data-sent="(\d+)"', text)
        if match and int(match.group(1)) > seen:
            now = time.perf_counter()
            for number in range(seen + 1, int(match.group(1)) + 1):
                acks.append((now, name, number))
            seen = int(match.group(1))
            continue
        # "Next deal" first: once a deal is over its call buttons are still enabled (in a hidden panel)
        move = next_move(learner, ("nap-play-next", "card", "nap-play-call", "nap-play-playon"))
        if move is None:
            await asyncio.sleep(0.05)
            continue
        model, message = move
        latencies.append(await (learner.click(model) if message is None else learner.send(model, message)))
    return latencies


async def submit_run(args: argparse.Namespace) -> dict[str, Any]:
    """30 learners play and send 8 deals each from the class link while the teacher's class page is open."""
    from nap_teach.teach.classroom import ClassStore, database_url
    from nap_teach.teach.play import TableSetup

    n = args.learners
    pools = pools_for(n, {})
    server = Server(n, args.cull, None, {})
    result: dict[str, Any] = {"mode": "submit", "learners": n, "page": "play.ipynb?class=..", "pools": pools,
                              "deals_each": SUBMIT_DEALS}
    try:
        result["server_ready_s"] = server.wait_ready(pools)
        # The teacher makes the class on their play page (its "A link for the class": here straight into the
        # run's class store, as that button does), opens the class page with the teacher link and shows the
        # class link; meanwhile the pool builds play pages ahead. The learners arrive on a quiet server.
        made = time.perf_counter()
        maker = Learner()
        await maker.open(server.url, "play.ipynb", "lang=en")
        store = ClassStore(database_url(server.data_dir))
        info = store.create(TableSetup(players=4, seat=1, seed=2026, deals=SUBMIT_DEALS, bots="simple"))
        teacher = Learner()
        await teacher.open(server.url, "class.ipynb", f"teacher={info.teacher_key}&lang=en")
        pattern = re.compile(r"Prepared (\d+) waiting kernels for play\.ipynb")
        while max([int(k) for k in pattern.findall(server.log_text())] or [0]) < n - 1:
            if time.perf_counter() - made > 600:
                raise SystemExit("the pool did not prepare the play page")
            await asyncio.sleep(0.5)
        server.wait_quiet(time.monotonic() + 600)
        result["prepared_s"] = time.perf_counter() - made
        summary = teacher.find("nap-class-live-summary", "HTMLModel")
        if not summary:
            raise SystemExit("the teacher's class page shows no live class")
        seen: list[tuple[float, int]] = []
        stop = asyncio.Event()

        async def watch() -> None:
            last = -1
            while not stop.is_set():
                match = re.search(r'data-deals="(\d+)"', str(teacher.states.get(summary[0], {}).get("value", "")))
                count = int(match.group(1)) if match else 0
                if count != last:
                    seen.append((time.perf_counter(), count))
                    last = count
                await asyncio.sleep(0.02)

        watcher = asyncio.create_task(watch())
        learners = await open_all(server.url, "play.ipynb", n, query=f"class={info.code}")
        ready = [l for l in learners if l.ready_seconds]
        result["interactive"] = len(ready)
        result["time_to_interactive_s"] = spread([l.ready_seconds for l in ready])
        acks: list[tuple[float, str, int]] = []
        began = time.perf_counter()
        plays = await asyncio.gather(*(learner_session(l, f"Learner {i:02d}", SUBMIT_DEALS, acks, args.play_timeout)
                                       for i, l in enumerate(ready)), return_exceptions=True)
        result["play_s"] = time.perf_counter() - began
        result["session_errors"] = sorted({f"{type(p).__name__}: {p}" for p in plays if isinstance(p, BaseException)})[:5]
        latencies = [x for p in plays if isinstance(p, list) for x in p]
        result["click_reply_s"] = spread(latencies) | {"clicks": len(latencies)}
        expected = n * SUBMIT_DEALS
        deadline = time.perf_counter() + 60
        while (not seen or seen[-1][1] < len(acks)) and time.perf_counter() < deadline:
            await asyncio.sleep(0.1)
        stop.set()
        await watcher
        stored = store._read("SELECT COUNT(*), COUNT(DISTINCT learner_id || ':' || number) FROM deals")[0]
        result["acknowledged"] = len(acks)
        result["stored"] = stored[0]
        result["stored_twice"] = stored[0] - stored[1]
        result["lost"] = expected - stored[1]
        result["teacher_count"] = seen[-1][1] if seen else 0
        delays = []
        for k, (when, _name, _number) in enumerate(sorted(acks), 1):
            shown = next((t for t, count in seen if count >= k), None)
            if shown is not None:
                delays.append(max(0.0, shown - when))
        result["teacher_sees_s"] = spread(delays)
        result["memory"] = memory(server.kernels())
        await asyncio.gather(*(l.close() for l in [*learners, teacher, maker]), return_exceptions=True)
        result["tracebacks_in_log"] = server.log_text().count("Traceback")
    finally:
        result["lingering_processes"] = server.stop()
    return result


def report_submit(r: dict[str, Any], out: Any = sys.stdout) -> None:
    w = out.write
    w(f"\n== live class: {r['learners']} learners play {r['deals_each']} deals each from the class link, "
      f"the teacher's page open ==\n")
    w("pools: " + ", ".join(f"{p} {n}" for p, n in sorted(r["pools"].items())) + "\n")
    if "prepared_s" in r:
        w(f"play pages built ahead              {r['prepared_s']:.0f} s after the teacher opened the play page\n")
    tti = r.get("time_to_interactive_s", {})
    if tti:
        w(f"interactive                         {r.get('interactive')}/{r['learners']}   median {tti['median']:.2f} s"
          f"   p90 {tti['p90']:.2f} s   max {tti['max']:.2f} s\n")
    w(f"playing took                        {r.get('play_s', 0):.0f} s   errors: {r.get('session_errors') or 'none'}\n")
    clicks = r.get("click_reply_s", {})
    if clicks.get("clicks"):
        w(f"click -> reply                      median {clicks['median'] * 1000:.0f} ms   p90 {clicks['p90'] * 1000:.0f} ms"
          f"   max {clicks['max'] * 1000:.0f} ms   ({clicks['clicks']} clicks)\n")
    w(f"deals sent (acknowledged)           {r.get('acknowledged')} of {r['learners'] * r['deals_each']}\n")
    w(f"stored                              {r.get('stored')}   lost {r.get('lost')}   stored twice "
      f"{r.get('stored_twice')}   the teacher's page counts {r.get('teacher_count')}\n")
    sees = r.get("teacher_sees_s", {})
    if sees:
        w(f"deal stored -> on the teacher's page median {sees['median']:.2f} s   p90 {sees['p90']:.2f} s"
          f"   max {sees['max']:.2f} s\n")
    mem = r.get("memory", {})
    if mem.get("kernels"):
        w(f"kernels                             {mem['kernels']}   RSS median {mem['rss_median_mib']:.0f} MiB "
          f"(max {mem['rss_max_mib']:.0f}), USS median {mem['uss_median_mib']:.0f} MiB\n")
    w(f"tracebacks in the server log        {r.get('tracebacks_in_log')}   "
      f"processes left after stop: {r.get('lingering_processes')}\n")


def report(r: dict[str, Any], out: Any = sys.stdout) -> None:
    tti = r.get("time_to_interactive_s", {})
    clicks = r.get("click_reply_s", {})
    mem = r.get("memory", {})
    w = out.write
    w(f"\n== {r['mode']} mode: {r['learners']} learners open {r['page']} at once ==\n")
    if r["pools"]:
        w("pools: " + ", ".join(f"{p} {n}" for p, n in sorted(r["pools"].items())) + "\n")
    w(f"server ready (pools run) after       {r.get('server_ready_s', 0):.1f} s\n")
    if "prepared_s" in r:
        w(f"the teacher opened the link first    the waiting kernels had built its page {r['prepared_s']:.0f} s later; "
          f"then the class opened the same link\n")
    w(f"interactive                         {r.get('interactive', 0)}/{r['learners']}"
      f"   blank {r.get('blank', 0)}   failed {r.get('failed', 0)} {r.get('failures') or ''}\n")
    if tti:
        w(f"time to interactive                 median {tti['median']:.2f} s   p90 {tti['p90']:.2f} s"
          f"   max {tti['max']:.2f} s\n")
    html = r.get("page_html_s", {})
    if html:
        w(f"  of which the page's HTML          median {html['median']:.2f} s   p90 {html['p90']:.2f} s"
          f"   max {html['max']:.2f} s\n")
    phases = r.get("phases_s", {})
    if phases:
        w("  steps (median / p90)              " + "   ".join(
            f"{name} {p['median']:.2f}/{p['p90']:.2f}" for name, p in phases.items() if p) + "\n")
    cpu = r.get("arrival_cpu_s")
    if cpu:
        w(f"  CPU for the arrivals              server process {cpu['server']:.2f} s, kernels {cpu['kernels']:.2f} s "
          f"({(cpu['server'] + cpu['kernels']) / max(1, r['learners']) * 1000:.0f} ms a learner)\n")
    if r.get("page_models"):
        w(f"  one page                          {r['page_models']} widget models, "
          f"{r['page_state_kib']:.0f} KiB of state\n")
    waiting = r.get("waiting_memory", {})
    if waiting.get("kernels"):
        w(f"kernels waiting before the class    {waiting['kernels']}: USS {waiting['total_uss_mib'] / 1024:.2f} GiB in all "
          f"(median {waiting['uss_median_mib']:.0f} MiB), RSS median {waiting['rss_median_mib']:.0f} MiB\n")
    own = r.get("learner_memory", {})
    if own.get("kernels"):
        w(f"the learners' kernels, page built   {own['kernels']}: RSS median {own['rss_median_mib']:.0f} MiB, "
          f"max {own['rss_max_mib']:.0f} MiB; USS median {own['uss_median_mib']:.0f} MiB\n")
    if mem.get("kernels"):
        w(f"kernels alive                       {r.get('kernels_alive')}   per kernel: RSS median "
          f"{mem['rss_median_mib']:.0f} MiB (max {mem['rss_max_mib']:.0f}), USS median {mem['uss_median_mib']:.0f} MiB, "
          f"PSS median {mem['pss_median_mib']:.0f} MiB (all kernels {mem['total_pss_mib']:.0f} MiB)\n")
    if clicks.get("clicks"):
        w(f"click -> reply, {r.get('players_n', '')}players              median {clicks['median'] * 1000:.0f} ms"
          f"   p90 {clicks['p90'] * 1000:.0f} ms   max {clicks['max'] * 1000:.0f} ms   ({clicks['clicks']} clicks)\n")
    after = r.get("memory_after_play", {})
    if after.get("kernels"):
        w(f"after playing                       RSS median {after['rss_median_mib']:.0f} MiB, "
          f"max {after['rss_max_mib']:.0f} MiB (the play page drew its chart); USS max {after['uss_max_mib']:.0f} MiB, "
          f"PSS max {after['pss_max_mib']:.0f} MiB\n")
    if "flood" in r:
        f = r["flood"]
        during = f.get("click_reply_during_s", {})
        w(f"flood                               {f['loads']} loads in {f['seconds']:.0f} s: {f['statuses']}, "
          f"peak {f['peak_kernels']} kernels, server up: {f['server_up']}, players ok: {f['players_ok']}\n")
        if during:
            w(f"click -> reply during the flood     median {during['median'] * 1000:.0f} ms   "
              f"max {during['max'] * 1000:.0f} ms\n")
    culled = r.get("culled_after_s")
    w(f"after everyone left                 {r.get('kernels_after_culling')} kernels "
      f"({'back to the pools' if r['pools'] else 'none'} expected); "
      + (f"culled within {culled:.0f} s" if culled is not None else "NOT all culled") + "\n")
    w(f"tracebacks in the server log        {r.get('tracebacks_in_log')}   "
      f"processes left after stop: {r.get('lingering_processes')}\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=4)
    parser.add_argument("--mode", choices=["class", "plain", "both", "submit"], default="both",
                        help="submit: a live class, every learner plays and sends 8 deals (see the module's docs)")
    parser.add_argument("--play-timeout", type=float, default=900.0, help="submit mode: seconds a learner may play")
    parser.add_argument("--page", default="play.ipynb",
                        help="the page everyone opens, with its query (lesson.ipynb?lesson=3), or mixed: "
                             "the learners spread over every learner's page")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--cull", type=int, default=30, help="culling idle timeout for the run, seconds")
    parser.add_argument("--flood", type=int, default=0, help="page loads from one client after the class is in")
    parser.add_argument("--flood-seconds", type=float, default=60.0)
    parser.add_argument("--pool", action="append", default=None, metavar="PAGE=SIZE",
                        help="class mode: extra preheated pools given to the launcher (default none: the "
                             "teacher's command is --class-size N alone)")
    parser.add_argument("--teacher-first", action="store_true",
                        help="class mode: the teacher opens the page's link (in Spanish) first and the class opens "
                             "the same link once the pool has prepared it (else: the class arrives on a cold pool, "
                             "half in Spanish)")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    results = []
    if args.mode == "submit":
        result = asyncio.run(submit_run(args))
        report_submit(result)
        results.append(result)
    for mode in (["class", "plain"] if args.mode == "both" else [args.mode] if args.mode != "submit" else []):
        result = asyncio.run(one_run(mode, args))
        result["players_n"] = f"{args.players} "
        report(result)
        results.append(result)
    load = os.getloadavg()
    print(f"\n(load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; {os.cpu_count()} cores)")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
