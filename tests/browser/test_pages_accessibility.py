"""Issue 17 part 5 and issue 16 part 6 in Chromium: every page and main state passes axe-core, in English and
Spanish, at 1280 and 390 px; every page shows its app inside its landmarks; every internal link keeps ``?lang=``.

The pages and their states come from one list, tests/browser/pages.py (``VISITS``): a new notebook is
covered by adding it there (the first test fails until it is). The list is walked by three files, one per
page group, so that the two test workers share the work: this one (``learn``: the start page, the worked
deal, the rules explorer), test_pages_accessibility_course.py (``course``: a lesson of the course, whose
later states test_course_sample.py checks on its way through it, the handouts, the class page) and test_pages_accessibility_play.py (``play``: play, scorekeeper, problems,
odds). In each, one server and one browser context; the group's pages are opened side by side at the start
and walked one after the other (``pages.walk``).

Each page is opened with ``?lang=es`` at 390 px; at every state axe runs (at 390 x 844, then at 844 x 390: a
phone held sideways) and every internal link of the page
must carry ``lang=es``; at the last state the language is switched in place to English, the width set to
1280 px, and axe runs again. No axe rule is disabled: 0 critical and 0 serious violations, and no content
outside a landmark (``region``). The Spanish crawl from the start page's links is in test_spanish.py.
"""
from __future__ import annotations

from pathlib import Path
from nap_teach.app import server


GROUP = "learn"  # the page group of pages.py walked here; conftest.py gives each test one ``visit`` of it
NOTEBOOKS = server.pages(Path(__file__).resolve().parents[2] / "notebooks")


def test_every_notebook_is_in_the_page_list(site_pages):
    # A new page is checked by adding it to tests/browser/pages.py (VISITS).
    assert site_pages.notebooks_covered() == set(NOTEBOOKS)


def test_every_visit_is_walked_by_one_of_the_three_files(site_pages):
    here = Path(__file__).resolve().parent
    walked = {"learn": here / "test_pages_accessibility.py", "course": here / "test_pages_accessibility_course.py",
              "play": here / "test_pages_accessibility_play.py"}
    assert set(site_pages.GROUPS) == set(walked)
    for group, path in walked.items():
        assert f'GROUP = "{group}"' in path.read_text(), path.name
    assert sum(len(site_pages.visits(g)) for g in site_pages.GROUPS) == len(site_pages.VISITS)


def test_every_state_of_every_page_is_accessible_in_both_languages(visit, opened, axe, expect, shared_context,
                                                                   site_pages):
    site_pages.walk(visit, opened[visit.name], axe, expect, shared_context.log)
