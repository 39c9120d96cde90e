"""The learner's progress kept in their own browser: a small anywidget over ``localStorage``.

Nothing is kept on the server. The widget has no visible part: on render it
reads the key (:data:`nap_teach.teach.mastery.STORAGE_KEY`) into ``value`` and sets
``loaded``; when Python changes ``value`` it writes it back (an empty value
removes the key); a change of ``download`` saves that text as a file
(``nap-progress.json``) through the browser's download.

:class:`ProgressStore` wraps it for the pages: :attr:`progress` (a
:class:`~nap_teach.teach.mastery.Progress`), :meth:`save`, :meth:`export`,
:meth:`import_text`, :meth:`clear`, and callbacks once the browser answered.
"""
from __future__ import annotations

from typing import Any, Callable

import anywidget
import traitlets

from ..teach.mastery import STORAGE_KEY, Progress
from ..engine.explain import RecordError

__all__ = ["BrowserStorage", "ProgressStore"]

_ESM = """
function render({ model, el }) {
  const key = model.get("key");
  let stored = null;
  try { stored = window.localStorage.getItem(key); } catch (e) { stored = null; }
  el.classList.add("nap-storage");
  el.dataset.loaded = "1";
  model.set("value", stored || "");
  model.set("loaded", true);
  model.save_changes();
  model.on("change:value", () => {
    const v = model.get("value");
    try {
      if (v) { window.localStorage.setItem(key, v); } else { window.localStorage.removeItem(key); }
    } catch (e) { /* storage refused (private mode): the page still works */ }
  });
  model.on("change:download", () => {
    const text = model.get("download");
    if (!text) { return; }
    const body = text.slice(text.indexOf("\\n") + 1);  // the first line is a counter, so equal files still download
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([body], { type: "application/json" }));
    a.download = "nap-progress.json";
    a.className = "nap-storage-download";
    el.appendChild(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  });
}
export default { render };
"""


class BrowserStorage(anywidget.AnyWidget):
    """One ``localStorage`` key, synced with Python (``value``), and file downloads (``download``)."""

    _esm = _ESM
    key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    value = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    download = traitlets.Unicode("").tag(sync=True)


class ProgressStore:
    """The learner's :class:`~nap_teach.teach.mastery.Progress`, read from and written to the browser."""

    def __init__(self) -> None:
        self.widget = BrowserStorage()
        self.progress = Progress()
        self.problem: RecordError | None = None
        self._listeners: list[Callable[[], None]] = []
        self._downloads = 0
        self.widget.observe(self._on_loaded, names="loaded")

    @property
    def loaded(self) -> bool:
        return bool(self.widget.loaded)

    def observe(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` whenever the progress changed (loaded, saved, imported, cleared)."""
        self._listeners.append(callback)

    def _changed(self) -> None:
        for callback in self._listeners:
            callback()

    def _on_loaded(self, change: dict[str, Any]) -> None:
        if not change.get("new"):
            return
        text = self.widget.value
        try:
            self.progress = Progress.from_json(text) if text else Progress()
            self.problem = None
        except RecordError as e:  # a broken entry: start afresh, say so
            self.progress, self.problem = Progress(), e
        self._changed()

    def save(self) -> None:
        """Write the progress to the browser."""
        self.widget.value = "" if self.progress.empty else self.progress.to_json()
        self._changed()

    def export(self) -> str:
        """Offer the progress as a file download; returns the text."""
        text = self.progress.to_json()
        self._downloads += 1
        self.widget.download = f"{self._downloads}\n{text}"
        return text

    def import_text(self, text: str | bytes) -> None:
        """Replace the progress by an exported file's (RecordError, nothing changed, if it is not one)."""
        self.progress = Progress.from_json(text)
        self.save()

    def clear(self) -> None:
        self.progress = Progress()
        self.save()
