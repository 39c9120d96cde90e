"""An exact solver for open-hand play: best play by everyone, every hand known.

For a position of a deal (a :class:`~nap_teach.engine.state.DealState` in the play
phase, or a plain :class:`Position`), :func:`solve` gives the number of tricks
the declarer takes when everyone plays best: the declarer maximising, the
defenders together minimising (B14: they share one goal). In Misère (P4) the
declarer wants no trick, so the sides swap: the declarer minimises and the
defenders maximise. :func:`card_values` gives that number after each legal card,
:func:`can_make` answers "can the declarer make the contract?".

How it is fast (the methods of double-dummy solvers for bridge, on a 5-trick
game):

- hands are 52-bit masks (bit ``card.index``: suit * 13 + rank - 2);
- alpha-beta search, within each trick card by card (the declarer's side
  against the defenders' side), with a transposition table of lower and upper
  bounds kept at the start of every trick;
- cards that touch in rank within a suit (no card between them is still in a
  hand or on the table: played cards and the unused pile do not count, B4) are
  one choice: only the highest of each such run is searched;
- the yes/no question ("can the declarer take at least t tricks?") is a
  null-window search that stops as soon as the contract is sure or lost; the
  exact count is a few such questions sharing one table;
- sure tricks end a search early: a side's trumps that the other side has
  too few higher trumps to beat; the top card of a side suit led by a side
  that nobody can ruff; in Misère, a lead into a suit where all the
  declarer's cards are the highest; inside a trick, a declarer card already
  beaten (or that nobody still to play can beat);
- the last trick is counted directly, without search.

The first lead of a deal also chooses trump (B10), except in Misère (P4):
a :class:`Position` with ``trump_open`` set searches each lead with its suit
as trump.

Everything here is pure engine code: no user interface import.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence, TypeVar

from ...engine.cards import Card, Suit
from ...engine.profiles import Contract
from .position import BIT_CARD, BIT_SUIT, Position, SolverError, cards_of, mask_of
from .search import BudgetExceeded, NodeBudget, Search

if TYPE_CHECKING:
    from ...engine.state import DealState

__all__ = [
    "Position",
    "SolverError",
    "BudgetExceeded",
    "NodeBudget",
    "solve",
    "card_values",
    "can_make",
    "best_cards",
    "card_outcomes",
    "lead_reaches",
    "reaches",
    "mask_of",
    "cards_of",
    "solve_masks",
    "can_make_masks",
]


def _position(state_or_pos: "DealState | Position") -> Position:
    if isinstance(state_or_pos, Position):
        return state_or_pos
    return Position.from_state(state_or_pos)


def solve(state: "DealState | Position") -> int:
    """The declarer's total tricks in the deal (those won so far included) with best play by all."""
    pos = _position(state)
    return pos.won + Search(pos).exact()


def can_make(state: "DealState | Position", budget: int | NodeBudget | None = None) -> bool:
    """Whether the declarer makes the contract with best play by all (a yes/no search, quicker).

    ``budget``: at most this many search nodes, else :class:`BudgetExceeded` (as for the others below).
    """
    pos = _position(state)
    c = pos.contract
    search = Search(pos, budget)
    if pos.won > c.max_tricks:
        return False
    if c.max_tricks == 0:  # Misère: no trick at all (P4)
        return not search.at_least(1)
    return search.at_least(c.min_tricks - pos.won)


_V = TypeVar("_V")


def _per_legal_card(pos: Position, search: Search, by_run: dict[int, _V]) -> dict[Card, _V]:
    """Every legal card with the value found for its run (``by_run``: the top card of each run -> value).

    The search tries one card per run of touching cards held by the same seat: they are worth the same.
    """
    present = mask_of(pos.trick)
    for x in pos.hands:
        present |= x
    out: dict[Card, _V] = {}
    for b in search.legal_bits():
        top = b
        # climb the run of touching cards held by the same seat to its highest card
        while top not in by_run:
            above = present & BIT_SUIT[top] & ~((top << 1) - 1)
            top = above & -above
        out[BIT_CARD[b]] = by_run[top]
    return out


def card_values(state: "DealState | Position") -> dict[Card, int]:
    """For each legal card of the seat to act: the declarer's total tricks if it is played, then best play."""
    pos = _position(state)
    search = Search(pos)
    k = pos.hands[pos.to_act].bit_count() + (1 if pos.trick else 0)
    by_run: dict[int, int] = {}
    for b in search.choices():
        # exact value after this card: null-window steps on the shared tables
        lo, hi = 0, k
        while lo < hi:
            t = (lo + hi + 1) // 2
            if search.value_after(b, t - 1, t) >= t:
                lo = t
            else:
                hi = t - 1
        by_run[b] = pos.won + lo
    return _per_legal_card(pos, search, by_run)


def reaches(state: "DealState | Position", targets: Iterable[int],
            budget: int | NodeBudget | None = None) -> dict[int, bool]:
    """For each target: whether the declarer's total tricks reach it with best play.

    Yes/no searches on shared tables, lowest target first; once one fails the higher
    ones fail too without a search (what a bidder asks: Three? then Four? then Nap?).
    """
    pos = _position(state)
    search = Search(pos, budget)
    out: dict[int, bool] = {}
    failed = False
    for t in sorted(set(targets)):
        if not failed and not search.at_least(t - pos.won):
            failed = True
        out[t] = not failed
    return out


def _answer(search: Search, budget: NodeBudget | None, cap: int | None, card_bit: int, need: int) -> bool | None:
    """Whether the declarer's future tricks reach ``need`` after ``card_bit``: one yes/no search.

    With a ``cap``, the search may use at most that many of ``budget``'s nodes; a search that needs
    more is left unanswered (``None``), unless ``budget`` itself runs out (:class:`BudgetExceeded`).
    """
    if cap is None or budget is None:
        return search.value_after(card_bit, need - 1, need) >= need
    counter = budget.counter
    total = counter[0]
    allowed = min(cap, total)
    counter[0] = allowed
    try:
        reached = search.value_after(card_bit, need - 1, need) >= need
    except BudgetExceeded:
        counter[0] = total - allowed
        if counter[0] <= 0:
            counter[0] = -1
            raise
        return None
    counter[0] = total - (allowed - counter[0])
    return reached


def lead_reaches(state: "DealState | Position", targets: Iterable[int],
                 budget: int | NodeBudget | None = None,
                 cap: int | None = None) -> dict[Card, dict[int, bool | None]]:
    """For each legal card of the seat to act, and each target: whether the declarer's total tricks
    reach the target after that card, with best play from then on.

    What a bidder must ask of a layout: it chooses one first lead (and with it the trump, B10)
    before it sees the other hands, so a contract counts as made with a lead only where that
    lead makes it; the best lead of each layout (:func:`reaches`) would count too many.

    ``cap``: nodes one yes/no search (one card, one target) may use; a search that needs more is
    left unanswered (``None``) and the next target is asked. Proving a contract made means
    answering every reply of every defender, refuting it needs one line of theirs, so the long
    searches are mostly the contracts that are made (at five and six players, about 80 to 95 % of them:
    benchmarks/README.md). When ``budget`` itself runs out, :class:`BudgetExceeded` is raised.
    """
    pos = _position(state)
    budget = _budget_for(budget, cap)
    search = Search(pos, budget)
    wanted = sorted(set(targets))
    by_run: dict[int, dict[int, bool | None]] = {}
    for b in search.choices():
        out: dict[int, bool | None] = {}
        failed = False
        for t in wanted:
            need = t - pos.won
            if failed or need <= 0:
                out[t] = not failed
                continue
            reached = _answer(search, budget, cap, b, need)
            failed = reached is False
            out[t] = reached  # None: too long a search (the next target may still be refuted)
        by_run[b] = out
    return _per_legal_card(pos, search, by_run)


def _budget_for(budget: int | NodeBudget | None, cap: int | None) -> NodeBudget | None:
    """The budget as a :class:`NodeBudget` (a cap needs one to count against)."""
    if isinstance(budget, int):
        return NodeBudget(budget)
    if budget is None and cap is not None:
        return NodeBudget(1 << 62)
    return budget


def card_outcomes(state: "DealState | Position", budget: int | NodeBudget | None = None,
                  cap: int | None = None) -> dict[Card, bool | None]:
    """For each legal card of the seat to act: whether the contract is made after it, with best play.

    A yes/no search per run of touching cards (quicker than :func:`card_values`): what a
    sampling bot asks of each layout. ``cap``: nodes one card's search may use; a card whose
    search needs more is left unanswered (``None``), as in :func:`lead_reaches`.
    """
    pos = _position(state)
    budget = _budget_for(budget, cap)
    search = Search(pos, budget)
    c = pos.contract
    misere = c.max_tricks == 0  # Misère: no trick at all (P4)
    need = 1 if misere else c.min_tricks - pos.won
    by_run: dict[int, bool | None] = {}
    for b in search.choices():
        if pos.won > c.max_tricks:
            made: bool | None = False
        elif need <= 0:
            made = True
        else:
            reached = _answer(search, budget, cap, b, need)
            made = None if reached is None else reached != misere
        by_run[b] = made
    return _per_legal_card(pos, search, by_run)


def best_cards(state: "DealState | Position") -> list[Card]:
    """The legal cards that keep the best result for the side to act."""
    pos = _position(state)
    values = card_values(pos)
    want_max = (pos.to_act == pos.declarer) != pos.misere
    target = max(values.values()) if want_max else min(values.values())
    return sorted(c for c, v in values.items() if v == target)


def solve_masks(hands: Sequence[int], leader: int, trump: Suit | None, declarer: int, contract: Contract,
                trick: Sequence[Card] = (), won: int = 0, trump_open: bool = False) -> int:
    """:func:`solve` of a plain position (hands as masks), unchecked: for bots solving many layouts."""
    return solve(Position(tuple(hands), leader, tuple(trick), trump, declarer, contract, won, trump_open))


def can_make_masks(hands: Sequence[int], leader: int, trump: Suit | None, declarer: int, contract: Contract,
                   trick: Sequence[Card] = (), won: int = 0, trump_open: bool = False) -> bool:
    """:func:`can_make` of a plain position (hands as masks), unchecked."""
    return can_make(Position(tuple(hands), leader, tuple(trick), trump, declarer, contract, won, trump_open))
