"""The play table: one learner and bots play a session, deal by deal (no widgets).

:class:`PlayTable` is the controller behind ``notebooks/play.ipynb``. It owns a
:class:`~nap_teach.engine.session.Session` and the deal in progress, steps the bots
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
:class:`~nap_teach.engine.views.SeatView`) and the public ledger only; the other
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

from ...engine.dealing import MAX_SEED
from .events import TABLE_SAFE_KEYS, CallOption, Event, coach_hint, for_learner, reason_at_table
from .setup import (BOT_NAMES, DEFAULT_BOTS, MAX_DEALS, MAX_FILE_BYTES, MAX_NAME, MAX_ROTATIONS,
                    SetupError, StaleAction, TableSetup, bot_levels)
from .table import PlayTable

__all__ = [
    "TableSetup", "PlayTable", "Event", "StaleAction", "SetupError", "CallOption",
    "bot_levels", "coach_hint", "for_learner", "BOT_NAMES", "MAX_DEALS", "MAX_ROTATIONS", "MAX_SEED", "MAX_NAME",
    "MAX_FILE_BYTES", "DEFAULT_BOTS", "TABLE_SAFE_KEYS", "reason_at_table",
]
