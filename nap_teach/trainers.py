"""Small rule trainers, every answer computed by the engine (no widgets here).

Each trainer builds a tiny, legal position with the engine, asks it a
question and returns the answer together with the engine's own explanation:

- :func:`rotation`: who deals, cuts and speaks first in each deal (B2, B3, B5);
- :func:`auction_options`: given the calls so far, which calls are legal now, and why (B5-B9);
- :func:`follow_options`: given the card led and a hand, which cards may be played (B10, B11);
- :func:`judge_trick`: given trump and the cards played, who wins (B12);
- :func:`stop_check`: may the table stop early (B13);
- :func:`settlement`: players, contract, tricks won -> every payment and the zero sum (B15, B16).

:func:`build_position` is the common tool: a real :class:`DealState` in which
the requested trick is on the table, reached by legal calls and cards only.

>>> t = judge_trick(("Ann", "Ben", "Cat"), Suit.SPADES, parse_cards("AH 2S KH"))
>>> t.winner_name, t.explanation.key
('Ben', 'explain.trick_trumped')
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from .auction import PASS, Auction, Call
from .cards import FULL_PACK, Card, Rank, Suit, parse_cards  # noqa: F401  (parse_cards: doctest)
from .dealing import Deal, clockwise_from, deal_rng, shuffle_and_deal
from .explain import Explanation, RuleError
from .messages import VARIATION_NAMES
from .profiles import BRITISH, Contract, Profile
from .rulebook import Topic
from .session import Session
from .settlement import check_zero_sum
from .state import STOP, Action, DealState

__all__ = [
    "NAMES", "table_names", "build_position", "DealTurn", "rotation", "CallOption", "AuctionReport",
    "auction_options", "said", "CardOption", "FollowReport", "follow_options", "TrickJudgement", "judge_trick",
    "StopReport", "stop_check", "SettlementReport", "settlement", "calls_for", "PositionError",
    "random_calls", "random_session", "example_deal", "refusal_of",
    "MisereJudgement", "judge_misere_trick", "RenegeReport", "renege_settlement", "Demonstration", "demonstrations",
    "demonstration", "Difference", "profile_differences", "TwoTariffs", "two_tariffs",
]

NAMES: tuple[str, ...] = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")
"""Default player names for examples (names are never translated)."""

HAND = 5


class PositionError(ValueError):
    """The requested position cannot be reached by legal play (e.g. too few trumps left)."""


def table_names(n: int) -> tuple[str, ...]:
    """The first ``n`` example names."""
    if not 1 <= n <= len(NAMES):
        raise ValueError(n)
    return NAMES[:n]


def said(players: Sequence[str], dealer: int, calls: Sequence[Call], profile: Profile = BRITISH) -> tuple[Explanation, ...]:
    """The calls as "Ann: Pass" facts in speaking order (for prompts and displays)."""
    auction = Auction(tuple(players), dealer, tuple(calls), profile)
    return tuple(Explanation(profile.rule(Topic.AUCTION_ORDER), "quiz.said",
                             {"player": players[auction.speaker(i)], "call": c.name})
                 for i, c in enumerate(calls))


# ------------------------------------------------------------------ positions
def calls_for(profile: Profile, contract: Contract, n: int) -> list[str]:
    """Calls that make the dealer the declarer with ``contract`` (dealer speaks last).

    The players before the dealer bid what ``contract`` requires (a Nap before
    a Wellington ...) and pass otherwise.
    """
    chain: list[str] = []
    c = contract
    while c.requires is not None:
        c = profile.contract(c.requires)
        chain.insert(0, c.name)
    if len(chain) > n - 1:
        raise PositionError(f"{contract.name} needs {len(chain)} earlier bids")
    return chain + ["Pass"] * (n - 1 - len(chain)) + [contract.name]


def _default_contract(profile: Profile, trump: Suit | None) -> Contract:
    for c in profile.ladder:
        if c.requires is None and c.trumps == (trump is not None):
            return c
    raise PositionError(f"profile {profile.name} has no suitable contract")


def build_position(
    players: Sequence[str],
    trump: Suit | None,
    *,
    winners: Sequence[int] = (),
    current: Sequence[Card] = (),
    hand: Sequence[Card] | None = None,
    contract: Contract | str | None = None,
    profile: Profile = BRITISH,
    rng: random.Random | None = None,
) -> DealState:
    """A deal in play reached by legal calls and cards only.

    Seat 0 deals, speaks last and is the declarer with ``contract``. Before
    the trick on the table, ``len(winners)`` tricks are played entirely in
    trumps, trick ``i`` taken by seat ``winners[i]``. ``current`` are the cards
    of the trick on the table, from its leader (seat 0, or the last winner);
    the next seat then holds ``hand`` (``5 - len(winners)`` cards).
    Raises :class:`PositionError` when no legal deal leads there.
    """
    players = tuple(players)
    n = len(players)
    rng = rng or random.Random(0)
    if isinstance(contract, str):
        contract = profile.contract(contract)
    if contract is None:
        contract = _default_contract(profile, trump)
    if not contract.trumps and trump is not None or contract.trumps and trump is None and (winners or current):
        raise PositionError("trump does not fit the contract")
    current = tuple(current)
    given = list(current) + list(hand or ())
    if len(set(given)) != len(given):
        raise PositionError("a card appears twice")
    k = len(winners)
    if k and trump is None:
        raise PositionError("earlier tricks need a trump suit")
    if k == 0 and current and trump is not None and current[0].suit is not trump:
        raise PositionError("the first card led sets trump")
    if len(current) > n:
        raise PositionError("more cards than players")
    leader = winners[-1] if winners else 0
    next_seat = (leader + len(current)) % n
    if hand is not None:
        if len(current) == n:
            raise PositionError("the trick is complete: nobody holds a hand to play")
        if len(hand) != HAND - k:
            raise PositionError(f"the hand must hold {HAND - k} cards")
    if k >= HAND:
        raise PositionError("too many earlier tricks")
    used = set(given)
    free_trumps = sorted((c for c in FULL_PACK if c.suit is trump and c not in used), key=lambda c: -c.rank)
    if len(free_trumps) < n * k:
        raise PositionError("not enough trumps left for the earlier tricks")
    fixed: list[list[Card]] = [[] for _ in range(n)]
    play: list[Card] = []
    lead = 0
    for j, w in enumerate(winners):
        if not 0 <= w < n:
            raise PositionError(f"no seat {w}")
        group = free_trumps[j * n:(j + 1) * n]
        others = iter(group[1:])
        for seat in clockwise_from(lead, n):
            card = group[0] if seat == w else next(others)
            fixed[seat].append(card)
            play.append(card)
        lead = w
    used.update(free_trumps[: n * k])
    led = current[0].suit if current else None
    void: set[int] = set()
    for i, card in enumerate(current):
        seat = (leader + i) % n
        fixed[seat].append(card)
        play.append(card)
        if led is not None and card.suit is not led:
            void.add(seat)
    if hand is not None:
        fixed[next_seat].extend(hand)
    pool = [c for c in FULL_PACK if c not in used]
    rng.shuffle(pool)
    hands: list[list[Card]] = []
    for seat in range(n):
        cards = list(fixed[seat])
        if hand is not None and seat == next_seat:
            hands.append(cards)
            continue
        for c in list(pool):
            if len(cards) >= HAND:
                break
            if seat in void and c.suit is led:
                continue
            cards.append(c)
            pool.remove(c)
        if len(cards) != HAND:
            raise PositionError("not enough cards to complete the hands")
        hands.append(cards)
    state = DealState(players, 0, hands, profile, unused=pool)
    for call in calls_for(profile, contract, n):
        state.apply(call)
    for card in play:
        state.apply(card)
    return state


# ------------------------------------------------------------------- rotation
@dataclass(frozen=True)
class DealTurn:
    """Deal ``number`` (1-based) of a session: who deals, cuts and speaks first."""

    number: int
    dealer: str
    cutter: str
    eldest: str
    order: tuple[str, ...]
    """Speaking (and dealing) order: from the dealer's left, the dealer last."""
    explanation: Explanation


def rotation(players: Sequence[str], first_dealer: int, deals: int, profile: Profile = BRITISH) -> list[DealTurn]:
    """The first ``deals`` deals of a session (the session checks the table, B1)."""
    session = Session(tuple(players), first_dealer, profile, deals_target=max(1, deals))
    out = []
    for i in range(deals):
        dealer = session.dealer_for(i)
        deal = Deal(session.players, dealer, (), ())
        auction = Auction(session.players, dealer, (), profile)
        order = tuple(session.players[auction.speaker(j)] for j in range(session.n))
        dealer_name, cutter, eldest = (session.players[dealer], session.players[deal.cutter],
                                       session.players[deal.eldest])
        facts = {"number": i + 1, "dealer": dealer_name, "cutter": cutter, "eldest": eldest}
        out.append(DealTurn(i + 1, dealer_name, cutter, eldest, order,
                            Explanation(profile.rule(Topic.ROTATION), "trainer.rotation", facts)))
    return out


# -------------------------------------------------------------------- auction
@dataclass(frozen=True)
class CallOption:
    call: Call
    legal: bool
    explanations: tuple[Explanation, ...]
    """Why the call is refused (one), or what it means and brings about."""


@dataclass(frozen=True)
class AuctionReport:
    players: tuple[str, ...]
    dealer: int
    calls: tuple[Call, ...]
    to_speak: int | None
    options: tuple[CallOption, ...]
    history: tuple[Explanation, ...]
    """The calls so far as "Ann: Three" facts."""
    summary: tuple[Explanation, ...]
    """When everyone has spoken: the declarer, or that everyone passed."""

    @property
    def legal_calls(self) -> tuple[Call, ...]:
        return tuple(o.call for o in self.options if o.legal)


def auction_options(players: Sequence[str], dealer: int, calls: Sequence[Call | str],
                    profile: Profile = BRITISH) -> AuctionReport:
    """Which calls the next speaker may make, each with the engine's reason.

    ``calls`` must be legal (an illegal one raises the engine's :class:`RuleError`).
    """
    players = tuple(players)
    state = DealState(players, dealer, [()] * len(players), profile)
    for c in calls:
        state.apply(c if isinstance(c, Call) else Call.parse(c, profile))
    options = []
    for call in [PASS] + [Call(c.name) for c in profile.ladder]:
        why = state.refusal(call)
        if why is not None:
            options.append(CallOption(call, False, (why,)))
            continue
        after = state.copy()
        after.apply(call)
        options.append(CallOption(call, True, tuple(after.explain_last())))
    summary: tuple[Explanation, ...] = ()
    if state.auction.is_complete and state.actions:
        summary = tuple(e for e in state.explain_last() if e.key in ("explain.passed_out", "explain.declarer"))
    return AuctionReport(players, dealer, state.calls, state.auction.to_speak, tuple(options),
                         said(players, dealer, state.calls, profile), summary)


# ----------------------------------------------------------------- follow suit
@dataclass(frozen=True)
class CardOption:
    card: Card
    legal: bool
    explanations: tuple[Explanation, ...]
    """The refusal, or why playing the card is fine (follow, trump, discard ...)."""

    @property
    def explanation(self) -> Explanation:
        return self.explanations[0]


@dataclass(frozen=True)
class FollowReport:
    state: DealState
    seat: int
    """The seat to play (whose hand is asked about)."""
    led: Card
    trump: Suit | None
    options: tuple[CardOption, ...]

    @property
    def legal(self) -> tuple[Card, ...]:
        return tuple(o.card for o in self.options if o.legal)

    @property
    def trick(self) -> tuple[tuple[str, Card], ...]:
        t = self.state.current_trick
        assert t is not None
        return tuple((self.state.players[s], c) for s, c in zip(t.seats, t.cards))


def follow_options(hand: Sequence[Card], led: Card | Sequence[Card], trump: Suit | None,
                   players: Sequence[str] | None = None, profile: Profile = BRITISH,
                   rng: random.Random | None = None) -> FollowReport:
    """Which cards of ``hand`` may be played to a trick led with ``led``.

    ``led`` is the card led, or the cards played so far (the first was led).
    With five cards in hand the trick is the first (trump is then the suit led);
    with four, one earlier trick was played in trumps.
    """
    current = (led,) if isinstance(led, Card) else tuple(led)
    if not current:
        raise PositionError("no card led")
    players = tuple(players or table_names(3))
    if len(current) >= len(players):
        raise PositionError("the trick is already complete")
    winners = (0,) * (HAND - len(hand))
    state = build_position(players, trump, winners=winners, current=current, hand=hand, profile=profile, rng=rng)
    seat = state.to_act
    assert seat is not None
    options = []
    for card in hand:
        why = state.refusal(card)
        if why is None:
            after = state.copy()
            after.apply(card)
            expls = tuple(e for e in after.explain_last() if e.rule == state.profile.rule(Topic.FOLLOW))
            options.append(CardOption(card, True, expls or tuple(after.explain_last()[:1])))
        else:
            options.append(CardOption(card, False, (why,)))
    return FollowReport(state, seat, current[0], state.trump, tuple(options))


# ----------------------------------------------------------------- trick judge
@dataclass(frozen=True)
class TrickJudgement:
    players: tuple[str, ...]
    """Names in playing order (the first led)."""
    cards: tuple[Card, ...]
    trump: Suit | None
    winner: int
    """Index in playing order of the winning card."""
    explanation: Explanation

    @property
    def winner_name(self) -> str:
        return self.players[self.winner]

    @property
    def winning_card(self) -> Card:
        return self.cards[self.winner]


def judge_trick(players: Sequence[str], trump: Suit | None, cards: Sequence[Card],
                profile: Profile = BRITISH, rng: random.Random | None = None) -> TrickJudgement:
    """Who wins a trick: ``cards`` in playing order, one per player (the first led).

    The engine plays the trick in a real deal (the first trick when trump is
    the suit led, else the second) and explains the result.
    """
    players = tuple(players)
    cards = tuple(cards)
    if len(cards) != len(players):
        raise PositionError("one card per player")
    winners: tuple[int, ...] = () if trump is None or cards[0].suit is trump else (0,)
    state = build_position(players, trump, winners=winners, current=cards, profile=profile, rng=rng)
    trick = state.tricks[-1]
    expl = next(e for e in state.explain_last() if e.key.startswith("explain.trick_"))
    return TrickJudgement(players, cards, state.trump, trick.seats.index(trick.winning), expl)


# ------------------------------------------------------------------ early stop
@dataclass(frozen=True)
class StopReport:
    state: DealState
    allowed: bool
    outcome: bool | None
    explanation: Explanation


def stop_check(contract: Contract | str, won: int, played: int, trump: Suit = Suit.SPADES,
               players: Sequence[str] | None = None, profile: Profile = BRITISH) -> StopReport:
    """May the table stop after ``played`` tricks of which the declarer won ``won`` (B13)?"""
    if not 0 <= won <= played <= HAND - 1:
        raise PositionError("tricks out of range")
    players = tuple(players or table_names(3))
    winners = [0] * won + [1] * (played - won)
    state = build_position(players, trump, winners=winners, contract=contract, profile=profile)
    why = state.refusal(STOP)
    if why is None:
        after = state.copy()
        after.apply(STOP)
        expl = after.explain_last()[0]
    else:
        expl = why
    return StopReport(state, why is None, state.outcome(), expl)


# ------------------------------------------------------------------ settlement
@dataclass(frozen=True)
class SettlementReport:
    players: tuple[str, ...]
    declarer: int
    contract: Contract
    tricks: int
    made: bool
    amounts: dict[str, int]
    explanations: tuple[Explanation, ...]

    @property
    def total(self) -> int:
        return sum(self.amounts.values())


def settlement(players: Sequence[str], declarer: int, contract: Contract | str, tricks: int,
               profile: Profile = BRITISH) -> SettlementReport:
    """Every payment of one deal, as a scorekeeper's session settles it (B15, B16)."""
    if isinstance(contract, str):
        contract = profile.contract(contract)
    session = Session(tuple(players), declarer, profile, deals_target=1)
    row = session.add_scored(calls_for(profile, contract, session.n), tricks)
    amounts = dict(row.settlement)
    check_zero_sum(amounts)
    assert row.made is not None
    name = session.players[declarer]
    stake = abs(amounts[session.players[(declarer + 1) % session.n]])
    facts = {"declarer": name, "call": contract.name, "won": tricks, "stake": stake,
             "total": abs(amounts[name]), "opponents": session.n - 1}
    expls = (
        Explanation(profile.rule(Topic.STAKES), "explain.made" if row.made else "explain.failed", facts),
        Explanation(profile.rule(Topic.BALANCES), "explain.zero_sum",
                    {"amounts": tuple((p, amounts[p]) for p in session.players)}),
    )
    return SettlementReport(session.players, declarer, contract, tricks, row.made, amounts, expls)


def random_calls(rng: random.Random, players: Sequence[str], dealer: int, count: int, profile: Profile,
                  pass_weight: float = 0.55) -> list[Call]:
    """``count`` legal calls chosen at random (each from the engine's legal calls)."""
    calls: list[Call] = []
    for _ in range(count):
        legal = auction_options(players, dealer, calls, profile).legal_calls
        bids = [c for c in legal if not c.is_pass]
        if not bids or rng.random() < pass_weight:
            calls.append(legal[0])
        else:
            calls.append(rng.choice(bids))
    return calls



def random_session(rng: random.Random, p: Profile, players: Sequence[str], deals: int) -> Session:
    """A session of ``deals`` scored deals with random legal calls and tricks (examples, quizzes)."""
    session = Session(tuple(players), rng.randrange(len(players)), p, deals_target=deals)
    for _ in range(deals):
        n = session.n
        calls = random_calls(rng, players, session.next_dealer, n, p, pass_weight=0.6)
        auction = Auction(tuple(players), session.next_dealer, tuple(calls), p)
        tricks = None if auction.passed_out else rng.randint(0, 5)
        session.add_scored(calls, tricks)
    return session



def example_deal(players: Sequence[str], dealer: int, seed: object = 0, profile: Profile = BRITISH) -> Deal:
    """A seeded deal for demonstrations (B3, B4)."""
    return shuffle_and_deal(tuple(players), dealer, deal_rng(seed, 0), profile)


def refusal_of(state: DealState, action: Action | str, seat: int | None = None) -> RuleError | None:
    """The engine's refusal of ``action`` as the error a learner would see, or None."""
    try:
        state.copy().apply(action, seat)
    except RuleError as e:
        return e
    return None


# ====================================================================== pub
# Trainers and demonstrations for the pub profile's own rules (P1..P9), and the
# comparison of two profiles. Every line is the engine's explanation of a
# position it really reached: nothing here is typed in by hand.

@dataclass(frozen=True)
class MisereJudgement:
    """A Misère trick (no trump, P4): the cards in playing order and who took it."""

    players: tuple[str, ...]
    cards: tuple[Card, ...]
    winner: int
    """Index in playing order of the winning card."""
    explanation: Explanation
    offsuit: tuple[int, ...]
    """Indices of cards of another suit than the one led: none of them can win."""

    @property
    def winner_name(self) -> str:
        return self.players[self.winner]


def judge_misere_trick(players: Sequence[str], cards: Sequence[Card], profile: Profile,
                       rng: random.Random | None = None) -> MisereJudgement:
    """Who takes a trick in Misère, where nothing is trump (P4): the engine plays it in a real deal."""
    players = tuple(players)
    cards = tuple(cards)
    if len(cards) != len(players):
        raise PositionError("one card per player")
    misere = next((c for c in profile.ladder if not c.trumps), None)
    if misere is None:
        raise PositionError(f"profile {profile.name} has no contract without trump")
    state = build_position(players, None, current=cards, contract=misere, profile=profile, rng=rng)
    trick = state.tricks[-1]
    winner = trick.seats.index(trick.winning)
    led = cards[0].suit
    offsuit = tuple(i for i, card in enumerate(cards) if card.suit is not led)
    facts = {"winner": players[winner], "card": cards[winner], "led": led,
             "others": tuple(cards[i] for i in offsuit)}
    key = "explain.misere_trick_offsuit" if offsuit else "explain.misere_trick"
    return MisereJudgement(players, cards, winner, Explanation(profile.rule(Topic.MISERE), key, facts), offsuit)


@dataclass(frozen=True)
class RenegeReport:
    """What a renege costs (P7): every payment and the engine's explanation."""

    players: tuple[str, ...]
    declarer: int
    contract: Contract
    offender: int
    amounts: dict[str, int]
    explanations: tuple[Explanation, ...]


def renege_settlement(players: Sequence[str], declarer: int, contract: Contract | str, offender: int,
                      profile: Profile) -> RenegeReport:
    """The payments when ``offender`` reneged in ``declarer``'s contract, as a scorekeeper's session settles it."""
    from .scorekeeper import Scorekeeper

    if isinstance(contract, str):
        contract = profile.contract(contract)
    players = tuple(players)
    keeper = Scorekeeper(players, declarer, profile, deals=1)
    names, _dealer = keeper.table()
    row = keeper.add(calls_for(profile, contract, len(players)), None, renege=players[offender])
    return RenegeReport(players, declarer, contract, offender, dict(row.settlement), keeper.explain_row(row))


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
    from .dealing import draw_first_dealer

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
    from .narrate import explain_action

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
    from .scorekeeper import Scorekeeper

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
    steps.append(Explanation(p.rule(Topic.SESSION), "quiz.winners_why",
                             {"top": translator_amount(keeper.balances[winners[0]]), "names": tuple(winners),
                              "count": len(winners)}))
    return Demonstration(p.rule(Topic.SESSION), tuple(steps), players)


def _demo_variations(p: Profile, seed: object) -> Demonstration:
    from .profiles import PROFILES, VARIATIONS

    steps = [Explanation(p.rule(Topic.VARIATIONS), "demo.variations", {"variations": VARIATIONS,
                                                                  "known_profiles": tuple(PROFILES)})]
    try:
        from .records import session_from_record

        session_from_record({"format": "nap-session/1", "profile": "purchase", "players": list(table_names(4)),
                             "first_dealer": "Ann", "deals": []})
    except Exception as e:  # RecordError naming P9
        expl = getattr(e, "explanation", None)
        if expl is not None:
            steps.append(expl)
    return Demonstration(p.rule(Topic.VARIATIONS), tuple(steps))


_VARIATION_NAMES = VARIATION_NAMES
"""Names of the variations for people (catalogue entries: ``Translator.variation_name``)."""


def translator_amount(value: int) -> str:
    from .i18n import translator

    return translator("en").amount(value)


_DEMOS = {Topic.FIRST_DEALER: _demo_first_dealer, Topic.MISDEAL: _demo_misdeal, Topic.LADDER: _demo_ladder,
          Topic.MISERE: _demo_misere, Topic.STAKES: _demo_stakes, Topic.FIVE_TRICKS: _demo_all_five,
          Topic.RENEGE: _demo_renege, Topic.SESSION: _demo_session, Topic.VARIATIONS: _demo_variations}
"""Topic -> demonstration, for the topics a profile states with a rule of its own (the pub P rules)."""


def demonstrations(profile: Profile, seed: object = 0) -> dict[str, Demonstration]:
    """Rule id -> an example the engine ran, for every rule of ``profile`` not stated by the British rules."""
    from .profiles import BRITISH as _BRITISH

    out: dict[str, Demonstration] = {}
    for topic, fn in _DEMOS.items():
        rule = profile.rules.get(topic)
        if rule is None or (topic in _BRITISH.rules and _BRITISH.rule(topic) == rule):
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


@dataclass(frozen=True)
class Difference:
    """One line of the comparison of two profiles: a topic and its value in each (None: absent)."""

    topic: str
    values: tuple[object, object]
    rules: tuple[str | None, str | None]


def profile_differences(a: Profile, b: Profile) -> list[Difference]:
    """What differs between two profiles, read from their data (ladder, stakes, table rules, options)."""
    out: list[Difference] = []
    ladder = [c.name for c in a.ladder] + [c.name for c in b.ladder if not a.has_contract(c.name)]
    ladder.sort(key=lambda n: (b.contract(n).level if b.has_contract(n) else a.contract(n).level))

    def rule_of(p: Profile, topic: Topic) -> str | None:
        try:
            return p.rule(topic)
        except KeyError:
            return None

    names = (tuple(c.name for c in a.ladder), tuple(c.name for c in b.ladder))
    if names[0] != names[1]:
        out.append(Difference("ladder", names, (rule_of(a, Topic.LADDER), rule_of(b, Topic.LADDER))))
    for name in ladder:
        ca = a.contract(name) if a.has_contract(name) else None
        cb = b.contract(name) if b.has_contract(name) else None
        va = (ca.made, ca.failed) if ca else None
        vb = (cb.made, cb.failed) if cb else None
        if va != vb:
            out.append(Difference(f"stakes:{name}", (va, vb), (rule_of(a, Topic.STAKES), rule_of(b, Topic.STAKES))))
        ra = ca.requires if ca else None
        rb = cb.requires if cb else None
        if (ra or rb) and ra != rb:
            out.append(Difference(f"requires:{name}", (ra, rb), (rule_of(a, Topic.REQUIRES), rule_of(b, Topic.REQUIRES))))
    for topic, attr in ((Topic.FIRST_DEALER, "first_dealer"), (Topic.CUT, "min_cut"),
                        (Topic.EARLY_STOP, "early_stop"), (Topic.MISDEAL, "misdeal"), (Topic.RENEGE, "reneges"),
                        (Topic.TIE_BREAK, "tie_break")):
        va, vb = getattr(a, attr), getattr(b, attr)
        if va != vb:
            out.append(Difference(topic.value, (va, vb), (rule_of(a, topic), rule_of(b, topic))))
    if dict(a.option_choices) != dict(b.option_choices):
        out.append(Difference("options", (tuple(a.option_choices), tuple(b.option_choices)),
                              (None, rule_of(b, Topic.CHIPS))))
    return out


@dataclass(frozen=True)
class TwoTariffs:
    """One deal settled under two profiles (e.g. British and pub)."""

    profiles: tuple[Profile, Profile]
    reports: tuple[SettlementReport | None, SettlementReport | None]
    """None when the contract is not on that profile's ladder."""

    @property
    def same(self) -> bool:
        a, b = self.reports
        return a is not None and b is not None and a.amounts == b.amounts


def two_tariffs(players: Sequence[str], declarer: int, contract: str, tricks: int,
                first: Profile, second: Profile) -> TwoTariffs:
    """The same deal (declarer, contract, tricks) settled under both profiles."""
    def report(p: Profile) -> SettlementReport | None:
        return settlement(players, declarer, contract, tricks, p) if p.has_contract(contract) else None

    return TwoTariffs((first, second), (report(first), report(second)))
