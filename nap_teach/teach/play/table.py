"""The play table itself: one learner and bots play a session, deal by deal (see :mod:`nap_teach.teach.play`)."""
from __future__ import annotations

import json
import logging
import random
from typing import Any

from ...engine.auction import Auction, Call
from ...ai.bots import Bot, Decision, get_bot
from ...ai.bots.simple import DEFAULT_STYLE, STYLE_NAMES
from ...engine.cards import Card, CardParseError
from ...engine.dealing import MAX_SEED, draw_first_dealer
from ...engine.explain import Explanation, IllegalAction, IllegalCall, IllegalCard, RecordError
from ...engine.narrate import explain_action
from ...engine.profiles import Profile
from ...engine.records import SESSION_FORMAT, is_hand_record, parse_json, session_from_hand, session_from_record, \
    session_to_record
from ...engine.rules import Topic
from ...engine.session import LedgerRow, PlayedDeal, Session
from ...engine.state import STOP, Action, DealState, Stop
from ...engine.views import SeatView
from .events import CallOption, Event, coach_hint, for_learner, reason_at_table
from .setup import (DEFAULT_BOTS, MAX_FILE_BYTES, SetupError, StaleAction, TableSetup, bot_levels, play_error,
                    whole_number)


log = logging.getLogger("nap_teach.teach.play")


class PlayTable:
    """A session with one human seat (the learner) and bots in the others."""

    def __init__(self, session: Session, learner: int, bots: str = DEFAULT_BOTS, *,
                 offer_stop: bool = False, practice_undo: bool = False, style: str = DEFAULT_STYLE) -> None:
        if style not in STYLE_NAMES:
            raise play_error("play.style", "play", SetupError, style=str(style)[:40], known=", ".join(STYLE_NAMES))
        self.style = style
        if bots not in bot_levels():
            raise play_error("play.bots", "play", SetupError, level=str(bots)[:40], known=", ".join(bot_levels()))
        if not 0 <= learner < session.n:
            raise play_error("play.seat", "play", SetupError, players=session.n, seat=learner + 1)
        self.session = session
        self.learner = learner
        self.bots = bots
        self.offer_stop = bool(offer_stop)
        self.practice_undo = bool(practice_undo)
        self.show_thinking = False
        """Whether the bots' reasons that use their own cards are said while the deal is on (B14: off)."""
        self.state: DealState | None = None
        self.events: list[Event] = []
        self.intro: list[Explanation] = []
        self._recorded = False
        self._played_on = False
        self._bots: dict[int, Bot] = {}
        self.pace_bots = False
        """When set, the bots wait to be moved one at a time by :meth:`bot_step` (a page that shows
        "B is thinking…" between slow replies); otherwise they all reply at once after each move."""
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
        (stop here or play on), "deal_over" (next deal), "session_over", or "bots"
        (a paced table: a bot still has to reply, see :meth:`bot_step`)."""
        st = self.state
        if st is None or self._recorded:
            if self.session.is_over:
                return "session_over"
            return "deal" if st is None else "deal_over"
        if self.thinking is not None:
            return "bots"
        if st.phase == "auction":
            return "call"
        if self._stop_offer_open():
            return "stop"
        return "card"

    @property
    def deal_over(self) -> bool:
        """Whether the deal on the table has ended (or none is dealt): every reason may then be said."""
        st = self.state
        return st is None or self._recorded or st.is_over

    def reason_said(self, e: Event) -> Explanation | None:
        """The reason of ``e`` the table hears now (:func:`.events.reason_at_table`)."""
        return reason_at_table(e, self.deal_over, self.show_thinking)

    @property
    def thinking_held(self) -> bool:
        """Whether some bot's reason in this deal is held back until the deal ends (B14)."""
        return any(e.reason is not None and self.reason_said(e) is None for e in self.events)

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
            raise play_error("play.session_over", self.profile.rule(Topic.SESSION))
        if self.state is not None and not self._recorded:
            raise play_error("play.deal_running", self.profile.rule(Topic.FIVE_TRICKS))
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
                raise play_error("play.session_over", self.profile.rule(Topic.SESSION))
            raise play_error("play.no_deal", self.profile.rule(Topic.FIVE_TRICKS))
        return st

    def call(self, call: Call | str, token: int | None = None) -> list[Event]:
        """The learner's call ("Pass", "Three" ...); refused (nothing changes) unless legal now."""
        self._check_token(token)
        st = self._live_state()
        if isinstance(call, str):
            call = Call.parse(call, st.profile)
        if not isinstance(call, Call):
            raise play_error("action.unknown", "B5", IllegalCall, action=repr(call)[:40])
        if st.phase != "auction":
            raise IllegalCall(Explanation(st.profile.rule(Topic.PASS_FINAL), "call.auction_over", {"call": call.name}))
        if st.to_act != self.you:
            raise play_error("you.not_your_turn", st.profile.rule(Topic.AUCTION_ORDER),
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
                raise play_error("action.unknown", st.profile.rule(Topic.DEAL), IllegalCard, action=text[:40]) from None
        if not isinstance(card, Card):
            raise play_error("action.unknown", st.profile.rule(Topic.DEAL), IllegalCard, action=repr(card)[:40])
        if st.phase == "auction":
            raise IllegalCard(Explanation(st.profile.rule(Topic.LEAD), "card.auction_first", {"card": card}))
        if self._stop_offer_open() and st.to_act != self.you:
            raise play_error("play.stop_pending", st.profile.rule(Topic.EARLY_STOP))
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
            raise play_error("play.stop_not_offered", st.profile.rule(Topic.EARLY_STOP))
        why = st.refusal(STOP)
        if why is not None:
            raise IllegalAction(why)
        if self._played_on:
            raise play_error("stop.not_now", st.profile.rule(Topic.EARLY_STOP))
        return self._learner_act(STOP)

    def play_on(self, token: int | None = None) -> list[Event]:
        """Decline the early stop: all five tricks are played."""
        self._check_token(token)
        st = self._live_state()
        if not self._stop_offer_open():
            raise play_error("stop.not_certain" if st.phase == "play" else "stop.not_now", st.profile.rule(Topic.EARLY_STOP))
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

    def _bot_due(self) -> int | None:
        """The bot seat that acts next, or None (the learner's turn, a stop offer, the deal over)."""
        st = self.state
        if st is None or self._recorded or st.is_over or self._stop_offer_open():
            return None
        seat = st.to_act
        return None if seat is None or seat == self.you else seat

    @property
    def thinking(self) -> int | None:
        """On a paced table: the seat of the bot whose reply is due (the page says it is thinking)."""
        return self._bot_due() if self.pace_bots else None

    def _bot_move(self, seat: int) -> Event:
        st = self.state
        assert st is not None
        decision = self._decide(seat)
        st.push(decision.action)  # checked by _decide
        self.events.append(self._event(seat, decision.reason))
        return self.events[-1]

    def _advance(self) -> list[Event]:
        """Let the bots act until the learner's turn, a stop offer or the end of the deal.

        A paced table (:attr:`pace_bots`) leaves the bots' replies to :meth:`bot_step`.
        """
        st = self.state
        assert st is not None
        out: list[Event] = []
        while True:
            if st.is_over:
                self._record()
                break
            seat = self._bot_due()
            if seat is None or self.pace_bots:
                break
            out.append(self._bot_move(seat))
        return out

    def bot_step(self) -> Event | None:
        """One bot's reply on a paced table; None when no bot is due (the learner's turn, the deal over)."""
        seat = self._bot_due()
        if seat is None:
            return None
        event = self._bot_move(seat)
        st = self.state
        assert st is not None
        if st.is_over:
            self._record()
        return event

    def finish_bots(self) -> list[Event]:
        """Every reply still due on a paced table, at once."""
        out = []
        while (event := self.bot_step()) is not None:
            out.append(event)
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
            raise play_error("play.undo_off", "B13")
        st = self.state
        if st is None:
            raise play_error("play.undo_nothing", "B13")
        last = next((e for e in reversed(self.events) if e.by_learner and isinstance(e.action, Card)), None)
        if last is None:
            raise play_error("play.undo_nothing", "B13")
        if self._recorded:
            entry = self.session.entries[-1] if self.session.entries else None
            if not isinstance(entry, PlayedDeal) or entry.state is not st:
                raise play_error("play.undo_nothing", "B13")
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
            raise play_error("you.not_your_turn", st.profile.rule(Topic.AUCTION_ORDER),
                             turn=st.players[st.to_act] if st.to_act is not None else "?")
        return coach_hint(st.view(you))

    # ---------------------------------------------------------------- replay
    def played_deals(self) -> list[tuple[int, DealState]]:
        """(1-based deal number, finished deal) for every deal of the session played card by card."""
        return [(i + 1, e.state) for i, e in enumerate(self.session.entries) if isinstance(e, PlayedDeal)]

    def replay(self, number: int) -> tuple[DealState, list[Event]]:
        """A saved deal, as a fresh state replayed from its actions, with every event explained."""
        n = whole_number(number)
        deals = dict(self.played_deals())
        if n is None or n not in deals:
            raise play_error("record.deal_kind", "record", IllegalAction)
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
        record["seat"] = self.learner + 1  # 1-based, as the learner chose it (the class results compare seats)
        record["bots"] = self.bots
        record["style"] = self.style
        return record

    def to_json(self) -> str:
        return json.dumps(self.to_record(), ensure_ascii=False, indent=1)

    @classmethod
    def from_record(cls, record: Any, *, bots: str | None = None, offer_stop: bool = False,
                    practice_undo: bool = False) -> "PlayTable":
        """Rebuild a table from a "nap-session/1" record (checking every rule); continue with the next deal.

        A single deal ("nap-hand/1", as the command line replays it) is a session of that one deal.
        """
        session = session_from_hand(record) if is_hand_record(record) else session_from_record(record)
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
