"""What the scorekeeper offers its components (:class:`KeeperPage`), so that none of them imports the page."""
from __future__ import annotations

from typing import Protocol

from ...engine.profiles import Profile
from ...teach.scorekeeper import Scorekeeper
from ..base import PageHost

__all__ = ["KeeperPage"]


class KeeperPage(PageHost, Protocol):
    """The scorekeeper as its forms and views see it: the session kept, and the page's few actions."""

    profile: Profile
    """The rules the score is kept under."""
    keeper: Scorekeeper | None
    """The session being kept (None before "Start")."""
    setup_open: bool
    """The setup form is shown over a session in progress."""

    def set_profile(self, profile: Profile) -> None:
        """Keep the score under these rules."""
        ...

    def begin(self, keeper: Scorekeeper) -> None:
        """Keep the score of this session (new or loaded)."""
        ...

    def after_change(self) -> None:
        """A deal was entered, corrected or removed: show the ledger as it now is."""
        ...

    def render(self) -> None:
        """Show the page as the session now is."""
        ...

    def correct_deal(self, index: int) -> None:
        """Put deal ``index`` (0-based) in the deal form to be corrected."""
        ...
