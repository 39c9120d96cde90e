""""Could it have been made?": the panel shown when a deal ends (play page, lesson).

A small piece of its own so that each page only hooks it in: ``render(state,
learner)`` with a finished :class:`~nap_teach.engine.state.DealState` (or None to hide
it). The reading itself is :func:`nap_teach.ai.postmortem.post_mortem` (the solver);
this only puts its explanations into words in the page's language.

CSS classes for tests: ``nap-postmortem`` (the HTML widget), ``nap-postmortem-turn``
(the sentence naming the card that changed the result).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..words.html import html, join
from ..words.i18n import Translator
from ..engine.state import DealState
from .widgets import HTML

if TYPE_CHECKING:
    from ..ai.postmortem import PostMortem

__all__ = ["PostMortemPanel"]


class PostMortemPanel:
    """An ``HTML`` widget with the open-hand reading of a finished deal; empty otherwise."""

    def __init__(self, translator: Callable[[], Translator]) -> None:
        self._tr = translator
        self.widget = HTML("")
        self.widget.add_class("nap-postmortem")
        self._key: object = None
        self._pm: PostMortem | None = None
        self.text = ""

    def render(self, state: DealState | None, learner: int | None = None) -> None:
        if state is None or not state.is_over:
            self._key, self._pm = None, None
            self.widget.value = self.text = ""
            return
        key = (id(state), len(state.actions), learner)
        if key != self._key:
            from ..ai.postmortem import post_mortem  # the solver's reading: when a deal first ends

            self._key, self._pm = key, post_mortem(state, learner)
        pm = self._pm
        if pm is None:
            self.widget.value = self.text = ""
            return
        tr = self._tr()
        head = tr.gettext("Could it have been made?")
        items = join(html('<p class="{}">{}</p>', "nap-postmortem-turn" if i else "nap-postmortem-best",
                          tr.explain(e)) for i, e in enumerate(pm.explanations))
        self.widget.value = self.text = html('<div class="nap-postmortem-box"><h3>{}</h3>{}</div>', head, items)
