"""Suite-wide test settings.

Hypothesis: the "ci" profile (no per-example deadline, which is flaky on a
shared 2-core machine; fixed seed for reproducible CI runs) is loaded when the
CI environment variable is set; HYPOTHESIS_PROFILE=<name> picks one explicitly.
"""

from __future__ import annotations

import os

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
