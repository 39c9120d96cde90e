"""The teachers' syllabus, generated from the code (no widgets here).

For every rule of a profile it lists where the rule is

- **narrated**: the lessons of the course (``nap_teach/data/lessons``) and the
  deals in them that show it in play: a lesson that teaches the rule (its
  file names it) and whose deals the engine narrates with that rule at some
  step, or asks a question answered by it (:func:`course_showings`);
- **tested by quiz kinds**: the kinds of generated quiz question that fall on it (:func:`quiz_kinds`);
- **demonstrated**: the steps of the worked-deal lesson that show it at work
  (:func:`nap_teach.teach.lesson.lesson_rules`). The lesson plays a British deal; the
  pub profile shares the B rules it keeps (same id, same rule), so those steps
  demonstrate them there too. The pub profile's own rules (P1..P9) are
  demonstrated by an example the engine runs for each, shown on that rule's
  page of the rules explorer (:func:`nap_teach.teach.trainers.demonstrations`);
- **quizzed**: a question of :mod:`nap_teach.teach.quiz` answered by that rule;
- **enforced**: what a learner sees when breaking it. Each enforcement comes
  from running the engine on a small scenario: the refusal it raises (rule id
  and message), or, for rules kept by the structure of the app rather than by a
  refusal (B14 hidden hands, B15 computed stakes, B16 zero sum), the check the
  scenario performs and what it shows.

A rule lacking any of them is a gap; ``tests/test_syllabus.py`` fails on it
(a narrated deal of the course is demanded for every rule).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..engine.auction import Auction, Call
from ..engine.cards import Card, Suit
from ..engine.dealing import shuffle_and_deal, deal_rng
from ..engine.explain import Explanation, RecordError, RuleError
from ..engine.profiles import BRITISH, Profile
from ..engine.records import hand_from_record, session_from_record
from ..engine.rules import Topic, rules_in_force
from ..engine.session import Session, first_dealer_from_cards
from ..engine.settlement import ZeroSumError, check_zero_sum
from ..engine.state import STOP, DealState
from .course import load_course
from .lesson import lesson_rules
from .lesson.player import LessonPlayer
from .quiz import Question, generate, kinds_for, questions_for_rule
from .trainers import (Demonstration, build_position, calls_for, demonstrations, example_deal, judge_misere_trick,
                       settlement, table_names)

__all__ = ["Enforcement", "SyllabusEntry", "Showing", "profile_rules", "enforcements", "syllabus", "gaps",
           "SCENARIOS", "PROFILE_SCENARIOS", "course_showings", "quiz_kinds", "EXAMPLE_ONLY"]


EXAMPLE_ONLY: frozenset[str] = frozenset({"P9"})
"""Rules no deal of the course can show in play yet: for these the explorer's example still counts as
narrated (P9: the variations of Nap are other games, not deals of these rules)."""


@dataclass(frozen=True)
class Showing:
    """A place of the course where a rule is shown in play: lesson, deal, steps."""

    lesson: str
    place: int
    deal: str
    steps: tuple[str, ...]
    """The steps (``call 2``, ``card 3.4``, ``result`` ...) where the engine's narration names the rule."""


@dataclass(frozen=True)
class Enforcement:
    """What the engine does when the rule is broken in a scenario."""

    rule: str
    scenario: str
    """A short id of the scenario (e.g. ``"eight_players"``)."""
    kind: str
    """``"refusal"`` (a RuleError/RecordError was raised) or ``"structural"``."""
    error: str
    """Class name of the error raised (``"IllegalCall"``, ``"RecordError"``, ``"ZeroSumError"`` ...)."""
    explanation: Explanation


@dataclass(frozen=True)
class SyllabusEntry:
    rule: str
    demonstrated: tuple[int, ...]
    """Lesson step indices (0-based; the lesson page opens at ``?step=i+1``)."""
    quizzed: tuple[Question, ...]
    enforced: tuple[Enforcement, ...]
    example: Demonstration | None = None
    """The engine-run example shown on the rule's page of the explorer (the pub profile's own rules)."""
    narrated: tuple[Showing, ...] = ()
    """The course's lessons and deals that show the rule in play."""
    kinds: tuple[str, ...] = ()
    """The quiz kinds whose generated questions fall on the rule."""

    @property
    def is_demonstrated(self) -> bool:
        return bool(self.demonstrated) or self.example is not None

    @property
    def is_narrated(self) -> bool:
        """Shown in play by a deal of the course (the rules of :data:`EXAMPLE_ONLY`: by their example)."""
        return bool(self.narrated) or (self.rule in EXAMPLE_ONLY and self.example is not None)

    @property
    def complete(self) -> bool:
        return bool(self.is_demonstrated and self.quizzed and self.enforced and self.is_narrated)


def profile_rules(profile: Profile = BRITISH) -> list[str]:
    """The rule ids in force in ``profile``, in rule order (B1..B17, then P...), read from the rulebook."""
    return rules_in_force(profile)


# ------------------------------------------------------------------ scenarios
Scenario = Callable[[Profile], Exception | Enforcement]
SCENARIOS: dict[str, Scenario] = {}


def _scenario(name: str) -> Callable[[Scenario], Scenario]:
    def deco(fn: Scenario) -> Scenario:
        SCENARIOS[name] = fn
        return fn
    return deco


def _expect(fn: Callable[[], object]) -> Exception:
    """Run ``fn`` and return the error the engine raises (a scenario must be refused)."""
    try:
        fn()
    except (RuleError, RecordError, ZeroSumError) as e:
        return e
    raise AssertionError("the engine accepted a scenario that breaks a rule")


def _auction_state(p: Profile, n: int = 4) -> DealState:
    players = table_names(n)
    deal = shuffle_and_deal(players, n - 1, deal_rng("syllabus", 0), p)
    return DealState.from_deal(deal, p)


def _declared(p: Profile, n: int = 4) -> DealState:
    players = table_names(n)
    deal = example_deal(players, 0, "syllabus", p)
    state = DealState.from_deal(deal, p)
    contract = next(c for c in p.ladder if c.trumps and c.requires is None)
    for call in calls_for(p, contract, n):
        state.apply(call)
    return state


@_scenario("eight_players")
def _eight_players(p: Profile) -> Exception:
    names = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
    return _expect(lambda: Session(names[: p.max_players + 1], 0, p))


@_scenario("wrong_dealer")
def _wrong_dealer(p: Profile) -> Exception:
    session = Session(table_names(4), 0, p)
    deal = shuffle_and_deal(session.players, 2, deal_rng("syllabus", 1), p)  # seat 2 instead of seat 0
    state = DealState.from_deal(deal, p)
    for _ in range(session.n):
        state.apply("Pass")
    return _expect(lambda: session.add_played(state))


@_scenario("card_not_dealt")
def _card_not_dealt(p: Profile) -> Exception:
    state = _declared(p)
    declarer = state.declarer or 0
    other = state.hands[(declarer + 1) % state.n][0]
    return _expect(lambda: state.copy().apply(other))


@_scenario("hand_of_six")
def _hand_of_six(p: Profile) -> Exception:
    """B3: the deal gives everyone five cards; a record with a hand of six is refused."""
    deal = shuffle_and_deal(table_names(4), 0, deal_rng("syllabus", 3), p)
    hands = {name: [c.code for c in hand] for name, hand in zip(deal.players, deal.hands)}
    hands[deal.players[1]].append(deal.unused[0].code)
    return _expect(lambda: hand_from_record({"format": "nap-hand/1", "profile": p.name, "players": list(deal.players),
                                             "dealer": deal.players[0], "hands": hands, "auction": [], "play": []}))


@_scenario("unused_card")
def _unused_card(p: Profile) -> Exception:
    state = _declared(p)
    unused = state.unused
    assert unused
    return _expect(lambda: state.copy().apply(unused[0]))


@_scenario("call_out_of_turn")
def _call_out_of_turn(p: Profile) -> Exception:
    state = _auction_state(p)
    seat = (state.auction.to_speak or 0) + 1
    return _expect(lambda: state.copy().apply(Call("Pass"), seat))


@_scenario("bid_not_higher")
def _bid_not_higher(p: Profile) -> Exception:
    state = _auction_state(p)
    first, second = p.ladder[1], p.ladder[0]
    state.apply(Call(first.name))
    return _expect(lambda: state.copy().apply(Call(second.name)))


@_scenario("open_with_requires")
def _open_with_requires(p: Profile) -> Exception:
    state = _auction_state(p)
    needs = next(c for c in p.ladder if c.requires is not None)
    return _expect(lambda: state.copy().apply(Call(needs.name)))


@_scenario("second_circuit")
def _second_circuit(p: Profile) -> Exception:
    players = table_names(4)
    auction = Auction(players, 3, (), p)
    for _ in players:
        auction = auction.after(Call("Pass") if auction.calls else Call(p.ladder[0].name))
    return _expect(lambda: auction.after(Call(p.ladder[1].name), 1))


@_scenario("play_after_passed_out")
def _play_after_passed_out(p: Profile) -> Exception:
    state = _auction_state(p)
    for _ in range(state.n):
        state.apply("Pass")
    return _expect(lambda: state.copy().apply(state.hands[0][0]))


@_scenario("defender_leads_first")
def _defender_leads_first(p: Profile) -> Exception:
    state = _declared(p)
    seat = ((state.declarer or 0) + 1) % state.n
    return _expect(lambda: state.copy().apply(state.hands[seat][0], seat))


@_scenario("revoke")
def _revoke(p: Profile) -> Exception:
    hand = tuple(Card.parse(c) for c in ("5H", "9C", "KD", "3D"))
    state = build_position(table_names(3), Suit.SPADES, winners=(0,), current=(Card.parse("AH"),), hand=hand,
                           profile=p)
    return _expect(lambda: state.copy().apply(Card.parse("KD")))


@_scenario("wrong_leader")
def _wrong_leader(p: Profile) -> Exception:
    state = build_position(table_names(3), Suit.SPADES, winners=(1,), profile=p)
    return _expect(lambda: state.copy().apply(state.held[2][0], 2))


@_scenario("stop_not_certain")
def _stop_not_certain(p: Profile) -> Exception:
    state = build_position(table_names(3), Suit.SPADES, winners=(0,), profile=p)
    return _expect(lambda: state.copy().apply(STOP))


@_scenario("six_tricks")
def _six_tricks(p: Profile) -> Exception:
    session = Session(table_names(4), 0, p)
    return _expect(lambda: session.add_scored(["Pass", "Pass", "Pass", p.ladder[0].name], 6))


@_scenario("ninth_deal")
def _ninth_deal(p: Profile) -> Exception:
    session = Session(table_names(3), 0, p, deals_target=8)
    session.add_scored([p.ladder[0].name, "Pass", "Pass"], 3)  # one clear leader: no extra hand is due (P8)
    for _ in range(7):
        session.add_scored(["Pass"] * 3, None)
    return _expect(lambda: session.add_scored(["Pass"] * 3, None))


@_scenario("hidden_hands")
def _hidden_hands(p: Profile) -> Enforcement:
    """B14 is kept by what each screen receives: a defender's SeatView holds no other hand."""
    state = _declared(p)
    seat = ((state.declarer or 0) + 1) % state.n
    view = state.view(seat)
    others = [c for s, h in enumerate(state.hands) if s != seat for c in h]
    shown = set(view.hand) | set(view.played)
    if any(c in shown for c in others) or not set(others) <= set(view.unseen()):
        raise AssertionError("a defender's view shows another hand")
    rule = p.rule(Topic.DEFENDERS)
    return Enforcement(rule, "hidden_hands", "structural", "SeatView",
                       Explanation(rule, "enforce.hidden", {"player": state.players[seat], "hidden": len(others)}))


@_scenario("computed_stakes")
def _computed_stakes(p: Profile) -> Enforcement:
    """B15 is kept by the settlement: payments are computed from the profile, never typed in."""
    contract = next(c for c in p.ladder if c.trumps and c.requires is None)
    report = settlement(table_names(4), 0, contract, contract.min_tricks, p)
    rule = p.rule(Topic.STAKES)
    if report.amounts["Ben"] != -contract.made:
        raise AssertionError("the settlement does not follow the profile's stakes")
    return Enforcement(rule, "computed_stakes", "structural", "settle",
                       Explanation(rule, "enforce.stakes", {"call": contract.name, "stake": contract.made}))


@_scenario("unbalanced")
def _unbalanced(p: Profile) -> Enforcement:
    """B16 is checked after every deal: amounts that do not sum to zero raise ZeroSumError."""
    amounts = {"Ann": 12, "Ben": -4, "Cat": -4, "Dan": -3}
    err = _expect(lambda: check_zero_sum(amounts))
    rule = p.rule(Topic.BALANCES)
    return Enforcement(rule, "unbalanced", "structural", type(err).__name__,
                       Explanation(rule, "enforce.zero_sum", {"total": sum(amounts.values())}))


# -------------------------------------------------- scenarios of the pub rules
PROFILE_SCENARIOS: dict[str, tuple[Callable[[Profile], bool], Scenario]] = {}
"""Scenarios run only under profiles that have the rule: name -> (does the profile have it?, scenario)."""


def _pub_scenario(name: str, applies: Callable[[Profile], bool]) -> Callable[[Scenario], Scenario]:
    def deco(fn: Scenario) -> Scenario:
        PROFILE_SCENARIOS[name] = (applies, fn)
        return fn
    return deco


@_pub_scenario("tied_first_draw", lambda p: p.first_dealer == "low_card")
def _tied_first_draw(p: Profile) -> Exception:
    """P1: two players drew the same lowest rank: the engine names no dealer, they draw again."""
    cards = [Card.parse(c) for c in ("AC", "AD", "9S", "KH")]
    return _expect(lambda: first_dealer_from_cards(table_names(4), cards, p))


@_pub_scenario("redeal_after_misdeal", lambda p: p.misdeal)
def _redeal_after_misdeal(p: Profile) -> Exception:
    """P2: after a misdeal the next player may not deal: the same dealer deals again."""
    session = Session(table_names(4), 0, p)
    session.add_misdeal()
    state = DealState.from_deal(shuffle_and_deal(session.players, 1, deal_rng("syllabus", 2), p), p)
    for _ in range(session.n):
        state.apply("Pass")
    return _expect(lambda: session.add_played(state))


@_pub_scenario("misere_no_trump", lambda p: any(not c.trumps for c in p.ladder))
def _misere_no_trump(p: Profile) -> Enforcement:
    """P4 is kept by the deal itself: in Misère the first lead sets no trump, so no card of another suit wins."""

    cards = tuple(Card.parse(c) for c in ("5H", "AS", "9H"))
    judged = judge_misere_trick(table_names(3), cards, p)
    if judged.winner_name != "Cat":
        raise AssertionError("a card of another suit won a Misère trick")
    return Enforcement(judged.explanation.rule, "misere_no_trump", "structural", "DealState", judged.explanation)


@_pub_scenario("renege_without_play", lambda p: p.reneges)
def _renege_without_play(p: Profile) -> Exception:
    """P7: a renege entered for a deal nobody played (everyone passed) is refused."""
    session = Session(table_names(4), 0, p)
    return _expect(lambda: session.add_scored(["Pass"] * 4, None, renege="Ben"))


@_pub_scenario("outsider_in_extra_hand", lambda p: p.tie_break)
def _outsider_in_extra_hand(p: Profile) -> Exception:
    """P8: the extra hand is among the tied players only: a deal with everyone is refused."""
    session = Session(table_names(4), 3, p, deals_target=1)
    session.add_scored(calls_for(p, p.ladder[0], 4), 0)  # the dealer fails: the other three are level
    state = DealState.from_deal(shuffle_and_deal(session.players, 0, deal_rng("syllabus", 3), p), p)
    for _ in range(session.n):
        state.apply("Pass")
    return _expect(lambda: session.add_played(state))


@_pub_scenario("variation_record", lambda p: Topic.VARIATIONS in p.rules)
def _variation_record(p: Profile) -> Exception:
    """P9: a record asking for a variation (Purchase Nap ...) is refused: it would be a profile of its own."""
    return _expect(lambda: session_from_record({"format": "nap-session/1", "profile": "purchase",
                                                "players": list(table_names(4)), "first_dealer": "Ann",
                                                "deals": []}))


def enforcements(profile: Profile = BRITISH) -> list[Enforcement]:
    """Run every scenario on ``profile``; each gives the rule it enforces and its message."""
    out = []
    scenarios = dict(SCENARIOS)
    scenarios.update({name: fn for name, (applies, fn) in PROFILE_SCENARIOS.items() if applies(profile)})
    for name, scenario in scenarios.items():
        result = scenario(profile)
        if isinstance(result, Enforcement):
            out.append(result)
        elif isinstance(result, (RuleError, RecordError)):
            expl = result.explanation
            out.append(Enforcement(expl.rule, name, "refusal", type(result).__name__, expl))
        else:  # a scenario that failed in an unplanned way: a bug, shown as such
            raise result
    return out


# ------------------------------------------------------------------ syllabus
def _demonstrated() -> dict[str, list[int]]:
    return lesson_rules()


def course_showings() -> dict[str, list[Showing]]:
    """Rule id -> where the course shows it: lessons that teach it, with the deals and steps where
    the engine's narration (or a question of the lesson) names it. A British lesson shows the B rules
    the pub profile keeps too (same id, same rule)."""
    out: dict[str, list[Showing]] = {}
    for spec in load_course():
        shown = LessonPlayer(spec).rules_shown()
        for rule in spec.rules:
            by_deal: dict[str, list[str]] = {}
            for deal, step in shown.get(rule, ()):
                by_deal.setdefault(deal, []).append(step)
            for deal, steps in by_deal.items():
                out.setdefault(rule, []).append(Showing(spec.id, spec.place, deal, tuple(steps)))
    return out


def quiz_kinds(profile: Profile = BRITISH, tries: int = 12) -> dict[str, list[str]]:
    """Rule id -> the quiz kinds whose generated questions fall on it (seeded, so always the same)."""
    out: dict[str, list[str]] = {}
    for kind in kinds_for(profile):
        for number in range(tries):
            rule = generate(kind, "syllabus", profile, number).rule
            if kind not in out.setdefault(rule, []):
                out[rule].append(kind)
    return out


def syllabus(profile: Profile = BRITISH) -> list[SyllabusEntry]:
    """One entry per rule of the profile: narrated in the course, demonstrated, quizzed, enforced."""
    shown = _demonstrated()  # lesson steps (a British deal: they show the B rules every profile here keeps)
    examples = demonstrations(profile)
    enforced = enforcements(profile)
    course = course_showings()
    kinds = quiz_kinds(profile)
    out = []
    for rule in profile_rules(profile):
        out.append(SyllabusEntry(
            rule,
            tuple(shown.get(rule, ())) if rule.startswith("B") else (),
            tuple(questions_for_rule(rule, profile)),
            tuple(e for e in enforced if e.rule == rule),
            examples.get(rule),
            tuple(course.get(rule, ())),
            tuple(kinds.get(rule, ())),
        ))
    return out


def gaps(profile: Profile = BRITISH) -> dict[str, list[str]]:
    """Rule id -> what it lacks ("demonstrated", "quizzed", "enforced"); empty when complete."""
    out: dict[str, list[str]] = {}
    for entry in syllabus(profile):
        missing = [name for name, have in (("demonstrated", entry.is_demonstrated), ("quizzed", entry.quizzed),
                                            ("enforced", entry.enforced), ("narrated", entry.is_narrated)) if not have]
        if missing:
            out[entry.rule] = missing
    return out
