"""The engine's values drawn in Jupyter (_repr_svg_, _repr_html_; nap_teach/words/display.py)."""
from __future__ import annotations

import re
from pathlib import Path


from nap_teach.engine.cards import Card, Suit, parse_cards
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal
from nap_teach.words.i18n import translator
from nap_teach.words.display import deal_html, trick_html
from nap_teach.words.html import Markup
from nap_teach.engine.profiles import PUB
from nap_teach.engine.records import load_hand
from nap_teach.words.render import card_svg
from nap_teach.engine.state import DealState
from nap_teach.engine.tricks import Trick

ROOT = Path(__file__).resolve().parent.parent
WORKED = (ROOT / "nap_teach/data/hands/worked_deal.json").read_text()


# ------------------------------------------------------------------ rich display of the engine's values
def test_card_shows_itself_as_svg_in_jupyter():
    svg = Card.parse("QS")._repr_svg_()
    assert svg == card_svg(Card.parse("QS"))
    assert svg.startswith("<svg ") and 'aria-label="queen of spades"' in svg


def test_b12_trick_shows_its_cards_by_seat_and_the_winning_card():
    trick = Trick(2, (1, 2, 0), parse_cards("5H 2C KH"), Suit.CLUBS)
    html = trick._repr_html_()
    assert html == trick_html(trick) and isinstance(html, Markup)
    assert re.findall(r'data-card="(\w+)"', html) == ["5H", "2C", "KH"]
    assert "Trick 2 · Trump: clubs · Winning card: 2\u2663\ufe0e (seat 2)" in html
    winning = re.findall(r'<figure style="([^"]*)" data-seat="(\d)">', html)
    assert [seat for style, seat in winning if "outline" in style] == ["2"]
    assert html.count("nap-card-winning") == 1 and 'class="nap-card nap-card-2C nap-card-winning"' in html


def test_p4_misere_trick_says_there_is_no_trump():
    trick = Trick(1, (0, 1, 2), parse_cards("5H AS 9H"), None)
    html = trick_html(trick, ["Ann", "Ben", "Cat"], tr=translator("es"))
    assert "Baza 1 · Sin triunfo (Misère) · Carta ganadora: 9\u2665\ufe0e (Cat)" in html
    assert "(Cat)" in html and "<figcaption>Ann</figcaption>" in html


def test_deal_shows_every_hand_calls_tricks_and_the_settlement():
    state = load_hand(WORKED)
    html = state._repr_html_()
    assert html.startswith('<div class="nap-repr nap-repr-deal" data-phase="over"')
    assert "Dealer: D · Contract: Four by A (needs 4) · Trump: hearts" in html
    rows = re.findall(r'<tr data-seat="(\d)"', html)
    assert rows == ["0", "1", "2", "3"]
    assert len(re.findall(r'data-card="', html)) == 20 + 4  # every hand as dealt, and the last trick
    assert html.count('title="played"') == 20  # all cards played: faded
    assert "Settlement: A +12, B \u22124, C \u22124, D \u22124." in html
    assert "Unused cards, face down: 32" in html


def test_deal_during_the_auction_and_the_play():
    state = load_hand(WORKED)
    calls = len(state.calls)
    start = DealState(state.players, state.dealer, state.hands, state.profile, state.unused)
    html = start._repr_html_()
    assert "Contract: not yet, the auction is on" in html and 'title="played"' not in html
    assert "nap-repr-trick" not in html and "Settlement" not in html
    start.replay(state.actions[: calls + 2])
    html = start._repr_html_()
    assert 'data-phase="play"' in html and "Trick 1 · Trump: hearts" in html
    assert html.count('title="played"') == 2
    assert re.search(r'<tr data-seat="2" style="border-top:1px solid #ccc"><th scope="row" style="[^"]*background', html)


def test_deal_passed_out_and_in_spanish():
    deal = shuffle_and_deal(("Ann", "Ben", "Cat"), 0, deal_rng("repr", 1), PUB)
    state = DealState.from_deal(deal, PUB)
    for _ in range(3):
        state.apply("Pass")
    html = deal_html(state, tr=translator("es"))
    assert "Contrato: ninguno" in html and "Triunfo" not in html
    assert "Jugador" in html and "Voces" in html and "Paso" in html


def test_deal_escapes_player_names():
    state = load_hand(WORKED)
    odd = DealState(["<b>A</b>", "B&B", "C", "D"], state.dealer, state.hands, state.profile, state.unused)
    html = odd._repr_html_()
    assert "<b>A</b>" not in html and "&lt;b&gt;A&lt;/b&gt;" in html and "B&amp;B" in html
