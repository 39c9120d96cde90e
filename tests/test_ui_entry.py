"""The lesson page's "Your own deal" editor driven from Python: cards picked, calls and cards clicked, refusals read."""
from __future__ import annotations

import base64
import datetime
import html
import json
import random
import re

import pytest

from nap_teach.engine.cards import Card
from nap_teach.teach.lesson.deal import load_worked_deal
from nap_teach.engine.records import hand_to_record, record_to_link
from nap_teach.ui.lesson import LessonApp

C = Card.parse


def plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.fixture
def app() -> LessonApp:
    page = LessonApp()
    page.editor.rng = random.Random(7)
    page.editor.open.value = True
    return page


def snapshot(app: LessonApp) -> tuple:
    e = app.editor.entry
    return e.profile, e.players, e.dealer, e.hands, e.actions


def pick(app: LessonApp, code: str) -> None:
    app.editor.picks[C(code)].click()


def click_class(box, css: str) -> None:
    matches = [b for b in box.children if css in b._dom_classes]
    assert len(matches) == 1, (css, [b._dom_classes for b in box.children])
    matches[0].click()


def enter_worked_deal(app: LessonApp) -> None:
    """The worked deal entered by clicking: every card of every hand in the picker, then calls and cards."""
    book = load_worked_deal()
    ed = app.editor
    for seat, hand in enumerate(book.hands):
        assert ed.seat.value == seat  # the picker moves on by itself once a hand is full
        for card in hand:
            pick(app, card.code)
    for action in book.actions:
        if isinstance(action, Card):
            click_class(ed.cards, f"nap-entry-card-{action.code}")
        else:
            click_class(ed.calls, f"nap-entry-call-{action.name}")
        assert ed.status.kind != "refused", ed.status.text


def test_every_editor_widget_has_its_stable_class(app):
    ed = app.editor
    for widget, css in ((ed.widget, "nap-entry"), (ed.open, "nap-entry-open"), (ed.profile, "nap-entry-profile"),
                        (ed.misere, "nap-entry-misere"), (ed.count, "nap-entry-count"), (ed.names, "nap-entry-names"),
                        (ed.dealer, "nap-entry-dealer"), (ed.seat, "nap-entry-seat"), (ed.picker, "nap-entry-picker"),
                        (ed.hands, "nap-entry-hands"), (ed.turn, "nap-entry-turn"), (ed.stop, "nap-entry-stop"),
                        (ed.log, "nap-entry-log"), (ed.undo, "nap-entry-undo"), (ed.random, "nap-entry-random"),
                        (ed.clear, "nap-entry-clear"), (ed.teach, "nap-entry-teach"), (ed.upload, "nap-entry-upload"),
                        (ed.status.widget, "nap-entry-status"), (app.worked, "nap-entry-worked")):
        assert css in widget._dom_classes, css
    assert len(ed.picks) == 52
    assert all("nap-entry-free" in b._dom_classes for b in ed.picks.values())
    for widget in (ed.profile, ed.count, ed.names, ed.dealer, ed.seat):
        assert widget.description  # every control has a visible label


def test_b1_b5_the_worked_deal_entered_by_clicking_is_narrated_like_the_book(app):
    enter_worked_deal(app)
    ed = app.editor
    assert ed.entry.problem() is None
    assert "nap-entry-taken" in ed.picks[C("10H")]._dom_classes
    ed.teach.click()
    assert app.own and app.walk.count == 27
    assert "Your deal, step by step" in app.title.value
    assert app.lesson.book.actions == load_worked_deal().actions
    for _ in range(5):
        app.controls.next.click()
    assert "hearts are trump" in plain(app.explanation.widget.value)
    app.controls.jump.value = "result"
    assert "Four is made" in plain(app.explanation.widget.value)
    app.controls.number.value = "27"
    assert "Could it have been made?" in plain(app.postmortem.widget.value)  # the solver's verdict at the end
    app.worked.click()
    assert not app.own and "A worked deal" in app.title.value
    assert ed.entry.problem() is None  # the entered deal stays in the editor


def test_b1_a_card_given_twice_is_refused_with_the_holder_and_nothing_changes(app):
    ed = app.editor
    pick(app, "AS")
    ed.seat.value = 2
    before = snapshot(app)
    pick(app, "AS")
    assert ed.status.kind == "refused"
    assert "A already holds the ace of spades" in ed.status.text
    assert snapshot(app) == before
    app.language.set("es")
    pick(app, "AS")
    assert "as de picas" in ed.status.text and snapshot(app) == before


def test_b3_a_sixth_card_and_a_call_before_the_hands_are_full_are_refused(app):
    ed = app.editor
    for code in ("2C", "3C", "4C", "5C", "6C"):
        pick(app, code)
    assert ed.seat.value == 1
    ed.seat.value = 0
    before = snapshot(app)
    pick(app, "7C")
    assert ed.status.text == "A already holds five cards: everyone is dealt exactly five. [B3]"
    assert snapshot(app) == before
    ed.teach.click()
    assert "B holds 0 cards, not five" in ed.status.text and not app.own
    pick(app, "6C")  # a second click on a card of the chosen hand takes it back
    assert C("6C") not in ed.entry.hands[0] and "nap-entry-free" in ed.picks[C("6C")]._dom_classes


def test_b11_an_illegal_card_is_refused_with_the_rule_and_nothing_changes(app):
    ed = app.editor
    book = load_worked_deal()
    for seat, hand in enumerate(book.hands):
        for card in hand:
            pick(app, card.code)
    for action in book.actions:
        state = ed.entry.state
        illegal = [b for b in ed.cards.children if "nap-entry-illegal" in b._dom_classes]
        if illegal:
            break
        ed.act(action)
    before = snapshot(app)
    illegal[0].click()
    assert ed.status.kind == "refused" and ed.status.text.endswith("[B11]")
    assert "follow" in ed.status.text.lower()
    assert snapshot(app) == before
    assert state.phase == "play"


def test_b5_undo_random_and_clear(app):
    ed = app.editor
    pick(app, "KD")
    ed.random.click()
    assert ed.entry.missing == 0 and C("KD") in ed.entry.hands[0]
    click_class(ed.calls, "nap-entry-call-Three")
    assert len(ed.entry.actions) == 1
    ed.undo.click()
    assert ed.entry.actions == () and ed.calls.children
    ed.undo.click()
    assert ed.entry.missing == 1
    ed.clear.click()
    assert ed.entry.missing == 20 and "Every hand is empty again" in ed.status.text
    ed.undo.click()
    assert ed.status.text == "There is nothing to take back."


def test_b1_the_table_settings_change_the_entry_or_are_refused_with_the_reason(app):
    ed = app.editor
    ed.count.value = 6
    assert ed.entry.players == ("A", "B", "C", "D", "E", "F")
    ed.names.value = "Ann, Ben, Cat, Dan, Eve, Fay"
    ed.dealer.value = 1
    assert ed.entry.players[0] == "Ann" and ed.entry.dealer == 1
    ed.seat.value = 5
    pick(app, "QH")
    before = snapshot(app)
    ed.count.value = 4
    assert "Fay still holds 1 card" in ed.status.text and ed.status.kind == "refused"
    assert snapshot(app) == before and ed.count.value == 6
    ed.names.value = "Ann, Ann, Cat, Dan, Eve, Fay"
    assert "different" in ed.status.text and snapshot(app) == before
    assert ed.names.value == "Ann, Ann, Cat, Dan, Eve, Fay"  # what was typed stays, to be corrected
    pick(app, "QS")
    assert ed.names.value == "Ann, Ann, Cat, Dan, Eve, Fay"
    ed.names.value = "Ann, Bea, Cat, Dan, Eve, Fay"
    assert ed.entry.players[1] == "Bea" and ed.status.kind != "refused"


def test_p4_pub_rules_offer_misere_and_its_stakes(app):
    ed = app.editor
    ed.profile.value = "pub"
    assert ed.misere.layout.display in (None, "")
    ed.misere.value = "10/5"
    assert ed.entry.profile.name == "pub" and ed.entry.profile.options["misere_stakes"] == "10/5"
    ed.random.click()
    click_class(ed.calls, "nap-entry-call-Misere")
    assert ed.entry.actions[-1].name == "Misere" and "nap-entry-call-Misere" not in str(
        [b._dom_classes for b in ed.calls.children])
    ed.profile.value = "british"
    assert ed.status.kind == "refused" and ed.entry.profile.name == "pub" and ed.profile.value == "pub"


def test_the_deal_saves_as_a_nap_hand_file_and_a_link(app):
    enter_worked_deal(app)
    ed = app.editor
    saved = ed.save.value
    data = re.search(r'href="data:application/json;base64,([^"]+)"', saved).group(1)
    record = json.loads(base64.b64decode(data))
    assert record == hand_to_record(load_worked_deal())
    link = re.search(r'class="nap-entry-link" href="([^"]+)"', saved).group(1)
    assert link.startswith("lesson.ipynb?deal=")
    opened = LessonApp.from_environment({"QUERY_STRING": html.unescape(link).split("?", 1)[1]})
    assert opened.own and opened.lesson.book.actions == load_worked_deal().actions
    app.language.set("es")
    assert "&amp;lang=es" in ed.save.value


def test_b1_a_broken_link_says_why_and_shows_the_worked_deal():
    code = record_to_link(hand_to_record(load_worked_deal()))
    page = LessonApp.from_environment({"QUERY_STRING": f"deal={code[:40]}&lang=es"})
    assert not page.own and page.editor.status.kind == "refused"
    assert "no lleva" in page.editor.status.text or "enlace" in page.editor.status.text
    assert "Traceback" not in page.editor.status.text
    assert page.walk.count == 27


def upload(ed, content: bytes) -> None:
    ed.upload.value = ({"name": "deal.json", "type": "application/json", "size": len(content),
                        "content": memoryview(content), "last_modified": datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)},)


def test_b3_a_nap_hand_file_loads_and_is_narrated_a_wrong_one_is_refused(app):
    ed = app.editor
    pick(app, "9S")
    before = snapshot(app)
    upload(ed, b'{"format": "nap-hand/1", "players": ["A"]')
    assert ed.status.kind == "refused" and "not valid JSON" in ed.status.text
    assert snapshot(app) == before
    bad = dict(hand_to_record(load_worked_deal()))
    bad["hands"] = dict(bad["hands"], B=bad["hands"]["B"][:4])
    upload(ed, json.dumps(bad).encode())
    assert "B must hold exactly 5 cards, not 4" in ed.status.text and snapshot(app) == before
    upload(ed, json.dumps(hand_to_record(load_worked_deal())).encode())
    assert app.own and ed.entry.problem() is None and app.walk.count == 27


# ---- issue 27 part 6: your own deal, finished --------------------------------------------------------------------

def test_a_title_and_notes_travel_into_the_file_the_link_the_heading_and_the_handout(app):
    from nap_teach.engine.records import record_from_link
    from nap_teach.ui.handouts import HandoutsApp

    ed = app.editor
    enter_worked_deal(app)
    ed.title_box.value = "  A's Four,   made!  "
    ed.notes_box.value = "Point at the club loser."
    assert ed.entry.title == "A's Four, made!" and ed.entry.notes == "Point at the club loser."
    assert 'download="nap-hand-a-s-four-made.json"' in ed.save.value
    data = re.search(r'href="data:application/json;base64,([^"]+)"', ed.save.value).group(1)
    record = json.loads(base64.b64decode(data))
    assert record["title"] == "A's Four, made!" and record["notes"] == "Point at the club loser."
    code = ed.share_link().split("deal=")[1]
    assert record_from_link(code)["title"] == "A's Four, made!"
    ed.teach.click()
    assert "A&#x27;s Four, made!" in app.title.value or "A's Four, made!" in app.title.value
    assert "Point at the club loser." in app.title.value
    app.presenter.set(True)  # the presenter heading is the page's heading
    assert "made!" in app.title.value and app.presenter.stage in app.widget.children
    # the same link opens the deal on another page with its title and notes
    other = LessonApp.from_environment({"QUERY_STRING": f"deal={code}"})
    assert other.editor.entry.title == "A's Four, made!" and "made!" in other.title.value
    sheet = HandoutsApp.from_environment({"QUERY_STRING": f"deal={code}"})
    assert "<h1>A&#x27;s Four, made!</h1>" in sheet.preview.value or "<h1>A's Four, made!</h1>" in sheet.preview.value
    assert "Point at the club loser." in sheet.preview.value
    assert ed.print_link() == f"handouts.ipynb?deal={code}" and 'class="nap-entry-print"' in ed.save.value


def test_a_title_too_long_or_on_two_lines_is_refused_and_nothing_changes(app):
    ed = app.editor
    enter_worked_deal(app)
    ed.title_box.value = "Kept"
    before = ed.save.value
    for bad in ("x" * 81, "two\nlines"):
        ed.title_box.value = bad
        assert ed.status.kind == "refused" and ed.entry.title == "Kept" and ed.title_box.value == "Kept"
        assert ed.save.value == before
    ed.notes_box.value = "y" * 301
    assert "At most 300 characters" in ed.status.text and ed.entry.notes == ""


def test_b11_played_cards_fade_and_each_hand_counts_down(app):
    ed = app.editor
    book = load_worked_deal()
    for seat, hand in enumerate(book.hands):
        for card in hand:
            pick(app, card.code)
    assert "5 of 5 cards" in plain(ed.hands.value) and "nap-entry-played" not in ed.hands.value
    for action in book.actions[:4 + 5]:  # the auction and the first trick, and A's lead to the second
        if isinstance(action, Card):
            click_class(ed.cards, f"nap-entry-card-{action.code}")
        else:
            click_class(ed.calls, f"nap-entry-call-{action.name}")
    hands = {m.group(1): m.group(0) for m in re.finditer(r'<div class="nap-entry-hand[^"]*" data-seat="(\w)">.*?</div>'
                                                         r'(?=<div class="nap-entry-hand|<p class="nap-entry-unused)',
                                                         ed.hands.value, re.S)}
    assert 'data-left="3"' in hands["A"] and "3 cards left" in plain(hands["A"])  # A has led twice
    assert 'data-left="4"' in hands["B"] and "4 cards left" in plain(hands["B"])
    assert "nap-entry-played" in hands["A"]
    assert 'aria-label="played: A♥, K♥"' in html.unescape(hands["A"]).replace("\ufe0e", "")  # faded, in sight


def test_b15_a_complete_deal_says_its_result_and_only_then_may_be_taught(app):
    ed = app.editor
    assert ed.teach.disabled and "Not yet" in ed.teach.tooltip
    enter_worked_deal(app)
    assert not ed.teach.disabled
    assert plain(ed.result.value).strip() == ("Four is made: A took 4 tricks and receives 4 from each opponent, "
                                              "12 in all.")
    ed.undo.click()  # one card back: not complete, no result, Teach disabled again
    assert ed.result.value == "" and ed.teach.disabled
    es = LessonApp(lang="es")
    es.editor.open.value = True
    enter_worked_deal(es)
    assert "Four se cumple: A hizo 4 bazas y cobra 4 de cada rival, 12 en total." in plain(es.editor.result.value)


def test_a_new_seat_gets_a_name_that_does_not_clash(app):
    from nap_teach.ui.lesson.editor import new_names

    ed = app.editor
    ed.names.value = "Ann, Ben, Cat, E"
    ed.count.value = 5
    assert ed.entry.players == ("Ann", "Ben", "Cat", "E", "Eve") or len({p.casefold() for p in ed.entry.players}) == 5
    assert ed.status.kind != "refused"
    assert new_names(["A", "b", "C", "D"], 3) == ["E", "F", "G"]
    assert new_names(["a", "B", "c", "D", "e", "F"], 1) == ["G"]
    assert new_names(["Eve", "Ann", "Ben"], 2) == ["Cat", "Dan"]


def test_the_deal_link_has_a_copy_button_and_a_qr_code(app):
    from nap_teach.ui.sharing import CopyButton

    ed = app.editor
    assert not ed.copy.text  # nothing to share before every hand is full
    enter_worked_deal(app)
    assert isinstance(ed.copy, CopyButton) and ed.copy.text == ed.full_link()
    assert ed.full_link().startswith("http://") and ed.full_link().endswith(ed.share_link())
    assert f'value="{ed.full_link()}"' in html.unescape(ed.save.value) and 'class="nap-entry-url"' in ed.save.value
    assert "<svg" in ed.qr.value and "QR code of the link to this deal" in ed.qr.value
    assert ed.copy.label == "Copy the link" and ed.copy.select == ".nap-entry-url"
    app.language.set("es")
    assert ed.copy.label == "Copiar el enlace" and "lang=es" in ed.copy.text
