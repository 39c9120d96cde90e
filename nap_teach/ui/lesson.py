"""The lesson page: the worked deal, step by step, with the rule behind every card.

The notebook ``notebooks/lesson.ipynb`` only does::

    from nap_teach.ui.lesson import LessonApp
    LessonApp.from_environment()

Everything the learner reads comes from :mod:`nap_teach.lesson` (the steps and
their explanations, built by the engine) and from the ``_()`` strings here, so
the page switches language in place. Components, one class each:

- :class:`StepControls`: Back, Next, Restart, "Go to" (table, auction, trick 1..5,
  result), a step number box and the four-colour pack option;
- :class:`ExplanationPanel`: the step's title and its explanations with rule badges;
- :class:`TableView`: four seats with open hands, the trick on the table with the
  led suit, trump and winning card marked, and the face-down pile of unused cards;
- :class:`TrickHistory`: tricks won so far, the last completed trick, all tricks;
- :class:`SettlementView`: the payments at the result steps;
- :class:`WhatIfPanel`: play another card, let the computer finish, compare.

Stable CSS classes for tests: ``nap-lesson``, ``nap-lesson-next``, ``nap-lesson-back``,
``nap-lesson-restart``, ``nap-lesson-jump``, ``nap-lesson-number``, ``nap-lesson-step``,
``nap-lesson-four``, ``nap-lesson-explanation``, ``nap-lesson-table``,
``nap-lesson-history``, ``nap-lesson-settlement``, ``nap-whatif``, ``nap-whatif-card``,
``nap-whatif-card-<code>``, ``nap-whatif-result``, ``nap-whatif-settlement``,
``nap-whatif-back``, ``nap-whatif-status``.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

import ipywidgets as W

from ..cards import Card, Suit
from ..explain import Explanation
from ..html import escape, html, join
from ..i18n import Translator
from ..lesson import HAD_FEWER, RESULT, SECTIONS, Lesson, LessonWalk, default_lesson, settlement_line
from ..render import hand_html, pile_svg, suit_colour, suit_text, trick_html
from ..tricks import Trick
from .base import App, Language, StatusLine, guarded, page_style
from .params import PageParams

__all__ = [
    "LessonApp", "StepControls", "ExplanationPanel", "TableView", "TrickHistory", "SettlementView", "WhatIfPanel",
]

_AUTO = {"width": "auto", "max_width": "100%"}


def _suit_words(suit: Suit, tr: Translator) -> str:
    return f"{suit_text(suit)} {tr.suit(suit)}"


def _card_span(card: Card, tr: Translator, four_colour: bool, classes: str = "") -> str:
    colour = suit_colour(card.suit, four_colour)
    css = f"nap-cardtext {classes}".strip()
    return (html('<span class="{}" style="color:{}" title="{}">{}{}</span>', css, colour, tr.card_words(card), card.rank.text, suit_text(card.suit)))


def _explanation_items(explanations: Sequence[Explanation], tr: Translator) -> str:
    items = []
    for e in explanations:
        items.append(
            html('<li class="nap-lesson-note" data-rule="{}"><span class="nap-rule">'
                 '{}</span><span class="nap-rule-title">{}</span> <span class="nap-lesson-text">'
                 '{}</span></li>', e.rule, e.rule, tr.rule_title(e.rule), tr.explain(e)))
    return html('<ul class="nap-lesson-notes">{}</ul>', join(items))


def _tricks_table(tricks: Sequence[Trick], players: Sequence[str], tr: Translator, four_colour: bool,
                  chosen: tuple[int, Card] | None = None, css: str = "nap-lesson-tricks") -> str:
    """Completed tricks as a grid: one row per trick, one column per player."""
    head = join((html('<th scope="col">{}</th>', p) for p in players))
    rows = []
    for t in tricks:
        cells = []
        for seat in range(len(players)):
            card = t.card_of(seat)
            if card is None:
                cells.append("<td></td>")
                continue
            marks = []
            if seat == t.leader:
                marks.append("nap-hist-led")
            if seat == t.winning:
                marks.append("nap-hist-win")
            if chosen is not None and chosen == (seat, card):
                marks.append("nap-whatif-chosen")
            cells.append(html('<td class="{}">{}</td>', " ".join(marks), _card_span(card, tr, four_colour)))
        winner = players[t.winning]
        rows.append(html('<tr data-trick="{}"><th scope="row">{}</th>{}<td class="nap-hist-winner">'
                         '{}</td></tr>', t.number, t.number, join(cells), winner))
    return (html('<div class="nap-scroll"><table class="nap-table-grid {}">'
                 '<thead><tr><th scope="col">{}</th>{}<th scope="col">{}</th>'
                 '</tr></thead><tbody>{}</tbody></table></div>', css, tr.gettext("Trick"), head, tr.gettext("Won by"), join(rows)))


def _amounts_html(amounts: Mapping[str, int], tr: Translator, css: str) -> str:
    cells = join((
        html('<li class="nap-amount {}" data-player="{}"><span class="nap-amount-name">'
             '{}</span> <span class="nap-amount-value">{}</span></li>', "nap-amount-plus" if v > 0 else "nap-amount-minus" if v < 0 else "", p, p, tr.amount(v))
        for p, v in amounts.items()))
    return (html('<ul class="nap-amounts">{}</ul><div class="{}-line">{} {}</div>', cells, css, tr.gettext("Sum:"), settlement_line(amounts, tr)))


# ---------------------------------------------------------------- components
class StepControls:
    """Back, Next, Restart, "Go to", the step number and the four-colour option."""

    def __init__(self, walk: LessonWalk, language: Language, status: StatusLine,
                 on_change: Callable[[], None], on_style: Callable[[], None]) -> None:
        self.walk = walk
        self.language = language
        self.status = status
        self.on_change = on_change
        self.on_style = on_style
        self._syncing = False
        self.back = W.Button(icon="arrow-left", layout=W.Layout(**_AUTO))
        self.back.add_class("nap-lesson-back")
        self.next = W.Button(icon="arrow-right", button_style="primary", layout=W.Layout(**_AUTO))
        self.next.add_class("nap-lesson-next")
        self.restart = W.Button(icon="undo", layout=W.Layout(**_AUTO))
        self.restart.add_class("nap-lesson-restart")
        self.jump = W.Dropdown(options=[(s, s) for s in SECTIONS], value=SECTIONS[0],
                               style={"description_width": "initial"},
                               layout=W.Layout(width="230px", max_width="100%"))
        self.jump.add_class("nap-lesson-jump")
        count = walk.count
        self.number = W.BoundedIntText(value=1, min=1, max=count, style={"description_width": "initial"},
                                       layout=W.Layout(width="130px", max_width="100%"))
        self.number.add_class("nap-lesson-number")
        self.label = W.HTML("")
        self.label.add_class("nap-lesson-step")
        self.four = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto", max_width="100%"))
        self.four.add_class("nap-lesson-four")
        self.back.on_click(self._on_back)
        self.next.on_click(self._on_next)
        self.restart.on_click(self._on_restart)
        self.jump.observe(self._on_jump, names="value")
        self.number.observe(self._on_number, names="value")
        self.four.observe(self._on_four, names="value")
        buttons = W.HBox([self.back, self.next, self.restart], layout=W.Layout(**_AUTO))
        buttons.add_class("nap-lesson-buttons")
        where = W.HBox([self.jump, self.number], layout=W.Layout(**_AUTO))
        where.add_class("nap-lesson-where")
        self.widget = W.VBox([self.label, buttons, where, self.four], layout=W.Layout(**_AUTO))
        self.widget.add_class("nap-lesson-controls")
        self.refresh()

    @property
    def four_colour(self) -> bool:
        return bool(self.four.value)

    def _(self, message: str) -> str:
        return self.language.tr.gettext(message)

    def _section_label(self, section: str) -> str:
        if section == "table":
            return self._("The table")
        if section == "auction":
            return self._("The auction")
        if section == "result":
            return self._("The result")
        return self._("Trick {number}").format(number=section[len("trick"):])

    def refresh(self) -> None:
        self.back.description = self._("Back")
        self.back.tooltip = self._("Previous step")
        self.next.description = self._("Next")
        self.next.tooltip = self._("Next step")
        self.restart.description = self._("Restart")
        self.restart.tooltip = self._("Back to the first step")
        self.jump.description = self._("Go to")
        self.number.description = self._("Step")
        self.four.description = self._("Four-colour pack (clubs green, diamonds blue)")
        self._syncing = True
        try:
            self.jump.options = [(self._section_label(s), s) for s in SECTIONS]
        finally:
            self._syncing = False
        self.sync()

    def sync(self) -> None:
        """Show where the walk is: label, button states, "Go to" and the number box."""
        walk = self.walk
        self.label.value = (html('<span class="nap-lesson-step-text">{}</span>', self._("Step {k} of {n}").format(k=walk.index + 1, n=walk.count)))
        self.back.disabled = walk.at_start
        self.next.disabled = walk.at_end
        self._syncing = True
        try:
            self.jump.value = walk.lesson.section_of(walk.index)
            self.number.value = walk.index + 1
        finally:
            self._syncing = False

    @guarded
    def _on_next(self, _button: Any = None) -> None:
        if self.walk.next():
            self.status.clear()
        else:
            self.status.show(self._("This is the last step. Restart to see the deal again."))
        self.on_change()

    @guarded
    def _on_back(self, _button: Any = None) -> None:
        if self.walk.back():
            self.status.clear()
        else:
            self.status.show(self._("This is the first step."))
        self.on_change()

    @guarded
    def _on_restart(self, _button: Any = None) -> None:
        self.walk.restart()
        self.status.clear()
        self.on_change()

    @guarded
    def _on_jump(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        section = change.get("new")
        if section not in SECTIONS:
            self.sync()
            return
        self.walk.jump(section)
        self.status.clear()
        self.on_change()

    @guarded
    def _on_number(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        value = change.get("new")
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= self.walk.count:
            self.sync()
            return
        self.walk.go(value - 1)
        self.status.clear()
        self.on_change()

    @guarded
    def _on_four(self, change: dict[str, Any]) -> None:
        if not isinstance(change.get("new"), bool):
            return
        self.on_style()


class ExplanationPanel:
    """The step's title and what happens, each sentence with its rule badge."""

    def __init__(self, lesson: Lesson, language: Language) -> None:
        self.lesson = lesson
        self.language = language
        self.widget = W.HTML("", layout=W.Layout(**_AUTO))
        self.widget.add_class("nap-lesson-explanation")

    def render(self, index: int) -> None:
        tr = self.language.tr
        step = self.lesson.step(index)
        self.widget.value = (
            html('<section class="nap-lesson-explain" data-step="{}" data-kind="{}" aria-live="polite">'
                 '<h2 class="nap-lesson-heading">{}</h2>{}</section>', index + 1, step.kind, self.lesson.heading(index, tr), _explanation_items(step.explanations, tr)))


class TableView:
    """Seats A, B, C, D clockwise round the table, hands open for study, the trick and the pile."""

    POSITIONS = ("south", "west", "north", "east")
    """Grid areas for four seats, clockwise from the bottom."""

    def __init__(self, lesson: Lesson, language: Language) -> None:
        self.lesson = lesson
        self.language = language
        self.widget = W.HTML("", layout=W.Layout(**_AUTO))
        self.widget.add_class("nap-lesson-table")

    def render(self, index: int, four_colour: bool = False) -> None:
        tr = self.language.tr
        lesson = self.lesson
        state = lesson.state(index)
        step = lesson.step(index)
        calls = lesson.calls_so_far(index)
        held = lesson.held(index)
        seats = []
        for seat, name in enumerate(lesson.players):
            roles = []
            if seat == state.dealer:
                roles.append(tr.gettext("dealer"))
            if state.declarer == seat and state.contract is not None:
                roles.append(tr.gettext("declarer, {call}").format(call=tr.call(state.contract.name)))
            call = calls.get(seat)
            said = ""
            if call is not None and step.kind == "call":
                said = (html('<span class="nap-seat-call">{}</span>', tr.gettext("said {call}").format(call=tr.call(call.name))))
            won = state.tricks_won[seat]
            tricks = tr.ngettext("{n} trick", "{n} tricks", won).format(n=won)
            pos = self.POSITIONS[seat] if lesson.n == 4 else "flow"
            hand = held[seat]
            hand_label = tr.gettext("{player}'s hand").format(player=name)
            if step.kind in (RESULT, HAD_FEWER):
                dealt = lesson.book.hands[seat]
                hand_label = tr.gettext("{player}'s hand as dealt (all played)").format(player=name)
                cards = hand_html(dealt, tr=tr, four_colour=four_colour, width=44, label=hand_label,
                                  marks={c: ("disabled",) for c in dealt})
            elif hand:
                cards = hand_html(hand, tr=tr, four_colour=four_colour, width=44, label=hand_label)
            else:
                cards = html('<div class="nap-hand-empty">{}</div>', tr.gettext("no cards left"))
            if step.kind in (RESULT, HAD_FEWER):
                said += html('<span class="nap-seat-note">{}</span>', tr.gettext("as dealt, all played"))
            to_act = ' nap-seat-turn' if state.to_act == seat else ""
            seats.append(
                html('<div class="nap-seat nap-seat-{}{}" data-seat="{}"><div class="nap-seat-head">'
                     '<span class="nap-seat-name">{}</span><span class="nap-seat-role">'
                     '{}</span>{}<span class="nap-seat-tricks">{}</span></div>'
                     '{}</div>', pos, to_act, name, name, " · ".join(roles), said, tricks, cards))
        centre = self._centre(index, four_colour)
        title = escape(tr.gettext("The table (hands open for study)"))
        self.widget.value = (html('<div class="nap-table" role="group" aria-label="{}">{}<div class="nap-table-centre">'
                                  '{}</div></div>', title, join(seats), centre))

    def _centre(self, index: int, four_colour: bool) -> str:
        tr = self.language.tr
        lesson = self.lesson
        state = lesson.state(index)
        marks = lesson.marks(index)
        facts = []
        if state.trump is not None:
            facts.append(html('<span class="nap-fact nap-fact-trump">{}</span>', tr.gettext("Trump: {suit}").format(suit=_suit_words(state.trump, tr))))
        elif state.phase != "over":
            facts.append(html('<span class="nap-fact nap-fact-trump">{}</span>', tr.gettext("Trump: not set yet (the first card played sets it)")))
        body = ""
        if marks is not None:
            names = [lesson.players[s] for s in marks.seats]
            body = trick_html(names, list(marks.cards), tr=tr, four_colour=four_colour, winning=marks.winning,
                              trump=marks.trump, width=52)
            assert marks.led is not None
            facts.append(html('<span class="nap-fact nap-fact-led">{}</span>', tr.gettext("Suit led: {suit}").format(suit=_suit_words(marks.led, tr))))
            card, seat = marks.winning_card, marks.winning_seat
            assert card is not None and seat is not None
            text = (tr.gettext("Trick {number} won by {player} with {card}") if marks.complete
                    else tr.gettext("Winning so far: {card} ({player})"))
            facts.append(html('<span class="nap-fact nap-fact-winning">{}</span>', text.format(number=marks.number, player=lesson.players[seat], card=tr.card(card))))
            heading = tr.gettext("Trick {number} on the table").format(number=marks.number)
        elif state.phase == "auction" or lesson.step(index).kind in ("table", "call"):
            heading = tr.gettext("The auction") if state.calls else tr.gettext("The deal")
            if state.calls:
                said = ", ".join(f"{lesson.players[state.auction.speaker(i)]}: {tr.call(c.name)}"
                                 for i, c in enumerate(state.calls))
                body = html('<p class="nap-calls">{}</p>', said)
            else:
                body = html('<p class="nap-calls">{}</p>', tr.gettext("Five cards each; no call yet."))
        else:
            heading = tr.gettext("All five tricks played")
            won = ", ".join(f"{p}: {w}" for p, w in zip(lesson.players, state.tricks_won))
            body = html('<p class="nap-calls">{}</p>', tr.gettext("Tricks won: {list}").format(list=won))
        count = lesson.unused_count
        pile_label = tr.ngettext("{n} unused card, face down", "{n} unused cards, face down", count).format(n=count)
        pile = (html('<div class="nap-unused">{}<span class="nap-unused-text">{}</span></div>', pile_svg(count, label=pile_label, width=40), tr.gettext("Unused: never seen, never played")))
        return (html('<div class="nap-centre-title">{}</div>{}<div class="nap-facts">{}</div>{}', heading, body, join(facts), pile))


class TrickHistory:
    """Tricks won so far, the last completed trick and every trick before it."""

    def __init__(self, lesson: Lesson, language: Language) -> None:
        self.lesson = lesson
        self.language = language
        self.widget = W.HTML("", layout=W.Layout(**_AUTO))
        self.widget.add_class("nap-lesson-history")

    def render(self, index: int, four_colour: bool = False) -> None:
        tr = self.language.tr
        lesson = self.lesson
        tricks = lesson.completed_tricks(index)
        won = lesson.tricks_won(index)
        score = ", ".join(f"{p} {w}" for p, w in zip(lesson.players, won))
        parts = [html('<h3>{}</h3>', tr.gettext("Tricks so far")),
                 html('<p class="nap-lesson-won">{}</p>', tr.gettext("Tricks won: {list}").format(list=score))]
        if not tricks:
            parts.append(html('<p class="nap-lesson-nolast">{}</p>', tr.gettext("No trick completed yet.")))
        else:
            last = tricks[-1]
            names = [lesson.players[s] for s in last.seats]
            winner = lesson.players[last.winning]
            idx = last.seats.index(last.winning)
            parts.append(html('<div class="nap-lesson-last"><div class="nap-lesson-last-title">{}</div>{}</div>', tr.gettext("Last trick: trick {number}, won by {player}").format(number=last.number, player=winner), trick_html(names, list(last.cards), tr=tr, four_colour=four_colour, winning=idx, trump=last.trump, width=40)))
            parts.append(_tricks_table(tricks, lesson.players, tr, four_colour))
        self.widget.value = join(parts)


class SettlementView:
    """Who pays whom at the result steps; hidden elsewhere."""

    def __init__(self, lesson: Lesson, language: Language) -> None:
        self.lesson = lesson
        self.language = language
        self.widget = W.HTML("", layout=W.Layout(**_AUTO))
        self.widget.add_class("nap-lesson-settlement")

    def render(self, index: int) -> None:
        tr = self.language.tr
        amounts = self.lesson.settlement(index)
        if amounts is None:
            self.widget.value = ""
            self.widget.layout.display = "none"
            return
        kind = self.lesson.step(index).kind
        title = tr.gettext("Payments") if kind == RESULT else tr.gettext("Payments had the contract failed")
        self.widget.layout.display = None
        self.widget.value = (html('<div class="nap-settle nap-settle-{}"><h3>{}</h3>{}</div>', kind, title, _amounts_html(amounts, tr, "nap-lesson-settlement")))


class WhatIfPanel:
    """ "What if?": another legal card for the seat, the computer plays on, the new result."""

    def __init__(self, walk: LessonWalk, language: Language, on_change: Callable[[], None]) -> None:
        self.walk = walk
        self.language = language
        self.on_change = on_change
        self.status = StatusLine("nap-whatif-status")
        self.four_colour = False
        self.title = W.HTML("")
        self.title.add_class("nap-whatif-title")
        self.prompt = W.HTML("")
        self.prompt.add_class("nap-whatif-prompt")
        self.cards = W.HBox([], layout=W.Layout(**_AUTO))
        self.cards.add_class("nap-whatif-cards")
        self.result = W.HTML("", layout=W.Layout(**_AUTO))
        self.result.add_class("nap-whatif-result")
        self.settlement = W.HTML("", layout=W.Layout(**_AUTO))
        self.settlement.add_class("nap-whatif-settlement")
        self.back = W.Button(icon="book", layout=W.Layout(**_AUTO))
        self.back.add_class("nap-whatif-back")
        self.back.on_click(self._on_back)
        self._buttons: dict[str, W.Button] = {}
        self.widget = W.VBox([self.title, self.prompt, self.cards, self.status.widget, self.result,
                              self.settlement, self.back], layout=W.Layout(**_AUTO))
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
            self.prompt.value = (html('<p>{}</p>', self._("Go back to a card (or to the auction) to try another card.")))
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
            self.result.layout.display = "none"
            self.settlement.layout.display = "none"
            self.back.layout.display = "none"
        else:
            self.result.layout.display = None
            self.settlement.layout.display = None
            self.back.layout.display = None
            self.result.value = self._result_html()
            self.settlement.value = self._settlement_html()
        for code, button in self._buttons.items():
            button.tooltip = tr.card_words(Card.parse(code))

    def _set_buttons(self, cards: Sequence[Card]) -> None:
        codes = [c.code for c in cards]
        if codes != list(self._buttons):
            self._buttons = {}
            for card in cards:
                b = W.Button(description=card.rank.text + suit_text(card.suit), layout=W.Layout(width="auto"))
                b.add_class("nap-whatif-card")
                b.add_class(f"nap-whatif-card-{card.code}")
                b.on_click(lambda _b, code=card.code: self._on_card(code))
                self._buttons[card.code] = b
            self.cards.children = tuple(self._buttons.values())
        self.cards.layout.display = None if cards else "none"
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
        intro = self._("{player} plays {card} instead of {book}. The computer plays the other cards with simple choices.")
        mine = next(p for p in wi.plays if p.chosen)
        tricks = [t for t in wi.tricks if t.number >= mine.trick]
        made = wi.result.made
        trump = wi.trump
        parts = [html('<p class="nap-whatif-intro">{}</p>', intro.format(player=player, card=tr.card(wi.card), book=tr.card(wi.book_card))),
                 _explanation_items(mine.explanations, tr)]
        if trump is not None:
            parts.append(html('<p class="nap-fact nap-fact-trump">{}</p>', tr.gettext("Trump: {suit}").format(suit=_suit_words(trump, tr))))
        parts.append(_tricks_table(tricks, lesson.players, tr, self.four_colour, chosen=(wi.seat, wi.card),
                                   css="nap-whatif-tricks"))
        parts.append(_explanation_items(wi.outcome, tr))
        verdict = self._("Same result as in the book.") if not wi.changed else \
            (self._("The contract is now made.") if made else self._("The contract now fails."))
        parts.append(html('<p class="nap-whatif-verdict nap-whatif-{}"><strong>{}</strong></p>', "same" if not wi.changed else "changed", verdict))
        return join(parts)

    def _settlement_html(self) -> str:
        tr = self.language.tr
        wi = self.walk.whatif
        assert wi is not None
        book = wi.book_result.settlement or {}
        return (html('<div class="nap-settle"><h4>{}</h4>{}<p class="nap-whatif-book-line">'
                     '{} {}</p></div>', self._("Payments in this line"), _amounts_html(wi.settlement, tr, "nap-whatif-settlement"), self._("In the book:"), settlement_line(book, tr)))

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


# ----------------------------------------------------------------------- app
class LessonApp(App):
    """The worked-deal lesson page."""

    css_class = "nap-lesson"
    styles = ("lesson",)

    def __init__(self, lang: str = "en", step: int = 1, four_colour: bool = False,
                 lesson: Lesson | None = None) -> None:
        super().__init__(lang)
        self.lesson = lesson or default_lesson()
        self.walk = LessonWalk(self.lesson)
        if isinstance(step, int) and not isinstance(step, bool) and 1 <= step <= self.walk.count:
            self.walk.go(step - 1)
        self.title = W.HTML("")
        self.title.add_class("nap-lesson-title")
        self.controls = StepControls(self.walk, self.language, self.status, self.show, self.restyle)
        self.controls.four.value = bool(four_colour)
        self.explanation = ExplanationPanel(self.lesson, self.language)
        self.table = TableView(self.lesson, self.language)
        self.history = TrickHistory(self.lesson, self.language)
        self.settlement = SettlementView(self.lesson, self.language)
        self.whatif = WhatIfPanel(self.walk, self.language, self._after_whatif)
        header = W.HBox([self.title, self.switch.widget], layout=W.Layout(**_AUTO))
        header.add_class("nap-lesson-header")
        side = W.VBox([self.explanation.widget, self.settlement.widget], layout=W.Layout(**_AUTO))
        side.add_class("nap-lesson-side")
        steer = W.VBox([self.controls.widget, self.status.widget], layout=W.Layout(**_AUTO))
        steer.add_class("nap-lesson-steer")
        top = W.HBox([steer, side], layout=W.Layout(**_AUTO))
        top.add_class("nap-lesson-top")
        lower = W.HBox([self.history.widget, self.whatif.widget], layout=W.Layout(**_AUTO))
        lower.add_class("nap-lesson-lower")
        self.widget.children = [page_style(*self.styles), header, top, self.table.widget, lower]
        self.refresh()

    @classmethod
    def from_environment(cls, environ: dict[str, str] | None = None) -> "LessonApp":
        """Build the page from the Voila URL: ``?lang=es&step=6&four=1`` (bad values are ignored)."""
        params = PageParams.from_environment(environ)
        step = params.integer("step", 0, 999, digits=3)
        return cls(lang=params.lang, step=1 if step is None else step, four_colour=params.flag("four"))

    # -------------------------------------------------------------- drawing
    @property
    def four_colour(self) -> bool:
        return self.controls.four_colour

    def show(self) -> None:
        """Draw the current step everywhere (after Next, Back, a jump ...)."""
        index = self.walk.index
        four = self.four_colour
        self.controls.sync()
        self.explanation.render(index)
        self.table.render(index, four)
        self.history.render(index, four)
        self.settlement.render(index)
        self.whatif.four_colour = four
        self.whatif.status.clear()
        self.whatif.render()

    def restyle(self) -> None:
        """Redraw the cards after the four-colour option changed."""
        index = self.walk.index
        four = self.four_colour
        self.table.render(index, four)
        self.history.render(index, four)
        self.whatif.four_colour = four
        self.whatif.render()

    def _after_whatif(self) -> None:
        self.controls.sync()

    def refresh(self) -> None:
        """Every word again, in the current language; the place in the lesson is kept."""
        self.title.value = (html('<h1>{}</h1><p class="nap-lesson-sub">{}</p>', self._("A worked deal, step by step"), self._("Four players, one deal: every card with the rule that allows it.")))
        self.status.clear()
        self.controls.refresh()
        index = self.walk.index
        four = self.four_colour
        self.explanation.render(index)
        self.table.render(index, four)
        self.history.render(index, four)
        self.settlement.render(index)
        self.whatif.four_colour = four
        self.whatif.render()

    # ------------------------------------------------- for tests and scripts
    @property
    def text(self) -> str:
        """All the HTML the learner can read now (for tests)."""
        parts = [self.title.value, self.controls.label.value, self.explanation.widget.value,
                 self.table.widget.value, self.history.widget.value, self.settlement.widget.value,
                 self.status.widget.value, self.whatif.prompt.value, self.whatif.result.value,
                 self.whatif.settlement.value, self.whatif.status.widget.value]
        return "\n".join(parts)
