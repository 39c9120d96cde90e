"""Quiz questions built on the engine, reproducible from a seed (no widgets here).

A :class:`Question` carries a prompt (an :class:`Explanation`: message key and
facts, so the words come from the reader's language), the choices, the right
answer as the engine computes it and the engine's explanation, which names
the rule. :func:`faq_questions` are the three questions the rule pages answer
(must I trump when void? may I open with Wellington? may the declarer use the
unused cards?); :func:`make_quiz` adds questions generated from random
positions. The same seed always gives the same questions.

>>> quiz = make_quiz(seed=7)
>>> len(quiz) >= 18 and quiz == make_quiz(seed=7)
True
>>> [q.answer for q in faq_questions()]
['no', 'no', 'no']
"""
from __future__ import annotations

import random
from functools import lru_cache
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .auction import Auction, Call
from .cards import FULL_PACK, Card, Rank, Suit
from .explain import Explanation, IllegalAction, RecordError, RuleError
from .i18n import translator
from .profiles import BRITISH, Contract, Profile
from .rulebook import Topic
from .session import Session
from .state import DealState
from .tricks import beats
from .trainers import (
    NAMES, PositionError, auction_options, build_position, calls_for, example_deal, follow_options,
    judge_misere_trick, judge_trick, random_calls, random_session, refusal_of, renege_settlement, rotation, said,
    settlement, stop_check, table_names,
)

__all__ = [
    "Choice", "Question", "faq_questions", "make_quiz", "GENERATORS", "generate", "QuizRun", "DEFAULT_COUNT",
    "questions_for_rule", "PROFILE_GENERATORS", "kinds_for",
]

DEFAULT_COUNT = 15
"""Generated questions in a quiz, on top of the three FAQ questions."""

YES, NO = "yes", "no"
_EN = translator("en")


@dataclass(frozen=True)
class Choice:
    value: str
    label: Explanation


@dataclass(frozen=True)
class Question:
    """One question: prompt, choices, the engine's answer and its explanation."""

    id: str
    kind: str
    prompt: Explanation
    choices: tuple[Choice, ...]
    answer: str
    explanation: Explanation
    players: tuple[str, ...] = ()
    hand: tuple[Card, ...] = ()
    trick: tuple[tuple[str, Card], ...] = ()
    trump: Suit | None = None
    extra: tuple[Explanation, ...] = field(default=())
    """Further engine explanations worth showing with the answer."""

    def __post_init__(self) -> None:
        values = [c.value for c in self.choices]
        if self.answer not in values or len(set(values)) != len(values):
            raise ValueError(f"question {self.id}: answer {self.answer!r} not among distinct choices {values}")

    @property
    def rule(self) -> str:
        """The rule that answers the question (from the engine's explanation)."""
        return self.explanation.rule

    def is_right(self, value: str) -> bool:
        if value not in {c.value for c in self.choices}:
            raise ValueError(f"{value!r} is not a choice of question {self.id}")
        return value == self.answer


# ------------------------------------------------------------------- helpers
def _yes_no(rule: str) -> tuple[Choice, ...]:
    return (Choice(YES, Explanation(rule, "choice.yes")), Choice(NO, Explanation(rule, "choice.no")))


def _player_choices(rule: str, players: Sequence[str]) -> tuple[Choice, ...]:
    return tuple(Choice(p, Explanation(rule, "choice.value", {"value": p})) for p in players)


def _number_choices(rule: str, answer: int, candidates: Sequence[int], rng: random.Random,
                    signed: bool = False, size: int = 4) -> tuple[Choice, ...]:
    others = sorted({c for c in candidates if c != answer})
    rng.shuffle(others)
    values = sorted([answer] + others[: size - 1])
    fmt = _EN.amount if signed else str
    return tuple(Choice(str(v), Explanation(rule, "choice.value", {"value": fmt(v)})) for v in values)


def _calls_fact(players: Sequence[str], dealer: int, calls: Sequence[Call], profile: Profile) -> object:
    if not calls:
        return Explanation(profile.rule(Topic.AUCTION_ORDER), "quiz.no_calls")
    return said(players, dealer, calls, profile)


def _trick_fact(rule: str, trick: Sequence[tuple[str, Card]]) -> tuple[Explanation, ...]:
    return tuple(Explanation(rule, "quiz.played", {"player": p, "card": c}) for p, c in trick)


def _table(rng: random.Random, lo: int = 3, hi: int = 5) -> tuple[str, ...]:
    return table_names(rng.randint(lo, hi))


# --------------------------------------------------------------- FAQ questions
def faq_questions(profile: Profile = BRITISH) -> tuple[Question, ...]:
    """The three questions the rule pages answer, each answered by the engine."""
    return (_faq_trump_void(profile), _faq_open_wellington(profile), _faq_unused(profile))


def _faq_trump_void(profile: Profile) -> Question:
    players = table_names(3)
    trump, led = Suit.SPADES, Card.parse("AH")
    hand = tuple(Card.parse(c) for c in ("5S", "KD", "9C", "3D"))
    report = follow_options(hand, led, trump, players, profile)
    must_trump = all(c.suit is trump for c in report.legal)
    discard = next(o for o in report.options if o.card.suit is not trump)
    player = players[report.seat]
    prompt = Explanation(profile.rule(Topic.FOLLOW), "quiz.faq.trump_void",
                         {"trump": trump, "leader": players[0], "card": led, "player": player, "led": led.suit,
                          "hand": hand})
    return Question("faq-trump", "faq_trump_void", prompt, _yes_no(discard.explanation.rule),
                    YES if must_trump else NO, discard.explanation, players, hand, report.trick, trump,
                    discard.explanations[1:])


def _faq_open_wellington(profile: Profile) -> Question:
    players = table_names(4)
    dealer = 3
    report = auction_options(players, dealer, [], profile)
    option = next(o for o in report.options if not o.call.is_pass and profile.contract(o.call.name).requires)
    player = players[report.to_speak or 0]
    prompt = Explanation(profile.rule(Topic.REQUIRES), "quiz.faq.open_wellington", {"player": player, "call": option.call.name})
    expl = option.explanations[0]
    return Question("faq-wellington", "faq_open_wellington", prompt, _yes_no(expl.rule),
                    YES if option.legal else NO, expl, players)


def _faq_unused(profile: Profile) -> Question:
    players = table_names(4)
    deal = example_deal(players, 0, "faq-unused", profile)
    state = DealState.from_deal(deal, profile)
    contract = next(c for c in profile.ladder if c.trumps and c.requires is None)
    for call in calls_for(profile, contract, len(players)):
        state.apply(call)
    card = deal.unused[0]
    err = refusal_of(state, card)
    declarer = players[state.declarer or 0]
    prompt = Explanation(profile.rule(Topic.UNUSED), "quiz.faq.unused", {"player": declarer, "card": card})
    expl = err.explanation if err is not None else state.copy().explain_last()[0]
    return Question("faq-unused", "faq_unused", prompt, _yes_no(expl.rule), NO if err else YES, expl, players,
                    tuple(deal.hands[0]))


# ------------------------------------------------------------ generated kinds
Generator = Callable[[random.Random, Profile], Question]
GENERATORS: dict[str, Generator] = {}


def _kind(name: str) -> Callable[[Generator], Generator]:
    def deco(fn: Generator) -> Generator:
        GENERATORS[name] = fn
        return fn
    return deco


_MORE_NAMES = NAMES + ("Hal", "Ivy", "Jo")


@_kind("players")
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
    return Question("", "players", prompt, _yes_no(expl.rule), answer, expl)


@_kind("rank")
def _q_rank(rng: random.Random, p: Profile) -> Question:
    suit = rng.choice(list(Suit))
    a, b = (Card(r, suit) for r in rng.sample(list(Rank), 2))
    high, low = (a, b) if beats(a, b, None) else (b, a)
    rule = p.rule(Topic.RANK)
    prompt = Explanation(rule, "quiz.rank", {"suit": suit, "cards": (a, b)})
    choices = tuple(Choice(c.code, Explanation(rule, "choice.value", {"value": c})) for c in (a, b))
    expl = Explanation(rule, "quiz.rank_why", {"high": high, "low": low})
    return Question("", "rank", prompt, choices, high.code, expl, hand=(a, b))


@_kind("next_dealer")
def _q_next_dealer(rng: random.Random, p: Profile) -> Question:
    players = _table(rng, 3, 6)
    first = rng.randrange(len(players))
    number = rng.randint(2, len(players) + 3)
    turn = rotation(players, first, number, p)[-1]
    prompt = Explanation(p.rule(Topic.ROTATION), "quiz.next_dealer",
                         {"players": players, "first": players[first], "number": number})
    return Question("", "next_dealer", prompt, _player_choices(turn.explanation.rule, players), turn.dealer,
                    turn.explanation, players)


@_kind("cutter")
def _q_cutter(rng: random.Random, p: Profile) -> Question:
    players = _table(rng, 3, 6)
    dealer = rng.randrange(len(players))
    turn = rotation(players, dealer, 1, p)[0]
    rule = p.rule(Topic.DEAL)
    prompt = Explanation(rule, "quiz.cutter", {"players": players, "dealer": turn.dealer})
    expl = Explanation(rule, "quiz.cutter_why", {"cutter": turn.cutter, "dealer": turn.dealer, "eldest": turn.eldest})
    return Question("", "cutter", prompt, _player_choices(rule, players), turn.cutter, expl, players)


@_kind("unused")
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
    return Question("", "unused", prompt, _number_choices(rule, unused, others, rng), str(unused), expl, players)


@_kind("turn")
def _q_turn(rng: random.Random, p: Profile) -> Question:
    players = _table(rng, 3, 6)
    dealer = rng.randrange(len(players))
    calls = random_calls(rng, players, dealer, rng.randrange(len(players)), p)
    report = auction_options(players, dealer, calls, p)
    assert report.to_speak is not None
    turn = players[report.to_speak]
    rule = p.rule(Topic.AUCTION_ORDER)
    prompt = Explanation(rule, "quiz.turn", {"players": players, "dealer": players[dealer],
                                              "calls": _calls_fact(players, dealer, calls, p)})
    expl = Explanation(rule, "quiz.turn_why", {"turn": turn})
    return Question("", "turn", prompt, _player_choices(rule, players), turn, expl, players)


@_kind("may_bid")
def _q_may_bid(rng: random.Random, p: Profile) -> Question:
    players = _table(rng, 3, 6)
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
                          "calls": _calls_fact(players, dealer, calls, p), "call": option.call.name})
    return Question("", "may_bid", prompt, _yes_no(expl.rule), YES if option.legal else NO, expl, players)


@_kind("after_pass")
def _q_after_pass(rng: random.Random, p: Profile) -> Question:
    while True:
        players = _table(rng, 3, 5)
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
                          "calls": _calls_fact(players, dealer, calls, p), "call": call.name})
    return Question("", "after_pass", prompt, _yes_no(expl.rule), answer, expl, players)


@_kind("declarer")
def _q_declarer(rng: random.Random, p: Profile) -> Question:
    players = _table(rng, 3, 5)
    dealer = rng.randrange(len(players))
    calls = random_calls(rng, players, dealer, len(players), p, pass_weight=0.75 if rng.random() < 0.4 else 0.4)
    report = auction_options(players, dealer, calls, p)
    expl = report.summary[0]
    high = Auction(players, dealer, tuple(calls), p).highest
    answer = players[high[0]] if high else "nobody"
    choices = _player_choices(expl.rule, players) + (Choice("nobody", Explanation(expl.rule, "choice.nobody")),)
    prompt = Explanation(p.rule(Topic.AUCTION_ORDER), "quiz.declarer",
                         {"players": players, "dealer": players[dealer],
                          "calls": _calls_fact(players, dealer, calls, p)})
    return Question("", "declarer", prompt, choices, answer, expl, players)


@_kind("trump")
def _q_trump(rng: random.Random, p: Profile) -> Question:
    players = _table(rng, 3, 5)
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


@_kind("may_play")
def _q_may_play(rng: random.Random, p: Profile) -> Question:
    while True:
        players = _table(rng, 3, 5)
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
                         {"trump": report.trump, "trick": _trick_fact(rule, report.trick), "player": player,
                          "hand": hand, "card": option.card})
    return Question("", "may_play", prompt, _yes_no(option.explanation.rule), YES if option.legal else NO,
                    option.explanation, players, hand, report.trick, report.trump, option.explanations[1:])


@_kind("trick_winner")
def _q_trick_winner(rng: random.Random, p: Profile) -> Question:
    while True:
        players = _table(rng, 3, 5)
        trump = rng.choice(list(Suit))
        first = rng.random() < 0.35
        led_suit = trump if first else rng.choice([s for s in Suit if s is not trump])
        cards = [Card(rng.choice(list(Rank)), led_suit)]
        pool = [c for c in FULL_PACK if c is not cards[0]]
        for _ in players[1:]:
            follow = [c for c in pool if c.suit is led_suit]
            pick = rng.choice(follow if follow and rng.random() < 0.55 else pool)
            cards.append(pick)
            pool.remove(pick)
        try:
            judged = judge_trick(players, trump, cards, p, rng=random.Random(rng.random()))
            break
        except PositionError:
            continue
    rule = judged.explanation.rule
    trick = tuple(zip(players, cards))
    prompt = Explanation(p.rule(Topic.TRICK), "quiz.trick_winner", {"trump": trump, "trick": _trick_fact(rule, trick)})
    return Question("", "trick_winner", prompt, _player_choices(rule, players), judged.winner_name,
                    judged.explanation, players, (), trick, trump)


@_kind("can_stop")
def _q_can_stop(rng: random.Random, p: Profile) -> Question:
    contract = rng.choice([c for c in p.ladder if c.trumps])
    played = rng.randint(1, 4)
    won = rng.randint(0, played)
    players = table_names(3)
    report = stop_check(contract, won, played, rng.choice(list(Suit)), players, p)
    expl = report.explanation
    if report.allowed:  # the narration of the trick that made the result certain
        certain = [e for e in _narration(report.state)
                   if e.key in ("explain.made_certain", "explain.failed_certain")]
        expl = certain[-1] if certain else expl
    prompt = Explanation(p.rule(Topic.EARLY_STOP), "quiz.can_stop",
                         {"declarer": players[0], "call": contract.name, "played": played, "won": won})
    return Question("", "can_stop", prompt, _yes_no(expl.rule), YES if report.allowed else NO, expl, players)


def _narration(state: DealState) -> list[Explanation]:
    from .narrate import explain_action

    return [e for i in range(len(state.actions)) for e in explain_action(state, i)]


@_kind("sees")
def _q_sees(rng: random.Random, p: Profile) -> Question:
    players = _table(rng, 3, 5)
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
    return Question("", "sees", prompt, _yes_no(rule), YES if sees_other else NO, expl, players, tuple(view.hand))


@_kind("settle")
def _q_settle(rng: random.Random, p: Profile) -> Question:
    players = _table(rng, 3, 6)
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
    return Question("", "settle", prompt, _number_choices(expl.rule, answer, candidates, rng, signed=True),
                    str(answer), expl, players, extra=report.explanations[1:])


def calls_for_safe(p: Profile, contract: Contract, n: int) -> list[str]:
    try:
        return calls_for(p, contract, n)
    except PositionError:
        return []


@_kind("balance")
def _q_balance(rng: random.Random, p: Profile) -> Question:
    players = _table(rng, 3, 5)
    session = random_session(rng, p, players, rng.randint(2, 4))
    balances = session.balances
    hidden = rng.choice(players)
    answer = balances[hidden]
    rule = p.rule(Topic.BALANCES)
    shown = tuple((name, balances[name]) for name in players if name != hidden)
    prompt = Explanation(rule, "quiz.balance", {"amounts": shown, "player": hidden})
    expl = Explanation(rule, "quiz.balance_why", {"amounts": tuple((name, balances[name]) for name in players)})
    candidates = [-answer, answer + 3, answer - 3, answer + 4, answer - 5, answer * 2 if answer else 6]
    return Question("", "balance", prompt, _number_choices(rule, answer, candidates, rng, signed=True), str(answer),
                    expl, players)


@_kind("winners")
def _q_winners(rng: random.Random, p: Profile) -> Question:
    while True:
        players = _table(rng, 3, 5)
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
    top = max(balances.values())
    prompt = Explanation(rule, "quiz.winners", {"amounts": tuple((name, balances[name]) for name in players)})
    expl = Explanation(rule, "quiz.winners_why", {"top": _EN.amount(top), "names": tuple(winners),
                                                  "count": len(winners)})
    return Question("", "winners", prompt, choices, answer, expl, players)


# ------------------------------------------------------ pub-only kinds (P1..P9)
PROFILE_GENERATORS: dict[str, tuple[Callable[[Profile], bool], Generator]] = {}
"""Kinds asked only under profiles that have the rule: name -> (does the profile have it?, generator)."""


def _pub_kind(name: str, applies: Callable[[Profile], bool]) -> Callable[[Generator], Generator]:
    def deco(fn: Generator) -> Generator:
        PROFILE_GENERATORS[name] = (applies, fn)
        return fn
    return deco


def kinds_for(profile: Profile) -> list[str]:
    """The question kinds of a quiz under ``profile``: the common ones, then those of its own rules."""
    return list(GENERATORS) + [k for k, (applies, _fn) in PROFILE_GENERATORS.items() if applies(profile)]


def _generator(kind: str) -> Generator:
    if kind in GENERATORS:
        return GENERATORS[kind]
    return PROFILE_GENERATORS[kind][1]


@_pub_kind("first_dealer", lambda p: p.first_dealer == "low_card")
def _q_first_dealer(rng: random.Random, p: Profile) -> Question:
    from .session import first_dealer_from_cards

    rule = p.rule(Topic.FIRST_DEALER)
    while True:
        players = _table(rng, 3, 5)
        cards = rng.sample(FULL_PACK, len(players))
        if rng.random() < 0.5:  # make sure an ace or a low card is in the draw often
            cards[rng.randrange(len(players))] = rng.choice([c for c in FULL_PACK if c.rank in (Rank.ACE, Rank.TWO)
                                                             and c not in cards])
        drawn = dict(zip(players, cards))
        try:
            seat, expl = first_dealer_from_cards(players, drawn, p)
            break
        except RuleError:
            continue  # a tie: the engine would have them draw again; draw another question
    facts = tuple(Explanation(rule, "quiz.played", {"player": n, "card": c}) for n, c in drawn.items())
    prompt = Explanation(rule, "quiz.first_dealer", {"cards": facts})
    return Question("", "first_dealer", prompt, _player_choices(rule, players), players[seat], expl, players,
                    trick=tuple(drawn.items()))


@_pub_kind("misdeal", lambda p: p.misdeal)
def _q_misdeal(rng: random.Random, p: Profile) -> Question:
    players = _table(rng, 3, 6)
    session = Session(players, rng.randrange(len(players)), p)
    for _ in range(rng.randint(0, 3)):
        session.add_scored(["Pass"] * len(players), None)
    dealer = session.players[session.next_dealer]
    row = session.add_misdeal()
    rule = p.rule(Topic.MISDEAL)
    prompt = Explanation(rule, "quiz.misdeal", {"players": players, "dealer": dealer, "number": row.number})
    expl = Explanation(rule, "explain.misdeal", {"dealer": row.dealer})
    return Question("", "misdeal", prompt, _player_choices(rule, players), session.players[session.next_dealer],
                    expl, players)


@_pub_kind("misere_trick", lambda p: any(not c.trumps for c in p.ladder))
def _q_misere_trick(rng: random.Random, p: Profile) -> Question:
    while True:
        players = _table(rng, 3, 5)
        led = Card(rng.choice(list(Rank)), rng.choice(list(Suit)))
        cards = [led]
        pool = [c for c in FULL_PACK if c is not led]
        for _ in players[1:]:
            follow = [c for c in pool if c.suit is led.suit]
            high_other = [c for c in pool if c.suit is not led.suit and c.rank > led.rank]
            pick = rng.choice(follow if follow and rng.random() < 0.5 else (high_other or pool))
            cards.append(pick)
            pool.remove(pick)
        try:
            judged = judge_misere_trick(players, cards, p, rng=random.Random(rng.random()))
            break
        except PositionError:
            continue
    rule = judged.explanation.rule
    trick = tuple(zip(players, cards))
    prompt = Explanation(rule, "quiz.misere_trick", {"call": next(c.name for c in p.ladder if not c.trumps),
                                                     "trick": _trick_fact(rule, trick)})
    return Question("", "misere_trick", prompt, _player_choices(rule, players), judged.winner_name,
                    judged.explanation, players, (), trick, None)


@_pub_kind("renege", lambda p: p.reneges)
def _q_renege(rng: random.Random, p: Profile) -> Question:
    players = _table(rng, 3, 6)
    n = len(players)
    declarer = rng.randrange(n)
    contract = rng.choice([c for c in p.ladder if len(calls_for_safe(p, c, n)) == n])
    offender = declarer if rng.random() < 0.35 else rng.choice([s for s in range(n) if s != declarer])
    report = renege_settlement(players, declarer, contract, offender, p)
    answer = report.amounts[players[offender]]
    expl = report.explanations[0]
    stakes = [c.made for c in p.ladder] + [c.failed for c in p.ladder]
    candidates = [s * k for s in stakes for k in (1, -1, n - 1, -(n - 1))] + [0]
    prompt = Explanation(p.rule(Topic.RENEGE), "quiz.renege",
                         {"players": players, "declarer": players[declarer], "call": contract.name,
                          "offender": players[offender]})
    return Question("", "renege", prompt, _number_choices(expl.rule, answer, candidates, rng, signed=True),
                    str(answer), expl, players, extra=report.explanations[1:])


@_pub_kind("tie_break", lambda p: p.tie_break)
def _q_tie_break(rng: random.Random, p: Profile) -> Question:
    players = _table(rng, 3, 6)
    n = len(players)
    session = Session(players, rng.randrange(n), p, deals_target=1)
    # one deal: the declarer fails (everyone else level) or makes it (one clear winner)
    contract = rng.choice([c for c in p.ladder if c.requires is None and c.trumps])
    calls = calls_for(p, contract, n)
    dealer = session.next_dealer
    tricks = rng.choice([contract.min_tricks, max(0, contract.min_tricks - 1)])
    session.add_scored(calls, tricks)
    rule = p.rule(Topic.TIE_BREAK)
    due = session.tie_break_due
    winners = session.winners()
    if due:
        answer, expl = "extra", Explanation(rule, "explain.tie_break_due", {"names": due})
    elif len(winners) > 1:
        answer, expl = "share", Explanation(rule, "explain.tie_shared", {"names": tuple(winners)})
    else:
        answer = "winner"
        expl = Explanation(p.rule(Topic.SESSION), "quiz.winners_why",
                           {"top": _EN.amount(session.balances[winners[0]]), "names": tuple(winners), "count": 1})
        rule = expl.rule
    choices = (Choice("winner", Explanation(rule, "choice.one_winner")),
               Choice("share", Explanation(rule, "choice.share")),
               Choice("extra", Explanation(rule, "choice.extra_hand")))
    balances = session.balances
    prompt = Explanation(p.rule(Topic.TIE_BREAK), "quiz.tie_break",
                         {"amounts": tuple((name, balances[name]) for name in players), "dealer": players[dealer]})
    return Question("", "tie_break", prompt, choices, answer, expl, players)


@_pub_kind("variation", lambda p: Topic.VARIATIONS in p.rules)
def _q_variation(rng: random.Random, p: Profile) -> Question:
    from .profiles import VARIATIONS
    from .records import session_from_record

    variation = rng.choice(VARIATIONS)
    try:
        session_from_record({"format": "nap-session/1", "profile": variation, "players": list(table_names(4)),
                             "first_dealer": "Ann", "deals": []})
        answer, expl = YES, Explanation(p.rule(Topic.VARIATIONS), "choice.yes")
    except RecordError as e:
        answer, expl = NO, e.explanation
    prompt = Explanation(p.rule(Topic.VARIATIONS), "quiz.variation", {"variation": variation})
    return Question("", "variation", prompt, _yes_no(expl.rule), answer, expl)


# -------------------------------------------------------------------- quizzes
def _rng(seed: object, label: str) -> random.Random:
    return random.Random(f"nap-quiz:{seed}:{label}")


def generate(kind: str, seed: object, profile: Profile = BRITISH, number: int = 0) -> Question:
    """One question of ``kind``, the same for the same seed and number."""
    question = _generator(kind)(_rng(seed, f"{kind}:{number}"), profile)
    return _with_id(question, f"{kind}-{seed}-{number}")


def _with_id(q: Question, qid: str) -> Question:
    return Question(qid, q.kind, q.prompt, q.choices, q.answer, q.explanation, q.players, q.hand, q.trick, q.trump,
                    q.extra)


def make_quiz(seed: object = 0, count: int = DEFAULT_COUNT, profile: Profile = BRITISH,
              faq: bool = True) -> tuple[Question, ...]:
    """The FAQ questions, then ``count`` questions from random positions (seeded)."""
    rng = _rng(seed, "order")
    kinds: list[str] = []
    while len(kinds) < count:
        batch = kinds_for(profile)
        rng.shuffle(batch)
        kinds.extend(batch)
    generated = tuple(generate(kind, seed, profile, i) for i, kind in enumerate(kinds[:count]))
    return (faq_questions(profile) if faq else ()) + generated


def questions_for_rule(rule: str, profile: Profile = BRITISH) -> list[Question]:
    """Questions whose answer is explained by ``rule`` (FAQ first, then one per generated kind)."""
    return list(_bank(profile).get(rule, ()))


@lru_cache(maxsize=4)
def _bank(profile: Profile, tries: int = 12) -> dict[str, tuple[Question, ...]]:
    """Rule id -> questions: the FAQ, then the first question of each kind that falls on the rule."""
    bank: dict[str, list[Question]] = {}
    for q in faq_questions(profile):
        bank.setdefault(q.rule, []).append(q)
    for kind in kinds_for(profile):
        seen: set[str] = set()
        for number in range(tries):
            q = generate(kind, "syllabus", profile, number)
            if q.rule not in seen:
                seen.add(q.rule)
                bank.setdefault(q.rule, []).append(q)
    return {rule: tuple(qs) for rule, qs in bank.items()}


class QuizRun:
    """A learner's pass through a quiz: one answer per question, and the score."""

    def __init__(self, seed: object = 0, count: int = DEFAULT_COUNT, profile: Profile = BRITISH) -> None:
        self.seed = seed
        self.profile = profile
        self.questions = make_quiz(seed, count, profile)
        self.answers: dict[int, str] = {}

    @property
    def total(self) -> int:
        return len(self.questions)

    @property
    def answered(self) -> int:
        return len(self.answers)

    @property
    def score(self) -> int:
        return sum(1 for i, v in self.answers.items() if self.questions[i].answer == v)

    @property
    def finished(self) -> bool:
        return self.answered == self.total

    def answer(self, index: int, value: str) -> bool:
        """Record the answer to question ``index`` (once); returns whether it is right."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.total:
            raise IndexError(index)
        question = self.questions[index]
        right = question.is_right(value)
        if index in self.answers:
            raise IllegalAction(Explanation(question.rule, "quiz.already_answered", {}))
        self.answers[index] = value
        return right
