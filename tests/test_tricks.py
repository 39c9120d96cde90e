"""Who wins a trick (B12; P4)."""
from __future__ import annotations

import pytest

from nap_teach.cards import Suit, parse_cards
from nap_teach.tricks import Trick, make_trick, winning_index

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


def test_make_trick_is_the_same_value_as_the_constructor():
    args = (5, (1, 2, 0), parse_cards("2C AC 3H"), H)
    fast, slow = make_trick(*args), Trick(*args)
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert fast.winning == 0
