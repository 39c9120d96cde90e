"""benchmarks/bench_pages.py: its examples run, and the interval it prints around a page's median ratio holds it."""
from __future__ import annotations

import doctest
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_pages.py"


def bench_pages() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_pages", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    sys.path.insert(0, str(SCRIPT.parent))  # its sibling modules, as when run as a script
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
        sys.path.remove(str(SCRIPT.parent))
    return module


def test_the_examples_of_its_docstrings_run() -> None:
    result = doctest.testmod(bench_pages(), report=False)
    assert result.attempted >= 2 and result.failed == 0


def test_the_median_interval_holds_the_median_and_narrows_with_more_rounds() -> None:
    interval = bench_pages().median_interval
    ratios = [0.98, 1.02, 1.04, 1.05, 1.07, 1.12, 1.30]
    low, high = interval(ratios)
    assert min(ratios) <= low <= 1.05 <= high <= max(ratios)
    assert interval(ratios) == (low, high)  # seeded: the same figures every time
    wide = high - low
    low3, high3 = interval(ratios * 3)  # the same spread over three times the rounds
    assert high3 - low3 < wide
