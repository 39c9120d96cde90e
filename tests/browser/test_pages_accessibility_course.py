"""The page walk of test_pages_accessibility.py for the ``course`` group: a lesson of the course (pub-session;
its later states, a question answered wrongly and the quiz answered, are checked the same way by
test_course_sample.py, which plays that lesson through), the handouts and the class page: axe-core at every
state in Spanish at 390 px and the last in English at 1280 px, landmarks, links that keep ``?lang=`` (see
test_pages_accessibility.py).
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest


def _page_list():
    name = "nap_site_pages"  # shared with the site_pages fixture of conftest.py
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("pages.py"))
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


GROUP = "course"
VISITS = _page_list().visits(GROUP)


@pytest.fixture(scope="module")
def opened(shared_context, site_pages):
    """The group's visits, opened side by side in Spanish at 390 px: {visit name: page}."""
    return site_pages.open_visits(shared_context, GROUP)


@pytest.mark.parametrize("visit", VISITS, ids=[v.name for v in VISITS])
def test_every_state_of_every_page_is_accessible_in_both_languages(visit, opened, axe, expect, shared_context,
                                                                   site_pages):
    site_pages.walk(visit, opened[visit.name], axe, expect, shared_context.log)
