"""The kinds of generated questions asked under every profile, each from a random position (seeded)."""
from __future__ import annotations

import random
from typing import Callable

from ..auction import Auction, Call
from ..cards import FULL_PACK, Card, Rank, Suit
from ..explain import Explanation, RecordError, RuleError
from ..profiles import Profile
from ..rulebook import Topic
from ..session import Session
from ..state import DealState
from ..tricks import beats
from ..trainers import (
    NAMES, PositionError, auction_options, build_position, calls_for, example_deal, follow_options, judge_trick,
    random_calls, random_session, random_trick, rotation, settlement, stop_check, table_names, winners_explanation,
)
from .question import (
    NO, YES, Choice, Question, calls_fact, calls_for_safe, narration, number_choices, player_choices,
    random_table, trick_fact, yes_no,
)

Generator = Callable[[random.Random, Profile], Question]
"""A kind of question: a random source and the profile -> one question (its id is set by the quiz)."""


_MORE_NAMES = NAMES + ("Hal", "Ivy", "Jo")


def _q_players(rng: random.Random, p: Profile) -> Question:
    count = rng.choice([2, 3, 4, 5, 6, 7, 8, 9])
    try:
        Session(_MORE_NAMES[:count], 0, p)
        expl = Explanation(p.rule(Topic.PLAYERS), "quiz.players_ok",
                           {"count": count, "min": p.min_players, "max": p.max_players})
        answer = YES
    except RecordError as e:
        expl, answer = e.explanation, NO
    prompt = Explanation(p.rule(Topic.PLAYERS), "quiz.players", {"count": count})
    return Question("", "players", prompt, yes_no(expl.rule), answer, expl)


def _q_rank(rng: random.Random, p: Profile) -> Question:
    suit = rng.choice(list(Suit))
    a, b = (Card(r, suit) for r in rng.sample(list(Rank), 2))
    high, low = (a, b) if beats(a, b, None) else (b, a)
    rule = p.rule(Topic.RANK)
    prompt = Explanation(rule, "quiz.rank", {"suit": suit, "cards": (a, b)})
    choices = tuple(Choice(c.code, Explanation(rule, "choice.value", {"value": c})) for c in (a, b))
    expl = Explanation(rule, "quiz.rank_why", {"high": high, "low": low})
    return Question("", "rank", prompt, choices, high.code, expl, hand=(a, b))


def _q_next_dealer(rng: random.Random, p: Profile) -> Question:
    players = random_table(rng, 3, 6)
    first = rng.randrange(len(players))
    number = rng.randint(2, len(players) + 3)
    turn = rotation(players, first, number, p)[-1]
    prompt = Explanation(p.rule(Topic.ROTATION), "quiz.next_dealer",
                         {"players": players, "first": players[first], "number": number})
    return Question("", "next_dealer", prompt, player_choices(turn.explanation.rule, players), turn.dealer,
                    turn.explanation, players)


def _q_cutter(rng: random.Random, p: Profile) -> Question:
    players = random_table(rng, 3, 6)
    dealer = rng.randrange(len(players))
    turn = rotation(players, dealer, 1, p)[0]
    rule = p.rule(Topic.DEAL)
    prompt = Explanation(rule, "quiz.cutter", {"players": players, "dealer": turn.dealer})
    expl = Explanation(rule, "quiz.cutter_why", {"cutter": turn.cutter, "dealer": turn.dealer, "eldest": turn.eldest})
    return Question("", "cutter", prompt, player_choices(rule, players), turn.cutter, expl, players)


def _q_unused(rng: random.Random, p: Profile) -> Question:
    count = rng.randint(p.min_players, p.max_players)
    players = table_names(count)
    deal = example_deal(players, 0, rng.random(), p)
    unused = len(deal.unused)
    held = sum(len(h) for h in deal.hands)
    rule = p.rule(Topic.UNUSED)
    prompt = Explanation(rule, "quiz.unused", {"count": count})
    expl = Explanation(rule, "quiz.unused_why", {"count": count, "held": held, "unused": unused})
    others = [p.unused_cards(n) for n in range(p.min_players, p.max_players + 1)] + [0, held]
    return Question("", "unused", prompt, number_choices(rule, unused, others, rng), str(unused), expl, players)


def _q_turn(rng: random.Random, p: Profile) -> Question:
    players = random_table(rng, 3, 6)
    dealer = rng.randrange(len(players))
    calls = random_calls(rng, players, dealer, rng.randrange(len(players)), p)
    report = auction_options(players, dealer, calls, p)
    assert report.to_speak is not None
    turn = players[report.to_speak]
    rule = p.rule(Topic.AUCTION_ORDER)
    prompt = Explanation(rule, "quiz.turn", {"players": players, "dealer": players[dealer],
                                              "calls": calls_fact(players, dealer, calls, p)})
    expl = Explanation(rule, "quiz.turn_why", {"turn": turn})
    return Question("", "turn", prompt, player_choices(rule, players), turn, expl, players)


def _q_may_bid(rng: random.Random, p: Profile) -> Question:
    players = random_table(rng, 3, 6)
    dealer = rng.randrange(len(players))
    calls = random_calls(rng, players, dealer, rng.randrange(len(players)), p, pass_weight=0.4)
    report = auction_options(players, dealer, calls, p)
    option = rng.choice([o for o in report.options if not o.call.is_pass])
    if option.legal:
        keys = {e.key: e for e in option.explanations}
        expl = keys.get("explain.requires_met") or keys.get("explain.overcall") or option.explanations[0]
    else:
        expl = option.explanations[0]
    player = players[report.to_speak or 0]
    prompt = Explanation(p.rule(Topic.LADDER), "quiz.may_bid",
                         {"players": players, "dealer": players[dealer], "player": player,
                          "calls": calls_fact(players, dealer, calls, p), "call": option.call.name})
    return Question("", "may_bid", prompt, yes_no(expl.rule), YES if option.legal else NO, expl, players)


def _q_after_pass(rng: random.Random, p: Profile) -> Question:
    while True:
        players = random_table(rng, 3, 5)
        dealer = rng.randrange(len(players))
        calls = random_calls(rng, players, dealer, len(players), p)
        auction = Auction(players, dealer, tuple(calls), p)
        passed = [auction.speaker(i) for i, c in enumerate(calls) if c.is_pass]
        if passed:
            break
    seat = rng.choice(passed)
    call = Call(rng.choice(p.ladder).name)
    try:
        auction.after(call, seat)
        expl, answer = Explanation(p.rule(Topic.PASS_FINAL), "explain.pass", {"player": players[seat]}), YES
    except RuleError as e:
        expl, answer = e.explanation, NO
    prompt = Explanation(p.rule(Topic.PASS_FINAL), "quiz.after_pass",
                         {"players": players, "dealer": players[dealer], "player": players[seat],
                          "calls": calls_fact(players, dealer, calls, p), "call": call.name})
    return Question("", "after_pass", prompt, yes_no(expl.rule), answer, expl, players)


def _q_declarer(rng: random.Random, p: Profile) -> Question:
    players = random_table(rng, 3, 5)
    dealer = rng.randrange(len(players))
    calls = random_calls(rng, players, dealer, len(players), p, pass_weight=0.75 if rng.random() < 0.4 else 0.4)
    report = auction_options(players, dealer, calls, p)
    expl = report.summary[0]
    high = Auction(players, dealer, tuple(calls), p).highest
    answer = players[high[0]] if high else "nobody"
    choices = player_choices(expl.rule, players) + (Choice("nobody", Explanation(expl.rule, "choice.nobody")),)
    prompt = Explanation(p.rule(Topic.AUCTION_ORDER), "quiz.declarer",
                         {"players": players, "dealer": players[dealer],
                          "calls": calls_fact(players, dealer, calls, p)})
    return Question("", "declarer", prompt, choices, answer, expl, players)


def _q_trump(rng: random.Random, p: Profile) -> Question:
    players = random_table(rng, 3, 5)
    contract = rng.choice([c for c in p.ladder if c.trumps and c.requires is None])
    state = build_position(players, None, contract=contract, profile=p, rng=random.Random(rng.random()))
    declarer = state.to_act
    assert declarer is not None
    card = rng.choice(state.legal_cards())
    state.apply(card)
    expl = state.explain_last()[0]
    assert state.trump is not None
    choices = tuple(Choice(s.letter, Explanation(expl.rule, "choice.value", {"value": s})) for s in Suit)
    prompt = Explanation(p.rule(Topic.TRUMP), "quiz.trump", {"declarer": players[declarer], "card": card})
    return Question("", "trump", prompt, choices, state.trump.letter, expl, players,
                    trick=((players[declarer], card),))


def _random_hand(rng: random.Random, size: int, exclude: set[Card], prefer: Suit, want: bool) -> tuple[Card, ...]:
    pool = [c for c in FULL_PACK if c not in exclude]
    while True:
        hand = tuple(rng.sample(pool, size))
        if any(c.suit is prefer for c in hand) == want:
            return hand


def _q_may_play(rng: random.Random, p: Profile) -> Question:
    while True:
        players = random_table(rng, 3, 5)
        trump = rng.choice(list(Suit))
        first = rng.random() < 0.35
        led_suit = trump if first else rng.choice(list(Suit))
        led = Card(rng.choice(list(Rank)), led_suit)
        size = 5 if first else 4
        hand = _random_hand(rng, size, {led}, led_suit, rng.random() < 0.55)
        try:
            report = follow_options(hand, led, trump, players, p, rng=random.Random(rng.random()))
            break
        except PositionError:
            continue
    off = [o for o in report.options if o.card.suit is not led_suit]
    on = [o for o in report.options if o.card.suit is led_suit]
    option = rng.choice(off if off and (not on or rng.random() < 0.6) else report.options)
    player = players[report.seat]
    rule = p.rule(Topic.FOLLOW)
    prompt = Explanation(rule, "quiz.may_play",
                         {"trump": report.trump, "trick": trick_fact(rule, report.trick), "player": player,
                          "hand": hand, "card": option.card})
    return Question("", "may_play", prompt, yes_no(option.explanation.rule), YES if option.legal else NO,
                    option.explanation, players, hand, report.trick, report.trump, option.explanations[1:])


def _q_trick_winner(rng: random.Random, p: Profile) -> Question:
    while True:
        players = random_table(rng, 3, 5)
        trump = rng.choice(list(Suit))
        first = rng.random() < 0.35
        led_suit = trump if first else rng.choice([s for s in Suit if s is not trump])
        cards = random_trick(rng, Card(rng.choice(list(Rank)), led_suit), len(players), follow=0.55)
        try:
            judged = judge_trick(players, trump, cards, p, rng=random.Random(rng.random()))
            break
        except PositionError:
            continue
    rule = judged.explanation.rule
    trick = tuple(zip(players, cards))
    prompt = Explanation(p.rule(Topic.TRICK), "quiz.trick_winner", {"trump": trump, "trick": trick_fact(rule, trick)})
    return Question("", "trick_winner", prompt, player_choices(rule, players), judged.winner_name,
                    judged.explanation, players, (), trick, trump)


def _q_can_stop(rng: random.Random, p: Profile) -> Question:
    contract = rng.choice([c for c in p.ladder if c.trumps])
    played = rng.randint(1, 4)
    won = rng.randint(0, played)
    players = table_names(3)
    report = stop_check(contract, won, played, rng.choice(list(Suit)), players, p)
    expl = report.explanation
    if report.allowed:  # the narration of the trick that made the result certain
        certain = [e for e in narration(report.state)
                   if e.key in ("explain.made_certain", "explain.failed_certain")]
        expl = certain[-1] if certain else expl
    prompt = Explanation(p.rule(Topic.EARLY_STOP), "quiz.can_stop",
                         {"declarer": players[0], "call": contract.name, "played": played, "won": won})
    return Question("", "can_stop", prompt, yes_no(expl.rule), YES if report.allowed else NO, expl, players)


def _q_sees(rng: random.Random, p: Profile) -> Question:
    players = random_table(rng, 3, 5)
    deal = example_deal(players, 0, rng.random(), p)
    state = DealState.from_deal(deal, p)
    contract = next(c for c in p.ladder if c.trumps and c.requires is None)
    for call in calls_for(p, contract, len(players)):
        state.apply(call)
    defenders = [s for s in range(len(players)) if s != state.declarer]
    seat, other = rng.sample(defenders, 2)
    view = state.view(seat)
    shown = set(view.hand) | set(view.played)
    sees_other = any(c in shown for c in state.hands[other])
    rule = p.rule(Topic.DEFENDERS)
    prompt = Explanation(rule, "quiz.sees", {"player": players[seat], "other": players[other]})
    expl = Explanation(rule, "quiz.sees_why", {"player": players[seat]})
    return Question("", "sees", prompt, yes_no(rule), YES if sees_other else NO, expl, players, tuple(view.hand))


def _q_settle(rng: random.Random, p: Profile) -> Question:
    players = random_table(rng, 3, 6)
    n = len(players)
    declarer = rng.randrange(n)
    contract = rng.choice([c for c in p.ladder if len(calls_for_safe(p, c, n)) == n])
    tricks = rng.randint(0, 5)
    report = settlement(players, declarer, contract, tricks, p)
    answer = report.amounts[players[declarer]]
    expl = report.explanations[0]
    stakes = [c.made for c in p.ladder] + [c.failed for c in p.ladder]
    candidates = [s * k for s in stakes for k in (1, -1, n - 1, -(n - 1), n, -n)]
    prompt = Explanation(p.rule(Topic.STAKES), "quiz.settle",
                         {"players": players, "declarer": players[declarer], "call": contract.name, "won": tricks})
    return Question("", "settle", prompt, number_choices(expl.rule, answer, candidates, rng, signed=True),
                    str(answer), expl, players, extra=report.explanations[1:])


def _q_balance(rng: random.Random, p: Profile) -> Question:
    players = random_table(rng, 3, 5)
    session = random_session(rng, p, players, rng.randint(2, 4))
    balances = session.balances
    hidden = rng.choice(players)
    answer = balances[hidden]
    rule = p.rule(Topic.BALANCES)
    shown = tuple((name, balances[name]) for name in players if name != hidden)
    prompt = Explanation(rule, "quiz.balance", {"amounts": shown, "player": hidden})
    expl = Explanation(rule, "quiz.balance_why", {"amounts": tuple((name, balances[name]) for name in players)})
    candidates = [-answer, answer + 3, answer - 3, answer + 4, answer - 5, answer * 2 if answer else 6]
    return Question("", "balance", prompt, number_choices(rule, answer, candidates, rng, signed=True), str(answer),
                    expl, players)


def _q_winners(rng: random.Random, p: Profile) -> Question:
    while True:
        players = random_table(rng, 3, 5)
        session = random_session(rng, p, players, 8)
        if not session.tie_break_due:  # an extra hand is due: that is the "tie_break" question
            break
    balances = session.balances
    winners = session.winners()
    rule = p.rule(Topic.SESSION)
    answer = "+".join(winners)
    options = {answer: tuple(winners)}
    ranked = sorted(players, key=lambda name: -balances[name])
    for name in ranked:
        options.setdefault(name, (name,))
    if len(ranked) >= 2:
        pair = tuple(sorted(ranked[:2], key=players.index))
        options.setdefault("+".join(pair), pair)
    values = list(options)[:4]
    if answer not in values:
        values[-1] = answer
    choices = tuple(Choice(v, Explanation(rule, "choice.shared" if len(options[v]) > 1 else "choice.value",
                                          {"names": options[v], "value": options[v][0]}))
                    for v in sorted(values, key=lambda v: (len(options[v]), players.index(options[v][0]))))
    prompt = Explanation(rule, "quiz.winners", {"amounts": tuple((name, balances[name]) for name in players)})
    expl = winners_explanation(p, balances, winners)
    return Question("", "winners", prompt, choices, answer, expl, players)


GENERATORS: dict[str, Generator] = {
    "players": _q_players,
    "rank": _q_rank,
    "next_dealer": _q_next_dealer,
    "cutter": _q_cutter,
    "unused": _q_unused,
    "turn": _q_turn,
    "may_bid": _q_may_bid,
    "after_pass": _q_after_pass,
    "declarer": _q_declarer,
    "trump": _q_trump,
    "may_play": _q_may_play,
    "trick_winner": _q_trick_winner,
    "can_stop": _q_can_stop,
    "sees": _q_sees,
    "settle": _q_settle,
    "balance": _q_balance,
    "winners": _q_winners,
}
"""Every kind asked under every profile, by name (the order of a quiz's rounds)."""
