"""Small HTML pieces of the lesson page: a card as text, explanations with badges, tables of tricks and amounts."""
from __future__ import annotations

from typing import Mapping, Sequence


from ...engine.cards import Card, Suit
from ...engine.explain import Explanation
from ...words.html import Markup, html, join
from ...words.i18n import Translator
from ...teach.lesson import settlement_line
from ...words.render import card_text, suit_colour, suit_text
from ...engine.tricks import Trick


def suit_words(suit: Suit, tr: Translator) -> str:
    """A suit for a sentence: its symbol, then its name in the learner's language ("♥︎ hearts")."""
    return f"{suit_text(suit)} {tr.suit(suit)}"


def card_span(card: Card, tr: Translator, four_colour: bool, classes: str = "") -> Markup:
    """A card as coloured text, named in words for a screen reader (its title)."""
    colour = suit_colour(card.suit, four_colour)
    css = f"nap-cardtext {classes}".strip()
    return (html('<span class="{}" style="color:{}" title="{}">{}</span>',
                 css, colour, tr.card_words(card), card_text(card)))


def explanation_items(explanations: Sequence[Explanation], tr: Translator) -> Markup:
    """Explanations as a list, each with its rule's badge and title, so the learner sees which rule spoke."""
    items = []
    for e in explanations:
        items.append(
            html('<li class="nap-lesson-note" data-rule="{}"><span class="nap-rule">'
                 '{}</span><span class="nap-rule-title">{}</span> <span class="nap-lesson-text">'
                 '{}</span></li>', e.rule, e.rule, tr.rule_title(e.rule), tr.explain(e)))
    return html('<ul class="nap-lesson-notes">{}</ul>', join(items))


def tricks_table(tricks: Sequence[Trick], players: Sequence[str], tr: Translator, four_colour: bool,
                  chosen: tuple[int, Card] | None = None, css: str = "nap-lesson-tricks") -> Markup:
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
            cells.append(html('<td class="{}">{}</td>', " ".join(marks), card_span(card, tr, four_colour)))
        winner = players[t.winning]
        rows.append(html('<tr data-trick="{}"><th scope="row">{}</th>{}<td class="nap-hist-winner">'
                         '{}</td></tr>', t.number, t.number, join(cells), winner))
    return (html('<div class="nap-scroll"><table class="nap-table-grid {}">'
                 '<thead><tr><th scope="col">{}</th>{}<th scope="col">{}</th>'
                 '</tr></thead><tbody>{}</tbody></table></div>',
                 css, tr.gettext("Trick"), head, tr.gettext("Won by"), join(rows)))


def amounts_html(amounts: Mapping[str, int], tr: Translator, css: str) -> Markup:
    """Who pays and who receives, one entry per player, with the line that shows they sum to zero."""
    cells = join((
        html('<li class="nap-amount {}" data-player="{}"><span class="nap-amount-name">'
             '{}</span> <span class="nap-amount-value">{}</span></li>',
             "nap-amount-plus" if v > 0 else "nap-amount-minus" if v < 0 else "", p, p, tr.amount(v))
        for p, v in amounts.items()))
    return (html('<ul class="nap-amounts">{}</ul><div class="{}-line">{} {}</div>',
                 cells, css, tr.gettext("Sum:"), settlement_line(amounts, tr)))
