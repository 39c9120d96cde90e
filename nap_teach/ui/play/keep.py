"""The game in progress, kept in the learner's browser after every deal and card, and offered back on return.

Nothing goes to the server: the place (:func:`~nap_teach.teach.play.keep.table_place`) is written to
``localStorage["nap_teach.play"]`` by a :class:`~nap_teach.ui.storage.BrowserStorage` widget. When the
page opens with a game kept and no game on, the setup shows "Resume your game: deal 3 of 8" with a
button to take it up (the finished deals checked again, the deal in play dealt again with the
learner's moves) and one to forget it. A finished session is not offered.

CSS classes: ``nap-play-keep`` (the offer), ``nap-play-resume``, ``nap-play-forget``, ``nap-play-kept``
(the storage widget).
"""
from __future__ import annotations

import json
from typing import Any

from ...engine.explain import RecordError
from ...teach.play import PlayTable
from ...teach.play.keep import PLACE_FORMAT, resume_table, table_place
from ...words.html import html
from ..base import Component, guarded
from ..storage import BrowserStorage
from ..widgets import auto_layout, Button, HBox, HTML, show, VBox
from .page import PlayPage

__all__ = ["GameKeep", "KEEP_KEY"]

KEEP_KEY = "nap_teach.play"
"""The browser's storage key of the game in progress."""


class GameKeep(Component):
    """Keeps the table in the browser and offers a kept game back (see the module)."""

    app: PlayPage

    def __init__(self, app: PlayPage) -> None:
        super().__init__(app)
        self.store = BrowserStorage(key=KEEP_KEY)
        self.store.add_class("nap-play-kept")
        self.store.observe(self._on_loaded, names="loaded")
        self.kept: dict[str, Any] | None = None
        self.offer = HTML("")
        self.offer.add_class("nap-play-keep-text")
        self.resume = Button(icon="play", button_style="primary", layout=auto_layout())
        self.resume.add_class("nap-play-resume")
        self.resume.on_click(self._on_resume)
        self.forget = Button(icon="times", layout=auto_layout())
        self.forget.add_class("nap-play-forget")
        self.forget.on_click(self._on_forget)
        self.box = VBox([self.offer, HBox([self.resume, self.forget], layout=auto_layout())],
                          layout=auto_layout())
        self.box.add_class("nap-play-keep")
        self.widget = VBox([self.box, self.store], layout=auto_layout())
        self._saved: object = None
        self.refresh()

    # ------------------------------------------------------------ keeping
    def save(self, table: PlayTable | None) -> None:
        """Keep ``table`` in the browser (after every deal and card); a finished session is no longer kept."""
        if table is None or not self.store.loaded:
            return
        key = (id(table), table.deal_number, len(table.events), table.token, table.session.is_over)
        if key == self._saved:
            return
        self._saved = key
        self.kept = None
        self.store.value = "" if table.session.is_over else json.dumps(table_place(table), separators=(",", ":"))
        self.refresh()

    def _on_loaded(self, change: dict[str, Any]) -> None:
        if not change.get("new"):
            return
        try:
            record = json.loads(self.store.value) if self.store.value else None
        except ValueError:
            record = None
        ok = isinstance(record, dict) and record.get("format") == PLACE_FORMAT and record.get("over") is False
        self.kept = record if ok else None
        if self.app.table is not None:  # a game began before the browser answered: that one is kept
            self.save(self.app.table)
        self.refresh()

    # ------------------------------------------------------------- words
    def refresh(self) -> None:
        kept = self.kept if self.app.table is None else None
        show(self.box, kept is not None)
        self.resume.description = self._("Resume")
        self.forget.description = self._("Start afresh")
        self.forget.tooltip = self._("Forget the game kept in this browser")
        if kept is None:
            self.offer.value = ""
            return
        deal, deals = kept.get("deal"), kept.get("deals")
        if kept.get("in_deal") is not True and isinstance(deal, int):
            deal += 1  # between two deals: the next one comes
        if isinstance(deal, int) and isinstance(deals, int) and not isinstance(deal, bool):
            text = self._("Resume your game: deal {k} of {n}").format(k=deal, n=deals)
        else:
            text = self._("Resume your game")
        self.offer.value = html('<div class="nap-play-keep-line"><strong>{}</strong> {}</div>', text,
                                self._("It was kept in this browser when you left."))

    # ----------------------------------------------------------- buttons
    @guarded
    def _on_resume(self, _button: object = None) -> None:
        if self.kept is None:
            return
        try:
            table = resume_table(self.kept)
        except RecordError as e:  # a kept game this version cannot take up: said, and forgotten
            self.kept = None
            self.store.value = ""
            self.refresh()
            self.status.show(self._("The game kept in this browser could not be taken up again: {why}").format(
                why=e.text(self.language.code)), "refused")
            return
        self.app.resume(table)

    @guarded
    def _on_forget(self, _button: object = None) -> None:
        self.kept = None
        self.store.value = ""
        self.refresh()
