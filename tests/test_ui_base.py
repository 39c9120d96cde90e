"""Shared page plumbing: the page's address in a preheated kernel, and widget values from the network."""
from __future__ import annotations

import socket

import ipywidgets as W

from nap_teach.ui import base, params
from nap_teach.ui.play import PlayApp


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])  # closed again when the block ends


def test_the_query_comes_from_the_given_environment():
    assert params.request_query({"QUERY_STRING": "lang=es&seed=7"}) == "lang=es&seed=7"
    assert params.request_query({}) == ""
    assert params.page_params({"QUERY_STRING": "lang=es&seed=7"}) == {"lang": "es", "seed": "7"}


def test_a_preheated_page_without_a_server_keeps_its_defaults(monkeypatch):
    # VOILA_PREHEAT=True: the page waits for its request from Voila; if the
    # server is gone it goes on with the defaults, without a traceback.
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_IP", "127.0.0.1")
    monkeypatch.setenv("VOILA_APP_PORT", str(_closed_port()))
    monkeypatch.setenv("VOILA_KERNEL_ID", "0" * 32)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr(params, "_request_arrived", False)
    assert params.request_query() == ""
    assert params._request_arrived  # a page waits once, never again
    assert PlayApp.from_environment().language.code == "en"


def test_a_value_a_widget_cannot_hold_is_refused_and_the_page_put_back_in_step():
    base.refuse_bad_widget_values()
    base.refuse_bad_widget_values()  # twice is harmless
    choice = W.Dropdown(options=["a", "b"], value="b")
    number = W.IntText(value=4)
    sent = []
    choice.send_state = lambda keys=None: sent.append(keys)  # type: ignore[method-assign]
    choice.set_state({"index": 99})
    choice.set_state({"index": "south"})
    choice.set_state({"value": "x" * 1_000_000})  # not a synced trait of a Dropdown: ignored
    number.set_state({"value": "many"})
    assert choice.value == "b" and choice.index == 1 and number.value == 4
    assert sent == [["index"], ["index"]]  # the page gets the kept values back
    choice.set_state({"index": 0})  # a good value still goes through
    assert choice.value == "a"
