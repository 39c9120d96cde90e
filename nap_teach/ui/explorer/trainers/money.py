"""Trainers of the money: every payment of a deal (B15, B16), a renege's cost (P7), a whole session (B17)."""
from __future__ import annotations

import random
from typing import Any

import ipywidgets as W

from ....words.html import escape, html, join
from ....engine.messages import N_
from ....engine.rules import Topic
from ....engine.session import Session
from ....teach.trainers import PositionError, random_session, renege_settlement, settlement, table_names
from ...base import guarded
from ...params import page_query
from ..component import valid_choice
from .base import Action, Choice, Trainer, numbers
from ...widgets import HTML


def _sizes(t: Trainer) -> list[tuple[str, int]]:
    return numbers(range(t.profile.min_players, t.profile.max_players + 1))


def _seats(value: int) -> Any:
    return lambda t: value


def _names(t: Trainer) -> list[tuple[str, int]]:
    return [(n, i) for i, n in enumerate(table_names(4))]


def _contracts(t: Trainer) -> list[tuple[str, str]]:
    return [(c.name, c.name) for c in t.profile.ladder]


def _first_contract(t: Trainer) -> str:
    return t.profile.ladder[0].name


class _Payments(Trainer):
    """A table of payments, one row per player (the declarer starred), and the rules that set them."""

    seat_choices: tuple[str, ...] = ("declarer",)
    """The choices of a player, renamed when the table's size changes."""

    def build(self) -> None:
        self.sizes = list(range(self.profile.min_players, self.profile.max_players + 1))
        self.contracts = [c.name for c in self.profile.ladder]

    def relabel(self) -> None:
        self.contract.options = [(self.tr.call(c), c) for c in self.contracts]  # type: ignore[attr-defined]

    @guarded
    def _on_size(self, change: dict[str, Any]) -> None:
        n = change.get("new")
        if not valid_choice(n, self.sizes):
            return
        for d in (getattr(self, name) for name in self.seat_choices):
            keep = d.value if isinstance(d.value, int) and d.value < n else 0
            d.options = [(name, i) for i, name in enumerate(table_names(n))]
            d.value = keep
        self.render()

    def payments(self, amounts: dict[str, int], declarer: int, total: int | None = None) -> str:
        _ = self._
        head = html("<tr><th scope='col'>{}</th><th scope='col'>{}</th></tr>", _('Player'), _('Pays or receives'))
        rows = join((html("<tr><th scope='row'>{}{}</th><td>{}</td></tr>",
                          p, ' ★' if i == declarer else '', self.tr.amount(v))
                       for i, (p, v) in enumerate(amounts.items())))
        if total is not None:
            rows += html("<tr class='nap-ex-sum'><th scope='row'>{}</th><td>{}</td></tr>",
                         _('Sum'), self.tr.amount(total))
        return html('<div class="nap-scroll"><table class="nap-table-grid nap-ex-payments">'
                    '{}{}</table></div>', head, rows)


class SettlementCalculator(_Payments):
    """B15, B16: players, contract, tricks -> every payment and the zero sum."""

    css = "nap-ex-settle"
    heading_text = N_("Settlement calculator")
    hint_text = N_("Choose the table, the contract and the declarer's tricks: every payment follows.")
    choices = (
        Choice("size", "nap-ex-settle-size", N_("Players:"), _sizes, _seats(4), "_on_size"),
        Choice("declarer", "nap-ex-settle-declarer", N_("Declarer:"), _names, _seats(0)),
        Choice("contract", "nap-ex-settle-contract", N_("Contract:"), _contracts, _first_contract),
        Choice("tricks", "nap-ex-settle-tricks", N_("Declarer's tricks:"), lambda t: numbers(range(6)), _seats(3)),
    )
    size: W.Dropdown
    declarer: W.Dropdown
    contract: W.Dropdown
    tricks: W.Dropdown

    def render(self) -> None:
        n, d, c, t = self.size.value, self.declarer.value, self.contract.value, self.tricks.value
        if (not valid_choice(n, self.sizes) or not isinstance(d, int) or not 0 <= d < n or c not in self.contracts
                or not valid_choice(t, list(range(6)))):
            return
        report = settlement(table_names(n), d, c, t, self.profile)
        self.out.value = self.payments(report.amounts, d, report.total) + join((
            self.fine(e) for e in report.explanations))


class RenegeCalculator(_Payments):
    """P7: who reneged in whose contract, and what it costs."""

    css = "nap-ex-renege"
    heading_text = N_("What does a renege cost?")
    hint_text = N_("Choose the table, the declarer's contract and who reneged: every payment follows.")
    choices = (
        Choice("size", "nap-ex-renege-size", N_("Players:"), _sizes, _seats(4), "_on_size"),
        Choice("declarer", "nap-ex-renege-declarer", N_("Declarer:"), _names, _seats(0)),
        Choice("contract", "nap-ex-renege-contract", N_("Contract:"), _contracts, _first_contract),
        Choice("offender", "nap-ex-renege-offender", N_("Reneged:"), _names, _seats(2)),
    )
    fields_layout = {"flex_flow": "row wrap"}
    seat_choices = ("declarer", "offender")
    size: W.Dropdown
    declarer: W.Dropdown
    contract: W.Dropdown
    offender: W.Dropdown

    def render(self) -> None:
        n, d, o, c = self.size.value, self.declarer.value, self.offender.value, self.contract.value
        if (not valid_choice(n, self.sizes) or not isinstance(d, int) or not 0 <= d < n or not isinstance(o, int)
                or not 0 <= o < n or c not in self.contracts):
            return
        try:
            report = renege_settlement(table_names(n), d, c, o, self.profile)
        except PositionError:  # e.g. Blücher needs two earlier bids: a table of three cannot reach it
            self.out.value = ""
            return
        self.out.value = self.payments(report.amounts, d) + join((self.fine(e) for e in report.explanations))


class SessionTrainer(Trainer):
    """B17: a whole session of random deals, its balances and its winners."""

    css = "nap-ex-session"
    heading_text = N_("A whole session")
    hint_text = N_("Eight deals with random calls and tricks: who wins?")
    actions = (Action("new", "nap-ex-session-new", N_("Another session"), "_on_new"),)

    def build(self) -> None:
        self.count = 0
        self.link = HTML()
        self.session = self._make()

    def layout(self) -> list[W.Widget]:
        return [self.heading, self.out, *self.buttons(), self.link]

    def _make(self) -> Session:
        rng = random.Random(f"session:{self.app.seed}:{self.count}")
        return random_session(rng, self.profile, table_names(4), 8)

    def relabel(self) -> None:
        href = escape("scorekeeper.ipynb" + page_query(self.app.language.code, self.profile.name))
        self.link.value = (html('<p><a class="nap-ex-link" href="{}">{}</a></p>',
                                href, self._("Keep the score of a real session")))

    @guarded
    def _on_new(self, _b: W.Button) -> None:
        self.count += 1
        self.session = self._make()
        self.render()

    def render(self) -> None:
        s = self.session
        _ = self._
        players = s.players
        head = html("<tr><th scope='col'>{}</th>{}</tr>", _("Deal"), join((
            html("<th scope='col'>{}</th>", p) for p in players)))
        rows = []
        for row in s.ledger():
            rows.append(html('<tr><td>{}</td>{}</tr>', row.number, join((
                html('<td>{}</td>', self.tr.amount(row.balances[p])) for p in players))))
        # the winners, or under P8 the extra hand due among three or more level players (Session.standing)
        text = self.tr.explain(s.standing())
        self.out.value = (html('<div class="nap-scroll"><table class="nap-table-grid">{}{}</table>'
                               '</div><p class="nap-ex-winners">{}{}</p>',
                               head, join(rows), self.badge(self.profile.rule(Topic.SESSION)), text))
