"""The play page in a live class: the learner joins with a name, and each finished deal goes to the teacher.

A page opened from a live class link (``play.ipynb?class=<code>``) gets the
class's game from the store (:class:`~nap_teach.teach.classroom.ClassStore`, passed
in by the page), locked: the learner only types a name. Joining gives a learner
token, which this component keeps in the learner's browser (``localStorage``,
key ``nap-class-<code>``): a reload, or the same phone the next day, rejoins and
resumes the session from the deals already sent. After every move the deals
finished and not yet acknowledged are sent (:meth:`LiveSeat.sync`); the store
keeps each deal once, so a deal sent again after a lost connection is no harm.

CSS classes: ``nap-play-live`` (the line saying what reached the teacher,
a polite live region; its ``data-sent`` is the number of deals the class
holds), ``nap-storage`` (the invisible browser-storage widget).
"""
from __future__ import annotations

import logging
from typing import Any, Callable

from ...engine.explain import Explanation, RecordError
from ...teach.classroom import ClassInfo, ClassRefused, ClassStore, Seat, StoreUnavailable
from ...teach.play import PlayTable, TableSetup
from ...words.html import html
from ..base import Component
from ..storage import BrowserStorage
from ..widgets import HTML, show, VBox, with_classes
from .page import PlayPage

log = logging.getLogger("nap_teach.ui.play")


class LiveSeat(Component):
    """The learner's seat in a live class: joining, resuming, and sending each finished deal."""

    app: PlayPage

    def __init__(self, app: PlayPage, store: ClassStore | None,
                 on_resume: Callable[[Seat, PlayTable], None]) -> None:
        super().__init__(app)
        self.store = store
        self.on_resume = on_resume
        """Called when a learner's browser handed back their token: their seat and session so far."""
        self.info: ClassInfo | None = None
        self.seat: Seat | None = None
        self.table: PlayTable | None = None
        self.sent = 0
        """Deals of :attr:`table` the store has acknowledged."""
        self.storage: BrowserStorage | None = None
        self.line = with_classes(HTML(), "nap-play-live")
        self._line: tuple[str, dict[str, Any], str] | None = None
        self.widget = VBox([self.line])
        show(self.widget, False)

    @property
    def active(self) -> bool:
        """Whether the page belongs to a live class (opened from its link, the class found)."""
        return self.info is not None

    def arrive(self, code: str) -> ClassInfo:
        """The page was opened from a live class link: the class's game (ClassRefused: no such class)."""
        if self.store is None:
            raise ClassRefused(_unknown())
        info = self.store.open(code)
        self.info = info
        self.storage = BrowserStorage(key=f"nap-class-{info.code}")
        self.storage.observe(self._on_storage, names="loaded")
        self.widget.children = (self.line, self.storage)
        show(self.widget, True)
        self._say("Your name, then Start: each deal you finish goes to your teacher by itself.", {}, "info")
        return info

    @property
    def game(self) -> TableSetup:
        assert self.info is not None
        return self.info.game

    def join(self, name: object, *, offer_stop: bool = False) -> PlayTable:
        """Join the class as ``name`` (checked, not taken) and the table of its game for this learner."""
        assert self.store is not None and self.info is not None
        if self.seat is not None and self.table is not None:
            return self.table  # already in the class: the same game goes on
        seat = self.store.join(self.info.code, name)
        if self.storage is not None:
            self.storage.value = seat.token  # kept in the learner's browser: a reload rejoins
        return self._seated(seat, offer_stop)

    def _seated(self, seat: Seat, offer_stop: bool) -> PlayTable:
        self.seat = seat
        self.table = seat.table(offer_stop=offer_stop)
        self.sent = len(seat.deals)
        return self.table

    def _on_storage(self, change: dict[str, Any]) -> None:
        """The browser answered: a token kept there from an earlier visit rejoins the class."""
        storage = self.storage
        if not change.get("new") or storage is None or self.seat is not None or self.store is None \
                or self.info is None:
            return
        token = storage.value
        if not token:
            return
        try:
            seat = self.store.rejoin(self.info.code, token)
        except ClassRefused:
            storage.value = ""  # a token of a class that has ended: forget it
            return
        except StoreUnavailable:
            log.warning("the class store could not be read to resume a learner")
            return
        try:
            table = self._seated(seat, self.app.offer_stop)
        except RecordError:  # a stored session that no longer loads: start afresh under a new name
            log.exception("a learner's stored deals could not be resumed")
            self.seat = None
            return
        self.on_resume(seat, table)
        self._say("Each deal you finish goes to your teacher by itself.", {}, "info")

    def sync(self, table: PlayTable | None) -> None:
        """Send the finished deals of the learner's table that the store has not acknowledged yet."""
        if self.seat is None or self.store is None or table is None or table is not self.table:
            return
        done = len(table.session.entries)
        if done <= self.sent:
            return
        deals = table.to_record()["deals"]
        while self.sent < done:
            number = self.sent + 1
            try:
                self.store.submit(self.seat.code, self.seat.token, number, deals[number - 1])
            except StoreUnavailable:
                log.warning("deal %d could not be sent to the class; it is sent again after the next move", number)
                self._say("Deal {number} could not reach your teacher just now: it is sent again after your next "
                          "move.", {"number": number}, "refused")
                return
            except ClassRefused as e:
                self._line = None
                self.line.value = html('<div role="status" aria-live="polite" class="nap-msg nap-msg-refused">'
                                       '{}</div>', e.text(self.language.code))
                return
            self.sent = number
        self._say("Deal {number} is with your teacher.", {"number": done}, "info")

    def _say(self, text: str, facts: dict[str, Any], kind: str) -> None:
        self._line = (text, facts, kind)
        self.refresh()

    def refresh(self) -> None:
        if self._line is None:
            return
        text, facts, kind = self._line
        self.line.value = html('<div role="status" aria-live="polite" class="nap-msg nap-msg-{}" data-sent="{}">{}</div>',
                               kind, self.sent, self.tr.gettext(text).format(**facts))


def _unknown() -> Explanation:
    return Explanation("class", "live.unknown_class", {})


def _mark_for_extraction() -> None:  # pragma: no cover - never called; lists the words above for pybabel
    _ = str
    _("Your name, then Start: each deal you finish goes to your teacher by itself.")
    _("Each deal you finish goes to your teacher by itself.")
    _("Deal {number} could not reach your teacher just now: it is sent again after your next move.")
    _("Deal {number} is with your teacher.")
