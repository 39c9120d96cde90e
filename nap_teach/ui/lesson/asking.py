"""The question asked before a step is revealed, and the engine's feedback on each answer.

CSS classes: ``nap-ask``, ``nap-ask-prompt``, ``nap-ask-option`` (and
``nap-ask-option-<value>``), ``nap-ask-amount``, ``nap-ask-check``,
``nap-ask-chosen`` (the answer as the page has it, before Check),
``nap-ask-feedback`` (``nap-ask-right`` / ``nap-ask-wrong``). Every option
and amount box of one question also has ``nap-ask-q-<place>`` (``place``:
the page and the question's number there, given by :meth:`QuestionPanel.show`),
and the chosen answer carries ``data-ask="<place>"`` and ``data-chosen``.
"""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W

from ...engine.cards import Card
from ...words.html import html
from ...teach.lesson.decide import Ask, Feedback
from ..base import Component, PageHost, guarded, plain_text
from ..submit import SubmitButton
from ..widgets import auto_layout, HBox, HTML, show, Text, VBox
from .fragments import explanation_items

__all__ = ["QuestionPanel", "amount_typed"]


def amount_typed(text: object) -> int | None:
    """An amount of points typed in a box: a whole number with an optional sign, else None.

    >>> amount_typed(" -4 "), amount_typed("+12"), amount_typed("12.7"), amount_typed("1 2"), amount_typed("")
    (-4, 12, None, None, None)
    """
    raw = str(text).strip().replace("\u2212", "-")  # the typographic minus too
    body = raw[1:] if raw[:1] in "+-" else raw
    if not body or len(body) > 6 or not (body.isascii() and body.isdigit()):
        return None
    return int(raw)


class QuestionPanel(Component):
    """Options to pick (or tick, or amounts to type), a Check button and the feedback."""

    def __init__(self, app: PageHost, on_answer: Callable[[Any], Feedback]) -> None:
        super().__init__(app)
        self.on_answer = on_answer
        self.ask: Ask | None = None
        self.prompt = HTML("")
        self.prompt.add_class("nap-ask-prompt")
        self.options = HBox([], layout=auto_layout())
        self.options.add_class("nap-ask-options")
        # the answer travels with the click: a toggle tapped or an amount typed just before "Check" is what
        # is checked (ui/submit.py); its fields are the question's options (:meth:`_build`)
        self.check = SubmitButton([], button_style="info", layout=auto_layout())
        self.check.add_class("nap-ask-check")
        self.check.on_click(self._on_check)
        self.chosen = HTML("")
        self.chosen.add_class("nap-ask-chosen")
        self.feedback = HTML("")
        self.feedback.add_class("nap-ask-feedback")
        self.widget = VBox([self.prompt, self.options, self.chosen, self.check, self.feedback],
                             layout=auto_layout())
        self.widget.add_class("nap-ask")
        show(self.widget, False)
        self._toggles: dict[str, W.ToggleButton] = {}
        self._amounts: dict[str, W.Text] = {}
        self.place = ""

    def _label(self, value: str) -> str:
        if self.ask is not None and self.ask.kind in ("playable", "card"):
            return self.tr.card(Card.parse(value))
        if self.ask is not None and self.ask.kind == "legal_calls":
            return self.tr.call(value)
        return value

    def show(self, ask: Ask | None, feedback: Feedback | None = None, place: str = "") -> None:
        """Show ``ask`` (None hides the panel); a new question clears the old answer. ``place`` names
        the question on the page (its options get the class ``nap-ask-q-<place>``)."""
        if ask is not self.ask:
            self.ask = ask
            self.place = place
            self._build()
        show(self.widget, not (ask is None))
        self.refresh(feedback)

    def _build(self) -> None:
        self._toggles, self._amounts = {}, {}
        ask = self.ask
        if ask is None:
            self.options.children = []
            self.check.fields = []
            return
        children: list[W.Widget] = []
        for value in ask.options:
            if ask.kind == "pay":
                # a text box, checked here: a number box would turn "12.7" into 127 without a word
                box = Text(value="0", description=value, style={"description_width": "initial"},
                           continuous_update=False, layout=W.Layout(width="140px"))
                box.add_class("nap-ask-amount")
                box.add_class(f"nap-ask-amount-{value}")
                box.add_class(f"nap-ask-q-{self.place}")
                box.observe(self._on_change, names="value")
                self._amounts[value] = box
                children.append(box)
            else:
                button = W.ToggleButton(value=False, description=self._label(value), layout=auto_layout())
                button.add_class("nap-ask-option")
                button.add_class(f"nap-ask-option-{value}")
                button.add_class(f"nap-ask-q-{self.place}")
                if not ask.multi:
                    button.observe(self._single(value), names="value")
                button.observe(self._on_change, names="value")
                self._toggles[value] = button
                children.append(button)
        self.options.children = children
        self.check.fields = children

    def _single(self, value: str) -> Callable[[dict[str, Any]], None]:
        def pick(change: dict[str, Any]) -> None:
            if change.get("new"):
                for other, button in self._toggles.items():
                    if other != value and button.value:
                        button.value = False
        return pick

    def _on_change(self, _change: dict[str, Any]) -> None:
        self._show_chosen()

    def _show_chosen(self) -> None:
        """The answer as the page has it now, in words (and as data, for scripts and tests)."""
        ask = self.ask
        if ask is None:
            self.chosen.value = ""
            return
        if ask.kind == "pay":
            amounts = {name: amount_typed(box.value) for name, box in self._amounts.items()}
            data = ",".join(f"{name}={amounts[name]}" for name in self._amounts if amounts[name] is not None)
            words = ", ".join(f"{name} {self.tr.amount(v)}" if v is not None else f"{name} ?"
                              for name, v in amounts.items())
        else:
            picked = [v for v, b in self._toggles.items() if b.value]
            data = ",".join(picked)
            words = ", ".join(self._label(v) for v in picked) or self._("nothing yet")
        self.chosen.value = html('<p class="nap-ask-chosen-text" data-ask="{}" data-chosen="{}">{}</p>', self.place,
                                 data, self._("Your answer: {answer}").format(answer=words))

    def refresh(self, feedback: Feedback | None = None) -> None:
        ask = self.ask
        self.check.description = self._("Check my answer")
        self._show_chosen()
        if ask is None:
            return
        for value, button in self._toggles.items():
            button.description = self._label(value)
        self.prompt.value = html('<div class="nap-ask-title">{}</div><p>{}</p>',
                                 self._("Your turn to decide"), self.tr.explain(ask.prompt))
        if feedback is None:
            self.feedback.value = ""
            return
        title = (self._("Right.") if feedback.right
                 else self._("Not quite: read why, then try again."))
        css = "nap-ask-right" if feedback.right else "nap-ask-wrong"
        more = self._("Press Next to see the step.") if feedback.right else ""
        mark = "\u2713 " if feedback.right else "\u2717 "  # a tick or a cross: never colour alone
        self.feedback.value = html('<div class="{}"><strong>'
                                   '<span class="nap-verdict-mark" aria-hidden="true">{}</span>{}</strong>{}<p>{}</p></div>',
                                   css, mark, title, explanation_items(feedback.explanations, self.tr), more)

    def show_answer(self, ask: Ask, feedback: Feedback | None) -> None:
        """The right answer of ``ask`` picked on the panel and said in words with its reason (presenter mode:
        the room answered aloud; the next key moves on)."""
        if ask is not self.ask:
            self.show(ask)
        if ask.kind == "pay":
            for name, amount in zip(ask.options, ask.answer):
                if name in self._amounts:
                    self._amounts[name].value = str(int(amount))
            words = ", ".join(f"{name} {self.tr.amount(int(amount))}" for name, amount in zip(ask.options, ask.answer))
        else:
            for value, button in self._toggles.items():
                button.value = value in ask.answer
            words = ", ".join(self._label(v) for v in ask.answer)
        why = explanation_items(feedback.explanations, self.tr) if feedback is not None else ""
        self.feedback.value = html('<div class="nap-ask-right nap-ask-revealed" role="status" aria-live="polite"><strong>'
                                   '<span class="nap-verdict-mark" aria-hidden="true">\u2713 </span>{}</strong>{}<p>{}</p>'
                                   '</div>', self._("The answer: {answer}").format(answer=words), why,
                                   self._("Press Next to see the step."))

    def value(self) -> Any:
        ask = self.ask
        assert ask is not None
        if ask.kind == "pay":
            amounts = {name: amount_typed(box.value) for name, box in self._amounts.items()}
            return None if any(v is None for v in amounts.values()) else amounts
        chosen = [v for v, b in self._toggles.items() if b.value]
        if ask.multi:
            return chosen
        return chosen[0] if chosen else None

    @guarded
    def _on_check(self, _button: Any = None) -> None:
        if self.ask is None:
            return
        value = self.value()
        if value is None and self.ask.kind == "pay":  # refused in words, next to the boxes; nothing changes
            bad = [(name, box.value) for name, box in self._amounts.items() if amount_typed(box.value) is None]
            name, raw = bad[0]
            self.feedback.value = html('<div class="nap-ask-wrong nap-ask-badamount"><strong>{}</strong></div>',
                                       self._("“{text}” for {player} is not a whole number of points: type it "
                                              "with digits only, and a minus sign for a payment (-4).").format(
                                           text=str(raw)[:20], player=name))
            keeper = getattr(self.app, "pagekeeper", None)
            if keeper is not None:
                keeper.reveal(".nap-ask-feedback")
                keeper.say(plain_text(str(self.feedback.value)))
            return
        if value is None:
            self.status.show(self._("Pick an answer first."), "refused")
            return
        self.status.clear()
        feedback = self.on_answer(value)
        self.refresh(feedback)
        # the verdict where the learner looks: brought into view above the bar, and read out
        keeper = getattr(self.app, "pagekeeper", None)
        if keeper is not None:
            keeper.reveal(".nap-ask-feedback")
            keeper.say(plain_text(str(self.feedback.value)))
