"""The handouts page, the explorer's lesson plan and the landing page's teachers' links, from Python (issue 16
parts 3 and 4)."""
from __future__ import annotations

import datetime
import json
import re

from nap_teach.teach.course import load_course, load_lesson
from nap_teach.teach.handouts import (course_plan_html, deal_diagram_html, lesson_summary_html, rules_card_html,
                                scoresheet_html, rules_crib_html)
from nap_teach.words.i18n import translator
from nap_teach.teach.lesson.deal import load_worked_deal
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.engine.records import hand_to_record, record_to_link, session_to_record
from nap_teach.ui.explorer import ExplorerApp
from nap_teach.ui.handouts import KINDS, HandoutsApp
from nap_teach.ui.landing import LandingPage

NOW = datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)


def upload(app: HandoutsApp, content: bytes) -> None:
    app.upload.value = ({"name": "x.json", "type": "application/json", "size": len(content),
                         "content": memoryview(content), "last_modified": NOW},)


def shown(widget) -> bool:
    return widget.layout.display != "none"


def test_every_handout_is_previewed_as_the_engine_draws_it():
    app = HandoutsApp()
    tr = translator("en")
    expected = {
        "crib": rules_crib_html(BRITISH, tr),
        "rules": rules_card_html(BRITISH, tr),
        "deal": deal_diagram_html(load_worked_deal(), tr, title="The worked deal"),
        "lesson": lesson_summary_html(load_course()[0], tr),
        "learners": lesson_summary_html(load_course()[0], tr, learners=True),
        "scoresheet": scoresheet_html(BRITISH, tr, players=4),
        "plan": course_plan_html(tr),
    }
    assert list(KINDS) == list(expected)
    for kind, fragment in expected.items():
        app.kind.value = kind
        assert fragment in app.preview.value, kind
        assert 'data-paper="a4"' in app.preview.value and "size: A4" in app.preview.value
        # the scoresheet prints across the sheet, every other handout upright
        assert ("size: A4 landscape" in app.preview.value) == (kind == "scoresheet"), kind
    app.paper.value = "letter"
    assert "size: letter" in app.preview.value and 'data-paper="letter"' in app.preview.value


def test_the_form_shows_only_what_the_handout_needs():
    app = HandoutsApp()
    app.kind.value = "rules"
    assert shown(app.profile) and not shown(app.lesson) and not shown(app.deal) and not shown(app.players)
    app.kind.value = "lesson"
    assert shown(app.lesson) and not shown(app.profile)
    app.kind.value = "deal"
    assert shown(app.deal) and shown(app.upload) and not shown(app.lesson)
    app.kind.value = "scoresheet"
    assert shown(app.players) and shown(app.source) and shown(app.profile) and shown(app.names)
    app.kind.value = "crib"
    assert shown(app.profile) and not shown(app.names) and not shown(app.lesson)
    app.kind.value = "learners"
    assert shown(app.lesson) and not shown(app.profile)


def test_b1_the_players_names_head_their_columns_and_bad_names_change_nothing():
    app = HandoutsApp()
    app.kind.value = "scoresheet"
    app.names.value = "Ann, Ben , Cat,Dan,Eve"
    assert re.findall(r"class='nap-sheet-player' data-player='([^']+)'", app.preview.value) == [
        "Ann", "Ben", "Cat", "Dan", "Eve"]
    assert 'data-players="5"' in app.preview.value and not shown(app.players)
    before = app.preview.value
    for bad, why in (("Ann, Ben", "3 to 7 players"), ("Ann, ann, Cat", "same name"),
                     ("Ann, Ben, " + "C" * 30, "at most 20 characters"), (",".join("ABCDEFGH"), "8 names")):
        app.names.value = bad
        assert app.status.kind == "refused" and why in app.status.text, bad
        assert app.preview.value == before
    app.names.value = ""  # no names: a line to write each one on
    assert 'data-players="4"' in app.preview.value and "nap-sheet-to-name" in app.preview.value
    app.names.value = "Ann, Ben, Cat"
    assert 'data-players="3"' in app.preview.value and app.status.kind != "refused"
    app.profile.value = "pub"  # checked again against the new rules (the pub rules take three too)
    assert 'data-players="3"' in app.preview.value and app.status.kind != "refused"


def test_b1_p1_the_scoresheet_follows_the_rules_and_the_table_size():
    app = HandoutsApp()
    app.kind.value = "scoresheet"
    app.profile.value = "pub"
    assert list(app.players.options) == list(range(PUB.min_players, PUB.max_players + 1))
    app.players.value = 7
    assert 'data-players="7"' in app.preview.value and 'data-profile="pub"' in app.preview.value
    app.source.value = "session-ledger/eight-deals"
    assert "data-entry='8'" in app.preview.value and not shown(app.players)


def test_lesson_deals_and_sessions_are_offered():
    app = HandoutsApp()
    values = [v for _, v in app.deal.options]
    sources = [v for _, v in app.source.options]
    for spec in load_course():
        for d in spec.deals:
            assert f"{spec.id}/{d.id}" in (values if d.hand is not None else sources)
    app.kind.value = "deal"
    app.deal.value = "ruff-wins/two-trumps-one-trick"
    assert "Two trumps on one trick" in app.preview.value


def test_the_address_opens_a_lesson_a_lesson_deal_or_a_deal_link():
    app = HandoutsApp.from_environment({"QUERY_STRING": "lang=es&lesson=auction"})
    assert app.kind.value == "lesson" and app.lesson.value == "auction" and app.language.code == "es"
    assert lesson_summary_html(load_lesson("auction"), translator("es")) in app.preview.value
    app = HandoutsApp.from_environment({"QUERY_STRING": "lesson=ruff-wins&part=dan-trumps-a-king&paper=letter"})
    assert app.kind.value == "deal" and app.deal.value == "ruff-wins/dan-trumps-a-king"
    assert "size: letter" in app.preview.value
    app = HandoutsApp.from_environment({"QUERY_STRING": "lesson=session-ledger&part=eight-deals"})
    assert app.kind.value == "scoresheet" and "data-entry='8'" in app.preview.value
    state = load_lesson("follow-suit").deals[0].hand
    code = record_to_link(hand_to_record(state))
    assert len(code) > 200  # longer than other page parameters may be
    app = HandoutsApp.from_environment({"QUERY_STRING": f"deal={code}"})
    assert app.kind.value == "deal" and app.deal.value == "entered" and app.status.text == ""
    assert deal_diagram_html(state, translator("en")) in app.preview.value
    session = load_lesson("session-ledger").deal("eight-deals").session
    app = HandoutsApp.from_environment({"QUERY_STRING": f"deal={record_to_link(session_to_record(session))}"})
    assert app.kind.value == "scoresheet" and app.source.value == "loaded"


def test_bad_addresses_are_ignored_with_a_reason_in_the_page_language():
    app = HandoutsApp.from_environment({"QUERY_STRING": "lang=es&lesson=nope&deal=zzz&kind=<x>&paper=a3&players=99"})
    assert app.kind.value == "rules" and app.paper.value == "a4" and app.players.value == 4
    assert app.status.kind == "refused"
    assert "No hay ninguna lección llamada «nope»" in app.status.text and "enlace" in app.status.text
    assert rules_card_html(BRITISH, translator("es")) in app.preview.value


def test_a_hand_or_session_file_is_loaded_and_a_bad_file_changes_nothing():
    app = HandoutsApp()
    state = load_lesson("ruff-wins").deals[0].hand
    upload(app, json.dumps(hand_to_record(state)).encode())
    assert app.kind.value == "deal" and app.deal.value == "entered" and app.status.kind == "info"
    assert deal_diagram_html(state, translator("en")) in app.preview.value
    before = app.preview.value
    record = hand_to_record(state)
    record["play"][1] = record["play"][0]  # a card twice
    for content in (b"{not json", json.dumps(record).encode(), json.dumps({"format": "nap-hand/1"}).encode()):
        upload(app, content)
        assert app.status.kind == "refused" and "cannot be loaded" in app.status.text
        assert app.preview.value == before and app.deal.value == "entered"
    session = load_lesson("session-ledger").deal("eight-deals").session
    upload(app, json.dumps(session_to_record(session)).encode())
    assert app.kind.value == "scoresheet" and "data-entry='8'" in app.preview.value


def test_the_language_switch_redraws_the_handout_and_the_print_button():
    app = HandoutsApp()
    app.kind.value = "deal"
    app.switch.widget.value = "es"
    assert app.print_button.label == "Imprimir" and "Hojas para imprimir" in app.title.value
    assert ("Diagrama de la mano", "deal") in app.kind.options
    assert "Las bazas" in app.preview.value and "The tricks" not in app.preview.value
    assert app.kind.value == "deal"


def test_the_explorer_teachers_section_is_a_lesson_plan_with_the_coverage_table_below():
    app = ExplorerApp("es")
    app.nav.value = "syllabus"
    plan = app.syllabus.plan.value
    assert re.findall(r"data-lesson='([^']+)'", plan) == [s.id for s in load_course()]
    for spec in load_course():
        assert f"handouts.ipynb?lang=es&amp;lesson={spec.id}" in plan
        for deal in spec.deals:
            assert f"lesson={spec.id}&amp;part={deal.id}" in plan
    assert "Plan de clase" in app.syllabus.plan_head.value and "kind=plan" in app.syllabus.plan_head.value
    assert app.syllabus.print_button.label == "Imprimir el plan de clase"
    table = app.syllabus.table.value
    assert table.startswith("<details class='nap-ex-coverage'>") and "<details class='nap-ex-coverage' open" not in table
    assert table.count("<tr>") == 1 + 17
    assert app.text.index("Plan de clase") < app.text.index("nap-ex-syllabus-table")


def test_the_landing_page_links_the_plan_and_the_handouts_keeping_the_language():
    page = LandingPage(lang="es", profile=PUB)
    links = re.findall(r'class="nap-landing-teacher-link [^"]+" href="([^"]+)"', page.teachers.value)
    assert links == ["explorer.ipynb?lang=es&amp;profile=pub&amp;section=syllabus", "handouts.ipynb?lang=es&amp;profile=pub",
                     "play.ipynb?lang=es&amp;profile=pub", "class.ipynb?lang=es&amp;profile=pub"]
    assert "Para docentes" in page.teachers.value


def test_the_plan_is_made_for_the_learners_in_the_room():
    app = HandoutsApp()
    app.kind.value = "plan"
    assert shown(app.learners) and "Materials for 12 learners" in app.preview.value
    app.learners.value = 20
    assert "Materials for 20 learners" in app.preview.value and "5 tables (4, 4, 4, 4 and 4 players)." in app.preview.value
    app.kind.value = "rules"
    assert not shown(app.learners)
    shown_app = HandoutsApp.from_environment({"QUERY_STRING": "kind=plan&learners=9&lang=es"})
    assert "Material para 9 alumnos" in shown_app.preview.value
    bad = HandoutsApp.from_environment({"QUERY_STRING": "kind=plan&learners=500"})
    assert bad.status.kind == "refused" and "from 3 to 70" in bad.status.text and "Materials for 12" in bad.preview.value
