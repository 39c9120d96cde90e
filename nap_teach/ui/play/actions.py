"""What the learner may do besides a call or a card: stop, play on, undo, next deal; and the coach."""
from __future__ import annotations

import time
from typing import Any

from ...engine.auction import Call
from ...engine.cards import Card
from ...engine.explain import Explanation, RuleError
from ...words.html import html
from ...teach.play import PlayTable
from ...words.render import card_text
from ..base import Component, guarded
from ..widgets import auto_layout as _auto, Button, HBox, HTML, set_trait as _set, show as _show
from .page import PlayPage


UNDO_DEBOUNCE = 0.6
"""Seconds after an undo in which another undo click is taken as part of a double click."""


class ActionBar(Component):
    """Stop early (when certain), play on, practice undo, next deal, new session."""

    app: PlayPage

    def __init__(self, app: PlayPage) -> None:
        super().__init__(app)
        self.stop = Button(button_style="warning", layout=_auto())
        self.stop.add_class("nap-play-stop")
        self.play_on = Button(layout=_auto())
        self.play_on.add_class("nap-play-playon")
        self.undo = Button(layout=_auto())
        self.undo.add_class("nap-play-undo")
        self.next = Button(button_style="primary", layout=_auto())
        self.next.add_class("nap-play-next")
        self.new = Button(layout=_auto())
        self.new.add_class("nap-play-new")
        self.stop.on_click(self._on_stop)
        self.play_on.on_click(self._on_play_on)
        self.undo.on_click(self._on_undo)
        self.next.on_click(self._on_next)
        self.new.on_click(self._on_new)
        self.widget = HBox([self.stop, self.play_on, self.undo, self.next, self.new])
        self.widget.add_class("nap-play-actions")
        self._last_undo = float("-inf")

    def render(self, table: PlayTable | None) -> None:
        _ = self._
        self.stop.description = _("Stop here: the result is certain")
        self.play_on.description = _("Play on to the end")
        self.undo.description = _("Take back my last card")
        self.undo.tooltip = _("Practice undo: takes back your last card and the bots' replies after it")
        self.new.description = _("New session")
        if table is None:
            for b in (self.stop, self.play_on, self.undo, self.next):
                _show(b, False)
            _show(self.new, False)
            return
        pending = table.pending
        _show(self.stop, table.stop_offer)
        _show(self.play_on, table.stop_offer)
        can_undo = table.practice_undo and any(e.by_learner and isinstance(e.action, Card) for e in table.events)
        _show(self.undo, can_undo)
        if pending == "deal":
            self.next.description = _("Deal {number}").format(number=len(table.session.entries) + 1)
        else:
            self.next.description = _("Next deal")
        _show(self.next, pending in ("deal", "deal_over"))
        _show(self.new, not self.app.live_class)  # a live class's learner plays the class's one session

    @guarded
    def _on_stop(self, _b: Any = None) -> None:
        table = self._table()
        if table.pending in ("deal_over", "session_over"):
            return  # the deal has already ended (a double click)
        table.stop()
        self.app.after_move()

    @guarded
    def _on_play_on(self, _b: Any = None) -> None:
        table = self._table()
        if table.pending != "stop" and not table.stop_offer:
            return  # already playing on (a double click)
        table.play_on()
        self.app.after_move()

    @guarded
    def _on_undo(self, _b: Any = None) -> None:
        table = self._table()
        now = time.monotonic()
        if now - self._last_undo < UNDO_DEBOUNCE:
            return  # the second click of a double click would take back one card more
        taken = table.undo()
        self._last_undo = time.monotonic()
        self.app.after_move()
        self.status.show(self.tr.ngettext("Taken back: {n} card (yours and the replies after it).",
                                          "Taken back: {n} cards (yours and the replies after it).",
                                          taken).format(n=taken), "info")

    @guarded
    def _on_next(self, _b: Any = None) -> None:
        table = self._table()
        if table.pending not in ("deal", "deal_over"):
            # a second click on "Next deal" arrives after the deal was dealt: nothing to do
            return
        table.start_deal()
        self.app.after_move()

    @guarded
    def _on_new(self, _b: Any = None) -> None:
        self.app.to_setup()

    def _table(self) -> PlayTable:
        table = self.app.table
        if table is None:
            raise RuleError(Explanation("play", "play.no_deal", {}))
        return table


# ======================================================================== coach
class Coach(Component):
    """A hint: the call or card the coach suggests, with its reason."""

    app: PlayPage

    def __init__(self, app: PlayPage) -> None:
        super().__init__(app)
        self.button = Button(icon="lightbulb-o", layout=_auto())
        self.button.add_class("nap-play-hint")
        self.text = HTML()
        self.text.add_class("nap-play-hint-text")
        self.button.on_click(self._on_hint)
        self.widget = HBox([self.button, self.text])
        self.widget.add_class("nap-play-coach")

    def render(self, table: PlayTable | None) -> None:
        self.button.description = self._("Hint")
        self.button.tooltip = self._("What would the coach do here, and why?")
        live = table is not None and table.pending in ("call", "card")
        _show(self.widget, live)
        self.clear()

    def clear(self) -> None:
        _set(self.text, "value", "")

    @guarded
    def _on_hint(self, _b: Any = None) -> None:
        table = self.app.table
        if table is None:
            return
        decision = table.hint()
        action = decision.action
        if isinstance(action, Card):
            what = self._("Coach: play {card}.").format(card=card_text(action))
        elif isinstance(action, Call):
            what = self._("Coach: {call}.").format(call=self.tr.call(action.name))
        else:
            what = self._("Coach: stop here.")
        self.text.value = (html('<div class="nap-msg nap-msg-info" role="status"><b>{}</b> {}</div>',
                                what, self.explain(decision.reason)))
