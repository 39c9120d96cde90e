"""The scorekeeper page itself: setup, the deal form, the ledger, the chart, save and load."""
from __future__ import annotations

from typing import Sequence

import ipywidgets as W

from ...words.rulebook import options_line
from ...words.html import escape, html
from ...engine.profiles import BRITISH, Profile
from ...teach.scorekeeper import Scorekeeper
from ...engine.session import DEFAULT_DEALS
from ..base import App, guarded, page_style
from ..params import PageParams
from ..widgets import auto_layout as _auto, Button, HBox, HTML, show as _show, with_classes as _css
from ..params import page_query
from .component import MAX_DEALS, profile_name
from .deal import DealForm
from .ledger import BalanceChart, KeeperLedger
from .saveload import SaveLoad
from .setup import SetupForm
from ..opening import built_unseen


class ScorekeeperApp(App):
    """The scorekeeper page: setup, the deal form, the ledger, the chart, save and load."""

    css_class = "nap-scorekeeper"
    page = "scorekeeper.ipynb"
    styles = ("scorekeeper",)

    def __init__(self, lang: str = "en", profile: Profile = BRITISH, players: Sequence[str] = (),
                 deals: int = DEFAULT_DEALS) -> None:
        super().__init__(lang)
        self._busy = False
        self.profile = profile
        self.keeper: Scorekeeper | None = None
        self.title = _css(HTML(), "nap-sk-title")
        self.setup = SetupForm(self, players, deals)
        self._deal: DealForm | None = None
        """The deal form, built when the first session begins (until then the setup form only)."""
        self.ledger = KeeperLedger(self)
        self.chart = BalanceChart(self)
        self.saveload = SaveLoad(self)
        self.over = _css(HTML(), "nap-sk-over")
        self.new_session = _css(Button(layout=_auto(align_self="flex-start")), "nap-sk-new")
        self.new_session.on_click(self._on_new_session)
        self.resume = _css(Button(layout=_auto(align_self="flex-start")), "nap-sk-resume")
        self.resume.on_click(self._on_resume)
        self.setup_open = True
        header = _css(HBox([self.title, self.switch.widget], layout=_auto()), "nap-sk-header")
        self.widget.children = [page_style(*self.styles), self.page_nav.widget, header, self.status.widget, self.setup.widget, self.resume,
                                self.over, self.ledger.widget, self.chart.widget,
                                self.saveload.widget, self.new_session]
        self.refresh()

    @property
    def deal(self) -> DealForm:
        """The deal form (built, and placed after "Back to the current session", the first time it is needed)."""
        if self._deal is None:
            self._deal = DealForm(self)
            children = list(self.widget.children)
            children.insert(children.index(self.resume) + 1, self._deal.widget)
            self.widget.children = children
        return self._deal

    @classmethod
    @built_unseen  # built before any browser connects: no comm_open that nobody would read
    def from_environment(cls, environ: dict[str, str] | None = None) -> "ScorekeeperApp":
        """The page for the Voila request: ``?lang=``, ``?profile=pub``, ``?players=Ann,Ben,Cat`` and
        ``?deals=8`` prefill the form (unknown values fall back to the defaults)."""
        params = PageParams.from_environment(environ)
        deals = params.integer("deals", 1, MAX_DEALS)
        return cls(params.lang, params.profile, params.names("players"), deals or DEFAULT_DEALS)

    def set_profile(self, profile: Profile) -> None:
        """The rules chosen in the setup form (the session in progress keeps its own)."""
        self.profile = profile
        if self.setup.profile.value != profile.name:
            self.setup.profile.value = profile.name
        self.refresh()

    # ------------------------------------------------------------------ flow
    def begin(self, keeper: Scorekeeper) -> None:
        """Show a new or loaded session."""
        self.keeper = keeper
        self.profile = keeper.profile
        self.setup_open = False
        self.status.clear()
        self.deal.reset()
        self.refresh()

    def after_change(self) -> None:
        """After a deal was added, corrected or removed: a fresh form, every view recounted."""
        self.deal.reset()
        self.render()

    @guarded
    def _on_new_session(self, _b: W.Button) -> None:
        """Open the setup form; the current session stays until a new one starts (save it first)."""
        self.setup_open = True
        self.status.show(self._("The current session stays here until you start a new one: "
                                "download it first if you want to keep it."), "info")
        self.render()

    @guarded
    def _on_resume(self, _b: W.Button) -> None:
        if self.keeper is not None:
            self.setup_open = False
            self.status.clear()
            self.render()

    def correct_deal(self, index: int) -> None:
        self.deal.reset(index)
        self.render()

    def render(self) -> None:
        keeper = self.keeper
        setup = keeper is None or self.setup_open
        _show(self.setup.widget, setup)
        _show(self.resume, setup and keeper is not None)
        _show(self.new_session, not setup)
        deal = self.deal if keeper is not None else self._deal
        editing = deal is not None and deal.editing is not None
        if deal is not None:
            _show(deal.widget, not setup and keeper is not None and (editing or not keeper.is_over))
        if keeper is not None and keeper.is_over and not editing:
            self.over.value = html("<p class='nap-msg nap-msg-info'>{}</p>", self.tr.ngettext(
                "The session is over after {n} deal.", "The session is over after {n} deals.",
                keeper.deals_played).format(n=keeper.deals_played))
        else:
            self.over.value = ""
        if deal is not None:
            deal.refresh()
        self.ledger.refresh()
        self.chart.refresh()
        self.saveload.refresh()

    def refresh(self) -> None:
        _ = self._
        back = escape(_("Back to the start page"))
        profile = escape(_("Rules in force: {profile}.").format(profile=profile_name(self.profile, self.tr)))
        options = options_line(self.profile, self.tr) if self.keeper is not None else None
        extra = html(" <span class='nap-sk-options-line'>{}</span>", options) if options else ""
        href = escape("index.ipynb" + page_query(self.language.code, self.profile.name))
        self.title.value = (html("<h1>{}</h1><p class='nap-sk-sub'>{} <span class='nap-sk-profile-name' data-profile='{}'>"
                                 "{}</span>{} <a class='nap-sk-home' href='{}'>{}</a></p>",
                                 _('Scorekeeper'), _('Keep the score of a game played with real cards.'),
                                 self.profile.name, profile, extra, href, back))
        self.new_session.description = _("Start a new session")
        self.resume.description = _("Back to the current session")
        self.setup.refresh()
        self.render()

    @property
    def text(self) -> str:
        """What the page shows now, as HTML (for tests)."""
        parts = [self.title.value, self.status.widget.value, self._deal.heading.value if self._deal else "", self.over.value,
                 self.ledger.table.value, self.ledger.check.value, self.ledger.winners.value]
        return "\n".join(parts)
