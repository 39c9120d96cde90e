"""Trainers of the play: which cards may go (B10, B11), who wins a trick (B12) or a Misère trick (P4),
and whether the table may stop early (B13)."""
from __future__ import annotations

import random

import ipywidgets as W

from ....engine.cards import FULL_PACK, Card, Rank, Suit
from ....words.html import escape, html, join
from ....engine.messages import N_
from ....words.render import card_text, trick_html
from ....teach.trainers import (
    FollowReport, MisereJudgement, PositionError, TrickJudgement, follow_options, judge_misere_trick, judge_trick, random_trick, stop_check, table_names,
)
from ...base import guarded
from ...widgets import auto_layout as _auto, Button, HBox, HTML
from ..component import valid_choice
from .base import Action, Choice, Trainer, numbers


class FollowTrainer(Trainer):
    """B10, B11: given the card led and a hand, which cards may be played."""

    css = "nap-ex-follow"
    heading_text = N_("Which cards may you play?")
    hint_text = N_("You play next. Click or tap one of your cards to ask the engine whether it may be played.")
    actions = (Action("new", "nap-ex-follow-new", N_("New position"), "_on_new"),)

    def build(self) -> None:
        self.rng = random.Random(f"follow:{self.app.seed}")
        self.table = HTML()
        self.table.add_class("nap-ex-follow-table")
        self.cards = HBox(layout=_auto())
        self.cards.add_class("nap-ex-follow-cards")
        self.report: FollowReport | None = None
        self.picked: Card | None = None
        self.deal_new()

    def layout(self) -> list[W.Widget]:
        return [self.heading, self.table, self.cards, self.out, *self.buttons()]

    def deal_new(self) -> None:
        for _ in range(50):
            trump = self.rng.choice(list(Suit))
            first = self.rng.random() < 0.3
            led_suit = trump if first else self.rng.choice(list(Suit))
            led = Card(self.rng.choice(list(Rank)), led_suit)
            pool = [c for c in FULL_PACK if c is not led]
            size = self.profile.hand_size if first else self.profile.hand_size - 1  # a card already played after trick 1
            hand = tuple(sorted(self.rng.sample(pool, size), key=lambda c: (c.suit, -c.rank)))
            try:
                self.report = follow_options(hand, led, trump, table_names(3), self.profile,
                                             rng=random.Random(self.rng.random()))
                break
            except PositionError:
                continue
        self.picked = None
        buttons: list[W.Button] = []
        assert self.report is not None
        for option in self.report.options:
            # the cards of the hand are the buttons themselves (drawn as cards by explorer.css), so
            # "click a card" means what it says; the tooltip names the card in words
            b = Button(description=card_text(option.card), layout=_auto())
            b.add_class("nap-ex-follow-card")
            b.add_class("nap-card-button")
            b.add_class(f"nap-card-button-{option.card.suit.letter}")
            b.add_class(f"nap-ex-card-{option.card.code}")
            b._nap_card = option.card
            b.on_click(self._on_card)
            buttons.append(b)
        self.cards.children = buttons

    def render(self) -> None:
        r = self.report
        if r is None:
            return
        names = [p for p, _c in r.trick]
        cards = [c for _p, c in r.trick]
        player = r.state.players[r.seat]
        trump = self.tr.suit(r.trump) if r.trump is not None else self._("none")
        info = escape(self._("Trump: {trump}. You are {player}; this is trick {number}.").format(
            trump=trump, player=player, number=len(r.state.tricks) + 1))
        self.table.value = (html('<p>{}</p>{}<p>{}</p>',
                                 info, trick_html(names, cards, tr=self.tr, trump=r.trump), self._('Your hand:')))
        for b in self.cards.children:
            b.tooltip = self.tr.card_words(b._nap_card)
        if self.picked is None:
            self.out.value = ""
            return
        option = next(o for o in r.options if o.card is self.picked)
        box = self.fine if option.legal else self.refused
        verdict = self._("Allowed.") if option.legal else self._("Not allowed.")
        legal = " ".join(card_text(c) for c in r.legal)
        self.out.value = (html('<p><strong>{}: {}</strong></p>{}<p>{}</p>',
                               card_text(option.card), verdict, join((box(e) for e in option.explanations)),
                               self._('Cards you may play here: {cards}').format(cards=legal)))

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
    heading_text = N_("Who wins the trick?")
    hint_text = N_("Look at trump and the cards, then pick the winner.")
    actions = (Action("new", "nap-ex-judge-new", N_("New trick"), "_on_new"),)

    def build(self) -> None:
        self.rng = random.Random(f"{self.seed_key}:{self.app.seed}")
        self.table = HTML()
        self.picks = HBox(layout=_auto(flex_flow="row wrap"))
        self.picks.add_class(f"{self.css}-picks")
        self.judgement: TrickJudgement | MisereJudgement | None = None
        self.guess: str | None = None
        self.deal_new()

    def layout(self) -> list[W.Widget]:
        return [self.heading, self.table, self.picks, self.out, *self.buttons()]

    def _try_deal(self):
        """One random trick and the engine's judgement of it (PositionError when unusable)."""
        n = self.rng.randint(3, 5)
        trump = self.rng.choice(list(Suit))
        led_suit = trump if self.rng.random() < 0.25 else self.rng.choice([s for s in Suit if s is not trump])
        cards = random_trick(self.rng, Card(self.rng.choice(list(Rank)), led_suit), n, follow=0.5)
        return judge_trick(table_names(n), trump, cards, self.profile, rng=random.Random(self.rng.random()))

    def _info(self, j) -> str:
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
        buttons: list[W.Button] = []
        assert self.judgement is not None
        for name in self.judgement.players:
            b = Button(description=name, layout=_auto())
            b.add_class(f"{self.css}-pick")
            b._nap_player = name
            b.on_click(self._on_pick)
            buttons.append(b)
        self.picks.children = buttons

    def render(self) -> None:
        j = self.judgement
        if j is None:
            return
        info = escape(self._info(j))
        winning = j.winner if self.guess is not None else None
        self.table.value = html('<p>{}</p>{}', info, trick_html(j.players, j.cards, tr=self.tr, trump=getattr(j, "trump", None),
                                                          winning=winning))
        for b in self.picks.children:
            b.disabled = self.guess is not None
        if self.guess is None:
            self.out.value = ""
            return
        right = self.guess == j.winner_name
        verdict = self._("Right!") if right else self._("Not quite.")
        self.out.value = (html('<p class="{}"><strong>{}</strong></p>{}',
                               "nap-ex-right" if right else "nap-ex-wrong", verdict, self.fine(j.explanation)))

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


class MisereJudge(TrickJudge):
    """P4: who takes a Misère trick, where nothing is trump?"""

    css = "nap-ex-misere"
    seed_key = "misere"
    heading_text = N_("Who takes a Misère trick?")
    hint_text = N_("Nothing is trump in Misère. Look at the suit led, then pick who takes the trick.")
    actions = (Action("new", "nap-ex-misere-new", N_("New trick"), "_on_new"),)

    def _try_deal(self):
        n = self.rng.randint(3, 5)
        led = Card(self.rng.choice([r for r in Rank if r < Rank.ACE]), self.rng.choice(list(Suit)))
        cards = random_trick(self.rng, led, n, follow=0.5, higher_offsuit=True)
        return judge_misere_trick(table_names(n), cards, self.profile, rng=random.Random(self.rng.random()))

    def _info(self, j) -> str:
        return self._("No trump. {leader} led.").format(leader=j.players[0])


class StopTrainer(Trainer):
    """B13: may the table stop before the fifth trick?"""

    css = "nap-ex-stop"
    heading_text = N_("May the table stop early?")
    hint_text = N_("Choose the contract and how the tricks went so far.")
    choices = (
        Choice("contract", "nap-ex-stop-contract", N_("Contract:"),
               lambda t: [(t.tr.call(c.name), c.name) for c in t.profile.ladder if c.trumps],
               lambda t: next(c.name for c in t.profile.ladder if c.trumps)),
        Choice("played", "nap-ex-stop-played", N_("Tricks played:"), lambda t: numbers(t.tricks_before_last()),
               lambda t: 3),
        Choice("won", "nap-ex-stop-won", N_("Won by the declarer:"), lambda t: numbers(range(0, 4)), lambda t: 3),
    )
    contract: W.Dropdown
    played: W.Dropdown
    won: W.Dropdown

    def build(self) -> None:
        self.contracts = [c.name for c in self.profile.ladder if c.trumps]

    def tricks_before_last(self) -> range:
        """How many tricks may have been played when the table asks to stop: one up to all but the last."""
        return range(1, self.profile.hand_size)

    @guarded
    def _on_change(self, change: dict[str, object]) -> None:
        played = self.played.value
        if valid_choice(played, list(self.tricks_before_last())):
            options = numbers(range(0, played + 1))
            if list(self.won.options) != options:
                keep = self.won.value if isinstance(self.won.value, int) and self.won.value <= played else played
                self.won.options = options
                self.won.value = keep
        self.render()

    def render(self) -> None:
        c, played, won = self.contract.value, self.played.value, self.won.value
        if c not in self.contracts or not valid_choice(played, list(self.tricks_before_last())) \
                or not valid_choice(won, list(range(0, played + 1))):
            return
        report = stop_check(c, won, played, profile=self.profile)
        verdict = self._("Yes, the table may stop.") if report.allowed else self._("No, play on.")
        box = self.fine if report.allowed else self.refused
        self.out.value = html('<p><strong>{}</strong></p>{}', verdict, box(report.explanation))
