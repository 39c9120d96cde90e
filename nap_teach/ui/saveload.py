"""The one save/load component: download the session as a "nap-session/1" record, load one to go on.

The play page and the scorekeeper each say what their record is and how a
loaded file starts again (:meth:`SaveLoad.record`, :meth:`SaveLoad.load`, :meth:`SaveLoad.begin`);
the widgets, the download link, the upload checks and the refusal of a bad
file (nothing changes) are the same. CSS classes: ``{css}-saveload``,
``{css}-save``, ``{css}-upload`` and the link ``{css}-download``.
"""
from __future__ import annotations

import base64
from typing import Any, Callable

import ipywidgets as W

from ..engine.explain import Explanation, RecordError, RuleError
from ..words.html import html
from .base import App, Component, guarded
from .widgets import auto_layout, HBox, HTML, VBox, with_classes

__all__ = ["SaveLoad", "upload_content", "file_bytes", "not_a_file"]


def not_a_file(size: int | None = None) -> RecordError:
    """The refusal of an upload that is not one readable file (or, ``size`` given, a file too big)."""
    return RecordError(Explanation("record", "record.not_object", {}))


def upload_content(value: Any, max_bytes: int,
                   refusal: Callable[[int | None], RecordError] = not_a_file) -> bytes:
    """The bytes of a FileUpload's value, checked: it came over the network, so anything but one file of
    at most ``max_bytes`` is refused with ``refusal(None)`` (not one file) or ``refusal(size)`` (too big)."""
    if not isinstance(value, (tuple, list)) or len(value) != 1:
        raise refusal(None)
    content = file_bytes(value[0])
    if content is None:
        raise refusal(None)
    if len(content) > max_bytes:
        raise refusal(len(content))
    return content


def file_bytes(item: Any) -> bytes | None:
    """The content of one file of a FileUpload's value as bytes, or None when it is not a file."""
    if not isinstance(item, dict):
        return None
    content = item.get("content")
    if isinstance(content, memoryview):
        content = content.tobytes()
    return bytes(content) if isinstance(content, (bytes, bytearray)) else None


class SaveLoad(Component):
    """Download link and upload button of a page's session record (subclasses say which record)."""

    css = "nap-saveload"
    """Prefix of the CSS classes (``nap-play``, ``nap-sk``)."""
    heading_tag = "h3"
    link_in_paragraph = False
    auto_width = False
    max_bytes = 1_000_000
    with_note = False
    """Whether the page has a paragraph under the upload button (:meth:`note_text`)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        layout = auto_layout if self.auto_width else W.Layout
        self.heading = HTML()
        self.download = with_classes(HTML(), f"{self.css}-save")
        self.upload = with_classes(W.FileUpload(accept=".json,application/json", multiple=False),
                                   f"{self.css}-upload")
        self.upload.observe(self._on_upload, names="value")
        self.note: W.HTML | None = HTML() if self.with_note else None
        children = [self.heading, self.download, HBox([self.upload], layout=layout())]
        self.widget = with_classes(VBox(children + [self.note] if self.note is not None else children,
                                        layout=layout()), f"{self.css}-saveload")
        self._key: object = None

    # -- what the page says -------------------------------------------------
    def heading_text(self) -> str:
        return self._("Save and load")

    def note_text(self) -> str:
        """A paragraph under the upload button ("" for none)."""
        return ""

    def key(self) -> object:
        """What the download depends on: the link is made again only when it changes (None: always)."""
        return None

    def record(self) -> tuple[str, int] | None:
        """The record as JSON text and its number of deals; None when there is no session yet."""
        raise NotImplementedError

    def load(self, content: bytes) -> Any:
        """Read an uploaded file (raises RuleError or RecordError for a bad one, changing nothing)."""
        raise NotImplementedError

    def begin(self, loaded: Any) -> None:
        """Go on with what :meth:`load` read."""
        raise NotImplementedError

    def file_name(self) -> str:
        """The name the browser gives the downloaded file."""
        return "nap-session.json"

    def bad_file(self, size: int | None) -> RecordError:
        """The refusal of an upload that is not one file of at most ``max_bytes`` (``size`` when too big)."""
        return not_a_file(size)

    def refuse(self, err: RuleError | RecordError) -> None:
        """Say why the file was refused; nothing was changed."""
        where = getattr(err, "location", None)
        text = err.text(self.language.code)
        if where is not None:
            text += " (" + self.tr.explain(where) + ")"
        self.status.show(self._("This file cannot be loaded, so nothing was changed: {why}").format(why=text),
                         "refused")

    # -- drawing and listening ----------------------------------------------
    def render(self) -> None:
        _ = self._
        tag = self.heading_tag
        self.heading.value = html('<{}>{}</{}>', tag, self.heading_text(), tag)
        self.upload.description = _("Load a session")
        self.upload.tooltip = _("Choose a session file saved from this page")
        # the upload button adds the number of files it holds ("Load a session (0)"): the CSS shows
        # this tooltip as its label instead (base.css, .widget-upload)
        self.upload.tooltip = _("Load a session")
        if self.note is not None:
            note = self.note_text()
            self.note.value = html('<p>{}</p>', note) if note else ""
        key = self.key()
        if key is not None and key == self._key:
            return
        self._key = key
        record = self.record()
        if record is None:
            self.download.value = html('<p>{}</p>', _('Start or load a session to save it.'))
            return
        text, n = record
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        label = self.tr.ngettext("Download the session ({n} deal)", "Download the session ({n} deals)", n).format(n=n)
        link = (html('<a class="{}-download" download="{}" href="data:application/json;base64,{}">'
                     '{}</a>', self.css, self.file_name(), data, label))
        self.download.value = html('<p>{}</p>', link) if self.link_in_paragraph else link

    @guarded
    def _on_upload(self, change: dict[str, Any]) -> None:
        value = change.get("new")
        if not value:
            return  # the reset below, or an empty choice
        try:
            loaded = self.load(upload_content(value, self.max_bytes, self.bad_file))
        except (RuleError, RecordError) as e:
            self.refuse(e)
            return
        finally:
            self.upload.value = ()
        self.begin(loaded)
