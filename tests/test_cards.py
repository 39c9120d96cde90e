"""Cards and the pack (rule B1): parsing, printing, ranks, interning."""
from __future__ import annotations

import copy
import pickle

import pytest

from nap_teach.engine.cards import (
    FULL_PACK,
    Card,
    CardParseError,
    Rank,
    Suit,
    format_cards,
    parse_cards,
    sort_hand,
)
from nap_teach.words.i18n import translator

TEN_OF_HEARTS = Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize("text", [
    "10H", "10h", "TH", "th", "Th", "10♥", "T♥", "t♥", " 10H ", "10 H", "1 0 h",
    "10♥\ufe0f", "10♥\ufe0e", "10♡", "ten of hearts", "Ten of Hearts",
])
def test_parse_ten_of_hearts_in_every_spelling(text):
    assert Card.parse(text) is TEN_OF_HEARTS


@pytest.mark.parametrize("text,code", [
    ("AH", "AH"), ("ah", "AH"), ("A♥", "AH"), ("a♥", "AH"), ("A♥️", "AH"), ("KS", "KS"), ("k♠", "KS"),
    ("QC", "QC"), ("q♣", "QC"), ("JD", "JD"), ("j♦", "JD"), ("2c", "2C"), ("9♦", "9D"), ("ace of spades", "AS"),
    ("A♤", "AS"), ("3♧", "3C"), ("4♢", "4D"),
])
def test_parse_codes_symbols_and_words(text, code):
    assert Card.parse(text).code == code


@pytest.mark.parametrize("text", [
    "", " ", "A", "H", "10", "1H", "11H", "0H", "1♥", "AX", "ZZ", "♥A", "AHH", "A♥♥", "10HH", "ace of", "ace of cups",
    "queen hearts", "AH AS", "🂡",
])
def test_bad_card_texts_raise_card_parse_error(text):
    with pytest.raises(CardParseError) as info:
        Card.parse(text)
    assert isinstance(info.value, ValueError)
    assert info.value.text == text


@pytest.mark.parametrize("value", [None, 14, ("A", "H"), b"AH"])
def test_non_text_is_not_a_card(value):
    with pytest.raises(CardParseError):
        Card.parse(value)  # type: ignore[arg-type]


def test_card_constructor_refuses_ranks_off_the_pack():
    # Card(15, SPADES) used to return the two of hearts silently
    for rank in (0, 1, 15, 20):
        with pytest.raises(ValueError):
            Card(rank, Suit.SPADES)
    with pytest.raises(ValueError):
        Card(Rank.ACE, 4)


def test_printing_codes_symbols_and_words():
    card = Card.parse("10H")
    assert str(card) == "10H"
    assert card.code == "10H"
    assert card.symbol == "10♥"
    assert card.words == "ten of hearts"
    assert repr(card) == "Card.parse('10H')"
    assert Card.parse("QS").words == "queen of spades"
    assert format_cards(parse_cards("AH KH 10S")) == "A♥ K♥ 10♠"
    assert format_cards(parse_cards("AH KH 10S"), symbols=False) == "AH KH 10S"
    tr = translator("en")
    assert tr.card(card) == "10♥"
    assert tr.card_words(Card.parse("AC")) == "ace of clubs"


def test_suits_letters_symbols_words_and_colour():
    assert [s.letter for s in Suit] == ["S", "H", "C", "D"]
    assert [s.symbol for s in Suit] == ["♠", "♥", "♣", "♦"]
    assert [s.word for s in Suit] == ["spades", "hearts", "clubs", "diamonds"]
    assert [s.is_red for s in Suit] == [False, True, False, True]
    for text in ("h", "H", "♥", "♥\ufe0f", "hearts", "Heart", "♡"):
        assert Suit.parse(text) is Suit.HEARTS
    with pytest.raises(CardParseError):
        Suit.parse("cups")


def test_parse_cards_from_a_string_or_a_list():
    assert parse_cards("AH, 10♥ ts") == (Card.parse("AH"), TEN_OF_HEARTS, Card.parse("10S"))
    assert parse_cards(["2c", "3d"]) == (Card.parse("2C"), Card.parse("3D"))
    assert parse_cards("") == ()
    with pytest.raises(CardParseError):
        parse_cards("AH XX")


def test_B1_one_pack_of_52_distinct_cards_without_jokers():
    assert len(FULL_PACK) == 52
    assert len(set(FULL_PACK)) == 52
    assert len({c.code for c in FULL_PACK}) == 52
    for suit in Suit:
        assert sum(1 for c in FULL_PACK if c.suit is suit) == 13
    assert all(Card.parse(c.code) is c for c in FULL_PACK)
    assert all(Card.parse(c.symbol) is c for c in FULL_PACK)
    with pytest.raises(CardParseError):
        Card.parse("joker")


def test_B1_rank_order_ace_high_down_to_two():
    order = "A K Q J 10 9 8 7 6 5 4 3 2".split()
    ranks = [Rank.parse(t) for t in order]
    assert ranks == sorted(ranks, reverse=True)
    assert [r.text for r in sorted(Rank, reverse=True)] == order
    assert Rank.parse("T") is Rank.TEN


def test_B1_cards_carry_no_points():
    assert not hasattr(Card.parse("AS"), "points")
    assert not hasattr(Rank.ACE, "points")


def test_cards_are_interned_and_immutable():
    card = Card.parse("QD")
    assert Card(Rank.QUEEN, Suit.DIAMONDS) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert hash(card) == card.index
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]


def test_sort_hand_by_suit_then_high_to_low():
    hand = parse_cards("2C AS 10H KH 3S JD")
    assert format_cards(sort_hand(hand), symbols=False) == "AS 3S KH 10H 2C JD"
    assert sorted(hand) == sorted(hand, key=lambda c: c.index)
