"""Where the test suite's CPU goes: runs a command (by default ``make test``) and adds up CPU time per kind of process.

    .venv/bin/python benchmarks/bench_suite_cpu.py                     # make test, as CI runs it
    .venv/bin/python benchmarks/bench_suite_cpu.py -- make run-tests PYTEST_ARGS=tests/test_cards.py

Issue 30 asks for the whole suite in under 10 minutes on two cores, and the suite is bound by those cores (a third
test worker gained about 5%). So the question is whose CPU it is. Every ``--interval`` seconds the script reads
``/proc/<pid>/stat`` of every process on the machine and adds the growth of its user + system time to its kind:
Chromium by process type (``--type=renderer`` ...), Playwright's driver (node), the Voila servers, the kernels,
the test workers (pytest-xdist starts them as ``python -c ...``), the pytest controller, compilers. A process that
lives less than one interval, and the last interval of each one, are missed, so the sum is a little under the
machine's busy time, which is printed beside it (from ``/proc/stat``).

It reads only ``/proc``: Linux only, no dependency. Figures: benchmarks/README.md, "Test suite time".
"""
from __future__ import annotations

import argparse
import collections
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HZ = os.sysconf("SC_CLK_TCK")
CHROMIUM_TYPES = ("renderer", "gpu-process", "utility", "zygote", "broker", "crashpad-handler")


def kind_of(cmdline: list[str]) -> str:
    """The kind a process's command line belongs to.

    >>> kind_of(["/usr/lib/chromium/chromium --type=renderer --lang=en-GB"])
    'chromium renderer'
    >>> kind_of(["/usr/lib/chromium/chromium", "--headless", "--no-sandbox"])
    'chromium browser'
    >>> kind_of(["/w/.venv/bin/python", "-m", "ipykernel_launcher", "-f", "k.json"])
    'kernel'
    >>> kind_of(["/w/.venv/bin/python", "-c", "import sys;exec(eval(sys.stdin.readline()))"])
    'test worker'
    >>> kind_of(["/w/.venv/bin/python", "-m", "nap_teach", "serve", "--port=1"])
    'server'
    """
    text = " ".join(cmdline)  # Chromium rewrites a child's command line into one string
    program = os.path.basename(text.split(" ", 1)[0])
    if "chrom" in program:
        for kind in CHROMIUM_TYPES:
            if f"--type={kind}" in text:
                return f"chromium {kind}"
        return "chromium browser"
    if "ipykernel" in text:
        return "kernel"
    if (" serve" in text and "nap_teach" in text) or "voila" in text:
        return "server"
    if "exec(eval(sys.stdin.readline()))" in text:
        return "test worker"
    if "pytest" in text:
        return "pytest controller"
    if program == "node" or "playwright" in text:
        return "playwright driver"
    if program.startswith("python"):
        return "other python: " + " ".join(" ".join(cmdline[1:3]).split())[:40]  # a -c script on one line
    return program[:30]


def cpu_ticks(pid: str) -> tuple[str, int] | None:
    """(the process's start time, its user + system ticks): the start time tells a process from a later one
    given the same pid (pids wrap at ``/proc/sys/kernel/pid_max``, 32,768 here, and a suite starts thousands)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return fields[19], int(fields[11]) + int(fields[12])  # starttime; utime, stime


def cmdline_of(pid: str) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            parts = [part.decode(errors="replace") for part in cmdline.read().split(b"\0") if part]
    except OSError:
        return None
    return parts or None


def machine_ticks() -> tuple[int, int]:
    """(all ticks, idle + iowait ticks) of the whole machine."""
    with open("/proc/stat") as stat:
        values = [int(v) for v in stat.readline().split()[1:]]
    return sum(values), values[3] + values[4]


class Sampler:
    """Adds up each process's CPU growth per kind, every ``interval`` seconds, until stopped."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.totals: collections.Counter[str] = collections.Counter()
        self._seen: dict[tuple[str, str], tuple[str, int]] = {}
        """(pid, start time) -> (kind, ticks at the last sample)"""
        self._start = machine_ticks()
        self._ours = str(os.getpid())
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        """Count from now: a process running already is counted from its present CPU time, not from its start."""
        self._start = machine_ticks()
        self.sample(new_from_zero=False)
        self._thread.start()

    def stop(self) -> float:
        """Stop and return the machine's busy share over the run (0-1)."""
        self._stop.set()
        self._thread.join()
        self.sample()
        total, idle = machine_ticks()
        return 1 - (idle - self._start[1]) / max(1, total - self._start[0])

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self.sample()

    def sample(self, new_from_zero: bool = True) -> None:
        """Add each process's growth since the last sample; a process not seen before grew from zero."""
        for pid in os.listdir("/proc"):
            if not pid.isdigit() or pid == self._ours:
                continue
            read = cpu_ticks(pid)
            if read is None:
                continue
            started, ticks = read
            key = (pid, started)
            if key not in self._seen:
                cmdline = cmdline_of(pid)
                if cmdline is None:
                    continue
                self._seen[key] = (kind_of(cmdline), 0 if new_from_zero else ticks)
            kind, before = self._seen[key]
            self.totals[kind] += ticks - before
            self._seen[key] = (kind, ticks)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--interval", type=float, default=0.5, help="seconds between samples (default 0.5)")
    parser.add_argument("command", nargs="*", default=["make", "test"], help="what to run (default: make test)")
    args = parser.parse_args()
    sampler = Sampler(args.interval)
    sampler.start()
    started = time.monotonic()
    process = subprocess.Popen(args.command, cwd=ROOT)
    try:
        returncode = process.wait()
    except KeyboardInterrupt:
        process.send_signal(signal.SIGINT)
        returncode = process.wait()
    wall = time.monotonic() - started
    busy = sampler.stop()
    total = sum(sampler.totals.values()) / HZ
    print(f"\n{' '.join(args.command)}: exit {returncode}, {wall:.1f} s wall; the machine {busy:.0%} busy "
          f"({busy * wall * (os.cpu_count() or 1):.0f} CPU s); counted per process {total:.0f} CPU s")
    for kind, ticks in sampler.totals.most_common():
        if ticks / HZ >= 0.5:
            print(f"{ticks / HZ:9.1f} s {100 * ticks / HZ / max(total, 1e-9):5.1f}%  {kind}")
    return returncode


if __name__ == "__main__":
    sys.exit(main())
