"""Words for people, in English or Spanish, from gettext catalogues.

One :class:`Translator` per language turns explanations, cards, suits, calls
and amounts into text. The catalogues live in ``nap_teach/locale`` and are
managed with Babel (see the README); English is the source language.
"""
from __future__ import annotations

import gettext as _gettext
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from .auction import Call
from .cards import Card, Rank, Suit
from .explain import Explanation
from .messages import MESSAGES, Plural
from .rulebook import RULE_TITLES

__all__ = ["Translator", "translator", "LANGUAGES", "DOMAIN", "LOCALE_DIR", "normalize_lang"]

DOMAIN = "nap_teach"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español"}
"""Languages the app speaks, each named in itself."""

_CALL_DISPLAY = {"Misere": "Misère", "Blucher": "Blücher"}


def normalize_lang(lang: object) -> str:
    """A supported language code from user input ("ES", "es_ES" -> "es"); English otherwise."""
    if isinstance(lang, str):
        code = lang.strip().lower().replace("-", "_").split("_")[0]
        if code in LANGUAGES:
            return code
    return "en"


class Translator:
    """Turns the engine's facts into words of one language."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = normalize_lang(lang)
        self._t: _gettext.NullTranslations
        if self.lang == "en":
            self._t = _gettext.NullTranslations()
        else:
            self._t = _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[self.lang], fallback=True)

    # -- plain gettext
    def gettext(self, message: str) -> str:
        return self._t.gettext(message)

    _ = gettext

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._t.ngettext(singular, plural, n)

    # -- game words
    def suit(self, suit: Suit) -> str:
        """Plural suit name, as in "hearts"."""
        return self.gettext(_SUIT_NAMES[suit])

    def suit_singular(self, suit: Suit) -> str:
        return self.gettext(_SUIT_SINGULAR[suit])

    def rank(self, rank: Rank) -> str:
        return self.gettext(_RANK_NAMES[rank])

    def card(self, card: Card) -> str:
        """Short form for people: rank text and suit symbol, as in "10♥"."""
        return card.symbol

    def card_words(self, card: Card) -> str:
        """Card in words, as in "queen of hearts" (accessible names, narration)."""
        return self.gettext("{rank} of {suit}").format(rank=self.rank(card.rank), suit=self.suit(card.suit))

    def call(self, name: str) -> str:
        """Bids keep their names in every language; only the spelling is for people."""
        if name == "Pass":
            return self.gettext("Pass")
        return _CALL_DISPLAY.get(name, name)

    def join(self, items: Iterable[str]) -> str:
        """ "a, b and c" in this language."""
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        return self.gettext("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])

    def amount(self, value: int) -> str:
        """Signed ledger units: +12, −4, 0 (with a true minus sign)."""
        if value > 0:
            return f"+{value}"
        if value < 0:
            return f"\u2212{-value}"
        return "0"

    def rule_title(self, rule: str) -> str:
        title = RULE_TITLES.get(rule)
        return self.gettext(title) if title else rule

    # -- explanations
    def explain(self, explanation: Explanation) -> str:
        """The explanation in this language, facts filled in."""
        entry = MESSAGES.get(explanation.key)
        facts = self.format_facts(explanation.facts)
        if entry is None:
            return explanation.key
        if isinstance(entry, Plural):
            count = explanation.facts.get(entry.count, 0)
            template = self.ngettext(entry.singular, entry.plural, int(count) if isinstance(count, int) else 0)
        else:
            template = self.gettext(entry)
        try:
            return template.format(**facts)
        except (KeyError, IndexError, ValueError):
            return template

    def format_facts(self, facts: Mapping[str, Any]) -> dict[str, str]:
        out: dict[str, str] = {}
        for key, value in facts.items():
            out[key] = self.fact(key, value)
            if isinstance(value, Card):
                out[key + "_words"] = self.card_words(value)
            elif isinstance(value, Suit):
                out[key + "_symbol"] = value.symbol
                out[key + "_one"] = self.suit_singular(value)
        return out

    def fact(self, key: str, value: Any) -> str:
        if isinstance(value, Card):
            return self.card(value)
        if isinstance(value, Suit):
            return self.suit(value)
        if isinstance(value, Explanation):
            return self.explain(value)
        if value is None:
            return self.gettext("none")
        if isinstance(value, bool):
            return self.gettext("yes") if value else self.gettext("no")
        if isinstance(value, Call):
            return self.call(value.name)
        if key in ("call", "highest", "needed", "contract"):
            return self.call(str(value))
        if key == "amounts":
            return ", ".join(f"{name} {self.amount(v)}" for name, v in value)
        if isinstance(value, (tuple, list)):
            return self.join(self.fact(key, v) for v in value)
        return str(value)


_SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds"}
_SUIT_SINGULAR = {Suit.SPADES: "spade", Suit.HEARTS: "heart", Suit.CLUBS: "club", Suit.DIAMONDS: "diamond"}
_RANK_NAMES = {r: r.word for r in Rank}


def _mark_for_extraction() -> None:  # pragma: no cover - never called; lists words for pybabel
    _ = str
    _("spades"), _("hearts"), _("clubs"), _("diamonds")
    _("spade"), _("heart"), _("club"), _("diamond")
    _("two"), _("three"), _("four"), _("five"), _("six"), _("seven"), _("eight")
    _("nine"), _("ten"), _("jack"), _("queen"), _("king"), _("ace")
    _("{rank} of {suit}"), _("{items} and {last}"), _("Pass"), _("none"), _("yes"), _("no")


@lru_cache(maxsize=None)
def translator(lang: str = "en") -> Translator:
    """The shared translator for a language (cached: catalogues load once)."""
    return Translator(normalize_lang(lang))
