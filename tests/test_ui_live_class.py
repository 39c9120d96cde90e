"""A live class through the pages' widgets: the teacher's link maker, a learner from the class link, the class
page with the teacher link (no browser: tests/browser/test_live_class_browser.py drives the same in Chromium)."""
from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from nap_teach.teach.classroom import ClassStore, database_url
from nap_teach.teach.play import TableSetup
from nap_teach.ui.classresults import ClassApp
from nap_teach.ui.play import PlayApp

GAME = TableSetup(players=4, seat=2, seed=33, deals=2, bots="simple")


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {"NAP_CLASS_DB": database_url(tmp_path)}


def make_class(env: dict[str, str]) -> tuple[PlayApp, str, str]:
    """The teacher's play page makes a live class: (page, learners' query, teacher's query)."""
    teacher = PlayApp.from_environment({**env, "QUERY_STRING": "seed=33&players=4&seat=2&deals=2"})
    teacher.classlink.address.value = "http://10.0.0.2:8866/voila/render/play.ipynb"
    teacher.classlink.make.click()
    return teacher, urlsplit(teacher.classlink.link).query, urlsplit(teacher.classlink.teacher_link).query


def play_deal(app: PlayApp) -> None:
    """The learner plays the deal in play to its end with the coach's choices, through the page."""
    table = app.table
    assert table is not None
    if table.pending in ("deal", "deal_over"):
        app.actions.next.click()
    while table.pending not in ("deal_over", "session_over"):
        if table.pending == "stop":
            app.actions.play_on.click()
            continue
        action = table.hint().action
        (table.call if table.pending == "call" else table.play)(action)
        app.after_move()


def test_the_link_maker_creates_a_live_class_with_a_separate_teacher_link(env):
    teacher, learners, mine = make_class(env)
    assert parse_qs(learners) == {"class": [teacher.classlink.code], "lang": ["en"]}
    key = parse_qs(mine)["teacher"][0]
    assert len(key) == 32 and key not in learners and teacher.classlink.code not in mine
    out = teacher.classlink.output.value
    assert "nap-play-class-qr" in out and "nap-play-teacher-url" in out and "class.ipynb?teacher=" in out
    assert teacher.classlink.teacher_link.startswith("http://10.0.0.2:8866/voila/render/class.ipynb?")
    assert "appears on your class page" in teacher.classlink.heading.value  # no file to hand in
    assert "downloads the session" in PlayApp().classlink.heading.value  # no store: the file route


def test_a_learner_from_the_class_link_plays_the_teachers_game_locked_and_each_deal_is_sent(env):
    _teacher, learners, mine = make_class(env)
    app = PlayApp.from_environment({**env, "QUERY_STRING": learners})
    # the game as set by the teacher, locked: only the name box
    assert app.live.active and app.setup.locked == GAME
    assert "seed 33" in app.setup.game_line.value and app.setup.name.value == ""
    assert app.teachers.layout.display == "none" and app.setup.rows[0].layout.display == "none"
    app.setup.players.value = 7  # a value forged over the widget protocol: never read
    app.setup.name.value = "Ana"
    app.setup.start.click()
    assert app.table is not None and app.table.players[1] == "Ana" and app.table.session.n == 4
    assert app.actions.new.layout.display == "none" and app.settings.undo.disabled
    page = ClassApp.from_environment({**env, "QUERY_STRING": mine})
    assert page.live is not None and 'data-deals="0"' in page.live.summary.value
    play_deal(app)
    assert "Deal 1 is with your teacher." in app.live.line.value
    assert page.live.poll()  # the kernel's loop does this every 2 s
    assert 'data-deals="1"' in page.live.summary.value
    assert "Ana" in page.ledger.value and 'data-deal="1"' in page.travellers.value
    assert 'class="nap-class-deal"' in page.travellers.value
    assert not page.live.poll()  # nothing new: nothing redrawn


def test_a_reload_resumes_without_sending_a_deal_twice(env):
    _teacher, learners, mine = make_class(env)
    app = PlayApp.from_environment({**env, "QUERY_STRING": learners})
    app.setup.name.value = "Ana"
    app.setup.start.click()
    play_deal(app)
    token = app.live.storage.value
    assert token  # kept in the learner's browser
    # the page is reloaded: a new kernel, the browser hands the token back
    again = PlayApp.from_environment({**env, "QUERY_STRING": learners})
    again.live.storage.value = token
    again.live.storage.loaded = True
    assert again.table is not None and again.table.name == "Ana" and len(again.table.session.entries) == 1
    assert "Welcome back, Ana" in again.status.text
    play_deal(again)
    assert again.table.session.is_over
    store = ClassStore(env["NAP_CLASS_DB"])
    key = parse_qs(mine)["teacher"][0]
    assert store.version(key)[0] == 2
    assert [(name, len(deals)) for name, deals in store.learner_deals(key)] == [("Ana", 2)]


def test_a_name_taken_or_a_bad_link_is_refused_in_words(env):
    _teacher, learners, _mine = make_class(env)
    first = PlayApp.from_environment({**env, "QUERY_STRING": learners})
    first.setup.name.value = "Ana"
    first.setup.start.click()
    second = PlayApp.from_environment({**env, "QUERY_STRING": learners})
    second.setup.name.value = "ana"
    second.setup.start.click()
    assert second.table is None and second.status.kind == "refused" and "already plays as Ana" in second.status.text
    gone = PlayApp.from_environment({**env, "QUERY_STRING": "class=zzzzzzzzzz&lang=es"})
    assert gone.status.kind == "refused" and "enlace" in gone.status.text and not gone.live.active
    page = ClassApp.from_environment({**env, "QUERY_STRING": "teacher=" + "A" * 32})
    assert page.live is None and page.status.kind == "refused"


def test_the_teacher_ends_the_class_and_everything_is_deleted(env):
    _teacher, learners, mine = make_class(env)
    app = PlayApp.from_environment({**env, "QUERY_STRING": learners})
    app.setup.name.value = "Ana"
    app.setup.start.click()
    play_deal(app)
    page = ClassApp.from_environment({**env, "QUERY_STRING": mine})
    page.live.end.click()
    assert page.live.confirm.layout.display != "none" and page.status.kind == "refused"  # asks first
    page.live.confirm.click()
    assert page.live.ended and "ended" in page.live.summary.value
    store = ClassStore(env["NAP_CLASS_DB"])
    assert store._read("SELECT COUNT(*) FROM deals") == [(0,)]
    play_deal(app)  # the learner's next deal is refused in words, nothing breaks
    assert "not known here" in app.live.line.value


def test_a_solo_learners_page_folds_the_teachers_tools():
    app = PlayApp()
    assert app.teachers.selected_index is None  # folded
    assert app.teachers.get_title(0) == "For teachers"
    fold = app.teachers.children[0]
    assert app.setup.seed_row in fold.children and app.classlink.widget in fold.children
    assert app.setup.seed not in [w for row in app.setup.rows for w in row.children]
    spanish = PlayApp("es")
    assert spanish.teachers.get_title(0) == "Para docentes"
