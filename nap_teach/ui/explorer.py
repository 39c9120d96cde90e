"""The rules explorer: every rule with a short explanation, a trainer and a question; a quiz; the syllabus.

The notebook ``notebooks/explorer.ipynb`` only does::

    from nap_teach.ui.explorer import ExplorerApp
    ExplorerApp.from_environment()

Three sections, chosen with the ``nap-ex-nav`` buttons:

- **Rules**: pick a rule (``nap-ex-rule``); its explanation, a small trainer
  built on :mod:`nap_teach.trainers` and a question of :mod:`nap_teach.quiz`;
- **Quiz**: the FAQ questions plus generated ones, a score, and the seed that
  reproduces them (``nap-ex-seed``, ``?seed=`` in the page address);
- **Syllabus**: for teachers, per rule where it is demonstrated, quizzed and
  enforced (:mod:`nap_teach.syllabus`).

Every answer comes from the engine; this module only draws and listens.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Sequence

import ipywidgets as W

from ..cards import FULL_PACK, Card, Rank, Suit
from ..explain import Explanation
from ..i18n import normalize_lang
from ..profiles import BRITISH, PROFILES, PUB, Profile
from ..quiz import DEFAULT_COUNT, Question, QuizRun, questions_for_rule
from ..rulebook import prose as rule_text
from ..render import card_back_svg, hand_html, pile_svg, suit_text, trick_html
from ..session import Session
from ..state import DealState
from ..syllabus import SyllabusEntry, profile_rules, syllabus
from ..trainers import (
    PositionError, auction_options, calls_for, example_deal, follow_options, judge_trick, random_session, rotation,
    settlement, stop_check, table_names,
)
from .base import App, guarded, html_escape, page_params, page_style
from .base import Part as BasePart
from .landing import PROFILE_NAMES, page_query, stakes_table_html

__all__ = ["ExplorerApp", "QuestionCard", "QuizPanel", "RulesPanel", "SyllabusPanel", "stakes_table_html",
           "rule_text", "TRAINER_FOR_RULE", "MAX_SEED"]

esc = html_escape
MAX_SEED = 10**9
SECTIONS = ("rules", "quiz", "compare", "syllabus")


def _auto(**kwargs: Any) -> W.Layout:
    return W.Layout(width="auto", max_width="100%", **kwargs)


def _show(widget: W.Widget, visible: bool) -> None:
    widget.layout.display = None if visible else "none"


def _card_label(card: Card) -> str:
    return card.rank.text + suit_text(card.suit)


class Part(BasePart):
    """A piece of the explorer: shares the app's language, status line, busy flag and profile."""

    app: "ExplorerApp"

    @property
    def profile(self) -> Profile:
        return self.app.profile

    def _(self, message: str) -> str:
        return self.app.language.tr.gettext(message)

    def badge(self, rule: str) -> str:
        title = esc(self.tr.rule_title(rule), quote=True)
        return f'<span class="nap-rule" title="{title}">{esc(rule)}</span>'

    def explain(self, expl: Explanation) -> str:
        return self.badge(expl.rule) + esc(self.tr.explain(expl))

    def refused(self, expl: Explanation) -> str:
        return f'<div class="nap-msg nap-msg-refused" role="status">{self.explain(expl)}</div>'

    def fine(self, expl: Explanation) -> str:
        return f'<div class="nap-msg nap-msg-info" role="status">{self.explain(expl)}</div>'

    def refresh(self) -> None:  # pragma: no cover - overridden
        pass


def _dropdown(css: str, options: Sequence[tuple[str, Any]], value: Any) -> W.Dropdown:
    d = W.Dropdown(options=list(options), value=value, layout=_auto())
    d.add_class(css)
    return d


def _button(css: str, icon: str = "") -> W.Button:
    b = W.Button(layout=_auto(align_self="flex-start"), icon=icon)
    b.add_class(css)
    return b


def _labelled(label: W.HTML, widget: W.Widget) -> W.HBox:
    box = W.HBox([label, widget], layout=_auto(align_items="center"))
    box.add_class("nap-ex-field")
    return box


def _valid(value: Any, allowed: Sequence[Any]) -> bool:
    return any(value == a and type(value) is type(a) for a in allowed)


# ============================================================ question card
class QuestionCard(Part):
    """One question: prompt (with cards), a button per choice, the answer explained by its rule."""

    def __init__(self, app: "ExplorerApp", css: str, on_answer: Callable[[Question, str], bool | None]) -> None:
        super().__init__(app)
        self.css = css
        self.on_answer = on_answer
        self.question: Question | None = None
        self.given: str | None = None
        self.right: bool | None = None
        self.prompt = W.HTML()
        self.prompt.add_class("nap-ex-prompt")
        self.cards = W.HTML()
        self.cards.add_class("nap-ex-qcards")
        self.choices = W.HBox(layout=_auto(flex_flow="row wrap"))
        self.choices.add_class("nap-ex-choices")
        self.feedback = W.HTML()
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
                b = W.Button(layout=_auto())
                b.add_class("nap-ex-choice")
                b.add_class(f"{self.css}-choice")
                b._nap_value = choice.value  # type: ignore[attr-defined]
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
        self.prompt.value = f"<p>{esc(self.tr.explain(q.prompt))}</p>"
        parts = []
        if q.trick:
            names = [p for p, _c in q.trick]
            cards = [c for _p, c in q.trick]
            parts.append(trick_html(names, cards, tr=self.tr, trump=q.trump))
        if q.hand:
            parts.append(hand_html(q.hand, tr=self.tr, label=self._("Cards of the question")))
        self.cards.value = "".join(parts)
        labels = {c.value: self.tr.explain(c.label) for c in q.choices}
        for b in self._buttons:
            value = b._nap_value  # type: ignore[attr-defined]
            b.description = labels[value]
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
        lines = [f'<p class="{kind}"><strong>{esc(verdict)}</strong> '
                 f'{esc(self._("Answer: {answer}.").format(answer=answer))}</p>',
                 f"<p>{self.explain(q.explanation)}</p>"]
        lines += [f"<p>{self.explain(e)}</p>" for e in q.extra]
        self.feedback.value = f'<div role="status" aria-live="polite">{"".join(lines)}</div>'

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
            if b._nap_value == value:  # type: ignore[attr-defined]
                b.click()
                return
        raise KeyError(value)


# ================================================================ trainers
class Trainer(Part):
    """Base of a rule trainer: a title line, controls and an output (CSS ``nap-ex-trainer``)."""

    css = "nap-ex-trainer"

    def __init__(self, app: "ExplorerApp") -> None:
        super().__init__(app)
        self.heading = W.HTML()
        self.heading.add_class("nap-ex-trainer-title")
        self.out = W.HTML()
        self.out.add_class(f"{self.css}-out")
        self.widget = W.VBox(layout=_auto())
        self.widget.add_class("nap-ex-trainer")
        self.widget.add_class(self.css)

    def title(self, text: str, hint: str) -> None:
        self.heading.value = f"<h3>{esc(text)}</h3><p class='nap-ex-hint'>{esc(hint)}</p>"


class TableTrainer(Trainer):
    """B1, B4: how many may play, and how many cards stay unused."""

    css = "nap-ex-table"

    def __init__(self, app: "ExplorerApp") -> None:
        super().__init__(app)
        self.counts = list(range(2, 10))
        self.count = _dropdown("nap-ex-table-count", [(str(n), n) for n in self.counts], 4)
        self.label = W.HTML()
        self.count.observe(self._on_change, names="value")
        self.widget.children = [self.heading, _labelled(self.label, self.count), self.out]

    def refresh(self) -> None:
        self.title(self._("How many can play?"), self._("Choose a number of players: the engine sets up the table."))
        self.label.value = esc(self._("Players:"))
        self.render()

    @guarded
    def _on_change(self, change: dict[str, Any]) -> None:
        self.render()

    def render(self) -> None:
        n = self.count.value
        if not _valid(n, self.counts):
            return
        names = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")[:n]
        try:
            Session(names, 0, self.profile)
        except Exception as e:  # RecordError: the table size is refused (B1)
            expl = getattr(e, "explanation", None)
            if expl is None:
                raise
            self.out.value = self.refused(expl)
            return
        deal = example_deal(names, 0, "table", self.profile)
        unused = len(deal.unused)
        label = self.tr.ngettext("{n} unused card", "{n} unused cards", unused).format(n=unused)
        text = self._("{n} players may play. Each gets five cards, {held} in all; {unused} stay face down, "
                      "unused, for the whole deal.").format(n=n, held=sum(len(h) for h in deal.hands), unused=unused)
        self.out.value = (f'<div class="nap-msg nap-msg-info">{self.badge(self.profile.rule("players"))}'
                          f'{self.badge(self.profile.rule("unused"))}{esc(text)}</div>'
                          f'<div class="nap-ex-pile">{pile_svg(unused, label=label)}</div>')


class RotationTrainer(Trainer):
    """B2, B3 (and B5): who deals, cuts and speaks first, deal after deal."""

    css = "nap-ex-rotation"

    def __init__(self, app: "ExplorerApp") -> None:
        super().__init__(app)
        self.sizes = list(range(self.profile.min_players, self.profile.max_players + 1))
        self.size = _dropdown("nap-ex-rotation-size", [(str(n), n) for n in self.sizes], 4)
        self.first = _dropdown("nap-ex-rotation-first", [(p, i) for i, p in enumerate(table_names(4))], 3)
        self.next = _button("nap-ex-rotation-next")
        self.back = _button("nap-ex-rotation-back")
        self.number = 1
        self.size_label, self.first_label = W.HTML(), W.HTML()
        self.size.observe(self._on_size, names="value")
        self.first.observe(self._on_first, names="value")
        self.next.on_click(self._on_next)
        self.back.on_click(self._on_back)
        controls = W.HBox([_labelled(self.size_label, self.size), _labelled(self.first_label, self.first)],
                          layout=_auto())
        self.widget.children = [self.heading, controls, W.HBox([self.back, self.next], layout=_auto()), self.out]

    def refresh(self) -> None:
        self.title(self._("Who deals, who cuts, who speaks first?"),
                   self._("Choose the table and the first dealer, then move from deal to deal."))
        self.size_label.value = esc(self._("Players:"))
        self.first_label.value = esc(self._("First dealer:"))
        self.next.description = self._("Next deal")
        self.back.description = self._("Previous deal")
        self.render()

    @guarded
    def _on_size(self, change: dict[str, Any]) -> None:
        n = change.get("new")
        if not _valid(n, self.sizes):
            return
        names = table_names(n)
        self.first.options = [(p, i) for i, p in enumerate(names)]
        self.first.value = n - 1
        self.number = 1
        self.render()

    @guarded
    def _on_first(self, change: dict[str, Any]) -> None:
        self.number = 1
        self.render()

    @guarded
    def _on_next(self, _b: W.Button) -> None:
        self.number = min(self.number + 1, 99)
        self.render()

    @guarded
    def _on_back(self, _b: W.Button) -> None:
        self.number = max(1, self.number - 1)
        self.render()

    def render(self) -> None:
        n, first = self.size.value, self.first.value
        if not _valid(n, self.sizes) or not isinstance(first, int) or not 0 <= first < n:
            return
        turns = rotation(table_names(n), first, self.number + n, self.profile)
        turn = turns[self.number - 1]
        _ = self._
        head = (f"<tr><th scope='col'>{esc(_('Deal'))}</th><th scope='col'>{esc(_('Deals'))}</th>"
                f"<th scope='col'>{esc(_('Cuts'))}</th><th scope='col'>{esc(_('Speaks first'))}</th></tr>")
        rows = []
        for t in turns[max(0, self.number - 2): self.number + 2]:
            cls = ' class="nap-ex-current"' if t.number == self.number else ""
            rows.append(f"<tr{cls}><td>{t.number}</td><td>{esc(t.dealer)}</td><td>{esc(t.cutter)}</td>"
                        f"<td>{esc(t.eldest)}</td></tr>")
        order = esc(_("Calling order: {order}.").format(order=", ".join(turn.order)))
        self.back.disabled = self.number == 1
        self.out.value = (f"{self.fine(turn.explanation)}<p>{order}</p>"
                          f'<div class="nap-scroll"><table class="nap-table-grid">{head}{"".join(rows)}</table></div>')


class AuctionTrainer(Trainer):
    """B5-B9: given the calls so far, which calls are legal now, and why."""

    css = "nap-ex-auction"

    def __init__(self, app: "ExplorerApp") -> None:
        super().__init__(app)
        self.players = table_names(4)
        self.dealer = _dropdown("nap-ex-auction-dealer", [(p, i) for i, p in enumerate(self.players)], 3)
        self.dealer_label = W.HTML()
        self.calls: list[str] = []
        self.names = ["Pass"] + [c.name for c in self.profile.ladder]
        self.call_buttons = []
        for name in self.names:
            b = _button(f"nap-ex-call-{name}")
            b.add_class("nap-ex-call")
            b._nap_call = name  # type: ignore[attr-defined]
            b.on_click(self._on_call)
            self.call_buttons.append(b)
        self.undo = _button("nap-ex-auction-undo")
        self.undo.on_click(self._on_undo)
        self.reset = _button("nap-ex-auction-reset")
        self.reset.on_click(self._on_reset)
        self.dealer.observe(self._on_dealer, names="value")
        self.history = W.HTML()
        self.history.add_class("nap-ex-auction-history")
        self.widget.children = [self.heading, _labelled(self.dealer_label, self.dealer), self.history,
                                W.HBox(self.call_buttons, layout=_auto()), self.out,
                                W.HBox([self.undo, self.reset], layout=_auto())]

    def refresh(self) -> None:
        self.title(self._("Auction trainer"),
                   self._("Make the calls one by one: the list shows which calls are allowed now, and why."))
        self.dealer_label.value = esc(self._("Dealer:"))
        for b in self.call_buttons:
            b.description = self.tr.call(b._nap_call)  # type: ignore[attr-defined]
        self.undo.description = self._("Take back a call")
        self.reset.description = self._("Start again")
        self.render()

    def report(self):  # type: ignore[no-untyped-def]
        return auction_options(self.players, self.dealer.value, self.calls, self.profile)

    def render(self) -> None:
        report = self.report()
        _ = self._
        if report.history:
            said = ", ".join(esc(self.tr.explain(e)) for e in report.history)
        else:
            said = esc(self.tr.explain(Explanation(self.profile.rule("auction_order"), "quiz.no_calls")))
        lines = [f"<p><strong>{esc(_('Calls so far:'))}</strong> {said}</p>"]
        if report.to_speak is not None:
            lines.append(f"<p>{esc(_('{player} speaks now.').format(player=self.players[report.to_speak]))}</p>")
        for e in report.summary:
            lines.append(self.fine(e))
        self.history.value = "".join(lines)
        items = []
        for option in report.options:
            mark = "✓" if option.legal else "✗"
            cls = "nap-ex-legal" if option.legal else "nap-ex-illegal"
            why = " ".join(self.explain(e) for e in option.explanations)
            items.append(f'<li class="{cls}"><strong>{mark} {esc(self.tr.call(option.call.name))}</strong>: '
                         f"{why}</li>")
        self.out.value = f'<ul class="nap-ex-options">{"".join(items)}</ul>'
        for b in self.call_buttons:
            legal = any(o.legal and o.call.name == b._nap_call for o in report.options)  # type: ignore[attr-defined]
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
        if not _valid(change.get("new"), list(range(len(self.players)))):
            return
        self.calls = []
        self.render()


class FollowTrainer(Trainer):
    """B10, B11: given the card led and a hand, which cards may be played."""

    css = "nap-ex-follow"

    def __init__(self, app: "ExplorerApp") -> None:
        super().__init__(app)
        self.rng = random.Random(f"follow:{app.seed}")
        self.new = _button("nap-ex-follow-new")
        self.new.on_click(self._on_new)
        self.table = W.HTML()
        self.table.add_class("nap-ex-follow-table")
        self.cards = W.HBox(layout=_auto())
        self.cards.add_class("nap-ex-follow-cards")
        self.report = None
        self.picked: Card | None = None
        self.widget.children = [self.heading, self.table, self.cards, self.out, self.new]
        self.deal_new()

    def deal_new(self) -> None:
        for _ in range(50):
            trump = self.rng.choice(list(Suit))
            first = self.rng.random() < 0.3
            led_suit = trump if first else self.rng.choice(list(Suit))
            led = Card(self.rng.choice(list(Rank)), led_suit)
            pool = [c for c in FULL_PACK if c is not led]
            hand = tuple(sorted(self.rng.sample(pool, 5 if first else 4), key=lambda c: (c.suit, -c.rank)))
            try:
                self.report = follow_options(hand, led, trump, table_names(3), self.profile,
                                             rng=random.Random(self.rng.random()))
                break
            except PositionError:
                continue
        self.picked = None
        buttons = []
        assert self.report is not None
        for option in self.report.options:
            b = W.Button(description=_card_label(option.card), layout=_auto())
            b.add_class("nap-ex-follow-card")
            b.add_class(f"nap-ex-card-{option.card.code}")
            b._nap_card = option.card  # type: ignore[attr-defined]
            b.on_click(self._on_card)
            buttons.append(b)
        self.cards.children = buttons

    def refresh(self) -> None:
        self.title(self._("Which cards may you play?"),
                   self._("You play next. Click a card to ask the engine whether it may be played."))
        self.new.description = self._("New position")
        self.render()

    def render(self) -> None:
        r = self.report
        if r is None:
            return
        names = [p for p, _c in r.trick]
        cards = [c for _p, c in r.trick]
        player = r.state.players[r.seat]
        trump = self.tr.suit(r.trump) if r.trump is not None else self._("none")
        info = esc(self._("Trump: {trump}. You are {player}; this is trick {number}.").format(
            trump=trump, player=player, number=len(r.state.tricks) + 1))
        self.table.value = (f"<p>{info}</p>" + trick_html(names, cards, tr=self.tr, trump=r.trump)
                            + f"<p>{esc(self._('Your hand:'))}</p>"
                            + hand_html([o.card for o in r.options], tr=self.tr, label=self._("Your hand")))
        for b in self.cards.children:
            b.tooltip = self.tr.card_words(b._nap_card)  # type: ignore[attr-defined]
        if self.picked is None:
            self.out.value = ""
            return
        option = next(o for o in r.options if o.card is self.picked)
        box = self.fine if option.legal else self.refused
        verdict = self._("Allowed.") if option.legal else self._("Not allowed.")
        legal = " ".join(_card_label(c) for c in r.legal)
        self.out.value = (f"<p><strong>{esc(_card_label(option.card))}: {esc(verdict)}</strong></p>"
                          + "".join(box(e) for e in option.explanations)
                          + f"<p>{esc(self._('Cards you may play here: {cards}').format(cards=legal))}</p>")

    @guarded
    def _on_card(self, button: W.Button) -> None:
        card = getattr(button, "_nap_card", None)
        if self.report is None or not isinstance(card, Card) or card not in [o.card for o in self.report.options]:
            return
        self.picked = card
        self.render()

    @guarded
    def _on_new(self, _b: W.Button) -> None:
        self.deal_new()
        self.render()


class TrickJudge(Trainer):
    """B12: given trump and the cards played, who wins?"""

    css = "nap-ex-judge"
    seed_key = "judge"

    def __init__(self, app: "ExplorerApp") -> None:
        super().__init__(app)
        self.rng = random.Random(f"{self.seed_key}:{app.seed}")
        self.new = _button(f"{self.css}-new")
        self.new.on_click(self._on_new)
        self.table = W.HTML()
        self.picks = W.HBox(layout=_auto(flex_flow="row wrap"))
        self.picks.add_class(f"{self.css}-picks")
        self.judgement = None
        self.guess: str | None = None
        self.widget.children = [self.heading, self.table, self.picks, self.out, self.new]
        self.deal_new()

    def _try_deal(self):  # type: ignore[no-untyped-def]
        """One random trick and the engine's judgement of it (PositionError when unusable)."""
        n = self.rng.randint(3, 5)
        trump = self.rng.choice(list(Suit))
        led_suit = trump if self.rng.random() < 0.25 else self.rng.choice([s for s in Suit if s is not trump])
        cards = [Card(self.rng.choice(list(Rank)), led_suit)]
        pool = [c for c in FULL_PACK if c is not cards[0]]
        for _i in range(n - 1):
            follow = [c for c in pool if c.suit is led_suit]
            pick = self.rng.choice(follow if follow and self.rng.random() < 0.5 else pool)
            cards.append(pick)
            pool.remove(pick)
        return judge_trick(table_names(n), trump, cards, self.profile, rng=random.Random(self.rng.random()))

    def _info(self, j) -> str:  # type: ignore[no-untyped-def]
        trump = self.tr.suit(j.trump) if j.trump is not None else self._("none")
        return self._("Trump: {trump}. {leader} led.").format(trump=trump, leader=j.players[0])

    def deal_new(self) -> None:
        for _ in range(50):
            try:
                self.judgement = self._try_deal()
                break
            except PositionError:
                continue
        self.guess = None
        buttons = []
        assert self.judgement is not None
        for name in self.judgement.players:
            b = W.Button(description=name, layout=_auto())
            b.add_class(f"{self.css}-pick")
            b._nap_player = name  # type: ignore[attr-defined]
            b.on_click(self._on_pick)
            buttons.append(b)
        self.picks.children = buttons

    def refresh(self) -> None:
        self.title(self._("Who wins the trick?"), self._("Look at trump and the cards, then pick the winner."))
        self.new.description = self._("New trick")
        self.render()

    def render(self) -> None:
        j = self.judgement
        if j is None:
            return
        info = esc(self._info(j))
        winning = j.winner if self.guess is not None else None
        self.table.value = f"<p>{info}</p>" + trick_html(j.players, j.cards, tr=self.tr, trump=getattr(j, "trump", None),
                                                          winning=winning)
        for b in self.picks.children:
            b.disabled = self.guess is not None
        if self.guess is None:
            self.out.value = ""
            return
        right = self.guess == j.winner_name
        verdict = self._("Right!") if right else self._("Not quite.")
        self.out.value = (f'<p class="{"nap-ex-right" if right else "nap-ex-wrong"}"><strong>{esc(verdict)}</strong></p>'
                          + self.fine(j.explanation))

    @guarded
    def _on_pick(self, button: W.Button) -> None:
        name = getattr(button, "_nap_player", None)
        if self.judgement is None or name not in self.judgement.players or self.guess is not None:
            return
        self.guess = name
        self.render()

    @guarded
    def _on_new(self, _b: W.Button) -> None:
        self.deal_new()
        self.render()


class StopTrainer(Trainer):
    """B13: may the table stop before the fifth trick?"""

    css = "nap-ex-stop"

    def __init__(self, app: "ExplorerApp") -> None:
        super().__init__(app)
        self.contracts = [c.name for c in self.profile.ladder if c.trumps]
        self.contract = _dropdown("nap-ex-stop-contract", [(self.tr.call(c), c) for c in self.contracts],
                                  self.contracts[0])
        self.played = _dropdown("nap-ex-stop-played", [(str(i), i) for i in range(1, 5)], 3)
        self.won = _dropdown("nap-ex-stop-won", [(str(i), i) for i in range(0, 4)], 3)
        self.labels = [W.HTML(), W.HTML(), W.HTML()]
        for d in (self.contract, self.played, self.won):
            d.observe(self._on_change, names="value")
        self.widget.children = [self.heading, W.HBox([_labelled(self.labels[0], self.contract),
                                                      _labelled(self.labels[1], self.played),
                                                      _labelled(self.labels[2], self.won)], layout=_auto()),
                                self.out]

    def refresh(self) -> None:
        self.title(self._("May the table stop early?"),
                   self._("Choose the contract and how the tricks went so far."))
        self.labels[0].value = esc(self._("Contract:"))
        self.labels[1].value = esc(self._("Tricks played:"))
        self.labels[2].value = esc(self._("Won by the declarer:"))
        self.render()

    @guarded
    def _on_change(self, change: dict[str, Any]) -> None:
        played = self.played.value
        if _valid(played, list(range(1, 5))):
            options = [(str(i), i) for i in range(0, played + 1)]
            if list(self.won.options) != options:
                keep = self.won.value if isinstance(self.won.value, int) and self.won.value <= played else played
                self.won.options = options
                self.won.value = keep
        self.render()

    def render(self) -> None:
        c, played, won = self.contract.value, self.played.value, self.won.value
        if c not in self.contracts or not _valid(played, list(range(1, 5))) or not _valid(won, list(range(0, played + 1))):
            return
        report = stop_check(c, won, played, profile=self.profile)
        verdict = self._("Yes, the table may stop.") if report.allowed else self._("No, play on.")
        box = self.fine if report.allowed else self.refused
        self.out.value = f"<p><strong>{esc(verdict)}</strong></p>" + box(report.explanation)


class ViewTrainer(Trainer):
    """B14: each player's screen shows their own cards only."""

    css = "nap-ex-view"

    def __init__(self, app: "ExplorerApp") -> None:
        super().__init__(app)
        self.players = table_names(4)
        deal = example_deal(self.players, 0, f"view:{app.seed}", self.profile)
        self.state = DealState.from_deal(deal, self.profile)
        contract = next(c for c in self.profile.ladder if c.trumps and c.requires is None)
        for call in calls_for(self.profile, contract, len(self.players)):
            self.state.apply(call)
        self.seat = _dropdown("nap-ex-view-seat", [(p, i) for i, p in enumerate(self.players)], 1)
        self.seat_label = W.HTML()
        self.seat.observe(self._on_seat, names="value")
        self.widget.children = [self.heading, _labelled(self.seat_label, self.seat), self.out]

    def refresh(self) -> None:
        self.title(self._("What does each player see?"), self._("Choose whose screen to look at."))
        self.seat_label.value = esc(self._("Screen of:"))
        self.render()

    @guarded
    def _on_seat(self, change: dict[str, Any]) -> None:
        self.render()

    def render(self) -> None:
        seat = self.seat.value
        if not _valid(seat, list(range(len(self.players)))):
            return
        view = self.state.view(seat)
        declarer = self.players[self.state.declarer or 0]
        rows = []
        for s, name in enumerate(self.players):
            role = self._("declarer") if name == declarer else self._("defender")
            if s == seat:
                cards = hand_html(view.hand, tr=self.tr, width=44, label=name)
            else:
                backs = "".join(card_back_svg(width=34, label=self._("face-down card")) for _ in range(5))
                cards = f'<div class="nap-hand">{backs}</div>'
            rows.append(f'<div class="nap-ex-seat"><strong>{esc(name)}</strong> ({esc(role)}){cards}</div>')
        others = sum(len(h) for s, h in enumerate(self.state.hands) if s != seat)
        rule = self.profile.rule("defenders")
        expl = Explanation(rule, "enforce.hidden", {"player": self.players[seat], "hidden": others})
        self.out.value = "".join(rows) + self.fine(expl)


class SettlementCalculator(Trainer):
    """B15, B16: players, contract, tricks -> every payment and the zero sum."""

    css = "nap-ex-settle"

    def __init__(self, app: "ExplorerApp") -> None:
        super().__init__(app)
        p = self.profile
        self.sizes = list(range(p.min_players, p.max_players + 1))
        self.size = _dropdown("nap-ex-settle-size", [(str(n), n) for n in self.sizes], 4)
        self.declarer = _dropdown("nap-ex-settle-declarer", [(n, i) for i, n in enumerate(table_names(4))], 0)
        self.contracts = [c.name for c in p.ladder]
        self.contract = _dropdown("nap-ex-settle-contract", [(c, c) for c in self.contracts], self.contracts[0])
        self.tricks = _dropdown("nap-ex-settle-tricks", [(str(i), i) for i in range(6)], 3)
        self.labels = [W.HTML() for _ in range(4)]
        self.size.observe(self._on_size, names="value")
        for d in (self.declarer, self.contract, self.tricks):
            d.observe(self._on_change, names="value")
        fields = [_labelled(lbl, d) for lbl, d in zip(self.labels, (self.size, self.declarer, self.contract,
                                                                    self.tricks))]
        self.widget.children = [self.heading, W.HBox(fields, layout=_auto()), self.out]

    def refresh(self) -> None:
        self.title(self._("Settlement calculator"),
                   self._("Choose the table, the contract and the declarer's tricks: every payment follows."))
        for lbl, text in zip(self.labels, (self._("Players:"), self._("Declarer:"), self._("Contract:"),
                                           self._("Declarer's tricks:"))):
            lbl.value = esc(text)
        self.contract.options = [(self.tr.call(c), c) for c in self.contracts]
        self.render()

    @guarded
    def _on_size(self, change: dict[str, Any]) -> None:
        n = change.get("new")
        if not _valid(n, self.sizes):
            return
        keep = self.declarer.value if isinstance(self.declarer.value, int) and self.declarer.value < n else 0
        self.declarer.options = [(name, i) for i, name in enumerate(table_names(n))]
        self.declarer.value = keep
        self.render()

    @guarded
    def _on_change(self, change: dict[str, Any]) -> None:
        self.render()

    def render(self) -> None:
        n, d, c, t = self.size.value, self.declarer.value, self.contract.value, self.tricks.value
        if (not _valid(n, self.sizes) or not isinstance(d, int) or not 0 <= d < n or c not in self.contracts
                or not _valid(t, list(range(6)))):
            return
        report = settlement(table_names(n), d, c, t, self.profile)
        _ = self._
        head = (f"<tr><th scope='col'>{esc(_('Player'))}</th><th scope='col'>{esc(_('Pays or receives'))}</th></tr>")
        rows = "".join(f"<tr><th scope='row'>{esc(p)}{' ★' if i == d else ''}</th><td>{esc(self.tr.amount(v))}</td></tr>"
                       for i, (p, v) in enumerate(report.amounts.items()))
        total = f"<tr class='nap-ex-sum'><th scope='row'>{esc(_('Sum'))}</th><td>{esc(self.tr.amount(report.total))}</td></tr>"
        self.out.value = (f'<div class="nap-scroll"><table class="nap-table-grid nap-ex-payments">{head}{rows}{total}'
                          f"</table></div>" + "".join(self.fine(e) for e in report.explanations))


class SessionTrainer(Trainer):
    """B17: a whole session of random deals, its balances and its winners."""

    css = "nap-ex-session"

    def __init__(self, app: "ExplorerApp") -> None:
        super().__init__(app)
        self.count = 0
        self.new = _button("nap-ex-session-new")
        self.new.on_click(self._on_new)
        self.link = W.HTML()
        self.session = self._make()
        self.widget.children = [self.heading, self.out, self.new, self.link]

    def _make(self) -> Session:
        rng = random.Random(f"session:{self.app.seed}:{self.count}")
        return random_session(rng, self.profile, table_names(4), 8)

    def refresh(self) -> None:
        self.title(self._("A whole session"), self._("Eight deals with random calls and tricks: who wins?"))
        self.new.description = self._("Another session")
        href = esc("scorekeeper.ipynb" + page_query(self.app.language.code, self.profile.name), quote=True)
        self.link.value = (f'<p><a class="nap-ex-link" href="{href}">'
                           f'{esc(self._("Keep the score of a real session"))}</a></p>')
        self.render()

    @guarded
    def _on_new(self, _b: W.Button) -> None:
        self.count += 1
        self.session = self._make()
        self.render()

    def render(self) -> None:
        s = self.session
        _ = self._
        players = s.players
        head = "<tr><th scope='col'>" + esc(_("Deal")) + "</th>" + "".join(
            f"<th scope='col'>{esc(p)}</th>" for p in players) + "</tr>"
        rows = []
        for row in s.ledger():
            rows.append(f"<tr><td>{row.number}</td>" + "".join(
                f"<td>{esc(self.tr.amount(row.balances[p]))}</td>" for p in players) + "</tr>")
        winners = s.winners()
        text = self.tr.ngettext("Winner: {names}.", "Winners, sharing the win: {names}.", len(winners)).format(
            names=self.tr.join(winners))
        if s.tie_break_due:  # three or more level under P8: an extra hand decides
            text = self.tr.explain(Explanation(self.profile.rule("tie_break"), "explain.tie_break_due",
                                               {"names": s.tie_break_due}))
        self.out.value = (f'<div class="nap-scroll"><table class="nap-table-grid">{head}{"".join(rows)}</table></div>'
                          f'<p class="nap-ex-winners">{self.badge(self.profile.rule("session"))}{esc(text)}</p>')


class DrawTrainer(Trainer):
    """P1: each player draws a card; the lowest deals (aces low), ties draw again."""

    css = "nap-ex-draw"

    def __init__(self, app: "ExplorerApp") -> None:
        super().__init__(app)
        self.count = 0
        self.draw = _button("nap-ex-draw-again")
        self.draw.on_click(self._on_draw)
        self.widget.children = [self.heading, self.out, self.draw]

    def refresh(self) -> None:
        self.title(self._("Who deals first?"), self._("Each player is dealt one card; press the button for a new draw."))
        self.draw.description = self._("Draw again")
        self.render()

    @guarded
    def _on_draw(self, _b: W.Button) -> None:
        self.count += 1
        self.render()

    def render(self) -> None:
        from ..dealing import draw_first_dealer

        players = table_names(4)
        draw = draw_first_dealer(players, random.Random(f"draw:{self.app.seed}:{self.count}"), self.profile)
        parts = []
        for i, drawn in enumerate(draw.rounds, 1):
            names = [players[seat] for seat in drawn]
            parts.append(f"<p>{esc(self._('Draw {number}:').format(number=i))}</p>"
                         + trick_html(names, list(drawn.values()), tr=self.tr, trump=None))
        self.out.value = "".join(parts) + self.fine(draw.explanation)


class MisereJudge(TrickJudge):
    """P4: who takes a Misère trick, where nothing is trump?"""

    css = "nap-ex-misere"
    seed_key = "misere"

    def _try_deal(self):  # type: ignore[no-untyped-def]
        from ..trainers import judge_misere_trick

        n = self.rng.randint(3, 5)
        led = Card(self.rng.choice([r for r in Rank if r < Rank.ACE]), self.rng.choice(list(Suit)))
        cards = [led]
        pool = [c for c in FULL_PACK if c is not led]
        for _i in range(n - 1):
            higher = [c for c in pool if c.suit is not led.suit and c.rank > led.rank]
            follow = [c for c in pool if c.suit is led.suit]
            pick = self.rng.choice(follow if follow and self.rng.random() < 0.5 else higher or pool)
            cards.append(pick)
            pool.remove(pick)
        return judge_misere_trick(table_names(n), cards, self.profile, rng=random.Random(self.rng.random()))

    def _info(self, j) -> str:  # type: ignore[no-untyped-def]
        return self._("No trump. {leader} led.").format(leader=j.players[0])

    def refresh(self) -> None:
        self.title(self._("Who takes a Misère trick?"),
                   self._("Nothing is trump in Misère. Look at the suit led, then pick who takes the trick."))
        self.new.description = self._("New trick")
        self.render()


class RenegeCalculator(Trainer):
    """P7: who reneged in whose contract, and what it costs."""

    css = "nap-ex-renege"

    def __init__(self, app: "ExplorerApp") -> None:
        super().__init__(app)
        p = self.profile
        self.sizes = list(range(p.min_players, p.max_players + 1))
        self.size = _dropdown("nap-ex-renege-size", [(str(n), n) for n in self.sizes], 4)
        self.declarer = _dropdown("nap-ex-renege-declarer", [(n, i) for i, n in enumerate(table_names(4))], 0)
        self.offender = _dropdown("nap-ex-renege-offender", [(n, i) for i, n in enumerate(table_names(4))], 2)
        self.contracts = [c.name for c in p.ladder]
        self.contract = _dropdown("nap-ex-renege-contract", [(c, c) for c in self.contracts], self.contracts[0])
        self.labels = [W.HTML() for _ in range(4)]
        self.size.observe(self._on_size, names="value")
        for d in (self.declarer, self.offender, self.contract):
            d.observe(self._on_change, names="value")
        fields = [_labelled(lbl, d) for lbl, d in zip(self.labels, (self.size, self.declarer, self.contract,
                                                                    self.offender))]
        self.widget.children = [self.heading, W.HBox(fields, layout=_auto(flex_flow="row wrap")), self.out]

    def refresh(self) -> None:
        self.title(self._("What does a renege cost?"),
                   self._("Choose the table, the declarer's contract and who reneged: every payment follows."))
        for lbl, text in zip(self.labels, (self._("Players:"), self._("Declarer:"), self._("Contract:"),
                                           self._("Reneged:"))):
            lbl.value = esc(text)
        self.contract.options = [(self.tr.call(c), c) for c in self.contracts]
        self.render()

    @guarded
    def _on_size(self, change: dict[str, Any]) -> None:
        n = change.get("new")
        if not _valid(n, self.sizes):
            return
        for d in (self.declarer, self.offender):
            keep = d.value if isinstance(d.value, int) and d.value < n else 0
            d.options = [(name, i) for i, name in enumerate(table_names(n))]
            d.value = keep
        self.render()

    @guarded
    def _on_change(self, change: dict[str, Any]) -> None:
        self.render()

    def render(self) -> None:
        from ..trainers import renege_settlement

        n, d, o, c = self.size.value, self.declarer.value, self.offender.value, self.contract.value
        if (not _valid(n, self.sizes) or not isinstance(d, int) or not 0 <= d < n or not isinstance(o, int)
                or not 0 <= o < n or c not in self.contracts):
            return
        try:
            report = renege_settlement(table_names(n), d, c, o, self.profile)
        except PositionError:  # e.g. Blücher needs two earlier bids: a table of three cannot reach it
            self.out.value = ""
            return
        _ = self._
        head = f"<tr><th scope='col'>{esc(_('Player'))}</th><th scope='col'>{esc(_('Pays or receives'))}</th></tr>"
        rows = "".join(f"<tr><th scope='row'>{esc(p)}{' ★' if i == d else ''}</th><td>{esc(self.tr.amount(v))}</td></tr>"
                       for i, (p, v) in enumerate(report.amounts.items()))
        self.out.value = (f'<div class="nap-scroll"><table class="nap-table-grid nap-ex-payments">{head}{rows}'
                          f"</table></div>" + "".join(self.fine(e) for e in report.explanations))


TRAINER_FOR_RULE: dict[str, str] = {
    "players": "table", "unused": "table", "rotation": "rotation", "deal": "rotation",
    "auction_order": "auction", "ladder": "auction", "requires": "auction", "pass_final": "auction",
    "passed_out": "auction", "lead": "follow", "follow": "follow", "trick": "judge", "five_tricks": "stop",
    "defenders": "view", "stakes": "settle", "balances": "settle", "session": "session",
    "first_dealer": "draw", "misere": "misere", "renege": "renege",
}
"""Rule topic -> the trainer shown with that rule."""


# ================================================================== sections
class RulesPanel(Part):
    """One rule at a time: explanation, trainer, and a question to check yourself."""

    def __init__(self, app: "ExplorerApp", rule: str | None = None) -> None:
        super().__init__(app)
        self.rules = profile_rules(self.profile)
        self.rule = rule if rule in self.rules else self.rules[0]
        self.picker = W.Dropdown(layout=_auto())
        self.picker.add_class("nap-ex-rule")
        self.prev = _button("nap-ex-rule-prev")
        self.next = _button("nap-ex-rule-next")
        self.prev.on_click(self._on_prev)
        self.next.on_click(self._on_next)
        self.picker.observe(self._on_pick, names="value")
        self.text = W.HTML()
        self.text.add_class("nap-ex-rule-text")
        self.trainers: dict[str, Trainer] = {
            "table": TableTrainer(app), "rotation": RotationTrainer(app), "auction": AuctionTrainer(app),
            "follow": FollowTrainer(app), "judge": TrickJudge(app), "stop": StopTrainer(app),
            "view": ViewTrainer(app), "settle": SettlementCalculator(app), "session": SessionTrainer(app),
        }
        p = self.profile
        if p.first_dealer == "low_card":
            self.trainers["draw"] = DrawTrainer(app)
        if any(not c.trumps for c in p.ladder):
            self.trainers["misere"] = MisereJudge(app)
        if p.reneges:
            self.trainers["renege"] = RenegeCalculator(app)
        self.demo = W.HTML()
        self.demo.add_class("nap-ex-demo")
        self._demos: dict[str, Any] = {}
        self.slot = W.VBox(layout=_auto())
        self.slot.add_class("nap-ex-slot")
        self.check_title = W.HTML()
        self.question = QuestionCard(app, "nap-ex-check", self._on_answer)
        self.check = W.VBox([self.check_title, self.question.widget], layout=_auto())
        self.check.add_class("nap-ex-checkbox")
        nav = W.VBox([self.picker, W.HBox([self.prev, self.next], layout=_auto())], layout=_auto())
        nav.add_class("nap-ex-rule-nav")
        self.widget = W.VBox([nav, self.text, self.demo, self.slot, self.check], layout=_auto())
        self.widget.add_class("nap-ex-rules")
        self._syncing = False

    def topic_of(self, rule: str) -> str | None:
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
        from ..trainers import demonstration

        if rule not in self._demos:
            self._demos[rule] = demonstration(rule, self.profile, self.app.seed)
        demo = self._demos[rule]
        if demo is None:
            self.demo.value = ""
            return
        parts = [f"<h3>{esc(self._('An example, run by the engine'))}</h3>"]
        if demo.trick:
            parts.append(trick_html([p for p, _c in demo.trick], [c for _p, c in demo.trick], tr=self.tr,
                                    trump=demo.trump))
        parts.append("<ol class='nap-ex-demo-steps'>" + "".join(f"<li>{self.explain(e)}</li>" for e in demo.steps)
                     + "</ol>")
        self.demo.value = "".join(parts)

    def refresh(self) -> None:
        self._syncing = True
        try:
            self.picker.options = [(f"{r} · {self.tr.rule_title(r)}", r) for r in self.rules]
            self.picker.value = self.rule
        finally:
            self._syncing = False
        self.prev.description = "← " + self._("Previous rule")
        self.next.description = self._("Next rule") + " →"
        self.check_title.value = f"<h3>{esc(self._('Check yourself'))}</h3>"
        for t in self.trainers.values():
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
        questions = questions_for_rule(rule, self.profile)
        self.question.show(questions[0] if questions else None)
        self.render()

    def render(self) -> None:
        rule = self.rule
        paras = "".join(f"<p>{esc(t)}</p>" for t in rule_text(rule, self.profile, self.tr))
        extra = stakes_table_html(self.profile, self.tr) if rule == self.profile.rule("stakes") else ""
        self.text.value = (f'<h2>{self.badge(rule)}{esc(self.tr.rule_title(rule))}</h2>{paras}{extra}')
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


class QuizPanel(Part):
    """The quiz: the FAQ questions and generated ones, a score, and the seed that reproduces them."""

    def __init__(self, app: "ExplorerApp", seed: int, count: int = DEFAULT_COUNT) -> None:
        super().__init__(app)
        self.count = count
        self.run = QuizRun(seed, count, self.profile)
        self.index = 0
        self.seed = W.BoundedIntText(value=seed, min=0, max=MAX_SEED, layout=W.Layout(width="9em"))
        self.seed.add_class("nap-ex-seed")
        self.seed_label = W.HTML()
        self.new = _button("nap-ex-new-quiz")
        self.new.on_click(self._on_new)
        self.score = W.HTML()
        self.score.add_class("nap-ex-score")
        self.progress = W.HTML()
        self.progress.add_class("nap-ex-progress")
        self.card = QuestionCard(app, "nap-ex-quiz-q", self._on_answer)
        self.prev = _button("nap-ex-quiz-prev")
        self.next = _button("nap-ex-quiz-next")
        self.prev.on_click(self._on_prev)
        self.next.on_click(self._on_next)
        seed_box = W.HBox([_labelled(self.seed_label, self.seed), self.new], layout=_auto(align_items="center"))
        self.widget = W.VBox([seed_box, self.score, self.progress, self.card.widget,
                              W.HBox([self.prev, self.next], layout=_auto())], layout=_auto())
        self.widget.add_class("nap-ex-quiz")
        self.show()

    def show(self) -> None:
        q = self.run.questions[self.index]
        given = self.run.answers.get(self.index)
        self.card.show(q, given, q.is_right(given) if given is not None else None)
        self.refresh()

    def refresh(self) -> None:
        _ = self._
        self.seed_label.value = esc(_("Quiz number (seed):"))
        self.new.description = _("New quiz")
        self.prev.description = _("Previous question")
        self.next.description = _("Next question")
        self.score.value = (f'<p role="status" aria-live="polite"><strong>'
                            f'{esc(_("Score: {score} of {answered}").format(score=self.run.score, answered=self.run.answered))}'
                            f"</strong> · {esc(_('{total} questions').format(total=self.run.total))}</p>")
        self.progress.value = "<p>" + esc(_("Question {number} of {total}").format(
            number=self.index + 1, total=self.run.total)) + "</p>"
        self.prev.disabled = self.index == 0
        self.next.disabled = self.index == self.run.total - 1
        self.card.refresh()
        if self.run.finished:
            self.progress.value += "<p class='nap-ex-done'>" + esc(_(
                "All questions answered. Note the quiz number to try the same questions again, "
                "or start a new quiz.")) + "</p>"

    def _on_answer(self, q: Question, value: str) -> bool:
        right = self.run.answer(self.index, value)
        self.refresh()
        return right

    @guarded
    def _on_new(self, _b: W.Button) -> None:
        seed = self.seed.value
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            return  # the box is bounded; anything else did not come from it
        self.run = QuizRun(seed, self.count, self.profile)
        self.index = 0
        self.status.clear()
        self.show()

    @guarded
    def _on_prev(self, _b: W.Button) -> None:
        if self.index > 0:
            self.index -= 1
            self.show()

    @guarded
    def _on_next(self, _b: W.Button) -> None:
        if self.index < self.run.total - 1:
            self.index += 1
            self.show()


class SyllabusPanel(Part):
    """For teachers: per rule, where it is demonstrated, quizzed and enforced (generated from the code)."""

    def __init__(self, app: "ExplorerApp") -> None:
        super().__init__(app)
        self.entries: list[SyllabusEntry] | None = None
        self.table = W.HTML()
        self.table.add_class("nap-ex-syllabus")
        self.widget = W.VBox([self.table], layout=_auto())
        self.widget.add_class("nap-ex-syllabus-box")

    def load(self) -> None:
        if self.entries is None:
            self.entries = syllabus(self.profile)
        self.refresh()

    def refresh(self) -> None:
        if self.entries is None:
            self.table.value = ""
            return
        _ = self._
        intro = esc(_("Generated from the code: for every rule, the lesson steps that show it, a quiz "
                      "question it answers, and what the engine says to a learner who breaks it."))
        head = (f"<tr><th scope='col'>{esc(_('Rule'))}</th><th scope='col'>{esc(_('Demonstrated'))}</th>"
                f"<th scope='col'>{esc(_('Quizzed'))}</th><th scope='col'>{esc(_('Enforced'))}</th></tr>")
        rows = []
        labels = [esc(_("Demonstrated"), quote=True), esc(_("Quizzed"), quote=True), esc(_("Enforced"), quote=True)]
        for e in self.entries:
            steps = " ".join(f'<a class="nap-ex-step" href="lesson.ipynb?step={i + 1}">{i + 1}</a>'
                             for i in e.demonstrated[:6])
            steps = (esc(_("Lesson steps:")) + " " + steps) if steps else ""
            if e.example is not None:
                href = esc(f"explorer.ipynb{page_query(self.language.code, self.profile.name)}"
                           f"{'&' if page_query(self.language.code, self.profile.name) else '?'}rule={e.rule}",
                           quote=True)
                steps += (f'<a class="nap-ex-example" href="{href}">'
                          f'{esc(_("An example on the rule page"))}</a>')
            steps = steps or "—"
            quiz = esc(self.tr.explain(e.quizzed[0].prompt)) if e.quizzed else "—"
            enforced = "<br>".join(
                f"<span class='nap-ex-kind'>{esc(_('refusal') if x.kind == 'refusal' else _('built in'))}</span> "
                f"{esc(self.tr.explain(x.explanation))}" for x in e.enforced) or "—"
            rows.append(f"<tr><th scope='row'>{self.badge(e.rule)}{esc(self.tr.rule_title(e.rule))}</th>"
                        f"<td data-label='{labels[0]}'>{steps}</td><td data-label='{labels[1]}'>{quiz}</td>"
                        f"<td data-label='{labels[2]}'>{enforced}</td></tr>")
        self.table.value = (f"<p>{intro}</p><div class='nap-scroll'><table class='nap-table-grid nap-ex-syllabus-table'>"
                            f"<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table></div>")


class ComparePanel(Part):
    """What differs between the profiles (``nap-ex-compare-table``, read from the Profile data) and
    "one deal, two tariffs": the same deal settled under both (``nap-ex-tariffs``)."""

    def __init__(self, app: "ExplorerApp") -> None:
        super().__init__(app)
        self.profiles = (BRITISH, PUB)
        self.table = W.HTML()
        self.table.add_class("nap-ex-compare-table")
        self.tariffs_heading = W.HTML()
        names = list(dict.fromkeys(c.name for p in self.profiles for c in sorted(p.ladder, key=lambda c: c.level)))
        self.contracts = sorted(names, key=lambda n: PUB.contract(n).level if PUB.has_contract(n) else 0)
        self.sizes = list(range(3, 8))
        self.size = _dropdown("nap-ex-tariffs-size", [(str(n), n) for n in self.sizes], 4)
        self.contract = _dropdown("nap-ex-tariffs-contract", [(c, c) for c in self.contracts], "Nap")
        self.tricks = _dropdown("nap-ex-tariffs-tricks", [(str(i), i) for i in range(6)], 5)
        self.labels = [W.HTML() for _ in range(3)]
        for d in (self.size, self.contract, self.tricks):
            d.observe(self._on_change, names="value")
        fields = [_labelled(lbl, d) for lbl, d in zip(self.labels, (self.size, self.contract, self.tricks))]
        self.out = W.HTML()
        self.out.add_class("nap-ex-tariffs-out")
        box = W.VBox([self.tariffs_heading, W.HBox(fields, layout=_auto(flex_flow="row wrap")), self.out],
                     layout=_auto())
        box.add_class("nap-ex-tariffs")
        self.widget = W.VBox([self.table, box], layout=_auto())
        self.widget.add_class("nap-ex-compare")

    def _name(self, p: Profile) -> str:
        return self.tr.gettext(PROFILE_NAMES[p.name]) if p.name in PROFILE_NAMES else p.name

    def _value(self, topic: str, value: object) -> str:
        _ = self._
        if value is None:
            return "—"
        if topic == "ladder":
            return " < ".join(self.tr.call(n) for n in value)  # type: ignore[union-attr]
        if topic.startswith("stakes:"):
            made, failed = value  # type: ignore[misc]
            return _("{made} made / {failed} failed").format(made=made, failed=failed)
        if topic.startswith("requires:"):
            return _("after a {call}").format(call=self.tr.call(str(value)))
        if topic == "first_dealer":
            return _("lowest card, aces low") if value == "low_card" else _("by lot")
        if topic == "cut":
            return _("at least {n} cards in each packet").format(n=value) if value and value > 1 else _("any cut")
        if topic == "early_stop":
            return _("may stop once certain, by agreement") if value else _("all five tricks, always")
        if topic == "misdeal":
            return _("recorded: same dealer again") if value else _("not recorded")
        if topic == "renege":
            return _("recorded, with a penalty") if value else _("not recorded")
        if topic == "tie_break":
            return _("3 or more level: one extra hand") if value else _("level players share")
        if topic == "options":
            return ", ".join(self._option_name(o) for o in value) or _("none")  # type: ignore[union-attr]
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
        labels = {"ladder": _("Bids, low to high"), "first_dealer": _("First dealer"), "cut": _("The cut"),
                  "early_stop": _("Stopping early"), "misdeal": _("Misdeals"), "renege": _("Reneges"),
                  "tie_break": _("Level at the end"), "options": _("Table options")}
        return labels.get(topic, topic)

    def refresh(self) -> None:
        from ..trainers import profile_differences

        _ = self._
        a, b = self.profiles
        current = self.profile.name
        heads = "".join(f"<th scope='col' class='{'nap-ex-in-force' if p.name == current else ''}'>"
                        f"{esc(self._name(p))}</th>" for p in self.profiles)
        rows = []
        for d in profile_differences(a, b):
            cells = ""
            for value, rule in zip(d.values, d.rules):
                badge = self.badge(rule) if rule else ""
                cells += f"<td>{badge}{esc(self._value(d.topic, value))}</td>"
            rows.append(f"<tr data-topic='{esc(d.topic, quote=True)}'><th scope='row'>{esc(self._topic(d.topic))}"
                        f"</th>{cells}</tr>")
        intro = esc(_("Only what differs is listed; everything else (the pack, the deal, the auction, following "
                      "suit, who wins a trick) is the same under both. The table is read from the rules' data."))
        self.table.value = (f"<h2>{esc(_('The two sets of rules side by side'))}</h2><p>{intro}</p>"
                            f"<div class='nap-scroll'><table class='nap-table-grid nap-ex-diff'><thead><tr>"
                            f"<th scope='col'>{esc(_('What'))}</th>{heads}</tr></thead><tbody>{''.join(rows)}"
                            f"</tbody></table></div>")
        hint = _("The same deal settled under both sets of rules: choose the table, the contract and the "
                 "declarer's tricks.")
        self.tariffs_heading.value = f"<h2>{esc(_('One deal, two tariffs'))}</h2><p>{esc(hint)}</p>"
        for lbl, text in zip(self.labels, (_("Players:"), _("Contract:"), _("Declarer's tricks:"))):
            lbl.value = esc(text)
        keep = self.contract.value
        self.contract.options = [(self.tr.call(c), c) for c in self.contracts]
        self.contract.value = keep if keep in self.contracts else "Nap"
        self.render()

    @guarded
    def _on_change(self, change: dict[str, Any]) -> None:
        self.render()

    def render(self) -> None:
        from ..trainers import two_tariffs

        n, c, t = self.size.value, self.contract.value, self.tricks.value
        if not _valid(n, self.sizes) or c not in self.contracts or not _valid(t, list(range(6))):
            return
        players = table_names(n)
        try:
            result = two_tariffs(players, 0, c, t, *self.profiles)
        except PositionError:
            self.out.value = self.refused(Explanation(PUB.rule("requires"), "call.requires",
                                                      {"player": players[0], "call": c,
                                                       "needed": PUB.contract(c).requires or c}))
            return
        _ = self._
        heads = "".join(f"<th scope='col'>{esc(self._name(p))}</th>" for p in self.profiles)
        rows = []
        for i, name in enumerate(players):
            cells = "".join(f"<td>{esc(self.tr.amount(r.amounts[name])) if r is not None else '—'}</td>"
                            for r in result.reports)
            rows.append(f"<tr><th scope='row'>{esc(name)}{' ★' if i == 0 else ''}</th>{cells}</tr>")
        notes = []
        for p, r in zip(self.profiles, result.reports):
            if r is None:
                notes.append(f"<p><strong>{esc(self._name(p))}:</strong> "
                             f"{esc(_('{call} is not a bid under these rules.').format(call=self.tr.call(c)))}</p>")
            else:
                notes.append(f"<p><strong>{esc(self._name(p))}:</strong> {self.explain(r.explanations[0])}</p>")
        verdict = _("Both sets of rules settle this deal the same way.") if result.same else \
            _("The two sets of rules settle this deal differently.")
        self.out.value = (f"<div class='nap-scroll'><table class='nap-table-grid nap-ex-payments'><thead><tr>"
                          f"<th scope='col'>{esc(_('Player'))}</th>{heads}</tr></thead><tbody>{''.join(rows)}"
                          f"</tbody></table></div><p class='nap-ex-tariffs-verdict'><strong>{esc(verdict)}</strong></p>"
                          + "".join(notes))


# ======================================================================== app
class ExplorerApp(App):
    """Rules and quizzes: every rule with a trainer, the quiz with a score, the teachers' syllabus."""

    css_class = "nap-explorer"
    styles = ("explorer",)

    def __init__(self, lang: str = "en", profile: Profile = BRITISH, seed: int | None = None,
                 rule: str | None = None, section: str = "rules") -> None:
        super().__init__(lang)
        self._busy = False
        self.profile = profile
        self.seed = seed if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED \
            else random.randrange(1, 10_000)
        self.title = W.HTML()
        self.title.add_class("nap-ex-title")
        self.nav = W.ToggleButtons(options=[(s, s) for s in SECTIONS], value="rules",
                                   style={"button_width": "auto"}, layout=_auto())
        self.nav.add_class("nap-ex-nav")
        self.nav.observe(self._on_nav, names="value")
        self.profile_pick = W.ToggleButtons(options=[(name, name) for name in PROFILES], value=profile.name
                                            if profile.name in PROFILES else BRITISH.name,
                                            style={"button_width": "auto"}, layout=_auto())
        self.profile_pick.add_class("nap-ex-profile")
        self.profile_pick.observe(self._on_profile, names="value")
        self.profile_label = W.HTML()
        self._header = W.HBox([self.title, self.switch.widget], layout=_auto())
        self._header.add_class("nap-ex-header")
        self._profile_box = W.HBox([self.profile_label, self.profile_pick], layout=_auto(align_items="center"))
        self._profile_box.add_class("nap-ex-profile-box")
        self.section = "rules"
        self._nav_sync = False
        self._build(rule)
        self.go(section if section in SECTIONS else "rules")

    def _build(self, rule: str | None = None) -> None:
        """The panels for the rules in force (built again when the rules change)."""
        self.rules = RulesPanel(self, rule)
        self.quiz = QuizPanel(self, self.seed)
        self.compare = ComparePanel(self)
        self.syllabus = SyllabusPanel(self)
        self.widget.children = [page_style(*self.styles), self._header, self._profile_box, self.nav,
                                self.status.widget, self.rules.widget, self.quiz.widget, self.compare.widget,
                                self.syllabus.widget]
        self.refresh()
        self.rules.show_rule(self.rules.rule)

    def set_profile(self, profile: Profile) -> None:
        """Switch the rules in force: every panel follows (the quiz starts again under the new rules)."""
        if profile == self.profile:
            return
        self.profile = profile
        if self.profile_pick.value != profile.name:
            self._profile_sync = True
            try:
                self.profile_pick.value = profile.name
            finally:
                self._profile_sync = False
        rule = self.rules.rule if self.rules.rule.startswith("B") else None
        self._build(rule if rule in profile_rules(profile) else None)
        self.go(self.section)

    @guarded
    def _on_profile(self, change: dict[str, Any]) -> None:
        if getattr(self, "_profile_sync", False):
            return
        name = change.get("new")
        if name in PROFILES:
            self.status.clear()
            self.set_profile(PROFILES[name])

    @classmethod
    def from_environment(cls, environ: dict[str, str] | None = None) -> "ExplorerApp":
        """The page for the Voila request: ``?lang=``, ``?profile=pub``, ``?seed=`` (quiz), ``?rule=B11``,
        ``?section=quiz`` (or ``compare``); unknown values fall back to the defaults."""
        params = page_params(environ)
        lang = normalize_lang(params.get("lang", "en"))
        raw = params.get("seed", "").strip()
        seed = int(raw) if raw.isdigit() and len(raw) <= 9 else None
        rule = params.get("rule", "").strip().upper() or None
        section = params.get("section", "rules").strip().lower()
        profile = PROFILES.get(params.get("profile", "").strip().lower(), BRITISH)
        return cls(lang, profile, seed, rule, section if section in SECTIONS else "rules")

    def go(self, section: str) -> None:
        """Show one section (``rules``, ``quiz`` or ``syllabus``)."""
        if section not in SECTIONS:
            return
        self.section = section
        if section == "syllabus":
            self.syllabus.load()
        _show(self.rules.widget, section == "rules")
        _show(self.quiz.widget, section == "quiz")
        _show(self.compare.widget, section == "compare")
        _show(self.syllabus.widget, section == "syllabus")
        if self.nav.value != section:
            self._nav_sync = True
            try:
                self.nav.value = section
            finally:
                self._nav_sync = False

    @guarded
    def _on_nav(self, change: dict[str, Any]) -> None:
        if self._nav_sync:
            return
        section = change.get("new")
        if section in SECTIONS:
            self.status.clear()
            self.go(section)

    def refresh(self) -> None:
        _ = self._
        name = self.tr.gettext(PROFILE_NAMES[self.profile.name]) if self.profile.name in PROFILE_NAMES \
            else self.profile.name
        profile = esc(_("Rules in force: {profile}.").format(profile=name))
        back = esc(_("Back to the start page"))
        href = esc("index.ipynb" + page_query(self.language.code, self.profile.name), quote=True)
        self.title.value = (f"<h1>{esc(_('Rules and quizzes'))}</h1>"
                            f'<p class="nap-ex-sub"><span class="nap-ex-profile-name" '
                            f'data-profile="{esc(self.profile.name, quote=True)}">{profile}</span> '
                            f'<a class="nap-ex-home" href="{href}">{back}</a></p>')
        self.profile_label.value = esc(_("Rules:"))
        self._profile_sync = True
        try:
            self.profile_pick.options = [(self.tr.gettext(PROFILE_NAMES.get(n, n)), n) for n in PROFILES]
            self.profile_pick.value = self.profile.name if self.profile.name in PROFILES else BRITISH.name
        finally:
            self._profile_sync = False
        labels = {"rules": _("Rules"), "quiz": _("Quiz"), "compare": _("Compare"), "syllabus": _("For teachers")}
        current = self.nav.value
        self._nav_sync = True
        try:
            self.nav.options = [(labels[s], s) for s in SECTIONS]
            self.nav.value = current if current in SECTIONS else "rules"
        finally:
            self._nav_sync = False
        self.status.clear()
        self.rules.refresh()
        self.quiz.refresh()
        self.compare.refresh()
        self.syllabus.refresh()

    @property
    def text(self) -> str:
        """Everything the learner can read in the visible section (for tests)."""
        def walk(w: W.Widget) -> list[str]:
            if getattr(w.layout, "display", None) == "none":
                return []
            out = [w.value] if isinstance(w, W.HTML) and not w.value.startswith("<style>") else []
            if isinstance(w, W.Button):
                out.append(w.description)
            for child in getattr(w, "children", ()):
                out.extend(walk(child))
            return out
        return "\n".join(walk(self.widget))
