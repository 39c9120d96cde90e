"""Positions for the trainers: example names, and real deals reached by legal calls and cards only."""
from __future__ import annotations

import random
from typing import Sequence

from ...engine.cards import FULL_PACK, Card, Suit
from ...engine.dealing import Deal, clockwise_from, deal_rng, shuffle_and_deal
from ...engine.explain import RuleError
from ...engine.profiles import BRITISH, Contract, Profile
from ...engine.state import Action, DealState

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
