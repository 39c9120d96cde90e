"""The app's front page: what Nap is, where the lessons are, and a tiny "try it" panel.

The notebook ``notebooks/index.ipynb`` only does::

    from nap_teach.ui.landing import LandingPage
    LandingPage.from_environment()

Every visible string is produced here (wrapped in ``_()`` so that it can be
extracted for translation later). The widget tree is deliberately simple and
carries stable CSS classes for browser tests:

- ``nap-landing``: the outer ``VBox``;
- ``nap-landing-link``: each link to a lesson notebook (relative ``href``, so it
  works from ``/voila/render/index.ipynb`` under any base URL);
- ``nap-landing-lang``: each language link (``index.ipynb?lang=xx``);
- ``nap-landing-try``: the "Deal me a hand" button;
- ``nap-landing-output``: the ``HTML`` widget the button writes into.

This placeholder does not use the rules engine: the try-it panel only draws five
random cards with :mod:`random`.
"""

from __future__ import annotations

import html
import os
import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs

import ipywidgets as widgets
from IPython.display import display

__all__ = ["LANGUAGES", "LESSONS", "LandingPage", "LessonLink", "language_from_query"]


def _(message: str) -> str:
    """Mark ``message`` for translation (identity until translations exist)."""
    return message


#: Languages the app can be shown in, code -> name of the language in itself.
LANGUAGES: dict[str, str] = {"en": "English"}
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class LessonLink:
    """One entry of the lesson list: a notebook next to ``index.ipynb``."""

    notebook: str
    title: str
    blurb: str


LESSONS: tuple[LessonLink, ...] = (
    LessonLink(
        "lesson.ipynb",
        _("A worked deal"),
        _("Follow one deal from the auction to the last trick, step by step."),
    ),
    LessonLink(
        "explorer.ipynb",
        _("Rules and quizzes"),
        _("Look up any rule with an example, then check yourself with a quiz."),
    ),
    LessonLink(
        "play.ipynb",
        _("Play a hand"),
        _("Bid and play against computer opponents."),
    ),
    LessonLink(
        "scorekeeper.ipynb",
        _("Scorekeeper"),
        _("Keep the score of a real game at your table."),
    ),
)

_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# U+FE0E asks for the text (not emoji) form of the suit symbols.
_SUITS = (("S", "\u2660\ufe0e"), ("H", "\u2665\ufe0e"), ("D", "\u2666\ufe0e"), ("C", "\u2663\ufe0e"))
_PACK = tuple((rank, suit, symbol) for suit, symbol in _SUITS for rank in _RANKS)
HAND_SIZE = 5
# JupyterLab's stylesheet makes links look like plain text; show them as links.
_LINK_STYLE = "color: var(--jp-content-link-color, #1a5fb4); text-decoration: underline"


def language_from_query(query: str | None) -> str:
    """Return the language asked for in a URL query string, if we have it.

    >>> language_from_query("lang=en&x=1")
    'en'
    >>> language_from_query("lang=<script>")
    'en'
    """
    values = parse_qs(query or "").get("lang", [])
    for value in values:
        if value in LANGUAGES:
            return value
    return DEFAULT_LANGUAGE


class LandingPage:
    """The landing page widget tree; display it or use :attr:`widget`."""

    def __init__(
        self,
        lang: str = DEFAULT_LANGUAGE,
        notebook_dir: str | os.PathLike[str] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; known: {sorted(LANGUAGES)}")
        self.lang = lang
        self.notebook_dir = Path(notebook_dir) if notebook_dir is not None else Path.cwd()
        self._rng = rng if rng is not None else random.Random()
        self.deals = 0
        self.hand: tuple[str, ...] = ()

        self.title = widgets.HTML(f"<h1>{html.escape(_('Learn Nap'))}</h1>")
        self.title.add_class("nap-landing-title")
        self.intro = widgets.HTML(self._intro_html())
        self.intro.add_class("nap-landing-intro")
        self.lessons = widgets.HTML(self._lessons_html())
        self.lessons.add_class("nap-landing-lessons")
        self.languages = widgets.HTML(self._languages_html())
        self.languages.add_class("nap-landing-languages")

        self.try_button = widgets.Button(
            description=_("Deal me a hand"),
            tooltip=_("Deal five random cards"),
        )
        self.try_button.add_class("nap-landing-try")
        self.try_button.on_click(lambda _button: self.deal())
        self.output = widgets.HTML(self._output_html(_("Press the button to see five cards.")))
        self.output.add_class("nap-landing-output")
        self.try_panel = widgets.VBox(
            [
                widgets.HTML(f"<h2>{html.escape(_('Try it'))}</h2>"),
                widgets.HTML(
                    "<p>"
                    + html.escape(_("In Nap you hold five cards. Here is what a hand can look like:"))
                    + "</p>"
                ),
                self.try_button,
                self.output,
            ]
        )
        self.try_panel.add_class("nap-landing-try-panel")

        self.widget = widgets.VBox(
            [self.title, self.intro, self.lessons, self.try_panel, self.languages]
        )
        self.widget.add_class("nap-landing")

    @classmethod
    def from_environment(
        cls,
        environ: Mapping[str, str] | None = None,
        notebook_dir: str | os.PathLike[str] | None = None,
        rng: random.Random | None = None,
    ) -> LandingPage:
        """Build the page for the current request.

        Voila passes the page's query string to the kernel as ``QUERY_STRING``;
        ``?lang=xx`` picks the language (unknown values fall back to English).
        """
        environ = os.environ if environ is None else environ
        lang = language_from_query(environ.get("QUERY_STRING"))
        return cls(lang=lang, notebook_dir=notebook_dir, rng=rng)

    # -- actions -------------------------------------------------------------

    def deal(self) -> tuple[str, ...]:
        """Draw a fresh five-card hand, show it and return its card codes (e.g. ``"10H"``)."""
        cards = self._rng.sample(_PACK, HAND_SIZE)
        self.deals += 1
        self.hand = tuple(rank + suit for rank, suit, _symbol in cards)
        shown = " ".join(
            f'<span class="nap-landing-card" data-card="{rank}{suit}">{rank}{symbol}</span>'
            for rank, suit, symbol in cards
        )
        label = html.escape(_("Deal {number}:").format(number=self.deals))
        self.output.value = self._output_html(f"{label} {shown}", escape=False)
        return self.hand

    def show(self) -> None:
        """Display the page in the current notebook output."""
        display(self.widget)

    def _ipython_display_(self) -> None:
        self.show()

    # -- HTML pieces ---------------------------------------------------------

    def _query_suffix(self) -> str:
        return "" if self.lang == DEFAULT_LANGUAGE else f"?lang={self.lang}"

    def _intro_html(self) -> str:
        text = _(
            "Nap, short for Napoleon, is a British trick-taking card game for three to "
            "seven players. Everyone gets five cards, and there is a single round of "
            "bidding: each player in turn may offer to win more tricks than anyone so "
            "far, or pass. The highest bidder then plays alone against all the others. "
            "The bidder leads to the first trick, and the suit of that first card is "
            "trumps for the whole hand."
        )
        return f"<p>{html.escape(text)}</p>"

    def _lessons_html(self) -> str:
        items = []
        for lesson in LESSONS:
            title = html.escape(lesson.title)
            blurb = html.escape(lesson.blurb)
            if (self.notebook_dir / lesson.notebook).is_file():
                href = html.escape(lesson.notebook + self._query_suffix(), quote=True)
                head = f'<a class="nap-landing-link" href="{href}" style="{_LINK_STYLE}">{title}</a>'
            else:
                soon = html.escape(_("coming soon"))
                head = f'<span class="nap-landing-soon">{title} ({soon})</span>'
            items.append(f"<li>{head}: {blurb}</li>")
        heading = html.escape(_("Lessons"))
        return f"<h2>{heading}</h2><ul>{''.join(items)}</ul>"

    def _languages_html(self) -> str:
        links = []
        for code, name in LANGUAGES.items():
            current = ' aria-current="page"' if code == self.lang else ""
            links.append(
                f'<a class="nap-landing-lang" href="index.ipynb?lang={code}" '
                f'hreflang="{code}" lang="{code}" style="{_LINK_STYLE}"{current}>'
                f"{html.escape(name)}</a>"
            )
        label = html.escape(_("Language:"))
        return f"<p>{label} {' · '.join(links)}</p>"

    @staticmethod
    def _output_html(content: str, escape: bool = True) -> str:
        body = html.escape(content) if escape else content
        return f'<p role="status" aria-live="polite">{body}</p>'
