""""Could it have been made?": a finished deal read back with open hands.

For a deal that was played (all of it, or until it was stopped), :func:`post_mortem`
says what the declarer would have taken with every hand known and best play
by everyone from the first lead (:func:`nap_teach.ai.solver.solve`), and finds the
first card, anyone's, after which the solver's value of the position changed:
the number of tricks the declarer could take with best play from there on. For
that card it names a better one (a card of the same seat that kept the value)
and says whether the change cost the contract or let it through.

The answer is a :class:`PostMortem` whose :attr:`PostMortem.explanations` are
:class:`~nap_teach.engine.explain.Explanation` values (catalogue keys ``postmortem.*``):
the words come from the reader's language. When ``learner`` is given and the
card was the learner's own, the words speak to the learner ("your 7♥ at
trick 3 let B's 10♥ win ...").

Pure engine code: no user interface import.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.explain import Explanation
from .solver import card_values, solve
from ..engine.state import DealState

__all__ = ["PostMortem", "Turn", "post_mortem", "better_card"]


@dataclass(frozen=True)
class Turn:
    """The first card that changed what the declarer could take with best play."""

    index: int
    """Position of the card in the play (0 = the first lead)."""
    trick: int
    """The trick it was played to (1 to 5)."""
    seat: int
    card: Card
    better: Card
    """A card of the same seat that would have kept the value."""
    before: int
    """Declarer's tricks with best play just before the card."""
    after: int
    """... and just after it."""
    winner: int | None
    """Who won the trick the card was played to (None if the trick was never finished)."""
    winner_card: Card | None


@dataclass(frozen=True)
class PostMortem:
    declarer: int
    contract_name: str
    best: int
    """Declarer's tricks with open hands and best play from the first lead."""
    could_make: bool
    taken: int
    """Declarer's tricks in the play as it went."""
    made: bool
    turn: Turn | None
    explanations: tuple[Explanation, ...]


def _made(tricks: int, state: DealState) -> bool:
    c = state.contract
    assert c is not None
    return c.min_tricks <= tricks <= c.max_tricks


def better_card(values: dict[Card, int], played: Card, target: int) -> Card:
    """Among the cards worth ``target``, the one nearest the card played (same suit first)."""
    good = [c for c, v in values.items() if v == target]
    return min(good, key=lambda c: (c.suit is not played.suit, abs(int(c.rank) - int(played.rank)), c.suit, c.rank))


def post_mortem(state: DealState, learner: int | None = None) -> PostMortem | None:
    """The open-hand reading of a deal, or None when there was no play (passed out, still bidding)."""
    decl, contract = state.declarer, state.contract
    played = state.cards_played
    if decl is None or contract is None or not played:
        return None
    replay = DealState(state.players, state.dealer, state.hands, state.profile, state.unused)
    for call in state.calls:
        replay.push(call)
    best = solve(replay)
    before = best
    turn: Turn | None = None
    for i, (seat, card) in enumerate(played):
        trick_no = len(replay.tricks) + 1
        ahead = replay.copy()
        replay.push(card)
        after = solve(replay) if replay.phase == "play" else replay.tricks_won[decl]
        if after != before:
            better = better_card(card_values(ahead), card, before)
            tricks = state.tricks
            winner = winner_card = None
            if trick_no <= len(tricks) and len(tricks[trick_no - 1].cards) == state.n:
                winner, winner_card = tricks[trick_no - 1].winning, tricks[trick_no - 1].winning_card
            turn = Turn(i, trick_no, seat, card, better, before, after, winner, winner_card)
            break
        before = after
    taken = state.tricks_won[decl]
    pm_facts = {"declarer": state.players[decl], "contract": contract.name, "count": best}
    could = _made(best, state)
    out = [Explanation("solver", "postmortem.could_make" if could else "postmortem.could_not_make", pm_facts)]
    if turn is None:
        out.append(Explanation("solver", "postmortem.no_change", {"declarer": state.players[decl]}))
    else:
        facts = {"player": state.players[turn.seat], "card": turn.card, "trick": turn.trick, "better": turn.better,
                 "before": turn.before, "after": turn.after, "declarer": state.players[decl],
                 "contract": contract.name}
        mine = learner is not None and turn.seat == learner
        if turn.winner is not None and turn.winner_card is not None and turn.winner != turn.seat:
            facts.update(winner=state.players[turn.winner], winner_card=turn.winner_card)
            key = "postmortem.yours" if mine else "postmortem.card"
        else:
            key = "postmortem.yours_plain" if mine else "postmortem.card_plain"
        out.append(Explanation("solver", key, facts))
        was, now = _made(turn.before, state), _made(turn.after, state)
        if was and not now:
            out.append(Explanation("solver", "postmortem.cost", facts))
        elif now and not was:
            out.append(Explanation("solver", "postmortem.let_through", facts))
    return PostMortem(decl, contract.name, best, could, taken, _made(taken, state), turn, tuple(out))
