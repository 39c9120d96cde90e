"""A deal on paper: the hands around the table, the auction, the tricks in order, the result and payments."""
from __future__ import annotations

from typing import Any

from ...engine.cards import Card, sort_hand
from ...words.html import Markup, el, html, join
from ...words.i18n import Translator
from ...engine.records import hand_from_record, record_from_link
from ...words.render import card_svg, cards_text
from ...engine.state import DealState

__all__ = ["deal_from_record", "deal_from_link", "deal_diagram_html", "hands_html", "auction_html",
           "tricks_html", "result_html"]


def deal_from_record(record: Any, profile_name: str | None = None) -> DealState:
    """A ``nap-hand/1`` record replayed by the engine (a broken one: RecordError/RuleError with its reason)."""
    return hand_from_record(record, profile_name)


def deal_from_link(code: str) -> DealState:
    """The deal a link carries (``?deal=<code>``, see :func:`nap_teach.engine.records.record_to_link`)."""
    return hand_from_record(record_from_link(code))


def _card_row(cards: tuple[Card, ...] | list[Card], tr: Translator, width: int = 26) -> Markup:
    faces = join(card_svg(c, tr=tr, width=width) for c in cards)
    return html('<div class="nap-handout-handrow"><div class="nap-hand" role="group">{}</div>'
                '<div class="nap-handout-cards">{}</div></div>', faces, cards_text(cards))


def hands_html(state: DealState, tr: Translator) -> Markup:
    """Each player's five cards, in seat order from the dealer's left, with the dealer and declarer marked."""
    _ = tr.gettext
    rows = []
    for k in range(state.n):
        seat = (state.dealer + 1 + k) % state.n
        marks = []
        if seat == state.dealer:
            marks.append(el("span", {"class": "nap-handout-mark"}, _("dealer")))
        if state.declarer == seat:
            marks.append(el("span", {"class": "nap-handout-mark"}, _("declarer")))
        rows.append(html("<tr data-player='{}'><th scope='row'>{}{}</th><td>{}</td></tr>", state.players[seat],
                         state.players[seat], join(marks), _card_row(sort_hand(state.hands[seat]), tr)))
    unused = state.profile.unused_cards(state.n)
    return html("<table class='nap-handout-hands'><caption>{}</caption><thead><tr><th scope='col'>{}</th>"
                "<th scope='col'>{}</th></tr></thead><tbody>{}</tbody></table><p class='nap-handout-sub'>{}</p>",
                _("The hands, from the dealer's left"), _("Player"), _("Cards"), join(rows),
                tr.ngettext("The other {count} card of the pack stays face down and never comes into play.",
                            "The other {count} cards of the pack stay face down and never come into play.",
                            unused).format(count=unused))


def auction_html(state: DealState, tr: Translator) -> Markup:
    """The calls in order, one per player from the dealer's left."""
    _ = tr.gettext
    items = join(html("<li data-call='{}'><strong>{}</strong>: {}</li>", call.name,
                      state.players[(state.dealer + 1 + i) % state.n], tr.call(call.name))
                 for i, call in enumerate(state.calls))
    return html("<h2>{}</h2><ol class='nap-handout-auction'>{}</ol>", _("The auction"), items)


def tricks_html(state: DealState, tr: Translator) -> Markup:
    """Every trick in order: who led, the cards as played (the winning card in bold) and who won it."""
    _ = tr.gettext
    if not state.tricks:
        return Markup()
    if state.trump is not None:
        trump = _("Trump: {suit}, set by the first card led.").format(suit=tr.suit(state.trump))
    else:
        trump = _("No trump in this contract: only the suit led can win a trick.")
    rows = []
    for trick in state.tricks:
        cards = []
        for seat, card in zip(trick.seats, trick.cards):
            text = html("{} {}", state.players[seat], cards_text([card]))
            cards.append(el("strong", {"class": "nap-handout-win"}, text) if seat == trick.winning else text)
        rows.append(html("<tr data-trick='{}'><th scope='row' class='nap-handout-num'>{}</th><td>{}</td><td>{}</td>"
                         "<td>{}</td></tr>", trick.number, trick.number, state.players[trick.leader],
                         Markup(", ").join(cards), state.players[trick.winning]))
    return html("<h2>{}</h2><p>{}</p><table class='nap-handout-tricks'><thead><tr><th scope='col'>{}</th>"
                "<th scope='col'>{}</th><th scope='col'>{}</th><th scope='col'>{}</th></tr></thead>"
                "<tbody>{}</tbody></table>", _("The tricks"), trump, _("Trick"), _("Led by"),
                _("Cards, in the order played (the winning card in bold)"), _("Won by"), join(rows))


def result_html(state: DealState, tr: Translator) -> Markup:
    """What the deal came to: made or failed, the tricks taken, and what each player pays or receives."""
    _ = tr.gettext
    result = state.result()
    if state.passed_out:
        return html("<h2>{}</h2><p class='nap-handout-result'>{}</p>", _("The result"),
                    _("Everyone passed: no card is played and nobody pays. The deal passes to the left."))
    if result.declarer is None or result.contract is None:
        return html("<h2>{}</h2><p class='nap-handout-result'>{}</p>", _("The result"),
                    _("The auction is not finished."))
    declarer = state.players[result.declarer]
    taken = result.tricks_won[result.declarer]
    said = tr.ngettext("{declarer} bid {call} and took {count} trick.", "{declarer} bid {call} and took {count} tricks.",
                       taken).format(declarer=declarer, call=tr.call_gloss(result.contract), count=taken)
    parts = [said]
    if state.stopped:
        parts.append(_("The table agreed to stop after trick {number}: the result could no longer change.").format(
            number=len(state.tricks)))
    if result.made is True:
        parts.append(_("The bid is made."))
    elif result.made is False:
        parts.append(_("The bid fails."))
    else:
        total = state.profile.hand_size  # one trick per card in a hand
        parts.append(tr.ngettext("The play is not finished: {count} of {total} trick played.",
                                 "The play is not finished: {count} of {total} tricks played.", total)
                     .format(count=len(state.tricks), total=total))
    pay = Markup()
    if result.settlement is not None:
        rows = join(html("<tr data-player='{}'><th scope='row'>{}</th><td class='nap-handout-num'>{}</td><td>{}</td></tr>",
                         name, name, tr.amount(amount),
                         _("receives") if amount > 0 else (_("pays") if amount < 0 else "—"))
                    for name, amount in result.settlement.items())
        pay = html("<table class='nap-handout-pay'><caption>{}</caption><thead><tr><th scope='col'>{}</th>"
                   "<th scope='col'>{}</th><th scope='col'>{}</th></tr></thead><tbody>{}</tbody></table>",
                   _("What each player pays or receives (ledger points)"), _("Player"), _("Amount"), "", rows)
    return html("<h2>{}</h2><p class='nap-handout-result'>{}</p>{}", _("The result"), " ".join(parts), pay)


def deal_diagram_html(state: DealState, tr: Translator, *, title: str | None = None, tricks: bool = True,
                      wrap: bool = True, notes: str = "") -> Markup:
    """The deal diagram: table, hands, auction, tricks (unless ``tricks=False``), result and payments.

    ``notes``: the teacher's line about the deal, under the title. ``wrap=False`` gives the sections without
    the ``<article>`` (to put a deal inside another handout)."""
    _ = tr.gettext
    names = tr.join(state.players)
    about = tr.ngettext("{rules}; {count} player: {names}. {dealer} deals.",
                        "{rules}; {count} players: {names}. {dealer} deals.", state.n).format(
        rules=tr.profile_name(state.profile.name), count=state.n, names=names, dealer=state.players[state.dealer])
    body = html("{}<p class='nap-handout-sub'>{}</p>{}{}{}{}",
                html("<p class='nap-handout-notes'>{}</p>", notes) if notes else Markup(), about,
                hands_html(state, tr), auction_html(state, tr), tricks_html(state, tr) if tricks else Markup(),
                result_html(state, tr))
    if not wrap:
        return body
    return html('<article class="nap-handout nap-handout-deal" lang="{}"><h1>{}</h1>{}</article>', tr.lang,
                title or _("Deal diagram"), body)
