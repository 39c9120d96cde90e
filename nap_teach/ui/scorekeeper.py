"""Scorekeeper for a real table: players, each deal's calls and tricks, the ledger and a chart.

The notebook ``notebooks/scorekeeper.ipynb`` only does::

    from nap_teach.ui.scorekeeper import ScorekeeperApp
    ScorekeeperApp.from_environment()

The page talks to :class:`nap_teach.scorekeeper.Scorekeeper`, which asks the
engine's :class:`~nap_teach.session.Session` everything: whose deal it is, who
speaks first, whether an entry is possible, the payments and the balances.
A refused entry is shown with its reason and rule, and the form keeps what was
typed; an earlier deal can be corrected; the record saves and loads as
"nap-session/1". Stable CSS classes (``nap-sk-...``) are listed per component.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

import ipywidgets as W

from ..cli import options_line
from ..dealing import draw_first_dealer
from ..explain import RecordError, RuleError
from ..html import Markup, escape, html, join
from ..i18n import Translator
from ..profiles import BRITISH, MAX_ANTE, PROFILES, Profile
from ..scorekeeper import MAX_RECORD_BYTES, Scorekeeper
from ..session import DEFAULT_DEALS, MISDEAL, TIE_BREAK, LedgerRow
from .base import App, Component, guarded, page_style
from .chart import BELOW, balance_chart_svg
from .params import PageParams
from .saveload import SaveLoad as BaseSaveLoad
from .widgets import auto_layout as _auto, show as _show, with_classes as _css
from .landing import PROFILE_NAMES, page_query

__all__ = ["ScorekeeperApp", "SetupForm", "DealForm", "LedgerView", "BalanceChart", "SaveLoad", "chart_svg",
           "profile_name", "profile_from_params"]

NOT_ENTERED = ""
MAX_DEALS = 200


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

    app: "ScorekeeperApp"

    def refuse(self, err: RuleError | RecordError, what: str) -> None:
        """Show a refusal with its rule; nothing was changed."""
        refuse(self, err, what)


# ====================================================================== setup
class SetupForm(KeeperComponent):
    """Players in seat order, the rules, the first dealer, the session's length (``nap-sk-setup``).

    ``nap-sk-profile`` chooses the rules; under rules with table options (pub)
    the ``nap-sk-options`` box offers the Misère stakes (``nap-sk-opt-misere``),
    how a reneging defender pays (``nap-sk-opt-renege``), the ante in chips
    (``nap-sk-opt-ante``, 0 for none) and what happens when a player's chips run
    out (``nap-sk-opt-bust``).
    """

    def __init__(self, app: "ScorekeeperApp", players: Sequence[str] = (), deals: int = DEFAULT_DEALS) -> None:
        super().__init__(app)
        self.heading = W.HTML()
        self.players = _css(W.Textarea(value="\n".join(players), rows=5, layout=W.Layout(width="16em", max_width="100%")), "nap-sk-players")
        self.players_label = W.HTML()
        self.profile = _css(W.ToggleButtons(options=[(name, name) for name in PROFILES], value=app.profile.name,
                                            style={"button_width": "auto"}, layout=_auto()), "nap-sk-profile")
        self.profile_label = W.HTML()
        self.misere = _css(W.Dropdown(options=[("3/3", "3/3"), ("10/5", "10/5")], value="3/3", layout=_auto()),
                           "nap-sk-opt-misere")
        self.renege = _css(W.Dropdown(options=[("full", "full"), ("one", "one")], value="full", layout=_auto()),
                           "nap-sk-opt-renege")
        self.ante = _css(W.BoundedIntText(value=0, min=0, max=MAX_ANTE, layout=W.Layout(width="7em")),
                         "nap-sk-opt-ante")
        self.bust = _css(W.Dropdown(options=[("out", "out"), ("re-ante", "re-ante")], value="out", layout=_auto()),
                         "nap-sk-opt-bust")
        self.option_labels = [W.HTML() for _ in range(4)]
        self.options_heading = W.HTML()
        self.options_box = _css(W.VBox([self.options_heading] + [
            _css(W.HBox([label, widget], layout=_auto(align_items="center")), "nap-sk-field")
            for label, widget in zip(self.option_labels, (self.misere, self.renege, self.ante, self.bust))
        ], layout=_auto()), "nap-sk-options")
        self.first = _css(W.Dropdown(options=[], layout=_auto()), "nap-sk-first")
        self.first_label = W.HTML()
        self.draw = _css(W.Button(layout=_auto()), "nap-sk-draw")
        self.drawn = _css(W.HTML(), "nap-sk-drawn")
        self.length = _css(W.BoundedIntText(value=deals, min=1, max=MAX_DEALS, layout=W.Layout(width="6em")),
                           "nap-sk-length")
        self.unit = _css(W.ToggleButtons(options=[("deals", "deals"), ("rotations", "rotations")], value="deals",
                                         style={"button_width": "auto"}, layout=_auto()), "nap-sk-unit")
        self.length_label = W.HTML()
        self.start = _css(W.Button(button_style="primary", layout=_auto()), "nap-sk-start")
        self.players.observe(self._on_players, names="value")
        self.profile.observe(self._on_profile, names="value")
        self.draw.on_click(self._on_draw)
        self.start.on_click(self._on_start)
        self.widget = _css(W.VBox([
            self.heading,
            _css(W.HBox([self.players_label, self.players], layout=_auto()), "nap-sk-field"),
            _css(W.HBox([self.profile_label, self.profile], layout=_auto(align_items="center")), "nap-sk-field"),
            self.options_box,
            _css(W.HBox([self.first_label, self.first, self.draw], layout=_auto(align_items="center")), "nap-sk-field"),
            self.drawn,
            _css(W.HBox([self.length_label, self.length, self.unit], layout=_auto(align_items="center")), "nap-sk-field"),
            self.start,
        ], layout=_auto()), "nap-sk-setup")
        self._sync_first()

    def names(self) -> list[str]:
        raw = self.players.value if isinstance(self.players.value, str) else ""
        return [line.strip() for line in raw.replace(",", "\n").splitlines() if line.strip()][:12]

    def _sync_first(self) -> None:
        names = self.names()
        keep = self.first.value
        self.first.options = [(n, n) for n in names]
        if names:
            self.first.value = keep if keep in names else names[0]

    def chosen_profile(self) -> Profile:
        """The rules picked in the form, with their table options (values checked again here)."""
        base = PROFILES.get(self.profile.value, BRITISH) if isinstance(self.profile.value, str) else BRITISH
        if not base.option_choices:
            return base
        options: dict[str, object] = {}
        for key, widget in (("misere_stakes", self.misere), ("renege_share", self.renege), ("bust", self.bust)):
            if widget.value in base.option_choices.get(key, ()):
                options[key] = widget.value
        ante = self.ante.value
        if not isinstance(ante, bool) and isinstance(ante, int) and 0 <= ante <= MAX_ANTE:
            options["ante"] = ante
        return base.with_options(**options)

    def refresh(self) -> None:
        _ = self._
        self.heading.value = html('<h2>{}</h2><p>{}</p>', _('New session'), _('Enter the players in seat order, going clockwise round the table.'))
        self.players_label.value = escape(_("Players (one per line):"))
        self.profile_label.value = escape(_("Rules:"))
        keep = self.profile.value
        self.profile.options = [(profile_name(p, self.tr), name) for name, p in PROFILES.items()]
        self.profile.value = keep if keep in PROFILES else BRITISH.name
        self.options_heading.value = html('<h3>{}</h3>', _('Table options'))
        for label, text in zip(self.option_labels, (_("Misère pays (made/failed):"),
                                                   _("A reneging defender pays:"),
                                                   _("Ante in chips (0: no chips):"),
                                                   _("When a player's chips run out:"))):
            label.value = escape(text)
        for widget, labels in ((self.renege, (("full", _("every opponent's share")), ("one", _("one share")))),
                               (self.bust, (("out", _("the player is out")), ("re-ante", _("the player antes again"))))):
            value = widget.value
            widget.options = [(text, key) for key, text in labels]
            widget.value = value
        self.first_label.value = escape(_("First dealer:"))
        chosen = PROFILES.get(self.profile.value, BRITISH)
        self.draw.description = _("Draw cards") if chosen.first_dealer == "low_card" else _("Draw lots")
        _show(self.options_box, bool(chosen.option_choices))
        self.length_label.value = escape(_("Length:"))
        value = self.unit.value
        self.unit.options = [(_("deals"), "deals"), (_("rotations"), "rotations")]
        self.unit.value = value if value in ("deals", "rotations") else "deals"
        self.start.description = _("Start the session")

    @guarded
    def _on_players(self, change: dict[str, Any]) -> None:
        self._sync_first()

    @guarded
    def _on_profile(self, change: dict[str, Any]) -> None:
        name = change.get("new")
        if name not in PROFILES:
            return
        self.app.set_profile(PROFILES[name])

    @guarded
    def _on_draw(self, _b: W.Button) -> None:
        names = self.names()
        if not names:
            return
        profile = self.chosen_profile()
        draw = draw_first_dealer(names, random.Random(), profile)
        self.first.value = names[draw.dealer]
        if draw.rounds:  # cards decide (P1): show every round drawn
            rounds = []
            for i, drawn in enumerate(draw.rounds, 1):
                cards = Markup(", ").join(html('{} {}', names[seat], self.tr.card(card)) for seat, card in drawn.items())
                rounds.append(html('<li>{} {}</li>', self._('Round {number}:').format(number=i), cards))
            self.drawn.value = html("<ol class='nap-sk-draw-rounds'>{}</ol>", join(rounds))
        else:
            self.drawn.value = ""
        self.status.show(self.tr.explain(draw.explanation), "info")

    @guarded
    def _on_start(self, _b: W.Button) -> None:
        names = self.names()
        first = self.first.value if self.first.value in names else 0
        length = self.length.value
        if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MAX_DEALS:
            length = DEFAULT_DEALS
        rotations = self.unit.value == "rotations"
        try:
            profile = self.chosen_profile()
        except ValueError:
            return  # not values the widgets offer
        try:
            keeper = Scorekeeper(names, first, profile, deals=None if rotations else length,
                                 rotations=length if rotations else None)
        except (RuleError, RecordError) as e:
            self.refuse(e, self._("The session cannot start"))
            return
        self.app.begin(keeper)


# ================================================================== deal form
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

    def __init__(self, app: "ScorekeeperApp") -> None:
        super().__init__(app)
        self.heading = _css(W.HTML(), "nap-sk-whose")
        self.rows_box = _css(W.VBox(layout=_auto()), "nap-sk-calls")
        self.rows: list[tuple[W.Dropdown, W.Dropdown]] = []
        self.tricks = _css(W.IntText(value=0, layout=W.Layout(width="5em")), "nap-sk-tricks")
        self.tricks_label = W.HTML()
        self.renege = _css(W.Dropdown(options=[("—", NOT_ENTERED)], value=NOT_ENTERED, layout=_auto()),
                           "nap-sk-renege")
        self.renege_label = W.HTML()
        self.renege_box = _css(W.HBox([self.renege_label, self.renege], layout=_auto(align_items="center")),
                               "nap-sk-field")
        self.misdeal = _css(W.Button(layout=_auto()), "nap-sk-misdeal")
        self.misdeal.on_click(self._on_misdeal)
        self.renege.observe(self._on_renege, names="value")
        self.add_call = _css(W.Button(layout=_auto()), "nap-sk-add-call")
        self.remove_call = _css(W.Button(layout=_auto()), "nap-sk-remove-call")
        self.submit = _css(W.Button(button_style="primary", layout=_auto()), "nap-sk-add")
        self.cancel = _css(W.Button(layout=_auto()), "nap-sk-cancel")
        self.hint = W.HTML()
        self.add_call.on_click(self._on_add_call)
        self.remove_call.on_click(self._on_remove_call)
        self.submit.on_click(self._on_submit)
        self.cancel.on_click(self._on_cancel)
        self.editing: int | None = None
        self.widget = _css(W.VBox([
            self.heading, self.hint, self.rows_box,
            W.HBox([self.add_call, self.remove_call], layout=_auto()),
            _css(W.HBox([self.tricks_label, self.tricks], layout=_auto(align_items="center")), "nap-sk-field"),
            self.renege_box,
            W.HBox([self.submit, self.cancel, self.misdeal], layout=_auto(flex_flow="row wrap")),
        ], layout=_auto()), "nap-sk-deal")

    @property
    def keeper(self) -> Scorekeeper:
        assert self.app.keeper is not None
        return self.app.keeper

    def number(self) -> int:
        return self.editing if self.editing is not None else self.keeper.deals_entered

    def _call_options(self) -> list[tuple[str, str]]:
        return [("—", NOT_ENTERED)] + [(self.tr.call(c), c) for c in self.keeper.call_names()]

    def _new_row(self, speaker: str, call: str) -> tuple[W.Dropdown, W.Dropdown]:
        table = self.keeper.table(self.number())[0]
        who = _css(W.Dropdown(options=[(p, p) for p in table], value=speaker,
                              layout=_auto()), "nap-sk-speaker")
        what = _css(W.Dropdown(options=self._call_options(), value=call, layout=_auto()), "nap-sk-call")
        return who, what

    def _set_rows(self, rows: list[tuple[W.Dropdown, W.Dropdown]]) -> None:
        self.rows = rows
        self.rows_box.children = [_css(W.HBox([who, what], layout=_auto(align_items="center")), "nap-sk-row")
                                  for who, what in rows]
        self.remove_call.disabled = len(rows) <= 1

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
            head = _("Correcting deal {number}: {dealer} dealt, {first} spoke first.").format(
                number=n + 1, dealer=k.whose_deal(n), first=k.speaks_first(n))
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
    def _on_submit(self, _b: W.Button) -> None:
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
            self.status.show(self._("Deal {number} entered.").format(number=row.number) + " "
                             + " ".join(self.tr.explain(e) for e in self.keeper.explain_row(row)), "info")
        else:
            self.status.show(self._("Deal {number} corrected; the balances were recounted.").format(
                number=editing + 1), "info")
        self.app.after_change()


# ===================================================================== ledger
class LedgerView(KeeperComponent):
    """Every deal's payments, the balances, the zero-sum check and the winners (``nap-sk-ledger``)."""

    def __init__(self, app: "ScorekeeperApp") -> None:
        super().__init__(app)
        self.table = _css(W.HTML(), "nap-sk-ledger")
        self.check = _css(W.HTML(), "nap-sk-zero")
        self.winners = _css(W.HTML(), "nap-sk-winners")
        self.pick = _css(W.Dropdown(options=[], layout=_auto()), "nap-sk-edit-deal")
        self.edit = _css(W.Button(layout=_auto()), "nap-sk-edit")
        self.undo = _css(W.Button(layout=_auto()), "nap-sk-undo")
        self.pick_label = W.HTML()
        self.edit.on_click(self._on_edit)
        self.undo.on_click(self._on_undo)
        self.tools = _css(W.HBox([self.pick_label, self.pick, self.edit, self.undo], layout=_auto(align_items="center")),
                          "nap-sk-tools")
        self.widget = _css(W.VBox([self.table, self.check, self.winners, self.tools], layout=_auto()), "nap-sk-ledger-box")

    def refresh(self) -> None:
        keeper = self.app.keeper
        _ = self._
        if keeper is None:
            self.table.value = self.check.value = self.winners.value = ""
            _show(self.tools, False)
            return
        rows = keeper.ledger()
        players = keeper.players
        head = (html("<tr><th scope='col'>{}</th><th scope='col' class='nap-sk-col-dealer'>"
                     "{}</th><th scope='col'>{}</th><th scope='col'>{}</th>{}</tr>", _("Deal"), _("Dealer"), _("Contract"), _("Tricks"), join((html("<th scope='col'>{}</th>", p) for p in players))))
        body = [self._row(r, players) for r in rows]
        totals = join((html("<td class='nap-sk-amount'>{}</td>", self.tr.amount(keeper.balances[p])) for p in players))
        foot = (html("<tr class='nap-sk-total'><th scope='row' colspan='2'>{}</th>"
                     "<td class='nap-sk-col-dealer'></td><td></td>{}</tr>", _('Balance'), totals))
        chips = keeper.chips
        if chips is not None:
            out = set(keeper.players) - set(keeper.active_players)
            cells = join((html("<td class='nap-sk-chip'>{}{}</td>", chips[p], ' ✗' if p in out else '') for p in players))
            foot += (html("<tr class='nap-sk-chips'><th scope='row' colspan='2'>{}</th>"
                          "<td class='nap-sk-col-dealer'></td><td></td>{}</tr>", _('Chips'), cells))
        caption = escape(_("Ledger: payments per deal, balances at the foot"))
        self.table.value = (html("<h2>{}</h2><div class='nap-scroll'><table class='nap-table-grid nap-sk-table'>"
                                 '<caption>{}</caption><thead>{}</thead><tbody>{}</tbody>'
                                 '<tfoot>{}</tfoot></table></div>', _('Ledger'), caption, head, join(body), foot))
        try:
            keeper.zero_sum()
            total = sum(keeper.balances.values())
            self.check.value = (html("<p class='nap-sk-ok'>{}{}</p>", self.badge(keeper.profile.rule('balances')), _('Zero-sum check: the balances add up to {total}, as they must.').format(total=total)))
            chips_why = keeper.chips_explanation()
            if chips_why is not None:
                self.check.value += (html("<p class='nap-sk-ok nap-sk-chips-check'>{}{}</p>", self.badge(chips_why.rule), self.tr.explain(chips_why)))
        except AssertionError as e:  # ZeroSumError, ChipsError: a bug, never the user's mistake: say so plainly
            self.check.value = html("<p class='nap-msg nap-msg-error'>{}</p>", str(e))
        ending = keeper.ending()
        if ending is not None and (keeper.tie_break_due or keeper.is_over):
            self.winners.value = (html("<p class='nap-sk-lead nap-sk-ending'>{}<strong>{}</strong></p>", self.badge(ending.rule), self.tr.explain(ending)))
        elif rows:
            winners = keeper.winners()
            if keeper.is_over:
                text = self.tr.ngettext("Winner: {names}.", "Winners, sharing the win: {names}.",
                                        len(winners)).format(names=self.tr.join(winners))
            else:
                text = self.tr.ngettext("In the lead: {names}.", "In the lead, level: {names}.",
                                        len(winners)).format(names=self.tr.join(winners))
            self.winners.value = html("<p class='nap-sk-lead'>{}<strong>{}</strong></p>", self.badge(keeper.profile.rule('session')), text)
        else:
            self.winners.value = ""
        keep = self.pick.value
        editable = [r for r in rows if r.kind != MISDEAL]
        self.pick.options = [(_("Deal {number}").format(number=r.number), r.number - 1) for r in editable]
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
                     "{}</td><td class='nap-sk-contract'>{}</td><td>{}</td>{}</tr>", r.number, r.number, r.dealer, contract, tricks, cells))

    @guarded
    def _on_edit(self, _b: W.Button) -> None:
        keeper = self.app.keeper
        index = self.pick.value
        if keeper is None or isinstance(index, bool) or not isinstance(index, int) \
                or not 0 <= index < keeper.deals_entered or keeper.entry_kind(index) == MISDEAL:
            return
        self.app.deal.reset(index)
        self.app.render()
        self.status.show(self._("Deal {number} is in the form: change it and save the correction.").format(
            number=index + 1), "info")

    @guarded
    def _on_undo(self, _b: W.Button) -> None:
        keeper = self.app.keeper
        if keeper is None or not keeper.deals_entered:
            return
        keeper.remove_last()
        self.status.show(self._("The last deal was removed."), "info")
        self.app.after_change()


class BalanceChart(KeeperComponent):
    """Balances deal by deal, as an SVG drawn by matplotlib (``nap-sk-chart``)."""

    def __init__(self, app: "ScorekeeperApp") -> None:
        super().__init__(app)
        self.widget = _css(W.HTML(), "nap-sk-chart")
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
        self.widget.value = (html("<h2>{}</h2><div class='nap-sk-chart-box'>{}</div>", title, chart_svg(history, keeper.players, self.tr, title if chips is not None else None)))


class SaveLoad(BaseSaveLoad):
    """Download the "nap-session/1" record (``nap-sk-download``) or load one (``nap-sk-upload``)."""

    app: "ScorekeeperApp"
    css = "nap-sk"
    heading_tag = "h2"
    link_in_paragraph = True
    auto_width = True
    max_bytes = MAX_RECORD_BYTES

    def refresh(self) -> None:
        self.render()

    def record(self) -> tuple[str, int] | None:
        keeper = self.app.keeper
        return None if keeper is None else (keeper.save(), keeper.deals_entered)

    def load(self, content: bytes) -> Scorekeeper:
        return Scorekeeper.load(content)

    def refuse(self, err: RuleError | RecordError) -> None:
        refuse(self, err, self._("This file cannot be loaded, so nothing was changed"))

    def begin(self, loaded: Any) -> None:
        keeper: Scorekeeper = loaded
        self.app.begin(keeper)
        self.status.show(self.tr.ngettext("Loaded a session with {n} deal.", "Loaded a session with {n} deals.",
                                          keeper.deals_entered).format(n=keeper.deals_entered), "info")


# ======================================================================== app
class ScorekeeperApp(App):
    """The scorekeeper page: setup, the deal form, the ledger, the chart, save and load."""

    css_class = "nap-scorekeeper"
    styles = ("scorekeeper",)

    def __init__(self, lang: str = "en", profile: Profile = BRITISH, players: Sequence[str] = (),
                 deals: int = DEFAULT_DEALS) -> None:
        super().__init__(lang)
        self._busy = False
        self.profile = profile
        self.keeper: Scorekeeper | None = None
        self.title = _css(W.HTML(), "nap-sk-title")
        self.setup = SetupForm(self, players, deals)
        self.deal = DealForm(self)
        self.ledger = LedgerView(self)
        self.chart = BalanceChart(self)
        self.saveload = SaveLoad(self)
        self.over = _css(W.HTML(), "nap-sk-over")
        self.new_session = _css(W.Button(layout=_auto(align_self="flex-start")), "nap-sk-new")
        self.new_session.on_click(self._on_new_session)
        self.resume = _css(W.Button(layout=_auto(align_self="flex-start")), "nap-sk-resume")
        self.resume.on_click(self._on_resume)
        self.setup_open = True
        header = _css(W.HBox([self.title, self.switch.widget], layout=_auto()), "nap-sk-header")
        self.widget.children = [page_style(*self.styles), header, self.status.widget, self.setup.widget, self.resume,
                                self.deal.widget, self.over, self.ledger.widget, self.chart.widget,
                                self.saveload.widget, self.new_session]
        self.refresh()

    @classmethod
    def from_environment(cls, environ: dict[str, str] | None = None) -> "ScorekeeperApp":
        """The page for the Voila request: ``?lang=``, ``?profile=pub``, ``?players=Ann,Ben,Cat`` and
        ``?deals=8`` prefill the form (unknown values fall back to the defaults)."""
        params = PageParams.from_environment(environ)
        deals = params.integer("deals", 1, MAX_DEALS)
        return cls(params.lang, params.profile, params.names("players"), deals or DEFAULT_DEALS)

    def set_profile(self, profile: Profile) -> None:
        """The rules chosen in the setup form (the session in progress keeps its own)."""
        self.profile = profile
        if self.setup.profile.value != profile.name:
            self.setup.profile.value = profile.name
        self.refresh()

    # ------------------------------------------------------------------ flow
    def begin(self, keeper: Scorekeeper) -> None:
        """Show a new or loaded session."""
        self.keeper = keeper
        self.profile = keeper.profile
        self.setup_open = False
        self.status.clear()
        self.deal.reset()
        self.refresh()

    def after_change(self) -> None:
        """After a deal was added, corrected or removed: a fresh form, every view recounted."""
        self.deal.reset()
        self.render()

    @guarded
    def _on_new_session(self, _b: W.Button) -> None:
        """Open the setup form; the current session stays until a new one starts (save it first)."""
        self.setup_open = True
        self.status.show(self._("The current session stays here until you start a new one: "
                                "download it first if you want to keep it."), "info")
        self.render()

    @guarded
    def _on_resume(self, _b: W.Button) -> None:
        if self.keeper is not None:
            self.setup_open = False
            self.status.clear()
            self.render()

    def render(self) -> None:
        keeper = self.keeper
        setup = keeper is None or self.setup_open
        _show(self.setup.widget, setup)
        _show(self.resume, setup and keeper is not None)
        _show(self.new_session, not setup)
        editing = self.deal.editing is not None
        _show(self.deal.widget, not setup and keeper is not None and (editing or not keeper.is_over))
        if keeper is not None and keeper.is_over and not editing:
            self.over.value = html("<p class='nap-msg nap-msg-info'>{}</p>", self.tr.ngettext(
                "The session is over after {n} deal.", "The session is over after {n} deals.",
                keeper.deals_played).format(n=keeper.deals_played))
        else:
            self.over.value = ""
        self.deal.refresh()
        self.ledger.refresh()
        self.chart.refresh()
        self.saveload.refresh()

    def refresh(self) -> None:
        _ = self._
        back = escape(_("Back to the start page"))
        profile = escape(_("Rules in force: {profile}.").format(profile=profile_name(self.profile, self.tr)))
        options = options_line(self.profile, self.tr) if self.keeper is not None else None
        extra = html(" <span class='nap-sk-options-line'>{}</span>", options) if options else ""
        href = escape("index.ipynb" + page_query(self.language.code, self.profile.name))
        self.title.value = (html("<h1>{}</h1><p class='nap-sk-sub'>{} <span class='nap-sk-profile-name' data-profile='{}'>"
                                 "{}</span>{} <a class='nap-sk-home' href='{}'>{}</a></p>", _('Scorekeeper'), _('Keep the score of a game played with real cards.'), self.profile.name, profile, extra, href, back))
        self.new_session.description = _("Start a new session")
        self.resume.description = _("Back to the current session")
        self.setup.refresh()
        self.render()

    @property
    def text(self) -> str:
        """What the page shows now, as HTML (for tests)."""
        parts = [self.title.value, self.status.widget.value, self.deal.heading.value, self.over.value,
                 self.ledger.table.value, self.ledger.check.value, self.ledger.winners.value]
        return "\n".join(parts)
