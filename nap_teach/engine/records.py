"""Hand and session records as JSON ("nap-hand/1", "nap-session/1").

Both carry ``"profile"`` ("british" by default, or "pub") and, for profiles
with table options, ``"options"`` (e.g. ``{"misere_stakes": "10/5", "ante": 20}``).
Calls are written with their record names ("Misere", "Blucher"); the spellings
for people ("Misère", "Blücher") are accepted too. A session deal is one of::

    {"hands": {...}, "auction": [...], "play": [...]}        a deal played card by card
    {"auction": [...], "declarer_tricks": 3}                  a real table's deal
    {"auction": [...], "renege": "Ben"}                       play stopped at a renege (P7)
    {"misdeal": true, "dealer": "Ann"}                        a misdeal: same dealer again (P2)

A "nap-hand/1" record may end with ``"stop": true``: the table stopped once the
result was certain (B13), after the cards listed.

and any of them may say ``"tie_break": true``: the extra hand among tied
players after the agreed deals (P8); the engine checks that it is one.

Loading checks the shape of a record first (malformed: :class:`RecordError`,
exit 2 on the command line) and then replays it through the engine, where a
broken rule raises a :class:`RuleError` (exit 1). Nothing is half-loaded.
"""
from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any, Mapping, Sequence

from .auction import Call, unknown_call
from .cards import Card, CardParseError
from .explain import Explanation, IllegalCall, IllegalCard, RecordError, RuleError
from .profiles import PROFILES, VARIATIONS, Profile, UnknownProfile, get_profile
from .rules import Topic
from .session import MisdealEntry, PlayedDeal, ScoredDeal, Session
from .state import STOP, DealState

__all__ = [
    "HAND_FORMAT", "SESSION_FORMAT", "parse_json", "hand_from_record", "hand_to_record",
    "session_from_record", "session_to_record", "load_hand", "load_session",
    "record_to_link", "record_from_link", "LINK_LIMIT", "session_from_hand", "is_hand_record",
]

HAND_FORMAT = "nap-hand/1"
SESSION_FORMAT = "nap-session/1"


def _bad(key: str, **facts: Any) -> RecordError:
    return RecordError(Explanation("record", key, facts))


def parse_json(text: str | bytes) -> Any:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise _bad("record.not_json", detail=str(e)) from None
    except RecursionError:  # "[[[[..." nested deeper than the parser goes: not a record either
        raise _bad("record.not_json", detail="nested too deeply") from None


def _field(record: Mapping[str, Any], name: str, kind: type | tuple[type, ...], expected: str) -> Any:
    if name not in record:
        raise _bad("record.missing", field=name)
    value = record[name]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise _bad("record.type", field=name, expected=expected)
    return value


def _profile(record: Mapping[str, Any], default: str | None = None) -> Profile:
    if default is not None and "profile" in record and isinstance(record["profile"], str) \
            and record["profile"].strip().lower() != default.strip().lower():
        raise _bad("record.profile_mismatch", profile=record["profile"].strip().lower(),
                   expected_profile=default.strip().lower())
    name = record.get("profile", default or "british")
    try:
        profile = get_profile(name if isinstance(name, str) else repr(name))
    except UnknownProfile:
        variation = _variation(name) if isinstance(name, str) else None
        if variation is not None:
            raise RecordError(Explanation("P9", "record.variation", {"name": name, "variation": variation,
                                                                     "known_profiles": tuple(PROFILES)})) from None
        raise _bad("record.profile", profile=name, known=", ".join(PROFILES)) from None
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise _bad("record.type", field="options", expected="an object of table options")
    if options:
        try:
            profile = profile.with_options(**{str(k): v for k, v in options.items()})
        except (TypeError, ValueError) as e:
            raise _bad("record.option", detail=str(e)) from None
    return profile


def _variation(name: str) -> str | None:
    """The variation (one of ``VARIATIONS``) that ``name`` names, one that would be a profile of its own (P9)."""
    key = "".join(ch for ch in name.lower() if ch.isalnum()).replace("é", "e")
    for v in VARIATIONS:
        if key.startswith("".join(ch for ch in v if ch.isalnum())):
            return v
    return None


def options_record(profile: Profile) -> dict[str, Any]:
    """The profile's table options for a record ({} when it has none)."""
    return dict(profile.options)


def _players(record: Mapping[str, Any]) -> tuple[str, ...]:
    players = _field(record, "players", list, "a list of names")
    if not 3 <= len(players) <= 7:
        raise _bad("record.players", count=len(players))
    if not all(isinstance(p, str) and p.strip() for p in players) or len(set(players)) != len(players):
        raise _bad("record.player_names")
    return tuple(players)


def _dealer(record: Mapping[str, Any], players: Sequence[str], name: str = "dealer") -> int:
    dealer = _field(record, name, str, "a player's name")
    if dealer not in players:
        raise _bad("record.dealer", dealer=dealer)
    return players.index(dealer)


def _card(text: Any) -> Card:
    if not isinstance(text, str):
        raise _bad("record.card", card=repr(text))
    try:
        return Card.parse(text)
    except CardParseError:
        raise _bad("record.card", card=text) from None


def _hands(record: Mapping[str, Any], players: Sequence[str], profile: Profile) -> list[tuple[Card, ...]]:
    hands = _field(record, "hands", dict, "an object from player name to five cards")
    if set(hands) != set(players):
        missing = [p for p in players if p not in hands]
        extra = [h for h in hands if h not in players]
        raise _bad("record.hand_owner", detail=", ".join(
            [f"missing {p}" for p in missing] + [f"unknown {h}" for h in extra]))
    seen: set[Card] = set()
    out: list[tuple[Card, ...]] = []
    for p in players:
        cards = hands[p]
        if not isinstance(cards, list):
            raise _bad("record.type", field=f"hands.{p}", expected="a list of cards")
        parsed = tuple(_card(c) for c in cards)
        for c in parsed:
            if c in seen:
                raise _bad("record.duplicate", card=c.code)
            seen.add(c)
        if len(parsed) != profile.hand_size:  # the deal gives everyone a full hand (B3)
            raise RecordError(Explanation("B3", "record.hand_size",
                                          {"player": p, "count": len(parsed), "size": profile.hand_size}))
        out.append(parsed)
    return out


def _calls(record: Mapping[str, Any], profile: Profile, players: Sequence[str] = (), dealer: int = 0,
           deal: int | None = None) -> list[Call]:
    calls = _field(record, "auction", list, "a list of calls")
    out = []
    for i, c in enumerate(calls):
        if not isinstance(c, str):
            raise _bad("record.call", call=repr(c))
        t = c.strip()
        if t.lower() == "pass":
            out.append(Call("Pass"))
        elif profile.has_contract(t):
            out.append(Call(profile.contract(t).name))
        else:
            why = unknown_call(t, profile)
            if why.key == "call.unknown":
                raise _bad("record.call", call=c)
            err = IllegalCall(why)  # a bid of the other rules (Misère in a British record): B6
            if players:
                err.location = Explanation("record", "where.call" if deal is None else "where.deal_call",
                                           {"index": i + 1, "player": players[(dealer + 1 + i) % len(players)],
                                            "deal": deal})
            raise err
    return out


def _play(record: Mapping[str, Any]) -> list[Card]:
    play = record.get("play", [])
    if not isinstance(play, list):
        raise _bad("record.type", field="play", expected="a list of cards")
    out = []
    for i, c in enumerate(play):
        try:
            out.append(_card(c))
        except RecordError:
            raise _bad("record.play_card", index=i + 1, card=c if isinstance(c, str) else repr(c)) from None
    return out


def _check_format(record: Any, expected: str) -> Mapping[str, Any]:
    if not isinstance(record, dict):
        raise _bad("record.not_object")
    fmt = record.get("format", expected)
    if fmt != expected:
        raise _bad("record.format", format=fmt, expected=expected)
    return record


def hand_from_record(record: Any, profile_name: str | None = None) -> DealState:
    """Rebuild and replay a "nap-hand/1" record (RecordError, then RuleError).

    ``profile_name`` is the profile expected (used when the record names none).
    """
    record = _check_format(record, HAND_FORMAT)
    profile = _profile(record, profile_name)
    players = _players(record)
    dealer = _dealer(record, players)
    hands = _hands(record, players, profile)
    calls = _calls(record, profile, players, dealer)
    play = _play(record)
    stop = record.get("stop", False)
    if not isinstance(stop, bool):
        raise _bad("record.type", field="stop", expected="true or false")
    state = DealState(players, dealer, hands, profile)
    replay_into(state, calls, play)
    if stop:  # the table stopped here (B13): refused, with the rule, when the result is not yet certain
        try:
            state.apply(STOP)
        except RuleError as e:
            e.location = Explanation("record", "where.stop", {})
            raise
    return state


def replay_into(state: DealState, calls: Sequence[Call], play: Sequence[Card], deal: int | None = None) -> None:
    """Apply calls then cards; a refusal gets ``location`` saying where it happened."""
    for i, call in enumerate(calls):
        try:
            state.apply(call)
        except RuleError as e:
            # calls go round clockwise from the dealer's left: call i is that player's, even a call too many
            who = state.players[(state.dealer + 1 + i) % state.n]
            e.location = Explanation("record", "where.call" if deal is None else "where.deal_call",
                                     {"index": i + 1, "player": who, "deal": deal})
            raise
    for i, card in enumerate(play):
        seat = state.to_act
        trick = len(state.tricks) + 1
        try:
            state.apply(card)
        except RuleError as e:
            if e.key == "card.must_follow" and state.profile.reneges:
                # under the pub rules a card that does not follow suit is a renege (P7): say so, and where it goes
                renege = IllegalCard(Explanation(state.profile.rule(Topic.RENEGE), "record.renege_in_hand",
                                                 {"reason": e.explanation, "player": e.facts.get("player")}))
                renege.location = Explanation("record", "where.card" if deal is None else "where.deal_card",
                                              {"index": i + 1, "trick": trick, "player": e.facts.get("player"),
                                               "deal": deal})
                raise renege from e
            # the card belongs to whoever holds it; a card nobody holds is put to the player whose turn it is
            holder = next((s for s, hand in enumerate(state.held) if card in hand), seat)
            if holder is None:
                e.location = Explanation("record", "where.card_nobody" if deal is None else "where.deal_card_nobody",
                                         {"index": i + 1, "trick": trick, "deal": deal})
            else:
                e.location = Explanation("record", "where.card" if deal is None else "where.deal_card",
                                         {"index": i + 1, "trick": trick, "player": state.players[holder],
                                          "deal": deal})
            raise


def _deal_actions(state: DealState) -> dict[str, Any]:
    return {
        "hands": {p: [c.code for c in h] for p, h in zip(state.players, state.hands)},
        "auction": [c.name for c in state.calls],
        "play": [c.code for _, c in state.cards_played],
    }


def hand_to_record(state: DealState) -> dict[str, Any]:
    """A "nap-hand/1" record of a deal (the unused cards are never written)."""
    out: dict[str, Any] = {"format": HAND_FORMAT, "profile": state.profile.name}
    if state.profile.options:
        out["options"] = options_record(state.profile)
    out = {**out, "players": list(state.players), "dealer": state.players[state.dealer], **_deal_actions(state)}
    if state.stopped:
        out["stop"] = True
    return out


def session_from_record(record: Any, profile_name: str | None = None) -> Session:
    """Rebuild a "nap-session/1" record deal by deal, checking every rule."""
    record = _check_format(record, SESSION_FORMAT)
    profile = _profile(record, profile_name)
    players = _players(record)
    first = _dealer(record, players, "first_dealer")
    deals_target = record.get("deals_target", None)
    rotations = record.get("rotations", None)
    if deals_target is None and rotations is None:
        listed = record.get("deals")
        deals_target = max(8, len(listed) if isinstance(listed, list) else 0)
    session = Session(players, first, profile, deals_target, rotations, record.get("seed"))
    deals = _field(record, "deals", list, "a list of deals")
    for i, deal in enumerate(deals):
        try:
            _add_deal(session, deal, i + 1)
        except (RuleError, RecordError) as e:
            if e.location is None:  # say which deal, whatever went wrong in it
                e.location = Explanation("record", "where.deal", {"deal": i + 1})
            raise
    return session


def _add_deal(session: Session, deal: Any, number: int) -> None:
    """Check one deal of a session record and add it (played in full, as the scorekeeper saw it, or a misdeal)."""
    profile = session.profile
    if not isinstance(deal, dict):
        raise _bad("record.deal_kind")
    players, dealer = session.table_for(len(session.entries))
    flag = deal.get("tie_break", None)
    if flag is not None and not isinstance(flag, bool):
        raise _bad("record.type", field="tie_break", expected="true or false")
    due = bool(session.tie_break_due)
    if flag is not None and flag != due:
        rule = profile.rule(Topic.TIE_BREAK) if profile.tie_break else profile.rule(Topic.SESSION)
        if flag:
            raise RecordError(Explanation(rule, "record.not_tie_break", {}))
        raise RecordError(Explanation(rule, "record.tie_break_due", {"names": session.tie_break_due}))
    if deal.get("misdeal") is True:
        if "dealer" in deal:
            named = _field(deal, "dealer", str, "a player's name")
            if named != players[dealer]:
                raise RuleError(Explanation(profile.rule(Topic.MISDEAL), "session.misdeal_redeal",
                                            {"dealer": players[dealer], "player": named})) \
                    if named in players else _bad("record.dealer", dealer=named)
        session.add_misdeal()
    elif "hands" in deal:
        hands = _hands(deal, players, profile)
        calls = _calls(deal, profile, players, dealer, number)
        play = _play(deal)
        state = DealState(players, dealer, hands, profile)
        replay_into(state, calls, play, deal=number)
        session.add_played(state)
    elif "auction" in deal:
        renege = deal.get("renege")
        if renege is not None and not isinstance(renege, str):
            raise _bad("record.type", field="renege", expected="a player's name")
        session.add_scored(_calls(deal, profile, players, dealer, number), deal.get("declarer_tricks"),
                           renege=renege)
    else:
        raise _bad("record.deal_kind")


def is_hand_record(record: Any) -> bool:
    """Whether ``record`` says it is a single deal ("nap-hand/1")."""
    return isinstance(record, dict) and record.get("format") == HAND_FORMAT


def session_from_hand(record: Any, profile_name: str | None = None, deals: int = 1) -> Session:
    """A single deal ("nap-hand/1") as the first deal of a session of ``deals`` deals (one by default).

    The deal is checked as :func:`hand_from_record` checks it; it must be decided (played out, passed
    out or stopped with the result certain), as every deal of a session is (B17).
    """
    state = hand_from_record(record, profile_name)
    session = Session(state.players, state.dealer, state.profile, deals)
    session.add_played(state)
    return session


def session_to_record(session: Session) -> dict[str, Any]:
    """A "nap-session/1" record with every deal in full."""
    deals: list[dict[str, Any]] = []
    for entry, row in zip(session.entries, session.ledger()):
        d: dict[str, Any]
        if isinstance(entry, PlayedDeal):
            d = _deal_actions(entry.state)
        elif isinstance(entry, MisdealEntry):
            d = {"misdeal": True, "dealer": row.dealer}
        else:
            assert isinstance(entry, ScoredDeal)
            d = {"auction": [c.name for c in entry.auction.calls]}
            if entry.renege is not None:
                d["renege"] = entry.players[entry.renege]
            elif entry.declarer_tricks is not None:
                d["declarer_tricks"] = entry.declarer_tricks
        if row.tie_break:
            d["tie_break"] = True
        deals.append(d)
    out: dict[str, Any] = {"format": SESSION_FORMAT, "profile": session.profile.name}
    if session.profile.options:
        out["options"] = options_record(session.profile)
    out.update({"players": list(session.players), "first_dealer": session.players[session.first_dealer]})
    if session.rotations is not None:
        out["rotations"] = session.rotations
    else:
        out["deals_target"] = session.total_deals
    if session.seed is not None:
        out["seed"] = session.seed
    out["deals"] = deals
    return out


def load_hand(text: str | bytes, profile_name: str | None = None) -> DealState:
    return hand_from_record(parse_json(text), profile_name)


def load_session(text: str | bytes, profile_name: str | None = None) -> Session:
    return session_from_record(parse_json(text), profile_name)


# A record travels in a page link as ``?deal=<code>``: compact JSON, deflated,
# then URL-safe base64 without padding. A whole deal of 7 players is about
# 300 characters; the limit keeps a crafted link from costing memory.
LINK_LIMIT = 8000


def record_to_link(record: Mapping[str, Any]) -> str:
    """The code of a record for a link (``?deal=``); :func:`record_from_link` reads it back."""
    data = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(zlib.compress(data, 9)).decode("ascii").rstrip("=")


def record_from_link(code: str) -> Any:
    """The JSON value a link's code carries (shape not yet checked: pass it to
    :func:`hand_from_record` or :func:`session_from_record`)."""
    if not isinstance(code, str) or not code or len(code) > LINK_LIMIT:
        raise _bad("record.bad_link")
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        inflater = zlib.decompressobj()
        data = inflater.decompress(packed, 16 * LINK_LIMIT)
        if inflater.unconsumed_tail or not inflater.eof:
            raise ValueError("too long, or cut short")  # a link cut short stops before the end of its stream
        return json.loads(data)
    except (binascii.Error, ValueError, zlib.error):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise _bad("record.bad_link") from None
