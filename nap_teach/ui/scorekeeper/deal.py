"""The deal form: each player's call and the declarer's tricks; a correction of an earlier deal."""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ...engine.explain import RecordError, RuleError
from ...words.html import escape, html
from ...teach.scorekeeper import Scorekeeper
from ..base import guarded, name_control
from ..submit import SubmitButton
from ..widgets import (
    auto_layout as _auto, Button, Dropdown, HBox, HTML, IntText, show as _show, VBox, with_classes as _css)
from ...engine.session import TIE_BREAK
from .component import NOT_ENTERED, KeeperComponent, deal_number
from .page import KeeperPage



class DealForm(KeeperComponent):
    """One deal: a call per speaker in speaking order and the declarer's tricks (``nap-sk-deal``).

    Each row has a speaker (``nap-sk-speaker``, preset to the speaking order) and
    a call (``nap-sk-call``). ``nap-sk-add-call`` adds a row for a call made out of
    turn or a second time (the engine then refuses it with the reason).

    Under pub rules: ``nap-sk-renege`` names a player who reneged (play stopped,
    so the tricks are not entered, P7) and ``nap-sk-misdeal`` records a misdeal
    (the same dealer deals again, P2). After the agreed deals, when 3 or more
    players are level, the form is for their extra hand (P8).
    """

    def __init__(self, app: KeeperPage) -> None:
        super().__init__(app)
        self.heading = _css(HTML(), "nap-sk-whose")
        self.rows_box = _css(VBox(layout=_auto()), "nap-sk-calls")
        self.rows: list[tuple[W.Dropdown, W.Dropdown]] = []
        self.tricks = _css(IntText(value=0, layout=W.Layout(width="5em")), "nap-sk-tricks")
        self.tricks_label = HTML()
        self.renege = _css(Dropdown(options=[("—", NOT_ENTERED)], value=NOT_ENTERED, layout=_auto()),
                         "nap-sk-renege")
        self.renege_label = HTML()
        self.renege_box = _css(HBox([self.renege_label, self.renege], layout=_auto(align_items="center")),
                               "nap-sk-field")
        self.misdeal = _css(Button(layout=_auto()), "nap-sk-misdeal")
        self.misdeal.on_click(self._on_misdeal)
        self.renege.observe(self._on_renege, names="value")
        self.add_call = _css(Button(layout=_auto()), "nap-sk-add-call")
        self.remove_call = _css(Button(layout=_auto()), "nap-sk-remove-call")
        # the click carries the form's values: a value typed just before could otherwise reach the kernel after it
        self.submit = _css(SubmitButton([self.tricks, self.renege], button_style="primary", layout=_auto()),
                           "nap-sk-add")
        self.cancel = _css(Button(layout=_auto()), "nap-sk-cancel")
        self.hint = HTML()
        self.add_call.on_click(self._on_add_call)
        self.remove_call.on_click(self._on_remove_call)
        self.submit.on_click(self._on_submit)
        self.cancel.on_click(self._on_cancel)
        self.editing: int | None = None
        self.widget = _css(VBox([
            self.heading, self.hint, self.rows_box,
            HBox([self.add_call, self.remove_call], layout=_auto()),
            _css(HBox([self.tricks_label, self.tricks], layout=_auto(align_items="center")), "nap-sk-field"),
            self.renege_box,
            HBox([self.submit, self.cancel, self.misdeal], layout=_auto(flex_flow="row wrap")),
        ], layout=_auto()), "nap-sk-deal")

    @property
    def keeper(self) -> Scorekeeper:
        assert self.app.keeper is not None
        return self.app.keeper

    def number(self) -> int:
        return self.editing if self.editing is not None else self.keeper.deals_entered

    def _call_options(self) -> list[tuple[str, str]]:
        profile = self.keeper.profile
        return [("—", NOT_ENTERED)] + [(self.tr.call_gloss(c if c == "Pass" else profile.contract(c)), c)
                                       for c in self.keeper.call_names()]

    def _new_row(self, speaker: str, call: str) -> tuple[W.Dropdown, W.Dropdown]:
        table = self.keeper.table(self.number())[0]
        who = _css(Dropdown(options=[(p, p) for p in table], value=speaker,
                            layout=_auto()), "nap-sk-speaker")
        what = _css(Dropdown(options=self._call_options(), value=call, layout=_auto()), "nap-sk-call")
        return who, what

    def _set_rows(self, rows: list[tuple[W.Dropdown, W.Dropdown]]) -> None:
        self.rows = rows
        for i, (who, what) in enumerate(rows, 1):  # each box named for screen readers ("Call 2: player")
            name_control(who, self._("Call {n}: player").format(n=i))
            name_control(what, self._("Call {n}: the call").format(n=i))
        self.rows_box.children = [_css(HBox([who, what], layout=_auto(align_items="center")), "nap-sk-row")
                                  for who, what in rows]
        self.remove_call.disabled = len(rows) <= 1
        self.submit.fields = [box for row in rows for box in row] + [self.tricks, self.renege]

    def reset(self, number: int | None = None) -> None:
        """A fresh form for the next deal, or a correction of deal ``number`` (0-based)."""
        self.editing = number
        order = self.keeper.speaking_order(self.number())
        table = self.keeper.table(self.number())[0]
        self.renege.options = [("—", NOT_ENTERED)] + [(p, p) for p in table]
        if number is None:
            rows = [self._new_row(p, "Pass") for p in order]
            self.tricks.value = 0
            self.renege.value = NOT_ENTERED
        else:
            calls = self.keeper.entry_calls(number)
            rows = [self._new_row(order[i % len(order)], c) for i, c in enumerate(calls)]
            self.tricks.value = self.keeper.entry_tricks(number) or 0
            self.renege.value = self.keeper.entry_renege(number) or NOT_ENTERED
        self._set_rows(rows)
        self.refresh()

    def refresh(self) -> None:
        if self.app.keeper is None:
            return
        _ = self._
        k = self.keeper
        n = self.number()
        values = [(who.value, what.value) for who, what in self.rows]
        for i, (who, what) in enumerate(self.rows, 1):
            name_control(who, _("Call {n}: player").format(n=i))
            name_control(what, _("Call {n}: the call").format(n=i))
        for (who, what), (_w, call) in zip(self.rows, values):
            what.options = self._call_options()
            what.value = call
        order = ", ".join(k.speaking_order(n))
        tie_break = k.ledger()[n].tie_break if self.editing is not None else bool(k.tie_break_due)
        if self.editing is None and tie_break:
            head = _("Extra hand among {names}: {dealer} deals, {first} speaks first.").format(
                names=self.tr.join(k.tie_break_due), dealer=k.whose_deal(n), first=k.speaks_first(n))
        elif self.editing is None:
            head = _("Deal {number} of {total}: {dealer} deals, {first} speaks first.").format(
                number=k.deals_played + 1, total=k.total_deals, dealer=k.whose_deal(n), first=k.speaks_first(n))
        else:
            fixing = k.ledger()[n]
            head = (_("Correcting the extra hand: {dealer} dealt, {first} spoke first.") if fixing.kind == TIE_BREAK
                    else _("Correcting deal {number}: {dealer} dealt, {first} spoke first.")).format(
                number=deal_number(fixing), dealer=k.whose_deal(n), first=k.speaks_first(n))
        self.heading.value = (html('<h2 role="status" aria-live="polite">{}</h2>', head))
        self.hint.value = html('<p>{}</p>', _("Calls in speaking order: {order}. Enter each player's call; "
                                        "Pass is preset.").format(order=order))
        self.tricks_label.value = escape(_("Tricks taken by the declarer (0 if everyone passed):"))
        self.add_call.description = _("Add a call")
        self.remove_call.description = _("Remove the last call")
        self.submit.description = _("Settle this deal") if self.editing is None else _("Save the correction")
        self.cancel.description = _("Cancel the correction")
        _show(self.cancel, self.editing is not None)
        self.renege_label.value = escape(_("Reneged (play stopped; no tricks to enter):"))
        self.misdeal.description = _("Misdeal: deal again")
        self.misdeal.tooltip = _("A card was exposed or the count was wrong: the same dealer deals again, nobody pays.")
        _show(self.renege_box, k.profile.reneges)
        _show(self.misdeal, k.profile.misdeal and self.editing is None)
        self.tricks.disabled = self.renege.value != NOT_ENTERED

    def entered(self) -> tuple[list[tuple[str, str]], Any]:
        """(speaker, call) pairs of the rows with a call, and the tricks, as the widgets hold them."""
        pairs = [(who.value, what.value) for who, what in self.rows if what.value != NOT_ENTERED]
        return pairs, self.tricks.value

    def reneged(self) -> str | None:
        """The player entered as having reneged, or None."""
        value = self.renege.value
        return value if isinstance(value, str) and value in self.keeper.players else None

    @guarded
    def _on_renege(self, change: dict[str, Any]) -> None:
        self.tricks.disabled = change.get("new") not in (NOT_ENTERED, None)

    @guarded
    def _on_misdeal(self, _b: W.Button) -> None:
        if self.app.keeper is None or self.editing is not None:
            return
        try:
            row = self.keeper.misdeal()
        except (RuleError, RecordError) as e:
            self.refuse(e, self._("The misdeal was not entered"))
            return
        self.status.show(" ".join(self.tr.explain(e) for e in self.keeper.explain_row(row)), "info")
        self.app.after_change()

    @guarded
    def _on_add_call(self, _b: W.Button) -> None:
        if self.app.keeper is None or len(self.rows) >= 2 * self.keeper.n:
            return
        order = self.keeper.speaking_order(self.number())
        self._set_rows(self.rows + [self._new_row(order[len(self.rows) % len(order)], NOT_ENTERED)])

    @guarded
    def _on_remove_call(self, _b: W.Button) -> None:
        if len(self.rows) > 1:
            self._set_rows(self.rows[:-1])

    @guarded
    def _on_cancel(self, _b: W.Button) -> None:
        self.status.clear()
        self.reset()

    @guarded
    def _on_submit(self, _b: SubmitButton) -> None:
        if self.app.keeper is None:
            return
        pairs, tricks = self.entered()
        players = self.keeper.players
        names = self.keeper.call_names()
        if any(who not in players or call not in names for who, call in pairs):
            return  # not values the dropdowns offer: ignore
        if isinstance(tricks, bool) or not isinstance(tricks, int):
            tricks = None
        renege = self.reneged()
        if renege is not None:
            tricks = None  # play stopped at the renege (P7)
        editing = self.editing
        try:  # the engine decides; a refusal changes nothing and the form keeps what was typed
            if editing is None:
                self.keeper.add(pairs, tricks, renege)
            else:
                self.keeper.correct(editing, pairs, tricks, renege)
        except (RuleError, RecordError) as e:
            what = self._("This deal was not entered") if editing is None else self._("The correction was not saved")
            self.refuse(e, what)
            return
        if editing is None:
            row = self.keeper.ledger()[-1]
            entered = self._("The extra hand was entered.") if row.kind == TIE_BREAK \
                else self._("Deal {number} entered.").format(number=deal_number(row))
            self.status.show(entered + " "
                             + " ".join(self.tr.explain(e) for e in self.keeper.explain_row(row)), "info")
        else:
            self.status.show(self._("Deal {number} corrected; the balances were recounted.").format(
                number=deal_number(self.keeper.ledger()[editing])), "info")
        self.app.after_change()
