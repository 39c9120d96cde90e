"""The browser the page benchmarks load the app in: the desktop Chromium a learner opens.

``make test`` runs its browser tests in Debian's headless shell and does not install this one.
"""
from __future__ import annotations

import os
import sys

CHROMIUM = os.environ.get("NAP_CHROMIUM") or "/usr/bin/chromium"
"""``NAP_CHROMIUM`` names another Chromium, as for the browser tests (tests/browser/conftest.py)."""


def missing() -> bool:
    """True, with the reason and the fix on stderr, when there is no Chromium at :data:`CHROMIUM`."""
    if os.path.exists(CHROMIUM):
        return False
    print(f"error: no Chromium at {CHROMIUM}: the benchmark loads the pages in the desktop browser a learner "
          "opens (Debian: apt-get install chromium; another one: NAP_CHROMIUM=/path/to/chromium)", file=sys.stderr)
    return True
