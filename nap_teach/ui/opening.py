"""Building a page before its browser is there: its widgets' opening messages go nowhere, so none is sent.

Voila runs a page's cell before the learner's browser connects to the
kernel (always: the page's HTML is sent once the cell has run, and a
preheated kernel builds its page before anyone asks). Every widget made then
announces itself with a ``comm_open`` message, a copy of its whole state,
that no browser receives, and every change made to a widget while the page
is put together is sent as an update that no browser receives either: the
browser, once connected, asks for every widget's state in one request
(``request_states``) and attaches to the widgets the kernel already has. Those messages still cost the kernel their
encoding and signing, and the server reading each of them twice (its
executor and its activity watch): with the play page's ~280 widgets and a
class of 30 arriving at once, that was most of the work.

:func:`unseen_opening` builds without them (every page's
``from_environment`` is :func:`built_unseen`): each widget is registered with
the kernel as usual (its state is computed as usual too: that makes the
widgets its state holds, such as its layout), and only the messages are left
out. It applies in a Voila
kernel only (``VOILA_KERNEL_ID``); in JupyterLab a browser is watching the
cell run and needs every message. Widgets made after the build (a part of a
page built on first use) announce themselves as usual.
"""
from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import comm
import comm.base_comm
import ipywidgets

__all__ = ["unseen_opening", "built_unseen"]

T = TypeVar("T")


@contextmanager
def unseen_opening(environ: dict[str, str] | None = None) -> Iterator[bool]:
    """While this runs, widgets made in a Voila kernel open without a ``comm_open`` message and their changes
    are not sent; yields whether the messages are left out (False outside Voila)."""
    env = os.environ if environ is None else environ
    if not env.get("VOILA_KERNEL_ID") or sys.platform == "emscripten":  # (the static site: a browser watches)
        yield False
        return
    base = comm.base_comm.BaseComm
    announce = base.open
    widget_send = ipywidgets.Widget._send

    def register_only(self: Any, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        manager = comm.get_comm_manager()
        manager.register_comm(self)
        self._closed = False
        # ipykernel's comm learns its kernel when it first publishes (its opening), and ipywidgets sends a
        # widget's later updates only once it has one: hand it over here
        if hasattr(self, "kernel") and self.kernel is None:
            from ipykernel.kernelbase import Kernel  # the kernel this runs in (Voila's kernels are ipykernel's)

            if Kernel.initialized():
                self.kernel = Kernel.instance()

    def unsent(self: Any, msg: Any, buffers: Any = None) -> None:
        return None  # a change made while building: the browser reads the final state when it connects

    base.open = register_only  # type: ignore[method-assign]
    ipywidgets.Widget._send = unsent
    try:
        yield True
    finally:
        base.open = announce  # type: ignore[method-assign]
        ipywidgets.Widget._send = widget_send


def built_unseen(build: Callable[..., T]) -> Callable[..., T]:
    """A page's ``from_environment``, built under :func:`unseen_opening`."""
    @functools.wraps(build)
    def building(*args: Any, **kwargs: Any) -> T:
        with unseen_opening():
            return build(*args, **kwargs)
    return building
