"""Small helpers for ipywidgets shared by every page: layouts, showing, quiet trait updates, CSS classes."""
from __future__ import annotations

import asyncio

from typing import Any, Sequence, TypeVar

import ipywidgets as W

from ..words.html import Markup, html
from ..words.i18n import Translator

__all__ = ["auto_layout", "show", "set_trait", "set_classes", "with_classes", "scroll_cue"]

WidgetT = TypeVar("WidgetT", bound=W.Widget)


def auto_layout(**kwargs: Any) -> W.Layout:
    """A layout as wide as its content, never wider than the page (phones)."""
    return W.Layout(width="auto", max_width="100%", **kwargs)


def show(widget: W.Widget, visible: bool) -> None:
    """Show or hide ``widget`` (no message to the page when nothing changes). Shown is ``""``, not ``None``: a
    ``None`` never reaches the page under Pyodide (the static site), where a hidden widget then stayed hidden."""
    display = "" if visible else "none"
    if widget.layout.display != display:
        widget.layout.display = display


def set_trait(widget: W.Widget, name: str, value: Any) -> None:
    """Set a trait only when it changes (no message otherwise)."""
    if getattr(widget, name) != value:
        setattr(widget, name, value)


def set_classes(widget: W.Widget, classes: Sequence[str]) -> None:
    """Replace the widget's CSS classes in one message (only when they change)."""
    value = tuple(classes)
    if tuple(widget._dom_classes) != value:
        widget._dom_classes = value


def with_classes(widget: WidgetT, *names: str) -> WidgetT:
    """Add CSS classes to ``widget`` and return it."""
    for name in names:
        widget.add_class(name)
    return widget


def scroll_cue(tr: Translator, players: int) -> Markup:
    """The line above a wide table that tells a phone reader the table scrolls sideways.

    Shown by the CSS on narrow screens only (``.nap-scroll-cue``, base.css), where a table
    of ``players`` columns may be wider than the screen.
    """
    return html('<p class="nap-scroll-cue" data-players="{}">{}</p>', players,
                tr.gettext("← Swipe the table sideways to see every player →"))


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The running kernel's event loop, or None outside a kernel.

    Only a kernel's loop is sure to come round again; another running loop
    (a test's Playwright, say) may never run a deferred job.
    """
    try:
        from IPython import get_ipython  # only inside a kernel: tests run deferred jobs themselves

        shell = get_ipython()
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
