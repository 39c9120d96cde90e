"""Finding and checking graded problems (a teacher's own): the search, the file check and their refusals."""
from __future__ import annotations

import json

import pytest

from nap_teach.engine.explain import RecordError
from nap_teach.teach.problem_search import difficulty, find_problems, problem_json, read_problem
from nap_teach.teach.problems import PROBLEMS_DIR, ProblemRun, load_problems, winning_line
from nap_teach.engine.profiles import BRITISH, PUB

DEFENCE = PROBLEMS_DIR / "british" / "09-defend-four-4-players.json"


@pytest.mark.parametrize("profile", [BRITISH, PUB], ids=["british", "pub"])
def test_b14_every_prepared_problem_is_sound_and_passes_the_file_check(profile):
    for problem in load_problems(profile):
        path = PROBLEMS_DIR / profile.name / f"{problem.name}.json"
        checked = read_problem(path.read_bytes())
        assert (checked.learner, checked.result) == (problem.learner, problem.result)
        hard = difficulty(problem)
        assert hard.is_problem(hard_turns=1), problem.name
        assert len(hard.turns) == 5 and all(1 <= keep <= legal for legal, keep in hard.turns)


@pytest.mark.parametrize("profile, players, contract, learner, seed", [
    (BRITISH, 4, "Four", 1, 11),
    (PUB, 4, "Misere", 1, 3),
    (BRITISH, 3, "Three", 0, 5),
])
def test_b14_found_problems_are_sound_and_the_learner_can_reach_the_goal(profile, players, contract, learner, seed):
    seen = []
    found = find_problems(profile, players, profile.contract(contract), learner, seed, count=1, tries=4000,
                          progress=seen.append)
    assert len(found) == 1 and seen and seen[0] == 0
    problem = found[0]
    assert problem.learner == learner and problem.players == players and problem.defending == (learner != 0)
    assert difficulty(problem).is_problem()
    # the file round trip, then the winning line played by the learner reaches the goal
    again = read_problem(problem_json(problem))
    assert again.record == problem.record
    run = ProblemRun(again)
    for seat, card in winning_line(again):
        if seat == again.learner:
            assert run.play(card).keeps
    assert run.succeeded()
    # the same seed finds the same deal
    twin = find_problems(profile, players, profile.contract(contract), learner, seed, count=1, tries=4000)
    assert twin[0].record == problem.record


def _defence(**changes):
    record = json.loads(DEFENCE.read_text())
    record.update(changes)
    return record


@pytest.mark.parametrize("record, key", [
    ("[1, 2]", "record.not_object"),
    (_defence(problem=None), "problem.no_learner"),
    (_defence(problem={"learner": "Z", "result": 3}), "problem.no_learner"),
    (_defence(problem={"learner": "B", "result": "3"}), "problem.no_result"),
    (_defence(problem={"learner": "B", "result": 4}), "problem.wrong_result"),
    (_defence(problem={"learner": "A", "result": 3}), "problem.out_of_reach"),  # A cannot make the Four
    (_defence(auction=["Pass", "Pass", "Pass", "Pass"]), "problem.not_at_lead"),
    (_defence(play=["AC"]), "problem.not_at_lead"),
])
def test_b14_a_bad_problem_file_is_refused_with_its_reason(record, key):
    text = record if isinstance(record, str) else json.dumps(record)
    with pytest.raises(RecordError) as err:
        read_problem(text)
    assert err.value.explanation.key == key
    assert err.value.text("en") and err.value.text("es") != err.value.text("en")
