"""The play table: one learner and bots play a session, deal by deal (no widgets).

:class:`PlayTable` is the controller behind ``notebooks/play.ipynb``. It owns a
:class:`~nap_teach.session.Session` and the deal in progress, steps the bots
until it is the learner's turn, applies the learner's call or card after
checking it, and reports what happened as :class:`Event` values that carry the
engine's explanations and each bot's reason. All validation lives here, so the
widgets stay thin: every value that arrives from a browser goes through
:class:`TableSetup` (the setup form), :meth:`PlayTable.call`,
:meth:`PlayTable.play`, :meth:`PlayTable.stop`, :meth:`PlayTable.undo` or
:meth:`PlayTable.from_json`, and a refusal is a :class:`RuleError` or
:class:`RecordError` whose explanation is phrased for the learner. A refusal
changes nothing.

The learner's screen is built from :meth:`PlayTable.view` (the learner's
:class:`~nap_teach.views.SeatView`) and the public ledger only; the other
hands and the unused cards are never handed out.

A turn token (:attr:`PlayTable.token`) changes with every move: a button
rendered for one turn carries it, so a second click that arrives after the
first one was played (a fast double click) is refused as stale.

Example::

    >>> table = PlayTable.new(TableSetup(players=4, seat=1, seed=7, deals=2, bots="random"))
    >>> events = table.start_deal()
    >>> table.pending in ("call", "card", "stop", "deal_over")
    True
"""
from __future__ import annotations

import json
import logging
import random
import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping, NamedTuple

from .auction import Auction, Call
from .bots import BOTS, Bot, Decision, get_bot, hint
from .bots.simple import DEFAULT_STYLE, STYLE_NAMES
from .cards import Card, CardParseError
from .dealing import draw_first_dealer
from .explain import Explanation, IllegalAction, IllegalCall, IllegalCard, RecordError, RuleError
from .narrate import explain_action
from .profiles import PROFILES, Profile, UnknownProfile, get_profile
from .records import SESSION_FORMAT, parse_json, session_from_record, session_to_record
from .rulebook import Topic
from .session import DEFAULT_DEALS, LedgerRow, PlayedDeal, Session
from .state import STOP, Action, DealState, Stop
from .views import SeatView

__all__ = [
    "TableSetup", "PlayTable", "Event", "StaleAction", "SetupError", "CallOption",
    "bot_levels", "coach_hint", "BOT_NAMES", "MAX_DEALS", "MAX_ROTATIONS", "MAX_SEED", "MAX_NAME",
    "MAX_FILE_BYTES", "DEFAULT_BOTS",
]

log = logging.getLogger("nap_teach.play")

BOT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana")
"""Names for the bots, in seating order (any that equals the learner's is skipped)."""
MAX_DEALS = 40
MAX_ROTATIONS = 8
MAX_SEED = 999_999_999
MAX_NAME = 20
MAX_FILE_BYTES = 1_000_000
_NAME_OK = re.compile(r"^[^\x00-\x1f\x7f<>]{1,%d}$" % MAX_NAME)
"""A name: 1 to 20 characters, no control characters and no angle brackets (the page escapes the rest)."""


def bot_levels() -> list[str]:
    """The bot levels the play page offers, strongest first ("simple", "random").

    The expert bot (issue 14) is not offered here until its reply time on the
    play page is measured.
    """
    return [name for name in BOTS if name not in _NOT_ON_THE_PLAY_PAGE]


_NOT_ON_THE_PLAY_PAGE = frozenset({"expert"})
DEFAULT_BOTS = bot_levels()[0]


class SetupError(IllegalAction):
    """A setup value out of range (players, seat, length, bots, seed, name)."""


class StaleAction(IllegalAction):
    """A click meant for an earlier turn (a fast double click): dropped, nothing changes."""


def _bad(key: str, rule: str = "play", cls: type[RuleError] = IllegalAction, **facts: Any) -> RuleError:
    return cls(Explanation(rule, key, facts))


def _as_int(value: object) -> int | None:
    """An int from an int or a string of digits (widget values arrive as either)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d{1,12}\s*", value):
        return int(value)
    return None


# --------------------------------------------------------------------- setup
class _SetupFields(NamedTuple):
    """The fields of a :class:`TableSetup`, in its order, once checked."""

    players: int
    seat: int
    name: str
    deals: int | None
    rotations: int | None
    bots: str
    seed: int | None
    profile: str
    misere_stakes: str | None


@dataclass(frozen=True)
class TableSetup:
    """A checked table setup. ``seat`` is 1-based, as the learner sees it."""

    players: int = 4
    seat: int = 1
    name: str = "Sam"
    deals: int | None = DEFAULT_DEALS
    rotations: int | None = None
    bots: str = DEFAULT_BOTS
    seed: int | None = None
    profile: str = "british"
    misere_stakes: str | None = None
    """Table option of the pub rules: "3/3" (default) or "10/5" (P5)."""
    style: str = DEFAULT_STYLE
    """How boldly the simple bots bid: "cautious", "normal" or "bold"."""

    def __post_init__(self) -> None:
        if self.style not in STYLE_NAMES:
            raise _bad("play.style", "play", SetupError, style=str(self.style)[:40], known=", ".join(STYLE_NAMES))
        checked = TableSetup._clean(self.players, self.seat, self.name,
                                    "rotations" if self.rotations is not None else "deals",
                                    self.rotations if self.rotations is not None else self.deals,
                                    self.bots, self.seed, self.profile, self.misere_stakes)
        for key, value in checked._asdict().items():
            object.__setattr__(self, key, value)  # a frozen dataclass cleans its own fields this way

    @staticmethod
    def check(players: object, seat: object, name: object, length_kind: object, length: object,
              bots: object, seed: object, profile: object = "british",
              misere_stakes: object = None, style: object = DEFAULT_STYLE) -> "TableSetup":
        """Check raw widget values; refuse the first bad one with a clear reason."""
        return TableSetup(*TableSetup._clean(players, seat, name, length_kind, length, bots, seed, profile,
                                             misere_stakes), style=style if isinstance(style, str) else repr(style))

    @staticmethod
    def _clean(players: object, seat: object, name: object, length_kind: object, length: object,
               bots: object, seed: object, profile: object, misere_stakes: object) -> "_SetupFields":
        """The fields of a setup from raw values, cleaned; refuses the first bad one."""
        n = _as_int(players)
        if n is None or not 3 <= n <= 7:
            raise _bad("play.players", "B1", SetupError, count=players if n is None else n)
        s = _as_int(seat)
        if s is None or not 1 <= s <= n:
            raise _bad("play.seat", "play", SetupError, players=n, seat=seat)
        if not isinstance(name, str) or not _NAME_OK.match(name.strip() or "\x00"):
            raise _bad("play.name", "play", SetupError, most=MAX_NAME,
                       name=(name if isinstance(name, str) else repr(name))[:40])
        clean_name = " ".join(name.split())
        kind = length_kind if isinstance(length_kind, str) else repr(length_kind)
        count = _as_int(length)
        deals: int | None = None
        rotations: int | None = None
        if kind == "deals":
            if count is None or not 1 <= count <= MAX_DEALS:
                raise _bad("play.deals", "B17", SetupError, most=MAX_DEALS, count=length)
            deals = count
        elif kind == "rotations":
            if count is None or not 1 <= count <= MAX_ROTATIONS:
                raise _bad("play.rotations", "B17", SetupError, most=MAX_ROTATIONS, count=length)
            rotations = count
        else:
            raise _bad("play.length_kind", "B17", SetupError, kind=kind[:40])
        levels = bot_levels()
        if not isinstance(bots, str) or bots not in levels:
            raise _bad("play.bots", "play", SetupError, level=str(bots)[:40], known=", ".join(levels))
        clean_seed: int | None
        if seed is None or (isinstance(seed, str) and not seed.strip()):
            clean_seed = None
        else:
            clean_seed = _as_int(seed)
            if clean_seed is None or not 0 <= clean_seed <= MAX_SEED:
                raise _bad("play.seed", "B3", SetupError, most=MAX_SEED, seed=str(seed)[:40])
        try:
            rules = get_profile(profile if isinstance(profile, str) else None)
        except UnknownProfile:
            raise _bad("record.profile", "play", SetupError, profile=str(profile)[:40],
                       known=", ".join(PROFILES)) from None
        prof = rules.name
        stakes: str | None = None
        if misere_stakes not in (None, "") and "misere_stakes" in rules.option_choices:
            if misere_stakes not in rules.option_choices["misere_stakes"]:
                raise _bad("record.option", "P5", SetupError, detail=f"misere_stakes={str(misere_stakes)[:20]}")
            stakes = str(misere_stakes)
        return _SetupFields(n, s, clean_name, deals, rotations, bots, clean_seed, prof, stakes)

    @classmethod
    def from_params(cls, params: Mapping[str, str], base: "TableSetup | None" = None
                    ) -> tuple["TableSetup", list[Explanation]]:
        """A setup from page parameters (``?seed=12&players=5``); bad values keep the default.

        Returns the setup and the explanations of the values that were ignored.
        """
        setup = base or cls()
        problems: list[Explanation] = []
        # each parameter is tried on its own, so one bad value does not spoil the rest
        trials: list[tuple[str, Callable[[TableSetup, str], TableSetup]]] = [
            ("players", lambda s, v: s._with(players=_as_int(v), seat=min(s.seat, _as_int(v) or 1))),
            ("seat", lambda s, v: s._with(seat=_as_int(v))),
            ("name", lambda s, v: s._with(name=v)),
            ("deals", lambda s, v: s._with(deals=_as_int(v), rotations=None)),
            ("rotations", lambda s, v: s._with(rotations=_as_int(v), deals=None)),
            ("bots", lambda s, v: s._with(bots=v)),
            ("seed", lambda s, v: s._with(seed=_as_int(v) if _as_int(v) is not None else v)),
            ("profile", lambda s, v: s._with(profile=v.strip().lower(), misere_stakes=None)),
            ("misere", lambda s, v: s._with(misere_stakes=v.strip())),
            ("style", lambda s, v: s._with(style=v.strip().lower())),
        ]
        for key, change in trials:
            if key not in params:
                continue
            try:
                setup = change(setup, params[key])
            except RuleError as e:
                problems.append(e.explanation)
        return setup, problems

    def _with(self, **raw: object) -> "TableSetup":
        """This setup with some fields replaced by raw values, checked as :meth:`check` checks them."""
        values = self._fields()._asdict() | {"style": self.style} | raw
        kind = "rotations" if values["rotations"] is not None else "deals"
        return TableSetup.check(values["players"], values["seat"], values["name"], kind, values[kind],
                                values["bots"], values["seed"], values["profile"], values["misere_stakes"],
                                values["style"])

    def _fields(self) -> "_SetupFields":
        return _SetupFields(self.players, self.seat, self.name, self.deals, self.rotations, self.bots, self.seed,
                            self.profile, self.misere_stakes)

    @property
    def length_kind(self) -> str:
        return "rotations" if self.rotations is not None else "deals"

    @property
    def length(self) -> int:
        return self.rotations if self.rotations is not None else (self.deals or DEFAULT_DEALS)

    def rules(self) -> Profile:
        """The profile with the table's options."""
        profile = get_profile(self.profile)
        return profile.with_options(misere_stakes=self.misere_stakes) if self.misere_stakes else profile

    def names(self) -> tuple[str, ...]:
        """Player names clockwise: the learner at ``seat``, bots elsewhere."""
        bots = [b for b in BOT_NAMES if b.casefold() != self.name.casefold()]
        out: list[str] = []
        for i in range(self.players):
            out.append(self.name if i == self.seat - 1 else bots.pop(0))
        return tuple(out)


# -------------------------------------------------------------------- events
@dataclass(frozen=True)
class Event:
    """One accepted action of the deal in play, with why it was allowed and what it did."""

    index: int
    """Position in the deal's action list (0-based)."""
    seat: int
    action: Action
    lines: tuple[Explanation, ...]
    """The engine's explanations (rule, trick winner, certainty, settlement)."""
    reason: Explanation | None = None
    """The bot's reason for its choice (None for the learner's own actions)."""
    by_learner: bool = False

    @property
    def rules(self) -> tuple[str, ...]:
        seen: list[str] = []
        for e in self.lines:
            if e.rule not in seen:
                seen.append(e.rule)
        return tuple(seen)


@dataclass(frozen=True)
class CallOption:
    """A call the learner might make now, and why not (None when it is legal)."""

    call: Call
    refusal: Explanation | None

    @property
    def legal(self) -> bool:
        return self.refusal is None


_YOU_KEYS = {"call.not_higher", "call.requires", "card.must_follow", "card.not_held"}


def for_learner(why: Explanation) -> Explanation:
    """A refusal of the learner's own action, said to them ("You hold 7♥ ...")."""
    if why.key in _YOU_KEYS:
        return Explanation(why.rule, "you." + why.key, why.facts)
    return why


def coach_hint(view: SeatView) -> Decision:
    """A suggestion for the learner: the coach's hint (the simple bot's choice, said to "you")."""
    return hint(view)


# --------------------------------------------------------------------- table
class PlayTable:
    """A session with one human seat (the learner) and bots in the others."""

    def __init__(self, session: Session, learner: int, bots: str = DEFAULT_BOTS, *,
                 offer_stop: bool = False, practice_undo: bool = False, style: str = DEFAULT_STYLE) -> None:
        if style not in STYLE_NAMES:
            raise _bad("play.style", "play", SetupError, style=str(style)[:40], known=", ".join(STYLE_NAMES))
        self.style = style
        if bots not in bot_levels():
            raise _bad("play.bots", "play", SetupError, level=str(bots)[:40], known=", ".join(bot_levels()))
        if not 0 <= learner < session.n:
            raise _bad("play.seat", "play", SetupError, players=session.n, seat=learner + 1)
        self.session = session
        self.learner = learner
        self.bots = bots
        self.offer_stop = bool(offer_stop)
        self.practice_undo = bool(practice_undo)
        self.state: DealState | None = None
        self.events: list[Event] = []
        self.intro: list[Explanation] = []
        self._recorded = False
        self._played_on = False
        self._bots: dict[int, Bot] = {}
        self._moves = 0
        self._learner_mark = 0
        """Index into :attr:`events` of the learner's last action (the "latest" slice starts there)."""

    # ---------------------------------------------------------------- building
    @classmethod
    def new(cls, setup: TableSetup, *, offer_stop: bool = False, practice_undo: bool = False,
            rng: random.Random | None = None) -> "PlayTable":
        """A fresh session from a checked setup; an empty seed gets a random one (shown to the learner)."""
        seed = setup.seed if setup.seed is not None else (rng or random.SystemRandom()).randrange(MAX_SEED + 1)
        profile = setup.rules()
        names = setup.names()
        draw = draw_first_dealer(names, random.Random(f"nap-teach:{seed}:first-dealer"), profile)
        session = Session(names, draw.dealer, profile, setup.deals, setup.rotations, seed)
        table = cls(session, setup.seat - 1, setup.bots, offer_stop=offer_stop, practice_undo=practice_undo,
                    style=setup.style)
        table.intro = [draw.explanation]
        return table

    # -------------------------------------------------------------- read-outs
    @property
    def players(self) -> tuple[str, ...]:
        return self.session.players

    @property
    def profile(self) -> Profile:
        return self.session.profile

    @property
    def name(self) -> str:
        return self.players[self.learner]

    @property
    def token(self) -> int:
        """Changes with every move, deal and undo: stale clicks carry an old one."""
        return self._moves

    @property
    def deal_number(self) -> int:
        """1-based number of the deal in play (or the last one), 0 before the first."""
        if self.state is None:
            return len(self.session.entries)
        return len(self.session.entries) + (0 if self._recorded else 1)

    def view(self) -> SeatView | None:
        """What the learner may see of the deal in play (None before the first deal)."""
        if self.state is None:
            return None
        seat = self.you
        return self.state.view(seat) if seat is not None else None

    @property
    def you(self) -> int | None:
        """The learner's seat in the deal in play (its players may be a subset of the session's: the
        extra hand among tied players, P8); None when the learner takes no part in it."""
        st = self.state
        if st is None:
            return self.learner
        if st.players is self.session.players or st.players == self.session.players:
            return self.learner
        return st.players.index(self.name) if self.name in st.players else None

    @property
    def extra_hand(self) -> bool:
        """Whether the deal in play (or just played) is the extra hand among tied players (P8)."""
        if self.state is None:
            return False
        if self._recorded:
            rows = self.session.ledger()
            return bool(rows) and rows[-1].tie_break
        return bool(self.session.tie_break_due)

    @property
    def deal_players(self) -> tuple[str, ...]:
        """Who plays the deal in play (everyone, or the tied players of an extra hand)."""
        return self.state.players if self.state is not None else self.session.players

    @property
    def pending(self) -> str:
        """What the table waits for: "deal" (deal the next), "call", "card", "stop"
        (stop here or play on), "deal_over" (next deal) or "session_over"."""
        st = self.state
        if st is None or self._recorded:
            if self.session.is_over:
                return "session_over"
            return "deal" if st is None else "deal_over"
        if st.phase == "auction":
            return "call"
        if self._stop_offer_open():
            return "stop"
        return "card"

    @property
    def stop_offer(self) -> bool:
        """Whether the learner may end the deal now (result certain, between tricks)."""
        return self.state is not None and not self._recorded and self._stop_offer_open()

    def _stop_offer_open(self) -> bool:
        st = self.state
        return (st is not None and self.offer_stop and not self._played_on and st.profile.early_stop
                and st.can_stop())

    @property
    def latest(self) -> list[Event]:
        """The learner's last action and everything since (the bots' replies)."""
        return self.events[self._learner_mark:]

    @property
    def last_row(self) -> LedgerRow | None:
        rows = self.session.ledger()
        return rows[-1] if rows else None

    def ledger(self) -> list[LedgerRow]:
        return self.session.ledger()

    def call_options(self) -> list[CallOption]:
        """Pass and every rung of the ladder, each with the reason it is not allowed now (if any)."""
        st = self.state
        if st is None or st.phase != "auction":
            return []
        auction = Auction(st.players, st.dealer, st.auction.calls, st.profile)
        options = [Call("Pass")] + [Call(c.name) for c in st.profile.ladder]
        out = []
        for call in options:
            why = auction.refusal(call)
            out.append(CallOption(call, for_learner(why) if why is not None else None))
        return out

    def card_refusal(self, card: Card) -> Explanation | None:
        """Why the learner may not play ``card`` now, or None (in the learner's words)."""
        st = self.state
        if st is None or self._recorded:
            return Explanation("play", "play.no_deal", {})
        if st.phase == "play" and st.to_act != self.you:
            return Explanation(st.profile.rule(Topic.TRICK), "you.not_your_turn",
                               {"turn": st.players[st.to_act] if st.to_act is not None else "?"})
        if self.you is None or card not in st.held[self.you]:
            # never say whether another card is unused or in someone's hand (B4)
            return Explanation(st.profile.rule(Topic.FOLLOW), "you.card.not_held", {"card": card})
        why = st.refusal(card, self.you)
        return for_learner(why) if why is not None else None

    # ------------------------------------------------------------------ deals
    def start_deal(self) -> list[Event]:
        """Deal the next deal of the session and let the bots act until the learner's turn."""
        if self.session.is_over:
            raise _bad("play.session_over", self.profile.rule(Topic.SESSION))
        if self.state is not None and not self._recorded:
            raise _bad("play.deal_running", self.profile.rule(Topic.FIVE_TRICKS))
        number = len(self.session.entries)
        self.state = self.session.deal_next()
        self.events = []
        self._recorded = False
        self._played_on = False
        self._learner_mark = 0
        seed = self.session.seed
        you = self.you
        self._bots = {seat: get_bot(self.bots, random.Random(f"nap-teach:{seed}:bot:{number}:{seat}"), self.style)
                      for seat in range(self.state.n) if seat != you}
        self._moves += 1
        return self._advance()

    def _check_token(self, token: int | None) -> None:
        if token is not None and token != self._moves:
            raise StaleAction(Explanation("play", "play.stale", {}))

    def _live_state(self) -> DealState:
        st = self.state
        if st is None or self._recorded:
            if self.session.is_over:
                raise _bad("play.session_over", self.profile.rule(Topic.SESSION))
            raise _bad("play.no_deal", self.profile.rule(Topic.FIVE_TRICKS))
        return st

    def call(self, call: Call | str, token: int | None = None) -> list[Event]:
        """The learner's call ("Pass", "Three" ...); refused (nothing changes) unless legal now."""
        self._check_token(token)
        st = self._live_state()
        if isinstance(call, str):
            call = Call.parse(call, st.profile)
        if not isinstance(call, Call):
            raise _bad("action.unknown", "B5", IllegalCall, action=repr(call)[:40])
        if st.phase != "auction":
            raise IllegalCall(Explanation(st.profile.rule(Topic.PASS_FINAL), "call.auction_over", {"call": call.name}))
        if st.to_act != self.you:
            raise _bad("you.not_your_turn", st.profile.rule(Topic.AUCTION_ORDER),
                       turn=st.players[st.to_act] if st.to_act is not None else "?")
        why = st.refusal(call, self.you)
        if why is not None:
            raise IllegalCall(for_learner(why))
        return self._learner_act(call)

    def play(self, card: Card | str, token: int | None = None) -> list[Event]:
        """The learner's card; refused (nothing changes) unless it is in hand and legal now."""
        self._check_token(token)
        st = self._live_state()
        if isinstance(card, str):
            text = card
            try:
                card = Card.parse(text)
            except CardParseError:
                raise _bad("action.unknown", st.profile.rule(Topic.DEAL), IllegalCard, action=text[:40]) from None
        if not isinstance(card, Card):
            raise _bad("action.unknown", st.profile.rule(Topic.DEAL), IllegalCard, action=repr(card)[:40])
        if st.phase == "auction":
            raise IllegalCard(Explanation(st.profile.rule(Topic.LEAD), "card.auction_first", {"card": card}))
        if self._stop_offer_open() and st.to_act != self.you:
            raise _bad("play.stop_pending", st.profile.rule(Topic.EARLY_STOP))
        why = self.card_refusal(card)
        if why is not None:
            raise IllegalCard(why) if why.key.startswith("you.card") else IllegalAction(why)
        self._played_on = self._played_on or self._stop_offer_open()
        return self._learner_act(card)

    def stop(self, token: int | None = None) -> list[Event]:
        """End the deal now that its result is certain (B13); the bots agree."""
        self._check_token(token)
        st = self._live_state()
        if not self.offer_stop:
            raise _bad("play.stop_not_offered", st.profile.rule(Topic.EARLY_STOP))
        why = st.refusal(STOP)
        if why is not None:
            raise IllegalAction(why)
        if self._played_on:
            raise _bad("stop.not_now", st.profile.rule(Topic.EARLY_STOP))
        return self._learner_act(STOP)

    def play_on(self, token: int | None = None) -> list[Event]:
        """Decline the early stop: all five tricks are played."""
        self._check_token(token)
        st = self._live_state()
        if not self._stop_offer_open():
            raise _bad("stop.not_certain" if st.phase == "play" else "stop.not_now", st.profile.rule(Topic.EARLY_STOP))
        self._played_on = True
        self._moves += 1
        self._learner_mark = len(self.events)
        return self._advance()

    def _learner_act(self, action: Action) -> list[Event]:
        st = self.state
        assert st is not None
        seat = self.you
        st.apply(action, seat)
        self._moves += 1
        self._learner_mark = len(self.events)
        self.events.append(self._event(seat if seat is not None else self.learner, None, by_learner=True))
        return [self.events[-1], *self._advance()]

    def _event(self, seat: int, reason: Explanation | None, by_learner: bool = False) -> Event:
        st = self.state
        assert st is not None
        index = len(st.actions) - 1
        return Event(index, seat, st.actions[-1], tuple(explain_action(st, index)), reason, by_learner)

    def _decide(self, seat: int) -> Decision:
        st = self.state
        assert st is not None
        view = st.view(seat)
        try:
            decision = self._bots[seat].decide(view)
            if st.refusal(decision.action, seat) is None:
                return decision
            log.warning("bot %s chose an illegal %s; playing a random legal choice", self.bots, decision.action)
        except Exception:  # a broken bot must not stop the learner's game
            log.exception("bot %s failed; playing a random legal choice", self.bots)
        return get_bot("random", random.Random(len(st.actions))).decide(view)

    def _advance(self) -> list[Event]:
        """Let the bots act until the learner's turn, a stop offer or the end of the deal."""
        st = self.state
        assert st is not None
        out: list[Event] = []
        while True:
            if st.is_over:
                self._record()
                break
            if self._stop_offer_open():
                break
            seat = st.to_act
            if seat is None or seat == self.you:
                break
            decision = self._decide(seat)
            st.push(decision.action)  # checked by _decide
            self.events.append(self._event(seat, decision.reason))
            out.append(self.events[-1])
        return out

    def _record(self) -> None:
        if not self._recorded:
            assert self.state is not None
            self.session.add_played(self.state)
            self._recorded = True
            self._moves += 1

    # ------------------------------------------------------------------- undo
    def undo(self, token: int | None = None) -> int:
        """Practice undo: take back the learner's last card and the bots' replies after it.

        Returns how many actions were taken back. Only in the deal in play (or the
        one that just ended, whose entry then leaves the ledger again).
        """
        self._check_token(token)
        if not self.practice_undo:
            raise _bad("play.undo_off", "B13")
        st = self.state
        if st is None:
            raise _bad("play.undo_nothing", "B13")
        last = next((e for e in reversed(self.events) if e.by_learner and isinstance(e.action, Card)), None)
        if last is None:
            raise _bad("play.undo_nothing", "B13")
        if self._recorded:
            entry = self.session.entries[-1] if self.session.entries else None
            if not isinstance(entry, PlayedDeal) or entry.state is not st:
                raise _bad("play.undo_nothing", "B13")
            self.session.remove_last()
            self._recorded = False
        taken = 0
        while len(st.actions) > last.index:
            st.undo()
            taken += 1
        self.events = [e for e in self.events if e.index < last.index]
        mark = max((i for i, e in enumerate(self.events) if e.by_learner), default=0)
        self._learner_mark = mark
        self._played_on = False
        self._moves += 1
        return taken

    # ----------------------------------------------------------------- coach
    def hint(self) -> Decision:
        """What the coach suggests for the learner's turn, with its reason."""
        st = self._live_state()
        you = self.you
        if you is None or st.to_act != you:
            raise _bad("you.not_your_turn", st.profile.rule(Topic.AUCTION_ORDER),
                       turn=st.players[st.to_act] if st.to_act is not None else "?")
        return coach_hint(st.view(you))

    # ---------------------------------------------------------------- replay
    def played_deals(self) -> list[tuple[int, DealState]]:
        """(1-based deal number, finished deal) for every deal of the session played card by card."""
        return [(i + 1, e.state) for i, e in enumerate(self.session.entries) if isinstance(e, PlayedDeal)]

    def replay(self, number: int) -> tuple[DealState, list[Event]]:
        """A saved deal, as a fresh state replayed from its actions, with every event explained."""
        n = _as_int(number)
        deals = dict(self.played_deals())
        if n is None or n not in deals:
            raise _bad("record.deal_kind", "record", IllegalAction)
        saved = deals[n]
        state = DealState(saved.players, saved.dealer, saved.hands, saved.profile)
        events = []
        you = self.seat_in(saved)
        for i, action in enumerate(saved.actions):
            seat = state.to_act if not isinstance(action, Stop) else you
            state.apply(action)
            events.append(Event(i, seat if seat is not None else (you if you is not None else 0), action,
                                tuple(explain_action(state, i)), None, seat is not None and seat == you))
        return state, events

    def seat_in(self, state: DealState) -> int | None:
        """The learner's seat in a deal of the session (None if the learner took no part in it)."""
        return state.players.index(self.name) if self.name in state.players else None

    # --------------------------------------------------------------- records
    def to_record(self) -> dict[str, Any]:
        """A "nap-session/1" record with every finished deal in full (plus who the learner is)."""
        record = session_to_record(self.session)
        record["learner"] = self.name
        record["bots"] = self.bots
        record["style"] = self.style
        return record

    def to_json(self) -> str:
        return json.dumps(self.to_record(), ensure_ascii=False, indent=1)

    @classmethod
    def from_record(cls, record: Any, *, bots: str | None = None, offer_stop: bool = False,
                    practice_undo: bool = False) -> "PlayTable":
        """Rebuild a table from a "nap-session/1" record (checking every rule); continue with the next deal."""
        session = session_from_record(record)
        learner_name = record.get("learner") if isinstance(record, dict) else None
        if learner_name is None:
            learner = 0
        elif isinstance(learner_name, str) and learner_name in session.players:
            learner = session.players.index(learner_name)
        else:
            raise RecordError(Explanation("record", "play.learner_missing", {"learner": str(learner_name)[:40]}))
        level = bots
        if level is None:
            wanted = record.get("bots") if isinstance(record, dict) else None
            level = wanted if isinstance(wanted, str) and wanted in bot_levels() else DEFAULT_BOTS
        if session.seed is None:
            session.seed = random.SystemRandom().randrange(MAX_SEED + 1)
        style = record.get("style") if isinstance(record, dict) else None
        return cls(session, learner, level, offer_stop=offer_stop, practice_undo=practice_undo,
                   style=style if isinstance(style, str) and style in STYLE_NAMES else DEFAULT_STYLE)

    @classmethod
    def from_json(cls, data: str | bytes, **kwargs: Any) -> "PlayTable":
        """Load a session file (text or bytes); malformed files raise :class:`RecordError`."""
        if isinstance(data, (bytes, bytearray, memoryview)):
            data = bytes(data)
            if len(data) > MAX_FILE_BYTES:
                raise RecordError(Explanation("record", "play.file_size", {"size": len(data), "most": MAX_FILE_BYTES}))
            try:
                data = data.decode("utf-8-sig")
            except UnicodeDecodeError as e:
                raise RecordError(Explanation("record", "record.not_json", {"detail": str(e)[:80]})) from None
        elif not isinstance(data, str):
            raise RecordError(Explanation("record", "record.not_object", {}))
        if len(data) > MAX_FILE_BYTES:
            raise RecordError(Explanation("record", "play.file_size", {"size": len(data), "most": MAX_FILE_BYTES}))
        record = parse_json(data)
        if not isinstance(record, dict):
            raise RecordError(Explanation("record", "record.not_object", {}))
        if "format" not in record:
            raise RecordError(Explanation("record", "record.format", {"format": "?", "expected": SESSION_FORMAT}))
        return cls.from_record(record, **kwargs)

