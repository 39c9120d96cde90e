"""Which cards may be played (B11) and who wins a trick (B12; P4)."""
from __future__ import annotations

import pytest

from nap_teach.engine.cards import Card, Suit, parse_cards
from nap_teach.engine.tricks import Trick, beats, playable, winning_index

H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS


@pytest.mark.parametrize("cards,trump,winner", [
    ("AH JH 9H 7H", H, 0),          # the worked deal, trick 1
    ("QH KD QD JD", H, 0),          # discards never win
    ("2C AC QC JC", H, 1),          # no trump played: highest of the suit led
    ("2C AC 3H JC", H, 2),          # a trump beats the ace of the suit led
    ("2C 3H 5H AC", H, 2),          # the highest trump wins
    ("2C AD AS KC", H, 3),          # other suits never win, whatever their rank
    ("9S 10S", None, 1),
    ("2D AS AH AC KD", None, 4),    # no trump at all (Misère, P4): the suit led only
    ("2D AS AH AC KD", S, 1),
    ("5C 2C", C, 0),                # the suit led is trump
    ("5C 2D 7D", D, 2),             # trump, then an overtrump
])
def test_B12_winning_index(cards, trump, winner):
    parsed = parse_cards(cards)
    assert winning_index(parsed, trump) == winner
    assert winning_index(list(parsed), trump) == winner


def test_B12_a_single_card_wins_its_trick_so_far():
    assert winning_index(parse_cards("2D"), H) == 0


def test_trick_value():
    trick = Trick(3, (2, 3, 0, 1), parse_cards("QH KD QD JD"), H)
    assert trick.leader == 2
    assert trick.led is H
    assert trick.winning == 2
    assert trick.winning_card == parse_cards("QH")[0]
    assert trick.card_of(3) == parse_cards("KD")[0]
    assert trick.card_of(9) is None
    with pytest.raises(AttributeError):
        trick.number = 4  # type: ignore[misc]


def test_B12_beats():
    s = Suit.SPADES
    ah, kh, two_s, ks = (Card.parse(t) for t in ("AH", "KH", "2S", "KS"))
    assert beats(ah, kh, trump=None)
    assert not beats(kh, ah, trump=s)
    assert beats(two_s, ah, trump=s)  # any trump beats a card of the suit led
    assert not beats(ks, ah, trump=None)  # another suit never wins
    assert not beats(ks, ah, trump=Suit.CLUBS)
    assert not beats(Card.parse("AH"), Card.parse("2S"), trump=s)  # nor beats a trump


@pytest.mark.parametrize("hand,led,legal", [
    ("AH 2S 3S", None, "AH 2S 3S"),     # the lead: any card
    ("AH 2S 3S", S, "2S 3S"),           # holding the suit led: follow it
    ("AH 2S 3S", H, "AH"),
    ("AH 2S 3S", D, "AH 2S 3S"),        # void in the suit led: any card
    ("", H, ""),
])
def test_B11_playable(hand, led, legal):
    cards = list(parse_cards(hand))
    found = playable(cards, led)
    assert found == list(parse_cards(legal))
    found.append(Card.parse("KC"))  # a new list: the hand is not changed through it
    assert cards == list(parse_cards(hand))
