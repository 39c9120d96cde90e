"""Issue 17 part 5 without a browser: card names in the page's language, and marks that are not colour alone."""
from __future__ import annotations

import re

import pytest

from nap_teach.engine.cards import Card, Suit
from nap_teach.words.i18n import translator
from nap_teach.words.render import MARK_WORDS, card_svg, hand_html, mark_word, trick_html
from nap_teach.ui.base import label_controls, plain_text
from nap_teach.ui.explorer import ExplorerApp
from nap_teach.ui.lesson import LessonApp
from nap_teach.ui.play import PlayApp
from nap_teach.ui.scorekeeper import ScorekeeperApp

import ipywidgets as W

NAMES = {"en": "queen of hearts", "es": "reina de corazones"}


def labels(markup: str) -> list[str]:
    return re.findall(r'aria-label="([^"]*)"', markup)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_svg_card_is_named_in_the_page_language(lang):
    tr = translator(lang)
    queen = Card.parse("QH")
    assert labels(card_svg(queen, tr=tr)) == [NAMES[lang]]
    assert f"<title>{NAMES[lang]}</title>" in card_svg(queen, tr=tr)
    row = hand_html([queen, Card.parse("AS")], tr=tr, label="x")
    assert labels(row)[1:] == [NAMES[lang], tr.card_words(Card.parse("AS"))]
    trick = trick_html(["Ann", "Ben"], [queen, None], tr=tr)
    assert NAMES[lang] in labels(trick)[0]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_trump_winner_and_led_card_are_said_and_drawn_not_only_coloured(lang):
    tr = translator(lang)
    queen, ten = Card.parse("QH"), Card.parse("10S")
    markup = trick_html(["Ann", "Ben"], [ten, queen], tr=tr, winning=1, trump=Suit.HEARTS)
    names = labels(markup)
    assert names[0] == f"{tr.card_words(ten)} ({mark_word('led', tr)})"
    assert names[1] == f"{NAMES[lang]} ({mark_word('trump', tr)}, {mark_word('winning', tr)})"
    # shapes on the cards: the star of the winner, the "T" disc of a trump, the dot of the led card
    assert 'class="nap-mark-winning"' in markup and 'class="nap-mark-trump"' in markup
    assert 'class="nap-mark-led"' in markup
    # and the winner in words under its card
    assert f'<div class="nap-slot-badge">{mark_word("winning", tr)}</div>' in markup
    if lang == "es":
        assert mark_word("trump", tr) == "triunfo" and mark_word("winning", tr) == "gana la baza"
    assert set(MARK_WORDS) >= {"winning", "trump", "led", "playable", "disabled"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_play_table_names_the_cards_and_marks_what_may_not_be_played(lang):
    app = PlayApp(lang=lang)
    app.setup.start.click()
    state = app.board.view.state
    tr = translator(lang)
    assert state["winning_label"] == mark_word("winning", tr)
    assert state["hand"], "the learner holds cards"
    for entry in state["hand"]:
        card = Card.parse(entry["code"])
        assert entry["label"] == tr.card_words(card)
        assert entry["illegal_label"] == tr.gettext("{card}: not playable now").format(card=entry["label"])
        assert card.code in entry["svg"] and tr.card_words(card) in entry["svg"]


def test_explorer_answers_carry_a_tick_or_a_cross():
    app = ExplorerApp(lang="en", seed=5)
    app.nav.value = "quiz"
    card = app.quiz.card
    question = card.question
    wrong = next(b for b in card._buttons if b._nap_value != question.answer)
    wrong.click()
    by_value = {b._nap_value: b.description for b in card._buttons}
    assert by_value[question.answer].startswith("\u2713 ")
    assert by_value[wrong._nap_value].startswith("\u2717 ")
    assert 'class="nap-verdict-mark" aria-hidden="true">\u2717 </span>Not quite.' in card.feedback.value


def test_lesson_question_feedback_carries_a_tick_or_a_cross():
    app = LessonApp(lang="es", course="pub-session")
    asking = app.mode.question
    assert asking.ask is not None
    asking._on_check()
    assert "nap-verdict-mark" in asking.feedback.value
    assert ("\u2717 " in asking.feedback.value) or ("\u2713 " in asking.feedback.value)


def test_controls_are_named_after_the_label_beside_them_and_follow_it():
    label, box = W.HTML("<b>Rules:</b>"), W.Dropdown(options=["a", "b"])
    root = W.VBox([W.HBox([label, box])])
    label_controls(root)
    assert box.description == "Rules" and "nap-sr-named" in box._dom_classes
    label.value = "Reglas:"
    assert box.description == "Reglas"
    named = W.Dropdown(options=["a"], description="Visible")
    label_controls(W.HBox([W.HTML("Other"), named]))
    assert named.description == "Visible" and "nap-sr-named" not in named._dom_classes
    assert plain_text("<p>Tricks &amp; more:</p>") == "Tricks & more"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_scorekeeper_form_controls_all_have_names(lang):
    app = ScorekeeperApp(lang=lang, players=["Ann", "Ben", "Cat"])
    app.setup.start.click()
    unnamed = []
    stack = [app.widget]
    while stack:
        w = stack.pop()
        stack.extend(getattr(w, "children", ()) or ())
        if isinstance(w, (W.Dropdown, W.IntText, W.BoundedIntText, W.Text, W.Textarea)) and not w.description:
            unnamed.append(w._dom_classes)
    assert not unnamed, unnamed
