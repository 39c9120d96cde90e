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
  read from the :class:`~nap_teach.profiles.Profile`, and the list of rules in force
  read from the rulebook (``nap-landing-rules``), each a ``nap-landing-rule`` link to
  its page of the rules explorer (``explorer.ipynb?rule=B11``);
- ``nap-landing-try``: the "Deal me a hand" button;
- ``nap-landing-output``: the ``HTML`` widget the button writes into
  (five ``nap-landing-card`` cards).
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

from ..cards import FULL_PACK, Card, sort_hand
from ..html import Markup, el, join
from ..i18n import LANGUAGES, Translator, normalize_lang
from ..messages import N_
from ..profiles import BRITISH, PROFILES, Profile
from ..render import card_svg
from ..rulebook import rules_in_force, tricks_needed
from .base import App, guarded, page_style

__all__ = ["LANGUAGES", "LESSONS", "LandingPage", "LessonLink", "language_from_query", "stakes_table_html",
           "PROFILE_NAMES", "page_query", "profile_from_query"]

DEFAULT_LANGUAGE = "en"
HAND_SIZE = 5
esc = html.escape


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
)

PROFILE_NAMES: dict[str, str] = {"british": N_("British rules"), "pub": N_("Pub rules")}
"""Names of the profiles for people (message ids)."""


def page_query(lang: str = DEFAULT_LANGUAGE, profile: str = "british") -> str:
    """The query string that keeps the language and the profile across pages ("" for the defaults).

    >>> page_query("en", "pub"), page_query("es", "british"), page_query("en", "british")
    ('?profile=pub', '?lang=es', '')
    """
    parts = []
    if lang in LANGUAGES and lang != DEFAULT_LANGUAGE:
        parts.append(f"lang={lang}")
    if profile in PROFILES and profile != "british":
        parts.append(f"profile={profile}")
    return "?" + "&".join(parts) if parts else ""


def profile_from_query(query: str | None) -> Profile:
    """The profile asked for with ``?profile=`` (validated: anything unknown is the default).

    >>> profile_from_query("profile=pub").name, profile_from_query("profile=<x>").name
    ('pub', 'british')
    """
    for value in parse_qs(query or "").get("profile", []):
        if value.strip().lower() in PROFILES:
            return PROFILES[value.strip().lower()]
    return BRITISH


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


def stakes_table_html(profile: Profile, tr: Translator) -> str:
    """The profile's ladder and stakes as an HTML table (class ``nap-stakes``), read from the Profile."""
    _ = tr.gettext
    head = (f"<tr><th scope='col'>{esc(_('Bid'))}</th><th scope='col'>{esc(_('Tricks needed'))}</th>"
            f"<th scope='col'>{esc(_('Made: each opponent pays'))}</th>"
            f"<th scope='col'>{esc(_('Failed: declarer pays each'))}</th></tr>")
    rows = []
    for c in profile.ladder:
        need = tricks_needed(c, profile, tr)
        rows.append(f"<tr data-contract='{esc(c.name, quote=True)}'><th scope='row'>{esc(tr.call(c.name))}</th>"
                    f"<td>{esc(need)}</td><td>{c.made}</td><td>{c.failed}</td></tr>")
    caption = esc(_("Stakes in ledger points, per opponent"))
    return (f'<div class="nap-scroll"><table class="nap-table-grid nap-stakes"><caption>{caption}</caption>'
            f"<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table></div>")


class LandingPage(App):
    """The landing page widget tree; display it or use :attr:`widget`."""

    css_class = "nap-landing"
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

        self.title = widgets.HTML()
        self.title.add_class("nap-landing-title")
        self.intro = widgets.HTML()
        self.intro.add_class("nap-landing-intro")
        self.lessons = widgets.HTML()
        self.lessons.add_class("nap-landing-lessons")
        self.profile_box = widgets.HTML()
        self.profile_box.add_class("nap-landing-profile")
        self.languages = widgets.HTML()
        self.languages.add_class("nap-landing-languages")

        self.try_button = widgets.Button(layout=widgets.Layout(width="auto", max_width="100%", align_self="flex-start"))
        self.try_button.add_class("nap-landing-try")
        self.try_button.on_click(self._on_try)
        self.output = widgets.HTML()
        self.output.add_class("nap-landing-output")
        self.try_heading = widgets.HTML()
        self.try_panel = widgets.VBox([self.try_heading, self.try_button, self.output])
        self.try_panel.add_class("nap-landing-try-panel")

        header = widgets.HBox([self.title, self.switch.widget],
                              layout=widgets.Layout(width="auto", max_width="100%"))
        header.add_class("nap-landing-header")
        self.widget.children = [page_style(*self.styles), header, self.status.widget, self.intro, self.lessons,
                                self.profile_box, self.try_panel, self.languages]
        self.refresh()

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
        query = environ.get("QUERY_STRING")
        lang = language_from_query(query)
        return cls(lang=lang, notebook_dir=notebook_dir, rng=rng, profile=profile_from_query(query))

    @property
    def lang(self) -> str:
        return self.language.code

    # -- actions -------------------------------------------------------------

    @guarded
    def _on_try(self, _button: widgets.Button) -> None:
        self.deal()

    def deal(self) -> tuple[str, ...]:
        """Draw a fresh five-card hand, show it and return its card codes (e.g. ``"10H"``)."""
        self._cards = tuple(sort_hand(self._rng.sample(FULL_PACK, HAND_SIZE)))
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
        self.title.value = (f"<h1>{esc(_('Learn Nap'))}</h1>"
                            f"<p class='nap-landing-tagline'>{esc(_('The British card game of bold bids, in four short lessons.'))}</p>")
        self.intro.value = self._intro_html()
        self.lessons.value = self._lessons_html()
        self.profile_box.value = self._profile_html()
        self.languages.value = self._languages_html()
        self.try_heading.value = (f"<h2>{esc(_('Try it'))}</h2><p>"
                                  f"{esc(_('In Nap you hold five cards. Here is what a hand can look like:'))}</p>")
        self.try_button.description = _("Deal me a hand")
        self.try_button.tooltip = _("Deal five random cards")
        self._render_output()

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
        return "".join(f"<p>{esc(t)}</p>" for t in paras)

    def _lessons_html(self) -> str:
        _ = self._
        items = []
        for lesson in LESSONS:
            title = esc(self.tr.gettext(lesson.title))
            blurb = esc(self.tr.gettext(lesson.blurb))
            if (self.notebook_dir / lesson.notebook).is_file():
                href = esc(lesson.notebook + self._query_suffix(), quote=True)
                head = f'<a class="nap-landing-link" href="{href}">{title}</a>'
            else:
                soon = esc(_("coming soon"))
                head = f'<span class="nap-landing-soon">{title} ({soon})</span>'
            items.append(f"<li>{head}<br><span class='nap-landing-blurb'>{blurb}</span></li>")
        heading = esc(_("Lessons, in order"))
        return f"<h2>{heading}</h2><ol class='nap-landing-list'>{''.join(items)}</ol>"

    def _profile_html(self) -> str:
        _ = self._
        p = self.profile
        name = self.tr.gettext(PROFILE_NAMES[p.name]) if p.name in PROFILE_NAMES else p.name
        ladder = " < ".join(self.tr.call(c.name) for c in p.ladder)
        text = _("Rules in force: {name}. Bids from low to high: {ladder}. {low} to {high} players; "
                 "the rest of the pack stays face down.").format(name=name, ladder=ladder, low=p.min_players,
                                                                  high=p.max_players)
        others = []
        for other in PROFILES.values():
            if other.name == p.name:
                continue
            other_name = self.tr.gettext(PROFILE_NAMES[other.name]) if other.name in PROFILE_NAMES else other.name
            href = esc("index.ipynb" + page_query(self.lang, other.name), quote=True)
            label = esc(_("Switch to {name}").format(name=other_name))
            others.append(f'<a class="nap-landing-profile-link" href="{href}" data-profile="{esc(other.name, quote=True)}">'
                          f"{label}</a>")
        compare = esc("explorer.ipynb" + page_query(self.lang, p.name)
                      + ("&" if page_query(self.lang, p.name) else "?") + "section=compare", quote=True)
        links = " · ".join(others + [f'<a class="nap-landing-compare" href="{compare}">'
                                     f"{esc(_('What differs between the rules'))}</a>"])
        extra = ""
        if p.option_choices:
            extra = "<p>" + esc(_("Misère may pay 10/5 instead of 3/3 if the table agrees; reneges, misdeals, chips and "
                                 "an extra hand for a tie of three or more are part of these rules.")) + "</p>"
        return (f"<h2>{esc(_('The rules in force'))}</h2><p data-profile='{esc(p.name, quote=True)}'>{esc(text)}</p>"
                + stakes_table_html(p, self.tr) + extra + str(self._rules_html())
                + f"<p class='nap-landing-profiles'>{links}</p>")

    def _rules_html(self) -> Markup:
        """The rules in force, read from the rulebook, each linked to its page of the rules explorer."""
        query = page_query(self.lang, self.profile.name)
        rules = rules_in_force(self.profile)
        items = join(el("li", None, el("a", {"class": "nap-landing-rule",
                                             "href": f"explorer.ipynb{query}{'&' if query else '?'}rule={rule}",
                                             "data-rule": rule}, f"{rule} · {self.tr.rule_title(rule)}"))
                     for rule in rules)
        summary = self._("The {count} rules in force, one page each").format(count=len(rules))
        return el("details", {"class": "nap-landing-rules"}, el("summary", None, summary),
                  el("ul", {"class": "nap-landing-list"}, items))

    def _languages_html(self) -> str:
        links = []
        for code, name in LANGUAGES.items():
            current = ' aria-current="page"' if code == self.lang else ""
            links.append(
                f'<a class="nap-landing-lang" href="{esc(f"index.ipynb?lang={code}{self._profile_suffix()}", quote=True)}" '
                f'hreflang="{code}" lang="{code}"{current}>{esc(name)}</a>'
            )
        label = esc(self._("Language:"))
        return f"<p>{label} {' · '.join(links)}</p>"

    def _render_output(self) -> None:
        if not self._cards:
            body = esc(self._("Press the button to see five cards."))
        else:
            label = esc(self._("Deal {number}:").format(number=self.deals))
            cards = "".join(
                f'<span class="nap-landing-card" data-card="{c.code}">'
                f"{card_svg(c, tr=self.tr, width=52)}</span>" for c in self._cards)
            words = esc(self.tr.join(self.tr.card_words(c) for c in self._cards))
            body = (f"{label} <span class='nap-landing-hand'>{cards}</span>"
                    f"<span class='nap-landing-words'>{words}</span>")
        self.output.value = f'<div role="status" aria-live="polite">{body}</div>'
