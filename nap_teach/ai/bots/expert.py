"""The "expert" bot: samples layouts of the cards it cannot see and solves each one exactly.

It sees one :class:`~nap_teach.engine.views.SeatView` and nothing else. For a
decision it deals the unseen cards (the other hands and the unused pile, B4)
at random many times, keeping only layouts that agree with what the table has
shown: every seat holds as many cards as it should, and a seat that did not
follow a suit (B11) holds none of it. Each layout is solved with open hands by
:mod:`nap_teach.ai.solver`, and the bot picks the card that makes the contract in
the most layouts (as declarer) or in the fewest (as defender); in Misère
"made" means the declarer took no trick (P4). Among equally good cards it
follows the simple bot's plain rules when they name one of them, else it plays
the lowest.

Bidding works the same way: for the hand it holds, it deals the other hands
at random and solves each layout from its first lead (which chooses trump,
B10). The bidder must choose that lead before it sees the other hands, so a
contract counts with the one lead that makes it in the most layouts (after a
few layouts, a hand that makes nothing often enough even with each layout's own
best lead is passed at once). A yes/no search that runs long counts as made:
long searches are mostly contracts being proved. Real
defenders cannot see the cards as the solver's do, so the share of layouts is
raised by the table's edge (:func:`table_edge`, measured by playing calls out)
before each contract's chance is weighed by the stakes of the profile in force
(B15, P5); it bids the contract with the best expected gain, or passes when
none gains.

Every decision carries its numbers ("makes Nap in 41 of 50 layouts"). The
sampling draws from the bot's own seeded generator, so a given seed gives the
same game every time. The auction tells something too: a layout where a seat
that bid holds a hand that could hardly have bid it (by the simple bot's own
estimate, generously read) is drawn again; passes are not used.
"""
from __future__ import annotations

import random
from typing import Callable, Sequence

from ...engine.auction import PASS, Call
from ...engine.cards import Card, Suit
from ...engine.explain import Explanation
from ...engine.profiles import Contract
from ..solver import (BudgetExceeded, NodeBudget, Position, can_make, card_outcomes, cards_of, lead_reaches, mask_of)
from ...engine.views import SeatView
from .base import Decision
from .simple import SimpleBot, call_chance, misere_chance, plan_hand

__all__ = ["ExpertBot", "REASON_KEYS", "sample_layouts", "choose_call", "DEFAULT_LAYOUTS"]

DEFAULT_LAYOUTS = 40
"""Layouts solved for one decision of the play."""

BID_LAYOUTS = 48
"""Layouts solved for a call: one call per deal decides most of its score, so it gets more."""

BID_FIT = 0.15
"""A bidder's sampled hand must give at least this chance (simple bot's estimate) of making its bid."""

AUCTION_CHECKS = 12
"""Layouts drawn per layout kept, at most, while reading the auction (reading a hand costs as much as a
small search); past that the auction is not read for the remaining layouts of the decision."""

PLAY_NODES = 80_000
"""Search nodes one card may use over all its layouts, a bound on the time one card may take (timed in
benchmarks/README.md): the layouts past it are not solved."""

LAYOUT_NODES = 15_000
"""Search nodes one layout may use; a layout that needs more is left out (rare: big tables, early tricks)."""

BID_NODES = 120_000
"""Search nodes one call may use over all its layouts."""

PASS_FIT = 0.75
"""A seat that passed before anyone bid holds a hand under this chance (simple bot's estimate) for the lowest bid."""

TABLE_EDGE = 0.05
"""A contract made in a share ``p`` of the solved layouts (each solved with open hands, from the one first
lead that makes it most often) is made about ``p + TABLE_EDGE`` of the time at a table of four: defenders
who cannot see the cards defend worse than the solver's. Measured over 1,040 expert calls at four players
and 480 at six, every call played out (benchmarks/README.md, "Calibrating the expert's calls")."""

TABLE_EDGE_PER_PLAYER = 0.025
"""The edge grows with the table: more defenders who cannot see each other's cards (about 0.1 at six)."""

SCREEN_SLACK = 0.1
"""After ``SCREEN_LAYOUTS`` layouts a hand goes on being solved only when, with each layout's own best lead,
some contract is made in a share of them at least this close to its break-even chance (less the table's
edge): most hands are hopeless, and their call is then quick."""

SCREEN_LAYOUTS = 16
"""Layouts solved before a hand is screened (see ``SCREEN_SLACK``)."""

SEARCH_NODES = 1_000
"""Search nodes one yes/no question may use (a call: one first lead and one contract; a card: one card). A longer search is
counted as made: proving a contract needs every reply of every defender answered, refuting it one line of
theirs, and at five and six players about 80 to 95 % of such long searches turned out made (benchmarks/README.md).
Without this cap a few such layouts used up a call's budget at five or more players, and early in the play
the layouts left out were mostly those where the contract is made."""

MISERE_TRY = 0.25
"""The simple bot's Misère estimate above which the expert also samples Misère when bidding."""

REASON_KEYS: tuple[str, ...] = (
    "bot.expert_bid",
    "bot.expert_bid_over",
    "bot.expert_declarer",
    "bot.expert_defender",
    "bot.expert_fallback_call",
    "bot.expert_fallback_card",
    "bot.expert_only_call",
    "bot.expert_only_card",
    "bot.expert_pass",
    "bot.expert_pass_defend",
    "bot.result_certain",
)


def _voids(view: SeatView) -> dict[int, set[Suit]]:
    """Suits each seat has shown out of (it did not follow when that suit was led, B11)."""
    out: dict[int, set[Suit]] = {s: set() for s in range(view.n)}
    tricks = list(view.tricks)
    if view.current is not None:
        tricks.append(view.current)
    for t in tricks:
        led = t.cards[0].suit
        for seat, card in zip(t.seats, t.cards):
            if card.suit is not led:
                out[seat].add(led)
    return out


def _sizes(view: SeatView) -> list[int]:
    """How many cards each seat holds now."""
    left = view.profile.hand_size - len(view.tricks)
    played = set(view.current.seats) if view.current is not None else set()
    return [left - (1 if s in played else 0) for s in range(view.n)]


def _bidders(view: SeatView) -> dict[int, Contract]:
    """Each other seat's highest bid in the auction."""
    out: dict[int, Contract] = {}
    for i, call in enumerate(view.calls):
        seat = view.speaker(i)
        if not call.is_pass and seat != view.seat:
            out[seat] = view.profile.contract(call.name)
    return out


def _openers_who_passed(view: SeatView) -> list[int]:
    """Other seats that passed while nobody had bid yet (they did not find even the lowest bid)."""
    out = []
    for i, call in enumerate(view.calls):
        if not call.is_pass:
            break
        seat = view.speaker(i)
        if seat != view.seat:
            out.append(seat)
    return out


def _lowest_bid(view: SeatView) -> Contract:
    """The lowest contract with trumps that needs no earlier bid (Three)."""
    return min((k for k in view.profile.ladder if k.trumps and k.requires is None), key=lambda k: k.level)


def _weak(hand: Sequence[Card], contract: Contract, players: int) -> bool:
    """Whether a hand is one that could have passed ``contract`` (the simple bot's estimate, generously)."""
    return plan_hand(hand, players, contract.min_tricks).make_chance(contract) < PASS_FIT


def _fits(hand: Sequence[Card], contract: Contract, players: int) -> bool:
    """Whether a hand is one that could have bid ``contract`` (the simple bot's estimate, generously)."""
    return call_chance(hand, players, contract) >= BID_FIT


def sample_layouts(view: SeatView, rng: random.Random, count: int) -> list[tuple[int, ...]]:
    """``count`` layouts (one mask per seat, the bot's own hand as it is) consistent with the view.

    The unseen cards are shuffled and dealt to the other seats, the seats with
    most known voids first, each taking the first cards it may hold; a deal
    that runs short is drawn again, and so is one where a seat that bid holds
    a hand that could hardly have bid it (with the cards it has played). After
    many tries the bids and then the voids are dropped, so a layout always comes; and once
    ``AUCTION_CHECKS`` draws per layout asked for have been read against the auction, the
    rest of the layouts are not (a decision's time stays bounded).
    """
    unseen = list(view.unseen())
    sizes = _sizes(view)
    voids = _voids(view)
    bidders = _bidders(view)
    passers = _openers_who_passed(view)
    lowest = _lowest_bid(view)
    played: dict[int, list[Card]] = {s: [] for s in range(view.n)}
    for t in (*view.tricks, *((view.current,) if view.current is not None else ())):
        for seat, card in zip(t.seats, t.cards):
            played[seat].append(card)
    me = view.seat
    others = sorted((s for s in range(view.n) if s != me and sizes[s] > 0), key=lambda s: -len(voids[s]))
    own = mask_of(view.hand)
    out = []
    checks = AUCTION_CHECKS * count  # hands read against the auction, for all the layouts together
    for _ in range(count):
        for attempt in range(200):
            rng.shuffle(unseen)
            pool = unseen[:]
            hands = [0] * view.n
            hands[me] = own
            ok = True
            for s in others:
                barred = voids[s] if attempt < 150 else set()
                take: list[Card] = []
                rest: list[Card] = []
                for c in pool:
                    if len(take) < sizes[s] and c.suit not in barred:
                        take.append(c)
                    else:
                        rest.append(c)
                if len(take) < sizes[s]:
                    ok = False
                    break
                hands[s] = mask_of(take)
                pool = rest
            if ok and attempt < 100 and checks > 0 and (bidders or passers):
                checks -= 1
                ok = (all(_fits(cards_of(hands[b]) + played[b], k, view.n) for b, k in bidders.items())
                      and all(_weak(cards_of(hands[s]) + played[s], lowest, view.n) for s in passers))
            if ok:
                out.append(tuple(hands))
                break
    return out


def table_edge(players: int) -> float:
    """How much more often a contract is made at the table than in the solved layouts (see ``TABLE_EDGE``)."""
    return max(0.0, TABLE_EDGE + TABLE_EDGE_PER_PLAYER * (players - 4))


def choose_gain(k: Contract, made: dict[str, int], total: int, players: int, misere: bool = True,
                edge: float = 0.0) -> float:
    """Expected score of declaring ``k``, made in ``made[k.name]`` of ``total`` layouts (every opponent pays);
    ``edge`` is added to that share (:func:`table_edge`)."""
    if k.max_tricks == 0 and not misere:
        return float("-inf")
    p = min(1.0, made[k.name] / total + edge)
    return (players - 1) * (p * k.made - (1 - p) * k.failed)


def choose_call(contracts: Sequence[Contract], made: dict[str, int], total: int, players: int,
                highest: Contract | None = None, rival_made: int = 0, misere: bool = True,
                edge: float = 0.0) -> tuple[Contract, str]:
    """The bid of best expected score, and the reason key: bid it, or pass (B15, P5).

    ``made[name]`` of ``total`` sampled layouts make each contract (``edge`` added to
    that share: :func:`table_edge`); declaring it wins or
    loses its stake against every opponent. Passing is worth 0 when nobody has bid; after
    a bid (``highest``, made in ``rival_made`` layouts) the bot would defend it if nobody
    outbids it: it pays its stake when the contract is made and is paid when it fails.
    ``misere``: whether Misère was sampled at all (else it is not a candidate).
    """
    def gain(k: Contract) -> float:
        return choose_gain(k, made, total, players, misere, edge)

    pass_gain = 0.0
    if highest is not None:
        q = rival_made / total
        pass_gain = (1 - q) * highest.failed - q * highest.made
    best = max(contracts, key=lambda k: (gain(k), -k.level))
    if gain(best) > pass_gain:
        return best, "bot.expert_bid" if gain(best) > 0 or highest is None else "bot.expert_bid_over"
    return best, "bot.expert_pass_defend" if highest is not None and gain(best) > 0 else "bot.expert_pass"


class ExpertBot:
    """Samples layouts consistent with its view and solves each one (see the module docs)."""

    name = "expert"

    def __init__(self, rng: random.Random | None = None, layouts: int = DEFAULT_LAYOUTS,
                 bid_layouts: int | None = None, play_nodes: int = PLAY_NODES, bid_nodes: int = BID_NODES) -> None:
        self.rng = rng or random.Random()
        self.play_nodes = play_nodes
        self.bid_nodes = bid_nodes
        self.layouts = layouts
        if bid_layouts is None:  # more for a call than for a card, unless a caller chose its own count
            bid_layouts = BID_LAYOUTS if layouts == DEFAULT_LAYOUTS else layouts
        self.bid_layouts = bid_layouts
        self._simple = SimpleBot(random.Random(0))
        self.last_estimate: dict[str, object] | None = None
        """The figures behind the last call (layouts solved, contracts made), for benchmarks/bench_calls.py."""

    def decide(self, view: SeatView) -> Decision:
        if view.to_act != view.seat or view.phase not in ("auction", "play"):
            raise ValueError(f"{view.name} has nothing to do now")
        if view.phase == "auction":
            return self._bid(view)
        return self._play(view)

    # ------------------------------------------------------------- bidding
    def _bid(self, view: SeatView) -> Decision:
        self.last_estimate = None
        bids = [c for c in view.legal_calls if not c.is_pass]
        highest = view.highest
        if not bids:
            return Decision(PASS, Explanation("bot", "bot.expert_only_call",
                                              {"player": view.name,
                                               "highest": highest[1].name if highest else PASS.name}))
        contracts = [view.profile.contract(c.name) for c in bids]
        layouts = sample_layouts(view, self.rng, self.bid_layouts)  # no card played yet: every hand is full
        try_misere = any(k.max_tricks == 0 for k in contracts) and misere_chance(view.hand, view.n, view.profile.hand_size) >= MISERE_TRY
        trump_contracts = [k for k in contracts if k.trumps]
        misere = [k for k in contracts if k.max_tricks == 0] if try_misere else []
        edge = table_edge(view.n)

        def promising(any_lead: dict[str, int], total: int) -> bool:
            """Whether some contract, with each layout's own best lead, comes near its break-even chance."""
            return any(any_lead[k.name] >= (k.failed / (k.made + k.failed) - edge - SCREEN_SLACK) * total
                       for k in contracts if k.trumps or try_misere)

        made, any_lead, solved, left = self._tally(view, layouts, contracts, trump_contracts, misere,
                                                   self.bid_nodes, promising)
        total = len(solved)
        if not total:
            call = self._simple.decide(view).action
            assert isinstance(call, Call)
            return Decision(call, Explanation("bot", "bot.expert_fallback_call", {"player": view.name, "call": call}))
        # the bid so far, solved from its bidder's seat on the same layouts: only when defending it could
        # change the choice (its worth lies between losing and winning its stake)
        rival_made = 0
        rival_solved = False
        if highest is not None:
            rival, rk = highest
            top = choose_call(contracts, made, total, view.n, None, 0, try_misere, edge)[0]
            worth = choose_gain(top, made, total, view.n, try_misere, edge)
            if -rk.made <= worth <= rk.failed:
                rival_solved = True
                counted = 0
                for hands in solved:
                    if left <= 0:
                        break
                    budget = NodeBudget(min(left, LAYOUT_NODES))
                    try:
                        rival_made += can_make(Position(hands, rival, (), None, rival, rk, 0, rk.trumps), budget)
                    except BudgetExceeded:
                        rival_made += 1  # too big to solve: counted as made (defending it is not preferred)
                    finally:
                        left -= budget.used
                    counted += 1
                rival_made += total - counted  # not reached within the budget: counted as made
            else:
                # defending cannot win more than the stake nor lose more: the choice does not hang on it
                rival_made = total if worth > rk.failed else 0
        best, key = choose_call(contracts, made, total, view.n, highest[1] if highest else None, rival_made,
                                try_misere, edge)
        self.last_estimate = {"made": dict(made), "any_lead": dict(any_lead), "total": total, "rival_made": rival_made,
                              "rival_solved": rival_solved}
        facts: dict[str, object] = {"player": view.name, "call": best.name, "made": made[best.name],
                                    "layouts": total}
        if highest is not None:
            facts.update(bidder=view.players[highest[0]], highest=highest[1].name)
            if rival_solved:
                facts.update(rival=rival_made, beaten=total - rival_made)
        if key in ("bot.expert_bid", "bot.expert_bid_over"):
            call = next(c for c in bids if c.name == best.name)
            return Decision(call, Explanation("bot", key, facts))
        return Decision(PASS, Explanation("bot", key, facts))

    def _tally(self, view: SeatView, layouts: Sequence[tuple[int, ...]], contracts: Sequence[Contract],
               trump_contracts: Sequence[Contract], misere: Sequence[Contract], nodes: int,
               promising: Callable[[dict[str, int], int], bool]
               ) -> tuple[dict[str, int], dict[str, int], list[tuple[int, ...]], int]:
        """Layouts where each contract is made from the bidder's first lead: with the one lead that makes it
        most often, and with each layout's own best lead; then the layouts solved and the nodes left.
        ``contracts`` are all the bids (those neither with trumps nor in ``misere`` stay at 0).

        The bidder chooses one first lead (and with it trump, B10) before it sees the other hands, so
        a contract counts with the one lead that makes it in the most layouts; each layout's own best
        lead is too hopeful, but it tells hopeless hands quickly: after ``SCREEN_LAYOUTS`` layouts a
        hand that is not ``promising`` is not solved further.
        """
        by_lead: dict[Card, dict[str, int]] = {}  # per first lead: layouts where it makes each contract
        any_lead = {k.name: 0 for k in contracts}
        solved: list[tuple[int, ...]] = []
        left = nodes
        seat = view.seat
        targets = [k.min_tricks for k in trump_contracts]
        first = trump_contracts[0] if trump_contracts else None
        for hands in layouts:
            if left <= 0:
                break
            if len(solved) == SCREEN_LAYOUTS and not promising(any_lead, len(solved)):
                break
            budget = NodeBudget(left)
            try:
                ok = (lead_reaches(Position(hands, seat, (), None, seat, first, 0, True), targets, budget,
                                   SEARCH_NODES) if first is not None else {})
                ok_misere = []
                for k in misere:
                    part = NodeBudget(min(budget.left, LAYOUT_NODES))
                    try:
                        ok_misere.append({card: m is not False for card, m in card_outcomes(
                            Position(hands, seat, (), None, seat, k, 0, False), part, SEARCH_NODES).items()})
                    finally:
                        budget.counter[0] -= part.used
            except BudgetExceeded:
                continue  # too big to solve in the time a call may take: left out
            finally:
                left -= budget.used
            solved.append(hands)
            for k in trump_contracts:
                reached = [r[k.min_tricks] is not False for r in ok.values()]  # unanswered counts as made
                any_lead[k.name] += any(reached)
                for card, r in zip(ok, reached):
                    tally = by_lead.setdefault(card, {})
                    tally[k.name] = tally.get(k.name, 0) + r
            for k, outcomes in zip(misere, ok_misere):
                any_lead[k.name] += any(outcomes.values())
                for card, m in outcomes.items():
                    tally = by_lead.setdefault(card, {})
                    tally[k.name] = tally.get(k.name, 0) + m
        # each contract with its best single lead
        made = {k.name: max((t.get(k.name, 0) for t in by_lead.values()), default=0) for k in contracts}
        return made, any_lead, solved, left

    # ---------------------------------------------------------------- play
    def _play(self, view: SeatView) -> Decision:
        legal = list(view.legal_cards)
        if len(legal) == 1:
            return Decision(legal[0], Explanation("bot", "bot.expert_only_card",
                                                  {"player": view.name, "card": legal[0]}))
        if view.outcome is not None:
            low = min(legal, key=lambda c: (c.rank, c.suit))
            return Decision(low, Explanation("bot", "bot.result_certain", {"player": view.name, "card": low}))
        contract = view.contract
        declarer = view.declarer
        assert contract is not None and declarer is not None
        if view.current is not None:
            leader, trick = view.current.seats[0], tuple(view.current.cards)
        else:
            leader, trick = view.seat, ()
        first = not trick and not view.tricks and contract.trumps
        layouts = sample_layouts(view, self.rng, self.layouts)
        counts = {c: 0 for c in legal}
        left = self.play_nodes
        solved = 0
        for hands in layouts:
            if left <= 0:
                break
            pos = Position(hands, leader, trick, view.trump, declarer, contract, view.tricks_won[declarer], first)
            budget = NodeBudget(min(left, LAYOUT_NODES))
            try:
                outcomes = card_outcomes(pos, budget, SEARCH_NODES)
            except BudgetExceeded:
                continue  # too big to solve in the time a card may take: left out
            finally:
                left -= budget.used
            solved += 1
            for card, ok in outcomes.items():
                if ok is not False:  # unanswered (a long search) counts as made, see SEARCH_NODES
                    counts[card] += 1
        if not solved:
            plain = self._simple.decide(view).action
            assert isinstance(plain, Card)
            return Decision(plain, Explanation("bot", "bot.expert_fallback_card",
                                               {"player": view.name, "card": plain}))
        mine = view.seat == declarer
        target = max(counts.values()) if mine else min(counts.values())
        tied = [c for c in legal if counts[c] == target]
        card = self._tie_break(view, tied)
        facts = {"player": view.name, "card": card, "contract": contract.name, "made": counts[card],
                 "layouts": solved, "declarer": view.players[declarer]}
        key = "bot.expert_declarer" if mine else "bot.expert_defender"
        return Decision(card, Explanation("bot", key, facts))

    def _tie_break(self, view: SeatView, tied: Sequence[Card]) -> Card:
        """Among equally good cards: the simple bot's choice when it is one of them, else the lowest."""
        if len(tied) > 1:
            plain = self._simple.decide(view).action
            if plain in tied:
                return plain  # type: ignore[return-value]
        return min(tied, key=lambda c: (c.rank, c.suit))


