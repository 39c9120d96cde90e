"""The class page: a teacher drops the learners' session files and reads the class's results.

The notebook ``notebooks/class.ipynb`` only does::

    from nap_teach.ui.classresults import ClassApp
    ClassApp.from_environment()

Every file is read by :class:`nap_teach.teach.traveller.ClassResults` (all checks are
there) and kept in this page's kernel only: nothing is stored on the server.
Opened with a live class's teacher link (``class.ipynb?teacher=<key>``) the page
shows that class instead, read from the server's class store and refreshed as
deals arrive (:mod:`nap_teach.ui.classresults.live`: ``nap-class-live``,
``nap-class-live-summary``, ``nap-class-end``, ``nap-class-end-confirm``; each
deal's hands in ``nap-class-deal``).
Stable CSS classes for tests: ``nap-class`` (the page), ``nap-class-upload``
(several files at once), ``nap-class-clear``, ``nap-class-game`` (which game is
the class's, shown when files of several games were dropped), ``nap-class-files``
(each file and what became of it: ``data-status`` counted, flagged, refused or
duplicate), ``nap-class-traveller`` (one table per deal, ``data-deal``),
``nap-class-ledger``, ``nap-class-chart`` and the CSV links ``nap-class-csv``
and ``nap-class-ledger-csv``.
"""
from __future__ import annotations

from .app import ClassApp

__all__ = ["ClassApp"]
