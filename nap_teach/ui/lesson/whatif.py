"""What if: play another card at this step, let the computer finish the deal, and compare."""
from __future__ import annotations

from typing import Any, Callable, Sequence

import ipywidgets as W

from ...engine.cards import Card
from ...words.html import html, join
from ...teach.lesson import LessonWalk, settlement_line
from ...teach.lesson.whatif import BEST_PLAY
from ...words.render import card_text, suit_colour
from ..base import StatusLine, guarded
from ..language import Language
from ..widgets import HTML, auto_layout, shared_layout, show
from .fragments import amounts_html, explanation_items, suit_words, tricks_table


class WhatIfPanel:
    """ "What if?": another legal card for the seat, the computer plays on, the new result."""

    def __init__(self, walk: LessonWalk, language: Language, on_change: Callable[[], None]) -> None:
        self.walk = walk
        self.language = language
        self.on_change = on_change
        self.status = StatusLine("nap-whatif-status")
        self.four_colour = False
        self.title = HTML("")
        self.title.add_class("nap-whatif-title")
        self.prompt = HTML("")
        self.prompt.add_class("nap-whatif-prompt")
        self.cards = W.HBox([], layout=auto_layout())
        self.cards.add_class("nap-whatif-cards")
        self.result = HTML("", layout=auto_layout())
        self.result.add_class("nap-whatif-result")
        self.settlement = HTML("", layout=auto_layout())
        self.settlement.add_class("nap-whatif-settlement")
        self.back = W.Button(icon="book", layout=auto_layout())
        self.back.add_class("nap-whatif-back")
        self.back.on_click(self._on_back)
        self._buttons: dict[str, W.Button] = {}
        self.widget = W.VBox([self.title, self.prompt, self.cards, self.status.widget, self.result,
                              self.settlement, self.back], layout=auto_layout())
        self.widget.add_class("nap-whatif")

    def _(self, message: str) -> str:
        return self.language.tr.gettext(message)

    def render(self) -> None:
        tr = self.language.tr
        walk = self.walk
        lesson = walk.lesson
        index = walk.index
        self.title.value = html('<h3>{}</h3>', self._("What if?"))
        self.back.description = self._("Back to the book")
        self.back.tooltip = self._("Return to the deal as it was played")
        point = lesson.whatif_point(index)
        if point is None:
            self.prompt.value = (html('<p>{}</p>',
                                      self._("Go back to a card (or to the auction) to try another card.")))
            self._set_buttons(())
        else:
            seat = lesson.whatif_seat(index)
            assert seat is not None
            state = lesson.state_after(point)
            trick = len(state.tricks) + 1
            player = lesson.players[seat]
            if state.trick_cards:
                ask = self._("What if {player} had played another card to trick {trick}? Pick a card:")
            else:
                ask = self._("What if {player} had led another card to trick {trick}? Pick a card:")
            self.prompt.value = html('<p>{}</p>', ask.format(player=player, trick=trick))
            self._set_buttons(lesson.whatif_options(index))
        wi = walk.whatif
        if wi is None:
            self.result.value = ""
            self.settlement.value = ""
            show(self.result, False)
            show(self.settlement, False)
            show(self.back, False)
        else:
            show(self.result, True)
            show(self.settlement, True)
            show(self.back, True)
            self.result.value = self._result_html()
            self.settlement.value = self._settlement_html()
        for code, button in self._buttons.items():
            button.tooltip = tr.card_words(Card.parse(code))

    def _set_buttons(self, cards: Sequence[Card]) -> None:
        codes = [c.code for c in cards]
        if codes != list(self._buttons):
            self._buttons = {}
            for card in cards:
                # one layout for the row's buttons (their colours, set below, stay each their own)
                b = W.Button(description=card_text(card), layout=shared_layout("whatif-card", width="auto"))
                b.add_class("nap-whatif-card")
                b.add_class(f"nap-whatif-card-{card.code}")
                b.on_click(lambda _b, code=card.code: self._on_card(code))
                self._buttons[card.code] = b
            self.cards.children = tuple(self._buttons.values())
        show(self.cards, bool(cards))
        index = self.walk.index
        point = self.walk.lesson.whatif_point(index)
        book = self.walk.lesson.book.actions[point] if point is not None else None
        chosen = self.walk.whatif.card if self.walk.whatif is not None else None
        for code, b in self._buttons.items():
            card = Card.parse(code)
            b.style.text_color = suit_colour(card.suit, self.four_colour)
            for cls in ("nap-whatif-book", "nap-whatif-picked"):
                b.remove_class(cls)
            if card is book:
                b.add_class("nap-whatif-book")
            if card is chosen:
                b.add_class("nap-whatif-picked")

    def _result_html(self) -> str:
        tr = self.language.tr
        wi = self.walk.whatif
        assert wi is not None
        lesson = self.walk.lesson
        player = lesson.players[wi.seat]
        if wi.chooser == BEST_PLAY:
            intro = self._("{player} plays {card} instead of {book}. Then every hand plays its best, every card seen "
                           "(the solver): the result below is the best each side can reach after {card}.")
        else:
            intro = self._("{player} plays {card} instead of {book}. The computer plays the other cards with simple "
                           "choices, not best play: a better defence or declarer play could change the result.")
        mine = next(p for p in wi.plays if p.chosen)
        tricks = [t for t in wi.tricks if t.number >= mine.trick]
        made = wi.result.made
        trump = wi.trump
        parts = [html('<p class="nap-whatif-intro">{}</p>',
                      intro.format(player=player, card=tr.card(wi.card), book=tr.card(wi.book_card))),
                 explanation_items(mine.explanations, tr)]
        if trump is not None:
            parts.append(html('<p class="nap-fact nap-fact-trump">{}</p>',
                              tr.gettext("Trump: {suit}").format(suit=suit_words(trump, tr))))
        elif wi.state.contract is not None and not wi.state.contract.trumps:
            parts.append(html('<p class="nap-fact nap-fact-trump">{}</p>', tr.gettext("No trump (Misère)")))
        parts.append(tricks_table(tricks, lesson.players, tr, self.four_colour, chosen=(wi.seat, wi.card),
                                   css="nap-whatif-tricks"))
        parts.append(explanation_items(wi.outcome, tr))
        verdict = self._("Same result as in the book.") if not wi.changed else \
            (self._("The contract is now made.") if made else self._("The contract now fails."))
        parts.append(html('<p class="nap-whatif-verdict nap-whatif-{}"><strong>{}</strong></p>',
                          "same" if not wi.changed else "changed", verdict))
        return join(parts)

    def _settlement_html(self) -> str:
        tr = self.language.tr
        wi = self.walk.whatif
        assert wi is not None
        book = wi.book_result.settlement or {}
        return (html('<div class="nap-settle"><h4>{}</h4>{}<p class="nap-whatif-book-line">'
                     '{} {}</p></div>',
                     self._("Payments in this line"), amounts_html(wi.settlement, tr, "nap-whatif-settlement"),
                     self._("In the book:"), settlement_line(book, tr)))

    @guarded
    def _on_card(self, code: object) -> None:
        if not isinstance(code, str) or code not in self._buttons:
            return
        found = self.walk.try_card(code)
        if found.same_as_book:
            self.status.show(self._("That is the card played in the book: pick another one to see what changes."))
        else:
            self.status.clear()
        self.render()
        self.on_change()

    @guarded
    def _on_back(self, _button: Any = None) -> None:
        self.walk.back_to_book()
        self.status.clear()
        self.render()
        self.on_change()
