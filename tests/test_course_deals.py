"""The course's prepared deals (issue 15 part 2): every lesson file loads, every deal replays
through the engine, every fact a lesson's notes state is checked here, and every rule of both
profiles is shown in play by some lesson deal.

A rule is "shown" by a deal when the engine, run on that deal, exhibits the rule at work
(``SHOWS`` below: one check per rule, on the replayed deal, never on the lesson's words).
The facts the notes state (who wins, the payments, what the solver finds) are in ``FACTS``,
``SOLVER`` and the session tests, next to the note they back.
"""
from __future__ import annotations

import copy
import random
from typing import Callable

import pytest

from nap_teach.ai import solver
from nap_teach.engine.auction import Call
from nap_teach.engine.cards import Card
from nap_teach.teach.course import DealSpec, LessonSpec, load_course, load_lesson
from nap_teach.engine.dealing import deal_rng, draw_first_dealer, shuffle_and_deal
from nap_teach.engine.explain import RecordError, RuleError
from nap_teach.words.i18n import translator
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.engine.records import hand_from_record, session_from_record
from nap_teach.engine.rules import rules_in_force
from nap_teach.engine.session import MISDEAL, TIE_BREAK
from nap_teach.engine.state import DealState
from nap_teach.engine.tricks import winning_index

COURSE = load_course()
OURS = ("follow-suit", "ruff-wins", "failed-contract", "auction", "passed-out", "table-sizes", "early-stop",
        "session-ledger", "judging-a-bid", "declarer-play", "defence", "misere", "big-bids", "misdeal-renege",
        "pub-session")
"""The lessons of the course after the worked deal (lesson 1 is the worked deal, unchanged)."""

SEEDED = {("table-sizes", "seven-players"): ("course-7-40", 0)}
"""Deals dealt by the engine (shuffle, cut, packets of 3 then 2) from a seed, not laid out by hand."""


def deal_of(lesson: str, deal: str) -> DealSpec:
    return load_lesson(lesson).deal(deal)


def fresh(d: DealSpec, cards: int | None = None) -> DealState:
    """The deal replayed from its record again, up to ``cards`` cards played (all by default)."""
    record = copy.deepcopy(dict(d.record))
    if cards is not None:
        record["play"] = record["play"][:cards]
    return hand_from_record(record)


def all_deals() -> list[tuple[LessonSpec, DealSpec]]:
    return [(spec, d) for spec in COURSE for d in spec.deals]


# ------------------------------------------------------------------ the course
def test_the_course_has_sixteen_lessons_in_order_each_with_one_to_three_deals():
    ids = tuple(s.id for s in COURSE)
    assert ids == ("worked-deal",) + OURS
    assert [s.place for s in COURSE] == list(range(1, 17))
    assert all(1 <= len(s.deals) <= 3 for s in COURSE)
    assert sum(len(s.deals) for s in COURSE) >= 24


def test_lesson_one_is_the_worked_deal_unchanged():
    from nap_teach.teach.lesson import load_worked_deal

    d = COURSE[0].deals[0].hand
    book = load_worked_deal()
    assert d is not None and d.hands == book.hands and d.actions == book.actions


@pytest.mark.parametrize("lesson,deal", [(s.id, d.id) for s, d in all_deals() if d.hand is not None])
def test_b5_b11_every_hand_replays_card_by_card_with_every_action_checked(lesson, deal):
    d = deal_of(lesson, deal)
    assert d.hand is not None
    state = DealState(d.hand.players, d.hand.dealer, d.hand.hands, d.hand.profile)
    for action in d.hand.actions:
        assert state.refusal(action) is None, (lesson, deal, action)
        state.apply(action)
    assert state.actions == d.hand.actions and state.is_over
    assert (len(state.tricks) == 5) != (d.stop or state.passed_out)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_lesson_text_is_translated(lang):
    t = translator(lang)
    for spec in COURSE:
        for text in spec.texts():
            out = t.gettext(text)
            assert out.strip()
            if lang == "es" and spec.id in OURS:
                assert out != text, (spec.id, text)


# ------------------------------------------------------------------ stated facts
# lesson, deal -> (declarer, contract, declarer's tricks, payments): what the result notes say
FACTS: dict[tuple[str, str], tuple[str | None, str | None, int, dict[str, int]]] = {
    ("follow-suit", "cat-keeps-her-trump"): ("Ann", "Three", 2, {"Ann": -9, "Ben": 3, "Cat": 3, "Dan": 3}),
    ("ruff-wins", "dan-trumps-a-king"): ("Ben", "Three", 3, {"Ann": -3, "Ben": 9, "Cat": -3, "Dan": -3}),
    ("ruff-wins", "two-trumps-one-trick"): ("Cat", "Four", 4, {"Ann": -4, "Ben": -4, "Cat": 12, "Dan": -4}),
    ("failed-contract", "three-goes-down"): ("Cat", "Three", 1, {"Ann": 3, "Ben": 3, "Cat": -9, "Dan": 3}),
    ("failed-contract", "nap-wrong-trump"): ("Dan", "Nap", 3, {"Ann": 5, "Ben": 5, "Cat": 5, "Dan": -15}),
    ("auction", "wellington"): ("Dan", "Wellington", 5, {"Ann": -10, "Ben": -10, "Cat": -10, "Dan": 30}),
    ("auction", "pass-is-final"): ("Cat", "Nap", 5, {"Ann": -5, "Ben": -5, "Cat": 15, "Dan": -5}),
    ("passed-out", "four-passes"): (None, None, 0, {"Ann": 0, "Ben": 0, "Cat": 0, "Dan": 0}),
    ("table-sizes", "three-players"): ("Ben", "Four", 5, {"Ann": -4, "Ben": 8, "Cat": -4}),
    ("table-sizes", "seven-players"): ("Gus", "Nap", 5, {"Ann": -5, "Ben": -5, "Cat": -5, "Dan": -5, "Eve": -5,
                                                         "Fay": -5, "Gus": 30}),
    ("early-stop", "four-in-hand"): ("Ann", "Four", 4, {"Ann": 12, "Ben": -4, "Cat": -4, "Dan": -4}),
    ("early-stop", "nap-lost-early"): ("Ben", "Nap", 1, {"Ann": 5, "Ben": -15, "Cat": 5, "Dan": 5}),
    ("judging-a-bid", "three-sure-tricks"): ("Ann", "Three", 3, {"Ann": 9, "Ben": -3, "Cat": -3, "Dan": -3}),
    ("judging-a-bid", "too-timid"): ("Ann", "Three", 5, {"Ann": 9, "Ben": -3, "Cat": -3, "Dan": -3}),
    ("declarer-play", "draw-then-cash"): ("Ann", "Four", 4, {"Ann": 12, "Ben": -4, "Cat": -4, "Dan": -4}),
    ("defence", "keep-the-guard"): ("Ann", "Nap", 4, {"Ann": -15, "Ben": 5, "Cat": 5, "Dan": 5}),
    ("misere", "misere-made"): ("Ann", "Misere", 0, {"Ann": 9, "Ben": -3, "Cat": -3, "Dan": -3}),
    ("misere", "misere-failed"): ("Ann", "Misere", 1, {"Ann": -9, "Ben": 3, "Cat": 3, "Dan": 3}),
    ("big-bids", "pub-nap"): ("Dan", "Nap", 5, {"Ann": -10, "Ben": -10, "Cat": -10, "Dan": 30}),
    ("big-bids", "blucher"): ("Cat", "Blucher", 4, {"Ann": 15, "Ben": 15, "Cat": -45, "Dan": 15}),
    ("misdeal-renege", "must-follow"): ("Dan", "Four", 3, {"Ann": 4, "Ben": 4, "Cat": 4, "Dan": -12}),
}


def test_every_single_deal_of_the_course_has_its_result_checked():
    ours = {(s.id, d.id) for s, d in all_deals() if d.hand is not None and s.id in OURS}
    assert ours == set(FACTS)


@pytest.mark.parametrize("key", sorted(FACTS))
def test_b12_b15_who_wins_and_what_each_pays(key):
    declarer, contract, tricks, paid = FACTS[key]
    d = deal_of(*key)
    state = d.hand
    assert state is not None
    result = state.result()
    name = None if result.declarer is None else state.players[result.declarer]
    assert name == declarer
    assert (result.contract.name if result.contract else None) == contract
    if declarer is not None:
        assert state.tricks_won[state.seat_of(declarer)] == tricks
    assert dict(result.settlement or {}) == paid
    assert sum(paid.values()) == 0


def _value_after(d: DealSpec, cards: int) -> dict[str, int]:
    return {c.code: v for c, v in solver.card_values(fresh(d, cards)).items()}


# lesson, deal, cards played before the position -> {card: declarer's tricks with best play after it}
SOLVER: dict[tuple[str, str, int], dict[str, int]] = {
    # "Leading the king of hearts first would have drawn them, and Cat would have taken all five tricks."
    ("ruff-wins", "two-trumps-one-trick", 4): {"KH": 5},
    # "all five tricks after the ace of hearts, and only two against best defence after the ace of spades"
    ("failed-contract", "nap-wrong-trump", 0): {"AH": 5, "AS": 2},
    # "the king of spades keeps four tricks, the ace of diamonds now leaves only three"
    ("declarer-play", "draw-then-cash", 4): {"KS": 4, "AD": 3},
    # "If he let it go, the solver finds all five tricks for Ann."
    ("defence", "keep-the-guard", 9): {"QD": 5, "5C": 4},
    # "the solver finds all five tricks after the king of clubs"
    ("big-bids", "blucher", 4): {"KC": 5, "AD": 4},
}


@pytest.mark.parametrize("key", sorted(SOLVER))
def test_b12_what_the_notes_say_the_solver_finds(key):
    lesson, deal, cards = key
    values = _value_after(deal_of(lesson, deal), cards)
    for card, tricks in SOLVER[key].items():
        assert values[card] == tricks, (key, card, values)


def test_b6_judging_a_bid_three_sure_tricks_is_the_most_and_the_timid_three_was_a_nap():
    sure = fresh(deal_of("judging-a-bid", "three-sure-tricks"), 0)
    assert solver.solve(sure) == 3  # "a Four would have failed"
    timid = fresh(deal_of("judging-a-bid", "too-timid"), 0)
    assert solver.solve(timid) == 5  # "A Nap would have been made ... however the others defend"


def test_b14_the_nap_cannot_be_made_against_best_defence():
    start = fresh(deal_of("defence", "keep-the-guard"), 0)
    assert solver.solve(start) == 4  # "Against this defence Ann could never take all five tricks."


def test_p4_the_misere_made_was_safe_and_the_failed_one_was_lost_from_the_deal():
    assert solver.solve(fresh(deal_of("misere", "misere-made"), 0)) == 0
    assert solver.solve(fresh(deal_of("misere", "misere-failed"), 0)) == 1


@pytest.mark.parametrize("lesson,deal,cards", [
    (s.id, d.id, (q.at.first - 1) * d.hand.n + q.at.second - 1)
    for s, d in all_deals() if d.hand is not None for q in d.decisions if q.kind == "card"])
def test_b12_every_card_question_has_a_book_card_that_best_play_agrees_with(lesson, deal, cards):
    """A "which card?" question teaches the book card: it must be one of the solver's best cards."""
    d = deal_of(lesson, deal)
    assert d.hand is not None
    book = d.hand.actions[len(d.hand.calls) + cards]
    assert book in solver.best_cards(fresh(d, cards)), (lesson, deal, book)


def test_b4_b3_the_seven_player_deal_came_from_a_shuffle_and_its_ace_of_clubs_stayed_out():
    d = deal_of("table-sizes", "seven-players")
    state = d.hand
    assert state is not None
    seed, number = SEEDED[("table-sizes", "seven-players")]
    dealt = shuffle_and_deal(state.players, state.dealer, deal_rng(seed, number))
    assert dealt.hands == state.hands
    assert state.players[dealt.cutter] == "Fay" and state.players[state.dealer] == "Gus"
    assert len(state.undealt) == 17 and Card.parse("AC") in state.undealt
    three = deal_of("table-sizes", "three-players").hand
    assert three is not None and len(three.undealt) == 37


def test_b2_b9_b17_one_round_with_a_passed_out_deal():
    s = deal_of("passed-out", "one-round").session
    assert s is not None
    assert draw_first_dealer(s.players, random.Random(f"nap-teach:{s.seed}:first-dealer"), BRITISH).dealer \
        == s.first_dealer == s.players.index("Dan")
    rows = s.ledger()
    assert [r.dealer for r in rows] == ["Dan", "Ann", "Ben", "Cat"]
    assert rows[1].declarer is None and set(rows[1].settlement.values()) == {0} and rows[1].deal_number == 2
    assert s.is_over and s.winners() == ["Ben"]
    single = deal_of("passed-out", "four-passes").hand
    assert single is not None and single.passed_out and not single.cards_played


def test_b16_b17_eight_deals_and_two_winners_who_share():
    s = deal_of("session-ledger", "eight-deals").session
    assert s is not None
    assert draw_first_dealer(s.players, random.Random(f"nap-teach:{s.seed}:first-dealer"), BRITISH).dealer \
        == s.first_dealer == s.players.index("Ben")
    rows = s.ledger()
    assert len(rows) == 8 and s.total_deals == 8 and s.is_over
    assert rows[2].declarer is None and set(rows[2].settlement.values()) == {0}
    assert rows[3].declarer == "Dan" and rows[3].contract is not None and rows[3].contract.name == "Wellington"
    assert rows[3].settlement["Dan"] == -30
    assert rows[4].declarer == "Ann" and rows[4].declarer_tricks == 5 and rows[4].settlement["Ann"] == 12
    assert all(sum(r.balances.values()) == 0 for r in rows)
    assert s.balances == {"Ann": 19, "Ben": 19, "Cat": -1, "Dan": -37}
    assert s.winners() == ["Ann", "Ben"]


def test_p1_p2_p7_a_redraw_for_the_dealer_a_misdeal_and_two_reneges():
    s = deal_of("misdeal-renege", "at-the-table").session
    assert s is not None
    draw = draw_first_dealer(s.players, random.Random(f"nap-teach:{s.seed}:first-dealer"), PUB)
    assert draw.dealer == s.first_dealer == s.players.index("Ben")
    first, again = ({s.players[k]: c.code for k, c in r.items()} for r in draw.rounds)
    assert first["Ben"][0] == first["Cat"][0] == "8" and again == {"Ben": "3D", "Cat": "4S"}
    rows = s.ledger()
    assert rows[0].kind == MISDEAL and rows[0].dealer == rows[1].dealer == "Ben" and rows[1].deal_number == 1
    assert rows[2].declarer == "Dan" and rows[2].renege == "Ann"
    assert rows[2].settlement == {"Ann": -30, "Ben": 0, "Cat": 0, "Dan": 30}
    assert rows[3].declarer == "Ann" and rows[3].renege == "Ann"
    assert rows[3].settlement == {"Ann": -12, "Ben": 4, "Cat": 4, "Dan": 4}


def test_p7_the_renege_the_must_follow_deal_warns_of_is_refused():
    d = deal_of("misdeal-renege", "must-follow")
    state = fresh(d, 1)
    why = state.refusal(Card.parse("4C"))
    assert why is not None and why.rule == "B11"
    assert [c.code for c in state.legal_cards()] == ["JH"]


def test_p1_p8_p9_chips_three_level_and_the_extra_hand():
    s = deal_of("pub-session", "chips-and-a-tie").session
    assert s is not None
    draw = draw_first_dealer(s.players, random.Random(f"nap-teach:{s.seed}:first-dealer"), PUB)
    assert draw.dealer == s.first_dealer and len(draw.rounds) == 1
    assert {s.players[k]: c.code for k, c in draw.rounds[0].items()} == {"Ann": "7D", "Ben": "AS", "Cat": "7C",
                                                                        "Dan": "4H"}
    rows = s.ledger()
    assert s.ante == 20
    assert rows[3].chips == {"Ann": 23, "Ben": 23, "Cat": 23, "Dan": 11} and rows[3].declarer is None
    assert rows[4].kind == TIE_BREAK and rows[4].players == ("Ann", "Ben", "Cat")
    assert s.is_over and s.winners() == ["Cat"] and s.chips == {"Ann": 20, "Ben": 20, "Cat": 29, "Dan": 11}


# ------------------------------------------------------------------ rules shown in play
def _hand(d: DealSpec) -> DealState | None:
    return d.hand


def _shows_b1(d: DealSpec) -> bool:
    h = _hand(d)
    return h is not None and h.n in (3, 7)


def _shows_b2(d: DealSpec) -> bool:
    s = d.session
    if s is None or s.profile.first_dealer != "lot":
        return False
    lot = draw_first_dealer(s.players, random.Random(f"nap-teach:{s.seed}:first-dealer"), s.profile).dealer
    dealers = [r.dealer for r in s.ledger()]
    clockwise = [s.players[(s.first_dealer + k) % s.n] for k in range(len(dealers))]
    passed = any(r.declarer is None for r in s.ledger())
    return lot == s.first_dealer and dealers == clockwise and passed


def _shows_b3(d: DealSpec) -> bool:
    h = _hand(d)
    if h is None:
        return False
    for (lesson, deal), (seed, number) in SEEDED.items():
        if d.record is deal_of(lesson, deal).record:
            return shuffle_and_deal(h.players, h.dealer, deal_rng(seed, number), h.profile).hands == h.hands
    return False


def _shows_b4(d: DealSpec) -> bool:
    h = _hand(d)
    return h is not None and h.n != 4 and len(h.undealt) == 52 - 5 * h.n \
        and not any(c in h.undealt for _, c in h.cards_played)


def _bids(h: DealState) -> list[str]:
    return [c.name for c in h.calls if c.name != "Pass"]


def _shows_b5(d: DealSpec) -> bool:
    """Everyone spoke once, from the dealer's left round to the dealer, and nobody may speak again."""
    h = _hand(d)
    if h is None or len(h.calls) != h.n:
        return False
    first = (h.dealer + 1) % h.n
    return h.auction.speaker(0) == first and all(h.refusal(Call("Nap"), s) is not None for s in range(h.n))


def _shows_b6(d: DealSpec) -> bool:
    """The contract's promise decides the deal: made exactly when the declarer took at least its tricks."""
    h = _hand(d)
    if h is None or h.contract is None or h.declarer is None or not h.contract.trumps:
        return False
    return h.result().made == (h.tricks_won[h.declarer] >= h.contract.min_tricks)


def _rising_auction(h: DealState) -> bool:
    ladder = [c.name for c in h.profile.ladder]
    bids = [ladder.index(b) for b in _bids(h)]
    return len(bids) >= 3 and bids == sorted(set(bids))


def _shows_b7(d: DealSpec) -> bool:
    h = _hand(d)
    if h is None or "Wellington" not in _bids(h):
        return False
    at = [c.name for c in h.calls].index("Wellington")
    early = DealState(h.players, h.dealer, h.hands, h.profile)
    opened = False
    for k, call in enumerate(h.calls[:at + 1]):
        legal = [c.name for c in early.legal_calls()]
        if k < [c.name for c in h.calls].index("Nap") and "Wellington" in legal:
            return False
        opened = opened or (k == at and "Wellington" in legal)
        early.apply(call)
    return opened


def _shows_b8(d: DealSpec) -> bool:
    h = _hand(d)
    if h is None:
        return False
    state = DealState(h.players, h.dealer, h.hands, h.profile)
    passed: list[int] = []
    for call in h.calls:
        if call.name != "Pass" and passed and len(state.calls) + 1 < h.n:
            state.apply(call)
            why = state.refusal(Call("Wellington"), passed[0])
            return why is not None and why.rule == "B8"
        if call.name == "Pass":
            passed.append(state.to_act)  # type: ignore[arg-type]
        state.apply(call)
    return False


def _shows_b9(d: DealSpec) -> bool:
    h = _hand(d)
    if h is not None:
        return h.passed_out and not h.cards_played and set((h.result().settlement or {1: 1}).values()) == {0}
    s = d.session
    return s is not None and any(r.declarer is None and r.kind == "deal" and r.deal_number for r in s.ledger())


def _shows_b10(d: DealSpec) -> bool:
    h = _hand(d)
    if h is None or not h.cards_played or h.contract is None or not h.contract.trumps:
        return False
    first_seat, first = h.cards_played[0]
    return first_seat == h.declarer and h.trump is first.suit


def _shows_b11(d: DealSpec) -> bool:
    """Players follow the suit led while holding other suits, and a player without it plays another suit."""
    h = _hand(d)
    if h is None or not h.tricks:
        return False
    followed = void = False
    state = DealState(h.players, h.dealer, h.hands, h.profile)
    for action in h.actions:
        if isinstance(action, Card) and state.trick_cards:
            led = state.trick_cards[0].suit
            hand = state.held[state.to_act]  # type: ignore[index]
            if any(c.suit is led for c in hand):
                followed = followed or (action.suit is led and any(c.suit is not led for c in hand))
            else:
                void = void or action.suit is not led
        state.apply(action)
    return followed and void


def _discards_holding_a_trump(d: DealSpec) -> bool:
    """A player without the suit led, holding a trump, plays another card anyway (no duty to trump)."""
    h = _hand(d)
    if h is None or h.trump is None:
        return False
    state = DealState(h.players, h.dealer, h.hands, h.profile)
    for action in h.actions:
        if isinstance(action, Card) and state.trick_cards:
            led = state.trick_cards[0].suit
            hand = state.held[state.to_act]  # type: ignore[index]
            if led is not h.trump and not any(c.suit is led for c in hand) \
                    and any(c.suit is h.trump for c in hand) and action.suit is not h.trump:
                return True
        state.apply(action)
    return False


def _shows_b12(d: DealSpec) -> bool:
    """A trump wins a trick of another suit, over a card of the suit led."""
    h = _hand(d)
    if h is None or h.trump is None:
        return False
    for t in h.tricks:
        w = t.cards[winning_index(t.cards, h.trump)]
        if t.cards[0].suit is not h.trump and w.suit is h.trump:
            return True
    return False


def _shows_b13(d: DealSpec) -> bool:
    h = _hand(d)
    return h is not None and d.stop and h.stopped and len(h.tricks) < 5 and h.result().settlement is not None


def _shows_b14(d: DealSpec) -> bool:
    h = _hand(d)
    if h is None or h.declarer is None or h.contract is None or h.result().made is not False:
        return False
    start = DealState(h.players, h.dealer, h.hands, h.profile)
    for call in h.calls:
        start.apply(call)
    views_private = all(set(start.view(s).hand) == set(h.hands[s]) for s in range(h.n))
    return views_private and solver.solve(start) < h.contract.min_tricks


def _shows_b15(d: DealSpec) -> bool:
    """Every opponent pays the declarer the stake, or is paid it, whatever the number of extra tricks."""
    h = _hand(d)
    if d.session is not None:
        rows = [r for r in d.session.ledger() if r.contract is not None and r.declarer is not None]
        return bool(rows) and all(
            r.settlement[p] == ((r.contract.made if r.made else -r.contract.failed) * (len(r.players) - 1)
                                if p == r.declarer else -(r.contract.made if r.made else -r.contract.failed))
            for r in rows for p in r.players) and any(r.made is False for r in rows)
    if h is None or h.declarer is None or h.contract is None or h.result().settlement is None:
        return False
    r = h.result()
    c = h.contract
    stake = c.made if r.made else -c.failed
    return r.settlement is not None and all(
        r.settlement[p] == (stake * (h.n - 1) if k == h.declarer else -stake) for k, p in enumerate(h.players))


def _shows_b16(d: DealSpec) -> bool:
    """Balances sum to zero after every deal, and some go below zero."""
    s = d.session
    if s is None:
        h = _hand(d)
        paid = h.result().settlement if h is not None else None
        return paid is not None and sum(paid.values()) == 0 and min(paid.values()) < 0
    return all(sum(r.balances.values()) == 0 for r in s.ledger()) \
        and any(v < 0 for r in s.ledger() for v in r.balances.values())


def _shows_b17(d: DealSpec) -> bool:
    s = d.session
    return s is not None and s.profile.name == "british" and s.is_over and len(s.ledger()) == s.total_deals \
        and (s.total_deals == 8 or s.rotations is not None)


def _shows_p1(d: DealSpec) -> bool:
    s = d.session
    if s is None or s.profile.first_dealer != "low_card":
        return False
    draw = draw_first_dealer(s.players, random.Random(f"nap-teach:{s.seed}:first-dealer"), s.profile)
    return draw.dealer == s.first_dealer


def _shows_p2(d: DealSpec) -> bool:
    s = d.session
    if s is None:
        return False
    rows = s.ledger()
    return any(r.kind == MISDEAL and rows[k + 1].dealer == r.dealer and set(r.settlement.values()) == {0}
               for k, r in enumerate(rows[:-1]))


def _shows_p3(d: DealSpec) -> bool:
    """A bid of the pub ladder only (Misère, Blücher) is made in its place on the ladder."""
    h = _hand(d)
    return h is not None and h.profile.name == "pub" and bool({"Misere", "Blucher"} & set(_bids(h)))


def _shows_p4(d: DealSpec) -> bool:
    """Misère has no trump: a card of another suit, as high as the winner or of the first lead's suit, loses."""
    h = _hand(d)
    if h is None or h.contract is None or h.contract.name != "Misere" or h.trump is not None:
        return False
    opened = h.cards_played[0][1].suit
    for t in h.tricks:
        win = t.cards[winning_index(t.cards, None)]
        led = t.cards[0].suit
        if any(c.suit is not led and (c.rank >= win.rank or c.suit is opened) for c in t.cards):
            return True
    return False


def _shows_p5(d: DealSpec) -> bool:
    """A pub stake that differs made and failed (Nap 10/5, Wellington 20/10, Blücher 30/15) is paid."""
    h = _hand(d)
    if h is None:
        s = d.session
        return s is not None and s.profile.name == "pub" and any(
            r.contract is not None and r.contract.made != r.contract.failed and any(r.settlement.values())
            for r in s.ledger())
    if h.declarer is None or h.contract is None or h.profile.name != "pub":
        return False
    if h.contract.made == h.contract.failed and h.contract.name not in ("Misere", "Blucher"):
        return False
    r = h.result()
    c = h.contract
    stake = c.made if r.made else -c.failed
    return r.settlement is not None and r.settlement[h.players[h.declarer]] == stake * (h.n - 1)


def _shows_p6(d: DealSpec) -> bool:
    h = _hand(d)
    if h is None or h.profile.early_stop or h.declarer is None:
        return False
    state = DealState(h.players, h.dealer, h.hands, h.profile)
    for action in h.actions:
        state.apply(action)
        if not state.trick_cards and len(state.tricks) < 5 and state.outcome() is not None:
            return not state.can_stop() and len(h.tricks) == 5
    return False


def _shows_p7(d: DealSpec) -> bool:
    s = d.session
    if s is None:
        return False
    kinds = set()
    for r in s.ledger():
        if r.renege is None or r.declarer is None or r.contract is None:
            continue
        n = len(r.players)
        if r.renege == r.declarer:
            ok = r.settlement[r.declarer] == -r.contract.failed * (n - 1)
            kinds.add("declarer" if ok else "wrong")
        else:
            others = [p for p in r.players if p not in (r.renege, r.declarer)]
            ok = r.settlement[r.renege] == -r.contract.made * (n - 1) and all(r.settlement[p] == 0 for p in others)
            kinds.add("defender" if ok else "wrong")
    return kinds == {"declarer", "defender"}


def _shows_p8(d: DealSpec) -> bool:
    s = d.session
    if s is None or not s.ante:
        return False
    rows = s.ledger()
    extra = [r for r in rows if r.kind == TIE_BREAK]
    return bool(extra) and len(extra[0].players) >= 3 and s.is_over and len(s.winners()) == 1


def _shows_p9(d: DealSpec) -> bool:
    """The deal's record, offered as one of the variations, is refused as another game (P9)."""
    if d.record.get("profile") != "pub":
        return False
    record = dict(copy.deepcopy(d.record), profile="Peep Nap")
    try:
        (session_from_record if d.session is not None else hand_from_record)(record)
    except RecordError as e:
        return e.explanation.rule == "P9"
    return False


SHOWS: dict[str, Callable[[DealSpec], bool]] = {
    "B1": _shows_b1, "B2": _shows_b2, "B3": _shows_b3, "B4": _shows_b4, "B5": _shows_b5, "B6": _shows_b6,
    "B7": _shows_b7, "B8": _shows_b8, "B9": _shows_b9, "B10": _shows_b10, "B11": _shows_b11, "B12": _shows_b12,
    "B13": _shows_b13, "B14": _shows_b14, "B15": _shows_b15, "B16": _shows_b16, "B17": _shows_b17,
    "P1": _shows_p1, "P2": _shows_p2, "P3": _shows_p3, "P4": _shows_p4, "P5": _shows_p5, "P6": _shows_p6,
    "P7": _shows_p7, "P8": _shows_p8, "P9": _shows_p9,
}


def shown_by() -> dict[str, list[tuple[str, str]]]:
    """Rule -> the (lesson, deal) pairs where the engine shows it at work."""
    out: dict[str, list[tuple[str, str]]] = {}
    for spec, d in all_deals():
        for rule, shows in SHOWS.items():
            if shows(d):
                out.setdefault(rule, []).append((spec.id, d.id))
    return out


def test_b1_to_b17_p1_to_p9_every_rule_of_both_profiles_is_shown_in_play_by_a_lesson_deal():
    rules = dict.fromkeys(rules_in_force(BRITISH) + rules_in_force(PUB))
    assert set(rules) == set(SHOWS)
    shown = shown_by()
    missing = [r for r in rules if r not in shown]
    assert not missing, missing
    # and each is shown by a deal of a lesson that teaches it
    for rule, places in shown.items():
        assert any(rule in load_lesson(lesson).rules for lesson, _deal in places), rule


@pytest.mark.parametrize("lesson", OURS)
def test_every_rule_a_lesson_names_is_shown_by_one_of_its_deals(lesson):
    spec = load_lesson(lesson)
    for rule in spec.rules:
        assert any(SHOWS[rule](d) for d in spec.deals), (lesson, rule)


def test_b11_b12_the_course_shows_a_discard_holding_a_trump_a_winning_ruff_and_a_rising_auction():
    assert [(s.id, d.id) for s, d in all_deals() if _discards_holding_a_trump(d)][:1] == \
        [("follow-suit", "cat-keeps-her-trump")]
    assert any(_shows_b12(d) for d in load_lesson("ruff-wins").deals)
    assert any(_rising_auction(d.hand) for d in load_lesson("auction").deals if d.hand is not None)
    failed = [(s.id, d.id) for s, d in all_deals() if d.hand is not None and d.hand.result().made is False]
    assert ("failed-contract", "three-goes-down") in failed and ("failed-contract", "nap-wrong-trump") in failed


def test_b11_the_void_player_who_holds_a_trump_and_discards_is_cat_at_trick_three():
    d = deal_of("follow-suit", "cat-keeps-her-trump")
    state = fresh(d, 10)
    assert state.players[state.to_act] == "Cat"  # type: ignore[index]
    assert Card.parse("8S") in state.held[state.to_act] and Card.parse("QC") in state.legal_cards()  # type: ignore[index]
    assert d.hand is not None and d.hand.tricks[2].cards[2] == Card.parse("QC")
    assert d.hand.tricks[3].seats[winning_index(d.hand.tricks[3].cards, d.hand.trump)] == 2  # Cat's trump wins


def test_b7_b8_the_auction_refuses_wellington_first_and_a_second_call():
    d = deal_of("auction", "wellington")
    state = fresh(d, 0)
    start = DealState(state.players, state.dealer, state.hands, state.profile)
    assert "Wellington" not in [c.name for c in start.legal_calls()]
    why = start.refusal(Call("Wellington"))
    assert why is not None and why.rule == "B7"
    after = fresh(deal_of("auction", "pass-is-final"), 0)
    again = after.refusal(Call("Wellington"), after.seat_of("Ben"))
    assert again is not None and again.rule in ("B5", "B8")


def test_b13_p6_early_stop_in_british_deals_never_in_pub():
    for deal in ("four-in-hand", "nap-lost-early"):
        h = deal_of("early-stop", deal).hand
        assert h is not None and h.stopped and h.profile.early_stop
    blucher = deal_of("big-bids", "blucher")
    state = fresh(blucher, 8)
    assert state.outcome() is False and not state.can_stop()
    with pytest.raises(RuleError):
        state.apply("Stop")


def test_every_lesson_of_the_course_plays_through_answering_every_question():
    """The player asks each question before its step; the engine's own answer is accepted everywhere."""
    from nap_teach.teach.lesson.player import LessonPlayer, LessonRun

    for spec in COURSE:
        run = LessonRun(LessonPlayer(spec))
        asked = 0
        while not run.at_end:
            while run.pending is not None:
                _k, ask = run.pending
                if ask.kind == "pay":
                    value: object = {o: int(a) for o, a in zip(ask.options, ask.answer)}
                elif ask.multi:
                    value = list(ask.answer)
                else:
                    value = ask.answer[0]
                assert run.answer(value).right, (spec.id, ask.decision)  # type: ignore[arg-type]
                asked += 1
            assert run.next()
        assert asked == sum(len(d.decisions) for d in spec.deals), spec.id
        assert asked >= 3, spec.id
