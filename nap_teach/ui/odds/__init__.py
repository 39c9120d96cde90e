"""The odds lab: five cards, a table size and the rules; the chance of making each call.

The notebook ``notebooks/odds.ipynb`` only does::

    from nap_teach.ui.odds import OddsApp
    OddsApp.from_environment()

The figures come from :func:`nap_teach.ai.odds.call_odds` (layouts of the other
hands solved with open hands). Stable CSS classes for tests: ``nap-odds`` (the
page), ``nap-odds-hand`` (the cards typed), ``nap-odds-deal`` (deal a whole
table at random: the seat's five in the box), ``nap-odds-keep`` (keep to that
deal: its cards only, and the deal as dealt solved beside the odds), ``nap-odds-players``, ``nap-odds-seat``, ``nap-odds-layouts``,
``nap-odds-picker`` (the 52 cards to tap, one widget: :mod:`nap_teach.ui.picker`; each card
``button.nap-odds-pick-<CODE>``, ``nap-odds-picked`` when chosen), ``nap-odds-run``, ``nap-odds-progress``, ``nap-odds-chart`` (the SVG chart) and
``nap-odds-table`` (the figures, with the simple bot's estimate beside them).
"""
from __future__ import annotations

from .app import OddsApp, odds_chart_svg

__all__ = ["OddsApp", "odds_chart_svg"]
