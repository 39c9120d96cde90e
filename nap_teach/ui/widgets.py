"""Small helpers for ipywidgets shared by every page: layouts, showing, quiet trait updates, CSS classes."""
from __future__ import annotations

import asyncio

from typing import Any, Sequence, TypeVar

import ipywidgets as W
from ipywidgets.widgets.widget_string import HTMLStyle

from ..words.html import Markup, html
from ..words.i18n import Translator

__all__ = ["auto_layout", "show", "set_trait", "set_classes", "with_classes", "scroll_cue", "HTML", "SharedLayout",
           "HiddenLayout", "SharedHTMLStyle", "SharedButtonStyle", "shared_layout", "shared_button_style", "shared_style",
           "VBox", "HBox", "Button", "Dropdown", "Checkbox", "ToggleButtons", "Text", "Textarea", "BoundedIntText",
           "IntText"]

WidgetT = TypeVar("WidgetT", bound=W.Widget)


class _Frozen:
    """A model many widgets of a page share (one model in the browser instead of one per widget): its values are
    never changed after it is made; :func:`show` gives a widget its own layout before hiding it."""

    _nap_frozen: frozenset[str] = frozenset()

    def freeze(self) -> None:
        self._nap_frozen = frozenset(getattr(self, "keys", ()))

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self._nap_frozen:
            raise TypeError(f"{type(self).__name__} is shared by many widgets and never changed: "
                            f"give the widget a layout of its own (ui/widgets.show does)")
        super().__setattr__(name, value)


class SharedLayout(_Frozen, W.Layout):
    """A layout shared by many widgets (see :func:`auto_layout`); hidden, they share its :class:`HiddenLayout`."""

    def __init__(self, key: str = "plain", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.key = key
        self.made_with = dict(kwargs)
        self.freeze()


class HiddenLayout(_Frozen, W.Layout):
    """The layout of the hidden widgets that show with a shared layout: the shared layout's values and
    ``display: none``, itself shared by every such widget hidden (see :func:`show`)."""

    def __init__(self, shared: SharedLayout) -> None:
        super().__init__(**shared.made_with, display="none")
        self.key = shared.key
        self.made_with = shared.made_with
        self.freeze()

    def shared(self) -> SharedLayout:
        layout: SharedLayout = _shared_model(self.key, lambda: SharedLayout(self.key, **self.made_with))
        return layout


class SharedHTMLStyle(_Frozen, HTMLStyle):
    """The style of every :class:`HTML` widget made without one (the app styles its text with its sheets)."""

    def __init__(self) -> None:
        super().__init__()
        self.freeze()


class SharedButtonStyle(_Frozen, W.ButtonStyle):
    """The style of buttons that never change their style (see :func:`shared_button_style`)."""

    def __init__(self) -> None:
        super().__init__()
        self.freeze()


_shared: dict[str, W.Widget] = {}
"""The shared models of this kernel (one page per kernel), made on first use; made again once closed."""


def _shared_model(key: str, make: Any) -> Any:
    model = _shared.get(key)
    if model is None or model.comm is None:
        model = _shared[key] = make()
    return model


def shared_layout(key: str, **kwargs: Any) -> SharedLayout:
    """The page's one layout of these values (``key`` names them), for widgets that never change it but by
    :func:`show` (a row of 52 card buttons: one layout model instead of 52)."""
    layout: SharedLayout = _shared_model(key, lambda: SharedLayout(key, **kwargs))
    return layout


def shared_button_style() -> SharedButtonStyle:
    """The page's one plain button style, for buttons that never change their style (colours come from CSS)."""
    style: SharedButtonStyle = _shared_model("button-style", SharedButtonStyle)
    return style


_frozen_styles: dict[type[W.Widget], type[W.Widget]] = {}
"""Each style class's frozen twin, made on first use."""


def shared_style(style_class: type[W.Widget], **values: Any) -> W.Widget:
    """The page's one style model of this class and these values (``description_width="initial"`` ...), shared
    by every control made with them and never changed: a form of a dozen controls had a dozen style models,
    identical, each sent to the browser and drawn."""
    key = f"style:{style_class.__name__}:" + ",".join(f"{name}={value}" for name, value in sorted(values.items()))

    def make() -> W.Widget:
        frozen = _frozen_styles.get(style_class)
        if frozen is None:
            frozen = _frozen_styles[style_class] = type(f"Shared{style_class.__name__}", (_Frozen, style_class), {})
        style = frozen(**values)
        style.freeze()
        return style

    style: W.Widget = _shared_model(key, make)
    return style


def _shared_look(control: type[Any], kwargs: dict[str, Any]) -> dict[str, Any]:
    """``kwargs`` for ``control`` with, unless given models of their own, the page's one plain layout and its
    one style of the values asked for (a dict, as ipywidgets takes them, or none)."""
    kwargs.setdefault("layout", _shared_model("plain", SharedLayout))
    style = kwargs.get("style")
    if not isinstance(style, W.Widget):
        kwargs["style"] = shared_style(control.class_traits()["style"].klass, **(style or {}))
    return kwargs


def auto_layout(**kwargs: Any) -> W.Layout:
    """A layout as wide as its content, never wider than the page (phones). Without arguments, the one
    such layout of the page, shared by every widget that asks for it (a page has ~100: each its own model
    to send and draw)."""
    if not kwargs:
        layout: W.Layout = _shared_model("auto", lambda: SharedLayout("auto", width="auto", max_width="100%"))
        return layout
    return W.Layout(width="auto", max_width="100%", **kwargs)


class HTML(W.HTML):
    """``ipywidgets.HTML`` sharing, unless given its own, the page's one plain layout and one style (a page
    shows dozens of texts: one model each instead of three)."""

    def __init__(self, value: Any = None, **kwargs: Any) -> None:
        if value is not None:
            kwargs["value"] = value
        if "layout" not in kwargs:
            kwargs["layout"] = _shared_model("plain", SharedLayout)
        if "style" not in kwargs:
            kwargs["style"] = _shared_model("html-style", SharedHTMLStyle)
        super().__init__(**kwargs)


class VBox(W.VBox):
    """``ipywidgets.VBox`` sharing, unless given its own, the page's one plain layout."""

    def __init__(self, children: Any = (), **kwargs: Any) -> None:
        kwargs.setdefault("layout", _shared_model("plain", SharedLayout))
        super().__init__(children, **kwargs)


class HBox(W.HBox):
    """``ipywidgets.HBox`` sharing, unless given its own, the page's one plain layout."""

    def __init__(self, children: Any = (), **kwargs: Any) -> None:
        kwargs.setdefault("layout", _shared_model("plain", SharedLayout))
        super().__init__(children, **kwargs)


class Button(W.Button):
    """``ipywidgets.Button`` sharing, unless given their own, the page's one plain layout and one button style
    (a button whose colours change in Python keeps ``ipywidgets.Button``: the shared style refuses changes)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("layout", _shared_model("plain", SharedLayout))
        kwargs.setdefault("style", shared_button_style())
        super().__init__(**kwargs)


class _SharedLook:
    """A form control sharing, unless given its own, the page's one plain layout and its one style of the values
    asked for (:func:`_shared_look`): put before the ipywidgets class, ``class Dropdown(_SharedLook, W.Dropdown)``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**_shared_look(type(self), kwargs))


class Dropdown(_SharedLook, W.Dropdown):
    """``ipywidgets.Dropdown`` sharing its layout and style (:class:`_SharedLook`)."""


class Checkbox(_SharedLook, W.Checkbox):
    """``ipywidgets.Checkbox`` sharing its layout and style (:class:`_SharedLook`)."""


class ToggleButtons(_SharedLook, W.ToggleButtons):
    """``ipywidgets.ToggleButtons`` sharing its layout and style (:class:`_SharedLook`)."""


class Text(_SharedLook, W.Text):
    """``ipywidgets.Text`` sharing its layout and style (:class:`_SharedLook`)."""


class Textarea(_SharedLook, W.Textarea):
    """``ipywidgets.Textarea`` sharing its layout and style (:class:`_SharedLook`)."""


class BoundedIntText(_SharedLook, W.BoundedIntText):
    """``ipywidgets.BoundedIntText`` sharing its layout and style (:class:`_SharedLook`)."""


class IntText(_SharedLook, W.IntText):
    """``ipywidgets.IntText`` sharing its layout and style (:class:`_SharedLook`)."""


def show(widget: W.Widget, visible: bool) -> None:
    """Show or hide ``widget`` (no message to the page when nothing changes). Shown is ``""``, not ``None``: a
    ``None`` never reaches the page under Pyodide (the static site), where a hidden widget then stayed hidden.

    A widget sharing its layout (:class:`SharedLayout`) is hidden with the hidden twin of that layout (the same
    values and ``display: none``, one model for every widget hidden so: :class:`HiddenLayout`), and shown again
    with the shared one: what a widget shows depends on whether it is shown, not on its history (a preheated
    page is the page built for its request)."""
    layout = widget.layout
    if isinstance(layout, SharedLayout):
        if not visible:
            shared = layout
            widget.layout = _shared_model(f"{shared.key}:hidden", lambda: HiddenLayout(shared))
        return
    if isinstance(layout, HiddenLayout) and visible:
        widget.layout = layout.shared()
        return
    display = "" if visible else "none"
    if layout.display != display:
        layout.display = display


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
