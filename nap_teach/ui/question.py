"""One question card: prompt with cards, a button per choice, the answer explained by its rule.

Shared by the rules explorer (its quiz and each rule's check question) and the
lesson's closing quiz: it needs only a page's language and status line and a
callback that records the answer.
"""
from __future__ import annotations

from typing import Callable

import ipywidgets as W

from ..words.html import html, join
from ..teach.quiz import Question
from ..words.render import hand_html, trick_html
from .base import Component, PageHost, guarded
from .widgets import auto_layout as _auto, Button, HTML



class QuestionCard(Component):
    """One question: prompt (with cards), a button per choice, the answer explained by its rule."""

    def __init__(self, app: PageHost, css: str, on_answer: Callable[[Question, str], bool | None]) -> None:
        super().__init__(app)
        self.css = css
        self.on_answer = on_answer
        self.question: Question | None = None
        self.given: str | None = None
        self.right: bool | None = None
        self.prompt = HTML()
        self.prompt.add_class("nap-ex-prompt")
        self.cards = HTML()
        self.cards.add_class("nap-ex-qcards")
        self.choices = W.HBox(layout=_auto(flex_flow="row wrap"))
        self.choices.add_class("nap-ex-choices")
        self.feedback = HTML()
        self.feedback.add_class("nap-ex-feedback")
        self.widget = W.VBox([self.prompt, self.cards, self.choices, self.feedback], layout=_auto())
        self.widget.add_class(css)
        self.widget.add_class("nap-ex-question")
        self._buttons: list[W.Button] = []

    def show(self, question: Question | None, given: str | None = None, right: bool | None = None) -> None:
        self.question, self.given, self.right = question, given, right
        buttons = []
        if question is not None:
            for choice in question.choices:
                b = Button(layout=_auto())
                b.add_class("nap-ex-choice")
                b.add_class(f"{self.css}-choice")
                b._nap_value = choice.value
                b.on_click(self._on_click)
                buttons.append(b)
        self._buttons = buttons
        self.choices.children = buttons
        self.refresh()

    def refresh(self) -> None:
        q = self.question
        if q is None:
            self.prompt.value = self.cards.value = self.feedback.value = ""
            return
        rules = self._("Rules: {profile}").format(profile=self.tr.profile_name(q.profile))
        self.prompt.value = html('<p class="nap-ex-rules">{}</p><p>{}</p>', rules, self.tr.explain(q.prompt))
        parts = []
        if q.trick:
            names = [p for p, _c in q.trick]
            cards = [c for _p, c in q.trick]
            parts.append(trick_html(names, cards, tr=self.tr, trump=q.trump))
        if q.hand:
            parts.append(hand_html(q.hand, tr=self.tr, label=self._("Cards of the question")))
        self.cards.value = join(parts)
        labels = {c.value: self.tr.explain(c.label) for c in q.choices}
        for b in self._buttons:
            value = b._nap_value
            # after the answer the right choice carries a tick and a wrong choice a cross, not colour alone
            mark = ("\u2713 " if self.given is not None and value == q.answer
                    else "\u2717 " if value == self.given else "")
            b.description = mark + labels[value]
            b.tooltip = labels[value]
            b.disabled = self.given is not None
            b.remove_class("nap-ex-chosen")
            b.remove_class("nap-ex-correct")
            if self.given is not None and value == q.answer:
                b.add_class("nap-ex-correct")
            if value == self.given:
                b.add_class("nap-ex-chosen")
        if self.given is None:
            self.feedback.value = ""
            return
        verdict = self._("Right!") if self.right else self._("Not quite.")
        answer = labels[q.answer]
        kind = "nap-ex-right" if self.right else "nap-ex-wrong"
        mark = "\u2713 " if self.right else "\u2717 "
        lines = [html('<p class="{}"><strong><span class="nap-verdict-mark" aria-hidden="true">{}</span>{}</strong> {}</p>',
                      kind, mark, verdict, self._("Answer: {answer}.").format(answer=answer))]
        reason = None if self.right else q.reason(self.given)
        if reason is not None:  # why the learner's choice is wrong, first
            lines.append(html('<p class="nap-ex-why">{}</p>', self.explain(reason)))
        lines.append(html('<p>{}</p>', self.explain(q.explanation)))
        lines += [html('<p>{}</p>', self.explain(e)) for e in q.extra]
        self.feedback.value = html('<div role="status" aria-live="polite">{}</div>', join(lines))

    @guarded
    def _on_click(self, button: W.Button) -> None:
        q = self.question
        value = getattr(button, "_nap_value", None)
        if q is None or self.given is not None or not isinstance(value, str):
            return
        if value not in {c.value for c in q.choices}:
            return
        right = self.on_answer(q, value)
        self.given, self.right = value, bool(right) if right is not None else q.is_right(value)
        self.status.clear()
        self.refresh()

    def click(self, value: str) -> None:
        """Answer with the choice ``value`` as a click would (tests, scripts)."""
        for b in self._buttons:
            if b._nap_value == value:
                b.click()
                return
        raise KeyError(value)
