"""The app's front page: what Nap is, the lessons in order, the rules in force, a "try it" panel.

The notebook ``notebooks/index.ipynb`` only does::

    from nap_teach.ui.landing import LandingPage
    LandingPage.from_environment()

Every visible string is produced here and goes through gettext, so the page
switches language in place (the ``nap-lang`` switch) or by link
(``index.ipynb?lang=xx``). Stable CSS classes for browser tests:

- ``nap-landing``: the outer ``VBox``;
- ``nap-landing-link``: each link to a lesson notebook (relative ``href``, so it
  works from ``/voila/render/index.ipynb`` under any base URL; it carries
  ``?lang=`` when the page is not in English);
- ``nap-landing-lang``: each language link (``index.ipynb?lang=xx``, plus ``&profile=pub``
  under the pub rules: every link keeps the rules in force, ``?profile=`` is validated);
- ``nap-landing-profile-link``: the link to the other rules; ``nap-landing-compare``: to the
  explorer's side-by-side comparison;
- ``nap-landing-profile``: the rules in force and the stakes table (``nap-stakes``),
  read from the :class:`~nap_teach.engine.profiles.Profile`, and the list of rules in force
  read from the rulebook (``nap-landing-rules``), each a ``nap-landing-rule`` link to
  its page of the rules explorer (``explorer.ipynb?rule=B11``);
- ``nap-landing-try``: the "Deal me a hand" button;
- ``nap-landing-output``: the ``HTML`` widget the button writes into
  (five ``nap-landing-card`` cards).
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as widgets

from ..engine.cards import FULL_PACK, Card, sort_hand
from ..words.html import Markup, el, escape, html, join
from ..words.i18n import LANGUAGES, normalize_lang
from ..engine.messages import N_, PROFILE_NAMES
from ..engine.profiles import BRITISH, PROFILES, Profile
from ..words.render import card_svg
from ..engine.rules import rules_in_force
from ..teach.course import course_outline
from ..words.rulebook import stakes_table_html
from .base import App, guarded, page_style
from .params import DEFAULT_LANGUAGE, PageParams, page_query, preheating
from .progress import ProgressPanel, course_list_html
from .storage import ProgressStore
from .opening import built_unseen
from .widgets import HTML, VBox

__all__ = ["LESSONS", "LandingPage", "LessonLink", "language_from_query", "profile_from_query"]


@dataclass(frozen=True)
class LessonLink:
    """One entry of the lesson list: a notebook next to ``index.ipynb``.

    ``title`` and ``blurb`` are English message ids, translated when shown.
    """

    notebook: str
    title: str
    blurb: str
    app_class: str = ""
    """CSS class of the app the notebook shows (for tests)."""


LESSONS: tuple[LessonLink, ...] = (
    LessonLink(
        "lesson.ipynb",
        N_("A worked deal"),
        N_("Follow one deal from the auction to the last trick, step by step, with the rule behind every card."),
        "nap-lesson",
    ),
    LessonLink(
        "explorer.ipynb",
        N_("Rules and quizzes"),
        N_("Every rule with a small trainer, then a quiz with a score; a syllabus for teachers."),
        "nap-explorer",
    ),
    LessonLink(
        "play.ipynb",
        N_("Play a hand"),
        N_("Bid and play against computer opponents, with a coach if you want one."),
        "nap-play",
    ),
    LessonLink(
        "scorekeeper.ipynb",
        N_("Scorekeeper"),
        N_("Playing with real cards? Enter each deal's calls and tricks: the ledger does the rest."),
        "nap-scorekeeper",
    ),
    LessonLink(
        "problems.ipynb",
        N_("Problems"),
        N_("Prepared deals against best play: every card you play is graded, and the winning line is shown."),
        "nap-problems",
    ),
    LessonLink(
        "odds.ipynb",
        N_("Odds lab"),
        N_("Is this hand worth Nap? Five cards, the chance of making each call, worked out by solving many layouts."),
        "nap-odds",
    ),
    LessonLink(
        "handouts.ipynb",
        N_("Handouts"),
        N_("For teachers: rules cards, deal diagrams, lesson summaries and scoresheets, ready to print on A4 or "
           "Letter."),
        "nap-handouts",
    ),
    LessonLink(
        "class.ipynb",
        N_("Class results"),
        N_("For teachers: everyone plays the same class link, then the class's session files are compared deal by "
           "deal, with a ledger and a chart."),
        "nap-class",
    ),
)



def profile_from_query(query: str | None) -> Profile:
    """The profile asked for with ``?profile=`` (validated: anything unknown is the default).

    >>> profile_from_query("profile=pub").name, profile_from_query("profile=<x>").name
    ('pub', 'british')
    """
    return PageParams.parse(query).profile


def language_from_query(query: str | None) -> str:
    """Return the language asked for in a URL query string, if we have it.

    >>> language_from_query("lang=en&x=1")
    'en'
    >>> language_from_query("lang=<script>")
    'en'
    """
    return PageParams.parse(query).lang


class LandingPage(App):
    """The landing page widget tree; display it or use :attr:`widget`."""

    css_class = "nap-landing"
    page = "index.ipynb"
    styles = ("landing",)

    def __init__(
        self,
        lang: str = DEFAULT_LANGUAGE,
        notebook_dir: str | os.PathLike[str] | None = None,
        rng: random.Random | None = None,
        profile: Profile = BRITISH,
    ) -> None:
        super().__init__(normalize_lang(lang))
        self._busy = False
        self.profile = profile
        self.notebook_dir = Path(notebook_dir) if notebook_dir is not None else Path.cwd()
        self._rng = rng if rng is not None else random.Random()
        self.deals = 0
        self.hand: tuple[str, ...] = ()
        self._cards: tuple[Card, ...] = ()

        self.title = HTML()
        self.title.add_class("nap-landing-title")
        self.intro = HTML()
        self.intro.add_class("nap-landing-intro")
        self.lessons = HTML()
        self.lessons.add_class("nap-landing-lessons")
        self.profile_box = HTML()
        self.profile_box.add_class("nap-landing-profile")
        self.languages = HTML()
        self.languages.add_class("nap-landing-languages")

        self.try_button = widgets.Button(layout=widgets.Layout(width="auto", max_width="100%", align_self="flex-start"))
        self.try_button.add_class("nap-landing-try")
        self.try_button.on_click(self._on_try)
        self.output = HTML()
        self.output.add_class("nap-landing-output")
        self.try_heading = HTML()
        self.try_panel = VBox([self.try_heading, self.try_button, self.output])
        self.try_panel.add_class("nap-landing-try-panel")

        header = widgets.HBox([self.title, self.switch.widget],
                              layout=widgets.Layout(width="auto", max_width="100%"))
        header.add_class("nap-landing-header")
        self.course = HTML()
        self.course.add_class("nap-landing-course")
        self.teachers = HTML()
        self.teachers.add_class("nap-landing-teachers")
        self.store = ProgressStore()
        self.progress = ProgressPanel(self, self.store)
        self.store.observe(self._render_course)
        self.widget.children = [page_style(*self.styles), self.page_nav.widget, header, self.status.widget, self.intro,
                                self.course, self.progress.widget, self.lessons, self.teachers, self.profile_box,
                                self.try_panel, self.languages]
        self.refresh()

    @classmethod
    @built_unseen  # built before any browser connects: no comm_open that nobody would read
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
        if preheating(environ):  # class mode: built while the kernel waits in its pool (see PlayApp)
            page = cls(notebook_dir=notebook_dir, rng=rng)
            page.arrive(PageParams.from_environment())  # waits for the request
            return page
        params = PageParams.from_environment(environ)
        return cls(lang=params.lang, notebook_dir=notebook_dir, rng=rng, profile=params.profile)

    def arrive(self, params: PageParams) -> None:
        """Put a request's parameters in a page built with the defaults: the page built for them."""
        self.profile = params.profile
        with self.holding():
            self.language.set(params.lang)
            self.refresh()

    @property
    def lang(self) -> str:
        return self.language.code

    # -- actions -------------------------------------------------------------

    @guarded
    def _on_try(self, _button: widgets.Button) -> None:
        self.deal()

    def deal(self) -> tuple[str, ...]:
        """Draw a fresh hand of the rules' size, show it and return its card codes (e.g. ``"10H"``)."""
        self._cards = tuple(sort_hand(self._rng.sample(FULL_PACK, self.profile.hand_size)))
        self.deals += 1
        self.hand = tuple(c.code for c in self._cards)
        self._render_output()
        return self.hand

    def show(self) -> None:
        """Display the page in the current notebook output."""
        self._ipython_display_()

    # -- words -----------------------------------------------------------------

    def refresh(self) -> None:
        _ = self._
        count = len(course_outline())  # the course's own count, never a number written here
        # "For teachers" within the first screen: a link to the section further down
        self.title.value = (html("<h1>{}</h1><p class='nap-landing-tagline' data-lessons='{}'>{}</p>"
                                 "<p class='nap-landing-jump'><a class='nap-landing-teachers-jump' "
                                 "href='#nap-for-teachers'>{}</a></p>",
                                 _('Learn Nap'), count, self.tr.ngettext(
                                     "The British card game of bold bids, in {count} short lesson.",
                                     "The British card game of bold bids, in {count} short lessons.", count).format(
                                         count=count), _("For teachers: lesson plan, handouts, class links ↓")))
        self.intro.value = self._intro_html()
        self.lessons.value = self._lessons_html()
        self.teachers.value = self._teachers_html()
        self._render_course()
        if hasattr(self, "progress"):
            self.progress.refresh()
        self.profile_box.value = self._profile_html()
        self.languages.value = self._languages_html()
        self.try_heading.value = (html('<h2>{}</h2><p>{}</p>',
                                       _('Try it'), _('In Nap you hold five cards. Here is what a hand can look like:')))
        self.try_button.description = _("Deal me a hand")
        self.try_button.tooltip = _("Deal five random cards")
        self._render_output()

    def _render_course(self) -> None:
        """The course in order, each lesson with its state read from the learner's browser."""
        if not hasattr(self, "course"):
            return
        _ = self._
        self.course.value = html("<h2>{}</h2><p>{}</p>{}", _("The course"),
                                 _("Each lesson is one idea, shown in prepared deals: you decide before each "
                                   "step is revealed, and a short quiz closes it."),
                                 course_list_html(self.store.progress, self.tr, self.lang))

    def _profile_suffix(self) -> str:
        """``&profile=pub`` to append to a query that already has a parameter ("" for the default rules)."""
        return "" if self.profile.name == "british" else f"&profile={self.profile.name}"

    def _query_suffix(self) -> str:
        return page_query(self.lang, self.profile.name)

    def _intro_html(self) -> str:
        _ = self._
        p = self.profile
        paras = [
            _("Nap, short for Napoleon, is a British trick-taking card game for {low} to {high} players. "
              "Everyone gets five cards, and there is a single round of bidding: each player in turn may "
              "offer to win more tricks than anyone so far, or pass.").format(low=p.min_players, high=p.max_players),
            _("The highest bidder then plays alone against all the others. The bidder leads to the first "
              "trick, and the suit of that first card is trump for the whole deal. Win the tricks you bid "
              "and every opponent pays you; fall short and you pay each of them."),
        ]
        return join((html('<p>{}</p>', t) for t in paras))

    def _lessons_html(self) -> str:
        _ = self._
        items = []
        for lesson in LESSONS:
            title = escape(self.tr.gettext(lesson.title))
            blurb = escape(self.tr.gettext(lesson.blurb))
            if (self.notebook_dir / lesson.notebook).is_file():
                href = escape(lesson.notebook + self._query_suffix())
                head = html('<a class="nap-landing-link" href="{}">{}</a>', href, title)
            else:
                soon = escape(_("coming soon"))
                head = html('<span class="nap-landing-soon">{} ({})</span>', title, soon)
            items.append(html("<li>{}<br><span class='nap-landing-blurb'>{}</span></li>", head, blurb))
        heading = escape(_("More to explore: the app's pages"))
        return html("<h2>{}</h2><ol class='nap-landing-list nap-landing-tools'>{}</ol>", heading, join(items))

    def _teachers_html(self) -> Markup:
        """For teachers: the lesson plan, the handouts to print, and one seeded game for the whole class
        with its results deal by deal."""
        _ = self._
        query = self._query_suffix()
        plan = "explorer.ipynb" + query + ("&" if query else "?") + "section=syllabus"
        items = [el("li", None, el("a", {"class": "nap-landing-teacher-link nap-landing-plan", "href": plan},
                                   _("The lesson plan")), " — ",
                    _("the course in order with objectives, timings, the deals to deal, questions and common mistakes")),
                 el("li", None, el("a", {"class": "nap-landing-teacher-link nap-landing-handouts",
                                         "href": "handouts.ipynb" + query}, _("Handouts to print")), " — ",
                    _("rules cards, deal diagrams, lesson summaries and scorekeeper's sheets, A4 or Letter")),
                 el("li", None, el("a", {"class": "nap-landing-teacher-link nap-landing-class-link",
                                         "href": "play.ipynb" + query}, _("Make a class link on the play page")),
                    " — ", _("Give the whole class the same deals: make a class link (with a QR code for the room) "
                             "on the play page; each learner plays it and downloads their session; the class "
                             "results page then compares the tables deal by deal.")),
                 el("li", None, el("a", {"class": "nap-landing-teacher-link nap-landing-class",
                                         "href": "class.ipynb" + query}, _("Class results")))]
        return html("<h2 id='nap-for-teachers'>{}</h2><ul class='nap-landing-list'>{}</ul>", _("For teachers"),
                    join(items))

    def _profile_html(self) -> str:
        _ = self._
        p = self.profile
        name = self.tr.gettext(PROFILE_NAMES[p.name]) if p.name in PROFILE_NAMES else p.name
        ladder = " < ".join(self.tr.call_gloss(c) for c in p.ladder)
        text = _("Rules in force: {name}. Bids from low to high: {ladder}. {low} to {high} players; "
                 "the rest of the pack stays face down.").format(name=name, ladder=ladder, low=p.min_players,
                                                                  high=p.max_players)
        others = []
        for other in PROFILES.values():
            if other.name == p.name:
                continue
            href = escape("index.ipynb" + page_query(self.lang, other.name))
            # the name inside a sentence ("Switch to the pub rules", "Cambiar a las reglas de pub")
            label = escape(_("Switch to {name}").format(name=self.tr.profile_name(other, in_text=True)))
            others.append(html('<a class="nap-landing-profile-link" href="{}" data-profile="{}">{}</a>',
                               href, other.name, label))
        compare = escape("explorer.ipynb" + page_query(self.lang, p.name)
                      + ("&" if page_query(self.lang, p.name) else "?") + "section=compare")
        links = Markup(" · ").join(others + [html('<a class="nap-landing-compare" href="{}">{}</a>',
                                                   compare, _('What differs between the rules'))])
        extra = ""
        if p.option_choices:
            extra = html('<p>{}</p>', _("Misère may pay 10/5 instead of 3/3 if the table agrees; reneges, misdeals, chips and "
                                 "an extra hand for a tie at the top are part of these rules (two level players, too few for a "
                                 "hand, share the win by the table's choice)."))
        return (html("<h2>{}</h2><p data-profile='{}'>{}</p>{}{}{}<p class='nap-landing-profiles'>{}</p>",
                     _('The rules in force'), p.name, text, html('<div class="nap-scroll" tabindex="0" role="region" aria-label="{}">{}</div>',
                          _("Stakes in ledger points, per opponent"), stakes_table_html(p, self.tr)), extra, self._rules_html(),
                     links))

    def _rules_html(self) -> Markup:
        """The rules in force, read from the rulebook, each linked to its page of the rules explorer."""
        query = page_query(self.lang, self.profile.name)
        rules = rules_in_force(self.profile)
        items = join(el("li", None, el("a", {"class": "nap-landing-rule",
                                             "href": f"explorer.ipynb{query}{'&' if query else '?'}rule={rule}",
                                             "data-rule": rule}, f"{rule} · {self.tr.rule_title(rule)}"))
                     for rule in rules)
        summary = self.tr.ngettext("The {count} rule in force, one page each", "The {count} rules in force, one page each",
                                   len(rules)).format(count=len(rules))
        return el("details", {"class": "nap-landing-rules"}, el("summary", None, summary),
                  el("ul", {"class": "nap-landing-list"}, items))

    def _languages_html(self) -> str:
        links = []
        for code, name in LANGUAGES.items():
            current = Markup(' aria-current="page"') if code == self.lang else ""
            links.append(
                html('<a class="nap-landing-lang" href="{}" hreflang="{}" lang="{}"{}>{}</a>',
                     f"index.ipynb?lang={code}{self._profile_suffix()}", code, code, current, name)
            )
        label = escape(self._("Language:"))
        return html('<p>{} {}</p>', label, Markup(' · ').join(links))

    def _render_output(self) -> None:
        if not self._cards:
            body = escape(self._("Press the button to see five cards."))
        else:
            label = escape(self._("Deal {number}:").format(number=self.deals))
            cards = join((
                html('<span class="nap-landing-card" data-card="{}">{}</span>',
                     c.code, card_svg(c, tr=self.tr, width=52)) for c in self._cards))
            words = escape(self.tr.join(self.tr.card_words(c) for c in self._cards))
            body = (html("{} <span class='nap-landing-hand'>{}</span><span class='nap-landing-words'>"
                         '{}</span>', label, cards, words))
        self.output.value = html('<div role="status" aria-live="polite">{}</div>', body)
