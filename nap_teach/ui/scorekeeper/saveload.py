"""The scorekeeper's save and load (the shared component, with the scorekeeper's record)."""
from __future__ import annotations

from typing import Any


from ...engine.explain import RecordError, RuleError
from ...teach.scorekeeper import MAX_RECORD_BYTES, Scorekeeper
from ..saveload import SaveLoad as BaseSaveLoad
from .component import refuse
from .page import KeeperPage



class SaveLoad(BaseSaveLoad):
    """Download the "nap-session/1" record (``nap-sk-download``) or load one (``nap-sk-upload``)."""

    app: KeeperPage
    css = "nap-sk"
    heading_tag = "h2"
    link_in_paragraph = True
    auto_width = True
    max_bytes = MAX_RECORD_BYTES

    def refresh(self) -> None:
        self.render()

    def record(self) -> tuple[str, int] | None:
        keeper = self.app.keeper
        return None if keeper is None else (keeper.save(), keeper.deals_entered)

    def load(self, content: bytes) -> Any:
        """A session file replaces the session; a single-deal file ("nap-hand/1") becomes the next deal of
        the session open (refused with the reason when it does not fit), or the first deal of a new one."""
        hand = Scorekeeper.read_hand(content)
        if hand is None:
            return Scorekeeper.load(content)
        keeper = self.app.keeper
        if keeper is None or self.app.setup_open:
            return Scorekeeper.from_hand(hand), "new"
        keeper.add_hand(hand)  # refused before anything changes
        return keeper, "added"

    def refuse(self, err: RuleError | RecordError) -> None:
        refuse(self, err, self._("This file cannot be loaded, so nothing was changed"))

    def begin(self, loaded: Any) -> None:
        if isinstance(loaded, tuple):  # a single deal: added to the session, or the first of a new one
            keeper, how = loaded
            if how == "added":
                self.app.after_change()
            else:
                self.app.begin(keeper)
            n = keeper.deals_entered
            self.status.show(self._("The deal in the file is now deal {n} of {total} of the session.").format(
                n=n, total=keeper.total_deals), "info")
            return
        session: Scorekeeper = loaded
        self.app.begin(session)
        self.status.show(self.tr.ngettext("Loaded a session with {n} deal.", "Loaded a session with {n} deals.",
                                          session.deals_entered).format(n=session.deals_entered), "info")
