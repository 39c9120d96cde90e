"""Presenter mode of the lesson page: the lesson projected for a room (``?present=1`` or the "Present" switch).

Presenting puts the class ``nap-present`` on the page and lays it out as a *stage* of fixed size
(:meth:`LessonApp.arrange`): the card table on the left, the height of the screen, and one panel on
the right with the step controls, the narration (rule text of 30 px at 1920 x 1080; a longer
narration scrolls inside the panel), the question of a course lesson, the hands bar and a hint of
the keys. ``css/presenter.css`` sizes everything on the table from the stage's own size (container
units), never from what the step shows: no seat, hand or trick moves or grows from one step to the
next, up to seven cards lie in one row in the middle, and the whole stage fits 1920 x 1080,
1366 x 768 and 1280 x 720 for 3 to 7 players. The hands can be hidden one at a
time ("Hide B's hand") or all but the hand of the player to act, for "what would you play?";
hidden hands are drawn face down. Nothing of this changes the lesson: the narration still
gives the rule behind every step, and leaving presenter mode shows every hand again.

Keys step the lesson in and out of presenter mode (:mod:`nap_teach.ui.keys`). While presenting, the
keys of a clicker always step, whatever has the focus (Space never presses the Present switch or
a hand's button), Escape leaves presenter mode, and a question of a course lesson is asked to the
room: the next key shows its answer with the reason (:meth:`LessonRun.reveal`, which scores
nothing), the key after that moves on.

CSS classes for tests: ``nap-present`` (on the page while presenting), ``nap-present-switch``,
``nap-present-hands``, ``nap-present-seat``, ``nap-present-seat-<seat>``, ``nap-present-hidden``
(a seat button whose hand is hidden), ``nap-present-only``, ``nap-present-all``, ``nap-present-ask``,
``nap-present-stage``, ``nap-present-panel``, ``nap-present-keys-hint``.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ...words.html import Markup, html
from ...teach.lesson import Lesson
from ..base import CSS_DIR, Component, guarded
from ..keys import PRESENT_KEYS, STEP_KEYS, StepKeys
from ..widgets import auto_layout, Button, Checkbox, HBox, HTML, set_classes, set_trait, show, VBox
from .page import LessonPage


__all__ = ["Presenter"]


class Presenter(Component):
    """The "Present" switch, the hands bar (hide or show each hand) and the keys that step the lesson."""

    app: LessonPage

    def __init__(self, app: LessonPage, present: bool = False) -> None:
        super().__init__(app)
        self.on = bool(present)
        self.hidden: set[int] = set()
        """Seats whose hand is hidden (while presenting and not showing only the player to act)."""
        self.players: tuple[str, ...] = ()
        self.switch = Button(icon="desktop", layout=auto_layout())
        self.switch.add_class("nap-present-switch")
        self.switch.description = self._("Present")  # named from the start, whatever the page draws first
        self.switch.on_click(self._on_switch)
        self.widget = VBox([], layout=auto_layout())
        """The hands bar, with presenter mode's style sheet: filled the first time the lesson is presented."""
        self.widget.add_class("nap-present-hands")
        self._bar: _PresenterParts | None = None
        """Presenter mode's parts (the hands bar, the stage and its panel, the keys' hint), built the first time
        the lesson is presented: most lessons are never presented, and a page of fewer widgets opens sooner."""
        self.keys = StepKeys({"next": self._next, "back": self._back, "leave": self._leave},
                             keys={**STEP_KEYS, **PRESENT_KEYS}, focus_group=".nap-lesson-buttons")
        self.keys.widget.scroll_to = ".nap-present > .nap-lesson-header"
        self.keys.widget.presenting = self.on
        self._seat_buttons: list[W.Button] = []
        self.revealed = False
        """Whether the question panel shows an answer revealed by a key (the next key moves on)."""

    # ------------------------------------------------------------ the parts
    @property
    def built(self) -> bool:
        """Whether presenter mode's parts are there (the lesson has been presented)."""
        return self._bar is not None

    def _hands_bar(self) -> "_PresenterParts":
        if self._bar is None:
            bar = self._bar = _PresenterParts()
            bar.only.observe(self._on_only, names="value")
            bar.all.on_click(self._on_all)
            self.widget.children = (bar.style, bar.title, bar.seats, HBox([bar.only, bar.all], layout=auto_layout()),
                                    bar.ask)
        return self._bar

    @property
    def style(self) -> W.HTML:
        return self._hands_bar().style

    @property
    def title(self) -> W.HTML:
        return self._hands_bar().title

    @property
    def seats(self) -> W.HBox:
        return self._hands_bar().seats

    @property
    def only(self) -> W.Checkbox:
        return self._hands_bar().only

    @property
    def all(self) -> W.Button:
        return self._hands_bar().all

    @property
    def ask(self) -> W.HTML:
        return self._hands_bar().ask

    @property
    def stage(self) -> W.HBox:
        return self._hands_bar().stage

    @property
    def panel(self) -> W.VBox:
        return self._hands_bar().panel

    @property
    def hint(self) -> W.HTML:
        return self._hands_bar().hint

    # -------------------------------------------------------------- stepping
    def _next(self) -> None:
        app = self.app
        if self.on:  # a question of a course lesson is asked to the room: the key reveals its answer
            if self.revealed:
                self.revealed = False
                if app.question_waiting():  # the next question of the same step
                    app.show_question()
                    return
            elif app.question_waiting():
                app.reveal_question()
                self.revealed = True
                return
        app.step_forward()  # exactly what a click on Next does (course questions included)

    def _back(self) -> None:
        self.revealed = False
        self.app.step_back()

    def _leave(self) -> None:
        if self.on:
            self.set(False)

    # ------------------------------------------------------------- the state
    def hidden_seats(self, lesson: Lesson, index: int) -> frozenset[int]:
        """The seats whose hand is drawn face down at step ``index`` (none outside presenter mode)."""
        if not self.on:
            return frozenset()
        if self.only.value:
            to_act = lesson.state(index).to_act
            if to_act is None:  # the deal is over: every hand is shown again
                return frozenset()
            return frozenset(s for s in range(lesson.n) if s != to_act)
        return frozenset(s for s in self.hidden if 0 <= s < lesson.n)

    # ------------------------------------------------------------ the events
    @guarded
    def _on_switch(self, _button: Any = None) -> None:
        self.set(not self.on)

    def set(self, on: bool) -> None:
        """Present (or stop presenting); every hand is shown again when presenting stops."""
        self.on = bool(on)
        self.revealed = False
        if not self.on:
            self.hidden.clear()
            if self._bar is not None:
                set_trait(self._bar.only, "value", False)
        self.keys.widget.presenting = self.on
        self.app.arrange()
        self.app.redraw_board()
        self.render()

    @guarded
    def _on_seat(self, button: W.Button) -> None:
        seat = getattr(button, "nap_seat", None)
        if (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.players)
                or self.only.value):
            return
        if seat in self.hidden:
            self.hidden.discard(seat)
        else:
            self.hidden.add(seat)
        self.app.redraw_board()
        self.render()

    @guarded
    def _on_only(self, change: dict[str, Any]) -> None:
        if not isinstance(change.get("new"), bool):
            return
        self.app.redraw_board()
        self.render()

    @guarded
    def _on_all(self, _button: Any = None) -> None:
        self.hidden.clear()
        set_trait(self.only, "value", False)  # no event: redrawn once below
        self.app.redraw_board()
        self.render()

    # ------------------------------------------------------------ the drawing
    def _buttons_for(self, players: tuple[str, ...]) -> None:
        """One "Hide/Show <player>'s hand" button per seat (again when the deal's players change)."""
        if players == self.players and self._seat_buttons:
            return
        if players != self.players:
            self.hidden.clear()
        self.players = players
        buttons = []
        for seat in range(len(players)):
            b = Button(layout=auto_layout())
            b.nap_seat = seat
            b.on_click(self._on_seat)
            buttons.append(b)
        self._seat_buttons = buttons
        self.seats.children = tuple(buttons)

    def render(self) -> None:
        """The switch, the hands bar and the page's class, in the current language, for the current step."""
        app = self.app
        _ = self._
        set_trait(self.switch, "description", _("Stop presenting") if self.on else _("Present"))
        set_trait(self.switch, "tooltip", _("Back to the normal page") if self.on
                  else _("Presenter mode: full screen width, large type and cards, for a projector"))
        classes = [c for c in app.widget._dom_classes if c != "nap-present"] + (["nap-present"] if self.on else [])
        set_classes(app.widget, classes)
        show(self.widget, self.on)
        if self._bar is None and not self.on:
            return  # never presented: none of presenter mode's parts yet
        self.hint.value = html(
            '<p class="nap-present-keys"><kbd>→</kbd> <kbd>PgDn</kbd> <kbd>{space}</kbd> {next} · '
            '<kbd>←</kbd> <kbd>PgUp</kbd> {back} · <kbd>Esc</kbd> {leave}</p>',
            space=_("Space"), next=_("next"), back=_("back"), leave=_("stop presenting"))
        lesson = app.lesson
        self._buttons_for(tuple(lesson.players))
        index = app.walk.index
        hidden = self.hidden_seats(lesson, index)
        only = bool(self.only.value)
        for seat, (b, name) in enumerate(zip(self._seat_buttons, self.players)):
            gone = seat in hidden
            set_trait(b, "description", (_("Show {player}'s hand") if gone else _("Hide {player}'s hand")).format(
                player=name))
            set_trait(b, "icon", "eye" if gone else "eye-slash")
            set_trait(b, "disabled", only)
            set_classes(b, ["nap-present-seat", f"nap-present-seat-{seat}"] + (["nap-present-hidden"] if gone else []))
        self.title.value = html('<h2 class="nap-present-heading">{}</h2>', _("Hands"))
        set_trait(self.only, "description", _("Show only the hand of the player to act"))
        set_trait(self.all, "description", _("Show all hands"))
        set_trait(self.all, "tooltip", _("Turn every hand face up again"))
        state = lesson.state(index)
        to_act = state.to_act
        if self.on and only and to_act is not None and 0 <= to_act < len(self.players):
            ask = _("What would {player} call?") if state.phase == "auction" else _("What would {player} play?")
            self.ask.value = html('<p class="nap-present-question">{}</p>', ask.format(player=self.players[to_act]))
        else:
            self.ask.value = ""


class _PresenterParts:
    """Presenter mode's style sheet, hands bar, stage, panel and keys' hint (built the first time the lesson
    is presented)."""

    def __init__(self) -> None:
        style = HTML(html("<style>{}</style>", Markup((CSS_DIR / "presenter.css").read_text(encoding="utf-8"))))
        style.add_class("nap-style")
        self.style = style
        self.title = HTML("")
        self.title.add_class("nap-present-title")
        self.seats = HBox([], layout=auto_layout())
        self.seats.add_class("nap-present-seats")
        self.only = Checkbox(value=False, indent=False, layout=auto_layout())
        self.only.add_class("nap-present-only")
        self.all = Button(icon="eye", layout=auto_layout())
        self.all.add_class("nap-present-all")
        self.ask = HTML("")
        self.ask.add_class("nap-present-ask")
        self.stage = HBox([], layout=auto_layout())
        self.stage.add_class("nap-present-stage")
        self.panel = VBox([], layout=auto_layout())
        self.panel.add_class("nap-present-panel")
        self.hint = HTML("")
        self.hint.add_class("nap-present-keys-hint")
