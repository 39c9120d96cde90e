"""The class page and the play page's class link, driven from Python (uploads fed as the browser sends them)."""
from __future__ import annotations

from nap_teach.engine.cards import sort_hand
from nap_teach.words.render import cards_text

import base64
import csv
import datetime
import io
import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from nap_teach.teach.play import TableSetup
from nap_teach.teach.traveller import MAX_FILE_BYTES
from nap_teach.ui.classresults import ClassApp
from nap_teach.ui.landing import LandingPage
from nap_teach.ui.params import PageParams
from nap_teach.ui.play import PlayApp
from nap_teach.ui.sharing import page_address

NOW = datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)


def drop(app: ClassApp, *files: tuple[str, bytes | str]) -> None:
    """Files dropped on the upload button, as ipywidgets hands them to the kernel."""
    app.upload.value = tuple({"name": name, "type": "application/json", "size": len(content),
                              "content": memoryview(content.encode() if isinstance(content, str) else content),
                              "last_modified": NOW} for name, content in files)


@pytest.fixture(scope="module")
def three(class_session):
    return [(f"{name}.json", class_session(name, policy=policy))
            for name, policy in (("Ann", "coach"), ("Ben", "pass"), ("Cat", "bold"))]


def statuses(app: ClassApp) -> list[str]:
    return re.findall(r'<tr data-status="(\w+)"', app.files.value)


def csv_of(app: ClassApp, css: str) -> list[list[str]]:
    data = re.search(rf'class="{css}" download="[^"]+" href="data:text/csv;charset=utf-8;base64,([^"]+)"',
                     app.downloads.value).group(1)
    return list(csv.reader(io.StringIO(base64.b64decode(data).decode("utf-8-sig"))))


def test_three_files_give_travellers_a_ledger_a_chart_and_csv(three):
    app = ClassApp()
    drop(app, *three)
    assert app.status.text == "3 files read, 3 counted."
    assert statuses(app) == ["counted"] * 3
    assert re.findall(r'class="nap-table-grid nap-class-traveller" data-deal="(\d+)"', app.travellers.value) == [
        "1", "2", "3"]
    assert re.findall(r'class="nap-class-deal" data-deal="(\d+)"', app.travellers.value) == ["1", "2", "3"]
    assert "Cat (the learner)" in app.travellers.value
    ledger = re.findall(r'<tr data-learner="([^"]+)"><td>(\d+)</td>', app.ledger.value)
    assert {name for name, _rank in ledger} == {"Ann", "Ben", "Cat"}
    assert "<svg" in app.chart.value and 'aria-label="Each learner' in app.chart.value
    rows = csv_of(app, "nap-class-csv")
    assert rows[0][:3] == ["Deal", "Learner", "Declarer"] and len(rows) == 10
    ledger_rows = csv_of(app, "nap-class-ledger-csv")
    assert [r[1] for r in ledger_rows[1:]] == [name for name, _rank in ledger]


def test_a_file_of_another_seed_is_listed_with_its_reason_and_not_counted(three, class_session):
    app = ClassApp()
    drop(app, *three)
    ledger = app.ledger.value
    drop(app, ("Dan.json", class_session("Dan", seed=12)))
    assert statuses(app) == ["counted"] * 3 + ["flagged"]
    assert "seed 12 instead of 11" in app.files.value
    assert app.ledger.value == ledger and "Dan" not in app.travellers.value
    assert app.status.kind == "refused" and "1 of another game" in app.status.text
    # two games: the teacher may make the other the class's
    assert app.game.layout.display != "none"
    other = [value for _label, value in app.game.options if value is not None and value.seed == 12][0]
    app.game.value = other
    assert statuses(app) == ["flagged"] * 3 + ["counted"] and 'data-learner="Dan"' in app.ledger.value
    app.game.value = None
    assert statuses(app) == ["counted"] * 3 + ["flagged"]


def test_bad_files_are_refused_in_the_learners_language_and_the_rest_load(three):
    app = ClassApp("es")
    before = (app.ledger.value, app.travellers.value)
    drop(app, ("roto.json", b"{"), ("grande.json", b" " * (MAX_FILE_BYTES + 1)))
    assert statuses(app) == ["refused", "refused"]
    assert (app.ledger.value, app.travellers.value) == before
    assert "No es un archivo de sesión (no se puede leer como JSON" in app.files.value
    drop(app, *three, three[0])
    assert statuses(app) == ["refused", "refused", "counted", "counted", "counted", "duplicate"]
    assert "Traceback" not in app.files.value + app.status.text
    assert app.status.text.startswith("4 ") and len(re.findall(r'<tr data-learner=', app.ledger.value)) == 3


def test_b11_a_session_that_does_not_replay_is_refused_saying_where(three):
    record = json.loads(three[2][1])
    record["deals"][1]["play"][0], record["deals"][1]["play"][1] = \
        record["deals"][1]["play"][1], record["deals"][1]["play"][0]
    app = ClassApp()
    drop(app, ("edited.json", json.dumps(record)))
    assert statuses(app) == ["refused"] and "deal 2" in app.files.value
    assert app.ledger.value == ""


def test_start_again_puts_every_file_away(three):
    app = ClassApp()
    drop(app, *three)
    app.clear.click()
    assert statuses(app) == [] and app.ledger.value == "" and app.downloads.value == ""
    drop(app, three[0])
    assert statuses(app) == ["counted"]


def test_something_that_is_not_a_file_changes_nothing():
    app = ClassApp()
    app._on_upload({"new": ({"name": "x"},)})
    assert app.status.kind == "refused" and statuses(app) == []


def test_the_page_reads_its_language_and_switches(three):
    app = ClassApp.from_environment({"QUERY_STRING": "lang=es"})
    drop(app, *three)
    assert app.title.value == "<h1>Resultados de la clase</h1>"
    spanish = app.travellers.value
    app.language.set("en")
    assert app.travellers.value != spanish and "Deal by deal" in app.travellers.value
    assert 'href="play.ipynb"' in app.intro.value and 'href="index.ipynb"' in app.page_nav.widget.value


def test_the_class_link_is_built_when_for_teachers_is_first_opened_and_keeps_the_pages_address():
    # A learner on their own never opens the fold: its class link is not sent with the page (issue 28 part 3).
    app = PlayApp()
    app.arrive(PageParams.parse("lang=es&seed=9"), {"SERVER_NAME": "10.0.0.7", "SERVER_PORT": "8866",
                                                     "SCRIPT_NAME": "/voila/render/play.ipynb"})
    box = app.teachers.children[0]
    assert box.children == (app.setup.seed_row,)  # only the seed: no class link built
    app.teachers.selected_index = 0  # the teacher opens "For teachers"
    assert len(box.children) == 2
    link = app.classlink
    assert box.children == (app.setup.seed_row, link.widget)
    assert link.address.value == "http://10.0.0.7:8866/voila/render/play.ipynb"
    assert link.make.description == "Crear un enlace para la clase"  # in the page's language
    app.teachers.selected_index = None
    app.teachers.selected_index = 0
    assert app.classlink is link and len(box.children) == 2  # built once
    link.make.click()
    assert "seed=9&" in link.link and app.status.kind == "info"


def test_the_class_link_carries_the_game_and_a_qr_code():
    app = PlayApp("es", TableSetup(players=5, seat=2, seed=42, deals=6, profile="pub", misere_stakes="10/5"))
    app.classlink.address.value = "http://192.168.1.20:8866/voila/render/play.ipynb"
    app.classlink.make.click()
    link = app.classlink.link
    parts = urlsplit(link)
    assert parts.netloc == "192.168.1.20:8866" and parts.path == "/voila/render/play.ipynb"
    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
    assert query == {"seed": "42", "profile": "pub", "lang": "es", "players": "5", "seat": "2", "deals": "6",
                     "bots": "simple", "style": "normal", "misere": "10/5", "class": "1"}
    setup, problems = TableSetup.from_params(query)
    assert problems == [] and (setup.seed, setup.players, setup.seat, setup.misere_stakes) == (42, 5, 2, "10/5")
    out = app.classlink.output.value
    assert 'class="nap-play-class-qr"><svg role="img"' in out and "<path" in out
    assert "nap-play-class-local" not in out


def test_the_class_link_gets_a_seed_when_the_form_has_none_and_warns_of_a_local_address():
    app = PlayApp()
    app.setup.seed.value = ""
    app.classlink.make.click()
    assert app.setup.seed.value.isdigit() and f"seed={app.setup.seed.value}&" in app.classlink.link
    assert "nap-play-class-local" in app.classlink.output.value


def test_a_bad_address_or_setting_is_refused_and_nothing_changes():
    app = PlayApp()
    app.classlink.make.click()
    link = app.classlink.link
    app.classlink.address.value = 'javascript:alert("x")'
    app.classlink.make.click()
    assert app.status.kind == "refused" and "http://" in app.status.text and app.classlink.link == link
    app.classlink.address.value = "http://10.0.0.2:8866/voila/render/play.ipynb"
    app.setup.players.value = 9
    app.classlink.make.click()
    assert app.status.kind == "refused" and app.classlink.link == link


def test_page_address_comes_from_the_request():
    assert page_address({"SERVER_NAME": "nap.example.org", "SERVER_PORT": "80",
                         "SCRIPT_NAME": "/voila/render/play.ipynb"}) == "http://nap.example.org/voila/render/play.ipynb"
    assert page_address({"SERVER_NAME": "bad host\"", "SCRIPT_NAME": "/x"}).startswith("http://127.0.0.1")


def test_a_played_session_file_carries_what_the_class_page_needs(class_session):
    record = json.loads(class_session("Ann", seed=5, seat=3, players=5))
    assert (record["seed"], record["profile"], record["learner"], record["seat"], record["players"][2]) == \
        (5, "british", "Ann", 3, "Ann")
    assert all(len(deal["play"]) == 5 * 5 or deal["auction"].count("Pass") == 5 for deal in record["deals"])


def test_the_landing_page_links_the_class_pages_keeping_the_language():
    page = LandingPage(lang="es")
    assert 'href="class.ipynb?lang=es"' in page.teachers.value
    assert 'href="play.ipynb?lang=es"' in page.teachers.value


def test_a_learner_arriving_by_the_class_link_is_asked_for_their_name_first():
    app = PlayApp.from_environment({"QUERY_STRING": "seed=11&players=4&seat=1&deals=3&class=1"})
    assert app.setup.name.value == "" and "type your name" in app.status.text
    app.setup.start.click()
    assert app.table is None and app.status.kind == "refused"  # no name yet: nothing starts
    app.setup.name.value = "Ann"
    app.setup.start.click()
    assert app.table is not None and app.table.name == "Ann" and app.table.session.seed == 11
    # the file is named after the learner and the game: thirty of them fit in one folder
    assert 'download="nap-session-Ann-seed11.json"' in app.saveload.download.value
    named = PlayApp.from_environment({"QUERY_STRING": "seed=11&class=1&name=Ben"})
    assert named.setup.name.value == "Ben"


def test_each_deal_shows_its_hands_with_teach_and_print_links(three):
    from nap_teach.engine.records import record_from_link

    app = ClassApp()
    drop(app, *three)
    for number in app.results.deal_numbers():
        state, table = app.results.dealt(number)
        section = re.search(rf'<section class="nap-class-deal" data-deal="{number}">(.*?)</section>',
                            app.travellers.value, re.S).group(1)
        for seat, hand in enumerate(state.hands):
            assert f"data-player='{state.players[seat]}'" in section and cards_text(sort_hand(hand)) in section
        teach = re.search(r'class="nap-class-teach" href="lesson.ipynb\?deal=([^"]+)"', section).group(1)
        printed = re.search(r'class="nap-class-print" href="handouts.ipynb\?deal=([^"]+)"', section).group(1)
        assert teach == printed and record_from_link(teach)["hands"][state.players[0]]  # the deal itself
        assert f"those of {table}&#x27;s table" in section or f"those of {table}'s table" in section
    es = ClassApp("es")
    drop(es, *three)
    assert 'href="lesson.ipynb?lang=es&amp;deal=' in es.travellers.value and "Imprimir esta mano" in es.travellers.value


def test_the_count_after_adding_files_covers_every_file_counted(three):
    app = ClassApp()
    drop(app, *three[:2])
    assert app.status.text == "2 files read, 2 counted."
    drop(app, three[2])
    assert app.status.text == "1 file read, 1 counted, 3 files counted in all."
    drop(app, ("hand.json", b'{"format": "nap-hand/1"}'))
    assert app.status.text.startswith("1 file read, 0 counted, 1 refused, 3 files counted in all.")
    assert "Your own deal" in app.files.value
