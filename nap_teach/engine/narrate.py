"""Why each step of a deal happened: explanations for accepted actions.

The engine refuses illegal actions with their rule (see :mod:`nap_teach.engine.state`);
this module explains the legal ones: why hearts are trump, why a discard was
allowed, who took the trick and why, when the result became certain, and the
payments. Lessons, the play table and ``python -m nap_teach replay`` all use it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .auction import Call
from .cards import Card
from .explain import Explanation
from .rules import Topic
from .settlement import settle

if TYPE_CHECKING:
    from .state import DealState

__all__ = ["explain_action", "explain_call", "explain_card", "explain_settlement"]


def explain_action(state: "DealState", index: int) -> list[Explanation]:
    """Explanations for action ``index`` of ``state`` (replays up to it)."""
    before = state.__class__(state.players, state.dealer, state.hands, state.profile, state.unused)
    for a in state.actions[:index]:
        before.push(a)  # the state's own actions: already checked
    action = state.actions[index]
    after = before.copy()
    after.push(action)
    if isinstance(action, Call):
        return explain_call(before, after, action)
    if isinstance(action, Card):
        return explain_card(before, after, action)
    p = state.profile
    return [Explanation(p.rule(Topic.EARLY_STOP), "explain.stop",
                        {"declarer": state.players[after.declarer or 0],
                         "made": bool(after.outcome())})] + explain_settlement(after)


def explain_call(before: "DealState", after: "DealState", call: Call) -> list[Explanation]:
    p = before.profile
    seat = before.auction.to_speak
    assert seat is not None
    player = before.players[seat]
    out: list[Explanation] = []
    if call.is_pass:
        out.append(Explanation(p.rule(Topic.PASS_FINAL), "explain.pass", {"player": player}))
    else:
        contract = p.contract(call.name)
        high = before.auction.highest
        facts = {"player": player, "call": contract.name, "tricks": contract.min_tricks}
        if contract.max_tricks == 0:
            key, rule = "explain.bid_misere", p.rule(Topic.MISERE)
        elif contract.min_tricks >= before.profile.hand_size:
            key, rule = "explain.bid_all", contract.rule
        else:
            key, rule = "explain.bid_at_least", p.rule(Topic.LADDER)
        out.append(Explanation(rule, key, facts))
        if high is not None:
            out.append(Explanation(p.rule(Topic.LADDER), "explain.overcall",
                                   {"player": player, "call": contract.name, "highest": high[1].name}))
        if contract.requires is not None:
            out.append(Explanation(p.rule(Topic.REQUIRES), "explain.requires_met",
                                   {"call": contract.name, "needed": contract.requires}))
    if after.auction.is_complete:
        if after.passed_out:
            nxt = before.players[(before.dealer + 1) % before.n]
            out.append(Explanation(p.rule(Topic.PASSED_OUT), "explain.passed_out", {"next_dealer": nxt}))
        else:
            assert after.declarer is not None and after.contract is not None
            # the declarer leads first (B10); in Misère that lead sets no trump, so P4 is the rule named
            topic = Topic.LEAD if after.contract.trumps else Topic.MISERE
            out.append(Explanation(p.rule(topic), "explain.declarer",
                                   {"declarer": after.players[after.declarer], "call": after.contract.name}))
    return out


def explain_card(before: "DealState", after: "DealState", card: Card) -> list[Explanation]:
    p = before.profile
    seat = before.to_act
    assert seat is not None
    player = before.players[seat]
    out: list[Explanation] = []
    if not before.tricks and not before.trick_cards:
        if after.trump is None:
            out.append(Explanation(p.rule(Topic.MISERE), "explain.first_lead_no_trump",
                                   {"player": player, "card": card, "suit": card.suit}))
        else:
            out.append(Explanation(p.rule(Topic.TRUMP), "explain.first_lead_trump",
                                   {"player": player, "card": card, "suit": card.suit}))
    elif not before.trick_cards:
        out.append(Explanation(p.rule(Topic.TRICK), "explain.lead", {"player": player, "card": card}))
    else:
        led = before.trick_cards[0].suit
        if card.suit is led:
            out.append(Explanation(p.rule(Topic.FOLLOW), "explain.follow", {"player": player, "card": card, "led": led}))
        elif after.trump is not None and card.suit is after.trump:
            out.append(Explanation(p.rule(Topic.FOLLOW), "explain.ruff",
                                   {"player": player, "card": card, "led": led, "trump": after.trump}))
        else:  # allowed when void (B11); a card of another suit, not a trump, cannot win (B12, P4)
            key = "explain.discard" if after.trump is not None else "explain.discard_no_trump"
            out.append(Explanation(p.rule(Topic.FOLLOW), key,
                                   {"player": player, "card": card, "led": led, "trump": after.trump}))
            if after.trump is not None and any(c.suit is after.trump for c in before.held[seat]):
                out.append(Explanation(p.rule(Topic.FOLLOW), "explain.no_duty_to_trump",
                                       {"player": player, "card": card, "trump": after.trump}))
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        winner = after.players[trick.winning]
        win_card = trick.winning_card
        facts = {"winner": winner, "card": win_card, "number": trick.number, "led": trick.led, "trump": after.trump}
        if after.trump is None:  # Misère: no trump, the highest card of the suit led wins (P4)
            out.append(Explanation(p.rule(Topic.MISERE), "explain.trick_no_trump", facts))
        elif win_card.suit is after.trump:  # the highest trump wins, led or not (B12)
            key = "explain.trick_trumped" if trick.led is not after.trump else "explain.trick_trump_led"
            out.append(Explanation(p.rule(Topic.TRICK), key, facts))
        else:
            out.append(Explanation(p.rule(Topic.TRICK), "explain.trick_led", facts))
        if after.phase == "play":
            out.append(Explanation(p.rule(Topic.TRICK), "explain.winner_leads", {"winner": winner}))
        was, now = before.outcome(), after.outcome()
        if was is None and now is not None and len(after.tricks) < p.hand_size:
            assert after.declarer is not None and after.contract is not None
            facts = {"declarer": after.players[after.declarer], "call": after.contract.name,
                     "won": after.tricks_won[after.declarer], "needed": after.contract.min_tricks,
                     "left": p.hand_size - len(after.tricks)}
            if after.contract.max_tricks == 0:  # Misère: the declarer's first trick loses the contract (P4)
                out.append(Explanation(p.rule(Topic.MISERE), "explain.misere_lost", facts))
            else:
                key = "explain.made_certain" if now else "explain.failed_certain"
                if not p.early_stop:  # certain, but these rules play all five tricks (P6)
                    key += "_play_on"
                out.append(Explanation(p.rule(Topic.EARLY_STOP), key, facts))
        if after.phase == "over":
            out.extend(explain_settlement(after))
    return out


def explain_settlement(state: "DealState") -> list[Explanation]:
    """The result and every payment of a finished deal (B15, B16)."""
    p = state.profile
    made = state.outcome()
    if state.declarer is None or state.contract is None or made is None:
        return []
    declarer = state.players[state.declarer]
    amounts = settle(state.players, state.declarer, state.contract, made)
    stake = state.contract.made if made else state.contract.failed
    facts = {"declarer": declarer, "call": state.contract.name, "won": state.tricks_won[state.declarer],
             "stake": stake, "total": abs(amounts[declarer]), "opponents": state.n - 1}
    return [
        Explanation(p.rule(Topic.STAKES), "explain.made" if made else "explain.failed", facts),
        Explanation(p.rule(Topic.BALANCES), "explain.zero_sum",
                    {"amounts": tuple((name, amounts[name]) for name in state.players)}),
    ]
