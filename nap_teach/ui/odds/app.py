"""The odds lab page (see the package docs)."""
from __future__ import annotations

import io
import random
from typing import Any, Sequence

import ipywidgets as W

from ...engine.cards import Card, CardParseError, format_cards, sort_hand
from ...engine.dealing import MAX_SEED
from ..picker import CardPicker
from ..widgets import Button, Checkbox, Dropdown, HBox, HTML, show, Text, VBox
from ...words.html import Markup, html, join
from ...words.cardtext import read_cards, reading_note
from ...words.i18n import Translator
from ...ai.odds import (DEFAULT_LAYOUTS, AsDealt, CallOdds, DealtTable, as_dealt, best_call, call_odds,
                     check_dealt_hand, check_hand, check_position, deal_table, position_refusals)
from ...engine.profiles import BRITISH, Profile
from ..base import App, guarded, page_style
from ..params import PageParams
from ..opening import built_unseen

LAYOUT_CHOICES = (200, 1000, 2000)


def odds_chart_svg(odds: Sequence[CallOdds], tr: Translator, allowed: frozenset[str] | None = None) -> Markup:
    """The chance of each call as bars with their 95 in 100 intervals, the simple bot's estimate as a mark.

    A matplotlib ``Figure`` (never pyplot), drawn to SVG. A call not in ``allowed`` (not allowed at the
    chosen position, B7, P3) is drawn in grey. matplotlib is imported here and nowhere else: only this page
    draws with it, and it is not part of the base install (it comes with the ``serve`` extra; in the static
    site, from Pyodide's own build). Without it this raises ``ImportError`` and the page shows its table with
    a note instead (:meth:`OddsApp.render`).
    """
    from matplotlib import rc_context  # matplotlib is large: loaded at the first chart, not with the page
    from matplotlib.figure import Figure  # (with rc_context: at the first chart)

    names = [tr.call(o.contract.name) for o in odds]
    ys = list(range(len(odds)))
    with rc_context({"svg.fonttype": "none", "font.size": 10, "svg.hashsalt": "nap-teach"}):
        fig = Figure(figsize=(6.0, 0.5 + 0.45 * len(odds)), dpi=96)
        ax = fig.add_subplot()
        chances = [100 * o.chance for o in odds]
        low = [100 * (o.chance - o.low) for o in odds]
        high = [100 * (o.high - o.chance) for o in odds]
        ok = [allowed is None or o.contract.name in allowed for o in odds]
        for keep, colour, label in ((True, "#4a7bd0", tr.gettext("solved layouts (with the interval)")),
                                    (False, "#b8b8b8", tr.gettext("not allowed here"))):
            idx = [i for i, yes in enumerate(ok) if yes == keep]
            if idx:  # a call not allowed at the chosen position is drawn in grey, with its own legend entry
                ax.barh([ys[i] for i in idx], [chances[i] for i in idx],
                        xerr=[[low[i] for i in idx], [high[i] for i in idx]], color=colour, ecolor="#222",
                        capsize=3, label=label)
        ax.plot([100 * o.simple for o in odds], ys, "D", color="#c0142b", markersize=6,
                label=tr.gettext("the simple bot's estimate"))
        ax.set_yticks(ys, names)
        ax.invert_yaxis()
        ax.set_xlim(0, 100)
        ax.set_xlabel(tr.gettext("chance of making the call (per cent)"))
        ax.grid(True, axis="x", alpha=0.3)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25), ncols=2, frameon=False, fontsize=9)
        buf = io.StringIO()
        fig.savefig(buf, format="svg", bbox_inches="tight")
    svg = buf.getvalue()
    start = svg.find("<svg")
    label = tr.gettext("Chance of making each call")
    out = Markup(svg[start:] if start >= 0 else svg)  # matplotlib's own SVG: trusted
    return Markup(out.replace("<svg ", html('<svg role="img" aria-label="{}" ', label), 1))


class OddsApp(App):
    """The odds lab page."""

    css_class = "nap-odds"
    page = "odds.ipynb"
    styles = ("odds",)

    def __init__(self, lang: str = "en", profile: Profile | None = None, seed: int | None = None) -> None:
        super().__init__(lang)
        self.profile = profile or BRITISH
        self._rng = random.Random(seed)
        self._busy = False
        self.odds: list[CallOdds] | None = None
        self.hand: tuple[Card, ...] | None = None
        self.ran_players = 0
        self.dealt: DealtTable | None = None
        """The whole deal behind a hand from "Deal me five" (None once the table size changes)."""
        self.as_dealt: AsDealt | None = None
        """The last run's hand solved in its deal as dealt (only when the run kept to that deal)."""
        self.title = HTML()
        self.intro = HTML()
        self.hand_box = Text(value="", continuous_update=False)
        self.hand_box.add_class("nap-odds-hand")
        self.deal = Button()
        self.deal.add_class("nap-odds-deal")
        self.deal.on_click(self._on_deal)
        p = self.profile
        self.players = Dropdown(options=list(range(p.min_players, p.max_players + 1)),
                                value=min(max(4, p.min_players), p.max_players))
        self.players.add_class("nap-odds-players")
        self.players.observe(self._on_table_size, names="value")
        self.seat = Dropdown(options=[])
        self.seat.add_class("nap-odds-seat")
        self.seat.observe(self._on_seat, names="value")
        self.keep = Checkbox(value=False, indent=False, layout=W.Layout(display="none"))
        self.keep.add_class("nap-odds-keep")
        self.position = Dropdown(options=[("", "")], value="")
        self.position.add_class("nap-odds-position")
        self.position.observe(self._on_position, names="value")
        self.layouts = Dropdown(options=list(LAYOUT_CHOICES), value=DEFAULT_LAYOUTS)
        self.layouts.add_class("nap-odds-layouts")
        self.run = Button(button_style="primary")
        self.run.add_class("nap-odds-run")
        self.run.on_click(self._on_run)
        self.progress = W.IntProgress(value=0, min=0, max=DEFAULT_LAYOUTS)
        self.progress.add_class("nap-odds-progress")
        self.progress_label = HTML()
        self.progress_label.add_class("nap-odds-progress-label")
        self.chart = HTML()
        self.chart.add_class("nap-odds-chart")
        self.table = HTML()
        self.table.add_class("nap-odds-table")
        # the 52-card picker (issue 26 part 7): a hand chosen by tapping cards, as in the deal editor; the box
        # above it shows the same hand as codes and can still be typed in. One widget for the 52 cards
        # (issue 28 part 3): 52 buttons in 4 boxes were half the page's models
        self.picker = CardPicker(self, self._on_pick, css="nap-odds-pick", picked_css="nap-odds-picked",
                                 box_css="nap-odds-picker",
                                 picked_words=lambda card: self.tr.gettext(
                                     "{card}: in your hand (tap to take it back)").format(card=card))
        self.hand_box.observe(self._on_hand_typed, names="value")
        header = HBox([self.title, self.switch.widget])
        form = VBox([HBox([self.hand_box, self.deal, self.keep]), self.picker.widget,
                       HBox([self.players, self.seat, self.layouts]), HBox([self.position]),
                       HBox([self.run, self.progress, self.progress_label])])
        form.add_class("nap-odds-form")
        self.widget.children = (page_style(*self.styles), self.page_nav.widget, header, self.intro, form, self.status.widget,
                                self.chart, self.table)
        self.refresh()

    @classmethod
    @built_unseen  # built before any browser connects: no comm_open that nobody would read
    def from_environment(cls, environ: dict[str, str] | None = None) -> "OddsApp":
        """``?lang=``, ``?profile=``, ``?seed=`` (the dealt hands) and ``?hand=AS,KH,...`` (bad values ignored)."""
        params = PageParams.from_environment(environ)
        app = cls(params.lang, params.profile, params.integer("seed", 0, MAX_SEED))
        hand = params.get("hand")
        if hand:  # an address carries English codes ("AS,KH"): shown as symbols, which read the same in Spanish
            text = hand.replace(",", " ")[:60]
            try:
                text = " ".join(r.card.symbol for r in read_cards(text, "en"))
            except CardParseError:
                pass  # kept as typed: Work out the odds says what is wrong with it
            app.hand_box.value = text
        after = params.get("after")  # ?after=Nap: the highest bid so far (an unknown call is ignored)
        if after:
            found = app.profile.find_contract(after[:20])
            if found is not None and found.name in {v for _label, v in app.position.options}:
                app.position.value = found.name
        return app

    # ----------------------------------------------------------- actions
    @guarded
    def _on_position(self, _change: Any = None) -> None:
        """Another place in the auction: the same chances, ranked again among the calls allowed there."""
        self.render()

    @property
    def after(self) -> str | None:
        """The highest bid so far at the chosen position (None: opening the auction), checked
        against the ladder (the dropdown's value arrives over the network)."""
        return check_position(self.profile, self.position.value or None)

    @guarded
    def _on_deal(self, _button: Any = None) -> None:
        """Deal a whole table of the chosen size; the seat's five go in the box, the rest stays face down."""
        players = int(self.players.value)
        self.dealt = deal_table(players, self._rng, self.profile)
        self.keep.value = True
        show(self.keep, True)
        self._show_seat_hand()
        unused = len(self.dealt.unused)
        self.status.show(self.tr.ngettext(
            "Dealt a whole table of {players}: your five are in the box, the other hands and the {unused} "
            "unused card stay face down. A run also solves this deal as it was dealt.",
            "Dealt a whole table of {players}: your five are in the box, the other hands and the {unused} "
            "unused cards stay face down. A run also solves this deal as it was dealt.", unused).format(
                players=players, unused=unused), "info")

    def _show_seat_hand(self) -> None:
        if self.dealt is not None and self.keep.value:
            hand = self.dealt.hands[int(self.seat.value or 0) % self.dealt.players]
            self.hand_box.value = format_cards(sort_hand(hand))  # symbols: the same in every language

    def _on_seat(self, _change: Any = None) -> None:
        """With a dealt deal kept, the box shows the chosen seat's hand of that deal."""
        self._show_seat_hand()

    def _on_table_size(self, _change: Any = None) -> None:
        """A new table size puts the dealt deal away (its hands were for another table)."""
        if self.dealt is not None and self.dealt.players != int(self.players.value):
            self.dealt = None
            self.keep.value = False
            show(self.keep, False)
            self.status.show(self.tr.gettext(
                "The dealt deal was for another number of players, so it is put away; "
                "your five cards stay in the box."), "info")
        self._on_players()

    def _on_players(self, _change: Any = None) -> None:
        n = int(self.players.value)
        keep = self.seat.value if isinstance(self.seat.value, int) and self.seat.value < n else 0
        self.seat.options = [(self.tr.gettext("seat {number} (from the dealer's left)").format(number=i + 1), i)
                             for i in range(n)]
        self.seat.value = keep

    @guarded
    def _on_run(self, _button: Any = None) -> None:
        # a bad hand: refused with its reason, nothing changed
        seat = int(self.seat.value or 0)
        kept = self.dealt if self.dealt is not None and self.keep.value else None
        typed = str(self.hand_box.value)[:200]
        lang = self.language.code
        hand = (check_dealt_hand(typed, kept, seat, lang, self.profile) if kept is not None
                else check_hand(typed, lang, self.profile))
        note = reading_note(read_cards(typed, lang), self.tr)  # which code was read (the same reader)
        total = int(self.layouts.value)
        players = int(self.players.value)
        self.progress.max = total
        self.progress.value = 0
        self.progress_label.value = ""

        def moved(done: int, count: int) -> None:
            self.progress.value = done
            self.progress_label.value = html("<span>{}</span>", self.tr.ngettext("{done} of {count} layout", "{done} of {count} layouts", count).format(
                done=done, count=count))

        self.odds = call_odds(hand, players, self.profile, total, seed=format_cards(hand, symbols=False),
                              seat=seat, progress=moved)
        self.as_dealt = as_dealt(kept, seat, self.profile) if kept is not None else None
        self.hand, self.ran_players = hand, players
        solved = self.tr.ngettext("Solved {count} layout of the other hands.",
                                  "Solved {count} layouts of the other hands.", total).format(count=total)
        self.status.show(f"{note} {solved}" if note else solved, "info")
        self.render()

    # ------------------------------------------------------------ picker
    def _typed_cards(self) -> list[Card]:
        """The cards the hand box holds now (a token that is no card is left out)."""
        text = str(self.hand_box.value)[:120]
        try:  # the page's own card reader: codes, symbols, and Spanish names and letters
            found = [r.card for r in read_cards(text, self.tr.lang)]
        except CardParseError:  # a piece that is no card: the others still count
            found = []
            for token in text.replace(",", " ").split()[:13]:
                try:
                    found += [r.card for r in read_cards(token, self.tr.lang)]
                except CardParseError:
                    continue
        cards: list[Card] = []
        for card in found:
            if card not in cards:
                cards.append(card)
        return cards

    def _on_pick(self, card: Card) -> None:
        """A card tapped in the picker (one of the 52, checked by :meth:`CardPicker.receive`, which also
        guards this call): in the hand it is taken back, else added unless five are chosen already."""
        cards = self._typed_cards()
        if card in cards:
            cards.remove(card)
        elif len(cards) >= 5:
            self.status.show(self.tr.gettext("Five cards are chosen already: tap one of them to take it back "
                                              "first."), "refused")
            return
        else:
            cards.append(card)
        self.status.clear()
        self.hand_box.value = format_cards(sort_hand(cards))  # as symbols: they read the same in every language

    def _on_hand_typed(self, _change: object = None) -> None:
        self.picker.show_picked(self._typed_cards())

    # ---------------------------------------------------------- drawing
    def render(self) -> None:
        odds, tr = self.odds, self.tr
        if odds is None or self.hand is None:
            self.chart.value = self.table.value = ""
            return
        after = self.after
        refusals = position_refusals(self.profile, after)
        allowed = frozenset(name for name, why in refusals.items() if why is None)
        try:
            chart = odds_chart_svg(odds, tr, allowed)
        except ImportError:  # no matplotlib here (the base install, or the static site offline): the table stays
            chart = html('<p class="nap-odds-no-chart" role="status">{}</p>', tr.gettext(
                "The chart could not be loaded on this page, so it is left out; the table below "
                "has the same chances."))
        self.chart.value = html('<figure><figcaption>{}</figcaption>{}</figure>',
                                tr.ngettext("{hand} at {players} player", "{hand} at {players} players",
                                            self.ran_players).format(
                                    hand=format_cards(self.hand), players=self.ran_players),
                                chart)
        real = self.as_dealt
        head = html("<tr><th scope='col'>{}</th><th scope='col'>{}</th><th scope='col'>{}</th>"
                    "<th scope='col'>{}</th><th scope='col'>{}</th>{}</tr>",
                    tr.gettext("Bid"), tr.gettext("Made in (layouts)"), tr.gettext("Chance, 95 in 100 interval"),
                    tr.gettext("Expected score"), tr.gettext("The simple bot's estimate"),
                    html("<th scope='col'>{}</th>", tr.gettext("In the deal as dealt")) if real else "")

        def as_dealt_cell(name: str) -> Markup:
            if real is None:
                return Markup("")
            made = real.made[name]
            return html("<td class='nap-odds-dealt' data-made='{}'>{}</td>", "yes" if made else "no",
                        "\u2713 " + tr.gettext("made") if made else "\u2717 " + tr.gettext("not made"))

        def call_cell(o: CallOdds) -> Markup:
            why = refusals.get(o.contract.name)
            if why is None:
                return html("{}", tr.call(o.contract.name))
            return html("{} <small class='nap-odds-not-allowed'>({})</small>", tr.call(o.contract.name),
                        tr.gettext("not allowed here"))

        # every number a token of its own that never breaks across lines (nap-odds-num, odds.css)
        rows = join(html("<tr data-contract='{}' data-allowed='{}'><th scope='row'>{}</th>"
                         "<td class='nap-odds-num'>{}</td><td class='nap-odds-num'>{}</td><td class='nap-odds-num'>{}</td>"
                         "<td class='nap-odds-num'>{}</td>{}</tr>", o.contract.name,
                         "no" if refusals.get(o.contract.name) else "yes", call_cell(o),
                         f"{o.made} / {o.layouts}",
                         f"{tr.number(100 * o.chance)} ({tr.number(100 * o.low)}–{tr.number(100 * o.high)})",
                         tr.number(o.expected, 2, signed=True), tr.number(100 * o.simple, 0),
                         as_dealt_cell(o.contract.name))
                    for o in odds)
        best = best_call(odds, self.profile, after)
        where = (tr.gettext("Opening the auction") if after is None
                 else tr.gettext("After a bid of {call}").format(call=tr.call(after)))
        if not allowed:
            advice = tr.gettext("{where}, no bid is allowed: pass.").format(where=where)
        elif best is not None:
            advice = tr.gettext("{where}, the best call by expected score is {call}.").format(
                where=where, call=tr.call(best.contract.name))
        else:
            advice = tr.gettext("{where}, no call allowed has a positive expected score: pass.").format(where=where)
        not_allowed = join(html("<li>{}</li>", tr.explain(why)) for why in refusals.values() if why is not None)
        advice_html = html('<p class="nap-odds-advice">{}</p>{}', advice,
                           html('<ul class="nap-odds-refusals">{}</ul>', not_allowed) if not_allowed else "")
        dealt_line = (html('<p class="nap-odds-dealt-line">{}</p>', tr.ngettext(
            "In the deal as dealt, with open hands and best play, this hand takes {count} trick leading first.",
            "In the deal as dealt, with open hands and best play, this hand takes {count} tricks leading first.",
            real.tricks).format(count=real.tricks)) if real else "")
        # a table wider than a phone scrolls in its box, which the keyboard reaches too
        self.table.value = html('<div class="nap-scroll" tabindex="0" role="region" aria-label="{}"><table '
                                'class="nap-table-grid"><thead>{}</thead><tbody>{}</tbody></table></div>{}{}',
                                tr.gettext("The chance of each call"), head, rows, advice_html, dealt_line)

    def refresh(self) -> None:
        tr = self.tr
        self.title.value = html("<h1>{}</h1>", tr.gettext("Odds lab"))
        self.intro.value = html(
            "<p>{}</p><p>{}</p>",
            tr.gettext("Type five cards (like AS KH 10D 2C 7H) or deal a whole table at random, choose the "
                       "table, and run: the other hands are dealt at random many times and each layout is solved "
                       "with open hands and best play, from your own first lead."),
            tr.gettext("Rules: {profile}. In Nap the declarer always leads first, so your seat does not "
                       "change the chances.").format(profile=tr.profile_name(self.profile.name, in_text=True)))
        self.hand_box.placeholder = tr.gettext("AS KH 10D 2C 7H")  # codes of the page's language
        self.hand_box.description = tr.gettext("Your hand")
        self.deal.description = tr.gettext("Deal me five")
        self.players.description = tr.gettext("Players")
        self.layouts.description = tr.gettext("Layouts")
        self.run.description = tr.gettext("Work out the odds")
        self.seat.description = tr.gettext("Seat")
        self.keep.description = tr.gettext("Keep to the dealt deal")
        self.position.description = tr.gettext("Your turn")
        keep = self.position.value if isinstance(self.position.value, str) else ""
        top = self.profile.ladder[-1].name  # after the top call no bid is left: not a position to study
        self.position.options = ([(tr.gettext("opening the auction, no bid yet"), "")]
                                 + [(tr.gettext("after a bid of {call}").format(call=tr.call(k.name)), k.name)
                                    for k in self.profile.ladder if k.name != top])
        self.position.value = keep if keep in {v for _l, v in self.position.options} else ""
        self.picker.refresh(tr.gettext("The pack: tap a card to put it in your hand or take it back"))
        self.picker.show_picked(self._typed_cards())
        self._on_players()
        self.render()
