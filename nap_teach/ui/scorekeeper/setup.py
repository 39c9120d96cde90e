"""The scorekeeper's setup form: the rules, the players, the first dealer, the length and options."""
from __future__ import annotations

import random
from typing import Any, Sequence

import ipywidgets as W

from ...engine.dealing import draw_first_dealer
from ...engine.explain import RecordError, RuleError
from ...words.html import Markup, escape, html, join
from ...engine.profiles import BRITISH, MAX_ANTE, PROFILES, Profile
from ...teach.scorekeeper import Scorekeeper
from ...engine.session import DEFAULT_DEALS
from ..base import guarded
from ..submit import SubmitButton
from ..widgets import (
    auto_layout as _auto, BoundedIntText, Button, Dropdown, HBox, HTML, show as _show, Textarea, ToggleButtons,
    VBox, with_classes as _css)
from .component import MAX_DEALS, KeeperComponent, profile_name
from .page import KeeperPage



class SetupForm(KeeperComponent):
    """Players in seat order, the rules, the first dealer, the session's length (``nap-sk-setup``).

    ``nap-sk-profile`` chooses the rules; under rules with table options (pub)
    the ``nap-sk-options`` box offers the Misère stakes (``nap-sk-opt-misere``),
    how a reneging defender pays (``nap-sk-opt-renege``), the ante in chips
    (``nap-sk-opt-ante``, 0 for none) and what happens when a player's chips run
    out (``nap-sk-opt-bust``).
    """

    def __init__(self, app: KeeperPage, players: Sequence[str] = (), deals: int = DEFAULT_DEALS) -> None:
        super().__init__(app)
        self.heading = HTML()
        self.players = _css(Textarea(value="\n".join(players), rows=5, layout=W.Layout(width="16em", max_width="100%")), "nap-sk-players")
        self.players_label = HTML()
        self.profile = _css(ToggleButtons(options=[(name, name) for name in PROFILES], value=app.profile.name,
                                          style={"button_width": "auto"}, layout=_auto()), "nap-sk-profile")
        self.profile_label = HTML()
        self._options: _TableOptions | None = None
        """The table options' fields, built the first time rules with table options (pub) are chosen."""
        self.options_box = _css(VBox([], layout=_auto()), "nap-sk-options")
        self.first = _css(Dropdown(options=[], layout=_auto()), "nap-sk-first")
        self.first_label = HTML()
        self.draw = _css(Button(layout=_auto()), "nap-sk-draw")
        self.drawn = _css(HTML(), "nap-sk-drawn")
        self.length = _css(BoundedIntText(value=deals, min=1, max=MAX_DEALS, layout=W.Layout(width="6em")),
                         "nap-sk-length")
        self.unit = _css(ToggleButtons(options=[("deals", "deals"), ("rotations", "rotations")], value="deals",
                                       style={"button_width": "auto", "description_width": "auto"},
                                       layout=_auto()), "nap-sk-unit")
        self.length_label = HTML()
        # the click carries the form's values (ui/submit.py); the names first, since they remake the dealer's list
        self.start = _css(SubmitButton([self.players, self.profile, self.first, self.length, self.unit],
                                       button_style="primary", layout=_auto()), "nap-sk-start")
        self.players.observe(self._on_players, names="value")
        self.profile.observe(self._on_profile, names="value")
        self.draw.on_click(self._on_draw)
        self.start.on_click(self._on_start)
        self.widget = _css(VBox([
            self.heading,
            _css(HBox([self.players_label, self.players], layout=_auto()), "nap-sk-field"),
            _css(HBox([self.profile_label, self.profile], layout=_auto(align_items="center")), "nap-sk-field"),
            self.options_box,
            _css(HBox([self.first_label, self.first, self.draw], layout=_auto(align_items="center")), "nap-sk-field"),
            self.drawn,
            _css(HBox([self.length_label, self.length, self.unit], layout=_auto(align_items="center")), "nap-sk-field"),
            self.start,
        ], layout=_auto()), "nap-sk-setup")
        self._sync_first()

    def _table_options(self) -> "_TableOptions":
        if self._options is None:
            options = self._options = _TableOptions()
            self.start.fields = [*self.start.fields, options.misere, options.renege, options.ante, options.bust]
            self.options_box.children = [options.heading] + [
                _css(HBox([label, widget], layout=_auto(align_items="center")), "nap-sk-field")
                for label, widget in zip(options.labels, (options.misere, options.renege, options.ante, options.bust))]
        return self._options

    @property
    def misere(self) -> W.Dropdown:
        return self._table_options().misere

    @property
    def renege(self) -> W.Dropdown:
        return self._table_options().renege

    @property
    def ante(self) -> W.BoundedIntText:
        return self._table_options().ante

    @property
    def bust(self) -> W.Dropdown:
        return self._table_options().bust

    def names(self) -> list[str]:
        raw = self.players.value if isinstance(self.players.value, str) else ""
        return [line.strip() for line in raw.replace(",", "\n").splitlines() if line.strip()][:12]

    def _sync_first(self) -> None:
        """The first dealer's list: the names entered, or a word on what to do before there are any."""
        names = self.names()
        keep = self.first.value
        if names:
            self.first.options = [(n, n) for n in names]
            self.first.value = keep if keep in names else names[0]
        else:  # never an empty list: say where the names come from
            self.first.options = [(self._("(enter the players first)"), "")]
            self.first.value = ""
        self.first.disabled = not names
        self.draw.disabled = not names

    def chosen_profile(self) -> Profile:
        """The rules picked in the form, with their table options (values checked again here)."""
        base = PROFILES.get(self.profile.value, BRITISH) if isinstance(self.profile.value, str) else BRITISH
        if not base.option_choices:
            return base
        options: dict[str, object] = {}
        for key, widget in (("misere_stakes", self.misere), ("renege_share", self.renege), ("bust", self.bust)):
            if widget.value in base.option_choices.get(key, ()):
                options[key] = widget.value
        ante = self.ante.value
        if not isinstance(ante, bool) and isinstance(ante, int) and 0 <= ante <= MAX_ANTE:
            options["ante"] = ante
        return base.with_options(**options)

    def refresh(self) -> None:
        _ = self._
        self.heading.value = html('<h2>{}</h2><p>{}</p>',
                                  _('New session'),
                                  _('Enter the players in seat order, going clockwise round the table.'))
        self.players_label.value = escape(_("Players (one per line):"))
        self.profile_label.value = escape(_("Rules:"))
        keep = self.profile.value
        self.profile.options = [(profile_name(p, self.tr), name) for name, p in PROFILES.items()]
        self.profile.value = keep if keep in PROFILES else BRITISH.name
        chosen = PROFILES.get(self.profile.value, BRITISH)
        options = self._table_options() if chosen.option_choices else self._options
        if options is not None:
            options.heading.value = html('<h3>{}</h3>', _('Table options'))
            for label, text in zip(options.labels, (_("Misère pays (made/failed):"),
                                                    _("A reneging defender pays:"),
                                                    _("Ante in chips (0: no chips):"),
                                                    _("When a player's chips run out:"))):
                label.value = escape(text)
            for widget, labels in ((options.renege, (("full", _("every opponent's share")), ("one", _("one share")))),
                                   (options.bust, (("out", _("the player is out")),
                                                   ("re-ante", _("the player antes again"))))):
                value = widget.value
                widget.options = [(text, key) for key, text in labels]
                widget.value = value
        self.first_label.value = escape(_("First dealer:"))
        self._sync_first()
        self.draw.description = _("Draw cards") if chosen.first_dealer == "low_card" else _("Draw lots")
        _show(self.options_box, bool(chosen.option_choices))
        self.length_label.value = escape(_("Length:"))
        self.unit.description = _("counted in")
        self.unit.tooltips = [_("Length in deals"), _("Length in dealer rotations (each player deals once)")]
        value = self.unit.value
        self.unit.options = [(_("deals"), "deals"), (_("rotations"), "rotations")]
        self.unit.value = value if value in ("deals", "rotations") else "deals"
        self.start.description = _("Start the session")

    @guarded
    def _on_players(self, change: dict[str, Any]) -> None:
        self._sync_first()

    @guarded
    def _on_profile(self, change: dict[str, Any]) -> None:
        name = change.get("new")
        if not isinstance(name, str) or name not in PROFILES:
            return
        self.app.set_profile(PROFILES[name])

    @guarded
    def _on_draw(self, _b: W.Button) -> None:
        names = self.names()
        if not names:
            return
        profile = self.chosen_profile()
        draw = draw_first_dealer(names, random.Random(), profile)
        self.first.value = names[draw.dealer]
        if draw.rounds:  # cards decide (P1): show every round drawn
            rounds = []
            for i, drawn in enumerate(draw.rounds, 1):
                cards = Markup(", ").join(html('{} {}',
                                               names[seat], self.tr.card(card)) for seat, card in drawn.items())
                rounds.append(html('<li>{} {}</li>', self._('Round {number}:').format(number=i), cards))
            self.drawn.value = html("<ol class='nap-sk-draw-rounds'>{}</ol>", join(rounds))
        else:
            self.drawn.value = ""
        self.status.show(self.tr.explain(draw.explanation), "info")

    @guarded
    def _on_start(self, _b: SubmitButton) -> None:
        names = self.names()
        first = self.first.value if self.first.value in names else 0
        length = self.length.value
        if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MAX_DEALS:
            length = DEFAULT_DEALS
        rotations = self.unit.value == "rotations"
        try:
            profile = self.chosen_profile()
        except ValueError:
            return  # not values the widgets offer
        try:
            keeper = Scorekeeper(names, first, profile, deals=None if rotations else length,
                                 rotations=length if rotations else None)
        except (RuleError, RecordError) as e:
            self.refuse(e, self._("The session cannot start"))
            return
        self.app.begin(keeper)


class _TableOptions:
    """The table options' fields (pub rules): the Misère stakes, how a reneging defender pays, the ante, and
    what happens when a player's chips run out."""

    def __init__(self) -> None:
        self.misere = _css(Dropdown(options=[("3/3", "3/3"), ("10/5", "10/5")], value="3/3", layout=_auto()),
                         "nap-sk-opt-misere")
        self.renege = _css(Dropdown(options=[("full", "full"), ("one", "one")], value="full", layout=_auto()),
                         "nap-sk-opt-renege")
        self.ante = _css(BoundedIntText(value=0, min=0, max=MAX_ANTE, layout=W.Layout(width="7em")),
                       "nap-sk-opt-ante")
        self.bust = _css(Dropdown(options=[("out", "out"), ("re-ante", "re-ante")], value="out", layout=_auto()),
                       "nap-sk-opt-bust")
        self.labels = [HTML() for _ in range(4)]
        self.heading = HTML()
