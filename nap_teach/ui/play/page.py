"""What the play page offers its components (:class:`PlayPage`), so that none of them imports the page.

Each component of the play page (the hand, the trick, the auction, the ledger,
save and load, the replay, the class link ...) is built by
:class:`~nap_teach.ui.play.app.PlayApp` with the page itself as its host, and
reaches the page only through this Protocol: the deal in play, the table's
settings as values, and the page's few actions. A component never reaches a
sibling component; what it needs of one, the page offers here.
"""
from __future__ import annotations

from typing import Protocol

import ipywidgets as W

from ...teach.classroom import ClassStore
from ...teach.play import PlayTable, TableSetup
from ..base import PageHost

__all__ = ["PlayPage"]


class PlayPage(PageHost, Protocol):
    """The play page as its components see it."""

    table: PlayTable | None
    """The session at the table (None before the first "Start")."""
    class_game: bool
    """Opened from a class link: the session file is named after the learner and the seed."""
    setup_open: bool
    """The setup form is shown over a session in progress."""
    widget: W.VBox
    """The page's root box."""
    classroom: ClassStore | None
    """The server's live classes (None: class links carry the game and learners hand in files)."""

    @property
    def live_class(self) -> bool:
        """Opened from a live class's link (the class found): the class's game, each deal sent as it ends."""
        ...

    def join_class(self, name: object) -> None:
        """A live class's learner starts: join the class as ``name`` and deal (refused in words: nothing changes)."""
        ...

    @property
    def four_colour(self) -> bool:
        """Cards drawn in four colours (a setting)."""
        ...

    @property
    def offer_stop(self) -> bool:
        """The table offers an agreed early stop (a setting)."""
        ...

    @property
    def practice_undo(self) -> bool:
        """A learner may take back a card in practice (a setting)."""
        ...

    @property
    def pace(self) -> str:
        """How fast the bots' cards arrive on the card table ("instant", "normal", "slow")."""
        ...

    def begin(self, table: PlayTable, loaded: bool = False) -> None:
        """Show ``table`` (new or loaded) and deal its next hand."""
        ...

    def after_move(self) -> None:
        """The learner acted: clear the message and show the table as it now is."""
        ...

    def render(self) -> None:
        """Show the page as the session now is."""
        ...

    def to_setup(self) -> None:
        """Back to the setup form."""
        ...

    def ask_learner_name(self, clear: bool) -> None:
        """A class game: the learner's name comes first (``clear`` empties the name box)."""
        ...

    def class_setup(self) -> TableSetup:
        """The game in the setup form for a class link: a seed drawn if none is set, every value checked."""
        ...
