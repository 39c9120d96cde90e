"""The play page: a learner bids and plays whole sessions against bots.

``notebooks/play.ipynb`` only does::

    from nap_teach.ui.play import PlayApp
    PlayApp.from_environment()

:class:`PlayApp` holds one :class:`~nap_teach.teach.play.PlayTable` (the pure
controller: every check happens there) and these components, one class each,
each owning its widgets:

- :class:`SetupPanel` players, the learner's seat and name, session length,
  bot level, deal seed (also ``?seed=..&players=..&lang=..`` in the URL);
- :class:`TrickView` deal, contract and trump, the prompt, the last trick and
  the trick history;
- :class:`AuctionPanel` the calls as buttons (those not allowed now are
  disabled and say why) and the calls so far with the bots' reasons;
- :class:`~nap_teach.ui.table.CardTable` the card table: seats round it, the trick
  in the middle, the hand as card faces to tap (or to play with the arrow keys and
  Enter), the bots' cards arriving at the chosen pace; shared with the lesson and replay;
- :class:`HandView` the typed-card box (Enter plays it), beside the card table's hand; an
  illegal card is refused with the reason and changes nothing;
- :class:`ActionBar` stop early, play on, practice undo, next deal, new session;
- :class:`Coach` the hint button;
- :class:`LogPanel` what just happened and the whole deal, with rule badges;
- :class:`PlayLedger` the settlement with its arithmetic and zero-sum check,
  the running ledger, a chart of the balances, the winners;
- :class:`SaveLoad` download the session record, load one to continue;
- :class:`~nap_teach.ui.play.classlink.ClassLink` "A link for the class", folded with the seed
  under "For teachers" (``nap-play-teachers``): a live class (class link and teacher link) when
  the server keeps classes, else a link that carries the game; built when the fold is first opened;
- :class:`~nap_teach.ui.play.live.LiveSeat` a learner from a live class's link: joins with a name,
  the game locked, each finished deal sent to the class, a reload resumed;
- :class:`ReplayView` step through any saved deal from the learner's seat;
- :class:`SettingsPanel` practice undo, four-colour pack, early-stop offer.

The screen is drawn from the learner's :class:`~nap_teach.engine.views.SeatView` and
the public ledger only. Widgets are built once (the game board, from the deal's facts to
the log, at the first "Start": until then only the setup form shows, and the page opens
with half as many widgets); a move only changes HTML values, button labels and classes,
which keeps a click fast.
"""
from __future__ import annotations

from ..chart import balance_chart_svg
from .actions import ActionBar, Coach
from .app import PlayApp
from .auction import AuctionPanel
from .hand import HandView
from .ledger import PlayLedger
from .log import LogPanel
from .replay import ReplayView
from .saveload import SaveLoad
from .setup import SettingsPanel, SetupPanel
from .table import TrickView

__all__ = [
    "PlayApp", "SetupPanel", "TrickView", "AuctionPanel", "HandView", "ActionBar", "Coach", "LogPanel",
    "PlayLedger", "SaveLoad", "ReplayView", "SettingsPanel", "balance_chart_svg",
]
