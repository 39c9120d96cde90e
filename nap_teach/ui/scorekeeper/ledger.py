"""The ledger of the session (balances, chips, the zero-sum check, the winners) and its chart."""
from __future__ import annotations

from typing import Sequence

import ipywidgets as W

from ...words.html import escape, html, join
from ...engine.explain import Explanation
from ...engine.rules import Topic
from ...engine.session import MISDEAL, TIE_BREAK, LedgerRow
from ..base import guarded
from ..widgets import (
    auto_layout as _auto, Button, Dropdown, HBox, HTML, scroll_cue, show as _show, VBox, with_classes as _css)
from .component import KeeperComponent, chart_svg, deal_number
from .page import KeeperPage



class KeeperLedger(KeeperComponent):
    """Every deal's payments, the balances, the zero-sum check and the winners (``nap-sk-ledger``)."""

    def __init__(self, app: KeeperPage) -> None:
        super().__init__(app)
        self.table = _css(HTML(), "nap-sk-ledger")
        self.check = _css(HTML(), "nap-sk-zero")
        self.winners = _css(HTML(), "nap-sk-winners")
        self.pick = _css(Dropdown(options=[], layout=_auto()), "nap-sk-edit-deal")
        self.edit = _css(Button(layout=_auto()), "nap-sk-edit")
        self.undo = _css(Button(layout=_auto()), "nap-sk-undo")
        self.pick_label = HTML()
        self.edit.on_click(self._on_edit)
        self.undo.on_click(self._on_undo)
        self.tools = _css(HBox([self.pick_label, self.pick, self.edit, self.undo], layout=_auto(align_items="center")),
                          "nap-sk-tools")
        self.widget = _css(VBox([self.table, self.check, self.winners, self.tools], layout=_auto()), "nap-sk-ledger-box")

    def refresh(self) -> None:
        keeper = self.app.keeper
        _ = self._
        if keeper is None:
            self.table.value = self.check.value = self.winners.value = ""
            _show(self.tools, False)
            return
        rows = keeper.ledger()
        players = keeper.players
        names = join(html("<th scope='col'>{}</th>", p) for p in players)
        head = html("<tr><th scope='col'>{}</th><th scope='col' class='nap-sk-col-dealer'>"
                    "{}</th><th scope='col'>{}</th><th scope='col'>{}</th>{}<th scope='col' class='nap-sk-sum'>{}</th>"
                    "</tr>", _("Deal"), _("Dealer"), _("Contract"), _("Tricks"), names, _("Sum"))
        body = [self._row(r, players) for r in rows]
        totals = join((html("<td class='nap-sk-amount'>{}</td>", self.tr.amount(keeper.balances[p])) for p in players))
        foot = (html("<tr class='nap-sk-total'><th scope='row' colspan='2'>{}</th>"
                     "<td class='nap-sk-col-dealer'></td><td></td>{}<td class='nap-sk-sum'>{}</td></tr>",
                     _('Balance'), totals, sum(keeper.balances.values())))
        chips = keeper.chips
        if chips is not None:
            out = set(keeper.players) - set(keeper.active_players)
            cells = join((html("<td class='nap-sk-chip'>{}{}</td>",
                               self.tr.number(chips[p], 0), ' ✗' if p in out else '') for p in players))
            foot += (html("<tr class='nap-sk-chips'><th scope='row' colspan='2'>{}</th>"
                          "<td class='nap-sk-col-dealer'></td><td></td>{}<td></td></tr>", _('Chips'), cells))
        caption = escape(_("Ledger: payments per deal, balances at the foot"))
        self.table.value = (html("<h2>{}</h2>{}<div class='nap-scroll' tabindex='0' role='region' aria-label='{}'>"
                                 "<table class='nap-table-grid nap-sk-table'>"
                                 '<caption>{}</caption><thead>{}</thead><tbody>{}</tbody>'
                                 '<tfoot>{}</tfoot></table></div>', _('Ledger'), scroll_cue(self.tr, len(players)),
                                 _('Ledger'), caption, head, join(body), foot))
        try:
            keeper.zero_sum()
            total = sum(keeper.balances.values())
            self.check.value = (html("<p class='nap-sk-ok'>{}{}</p>",
                                     self.badge(keeper.profile.rule(Topic.BALANCES)),
                                     _('Zero-sum check: the balances add up to {total}, as they must.').format(total=total)))
            chips_why = keeper.chips_explanation()
            if chips_why is not None:
                self.check.value += (html("<p class='nap-sk-ok nap-sk-chips-check'>{}{}</p>",
                                          self.badge(chips_why.rule), self.tr.explain(chips_why)))
                for p, left in (keeper.chips or {}).items():
                    if left < 0:  # a shortfall: a debt settled at the end, the player is out (P8)
                        short = Explanation(chips_why.rule, "explain.bust_short",
                                            {"player": p, "short": -left, "chips": left})
                        self.check.value += html("<p class='nap-sk-ok nap-sk-chips-debt'>{}{}</p>",
                                                 self.badge(short.rule), self.tr.explain(short))
        except AssertionError as e:  # ZeroSumError, ChipsError: a bug, never the user's mistake: say so plainly
            self.check.value = html("<p class='nap-msg nap-msg-error'>{}</p>", str(e))
        ending = keeper.ending()
        if ending is not None and (keeper.tie_break_due or keeper.is_over):
            self.winners.value = (html("<p class='nap-sk-lead nap-sk-ending'>{}<strong>{}</strong></p>",
                                       self.badge(ending.rule), self.tr.explain(ending)))
        elif rows:  # finished: the winners; otherwise who leads and how many deals are left (B17, P8)
            text = self.tr.explain(keeper.session.standing())
            self.winners.value = html("<p class='nap-sk-lead'>{}<strong>{}</strong></p>",
                                      self.badge(keeper.profile.rule(Topic.SESSION)), text)
        else:
            self.winners.value = ""
        keep = self.pick.value
        editable = [r for r in rows if r.kind != MISDEAL]
        self.pick.options = [(_("Extra hand") if r.kind == TIE_BREAK else _("Deal {number}").format(number=deal_number(r)),
                              r.number - 1) for r in editable]
        indices = [r.number - 1 for r in editable]
        if editable:
            self.pick.value = keep if keep in indices else indices[-1]
        self.pick_label.value = escape(_("Correct:"))
        self.edit.description = _("Correct this deal")
        self.undo.description = _("Remove the last deal")
        _show(self.tools, bool(rows))

    def _row(self, r: LedgerRow, players: Sequence[str]) -> str:
        _ = self._
        tricks = "—"
        if r.kind == MISDEAL:
            contract = _("misdeal: {dealer} deals again").format(dealer=r.dealer)
        elif r.declarer is None or r.contract is None:
            contract = _("everyone passed")
        elif r.renege is not None:
            contract = _("{declarer}: {call}, {offender} reneged").format(
                declarer=r.declarer, call=self.tr.call(r.contract.name), offender=r.renege)
        else:
            verdict = _("made") if r.made else _("failed")
            contract = _("{declarer}: {call}, {verdict}").format(declarer=r.declarer, call=self.tr.call(r.contract.name),
                                                                  verdict=verdict)
            tricks = str(r.declarer_tricks)
        if r.kind == TIE_BREAK:
            contract = _("Extra hand: {what}").format(what=contract)
        for name in r.out:
            contract += " · " + _("{player} is out").format(player=name)
        cells = join((html("<td class='nap-sk-amount'>{}</td>", self.tr.amount(r.settlement[p])) for p in players))
        return (html("<tr class='nap-sk-row-{}'><td>{}</td><td class='nap-sk-col-dealer'>"
                     "{}</td><td class='nap-sk-contract'>{}</td><td>{}</td>{}<td class='nap-sk-sum'>{}</td></tr>",
                     r.number, deal_number(r), r.dealer, contract, tricks, cells,
                     sum(r.settlement[p] for p in players)))

    @guarded
    def _on_edit(self, _b: W.Button) -> None:
        keeper = self.app.keeper
        index = self.pick.value
        if keeper is None or isinstance(index, bool) or not isinstance(index, int) \
                or not 0 <= index < keeper.deals_entered or keeper.entry_kind(index) == MISDEAL:
            return
        self.app.correct_deal(index)
        self.status.show(self._("Deal {number} is in the form: change it and save the correction.").format(
            number=deal_number(keeper.ledger()[index])), "info")

    @guarded
    def _on_undo(self, _b: W.Button) -> None:
        keeper = self.app.keeper
        if keeper is None or not keeper.deals_entered:
            return
        keeper.remove_last()
        self.status.show(self._("The last deal was removed."), "info")
        self.app.after_change()


class BalanceChart(KeeperComponent):
    """Balances deal by deal, as an SVG line chart (``nap-sk-chart``; ``ui/chart.py``)."""

    def __init__(self, app: KeeperPage) -> None:
        super().__init__(app)
        self.widget = _css(HTML(), "nap-sk-chart")
        self._key: object = None

    def refresh(self) -> None:
        keeper = self.app.keeper
        if keeper is None or not keeper.deals_entered:
            self.widget.value = ""
            self._key = None
            return
        chips = keeper.chip_history()
        history = chips if chips is not None else keeper.history()
        key = (tuple(tuple(h.values()) for h in history), self.language.code, chips is not None)
        if key == self._key:
            return
        self._key = key
        title = self._("Chips") if chips is not None else self._("Balances")
        self.widget.value = (html("<h2>{}</h2><div class='nap-sk-chart-box'>{}</div>",
                                  title,
                                  chart_svg(history, keeper.players, self.tr, title if chips is not None else None)))
