"""The auction trainer (B5-B9): given the calls so far, which calls are legal now, and why."""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ....engine.explain import Explanation
from ....words.html import Markup, escape, html, join
from ....engine.messages import N_
from ....engine.rules import Topic
from ....teach.trainers import auction_options, table_names
from ...base import guarded
from ...widgets import auto_layout as _auto, HBox, HTML
from ..component import make_button, valid_choice
from .base import Action, Choice, Trainer


class AuctionTrainer(Trainer):
    """B5-B9: given the calls so far, which calls are legal now, and why."""

    css = "nap-ex-auction"
    heading_text = N_("Auction trainer")
    hint_text = N_("Make the calls one by one: the list shows which calls are allowed now, and why.")
    choices = (Choice("dealer", "nap-ex-auction-dealer", N_("Dealer:"),
                      lambda t: [(p, i) for i, p in enumerate(table_names(4))], lambda t: 3, "_on_dealer"),)
    actions = (Action("undo", "nap-ex-auction-undo", N_("Take back a call"), "_on_undo"),
               Action("reset", "nap-ex-auction-reset", N_("Start again"), "_on_reset"))
    dealer: W.Dropdown
    undo: W.Button
    reset: W.Button

    def build(self) -> None:
        self.players = table_names(4)
        self.calls: list[str] = []
        self.names = ["Pass"] + [c.name for c in self.profile.ladder]
        self.call_buttons = []
        for name in self.names:
            b = make_button(f"nap-ex-call-{name}")
            b.add_class("nap-ex-call")
            b._nap_call = name
            b.on_click(self._on_call)
            self.call_buttons.append(b)
        self.history = HTML()
        self.history.add_class("nap-ex-auction-history")

    def layout(self) -> list[W.Widget]:
        return [self.heading, *self.fields(), self.history, HBox(self.call_buttons, layout=_auto()), self.out,
                HBox([self.undo, self.reset], layout=_auto())]

    def relabel(self) -> None:
        for b in self.call_buttons:
            name = b._nap_call
            b.description = self.tr.call_gloss(name if name == "Pass" else self.profile.contract(name))

    def report(self):
        return auction_options(self.players, self.dealer.value, self.calls, self.profile)

    def render(self) -> None:
        report = self.report()
        _ = self._
        if report.history:
            said = Markup(", ").join(escape(self.tr.explain(e)) for e in report.history)
        else:
            said = escape(self.tr.explain(Explanation(self.profile.rule(Topic.AUCTION_ORDER), "quiz.no_calls")))
        lines = [html('<p><strong>{}</strong> {}</p>', _('Calls so far:'), said)]
        if report.to_speak is not None:
            lines.append(html('<p>{}</p>', _('{player} speaks now.').format(player=self.players[report.to_speak])))
        for e in report.summary:
            lines.append(self.fine(e))
        self.history.value = join(lines)
        items = []
        for option in report.options:
            mark = "✓" if option.legal else "✗"
            cls = "nap-ex-legal" if option.legal else "nap-ex-illegal"
            why = Markup(" ").join(self.explain(e) for e in option.explanations)
            items.append(html('<li class="{}"><strong>{} {}</strong>: {}</li>',
                              cls, mark, self.tr.call(option.call.name), why))
        self.out.value = html('<ul class="nap-ex-options">{}</ul>', join(items))
        for b in self.call_buttons:
            legal = any(o.legal and o.call.name == b._nap_call for o in report.options)
            b.button_style = "" if legal else "warning"
        self.undo.disabled = not self.calls

    @guarded
    def _on_call(self, button: W.Button) -> None:
        name = getattr(button, "_nap_call", None)
        if name not in self.names:
            return
        report = self.report()
        option = next(o for o in report.options if o.call.name == name)
        if not option.legal:  # the engine's refusal, in the learner's words; nothing changes
            self.status.show(self.tr.explain(option.explanations[0]), "refused")
            return
        self.calls.append(name)
        self.status.clear()
        self.render()

    @guarded
    def _on_undo(self, _b: W.Button) -> None:
        if self.calls:
            self.calls.pop()
        self.status.clear()
        self.render()

    @guarded
    def _on_reset(self, _b: W.Button) -> None:
        self.calls = []
        self.status.clear()
        self.render()

    @guarded
    def _on_dealer(self, change: dict[str, Any]) -> None:
        if not valid_choice(change.get("new"), list(range(len(self.players)))):
            return
        self.calls = []
        self.render()
