"""The page header every page shares: a ``<header>`` with a ``<nav>`` landmark back to the start and on to the next step.

Every app puts ``self.page_nav.widget`` (an :class:`PageNav`) first in its page,
right after its style sheet. The links are relative (``index.ipynb?lang=es``),
so they work under any base URL, and carry the page's language and rules
(``?lang=``, ``?profile=``: :func:`nav_href`) so a learner who reads Spanish
never lands on an English page. The header re-renders in place when the
language switch or the rules change.

HTML (stable classes and landmarks for pages and tests)::

    <header class="nap-page-header" data-lang="es" data-page="play.ipynb">
      <nav class="nap-nav" aria-label="Course pages">
        <a class="nap-nav-link nap-nav-home" href="index.ipynb?lang=es">Start</a>
        <span class="nap-nav-here" aria-current="page">Step 4 of 7: Play a hand</span>
        <a class="nap-nav-link nap-nav-next" rel="next" href="scorekeeper.ipynb?lang=es">Next: Scorekeeper</a>
      </nav>
    </header>

The page's content around it is in the ``<main>`` landmark of the app's Voila
template (nap_teach/app/share/voila/templates/nap), which also sets
``<html lang>`` from ``?lang=`` and follows ``data-lang`` of this header when
the language changes in place.

A new page (notebook) is added to :data:`COURSE_PAGES` (its place in the
course) and to the browser tests' page list (tests/browser/pages.py).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..words.html import Markup, html
from ..engine.messages import N_
from .language import Language
from .params import DEFAULT_LANGUAGE, page_query
from .widgets import HTML

__all__ = ["NavPage", "LessonPlace", "COURSE_PAGES", "START_PAGE", "nav_href", "next_page", "nav_html", "PageNav"]


@dataclass(frozen=True)
class NavPage:
    """A page of the app: its notebook (next to ``index.ipynb``) and its title (an English msgid)."""

    notebook: str
    title: str


START_PAGE = NavPage("index.ipynb", N_("Start"))

COURSE_PAGES: tuple[NavPage, ...] = (
    START_PAGE,
    NavPage("lesson.ipynb", N_("A worked deal")),
    NavPage("explorer.ipynb", N_("Rules and quizzes")),
    NavPage("play.ipynb", N_("Play a hand")),
    NavPage("scorekeeper.ipynb", N_("Scorekeeper")),
    NavPage("problems.ipynb", N_("Problems")),
    NavPage("odds.ipynb", N_("Odds lab")),
    NavPage("handouts.ipynb", N_("Handouts")),
    NavPage("class.ipynb", N_("Class results")),
)
"""Every page in the order a learner meets them: "next" leads to the following one."""


def nav_href(notebook: str, lang: str = DEFAULT_LANGUAGE, profile: str = "british", **extra: object) -> str:
    """A relative link to ``notebook`` that keeps the language and rules, plus ``extra`` parameters.

    >>> nav_href("lesson.ipynb", "es"), nav_href("index.ipynb", "en", "pub"), nav_href("play.ipynb", "es", seed=7)
    ('lesson.ipynb?lang=es', 'index.ipynb?profile=pub', 'play.ipynb?lang=es&seed=7')
    """
    query = page_query(lang, profile)
    more = "&".join(f"{k}={v}" for k, v in extra.items() if v is not None)
    if more:
        query = f"{query}&{more}" if query else f"?{more}"
    return notebook + query


def next_page(notebook: str) -> NavPage | None:
    """The page after ``notebook`` in the course (None for the last, or for a page not in it)."""
    names = [p.notebook for p in COURSE_PAGES]
    if notebook not in names:
        return None
    i = names.index(notebook)
    return COURSE_PAGES[i + 1] if i + 1 < len(COURSE_PAGES) else None


@dataclass(frozen=True)
class LessonPlace:
    """A lesson of the course on the lesson page: its place, how many lessons there are, its title and the
    lesson after it (ids and English msgids; ``following`` is None for the last lesson)."""

    number: int
    total: int
    title: str
    following: tuple[str, str] | None = None


def nav_html(notebook: str, language: Language, profile: str = "british", lesson: LessonPlace | None = None) -> Markup:
    """The header of ``notebook`` in ``language`` (see the module's docstring); on a lesson of the course
    (``lesson``), its place in the course ("Lesson 3 of 16") and Next to the next lesson."""
    tr = language.tr
    _ = tr.gettext
    lang = language.code
    names = [p.notebook for p in COURSE_PAGES]
    parts: list[Markup] = []
    if notebook != START_PAGE.notebook:
        parts.append(html('<a class="nap-nav-link nap-nav-home" href="{}"><span aria-hidden="true">⌂ </span>{}</a>',
                          nav_href(START_PAGE.notebook, lang, profile), _("Start: all lessons")))
    if lesson is not None:  # the course's own order: Next stays inside the course
        where = _("Lesson {n} of {total}: {title}").format(n=lesson.number, total=lesson.total, title=_(lesson.title))
        parts.append(html('<span class="nap-nav-here" aria-current="page">{}</span>', where))
        if lesson.following is not None:
            ident, title = lesson.following
            parts.append(html('<a class="nap-nav-link nap-nav-next" rel="next" href="{}">{}'
                              '<span aria-hidden="true"> →</span></a>', nav_href(notebook, lang, profile, lesson=ident),
                              _("Next lesson: {title}").format(title=_(title))))
        else:
            following = next_page(notebook)
            if following is not None:
                parts.append(html('<a class="nap-nav-link nap-nav-next" rel="next" href="{}">{}'
                                  '<span aria-hidden="true"> →</span></a>', nav_href(following.notebook, lang, profile),
                                  _("Next: {title}").format(title=_(following.title))))
        return html('<header class="nap-page-header" data-lang="{}" data-page="{}">'
                    '<nav class="nap-nav" aria-label="{}">{}</nav></header>',
                    lang, notebook, _("Course pages"), Markup(" ").join(parts))
    if notebook in names:
        here = COURSE_PAGES[names.index(notebook)]
        where = _("Step {n} of {total}: {title}").format(n=names.index(notebook) + 1, total=len(COURSE_PAGES),
                                                          title=_(here.title))
        parts.append(html('<span class="nap-nav-here" aria-current="page">{}</span>', where))
    following = next_page(notebook)
    if following is not None:
        parts.append(html('<a class="nap-nav-link nap-nav-next" rel="next" href="{}">{}'
                          '<span aria-hidden="true"> →</span></a>',
                          nav_href(following.notebook, lang, profile),
                          _("Next: {title}").format(title=_(following.title))))
    return html('<header class="nap-page-header" data-lang="{}" data-page="{}">'
                '<nav class="nap-nav" aria-label="{}">{}</nav></header>',
                lang, notebook, _("Course pages"), Markup(" ").join(parts))


class PageNav:
    """The shared page header (``nap-page-header``) as a widget; follows the page's language and rules."""

    def __init__(self, notebook: str, language: Language, profile: Callable[[], str] | str = "british") -> None:
        self.notebook = notebook
        self.language = language
        self._profile = profile
        self.lesson: LessonPlace | None = None
        """Set on a lesson of the course: the header shows its place in the course and leads to the next lesson."""
        self.widget = HTML()
        self.widget.add_class("nap-page-nav")
        language.observe(self.refresh)
        self.refresh()

    @property
    def profile(self) -> str:
        return self._profile() if callable(self._profile) else self._profile

    def refresh(self) -> None:
        self.widget.value = nav_html(self.notebook, self.language, self.profile, self.lesson)
