"""The "simple" bot: estimates the tricks it is likely to take, then plays by a few plain rules.

It sees one :class:`~nap_teach.engine.views.SeatView` and nothing else: its own hand,
the calls, the cards played so far and the table's size. Every decision comes
with a one-line reason (an :class:`~nap_teach.engine.explain.Explanation` whose key
starts with ``bot.``; :mod:`nap_teach.ai.bots.coach` turns it into a hint).

Bidding. For each suit of the hand taken as the would-be trump, every card
gets an estimated chance to win a trick: a card beats the unused cards of its
suit, so a missing higher card only hurts when it sits in an opponent's hand
(with 3 players most of the pack stays unused, so a king whose ace is missing
often wins; with 7 players it rarely does); lower trumps win once the others
run out of trumps; side winners may be trumped. From these chances comes the
chance of taking 3, 4 or 5 tricks, and the bot bids the contract with the best
average gain among those it is likely enough to make (pass otherwise). Its
reason names the cards it counts on. In the pub profile a hand of low cards
bids Misère. The estimates are rules of thumb checked against simulated deals.

Play. The declarer leads the top of its strongest suit (which becomes trump),
draws trumps with a trump no one can beat, cashes winners, and otherwise leads
low, keeping trumps to win later. Defenders are all against the declarer: they
win cheaply when the declarer would take the trick, do not overtake a fellow
defender who is already winning, play high before the declarer when that may
stop it, and follow or discard low when they cannot win. In Misère the
declarer ducks under the winning card and throws its high cards; defenders
keep their cards under the declarer's so that it has to take a trick.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from ...engine.auction import PASS, Call
from ...engine.cards import FULL_PACK, Card, Suit
from ...engine.explain import Explanation
from ...engine.profiles import BRITISH, Contract, Profile
from ...engine.rules import Topic
from ...engine.tricks import beats
from ...engine.views import SeatView
from .base import Decision

__all__ = ["SimpleBot", "REASON_KEYS", "HandPlan", "plan_hand", "trick_chance", "misere_chance", "call_chance", "in_play_chance",
           "make_chance_needed", "COUNT_THRESHOLD", "good_contracts", "book_choice", "BidStyle", "STYLES", "STYLE_NAMES", "DEFAULT_STYLE"]

COUNT_THRESHOLD = 0.5
"""A card "can be counted on" when its estimated chance to win a trick is at least this."""

MARGIN = 0.05
"""How much better than break-even a contract's chance must be before the bot bids it."""

RUFF_SAFE = 0.9
"""Rough chance that one opponent does not trump a winner in a side suit."""


@dataclass(frozen=True)
class BidStyle:
    """How bold a bot bids: how sure of its tricks it must be before it makes each call.

    ``margin`` is added to a contract's break-even chance (the chance at which
    bidding it neither wins nor loses on average) for Three, Four and Misère;
    ``all_five`` multiplies the break-even chance of the contracts of all five
    tricks (Nap, Wellington, Blücher). The bot's estimate of five tricks
    multiplies five chances as if they were independent, which undervalues a
    long strong trump suit (its trumps win together or not at all), so "normal"
    asks less than break-even there: with it the bot bids Nap about as often
    as the hands a period manual calls good enough for Nap turn up
    (benchmarks/README.md).
    """

    name: str
    margin: float
    all_five: float

    def needed(self, contract: Contract, hand_size: int = BRITISH.hand_size) -> float:
        """Chance of making ``contract`` the bot needs before it bids it (hands of ``hand_size`` cards)."""
        even = contract.failed / (contract.made + contract.failed)
        if contract.min_tricks >= hand_size:  # every trick of the deal
            return even * self.all_five
        return even + self.margin


STYLES: dict[str, BidStyle] = {
    "cautious": BidStyle("cautious", 0.15, 1.1),
    "normal": BidStyle("normal", MARGIN, 0.66),
    "bold": BidStyle("bold", -0.05, 0.5),
}
"""The bidding styles a bot can have, most careful first."""
STYLE_NAMES: tuple[str, ...] = tuple(STYLES)
DEFAULT_STYLE = "normal"


REASON_KEYS: tuple[str, ...] = (
    "bot.bid_long_trumps",
    "bot.bid_misere",
    "bot.bid_sure_tricks",
    "bot.cash_trump",
    "bot.cash_winner",
    "bot.defend_high",
    "bot.discard_low",
    "bot.discard_spare",
    "bot.draw_trumps",
    "bot.follow_low",
    "bot.follow_spare",
    "bot.forced_over",
    "bot.last_card",
    "bot.lead_high_trump",
    "bot.lead_low",
    "bot.lead_low_keep_trumps",
    "bot.lead_spare",
    "bot.lead_spare_keep_trumps",
    "bot.lead_trump_suit",
    "bot.misere_defend_lead",
    "bot.misere_defend_lead_suit",
    "bot.misere_defend_low",
    "bot.misere_defend_low_spare",
    "bot.misere_duck",
    "bot.misere_forced",
    "bot.misere_hope",
    "bot.misere_lead",
    "bot.misere_throw",
    "bot.misere_under",
    "bot.must_follow",
    "bot.partner_winning",
    "bot.partner_winning_spare",
    "bot.pass_few_tricks",
    "bot.pass_no_bid_left",
    "bot.pass_no_tricks",
    "bot.pass_outbid",
    "bot.pass_risky",
    "bot.result_certain",
    "bot.result_certain_spare",
    "bot.ruff",
    "bot.shed_high",
    "bot.throw_high",
    "bot.win_cheaply",
    "bot.win_high",
)
"""Every message key of the simple bot's reasons (each has a ``hint.`` twin for the coach)."""


def in_play_chance(players: int, hand_size: int = BRITISH.hand_size) -> float:
    """Chance that a card the seat cannot see is in an opponent's hand, at the start.

    The seat sees its own ``hand_size`` cards; of the others, ``hand_size * (players - 1)``
    were dealt to the opponents and the rest stay unused (B4).
    """
    return hand_size * (players - 1) / (52 - hand_size)


def _by_suit(hand: Iterable[Card]) -> dict[Suit, list[Card]]:
    out: dict[Suit, list[Card]] = {}
    for c in sorted(hand, key=lambda c: -c.rank):
        out.setdefault(c.suit, []).append(c)
    return out


def _higher_missing(card: Card, held_ranks: set[int]) -> int:
    """How many higher cards of the suit are not in the hand."""
    return sum(1 for r in range(card.rank + 1, 15) if r not in held_ranks)


def trick_chance(card: Card, trump: Suit | None, held_ranks: set[int], index: int, players: int) -> float:
    """Estimated chance that ``card`` wins a trick for a declarer who chose ``trump``.

    ``held_ranks`` are the ranks the hand holds in the card's suit; ``index`` is
    the card's place among the hand's trumps (0 = highest). A card beats the
    unused cards of its suit, so a missing higher card only hurts when it sits
    in an opponent's hand (chance ``p`` each). A lower trump also wins when the
    opponents run out of trumps or it trumps a suit the declarer is void in;
    a side card can be trumped, more often at a larger table. These rules of
    thumb were checked against simulated deals of simple bots.
    """
    p = in_play_chance(players)
    missing = _higher_missing(card, held_ranks)
    if card.suit is trump:
        # each higher trump of the hand may draw one of the missing higher trumps
        top = (1 - p) ** max(0, missing - index)
        return 1 - (1 - top) * p ** index
    return (1 - p) ** missing * RUFF_SAFE ** (players - 1)


def _at_least(chances: Iterable[float]) -> tuple[float, ...]:
    """``out[k]``: chance that at least ``k`` of the cards win (taken as independent)."""
    dist = [1.0]
    for c in chances:
        nxt = [0.0] * (len(dist) + 1)
        for j, v in enumerate(dist):
            nxt[j] += v * (1 - c)
            nxt[j + 1] += v * c
        dist = nxt
    out = []
    acc = 0.0
    for v in reversed(dist):
        acc += v
        out.append(acc)
    return tuple(reversed(out))


@dataclass(frozen=True)
class HandPlan:
    """The bot's estimate of a hand for one would-be trump suit."""

    trump: Suit | None
    chances: tuple[tuple[Card, float], ...]
    """Each card with its estimated chance to win a trick, likeliest first."""
    at_least: tuple[float, ...]
    """``at_least[k]``: estimated chance to take at least ``k`` tricks."""

    def _shown(self, cards: Iterable[Card]) -> tuple[Card, ...]:
        """Cards as people read them: trumps first, then high to low.

        A low trump may count (the others run out of trumps) while a higher one
        does not (an opponent may hold a bigger one): either way the hand makes
        that many trump tricks, so its highest trumps are the ones shown.
        """
        trump = self.trump
        chosen = list(cards)
        n_trumps = sum(1 for c in chosen if c.suit is trump)
        trumps = sorted((c for c, _ in self.chances if c.suit is trump), key=lambda c: -c.rank)
        shown = trumps[:n_trumps] + [c for c in chosen if c.suit is not trump]
        return tuple(sorted(shown, key=lambda c: (c.suit is not trump, -c.rank, c.suit)))

    @property
    def counted(self) -> tuple[Card, ...]:
        """Cards that can be counted on as tricks (chance at least ``COUNT_THRESHOLD``)."""
        return self._shown(c for c, x in self.chances if x >= COUNT_THRESHOLD)

    @property
    def count(self) -> int:
        return len(self.counted)

    def best(self, k: int) -> tuple[Card, ...]:
        """The ``k`` cards likeliest to win, which a contract of ``k`` tricks relies on."""
        return self._shown(c for c, _ in self.chances[:k])

    def make_chance(self, contract: Contract) -> float:
        """Estimated chance to take between ``min_tricks`` and ``max_tricks`` tricks."""
        lo, hi = contract.min_tricks, contract.max_tricks
        top = self.at_least[hi + 1] if hi + 1 < len(self.at_least) else 0.0
        return self.at_least[lo] - top if lo < len(self.at_least) else 0.0


@lru_cache(maxsize=4096)
def _plans_cached(hand: tuple[Card, ...], players: int) -> tuple[HandPlan, ...]:
    suits = _by_suit(hand)
    ranks = {s: {c.rank.value for c in cs} for s, cs in suits.items()}
    plans = []
    for trump in suits:
        odds: list[tuple[Card, float]] = []
        for s, cs in suits.items():
            for i, c in enumerate(cs):
                odds.append((c, round(trick_chance(c, trump, ranks[s], i, players), 9)))
        odds.sort(key=lambda cx: (-cx[1], cx[0].suit is not trump, -cx[0].rank, cx[0].suit.value))
        plans.append(HandPlan(trump, tuple(odds), _at_least(x for _, x in odds)))
    return tuple(plans)


def plans_for(hand: Sequence[Card], players: int) -> tuple[HandPlan, ...]:
    """One plan per suit of the hand, each taking that suit as the would-be trump."""
    return _plans_cached(tuple(sorted(hand)), players)


def plan_hand(hand: Sequence[Card], players: int, tricks: int = 3) -> HandPlan:
    """The best would-be trump for taking ``tricks`` tricks (ties: more cards counted on)."""
    plans = plans_for(hand, players)
    if not plans:
        return HandPlan(None, (), (1.0,))
    k = min(tricks, len(plans[0].at_least) - 1)
    return max(plans, key=lambda pl: (round(pl.at_least[k], 9), pl.count, sum(x for _, x in pl.chances),
                                      -(pl.trump.value if pl.trump is not None else 9)))


def misere_chance(hand: Sequence[Card], players: int, hand_size: int = BRITISH.hand_size) -> float:
    """Estimated chance to lose every trick in Misère (P4) with this hand.

    Each card above a six adds danger; a small table is riskier (fewer
    opponents to take the tricks). A rule of thumb fitted to simulated deals.
    """
    if len(hand) < hand_size:  # a hand already played from: the rule of thumb reads whole hands
        return 0.0
    height = sum(max(0, c.rank - 6) for c in hand)
    base = min(0.95, 0.70 + 0.09 * (players - 3))
    return max(0.02, base - 0.037 * height)


def call_chance(hand: Sequence[Card], players: int, contract: Contract) -> float:
    """The estimated chance of making ``contract`` with this hand: Misère's rule of thumb, else the best plan's."""
    if contract.max_tricks == 0:
        return misere_chance(hand, players)
    return plan_hand(hand, players, contract.min_tricks).make_chance(contract)


def make_chance_needed(contract: Contract, style: str = DEFAULT_STYLE, hand_size: int = BRITISH.hand_size) -> float:
    """Chance of making ``contract`` the bot needs before it bids it, in a bidding ``style``."""
    return STYLES[style].needed(contract, hand_size)


# --------------------------------------------------------------------- helpers
def _lowest(cards: Iterable[Card], trump: Suit | None) -> Card:
    """The cheapest card to give away: lowest rank, keeping trumps."""
    return min(cards, key=lambda c: (c.suit is trump, c.rank, c.suit.value))


LOW_RANK = 10
"""The highest rank a reason may call "low": a jack, queen, king or ace is never called a low card."""

SPARE_KEYS: dict[str, str] = {
    "bot.lead_low": "bot.lead_spare",
    "bot.lead_low_keep_trumps": "bot.lead_spare_keep_trumps",
    "bot.discard_low": "bot.discard_spare",
    "bot.follow_low": "bot.follow_spare",
    "bot.partner_winning": "bot.partner_winning_spare",
    "bot.result_certain": "bot.result_certain_spare",
    "bot.misere_defend_low": "bot.misere_defend_low_spare",
}
"""Reasons that call the card low (or the lowest), and the words used when that would not be true."""


def is_low(card: Card, among: Iterable[Card]) -> bool:
    """Whether a reason may call ``card`` low among ``among``: a ten or lower, and no card of
    ``among`` is lower in rank. (``_lowest`` keeps trumps, so its card may be a king.)"""
    return card.rank <= LOW_RANK and all(card.rank <= c.rank for c in among)


def long_trumps(plan: "HandPlan", cards: Iterable[Card]) -> bool:
    """Whether the cards a bid counts on include a trump that a higher trump, not in the hand, could beat:
    such a trump counts because the others run out of trumps, which the reason then says."""
    trump = plan.trump
    if trump is None:
        return False
    held = {c.rank for c, _ in plan.chances if c.suit is trump}
    return any(c.suit is trump and any(r not in held for r in range(c.rank + 1, 15)) for c in cards)


def _highest(cards: Iterable[Card]) -> Card:
    return max(cards, key=lambda c: (c.rank, -c.suit.value))


class _CardsSeen:
    """What the seat knows about the cards, computed once per decision."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.n = view.n
        self.trump = view.trump
        self.hand = view.hand
        self.legal = view.legal_cards
        seen = set(view.hand)
        self.voids: dict[int, set[Suit]] = {}
        for trick in view.tricks:
            self._note(trick.seats, trick.cards, seen)
        cur = view.current
        if cur is not None:
            self._note(cur.seats, cur.cards, seen)
        self.unseen_top: dict[Suit, int] = {}
        self.unseen_count: dict[Suit, int] = {s: 0 for s in Suit}
        # FULL_PACK is ordered 2..A within each suit: the last unseen one is the top
        for c in FULL_PACK:
            if c not in seen:
                self.unseen_top[c.suit] = c.rank.value
                self.unseen_count[c.suit] += 1
        self.current = cur
        if cur is not None:
            self.led: Suit | None = cur.led
            self.winning_card: Card | None = cur.winning_card
            self.winner: int | None = cur.winning
            left = self.n - len(cur.cards) - 1
        else:
            self.led = self.winning_card = self.winner = None
            left = self.n - 1
        self.after = [(view.seat + k) % self.n for k in range(1, left + 1)]

    def _note(self, seats: Sequence[int], cards: Sequence[Card], seen: set[Card]) -> None:
        seen.update(cards)
        led = cards[0].suit
        for s, c in zip(seats[1:], cards[1:]):
            if c.suit is not led:
                self.voids.setdefault(s, set()).add(led)

    def is_void(self, seat: int, suit: Suit) -> bool:
        return suit in self.voids.get(seat, ())

    def master(self, card: Card) -> bool:
        """No card this seat has not seen is higher in the suit."""
        return self.unseen_top.get(card.suit, 0) < card.rank

    def safe(self, card: Card, seats: Sequence[int]) -> bool:
        """Whether ``card``, once winning, stays winning against ``seats`` still to play."""
        if not seats:
            return True
        if not self.master(card):
            return False
        trump = self.trump
        if trump is None or card.suit is trump or self.unseen_count[trump] == 0:
            return True
        led = self.led if self.led is not None else card.suit
        # a seat known to be void in the suit led may trump it
        return not any(self.is_void(s, led) and not self.is_void(s, trump) for s in seats)

    def beats(self, card: Card) -> bool:
        assert self.winning_card is not None and self.led is not None
        return beats(card, self.winning_card, self.trump)


# ------------------------------------------------------------------------ bot
def _bid_value(option: tuple[Contract, float, HandPlan | None]) -> tuple[float, int]:
    """How the bot ranks the contracts it may bid: the average gain, then the level.

    (Taking the highest contract whose chance is good enough instead lowered
    the declarers' made rate by about 3 points in simulations: a safe Three
    is often worth more than a shaky Four.)
    """
    k, chance, _plan = option
    return (round(chance * k.made - (1 - chance) * k.failed, 9), k.level)


def good_contracts(hand: Sequence[Card], players: int, profile: Profile,
                   style: str = DEFAULT_STYLE) -> list[tuple[Contract, float, HandPlan | None]]:
    """The contracts of the ladder the hand is likely enough to make, in a bidding ``style``,
    each with its estimated chance and plan (None for Misère)."""
    good: list[tuple[Contract, float, HandPlan | None]] = []
    for k in profile.ladder:
        if k.max_tricks == 0:
            chance, plan = misere_chance(hand, players, profile.hand_size), None
        else:
            plan = plan_hand(hand, players, k.min_tricks)
            chance = plan.make_chance(k)
        if chance >= make_chance_needed(k, style, profile.hand_size):
            good.append((k, chance, plan))
    return good


def book_choice(good: Sequence[tuple[Contract, float, HandPlan | None]], legal: Iterable[str],
                hand_size: int = BRITISH.hand_size) -> tuple[Contract, float, HandPlan | None] | None:
    """The call the simple bot makes ("by the book") among the legal bids named ``legal``; None: pass."""
    names = set(legal)
    biddable = [g for g in good if g[0].name in names]
    if not biddable:
        return None
    # a hand its style finds good enough for all five tricks goes for them (Nap is the game's
    # namesake and pays its risk); below that the bot takes the contract of the best average gain
    five = [g for g in biddable if g[0].min_tricks >= hand_size]
    return max(five, key=lambda g: g[0].level) if five else max(biddable, key=_bid_value)


class SimpleBot:
    """Counts likely tricks to bid; wins cheaply, draws trumps, discards low."""

    name = "simple"

    def __init__(self, rng: random.Random | None = None, style: str = DEFAULT_STYLE) -> None:
        if style not in STYLES:
            raise ValueError(f"unknown bidding style {style!r}: known styles are {', '.join(STYLES)}")
        self.rng = rng or random.Random()  # kept for the interface: the bot is deterministic
        self.style = style

    def decide(self, view: SeatView) -> Decision:
        if not isinstance(view, SeatView):
            raise TypeError("a bot decides from a SeatView only")
        if view.phase == "auction" and view.legal_calls:
            return self._call(view)
        if view.phase == "play" and view.legal_cards:
            return self._card(view)
        raise ValueError(f"{view.name} has nothing to do now")

    # ------------------------------------------------------------- auction
    def _call(self, view: SeatView) -> Decision:
        p = view.profile
        rule = p.rule(Topic.LADDER)
        hand, n = view.hand, view.n
        legal = {c.name for c in view.legal_calls if not c.is_pass}
        good = good_contracts(hand, n, p, self.style)
        chosen = book_choice(good, legal, p.hand_size)
        if chosen is not None:
            k, chance, plan = chosen
            facts: dict[str, object] = {"player": view.name, "call": k.name, "chance": round(100 * chance)}
            if plan is None:
                facts["cards"] = tuple(sorted(hand, key=lambda c: (c.rank, c.suit.value)))
                return Decision(Call(k.name), Explanation(p.rule(Topic.MISERE), "bot.bid_misere", facts))
            cards = plan.best(k.min_tricks)
            facts.update(count=k.min_tricks, cards=cards, suit=plan.trump)
            key = "bot.bid_long_trumps" if long_trumps(plan, cards) else "bot.bid_sure_tricks"
            return Decision(Call(k.name), Explanation(rule, key, facts))
        # pass: say why, naming only bids that may be made now
        open_bids = [p.contract(name) for name in legal]
        bids = [k for k in open_bids if k.max_tricks > 0]
        high = view.highest
        if not bids:  # nothing above the highest bid is left: only a pass is possible
            assert high is not None
            return Decision(PASS, Explanation(rule, "bot.pass_no_bid_left",
                                              {"player": view.name, "highest": Call(high[1].name)}))
        lowest = min(bids, key=lambda k: k.level)
        plan = plan_hand(hand, n, lowest.min_tricks)
        facts = {"player": view.name, "count": plan.count, "cards": plan.counted,
                 "needed": lowest.name, "tricks": lowest.min_tricks,
                 "chance": round(100 * plan.make_chance(lowest))}  # the estimate, said where it decides
        if good and high is not None:
            facts.update(supported=Call(max(good, key=lambda g: g[0].level)[0].name), highest=Call(high[1].name))
            return Decision(PASS, Explanation(rule, "bot.pass_outbid", facts))
        if plan.count >= lowest.min_tricks:
            key = "bot.pass_risky"
        else:
            key = "bot.pass_few_tricks" if plan.count else "bot.pass_no_tricks"
        return Decision(PASS, Explanation(rule, key, facts))

    # ---------------------------------------------------------------- play
    def _card(self, view: SeatView) -> Decision:
        t = _CardsSeen(view)
        contract = view.contract
        assert contract is not None
        if len(t.legal) == 1:
            card = t.legal[0]
            if len(view.hand) == 1:
                return self._say(view, "bot.last_card", card)
            if t.led is not None and card.suit is t.led:
                return self._say(view, "bot.must_follow", card, view.profile.rule(Topic.FOLLOW), led=t.led)
        if contract.max_tricks == 0:
            return self._misere(view, t)
        if view.outcome is not None:
            card = _lowest(t.legal, t.trump)
            return self._say(view, "bot.result_certain", card, view.profile.rule(Topic.EARLY_STOP))
        if t.current is None:
            return self._lead(view, t)
        return self._follow(view, t)

    def _say(self, view: SeatView, key: str, card: Card, rule: str = "bot", **facts: object) -> Decision:
        spare = SPARE_KEYS.get(key)
        among = view.legal_cards
        if key == "bot.lead_low_keep_trumps":  # "the lowest card outside trumps"
            among = tuple(c for c in among if c.suit is not view.trump)
        if spare is not None and not is_low(card, among):
            key = spare  # never call a king "low", nor a card the lowest when a lower trump is kept
        return Decision(card, Explanation(rule, key, {"player": view.name, "card": card, **facts}))

    def _lead(self, view: SeatView, t: _CardsSeen) -> Decision:
        p = view.profile
        legal = t.legal
        trump = t.trump
        if view.is_declarer and not view.tricks:
            assert view.contract is not None
            plan = plan_hand(view.hand, view.n, view.contract.min_tricks)
            suit = plan.trump if plan.trump is not None else _highest(legal).suit
            card = _highest(c for c in legal if c.suit is suit)
            return self._say(view, "bot.lead_trump_suit", card, p.rule(Topic.TRUMP), suit=suit)
        declarer = view.declarer
        assert declarer is not None
        trumps = [c for c in legal if c.suit is trump]
        side = [c for c in legal if c.suit is not trump]
        if view.is_declarer:
            if trump is not None and trumps and t.master(max(trumps, key=lambda c: c.rank)):
                card = max(trumps, key=lambda c: c.rank)
                if t.unseen_count[trump] > 0:
                    return self._say(view, "bot.draw_trumps", card, p.rule(Topic.TRICK), suit=trump)
                return self._say(view, "bot.cash_trump", card, p.rule(Topic.TRICK), suit=trump)
            masters = [c for c in side if t.master(c)]
            if masters:
                card = _highest(masters)
                return self._say(view, "bot.cash_winner", card, p.rule(Topic.TRICK), suit=card.suit)
            if side and trumps:
                return self._say(view, "bot.lead_low_keep_trumps", _lowest(side, trump))
            if side:
                return self._say(view, "bot.lead_low", _lowest(side, trump))
            return self._say(view, "bot.lead_high_trump", _highest(trumps), p.rule(Topic.TRICK))
        # a defender leads: cash a winner the declarer cannot trump, else lead low
        decl_trumpless = trump is None or t.is_void(declarer, trump)
        masters = [c for c in side if t.master(c) and (decl_trumpless or not t.is_void(declarer, c.suit))]
        if masters:
            card = _highest(masters)
            return self._say(view, "bot.cash_winner", card, p.rule(Topic.TRICK), suit=card.suit)
        if trumps and not decl_trumpless and t.master(_highest(trumps)):
            return self._say(view, "bot.draw_trumps", _highest(trumps), p.rule(Topic.TRICK), suit=trump)
        safe_side = [c for c in side if decl_trumpless or not t.is_void(declarer, c.suit)]
        pool = safe_side or side or trumps
        return self._say(view, "bot.lead_low", _lowest(pool, trump))

    def _follow(self, view: SeatView, t: _CardsSeen) -> Decision:
        p = view.profile
        legal = t.legal
        trump = t.trump
        led = t.led
        assert led is not None and t.winning_card is not None and t.winner is not None
        winners = [c for c in legal if t.beats(c)]
        declarer = view.declarer
        assert declarer is not None
        winning = t.winning_card
        if view.is_declarer:
            if winners:
                safe = [c for c in winners if t.safe(c, t.after)]
                if safe:
                    return self._win(view, t, _lowest(safe, trump))
                if winners[0].suit is not led:  # void: trump as cheaply as possible
                    return self._win(view, t, _lowest(winners, trump))
                return self._say(view, "bot.win_high", _highest(winners), p.rule(Topic.TRICK), winning=winning)
            return self._low(view, t)
        # a defender
        declarer_played = declarer not in t.after
        if declarer_played:
            if t.winner != declarer:
                card = _lowest(legal, trump)
                return self._say(view, "bot.partner_winning", card, p.rule(Topic.TRICK),
                                 winner=view.players[t.winner])
            if winners:
                return self._win(view, t, _lowest(winners, trump))
            return self._low(view, t)
        # the declarer is still to play after this seat
        if t.safe(winning, [declarer]):
            card = _lowest(legal, trump)
            return self._say(view, "bot.partner_winning", card, p.rule(Topic.TRICK),
                             winner=view.players[t.winner])
        safe = [c for c in winners if t.safe(c, [declarer])]
        if safe:
            return self._win(view, t, _lowest(safe, trump))
        if winners:
            card = _highest(winners) if winners[0].suit is led else _lowest(winners, trump)
            return self._say(view, "bot.defend_high", card, p.rule(Topic.TRICK),
                             declarer=view.players[declarer], winning=winning)
        return self._low(view, t)

    def _win(self, view: SeatView, t: _CardsSeen, card: Card) -> Decision:
        rule = view.profile.rule(Topic.TRICK)
        if card.suit is not t.led:
            return self._say(view, "bot.ruff", card, rule, led=t.led, winning=t.winning_card)
        return self._say(view, "bot.win_cheaply", card, rule, winning=t.winning_card)

    def _low(self, view: SeatView, t: _CardsSeen) -> Decision:
        card = _lowest(t.legal, t.trump)
        rule = view.profile.rule(Topic.FOLLOW)
        if card.suit is t.led:
            return self._say(view, "bot.follow_low", card, rule, winning=t.winning_card)
        return self._say(view, "bot.discard_low", card, rule, led=t.led)

    # -------------------------------------------------------------- misère
    def _misere(self, view: SeatView, t: _CardsSeen) -> Decision:
        rule = view.profile.rule(Topic.MISERE)
        legal = t.legal
        declarer = view.declarer
        assert declarer is not None
        decl_name = view.players[declarer]
        if t.current is None:
            if view.is_declarer:
                # the lowest card, in the suit with the most cards out that could cover it
                card = min(legal, key=lambda c: (c.rank, -t.unseen_count[c.suit], c.suit.value))
                return self._say(view, "bot.misere_lead", card, rule)
            pool = [c for c in legal if not t.is_void(declarer, c.suit)] or list(legal)
            card = min(pool, key=lambda c: (c.rank, c.suit.value))
            # "the lowest card in hand" only when it is; else the lowest of the suits the declarer may hold
            key = "bot.misere_defend_lead" if card.rank == min(c.rank for c in legal) else "bot.misere_defend_lead_suit"
            return self._say(view, key, card, rule, declarer=decl_name)
        led = t.led
        winning = t.winning_card
        following = legal[0].suit is led
        under = [c for c in legal if not t.beats(c)]
        if view.is_declarer:
            if not following:
                return self._say(view, "bot.misere_throw", _highest(legal), rule, led=led)
            if under:
                return self._say(view, "bot.misere_duck", _highest(under), rule, winning=winning)
            if not t.after:
                return self._say(view, "bot.misere_forced", _highest(legal), rule, winning=winning)
            return self._say(view, "bot.misere_hope", _lowest(legal, None), rule, winning=winning)
        declarer_played = declarer not in t.after
        if declarer_played and t.winner != declarer:
            # the declarer has escaped this trick: shed a high card
            return self._say(view, "bot.shed_high", _highest(legal), rule, declarer=decl_name)
        if not following:
            return self._say(view, "bot.throw_high", _highest(legal), rule, led=led)
        if declarer_played:
            if under:
                return self._say(view, "bot.misere_under", _highest(under), rule,
                                 winning=winning, declarer=decl_name)
            return self._say(view, "bot.forced_over", _lowest(legal, None), rule, winning=winning)
        return self._say(view, "bot.misere_defend_low", _lowest(legal, None), rule, declarer=decl_name)

