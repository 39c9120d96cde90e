"""Pages built before any browser connects send no comm_open (nap_teach/ui/opening.py)."""
from __future__ import annotations

import comm.base_comm
import ipywidgets
import pytest

from nap_teach.ui.opening import built_unseen, unseen_opening


@pytest.fixture
def published(monkeypatch):
    """The comm messages widgets publish (what the kernel would send on iopub)."""
    sent: list[tuple[str, str]] = []

    def publish(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        sent.append((msg_type, self.comm_id))

    for kind in {comm.base_comm.BaseComm, type(comm.create_comm())}:  # outside a kernel: comm's DummyComm
        monkeypatch.setattr(kind, "publish_msg", publish)
    return sent


def test_in_a_voila_kernel_widgets_open_registered_but_unannounced_then_talk_as_usual(published):
    manager = comm.get_comm_manager()
    with unseen_opening({"VOILA_KERNEL_ID": "k"}) as unseen:
        button = ipywidgets.Button(description="Deal")
        button.add_class("nap-deal")  # put together: the browser reads the final state when it connects
    assert unseen and published == []  # no comm_open for the button, its layout or its style; no update
    assert button.get_state()["_dom_classes"] == ("nap-deal",)
    assert manager.get_comm(button.comm.comm_id) is button.comm and not button.comm._closed
    button.description = "Deal again"  # a later change reaches the browser as usual
    assert published == [("comm_msg", button.comm.comm_id)]
    after = ipywidgets.Button()  # built after: announced as usual
    assert ("comm_open", after.comm.comm_id) in published


def test_outside_voila_every_widget_announces_itself(published):
    with unseen_opening({}) as unseen:
        button = ipywidgets.Button()
    assert not unseen and ("comm_open", button.comm.comm_id) in published


def test_every_page_is_built_unseen():
    from nap_teach.app.pagefiles import NOTEBOOK_DIR, pages
    from nap_teach.app.any_page import page_source
    import importlib
    import re

    for page in pages(NOTEBOOK_DIR):
        module, name = re.match(r"from (\S+) import (\w+)", page_source(page)).groups()
        build = getattr(importlib.import_module(module), name).from_environment
        assert getattr(build, "__wrapped__", None) is not None, page  # functools.wraps of built_unseen
    assert built_unseen(lambda: 3)() == 3
