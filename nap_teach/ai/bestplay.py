"""Best play with every hand seen: the card each side would choose, from the exact solver.

"What if?" (:mod:`nap_teach.teach.lesson.whatif`) plays the other hands with it,
so that the line it shows after the learner's card is the line the solver's
verdict counts ("with best play by everyone, A takes 3 tricks after 7♥"); the
post-mortem (:mod:`nap_teach.ai.postmortem`) uses it to see whether another
card would have changed who won a trick.

Among the cards that keep the best result for the side to act (the
declarer's side wants more tricks, the defenders fewer; in Misère the other
way round), the cheapest is chosen: the lowest rank, then the suit order. So
every line is the same each time it is asked for.

Pure engine code: no user interface import.
"""
from __future__ import annotations

from ..engine.cards import Card
from ..engine.state import DealState
from .solver import best_cards

__all__ = ["best_play_card", "play_out_best", "trick_winner_after"]


def best_play_card(state: DealState) -> Card:
    """The cheapest of the cards that keep the best result for the seat to play (all hands seen).

    ``state`` must be in the play; the solver's :class:`~nap_teach.ai.solver.SolverError`
    passes through for a position it refuses.
    """
    if state.phase != "play":
        raise ValueError("best play needs a deal in the play")
    return min(best_cards(state), key=lambda c: (c.rank, c.suit))


def play_out_best(state: DealState) -> DealState:
    """Play ``state`` to its end with best play by every seat; returns the same state."""
    while state.phase == "play":
        state.push(best_play_card(state))
    return state


def trick_winner_after(state: DealState, card: Card) -> int:
    """Who wins the current trick if the seat to play plays ``card`` and the rest of it is best play.

    ``state`` is not changed (a copy is played on).
    """
    line = state.copy()
    number = len(line.tricks)
    line.push(card)
    while len(line.tricks) == number and line.phase == "play":
        line.push(best_play_card(line))
    return line.tricks[number].winning
