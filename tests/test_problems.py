"""Graded problems (issue 14 part 4): the data files agree with the solver, a run is graded card by card."""
from __future__ import annotations

import json

import pytest

from nap_teach.engine.explain import RuleError
from nap_teach.teach.problems import ProblemRun, check_problem, load_problems, winning_line
from nap_teach.engine.profiles import BRITISH, PUB

ALL = [(p.profile.name, p) for prof in (BRITISH, PUB) for p in load_problems(prof)]


def test_b14_p4_at_least_eight_problems_per_profile_and_misere_in_pub():
    assert len(load_problems(BRITISH)) >= 8 and len(load_problems(PUB)) >= 8
    assert any(p.record["auction"][0] == "Misere" for p in load_problems(PUB))
    assert {p.players for p in load_problems(BRITISH)} >= {3, 4, 5}


@pytest.mark.parametrize("profile, problem", ALL, ids=[f"{n}-{p.name}" for n, p in ALL])
def test_b14_the_stated_result_is_the_solvers_and_the_goal_can_be_reached(profile, problem):
    state = problem.start()
    assert state.phase == "play" and state.profile.name == profile
    assert check_problem(problem) == problem.result
    contract = state.contract
    made = contract.min_tricks <= problem.result <= contract.max_tricks
    assert made == (state.declarer == problem.learner)  # the learner's side can reach its goal
    # the winning line (best play by all) ends with the stated result
    line = winning_line(problem)
    for _, card in line:
        state.push(card)
    assert state.tricks_won[state.declarer] == problem.result


def test_b14_the_winning_line_played_by_the_learner_is_graded_as_keeping_the_contract():
    problem = load_problems(BRITISH)[0]
    run = ProblemRun(problem)
    for seat, card in winning_line(problem):
        if seat == problem.learner:
            grade = run.play(card)
            assert grade.keeps and grade.was and grade.better is None
    assert run.over and run.succeeded() and all(g.keeps for g in run.grades)
    text = run.grades[0].explanation(run.state, run.learner).text("en")
    assert text.startswith("Trick 1: ") and "keeps" in text


def test_b14_a_losing_first_lead_is_graded_with_a_better_card_and_an_illegal_card_refused():
    for problem in load_problems(PUB):
        run = ProblemRun(problem)
        from nap_teach.ai.solver import card_outcomes

        outcomes = card_outcomes(run.state)
        bad = next(c for c, v in outcomes.items() if not v)
        grade = run.play(bad)
        assert not grade.keeps and grade.was and outcomes[grade.better]
        words = grade.explanation(run.state, run.learner)
        assert words.key == "problem.card_loses" and grade.better.symbol in words.text("en")
        while not run.over:
            held = [c for c in run.state.held[run.learner]]
            illegal = [c for c in held if c not in run.legal]
            if illegal:
                before = (len(run.grades), list(run.state.actions))
                with pytest.raises(RuleError):
                    run.play(illegal[0])
                assert (len(run.grades), list(run.state.actions)) == before
            run.play(run.legal[0])
        assert not run.succeeded()  # the solver's defence punishes the lost line
        break


@pytest.mark.parametrize("profile", [BRITISH, PUB], ids=["british", "pub"])
def test_b14_defender_problems_grade_the_defence_card_by_card(profile):
    from nap_teach.ai.solver import card_outcomes

    defending = [p for p in load_problems(profile) if p.defending]
    assert len(defending) >= 1
    for problem in defending:
        # the winning line: every one of the learner's cards keeps the contract beaten
        run = ProblemRun(problem)
        assert run.state.declarer != run.learner and run.state.to_act == run.learner
        for seat, card in winning_line(problem):
            if seat == problem.learner:
                grade = run.play(card)
                assert grade.keeps and grade.was and grade.better is None
                assert grade.explanation(run.state, run.learner).key == "problem.card_keeps_beaten"
        assert run.over and run.succeeded()
        # the problem is one: at the learner's first turn some card lets the contract through
        run = ProblemRun(problem)
        outcomes = card_outcomes(run.state)
        assert any(outcomes.values()) and not all(outcomes.values())
        bad = next(c for c, made in outcomes.items() if made)
        grade = run.play(bad)
        assert not grade.keeps and grade.was and outcomes[grade.better] is False
        words = grade.explanation(run.state, run.learner)
        assert words.key == "problem.card_lets_through" and grade.better.symbol in words.text("en")
        assert words.text("es") != words.text("en")


def test_a_file_that_is_not_a_problem_is_left_out_of_the_list(tmp_path, monkeypatch, caplog):
    import shutil

    import nap_teach.teach.problems as problems

    folder = tmp_path / "british"
    folder.mkdir()
    good = load_problems(BRITISH)[0]
    shutil.copy(problems.PROBLEMS_DIR / "british" / f"{good.name}.json", folder / "01-good.json")
    (folder / "02-not-json.json").write_text("{ nope", encoding="utf-8")
    (folder / "03-a-list.json").write_text("[1, 2]", encoding="utf-8")
    bad_card = json.loads((folder / "01-good.json").read_text())
    bad_card["hands"]["A"][0] = "ZZ"
    (folder / "04-bad-card.json").write_text(json.dumps(bad_card), encoding="utf-8")
    monkeypatch.setattr(problems, "PROBLEMS_DIR", tmp_path)
    with caplog.at_level("WARNING", logger="nap_teach.teach.problems"):
        found = load_problems(BRITISH)
    assert [p.name for p in found] == ["01-good"]
    assert sum("left out" in r.getMessage() for r in caplog.records) == 3


# ------------------------------------------------------------------ issue 26 part 6: why a card loses, the line's idea
from nap_teach.engine.explain import RecordError  # noqa: E402
from nap_teach.teach.problems import IDEAS, Idea, idea_from_record, idea_holds, problem_from_record  # noqa: E402
from nap_teach.words.i18n import translator  # noqa: E402


@pytest.mark.parametrize("profile, problem", ALL, ids=[f"{n}-{p.name}" for n, p in ALL])
def test_i26_p6_every_problem_states_an_idea_true_of_its_winning_line_in_both_languages(profile, problem):
    assert problem.idea is not None and problem.idea.key in IDEAS
    assert idea_holds(problem), f"{profile}/{problem.name}: the idea is not what the winning line does"
    for lang in ("en", "es"):
        text = translator(lang).explain(problem.idea.explanation(problem.start()))
        assert not text.startswith("idea.") and "{" not in text
        assert all(card.symbol in text for card in problem.idea.cards)


def test_i26_p6_an_idea_that_the_winning_line_does_not_do_is_found_false():
    from dataclasses import replace

    from nap_teach.engine.cards import Card, Suit

    problem = load_problems(BRITISH)[0]  # lead Q♥, give up a diamond, then ruff a spade
    assert problem.idea is not None and idea_holds(problem)
    for idea in (Idea("give_up_then_ruff", problem.idea.cards, (Suit.CLUBS,)),  # the ruff is in spades
                 Idea("draw_trumps", (Card.parse("QH"), Card.parse("9H")), ()),  # B and D keep trumps; 9♥ loses
                 Idea("top_trump", (Card.parse("AD"), Card.parse("KD")), ())):  # no trump lead brings out the A♦
        assert not idea_holds(replace(problem, idea=idea)), idea


@pytest.mark.parametrize("raw", [
    {"key": "sing_a_song", "cards": ["QH"]},
    "draw_trumps",
    {"key": "draw_trumps", "cards": ["QH"]},                            # too few cards
    {"key": "draw_trumps", "cards": ["QH", "ZZ"]},                      # not a card
    {"key": "draw_trumps", "cards": ["QH", "QH"]},                      # the same card twice
    {"key": "give_up_then_ruff", "cards": ["QH", "4D", "6H"]},          # its suit missing
    {"key": "give_up_then_ruff", "cards": ["QH", "4D", "6H"], "suits": ["X"]},
])
def test_i26_p6_a_bad_idea_is_refused_in_words_in_both_languages(raw):
    problem = load_problems(BRITISH)[0]
    record = json.loads(json.dumps(problem.record))
    record["problem"]["idea"] = raw
    with pytest.raises(RecordError) as caught:
        problem_from_record(record, "bad", BRITISH)
    for lang in ("en", "es"):
        words = translator(lang).explain(caught.value.explanation)
        assert "idea" in words.lower() and not words.startswith("problem.") and "{" not in words
    assert idea_from_record(problem.record["problem"]["idea"]) == problem.idea


def _losing_first_cards():
    from nap_teach.ai.solver import card_outcomes

    for _profile, problem in ALL:
        run = ProblemRun(problem)
        want = run.state.declarer == run.learner
        for card, made in card_outcomes(run.state).items():
            if made != want:
                yield problem, card


def test_i26_p6_a_card_that_loses_the_goal_says_which_trick_then_decides_it_and_that_is_true():
    """Every losing first card of every problem: the grade names the card and a better one, and says the trick that
    decides the goal in the line after it with best play; replaying that line confirms the trick, its winner and card."""
    from nap_teach.teach.problems import best_card

    checked = 0
    for problem, card in _losing_first_cards():
        run = ProblemRun(problem)
        grade = run.play(card)
        assert not grade.keeps and grade.was and grade.better is not None and grade.why is not None
        facts = grade.why.facts
        assert facts["card"] is card
        line = problem.start()
        while line.phase == "play" and line.to_act != problem.learner:
            line.push(best_card(line))
        line.push(card)
        while line.phase == "play":
            line.push(best_card(line))
        if grade.why.key in ("problem.lost_at", "problem.lost_at_misere", "problem.made_at"):
            trick = line.tricks[facts["number"] - 1]
            assert trick.winning_card is facts["winner_card"]
            declarer = line.declarer
            won = sum(1 for t in line.tricks[:facts["number"]] if t.winning == declarer)
            if grade.why.key == "problem.lost_at":
                assert facts["number"] - won == facts["count"] == 5 - line.contract.min_tricks + 1
            elif grade.why.key == "problem.made_at":
                assert won == facts["count"] == line.contract.min_tricks and trick.winning == declarer
            else:
                assert won == 1 and trick.winning == declarer == problem.learner
        else:
            assert grade.why.key == "problem.made_misere" and line.tricks_won[line.declarer] == 0
        for lang in ("en", "es"):
            text = translator(lang).explain(grade.why)
            assert card.symbol in text and "{" not in text
        checked += 1
    assert checked >= 20
