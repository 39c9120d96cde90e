"""The rules section: one rule at a time with its explanation, its trainer and a question."""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ...words.html import html, join
from ...teach.quiz import Question, first_question_for_rule
from ...words.render import trick_html
from ..base import guarded, name_control
from ...words.rulebook import stakes_table_html
from ..widgets import auto_layout as _auto, Dropdown, HBox, HTML, show as _show, VBox
from .component import ExplorerComponent, make_button
from ...engine.rules import Topic, rules_in_force
from ...words.rulebook import prose as rule_text
from ..question import QuestionCard
from .trainers import TRAINER_FOR_RULE, Trainer, Trainers, trainers_for
from ...teach.trainers import demonstration
from .page import ExplorerPage



class RulesPanel(ExplorerComponent):
    """One rule at a time: explanation, trainer, and a question to check yourself."""

    def __init__(self, app: ExplorerPage, rule: str | None = None) -> None:
        super().__init__(app)
        self.rules = rules_in_force(self.profile)  # the rule ids in force, in rule order
        self.rule = rule if rule in self.rules else self.rules[0]
        self.picker = Dropdown(layout=_auto())
        self.picker.add_class("nap-ex-rule")
        self.prev = make_button("nap-ex-rule-prev")
        self.next = make_button("nap-ex-rule-next")
        self.prev.on_click(self._on_prev)
        self.next.on_click(self._on_next)
        self.picker.observe(self._on_pick, names="value")
        self.text = HTML()
        self.text.add_class("nap-ex-rule-text")
        self.trainers: Trainers = trainers_for(app)  # each built when its rule is first shown
        self.demo = HTML()
        self.demo.add_class("nap-ex-demo")
        self._demos: dict[str, Any] = {}
        self.slot = VBox(layout=_auto())
        self.slot.add_class("nap-ex-slot")
        self.check_title = HTML()
        self.question = QuestionCard(app, "nap-ex-check", self._on_answer)
        self.check = VBox([self.check_title, self.question.widget], layout=_auto())
        self.check.add_class("nap-ex-checkbox")
        nav = VBox([self.picker, HBox([self.prev, self.next], layout=_auto())], layout=_auto())
        nav.add_class("nap-ex-rule-nav")
        self.widget = VBox([nav, self.text, self.demo, self.slot, self.check], layout=_auto())
        self.widget.add_class("nap-ex-rules")
        self._syncing = False

    def topic_of(self, rule: str) -> Topic | None:
        for topic in TRAINER_FOR_RULE:
            try:
                if self.profile.rule(topic) == rule and TRAINER_FOR_RULE[topic] in self.trainers:
                    return topic
            except KeyError:  # a topic this profile does not have (e.g. Misère under the British rules)
                continue
        return None

    def trainer_for(self, rule: str) -> Trainer | None:
        topic = self.topic_of(rule)
        return self.trainers.get(TRAINER_FOR_RULE[topic]) if topic else None

    def render_demo(self, rule: str) -> None:
        """The engine-run example of a rule of this profile's own (P1..P9), with its cards."""
        if rule not in self._demos:
            self._demos[rule] = demonstration(rule, self.profile, self.app.seed)
        demo = self._demos[rule]
        if demo is None:
            self.demo.value = ""
            return
        parts = [html('<h3>{}</h3>', self._('An example, run by the engine'))]
        if demo.trick:
            parts.append(trick_html([p for p, _c in demo.trick], [c for _p, c in demo.trick], tr=self.tr,
                                    trump=demo.trump))
        parts.append(html("<ol class='nap-ex-demo-steps'>{}</ol>", join((html('<li>{}</li>',
                                                                              self.explain(e)) for e in demo.steps))))
        self.demo.value = join(parts)

    def refresh(self) -> None:
        self._syncing = True
        try:
            self.picker.options = [(f"{r} · {self.tr.rule_title(r)}", r) for r in self.rules]
            self.picker.value = self.rule
        finally:
            self._syncing = False
        name_control(self.picker, self._("Rule to explore"))
        self.prev.description = "← " + self._("Previous rule")
        self.next.description = self._("Next rule") + " →"
        self.check_title.value = html('<h3>{}</h3>', self._('Check yourself'))
        for t in self.trainers.built.values():
            t.refresh()
        self.question.refresh()
        self.render()

    def show_rule(self, rule: str) -> None:
        if rule not in self.rules:
            return
        self.rule = rule
        if self.picker.value != rule:
            self._syncing = True
            try:
                self.picker.value = rule
            finally:
                self._syncing = False
        self.question.show(first_question_for_rule(rule, self.profile))
        self.render()

    def render(self) -> None:
        rule = self.rule
        paras = join((html('<p>{}</p>', t) for t in rule_text(rule, self.profile, self.tr)))
        extra = html('<div class="nap-scroll">{}</div>', stakes_table_html(self.profile, self.tr)) if rule == self.profile.rule(Topic.STAKES) else ""
        self.text.value = (html('<h2>{}{}</h2>{}{}', self.badge(rule), self.tr.rule_title(rule), paras, extra))
        self.render_demo(rule)
        trainer = self.trainer_for(rule)
        self.slot.children = [trainer.widget] if trainer is not None else []
        i = self.rules.index(rule)
        self.prev.disabled = i == 0
        self.next.disabled = i == len(self.rules) - 1
        _show(self.check, self.question.question is not None)

    def _on_answer(self, q: Question, value: str) -> bool:
        return q.is_right(value)

    @guarded
    def _on_pick(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        rule = change.get("new")
        if rule in self.rules:
            self.status.clear()
            self.show_rule(rule)

    @guarded
    def _on_prev(self, _b: W.Button) -> None:
        i = self.rules.index(self.rule)
        if i > 0:
            self.show_rule(self.rules[i - 1])

    @guarded
    def _on_next(self, _b: W.Button) -> None:
        i = self.rules.index(self.rule)
        if i < len(self.rules) - 1:
            self.show_rule(self.rules[i + 1])
