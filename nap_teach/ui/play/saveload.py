"""The play page's save and resume: its record is the :class:`~nap_teach.teach.play.PlayTable`'s session."""
from __future__ import annotations

import re
from typing import Any

from ...engine.explain import Explanation, RecordError
from ...teach.play import MAX_FILE_BYTES, PlayTable
from ..saveload import SaveLoad as BaseSaveLoad
from .page import PlayPage



class SaveLoad(BaseSaveLoad):
    """Download the session as a "nap-session/1" record; load one to continue it."""

    app: PlayPage
    css = "nap-play"
    max_bytes = MAX_FILE_BYTES
    with_note = True

    def heading_text(self) -> str:
        return self._("Save and resume")

    def note_text(self) -> str:
        return self._("The file holds every finished deal in full. Loading it continues the session with the next "
                      "deal; a deal in progress is not saved, and the same seed deals it again.")

    def record(self) -> tuple[str, int] | None:
        table = self.app.table
        return None if table is None else (table.to_json(), len(table.session.entries))

    def file_name(self) -> str:
        """A class game's file says whose it is and which game ("nap-session-Ann-seed11.json"): a teacher
        collects thirty of them in one folder."""
        table = self.app.table
        if not self.app.class_game or table is None:
            return super().file_name()
        name = re.sub(r"[^\w-]+", "_", table.name, flags=re.UNICODE).strip("_") or "learner"
        return f"nap-session-{name}-seed{table.session.seed}.json"

    def key(self) -> object:
        table = self.app.table
        return (id(table), len(table.session.entries) if table else -1, self.app.language.code,
                self.app.class_game)

    def bad_file(self, size: int | None) -> RecordError:
        if size is None:
            return RecordError(Explanation("record", "play.file_none", {}))
        return RecordError(Explanation("record", "play.file_size", {"size": size, "most": MAX_FILE_BYTES}))

    def load(self, content: bytes) -> PlayTable:
        return PlayTable.from_json(content, offer_stop=self.app.offer_stop,
                                   practice_undo=self.app.practice_undo)

    def begin(self, loaded: Any) -> None:
        self.app.begin(loaded, loaded=True)
