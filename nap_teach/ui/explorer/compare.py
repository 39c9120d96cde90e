"""The compare section: what differs between the two sets of rules, and one deal settled under both."""
from __future__ import annotations

from typing import Any

from ...engine.explain import Explanation
from ...words.html import escape, html, join
from ...engine.profiles import BRITISH, PUB, Profile
from ...engine.rules import Topic
from ...teach.trainers import PositionError, profile_differences, table_names, two_tariffs
from ..base import guarded
from ...engine.messages import PROFILE_NAMES
from ..widgets import auto_layout as _auto, HBox, HTML, VBox
from .component import ExplorerComponent, labelled_field, make_dropdown, valid_choice
from .page import ExplorerPage



class ComparePanel(ExplorerComponent):
    """What differs between the profiles (``nap-ex-compare-table``, read from the Profile data) and
    "one deal, two tariffs": the same deal settled under both (``nap-ex-tariffs``)."""

    def __init__(self, app: ExplorerPage) -> None:
        super().__init__(app)
        self.profiles = (BRITISH, PUB)
        self.table = HTML()
        self.table.add_class("nap-ex-compare-table")
        self.tariffs_heading = HTML()
        names = list(dict.fromkeys(c.name for p in self.profiles for c in sorted(p.ladder, key=lambda c: c.level)))
        self.contracts = sorted(names, key=lambda n: PUB.contract(n).level if PUB.has_contract(n) else 0)
        self.sizes = list(range(3, 8))
        self.size = make_dropdown("nap-ex-tariffs-size", [(str(n), n) for n in self.sizes], 4)
        self.contract = make_dropdown("nap-ex-tariffs-contract", [(c, c) for c in self.contracts], "Nap")
        self.trick_counts = list(range(max(p.hand_size for p in self.profiles) + 1))  # 0 up to every trick
        self.tricks = make_dropdown("nap-ex-tariffs-tricks", [(str(i), i) for i in self.trick_counts],
                                    self.trick_counts[-1])
        self.labels = [HTML() for _ in range(3)]
        for d in (self.size, self.contract, self.tricks):
            d.observe(self._on_change, names="value")
        fields = [labelled_field(lbl, d) for lbl, d in zip(self.labels, (self.size, self.contract, self.tricks))]
        self.out = HTML()
        self.out.add_class("nap-ex-tariffs-out")
        box = VBox([self.tariffs_heading, HBox(fields, layout=_auto(flex_flow="row wrap")), self.out],
                     layout=_auto())
        box.add_class("nap-ex-tariffs")
        self.widget = VBox([self.table, box], layout=_auto())
        self.widget.add_class("nap-ex-compare")

    def _name(self, p: Profile) -> str:
        return self.tr.gettext(PROFILE_NAMES[p.name]) if p.name in PROFILE_NAMES else p.name

    def _value(self, topic: str, value: Any) -> str:
        """A profile fact in words (``value`` is the fact as :func:`compare_profiles` reads it, of the topic's type)."""
        _ = self._
        if value is None:
            return "—"
        if topic == Topic.LADDER:
            return " < ".join(self.tr.call(n) for n in value)
        if topic.startswith("stakes:"):
            made, failed = value
            return _("{made} made / {failed} failed").format(made=made, failed=failed)
        if topic.startswith("requires:"):
            return _("after a {call}").format(call=self.tr.call(str(value)))
        if topic == Topic.FIRST_DEALER:
            return _("lowest card, aces low") if value == "low_card" else _("by lot")
        if topic == Topic.CUT:
            return (self.tr.ngettext("at least {n} card in each packet", "at least {n} cards in each packet",
                                     value).format(n=value) if value and value > 1 else _("any cut"))
        if topic == Topic.EARLY_STOP:
            return _("may stop once certain, by agreement") if value else _("all five tricks, always")
        if topic == Topic.MISDEAL:
            return _("recorded: same dealer again") if value else _("not recorded")
        if topic == Topic.RENEGE:
            return _("recorded, with a penalty") if value else _("not recorded")
        if topic == Topic.TIE_BREAK:
            return _("3 or more level: one extra hand") if value else _("level players share")
        if topic == "options":
            return ", ".join(self._option_name(o) for o in value) or self.tr.pgettext(
                "table options", "none")  # Spanish "ninguna" (opciones), not "ninguno"
        return str(value)

    def _option_name(self, key: object) -> str:
        names = {"misere_stakes": self._("Misère stakes"), "renege_share": self._("renege share"),
                 "ante": self._("ante"), "bust": self._("out of chips")}
        return names.get(str(key), str(key))

    def _topic(self, topic: str) -> str:
        _ = self._
        if topic.startswith("stakes:"):
            return _("Stakes for {call}").format(call=self.tr.call(topic.split(":", 1)[1]))
        if topic.startswith("requires:"):
            return _("When {call} may be bid").format(call=self.tr.call(topic.split(":", 1)[1]))
        labels = {Topic.LADDER: _("Bids, low to high"), Topic.FIRST_DEALER: _("First dealer"),
                  Topic.CUT: _("The cut"), Topic.EARLY_STOP: _("Stopping early"), Topic.MISDEAL: _("Misdeals"),
                  Topic.RENEGE: _("Reneges"), Topic.TIE_BREAK: _("Level at the end"), "options": _("Table options")}
        return labels.get(topic, topic)

    def refresh(self) -> None:
        _ = self._
        a, b = self.profiles
        current = self.profile.name
        heads = join((html("<th scope='col' class='{}'>{}</th>",
                           'nap-ex-in-force' if p.name == current else '', self._name(p)) for p in self.profiles))
        rows = []
        for d in profile_differences(a, b):
            cells = ""
            for value, rule in zip(d.values, d.rules):
                badge = self.badge(rule) if rule else ""
                cells += html('<td>{}{}</td>', badge, self._value(d.topic, value))
            rows.append(html("<tr data-topic='{}'><th scope='row'>{}</th>{}</tr>",
                             d.topic, self._topic(d.topic), cells))
        intro = escape(_("Only what differs is listed; everything else (the pack, the deal, the auction, following "
                      "suit, who wins a trick) is the same under both. The table is read from the rules' data."))
        self.table.value = (html("<h2>{}</h2><p>{}</p><div class='nap-scroll'><table class='nap-table-grid nap-ex-diff'>"
                                 "<thead><tr><th scope='col'>{}</th>{}</tr></thead><tbody>"
                                 '{}</tbody></table></div>',
                                 _('The two sets of rules side by side'), intro, _('What'), heads, join(rows)))
        hint = _("The same deal settled under both sets of rules: choose the table, the contract and the "
                 "declarer's tricks.")
        self.tariffs_heading.value = html('<h2>{}</h2><p>{}</p>', _('One deal, two tariffs'), hint)
        for lbl, text in zip(self.labels, (_("Players:"), _("Contract:"), _("Declarer's tricks:"))):
            lbl.value = escape(text)
        keep = self.contract.value
        self.contract.options = [(self.tr.call(c), c) for c in self.contracts]
        self.contract.value = keep if keep in self.contracts else "Nap"
        self.render()

    @guarded
    def _on_change(self, change: dict[str, Any]) -> None:
        self.render()

    def render(self) -> None:
        n, c, t = self.size.value, self.contract.value, self.tricks.value
        if not valid_choice(n, self.sizes) or c not in self.contracts or not valid_choice(t, self.trick_counts):
            return
        players = table_names(n)
        try:
            result = two_tariffs(players, 0, c, t, *self.profiles)
        except PositionError:
            self.out.value = self.refused(Explanation(PUB.rule(Topic.REQUIRES), "call.requires",
                                                      {"player": players[0], "call": c,
                                                       "needed": PUB.contract(c).requires or c}))
            return
        _ = self._
        heads = join((html("<th scope='col'>{}</th>", self._name(p)) for p in self.profiles))
        rows = []
        for i, name in enumerate(players):
            cells = join((html('<td>{}</td>', escape(self.tr.amount(r.amounts[name])) if r is not None else '—')
                            for r in result.reports))
            rows.append(html("<tr><th scope='row'>{}{}</th>{}</tr>", name, ' ★' if i == 0 else '', cells))
        notes = []
        for p, r in zip(self.profiles, result.reports):
            if r is None:
                notes.append(html('<p><strong>{}:</strong> {}</p>',
                                  self._name(p),
                                  _('{call} is not a bid under these rules.').format(call=self.tr.call(c))))
            else:
                notes.append(html('<p><strong>{}:</strong> {}</p>', self._name(p), self.explain(r.explanations[0])))
        verdict = _("Both sets of rules settle this deal the same way.") if result.same else \
            _("The two sets of rules settle this deal differently.")
        self.out.value = (html("<div class='nap-scroll'><table class='nap-table-grid nap-ex-payments'>"
                               "<thead><tr><th scope='col'>{}</th>{}</tr></thead><tbody>"
                               "{}</tbody></table></div><p class='nap-ex-tariffs-verdict'>"
                               '<strong>{}</strong></p>{}', _('Player'), heads, join(rows), verdict, join(notes)))
