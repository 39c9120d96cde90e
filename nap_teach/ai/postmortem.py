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
from ..engine.tricks import beats
from ..engine.state import DealState
from .bestplay import trick_winner_after
from .bots.coach import hint as coach_hint
from .solver import SolverError, card_values, solve

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


def _trick_effect(ahead: DealState, card: Card, better: Card, winner: int, winner_card: Card) -> str:
    """What ``card`` did to its own trick: "none" when the card that won the trick was already on
    the table and no card the seat could play beat it (a discard under a winning trump: the card
    could not change that trick), "decided" when with ``better`` instead, and best play for the
    rest of the trick, someone else would have won it, else "unclear"."""
    if winner_card in ahead.trick_cards and not any(
            beats(c, winner_card, ahead.trump) for c in ahead.legal_cards()):
        return "none"
    try:
        if trick_winner_after(ahead, better) != winner:
            return "decided"
    except SolverError:
        pass
    return "unclear"


def _followed_coach(ahead: DealState, seat: int, card: Card) -> Explanation | None:
    """The coach's reason when ``card`` is what the coach advises at this point, else None."""
    try:
        advice = coach_hint(ahead.view(seat))
    except ValueError:
        return None
    return advice.reason if advice.action is card else None


def post_mortem(state: DealState, learner: int | None = None) -> PostMortem | None:
    """The open-hand reading of a deal, or None when there was no play (passed out, still bidding).

    The reading is hindsight: every hand seen. Its words say so, and they never
    say a card "cost" a contract that was made, or one the learner lost by
    playing the card the coach advises (made without seeing the other hands,
    for the reason the coach gives, which is said with it).
    """
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
    ahead = replay
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
    made = _made(taken, state)
    pm_facts = {"declarer": state.players[decl], "contract": contract.name, "count": best}
    could = _made(best, state)
    out = [Explanation("solver", "postmortem.could_make" if could else "postmortem.could_not_make", pm_facts)]
    if turn is None:
        out.append(Explanation("solver", "postmortem.no_change", {"declarer": state.players[decl]}))
        return PostMortem(decl, contract.name, best, could, taken, made, turn, tuple(out))
    facts = {"player": state.players[turn.seat], "card": turn.card, "trick": turn.trick, "better": turn.better,
             "before": turn.before, "after": turn.after, "declarer": state.players[decl],
             "contract": contract.name}
    mine = learner is not None and turn.seat == learner
    effect = "unclear"
    if turn.winner is not None and turn.winner_card is not None and turn.winner != turn.seat:
        facts.update(winner=state.players[turn.winner], winner_card=turn.winner_card)
        effect = _trick_effect(ahead, turn.card, turn.better, turn.winner, turn.winner_card)
    if effect == "decided":  # another card would have kept the trick from that winner
        key = "postmortem.yours" if mine else "postmortem.card"
    elif effect == "none":  # it could not change that trick: its effect was on the tricks after it
        key = "postmortem.yours_later" if mine else "postmortem.card_later"
    else:
        key = "postmortem.yours_plain" if mine else "postmortem.card_plain"
    out.append(Explanation("solver", key, facts))
    coach = _followed_coach(ahead, turn.seat, turn.card) if mine else None
    if coach is not None:
        out.append(Explanation("solver", "postmortem.coach_sound", {"card": turn.card, "reason": coach}))
    was, now = _made(turn.before, state), _made(turn.after, state)
    if was and not now:
        # "cost" only when the contract was indeed lost, and not by following the coach's advice
        if made:
            out.append(Explanation("solver", "postmortem.made_anyway", facts))
        elif coach is None:
            out.append(Explanation("solver", "postmortem.cost", facts))
    elif now and not was:
        if made and coach is None:
            out.append(Explanation("solver", "postmortem.let_through", facts))
        elif made:
            pass  # the learner defended as the coach advises: hindsight says no more than the line above
        elif not made:
            out.append(Explanation("solver", "postmortem.beaten_anyway", facts))
    return PostMortem(decl, contract.name, best, could, taken, made, turn, tuple(out))
