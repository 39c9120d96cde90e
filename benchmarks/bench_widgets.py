"""Widget models per page: how many widgets a kernel builds for each page, and after a deal starts.

Every widget model travels to the browser when a page opens (``bench_class.py`` counts them on a
served page, through a real server); this script counts them in one process, without a server,
so a change to a page can be measured in a second::

    .venv/bin/python benchmarks/bench_widgets.py

It prints, per page, the models built by the page's constructor (what a kernel sends when the
page opens) and, for the play page, after its "Start" click (the first deal dealt). The counts
do not depend on the machine. Last measured 2026-12-02 (issue 30 part 4, the hidden duplicate
drawings removed): play 276 -> 250 built, 291 -> 265 after the start; lesson 172 -> 169.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ipywidgets.widgets.widget import _instances  # noqa: E402  (ipywidgets' registry of live widget models)

from nap_teach.ui.lesson import LessonApp  # noqa: E402
from nap_teach.ui.play import PlayApp  # noqa: E402


def models_made_by(build: Callable[[], object]) -> tuple[int, object]:
    """How many widget models ``build()`` creates, and what it returned."""
    before = len(_instances)
    made = build()
    return len(_instances) - before, made


def main() -> int:
    count, play = models_made_by(PlayApp)
    print(f"play page: {count} widget models when built")
    started, _ = models_made_by(lambda: play.setup.start.click())  # type: ignore[attr-defined]
    print(f"play page: {count + started} widget models once the first deal is dealt")
    count, _ = models_made_by(LessonApp)
    print(f"lesson page: {count} widget models when built")
    return 0


if __name__ == "__main__":
    sys.exit(main())
