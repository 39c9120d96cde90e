"""Scorekeeper for a real table: players, each deal's calls and tricks, the ledger and a chart.

A package: one module per component (setup form, deal form, ledger and chart, save/load, the app).

The notebook ``notebooks/scorekeeper.ipynb`` only does::

    from nap_teach.ui.scorekeeper import ScorekeeperApp
    ScorekeeperApp.from_environment()

The page talks to :class:`nap_teach.teach.scorekeeper.Scorekeeper`, which asks the
engine's :class:`~nap_teach.engine.session.Session` everything: whose deal it is, who
speaks first, whether an entry is possible, the payments and the balances.
A refused entry is shown with its reason and rule, and the form keeps what was
typed; an earlier deal can be corrected; the record saves and loads as
"nap-session/1". Stable CSS classes (``nap-sk-...``) are listed per component.
"""
from __future__ import annotations

from .app import ScorekeeperApp
from .component import chart_svg, profile_from_params, profile_name
from .deal import DealForm
from .ledger import BalanceChart, KeeperLedger
from .saveload import SaveLoad
from .setup import SetupForm
__all__ = ["ScorekeeperApp", "SetupForm", "DealForm", "KeeperLedger", "BalanceChart", "SaveLoad", "chart_svg",
           "profile_name", "profile_from_params"]
