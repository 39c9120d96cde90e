"""The explorer page itself: the header, the rules in force, the section buttons and the four sections."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from ...engine.dealing import MAX_SEED
from ...engine.explain import Explanation
from ...words.html import escape, html
from ...engine.profiles import BRITISH, PROFILES, Profile
from ...engine.rules import rules_in_force
from ..base import App, guarded, label_controls, page_style
from ...engine.messages import PROFILE_NAMES
from ..params import page_query
from ..params import PageParams, ignored_note
from ..widgets import auto_layout as _auto, HBox, HTML, show as _show, ToggleButtons
from .compare import ComparePanel
from .component import SECTIONS
from .quiz import QuizPanel
from .rules import RulesPanel
from ..opening import built_unseen

if TYPE_CHECKING:
    from .syllabus import SyllabusPanel


class ExplorerApp(App):
    """Rules and quizzes: every rule with a trainer, the quiz with a score, the teachers' syllabus."""

    css_class = "nap-explorer"
    page = "explorer.ipynb"
    styles = ("explorer",)

    def __init__(self, lang: str = "en", profile: Profile = BRITISH, seed: int | None = None,
                 rule: str | None = None, section: str = "rules") -> None:
        super().__init__(lang)
        self._busy = False
        self.profile = profile
        self.seed = seed if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED \
            else random.randrange(1, 10_000)
        self.title = HTML()
        self.title.add_class("nap-ex-title")
        self.nav = ToggleButtons(options=[(s, s) for s in SECTIONS], value="rules",
                                 style={"button_width": "auto"}, layout=_auto())
        self.nav.add_class("nap-ex-nav")
        self.nav.observe(self._on_nav, names="value")
        self.profile_pick = ToggleButtons(options=[(name, name) for name in PROFILES], value=profile.name
                                          if profile.name in PROFILES else BRITISH.name,
                                          style={"button_width": "auto"}, layout=_auto())
        self.profile_pick.add_class("nap-ex-profile")
        self.profile_pick.observe(self._on_profile, names="value")
        self.profile_label = HTML()
        self._header = HBox([self.title, self.switch.widget], layout=_auto())
        self._header.add_class("nap-ex-header")
        self._profile_box = HBox([self.profile_label, self.profile_pick], layout=_auto(align_items="center"))
        self._profile_box.add_class("nap-ex-profile-box")
        self.section = "rules"
        self._nav_sync = False
        self._head = [page_style(*self.styles), self.page_nav.widget, self._header, self._profile_box, self.nav,
                      self.status.widget]
        self._build(rule)
        self.go(section if section in SECTIONS else "rules")

    def _build(self, rule: str | None = None) -> None:
        """The panels for the rules in force (built again when the rules change): the rules now, each other
        section on its first showing (the quiz, the comparison and the syllabus were two thirds of the page's
        ~430 widgets, all sent to the browser before the page could be used)."""
        self._panels: dict[str, RulesPanel | QuizPanel | ComparePanel | SyllabusPanel] = {}
        self._rule = rule
        self.refresh()
        self.rules.show_rule(self.rules.rule)

    def _panel(self, section: str) -> Any:
        """The section's panel, built and put in the page the first time it is asked for."""
        panel = self._panels.get(section)
        if panel is None:
            panel = self._panels[section] = self._make(section)
            _show(panel.widget, section == self.section)
            panel.refresh()
            keeper = [self.pagekeeper] if self.pagekeeper in self.widget.children else []
            self.widget.children = [*self._head, *(self._panels[s].widget for s in SECTIONS if s in self._panels),
                                    *keeper]
            label_controls(panel.widget)
        return panel

    def _make(self, section: str) -> Any:
        if section == "rules":
            return RulesPanel(self, self._rule)
        if section == "quiz":
            return QuizPanel(self, self.seed)
        if section == "compare":
            return ComparePanel(self)
        from .syllabus import SyllabusPanel  # the course and its lessons behind it: when the section is opened

        return SyllabusPanel(self)

    @property
    def rules(self) -> RulesPanel:
        panel: RulesPanel = self._panel("rules")
        return panel

    @property
    def quiz(self) -> QuizPanel:
        panel: QuizPanel = self._panel("quiz")
        return panel

    @property
    def compare(self) -> ComparePanel:
        panel: ComparePanel = self._panel("compare")
        return panel

    @property
    def syllabus(self) -> SyllabusPanel:
        panel: SyllabusPanel = self._panel("syllabus")
        return panel

    def set_profile(self, profile: Profile) -> None:
        """Switch the rules in force: every panel follows (the quiz starts again under the new rules)."""
        if profile == self.profile:
            return
        self.profile = profile
        if self.profile_pick.value != profile.name:
            self._profile_sync = True
            try:
                self.profile_pick.value = profile.name
            finally:
                self._profile_sync = False
        rule = self.rules.rule if self.rules.rule.startswith("B") else None
        self._build(rule if rule in rules_in_force(profile) else None)
        self.go(self.section)

    @guarded
    def _on_profile(self, change: dict[str, Any]) -> None:
        if getattr(self, "_profile_sync", False):
            return
        name = change.get("new")
        if isinstance(name, str) and name in PROFILES:
            self.status.clear()
            self.set_profile(PROFILES[name])

    @classmethod
    @built_unseen  # built before any browser connects: no comm_open that nobody would read
    def from_environment(cls, environ: dict[str, str] | None = None) -> "ExplorerApp":
        """The page for the Voila request: ``?lang=``, ``?profile=pub``, ``?seed=`` (quiz), ``?rule=B11``,
        ``?section=quiz`` (or ``compare``); unknown values fall back to the defaults."""
        params = PageParams.from_environment(environ)
        seed = params.integer("seed", 0, MAX_SEED)
        section = params.word("section", SECTIONS, "rules")
        app = cls(params.lang, params.profile, seed, params.rule, section)
        rules = rules_in_force(params.profile)
        if params.rule is not None and params.rule not in rules:  # as every page: the default, and a word why
            bad = Explanation("page", "page.rule", {"value": params.get("rule")[:20], "low": rules[0],
                                                    "high": rules[-1]})
            app.status.show(ignored_note(app.tr, [bad]), "refused")
        return app

    def go(self, section: str) -> None:
        """Show one section (``rules``, ``quiz`` or ``syllabus``)."""
        if section not in SECTIONS:
            return
        self.section = section
        if section == "syllabus":
            self.syllabus.load()
        for name in SECTIONS:
            if name == section:
                _show(self._panel(name).widget, True)  # built on first showing
            elif name in self._panels:
                _show(self._panels[name].widget, False)
        if self.nav.value != section:
            self._nav_sync = True
            try:
                self.nav.value = section
            finally:
                self._nav_sync = False

    @guarded
    def _on_nav(self, change: dict[str, Any]) -> None:
        if self._nav_sync:
            return
        section = change.get("new")
        if section in SECTIONS:
            self.status.clear()
            self.go(section)

    def refresh(self) -> None:
        _ = self._
        name = self.tr.gettext(PROFILE_NAMES[self.profile.name]) if self.profile.name in PROFILE_NAMES \
            else self.profile.name
        profile = escape(_("Rules in force: {profile}.").format(profile=name))
        back = escape(_("Back to the start page"))
        href = escape("index.ipynb" + page_query(self.language.code, self.profile.name))
        self.title.value = (html('<h1>{}</h1><p class="nap-ex-sub"><span class="nap-ex-profile-name" data-profile="{}">'
                                 '{}</span> <a class="nap-ex-home" href="{}">{}</a></p>',
                                 _('Rules and quizzes'), self.profile.name, profile, href, back))
        self.profile_label.value = escape(_("Rules:"))
        self._profile_sync = True
        try:
            self.profile_pick.options = [(self.tr.gettext(PROFILE_NAMES.get(n, n)), n) for n in PROFILES]
            self.profile_pick.value = self.profile.name if self.profile.name in PROFILES else BRITISH.name
        finally:
            self._profile_sync = False
        labels = {"rules": _("Rules"), "quiz": _("Quiz"), "compare": _("Compare"), "syllabus": _("For teachers")}
        current = self.nav.value
        self._nav_sync = True
        try:
            self.nav.options = [(labels[s], s) for s in SECTIONS]
            self.nav.value = current if current in SECTIONS else "rules"
        finally:
            self._nav_sync = False
        self.status.clear()
        for panel in self._panels.values():  # the sections not built yet take the language when they are
            panel.refresh()

    @property
    def text(self) -> str:
        """Everything the learner can read in the visible section (for tests)."""
        def walk(w: W.Widget) -> list[str]:
            if getattr(w.layout, "display", None) == "none":
                return []
            out = [w.value] if isinstance(w, W.HTML) and not w.value.startswith("<style>") else []
            if isinstance(w, W.Button):
                out.append(w.description)
            for child in getattr(w, "children", ()):
                out.extend(walk(child))
            return out
        return "\n".join(walk(self.widget))
