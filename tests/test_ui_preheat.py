"""A preheated page (class mode) is the same page as one built for its request.

In class mode the play page and the front page are built with the defaults
while their kernel waits in the pool, and the learner's URL parameters are put
in them when the request arrives (:meth:`PlayApp.arrive`, :meth:`LandingPage.arrive`). Every parameter must come out exactly as if
the page had been built for the request: same widgets, same values, same words,
same refusals, and the same game once the learner starts.
"""
from __future__ import annotations

import random
from typing import Any

import ipywidgets as W
import pytest
from ipywidgets.widgets.widget import _instances

from nap_teach.ui import params as page_params
from nap_teach.ui.base import App
from nap_teach.ui.landing import LandingPage
from nap_teach.ui.params import PageParams
from nap_teach.ui.play import PlayApp

QUERIES = [
    "",
    "lang=es&seed=7",
    "lang=en&seed=7",
    "lang=ES&seed=12&players=5&seat=3&name=Ann&deals=4&bots=random",
    "seed=77&players=6&seat=3&deals=5&bots=random&lang=en",
    "profile=pub&misere=10/5&seed=12&deals=1",
    "profile=pub&lang=es&players=7&seat=7&rotations=2",
    "rotations=3&players=3&style=bold",
    "style=cautious&bots=expert&lang=es",
    "class=1&seed=5&lang=es",
    "class=1&name=Bo&seed=5",
    "seed=%3Cscript%3E&players=9&lang=xx",
    "players=2&seat=9&deals=999&rotations=99&bots=nope&profile=nope&misere=1/1&style=wild",
    "seat=5",
    "name=%3Cb%3EJo%3C%2Fb%3E&lang=es",
]


def _refs(value: Any, names: dict[str, str], order: list[W.Widget]) -> Any:
    """``value`` with every widget reference (``IPY_MODEL_<id>``) replaced by the widget's place in the tree."""
    if isinstance(value, str) and value.startswith("IPY_MODEL_"):
        model_id = value.removeprefix("IPY_MODEL_")
        if model_id not in names:
            names[model_id] = f"w{len(names)}"
            order.append(_instances[model_id])
        return names[model_id]
    if isinstance(value, (list, tuple)):
        return [_refs(v, names, order) for v in value]
    if isinstance(value, dict):
        return {k: _refs(v, names, order) for k, v in value.items()}
    return value


def page_state(app: App) -> dict[str, Any]:
    """Every widget of the page reachable from its root, with its whole state, named by its place in the tree."""
    names = {app.widget.model_id: "w0"}
    order: list[W.Widget] = [app.widget]
    states: dict[str, Any] = {}
    i = 0
    while i < len(order):
        widget = order[i]
        i += 1
        state = widget.get_state(drop_defaults=False)
        if isinstance(state.get("state"), dict) and "key" in state["state"]:  # the card table's redraw key:
            state["state"] = {**state["state"], "key": "(ids of the Python objects)"}  # object ids, not content
        states[names[widget.model_id]] = (type(widget).__name__, _refs(state, names, order))
    return states


def built_for(query: str) -> tuple[PlayApp, int]:
    before = len(_instances)
    app = PlayApp.from_environment({"QUERY_STRING": query})
    return app, len(_instances) - before


@pytest.fixture(autouse=True, scope="module")
def shared_models_made():
    """A kernel makes the models its page's widgets share once (``ui.widgets``), with the first page it builds:
    made here before any count, so that both ways of building a page count only their own widgets."""
    PlayApp()


def preheated_for(query: str) -> tuple[PlayApp, int]:
    before = len(_instances)
    app = PlayApp()
    app.arrive(PageParams.parse(query))
    return app, len(_instances) - before


@pytest.mark.parametrize("query", QUERIES)
def test_a_preheated_page_is_the_page_built_for_its_request(query):
    built, built_widgets = built_for(query)
    preheated, preheated_widgets = preheated_for(query)
    assert preheated_widgets == built_widgets  # no widget more, none less
    assert page_state(preheated) == page_state(built)
    assert preheated.language.code == built.language.code
    assert preheated.class_game == built.class_game
    assert (preheated.status.kind, preheated.status.text) == (built.status.kind, built.status.text)


@pytest.mark.parametrize("query", ["lang=es&seed=7&players=5&seat=2&deals=2&bots=random", "rotations=2&seed=3&bots=random",
                                   "profile=pub&seed=12&deals=1&bots=random", "class=1&name=Bo&seed=5&deals=1"])
def test_a_preheated_page_starts_the_same_game(query):
    built, _ = built_for(query)
    preheated, _ = preheated_for(query)
    for app in (built, preheated):
        app.setup.start.click()
        assert app.table is not None
    game, same = built.table, preheated.table
    assert (same.name, same.learner, same.bots, same.style) == (game.name, game.learner, game.bots, game.style)
    assert (same.session.players, same.session.seed, same.session.profile, same.session.deals_target,
            same.session.rotations) == (game.session.players, game.session.seed, game.session.profile,
                                        game.session.deals_target, game.session.rotations)
    assert same.view() == game.view()  # the same cards dealt
    assert page_state(preheated) == page_state(built)


@pytest.mark.parametrize("page, query", [
    (lambda environ=None: PlayApp.from_environment(environ), "lang=es&seed=31&players=4"),
    (lambda environ=None: LandingPage.from_environment(environ, rng=random.Random(5)), "lang=es&profile=pub"),
], ids=["play", "front"])
def test_a_preheated_kernel_builds_its_page_before_the_request_arrives(monkeypatch, page, query):
    # In a pooled kernel the page is built first, then waits for the request, whose
    # parameters it then takes, and nothing is built again.
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr(page_params, "_request_arrived", False)
    built_before_the_request = []

    def request_query(environ=None):
        built_before_the_request.append(len(_instances))
        monkeypatch.setattr(page_params, "_request_arrived", True)
        monkeypatch.setenv("QUERY_STRING", query)
        return query

    monkeypatch.setattr(page_params, "request_query", request_query)
    before = len(_instances)
    assert page_params.preheating()
    app = page()
    assert not page_params.preheating()
    assert built_before_the_request and built_before_the_request[0] - before > 25  # the page was there already
    assert len(_instances) - before == built_before_the_request[0] - before  # and nothing was rebuilt
    assert page_state(app) == page_state(page({"QUERY_STRING": query}))


@pytest.mark.parametrize("query", ["", "lang=es", "profile=pub", "lang=es&profile=pub", "lang=EN&profile=PUB",
                                   "lang=xx&profile=<script>", "profile=british&lang=es-ES"])
def test_a_preheated_front_page_is_the_page_built_for_its_request(query):
    before = len(_instances)
    built = LandingPage.from_environment({"QUERY_STRING": query}, rng=random.Random(3))
    built_widgets = len(_instances) - before
    before = len(_instances)
    preheated = LandingPage(rng=random.Random(3))
    preheated.arrive(PageParams.parse(query))
    assert len(_instances) - before == built_widgets
    assert page_state(preheated) == page_state(built)
    assert (preheated.lang, preheated.profile) == (built.lang, built.profile)
    assert preheated.deal() == built.deal()  # the same hands dealt from here on


@pytest.mark.parametrize("query", ["lang=es&seed=7", "lang=es&profile=pub&rotations=2&players=6&seat=5&class=1"])
def test_a_preheated_page_sends_each_changed_widget_once(monkeypatch, query):
    # The request's parameters reach the page in one message per widget changed (held, then sent),
    # not one per change: fewer messages through the server while a class arrives.
    import comm

    sent: list[str] = []
    publish = comm.DummyComm.publish_msg

    def counting(self, msg_type, *args, **kwargs):
        if msg_type == "comm_msg":
            sent.append(self.comm_id)
        return publish(self, msg_type, *args, **kwargs)

    app = PlayApp()
    monkeypatch.setattr(comm.DummyComm, "publish_msg", counting)
    app.arrive(PageParams.parse(query))
    monkeypatch.undo()
    page = {w.model_id for w in _instances.values()} & set(sent)
    assert len(page) > 20  # the words changed
    assert len(sent) == len(set(sent))  # and each widget said so once
    english = PlayApp()
    sent.clear()
    monkeypatch.setattr(comm.DummyComm, "publish_msg", counting)
    english.arrive(PageParams.parse("lang=en&seed=7"))
    assert len(sent) == 1  # the default page with a seed: the seed box only
