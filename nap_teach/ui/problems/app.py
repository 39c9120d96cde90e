"""The problems page (see the package docs)."""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ...engine.cards import Card, sort_hand
from ...words.html import html, join
from ...teach.problems import Problem, ProblemRun, load_problems, winning_line
from ...engine.profiles import BRITISH, Profile
from ..base import App, guarded, page_style
from ..params import PageParams


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
        self.title = W.HTML()
        self.choice = W.Dropdown(options=[], layout=W.Layout(width="auto", max_width="100%"))  # the whole title
        self.choice.add_class("nap-problems-choice")
        self.brief = W.HTML()
        self.brief.add_class("nap-problems-brief")
        self.hands = W.HTML()
        self.hands.add_class("nap-problems-hands")
        self.trick = W.HTML()
        self.trick.add_class("nap-problems-trick")
        self.cards_box = W.HBox()
        self.cards_box.add_class("nap-problems-cards")
        self.buttons: list[W.Button] = []
        self.grades = W.HTML()
        self.grades.add_class("nap-problems-grades")
        self.result = W.HTML()
        self.result.add_class("nap-problems-result")
        self.line = W.HTML()
        self.line.add_class("nap-problems-line")
        self.again = W.Button()
        self.again.add_class("nap-problems-again")
        self.again.on_click(self._on_again)
        header = W.HBox([self.title, self.switch.widget])
        self.widget.children = (page_style(*self.styles), self.page_nav.widget, header, self.choice, self.brief, self.hands, self.trick,
                                self.cards_box, self.status.widget, self.grades, self.result, self.line, self.again)
        index = number - 1 if 1 <= number <= len(self.problems) else 0
        self.run = ProblemRun(self.problems[index])
        self._set_choices(index)
        self.choice.observe(self._on_choice, names="value")
        self.refresh()

    @classmethod
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
        self.status.clear()
        self.render()

    @guarded
    def _on_again(self, _button: Any = None) -> None:
        self.run = ProblemRun(self.run.problem)
        self.status.clear()
        self.render()

    @guarded
    def _on_card(self, button: W.Button) -> None:
        card: Card = button.nap_card
        self.run.play(card)  # an illegal card: refused with its rule, nothing changes
        self.status.clear()
        self.render()

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
            b = W.Button(description=tr.card(c), disabled=c not in legal)
            b.add_class("nap-problems-card")
            if c in legal:
                b.add_class("nap-problems-legal")
            b.nap_card = c
            b.on_click(self._on_card)
            buttons.append(b)
        self.buttons = buttons
        self.cards_box.children = buttons
        self.grades.value = join(html("<p class='{}'>{} {}</p>",
                                      "nap-problems-keeps" if g.keeps else
                                      ("nap-problems-loses" if g.was else "nap-problems-lost"),
                                      "✓" if g.keeps else ("✗" if g.was else "–"), tr.explain(g.explanation(state, me)))
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
        self.line.value = html("<h3>{}</h3><p>{}</p><ol>{}</ol>", tr.gettext("The winning line"),
                               tr.gettext("Best play by everyone from the first lead, trick by trick:"), items)

    def refresh(self) -> None:
        self.title.value = html("<h1>{}</h1>", self._("Problems: play against best play"))
        index = self.choice.value if isinstance(self.choice.value, int) else 0
        self._set_choices(index)
        self.choice.description = self._("Problem")
        self.render()
