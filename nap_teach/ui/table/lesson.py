"""The lesson's worked deal on the card table: every hand open for study, the trick in the middle."""
from __future__ import annotations

from collections.abc import Collection

from ...engine.cards import Card
from ...teach.lesson import CALL, CARD, HAD_FEWER, RESULT, Lesson
from ...words.render import suit_text
from . import CardTable


def show_lesson_step(board: CardTable, lesson: Lesson, index: int, four_colour: bool = False,
                     hidden: Collection[int] = (), named: dict[Card, str] | None = None,
                     named_seats: dict[int, str] | None = None) -> None:
    """Draw step ``index`` of ``lesson`` on ``board``: seat A at the bottom, B, C, D clockwise, all hands open.

    Moving one step on shows the next card arriving; a step back or a jump redraws at once.
    The hands of the seats in ``hidden`` are drawn face down (presenter mode: "what would you play?").
    ``named`` / ``named_seats``: the cards and seats a question's verdict names, outlined with their word.
    """
    tr = board.tr
    state = lesson.state(index)
    step = lesson.step(index)
    held = lesson.book.hands if step.kind in (RESULT, HAD_FEWER) else lesson.held(index)
    hands: tuple[tuple[Card, ...] | None, ...] = tuple(held)
    if hidden:
        hands = tuple(None if seat in hidden else hand for seat, hand in enumerate(held))
    acting = step.seat if step.kind in (CALL, CARD) else None  # the speaker, the player: not the next to act
    described = None
    tags: dict[int, list[str]] = {}
    if step.kind == CARD and step.action is not None:
        seat, card = lesson.book.cards_played[step.action - len(lesson.book.calls)]
        described = (seat, card)
        tags[seat] = [tr.gettext("plays this step")]
    elif step.kind == CALL and step.seat is not None:
        tags[step.seat] = [tr.gettext("speaks this step")]
    calls = {}
    if step.kind == "call":
        calls = {seat: tr.gettext("said {call}").format(call=tr.call(c.name))
                 for seat, c in lesson.calls_so_far(index).items()}
    facts = []
    if state.trump is not None:
        facts.append(tr.gettext("Trump: {suit}").format(suit=f"{suit_text(state.trump)} {tr.suit(state.trump)}"))
    elif state.contract is not None and not state.contract.trumps:  # Misère (P4): no trump at all
        facts.append(tr.gettext("No trump (Misère)"))
    elif state.phase != "over":
        facts.append(tr.gettext("Trump: not set yet (the declarer's first card sets it, except in Misère)")
                     if any(not k.trumps for k in state.profile.ladder)
                     else tr.gettext("Trump: not set yet (the first card played sets it)"))
    marks = lesson.marks(index)
    if marks is not None and marks.winning_card is not None and marks.winning_seat is not None:
        text = (tr.gettext("Trick {number} won by {player} with {card}") if marks.complete
                else tr.gettext("Winning so far: {card} ({player})"))
        facts.append(text.format(number=marks.number, player=lesson.players[marks.winning_seat],
                                 card=tr.card(marks.winning_card)))
        heading = tr.gettext("Trick {number} on the table").format(number=marks.number)
    elif state.phase == "auction" or step.kind in ("table", "call"):
        heading = tr.gettext("The auction") if state.calls else tr.gettext("The deal")
    else:
        heading = tr.gettext("All five tricks played")
    count = lesson.unused_count
    facts.append(tr.ngettext("{n} unused card, face down", "{n} unused cards, face down", count).format(n=count))
    board.view.pace = "instant"  # the learner steps with Next: each card arrives with its step
    board.show_view(state.view(0), key=f"lesson:{id(lesson)}", open_hands=hands, show_hand=False,
                    four_colour=four_colour, calls=calls, centre_title=heading, facts=facts,
                    title=tr.gettext("The table (hands open for study)"), acting=acting, described=described,
                    tags=tags, named=named, named_seats=named_seats)
