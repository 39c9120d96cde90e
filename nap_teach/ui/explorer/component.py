"""What every piece of the explorer shares: the rules in force, the rule badges, and small widget makers."""
from __future__ import annotations

from typing import Any, Sequence, TypeGuard

import ipywidgets as W

from ...engine.explain import Explanation
from ...words.html import Markup, html
from ...engine.profiles import Profile
from ..base import Component
from ..widgets import auto_layout as _auto, Button, Dropdown, HBox
from .page import ExplorerPage


SECTIONS = ("rules", "quiz", "compare", "syllabus")


class ExplorerComponent(Component):
    """A piece of the explorer: shares the app's language, status line, busy flag and profile."""

    app: ExplorerPage

    @property
    def profile(self) -> Profile:
        return self.app.profile

    def refused(self, expl: Explanation) -> Markup:
        return html('<div class="nap-msg nap-msg-refused" role="status">{}</div>', self.explain(expl))

    def fine(self, expl: Explanation) -> Markup:
        return html('<div class="nap-msg nap-msg-info" role="status">{}</div>', self.explain(expl))

    def refresh(self) -> None:  # pragma: no cover - overridden
        pass


def make_dropdown(css: str, options: Sequence[tuple[str, Any]], value: Any) -> W.Dropdown:
    d = Dropdown(options=list(options), value=value, layout=_auto())
    d.add_class(css)
    return d


def make_button(css: str, icon: str = "") -> W.Button:
    b = Button(layout=_auto(align_self="flex-start"), icon=icon)
    b.add_class(css)
    return b


def labelled_field(label: W.HTML, widget: W.Widget) -> W.HBox:
    box = HBox([label, widget], layout=_auto(align_items="center"))
    box.add_class("nap-ex-field")
    return box


def valid_choice(value: Any, allowed: Sequence[int]) -> TypeGuard[int]:
    """A widget's value is one of the allowed numbers (values arrive over the network: a True is not a 1)."""
    return any(value == a and type(value) is type(a) for a in allowed)
