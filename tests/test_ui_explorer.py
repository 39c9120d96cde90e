"""The rules explorer driven from Python: trainers, quiz, syllabus, language switch."""
from __future__ import annotations

import html
import re

import pytest

from nap_teach.engine.cards import Card
from nap_teach.engine.profiles import BRITISH
from nap_teach.teach.quiz import make_quiz
from nap_teach.teach.syllabus import profile_rules
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


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_wrong_quiz_answer_in_the_explorer_says_why_that_choice_is_wrong(lang):
    from nap_teach.words.i18n import translator

    app = ExplorerApp(lang=lang, seed=5)
    app.nav.value = "quiz"
    quiz, tr = app.quiz, translator(lang)
    for i in range(quiz.run.total):
        q = quiz.card.question
        wrong = next(c for c in q.choices if c.value != q.answer)
        quiz.card.click(wrong.value)
        text = html.unescape(plain(quiz.card.feedback.value))
        reason = tr.explain(q.reason(wrong.value))
        assert "nap-ex-why" in quiz.card.feedback.value and reason in text
        assert tr.explain(wrong.label) in reason
        if i + 1 < quiz.run.total:
            quiz.next.click()
    assert quiz.run.score == 0


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


# ------------------------------------------------------------------ pub rules
@pytest.fixture
def pub_app() -> ExplorerApp:
    return ExplorerApp.from_environment({"QUERY_STRING": "profile=pub&seed=11"})


def test_profile_parameter_is_validated():
    assert ExplorerApp.from_environment({"QUERY_STRING": "profile=bridge&seed=3"}).profile.name == "british"
    app = ExplorerApp.from_environment({"QUERY_STRING": "profile=PUB&rule=p7&seed=3"})
    assert app.profile.name == "pub" and app.rules.rule == "P7"
    assert "Rules in force: Pub rules." in app.text and "profile=pub" in app.title.value


def test_every_pub_rule_is_explained_with_a_check_and_p_rules_with_an_example(pub_app):
    from nap_teach.engine.profiles import PUB

    rules = profile_rules(PUB)
    assert [v for _l, v in pub_app.rules.picker.options] == rules
    for rule in rules:
        pub_app.rules.picker.value = rule
        assert f">{rule}</span>" in pub_app.rules.text.value
        q = pub_app.rules.question.question
        assert q is not None and q.rule == rule, rule
        if rule.startswith("P"):
            assert "An example, run by the engine" in pub_app.rules.demo.value, rule
            assert f">{rule}</span>" in pub_app.rules.demo.value
        else:
            assert pub_app.rules.demo.value == ""
    pub_app.rules.picker.value = "P4"
    judge = one(pub_app.rules.slot, "nap-ex-misere")
    picks = find(judge, "nap-ex-misere-pick")
    trainer = pub_app.rules.trainers["misere"]
    right = trainer.judgement.winner_name
    next(b for b in picks if b.description == right).click()
    assert "Right!" in trainer.out.value and "Nothing is trump in Misère" in trainer.out.value
    pub_app.rules.question.click(pub_app.rules.question.question.answer)
    assert "Right!" in pub_app.rules.question.feedback.value


def test_renege_calculator_and_first_dealer_draw(pub_app):
    pub_app.rules.picker.value = "P7"
    calc = pub_app.rules.trainers["renege"]
    calc.contract.value = "Nap"
    calc.declarer.value = 0
    calc.offender.value = 2
    assert "+30" in calc.out.value and "Cat reneged against Ann" in calc.out.value
    calc.offender.value = 0
    assert "Ann, the declarer, reneged" in calc.out.value
    pub_app.rules.picker.value = "P1"
    draw = pub_app.rules.trainers["draw"]
    draw.draw.click()
    assert draw.count == 1 and "aces low" in draw.out.value and "Draw 1:" in draw.out.value


def test_switching_the_profile_rebuilds_every_panel(app):
    one(app.widget, "nap-ex-profile").value = "pub"
    assert app.profile.name == "pub" and "P4" in [v for _l, v in app.rules.picker.options]
    assert app.quiz.run.profile.name == "pub"
    app.profile_pick.value = "british"
    assert app.profile.name == "british" and "P4" not in [v for _l, v in app.rules.picker.options]
    assert "misere" not in app.rules.trainers


def test_compare_section_side_by_side_and_two_tariffs(pub_app):
    pub_app.nav.value = "compare"
    assert pub_app.compare.widget.layout.display in (None, "") and pub_app.rules.widget.layout.display == "none"
    table = pub_app.compare.table.value
    assert "data-topic='stakes:Nap'" in table and "10 made / 5 failed" in table and "5 made / 5 failed" in table
    assert "data-topic='stakes:Three'" not in table  # the same under both: not a difference
    assert "lowest card, aces low" in table and "by lot" in table
    c = pub_app.compare
    c.size.value, c.contract.value, c.tricks.value = 4, "Nap", 5
    assert "+15" in c.out.value and "+30" in c.out.value and "differently" in c.out.value
    c.tricks.value = 4
    assert "the same way" in c.out.value  # a failed Nap costs 5 per opponent under both
    c.contract.value = "Misere"
    c.tricks.value = 0
    assert "is not a bid under these rules" in c.out.value


def test_pub_syllabus_links_the_examples(pub_app):
    pub_app.nav.value = "syllabus"
    html = pub_app.syllabus.table.value
    assert html.count("nap-ex-example") == 9 and "rule=P4" in html and "profile=pub" in html
    assert "lesson.ipynb?step=" in html  # the B rules the pub profile keeps: the worked-deal lesson
