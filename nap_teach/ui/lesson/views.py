"""What the lesson shows at a step beside the card table: the explanation, the tricks so far, the settlement."""
from __future__ import annotations

from ...words.html import html, join
from ...teach.lesson import RESULT, TABLE, Lesson
from ...words.render import trick_html
from ..language import Language
from ..widgets import HTML, auto_layout, show
from .fragments import amounts_html, explanation_items, tricks_table


class ExplanationPanel:
    """The step's title and what happens, each sentence with its rule badge."""

    FOLDED = ("lesson.seats", "lesson.dealer", "lesson.deal", "lesson.unused")
    """The table's set-up, said at the first step of every deal: folded after the course's first lesson."""

    def __init__(self, lesson: Lesson, language: Language) -> None:
        self.lesson = lesson
        self.language = language
        self.fold = False
        """Fold the set-up sentences of a deal's first step (a learner past lesson 1 has read them)."""
        self.widget = HTML("", layout=auto_layout())
        self.widget.add_class("nap-lesson-explanation")

    def render(self, index: int) -> None:
        tr = self.language.tr
        step = self.lesson.step(index)
        notes = step.explanations
        folded = ""
        if self.fold and step.kind == TABLE:
            kept = tuple(e for e in notes if e.key not in self.FOLDED)
            setup = tuple(e for e in notes if e.key in self.FOLDED)
            if setup:
                folded = html('<details class="nap-lesson-boiler"><summary>{}</summary>{}</details>',
                              tr.gettext("The seats, the deal and the unused cards (rules {rules})").format(
                                  rules=", ".join(e.rule for e in setup)), explanation_items(setup, tr))
                notes = kept
        self.widget.value = (
            html('<section class="nap-lesson-explain" data-step="{}" data-kind="{}" aria-live="polite">'
                 '<h2 class="nap-lesson-heading">{}</h2>{}{}</section>',
                 index + 1, step.kind, self.lesson.heading(index, tr), explanation_items(notes, tr), folded))


class TrickHistory:
    """Tricks won so far, the last completed trick and every trick before it."""

    def __init__(self, lesson: Lesson, language: Language) -> None:
        self.lesson = lesson
        self.language = language
        self.widget = HTML("", layout=auto_layout())
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
            parts.append(tricks_table(tricks, lesson.players, tr, four_colour))
        self.widget.value = join(parts)


class SettlementView:
    """Who pays whom at the result steps; hidden elsewhere."""

    def __init__(self, lesson: Lesson, language: Language) -> None:
        self.lesson = lesson
        self.language = language
        self.widget = HTML("", layout=auto_layout())
        self.widget.add_class("nap-lesson-settlement")

    def render(self, index: int) -> None:
        tr = self.language.tr
        amounts = self.lesson.settlement(index)
        if amounts is None:
            self.widget.value = ""
            show(self.widget, False)
            return
        kind = self.lesson.step(index).kind
        title = tr.gettext("Payments") if kind == RESULT else tr.gettext("Payments had the contract failed")
        show(self.widget, True)
        self.widget.value = (html('<div class="nap-settle nap-settle-{}"><h3>{}</h3>{}</div>',
                                  kind, title, amounts_html(amounts, tr, "nap-lesson-settlement")))
