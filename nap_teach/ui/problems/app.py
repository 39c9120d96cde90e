"""The problems page (see the package docs)."""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ...engine.cards import Card, sort_hand
from ...words.html import html, join
from ...teach.problems import Problem, ProblemRun, load_problems, winning_line
from ...engine.profiles import BRITISH, Profile
from ...engine.cards import CardParseError
from ...engine.explain import Explanation, IllegalAction, IllegalCard
from ...words.render import suit_text
from ..base import App, guarded, page_style
from ..params import PageParams
from ..table import CardTable, legend_html
from ...words.render import mark_word
from ..opening import built_unseen
from ..widgets import Button, Dropdown, HBox, HTML


class ProblemsApp(App):
    """Pick a problem, play the learner's cards, see each graded and the winning line at the end."""

    css_class = "nap-problems"
    page = "problems.ipynb"
    styles = ()

    def __init__(self, lang: str = "en", profile: Profile | None = None, number: int = 1) -> None:
        super().__init__(lang)
        self.profile = profile or BRITISH
        self.problems: list[Problem] = load_problems(self.profile)
        self._busy = False
        self.title = HTML()
        self.choice = Dropdown(options=[], layout=W.Layout(width="auto", max_width="100%"))  # the whole title
        self.choice.add_class("nap-problems-choice")
        self.brief = HTML()
        self.brief.add_class("nap-problems-brief")
        self.hands = HTML()
        self.hands.add_class("nap-problems-hands")
        self.trick = HTML()
        self.trick.add_class("nap-problems-trick")
        self.cards_box = HBox()
        self.cards_box.add_class("nap-problems-cards")
        self.buttons: list[W.Button] = []
        self.grades = HTML()
        self.grades.add_class("nap-problems-grades")
        self.result = HTML()
        self.result.add_class("nap-problems-result")
        self.line = HTML()
        self.line.add_class("nap-problems-line")
        self.again = Button()
        self.again.add_class("nap-problems-again")
        self.again.on_click(self._on_again)
        # the card table (issue 26 part 6): trump shown, the learner's hand to tap; a trick the solver won stays
        # on the table until the learner moves on ("Continue"), so the cards that beat them are seen
        self.board = CardTable(self, on_card=self._on_table_card)
        self.board.view.add_class("nap-problems-table")
        self.seen = 0
        """Completed tricks the learner has moved on from (a later one is held on the table)."""
        self.legend = HTML()
        self.legend.add_class("nap-problems-legend")
        self.go_on = W.Button(icon="arrow-right", button_style="primary")
        self.go_on.add_class("nap-problems-continue")
        self.go_on.on_click(self._on_continue)
        header = HBox([self.title, self.switch.widget])
        self.widget.children = (page_style(*self.styles), self.page_nav.widget, header, self.choice, self.brief,
                                self.board.widget, self.legend, self.status.widget, self.go_on, self.grades,
                                self.hands, self.trick,
                                self.cards_box, self.result, self.line, self.again)
        index = number - 1 if 1 <= number <= len(self.problems) else 0
        self.run = ProblemRun(self.problems[index])
        self._set_choices(index)
        self.choice.observe(self._on_choice, names="value")
        self.refresh()

    @classmethod
    @built_unseen  # built before any browser connects: no comm_open that nobody would read
    def from_environment(cls, environ: dict[str, str] | None = None) -> "ProblemsApp":
        params = PageParams.from_environment(environ)
        number = params.integer("problem", 1, 99, digits=2)
        return cls(params.lang, params.profile, number or 1)

    # ----------------------------------------------------------- actions
    def _set_choices(self, index: int) -> None:
        """The list of problems in the page's language (the attempt in progress is kept)."""
        tr = self.tr
        self._relabelling = True
        try:
            self._relabel(index, tr)
        finally:
            self._relabelling = False

    def _relabel(self, index: int, tr: Any) -> None:
        self.choice.options = [
            ((tr.ngettext("Problem {number}: defend against {contract}, {players} player",
                          "Problem {number}: defend against {contract}, {players} players", p.players) if p.defending
              else tr.ngettext("Problem {number}: {contract}, {players} player",
                               "Problem {number}: {contract}, {players} players", p.players)).format(
                number=i + 1, contract=tr.call(p.record["auction"][0]), players=p.players), i)
            for i, p in enumerate(self.problems)]
        self.choice.value = index

    @guarded
    def _on_choice(self, change: dict[str, Any]) -> None:
        new = change.get("new")
        if getattr(self, "_relabelling", False) or new == self.problems.index(self.run.problem):
            return
        if not isinstance(new, int) or not 0 <= new < len(self.problems):
            return
        self.run = ProblemRun(self.problems[new])
        self.seen = 0
        self.status.clear()
        self.render()

    @guarded
    def _on_again(self, _button: Any = None) -> None:
        self.run = ProblemRun(self.run.problem)
        self.seen = 0
        self.status.clear()
        self.render()

    @guarded
    def _on_card(self, button: W.Button) -> None:
        card: Card = button.nap_card
        self._play(card)

    def _on_table_card(self, card: object, _token: int | None) -> None:
        """A card tapped on the table (checked by the table's receive, then by the rules in :meth:`_play`)."""
        if not isinstance(card, str):
            raise IllegalAction(Explanation("play", "action.unknown", {"action": repr(card)[:40]}))
        try:
            parsed = Card.parse(card)
        except CardParseError:
            raise IllegalAction(Explanation("play", "action.unknown", {"action": card[:40]})) from None
        self._play(parsed)

    def _play(self, card: Card) -> None:
        if self.run.over or self.run.state.to_act != self.run.learner:
            raise IllegalAction(Explanation("play", "play.no_deal", {}))
        if card not in self.run.state.held[self.run.learner]:
            raise IllegalCard(Explanation("B11", "you.card.not_held", {"card": card}))
        self.seen = len(self.run.state.tricks)  # every trick finished before this card was on the table
        self.run.play(card)  # an illegal card: refused with its rule, nothing changes
        self.status.clear()
        self.render()

    @guarded
    def _on_continue(self, _button: Any = None) -> None:
        self.seen = len(self.run.state.tricks)
        self.render()

    def _held_trick(self) -> int | None:
        """The number of a completed trick to keep on the table: one the learner has not moved on from while
        the solver has already led to the next (None when the table can show the deal as it is)."""
        state = self.run.state
        if len(state.tricks) > self.seen and state.trick_cards and not self.run.over:
            return self.seen + 1
        return None

    # ---------------------------------------------------------- drawing
    def render(self) -> None:
        tr, run = self.tr, self.run
        state = run.state
        names = state.players
        me = run.learner
        assert state.contract is not None and state.declarer is not None
        contract = tr.call(state.contract.name)
        if state.declarer == me:
            goal = tr.gettext("You are {you}, the declarer in {contract}. The solver plays the other hands with "
                              "best play: they see every card. Make {contract}.").format(you=names[me],
                                                                                        contract=contract)
        else:
            goal = tr.gettext("You are {you}, a defender against {declarer}'s {contract}. The solver plays the other "
                              "hands with best play. Beat {contract}.").format(
                you=names[me], declarer=names[state.declarer], contract=contract)
        self.brief.value = html("<p>{}</p>", goal)
        rows = join(html("<tr{}><th scope='row'>{}</th><td>{}</td><td>{}</td></tr>",
                         html(" class='nap-problems-you'") if s == me else "", names[s],
                         " ".join(tr.card(c) for c in sort_hand(state.held[s])) or "–",
                         state.tricks_won[s])
                    for s in range(state.n))
        self.hands.value = html("<table class='nap-table-grid'><thead><tr><th scope='col'>{}</th>"
                                "<th scope='col'>{}</th><th scope='col'>{}</th></tr></thead><tbody>{}</tbody></table>",
                                tr.gettext("Player"), tr.gettext("Cards left"), tr.gettext("Tricks"), rows)
        trick = state.current_trick
        shown = trick if trick is not None and trick.cards else (state.tricks[-1] if state.tricks else None)
        if shown is None:
            self.trick.value = html("<p>{}</p>", tr.gettext("No card played yet."))
        else:
            self.trick.value = html("<p>{} {}</p>", tr.gettext("Trick {number}:").format(number=shown.number),
                                    ", ".join(f"{names[s]} {tr.card(c)}" for s, c in zip(shown.seats, shown.cards)))
        legal = set(run.legal)
        buttons = []
        for c in sort_hand(state.held[me]):
            b = Button(description=tr.card(c), disabled=c not in legal)  # the page's shared layout and style
            b.add_class("nap-problems-card")
            if c in legal:
                b.add_class("nap-problems-legal")
            b.nap_card = c
            b.on_click(self._on_card)
            buttons.append(b)
        self.buttons = buttons
        self.cards_box.children = buttons
        self._render_board()
        # each card graded; a card that lost the goal says why: the trick that decides it in the line after it
        self.grades.value = join(html("<p class='{}'>{} {}{}</p>",
                                      "nap-problems-keeps" if g.keeps else
                                      ("nap-problems-loses" if g.was else "nap-problems-lost"),
                                      "✓" if g.keeps else ("✗" if g.was else "–"), tr.explain(g.explanation(state, me)),
                                      html(" <span class='nap-problems-why'>{}</span>", tr.explain(g.why))
                                      if g.why is not None else "")
                                 for g in run.grades)
        self.again.description = tr.gettext("Try again")
        if not run.over:
            self.result.value = self.line.value = ""
            return
        won = run.result()
        key = (tr.gettext("Well played: you reached your goal against best play.") if run.succeeded()
               else tr.gettext("Not this time: best play by the solver kept you from your goal."))
        self.result.value = html("<p>{} {}</p>", key, tr.ngettext(
            "{declarer} took {count} trick.", "{declarer} took {count} tricks.", won).format(
                declarer=names[state.declarer], count=won))
        line = winning_line(run.problem)
        per_trick = [line[i:i + state.n] for i in range(0, len(line), state.n)]
        items = join(html("<li>{}</li>", ", ".join(f"{names[s]} {tr.card(c)}" for s, c in t)) for t in per_trick)
        idea = run.problem.idea  # the line's idea in one sentence, about this deal's cards (the file's data)
        self.line.value = html("<h3>{}</h3><p>{}</p><ol>{}</ol>{}", tr.gettext("The winning line"),
                               tr.gettext("Best play by everyone from the first lead, trick by trick:"), items,
                               html("<p class='nap-problems-idea'>{}</p>", tr.explain(idea.explanation(state)))
                               if idea is not None else "")

    def _render_board(self) -> None:
        tr, run = self.tr, self.run
        state = run.state
        held = self._held_trick()
        shown = state
        if held is not None:  # the deal just after the held trick: its four cards on the table, its winner marked
            shown = run.problem.start()
            base = len(shown.actions)
            for action in state.actions[base:base + held * state.n]:  # the cards up to the held trick's last one
                shown.push(action)
        facts = []
        if shown.trump is not None:
            facts.append(tr.gettext("Trump: {suit}").format(suit=f"{suit_text(shown.trump)} {tr.suit(shown.trump)}"))
        else:
            facts.append(tr.gettext("Trump: not set yet (the first card played sets it)"))
        if held is not None:
            trick = state.tricks[held - 1]
            facts.append(tr.gettext("Trick {number} won by {player} with {card}").format(
                number=trick.number, player=state.players[trick.winning], card=tr.card(trick.cards[
                    trick.seats.index(trick.winning)])))
        # the cards the last grade names, outlined where they are: the learner's card on the table and, when it lost
        # the goal, the better card still in the hand
        named: dict[Card, str] = {}
        last = run.grades[-1] if run.grades else None
        on_trick = shown.current_trick or (shown.tricks[-1] if shown.tricks else None)  # the trick the table shows
        on_table = list(on_trick.cards) if on_trick is not None else []
        if last is not None and last.card in on_table:
            named[last.card] = tr.gettext("your card")
        if last is not None and last.better is not None and last.better in state.held[run.learner]:
            named[last.better] = tr.gettext("a better card")
        active = held is None and not run.over and state.to_act == run.learner
        self.board.view.pace = "instant"
        self.board.show_view(shown.view(run.learner), key=f"problem:{id(run)}:{held}", active=active,
                             centre_title=tr.gettext("Trick {number} on the table").format(
                                 number=min(5, len(shown.tricks) + (1 if shown.trick_cards else 0)) or 1),
                             facts=facts, hint=tr.gettext("Tap a raised card (▲) to play it.") if active else "",
                             hint_keys=tr.gettext("Or use the arrow keys and Enter.") if active else "",
                             named=named)
        self.legend.value = legend_html(tr, [
            ("win", mark_word("winning", tr), tr.gettext("the card winning the trick so far.")),
            ("named", tr.gettext("your card"), tr.gettext("the card your last grade is about.")),
            ("named", tr.gettext("a better card"), tr.gettext("a card that would have kept your goal."))])
        self.go_on.description = tr.gettext("Continue")
        self.go_on.tooltip = tr.gettext("Take the trick off the table and go on")
        self.go_on.layout.display = None if held is not None else "none"

    def refresh(self) -> None:
        self.title.value = html("<h1>{}</h1>", self._("Problems: play against best play"))
        self.board.refresh()
        index = self.choice.value if isinstance(self.choice.value, int) else 0
        self._set_choices(index)
        self.choice.description = self._("Problem")
        self.render()
