"""The handouts page (see the package docs)."""
from __future__ import annotations

from typing import Any, Mapping

import ipywidgets as W

from ...teach.course import LessonSpec, load_course, load_lesson
from ...engine.explain import RecordError, RuleError
from ...teach.handouts.lesson import DEFAULT_LEARNERS, MAX_LEARNERS
from ...teach.handouts import (PAPERS, course_plan_html, deal_diagram_html, lesson_summary_html, print_css,
                               rules_card_html, rules_crib_html, scoresheet_html)
from ...words.html import Markup, html
from ...teach.lesson.deal import load_worked_deal
from ...teach.lesson.entry import DealEntry
from ...engine.messages import N_
from ...engine.profiles import BRITISH, PROFILES, Profile
from ...engine.records import hand_from_record, parse_json, record_from_link, session_from_record
from ...engine.session import Session
from ...engine.state import DealState
from ..base import App, guarded, page_style
from ..params import PageParams
from ..printing import PrintButton
from ..saveload import upload_content
from ..widgets import BoundedIntText, Dropdown, HBox, HTML, show, Text, ToggleButtons, VBox, with_classes
from ..opening import built_unseen

__all__ = ["KINDS", "HandoutsApp"]

KINDS: dict[str, str] = {
    "crib": N_("Rules on one page (for beginners)"),
    "rules": N_("Rules card with the stakes"),
    "deal": N_("Deal diagram"),
    "lesson": N_("Lesson summary (teacher, with answers)"),
    "learners": N_("Lesson sheet for learners (no answers)"),
    "scoresheet": N_("Scorekeeper's sheet"),
    "plan": N_("Lesson plan (the whole course)"),
}
"""The handouts, in the order of the picker (the values are English msgids)."""

WORKED = "worked"
ENTERED = "entered"
BLANK = "blank"
LOADED = "loaded"
MAX_BYTES = 1_000_000
MAX_NAME = 20
"""Most characters of a player's name on the scoresheet (it must fit its column)."""


class HandoutsApp(App):
    """The handouts page."""

    css_class = "nap-handouts"
    page = "handouts.ipynb"
    styles = ("handouts",)

    def __init__(self, lang: str = "en", profile: Profile | None = None) -> None:
        super().__init__(lang)

        self._busy = False
        self._filling = False
        self.course: tuple[LessonSpec, ...] = load_course()
        self.entered: DealState | None = None
        self.entered_title = ""
        self.entered_notes = ""
        """The title and notes of the deal entered elsewhere (its link or file), for its diagram."""
        self.loaded_session: Session | None = None
        self.title = HTML()
        self.intro = HTML()
        self.kind = with_classes(Dropdown(options=[(k, k) for k in KINDS], value="rules"), "nap-handouts-kind")
        self.profile = with_classes(Dropdown(options=[(p, p) for p in PROFILES],
                                             value=(profile or BRITISH).name), "nap-handouts-profile")
        self.lesson = with_classes(Dropdown(options=[(s.id, s.id) for s in self.course],
                                            value=self.course[0].id), "nap-handouts-lesson")
        self.deal = with_classes(Dropdown(options=[(WORKED, WORKED)], value=WORKED), "nap-handouts-deal")
        self.players = with_classes(Dropdown(options=[4], value=4), "nap-handouts-players")
        self.names = with_classes(Text(value="", continuous_update=False, style={"description_width": "initial"},
                                       layout=W.Layout(width="32em", max_width="100%")), "nap-handouts-names")
        self._names_ok: tuple[str, ...] = ()
        self.learners = with_classes(BoundedIntText(value=DEFAULT_LEARNERS, min=3, max=MAX_LEARNERS,
                                                    style={"description_width": "initial"},
                                                    layout=W.Layout(width="14em", max_width="100%")),
                                   "nap-handouts-learners")
        self.source = with_classes(Dropdown(options=[(BLANK, BLANK)], value=BLANK), "nap-handouts-source")
        self.upload = with_classes(W.FileUpload(accept=".json,application/json", multiple=False),
                                   "nap-handouts-upload")
        self.paper = with_classes(ToggleButtons(options=[("A4", "a4"), ("Letter", "letter")], value="a4"),
                                "nap-handouts-paper")
        self.print_button = PrintButton()
        self.preview = with_classes(HTML(), "nap-handouts-preview")
        self.preview.add_class("nap-print-only")
        header = HBox([self.title, self.switch.widget])
        header.add_class("nap-handouts-header")
        form = VBox([HBox([self.kind, self.profile]), HBox([self.lesson, self.deal]),
                       HBox([self.players, self.source]), HBox([self.names]), HBox([self.learners]), HBox([self.upload]),
                       HBox([self.paper, self.print_button])])
        form.add_class("nap-handouts-form")
        self.widget.children = (page_style(*self.styles), self.page_nav.widget, header, self.intro, form, self.status.widget,
                                self.preview)
        self._fill_options()
        for w in (self.kind, self.profile, self.lesson, self.deal, self.players, self.source, self.paper,
                  self.learners):
            w.observe(self._on_change, names="value")
        self.upload.observe(self._on_upload, names="value")
        self.names.observe(self._on_names, names="value")
        self.refresh()

    # ------------------------------------------------------------------ page parameters
    @classmethod
    @built_unseen  # built before any browser connects: no comm_open that nobody would read
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> "HandoutsApp":
        """Build the page for the request (see the package docs for the parameters; bad values are ignored
        with a sentence in the status line)."""
        params = PageParams.from_environment(environ)
        app = cls(params.lang, params.profile)
        app.apply_params(params)
        return app

    def apply_params(self, params: PageParams) -> None:
        """Open on the handout the address asks for (see the package docs)."""
        self._filling = True
        try:
            self._apply(params)
        finally:
            self._filling = False
        self.render()

    def _apply(self, params: PageParams) -> None:
        problems: list[str] = []
        kind = params.word("kind", tuple(KINDS), "")
        paper = params.word("paper", tuple(PAPERS), "a4")
        self.paper.value = paper
        lesson_id = params.get("lesson").strip().lower()
        if lesson_id:
            if lesson_id in {s.id for s in self.course}:
                self.lesson.value = lesson_id
                part = params.get("part").strip().lower()
                spec = load_lesson(lesson_id)
                if part and any(d.id == part for d in spec.deals):
                    d = spec.deal(part)
                    if d.hand is not None:
                        self.deal.value = f"{lesson_id}/{part}"
                        kind = kind or "deal"
                    else:
                        self.source.value = f"{lesson_id}/{part}"
                        kind = kind or "scoresheet"
                kind = kind or "lesson"
            else:
                problems.append(self._("There is no lesson called “{name}”.").format(name=lesson_id[:40]))
        code = params.get("deal").strip()
        if code:
            try:
                kind = self._take_record(record_from_link(code))
            except (RecordError, RuleError) as e:
                problems.append(e.text(self.language.code))
        learners = params.integer("learners", 3, MAX_LEARNERS, 3)
        if learners is not None:
            self.learners.value = learners
        elif params.get("learners").strip():
            problems.append(self._("The number of learners is a whole number from 3 to {most}.").format(
                most=MAX_LEARNERS))
        players = params.integer("players", 2, 7, 1)
        if players is not None and players in self.players.options:
            self.players.value = players
        if kind:
            self.kind.value = kind
        if problems:
            self.status.show(self._("Some settings in the page address were ignored: {why}").format(
                why=" ".join(problems)), "refused")

    # ------------------------------------------------------------------ names on the scoresheet
    def _names(self) -> tuple[str, ...]:
        """The players' names for a blank scoresheet, as last accepted (none: lines to write them on)."""
        return self._names_ok

    @guarded
    def _on_names(self, change: dict[str, Any]) -> None:
        raw = change.get("new")
        text = raw if isinstance(raw, str) else ""
        names = tuple(n.strip() for n in text[:400].split(",") if n.strip())
        profile = PROFILES[str(self.profile.value)]
        problem = ""
        if names and not profile.min_players <= len(names) <= profile.max_players:
            problem = self._("The {rules} are for {low} to {high} players; {count} names were given.").format(
                rules=self.tr.profile_name(profile.name, in_text=True), low=profile.min_players,
                high=profile.max_players, count=len(names))
        elif any(len(n) > MAX_NAME for n in names):
            problem = self._("A player's name has at most {most} characters.").format(most=MAX_NAME)
        elif len(set(n.casefold() for n in names)) != len(names):
            problem = self._("Two players have the same name: give each player a name of their own.")
        if problem:
            self.status.show(self._("The names were not used, so the sheet is unchanged: {why}").format(why=problem),
                             "refused")
            return
        self.status.clear()
        self._names_ok = names
        self.render()

    # ------------------------------------------------------------------ records
    def _take_record(self, record: Any) -> str:
        """A hand record becomes the entered deal ("deal"), a session record the loaded sheet ("scoresheet");
        both are checked by the engine first (a bad one raises, nothing changed)."""
        fmt = record.get("format") if isinstance(record, dict) else None
        if fmt == "nap-session/1":
            session = session_from_record(record)
            self.loaded_session = session
            self._fill_options()
            self.source.value = LOADED
            return "scoresheet"
        state = hand_from_record(record)
        words = DealEntry()
        words.set_words(record.get("title", ""), record.get("notes", ""))  # checked as the editor checks them
        self.entered = state
        self.entered_title, self.entered_notes = words.title, words.notes
        self._fill_options()
        self.deal.value = ENTERED
        return "deal"

    @guarded
    def _on_upload(self, change: dict[str, Any]) -> None:
        value = change.get("new")
        if not value:
            return
        try:
            kind = self._take_record(parse_json(upload_content(value, MAX_BYTES)))
        except (RecordError, RuleError) as e:
            self.status.show(self._("This file cannot be loaded, so nothing was changed: {why}").format(
                why=e.text(self.language.code)), "refused")
            return
        finally:
            self.upload.value = ()
        self._filling = True
        self.kind.value = kind
        self._filling = False
        self.status.show(self._("File loaded."), "info")
        self.render()

    # ------------------------------------------------------------------ options and drawing
    def _fill_options(self) -> None:
        was, self._filling = self._filling, True
        try:
            self._fill()
        finally:
            self._filling = was

    def _fill(self) -> None:
        tr = self.tr
        kept = (self.kind.value, self.profile.value, self.lesson.value)
        self.kind.options = [(tr.gettext(label), k) for k, label in KINDS.items()]
        self.profile.options = [(tr.profile_name(p), p) for p in PROFILES]
        self.lesson.options = [(f"{s.place}. {tr.gettext(s.title)}", s.id) for s in self.course]
        self.kind.value, self.profile.value, self.lesson.value = kept  # new words, same choices
        deals: list[tuple[str, str]] = [(self._("The worked deal"), WORKED)]
        if self.entered is not None:
            deals.append((self._("The deal you entered or loaded"), ENTERED))
        sources: list[tuple[str, str]] = [(self._("Blank, to fill in at the table"), BLANK)]
        if self.loaded_session is not None:
            sources.append((self._("The session you loaded"), LOADED))
        for s in self.course:
            for d in s.deals:
                title = tr.gettext(d.title) if d.title else d.id
                label = f"{s.place}. {title}"
                if d.hand is not None:
                    deals.append((label, f"{s.id}/{d.id}"))
                else:
                    sources.append((label, f"{s.id}/{d.id}"))
        keep_deal, keep_source = self.deal.value, self.source.value
        self.deal.options = deals
        self.deal.value = keep_deal if keep_deal in dict((v, v) for _, v in deals) else WORKED
        self.source.options = sources
        self.source.value = keep_source if keep_source in dict((v, v) for _, v in sources) else BLANK
        profile = PROFILES[str(self.profile.value)]
        players = list(range(profile.min_players, profile.max_players + 1))
        keep = self.players.value
        self.players.options = players
        self.players.value = keep if keep in players else 4

    def _on_change(self, change: dict[str, Any]) -> None:
        if self._filling:
            return
        if change.get("owner") is self.profile:
            self._fill_options()
            if self.names.value:  # the names are checked again against the new rules' table sizes
                self._on_names({"new": self.names.value})
        self.render()

    def _deal_state(self) -> DealState:
        value = str(self.deal.value)
        if value == ENTERED and self.entered is not None:
            return self.entered
        if "/" in value:
            lesson_id, deal_id = value.split("/", 1)
            hand = load_lesson(lesson_id).deal(deal_id).hand
            if hand is not None:
                return hand
        return load_worked_deal()

    def _session(self) -> Session | None:
        value = str(self.source.value)
        if value == LOADED:
            return self.loaded_session
        if "/" in value:
            lesson_id, deal_id = value.split("/", 1)
            return load_lesson(lesson_id).deal(deal_id).session
        return None

    def handout(self) -> Markup:
        """The handout chosen, as HTML (what the preview shows and the printer gets)."""
        tr, kind = self.tr, str(self.kind.value)
        profile = PROFILES[str(self.profile.value)]
        if kind == "deal":
            value = str(self.deal.value)
            title = None
            notes = ""
            if value == ENTERED and self.entered is not None:
                title, notes = self.entered_title or None, self.entered_notes
            elif value == WORKED:
                title = self._("The worked deal")
            elif "/" in value:
                lesson_id, deal_id = value.split("/", 1)
                d = load_lesson(lesson_id).deal(deal_id)
                title = tr.gettext(d.title) if d.title else None
            return deal_diagram_html(self._deal_state(), tr, title=title, notes=notes)
        if kind in ("lesson", "learners"):
            return lesson_summary_html(load_lesson(str(self.lesson.value)), tr, learners=kind == "learners")
        if kind == "scoresheet":
            session = self._session()
            if session is not None:
                return scoresheet_html(session.profile, tr, session=session)
            names = self._names()
            return scoresheet_html(profile, tr, players=names if names else int(self.players.value))
        if kind == "crib":
            return rules_crib_html(profile, tr)
        if kind == "plan":
            learners = self.learners.value
            if isinstance(learners, bool) or not isinstance(learners, int) or not 3 <= learners <= MAX_LEARNERS:
                learners = DEFAULT_LEARNERS
            return course_plan_html(tr, lessons=self.course, learners=learners)
        return rules_card_html(profile, tr)

    def render(self) -> None:
        kind = str(self.kind.value)
        blank_sheet = kind == "scoresheet" and self._session() is None
        show(self.profile, kind in ("rules", "crib") or blank_sheet)
        show(self.lesson, kind in ("lesson", "learners"))
        show(self.deal, kind == "deal")
        show(self.players, blank_sheet and not self._names())
        show(self.names, blank_sheet)
        show(self.learners, kind == "plan")
        show(self.source, kind == "scoresheet")
        show(self.upload, kind in ("deal", "scoresheet"))
        style = Markup(print_css(str(self.paper.value), landscape=kind == "scoresheet"))  # our own stylesheet
        # the sheet scrolls sideways on a phone: a region a keyboard can reach and a screen reader names
        self.preview.value = html('<style>{}</style><div class="nap-handouts-sheet" data-paper="{}" data-kind="{}" '
                                  'tabindex="0" role="region" aria-label="{}">{}</div>', style, self.paper.value, kind,
                                  self._("The handout as it prints"), self.handout())

    def refresh(self) -> None:
        _ = self._
        self.title.value = html("<h1>{}</h1>", _("Handouts to print"))
        self.intro.value = html("<p>{}</p>", _(
            "Pick a handout, check it below as it will print, then press Print: only the handout goes on "
            "paper, over as many sheets as it needs. The language of the page is the language of the handout."))
        self.kind.description = _("Handout")
        self.profile.description = _("Rules")
        self.lesson.description = _("Lesson")
        self.deal.description = _("Deal")
        self.players.description = _("Players")
        self.names.description = _("Names on the sheet (optional, separated by commas)")
        self.names.placeholder = _("Ann, Ben, Cat, Dan")
        self.learners.description = _("Learners in the room")
        self.source.description = _("Sheet")
        self.paper.description = _("Paper")
        self.upload.description = _("Load a deal or session file")
        self.upload.tooltip = _("Choose a deal file (nap-hand/1) or a session file (nap-session/1)")
        self.upload.tooltip = _("Load a deal or session file")
        self.print_button.label = _("Print")
        self.print_button.hint = _("Print this handout (your browser's print dialog)")
        self._fill_options()
        self.render()
