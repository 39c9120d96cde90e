"""The shared page header (nap_teach/ui/nav.py): landmarks, and links that keep the language and rules."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from nap_teach.ui.base import Language
from nap_teach.ui.explorer import ExplorerApp
from nap_teach.ui.landing import LESSONS, LandingPage
from nap_teach.ui.lesson import LessonApp
from nap_teach.ui.nav import COURSE_PAGES, START_PAGE, PageNav, nav_href, nav_html, next_page
from nap_teach.ui.odds import OddsApp
from nap_teach.ui.play import PlayApp
from nap_teach.ui.problems import ProblemsApp
from nap_teach.ui.scorekeeper import ScorekeeperApp
from nap_teach.engine.profiles import PUB
from nap_teach.app import server

ROOT = Path(__file__).resolve().parents[1]
APPS = [LandingPage, LessonApp, PlayApp, ExplorerApp, ScorekeeperApp, ProblemsApp, OddsApp]


def hrefs(markup: str) -> list[str]:
    return [html.unescape(h) for h in re.findall(r'href="([^"]*)"', markup)]


def test_every_notebook_has_its_place_in_the_course():
    notebooks = server.pages(ROOT / "notebooks")
    assert sorted(p.notebook for p in COURSE_PAGES) == notebooks
    assert COURSE_PAGES[0] == START_PAGE
    # the start page lists the other pages in the same order as "next" walks them
    assert [lesson.notebook for lesson in LESSONS] == [p.notebook for p in COURSE_PAGES[1:]]


def test_next_page_walks_the_course_and_stops_at_the_end():
    walked = [START_PAGE.notebook]
    while (following := next_page(walked[-1])) is not None:
        walked.append(following.notebook)
    assert walked == [p.notebook for p in COURSE_PAGES]
    assert next_page("unknown.ipynb") is None


def test_links_keep_the_language_and_the_rules():
    assert nav_href("lesson.ipynb", "es") == "lesson.ipynb?lang=es"
    assert nav_href("lesson.ipynb", "es", "pub") == "lesson.ipynb?lang=es&profile=pub"
    assert nav_href("lesson.ipynb", "en") == "lesson.ipynb"
    assert nav_href("explorer.ipynb", "es", rule="B11") == "explorer.ipynb?lang=es&rule=B11"
    markup = nav_html("play.ipynb", Language("es"), "pub")
    assert hrefs(markup) == ["index.ipynb?lang=es&profile=pub", "scorekeeper.ipynb?lang=es&profile=pub"]


def test_header_is_a_header_with_a_labelled_nav_in_the_page_language():
    markup = nav_html("play.ipynb", Language("es"))
    assert markup.startswith('<header class="nap-page-header" data-lang="es" data-page="play.ipynb">')
    assert '<nav class="nap-nav" aria-label="Páginas del curso">' in markup
    assert '<span class="nap-nav-here" aria-current="page">Paso 4 de 9: Juega una mano</span>' in markup
    assert 'rel="next"' in markup and "Siguiente: " in markup
    english = nav_html("lesson.ipynb", Language("en"))
    assert "Start: all lessons" in english and "Next: Rules and quizzes" in english


def test_start_page_has_no_link_to_itself_and_last_page_no_next():
    assert hrefs(nav_html("index.ipynb", Language("es"))) == ["lesson.ipynb?lang=es"]
    assert hrefs(nav_html(COURSE_PAGES[-1].notebook, Language("es"))) == ["index.ipynb?lang=es"]


def test_header_follows_a_language_switch_in_place():
    language = Language("en")
    nav = PageNav("odds.ipynb", language)
    assert "index.ipynb" in nav.widget.value and 'data-lang="en"' in nav.widget.value
    language.set("es")
    assert "index.ipynb?lang=es" in nav.widget.value and 'data-lang="es"' in nav.widget.value


@pytest.mark.parametrize("app_class", APPS, ids=[a.__name__ for a in APPS])
def test_every_page_shows_the_shared_header_first(app_class):
    app = app_class(lang="es")
    children = list(app.widget.children)
    assert children[1] is app.page_nav.widget  # after the style sheet
    assert f'data-page="{app_class.page}"' in app.page_nav.widget.value
    assert all("lang=es" in h for h in hrefs(app.page_nav.widget.value))
    app.language.set("en")
    assert 'data-lang="en"' in app.page_nav.widget.value


def test_explorer_header_keeps_the_rules_chosen_on_the_page():
    app = ExplorerApp(lang="es")
    app.set_profile(PUB)
    assert all("profile=pub" in h for h in hrefs(app.page_nav.widget.value))


def test_spanish_syllabus_opens_the_spanish_lessons():
    # issue 16 part 6: the Spanish syllabus used to open the English lesson (lesson.ipynb?step=3)
    app = ExplorerApp(lang="es")
    app.nav.value = "syllabus"
    links = hrefs(app.syllabus.table.value)
    assert any(h.startswith("lesson.ipynb?lang=es&step=") for h in links)
    assert any(h.startswith("lesson.ipynb?lang=es&lesson=") for h in links)
    assert links and all("lang=es" in h for h in links)
