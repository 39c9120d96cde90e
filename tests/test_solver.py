"""The exact solver against a plain minimax that walks every line of play.

The reference below knows nothing of bit masks, touching cards, tables or
cut-offs: it tries every legal card (B11) in turn, finds each trick's winner
with the engine's own rule (B12, ``winning_index``; no trump in Misère, P4),
and lets the declarer maximise and the defenders minimise (the other way round
in Misère). The solver must agree with it on every position: the total, the
value of every legal card and the yes/no contract question.

Positions are seeded random: 3 to 7 players, both profiles' contracts, the
first lead that chooses trump, and positions in the middle of a trick. The
big tables get short hands so that walking every line stays quick.
"""
from __future__ import annotations

import random
from typing import Sequence

import pytest

from nap_teach.engine.auction import Call
from nap_teach.engine.cards import FULL_PACK, Card, Suit, parse_cards
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal
from nap_teach.engine.profiles import BRITISH, PUB, Contract
from nap_teach.ai.solver import (
    BudgetExceeded,
    NodeBudget,
    Position,
    SolverError,
    best_cards,
    can_make,
    can_make_masks,
    card_outcomes,
    card_values,
    cards_of,
    lead_reaches,
    mask_of,
    reaches,
    solve,
    solve_masks,
)
from nap_teach.engine.state import DealState
from nap_teach.engine.tricks import winning_index

NAMES = ("A", "B", "C", "D", "E", "F", "G")
MISERE = PUB.contract("Misere")
CONTRACTS: tuple[Contract, ...] = BRITISH.ladder + PUB.ladder


# ----------------------------------------------------------- the reference


def legal(hand: Sequence[Card], trick: Sequence[Card]) -> list[Card]:
    """B11: follow the suit led when able, else any card."""
    if trick:
        follow = [c for c in hand if c.suit is trick[0].suit]
        if follow:
            return follow
    return list(hand)


def ref_values(hands: list[list[Card]], leader: int, trick: list[Card], trump: Suit | None, declarer: int,
               misere: bool, trump_open: bool) -> dict[Card, int]:
    """Declarer's tricks from the current trick on, after each legal card, by plain minimax."""
    n = len(hands)
    seat = (leader + len(trick)) % n
    out = {}
    for card in legal(hands[seat], trick):
        new_trump = card.suit if trump_open else trump  # B10: the first lead sets trump
        after = [list(h) for h in hands]
        after[seat].remove(card)
        cards = trick + [card]
        if len(cards) == n:
            winner = (leader + winning_index(cards, new_trump)) % n  # B12
            out[card] = (winner == declarer) + ref_value(after, winner, [], new_trump, declarer, misere, False)
        else:
            out[card] = ref_value(after, leader, cards, new_trump, declarer, misere, False)
    return out


def ref_value(hands: list[list[Card]], leader: int, trick: list[Card], trump: Suit | None, declarer: int,
              misere: bool, trump_open: bool) -> int:
    if not trick and not hands[leader]:
        return 0
    values = ref_values(hands, leader, trick, trump, declarer, misere, trump_open).values()
    seat = (leader + len(trick)) % len(hands)
    return max(values) if (seat == declarer) != misere else min(values)


def random_position(rng: random.Random, n: int, size: int) -> tuple[Position, list[list[Card]]]:
    """``size`` cards each, a random declarer and contract, and maybe part of a trick played."""
    pack = list(FULL_PACK)
    rng.shuffle(pack)
    hands = [pack[i * size:(i + 1) * size] for i in range(n)]
    leader, declarer = rng.randrange(n), rng.randrange(n)
    contract = rng.choice(CONTRACTS)
    trump_open = contract.trumps and rng.random() < 0.25
    trump = None if trump_open or not contract.trumps else rng.choice(list(Suit))
    trick: list[Card] = []
    if not trump_open:
        for i in range(rng.randrange(n)):
            seat = (leader + i) % n
            card = rng.choice(legal(hands[seat], trick))
            hands[seat].remove(card)
            trick.append(card)
    won = rng.randrange(6 - size) if size < 5 else 0
    return Position.of(hands, leader, trick, trump, declarer, contract, won, trump_open), hands


def check_against_reference(pos: Position, hands: list[list[Card]]) -> None:
    misere = not pos.contract.trumps
    expected = ref_values(hands, pos.leader, list(pos.trick), pos.trump, pos.declarer, misere, pos.trump_open)
    wants_max = (pos.to_act == pos.declarer) != misere
    best = max(expected.values()) if wants_max else min(expected.values())
    assert solve(pos) == pos.won + best, pos
    assert card_values(pos) == {c: pos.won + v for c, v in expected.items()}, pos
    total = pos.won + best
    makes = total == 0 if misere else pos.contract.min_tricks <= total
    assert can_make(pos) is makes, pos


# (players, cards per hand, positions): 10,340 positions in all
PLAN = [(3, 1, 300), (3, 2, 900), (3, 3, 1200), (4, 1, 300), (4, 2, 900), (4, 3, 700),
        (5, 1, 400), (5, 2, 1500), (6, 1, 400), (6, 2, 1400), (7, 1, 400), (7, 2, 1700),
        (3, 4, 40), (5, 3, 100)]


@pytest.mark.parametrize("n,size,count", PLAN)
def test_b11_b12_solver_agrees_with_every_line_of_play(n: int, size: int, count: int) -> None:
    rng = random.Random(f"solver:{n}:{size}")
    for _ in range(count):
        check_against_reference(*random_position(rng, n, size))


def test_p4_misere_has_no_trump_and_the_declarer_minimises() -> None:
    rng = random.Random("misere")
    for n in range(3, 8):
        for _ in range(60):
            pos, hands = random_position(rng, n, 2)
            pos = Position.of(hands, pos.leader, pos.trick, None, pos.declarer, MISERE, 0, False)
            check_against_reference(pos, hands)
    # Misère declarer A: leading 2H does not make hearts trump, yet nobody else holds a heart, so the
    # cards thrown on it cannot win and A takes the trick; C throws the 4C on it, and A's 3C wins the
    # next trick too. Leading 3C loses it to C's 4C, and then A throws 2H on C's KS lead and B's AS
    # wins: A makes Misère.
    pos = Position.of([parse_cards("2H 3C"), parse_cards("AS 2C"), parse_cards("KS 4C")], 0,
                      contract=MISERE)
    assert card_values(pos) == {Card.parse("2H"): 2, Card.parse("3C"): 0}
    assert best_cards(pos) == [Card.parse("3C")]
    assert solve(pos) == 0 and can_make(pos)
    with pytest.raises(SolverError, match="chooses trump"):
        Position.of([parse_cards("2H"), parse_cards("3H"), parse_cards("4H")], 0, contract=MISERE,
                    trump_open=True)


def test_b10_first_lead_chooses_trump() -> None:
    # Leading 2C makes clubs trump: B's AC wins, and A's KH is then no trump against C's 4D lead.
    # Leading KH makes hearts trump: it wins (C follows with 5H), and only the 2C is lost to B's ace.
    hands = [parse_cards("2C KH"), parse_cards("AC 3D"), parse_cards("5H 4D")]
    pos = Position.of(hands, 0, declarer=0, contract=BRITISH.contract("Three"), trump_open=True)
    values = card_values(pos)
    assert values == {Card.parse("2C"): 0, Card.parse("KH"): 1}
    assert best_cards(pos) == [Card.parse("KH")]
    assert solve(pos) == 1


def test_b12_worked_deal_from_the_first_lead() -> None:
    """The rules' worked deal: A (Four) leads with open hands; B's AC always takes a trick."""
    hands = {"A": "AH KH QH AS 2C", "B": "JH 10H KS AC KD", "C": "9H 8H QS QC QD", "D": "7H 6H JS JC JD"}
    state = DealState(list(hands), 3, [parse_cards(h) for h in hands.values()])
    for call in ("Four", "Pass", "Pass", "Pass"):
        state.apply(Call.parse(call))
    assert solve(state) == 4
    assert can_make(state)
    values = card_values(state)
    assert set(values) == set(state.legal_cards())
    assert values[Card.parse("AH")] == 4
    # a club lead makes clubs trump: B's ace wins it
    assert values[Card.parse("2C")] < 4
    state.replay(["AH", "JH", "9H", "7H", "KH"])  # mid-trick: B must follow with the 10H (B11)
    assert card_values(state) == {Card.parse("10H"): 4}


def reachable_states(seed: int, n: int, profile, plays: int) -> DealState:
    """A real deal: one bid, everyone else passes, then ``plays`` random legal cards."""
    rng = deal_rng(seed, n)
    state = DealState.from_deal(shuffle_and_deal(NAMES[:n], rng.randrange(n), rng, profile), profile)
    bid = rng.randrange(n)
    for i in range(n):
        calls = state.legal_calls()
        wanted = [c for c in calls if not c.is_pass] if i == bid else [c for c in calls if c.is_pass]
        state.apply(rng.choice(wanted))
    for _ in range(plays):
        state.apply(rng.choice(state.legal_cards()))
    return state


def engine_value(state: DealState) -> int:
    """Plain minimax by the engine itself: copy the state, apply each legal card, recurse."""
    if state.phase != "play":
        return state.tricks_won[state.declarer]  # type: ignore[index]
    values = []
    for card in state.legal_cards():
        other = state.copy()
        other.apply(card)
        values.append(engine_value(other))
    misere = not state.contract.trumps  # type: ignore[union-attr]
    return max(values) if (state.to_act == state.declarer) != misere else min(values)


@pytest.mark.parametrize("profile", [BRITISH, PUB], ids=["british", "pub"])
def test_b11_b12_solver_reads_a_deal_state(profile) -> None:
    """Positions of real deals, checked against minimax over DealState.copy/apply."""
    for seed in range(40):
        n = 3 + seed % 5
        state = reachable_states(seed, n, profile, plays=n * 3 + seed % n if n < 6 else n * 4 + seed % n)
        assert state.phase == "play"
        before = list(state.actions)
        assert solve(state) == engine_value(state)
        values = card_values(state)
        assert set(values) == set(state.legal_cards())
        for card, value in values.items():
            other = state.copy()
            other.apply(card)
            assert value == engine_value(other)
        assert state.actions == before  # the solver never changes the state


def test_solver_masks_api_matches_cards_api() -> None:
    rng = random.Random("masks")
    for n in (3, 5, 7):
        pos, hands = random_position(rng, n, 2)
        assert solve_masks(pos.hands, pos.leader, pos.trump, pos.declarer, pos.contract, pos.trick, pos.won,
                           pos.trump_open) == solve(pos)
        assert can_make_masks(pos.hands, pos.leader, pos.trump, pos.declarer, pos.contract, pos.trick, pos.won,
                              pos.trump_open) == can_make(pos)
        assert [sorted(cards_of(h)) for h in pos.hands] == [sorted(h) for h in hands]
        assert mask_of(cards_of(pos.hands[0])) == pos.hands[0]


def test_b6_nap_needs_all_five_tricks() -> None:
    hands = [parse_cards("AS KS QS JS 10S"), parse_cards("2H 3H 4H 5H 6H"), parse_cards("2D 3D 4D 5D 6D")]
    pos = Position.of(hands, 0, declarer=0, contract=BRITISH.contract("Nap"), trump_open=True)
    assert solve(pos) == 5 and can_make(pos)
    weak = Position.of([parse_cards("AS 2H 2D 2C 3C"), parse_cards("KS 3H 4H AC KC"),
                        parse_cards("QS AD KD QD JD")], 0, declarer=0, contract=BRITISH.contract("Nap"),
                       trump_open=True)
    assert solve(weak) < 5 and not can_make(weak)


def test_solver_refuses_positions_it_cannot_read() -> None:
    state = DealState(NAMES[:3], 0, [parse_cards("AS KS QS JS 10S"), parse_cards("2H 3H 4H 5H 6H"),
                                      parse_cards("2D 3D 4D 5D 6D")])
    with pytest.raises(SolverError, match="play phase"):
        solve(state)  # still in the auction
    with pytest.raises(SolverError, match="twice"):
        Position.of([parse_cards("AS"), parse_cards("AS"), parse_cards("2D")], 0)
    with pytest.raises(SolverError, match="same number"):
        Position.of([parse_cards("AS KS"), parse_cards("2H"), parse_cards("2D")], 0)


def test_b13_card_outcomes_say_whether_the_contract_is_made_after_each_card() -> None:
    rng = random.Random("outcomes")
    for n in range(3, 8):
        for _ in range(150):
            pos, _hands = random_position(rng, n, 2)
            values = card_values(pos)
            c = pos.contract
            expected = {card: (v == 0 if c.max_tricks == 0 else c.min_tricks <= v <= c.max_tricks)
                        for card, v in values.items()}
            assert card_outcomes(pos) == expected, pos


def test_b6_reaches_answers_each_target_like_the_exact_count() -> None:
    rng = random.Random("reaches")
    for n in (3, 4, 5):
        for _ in range(100):
            pos, _hands = random_position(rng, n, 2)
            total = solve(pos)
            assert reaches(pos, [0, 1, 2, 3, 4, 5]) == {t: total >= t for t in range(6)}


def test_b10_lead_reaches_answers_each_target_after_each_card_like_the_exact_count() -> None:
    """What a bidder asks of a layout: which first leads reach Three, Four, all five (B10 sets trump)."""
    rng = random.Random("lead-reaches")
    for n in (3, 4, 5):
        for _ in range(15):
            hands = shuffle_and_deal([f"p{i}" for i in range(n)], 0, deal_rng("lead", rng.random())).hands
            declarer = rng.randrange(n)
            pos = Position(tuple(mask_of(h) for h in hands), declarer, (), None, declarer,
                           BRITISH.contract("Three"), 0, True)
            values = card_values(pos)
            assert lead_reaches(pos, [3, 4, 5]) == {card: {t: v >= t for t in (3, 4, 5)}
                                                    for card, v in values.items()}
    # mid-deal too, from any seat
    for n in (3, 4, 5, 6, 7):
        for _ in range(40):
            pos, _hands = random_position(rng, n, 2)
            values = card_values(pos)
            assert lead_reaches(pos, range(6)) == {card: {t: v >= t for t in range(6)} for card, v in values.items()}


def test_b12_a_capped_search_leaves_long_questions_unanswered_and_answers_the_rest_exactly() -> None:
    """``cap``: a yes/no search that needs more nodes is left open (None); every answer given is exact,
    and the whole budget still bounds the call."""
    rng = random.Random("capped")
    unanswered = 0
    for n in (4, 5, 6, 7):
        for _ in range(40):
            pos, _hands = random_position(rng, n, 3)
            values = card_values(pos)
            for cap in (1, 40, 400):
                reached = lead_reaches(pos, range(6), cap=cap)
                assert reached.keys() == values.keys()
                for card, by_target in reached.items():
                    for t, ok in by_target.items():
                        if ok is None:
                            unanswered += 1
                        else:
                            assert ok == (values[card] >= t), (pos, card, t, cap)
                c = pos.contract
                for card, made in card_outcomes(pos, cap=cap).items():
                    if made is not None:
                        assert made == (values[card] == 0 if c.max_tricks == 0
                                        else c.min_tricks <= values[card] <= c.max_tricks)
            # a cap above what the search needs changes nothing
            assert lead_reaches(pos, range(6), cap=10 ** 9) == lead_reaches(pos, range(6))
            assert card_outcomes(pos, cap=10 ** 9) == card_outcomes(pos)
    assert unanswered > 0  # the small caps did cut searches short


def test_b12_a_capped_search_counts_its_nodes_against_the_whole_budget() -> None:
    rng = random.Random("capped-budget")
    for _ in range(30):
        hands = shuffle_and_deal([f"p{i}" for i in range(6)], 0, deal_rng("capped", rng.random())).hands
        pos = Position(tuple(mask_of(h) for h in hands), 0, (), None, 0, BRITISH.contract("Three"), 0, True)
        whole = NodeBudget(10 ** 9)
        lead_reaches(pos, [3, 4, 5], whole, cap=500)
        used = whole.used
        assert used > 0
        again = NodeBudget(used)  # exactly enough: the same answers
        assert lead_reaches(pos, [3, 4, 5], again, cap=500) == lead_reaches(pos, [3, 4, 5], cap=500)
        if used > 1:
            with pytest.raises(BudgetExceeded):
                lead_reaches(pos, [3, 4, 5], NodeBudget(used - 1), cap=500)
