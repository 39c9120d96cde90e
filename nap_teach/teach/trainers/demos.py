"""Demonstrations of the pub profile's own rules (P1..P9), shown in the rules explorer.

Every line is the engine's explanation of a position it really reached: nothing here is
typed in by hand.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ...engine.auction import PASS, Call
from ...engine.cards import FULL_PACK, Card, Rank, Suit
from ...engine.dealing import deal_rng, draw_first_dealer, shuffle_and_deal
from ...engine.explain import Explanation, RuleError
from ...engine.profiles import BRITISH, PROFILES, VARIATIONS, Profile
from ...engine.rules import Topic
from ...engine.session import Session
from ...engine.state import STOP, DealState
from .auction import auction_options
from .money import renege_settlement, settlement, winners_explanation
from .position import PositionError, build_position, calls_for, table_names
from .tricks import judge_misere_trick
from ...engine.narrate import explain_action
from ...engine.records import session_from_record
from ..scorekeeper import Scorekeeper


@dataclass(frozen=True)
class Demonstration:
    """A pub rule at work in a small example the engine ran (shown in the rules explorer)."""

    rule: str
    steps: tuple[Explanation, ...]
    players: tuple[str, ...] = ()
    trick: tuple[tuple[str, Card], ...] = ()
    """A trick to draw with the steps (playing order), when the example has one."""
    trump: Suit | None = None


def _demo_first_dealer(p: Profile, seed: object) -> Demonstration:
    players = table_names(4)
    for k in range(200):  # the first seeded draw that needs a second round shows the tie rule too
        draw = draw_first_dealer(players, random.Random(f"demo:P1:{seed}:{k}"), p)
        if len(draw.rounds) > 1:
            break
    steps = [Explanation(p.rule(Topic.FIRST_DEALER), "demo.draw_round",
                         {"number": i + 1, "cards": tuple(Explanation(p.rule(Topic.FIRST_DEALER), "quiz.played",
                                                                      {"player": players[s], "card": c})
                                                          for s, c in drawn.items())})
             for i, drawn in enumerate(draw.rounds)]
    return Demonstration(p.rule(Topic.FIRST_DEALER), tuple(steps) + (draw.explanation,), players)


def _demo_misdeal(p: Profile, seed: object) -> Demonstration:
    session = Session(table_names(4), 3, p, deals_target=8)
    deal = shuffle_and_deal(session.players, 3, deal_rng(f"demo:P2:{seed}", 0), p)
    rule = p.rule(Topic.MISDEAL)
    steps = [Explanation(p.rule(Topic.CUT), "demo.cut", {"cutter": session.players[deal.cutter], "cut": deal.cut,
                                                      "rest": 52 - deal.cut, "least": p.min_cut})]
    row = session.add_misdeal()
    steps.append(Explanation(rule, "explain.misdeal", {"dealer": row.dealer}))
    wrong = DealState.from_deal(shuffle_and_deal(session.players, 0, deal_rng(f"demo:P2:{seed}", 1), p), p)
    for _ in range(session.n):
        wrong.apply(PASS)
    try:
        session.add_played(wrong)
    except RuleError as e:
        steps.append(e.explanation)
    return Demonstration(rule, tuple(steps), session.players)


def _demo_ladder(p: Profile, seed: object) -> Demonstration:
    players = table_names(4)
    top = p.ladder[-1]
    calls = calls_for(p, top, len(players))
    state = DealState(players, 3, [()] * 4, p)
    steps: list[Explanation] = []
    for call in calls:
        state.apply(Call.parse(call, p))
        steps.extend(e for e in state.explain_last() if e.rule == p.rule(Topic.LADDER))
    refused = auction_options(players, 3, [], p)
    steps.extend(o.explanations[0] for o in refused.options if not o.legal and o.explanations[0].rule == p.rule(Topic.LADDER))
    return Demonstration(p.rule(Topic.LADDER), tuple(dict.fromkeys(steps)), players)


def _demo_misere(p: Profile, seed: object) -> Demonstration:
    players = table_names(3)
    rng = random.Random(f"demo:P4:{seed}")
    while True:  # a trick where a player void in the suit led throws a higher card of another suit
        led = Card(rng.choice([r for r in Rank if r < Rank.QUEEN]), rng.choice(list(Suit)))
        pool = [c for c in FULL_PACK if c is not led]
        second = rng.choice([c for c in pool if c.suit is not led.suit and c.rank > led.rank])
        third = rng.choice([c for c in pool if c.suit is led.suit and c is not second])
        try:
            judged = judge_misere_trick(players, (led, second, third), p, rng=random.Random(rng.random()))
            break
        except PositionError:
            continue
    state = build_position(players, None, current=judged.cards, contract=next(c for c in p.ladder if not c.trumps),
                           profile=p, rng=random.Random(0))

    steps = [e for i in range(len(state.actions)) for e in explain_action(state, i)
             if e.rule == p.rule(Topic.MISERE) or e.key == "explain.discard_no_trump"]
    return Demonstration(p.rule(Topic.MISERE), tuple(steps) + (judged.explanation,), players,
                         tuple(zip(players, judged.cards)), None)


def _demo_stakes(p: Profile, seed: object) -> Demonstration:
    players = table_names(4)
    nap = p.contract("Nap")
    made = settlement(players, 0, nap, 5, p)
    failed = settlement(players, 0, nap, 4, p)
    return Demonstration(p.rule(Topic.STAKES), (made.explanations[0], failed.explanations[0]), players)


def _demo_all_five(p: Profile, seed: object) -> Demonstration:
    players = table_names(3)
    state = build_position(players, Suit.SPADES, winners=(0, 0, 0), contract=p.ladder[0], profile=p)
    steps = [Explanation(p.rule(Topic.FIVE_TRICKS), "demo.result_certain",
                         {"declarer": players[0], "call": p.ladder[0].name, "won": 3})]
    why = state.refusal(STOP)
    if why is not None:
        steps.append(why)
    return Demonstration(p.rule(Topic.FIVE_TRICKS), tuple(steps), players)


def _demo_renege(p: Profile, seed: object) -> Demonstration:
    players = table_names(4)
    four = p.contract("Four")
    defender = renege_settlement(players, 0, four, 2, p)
    declarer = renege_settlement(players, 0, four, 0, p)
    return Demonstration(p.rule(Topic.RENEGE), (defender.explanations[0], declarer.explanations[0]), players)


def _demo_session(p: Profile, seed: object) -> Demonstration:
    players = table_names(4)
    ante = p.ante or 20
    profile = p.with_options(ante=ante) if "ante" in p.option_choices else p
    keeper = Scorekeeper(players, 3, profile, deals=1)
    steps: list[Explanation] = []
    row = keeper.add(calls_for(profile, profile.ladder[0], 4), 2)  # the dealer fails: the other three are level
    steps.extend(keeper.explain_row(row)[:1])
    ending = keeper.ending()
    if ending is not None:
        steps.append(ending)
    if keeper.tie_break_due:
        names, _dealer = keeper.table()
        row = keeper.add(["Pass", "Pass", profile.ladder[0].name], 3)  # the extra hand's dealer makes Three
        steps.extend(keeper.explain_row(row)[:2])
    chips = keeper.chips_explanation()
    if chips is not None:
        steps.append(chips)
    winners = keeper.winners()
    steps.append(winners_explanation(p, keeper.balances, winners))
    return Demonstration(p.rule(Topic.SESSION), tuple(steps), players)


def _demo_variations(p: Profile, seed: object) -> Demonstration:
    steps = [Explanation(p.rule(Topic.VARIATIONS), "demo.variations", {"variations": VARIATIONS,
                                                                  "known_profiles": tuple(PROFILES)})]
    try:
        session_from_record({"format": "nap-session/1", "profile": "purchase", "players": list(table_names(4)),
                             "first_dealer": "Ann", "deals": []})
    except Exception as e:  # RecordError naming P9
        expl = getattr(e, "explanation", None)
        if expl is not None:
            steps.append(expl)
    return Demonstration(p.rule(Topic.VARIATIONS), tuple(steps))


_DEMOS = {Topic.FIRST_DEALER: _demo_first_dealer, Topic.MISDEAL: _demo_misdeal, Topic.LADDER: _demo_ladder,
          Topic.MISERE: _demo_misere, Topic.STAKES: _demo_stakes, Topic.FIVE_TRICKS: _demo_all_five,
          Topic.RENEGE: _demo_renege, Topic.SESSION: _demo_session, Topic.VARIATIONS: _demo_variations}
"""Topic -> demonstration, for the topics a profile states with a rule of its own (the pub P rules)."""


def demonstrations(profile: Profile, seed: object = 0) -> dict[str, Demonstration]:
    """Rule id -> an example the engine ran, for every rule of ``profile`` not stated by the British rules."""
    out: dict[str, Demonstration] = {}
    for topic, fn in _DEMOS.items():
        rule = profile.rules.get(topic)
        if rule is None or (topic in BRITISH.rules and BRITISH.rule(topic) == rule):
            continue
        if rule not in out:
            out[rule] = fn(profile, seed)
    return out


def demonstration(rule: str, profile: Profile, seed: object = 0) -> Demonstration | None:
    """The example for ``rule`` (None when the rule is demonstrated by the worked-deal lesson instead)."""
    for topic, fn in _DEMOS.items():
        if profile.rules.get(topic) == rule and not rule.startswith("B"):
            return fn(profile, seed)
    return None
