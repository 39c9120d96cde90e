"""The odds lab: five cards, a table size and the rules; the chance of making each call.

The notebook ``notebooks/odds.ipynb`` only does::

    from nap_teach.ui.odds import OddsApp
    OddsApp.from_environment()

The figures come from :func:`nap_teach.odds.call_odds` (layouts of the other
hands solved with open hands). Stable CSS classes for tests: ``nap-odds`` (the
page), ``nap-odds-hand`` (the cards typed), ``nap-odds-deal`` (deal five at
random), ``nap-odds-players``, ``nap-odds-seat``, ``nap-odds-layouts``,
``nap-odds-run``, ``nap-odds-progress``, ``nap-odds-chart`` (the SVG chart) and
``nap-odds-table`` (the figures, with the simple bot's estimate beside them).
"""
from __future__ import annotations

from .app import OddsApp, odds_chart_svg

__all__ = ["OddsApp", "odds_chart_svg"]
