"""A deal entered by hand, step by step, for the lesson player ("Teach this deal").

Pure (no widgets): :mod:`nap_teach.ui.lesson.editor` draws a :class:`DealEntry`.
A teacher sets the table (profile, players, dealer), gives each player five
cards, then enters the calls and the cards in turn. Every step is checked by
the engine; a refused step raises a :class:`~nap_teach.engine.explain.RuleError` (or
:class:`~nap_teach.engine.explain.RecordError` for a file or a link) with the reason,
and leaves the entry exactly as it was: nothing typed is lost.

>>> from nap_teach.engine.cards import Card
>>> entry = DealEntry(players=("A", "B", "C"), dealer=2)
>>> entry.give(0, Card.parse("AS"))
>>> entry.give(1, Card.parse("AS"))
Traceback (most recent call last):
...
nap_teach.engine.explain.IllegalAction: B1: A already holds the ace of spades: there is one pack, and each card is dealt once.
>>> entry.hands[0], entry.missing
((Card.parse('AS'),), 14)
"""
from __future__ import annotations

import random
import re
import unicodedata
from typing import Any, Mapping, Sequence

from ...engine.auction import Call
from ...engine.cards import Card, Rank, Suit
from ...engine.explain import Explanation, IllegalAction, RecordError, RuleError
from ...engine.profiles import BRITISH, Profile
from ...engine.records import (
    HAND_FORMAT, SESSION_FORMAT, hand_from_record, hand_to_record, parse_json, record_from_link, record_to_link,
    session_from_record,
)
from ...engine.rules import Topic
from ...engine.session import PlayedDeal
from ...engine.state import Action, DealState

__all__ = ["DealEntry", "FULL_PACK", "MAX_NAME", "MAX_NOTES", "MAX_TITLE", "MAX_FILE_BYTES", "entry_from_record"]

MAX_NAME = 30
MAX_TITLE = 80
"""Most characters of a deal's title."""
MAX_NOTES = 300
"""Most characters of a deal's notes."""
MAX_FILE_BYTES = 200_000
FULL_PACK: tuple[Card, ...] = tuple(Card(r, s) for s in (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
                                    for r in sorted(Rank, reverse=True))
"""The 52 cards in the picker's order: suit by suit, ace down to two."""


def _refuse(profile: Profile, topic: Topic, key: str, **facts: Any) -> IllegalAction:
    return IllegalAction(Explanation(profile.rule(topic), key, facts))


class DealEntry:
    """One deal being entered: the table, the five hands, then the calls and cards in turn."""

    def __init__(self, profile: Profile = BRITISH, players: Sequence[str] = ("A", "B", "C", "D"),
                 dealer: int | None = None) -> None:
        names = self._check_players(profile, players)
        dealer = len(names) - 1 if dealer is None else dealer
        self._check_dealer(profile, names, dealer)
        self.profile = profile
        self.players: tuple[str, ...] = names
        self.dealer = dealer
        self._hands: list[list[Card]] = [[] for _ in names]
        self._given: list[tuple[int, Card]] = []
        """Cards in the order they were given (what Undo takes back before the auction)."""
        self._state: DealState | None = None
        self.title = ""
        """The deal's title ("" for none): it names the file and heads the narration and the handout."""
        self.notes = ""
        """A line of notes for the teacher ("" for none), kept with the deal in its file and link."""

    # ---------------------------------------------------------------- title and notes
    def set_words(self, title: str | None = None, notes: str | None = None) -> None:
        """Set the title and the notes (spaces tidied); refused, nothing changed, when one is too long or
        holds a control character."""
        new = [self.title if title is None else title, self.notes if notes is None else notes]
        for i, (text, most) in enumerate(zip(new, (MAX_TITLE, MAX_NOTES))):
            if not isinstance(text, str):
                raise RecordError(Explanation("record", "record.type", {"field": ("title", "notes")[i],
                                                                        "expected": "text"}))
            if any(ord(ch) < 32 and ch not in "\t" for ch in text) or "\x7f" in text:
                raise RecordError(Explanation("record", "entry.words_control", {}))
            text = " ".join(text.split())
            if len(text) > most:
                raise RecordError(Explanation("record", "entry.words_long", {"most": most, "count": len(text)}))
            new[i] = text
        self.title, self.notes = new

    def file_name(self) -> str:
        """The file's name: "nap-hand-<the title>.json" (letters, digits and dashes), or "nap-hand.json".

        >>> e = DealEntry(); e.set_words("Ann's Nap, trick 4!"); e.file_name()
        'nap-hand-ann-s-nap-trick-4.json'
        """
        slug = re.sub(r"[^a-z0-9]+", "-", unicodedata.normalize("NFKD", self.title).encode("ascii", "ignore")
                      .decode("ascii").lower()).strip("-")[:40].strip("-")
        return f"nap-hand-{slug}.json" if slug else "nap-hand.json"

    # ---------------------------------------------------------------- table
    @staticmethod
    def _check_players(profile: Profile, players: Sequence[str]) -> tuple[str, ...]:
        names = tuple(" ".join(str(p).split()) for p in players)
        if not profile.min_players <= len(names) <= profile.max_players:
            raise _refuse(profile, Topic.PLAYERS, "record.players", count=len(names))
        folded = [n.casefold() for n in names]
        if not all(names) or len(set(folded)) != len(folded):
            raise _refuse(profile, Topic.PLAYERS, "entry.names")
        long = next((n for n in names if len(n) > MAX_NAME), None)
        if long is not None:
            raise _refuse(profile, Topic.PLAYERS, "scorekeeper.long_name", most=MAX_NAME, name=long[:MAX_NAME])
        return names

    @staticmethod
    def _check_dealer(profile: Profile, names: Sequence[str], dealer: object) -> None:
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < len(names):
            raise _refuse(profile, Topic.PLAYERS, "record.dealer", dealer=str(dealer)[:MAX_NAME])

    def set_table(self, profile: Profile | None = None, players: Sequence[str] | None = None,
                  dealer: int | None = None) -> None:
        """Change the profile, the players or the dealer; refused (nothing changes) when the change
        would drop a player's cards or no longer fits the calls and cards already entered."""
        profile = self.profile if profile is None else profile
        names = self._check_players(profile, self.players if players is None else players)
        if dealer is None:
            dealer = self.dealer if self.dealer < len(names) else len(names) - 1
        self._check_dealer(profile, names, dealer)
        for seat in range(len(names), len(self.players)):
            if self._hands[seat]:
                raise _refuse(profile, Topic.PLAYERS, "entry.seat_has_cards", player=self.players[seat],
                              count=len(self._hands[seat]))
        hands = [list(self._hands[s]) if s < len(self._hands) else [] for s in range(len(names))]
        state = None
        if self._state is not None:
            state = DealState(names, dealer, hands, profile)
            for action in self._state.actions:
                state.apply(action)  # the engine's refusal, in the new table's terms
        self.profile, self.players, self.dealer = profile, names, dealer
        self._hands = hands
        self._given = [(s, c) for s, c in self._given if s < len(names)]
        self._state = state

    @property
    def n(self) -> int:
        return len(self.players)

    # ---------------------------------------------------------------- hands
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(h) for h in self._hands)

    def holder(self, card: Card) -> int | None:
        """The seat holding ``card`` in the entered hands, or None."""
        return next((s for s, h in enumerate(self._hands) if card in h), None)

    @property
    def missing(self) -> int:
        """Cards still to give before every hand has five."""
        return sum(self.profile.hand_size - len(h) for h in self._hands)

    @property
    def hands_complete(self) -> bool:
        return self.missing == 0

    def _hands_open(self) -> None:
        if self._state is not None and self._state.actions:
            raise _refuse(self.profile, Topic.DEAL, "entry.hands_fixed")

    def give(self, seat: int, card: Card) -> None:
        """Give ``card`` to ``seat``: refused when it is already dealt, the hand is full or the auction began."""
        self._check_seat(seat)
        if not isinstance(card, Card):
            raise _refuse(self.profile, Topic.RANK, "record.card", card=str(card)[:20])
        self._hands_open()
        holder = self.holder(card)
        if holder is not None:
            raise _refuse(self.profile, Topic.PLAYERS, "entry.card_taken", card=card, player=self.players[holder])
        if len(self._hands[seat]) >= self.profile.hand_size:
            raise _refuse(self.profile, Topic.DEAL, "entry.hand_full", player=self.players[seat])
        self._hands[seat].append(card)
        self._given.append((seat, card))
        self._sync_state()

    def take_back(self, card: Card) -> None:
        """Take ``card`` back from whoever holds it (before the auction begins)."""
        self._hands_open()
        holder = self.holder(card)
        if holder is None:
            raise _refuse(self.profile, Topic.DEAL, "entry.not_given", card=card)
        self._hands[holder].remove(card)
        self._given = [g for g in self._given if g[1] != card]
        self._sync_state()

    def _check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise _refuse(self.profile, Topic.PLAYERS, "seat.unknown", player=str(seat)[:MAX_NAME])

    def _sync_state(self) -> None:
        """The deal to call and play in, once every hand has five cards (None before)."""
        if self.hands_complete:
            if self._state is None:
                self._state = DealState(self.players, self.dealer, self._hands, self.profile)
        else:
            self._state = None

    def random_fill(self, rng: random.Random | None = None) -> int:
        """Deal the cards still missing at random (the cards given stay where they are); returns how many.

        With every hand full and no call made, a new random deal replaces the hands.
        """
        self._hands_open()
        rng = rng or random.Random()
        if self.hands_complete:
            self._hands = [[] for _ in self.players]
            self._given = []
        taken = {c for h in self._hands for c in h}
        pack = [c for c in FULL_PACK if c not in taken]
        rng.shuffle(pack)
        given = 0
        for seat, hand in enumerate(self._hands):
            while len(hand) < self.profile.hand_size:
                card = pack.pop()
                hand.append(card)
                self._given.append((seat, card))
                given += 1
        self._state = None
        self._sync_state()
        return given

    def clear(self) -> None:
        """Empty every hand and forget the calls and cards (the table stays)."""
        self._hands = [[] for _ in self.players]
        self._given = []
        self._state = None

    # ------------------------------------------------------- calls and cards
    @property
    def state(self) -> DealState | None:
        """The deal so far (None until every hand has five cards)."""
        return self._state

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._state.actions) if self._state is not None else ()

    def legal_calls(self) -> list[Call]:
        return self._state.legal_calls() if self._state is not None else []

    def legal_cards(self) -> list[Card]:
        return self._state.legal_cards() if self._state is not None else []

    def can_stop(self) -> bool:
        return self._state is not None and self._state.can_stop()

    def act(self, action: Action | str) -> None:
        """Enter the next call, card or stop, checked by the engine (refused with its reason, nothing changes)."""
        state = self._ready_to_act()
        state.apply(action)

    def _ready_to_act(self) -> DealState:
        if self._state is None:
            seat = next(s for s, h in enumerate(self._hands) if len(h) < self.profile.hand_size)
            raise _refuse(self.profile, Topic.DEAL, "entry.hand_short", player=self.players[seat],
                          count=len(self._hands[seat]))
        return self._state

    def undo(self) -> str:
        """Take back the last step (a card, a call or a card given); returns its kind: "action" or "card"."""
        if self._state is not None and self._state.actions:
            self._state.undo()
            return "action"
        if not self._given:
            raise IllegalAction(Explanation("entry", "undo.nothing", {}))  # no rule: nothing was entered
        seat, card = self._given.pop()
        self._hands[seat].remove(card)
        self._sync_state()
        return "card"

    # ------------------------------------------------------------ finished?
    def problem(self) -> Explanation | None:
        """Why the deal cannot be taught yet (None when it is finished: played out, passed out or stopped)."""
        p = self.profile
        if self._state is None:
            seat = next(s for s, h in enumerate(self._hands) if len(h) < self.profile.hand_size)
            return Explanation(p.rule(Topic.DEAL), "entry.hand_short",
                               {"player": self.players[seat], "count": len(self._hands[seat])})
        state = self._state
        if state.is_over:
            return None
        if state.phase == "auction":
            turn = state.to_act
            return Explanation(p.rule(Topic.AUCTION_ORDER), "entry.auction_open",
                               {"player": self.players[turn if turn is not None else 0]})
        left = state.n * 5 - len(state.cards_played)
        turn = state.to_act
        key = "entry.play_open_stop" if state.can_stop() else "entry.play_open"
        return Explanation(p.rule(Topic.EARLY_STOP if state.can_stop() else Topic.FIVE_TRICKS), key,
                           {"count": left, "player": self.players[turn if turn is not None else 0]})

    def finished(self) -> DealState:
        """A copy of the finished deal for the lesson player; refused with :meth:`problem` otherwise."""
        why = self.problem()
        if why is not None:
            raise RuleError(why)
        assert self._state is not None
        return self._state.copy()

    # -------------------------------------------------------------- records
    def record(self) -> dict[str, Any]:
        """The deal as a "nap-hand/1" record (every hand must have its five cards)."""
        state = self._ready_to_act()
        record = hand_to_record(state)
        if self.title:
            record["title"] = self.title
        if self.notes:
            record["notes"] = self.notes
        return record

    def link_code(self) -> str:
        """The code of the deal for a link (``lesson.ipynb?deal=<code>``)."""
        return record_to_link(self.record())

    def replace_with(self, other: "DealEntry") -> None:
        """Take over everything of ``other`` (a loaded file or link)."""
        self.__dict__.update(other.__dict__)

    @classmethod
    def from_state(cls, state: DealState) -> "DealEntry":
        entry = cls(state.profile, state.players, state.dealer)
        for seat, hand in enumerate(state.hands):
            for card in hand:
                entry.give(seat, card)
        for action in state.actions:
            entry.act(action)
        return entry

    @classmethod
    def from_record(cls, record: Any) -> "DealEntry":
        return entry_from_record(record)

    @classmethod
    def from_text(cls, text: str | bytes) -> "DealEntry":
        """A "nap-hand/1" file, or a "nap-session/1" file of a single deal played card by card."""
        if len(text) > MAX_FILE_BYTES:
            raise RecordError(Explanation("record", "entry.file_size", {"size": len(text), "most": MAX_FILE_BYTES}))
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8-sig")
            except UnicodeDecodeError as e:
                raise RecordError(Explanation("record", "record.not_json", {"detail": str(e)[:80]})) from None
        return entry_from_record(parse_json(text))

    @classmethod
    def from_link(cls, code: str) -> "DealEntry":
        return entry_from_record(record_from_link(code))


def entry_from_record(record: Any) -> DealEntry:
    """An entry holding the deal of ``record`` (nap-hand/1, or a one-deal nap-session/1), checked by the engine."""
    if not isinstance(record, Mapping):
        raise RecordError(Explanation("record", "record.not_object", {}))
    fmt = record.get("format", HAND_FORMAT)
    if fmt == SESSION_FORMAT:
        session = session_from_record(record)
        entries = session.entries
        if len(entries) != 1:
            raise RecordError(Explanation("record", "entry.session_deals", {"count": len(entries)}))
        only = entries[0]
        if not isinstance(only, PlayedDeal):
            raise RecordError(Explanation("record", "entry.session_no_cards", {}))
        return DealEntry.from_state(only.state)
    if fmt != HAND_FORMAT:
        raise RecordError(Explanation("record", "record.format", {"format": str(fmt)[:40],
                                                                  "expected": f"{HAND_FORMAT}, {SESSION_FORMAT}"}))
    entry = DealEntry.from_state(hand_from_record(record))
    entry.set_words(record.get("title", ""), record.get("notes", ""))  # checked like words typed in
    return entry
