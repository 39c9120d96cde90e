"""What the rules explorer offers its components (:class:`ExplorerPage`), so that none of them imports the page."""
from __future__ import annotations

from typing import Protocol

from ...engine.profiles import Profile
from ..base import PageHost

__all__ = ["ExplorerPage"]


class ExplorerPage(PageHost, Protocol):
    """The explorer as its panels and trainers see it: the rules in force and the quiz's seed."""

    profile: Profile
    """The rules in force (British or pub)."""
    seed: int
    """The seed of the quiz and the trainers' deals (a class gets the same questions)."""
