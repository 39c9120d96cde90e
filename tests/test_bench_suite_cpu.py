"""benchmarks/bench_suite_cpu.py: its examples run, and a command's CPU is counted under the command's kind."""
from __future__ import annotations

import doctest
import importlib.util
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_suite_cpu.py"


def test_the_examples_of_its_docstrings_run() -> None:
    spec = importlib.util.spec_from_file_location("bench_suite_cpu", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = doctest.testmod(module, report=False)
    assert result.attempted >= 5 and result.failed == 0


def test_a_busy_command_is_counted_under_its_kind() -> None:
    busy = "import time\nend = time.process_time() + 1.2\nwhile time.process_time() < end: pass"
    done = subprocess.run([sys.executable, str(SCRIPT), "--interval", "0.2", "--", sys.executable, "-c", busy],
                          capture_output=True, text=True, timeout=60, check=True)
    rows = [line.split() for line in done.stdout.splitlines() if "other python: -c" in line]
    assert rows, done.stdout
    assert 0.8 <= float(rows[0][0]) <= 2.0, done.stdout
    assert "exit 0" in done.stdout
