"""The kinds of generated questions asked only under profiles that have the rule (the pub rules P1..P9)."""
from __future__ import annotations

import random
from typing import Callable

from ...engine.cards import FULL_PACK, Card, Rank, Suit
from ...engine.explain import Explanation, RecordError, RuleError
from ...engine.profiles import VARIATIONS, Profile
from ...engine.rules import Topic
from ...engine.session import Session, first_dealer_from_cards
from ..trainers import (
    PositionError, calls_for, judge_misere_trick, random_trick, renege_settlement, table_names, winners_explanation,
)
from .kinds import Generator
from .question import (
    NO, YES, Choice, Question, calls_for_safe, not_winner, number_choices, player_choices, random_table, signed,
    trick_fact, with_reasons, yes_no,
)
from ...engine.records import session_from_record


def _q_first_dealer(rng: random.Random, p: Profile) -> Question:
    rule = p.rule(Topic.FIRST_DEALER)
    while True:
        players = random_table(rng, 3, 5)
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
    dealer = players[seat]
    choices = with_reasons(player_choices(rule, players), dealer,
                           lambda c: Explanation(rule, "why.first_dealer", {"player": c.value, "card": drawn[c.value],
                                                                            "dealer": dealer, "low": drawn[dealer]}))
    return Question("", "first_dealer", prompt, choices, dealer, expl, players,
                    trick=tuple(drawn.items()))


def _q_misdeal(rng: random.Random, p: Profile) -> Question:
    players = random_table(rng, 3, 6)
    session = Session(players, rng.randrange(len(players)), p)
    for _ in range(rng.randint(0, 3)):
        session.add_scored(["Pass"] * len(players), None)
    dealer = session.players[session.next_dealer]
    row = session.add_misdeal()
    rule = p.rule(Topic.MISDEAL)
    prompt = Explanation(rule, "quiz.misdeal", {"players": players, "dealer": dealer, "number": row.number})
    expl = Explanation(rule, "explain.misdeal", {"dealer": row.dealer})
    answer = session.players[session.next_dealer]
    left = players[(players.index(dealer) + 1) % len(players)]
    choices = with_reasons(player_choices(rule, players), answer,
                           lambda c: Explanation(rule, "why.misdeal_left" if c.value == left else "why.misdeal",
                                                 {"player": c.value, "dealer": answer}))
    return Question("", "misdeal", prompt, choices, answer, expl, players)


def _q_misere_trick(rng: random.Random, p: Profile) -> Question:
    while True:
        players = random_table(rng, 3, 5)
        led = Card(rng.choice(list(Rank)), rng.choice(list(Suit)))
        cards = random_trick(rng, led, len(players), follow=0.5, higher_offsuit=True)
        try:
            judged = judge_misere_trick(players, cards, p, rng=random.Random(rng.random()))
            break
        except PositionError:
            continue
    rule = judged.explanation.rule
    trick = tuple(zip(players, cards))
    prompt = Explanation(rule, "quiz.misere_trick", {"call": next(c.name for c in p.ladder if not c.trumps),
                                                     "trick": trick_fact(rule, trick)})
    held = dict(trick)
    choices = with_reasons(player_choices(rule, players), judged.winner_name,
                           lambda c: not_winner(rule, c.value, held[c.value], cards, None))
    return Question("", "misere_trick", prompt, choices, judged.winner_name,
                    judged.explanation, players, (), trick, None)


def _q_renege(rng: random.Random, p: Profile) -> Question:
    players = random_table(rng, 3, 6)
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
    offender_name = players[offender]

    def why(c: Choice) -> Explanation:
        value = int(c.value)
        facts = {"choice": c.label, "offender": offender_name, "answer": signed(answer), "reason": expl}
        if value >= 0 > answer:
            return Explanation(expl.rule, "why.renege_zero" if value == 0 else "why.renege_sign", facts)
        return Explanation(expl.rule, "why.renege_more" if value < answer else "why.renege_less", facts)
    choices = with_reasons(number_choices(expl.rule, answer, candidates, rng, signed=True), str(answer), why)
    return Question("", "renege", prompt, choices, str(answer), expl, players, extra=report.explanations[1:])


def _q_tie_break(rng: random.Random, p: Profile) -> Question:
    players = random_table(rng, 3, 6)
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
        expl = winners_explanation(p, session.balances, winners)
        rule = expl.rule
    choices: tuple[Choice, ...] = (Choice("winner", Explanation(rule, "choice.one_winner")),
               Choice("share", Explanation(rule, "choice.share")),
               Choice("extra", Explanation(rule, "choice.extra_hand")))
    top = tuple(due) if due else tuple(winners)

    def why(c: Choice) -> Explanation:
        facts = {"choice": c.label, "names": top, "count": len(top)}
        key = {("extra", "winner"): "why.tie_level", ("extra", "share"): "why.tie_three",
               ("share", "winner"): "why.tie_level", ("share", "extra"): "why.tie_too_few",
               ("winner", "share"): "why.tie_alone_share", ("winner", "extra"): "why.tie_alone_extra"}[(answer, c.value)]
        return Explanation(rule, key, facts)
    choices = with_reasons(choices, answer, why)
    balances = session.balances
    prompt = Explanation(p.rule(Topic.TIE_BREAK), "quiz.tie_break",
                         {"amounts": tuple((name, balances[name]) for name in players), "dealer": players[dealer]})
    return Question("", "tie_break", prompt, choices, answer, expl, players)


def _q_variation(rng: random.Random, p: Profile) -> Question:
    variation = rng.choice(VARIATIONS)
    try:
        session_from_record({"format": "nap-session/1", "profile": variation, "players": list(table_names(4)),
                             "first_dealer": "Ann", "deals": []})
        answer, expl = YES, Explanation(p.rule(Topic.VARIATIONS), "choice.yes")
    except RecordError as e:
        answer, expl = NO, e.explanation
    prompt = Explanation(p.rule(Topic.VARIATIONS), "quiz.variation", {"variation": variation})
    return Question("", "variation", prompt, yes_no(expl.rule, answer, expl), answer, expl)


PROFILE_GENERATORS: dict[str, tuple[Callable[[Profile], bool], Generator]] = {
    "first_dealer": (lambda p: p.first_dealer == "low_card", _q_first_dealer),
    "misdeal": (lambda p: p.misdeal, _q_misdeal),
    "misere_trick": (lambda p: any(not c.trumps for c in p.ladder), _q_misere_trick),
    "renege": (lambda p: p.reneges, _q_renege),
    "tie_break": (lambda p: p.tie_break, _q_tie_break),
    "variation": (lambda p: Topic.VARIATIONS in p.rules, _q_variation),
}
"""Kinds asked only under profiles that have the rule: name -> (does the profile have it?, generator)."""
