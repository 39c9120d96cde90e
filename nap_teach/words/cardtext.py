"""Cards typed by people, in English or Spanish: one reader for every card box of the app.

A learner may type a card as

- a symbol: ``A♥``, ``10♠`` (the same in every language);
- an English code: rank ``A K Q J 10 9 … 2`` (``T`` for ten) and suit ``S H C D`` (``QH``, ``10d``);
- a Spanish code: rank ``A R D V 10 9 … 2`` (as, rey, dama, valet/jota; ``J`` for jota too) and suit
  ``P C T D`` (picas, corazones, tréboles, diamantes): ``RC`` is the king of hearts, ``VT`` the jack
  of clubs;
- words in either language: "queen of hearts", "reina de corazones" (also "dama", "valet").

Some codes read both ways: ``AC`` is the ace of clubs in English and the ace of hearts (*as de
corazones*) in Spanish. Such a code is read in the language of the page, and on a Spanish page
:func:`reading_note` says so in words ("AC read as a Spanish code: A♥, as de corazones (as an English
code it would be A♣, ...)"), so that a learner never gets a card they did not mean without being
told; a code of the other language is always named. Every reading records how it was read.

>>> read_card("RC", "es").card, read_card("RC", "es").how
(Card.parse('KH'), 'code_es')
>>> read_card("AC", "en").card, read_card("AC", "es").card
(Card.parse('AC'), Card.parse('AH'))
>>> [r.card.code for r in read_cards("reina de corazones, 10♠ KD", "es")]
['QH', '10S', 'KD']
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from ..engine.cards import Card, CardParseError, Rank, Suit

__all__ = ["CardReading", "Words", "read_card", "read_cards", "reading_note", "HOWS"]

HOWS = ("symbol", "code_en", "code_es", "words_en", "words_es")
"""How a card was read: its symbol, an English or a Spanish code, English or Spanish words."""

_EN_RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10} | {str(v): v for v in range(2, 11)}
_ES_RANKS = {"A": 14, "R": 13, "D": 12, "V": 11, "J": 11} | {str(v): v for v in range(2, 11)}
_EN_SUITS = {"S": Suit.SPADES, "H": Suit.HEARTS, "C": Suit.CLUBS, "D": Suit.DIAMONDS}
_ES_SUITS = {"P": Suit.SPADES, "C": Suit.HEARTS, "T": Suit.CLUBS, "D": Suit.DIAMONDS}
_SYMBOLS = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♣": Suit.CLUBS, "♦": Suit.DIAMONDS,
            "♤": Suit.SPADES, "♡": Suit.HEARTS, "♧": Suit.CLUBS, "♢": Suit.DIAMONDS}
_ES_RANK_WORDS = {"as": 14, "rey": 13, "reina": 12, "dama": 12, "jota": 11, "valet": 11, "sota": 11,
                  "diez": 10, "nueve": 9, "ocho": 8, "siete": 7, "seis": 6, "cinco": 5, "cuatro": 4, "tres": 3,
                  "dos": 2} | {str(v): v for v in range(2, 11)}
_ES_SUIT_WORDS = {"picas": Suit.SPADES, "pica": Suit.SPADES, "corazones": Suit.HEARTS, "corazón": Suit.HEARTS,
                  "corazon": Suit.HEARTS, "tréboles": Suit.CLUBS, "treboles": Suit.CLUBS, "trébol": Suit.CLUBS,
                  "trebol": Suit.CLUBS, "diamantes": Suit.DIAMONDS, "diamante": Suit.DIAMONDS}
_EN_RANK_WORDS = {r.word: r.value for r in Rank} | {str(v): v for v in range(2, 11)}
_EN_SUIT_WORDS = {s.word: s for s in Suit} | {s.word[:-1]: s for s in Suit}
_CODE = re.compile(r"^(10|[2-9AKQJTRDV])([SHCDPT])$")


class Words(Protocol):
    """What :func:`reading_note` needs of a :class:`~nap_teach.words.i18n.Translator` (which builds on
    this module, so it is not imported here)."""

    lang: str

    def gettext(self, message: str) -> str: ...

    def card_words(self, card: Card) -> str: ...


@dataclass(frozen=True)
class CardReading:
    """One card read from what a person typed, and how it was read."""

    text: str
    card: Card
    how: str
    """One of :data:`HOWS`."""
    other: Card | None = None
    """For a code that reads both ways (``AC``), the card of the other language's reading."""


def _code(key: str, ranks: dict[str, int], suits: dict[str, Suit]) -> Card | None:
    found = _CODE.match(key)
    if found is None or found.group(1) not in ranks or found.group(2) not in suits:
        return None
    return Card(ranks[found.group(1)], suits[found.group(2)])


def read_card(text: str, lang: str = "en") -> CardReading:
    """The card ``text`` names, read as a symbol, a code or words of either language (CardParseError if none).

    A code that reads both ways is read in ``lang`` ("es": Spanish first), with the other reading kept.
    """
    if not isinstance(text, str):
        raise CardParseError(repr(text))
    raw = " ".join(text.strip().split())
    key = raw.replace(" ", "").replace("\ufe0f", "").replace("\ufe0e", "").upper()
    if key[-1:] in _SYMBOLS:
        rank = key[:-1]
        if rank in _EN_RANKS:
            return CardReading(raw, Card(_EN_RANKS[rank], _SYMBOLS[key[-1]]), "symbol")
        if rank in _ES_RANKS:
            return CardReading(raw, Card(_ES_RANKS[rank], _SYMBOLS[key[-1]]), "symbol")
        raise CardParseError(text)
    en, es = _code(key, _EN_RANKS, _EN_SUITS), _code(key, _ES_RANKS, _ES_SUITS)
    if en is not None or es is not None:
        first, second = ("code_es", "code_en") if lang == "es" else ("code_en", "code_es")
        cards = {"code_en": en, "code_es": es}
        if cards[first] is not None:
            other = cards[second] if cards[second] is not None and cards[second] is not cards[first] else None
            return CardReading(raw, cards[first], first, other)  # type: ignore[arg-type]
        return CardReading(raw, cards[second], second)  # type: ignore[arg-type]
    words = raw.lower().split()
    if len(words) == 3 and words[1] == "of" and words[0] in _EN_RANK_WORDS and words[2] in _EN_SUIT_WORDS:
        return CardReading(raw, Card(_EN_RANK_WORDS[words[0]], _EN_SUIT_WORDS[words[2]]), "words_en")
    if len(words) == 3 and words[1] == "de" and words[0] in _ES_RANK_WORDS and words[2] in _ES_SUIT_WORDS:
        return CardReading(raw, Card(_ES_RANK_WORDS[words[0]], _ES_SUIT_WORDS[words[2]]), "words_es")
    raise CardParseError(text)


def read_cards(text: str, lang: str = "en") -> list[CardReading]:
    """Several cards: codes and symbols apart by spaces or commas, a card in words between commas
    ("reina de corazones, 10♠ KD"). CardParseError names the first piece that is no card."""
    out: list[CardReading] = []
    for chunk in re.split(r"[,;]", text if isinstance(text, str) else ""):
        words = chunk.split()
        i = 0
        while i < len(words):
            if i + 2 < len(words) and words[i + 1].lower() in ("of", "de"):  # "queen of hearts"
                try:
                    out.append(read_card(" ".join(words[i:i + 3]), lang))
                    i += 3
                    continue
                except CardParseError:
                    pass
            out.append(read_card(words[i], lang))
            i += 1
    return out


def reading_note(readings: list[CardReading], tr: Words) -> str | None:
    """A sentence saying how the typed cards were read, when a code of the other language or a code
    that reads both ways was used (None when every card was read plainly in the page's language)."""
    _ = tr.gettext
    page = "code_es" if tr.lang == "es" else "code_en"
    parts: list[str] = []
    for r in readings:
        shown = f"{r.card.symbol}, {tr.card_words(r.card)}"
        if r.other is not None and r.how != "code_en":  # an English page reads English first: no surprise there
            other = f"{r.other.symbol}, {tr.card_words(r.other)}"
            msg = (_("{text} read as a Spanish code: {card} (as an English code it would be {other})")
                   if r.how == "code_es" else
                   _("{text} read as an English code: {card} (as a Spanish code it would be {other})"))
            parts.append(msg.format(text=r.text, card=shown, other=other))
        elif r.how in ("code_en", "code_es") and r.how != page:
            msg = _("{text} read as a Spanish code: {card}") if r.how == "code_es" else \
                _("{text} read as an English code: {card}")
            parts.append(msg.format(text=r.text, card=shown))
    if not parts:
        return None
    return _("How the cards were read: {readings}.").format(readings="; ".join(parts))
