"""What the scorekeeper's pieces share: the profile's name, the chart, the refusal line, the base class."""
from __future__ import annotations

from typing import Sequence


from ...engine.explain import RecordError, RuleError
from ...words.i18n import Translator
from ...engine.profiles import Profile
from ...engine.session import MISDEAL, TIE_BREAK, LedgerRow
from ..base import Component
from ..chart import BELOW, balance_chart_svg
from ..params import PageParams
from ...engine.messages import PROFILE_NAMES
from .page import KeeperPage


NOT_ENTERED = ""
MAX_DEALS = 200


def deal_number(row: LedgerRow) -> int | str:
    """The number people give a ledger row: only the deals of the session count (P2); "—" otherwise."""
    return row.deal_number if row.kind not in (MISDEAL, TIE_BREAK) and row.deal_number is not None else "—"


def profile_name(profile: Profile, tr: Translator) -> str:
    """The profile's name for people ("British rules", "Pub rules")."""
    return tr.gettext(PROFILE_NAMES[profile.name]) if profile.name in PROFILE_NAMES else profile.name


def profile_from_params(params: dict[str, str]) -> Profile:
    """``?profile=pub`` (validated: anything unknown means the default, british)."""
    return PageParams(params).profile


def chart_svg(history: Sequence[dict[str, int]], players: Sequence[str], tr: Translator,
              ylabel: str | None = None) -> str:
    """The balances deal by deal as an SVG line chart (the app's one chart, legend below)."""
    return balance_chart_svg(players, history, xlabel=tr.gettext("Deal"), ylabel=ylabel or tr.gettext("Balance"),
                             style=BELOW, label=tr.gettext("Balances after each deal"))


def refuse(part: Component, err: RuleError | RecordError, what: str) -> None:
    """Show a refusal with its rule; nothing was changed."""
    rule = err.explanation.rule
    where = getattr(err, "location", None)
    why = err.text(part.language.code)
    if where is not None:
        why += " (" + part.tr.explain(where) + ")"
    if rule.startswith(("B", "P")):
        text = part._("{what}: {why} [{rule}]").format(what=what, why=why, rule=rule)
    else:
        text = part._("{what}: {why}").format(what=what, why=why)
    part.status.show(text, "refused")


class KeeperComponent(Component):
    """A piece of the scorekeeper page (shares the app's language, status line and busy flag)."""

    app: KeeperPage

    def refuse(self, err: RuleError | RecordError, what: str) -> None:
        """Show a refusal with its rule; nothing was changed."""
        refuse(self, err, what)
