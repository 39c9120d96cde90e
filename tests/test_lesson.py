"""The worked-deal lesson (nap_teach.teach.lesson): steps, rules, marks and "what if?".

Expected facts are those of the worked deal (lesson 1 of the course,
nap_teach/data/lessons/01_worked-deal.json; nap_teach/data/hands/worked_deal.json):
A B C D clockwise, D deals, A bids Four, B C D pass; A takes tricks 1-4,
B takes trick 5 with the ace of clubs; Four made, A +12, B C D -4 each; had A
taken three: A -12, the others +4.
"""
from __future__ import annotations

import pytest

from nap_teach import Card, DealState, Explanation, IllegalCard, RuleError, Suit, settle
from nap_teach.ai.bots import Decision, SimpleBot
from nap_teach.teach.lesson import (
    CALL, CARD, HAD_FEWER, RESULT, SECTIONS, TABLE, Lesson, LessonWalk, default_lesson,
    lesson_rules, load_worked_deal, settlement_line, whatif_chooser,
)
from nap_teach.words.i18n import translator

EN = translator("en")
C = Card.parse


@pytest.fixture(scope="module")
def lesson() -> Lesson:
    return Lesson()


def keys(step) -> list[str]:
    return [e.key for e in step.explanations]


def step_of(lesson: Lesson, trick: int, position: int):
    return next(s for s in lesson.steps if s.kind == CARD and s.trick == trick and s.position == position)


# ----------------------------------------------------------------- the steps
def test_one_step_for_the_table_each_call_each_card_the_result_and_had_fewer(lesson):
    book = lesson.book
    assert len(book.calls) == 4 and len(book.cards_played) == 20
    kinds = [s.kind for s in lesson.steps]
    assert kinds == [TABLE] + [CALL] * 4 + [CARD] * 20 + [RESULT, HAD_FEWER]
    assert [s.index for s in lesson.steps] == list(range(len(lesson.steps)))
    # steps follow the book: actions applied grow by one per call and card
    assert [s.actions for s in lesson.steps[:25]] == list(range(25))


def test_table_step_seats_dealer_and_unused_pile(lesson):
    step = lesson.steps[0]
    assert lesson.players == ("A", "B", "C", "D")
    assert lesson.players[lesson.book.dealer] == "D"
    assert lesson.unused_count == 52 - 5 * 4 == 32
    assert step.rules == ("B1", "B2", "B3", "B4", "B14")
    text = " ".join(e.text() for e in step.explanations)
    assert "A, B, C and D sit clockwise" in text
    assert "32 cards stay face down" in text and "never enter play" in text
    assert "D deals" in text


def test_auction_steps_say_why_each_call_is_allowed_and_what_four_promises(lesson):
    a, b, c, d = lesson.steps[1:5]
    assert [s.seat for s in (a, b, c, d)] == [0, 1, 2, 3]
    assert "explain.bid_at_least" in keys(a)
    four = next(e for e in a.explanations if e.key == "explain.bid_at_least")
    assert four.facts["tricks"] == 4 and four.rule == "B6"
    assert "lesson.any_bid" in keys(a) and "lesson.stake" in keys(a)
    assert "at least 4 of the five tricks" in " ".join(e.text() for e in a.explanations)
    for s in (b, c, d):
        assert "explain.pass" in keys(s) and "lesson.could_bid" in keys(s)
        could = next(e for e in s.explanations if e.key == "lesson.could_bid")
        assert [call.name for call in could.facts["bids"]] == ["Nap"]  # only Nap beats Four before a Nap
    assert "lesson.dealer_last" in keys(d) and "explain.declarer" in keys(d)
    assert keys(d)[-1] == "explain.declarer"


def test_first_card_sets_hearts_as_trump(lesson):
    first = step_of(lesson, 1, 1)
    assert first.seat == 0 and lesson.book.actions[first.action] is C("AH")
    e = first.explanations[0]
    assert e.key == "explain.first_lead_trump" and e.rule == "B10" and e.facts["suit"] is Suit.HEARTS
    assert lesson.state(first.index).trump is Suit.HEARTS
    assert "hearts are trump" in e.text()


def test_trick_three_discards_are_explained_as_allowed(lesson):
    for position, seat in ((2, 1), (3, 2), (4, 3)):
        step = step_of(lesson, 3, position)
        assert step.seat == seat
        card = lesson.book.actions[step.action]
        assert card.suit is Suit.DIAMONDS
        discard = step.explanations[0]
        assert discard.key == "explain.discard" and discard.rule == "B11"
        assert discard.facts["led"] is Suit.HEARTS
        # the seat really had no hearts left, so any card was allowed
        before = lesson.state_after(step.action)
        assert not [x for x in before.held[seat] if x.suit is Suit.HEARTS]
        assert "any card is allowed" in discard.text()


def test_each_trick_names_its_winner_and_the_winner_leads(lesson):
    winners = []
    for trick in range(1, 6):
        last = step_of(lesson, trick, 4)
        won = next(e for e in last.explanations
                   if e.key in ("explain.trick_led", "explain.trick_trumped", "explain.trick_trump_led"))
        assert won.rule == "B12"
        winners.append(won.facts["winner"])
        if trick < 5:
            assert "explain.winner_leads" in keys(last)
            assert lesson.steps[last.index + 1].seat == lesson.players.index(won.facts["winner"])
    assert winners == ["A", "A", "A", "A", "B"]
    fifth = next(e for e in step_of(lesson, 5, 4).explanations if e.key == "explain.trick_led")
    assert fifth.facts["card"] is C("AC")


def test_result_and_settlement(lesson):
    result = lesson.steps[-2]
    assert result.kind == RESULT
    assert lesson.book.tricks_won[0] == 4
    assert keys(result)[:3] == ["lesson.tricks_count", "explain.made", "explain.zero_sum"]
    amounts = lesson.settlement(result.index)
    assert amounts == {"A": 12, "B": -4, "C": -4, "D": -4}
    assert sum(amounts.values()) == 0
    assert settlement_line(amounts, EN) == "+12 \u22124 \u22124 \u22124 = 0"
    # the last card step leaves the payments to the result step
    assert not {"explain.made", "explain.zero_sum"} & set(keys(step_of(lesson, 5, 4)))


def test_had_a_taken_three(lesson):
    step = lesson.steps[-1]
    assert step.kind == HAD_FEWER
    fewer = step.explanations[0]
    assert fewer.facts["won"] == 3 and fewer.facts["needed"] == 4
    amounts = lesson.settlement(step.index)
    assert amounts == {"A": -12, "B": 4, "C": 4, "D": 4}
    assert amounts == settle(lesson.players, 0, lesson.book.contract, False)
    said = " ".join(e.text() for e in step.explanations)
    assert "would have failed" in said and "has failed" not in said  # a hypothesis stays one (issue 11)
    assert lesson.heading(step.index, EN) == "Had A taken only 3 tricks"


def test_every_explanation_renders_in_english_and_spanish(lesson):
    for step in lesson.steps:
        assert step.explanations
        for e in step.explanations:
            for lang in ("en", "es"):
                text = e.text(lang)
                assert text and text != e.key and "{" not in text
        assert lesson.heading(step.index, translator("es"))


def test_lesson_rules_cover_every_basic_rule(lesson):
    rules = lesson_rules()
    assert set(rules) == {f"B{i}" for i in range(1, 18)}
    for rule, indices in rules.items():
        assert indices == sorted(set(indices))
        for i in indices:
            assert rule in lesson.steps[i].rules
    assert rules["B10"][-1] == step_of(lesson, 1, 1).index
    assert rules == default_lesson().rules_by_step()


# ---------------------------------------------------------------- the table
def test_marks_led_trump_and_winning_card(lesson):
    m = lesson.marks(step_of(lesson, 3, 2).index)
    assert m is not None and not m.complete
    assert m.cards[:2] == (C("QH"), C("KD")) and m.cards[2:] == (None, None)
    assert m.led is Suit.HEARTS and m.trump is Suit.HEARTS
    assert m.winning_seat == 0 and m.winning_card is C("QH")
    done = lesson.marks(step_of(lesson, 5, 4).index)
    assert done.complete and done.winning_seat == 1 and done.winning_card is C("AC")
    assert done.led is Suit.CLUBS
    assert lesson.marks(0) is None and lesson.marks(lesson.steps[-2].index) is None


def test_history_and_hands_follow_the_steps(lesson):
    i = step_of(lesson, 4, 1).index
    assert len(lesson.completed_tricks(i)) == 3
    assert lesson.tricks_won(i) == (3, 0, 0, 0)
    assert [len(h) for h in lesson.held(i)] == [1, 2, 2, 2]
    assert lesson.calls_so_far(2) == {0: lesson.book.calls[0], 1: lesson.book.calls[1]}


def test_sections_and_jumps(lesson):
    assert lesson.section_start("table") == 0
    assert lesson.section_start("auction") == 1
    for n in range(1, 6):
        step = lesson.steps[lesson.trick_start(n)]
        assert (step.trick, step.position) == (n, 1)
        assert lesson.section_of(step.index) == f"trick{n}"
    assert lesson.section_start("result") == len(lesson.steps) - 2
    assert [lesson.section_of(s.index) for s in lesson.steps][-1] == "result"
    with pytest.raises(ValueError):
        lesson.section_start("trick9")
    for bad in (-1, len(lesson.steps), "3", True, 2.0):
        with pytest.raises(ValueError):
            lesson.step(bad)


def test_lesson_needs_a_finished_deal():
    state = load_worked_deal()
    unfinished = DealState(state.players, state.dealer, state.hands)
    unfinished.replay(state.actions[:10])
    with pytest.raises(ValueError):
        Lesson(unfinished)


# ------------------------------------------------------------------ what if
def test_illegal_card_is_refused_with_the_engine_reason(lesson):
    step = step_of(lesson, 1, 2)  # B must follow hearts with J or 10 of hearts
    before = [str(a) for a in lesson.state(step.index).actions]
    with pytest.raises(IllegalCard) as err:
        lesson.what_if(step.index, C("KS"))
    assert err.value.key == "card.must_follow" and err.value.rule == "B11"
    assert "must follow suit" in err.value.text("en")
    assert lesson.refusal(step.index, C("KS")) == err.value.explanation
    assert [str(a) for a in lesson.state(step.index).actions] == before
    with pytest.raises(RuleError):  # a card B does not hold
        lesson.what_if(step.index, "AH")
    with pytest.raises(RuleError):  # not a card at all
        lesson.what_if(step.index, "<b>")


def test_book_card_gives_the_book_line(lesson):
    step = step_of(lesson, 2, 1)
    wi = lesson.what_if(step.index, lesson.book.actions[step.action])
    assert wi.same_as_book and not wi.changed
    assert wi.state.actions == lesson.book.actions


@pytest.mark.parametrize("trick,position", [(1, 1), (2, 1), (3, 2), (3, 3), (4, 1)])
def test_every_legal_alternative_finishes_the_deal_legally(lesson, trick, position):
    step = step_of(lesson, trick, position)
    options = lesson.whatif_options(step.index)
    legal = [c for c in options if lesson.refusal(step.index, c) is None]
    assert legal
    for card in legal:
        wi = lesson.what_if(step.index, card)
        assert wi.state.is_over and sum(wi.result.tricks_won) == 5
        # the whole line replays through the engine: every card was legal
        again = DealState(lesson.players, lesson.book.dealer, lesson.book.hands).replay(wi.state.actions)
        assert again.result() == wi.result
        assert wi.state.actions[:step.action] == lesson.book.actions[:step.action]
        assert wi.state.actions[step.action] is card
        assert sum(wi.settlement.values()) == 0
        assert wi.settlement == settle(lesson.players, 0, lesson.book.contract, wi.result.made)
        assert wi.plays[0].chosen and not any(p.chosen for p in wi.plays[1:])
        assert len(wi.plays) == len(wi.state.actions) - step.action
        # deterministic: asking again gives the same line
        assert lesson.what_if(step.index, card).state.actions == wi.state.actions


def test_leading_a_club_first_makes_clubs_trump_and_b_wins_the_first_trick(lesson):
    wi = lesson.what_if(step_of(lesson, 1, 1).index, C("2C"))
    assert wi.trump is Suit.CLUBS
    first = wi.tricks[0]
    # every other seat holds exactly one club, so the trick is forced: B's ace wins
    assert first.cards == (C("2C"), C("AC"), C("QC"), C("JC")) and first.winning == 1
    assert wi.plays[0].explanations[0].key == "explain.first_lead_trump"


def test_forced_line_at_trick_four_keeps_the_result(lesson):
    # A leads 2C instead of AS: B must take it with AC (its only club), C and D
    # follow with their clubs; B then has only KS left, and A's AS wins trick 5.
    wi = lesson.what_if(lesson.trick_start(4), C("2C"))
    assert [t.winning for t in wi.tricks[3:]] == [1, 0]
    assert wi.result.tricks_won == (4, 1, 0, 0)
    assert wi.result.made and not wi.changed


class HighestCard:
    """A chooser for what-if lines that always plays its highest legal card."""

    name = "highest"

    def decide(self, view):
        card = max(view.legal_cards, key=lambda c: (int(c.rank), int(c.suit)))
        return Decision(card, Explanation("bot", "bot.random", {"player": view.name, "action": card}))


def test_given_chooser_line_where_a_fails(lesson):
    # 2C first: clubs trump, B wins trick 1 (forced). Playing high, B leads
    # K♦; A has neither diamonds nor trumps, so B wins again; A takes the last three.
    wi = lesson.what_if(0, C("2C"), chooser=HighestCard())
    assert wi.chooser == "highest"
    assert wi.tricks[1].cards[0] is C("KD") and wi.tricks[1].winning == 1
    assert wi.result.tricks_won[0] == 3 and wi.result.made is False and wi.changed
    assert wi.settlement == {"A": -12, "B": 4, "C": 4, "D": 4}
    assert [e.key for e in wi.outcome] == ["explain.failed", "explain.zero_sum"]


def test_whatif_point_and_options(lesson):
    first_lead = len(lesson.book.calls)
    assert lesson.whatif_point(0) == first_lead and lesson.whatif_point(3) == first_lead
    assert lesson.whatif_seat(0) == 0
    assert set(lesson.whatif_options(0)) == set(lesson.book.hands[0])
    assert lesson.whatif_point(len(lesson.steps) - 1) is None
    assert lesson.whatif_options(len(lesson.steps) - 1) == ()
    with pytest.raises(ValueError):
        lesson.what_if(len(lesson.steps) - 1, C("AH"))


def test_whatif_chooser_is_a_bot():
    bot = whatif_chooser()
    assert isinstance(bot, SimpleBot) and hasattr(bot, "decide")


# --------------------------------------------------------------------- walk
def test_walk_next_back_restart_jump_and_back_to_book(lesson):
    walk = LessonWalk(lesson)
    assert walk.at_start and not walk.back()
    moves = 0
    while walk.next():
        moves += 1
    assert moves == walk.count - 1 and walk.at_end
    assert walk.back() and walk.index == walk.count - 2
    walk.jump("trick3")
    assert walk.step.trick == 3 and walk.step.position == 1
    wi = walk.try_card("AS")
    assert walk.whatif is wi and wi.card is C("AS")
    walk.back_to_book()
    assert walk.whatif is None and walk.step.trick == 3
    walk.try_card("AS")
    walk.next()
    assert walk.whatif is None  # moving on returns to the book line
    book = walk.try_card(lesson.book.actions[walk.step.action])
    assert book.same_as_book and walk.whatif is None
    walk.restart()
    assert walk.index == 0
    for bad in ("trick0", "nowhere"):
        with pytest.raises(ValueError):
            walk.jump(bad)
    assert set(SECTIONS) == {lesson.section_of(s.index) for s in lesson.steps}


# ------------------------------------------------------ one voice (issue 25): "What if?" plays best
def test_b14_whatif_best_play_line_ends_where_the_solver_verdict_says(lesson):
    """Every legal alternative of the first lead and of trick 3's second card, played out by the solver:
    the line's tricks for the declarer are exactly the verdict's count after that card."""
    from nap_teach.ai.solver import card_values
    from nap_teach.teach.lesson.whatif import BEST_PLAY

    for trick, position in ((1, 1), (3, 2)):
        step = step_of(lesson, trick, position)
        before = lesson.state_after(lesson.whatif_point(step.index))
        values = card_values(before)
        for card in lesson.whatif_options(step.index):
            if lesson.refusal(step.index, card) is not None or card is lesson.book.actions[lesson.whatif_point(step.index)]:
                continue
            wi = lesson.what_if(step.index, card)
            assert wi.chooser == BEST_PLAY
            assert wi.result.tricks_won[0] == values[card], card


@pytest.mark.parametrize("lang", ["en", "es"])
def test_decide_line_best_feedback_gives_the_result_of_the_learners_card_not_the_books(lesson, lang):
    from nap_teach.teach.course import Anchor, Decision as Ask_
    from nap_teach.teach.lesson.decide import ask
    from nap_teach.words.i18n import translator

    tr = translator(lang)
    q = ask(lesson, Ask_(Anchor("card", 1, 1), "card"))
    feedback = q.check("2C")
    assert not feedback.right
    keys = [e.key for e in feedback.explanations]
    assert keys == ["decide.solver_worse", "decide.line_best", "explain.failed", "explain.zero_sum"]
    texts = [tr.explain(e) for e in feedback.explanations]
    # the verdict's 3 tricks and the line's result agree: Four fails, A pays (the book's A +12 is never said)
    assert feedback.line is not None and feedback.line.result.tricks_won[0] == 3 and not feedback.line.result.made
    assert {"en": "A took 3 tricks", "es": "A hizo 3 bazas"}[lang] in texts[2]
    assert "+12" not in " ".join(texts)
    assert {"en": "with best play by everyone", "es": "con el mejor juego de todos"}[lang] in texts[1]
