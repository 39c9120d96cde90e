"""The class-mode stand-in page (nap_teach/app/any_page.py): it builds the page the request asks for."""
from __future__ import annotations

import json

import pytest

from nap_teach.app import any_page, server
from nap_teach.ui import params


@pytest.fixture(autouse=True)
def own_environment(monkeypatch):
    """A request taken here (``params.take_request``) changes this process's environment and marks the
    request as arrived: both are put back afterwards, as they were."""
    import os

    saved = dict(os.environ)
    monkeypatch.setattr(params, "_request_arrived", params._request_arrived)
    yield
    os.environ.clear()
    os.environ.update(saved)


@pytest.fixture
def request_env(monkeypatch):
    """A request as Voila hands it to the kernel (outside Voila: no waiting, the variables are read as they are)."""
    def set_request(script_name: str, query: str) -> None:
        monkeypatch.setenv("SCRIPT_NAME", script_name)
        monkeypatch.setenv("QUERY_STRING", query)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    return set_request


def test_the_page_asked_for_is_built_with_the_requests_address(request_env):
    from nap_teach.ui.lesson import LessonApp
    from nap_teach.ui.play import PlayApp

    request_env("/voila/render/lesson.ipynb", "lang=es&lesson=3")
    lesson = any_page.show_requested_page()
    assert isinstance(lesson, LessonApp)
    assert lesson.language.code == "es"
    assert params.page_params() == {"lang": "es", "lesson": "3"}
    request_env("/base/voila/render/play.ipynb", "players=3&seed=7")
    table = any_page.show_requested_page()
    assert isinstance(table, PlayApp) and table.language.code == "en"


@pytest.mark.parametrize("script_name", ["/voila/render/any.ipynb", "", "/voila/render/nowhere.ipynb",
                                         "/voila/render/../../etc/passwd"])
def test_anything_but_a_page_of_the_app_gets_the_front_page(request_env, script_name):
    from nap_teach.ui.landing import LandingPage

    request_env(script_name, "lang=es")
    assert isinstance(any_page.show_requested_page(), LandingPage)


def test_every_page_is_run_from_its_own_notebook_cells():
    for page in server.pages(server.NOTEBOOK_DIR):
        cells = json.loads((server.NOTEBOOK_DIR / page).read_text())["cells"]
        code = [("".join(c["source"])) for c in cells if c["cell_type"] == "code"]
        assert any_page.page_source(page) == "\n\n".join(code)
        assert any_page.requested_page(f"/voila/render/{page}") == page
    # the stand-in's own cell
    assert "show_requested_page()" in any_page.page_source(server.ANY_PAGE)


def test_a_waiting_kernel_has_the_shared_modules_and_both_catalogues_but_builds_nothing(monkeypatch):
    import ipywidgets

    made = []
    monkeypatch.setattr(ipywidgets.Widget, "open", made.append)  # every widget made opens its comm
    assert any_page.warm() == len(any_page.SHARED_MODULES)
    assert made == []


def _request(page: str, query: str, prepare: bool = False) -> dict[str, str]:
    info = {"SCRIPT_NAME": f"/voila/render/{page}", "PATH_INFO": "", "QUERY_STRING": query,
            "SERVER_NAME": "127.0.0.1"}
    return {any_page.PREPARE: "1", **info} if prepare else info


def test_a_page_prepared_for_the_class_is_the_learners_when_they_ask_for_the_same_address(monkeypatch):
    from nap_teach.ui.lesson import LessonApp

    monkeypatch.delenv("QUERY_STRING", raising=False)
    built = []
    real_build = any_page.build_page
    monkeypatch.setattr(any_page, "build_page", lambda name: built.append(name) or real_build(name))
    # told twice to prepare the same page (the second is ignored), then the learner's request for it
    page = any_page.show_requested_page([_request("lesson.ipynb", "lesson=3&lang=es", prepare=True),
                                         _request("lesson.ipynb", "lesson=3&lang=es", prepare=True),
                                         _request("lesson.ipynb", "lesson=3&lang=es")])
    assert built == ["lesson.ipynb"] and isinstance(page, LessonApp) and page.language.code == "es"
    assert params.page_params() == {"lesson": "3", "lang": "es"}


def test_a_request_for_another_page_puts_the_prepared_one_away(monkeypatch):
    import ipywidgets

    from nap_teach.ui.explorer import ExplorerApp
    from nap_teach.ui.lesson import LessonApp

    closed = []
    monkeypatch.setattr(ipywidgets.Widget, "close_all", classmethod(lambda cls: closed.append(True)))
    page = any_page.show_requested_page([_request("lesson.ipynb", "lesson=3&lang=es", prepare=True),
                                         _request("explorer.ipynb", "lang=en")])
    assert isinstance(page, ExplorerApp) and page.language.code == "en" and closed == [True]
    # the same page with another address is another page too (here: another language)
    closed.clear()
    page = any_page.show_requested_page([_request("lesson.ipynb", "lesson=3&lang=es", prepare=True),
                                         _request("lesson.ipynb", "lesson=3&lang=en")])
    assert isinstance(page, LessonApp) and page.language.code == "en" and closed == [True]


def test_a_play_page_built_ahead_with_the_defaults_takes_any_play_address_on_arrival(monkeypatch):
    from nap_teach.ui.play import PlayApp

    built = []
    real_build = any_page.build_page
    monkeypatch.setattr(any_page, "build_page", lambda name: built.append(name) or real_build(name))
    # the server asks for the play page as the class opens it; the kernel builds it with the defaults
    page = any_page.show_requested_page([_request("play.ipynb", "class=ab12&lang=es", prepare=True),
                                         _request("play.ipynb", "lang=es&players=3&seed=7")])
    assert built == ["play.ipynb"] and isinstance(page, PlayApp)
    assert page.language.code == "es" and page.setup.players.value == 3  # the learner's address, put in
    fresh = PlayApp.from_environment({"QUERY_STRING": "lang=es&players=3&seed=7"})
    assert page.setup.seed.value == fresh.setup.seed.value and page.tr.lang == fresh.tr.lang
