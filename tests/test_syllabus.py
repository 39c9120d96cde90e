"""The teachers' syllabus: every rule of the profile demonstrated, quizzed and enforced."""
from __future__ import annotations

import pytest

from nap_teach.teach.lesson import default_lesson
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.teach.course import load_lesson
from nap_teach.teach.lesson.player import LessonPlayer
from nap_teach.teach.syllabus import EXAMPLE_ONLY, SCENARIOS, enforcements, gaps, profile_rules, syllabus


@pytest.fixture(scope="module")
def entries():
    return syllabus(BRITISH)


def test_british_rules_are_b1_to_b17():
    assert profile_rules(BRITISH) == [f"B{i}" for i in range(1, 18)]


def test_no_rule_of_the_profile_lacks_anything(entries):
    """Fails when a rule of the profile is not demonstrated, quizzed or enforced."""
    assert [e.rule for e in entries] == profile_rules(BRITISH)
    missing = {e.rule: [k for k, v in (("demonstrated", e.demonstrated), ("quizzed", e.quizzed),
                                       ("enforced", e.enforced)) if not v] for e in entries if not e.complete}
    assert missing == {}
    assert gaps(BRITISH) == {}


def test_demonstrations_are_lesson_steps(entries):
    lesson = default_lesson()
    for e in entries:
        for index in e.demonstrated:
            assert e.rule in lesson.steps[index].rules


def test_quiz_questions_are_answered_by_their_rule(entries):
    for e in entries:
        for q in e.quizzed:
            assert q.rule == e.rule and q.explanation.rule == e.rule


def test_enforcements_come_from_running_the_engine(entries):
    by_scenario = {x.scenario: x for x in enforcements(BRITISH)}
    assert set(by_scenario) == set(SCENARIOS)
    eight = by_scenario["eight_players"]
    assert (eight.rule, eight.kind, eight.error, eight.explanation.key) == ("B1", "refusal", "RecordError",
                                                                           "record.players")
    assert by_scenario["revoke"].error == "IllegalCard" and by_scenario["revoke"].rule == "B11"
    assert by_scenario["open_with_requires"].rule == "B7"
    assert by_scenario["second_circuit"].rule == "B8"
    assert by_scenario["unbalanced"].error == "ZeroSumError" and by_scenario["unbalanced"].rule == "B16"
    assert by_scenario["hidden_hands"].rule == "B14"
    for e in entries:
        for enf in e.enforced:
            assert enf.rule == e.rule == enf.explanation.rule
            assert enf.kind in ("refusal", "structural")


def test_pub_syllabus_runs_and_names_pub_rules():
    rules = profile_rules(PUB)
    assert "P3" in rules and "B6" not in rules and "B15" not in rules
    by_scenario = {x.scenario: x for x in enforcements(PUB)}
    assert by_scenario["bid_not_higher"].rule == "P3"
    assert by_scenario["stop_not_certain"].rule == "P6"
    assert {e.rule for e in syllabus(PUB)} == set(rules)


@pytest.fixture(scope="module")
def pub_entries():
    return syllabus(PUB)


def test_pub_rules_are_the_shared_b_rules_and_p1_to_p9(pub_entries):
    rules = profile_rules(PUB)
    assert [r for r in rules if r.startswith("P")] == [f"P{i}" for i in range(1, 10)]
    assert [e.rule for e in pub_entries] == rules


def test_no_rule_of_the_pub_profile_lacks_anything(pub_entries):
    """Each P rule is demonstrated by an example the engine runs, quizzed by a question it answers, enforced."""
    missing = {e.rule: [k for k, v in (("demonstrated", e.is_demonstrated), ("quizzed", e.quizzed),
                                       ("enforced", e.enforced)) if not v] for e in pub_entries if not e.complete}
    assert missing == {}
    assert gaps(PUB) == {}
    lesson = default_lesson()
    for e in pub_entries:
        if e.rule.startswith("P"):
            # the pub rules are never claimed by the British lesson: their example is their own
            assert e.demonstrated == () and e.example is not None and e.example.rule == e.rule
            assert any(step.rule == e.rule for step in e.example.steps)
        else:
            assert e.example is None and e.demonstrated
            assert all(e.rule in lesson.steps[i].rules for i in e.demonstrated)
        for q in e.quizzed:
            assert q.rule == e.rule
        for enf in e.enforced:
            assert enf.rule == e.rule == enf.explanation.rule


def test_pub_enforcements_run_the_engine():
    by_scenario = {x.scenario: x for x in enforcements(PUB)}
    assert by_scenario["tied_first_draw"].rule == "P1" and by_scenario["tied_first_draw"].error == "IllegalAction"
    assert by_scenario["redeal_after_misdeal"].explanation.key == "session.misdeal_redeal"
    assert by_scenario["misere_no_trump"].kind == "structural" and by_scenario["misere_no_trump"].rule == "P4"
    assert by_scenario["renege_without_play"].rule == "P7"
    assert by_scenario["outsider_in_extra_hand"].rule == "P8"
    assert by_scenario["variation_record"].rule == "P9" and by_scenario["variation_record"].error == "RecordError"
    assert not {"tied_first_draw", "misere_no_trump", "variation_record"} & {x.scenario for x in enforcements(BRITISH)}


@pytest.mark.parametrize("profile", [BRITISH, PUB], ids=["british", "pub"])
def test_every_rule_has_a_narrated_deal_of_the_course(profile):
    """A deal of the course shows every rule in play (the lesson teaches it, the engine narrates it there)."""
    entries = syllabus(profile)
    lacking = [e.rule for e in entries if not e.narrated and e.rule not in EXAMPLE_ONLY]
    assert lacking == []
    for e in entries:
        for showing in e.narrated:
            spec = load_lesson(showing.lesson)
            assert e.rule in spec.rules and showing.steps
            shown = LessonPlayer(spec).rules_shown()[e.rule]
            assert all((showing.deal, step) in shown for step in showing.steps)


def test_quiz_kinds_of_a_rule_generate_questions_on_it():
    from nap_teach.teach.quiz import generate

    for e in syllabus(BRITISH):
        assert e.kinds, e.rule
        for kind in e.kinds:
            assert any(generate(kind, "syllabus", BRITISH, n).rule == e.rule for n in range(12))
