"""The page's language and its English / Español switch.

Every page holds one :class:`Language`; its components subscribe to hear of a
switch and re-render their words. The shared header (:mod:`nap_teach.ui.nav`)
and the page base (:mod:`nap_teach.ui.base`) both build on this module, which
builds on nothing of the pages.
"""
from __future__ import annotations

from typing import Any, Callable

from ..words.i18n import LANGUAGES, Translator, normalize_lang, translator
from .widgets import ToggleButtons

__all__ = ["Language", "LanguageSwitch"]


class Language:
    """The page's current language; components subscribe to hear of a switch."""

    def __init__(self, code: str = "en") -> None:
        self.code = normalize_lang(code)
        self.tr: Translator = translator(self.code)
        self._listeners: list[Callable[[], None]] = []

    def observe(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def set(self, code: object) -> None:
        """Switch language (unknown codes are ignored: the value came over the network)."""
        if not isinstance(code, str) or normalize_lang(code) != code.strip().lower():
            return
        if code == self.code:
            return
        self.code = code
        self.tr = translator(code)
        for callback in list(self._listeners):
            callback()

    def gettext(self, message: str) -> str:
        return self.tr.gettext(message)


class LanguageSwitch:
    """English / Español toggle, shown on every page (CSS class ``nap-lang``)."""

    def __init__(self, language: Language) -> None:
        self.language = language
        self.widget = ToggleButtons(
            options=[(name, code) for code, name in LANGUAGES.items()],
            value=language.code,
            style={"button_width": "auto"},
        )
        self.widget.add_class("nap-lang")
        self.widget.observe(self._on_change, names="value")
        language.observe(self._sync)

    def _on_change(self, change: dict[str, Any]) -> None:
        self.language.set(change.get("new"))

    def _sync(self) -> None:
        if self.widget.value != self.language.code:
            self.widget.value = self.language.code
