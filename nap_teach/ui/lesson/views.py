"""What the lesson shows at a step: the explanation, the open table, the tricks so far, the settlement."""
from __future__ import annotations

import ipywidgets as W

from ...words.html import escape, html, join
from ...teach.lesson import HAD_FEWER, RESULT, Lesson
from ...words.render import hand_html, pile_svg, trick_html
from ..language import Language
from ..widgets import auto_layout
from .fragments import _amounts_html, _explanation_items, _suit_words, _tricks_table


class ExplanationPanel:
    """The step's title and what happens, each sentence with its rule badge."""

    def __init__(self, lesson: Lesson, language: Language) -> None:
        self.lesson = lesson
        self.language = language
        self.widget = W.HTML("", layout=auto_layout())
        self.widget.add_class("nap-lesson-explanation")

    def render(self, index: int) -> None:
        tr = self.language.tr
        step = self.lesson.step(index)
        self.widget.value = (
            html('<section class="nap-lesson-explain" data-step="{}" data-kind="{}" aria-live="polite">'
                 '<h2 class="nap-lesson-heading">{}</h2>{}</section>',
                 index + 1, step.kind, self.lesson.heading(index, tr), _explanation_items(step.explanations, tr)))


class TableView:
    """Seats A, B, C, D clockwise round the table, hands open for study, the trick and the pile."""

    POSITIONS = ("south", "west", "north", "east")
    """Grid areas for four seats, clockwise from the bottom."""

    def __init__(self, lesson: Lesson, language: Language) -> None:
        self.lesson = lesson
        self.language = language
        self.widget = W.HTML("", layout=auto_layout())
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
                said = (html('<span class="nap-seat-call">{}</span>',
                             tr.gettext("said {call}").format(call=tr.call(call.name))))
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
            facts.append(html('<span class="nap-fact nap-fact-trump">{}</span>',
                              tr.gettext("Trump: {suit}").format(suit=_suit_words(state.trump, tr))))
        elif state.contract is not None and not state.contract.trumps:  # Misère (P4): no trump at all
            facts.append(html('<span class="nap-fact nap-fact-trump">{}</span>', tr.gettext("No trump (Misère)")))
        elif state.phase != "over":
            facts.append(html('<span class="nap-fact nap-fact-trump">{}</span>', tr.gettext(
                "Trump: not set yet (the declarer's first card sets it, except in Misère)")
                if any(not k.trumps for k in state.profile.ladder)
                else tr.gettext("Trump: not set yet (the first card played sets it)")))
        body = ""
        if marks is not None:
            names = [lesson.players[s] for s in marks.seats]
            step = lesson.step(index)
            current = (step.position - 1) if step.position is not None else None  # the card this step describes
            body = trick_html(names, list(marks.cards), tr=tr, four_colour=four_colour, winning=marks.winning,
                              trump=marks.trump, width=52, current=current)
            assert marks.led is not None
            facts.append(html('<span class="nap-fact nap-fact-led">{}</span>',
                              tr.gettext("Suit led: {suit}").format(suit=_suit_words(marks.led, tr))))
            card, seat = marks.winning_card, marks.winning_seat
            assert card is not None and seat is not None
            text = (tr.gettext("Trick {number} won by {player} with {card}") if marks.complete
                    else tr.gettext("Winning so far: {card} ({player})"))
            facts.append(html('<span class="nap-fact nap-fact-winning">{}</span>',
                              text.format(number=marks.number, player=lesson.players[seat], card=tr.card(card))))
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
        pile = (html('<div class="nap-unused">{}<span class="nap-unused-text">{}</span></div>',
                     pile_svg(count, label=pile_label, width=40), tr.gettext("Unused: never seen, never played")))
        return (html('<div class="nap-centre-title">{}</div>{}<div class="nap-facts">{}</div>{}',
                     heading, body, join(facts), pile))


class TrickHistory:
    """Tricks won so far, the last completed trick and every trick before it."""

    def __init__(self, lesson: Lesson, language: Language) -> None:
        self.lesson = lesson
        self.language = language
        self.widget = W.HTML("", layout=auto_layout())
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
            parts.append(html('<div class="nap-lesson-last"><div class="nap-lesson-last-title">{}</div>{}</div>',
                              tr.gettext("Last trick: trick {number}, won by {player}").format(
                                  number=last.number, player=winner),
                              trick_html(names, list(last.cards), tr=tr, four_colour=four_colour, winning=idx,
                                         trump=last.trump, width=40)))
            parts.append(_tricks_table(tricks, lesson.players, tr, four_colour))
        self.widget.value = join(parts)


class SettlementView:
    """Who pays whom at the result steps; hidden elsewhere."""

    def __init__(self, lesson: Lesson, language: Language) -> None:
        self.lesson = lesson
        self.language = language
        self.widget = W.HTML("", layout=auto_layout())
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
        self.widget.layout.display = ""
        self.widget.value = (html('<div class="nap-settle nap-settle-{}"><h3>{}</h3>{}</div>',
                                  kind, title, _amounts_html(amounts, tr, "nap-lesson-settlement")))
