"""One deal from the first call to the last trick: the heart of the engine.

:class:`DealState` follows python-chess's board: ``legal_calls``/``legal_cards``
queries, actions made one at a time, :meth:`undo`, and replay from the
action list. As in python-chess, there are two ways to make an action:

- :meth:`DealState.apply` checks it first (a person's click, a file, a
  command line): a refused action raises a :class:`RuleError` that names the
  broken rule and leaves the state exactly as it was;
- :meth:`DealState.push` makes it without asking, for callers that took it
  from :meth:`~DealState.legal_actions`, :meth:`~DealState.legal_calls` or
  :meth:`~DealState.legal_cards` of the same position (bots, simulations,
  what-if lines, the solver's search). Pushing anything else leaves the state
  inconsistent; the rules themselves are checked in one place either way
  (following suit: :func:`~nap_teach.engine.tricks.playable`; the trick's winner:
  :func:`~nap_teach.engine.tricks.winning_index`).

A search explores a position with :meth:`DealState.copy` and ``push`` (or
``push`` then :meth:`DealState.undo`, which replays the deal from its start).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence, Union, cast

from .auction import Auction, Call, canonical_call, start_node
from .cards import FULL_PACK, Card, Suit
from .dealing import Deal
from .explain import Explanation, IllegalAction, IllegalCall, IllegalCard, RuleError
from .profiles import BRITISH, Contract, Profile
from .rules import Topic
from .narrate import explain_action
from .settlement import settle
from .tricks import Trick, playable, winning_index
from .views import SeatView

__all__ = ["DealState", "Stop", "STOP", "Action", "DealResult"]


@dataclass(frozen=True, slots=True)
class Stop:
    """The table agrees to stop once the result is certain (B13)."""

    def __str__(self) -> str:
        return "Stop"


STOP = Stop()
Action = Union[Call, Card, Stop]


@dataclass(frozen=True)
class DealResult:
    """What a finished (or decided) deal comes to."""

    declarer: int | None
    contract: Contract | None
    tricks_won: tuple[int, ...]
    made: bool | None
    settlement: Mapping[str, int] | None



class DealState:
    """Auction and play of one deal, seen from above (all hands known).

    Seats are numbered 0..n-1 clockwise; names are only labels. Screens and
    bots should use :meth:`view` instead, which shows one seat's share.
    """

    # A fixed set of attributes (no per-instance dict): a state is made for every deal and read
    # on every action of simulations and searches, where slots are quicker to make and to read.
    __slots__ = ("players", "n", "dealer", "profile", "hands", "unused", "actions", "_undealt", "held", "_calls",
                 "_high", "_node", "_auction", "_phase", "declarer", "contract", "trump", "_done", "_tricks",
                 "trick_cards", "_leader", "_led", "tricks_won", "stopped", "_to_play")

    def __init__(
        self,
        players: Sequence[str],
        dealer: int,
        hands: Sequence[Sequence[Card]],
        profile: Profile = BRITISH,
        unused: Sequence[Card] | None = None,
    ) -> None:
        self.players: tuple[str, ...] = tuple(players)
        self.n = len(self.players)
        self.dealer = dealer
        self.profile = profile
        self.hands: tuple[tuple[Card, ...], ...] = tuple(map(tuple, hands))
        self.unused: tuple[Card, ...] | None = tuple(unused) if unused is not None else None
        self.actions: list[Action] = []
        self._undealt: frozenset[Card] | None = None
        self._reset()

    @classmethod
    def from_deal(cls, deal: Deal, profile: Profile = BRITISH) -> "DealState":
        return cls(deal.players, deal.dealer, deal.hands, profile, deal.unused)

    def _reset(self) -> None:
        self.held: list[list[Card]] = list(map(list, self.hands))
        # The auction is kept as plain values (the hot path of simulations) and
        # shown as an immutable Auction on demand (see the ``auction`` property).
        self._calls: list[Call] = []
        self._high: tuple[int, Contract] | None = None
        self._node = start_node(self.profile)  # where the auction stands on the ladder (legal calls)
        self._auction: Auction | None = None
        self._phase = "auction"
        self.declarer: int | None = None
        self.contract: Contract | None = None
        self.trump: Suit | None = None
        # completed tricks as (leader, cards); Trick values are made when asked for (``tricks``)
        self._done: list[tuple[int, list[Card]]] = []
        self._tricks: list[Trick] = []
        self.trick_cards: list[Card] = []
        self._leader = 0  # the seat that led the current trick (the others follow clockwise)
        self._led: Suit | None = None  # the suit led to the current trick, None before its first card
        self.tricks_won: list[int] = [0] * self.n
        self.stopped = False
        self._to_play: int | None = None  # the seat to play a card; None outside the play

    # ----------------------------------------------------------------- phase
    @property
    def phase(self) -> str:
        """"auction", "play" or "over" (passed out, five tricks, or stopped)."""
        return self._phase  # kept up to date by push and _reset

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def auction(self) -> Auction:
        """The calls so far as an immutable :class:`Auction` value."""
        auction = self._auction
        if auction is None or len(auction.calls) != len(self._calls):
            auction = self._auction = Auction(self.players, self.dealer, tuple(self._calls), self.profile)
        return auction

    @property
    def passed_out(self) -> bool:
        """Everyone has spoken and nobody bid (B9)."""
        return self.declarer is None and len(self._calls) == self.n

    @property
    def to_act(self) -> int | None:
        """Seat expected to call or play next, or None when the deal is over."""
        if self._phase == "auction":
            return (self.dealer + 1 + len(self._calls)) % self.n
        return self._to_play  # None once the deal is over

    @property
    def leader(self) -> int | None:
        """Seat leading the current trick."""
        if self.trick_cards:
            return self._leader
        return self._to_play  # the seat to lead next; None outside the play

    @property
    def trick_seats(self) -> list[int]:
        """The seats that have played to the current trick, in order: the leader, then clockwise (B12)."""
        return self._seats(self._leader, len(self.trick_cards))

    def _seats(self, leader: int, count: int) -> list[int]:
        n = self.n
        return [(leader + i) % n for i in range(count)]

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order (B12)."""
        made = self._tricks
        done = self._done
        if len(made) != len(done):
            trump = self.trump
            for k in range(len(made), len(done)):
                leader, cards = done[k]
                made.append(Trick(k + 1, tuple(self._seats(leader, len(cards))), tuple(cards), trump))
        return made

    @property
    def current_trick(self) -> Trick | None:
        if not self.trick_cards:
            return None
        return Trick(len(self._done) + 1, tuple(self.trick_seats), tuple(self.trick_cards), self.trump)

    @property
    def calls(self) -> tuple[Call, ...]:
        return tuple(self._calls)

    @property
    def cards_played(self) -> list[tuple[int, Card]]:
        """Every card played so far, in order, with its seat."""
        out = [(s, c) for t in self.tricks for s, c in zip(t.seats, t.cards)]
        out.extend(zip(self.trick_seats, self.trick_cards))
        return out

    def seat_of(self, name: str) -> int:
        try:
            return self.players.index(name)
        except ValueError:
            raise IllegalAction(Explanation("B1", "seat.unknown", {"player": name})) from None

    # --------------------------------------------------------------- queries
    def legal_calls(self) -> list[Call]:
        """Calls the seat to speak may make now (empty outside the auction)."""
        if self._phase != "auction":
            return []
        return list(self._node.legal)

    def legal_cards(self, seat: int | None = None) -> list[Card]:
        """Cards ``seat`` (default: the seat to play) may play now (B10, B11)."""
        to_play = self._to_play  # None outside the play
        if to_play is None or (seat is not None and seat != to_play):
            return []
        return playable(self.held[to_play], self._led)

    def legal_actions(self) -> list[Action]:
        if self.phase == "auction":
            return list(self.legal_calls())
        acts: list[Action] = list(self.legal_cards())
        if self.can_stop():
            acts.append(STOP)
        return acts

    def outcome(self) -> bool | None:
        """True/False once the contract is certainly made/failed, else None (B13).

        A contract with at most ``max_tricks`` tricks fails at the one trick too many: Misère (P4)
        at the declarer's first trick.
        """
        if self.declarer is None or self.contract is None:
            return None
        won = self.tricks_won[self.declarer]
        left = self.profile.hand_size - len(self._done)  # one trick per card in a hand
        c = self.contract
        if won > c.max_tricks or won + left < c.min_tricks:
            return False
        if won >= c.min_tricks and won + left <= c.max_tricks:
            return True
        return None

    def can_stop(self) -> bool:
        """Whether the table may stop now: profile allows it, result certain, between tricks."""
        return (self.profile.early_stop and self.phase == "play" and not self.trick_cards
                and self.outcome() is not None)

    # ------------------------------------------------------------- refusals
    def _call_ok(self, call: Call, seat: int | None) -> bool:
        """True for a legal call, without building explanations; False means "ask refusal()"."""
        if self._phase != "auction":
            return False
        if seat is not None and seat != (self.dealer + 1 + len(self._calls)) % self.n:
            return False
        return call.name in self._node.names

    def _allowed(self, action: object, seat: int | None) -> bool:
        """True for a legal card or call, without building explanations; False means "ask refusal()"."""
        if isinstance(action, Card):
            return action in self.legal_cards(seat)
        if isinstance(action, Call):
            return self._call_ok(action, seat)
        return False

    def refusal(self, action: object, seat: object = None) -> Explanation | None:
        """Why ``action`` (by ``seat``, default the seat to act) is refused, or None.

        Any value may be asked about (a click, a file): what is not a card, a
        call or Stop, or a seat that is not at the table, is refused with its reason.
        """
        p = self.profile
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n):
            return Explanation(p.rule(Topic.PLAYERS), "seat.unknown", {"player": seat})
        if self._allowed(action, seat):
            return None
        phase = self.phase
        if phase == "over":
            key = "action.passed_out" if self.passed_out else "action.deal_over"
            return Explanation(p.rule(Topic.PASSED_OUT) if self.passed_out else p.rule(Topic.FIVE_TRICKS), key, {})
        if isinstance(action, Call):
            if phase != "auction":  # the auction is over: whoever calls has spoken already (B5, B8)
                speaker = seat if seat is not None else self.auction.speaker(len(self._calls))
                return self.auction.spoken_again(speaker, over=True)
            if seat is not None and seat != self.auction.to_speak:
                try:
                    self.auction.check_turn(seat)
                except RuleError as e:
                    return e.explanation
            return self.auction.refusal(action)
        if isinstance(action, Stop):
            if phase != "play":
                return Explanation(p.rule(Topic.EARLY_STOP), "stop.not_now", {})
            if not p.early_stop:
                return Explanation(p.rule(Topic.EARLY_STOP), "stop.not_allowed", {"profile": p.name})
            if self.trick_cards:
                return Explanation(p.rule(Topic.EARLY_STOP), "stop.mid_trick", {})
            if self.outcome() is None:
                return Explanation(p.rule(Topic.EARLY_STOP), "stop.not_certain", {})
            return None
        if not isinstance(action, Card):
            return Explanation("B5", "action.unknown", {"action": repr(action)})
        if phase != "play":
            return Explanation(p.rule(Topic.LEAD), "card.auction_first", {"card": action})
        to_play = self._to_play
        assert to_play is not None
        given = seat is not None
        if seat is None:
            seat = to_play
        if not given and action not in self.held[seat] and action not in self.undealt:
            holder = next((s for s in range(self.n) if action in self.held[s]), None)
            if holder is not None:  # another player's card: it is not that player's turn (B10, B12)
                seat = holder
        if seat != to_play:
            lead = Topic.LEAD if self.contract is None or self.contract.trumps else Topic.MISERE  # no B10 in Misère
            rule, key = (p.rule(lead), "card.declarer_leads") if not self._done and not self.trick_cards \
                else (p.rule(Topic.TRICK), "card.winner_leads") if not self.trick_cards \
                else (p.rule(Topic.TRICK), "card.out_of_turn")
            return Explanation(rule, key, {"player": self.players[seat], "turn": self.players[to_play]})
        hand = self.held[seat]
        if action not in hand:
            if action in self.undealt:
                return Explanation(p.rule(Topic.UNUSED), "card.unused", {"player": self.players[seat], "card": action})
            played = next((t.number for t in self.tricks if action in t.cards), None)
            if played is None and action in self.trick_cards:
                played = len(self._done) + 1
            if played is not None:  # a card played stays in its trick (B11: play a card you hold)
                return Explanation(p.rule(Topic.FOLLOW), "card.already_played",
                                   {"player": self.players[seat], "card": action, "trick": played})
            return Explanation(p.rule(Topic.FOLLOW), "card.not_held", {"player": self.players[seat], "card": action})
        if self.trick_cards:
            led = self.trick_cards[0].suit
            follow = playable(hand, led)
            if action not in follow:
                return Explanation(p.rule(Topic.FOLLOW), "card.must_follow",
                                   {"player": self.players[seat], "card": action, "led": led,
                                    "held": tuple(follow)})
        return None

    @property
    def undealt(self) -> frozenset[Card]:
        """The cards that stay face down all deal (B4): ``unused`` when given, else every card not dealt."""
        found = self._undealt
        if found is None:
            if self.unused is not None:
                found = frozenset(self.unused)
            else:
                dealt = {c for h in self.hands for c in h}
                found = frozenset(c for c in FULL_PACK if c not in dealt)
            self._undealt = found
        return found

    def is_legal(self, action: object, seat: object = None) -> bool:
        return self.refusal(action, seat) is None

    # --------------------------------------------------------------- actions
    def apply(self, action: object, seat: object = None) -> None:
        """Make a call, play a card or stop, checked: refused (state unchanged) when a rule forbids it.

        ``action`` may also be text ("Pass", "Four", "10H", "Stop"); ``seat``,
        when given, must be the seat to act.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        elif isinstance(action, Call):
            action = canonical_call(action, self.profile)
        why = self.refusal(action, seat)
        if why is not None:
            raise error_for(why)
        self.push(cast(Action, action))  # refused unless a legal card, call or Stop

    def push(self, action: Action) -> None:
        """Make ``action`` without checking it (python-chess's ``push``, where ``apply`` is ``push`` checked).

        Only for an action taken from :meth:`legal_actions`, :meth:`legal_calls`
        or :meth:`legal_cards` of this very position, as bots, simulations,
        what-if lines and searches do: it skips the rule checks and the
        explanations that :meth:`apply` prepares. Anything else (a card not
        held, a renege, a call below the last bid) leaves the state
        inconsistent; use :meth:`apply` for actions that come from people or files.
        """
        if action.__class__ is Card:  # the common case first, played here (Card has no subclasses: 52 interned values)
            seat = self._to_play
            assert seat is not None and self.contract is not None, "a card before the auction ended"
            self.held[seat].remove(action)
            trick_cards = self.trick_cards
            trick_cards.append(action)
            self.actions.append(action)
            count = len(trick_cards)
            if count == 1:
                self._leader = seat
                self._led = action.suit
                if not self._done:  # the first card of the deal sets trump (B10), none in Misère (P4)
                    self.trump = action.suit if self.contract.trumps else None
            elif count == self.n:
                self._end_trick()
                return
            seat += 1
            self._to_play = seat if seat < self.n else 0
            return
        if isinstance(action, Call):
            self._make_call(action)
        elif isinstance(action, Stop):
            self.stopped = True
            self._phase = "over"
            self._to_play = None
        else:
            raise TypeError(f"not an action: {action!r}")
        self.actions.append(action)

    def parse_action(self, text: str) -> Action:
        """Read "Pass", "Four", "Stop" or a card such as "10H"."""
        t = text.strip()
        if t.lower() == "stop":
            return STOP
        if t.lower() == "pass" or self.profile.has_contract(t):
            return Call.parse(t, self.profile)
        try:
            return Card.parse(t)
        except ValueError:
            return Call.parse(t, self.profile)

    def _make_call(self, call: Call) -> None:
        calls = self._calls
        if call.name != "Pass":  # a pass leaves the auction where it was
            contract, self._node = self._node.bid(call.name)
            self._high = ((self.dealer + 1 + len(calls)) % self.n, contract)
        calls.append(call)
        if len(calls) == self.n:
            high = self._high
            if high is not None:
                self.declarer, self.contract = high
                self._to_play = self.declarer
                self._phase = "play"
            else:
                self._phase = "over"

    def _end_trick(self) -> None:
        """The trick is complete: its winner (B12) takes it and leads the next, or the deal is over."""
        leader, trick_cards = self._leader, self.trick_cards
        win = (leader + winning_index(trick_cards, self.trump)) % self.n
        done = self._done
        done.append((leader, trick_cards))  # this list is never changed again
        self.tricks_won[win] += 1
        self.trick_cards = []
        self._led = None
        if len(done) == self.profile.hand_size:  # one trick per card in a hand (B13)
            self._phase = "over"
            self._to_play = None
        else:
            self._to_play = win

    def undo(self) -> Action:
        """Take back the last action and return it (replays the rest: exact and simple)."""
        if not self.actions:
            raise IllegalAction(Explanation("B5", "undo.nothing", {}))
        *earlier, last = self.actions
        self._reset()
        self.actions = []
        for a in earlier:
            self.push(a)
        return last

    def replay(self, actions: Iterable[Action | str]) -> "DealState":
        """Apply actions in order (refusing the first illegal one); returns self."""
        for a in actions:
            self.apply(a)
        return self

    def copy(self) -> "DealState":
        other = DealState(self.players, self.dealer, self.hands, self.profile, self.unused)
        for a in self.actions:
            other.push(a)
        return other

    # ---------------------------------------------------------------- result
    def result(self) -> DealResult:
        """Declarer, contract, tricks and, once decided, made and the settlement."""
        made = self.outcome()
        if self.passed_out:
            return DealResult(None, None, tuple(self.tricks_won), None, {p: 0 for p in self.players})
        settlement = None
        if made is not None and self.contract is not None and self.declarer is not None:
            settlement = settle(self.players, self.declarer, self.contract, made)
        return DealResult(self.declarer, self.contract, tuple(self.tricks_won), made, settlement)

    def hands_by_name(self) -> dict[str, tuple[Card, ...]]:
        return {p: h for p, h in zip(self.players, self.hands)}

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: its own hand, the calls and the cards played."""
        return SeatView.of(self, seat)

    def explain_last(self) -> list[Explanation]:
        """Why the last action was allowed and what it brought about."""
        if not self.actions:
            return []
        return explain_action(self, len(self.actions) - 1)

    def __repr__(self) -> str:
        return (f"<DealState {self.phase} players={list(self.players)} dealer={self.players[self.dealer]} "
                f"actions={[str(a) for a in self.actions]}>")

    def _repr_html_(self) -> str:
        """The deal seen from above, drawn (Jupyter shows this instead of the repr)."""
        from ..words.display import deal_html  # not needed to play, only to look

        return deal_html(self)


_CARD_KEYS = {"card.must_follow", "card.not_held", "card.unused", "card.already_played"}
_CALL_KEYS = {"call.unknown", "call.other_profile", "call.not_higher", "call.requires"}


def error_for(why: Explanation) -> RuleError:
    """The error class that fits a refusal: a card, a call, or anything else."""
    if why.key in _CARD_KEYS:
        return IllegalCard(why)
    if why.key in _CALL_KEYS:
        return IllegalCall(why)
    return IllegalAction(why)
