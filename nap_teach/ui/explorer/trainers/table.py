"""Trainers of the table: how many play (B1, B4), who deals, cuts and speaks (B2, B3), who sees what (B14),
and the draw for the first dealer (P1)."""
from __future__ import annotations

import random
from typing import Any

import ipywidgets as W

from ....engine.dealing import draw_first_dealer
from ....engine.explain import Explanation
from ....words.html import Markup, escape, html, join
from ....engine.messages import N_
from ....words.render import card_back_svg, hand_html, pile_svg, trick_html
from ....engine.rules import Topic
from ....engine.session import Session
from ....engine.state import DealState
from ....teach.trainers import calls_for, example_deal, rotation, table_names
from ...base import guarded
from ...widgets import auto_layout as _auto, HBox
from ..component import valid_choice
from .base import Action, Choice, Trainer, numbers

COUNTS = list(range(2, 10))


class TableTrainer(Trainer):
    """B1, B4: how many may play, and how many cards stay unused."""

    css = "nap-ex-table"
    heading_text = N_("How many can play?")
    hint_text = N_("Choose a number of players: the engine sets up the table.")
    choices = (Choice("count", "nap-ex-table-count", N_("Players:"), lambda t: numbers(COUNTS), lambda t: 4),)
    count: W.Dropdown

    def render(self) -> None:
        n = self.count.value
        if not valid_choice(n, COUNTS):
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
        text = self.tr.ngettext("{n} player may play. Each gets five cards, {held} in all; {unused} stay face down, "
                                "unused, for the whole deal.",
                                "{n} players may play. Each gets five cards, {held} in all; {unused} stay face down, "
                                "unused, for the whole deal.", n).format(n=n, held=sum(len(h) for h in deal.hands), unused=unused)
        self.out.value = (html('<div class="nap-msg nap-msg-info">{}{}{}</div><div class="nap-ex-pile">{}</div>',
                               self.badge(self.profile.rule(Topic.PLAYERS)),
                               self.badge(self.profile.rule(Topic.UNUSED)), text,
                               pile_svg(unused, label=label)))


class RotationTrainer(Trainer):
    """B2, B3 (and B5): who deals, cuts and speaks first, deal after deal."""

    css = "nap-ex-rotation"
    heading_text = N_("Who deals, who cuts, who speaks first?")
    hint_text = N_("Choose the table and the first dealer, then move from deal to deal.")
    choices = (
        Choice("size", "nap-ex-rotation-size", N_("Players:"),
               lambda t: numbers(range(t.profile.min_players, t.profile.max_players + 1)), lambda t: 4, "_on_size"),
        Choice("first", "nap-ex-rotation-first", N_("First dealer:"),
               lambda t: [(p, i) for i, p in enumerate(table_names(4))], lambda t: 3, "_on_first"),
    )
    actions = (Action("next", "nap-ex-rotation-next", N_("Next deal"), "_on_next"),
               Action("back", "nap-ex-rotation-back", N_("Previous deal"), "_on_back"))
    size: W.Dropdown
    first: W.Dropdown
    next: W.Button
    back: W.Button

    def build(self) -> None:
        self.sizes = list(range(self.profile.min_players, self.profile.max_players + 1))
        self.number = 1

    def layout(self) -> list[W.Widget]:
        return [self.heading, *self.fields(), HBox([self.back, self.next], layout=_auto()), self.out]

    @guarded
    def _on_size(self, change: dict[str, Any]) -> None:
        n = change.get("new")
        if not valid_choice(n, self.sizes):
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
        if not valid_choice(n, self.sizes) or not isinstance(first, int) or not 0 <= first < n:
            return
        turns = rotation(table_names(n), first, self.number + n, self.profile)
        turn = turns[self.number - 1]
        _ = self._
        head = (html("<tr><th scope='col'>{}</th><th scope='col'>{}</th><th scope='col'>"
                     "{}</th><th scope='col'>{}</th></tr>", _('Deal'), _('Deals'), _('Cuts'), _('Speaks first')))
        rows = []
        for t in turns[max(0, self.number - 2): self.number + 2]:
            cls = Markup(' class="nap-ex-current"') if t.number == self.number else ""
            rows.append(html('<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>',
                             cls, t.number, t.dealer, t.cutter, t.eldest))
        order = escape(_("Calling order: {order}.").format(order=", ".join(turn.order)))
        self.back.disabled = self.number == 1
        self.out.value = (html('{}<p>{}</p><div class="nap-scroll"><table class="nap-table-grid">'
                               '{}{}</table></div>', self.fine(turn.explanation), order, head, join(rows)))


class ViewTrainer(Trainer):
    """B14: each player's screen shows their own cards only."""

    css = "nap-ex-view"
    heading_text = N_("What does each player see?")
    hint_text = N_("Choose whose screen to look at.")
    choices = (Choice("seat", "nap-ex-view-seat", N_("Screen of:"),
                      lambda t: [(p, i) for i, p in enumerate(table_names(4))], lambda t: 1),)
    seat: W.Dropdown

    def build(self) -> None:
        self.players = table_names(4)
        deal = example_deal(self.players, 0, f"view:{self.app.seed}", self.profile)
        self.state = DealState.from_deal(deal, self.profile)
        contract = next(c for c in self.profile.ladder if c.trumps and c.requires is None)
        for call in calls_for(self.profile, contract, len(self.players)):
            self.state.apply(call)

    def render(self) -> None:
        seat = self.seat.value
        if not valid_choice(seat, list(range(len(self.players)))):
            return
        view = self.state.view(seat)
        declarer = self.players[self.state.declarer or 0]
        rows = []
        for s, name in enumerate(self.players):
            role = self._("declarer") if name == declarer else self._("defender")
            if s == seat:
                cards = hand_html(view.hand, tr=self.tr, width=44, label=name)
            else:
                backs = join((card_back_svg(width=34, label=self._("face-down card")) for _ in self.state.held[s]))
                cards = html('<div class="nap-hand">{}</div>', backs)
            rows.append(html('<div class="nap-ex-seat"><strong>{}</strong> ({}){}</div>', name, role, cards))
        others = sum(len(h) for s, h in enumerate(self.state.hands) if s != seat)
        rule = self.profile.rule(Topic.DEFENDERS)
        expl = Explanation(rule, "enforce.hidden", {"player": self.players[seat], "hidden": others})
        self.out.value = join(rows) + self.fine(expl)


class DrawTrainer(Trainer):
    """P1: each player draws a card; the lowest deals (aces low), ties draw again."""

    css = "nap-ex-draw"
    heading_text = N_("Who deals first?")
    hint_text = N_("Each player is dealt one card; press the button for a new draw.")
    actions = (Action("draw", "nap-ex-draw-again", N_("Draw again"), "_on_draw"),)

    def build(self) -> None:
        self.count = 0

    @guarded
    def _on_draw(self, _b: W.Button) -> None:
        self.count += 1
        self.render()

    def render(self) -> None:
        players = table_names(4)
        draw = draw_first_dealer(players, random.Random(f"draw:{self.app.seed}:{self.count}"), self.profile)
        parts = []
        for i, drawn in enumerate(draw.rounds, 1):
            names = [players[seat] for seat in drawn]
            parts.append(html('<p>{}</p>{}',
                              self._('Draw {number}:').format(number=i),
                              trick_html(names, list(drawn.values()), tr=self.tr, trump=None)))
        self.out.value = join(parts) + self.fine(draw.explanation)
