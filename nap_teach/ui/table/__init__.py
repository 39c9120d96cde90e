"""The card table shared by the play page, the lesson page and replay.

:class:`CardTable` is a page component: it turns what a seat may see (a
:class:`~nap_teach.engine.views.SeatView`) into plain data for :class:`TableWidget`, a
small anywidget (``table.js`` + ``table.css``) that draws the seats round the
table, the trick in the middle and the learner's hand as card faces along the
bottom. The widget holds no rule: it shows the state it is sent and, when a card
of the hand is tapped (or chosen with the arrow keys and Enter), sends back
``{"type": "play", "card": code, "token": n}``. Every such value is checked in
Python (:meth:`CardTable.receive`): a wrong shape is refused here, and the card
itself goes to the page's handler (``PlayTable.play`` on the play page), which
refuses an unknown card, a card not held or not legal now, or one sent while it
is not the learner's turn, with the reason and nothing changed.
"""
from __future__ import annotations

from importlib import resources
from typing import Any, Callable, Sequence

import anywidget
import ipywidgets as W
import traitlets

from ...engine.cards import Card, sort_hand
from ...engine.explain import Explanation, IllegalAction
from ...words.html import Markup, html, join
from ...words.render import card_svg, mark_word
from ...engine.tricks import Trick
from ...engine.views import SeatView
from ..base import Component, PageHost, guarded
from ..widgets import auto_layout, Dropdown

__all__ = ["TableWidget", "CardTable", "PACES", "seat_positions", "legend_html"]

HERE = resources.files("nap_teach.ui.table")
"""The drawing's script and style sheet (package data)."""
PACES = ("instant", "normal", "slow")
"""How fast the bots' cards arrive: at once, about half a second each, over a second each."""
MAX_MESSAGE_KEYS = 8


class TableWidget(anywidget.AnyWidget):
    """The drawing of the table in the page (state in, taps out); see ``table.js``."""

    _esm = HERE.joinpath("table.js").read_text(encoding="utf-8")
    _css = HERE.joinpath("table.css").read_text(encoding="utf-8")
    state = traitlets.Dict().tag(sync=True)
    pace = traitlets.Unicode("normal").tag(sync=True)


def seat_positions(n: int, bottom: int) -> list[str]:
    """Where each seat sits: ``bottom`` at the south edge, the others clockwise from the west (left),
    over the top, to the east (right); play goes clockwise, so the next player is on the left."""
    others = [(bottom + k) % n for k in range(1, n)]
    pos = ["north"] * n
    pos[bottom] = "south"
    if len(others) >= 3:
        pos[others[0]] = "west"
        pos[others[-1]] = "east"
    return pos


def legend_html(tr: Any, items: Sequence[tuple[str, str, str]]) -> Markup:
    """A legend of the table's marks: (kind, the mark's word, what it means) per item, each mark drawn as the
    table draws it (``kind``: "win", the winning card's ★; "named", a card or seat the feedback names, ●)."""
    glyph = {"win": "\u2605", "named": "\u25CF"}
    return html('<div class="nt-legend">{}</div>', join(
        html('<span class="nt-legend-item"><span class="nt-legend-swatch nt-legend-{}" aria-hidden="true">{} {}</span>'
             '{}</span>', kind, glyph.get(kind, ""), word, meaning) for kind, word, meaning in items))


class CardTable(Component):
    """The table of one page: the widget, the pace setting, and the check of every tap."""

    def __init__(self, app: PageHost, on_card: Callable[[object, int | None], None] | None = None) -> None:
        super().__init__(app)
        self.on_card = on_card
        self.view = TableWidget(layout=auto_layout())
        self.view.add_class("nap-card-table")
        self.view.on_msg(self._on_msg)
        self._pace: W.Dropdown | None = None
        self._pace_box: W.HBox | None = None
        self.widget = W.VBox([self.view])
        self.widget.add_class("nap-card-table-box")
        self.refused: list[str] = []
        self.named_text: list[str] = []
        """The cards and seats the last feedback named, in words (part of :attr:`text`)."""

    # ------------------------------------------------------------ settings
    @property
    def pace(self) -> W.Dropdown:
        """The pace setting (how fast the bots' cards arrive), made when a page first asks for it: only the
        play page shows it (the lesson, the problems and replay set the pace themselves)."""
        if self._pace is None:
            self._pace = Dropdown(options=[], layout=auto_layout(), _dom_classes=("nap-table-pace",))
            self._pace.observe(self._on_pace, names="value")
            self.refresh()
        return self._pace

    @property
    def pace_box(self) -> W.HBox:
        """The pace setting in its box, to place on the page."""
        if self._pace_box is None:
            self._pace_box = W.HBox([self.pace], _dom_classes=("nap-table-pace-box",))
        return self._pace_box

    def set_pace(self, value: str) -> None:
        """How fast the cards arrive (one of :data:`PACES`, else "normal"), without the setting."""
        pace = value if value in PACES else "normal"
        if self._pace is not None:
            self._pace.value = pace
        self.view.pace = pace

    def refresh(self) -> None:
        """The pace setting's words in the page's language (its value is kept)."""
        pace = self._pace
        if pace is None:
            return
        _ = self._
        current = pace.value if pace.value in PACES else "normal"
        names = {"instant": _("instant"), "normal": _("normal"), "slow": _("slow")}
        pace.options = [(names[p], p) for p in PACES]
        pace.value = current
        pace.description = _("Bots' cards")
        pace.tooltip = _("How fast the bots' cards arrive on the table")

    def _on_pace(self, change: dict[str, Any]) -> None:
        value = change.get("new")
        self.view.pace = value if value in PACES else "normal"

    # --------------------------------------------------------------- taps
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self.receive(content)

    @guarded
    def receive(self, content: object) -> None:
        """A message from the page: only ``{"type": "play", "card": ..., "token": ...}`` is understood;
        anything else is refused with the reason and changes nothing."""
        if (not isinstance(content, dict) or len(content) > MAX_MESSAGE_KEYS or content.get("type") != "play"
                or "card" not in content):
            raise IllegalAction(Explanation("play", "action.unknown", {"action": repr(content)[:40]}))
        token = content.get("token")
        if token is not None and (not isinstance(token, int) or isinstance(token, bool)):
            raise IllegalAction(Explanation("play", "action.unknown", {"action": repr(token)[:40]}))
        card = content["card"]
        if isinstance(card, str):
            card = card[:12]
        if self.on_card is None:
            raise IllegalAction(Explanation("play", "play.no_deal", {}))
        self.on_card(card, token)

    # ------------------------------------------------------------ drawing
    def clear(self) -> None:
        self.view.state = {}
        self.named_text = []

    @property
    def text(self) -> str:
        """What the table shows, as lines of text: the words the page draws and a screen reader reads
        (seats with their tags, call and tricks, the cards face up by name, the centre and the hand).

        Read from the state sent to the page, so it is what the learner sees; scripts and tests use it
        instead of a second drawing of the table.
        """
        state = self.view.state
        if not state:
            return ""
        lines = [state.get("title", "")]
        for seat in state.get("seats", ()):
            lines.append(" · ".join(part for part in (seat["name"], seat["tags"], seat["call"], seat["tricks"]) if part))
            if seat.get("open") is not None:
                lines.append(seat["open_label"] + ": " + ", ".join(card["label"] for card in seat["open"]))
            elif seat.get("backs"):
                lines.append(seat["backs_label"])
        names = state.get("names", [])
        lines.append(state.get("centre_title", ""))
        lines += [f"{names[play['seat']]}: {play['card']['label']}" for play in state.get("plays", ())
                  if play["trick"] == len(state.get("tricks", ())) + 1]
        lines += list(state.get("facts", ()))
        if state.get("hand_seat") is not None:
            lines.append(state.get("hand_title", "") + ": " + ", ".join(card["label"] for card in state.get("hand", ())))
        lines += getattr(self, "named_text", [])
        return "\n".join(line for line in lines if line)

    def _card(self, card: Card, four: bool) -> dict[str, Any]:
        words = self.tr.card_words(card)
        return {"code": card.code, "label": words,
                "svg": str(card_svg(card, tr=self.tr, four_colour=four, width=60))}

    def show_view(self, view: SeatView, *, key: str, token: int | None = None, active: bool = False,
                  four_colour: bool = False, open_hands: Sequence[Sequence[Card] | None] | None = None,
                  show_hand: bool = True, hint: str = "", centre_title: str = "", facts: Sequence[str] = (),
                  calls: dict[int, str] | None = None, tags: dict[int, list[str]] | None = None,
                  title: str = "", focus: str = "", acting: int | None = None, hint_keys: str = "",
                  described: tuple[int, Card] | None = None, named: dict[Card, str] | None = None,
                  named_seats: dict[int, str] | None = None) -> None:
        """Draw ``view`` (the seat at the bottom is ``view.seat``); ``active``: the learner may play now.

        ``key`` names the deal (a new key shows the table at once, without the pace); ``open_hands``
        shows hands face up (the lesson); ``show_hand`` puts ``view.hand`` along the bottom. ``focus``:
        where the keyboard focus goes when an action has taken it away ("hand", or the CSS class of a
        button of the page, such as the Pass button). ``acting``: the seat a lesson step is about (the
        speaker of a call, the player of a card), framed instead of the seat to act next; ``described``:
        (seat, card) of the card a step describes, outlined and labelled on the table. ``hint_keys``: the
        keyboard's way to play, shown after ``hint`` but not on touch screens (which have no arrow keys).
        ``named`` / ``named_seats``: the cards and seats a feedback names (a problem's grade, a lesson question's
        verdict), each with the feedback's word for it ("your card", "a better card"): outlined wherever they are
        on the table (the trick, an open hand, the learner's hand) with that word under them, so the learner sees
        what the sentence below the table is about (:func:`legend_html` draws the same mark).
        """
        _ = self._
        tr = self.tr
        n = view.n
        pos = seat_positions(n, view.seat)
        played = [0] * n
        plays: list[dict[str, Any]] = []
        done: list[dict[str, Any]] = []
        tricks: list[Trick] = list(view.tricks)
        for t in tricks:
            for s, c in zip(t.seats, t.cards):
                played[s] += 1
                plays.append({"seat": s, "card": self._card(c, four_colour), "trick": t.number,
                              "mine": s == view.seat})
            done.append({"number": t.number, "winner": t.winning,
                         "text": _("Last trick ({number}): {winner} won").format(
                             number=t.number, winner=view.players[t.winning])})
        winning = None
        if view.current is not None:
            number = len(tricks) + 1
            for s, c in zip(view.current.seats, view.current.cards):
                played[s] += 1
                plays.append({"seat": s, "card": self._card(c, four_colour), "trick": number,
                              "mine": s == view.seat})
            winning = view.current.winning
        size = view.profile.hand_size
        seats = []
        for seat, name in enumerate(view.players):
            words = list((tags or {}).get(seat, []))
            if seat == view.seat and show_hand:
                words.insert(0, _("you"))
            if seat == view.dealer:
                words.append(_("dealer"))
            if seat == view.declarer:
                words.append(_("declarer"))
            won = view.tricks_won[seat]
            left = len(view.hand) if seat == view.seat else max(0, size - played[seat])
            hand = open_hands[seat] if open_hands is not None and seat < len(open_hands) else None
            seats.append({
                "seat": seat, "name": name, "pos": pos[seat], "tags": ", ".join(words),
                "call": (calls or {}).get(seat, ""),
                "tricks": tr.ngettext("{n} trick", "{n} tricks", won).format(n=won),
                "backs": 0 if (seat == view.seat and show_hand) else left,
                "backs_label": tr.ngettext("{n} card, face down", "{n} cards, face down", left).format(n=left),
                "open": [self._card(c, four_colour) for c in hand] if hand is not None else None,
                "open_label": _("{player}'s hand").format(player=name),
                "turn": seat == (view.to_act if acting is None else acting), "acting": seat == acting,
                "you": seat == view.seat and show_hand,
                "declarer": seat == view.declarer,
                "named": (named_seats or {}).get(seat, ""),
            })
        legal = set(view.legal_cards) if active else set()
        hand_cards = []
        for c in sort_hand(view.hand) if show_hand else []:
            entry = self._card(c, four_colour)
            entry["legal"] = c in legal
            entry["legal_label"] = _("{card}: playable").format(card=entry["label"])
            entry["illegal_label"] = _("{card}: not playable now").format(card=entry["label"])
            hand_cards.append(entry)
        k = len(hand_cards)
        self.view.state = {
            "key": key, "token": token, "active": bool(active and legal), "title": title or _("The table"),
            "seats": seats, "names": list(view.players), "pos_of": pos, "plays": plays, "tricks": done,
            "winning": winning, "centre_title": centre_title, "facts": list(facts), "note": "",
            "hand_seat": view.seat if show_hand else None, "hand": hand_cards,
            "hand_title": tr.ngettext("Your hand ({n} card)", "Your hand ({n} cards)", k).format(n=k),
            "hand_label": _("Your hand"), "hint": hint, "hint_keys": hint_keys, "focus": focus, "winning_label": mark_word("winning", tr),
            "described": ({"seat": described[0], "card": described[1].code} if described is not None else None),
            "described_label": _("this step"),
            "named": {card.code: word for card, word in (named or {}).items()},
        }
        # the words of the table's text (scripts, tests, screen readers): what each named card or seat is
        self.named_text = [f"{self.tr.card_words(card)}: {word}" for card, word in (named or {}).items()] + [
            f"{view.players[seat]}: {word}" for seat, word in (named_seats or {}).items()]
