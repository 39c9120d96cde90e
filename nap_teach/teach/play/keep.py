"""A game in progress as plain data, to keep in the learner's browser and take up again.

The record holds the session's finished deals (a ``nap-session/1`` record, as a saved file has)
and the learner's own moves in the deal in play. The bots are seeded by the session's seed, the
deal's number and their seat, so dealing the deal again and making the same moves brings back the
same table: the bots answer as they did.

>>> from nap_teach.teach.play import PlayTable, TableSetup
>>> table = PlayTable.new(TableSetup(players=4, seed=3, deals=4))
>>> _ = table.start_deal(); _ = table.finish_bots()
>>> _ = table.call([o.call for o in table.call_options() if o.legal][-1]); _ = table.finish_bots()
>>> _ = table.play(table.view().legal_cards[0]); _ = table.finish_bots()
>>> again = resume_table(table_place(table))
>>> again.state.actions == table.state.actions, again.deal_number, table_place(again)["moves"][0][0]
(True, 1, 'call')
"""
from __future__ import annotations

from typing import Any

from ...engine.cards import Card
from ...engine.explain import Explanation, RecordError
from ...engine.auction import Call
from .table import PlayTable

__all__ = ["PLACE_FORMAT", "table_place", "resume_table", "MAX_MOVES"]

PLACE_FORMAT = "nap-play-place/1"
MAX_MOVES = 40
"""A learner makes at most a few calls and five cards a deal: a longer list is not a place of this app."""


def _move(action: object) -> list[str] | None:
    if isinstance(action, Card):
        return ["card", action.code]
    if isinstance(action, Call):
        return ["call", action.name]
    if action is not None and type(action).__name__ == "Stop":
        return ["stop", ""]
    return None


def table_place(table: PlayTable) -> dict[str, Any]:
    """The table as a place to come back to: the session so far and the learner's moves in the deal in play."""
    in_deal = table.state is not None and not table._recorded
    moves = [m for m in (_move(e.action) for e in table.events if e.by_learner) if m is not None] if in_deal else []
    return {
        "format": PLACE_FORMAT, "session": table.to_record(), "in_deal": in_deal, "moves": moves,
        "played_on": bool(table._played_on) if in_deal else False,
        "deal": table.deal_number, "deals": table.session.total_deals, "over": table.session.is_over,
        "offer_stop": table.offer_stop, "practice_undo": table.practice_undo,
    }


def resume_table(record: object) -> PlayTable:
    """The table of ``record`` (from :func:`table_place`), every finished deal checked again and the deal in play
    dealt again with the learner's moves; :class:`RecordError` when it is not such a place or a move no longer fits."""
    if not isinstance(record, dict) or record.get("format") != PLACE_FORMAT:
        raise RecordError(Explanation("record", "record.format", {"format": str(
            record.get("format") if isinstance(record, dict) else "?")[:40], "expected": PLACE_FORMAT}))
    table = PlayTable.from_record(record.get("session"), offer_stop=record.get("offer_stop") is True,
                                  practice_undo=record.get("practice_undo") is True)
    moves = record.get("moves") or []
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise RecordError(Explanation("record", "record.not_object", {}))
    if record.get("in_deal") is not True or table.session.is_over:
        return table
    table.start_deal()
    table.finish_bots()
    try:
        for move in moves:
            kind, text = (move + ["", ""])[:2] if isinstance(move, list) else ("", "")
            if record.get("played_on") is True and table.stop_offer and kind == "card":
                table.play_on()
                table.finish_bots()
            if kind == "card":
                table.play(str(text))
            elif kind == "call":
                table.call(str(text))
            elif kind == "stop":
                table.stop()
            else:
                raise RecordError(Explanation("record", "record.not_object", {}))
            table.finish_bots()
    except RecordError:
        raise
    except ValueError as e:  # a rule refused a move (a changed rule, an edited entry): not this game any more
        raise RecordError(Explanation("record", "record.not_object", {})) from e
    return table
