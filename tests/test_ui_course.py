"""Every lesson of the course played through on the lesson page, in English and in Spanish.

The questions asked before a reveal are answered wrongly once (where a wrong
answer exists), the explanation is read, then answered rightly; the closing
quiz is answered; the lesson ends done, its score kept in the (simulated)
browser storage.
"""
from __future__ import annotations

import datetime
import html
import re

import pytest

from nap_teach.teach.course import load_course
from nap_teach.teach.mastery import Progress
from nap_teach.ui.lesson import LessonApp


def plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def browser_loads(app: LessonApp, stored: str = "") -> None:
    """What the browser widget does on render: hands over localStorage's value."""
    storage = app.mode.store.widget
    storage.value = stored
    storage.loaded = True


def set_answer(panel, values) -> None:
    if panel.ask.kind == "pay":
        for name, amount in values.items():
            panel._amounts[name].value = str(amount)
        return
    for value, button in panel._toggles.items():
        button.value = value in values


def right_values(ask):
    if ask.kind == "pay":
        return {name: int(v) for name, v in zip(ask.options, ask.answer)}
    return list(ask.answer)


def wrong_values(ask):
    if ask.kind == "pay":
        values = right_values(ask)
        first = ask.options[0]
        values[first] += 1
        return values
    if ask.multi:
        return list(ask.answer[:-1]) if len(ask.answer) > 1 else [o for o in ask.options if o not in ask.answer][:1]
    others = [o for o in ask.options if o not in ask.answer]
    for o in others:  # a card that is as good as the book's is right too: pick one the engine calls wrong
        if not ask.check(o).right:
            return [o]
    return None


def play_through(app: LessonApp) -> list[str]:
    """Click through the lesson; returns the texts read after each wrong answer."""
    mode = app.mode
    read = []
    for _ in range(400):
        pending = mode.run.pending
        if pending is not None:
            ask = pending[1]
            panel = mode.question
            assert panel.ask is ask and panel.widget.layout.display != "none"
            wrong = wrong_values(ask)
            if wrong:
                set_answer(panel, wrong if ask.kind == "pay" else set(wrong))
                panel.check.click()
                assert "nap-ask-wrong" in panel.feedback.value
                read.append(plain(panel.feedback.value))
                app.controls.next.click()
                assert mode.run.pending is not None  # still waiting: no reveal before a right answer
            set_answer(panel, right_values(ask) if ask.kind == "pay" else set(right_values(ask)))
            panel.check.click()
            assert "nap-ask-right" in panel.feedback.value, plain(panel.feedback.value)
        if mode.run.at_end:
            break
        before = mode.run.index
        app.controls.next.click()
        assert mode.run.index == before + 1
        assert app.explanation.widget.value
    assert mode.run.quiz_started
    quiz = mode.quiz
    assert quiz.widget.layout.display != "none" or not mode.run.questions
    for i, q in enumerate(mode.run.questions):
        assert quiz.number == i
        quiz.card.click(q.answer)
        assert "nap-ex-right" in quiz.card.feedback.value
        if i + 1 < len(mode.run.questions):
            quiz.next.click()
    assert mode.run.finished
    return read


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("spec", load_course(), ids=lambda s: s.id)
def test_every_lesson_plays_through(spec, lang):
    app = LessonApp(lang=lang, course=spec.id)
    browser_loads(app)
    assert plain(app.title.value).strip().startswith(f"{spec.place}.")
    read = play_through(app)
    assert all(text.strip() for text in read)
    stored = Progress.from_json(app.mode.store.widget.value)
    assert stored.lesson_state(spec.id) == "done"
    right, total = stored.score(spec.id)
    assert total == app.mode.player.questions + len(app.mode.run.questions)
    assert "nap-lesson-done-box" in app.mode.quiz.done.value or not app.mode.run.questions
    course = app.mode.courses.value
    assert f'data-lesson="{spec.id}" data-state="done"' in course


def test_b12_a_wrong_trick_winner_is_explained_then_the_right_one_reveals_the_step():
    app = LessonApp(course="worked-deal")
    browser_loads(app)
    mode = app.mode
    while mode.run.pending is None or mode.run.pending[1].kind != "trick_winner":
        pending = mode.run.pending
        if pending is not None:
            set_answer(mode.question, right_values(pending[1]) if pending[1].kind == "pay"
                       else set(right_values(pending[1])))
            mode.question.check.click()
        app.controls.next.click()
    set_answer(mode.question, {"Cat"})
    mode.question.check.click()
    assert "9♥ cannot win: A♥ is a higher trump." in plain(mode.question.feedback.value)
    index = mode.run.index
    app.controls.next.click()
    assert mode.run.index == index and "Answer the question first" in app.status.text
    set_answer(mode.question, {"Ann"})
    mode.question.check.click()
    assert "Ann takes trick 1 with A♥" in plain(mode.question.feedback.value)
    app.controls.next.click()
    assert mode.run.index == index + 1
    assert "Trick 1 won by Ann" in app.board.text


def test_es_questions_are_in_spanish():
    app = LessonApp(lang="es", course="worked-deal")
    browser_loads(app)
    assert "Tu turno de decidir" in plain(app.mode.question.prompt.value)


def test_a_broken_stored_progress_starts_afresh_with_a_message():
    app = LessonApp(course="worked-deal")
    browser_loads(app, "{not json")
    assert app.mode.store.progress.empty
    assert "not a saved course progress" in plain(app.mode.progress.summary.value)


def test_progress_kept_is_shown_and_missed_kinds_come_back_in_the_quiz():
    p = Progress()
    p.record_lesson("worked-deal", (5, 13), [], [("trump", False)])
    app = LessonApp(course="worked-deal")
    browser_loads(app, p.to_json())
    assert "trump" in [q.kind for q in app.mode.run.questions]
    assert 'data-state="done"' in app.mode.courses.value and "5 of 13" in plain(app.mode.courses.value)


def test_export_import_and_clear_progress():
    app = LessonApp(course="worked-deal")
    browser_loads(app)
    store = app.mode.store
    store.progress.record_lesson("worked-deal", (3, 4), [("B11", True)], [])
    store.save()
    app.mode.progress.export.click()
    exported = store.widget.download.split("\n", 1)[1]
    app.mode.progress.clear.click()
    assert store.progress.empty and store.widget.value == ""
    store.import_text(exported)
    assert store.progress.lesson_state("worked-deal") == "done"
    app.mode.progress.upload.value = ({"name": "x.json", "type": "application/json", "size": 3,
                                       "content": memoryview(b"[1]"),
                                       "last_modified": datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)},)
    assert "not a saved course progress" in app.status.text
    assert store.progress.lesson_state("worked-deal") == "done"  # unchanged


def test_unknown_lesson_in_the_address_is_refused_in_words():
    app = LessonApp.from_environment({"QUERY_STRING": "lesson=nope&lang=en"})
    assert app.mode is None and "no lesson called" in app.status.text
    app = LessonApp.from_environment({"QUERY_STRING": "lesson=worked-deal&lang=es"})
    assert app.mode is not None and app.mode.spec.id == "worked-deal"


def test_a_lesson_in_the_address_can_be_named_by_its_place_in_the_course():
    # a teacher writes lesson.ipynb?lesson=3 on the board: the course's third lesson
    third = load_course()[2].id
    app = LessonApp.from_environment({"QUERY_STRING": "lesson=3&lang=es"})
    assert app.mode is not None and app.mode.spec.id == third and app.status.text == ""
    for beyond in ("0", "17", "3.5", "-1"):
        app = LessonApp.from_environment({"QUERY_STRING": f"lesson={beyond}&lang=en"})
        assert app.mode is None and "no lesson called" in app.status.text


def test_landing_lists_the_course_in_order_with_each_state_from_the_browser():
    from nap_teach.ui.landing import LandingPage

    page = LandingPage(lang="en")
    course = load_course()
    assert [m for m in re.findall(r'data-lesson="([^"]+)"', page.course.value)] == [s.id for s in course]
    assert 'data-state="done"' not in page.course.value and "not started" in plain(page.course.value)
    p = Progress()
    p.record_lesson("worked-deal", (11, 13), [("B11", True), ("B11", True)], [])
    page.store.widget.value = p.to_json()
    page.store.widget.loaded = True
    assert 'data-lesson="worked-deal" data-state="done"' in page.course.value
    assert "done: 11 of 13 right at the first try" in plain(page.course.value)
    summary = " ".join(plain(page.progress.summary.value).split())
    assert "Rules mastered: B11 Follow suit" in summary  # the rule's name, not only its id
    page.language.set("es")
    assert "hecha: 11 de 13 bien a la primera" in plain(page.course.value)
    assert "B11 Asistir al palo" in " ".join(plain(page.progress.summary.value).split())


def test_b14_a_lead_other_than_the_book_is_played_out_on_the_page():
    app = LessonApp(course="worked-deal")
    browser_loads(app)
    mode = app.mode
    while mode.run.pending is None or mode.run.pending[1].kind != "card":
        pending = mode.run.pending
        if pending is not None:
            set_answer(mode.question, set(right_values(pending[1])))
            mode.question.check.click()
        app.controls.next.click()
    set_answer(mode.question, {"2C"})
    mode.question.check.click()
    text = plain(mode.question.feedback.value)
    assert "With best play by everyone, Ann takes" in text
    assert "Ann plays 2♣ instead of A♥" in plain(app.whatif.result.value)


# ------------------------------------------- deal questions feed "missed kinds come back"
def go_to_question(app: LessonApp, kind: str) -> None:
    """Click Next (answering every question on the way rightly) until a question of ``kind`` waits."""
    mode = app.mode
    for _ in range(200):
        pending = mode.run.pending
        if pending is not None and pending[1].kind == kind:
            return
        if pending is not None:
            set_answer(mode.question, right_values(pending[1]) if pending[1].kind == "pay"
                       else set(right_values(pending[1])))
            mode.question.check.click()
        app.controls.next.click()
    pytest.fail(f"no {kind} question")


def answer_quiz(app: LessonApp, wrong_kinds=()) -> list[tuple[str, str]]:
    """Answer the closing quiz by clicking (rightly, wrongly for ``wrong_kinds``); returns (kind, feedback)."""
    quiz = app.mode.quiz
    out = []
    for i, q in enumerate(app.mode.run.questions):
        value = q.answer if q.kind not in wrong_kinds else next(c.value for c in q.choices if c.value != q.answer)
        quiz.card.click(value)
        out.append((q.kind, plain(quiz.card.feedback.value)))
        if i + 1 < len(app.mode.run.questions):
            quiz.next.click()
    return out


def play_rest_rightly(app: LessonApp) -> None:
    mode = app.mode
    while not mode.run.at_end:
        pending = mode.run.pending
        if pending is not None:
            set_answer(mode.question, right_values(pending[1]) if pending[1].kind == "pay"
                       else set(right_values(pending[1])))
            mode.question.check.click()
        app.controls.next.click()


def test_b12_a_trick_winner_missed_in_a_deal_comes_back_in_quizzes_until_answered_right_twice():
    app = LessonApp(course="failed-contract")  # its own quiz asks only about money (settle, balance)
    browser_loads(app)
    mode = app.mode
    assert "trick_winner" not in [q.kind for q in mode.run.questions]
    go_to_question(app, "trick_winner")
    ask = mode.run.pending[1]
    set_answer(mode.question, set(wrong_values(ask)))
    mode.question.check.click()
    assert "nap-ask-wrong" in mode.question.feedback.value
    kept = Progress.from_json(mode.store.widget.value)  # kept in the browser at once, like a quiz miss
    assert kept.kinds == {"trick_winner": 2} and kept.review_kinds() == ["trick_winner"]
    assert "trick_winner" in [q.kind for q in mode.run.questions]  # and asked in this lesson's quiz
    assert "Question kinds to review: 1" in plain(mode.progress.summary.value)
    set_answer(mode.question, set(ask.answer))  # the second try does not count
    mode.question.check.click()
    assert Progress.from_json(mode.store.widget.value).kinds == {"trick_winner": 2}
    go_to_question(app, "trick_winner")  # the second deal's trick: right at the first try
    set_answer(mode.question, set(mode.run.pending[1].answer))
    mode.question.check.click()
    assert "nap-ask-right" in mode.question.feedback.value  # kept, the feedback stays until Next
    assert mode.question.widget.layout.display != "none"
    assert Progress.from_json(mode.store.widget.value).kinds == {"trick_winner": 1}
    play_rest_rightly(app)
    answers = answer_quiz(app, wrong_kinds=("trick_winner",))  # missed again in the quiz
    assert any(kind == "trick_winner" and "cannot win" in text for kind, text in answers)
    stored = mode.store.widget.value
    assert Progress.from_json(stored).kinds["trick_winner"] == 2

    later = LessonApp(course="early-stop")  # a later lesson: the kind comes back in its quiz
    browser_loads(later, stored)
    assert "trick_winner" in [q.kind for q in later.mode.run.questions]
    go_to_question(later, "trick_winner")
    set_answer(later.mode.question, set(later.mode.run.pending[1].answer))
    later.mode.question.check.click()
    go_to_question(later, "trick_winner")
    set_answer(later.mode.question, set(later.mode.run.pending[1].answer))
    later.mode.question.check.click()
    assert Progress.from_json(later.mode.store.widget.value).review_kinds() == []  # right twice: done


@pytest.mark.parametrize("lang", ["en", "es"])
def test_b6_b15_calls_and_payments_missed_in_a_deal_are_kept_as_their_quiz_kinds(lang):
    app = LessonApp(lang=lang, course="judging-a-bid")
    browser_loads(app)
    mode = app.mode
    go_to_question(app, "legal_calls")
    set_answer(mode.question, set(wrong_values(mode.run.pending[1])))
    mode.question.check.click()
    go_to_question(app, "pay")
    set_answer(mode.question, wrong_values(mode.run.pending[1]))
    mode.question.check.click()
    kept = Progress.from_json(mode.store.widget.value)
    assert kept.review_kinds() == ["may_bid", "settle"]


def test_b7_a_wrong_quiz_choice_says_why_that_choice_is_wrong():
    from nap_teach.words.i18n import translator

    for lang in ("en", "es"):
        app = LessonApp(lang=lang, course="auction")
        browser_loads(app)
        play_rest_rightly(app)
        questions = app.mode.run.questions
        assert "second_call" in [q.kind for q in questions]
        answers = answer_quiz(app, wrong_kinds={q.kind for q in questions})
        tr = translator(lang)
        for q, (_kind, text) in zip(questions, answers):
            wrong = next(c for c in q.choices if c.value != q.answer)
            assert plain(tr.explain(q.reason(wrong.value))) in text
            assert "nap-ex-why" in app.mode.quiz.card.feedback.value or q is not questions[-1]
        assert app.mode.run.finished and app.mode.run.quiz_score[0] == 0


@pytest.mark.parametrize("lang,words", [("en", "Your answer: Pass, Four"), ("es", "Tu respuesta: Paso, Four")])
def test_b5_the_question_says_the_answer_it_holds_before_check(lang, words):
    app = LessonApp(lang=lang, course="worked-deal")
    browser_loads(app)
    panel = app.mode.question
    assert 'data-ask="1-0"' in panel.chosen.value and 'data-chosen=""' in panel.chosen.value
    assert all("nap-ask-q-1-0" in b._dom_classes for b in panel._toggles.values())
    set_answer(panel, {"Pass", "Four"})
    assert 'data-chosen="Pass,Four"' in panel.chosen.value and words in plain(panel.chosen.value)
