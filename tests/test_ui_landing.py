"""The landing page from Python: lessons in order, the rules in force, language, the try-it button."""
from __future__ import annotations

import random
import re
from pathlib import Path

from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.ui.landing import LESSONS, LandingPage, language_from_query

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def hrefs(page: LandingPage) -> list[str]:
    return re.findall(r'class="nap-landing-link" href="([^"]+)"', page.lessons.value)


def test_lessons_in_order_with_relative_links():
    page = LandingPage(notebook_dir=NOTEBOOKS)
    assert [lesson.notebook for lesson in LESSONS] == ["lesson.ipynb", "explorer.ipynb", "play.ipynb",
                                                        "scorekeeper.ipynb", "problems.ipynb", "odds.ipynb",
                                                        "handouts.ipynb", "class.ipynb"]
    assert hrefs(page) == [lesson.notebook for lesson in LESSONS]
    for href in hrefs(page):
        assert (NOTEBOOKS / href).is_file()
    assert "<ol" in page.lessons.value and "Learn Nap" in page.title.value
    assert "trick-taking" in page.intro.value


def test_missing_notebook_is_marked_coming_soon(tmp_path):
    (tmp_path / "lesson.ipynb").write_text("{}")
    page = LandingPage(notebook_dir=tmp_path)
    assert hrefs(page) == ["lesson.ipynb"]
    assert page.lessons.value.count("coming soon") == len(LESSONS) - 1


def test_stakes_table_read_from_the_profile():
    for profile in (BRITISH, PUB):
        page = LandingPage(notebook_dir=NOTEBOOKS, profile=profile)
        html = page.profile_box.value
        assert f"data-profile='{profile.name}'" in html
        rows = re.findall(r"<tr data-contract='(\w+)'>.*?<td>[^<]*</td><td>(\d+)</td><td>(\d+)</td></tr>", html)
        assert rows == [(c.name, str(c.made), str(c.failed)) for c in profile.ladder]
        assert f"{profile.min_players} to {profile.max_players} players" in html


def test_language_switch_in_place_and_links_carry_the_language():
    page = LandingPage(notebook_dir=NOTEBOOKS, rng=random.Random(1))
    page.deal()
    hand = page.hand
    page.switch.widget.value = "es"
    assert page.lang == "es"
    assert all(h.endswith("?lang=es") for h in hrefs(page))
    assert 'aria-current="page">Español' in page.languages.value
    assert page.hand == hand and page.deals == 1  # state kept
    page.switch.widget.value = "en"
    assert hrefs(page) == [lesson.notebook for lesson in LESSONS]


def test_language_links():
    page = LandingPage(notebook_dir=NOTEBOOKS)
    links = re.findall(r'class="nap-landing-lang" href="([^"]+)" hreflang="(\w+)"', page.languages.value)
    assert ("index.ipynb?lang=en", "en") in links and ("index.ipynb?lang=es", "es") in links


def test_deal_button_draws_five_distinct_cards():
    page = LandingPage(notebook_dir=NOTEBOOKS, rng=random.Random(3))
    assert "Press the button" in page.output.value
    page.try_button.click()
    assert page.deals == 1 and len(set(page.hand)) == 5
    assert page.output.value.count('class="nap-landing-card"') == 5 and "Deal 1:" in page.output.value
    first = page.hand
    page.try_button.click()
    assert "Deal 2:" in page.output.value and page.hand != first


def test_from_environment_validates_language():
    assert language_from_query("lang=es") == "es"
    page = LandingPage.from_environment({"QUERY_STRING": "lang=<script>"}, notebook_dir=NOTEBOOKS)
    assert page.lang == "en"
    page = LandingPage.from_environment({"QUERY_STRING": "lang=es"}, notebook_dir=NOTEBOOKS)
    assert page.lang == "es" and all(h.endswith("?lang=es") for h in hrefs(page))


def test_pub_profile_from_the_query_its_stakes_and_links_that_keep_it():
    from nap_teach.ui.landing import profile_from_query
    from nap_teach.ui.params import page_query

    page = LandingPage.from_environment({"QUERY_STRING": "profile=pub"}, notebook_dir=NOTEBOOKS)
    assert page.profile.name == "pub"
    box = page.profile_box.value
    assert "Pub rules" in box and "Misère" in box and "Blücher" in box
    assert "<tr data-contract='Nap'><th scope='row'>Nap</th><td>all five</td><td>10</td><td>5</td></tr>" in box
    assert all(h.endswith("?profile=pub") for h in hrefs(page))
    assert 'href="index.ipynb?lang=es&amp;profile=pub"' in page.languages.value
    assert 'class="nap-landing-profile-link" href="index.ipynb"' in box
    assert "section=compare" in box
    bad = LandingPage.from_environment({"QUERY_STRING": "profile=<b>&lang=es"}, notebook_dir=NOTEBOOKS)
    assert bad.profile.name == "british" and all(h.endswith("?lang=es") for h in hrefs(bad))
    assert page_query("es", "pub") == "?lang=es&profile=pub" and profile_from_query("profile=nope").name == "british"


def test_rules_in_force_listed_from_the_rulebook_with_links_to_the_explorer():
    from nap_teach.engine.rules import rules_in_force

    page = LandingPage.from_environment({"QUERY_STRING": "profile=pub&lang=es"}, notebook_dir=NOTEBOOKS)
    links = re.findall(r'class="nap-landing-rule" href="([^"]+)" data-rule="(\w+)">([^<]+)</a>',
                       page.profile_box.value)
    assert [rule for _h, rule, _t in links] == rules_in_force(PUB)
    assert links[0] == ("explorer.ipynb?lang=es&amp;profile=pub&amp;rule=B1", "B1", "B1 · Los jugadores y la baraja")
    assert "Las 21 reglas en vigor" in page.profile_box.value
    british = LandingPage(notebook_dir=NOTEBOOKS, profile=BRITISH)
    assert 'href="explorer.ipynb?rule=B11" data-rule="B11">B11 · Follow suit</a>' in british.profile_box.value


def test_the_front_page_promises_the_course_it_lists_and_names_its_import_button():
    """The tagline counts the course's lessons (sixteen, not "four"), and the progress import button has a
    name and a tooltip in each language (an unset tooltip showed as "null")."""
    from nap_teach.teach.course import load_course

    page = LandingPage(notebook_dir=NOTEBOOKS)
    count = len(load_course())
    for lang, words in (("en", f"in {count} short lessons"), ("es", f"en {count} lecciones breves")):
        page.switch.widget.value = lang
        assert words in page.title.value and f"data-lessons='{count}'" in page.title.value
        assert "four" not in page.title.value and "cuatro" not in page.title.value
        upload = page.progress.upload
        assert upload.description and upload.tooltip and upload.tooltip != "null"
    assert page.progress.upload.tooltip == "Carga un archivo de progreso exportado desde esta aplicación"
