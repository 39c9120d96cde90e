"""The server's class store as the pages get it (the play page and the class page receive it from here)."""
from __future__ import annotations

import logging
from typing import Mapping

from ..engine.explain import RecordError
from ..teach.classroom import ClassStore, store_from_environment

log = logging.getLogger("nap_teach.ui")


def class_store(environ: Mapping[str, str] | None = None) -> ClassStore | None:
    """The store the launcher named (``NAP_CLASS_DB``), or None: class links then use session files.

    A data folder that cannot be opened is logged and treated as no store, so the pages still work.
    """
    try:
        return store_from_environment(environ)
    except (OSError, ValueError, ImportError, RecordError):
        log.exception("the class store could not be opened; class links use session files")
        return None
