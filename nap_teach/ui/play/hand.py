"""The learner's hand: a button per card, and a field to type one."""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ...engine.cards import Card, CardParseError, sort_hand
from ...words.cardtext import CardReading, read_card, reading_note
from ...words.html import html
from ...teach.play import PlayTable
from ...words.render import card_label, suit_text
from ...engine.views import SeatView
from ..base import Component, guarded
from ..widgets import auto_layout as _auto, set_classes as _classes, set_trait as _set, show as _show
from .page import PlayPage


HAND_SLOTS = 5


class HandView(Component):
    """The learner's five cards as buttons, face up; an illegal card is refused with the reason.

    Each button stands for one card for the whole deal (the hand is sorted when it is dealt and
    a played card's button is hidden), so a second click of a fast double click names a card
    that has already left the hand and is dropped: a double click never plays two cards. The
    same goes for the typed card: the field is emptied once the card is played.

    On the page the card buttons are hidden: the card table (:class:`~nap_teach.ui.table.CardTable`)
    shows the hand as card faces; the buttons stay for scripts and tests. The typed card is sent
    by Enter (or by leaving the box), as well as by the "Play it" button.
    """

    app: PlayPage

    def __init__(self, app: PlayPage) -> None:
        super().__init__(app)
        self.heading = W.HTML()
        self.heading.add_class("nap-play-hand-title")
        self.buttons = [W.Button(layout=W.Layout(width="auto")) for _ in range(HAND_SLOTS)]
        self._cards: list[Card | None] = [None] * HAND_SLOTS
        self._deal_key: object = None
        for i, button in enumerate(self.buttons):
            button._nap_slot = i
            button.on_click(self._on_click)
            button._dom_classes = ("nap-play-card", "nap-play-gone")
        self.row = W.HBox(self.buttons)
        self.row.add_class("nap-play-hand")
        # Enter sends the typed card (continuous_update=False: the value arrives on Enter, or on leaving the box)
        self.typed = W.Text(continuous_update=False, layout=W.Layout(width="18em", max_width="100%"))
        self.typed.observe(self._on_enter, names="value")
        self.typed.add_class("nap-play-card-text")
        self.go = W.Button(layout=_auto())
        self.go.add_class("nap-play-card-go")
        self.go.on_click(self._on_typed)
        self.keyboard = W.HBox([self.typed, self.go])
        self.keyboard.add_class("nap-play-keyboard")
        self.widget = W.VBox([self.heading, self.row, self.keyboard])
        self.widget.add_class("nap-play-hand-panel")

    def render(self, table: PlayTable, view: SeatView | None) -> None:
        _ = self._
        self.typed.placeholder = _("Card: QS, 10h or queen of spades")
        self.typed.description = ""
        self.go.description = _("Play it")
        self.go.tooltip = _("Play the card typed in the box")
        if view is None or not view.hand:
            for button in self.buttons:
                _classes(button, ("nap-play-card", "nap-play-gone"))
            _show(self.widget, False)
            return
        _show(self.widget, True)
        key = (id(table), table.deal_number, id(table.state))
        if key != self._deal_key:
            self._deal_key = key
            dealt = sort_hand(view.hand)
            self._cards = [dealt[i] if i < len(dealt) else None for i in range(HAND_SLOTS)]
        held = set(view.hand)
        for missing in sort_hand(held - set(c for c in self._cards if c is not None)):
            self._cards[self._cards.index(None)] = missing  # not expected: every dealt card has its button
        mine = table.pending == "card"
        legal = set(view.legal_cards) if mine else set()
        for card, button in zip(self._cards, self.buttons):
            with button.hold_sync():
                if card is None or card not in held:
                    _classes(button, ("nap-play-card", "nap-play-gone"))
                    continue
                state = "nap-play-legal" if card in legal else ("nap-play-illegal" if mine else "nap-play-idle")
                _classes(button, ("nap-play-card", f"nap-suit-{card.suit.letter}", state, f"nap-card-{card.code}"))
                _set(button, "description", card.rank.text + suit_text(card.suit))
                words = card_label(card, self.tr)
                tip = _("{card}: not playable now").format(card=words) if mine and card not in legal else words
                _set(button, "tooltip", tip)
        _show(self.keyboard, mine)
        n = len(view.hand)
        title = self.tr.ngettext("Your hand ({n} card)", "Your hand ({n} cards)", n).format(n=n)
        _set(self.heading, "value", html('<h3>{} · {}</h3>', title, table.name))

    @guarded
    def _on_click(self, button: W.Button) -> None:
        table = self.app.table
        slot = getattr(button, "_nap_slot", None)
        if table is None or not isinstance(slot, int) or not 0 <= slot < HAND_SLOTS:
            return
        card = self._cards[slot]
        view = table.view()
        if card is None or view is None or card not in view.hand:
            return  # the card has left the hand: the second click of a double click, or a forged one
        table.play(card)
        self.app.after_move()

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
