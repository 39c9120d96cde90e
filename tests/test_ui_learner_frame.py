"""Issue 26, the learner's frame, in the widgets (the browser tests are tests/browser/test_learner_frame.py)."""
from __future__ import annotations

import html
import json
import re

import pytest

from nap_teach.teach.course import load_course, load_lesson
from nap_teach.teach.lesson import default_lesson
from nap_teach.teach.lesson.player import LessonPlayer, LessonRun
from nap_teach.ui.landing import LandingPage
from nap_teach.ui.lesson import LessonApp
from nap_teach.ui.lesson.asking import amount_typed
from nap_teach.ui.play import PlayApp
from nap_teach.ui.progress import course_list_html
from nap_teach.teach.mastery import Progress
from nap_teach.words.i18n import translator


def plain(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def loaded(storage, value: str = "") -> None:
    """What a storage widget's browser side does on render: hands over localStorage's value."""
    storage.value = value
    storage.loaded = True


def answer_right(app: LessonApp) -> None:
    ask = app.mode.run.pending[1]
    panel = app.mode.question
    if ask.kind == "pay":
        for name, amount in zip(ask.options, ask.answer):
            panel._amounts[name].value = str(amount)
    else:
        for value, button in panel._toggles.items():
            button.value = value in ask.answer
    panel.check.click()
    assert "nap-ask-right" in panel.feedback.value


# ------------------------------------------------------------------ part 1: the bar
def test_part1_the_bar_holds_back_next_or_check_and_the_counter():
    app = LessonApp(lang="es", course="worked-deal")
    bar = app.steer
    assert "nap-lesson-bar" in bar._dom_classes and app.controls.widget in bar.children
    assert app.status.widget in bar.children  # the step's messages sit over the buttons
    buttons = app.controls.buttons.children
    assert buttons == (app.controls.back, app.mode.question.check, app.controls.next, app.controls.label)
    # a question waits before the first call: the bar offers Check, not Next
    assert app.mode.run.pending is not None
    assert app.mode.question.check.layout.display != "none" and app.controls.next.layout.display == "none"
    assert app.mode.question.check not in app.mode.question.widget.children  # one Check only, in the bar
    answer_right(app)
    assert app.mode.question.check.layout.display == "none" and app.controls.next.layout.display != "none"
    # the table before the narration, the question next to it
    order = [w._dom_classes[0] for w in app.widget.children]
    assert order.index("nap-card-table-box") < order.index("nap-ask") < order.index("nap-lesson-top")


# ------------------------------------------------------------- part 2: the marks
def test_part2_the_speaker_is_framed_and_the_described_card_outlined():
    app = LessonApp(lang="es")
    lesson = default_lesson()
    app.controls.next.click()  # step 2: the first call
    state = app.board.view.state
    step = lesson.step(1)
    assert step.kind == "call"
    acting = [s for s in state["seats"] if s["acting"]]
    assert [s["seat"] for s in acting] == [step.seat] and acting[0]["turn"]  # the speaker, not the next to speak
    assert "habla en este paso" in acting[0]["tags"]
    first_card = next(i for i in range(app.walk.count) if lesson.step(i).kind == "card")
    app.controls.number.value = str(first_card + 1)
    state = app.board.view.state
    seat, card = lesson.book.cards_played[0]
    assert state["described"] == {"seat": seat, "card": card.code} and state["described_label"] == "este paso"
    assert "este paso" in plain(app.legend.value) and "nap-legend-step" in app.legend.value


# ------------------------------------------------------- part 3: feedback in view
def test_part3_a_refusal_is_read_out_and_brought_into_view():
    app = PlayApp(lang="es")
    app.setup.players.value = 4
    app.setup.start.click()
    said, revealed = app.pagekeeper.said, app.pagekeeper.reveal_css
    app.board.receive({"type": "play", "card": "AS", "token": None})  # a card during the auction
    assert app.status.kind == "refused" and app.status.text
    assert app.pagekeeper.said != said and app.pagekeeper.said.split("\n", 1)[1] == app.status.text.rstrip(".:") or \
        app.status.text.startswith(app.pagekeeper.said.split("\n", 1)[1][:20])
    assert app.pagekeeper.reveal_css != revealed and app.pagekeeper.reveal_css.endswith(".nap-page-status .nap-msg")
    assert 'role="status"' not in app.status.widget.value  # the keeper's region reads it, not a second one
    # the message line sits under the card table while a game is on
    box = list(app.table_box.children)
    assert box.index(app.status.widget) == box.index(app.board.widget) + 1
    assert app.status.widget not in app.widget.children


def test_part3_part9_a_payment_typed_with_a_decimal_point_is_refused_in_words():
    app = LessonApp(lang="en", course="worked-deal")
    run = app.mode.run
    for _ in range(200):  # on to the first payment question
        pending = run.pending
        if pending is not None and pending[1].kind == "pay":
            break
        if pending is not None:
            answer_right(app)
        app.controls.next.click()
    ask = run.pending[1]
    panel = app.mode.question
    name = ask.options[0]
    panel._amounts[name].value = "12.7"
    for other in ask.options[1:]:
        panel._amounts[other].value = "0"
    before = (run.index, dict(run.first_try))
    panel.check.click()
    assert "“12.7” for " + name in plain(panel.feedback.value) and "not a whole number" in plain(panel.feedback.value)
    assert (run.index, dict(run.first_try)) == before  # nothing counted, nothing changed
    assert amount_typed("12.7") is None and amount_typed("−4") == -4


# ------------------------------------------------------------ part 4: the course
def test_part4_the_header_places_the_lesson_in_the_course_and_leads_to_the_next():
    app = LessonApp(lang="es", course="ruff-wins")
    nav = app.page_nav.widget.value
    assert "Lección 3 de 16" in plain(nav)
    assert 'href="lesson.ipynb?lang=es&amp;lesson=failed-contract"' in nav and "Siguiente lección" in plain(nav)
    last = LessonApp(lang="en", course=load_course()[-1].id)
    assert "Lesson 16 of 16" in plain(last.page_nav.widget.value) and "explorer.ipynb" in last.page_nav.widget.value


def test_part4_pub_lessons_are_marked_and_the_score_says_what_it_counts():
    markup = course_list_html(Progress(), translator("es"), "es")
    pub = [s.id for s in load_course() if s.profile.name == "pub"]
    assert pub and all(re.search(rf'data-lesson="{i}"[^>]*data-profile="pub"', markup) for i in pub)
    assert markup.count("reglas de pub") == len(pub)
    p = Progress()
    p.record_lesson("worked-deal", (9, 12), [("B11", True)], [])
    assert "done: 9 of 12 right at the first try" in plain(course_list_html(p, translator("en"), "en"))


def test_part4_the_front_page_puts_the_course_apart_from_the_tools_and_teachers_in_the_first_screen():
    page = LandingPage(lang="es")
    assert "nap-landing-tools" in page.lessons.value
    assert "nap-landing-teachers-jump" in page.title.value and "id='nap-for-teachers'" in page.teachers.value \
        or 'id="nap-for-teachers"' in page.teachers.value
    order = list(page.widget.children)
    assert order.index(page.course) < order.index(page.lessons)


# ------------------------------------------------------------- part 5: the place
def test_part5_a_lesson_goes_on_at_its_step_with_its_answers_after_a_reload():
    app = LessonApp(lang="en", course="worked-deal")
    loaded(app.mode.place_store)
    answer_right(app)
    app.controls.next.click()
    app.controls.next.click()
    kept = app.mode.place_store.value
    assert json.loads(kept)["index"] == 2
    again = LessonApp(lang="en", course="worked-deal")
    loaded(again.mode.place_store, kept)
    assert again.mode.run.index == 2 and again.mode.run.deal_score == (1, 1)
    assert "Step 3 of 27" in again.controls.label.value and "Welcome back" in again.status.text
    broken = LessonApp(lang="en", course="worked-deal")
    loaded(broken.mode.place_store, '{"format": "nap-lesson-place/1", "lesson": "worked-deal", "index": 999}')
    assert broken.mode.run.index == 0 and not broken.status.text  # not a place in this lesson: start afresh


def test_part5_a_place_of_another_lesson_or_with_a_wrong_answer_is_not_taken_up():
    run = LessonRun(LessonPlayer(load_lesson("worked-deal")))
    other = LessonRun(LessonPlayer(load_lesson("follow-suit")))
    assert not run.restore(other.place())
    record = run.place()
    record["quiz"] = [[0, "not a choice"]]
    assert not run.restore(record) and run.index == 0
    assert not run.restore("junk") and not run.restore({"format": "nap-lesson-place/1", "lesson": "worked-deal"})


def test_part5_a_game_is_kept_after_every_card_and_offered_back():
    app = PlayApp(lang="es")
    loaded(app.keep.store)
    app.setup.seed.value = "7"
    app.setup.start.click()
    table = app.table
    assert table is not None and app.pagekeeper.guard_text  # leaving asks first
    for _ in range(10):
        if table.pending == "call":
            table.call([o.call for o in table.call_options() if o.legal][-1])
            table.finish_bots()
        elif table.pending == "card":
            break
        app.render()
    if table.pending == "card":
        app._on_table_card(table.view().legal_cards[0].code, table.token)
    kept = json.loads(app.keep.store.value)
    assert kept["format"] == "nap-play-place/1" and kept["deal"] == 1
    back = PlayApp(lang="es")
    loaded(back.keep.store, app.keep.store.value)
    assert back.keep.box.layout.display != "none"
    assert "Continúa tu partida: mano 1 de" in plain(back.keep.offer.value)
    back.keep.resume.click()
    assert back.table is not None and back.table.state.actions == table.state.actions
    assert "Tu partida ha vuelto" in back.status.text
    gone = PlayApp(lang="en")
    loaded(gone.keep.store, '{"format": "nap-play-place/1", "over": false, "session": {"format": "junk"}, '
                            '"in_deal": true, "deal": 2, "deals": 8}')
    gone.keep.resume.click()
    assert gone.table is None and gone.status.kind == "refused" and "could not be taken up" in gone.status.text
    assert gone.keep.store.value == ""


def test_part5_the_language_switch_writes_the_address():
    app = LessonApp(lang="en")
    app.switch.widget.value = "es"
    assert app.pagekeeper.address == {"lang": "es"}


# ------------------------------------------------------------------- part 9: edges
def test_part9_the_step_box_of_a_course_lesson_takes_the_step_typed():
    app = LessonApp(lang="en", course="worked-deal")
    answer_right(app)
    app.controls.next.click()
    app.controls.number.value = "1"
    assert app.mode.run.index == 0
    app.controls.number.value = "2"
    assert app.mode.run.index == 1
    app.controls.number.value = "x"
    assert app.mode.run.index == 1 and app.status.kind == "refused" and "Step" in app.status.text
    app.controls.number.value = "27"  # a question before it waits: said
    assert app.status.kind == "refused" and "Answer the question first" in app.status.text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_part9_the_keys_hint_is_apart_from_the_tap_hint(lang):
    app = PlayApp(lang=lang)
    app.setup.start.click()
    table = app.table
    for _ in range(10):
        if table.pending == "call":
            table.call([o.call for o in table.call_options() if o.legal][0])
            table.finish_bots()
        app.render()
        if table.pending == "card" or table.pending in ("deal", "deal_over"):
            break
    if table.pending == "card":
        state = app.board.view.state
        assert state["hint"] and state["hint_keys"] and state["hint_keys"] not in state["hint"]


def test_part4_question_kinds_to_review_open_a_quiz_of_exactly_those_kinds():
    page = LandingPage(lang="en")
    p = Progress()
    p.record_lesson("worked-deal", (5, 8), [("B12", False)], [("trick_winner", False), ("may_bid", False)])
    loaded(page.store.widget, p.to_json())
    review = page.progress.review
    kinds = list(page.store.progress.review_kinds())
    assert kinds and review.open.layout.display != "none"
    assert f"({len(kinds)} question" in review.open.description
    review.open.click()
    assert [q.kind for q in review.questions] == kinds
    total = len(review.questions)
    for i in range(total):
        q = review.questions[i] if review.questions else None
        review.card.click(q.answer)
        if i + 1 < total:
            review.next.click()
    assert f"Review done: {total} of {total} right." in plain(review.done.value)


# ---------------------------------------------------------- part 6: problems on the table
def test_part6_a_problem_on_the_card_table_keeps_the_trick_that_beat_the_learner_until_they_go_on():
    from nap_teach.ui.problems import ProblemsApp

    held_seen = False
    for number in range(1, 11):
        app = ProblemsApp(lang="es", number=number)
        state = app.board.view.state
        assert any(f.startswith("Triunfo") for f in state["facts"])  # set, or "not set yet": said either way
        for _ in range(6):
            if app.run.over:
                break
            before = len(app.run.state.tricks)
            app.board.receive({"type": "play", "card": app.run.legal[-1].code, "token": None})
            if app.go_on.layout.display != "none":  # the solver led on: the finished trick is held on the table
                held_seen = True
                state = app.board.view.state
                assert not state["active"] and any("ganada por" in f for f in state["facts"])
                last = app.run.state.tricks[before]
                assert [p["card"]["code"] for p in state["plays"]][-app.run.state.n:] == [c.code for c in last.cards]
                app.go_on.click()
                assert app.go_on.layout.display == "none" and app.board.view.state["active"] == (
                    app.run.state.to_act == app.run.learner and not app.run.over)
        if held_seen:
            break
    assert held_seen
    app.board.receive({"type": "play", "card": "ZZ", "token": None})  # a forged card: refused in words
    assert app.status.kind == "refused"


# --------------------------------------------------------------- part 7: the odds lab
def test_part7_a_hand_chosen_by_tapping_cards_and_numbers_in_the_languages_format():
    from nap_teach.ui.odds import OddsApp

    app = OddsApp(lang="es", seed=1)
    picker = app.picker.widget  # one widget for the 52 cards: its taps arrive as messages from the browser
    assert [len(row) for row in picker.cards] == [13, 13, 13, 13]
    assert picker.label.startswith("La baraja:")  # the group's accessible name, in the page's language
    assert picker.css == "nap-odds-pick" and picker.picked_css == "nap-odds-picked"  # the classes the page's tests find
    for code in ("AS", "KS", "QS", "JS", "10S"):
        app.picker.receive({"type": "pick", "card": code})
    assert app.hand_box.value == "A♠ K♠ Q♠ J♠ 10♠"  # as symbols: they read the same in every language
    assert set(picker.picked) == {"AS", "KS", "QS", "JS", "10S"}  # drawn picked (nap-odds-picked, a check mark)
    ace = next(card for row in picker.cards for card in row if card["code"] == "AS")
    assert ace["label"] == "as de picas" and ace["text"].startswith("A")  # the card's name in the page's language
    assert ace["picked_label"].startswith("as de picas:") and ace["picked_label"] != ace["label"]
    app.picker.receive({"type": "pick", "card": "2H"})  # a sixth card: refused in words, the hand unchanged
    assert app.status.kind == "refused" and app.hand_box.value == "A♠ K♠ Q♠ J♠ 10♠"
    assert "2H" not in picker.picked
    app.picker.receive({"type": "pick", "card": "JS"})  # tapped again: taken back
    assert app.hand_box.value == "A♠ K♠ Q♠ 10♠" and "JS" not in picker.picked
    app.hand_box.value = "AS KS QS JS 2H"  # typed: the picker follows
    assert set(picker.picked) == {"AS", "KS", "QS", "JS", "2H"}
    for forged in ({"type": "pick", "card": "ZZ"}, {"type": "pick", "card": 7}, {"type": "pick", "card": ["AS"]},
                   {"type": "play", "card": "3C"}, "3C", None, {"type": "pick", "card": "3C", **{str(i): i for i in range(9)}}):
        app.status.clear()
        app.picker.receive(forged)  # not a card of the pack, or not the picker's message: refused, nothing changed
        assert app.status.kind == "refused", forged
        assert app.hand_box.value == "AS KS QS JS 2H" and set(picker.picked) == {"AS", "KS", "QS", "JS", "2H"}
    app.language.set("en")  # another language: the cards' names follow, the choice stays
    ace = next(card for row in picker.cards for card in row if card["code"] == "AS")
    assert ace["label"] == "ace of spades" and set(picker.picked) == {"AS", "KS", "QS", "JS", "2H"}
    app.language.set("es")
    app.layouts.value = 200
    app.run.click()
    table = app.table.value
    assert re.search(r"\d+,\d", table) and not re.search(r"\d\.\d", table)  # the decimal comma, in Spanish
    assert "nap-odds-num" in table


def test_part2_a_questions_verdict_outlines_the_cards_and_seats_it_names_on_the_table():
    """Issue 26 part 2: a wrong answer to "which cards may be played" outlines the card chosen wrongly ("your
    answer") and the cards missed ("the answer"); "who wins the trick" frames the player chosen and the winner; the
    marks go when the lesson moves on, and the legend draws the same mark, in both languages."""
    for lang, yours, right in (("en", "your answer", "the answer"), ("es", "tu respuesta", "la respuesta")):
        app = LessonApp(lang, course="worked-deal")
        mode = app.mode
        assert yours in app.legend.value and right in app.legend.value and "nt-legend-named" in app.legend.value
        seen = set()
        for _ in range(60):
            pending = mode.run.pending
            if pending is not None:
                ask = pending[1]
                wrong = [o for o in ask.options if o not in ask.answer]
                if ask.kind in ("playable", "trick_winner") and ask.kind not in seen and wrong:
                    seen.add(ask.kind)
                    for value, button in mode.question._toggles.items():
                        button.value = value == wrong[0]
                    mode.question.check.click()
                    state = app.board.view.state
                    if ask.kind == "playable":
                        assert state["named"][wrong[0]] == yours
                        assert all(state["named"][code] == right for code in ask.answer)
                    else:
                        names = {s["name"]: s["named"] for s in state["seats"] if s["named"]}
                        assert names == {wrong[0]: yours, ask.answer[0]: right}
                        assert yours in state["named"].values() and right in state["named"].values()
                answer_right(app)
            if mode.run.at_end or seen == {"playable", "trick_winner"}:
                break
            app.controls.next.click()
            assert app.board.view.state["named"] == {}  # the marks go with the verdict
        assert seen == {"playable", "trick_winner"}
