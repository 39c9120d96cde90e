"""The rules explorer driven from Python: trainers, quiz, syllabus, language switch."""
from __future__ import annotations

import re

import pytest

from nap_teach.cards import Card
from nap_teach.profiles import BRITISH
from nap_teach.quiz import make_quiz
from nap_teach.syllabus import profile_rules
from nap_teach.ui.explorer import ExplorerApp


@pytest.fixture
def app() -> ExplorerApp:
    return ExplorerApp(seed=11)


def find(widget, css):
    """Widgets under ``widget`` carrying the CSS class ``css``."""
    out = [widget] if css in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        out.extend(find(child, css))
    return out


def one(widget, css):
    found = find(widget, css)
    assert len(found) == 1, (css, len(found))
    return found[0]


def plain(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_page_parts_and_every_rule(app):
    assert "Rules and quizzes" in app.text and "Rules in force: British rules." in app.text
    assert one(app.widget, "nap-lang") is app.switch.widget
    rules = profile_rules(BRITISH)
    assert [v for _l, v in app.rules.picker.options] == rules
    for rule in rules:
        app.rules.picker.value = rule
        assert app.rules.rule == rule
        assert f">{rule}</span>" in app.rules.text.value
        assert app.rules.slot.children, f"{rule} has no trainer"
        assert app.rules.question.question is not None and app.rules.question.question.rule == rule


def test_rule_navigation_buttons(app):
    assert app.rules.prev.disabled
    app.rules.next.click()
    assert app.rules.rule == "B2" and app.rules.picker.value == "B2"
    app.rules.prev.click()
    assert app.rules.rule == "B1"


def test_table_trainer_refuses_eight(app):
    t = app.rules.trainers["table"]
    t.count.value = 8
    assert "not 8" in t.out.value and "B1" in t.out.value
    t.count.value = 5
    assert "27" in plain(t.out.value)


def test_rotation_trainer(app):
    t = app.rules.trainers["rotation"]
    t.size.value = 4
    t.first.value = 3
    assert "Deal 1: Dan deals" in t.out.value
    t.next.click()
    assert "Deal 2: Ann deals" in t.out.value and "Cat" in t.out.value
    t.back.click()
    assert "Deal 1: Dan deals" in t.out.value


def test_auction_trainer_refuses_and_explains(app):
    t = app.rules.trainers["auction"]
    app.rules.show_rule("B7")
    buttons = {b._nap_call: b for b in t.call_buttons}
    buttons["Wellington"].click()
    assert t.calls == [] and "only allowed after someone has bid Nap" in app.status.text
    buttons["Nap"].click()
    assert t.calls == ["Nap"]
    assert "Three" in t.out.value and "must be higher than Nap" in t.out.value
    buttons["Wellington"].click()
    assert t.calls == ["Nap", "Wellington"]
    buttons["Pass"].click()
    buttons["Pass"].click()
    assert "declarer with Wellington" in t.history.value
    buttons["Pass"].click()  # a fifth call: refused, nothing changes
    assert len(t.calls) == 4 and "auction is over" in app.status.text
    t.undo.click()
    assert len(t.calls) == 3
    t.reset.click()
    assert t.calls == []


def test_follow_trainer_cards_checked_by_engine(app):
    t = app.rules.trainers["follow"]
    led = t.report.led
    for button in t.cards.children:
        card: Card = button._nap_card
        button.click()
        holds = any(o.card.suit is led.suit for o in t.report.options)
        legal = card.suit is led.suit or not holds
        assert ("Allowed." in t.out.value) == legal, (card, led)
    before = t.report
    t.new.click()
    assert t.report is not before and t.out.value == ""


def test_trick_judge_right_and_wrong(app):
    t = app.rules.trainers["judge"]
    winner = t.judgement.winner_name
    right = next(b for b in t.picks.children if b._nap_player == winner)
    right.click()
    assert "Right!" in t.out.value and "B12" in t.out.value
    t.new.click()
    wrong = next(b for b in t.picks.children if b._nap_player != t.judgement.winner_name)
    wrong.click()
    assert "Not quite." in t.out.value


def test_stop_trainer(app):
    t = app.rules.trainers["stop"]
    t.contract.value = "Three"
    t.played.value = 3
    t.won.value = 3
    assert "Yes, the table may stop." in t.out.value
    t.won.value = 2
    assert "No, play on." in t.out.value and "B13" in t.out.value


def test_view_trainer_shows_only_own_cards(app):
    t = app.rules.trainers["view"]
    for seat in range(4):
        t.seat.value = seat
        faces = re.findall(r'data-card="(\w+)"', t.out.value)
        assert sorted(faces) == sorted(c.code for c in t.state.hands[seat])
        assert t.out.value.count("nap-card-back") == 15


def test_settlement_calculator(app):
    t = app.rules.trainers["settle"]
    t.size.value = 4
    t.declarer.value = 0
    t.contract.value = "Four"
    t.tricks.value = 4
    table = t.out.value.split("</table>")[0]
    assert re.findall(r"<td>([^<]*)</td>", table) == ["+12", "\u22124", "\u22124", "\u22124", "0"]
    assert "Sum" in table and "B15" in t.out.value and "B16" in t.out.value
    t.tricks.value = 3
    assert "\u221212" in plain(t.out.value)
    t.size.value = 7
    table = t.out.value.split("</table>")[0]
    assert re.findall(r"<td>([^<]*)</td>", table) == ["\u221224"] + ["+4"] * 6 + ["0"]  # each of six paid


def test_session_trainer(app):
    t = app.rules.trainers["session"]
    assert "Winner" in t.out.value
    first = t.out.value
    t.new.click()
    assert t.out.value != first


def test_quiz_answer_right_then_wrong_and_score(app):
    app.nav.value = "quiz"
    assert app.section == "quiz"
    quiz = app.quiz
    assert "Score: 0 of 0" in quiz.score.value
    q = quiz.card.question
    quiz.card.click(q.answer)
    assert "Score: 1 of 1" in quiz.score.value and "Right!" in quiz.card.feedback.value
    assert q.rule in quiz.card.feedback.value
    quiz.card.click(q.answer)  # a second click on the same question changes nothing
    assert "Score: 1 of 1" in quiz.score.value
    quiz.next.click()
    q2 = quiz.card.question
    wrong = next(c.value for c in q2.choices if c.value != q2.answer)
    quiz.card.click(wrong)
    assert "Score: 1 of 2" in quiz.score.value and "Not quite." in quiz.card.feedback.value
    quiz.prev.click()
    assert quiz.card.given == q.answer  # the answer is remembered


def test_quiz_reproducible_from_seed():
    a, b = ExplorerApp(seed=77), ExplorerApp(seed=77)
    assert a.quiz.run.questions == b.quiz.run.questions == make_quiz(77)
    a.quiz.seed.value = 78
    a.quiz.new.click()
    assert a.quiz.run.questions == make_quiz(78) and a.quiz.index == 0


def test_whole_quiz_answered(app):
    quiz = app.quiz
    for i in range(quiz.run.total):
        quiz.card.click(quiz.card.question.answer)
        if i < quiz.run.total - 1:
            quiz.next.click()
    assert quiz.run.finished and quiz.run.score == quiz.run.total
    assert f"Score: {quiz.run.total} of {quiz.run.total}" in quiz.score.value


def test_syllabus_table(app):
    app.nav.value = "syllabus"
    html = app.syllabus.table.value
    assert html.count("<tr>") == 1 + 17
    assert 'href="lesson.ipynb?step=' in html
    assert "A table has 3 to 7 players, not 8." in html


def test_language_switch_keeps_state(app):
    app.rules.show_rule("B11")
    app.quiz.card.click(app.quiz.card.question.answer)
    app.switch.widget.value = "es"
    assert app.language.code == "es"
    assert app.rules.rule == "B11" and app.quiz.run.answered == 1
    app.switch.widget.value = "en"
    assert "Rules and quizzes" in app.title.value


def test_from_environment_params():
    app = ExplorerApp.from_environment({"QUERY_STRING": "seed=12&rule=b11&section=quiz&lang=en"})
    assert app.seed == 12 and app.rules.rule == "B11" and app.section == "quiz"
    bad = ExplorerApp.from_environment({"QUERY_STRING": "seed=-4&rule=<x>&section=zzz&lang=xx"})
    assert bad.section == "rules" and bad.rules.rule == "B1" and bad.language.code == "en"
    assert 0 < bad.seed < 10_000
