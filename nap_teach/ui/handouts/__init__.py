"""The handouts page: pick a handout, see it as it will print, print it (A4 or Letter, both languages).

The notebook ``notebooks/handouts.ipynb`` only does::

    from nap_teach.ui.handouts import HandoutsApp
    HandoutsApp.from_environment()

The handouts themselves are pure HTML from :mod:`nap_teach.teach.handouts`. Page
parameters: ``?lang=``, ``?profile=``, ``?kind=rules|deal|lesson|scoresheet|plan``,
``?lesson=<id>`` (that lesson's summary; with ``&part=<deal id>`` that deal of it),
``?deal=<code>`` (a hand record in a link: its diagram; a session record: a
filled scorekeeper's sheet), ``?players=N`` and ``?paper=a4|letter``.

Stable CSS classes: ``nap-handouts`` (the page), ``nap-handouts-kind``,
``nap-handouts-profile``, ``nap-handouts-lesson``, ``nap-handouts-deal``,
``nap-handouts-players``, ``nap-handouts-source`` (blank or filled sheet),
``nap-handouts-upload`` (a hand or session file), ``nap-handouts-paper``,
``nap-print`` (the Print button) and ``nap-handouts-preview`` (the handout,
``article.nap-handout``); on paper only the preview is printed.
"""
from __future__ import annotations

from .app import KINDS, HandoutsApp

__all__ = ["HandoutsApp", "KINDS"]
