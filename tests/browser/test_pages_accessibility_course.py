"""The page walk of test_pages_accessibility.py for the ``course`` group: a lesson of the course (pub-session;
its later states, a question answered wrongly and the quiz answered, are checked the same way by
test_course_sample.py, which plays that lesson through), the handouts and the class page: axe-core at every
state in Spanish at 390 px and the last in English at 1280 px, landmarks, links that keep ``?lang=`` (see
test_pages_accessibility.py).
"""
from __future__ import annotations

GROUP = "course"  # the page group of pages.py walked here; conftest.py gives each test one ``visit`` of it


def test_every_state_of_every_page_is_accessible_in_both_languages(visit, opened, axe, expect, shared_context,
                                                                   site_pages):
    site_pages.walk(visit, opened[visit.name], axe, expect, shared_context.log)
