"""The kinds of generated questions asked under every profile, each from a random position (seeded)."""
from __future__ import annotations

import random
from typing import Callable

from ...engine.auction import Auction, Call
from ...engine.cards import FULL_PACK, Card, Rank, Suit
from ...engine.explain import Explanation, RecordError, RuleError
from ...engine.profiles import Profile
from ...engine.rules import Topic
from ...engine.session import Session
from ...engine.state import DealState
from ...engine.tricks import beats
from ..trainers import (
    NAMES, PositionError, auction_options, build_position, calls_for, example_deal, follow_options, judge_trick,
    random_calls, random_session, random_trick, rotation, settlement, stop_check, table_names, winners_explanation,
)
from .question import (
    NO, YES, Choice, Question, calls_fact, calls_for_safe, narration, not_winner, number_choices, player_choices,
    random_table, signed, trick_fact, with_reasons, yes_no,
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
    return Question("", "players", prompt, yes_no(expl.rule, answer, expl), answer, expl)


def _q_rank(rng: random.Random, p: Profile) -> Question:
    suit = rng.choice(list(Suit))
    a, b = (Card(r, suit) for r in rng.sample(list(Rank), 2))
    high, low = (a, b) if beats(a, b, None) else (b, a)
    rule = p.rule(Topic.RANK)
    prompt = Explanation(rule, "quiz.rank", {"suit": suit, "cards": (a, b)})
    choices = tuple(Choice(c.code, Explanation(rule, "choice.value", {"value": c})) for c in (a, b))
    expl = Explanation(rule, "quiz.rank_why", {"high": high, "low": low})
    choices = with_reasons(choices, high.code, lambda c: Explanation(rule, "why.rank_low", {"card": low, "high": high}))
    return Question("", "rank", prompt, choices, high.code, expl, hand=(a, b))


def _q_next_dealer(rng: random.Random, p: Profile) -> Question:
    players = random_table(rng, 3, 6)
    first = rng.randrange(len(players))
    number = rng.randint(2, len(players) + 3)
    turns = rotation(players, first, number + len(players), p)
    turn = turns[number - 1]
    prompt = Explanation(p.rule(Topic.ROTATION), "quiz.next_dealer",
                         {"players": players, "first": players[first], "number": number})

    def why(c: Choice) -> Explanation:  # the deal nearest to ``number`` that this player deals
        theirs = min((i + 1 for i, t in enumerate(turns) if t.dealer == c.value), key=lambda d: (abs(d - number), d))
        return Explanation(turn.explanation.rule, "why.next_dealer",
                           {"player": c.value, "their": theirs, "number": number, "dealer": turn.dealer})
    choices = with_reasons(player_choices(turn.explanation.rule, players), turn.dealer, why)
    return Question("", "next_dealer", prompt, choices, turn.dealer, turn.explanation, players)


def _q_cutter(rng: random.Random, p: Profile) -> Question:
    players = random_table(rng, 3, 6)
    dealer = rng.randrange(len(players))
    turn = rotation(players, dealer, 1, p)[0]
    rule = p.rule(Topic.DEAL)
    prompt = Explanation(rule, "quiz.cutter", {"players": players, "dealer": turn.dealer})
    expl = Explanation(rule, "quiz.cutter_why", {"cutter": turn.cutter, "dealer": turn.dealer, "eldest": turn.eldest})

    def why(c: Choice) -> Explanation:
        key = ("why.cutter_dealer" if c.value == turn.dealer else
               "why.cutter_eldest" if c.value == turn.eldest else "why.cutter_other")
        return Explanation(rule, key, {"player": c.value, "cutter": turn.cutter, "dealer": turn.dealer})
    choices = with_reasons(player_choices(rule, players), turn.cutter, why)
    return Question("", "cutter", prompt, choices, turn.cutter, expl, players)


def _q_unused(rng: random.Random, p: Profile) -> Question:
    count = rng.randint(p.min_players, p.max_players)
    players = table_names(count)
    deal = example_deal(players, 0, rng.random(), p)
    unused = len(deal.unused)
    held = sum(len(h) for h in deal.hands)
    rule = p.rule(Topic.UNUSED)
    prompt = Explanation(rule, "quiz.unused", {"count": count})
    expl = Explanation(rule, "quiz.unused_why", {"count": count, "held": held, "unused": unused})
    by_count = {p.unused_cards(n): n for n in range(p.min_players, p.max_players + 1)}
    others = list(by_count) + [0, held]
    facts = {"count": count, "held": held, "unused": unused}

    def why(c: Choice) -> Explanation:
        value = int(c.value)
        if value == held:
            return Explanation(rule, "why.unused_held", {**facts, "choice": c.label})
        if value in by_count:
            return Explanation(rule, "why.unused_other", {**facts, "choice": c.label, "other": by_count[value]})
        return Explanation(rule, "why.unused", {**facts, "choice": c.label})
    choices = with_reasons(number_choices(rule, unused, others, rng), str(unused), why)
    return Question("", "unused", prompt, choices, str(unused), expl, players)


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
    n = len(players)
    spoken = {players[(dealer + 1 + i) % n]: c for i, c in enumerate(calls)}

    def why(c: Choice) -> Explanation:
        if c.value in spoken:
            return Explanation(rule, "why.turn_spoken", {"player": c.value, "said": spoken[c.value].name})
        key = "why.turn_dealer" if c.value == players[dealer] else "why.turn_later"
        return Explanation(rule, key, {"player": c.value, "turn": turn})
    return Question("", "turn", prompt, with_reasons(player_choices(rule, players), turn, why), turn, expl, players)


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
    answer = YES if option.legal else NO
    return Question("", "may_bid", prompt, yes_no(expl.rule, answer, expl), answer, expl, players)


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
    return Question("", "after_pass", prompt, yes_no(expl.rule, answer, expl), answer, expl, players)


def _q_second_call(rng: random.Random, p: Profile) -> Question:
    """During the auction, may this player call now? Mostly one who has already spoken (refused:
    a pass is final, B8; every player speaks once, B5), sometimes the player whose turn it is."""
    while True:
        players = random_table(rng, 3, 5)
        dealer = rng.randrange(len(players))
        calls = random_calls(rng, players, dealer, rng.randint(1, len(players) - 1), p, pass_weight=0.5)
        report = auction_options(players, dealer, calls, p)
        bids = [o for o in report.options if not o.call.is_pass and o.legal]
        if report.to_speak is not None and bids:
            break
    auction = Auction(players, dealer, tuple(calls), p)
    option = rng.choice(bids)
    if rng.random() < 0.75:
        seat = rng.choice([auction.speaker(i) for i in range(len(calls))])
        expl, answer = auction.spoken_again(seat), NO
    else:
        seat = report.to_speak
        keys = {e.key: e for e in option.explanations}
        expl = keys.get("explain.requires_met") or keys.get("explain.overcall") or option.explanations[0]
        answer = YES
    prompt = Explanation(p.rule(Topic.PASS_FINAL), "quiz.second_call",
                         {"players": players, "dealer": players[dealer], "player": players[seat],
                          "calls": calls_fact(players, dealer, calls, p), "call": option.call.name})
    return Question("", "second_call", prompt, yes_no(expl.rule, answer, expl), answer, expl, players)


def _q_declarer(rng: random.Random, p: Profile) -> Question:
    players = random_table(rng, 3, 5)
    dealer = rng.randrange(len(players))
    calls = random_calls(rng, players, dealer, len(players), p, pass_weight=0.75 if rng.random() < 0.4 else 0.4)
    report = auction_options(players, dealer, calls, p)
    expl = report.summary[0]
    high = Auction(players, dealer, tuple(calls), p).highest
    answer = players[high[0]] if high else "nobody"
    choices = player_choices(expl.rule, players) + (Choice("nobody", Explanation(expl.rule, "choice.nobody")),)
    n = len(players)
    said_by = {players[(dealer + 1 + i) % n]: c for i, c in enumerate(calls)}

    def why(c: Choice) -> Explanation:
        if c.value == "nobody":
            assert high is not None
            return Explanation(expl.rule, "why.declarer_nobody", {"choice": c.label, "bidder": players[high[0]],
                                                                  "highest": high[1].name})
        said = said_by[c.value]
        if said.is_pass:
            return Explanation(expl.rule, "why.declarer_passed", {"player": c.value})
        assert high is not None
        return Explanation(expl.rule, "why.declarer_lower", {"player": c.value, "said": said.name,
                                                             "bidder": players[high[0]], "highest": high[1].name})
    choices = with_reasons(choices, answer, why)
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
    trump = state.trump
    choices = with_reasons(
        tuple(Choice(s.letter, Explanation(expl.rule, "choice.value", {"value": s})) for s in Suit), trump.letter,
        lambda c: Explanation(expl.rule, "why.trump", {"suit": Suit.parse(c.value), "declarer": players[declarer],
                                                       "card": card, "trump": trump}))
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
    answer = YES if option.legal else NO
    return Question("", "may_play", prompt, yes_no(option.explanation.rule, answer, option.explanation), answer,
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
    held = dict(trick)
    choices = with_reasons(player_choices(rule, players), judged.winner_name,
                           lambda c: not_winner(rule, c.value, held[c.value], cards, trump))
    return Question("", "trick_winner", prompt, choices, judged.winner_name,
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
    answer = YES if report.allowed else NO
    return Question("", "can_stop", prompt, yes_no(expl.rule, answer, expl), answer, expl, players)


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
    answer = YES if sees_other else NO
    return Question("", "sees", prompt, yes_no(rule, answer, expl), answer, expl, players, tuple(view.hand))


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
    choices = with_reasons(number_choices(expl.rule, answer, candidates, rng, signed=True), str(answer),
                           lambda c: wrong_amount(expl.rule, c, answer, n - 1, stakes, players[declarer], contract.name))
    return Question("", "settle", prompt, choices, str(answer), expl, players, extra=report.explanations[1:])


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
    others = -answer

    def why(c: Choice) -> Explanation:
        value = int(c.value)
        facts = {"choice": c.label, "player": hidden, "others": signed(others), "answer": signed(answer),
                 "total": signed(others + value)}
        return Explanation(rule, "why.balance_sign" if value == -answer else "why.balance", facts)
    choices = with_reasons(number_choices(rule, answer, candidates, rng, signed=True), str(answer), why)
    return Question("", "balance", prompt, choices, str(answer), expl, players)


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
    top = balances[winners[0]]

    def why(c: Choice) -> Explanation:
        names = options[c.value]
        if len(names) == 1 and names[0] in winners:
            return Explanation(rule, "why.winners_tied", {"player": names[0],
                                                          "others": tuple(w for w in winners if w != names[0])})
        if len(names) == 1:
            return Explanation(rule, "why.winners_lower", {"player": names[0], "balance": signed(balances[names[0]]),
                                                           "top": top})
        return Explanation(rule, "why.winners_shared" if len(winners) > 1 else "why.winners_alone",
                           {"choice": c.label, "winners": tuple(winners), "top": top})
    choices = with_reasons(choices, answer, why)
    return Question("", "winners", prompt, choices, answer, expl, players)


def wrong_amount(rule: str, c: Choice, answer: int, opponents: int, stakes: list[int], declarer: str,
                 call: str) -> Explanation:
    """Why ``c`` is not what the declarer wins or loses in all (``answer``), in words true of that number
    (B15, P5): the same size with the wrong sign; the wrong sign and the wrong size; one opponent's share
    only; one opponent too many; another stake from each of the opponents; or, when the number fits no
    such mistake, what the right amount is made of. Each reason names only arithmetic that gives the choice.
    """
    value = int(c.value)
    made = answer > 0
    stake = abs(answer) // max(1, opponents)
    facts = {"choice": c.label, "declarer": declarer, "call": call, "stake": stake, "opponents": opponents,
             "answer": signed(answer)}
    if value == -answer:  # the right size, the wrong sign
        return Explanation(rule, "why.amount_sign_made" if made else "why.amount_sign_failed", facts)
    if value == 0 or (value > 0) != made:  # wrong sign and wrong size: both said
        return Explanation(rule, "why.amount_sign_size_made" if made else "why.amount_sign_size_failed", facts)
    size = abs(value)
    if size == stake:
        return Explanation(rule, "why.amount_one", facts)
    if size == stake * (opponents + 1):
        return Explanation(rule, "why.amount_all", {**facts, "count": opponents + 1})
    if size % opponents == 0 and size // opponents in stakes:  # another stake, from each of the opponents
        return Explanation(rule, "why.amount_stake_made" if made else "why.amount_stake_failed",
                           {**facts, "other": size // opponents})
    return Explanation(rule, "why.amount_made" if made else "why.amount_failed", facts)


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
    "second_call": _q_second_call,
}
"""Every kind asked under every profile, by name (the order of a quiz's rounds)."""
