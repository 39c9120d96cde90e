"""The learner's other way to play a card: type it ("QS", "10h", "queen of spades")."""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ...engine.cards import CardParseError
from ...words.cardtext import CardReading, read_card, reading_note
from ...teach.play import PlayTable
from ...engine.views import SeatView
from ..base import Component, guarded
from ..widgets import auto_layout as _auto, Button, HBox, show as _show, Text, VBox
from .page import PlayPage


class HandView(Component):
    """A field to type a card and its "Play it" button, shown while the learner has a card to play.

    The card table (:class:`~nap_teach.ui.table.CardTable`) shows the hand as card faces, to
    tap or to choose with the arrow keys; this field is for a learner who would rather type.
    The typed card is sent by Enter (or by leaving the box), as well as by the button, and
    checked by the table like a tapped one (an illegal card is refused with the reason). The
    field is emptied once the card is played, so a double click never plays two cards.
    """

    app: PlayPage

    def __init__(self, app: PlayPage) -> None:
        super().__init__(app)
        # Enter sends the typed card (continuous_update=False: the value arrives on Enter, or on leaving the box)
        self.typed = Text(continuous_update=False, layout=W.Layout(width="18em", max_width="100%"))
        self.typed.observe(self._on_enter, names="value")
        self.typed.add_class("nap-play-card-text")
        self.go = Button(layout=_auto())
        self.go.add_class("nap-play-card-go")
        self.go.on_click(self._on_typed)
        self.keyboard = HBox([self.typed, self.go])
        self.keyboard.add_class("nap-play-keyboard")
        self.widget = VBox([self.keyboard])
        self.widget.add_class("nap-play-hand-panel")

    def render(self, table: PlayTable, view: SeatView | None) -> None:
        _ = self._
        self.typed.placeholder = _("Card: QS, 10h or queen of spades")
        self.typed.description = ""
        self.go.description = _("Play it")
        self.go.tooltip = _("Play the card typed in the box")
        if view is None or not view.hand:
            _show(self.widget, False)
            return
        _show(self.widget, True)
        _show(self.keyboard, table.pending == "card")

    def _on_enter(self, change: dict[str, Any]) -> None:
        if isinstance(change.get("new"), str) and change["new"].strip():
            self._on_typed()

    @guarded
    def _on_typed(self, _button: Any = None) -> None:
        table = self.app.table
        text = self.typed.value
        if table is None or not isinstance(text, str) or not text.strip():
            return  # empty: nothing typed, or the field was emptied by the first click of a double click
        text = text.strip()[:40]
        try:  # "reina de corazones", "RC" as well as "QH", "10h", "Q♥" (one reader for every card box)
            reading: CardReading | None = read_card(text, self.tr.lang)
        except CardParseError:
            reading = None  # the table refuses the text with its reason
        table.play(reading.card if reading is not None else text[:12])
        self.typed.value = ""
        self.app.after_move()
        note = reading_note([reading], self.tr) if reading is not None else None
        if note:  # which code was read, when it was the other language's or one that reads both ways
            self.app.status.show(note, "info")
