"""Suite-wide test settings.

Order: the browser tests (tests/browser) run first. `make test` hands whole files to two workers
(pytest-xdist, ``--dist loadfile --no-loadscope-reorder``) in the order they are collected (without that
option xdist sorts the files by their number of tests, which puts the browser files last); with the long
browser files first,
the many short unit-test files and notebooks come last and even out the two workers' ends, instead of
one worker finishing a long browser file alone. Within the browser tests, tests/browser/conftest.py puts the
install tests (the wheel, Binder's venv) last: what they need is made in the background from the first browser
test on, so by their turn it is ready.

Hypothesis: the "ci" profile (no per-example deadline, which is flaky on a
shared 2-core machine; fixed seed for reproducible CI runs) is loaded when the
CI environment variable is set; HYPOTHESIS_PROFILE=<name> picks one explicitly.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

BROWSER_TESTS = Path(__file__).resolve().parent / "browser"

try:
    from hypothesis import settings
except ImportError:  # hypothesis is in requirements-test.txt; tolerate its absence
    settings = None

if settings is not None:
    settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
    settings.register_profile("dev", deadline=None)
    _profile = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else None)
    if _profile:
        settings.load_profile(_profile)


def pytest_configure(config: pytest.Config) -> None:
    """Stop at once if a module compiled by mypyc (setup.py) is older than its source: the tests would run old code.

    Python prefers a compiled module to the ``.py`` beside it; ``make test`` builds the engine again after an
    edit, a bare ``pytest`` does not.
    """
    package = Path(__file__).resolve().parents[1] / "nap_teach"
    stale = [built.name for built in package.rglob("*.so")
             if (source := built.with_name(f"{built.name.split('.')[0]}.py")).exists()
             and source.stat().st_mtime > built.stat().st_mtime]
    if stale:
        pytest.exit(f"the compiled modules are older than their source ({', '.join(sorted(stale))}): run make test, "
                    "which builds it again, or .venv/bin/pip install --no-deps -e . first", returncode=4)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The browser tests first, each group otherwise in its collected order (see the module's docstring)."""
    items.sort(key=lambda item: 0 if BROWSER_TESTS in item.path.parents else 1)


def play_class_session(name: str, seed: int = 11, policy: str = "coach", **setup: object) -> str:
    """A whole session played from the play page's engine as one learner of a class would, as its file's text.

    ``policy`` is how the learner plays: "coach" (the coach's hint every time), "pass" (passes, then the
    coach's card), "bold" (the highest call allowed, then the coach's card) or "random:<n>" (any legal choice).
    The class results tests (tests/test_traveller.py, the class page's widget and browser tests) use it.
    """
    import random

    from nap_teach.teach.play import PlayTable, TableSetup

    table = PlayTable.new(TableSetup(**{"players": 4, "seat": 1, "seed": seed, "deals": 3, "name": name,
                                        "bots": "simple", **setup}))  # type: ignore[arg-type]
    rng = random.Random(policy)
    while not table.session.is_over:
        table.start_deal()
        while table.pending not in ("deal_over", "session_over"):
            if table.pending == "stop":
                table.play_on()
                continue
            if policy.startswith("random"):
                if table.pending == "call":
                    table.call(rng.choice([o for o in table.call_options() if o.legal]).call)
                else:
                    view = table.view()
                    assert view is not None
                    table.play(rng.choice([c for c in view.hand if table.card_refusal(c) is None]))
                continue
            if table.pending == "call" and policy == "pass":
                table.call("Pass")
            elif table.pending == "call" and policy == "bold":
                table.call([o for o in table.call_options() if o.legal][-1].call)
            else:
                action = table.hint().action
                if table.pending == "call":
                    table.call(action)  # type: ignore[arg-type]
                else:
                    table.play(action)  # type: ignore[arg-type]
    return table.to_json()


try:
    import pytest as _pytest

    @_pytest.fixture(scope="session")
    def class_session():
        """:func:`play_class_session`, for tests in any folder (the suite imports test files by path)."""
        return play_class_session
except ImportError:  # pragma: no cover - pytest runs this file
    pass
