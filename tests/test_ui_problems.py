"""The problems page (issue 14 part 4): a problem solved by clicking, graded card by card."""
from __future__ import annotations

from nap_teach.teach.problems import load_problems, winning_line
from nap_teach.engine.profiles import PUB
from nap_teach.ui.problems import ProblemsApp


def _click(app: ProblemsApp, card) -> None:
    button = next(b for b in app.buttons if b.nap_card == card)
    assert not button.disabled
    button.click()


def test_b14_a_problem_solved_by_clicking_the_winning_line():
    app = ProblemsApp()
    problem = app.run.problem
    for seat, card in winning_line(problem):
        if seat == problem.learner:
            _click(app, card)
    assert app.run.over and app.run.succeeded()
    assert app.grades.value.count("nap-problems-keeps") == len(app.run.grades) and "✗" not in app.grades.value
    assert "Well played" in app.result.value and "The winning line" in app.line.value
    assert app.line.value.count("<li>") == 5
    app.again.click()
    assert not app.run.grades and app.result.value == "" and app.line.value == ""


def test_p4_a_pub_misere_problem_a_wrong_card_is_graded_and_the_line_shown_in_spanish():
    problems = load_problems(PUB)
    index = next(i for i, p in enumerate(problems) if p.record["auction"][0] == "Misere")
    app = ProblemsApp.from_environment({"QUERY_STRING": f"lang=es&profile=pub&problem={index + 1}"})
    assert app.language.code == "es" and app.choice.value == index and "Misère" in app.brief.value
    from nap_teach.ai.solver import card_outcomes

    bad = next(c for c, ok in card_outcomes(app.run.state).items() if not ok)
    _click(app, bad)
    assert "nap-problems-loses" in app.grades.value and "✗" in app.grades.value
    while not app.run.over:
        next(b for b in app.buttons if not b.disabled).click()
    assert "Esta vez no" in app.result.value and "La línea ganadora" in app.line.value
    app.switch.widget.value = "en"
    assert "The winning line" in app.line.value


def test_choosing_another_problem_starts_it_and_a_forged_choice_changes_nothing():
    app = ProblemsApp()
    app.choice.value = 3
    assert app.run.problem is app.problems[3] and not app.run.grades
    state = list(app.run.state.actions)
    app._on_choice({"new": 99})
    assert app.run.problem is app.problems[3] and list(app.run.state.actions) == state


def test_b14_a_defence_problem_is_labelled_briefed_and_solved_by_clicking_in_spanish():
    app = ProblemsApp.from_environment({"QUERY_STRING": "lang=es"})
    index = next(i for i, p in enumerate(app.problems) if p.defending)
    problem = app.problems[index]
    label = dict((v, k) for k, v in app.choice.options)[index]
    app.switch.widget.value = "en"
    assert dict((v, k) for k, v in app.choice.options)[index].startswith(f"Problem {index + 1}: defend against")
    app.switch.widget.value = "es"
    assert label.startswith(f"Problema {index + 1}: defensa contra")
    app.choice.value = index
    assert app.run.problem is problem and "defensor" in app.brief.value
    for seat, card in winning_line(problem):
        if seat == problem.learner:
            _click(app, card)
    assert app.run.over and app.run.succeeded() and "Bien jugado" in app.result.value
    assert app.grades.value.count("nap-problems-keeps") == len(app.run.grades)


def test_i26_a_wrong_card_outlined_with_the_better_card_explained_and_the_idea_after_the_line():
    """Issue 26 parts 2 and 6: after a wrong card the table outlines it ("your card") and the better card in the hand,
    the legend draws the same mark, the grade says the trick that then decides the goal, and the winning line ends
    with the problem's idea in one sentence (Spanish too)."""
    from nap_teach.ai.solver import card_outcomes

    for lang, yours, better_word in (("en", "your card", "a better card"), ("es", "tu carta", "una carta mejor")):
        app = ProblemsApp(lang)
        bad = next(c for c, ok in card_outcomes(app.run.state).items() if not ok)
        _click(app, bad)
        grade = app.run.grades[-1]
        named = app.board.view.state["named"]
        assert named[bad.code] == yours and named[grade.better.code] == better_word
        assert f"{app.tr.card_words(grade.better)}: {better_word}" in app.board.text
        assert yours in app.legend.value and better_word in app.legend.value and "nt-legend-named" in app.legend.value
        assert "nap-problems-why" in app.grades.value and app.tr.explain(grade.why) in app.grades.value.replace(
            "&#x27;", "'")
        while not app.run.over:
            next(b for b in app.buttons if not b.disabled).click()
        idea = app.tr.explain(app.run.problem.idea.explanation(app.run.state))
        assert "nap-problems-idea" in app.line.value and idea.split(":")[0] in app.line.value
        assert app.line.value.index("</ol>") < app.line.value.index("nap-problems-idea")
