"""Words for people, in English or Spanish, from gettext catalogues.

One :class:`Translator` per language turns explanations, cards, suits, calls
and amounts into text. The catalogues live in ``nap_teach/locale`` and are
managed with Babel (see the README); English is the source language.

This module sits below the rest of the engine: it knows cards, and it reads
explanations and calls by their shape (:class:`Explainable`, :class:`CallLike`),
so that :mod:`nap_teach.engine.explain` can put an explanation into words without an
import cycle (explain -> i18n, never back).
"""
from __future__ import annotations

import gettext as _gettext
from importlib import resources
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping, Protocol, runtime_checkable

from ..engine.cards import Card, CardParseError, Rank, Suit
from ..engine.messages import (BOT_LEVEL_NAMES, BOT_STYLE_NAMES, BOT_STYLE_WORDS, MESSAGES, PROFILE_NAMES, PROFILE_NAMES_IN_TEXT, Plural,
                       VARIATION_NAMES)
from ..engine.rules import RULE_TITLES
from .cardtext import read_card

__all__ = ["Translator", "translator", "LANGUAGES", "DOMAIN", "LOCALE_DIR", "normalize_lang", "Explainable",
           "CallLike"]


@runtime_checkable
class Explainable(Protocol):
    """What the translator reads of an :class:`~nap_teach.engine.explain.Explanation`: a message key and facts."""

    @property
    def key(self) -> str: ...

    @property
    def facts(self) -> Mapping[str, Any]: ...


@runtime_checkable
class CallLike(Protocol):
    """What the translator reads of a :class:`~nap_teach.engine.auction.Call`: its record name."""

    @property
    def name(self) -> str: ...

    @property
    def is_pass(self) -> bool: ...

DOMAIN = "nap_teach"
# gettext reads catalogues from a folder: the package is installed as files (a wheel, not a zip).
LOCALE_DIR = Path(str(resources.files("nap_teach").joinpath("locale")))
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

    def pgettext(self, context: str, message: str) -> str:
        """A message whose translation depends on ``context`` (e.g. the gender of the noun it stands for)."""
        return self._t.pgettext(context, message)

    # -- names for people (never the internal identifiers)
    def profile_name(self, name: object, in_text: bool = False) -> str:
        """A rules profile as people call it: "British rules" (a label) or "the British rules" (``in_text``).

        Takes a :class:`~nap_teach.engine.profiles.Profile` or its name; the internal name ("british")
        never reaches a reader. An unknown name is returned as it was given.
        """
        key = str(getattr(name, "name", name))
        found = (PROFILE_NAMES_IN_TEXT if in_text else PROFILE_NAMES).get(key)
        return self.gettext(found) if found is not None else key

    def variation_name(self, name: str) -> str:
        """A variation of Nap that is not a profile here ("Seven-card Nap"), by its name for people."""
        found = VARIATION_NAMES.get(name)
        return self.gettext(found) if found is not None else name

    def bot_level(self, name: str) -> str:
        """A bot level with what it does ("Simple: estimates its likely tricks")."""
        found = BOT_LEVEL_NAMES.get(name)
        return self.gettext(found) if found is not None else name

    def bot_style(self, name: str, short: bool = False) -> str:
        """A bidding style of the bots with what it does ("Bold: goes for Nap more often"; short: "bold")."""
        found = (BOT_STYLE_WORDS if short else BOT_STYLE_NAMES).get(name)
        return self.gettext(found) if found is not None else name

    def join_or(self, items: Iterable[str]) -> str:
        """ "a, b or c" in this language (a choice, not a list)."""
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        return self.gettext("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])

    # -- game words
    def suit(self, suit: Suit) -> str:
        """Plural suit name, as in "hearts"."""
        return self.gettext(_SUIT_NAMES[suit])

    def suit_subject(self, suit: Suit) -> str:
        """The suit as the subject of a sentence: "spades" in English, "las picas" in Spanish (with its article)."""
        return self.pgettext("suit with its article", _SUIT_NAMES[suit])

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

    def card_from_words(self, text: str) -> Card | None:
        """The card that ``text`` names in words of this language ("reina de corazones"), or None.

        The words are read by the app's one card reader (:func:`nap_teach.words.cardtext.read_card`),
        which every card box uses; this keeps only a reading in this language's words.
        """
        try:
            reading = read_card(text, self.lang)
        except CardParseError:
            return None
        return reading.card if reading.how == f"words_{self.lang}" else None

    def call(self, name: str) -> str:
        """Bids keep their names in every language; only the spelling is for people."""
        if name == "Pass":
            return self.gettext("Pass")
        return _CALL_DISPLAY.get(name, name)

    def call_gloss(self, contract: Any) -> str:
        """A bid's name with, outside English, what it promises: "Three (3 bazas)", "Misère (ninguna baza)".

        Bids keep their English names in every language (as the tables and the seeds do); a learner
        reading another language gets the number of tricks beside the name. ``contract`` is a
        profile's contract (``name``, ``min_tricks``, ``max_tricks``) or the name "Pass".
        """
        name = str(getattr(contract, "name", contract))
        shown = self.call(name)
        if self.lang == "en" or name == "Pass" or not hasattr(contract, "min_tricks"):
            return shown
        if contract.max_tricks == 0:
            return self.gettext("{call} (no tricks)").format(call=shown)
        n = int(contract.min_tricks)
        return self.ngettext("{call} ({count} trick)", "{call} ({count} tricks)", n).format(call=shown, count=n)

    def join(self, items: Iterable[str]) -> str:
        """ "a, b and c" in this language."""
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        return self.gettext("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])

    def number(self, value: float, digits: int = 1, signed: bool = False) -> str:
        """A decimal number as this language writes it (Babel's number formatting): 12.5 in English,
        12,5 in Spanish; ``signed`` puts + before a positive number and a true minus before a negative one.

        >>> translator("es").number(12.25, 2, signed=True), translator("en").number(-0.5)
        ('+12,25', '−0.5')
        """
        from babel.numbers import format_decimal  # Babel's number module loads with the first number written, not with every page

        rounded = round(float(value), digits)
        pattern = "0." + "0" * digits if digits > 0 else "0"
        text = format_decimal(abs(rounded), format=pattern, locale=self.lang)
        if rounded < 0:
            return "\u2212" + text
        return ("+" + text) if signed and rounded > 0 else text

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
    def _template(self, explanation: Explainable) -> str | None:
        """The message of ``explanation`` in this language, before its facts are filled in."""
        entry = MESSAGES.get(explanation.key)
        if entry is None:
            return None
        if isinstance(entry, Plural):
            count = explanation.facts.get(entry.count, 0)
            return self.ngettext(entry.singular, entry.plural, int(count) if isinstance(count, int) else 0)
        return self.gettext(entry)

    def explain(self, explanation: Explainable) -> str:
        """The explanation in this language, facts filled in.

        A whole sentence given as a fact right after a colon ("“Yes” is wrong: {reason}") goes on
        in lower case when it opens with a word of its own message ("the result is not certain"),
        never when it opens with a name or a card ("Ann holds ...").
        """
        template = self._template(explanation)
        if template is None:
            return explanation.key
        facts = self.format_facts(explanation.facts)
        for key, value in explanation.facts.items():
            if isinstance(value, Explainable) and (": {%s}" % key) in template:
                inner = self._template(value)
                text = facts.get(key, "")
                if inner and not inner.startswith("{") and text[:1].isupper():
                    facts[key] = text[:1].lower() + text[1:]
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
                out[key + "_subject"] = self.suit_subject(value)
        return out

    def fact(self, key: str, value: Any) -> str:
        if isinstance(value, Card):
            return self.card(value)
        if isinstance(value, Suit):
            return self.suit(value)
        if isinstance(value, Explainable):
            return self.explain(value)
        if value is None:
            return self.gettext("none")
        if isinstance(value, bool):
            return self.gettext("yes") if value else self.gettext("no")
        if isinstance(value, CallLike):
            return self.call(value.name)
        if key in ("call", "highest", "needed", "contract", "said", "ladder"):
            if isinstance(value, (tuple, list)):
                return self.join(self.call(str(v)) for v in value)
            return self.call(str(value))
        if key in _CALL_LIST_KEYS and isinstance(value, str):  # one call of a list ("Pass", "Misere")
            return self.call(value)
        if key in _AMOUNT_KEYS and isinstance(value, int) and not isinstance(value, bool):
            return self.amount(value)
        if key in _PROFILE_KEYS:
            if isinstance(value, (tuple, list)):
                return self.join(self.profile_name(v, in_text=True) for v in value)  # the rules here: both
            return self.profile_name(value, in_text=True)
        if key in _VARIATION_KEYS:
            if isinstance(value, (tuple, list)):
                return self.join(self.variation_name(str(v)) for v in value)
            return self.variation_name(str(value))
        if key in _CHOICE_KEYS and isinstance(value, (tuple, list)):
            return self.join_or(self.call(str(v)) for v in value)
        if key == "amounts":
            return ", ".join(f"{name} {self.amount(v)}" for name, v in value)
        if isinstance(value, (tuple, list)):
            return self.join(self.fact(key, v) for v in value)
        return str(value)


_AMOUNT_KEYS = frozenset({"top", "chips"})
"""Facts that are signed ledger amounts (+6, −4)."""
_PROFILE_KEYS = frozenset({"profile", "deal_profile", "expected_profile", "other_profile", "known_profiles"})
_VARIATION_KEYS = frozenset({"variation", "variations"})
_CHOICE_KEYS = frozenset({"bids"})
_CALL_LIST_KEYS = frozenset({"bids", "calls"})
"""Facts whose items are calls by record name: each is named as people name it ("Paso", "Misère")."""
"""Facts that list alternatives ("Three, Four or Nap"), not things taken together."""

_SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds"}
_SUIT_SINGULAR = {Suit.SPADES: "spade", Suit.HEARTS: "heart", Suit.CLUBS: "club", Suit.DIAMONDS: "diamond"}
_RANK_NAMES = {r: r.word for r in Rank}


def _mark_for_extraction() -> None:  # pragma: no cover - never called; lists words for pybabel
    _ = str
    _("spades"), _("hearts"), _("clubs"), _("diamonds")
    _("spade"), _("heart"), _("club"), _("diamond")
    _("two"), _("three"), _("four"), _("five"), _("six"), _("seven"), _("eight")
    _("nine"), _("ten"), _("jack"), _("queen"), _("king"), _("ace")
    _("{rank} of {suit}"), _("{items} and {last}"), _("{items} or {last}"), _("Pass"), _("none"), _("yes"), _("no")

    def pgettext(context: str, message: str) -> str:  # the suits as subjects, with their article
        return message

    pgettext("suit with its article", "spades"), pgettext("suit with its article", "hearts")
    pgettext("suit with its article", "clubs"), pgettext("suit with its article", "diamonds")


@lru_cache(maxsize=None)
def translator(lang: str = "en") -> Translator:
    """The shared translator for a language (cached: catalogues load once)."""
    return Translator(normalize_lang(lang))
