"""The declarative base of the rule trainers.

A trainer says what it is made of as data: its title and hint, its choices
(labelled dropdowns, :class:`Choice`) and its buttons (:class:`Action`). The
base builds the widgets, labels them in the learner's language, wires them to
their handlers and lays them out; a trainer only writes :meth:`Trainer.render`
(what the engine answers for the current choices) and the handlers that do
more than draw again. CSS: ``nap-ex-trainer``, the trainer's own class and
``{css}-out`` for its answer.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import ipywidgets as W

from ....words.html import escape, html
from ...base import guarded
from ...widgets import auto_layout as _auto, HBox, HTML, VBox
from ..component import ExplorerComponent, labelled_field, make_button, make_dropdown
from ..page import ExplorerPage


__all__ = ["Choice", "Action", "Trainer", "numbers"]


def numbers(values: Sequence[int]) -> list[tuple[str, int]]:
    """Dropdown options for plain numbers."""
    return [(str(n), n) for n in values]


@dataclass(frozen=True)
class Choice:
    """A labelled dropdown of a trainer, kept as the attribute ``name`` (CSS class ``css``).

    ``label`` is a message id (marked with ``N_``); ``options`` and ``value`` are read from the
    trainer when it is built; a change calls the trainer's method ``on_change``.
    """

    name: str
    css: str
    label: str
    options: Callable[[Any], Sequence[tuple[str, Any]]]
    value: Callable[[Any], Any]
    on_change: str = "_on_change"


@dataclass(frozen=True)
class Action:
    """A button of a trainer, kept as the attribute ``name``; a click calls the method ``on_click``."""

    name: str
    css: str
    label: str
    on_click: str


class Trainer(ExplorerComponent):
    """Base of a rule trainer: a title line, choices, buttons and an answer (CSS ``nap-ex-trainer``)."""

    css = "nap-ex-trainer"
    heading_text = ""
    """The title (message id)."""
    hint_text = ""
    """The line under the title that says what to do (message id)."""
    choices: tuple[Choice, ...] = ()
    actions: tuple[Action, ...] = ()
    fields_layout: dict[str, str] = {}
    """Extra layout of the row of choices (e.g. ``{"flex_flow": "row wrap"}``)."""

    def __init__(self, app: ExplorerPage) -> None:
        super().__init__(app)
        self.heading = HTML()
        self.heading.add_class("nap-ex-trainer-title")
        self.out = HTML()
        self.out.add_class(f"{self.css}-out")
        self.widget = VBox(layout=_auto())
        self.widget.add_class("nap-ex-trainer")
        self.widget.add_class(self.css)
        self.labels: dict[str, W.HTML] = {}
        for choice in self.choices:
            dropdown = make_dropdown(choice.css, choice.options(self), choice.value(self))
            setattr(self, choice.name, dropdown)
            self.labels[choice.name] = HTML()
        for action in self.actions:
            button = make_button(action.css)
            setattr(self, action.name, button)
            button.on_click(getattr(self, action.on_click))
        self.build()
        for choice in self.choices:
            getattr(self, choice.name).observe(getattr(self, choice.on_change), names="value")
        self.widget.children = self.layout()

    # -- what a trainer may add ------------------------------------------------
    def build(self) -> None:
        """Set up the trainer's own state and widgets (before the layout)."""

    def layout(self) -> list[W.Widget]:
        """The trainer's widgets, top to bottom: title, choices, answer, buttons."""
        return [self.heading, *self.fields(), self.out, *self.buttons()]

    def relabel(self) -> None:
        """Words of the trainer's own widgets (after the declared ones are labelled)."""

    def render(self) -> None:  # pragma: no cover - every trainer draws its answer
        raise NotImplementedError

    # -- helpers ---------------------------------------------------------------
    def field(self, name: str) -> W.HBox:
        return labelled_field(self.labels[name], getattr(self, name))

    def fields(self) -> list[W.Widget]:
        """The choices: one labelled dropdown alone, several in a row."""
        if len(self.choices) == 1:
            return [self.field(self.choices[0].name)]
        if not self.choices:
            return []
        return [HBox([self.field(c.name) for c in self.choices], layout=_auto(**self.fields_layout))]

    def buttons(self) -> list[W.Widget]:
        return [getattr(self, a.name) for a in self.actions]

    def title(self, text: str, hint: str) -> None:
        self.heading.value = html("<h3>{}</h3><p class='nap-ex-hint'>{}</p>", text, hint)

    def refresh(self) -> None:
        self.title(self._(self.heading_text), self._(self.hint_text))
        for choice in self.choices:
            self.labels[choice.name].value = escape(self._(choice.label))
        for action in self.actions:
            getattr(self, action.name).description = self._(action.label)
        self.relabel()
        self.render()

    @guarded
    def _on_change(self, change: dict[str, Any]) -> None:
        self.render()
