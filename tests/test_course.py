"""Lesson files (nap-lesson/1): the loader's checks, the course order, the lesson player and the progress record."""
from __future__ import annotations

import copy
import doctest
import json

import pytest

from nap_teach.teach.course import (
    Anchor, LessonError, course_outline, lesson_from_record, lesson_ids, lesson_texts, load_course, load_lesson,
)
from nap_teach.engine.explain import RecordError
from nap_teach.teach.lesson import Lesson, LessonWalk
from nap_teach.teach.lesson.decide import ask
from nap_teach.teach.lesson.ledger import SessionLesson
from nap_teach.teach.lesson.player import LessonPlayer, LessonRun
from nap_teach.teach.mastery import NEEDED_RIGHT, Progress
from nap_teach.engine.records import hand_to_record, load_hand
from nap_teach.words.i18n import translator


@pytest.fixture
def record():
    path = "nap_teach/data/lessons/01_worked-deal.json"
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def test_docstring_examples():
    import nap_teach.teach.course
    import nap_teach.teach.lesson.decide
    import nap_teach.teach.lesson.deal
    import nap_teach.teach.lesson.ledger
    import nap_teach.teach.lesson.player
    import nap_teach.teach.mastery

    for module in (nap_teach.teach.course, nap_teach.teach.lesson.decide, nap_teach.teach.lesson.deal, nap_teach.teach.lesson.ledger,
                   nap_teach.teach.lesson.player, nap_teach.teach.mastery):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_course_is_in_file_order_and_lesson_1_is_the_worked_deal_with_the_courses_names():
    course = load_course()
    assert [s.place for s in course] == sorted(s.place for s in course)
    first = course[0]
    assert (first.id, first.place) == ("worked-deal", 1)
    # the same deal, the same steps and rules as the worked deal (A B C D), seated as Ann, Ben, Cat and Dan:
    # the names every other lesson of the course uses (issue 27)
    book, worked = first.deals[0].hand, Lesson().book
    assert book.players == ("Ann", "Ben", "Cat", "Dan") and worked.players == ("A", "B", "C", "D")
    assert book.hands == worked.hands and book.dealer == worked.dealer and book.calls == worked.calls
    assert [t.cards for t in book.tricks] == [t.cards for t in worked.tricks]
    player = LessonPlayer(first)
    assert ([[(e.rule, e.key) for e in p.explanations] for p in player.pages]
            == [[(e.rule, e.key) for e in s.explanations] for s in Lesson().steps])


def test_the_course_outline_is_the_loaded_course_without_its_deals():
    """The landing page and the progress panel list the lessons from the outline: the same lessons, places,
    titles, rules and rules of play as the checked course."""
    outline = course_outline()
    assert [(o.id, o.place, o.profile.name, o.title, o.rules) for o in outline] == [
        (s.id, s.place, s.profile.name, s.title, s.rules) for s in load_course()]
    assert lesson_ids() == tuple(s.id for s in load_course())


@pytest.mark.parametrize("change, words", [
    (lambda r: r.update(format="nap-lesson/2"), "format must be"),
    (lambda r: r.update(id="Bad Id"), "bad lesson id"),
    (lambda r: r.update(profile="martian"), "unknown profile"),
    (lambda r: r.update(rules=["B99"]), "is not a rule of the british profile"),
    (lambda r: r.update(rules=[]), "names the rules it teaches"),
    (lambda r: r.update(deals=[]), "one to three deals"),
    (lambda r: r.update(colour="red"), "unknown field(s) colour"),
    (lambda r: r["deals"][0]["questions"].append({"at": "card 1.1", "kind": "guess"}), "unknown kind"),
    (lambda r: r["deals"][0]["questions"].append({"at": "card 1.2", "kind": "trick_winner"}), "last card of a trick"),
    (lambda r: r["deals"][0]["questions"].append({"at": "card 1.1", "kind": "playable"}), "every card may be led"),
    (lambda r: r["deals"][0]["questions"].append({"at": "call 1", "kind": "pay"}), "cannot be asked at call 1"),
    (lambda r: r["deals"][0]["notes"].append({"at": "card 6.1", "text": "x"}), "no such place"),
    (lambda r: r["deals"][0]["notes"].append({"at": "call 9", "text": "x"}), "the deal has no step call 9"),
    (lambda r: r["deals"][0]["notes"].append({"at": "table", "text": " "}), "non-empty text"),
    (lambda r: r["deals"][0]["hand"]["play"].__setitem__(1, "KS"), "the engine refuses the record"),
    (lambda r: r["deals"][0]["hand"].update(play=r["deals"][0]["hand"]["play"][:8]), "not complete"),
    (lambda r: r["deals"][0].update(stop=True), "the engine refuses the record"),
    (lambda r: r["deals"].append(copy.deepcopy(r["deals"][0])), "deal ids must differ"),
    (lambda r: r.update(quiz={"kinds": ["nope"]}), "unknown quiz kind"),
])
def test_broken_lesson_files_are_refused_with_the_place(record, change, words):
    change(record)
    with pytest.raises(LessonError) as e:
        lesson_from_record(record, 1, "01_worked-deal.json")
    assert words in str(e.value) and "01_worked-deal.json" in str(e.value)


def test_b9_a_passed_out_deal_narrates_and_the_deal_moves_on(record):
    hand = dict(record["deals"][0]["hand"], auction=["Pass"] * 4, play=[])
    record["deals"] = [{"id": "out", "hand": hand, "questions": [{"at": "call 4", "kind": "legal_calls"}]}]
    record["rules"] = ["B9"]
    spec = lesson_from_record(record)
    lesson = LessonPlayer(spec).deals[0]
    assert [str(s.anchor) for s in lesson.steps][-1] == "result"
    assert "B9" in LessonPlayer(spec).rules_shown()
    assert "Ann deals next" in translator("en").explain(lesson.steps[-1].explanations[0])


def test_b13_a_deal_stopped_by_agreement(record):
    state = load_hand(json.dumps(record["deals"][0]["hand"]))
    hand = hand_to_record(state)
    hand["play"] = hand["play"][:16]  # four tricks: A has four, Four is made
    record["deals"] = [{"id": "stop", "hand": hand, "stop": True}]
    record["rules"] = ["B13"]
    spec = lesson_from_record(record)
    lesson = LessonPlayer(spec).deals[0]
    assert lesson.book.stopped and "B13" in lesson.steps[-1].rules


def test_b16_a_session_deal_with_a_ledger_question(record):
    record["deals"] = [{"id": "s", "session": {
        "format": "nap-session/1", "players": ["A", "B", "C"], "first_dealer": "A", "deals_target": 2,
        "deals": [{"auction": ["Pass", "Three", "Pass"], "declarer_tricks": 3},
                  {"auction": ["Pass", "Pass", "Pass"]}]},
        "questions": [{"at": "deal 1", "kind": "pay"}, {"at": "ledger", "kind": "pay"}]}]
    record["rules"] = ["B16"]
    with pytest.raises(LessonError, match="no question at deal 1"):
        load_spec(record)  # nothing is shown before the first step
    record["deals"][0]["questions"][0]["at"] = "deal 2"
    run = LessonRun(LessonPlayer(load_spec(record)))
    assert isinstance(run.player.deals[0], SessionLesson)
    assert run.pending is not None and run.pending[1].kind == "pay"  # asked before entry 2 is revealed
    assert [str(p.anchor) for p in run.player.pages] == ["deal 1", "deal 2", "ledger"]
    assert run.pending[1].answer == ("0", "0", "0")  # all passed: nobody pays
    assert not run.answer({"A": 1, "B": 0, "C": 0}).right and run.answer({"A": 0, "B": 0, "C": 0}).right
    assert run.next() and run.pending[1].answer == ("-3", "-3", "6")  # the balances at the end


def load_spec(record):
    return lesson_from_record(record)


def test_lesson_texts_are_the_catalogue_msgids(record):
    texts = lesson_texts(record)
    assert record["title"] in texts and record["summary"] in texts and record["deals"][0]["title"] in texts
    assert all(translator("es").gettext(t) != t for t in texts)


def test_b11_playable_answers_say_why_each_wrong_card_is_wrong():
    lesson = Lesson()
    q = ask(lesson, load_lesson("worked-deal").deals[0].decisions_at(Anchor("card", 1, 2))[0])
    assert q.answer == ("JH", "10H")
    feedback = q.check(["JH", "KS"])
    text = [translator("en").explain(e) for e in feedback.explanations]
    assert not feedback.right and any("must follow" in t or "follow" in t for t in text)
    assert "10♥ may be played too." in text
    with pytest.raises(ValueError):
        q.check(["2C"])  # not one of B's cards: no option


def test_b14_a_card_choice_other_than_the_book_is_played_out_and_judged_by_the_solver():
    lesson = Lesson()
    q = ask(lesson, load_lesson("worked-deal").deals[0].decisions_at(Anchor("card", 1, 1))[0])
    feedback = q.check("2C")
    assert feedback.verdict is not None and feedback.verdict.book_tricks == 4
    assert feedback.right == feedback.verdict.as_good
    assert feedback.explanations[0].key.startswith("decide.solver_")


def test_run_blocks_the_reveal_until_a_right_answer_and_scores_the_first_try():
    run = LessonRun(LessonPlayer(load_lesson("worked-deal")))
    assert not run.next() and run.index == 0
    assert not run.answer(["Pass"]).right and not run.next()
    assert run.answer(["Pass", "Three", "Four", "Nap"]).right and run.next()
    assert run.deal_score == (0, 1)
    with pytest.raises(ValueError):
        run.quiz_answer(0, "x")  # the quiz comes at the end


def test_progress_record_missed_kinds_come_back_until_right_twice():
    p = Progress()
    p.record_kind("trump", False)
    assert p.review_kinds() == ["trump"]
    for _ in range(NEEDED_RIGHT - 1):
        p.record_kind("trump", True)
        assert p.review_kinds() == ["trump"]
    p.record_kind("trump", True)
    assert p.review_kinds() == []


def test_progress_keeps_the_best_score_and_refuses_other_files():
    p = Progress()
    p.record_lesson("a", (3, 10), [], [])
    p.record_lesson("a", (1, 10), [], [])
    assert p.score("a") == (3, 10)
    for text in ("{", "[]", '{"format": "nap-progress/1", "lessons": {"a": {"done": "yes"}}}', "x" * 300_000):
        with pytest.raises(RecordError):
            Progress.from_json(text)
    walk = LessonWalk(Lesson())
    assert walk.count == 27


def rules_tested(spec) -> set[str]:
    from nap_teach.teach.quiz import generate

    shown = set(LessonPlayer(spec).rules_shown())
    quizzed = {generate(kind, "syllabus", spec.profile, n).rule for kind in spec.quiz.kinds for n in range(12)}
    return shown | quizzed


@pytest.mark.parametrize("spec", load_course(), ids=lambda s: s.id)
def test_every_rule_a_lesson_names_is_shown_or_tested_in_it(spec):
    assert set(spec.rules) <= rules_tested(spec)
    assert spec.deals and all(d.hand is not None or d.session is not None for d in spec.deals)
