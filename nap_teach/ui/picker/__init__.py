"""A pack of cards to choose from, drawn as one widget: the odds lab's 52-card picker (issue 28 part 3).

:class:`PickerWidget` is a small anywidget (``picker.js`` + ``picker.css``) that draws the cards it is sent as
rows of plain buttons, one per card: a real ``<button>`` each, so it is focused with Tab and pressed with Enter
or Space like any other. A chosen card carries a check mark and a darker look (never colour alone) and says so
in its accessible name and its tooltip. The widget holds no rule: a tap only sends back
``{"type": "pick", "card": code}``. :meth:`CardPicker.receive` checks every such message (its shape, and that
the card is one of the pack's 52 codes) and hands the :class:`~nap_teach.engine.cards.Card` to the page's
callback, which decides (the odds lab keeps at most five).

One widget instead of 52 buttons in 4 boxes: the odds lab had 54 of its 109 models in its picker, each sent,
kept and drawn as a model of its own (benchmarks/README.md, "Pages against a one-button page").
"""
from __future__ import annotations

from importlib import resources
from typing import Any, Callable, Iterable, Sequence

import anywidget
import traitlets

from ...engine.cards import FULL_PACK, Card
from ...engine.explain import Explanation, IllegalAction
from ...words.render import card_label, card_text
from ..base import Component, PageHost, guarded
from ..widgets import auto_layout

__all__ = ["PickerWidget", "CardPicker"]

HERE = resources.files("nap_teach.ui.picker")
"""The drawing's script and style sheet (package data)."""
BY_CODE = {card.code: card for card in FULL_PACK}
"""The only card codes a message may name."""
MAX_MESSAGE_KEYS = 4


class PickerWidget(anywidget.AnyWidget):
    """The drawing of the cards in the page (cards and choice in, taps out); see ``picker.js``.

    ``cards``: rows of ``{"code", "text", "suit", "label", "picked_label"}`` (the words in the page's language,
    sent again only when the language changes); ``picked``: the codes chosen now (a tap changes only this);
    ``css``: the stable CSS class of every card button (each also gets ``<css>-<CODE>``) and ``picked_css``
    the class of a chosen one, for the page's tests and style sheet.
    """

    _esm = HERE.joinpath("picker.js").read_text(encoding="utf-8")
    _css = HERE.joinpath("picker.css").read_text(encoding="utf-8")
    cards = traitlets.List(traitlets.List(traitlets.Dict())).tag(sync=True)
    picked = traitlets.List(traitlets.Unicode()).tag(sync=True)
    css = traitlets.Unicode("nt-pick-card").tag(sync=True)
    picked_css = traitlets.Unicode("nt-pick-on").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)


class CardPicker(Component):
    """The cards of the pack, in rows of one suit each, to tap in and out of a choice.

    ``on_card`` gets the card tapped (always one of the pack's 52; already under :func:`guarded`, so not
    guarded again: a second guard would see the busy flag set and drop the tap); ``css``, ``picked_css``:
    see :class:`PickerWidget`; ``box_css``: the class of the whole picker; ``picked_words`` makes a chosen card's
    accessible name and tooltip from its name ("ace of spades: in your hand ..."), in the page's language.
    """

    def __init__(self, app: PageHost, on_card: Callable[[Card], None], *, css: str, picked_css: str, box_css: str,
                 picked_words: Callable[[str], str], cards: Sequence[Card] = FULL_PACK, row: int = 13) -> None:
        super().__init__(app)
        self.on_card = on_card
        self.picked_words = picked_words
        self.rows = [tuple(cards[i:i + row]) for i in range(0, len(cards), row)]
        self.widget = PickerWidget(layout=auto_layout(), css=css, picked_css=picked_css)
        self.widget.add_class(box_css)
        self.widget.on_msg(self._on_msg)

    @property
    def picked(self) -> frozenset[Card]:
        """The cards shown as chosen."""
        return frozenset(BY_CODE[code] for code in self.widget.picked)

    def show_picked(self, cards: Iterable[Card]) -> None:
        """Show ``cards`` as the chosen ones (in the pack's order), the others as not chosen."""
        chosen = set(cards)
        codes = [card.code for row in self.rows for card in row if card in chosen]
        if codes != list(self.widget.picked):
            self.widget.picked = codes

    def refresh(self, label: str) -> None:
        """Every card's name and tooltip in the page's language, and ``label`` the accessible name of the
        whole group (the choice is kept)."""
        tr = self.tr
        self.widget.label = label
        self.widget.cards = [[{"code": card.code, "text": card_text(card), "suit": card.suit.letter,
                               "label": card_label(card, tr), "picked_label": self.picked_words(card_label(card, tr))}
                              for card in row] for row in self.rows]

    # --------------------------------------------------------------- taps
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self.receive(content)

    @guarded
    def receive(self, content: object) -> None:
        """A message from the page: only ``{"type": "pick", "card": <one of the 52 codes>}`` is understood;
        anything else is refused with the reason and changes nothing."""
        code = content.get("card") if isinstance(content, dict) else None
        if (not isinstance(content, dict) or len(content) > MAX_MESSAGE_KEYS or content.get("type") != "pick"
                or not isinstance(code, str) or code not in BY_CODE):
            shown = code if isinstance(code, str) else content
            raise IllegalAction(Explanation("play", "action.unknown", {"action": repr(shown)[:40]}))
        self.on_card(BY_CODE[code])
