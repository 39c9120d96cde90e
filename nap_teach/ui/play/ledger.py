"""The settlement of the last deal with its arithmetic, the running ledger, the chart, the winners."""
from __future__ import annotations

from typing import Sequence

from ...engine.explain import Explanation
from ...words.html import escape, html, join
from ...teach.play import PlayTable
from ...engine.rules import Topic
from ...engine.session import LedgerRow
from ..base import Component
from ..chart import balance_chart_svg
from ..widgets import HTML, scroll_cue, show as _show, VBox
from .page import PlayPage



class PlayLedger(Component):
    """The settlement of the last deal with its arithmetic, the running ledger, the chart, the winners."""

    app: PlayPage

    def __init__(self, app: PlayPage) -> None:
        super().__init__(app)
        self.result = HTML()
        self.result.add_class("nap-play-result")
        self.table_html = HTML()
        self.table_html.add_class("nap-play-ledger")
        self.chart = HTML()
        self.chart.add_class("nap-play-chart")
        self.winners = HTML()
        self.winners.add_class("nap-play-winners")
        self.widget = VBox([self.result, self.winners, self.table_html, self.chart])
        self.widget.add_class("nap-play-ledger-panel")
        self._key: object = None
        self._chart_due = False

    def render(self, table: PlayTable | None) -> None:
        rows = table.ledger() if table is not None else []
        if table is None or not rows:
            _show(self.widget, False)
            self._key = None
            return
        _show(self.widget, True)
        key = (id(table), len(rows), tuple(rows[-1].balances.items()), self.app.language.code,
               table.session.is_over)
        if key == self._key:
            return
        self._key = key
        self.result.value = self._result(table, rows[-1])
        self.table_html.value = self._ledger(table, rows)
        self.winners.value = self._winners(table)
        self._chart_due = True

    def render_chart(self, table: PlayTable | None) -> None:
        """Draw the chart if the ledger changed (the app calls this last, after everything a click changes)."""
        if not self._chart_due or table is None:
            return
        rows = table.ledger()
        if rows:
            self.chart.value = self._chart(table, rows)
        self._chart_due = False

    def _result(self, table: PlayTable, row: LedgerRow) -> str:
        _ = self._
        tr = self.tr
        head = escape(_("Settlement of the extra hand") if row.kind == "tie_break"  # not a deal of the session (P8)
                      else _("Settlement of deal {number}").format(number=row.number))
        if row.declarer is None or row.contract is None:
            nxt = table.players[table.session.dealer_for(row.number)]
            text = self.explain(Explanation(table.profile.rule(Topic.PASSED_OUT), "explain.passed_out",
                                            {"next_dealer": nxt}))
            zero = _("Nobody pays: every amount is 0, and the sum is 0 {check}").format(check="\u2713")
            return (html('<div class="nap-play-box nap-play-settle"><h3>{}</h3><p>'
                         '{}</p><p class="nap-play-zero" data-sum="0">{}{}</p></div>',
                         head, text, self.badge(table.profile.rule(Topic.BALANCES)), zero))
        others = len(table.players) - 1
        c = row.contract
        made = bool(row.made)
        stake = c.made if made else c.failed
        won = row.declarer_tricks if row.declarer_tricks is not None else 0
        if made:
            verdict = tr.ngettext(
                "{declarer} bid {call} and took {won} trick: made.",
                "{declarer} bid {call} and took {won} tricks: made.", won)
            rule_line = tr.ngettext("The {others} opponent pays {declarer} {stake}.",
                                    "Each of the {others} opponents pays {declarer} {stake}.", others)
            arith = _("{declarer} receives {others} × {stake} = {total}.")
        else:
            verdict = tr.ngettext(
                "{declarer} bid {call} and took {won} trick: failed.",
                "{declarer} bid {call} and took {won} tricks: failed.", won)
            rule_line = tr.ngettext("{declarer} pays the {others} opponent {stake}.",
                                    "{declarer} pays each of the {others} opponents {stake}.", others)
            arith = _("{declarer} pays {others} × {stake} = {total}.")
        facts = dict(declarer=row.declarer, call=tr.call(c.name), won=won, others=others, stake=stake,
                     total=tr.amount(row.settlement[row.declarer]))
        values = [row.settlement[p] for p in table.players]
        terms = " ".join((tr.amount(v) if i == 0 else ("+ " + str(v) if v >= 0 else "\u2212 " + str(-v)))
                         for i, v in enumerate(values))
        total = sum(values)
        check = "\u2713" if total == 0 else "\u2717"
        payments = join((html('<li><b>{}</b> {}</li>', p, tr.amount(row.settlement[p])) for p in table.players))
        zero = _("Sum: {terms} = {total} {check}").format(terms=terms, total=total, check=check)
        return (html('<div class="nap-play-box nap-play-settle"><h3>{}</h3><p>'
                     '{}{}</p><p>{}{} {}</p><ul class="nap-play-payments">{}</ul>'
                     '<p class="nap-play-zero" data-sum="{}">{}{} {}</p></div>',
                     head, self.badge(c.rule), verdict.format(**facts), self.badge(table.profile.rule(Topic.STAKES)),
                     rule_line.format(**facts), arith.format(**facts), payments, total,
                     self.badge(table.profile.rule(Topic.BALANCES)), zero, _('The payments always add up to zero.')))

    def _ledger(self, table: PlayTable, rows: Sequence[LedgerRow]) -> str:
        _ = self._
        tr = self.tr
        players = table.players
        head = join((html('<th>{}</th>', p) for p in players))
        body = []
        for r in rows:
            if r.declarer is None or r.contract is None:
                what = escape(_("passed out"))
            else:
                result = _("made") if r.made else _("failed")
                won = r.declarer_tricks or 0
                what = escape(tr.ngettext("{declarer}: {call}, {won} trick, {result}",
                                          "{declarer}: {call}, {won} tricks, {result}", won).format(
                    declarer=r.declarer, call=tr.call(r.contract.name), won=won, result=result))
            cells = join((
                html('<td data-player="{}">{}<span class="nap-ledger-delta">{}</span></td>',
                     p, tr.amount(r.balances[p]), tr.amount(r.settlement[p])) for p in players))
            body.append(html('<tr data-deal="{}"><td>{}</td><td class="nap-col-dealer">{}</td><td class="nap-ledger-what">'
                             '{}</td>{}<td>{}</td></tr>',
                             # an extra hand is not a deal of the session
                             r.number, r.number if r.kind == "deal" else _("Extra hand"), r.dealer, what, cells,
                             sum(r.balances.values())))
        caption = escape(_("The ledger: balance after each deal (payment of that deal in small print)"))
        return (html('{}<div class="nap-scroll" tabindex="0" role="region" aria-label="{}">'
                     '<table class="nap-table-grid nap-play-ledger-table">'
                     '<caption>{}</caption><tr><th>{}</th><th class="nap-col-dealer">{}</th><th>{}</th>'
                     '{}<th>{}</th></tr>{}</table></div>',
                     scroll_cue(tr, len(players)), _('Ledger'), caption, _('Deal'), _('Dealer'), _('Contract'), head,
                     _('Sum'), join(body)))

    def _winners(self, table: PlayTable) -> str:
        _ = self._
        s = table.session
        if not s.is_over:  # who leads and how many deals are left; nobody has won yet (B17, P8)
            standing = s.standing()
            return html('<p>{}{}</p>', self.badge(standing.rule), self.tr.explain(standing))
        winners = s.winners()
        best = s.balances[winners[0]]
        names = self.tr.join(winners)
        if len(winners) == 1:
            text = _("The session is over. The winner is {names}, with {amount}.")
        else:
            text = _("The session is over. First place is shared by {names}, with {amount} each.")
        return (html('<div class="nap-play-box nap-play-final" data-winners="{}"><h3>{}{}</h3></div>',
                     ",".join(winners), self.badge(table.profile.rule(Topic.SESSION)),
                     text.format(names=names, amount=self.tr.amount(best))))

    def _chart(self, table: PlayTable, rows: Sequence[LedgerRow]) -> str:
        _ = self._
        title = _("Balances over the session")
        history = [dict.fromkeys(table.players, 0)] + [r.balances for r in rows]
        svg = balance_chart_svg(table.players, history, title=title, xlabel=_("after deal"),
                                ylabel=_("balance"), highlight=table.name)
        label = escape(_("Chart of the balances after each deal; the ledger above has the same numbers."))
        return html('<figure class="nap-chart" role="img" aria-label="{}">{}</figure>', label, svg)
