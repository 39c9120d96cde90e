"""Graded problems: prepared deals played against best play by the solver.

The notebook ``notebooks/problems.ipynb`` only does::

    from nap_teach.ui.problems import ProblemsApp
    ProblemsApp.from_environment()

``?lang=``, ``?profile=`` and ``?problem=N`` (1-based) are honoured. Stable CSS
classes for tests: ``nap-problems`` (the page), ``nap-problems-choice`` (which
problem), ``nap-problems-brief``, ``nap-problems-hands``, ``nap-problems-trick``,
``nap-problems-card`` (each of the learner's cards; legal ones also carry
``nap-problems-legal``), ``nap-problems-grades`` (one ``nap-problems-keeps`` or
``nap-problems-loses`` line per card, ``nap-problems-lost`` once the goal was already out of reach; a losing
card's line ends with ``nap-problems-why``, the trick that then decides the goal), ``nap-problems-result``,
``nap-problems-line`` (the winning line, at the end, closed by ``nap-problems-idea``, its idea in one sentence),
``nap-problems-legend`` (the table's marks: the winning card, and the cards the last grade names, outlined on the
table with ``nt-named``), ``nap-problems-again``.
"""
from __future__ import annotations

from .app import ProblemsApp

__all__ = ["ProblemsApp"]
