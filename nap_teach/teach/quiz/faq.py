"""The three questions the rule pages answer, each answered by the engine."""
from __future__ import annotations

import dataclasses

from ...engine.cards import Card, Suit
from ...engine.explain import Explanation
from ...engine.profiles import BRITISH, Profile
from ...engine.rules import Topic
from ...engine.state import DealState
from ..trainers import auction_options, calls_for, example_deal, follow_options, refusal_of, table_names
from .question import NO, YES, Question, yes_no


def faq_questions(profile: Profile = BRITISH) -> tuple[Question, ...]:
    """The three questions the rule pages answer, each answered by the engine."""
    made = (_faq_trump_void(profile), _faq_open_wellington(profile), _faq_unused(profile))
    return tuple(dataclasses.replace(q, profile=profile.name) for q in made)


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
    answer = YES if must_trump else NO
    return Question("faq-trump", "faq_trump_void", prompt, yes_no(discard.explanation.rule, answer, discard.explanation),
                    answer, discard.explanation, players, hand, report.trick, trump,
                    discard.explanations[1:])


def _faq_open_wellington(profile: Profile) -> Question:
    players = table_names(4)
    dealer = 3
    report = auction_options(players, dealer, [], profile)
    option = next(o for o in report.options if not o.call.is_pass and profile.contract(o.call.name).requires)
    player = players[report.to_speak or 0]
    prompt = Explanation(profile.rule(Topic.REQUIRES), "quiz.faq.open_wellington", {"player": player, "call": option.call.name})
    expl = option.explanations[0]
    answer = YES if option.legal else NO
    return Question("faq-wellington", "faq_open_wellington", prompt, yes_no(expl.rule, answer, expl),
                    answer, expl, players)


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
    answer = NO if err else YES
    return Question("faq-unused", "faq_unused", prompt, yes_no(expl.rule, answer, expl), answer, expl, players,
                    tuple(deal.hands[0]))
