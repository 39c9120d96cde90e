"""Properties over random seeded deals for 3..7 players (hypothesis).

Deals come from ``shuffle_and_deal`` with ``deal_rng(seed, k)``; calls and
cards are chosen by a hypothesis-drawn random generator. Each property checks
the engine against facts computed here, independently of the engine's code.
"""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nap_teach.engine.auction import Call
from nap_teach.engine.cards import FULL_PACK, Card
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal
from nap_teach.engine.explain import IllegalAction, IllegalCall, IllegalCard, RuleError
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.engine.records import hand_from_record, hand_to_record, session_from_record, session_to_record
from nap_teach.engine.session import Session
from nap_teach.engine.settlement import settle
from nap_teach.engine.state import DealState

NAMES = ("A", "B", "C", "D", "E", "F", "G")
FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

deal_args = st.tuples(st.integers(3, 7), st.integers(0, 10**6), st.integers(0, 50), st.sampled_from([BRITISH, PUB]))


def new_state(args) -> tuple[DealState, object]:
    n, seed, k, profile = args
    deal = shuffle_and_deal(NAMES[:n], k % n, deal_rng(seed, k), profile)
    return DealState.from_deal(deal, profile), deal


def snapshot(state: DealState):
    return (list(state.actions), [list(h) for h in state.held], [(t.seats, t.cards) for t in state.tricks],
            list(state.trick_seats), list(state.trick_cards), list(state.tricks_won), state.phase, state.to_act,
            state.calls, state.declarer, state.contract, state.trump, state.stopped, state.legal_calls(),
            state.legal_cards())


def oracle_winner(cards, trump) -> int:
    """Highest trump, else highest card of the suit led (B12), written without the engine."""
    trumps = [i for i, c in enumerate(cards) if trump is not None and c.suit == trump]
    pool = trumps or [i for i, c in enumerate(cards) if c.suit == cards[0].suit]
    return max(pool, key=lambda i: cards[i].rank)


def oracle_legal_cards(hand, trick_cards) -> set[Card]:
    if not trick_cards:
        return set(hand)
    same = {c for c in hand if c.suit == trick_cards[0].suit}
    return same or set(hand)


def play_out(state: DealState, rnd: random.Random, stop_sometimes: bool = False) -> DealState:
    while state.phase != "over":
        if stop_sometimes and state.can_stop() and rnd.random() < 0.3:
            state.apply("Stop")
            continue
        options = state.legal_calls() if state.phase == "auction" else state.legal_cards()
        state.apply(rnd.choice(options))
    return state


# ----------------------------------------------------------------- the deal
@FAST
@given(deal_args)
def test_B3_B4_five_cards_each_and_52_minus_5n_unused(args):
    state, deal = new_state(args)
    n = args[0]
    assert [len(h) for h in state.hands] == [5] * n
    assert len(deal.unused) == 52 - 5 * n
    dealt = [c for h in state.hands for c in h]
    assert len(set(dealt)) == 5 * n
    assert set(dealt).isdisjoint(deal.unused)
    assert set(dealt) | set(deal.unused) == set(FULL_PACK)


@FAST
@given(deal_args, st.randoms(use_true_random=True))
def test_a_random_deal_follows_the_rules(args, rnd):
    state, deal = new_state(args)
    n, profile = args[0], args[3]
    unused = set(deal.unused)
    held = [set(h) for h in state.hands]  # our own account of the hands
    seen: list[Card] = []
    while state.phase != "over":
        seat = state.to_act
        assert seat is not None
        for s in range(n):  # B4, B14: a seat sees its own hand, never another's nor the unused cards
            view = state.view(s)
            assert set(view.hand) == held[s]
            assert not unused & (set(view.hand) | set(view.played))
        if state.phase == "auction":
            assert seat == (state.dealer + 1 + len(state.calls)) % n  # B5
            state.apply(rnd.choice(state.legal_calls()))
            continue
        legal = state.legal_cards()
        assert set(legal) == oracle_legal_cards(held[seat], state.trick_cards)  # B10, B11
        card = rnd.choice(legal)
        before = list(state.trick_cards)
        leader = state.leader
        state.apply(card)
        held[seat].discard(card)
        seen.append(card)
        if len(before) == n - 1:  # the trick is complete: check its winner (B12)
            trick = state.tricks[-1]
            cards = before + [card]
            assert trick.cards == tuple(cards)
            assert trick.seats == tuple((leader + i) % n for i in range(n))
            assert trick.winning == trick.seats[oracle_winner(cards, state.trump)]
            if state.phase == "play":
                assert state.to_act == trick.winning  # the winner leads next
    # five tricks, every card once, no unused card in play
    assert state.passed_out or len(state.tricks) == 5
    assert len(seen) == len(set(seen)) == (0 if state.passed_out else 5 * n)
    assert not set(seen) & unused
    if state.tricks:
        first = state.tricks[0]
        assert first.leader == state.declarer  # B10: the declarer leads
        expected_trump = first.cards[0].suit if state.contract.trumps else None
        assert state.trump == expected_trump
    result = state.result()
    assert sum(result.settlement.values()) == 0  # B16
    if state.passed_out:
        assert set(result.settlement.values()) == {0}  # B9
    else:
        won = state.tricks_won[state.declarer]
        assert sum(state.tricks_won) == 5
        c = state.contract
        made = c.min_tricks <= won <= c.max_tricks
        assert result.made is made
        stake = c.made if made else c.failed  # B15 / P5
        for s, p in enumerate(state.players):
            assert result.settlement[p] == (stake * (n - 1) if s == state.declarer else -stake) * (1 if made else -1)
    assert profile.name in ("british", "pub")


# ---------------------------------------------------------------- refusals
def illegal_actions(state: DealState, deal, rnd: random.Random):
    """Actions that some rule forbids right now, with the rules that may be named."""
    n = state.n
    seat = state.to_act
    out = []
    if state.phase == "auction":
        high = state.auction.highest
        ladder = state.profile.ladder
        if high is not None:  # a call not higher (B6 / P3)
            lower = [c for c in ladder if c.level <= high[1].level]
            out.append((Call(rnd.choice(lower).name), None, IllegalCall, {"B6", "P3", "B7"}))
        if "Nap" not in state.auction.bid_names():  # Wellington without Nap
            out.append((Call("Wellington"), None, IllegalCall, {"B7", "P3", "B6"}))
        other = rnd.choice([s for s in range(n) if s != seat])
        spoken = {state.auction.speaker(i): c for i, c in enumerate(state.calls)}
        # out of turn (B5); a second call after a pass (B8) or after a bid (B5)
        out.append((Call("Pass"), other, IllegalAction, {"B8"} if other in spoken and spoken[other].is_pass else {"B5"}))
        out.append((rnd.choice(FULL_PACK), None, IllegalAction, {"B10"}))  # a card in the auction
    elif state.phase == "play":
        hand = state.held[seat]
        others = [c for s in range(n) if s != seat for c in state.held[s]]
        if others:
            # another player's card: it is not that player's turn (B10 first lead, P4 in Misère, B12 after)
            out.append((rnd.choice(others), None, IllegalAction, {"B10", "P4", "B12"}))
        out.append((rnd.choice(deal.unused), None, IllegalCard, {"B4"}))  # unused
        if state.trick_cards:
            led = state.trick_cards[0].suit
            if any(c.suit == led for c in hand):
                off = [c for c in hand if c.suit != led]
                if off:  # off-suit while able to follow
                    out.append((rnd.choice(off), None, IllegalCard, {"B11"}))
        other = rnd.choice([s for s in range(n) if s != seat])
        out.append((rnd.choice(state.held[other] or hand), other, IllegalAction, {"B5", "B10", "P4", "B12"}))
        first = state.calls[0]  # a call after the auction is the first speaker's second call
        out.append((Call("Four"), None, IllegalAction, {"B8"} if first.is_pass else {"B5"}))
        if not state.can_stop():
            out.append(("Stop", None, IllegalAction, {"B13", "P6"}))
    else:
        out.append((rnd.choice(FULL_PACK), None, IllegalAction, {"B9", "B13", "P6"}))
        out.append((Call("Pass"), None, IllegalAction, {"B9", "B13", "P6"}))
    return out


@FAST
@given(deal_args, st.randoms(use_true_random=True))
def test_a_refused_action_changes_nothing(args, rnd):
    state, deal = new_state(args)
    while True:
        for action, seat, error, rules in illegal_actions(state, deal, rnd):
            before = snapshot(state)
            try:
                state.apply(action, seat)
            except RuleError as e:
                assert isinstance(e, error), (action, seat, e)
                assert e.rule in rules, (action, seat, e.rule, e.key)
                assert e.explanation.text()  # words for every refusal
            else:
                raise AssertionError(f"{action} by {seat} was accepted")
            assert snapshot(state) == before
        if state.phase == "over":
            break
        state.apply(rnd.choice(state.legal_calls() or state.legal_cards()))


@FAST
@given(deal_args, st.randoms(use_true_random=True))
def test_undo_then_reapply_gives_the_same_state(args, rnd):
    state, _ = new_state(args)
    while state.phase != "over":
        state.apply(rnd.choice(state.legal_calls() or state.legal_cards()))
        if rnd.random() < 0.3:
            before = snapshot(state)
            back = rnd.randint(1, len(state.actions))
            taken = [state.undo() for _ in range(back)]
            for action in reversed(taken):
                state.apply(action)
            assert snapshot(state) == before


# ----------------------------------------------------------------- records
@FAST
@given(deal_args, st.randoms(use_true_random=True))
def test_hand_record_replays_to_the_same_result(args, rnd):
    state, _ = new_state(args)
    stop_at = rnd.randint(0, 30)
    while state.phase != "over" and len(state.actions) < stop_at:
        state.apply(rnd.choice(state.legal_calls() or state.legal_cards()))
    record = json.loads(json.dumps(hand_to_record(state)))
    again = hand_from_record(record)
    assert again.actions == state.actions
    assert again.result() == state.result()
    assert snapshot(again) == snapshot(state)


@SLOW
@given(st.integers(3, 7), st.integers(0, 10**6), st.randoms(use_true_random=True), st.sampled_from([BRITISH, PUB]),
       st.booleans())
def test_session_record_replays_to_the_same_ledger(n, seed, rnd, profile, by_rotations):
    players = NAMES[:n]
    session = Session.new(players, profile, seed=seed, deals=rnd.randint(1, 6),
                          rotations=1 if by_rotations else None)
    while not session.is_over:
        state = session.deal_next()
        if rnd.random() < 0.5:
            session.add_played(play_out(state, rnd, stop_sometimes=profile.early_stop))
        else:  # as a scorekeeper would enter it
            calls = []
            while state.phase == "auction":
                call = rnd.choice(state.legal_calls())
                state.apply(call)
                calls.append(call.name)
            session.add_scored(calls, None if state.passed_out else rnd.randint(0, 5))
    rows = session.ledger()
    deals = [r for r in rows if r.kind == "deal"]  # a pub session may end with extra hands among tied players (P8)
    assert [r.dealer for r in deals] == [players[(session.first_dealer + i) % n] for i in range(len(deals))]  # B2
    for extra in rows[len(deals):]:
        assert extra.kind == "tie_break" and profile.tie_break and len(extra.players) >= 3
        assert set(extra.players) == {p for p in players if rows[len(deals) - 1].balances[p]
                                      == max(rows[len(deals) - 1].balances.values())} or extra is not rows[len(deals)]
    for row in rows:
        assert sum(row.settlement.values()) == 0 and sum(row.balances.values()) == 0  # B16
    top = max(session.balances.values())
    assert session.winners() == [p for p in players if session.balances[p] == top]  # B17
    record = json.loads(json.dumps(session_to_record(session)))
    again = session_from_record(record)
    assert again.ledger() == rows
    assert again.winners() == session.winners()
    assert session_to_record(again) == record


@FAST
@given(st.integers(3, 7), st.integers(0, 6), st.sampled_from([c.name for c in PUB.ladder] + ["Wellington"]),
       st.booleans(), st.sampled_from([BRITISH, PUB]))
def test_B15_B16_settlement_is_zero_sum(n, declarer, name, made, profile):
    if not profile.has_contract(name):
        return
    players = NAMES[:n]
    amounts = settle(players, declarer % n, profile.contract(name), made)
    assert sum(amounts.values()) == 0
    assert len({v for p, v in amounts.items() if p != players[declarer % n]}) == 1
