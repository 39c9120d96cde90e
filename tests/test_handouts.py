"""Handouts (issue 16 part 3): the print-ready HTML of nap_teach.teach.handouts, checked against the engine."""
from __future__ import annotations

import html as std_html
import re

import pytest

from nap_teach.teach.course import load_course, load_lesson
from nap_teach.engine.explain import RecordError
from nap_teach.teach.handouts import (course_plan_html, deal_diagram_html, deal_from_link, deal_from_record,
                                handout_document, lesson_questions, lesson_summary_html, print_css,
                                rules_card_html, scoresheet_html, handout_stakes_html)
from nap_teach.words.i18n import translator
from nap_teach.teach.lesson.deal import load_worked_deal
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.engine.records import hand_to_record, record_to_link, session_to_record
from nap_teach.words.render import cards_text
from nap_teach.engine.cards import Card, sort_hand
from nap_teach.teach.handouts import rules_crib_html, stakes_strip_html
from nap_teach.engine.rules import rules_in_force
from nap_teach.words.rulebook import prose

LANGS = ("en", "es")


def text_of(fragment: str) -> str:
    """The words of a fragment as a reader sees them (tags dropped, entities read, SVG titles left out)."""
    fragment = re.sub(r"<svg.*?</svg>", " ", fragment, flags=re.S)
    return std_html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def hand_deals():
    out = [("worked", load_worked_deal())]
    for spec in load_course():
        out.extend((f"{spec.id}/{d.id}", d.hand) for d in spec.deals if d.hand is not None)
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("profile", [BRITISH, PUB], ids=["british", "pub"])
def test_b1_p1_the_rules_card_has_every_rule_of_the_profile_in_the_rulebook_words(profile, lang):
    tr = translator(lang)
    card = rules_card_html(profile, tr)
    words = text_of(card)
    rules = rules_in_force(profile)
    assert re.findall(r'data-rule="([BP]\d+)"', card) == rules
    for rule in rules:
        assert tr.rule_title(rule) in words
        for para in prose(rule, profile, tr):
            assert para in words, (rule, para)
    assert f'data-profile="{profile.name}"' in card and f'lang="{lang}"' in card


@pytest.mark.parametrize("profile", [BRITISH, PUB], ids=["british", "pub"])
def test_b6_p5_the_stakes_table_numbers_are_the_profiles(profile):
    table = handout_stakes_html(profile, translator("en"))
    rows = re.findall(r"<tr data-contract='([^']+)'>.*?<td class='nap-handout-num'>(\d+)</td>"
                      r"<td class='nap-handout-num'>(\d+)</td></tr>", table)
    assert rows == [(c.name, str(c.made), str(c.failed)) for c in profile.ladder]
    assert handout_stakes_html(profile, translator("en")) in rules_card_html(profile, translator("en"))


@pytest.mark.parametrize("name, state", hand_deals(), ids=[n for n, _ in hand_deals()])
def test_b12_the_deal_diagram_has_every_hand_call_and_trick_in_order(name, state):
    tr = translator("en")
    diagram = deal_diagram_html(state, tr)
    words = text_of(diagram)
    for player, hand in state.hands_by_name().items():
        assert f"data-player='{player}'" in diagram
    for hand in state.hands:
        for card in hand:
            assert cards_text([card]) in words
    assert diagram.count("<li data-call=") == len(state.calls)
    rows = re.findall(r"<tr data-trick='(\d)'>(.*?)</tr>", diagram)
    assert [int(n) for n, _ in rows] == [t.number for t in state.tricks]
    for (_, row), trick in zip(rows, state.tricks):
        cells = re.findall(r"<td>(.*?)</td>", row)
        assert text_of(cells[0]).strip() == state.players[trick.leader]
        assert text_of(cells[-1]).strip() == state.players[trick.winning]
        played = text_of(cells[1])
        assert [c.strip() for c in played.split(",")] == [
            f"{state.players[s]} {cards_text([c])}" for s, c in zip(trick.seats, trick.cards)]
        winner = re.search(r'<strong class="nap-handout-win">(.*?)</strong>', cells[1]).group(1)
        assert text_of(winner).strip() == f"{state.players[trick.winning]} {cards_text([trick.winning_card])}"


@pytest.mark.parametrize("name, state", hand_deals(), ids=[n for n, _ in hand_deals()])
def test_b16_the_deal_diagram_says_what_each_player_pays(name, state):
    diagram = deal_diagram_html(state, translator("en"))
    result = state.result()
    if state.passed_out:
        assert "Everyone passed" in diagram and "nap-handout-pay" not in diagram
        return
    tr = translator("en")
    for player, amount in result.settlement.items():
        assert re.search(rf"<tr data-player='{re.escape(player)}'><th scope='row'>[^<]+</th>"
                         rf"<td class='nap-handout-num'>{re.escape(tr.amount(amount))}</td>", diagram)
    assert ("The bid is made." in diagram) is bool(result.made)
    assert sum(result.settlement.values()) == 0


def test_b13_a_deal_stopped_by_agreement_says_so():
    spec = load_lesson("early-stop")
    for deal in spec.deals:
        assert deal.hand.stopped
        diagram = deal_diagram_html(deal.hand, translator("en"))
        assert f"agreed to stop after trick {len(deal.hand.tricks)}" in diagram


def test_b9_a_passed_out_deal_and_an_unfinished_one():
    passed = load_lesson("passed-out").deal("four-passes").hand
    assert "Everyone passed" in deal_diagram_html(passed, translator("en"))
    record = hand_to_record(load_worked_deal())
    record["play"] = record["play"][:6]
    unfinished = deal_from_record(record)
    text = deal_diagram_html(unfinished, translator("en"))
    assert "The play is not finished: 1 of 5 tricks played." in text and "nap-handout-pay" not in text


def test_a_deal_from_a_link_is_the_same_diagram_and_a_broken_link_is_refused():
    state = load_lesson("follow-suit").deals[0].hand
    code = record_to_link(hand_to_record(state))
    assert deal_diagram_html(deal_from_link(code), translator("es")) == deal_diagram_html(state, translator("es"))
    with pytest.raises(RecordError) as err:
        deal_from_link("not a deal!")
    assert err.value.explanation.key == "record.bad_link"
    assert "enlace" in err.value.text("es")
    with pytest.raises(RecordError):  # cut short when copied
        deal_from_link(code[:40])


def test_b1_names_are_text_in_every_handout():
    record = hand_to_record(load_worked_deal())
    record["players"] = ["<b>A</b>", "O'Neil", "Jo & Al", "D"]
    record["hands"] = dict(zip(record["players"], record["hands"].values()))
    record["dealer"] = "D"
    diagram = deal_diagram_html(deal_from_record(record), translator("en"))
    assert "<b>A</b>" not in diagram and "&lt;b&gt;A&lt;/b&gt;" in diagram and "Jo &amp; Al" in diagram
    sheet = scoresheet_html(BRITISH, translator("en"), players=["<i>x</i>", "B", "C"])
    assert "<i>x</i>" not in sheet and "&lt;i&gt;x&lt;/i&gt;" in sheet


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_summary_has_its_rules_deals_questions_and_mistakes(lang):
    tr = translator(lang)
    for spec in load_course():
        summary = lesson_summary_html(spec, tr)
        words = text_of(summary)
        assert tr.gettext(spec.title) in words and tr.gettext(spec.summary) in words
        assert tr.gettext(spec.teaching.objective) in words
        for mistake in spec.teaching.mistakes:
            assert tr.gettext(mistake) in words
        assert re.findall(r'data-rule="([BP]\d+)"', summary) == list(spec.rules)
        assert re.findall(r"data-deal='([^']+)'", summary) == [d.id for d in spec.deals]
        questions = lesson_questions(spec, tr)
        assert len(questions) == sum(len(d.decisions) for d in spec.deals)
        for q in questions:
            assert q.prompt in words and q.answer in words
        for deal in spec.deals:
            if deal.hand is not None:
                assert summary.count("<tr data-trick=") >= len(deal.hand.tricks)


def test_b12_the_questions_carry_the_engines_answers():
    questions = lesson_questions(load_lesson("worked-deal"), translator("en"))
    first_trick = next(q for q in questions if q.place.startswith("Trick 1, card 4"))
    assert first_trick.answer == "Ann"  # Ann's ace of hearts takes the first trick of the worked deal
    pay = questions[-1]
    assert pay.place == "After the last card" and pay.answer == "Ann +12, Ben −4, Cat −4 and Dan −4"


def test_the_course_plan_lists_every_lesson_in_order_with_time_deals_questions_and_mistakes():
    tr = translator("es")
    specs = load_course()
    plan = course_plan_html(tr, href=lambda lesson, deal: f"handouts.ipynb?lang=es&lesson={lesson}"
                                                         + (f"&part={deal}" if deal else ""))
    assert re.findall(r"data-lesson='([^']+)'", plan) == [s.id for s in specs]
    total = sum(s.teaching.minutes for s in specs)
    assert f"unos {total} minutos" in plan
    for spec in specs:
        assert f"unos {spec.teaching.minutes} minutos" in plan
        for deal in spec.deals:
            assert f"lesson={spec.id}&amp;part={deal.id}" in plan
        for mistake in spec.teaching.mistakes:
            assert tr.gettext(mistake) in text_of(plan)


@pytest.mark.parametrize("profile", [BRITISH, PUB], ids=["british", "pub"])
def test_b1_a_blank_sheet_has_a_column_per_player_for_every_table_size(profile):
    tr = translator("en")
    for n in range(profile.min_players, profile.max_players + 1):
        sheet = scoresheet_html(profile, tr, players=n, rows=10)
        # a line to write each name on, "Player 1" ... small under it; paid and balance in cells of their own
        assert re.findall(r"nap-sheet-to-name' data-player='([^']+)'>", sheet) == [f"Player {i + 1}" for i in range(n)]
        assert sheet.count("<tr class='nap-handout-blank'>") == 10
        assert sheet.count("<td></td>") == 10 * (4 + n) and sheet.count("<td class='nap-sheet-balance'></td>") == 10 * n
        assert sheet.count("<col class='nap-col-paid'><col class='nap-col-balance'>") == n
        assert sheet.count(">paid</th>") == n and sheet.count(">balance</th>") == n
        assert "nap-handout-landscape" in sheet and "Table:" in sheet and "Date:" in sheet
        assert stakes_strip_html(profile, tr) in sheet  # the stakes along the foot
        for c in profile.ladder:
            assert f"<strong>{tr.call(c.name)}</strong> {c.made} / {c.failed}" in sheet
        named = scoresheet_html(profile, tr, players=[f"P{i}" for i in range(n)])
        assert re.findall(r"class='nap-sheet-player' data-player='([^']+)'>P", named) == [f"P{i}" for i in range(n)]
    for bad in (profile.min_players - 1, 8):
        with pytest.raises(ValueError):
            scoresheet_html(profile, tr, players=bad)
    with pytest.raises(ValueError):
        scoresheet_html(profile, tr, players=4, rows=0)


def test_b17_a_filled_sheet_is_the_sessions_ledger():
    from nap_teach.engine.records import session_from_record

    session = load_lesson("session-ledger").deal("eight-deals").session
    again = session_from_record(session_to_record(session))  # as from a nap-session/1 file
    tr = translator("en")
    sheet = scoresheet_html(BRITISH, tr, session=again)
    assert sheet.count("<tr data-entry=") == len(session.ledger())
    for row in session.ledger():
        for player in session.players:
            assert (f"<td class='nap-handout-num'>{tr.amount(row.settlement[player])}</td>"
                    f"<td class='nap-handout-num nap-sheet-balance'>{tr.amount(row.balances[player])}</td>") in sheet
    foot = re.search(r"<tfoot>(.*)</tfoot>", sheet).group(1)
    assert re.findall(r"nap-handout-win'>([^<]+)<", foot) == [tr.amount(session.balances[p]) for p in session.players]
    assert tr.explain(session.standing()) in sheet and "Ann and Ben" in sheet


def test_p8_a_pub_session_sheet_marks_the_extra_hand():
    session = load_lesson("pub-session").deal("chips-and-a-tie").session
    sheet = scoresheet_html(PUB, translator("es"), session=session)
    assert "mano de desempate" in sheet and 'data-profile="pub"' in sheet


def test_the_page_around_a_handout_sets_the_paper():
    assert "size: A4" in print_css("a4") and "size: letter" in print_css("letter")
    page = handout_document(rules_card_html(BRITISH, translator("es")), title="Reglas", lang="es", paper="letter")
    assert page.startswith("<!DOCTYPE html><html lang=\"es\">") and "size: letter" in page
    assert "break-inside: avoid" in page and "<title>Reglas</title>" in page


@pytest.mark.parametrize("profile", [BRITISH, PUB], ids=["british", "pub"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_b6_b11_b12_the_crib_has_one_line_per_call_and_the_play_in_few_words(profile, lang):
    tr = translator(lang)
    crib = rules_crib_html(profile, tr)
    assert crib.count("class='nap-crib-call'") == len(profile.ladder)
    for c in profile.ladder:  # in ladder order, each with what it pays
        assert f"data-contract='{c.name}'><strong>{tr.call(c.name)}</strong>" in crib
    order = [crib.index(f"data-contract='{c.name}'") for c in profile.ladder]
    assert order == sorted(order)
    words = {"en": ("Follow the suit led", "trump for the whole deal", "A K Q J 10 9 8 7 6 5 4 3 2"),
             "es": ("Sigue el palo de salida", "triunfo durante toda la mano", "A K Q J 10 9 8 7 6 5 4 3 2")}[lang]
    for w in words:
        assert w in crib
    early = tr.gettext("Early stop: once the result cannot change, the table may stop if everyone agrees.")
    assert (early in crib) == profile.early_stop  # B13; the pub rules play all five (P6)
    if profile is PUB:  # Misère: no trump, and Wellington / Blücher only after the call below
        assert tr.gettext("only after someone has bid {call}").format(call=tr.call("Wellington")) in crib
        assert tr.call("Misere") in crib and "Misere" not in crib.replace("data-contract='Misere'", "")


def test_the_learners_sheet_asks_every_question_with_room_and_gives_no_answer():
    spec = load_lesson("auction")
    tr = translator("en")
    sheet = lesson_summary_html(spec, tr, learners=True)
    teacher = lesson_summary_html(spec, tr)
    questions = lesson_questions(spec, tr)
    assert 'data-version="learners"' in sheet and 'data-version="teacher"' in teacher
    assert sheet.count("<div class='nap-answer-space'></div>") == len(questions)
    for q in questions:
        assert q.prompt in sheet and q.answer in teacher
    assert "nap-handout-questions'" not in sheet and "Answer" not in sheet  # no answer column, no answer
    assert "The tricks" not in sheet and "The result" not in sheet  # the hands only: the play is the lesson
    for deal in spec.deals:
        for hand in deal.hand.hands:
            assert cards_text(sort_hand(hand)) in sheet


def test_a_which_card_answer_lists_every_card_that_keeps_the_best_result():
    """Issue 25: the printed answer to "which card would you play" names every card as good as the book's."""
    from nap_teach.ai.solver import card_values
    from nap_teach.teach.lesson import Lesson
    from nap_teach.teach.lesson.decide import ask

    tr = translator("en")
    found = 0
    for spec in load_course():
        for deal in spec.deals:
            if deal.hand is None:
                continue
            lesson = Lesson(deal.hand)
            for decision in deal.decisions:
                if decision.kind != "card":
                    continue
                q = ask(lesson, decision)
                values = card_values(q.state)
                best = q.best_cards()
                assert best[0] == q.answer[0]  # the book's card first
                book = values[Card.parse(q.answer[0])]
                assert all(values[Card.parse(c)] == book for c in best)
                assert {c.code for c, v in values.items() if v == book} == set(best)
                if len(best) > 1:
                    found += 1
                    others = tr.join(cards_text([Card.parse(c)]) for c in best[1:])
                    answer = f"{cards_text([Card.parse(best[0])])}, or as good: {others}"
                    assert answer in lesson_summary_html(spec, tr)  # the teacher's summary
                    assert answer in course_plan_html(tr, lessons=[spec])  # and the lesson plan
    assert found >= 1  # some lesson has a card question where another card is just as good


def test_the_plan_proposes_evenings_a_first_one_for_beginners_and_the_pub_rules_apart():
    from nap_teach.teach.handouts import evenings

    course = load_course()
    nights = evenings(course)
    assert [s.id for e in nights for s in e.lessons] == [s.id for s in course]  # every lesson once, in order
    first = nights[0]
    assert first.number == 1 and not first.pub and first.lessons[0].id == "worked-deal"
    assert 60 <= first.minutes <= 100  # two hours with the free play
    assert all(e.minutes <= 110 for e in nights)
    pub = [e for e in nights if e.pub]
    assert pub and all(s.profile is PUB or s.profile.name == "pub" for e in pub for s in e.lessons)
    assert all(s.profile.name == "british" for e in nights if not e.pub for s in e.lessons)
    for lang in ("en", "es"):
        tr = translator(lang)
        plan = course_plan_html(tr)
        assert plan.count("class='nap-plan-evening'") == len(nights)
        assert tr.gettext("the first evening, for complete beginners") in plan
        assert tr.gettext("the pub rules, an evening of their own") in plan


@pytest.mark.parametrize("learners", range(3, 71))
def test_b1_a_room_sits_at_tables_of_three_to_seven(learners):
    from nap_teach.teach.handouts import table_sizes

    sizes = table_sizes(learners)
    assert sum(sizes) == learners and all(3 <= n <= 7 for n in sizes) and max(sizes) - min(sizes) <= 1


def test_the_materials_are_counted_for_the_room():
    from nap_teach.teach.handouts import evenings, table_sizes

    tr = translator("en")
    plan = course_plan_html(tr, learners=12)
    course = load_course()
    prepared = sum(1 for s in course for d in s.deals if d.hand is not None)
    assert "Materials for 12 learners" in plan and "data-learners='12'" in plan
    for line in ("3 tables (4, 4 and 4 players).", "4 packs of 52 cards", "12 rules cribs",
                 "3 rules cards", f"{3 * len(evenings(course))} scoresheets", f"{3 * prepared} deal diagrams"):
        assert line in plan, line
    assert "2 tables (5 and 5 players)." in course_plan_html(tr, learners=10)
    spanish = course_plan_html(translator("es"), learners=3)
    assert "Material para 3 alumnos" in spanish and "1 mesa (3 jugadores)." in spanish
    for bad in (2, 71, True, "12"):
        with pytest.raises(ValueError):
            table_sizes(bad)


def test_b3_every_prepared_deal_has_a_dealing_guide_seat_by_seat():
    from nap_teach.teach.handouts import dealing_guide_html

    tr = translator("en")
    plan = course_plan_html(tr)
    for spec in load_course():
        for deal in spec.deals:
            if deal.hand is None:
                continue
            state = deal.hand
            guide = dealing_guide_html(state, tr)
            assert guide in plan
            assert f"{state.players[state.dealer]} deals." in guide
            first = state.players[(state.dealer + 1) % state.n]
            assert f"<strong>{first}</strong> (the dealer&#x27;s left)" in guide or \
                   f"<strong>{first}</strong> (the dealer's left)" in guide
            for seat, hand in enumerate(state.hands):
                assert f"<strong>{state.players[seat]}</strong>" in guide and cards_text(sort_hand(hand)) in guide
            assert f"The other {state.profile.unused_cards(state.n)} cards stay face down" in guide


def test_lesson_1_uses_the_names_of_the_other_lessons():
    tr = translator("en")
    course = load_course()
    names = {p for s in course[1:] for d in s.deals if d.hand is not None and d.hand.n == 4 for p in d.hand.players}
    first = course[0].deals[0].hand
    assert set(first.players) <= names and first.players == ("Ann", "Ben", "Cat", "Dan")
    questions = lesson_questions(course[0], tr)
    assert any("Ann" in q.prompt for q in questions)
    assert not any(re.search(r"\b[ABCD]\b(?!♥|♠|♦|♣)", q.place + " " + q.prompt) for q in questions)
