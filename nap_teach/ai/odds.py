"""The odds lab's engine: the chance of making each call with a given hand.

For five cards held by one seat, :func:`call_odds` deals the other cards at
random many times (the other hands and the unused pile, B4), solves each
layout with open hands from the seat's own first lead (which chooses trump,
B10; Misère has no trump, P4) with :mod:`nap_teach.ai.solver`, and counts for
each contract of the profile's ladder the layouts in which it is made with
best play. The figures come with a 95% interval (Wilson's), the expected
score of each call at the profile's stakes (B15, P5: each opponent pays or is
paid), and beside them what the simple bot's estimate says.

In Nap the declarer always leads to the first trick, whatever its place at
the table, so the seat does not change the chances; it is kept as the
declarer's seat of the solved layouts.

:func:`check_hand` reads five cards typed by a learner and refuses a bad hand
with an :class:`OddsError` carrying an Explanation (a card twice, not five
cards, a word that is not a card). A typed hand may be any five different
cards; a hand dealt by the lab comes with its whole deal (:class:`DealtTable`:
the other hands and the unused pile), and while the learner keeps to that deal
:func:`check_dealt_hand` also refuses a card that lies in the unused pile (B4)
or in another seat's hand (B3). :func:`as_dealt` solves the deal as it was
dealt, so the lab can set one real layout beside the odds.

The position matters for which calls may be made (B5, B7; P3): opening the
auction every call but Wellington (and, in the pub, Blücher) is allowed; after
a bid only higher calls are, Wellington only after a Nap and Blücher only after
a Wellington. :func:`position_refusals` says why each call is not allowed at a
position, and :func:`best_call` ranks only the calls allowed there, so the lab
never recommends a call that may not be made.

Pure engine code: no user interface import.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from .bots.simple import call_chance
from ..engine.auction import legal_calls_for
from ..engine.cards import FULL_PACK, Card, CardParseError
from ..engine.dealing import shuffle_and_deal
from ..engine.explain import Explanation, RecordError
from ..engine.profiles import BRITISH, Contract, Profile
from ..engine.rules import Topic
from ..words.cardtext import read_card, read_cards
from .solver import Position, can_make, mask_of, reaches

__all__ = ["CallOdds", "DealtTable", "OddsError", "as_dealt", "check_hand", "check_dealt_hand", "call_odds",
           "deal_table", "wilson", "DEFAULT_LAYOUTS", "check_position", "position_refusals",
           "best_call"]

DEFAULT_LAYOUTS = 1000


class OddsError(RecordError):
    """A hand the odds lab cannot use (the explanation says why)."""


@dataclass(frozen=True)
class CallOdds:
    """One call's figures."""

    contract: Contract
    made: int
    layouts: int
    low: float
    """Lower end of the 95% interval of the chance."""
    high: float
    expected: float
    """Declarer's expected score for the deal at the profile's stakes."""
    simple: float
    """The simple bot's estimate of the chance (counting likely tricks)."""

    @property
    def chance(self) -> float:
        return self.made / self.layouts if self.layouts else 0.0


def wilson(made: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion (95% by default)."""
    if total <= 0:
        return 0.0, 1.0
    p = made / total
    d = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / d
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / d
    low = 0.0 if made == 0 else max(0.0, centre - half)
    high = 1.0 if made == total else min(1.0, centre + half)
    return low, high


def check_hand(texts: Iterable[str | Card] | str, lang: str = "en", profile: Profile = BRITISH) -> tuple[Card, ...]:
    """A hand of the profile's size, different cards from codes, symbols or words of either language
    ("AS KH 10D 2C 7H", "reina de corazones, RC ..."; :mod:`nap_teach.words.cardtext`, a code that
    reads both ways in ``lang``), or :class:`OddsError`."""
    cards: list[Card] = []
    try:
        if isinstance(texts, str):
            cards = [r.card for r in read_cards(texts, lang)]
        else:
            cards = [item if isinstance(item, Card) else read_card(str(item), lang).card for item in texts]
    except CardParseError as e:
        raise OddsError(Explanation("odds", "odds.not_a_card", {"text": str(e.text)[:40]})) from None
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise OddsError(Explanation("odds", "odds.twice", {"card": c}))
        seen.add(c)
    if len(cards) != profile.hand_size:
        raise OddsError(Explanation("odds", "odds.count", {"count": len(cards), "size": profile.hand_size}))
    return tuple(cards)


@dataclass(frozen=True)
class DealtTable:
    """A whole deal behind a hand the lab dealt: every seat's hand and the unused pile (B4).

    Seats count from the dealer's left (seat 0 is the dealer's left-hand neighbour).
    """

    hands: tuple[tuple[Card, ...], ...]
    unused: tuple[Card, ...]

    @property
    def players(self) -> int:
        return len(self.hands)


def deal_table(players: int, rng: random.Random, profile: Profile) -> DealtTable:
    """Shuffle, cut and deal a whole table as the rules do (B3, B4), dealer in the last seat."""
    if not profile.min_players <= players <= profile.max_players:
        raise OddsError(Explanation("odds", "odds.players", {"low": profile.min_players,
                                                             "high": profile.max_players, "count": players}))
    deal = shuffle_and_deal([f"seat{i + 1}" for i in range(players)], players - 1, rng, profile)
    return DealtTable(deal.hands, deal.unused)


def check_dealt_hand(texts: Iterable[str | Card] | str, table: DealtTable, seat: int,
                     lang: str = "en", profile: Profile = BRITISH) -> tuple[Card, ...]:
    """Like :func:`check_hand`, and every card must be one the seat was dealt in ``table``.

    A card of the unused pile is refused with B4 (it stays face down all deal, out
    of play), a card of another seat's hand with B3 (each card is dealt once).
    """
    hand = check_hand(texts, lang, profile)
    own = set(table.hands[seat % table.players])
    unused = set(table.unused)
    for c in hand:
        if c in own:
            continue
        if c in unused:
            raise OddsError(Explanation("B4", "odds.unused", {"card": c}))
        raise OddsError(Explanation("B3", "odds.elsewhere", {"card": c}))
    return hand


@dataclass(frozen=True)
class AsDealt:
    """What the seat's hand makes in the deal as dealt, with open hands and best play."""

    tricks: int
    """Most tricks the seat takes as declarer in a trump call (its first lead chooses trump)."""
    made: dict[str, bool]
    """Each call of the ladder by name: made or not."""


def as_dealt(table: DealtTable, seat: int, profile: Profile) -> AsDealt:
    """Solve the deal as dealt with ``seat`` as declarer, for every call of the ladder."""
    ladder = profile.ladder
    reached, misere = _solve_layout(tuple(mask_of(h) for h in table.hands), seat % table.players,
                                    [k for k in ladder if k.trumps], [k for k in ladder if not k.trumps],
                                    range(1, profile.hand_size + 1))
    tricks = max((t for t, yes in reached.items() if yes), default=0)
    return AsDealt(tricks, {k.name: tricks >= k.min_tricks if k.trumps else misere[k.name] for k in ladder})


def _solve_layout(hands: tuple[int, ...], seat: int, trump_calls: Sequence[Contract],
                  misere_calls: Sequence[Contract], targets: Iterable[int]) -> tuple[dict[int, bool], dict[str, bool]]:
    """One layout solved with ``seat`` declaring and leading: whether its tricks reach each target (one
    search for every trump call, whose first lead chooses trump), and whether each Misère call is made."""
    reached = (reaches(Position(hands, seat, (), None, seat, trump_calls[0], 0, True), targets)
               if trump_calls else {})
    misere = {k.name: can_make(Position(hands, seat, (), None, seat, k, 0, False)) for k in misere_calls}
    return reached, misere


def call_odds(hand: Sequence[Card], players: int, profile: Profile, layouts: int = DEFAULT_LAYOUTS,
              seed: object = 0, seat: int = 0,
              progress: Callable[[int, int], None] | None = None) -> list[CallOdds]:
    """Each call of the ladder with its chance, interval, expected score and the simple bot's estimate.

    ``progress(done, total)`` is called every 50 layouts and at the end.
    """
    hand = check_hand(hand, profile=profile)
    if not profile.min_players <= players <= profile.max_players:
        raise OddsError(Explanation("odds", "odds.players", {"low": profile.min_players,
                                                             "high": profile.max_players, "count": players}))
    seat = seat % players
    rng = random.Random(f"nap-teach:odds:{seed}")
    own = mask_of(hand)
    rest = [c for c in FULL_PACK if c not in hand]
    ladder = list(profile.ladder)
    trump_calls = [k for k in ladder if k.trumps]
    misere_calls = [k for k in ladder if not k.trumps]
    made = {k.name: 0 for k in ladder}
    for i in range(layouts):
        rng.shuffle(rest)
        hands = []
        j = 0
        for s in range(players):
            if s == seat:
                hands.append(own)
            else:
                hands.append(mask_of(rest[j:j + profile.hand_size]))
                j += profile.hand_size
        reached, misere = _solve_layout(tuple(hands), seat, trump_calls, misere_calls,
                                        [k.min_tricks for k in trump_calls])
        for k in trump_calls:
            if reached[k.min_tricks]:
                made[k.name] += 1
        for name, yes in misere.items():
            if yes:
                made[name] += 1
        if progress is not None and ((i + 1) % 50 == 0 or i + 1 == layouts):
            progress(i + 1, layouts)
    out = []
    for k in ladder:
        m = made[k.name]
        p = m / layouts if layouts else 0.0
        low, high = wilson(m, layouts)
        # each opponent pays the declarer k.made when it is made, and is paid k.failed when it fails
        expected = (players - 1) * (p * k.made - (1 - p) * k.failed)
        out.append(CallOdds(k, m, layouts, low, high, expected, call_chance(hand, players, k)))
    return out


# ------------------------------------------------------------------ the position in the auction
def check_position(profile: Profile, after: str | None) -> str | None:
    """``after`` as a call of ``profile``'s ladder (its record name), None for the opening; or OddsError.

    ``after`` is the highest bid made so far at the table (None or "" when nobody has bid yet).
    """
    if after is None or after == "":
        return None
    found = profile.find_contract(str(after).strip().lower()) if isinstance(after, str) else None
    if found is None:
        raise OddsError(Explanation("odds", "odds.no_such_position", {"text": str(after)}))
    return found.name


def _bids_before(profile: Profile, after: str) -> frozenset[str]:
    """The bids a table has surely heard when ``after`` is the highest: it and the calls it needs (B7, P3)."""
    bids: set[str] = set()
    name: str | None = after
    while name is not None and name not in bids:
        bids.add(name)
        name = profile.contract(name).requires
    return frozenset(bids)


def position_refusals(profile: Profile, after: str | None) -> dict[str, Explanation | None]:
    """Each call of the ladder by name: None when it may be made at this position, else why not.

    ``after`` is the highest bid so far (None: opening the auction). A call not higher than
    it is refused by the ladder (B5, P3); a call that needs another bid first by B7 (P3).

    >>> from nap_teach.engine.profiles import BRITISH
    >>> {k: (v.rule if v else None) for k, v in position_refusals(BRITISH, None).items()}
    {'Three': None, 'Four': None, 'Nap': None, 'Wellington': 'B7'}
    >>> [k for k, v in position_refusals(BRITISH, "Nap").items() if v is None]
    ['Wellington']
    """
    after = check_position(profile, after)
    high = profile.contract(after) if after is not None else None
    bids = _bids_before(profile, after) if after is not None else frozenset()
    legal = {c.name for c in legal_calls_for(profile, (0, high) if high is not None else None, bids)}
    out: dict[str, Explanation | None] = {}
    for k in profile.ladder:
        if k.name in legal:
            out[k.name] = None
        elif high is not None and k.level <= high.level:
            out[k.name] = Explanation(profile.rule(Topic.LADDER), "odds.not_higher",
                                      {"call": k.name, "highest": high.name})
        else:
            out[k.name] = Explanation(profile.rule(Topic.REQUIRES), "odds.requires",
                                      {"call": k.name, "needed": k.requires})
    return out


def best_call(odds: Sequence[CallOdds], profile: Profile, after: str | None) -> CallOdds | None:
    """The call with the best expected score among those allowed at this position, or None when
    no allowed call expects to gain (then passing, which scores 0, is best).

    Never a call that may not be made there (B7, P3): at the opening Wellington is out
    whatever its expected score.
    """
    allowed = position_refusals(profile, after)
    legal = [o for o in odds if o.contract.name in allowed and allowed[o.contract.name] is None]
    if not legal:
        return None
    top = max(legal, key=lambda o: o.expected)
    return top if top.expected > 0 else None
