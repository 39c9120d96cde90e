"""The class page of a live class (``class.ipynb?teacher=<key>``): results as the learners play, and the end.

The page gets the store passed in (:class:`~nap_teach.teach.classroom.ClassStore`) and
the teacher key from its address. Every :data:`POLL_SECONDS` the kernel asks the
store whether a deal arrived (one small query); when one did, the class's
results are read again (learners whose deals did not change are not re-read) and
the page redraws its travellers, hands, ledger and chart: the teacher never
reloads. "End the class" (confirmed by a second button) deletes the class, its
learners and their deals at once.

CSS classes: ``nap-class-live`` (the panel), ``nap-class-live-summary`` (code,
game, learners and deals so far), ``nap-class-end`` and ``nap-class-end-confirm``.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

from ...teach.classroom import ClassInfo, ClassRefused, ClassStore, StoreUnavailable, read_key
from ...teach.traveller import ClassResults
from ...words.html import html
from ..base import Component, PageHost, guarded
from ..widgets import auto_layout, Button, HBox, HTML, kernel_loop, show, VBox, with_classes

log = logging.getLogger("nap_teach.ui.classresults")

POLL_SECONDS = 2.0
"""How often the teacher's page asks the store whether a deal arrived."""


class LiveClass(Component):
    """The teacher's view of one live class: what arrived so far, refreshed by itself, and the end button."""

    def __init__(self, app: PageHost, store: ClassStore, key: str,
                 on_results: Callable[[ClassResults], None]) -> None:
        super().__init__(app)
        self.store = store
        self.key = key
        self.on_results = on_results
        """Called with the class's results whenever a deal arrived (the page shows them)."""
        self.info: ClassInfo = store.teacher_class(key)  # ClassRefused: no such class (the caller says so)
        self.version: tuple[int, int] | None = None
        self.ended = False
        self._cache: dict[str, Any] = {}
        self.scheduler: Callable[[float, Callable[[], None]], None] | None = None
        """Runs the next poll later; by default the kernel's event loop (None outside a kernel: no polling)."""
        self.summary = with_classes(HTML(), "nap-class-live-summary")
        self.end = with_classes(Button(button_style="warning", layout=auto_layout()), "nap-class-end")
        self.confirm = with_classes(Button(button_style="danger", layout=auto_layout()), "nap-class-end-confirm")
        self.cancel = with_classes(Button(layout=auto_layout()), "nap-class-end-cancel")
        self.end.on_click(self._on_end)
        self.confirm.on_click(self._on_confirm)
        self.cancel.on_click(self._on_cancel)
        show(self.confirm, False)
        show(self.cancel, False)
        self.widget = with_classes(VBox([self.summary, HBox([self.end, self.confirm, self.cancel],
                                                                 layout=auto_layout())]), "nap-class-live")

    # ------------------------------------------------------------- polling
    def start(self) -> None:
        """Read what has arrived, then keep asking every :data:`POLL_SECONDS` (in a kernel)."""
        self.poll()
        if self.scheduler is None:
            loop = kernel_loop()
            if loop is None:
                return

            def later(delay: float, job: Callable[[], None]) -> None:
                loop.call_later(delay, job)

            self.scheduler = later
        self.scheduler(POLL_SECONDS, self._tick)

    def _tick(self) -> None:
        if self.ended:
            return
        try:
            self.poll()
        except Exception:  # never a traceback for the teacher, and the page keeps polling
            log.exception("reading the live class failed")
        if self.scheduler is not None and not self.ended:
            self.scheduler(POLL_SECONDS, self._tick)

    def poll(self) -> bool:
        """Read the class again if a deal arrived since the last look; True when the page was redrawn."""
        if self.ended:
            return False
        try:
            version = self.store.version(self.key)
        except ClassRefused:  # ended from another page of the teacher's
            self._ended()
            return True
        except StoreUnavailable:
            log.warning("the class store could not be read; trying again in %s s", POLL_SECONDS)
            return False
        if version == self.version:
            return False
        try:
            results = self.store.results(self.key, cache=self._cache)
            learners = len(self.store.learner_deals(self.key))
        except ClassRefused:
            self._ended()
            return True
        except StoreUnavailable:
            return False
        self.version = version
        self.learners = learners
        self.refresh()
        self.on_results(results)
        return True

    # ------------------------------------------------------------ the end
    @guarded
    def _on_end(self, _b: Any = None) -> None:
        show(self.end, False)
        show(self.confirm, True)
        show(self.cancel, True)
        self.status.show(self._("Ending the class deletes every deal the learners sent, now. Download the CSV "
                                "files first if you want to keep the results."), "refused")

    @guarded
    def _on_cancel(self, _b: Any = None) -> None:
        show(self.end, True)
        show(self.confirm, False)
        show(self.cancel, False)
        self.status.clear()

    @guarded
    def _on_confirm(self, _b: Any = None) -> None:
        if self.ended:
            return
        self.store.end(self.key)  # ClassRefused: ended already (the guard says so)
        self._ended()

    def _ended(self) -> None:
        self.ended = True
        show(self.end, False)
        show(self.confirm, False)
        show(self.cancel, False)
        self.status.show(self._("The class has ended: its learners and their deals were deleted from the server."),
                         "info")
        self.refresh()

    # ---------------------------------------------------------- rendering
    def refresh(self) -> None:
        _ = self._
        self.end.description = _("End the class")
        self.end.tooltip = _("Delete the class and everything its learners sent")
        self.confirm.description = _("Yes, end the class and delete its results")
        self.cancel.description = _("Keep the class")
        if self.ended:
            self.summary.value = html('<p class="nap-class-live-ended">{}</p>',
                                      _("This class has ended. Its link no longer works."))
            return
        version = self.version or (0, 0)
        learners = getattr(self, "learners", 0)
        game = self.tr.explain(read_key(self.info.game, "-").describe())
        self.summary.value = html(
            '<h2>{}</h2><p>{} <b class="nap-class-live-code">{}</b></p><p>{}</p>'
            '<p class="nap-class-live-count" data-deals="{}">{}</p>',
            _("A live class"), _("Class code:"), self.info.code,
            _("The class's game: {game}.").format(game=game),
            version[0],
            _("{learners} and {deals} so far. This page shows each deal as it arrives: no need to reload.").format(
                learners=self.tr.ngettext("{n} learner", "{n} learners", learners).format(n=learners),
                deals=self.tr.ngettext("{n} deal", "{n} deals", version[0]).format(n=version[0])))
