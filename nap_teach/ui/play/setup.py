"""The play page's forms: the session's setup and the settings."""
from __future__ import annotations

from typing import Any

from ...words.html import html
from ...ai.bots.simple import DEFAULT_STYLE, STYLE_NAMES
from ...teach.classroom import read_key
from ...teach.play import MAX_DEALS, MAX_ROTATIONS, PlayTable, TableSetup, bot_levels
from ...engine.profiles import PROFILES
from ..base import Component, guarded
from ...engine.messages import PROFILE_NAMES
from ..submit import SubmitButton
from ..widgets import (
    auto_layout as _auto, Button, Checkbox, Dropdown, HBox, HTML, IntText, show as _show, Text, ToggleButtons, VBox)
from .page import PlayPage



class SetupPanel(Component):
    """The session's settings, read from the form (and the page URL) and checked by :class:`TableSetup`."""

    app: PlayPage

    def __init__(self, app: PlayPage, setup: TableSetup) -> None:
        super().__init__(app)
        style = {"description_width": "initial"}
        self.heading = HTML()
        self.players = IntText(value=setup.players, style=style, layout=_auto())
        self.players.add_class("nap-play-players")
        self.seat = Dropdown(options=self._seat_options(setup.players), value=setup.seat, style=style,
                             layout=_auto())
        self.seat.add_class("nap-play-seat")
        self.name = Text(value=setup.name, style=style, layout=_auto())
        self.name.add_class("nap-play-name")
        self.length_kind = ToggleButtons(options=[("deals", "deals"), ("rotations", "rotations")],
                                         value=setup.length_kind,
                                         style={"button_width": "auto", "description_width": "initial"})
        self.length_kind.add_class("nap-play-length-kind")
        self.length = IntText(value=setup.length, style=style, layout=_auto())
        self.length.add_class("nap-play-length")
        self.bots = Dropdown(options=[(lvl, lvl) for lvl in bot_levels()], value=setup.bots, style=style,
                             layout=_auto())
        self.bots.add_class("nap-play-bots")
        self.style = Dropdown(options=[(st, st) for st in STYLE_NAMES], value=setup.style, style=style,
                              layout=_auto())
        self.style.add_class("nap-play-style")
        self.seed = Text(value="" if setup.seed is None else str(setup.seed), style=style, layout=_auto())
        self.seed.add_class("nap-play-seed")
        self.profile = ToggleButtons(options=[(name, name) for name in PROFILES], value=setup.profile,
                                     style={"button_width": "auto"})
        self.profile.add_class("nap-play-profile")
        self.profile_label = HTML()
        self.misere = Dropdown(options=[("3/3", "3/3"), ("10/5", "10/5")], value=setup.misere_stakes or "3/3",
                               style=style, layout=_auto())
        self.misere.add_class("nap-play-misere")
        self.profile.observe(self._on_profile, names="value")
        # the typed boxes travel with the click: a name typed just before "Start" is the name the game takes
        # (ui/submit.py; the choice boxes change in one message each and never lag behind a click)
        self.start = SubmitButton([self.players, self.name, self.length, self.seed], button_style="primary",
                                  layout=_auto())
        self.start.add_class("nap-play-start")
        self.note = HTML()
        self.note.add_class("nap-play-setup-note")
        self.start.on_click(self._on_start)
        self.back = Button(layout=_auto())
        self.back.add_class("nap-play-back")
        self.back.on_click(self._on_back)
        self.players.observe(self._on_players, names="value")
        self.length_kind.observe(self._on_kind, names="value")
        self.locked: TableSetup | None = None
        """The game of a class link: shown as a sentence, only the name box open (:meth:`lock`)."""
        self.game_line = HTML()
        self.game_line.add_class("nap-play-class-game")
        _show(self.game_line, False)
        self.seed_row = HBox([self.seed])
        """The seed box: the page puts it under "For teachers" (a learner on their own needs no seed)."""
        self.rows = [HBox([self.profile_label, self.profile, self.misere]), HBox([self.length_kind, self.length]),
                     HBox([self.bots, self.style])]
        self.widget = VBox([self.heading, self.game_line, HBox([self.players, self.seat, self.name]), *self.rows,
                              HBox([self.start, self.back]), self.note])
        self.widget.add_class("nap-play-setup")
        self.refresh()

    def lock(self, game: TableSetup) -> None:
        """A class link's game: set by the teacher, shown as one sentence; the learner types only a name.

        The form's other boxes are hidden and never read again (their values arrive over the network:
        :meth:`read` takes the game from here, only the name from the box).
        """
        self.locked = game
        typed = self.name.value
        self.fill(game)
        self.name.value = typed
        for row in self.rows:
            _show(row, False)
        for box in (self.players, self.seat):
            _show(box, False)
        _show(self.game_line, True)
        self.refresh()

    def fill(self, setup: TableSetup) -> None:
        """Put ``setup`` in the form, as building the panel with it would have (a preheated page's request)."""
        self.length_kind.value = setup.length_kind  # before the length: a change of kind resets the length
        self.length.value = setup.length
        self._filling = True  # the seats are set here, not by the players' observer
        try:
            self.players.value = setup.players
        finally:
            self._filling = False
        self.seat.options = self._seat_options(setup.players)
        self.seat.value = setup.seat
        self.name.value = setup.name
        self.bots.value = setup.bots
        self.style.value = setup.style
        self.seed.value = "" if setup.seed is None else str(setup.seed)
        self.misere.value = setup.misere_stakes or "3/3"
        self.profile.value = setup.profile  # its observer re-renders the form for the rules
        self.refresh()

    @staticmethod
    def _seat_options(players: int) -> list[tuple[str, int]]:
        return [(str(i), i) for i in range(1, players + 1)]

    def refresh(self) -> None:
        _ = self._
        self.heading.value = html('<h2>{}</h2>', _('A new session'))
        if self.locked is not None:
            self.heading.value = html('<h2>{}</h2>', _("Your teacher's game"))
            self.game_line.value = html('<p>{}</p>', _("Everyone in the class plays this game: {game}.").format(
                game=self.tr.explain(read_key(self.locked, "-").describe())))
        self.players.description = _("Players (3 to 7)")
        self.seat.description = _("Your seat")
        self.name.description = _("Your name")
        kind = self.length_kind.value
        self._kind_sync = True  # new words for the same choices: the learner's choice stays, and so does the length
        try:
            self.length_kind.options = [(_("deals"), "deals"), (_("dealer rotations"), "rotations")]
            self.length_kind.value = kind if kind in ("deals", "rotations") else "deals"
        finally:
            self._kind_sync = False
        self.length_kind.description = _("Count the session in")
        self.length_kind.tooltips = [_("Length in deals"), _("Length in dealer rotations (each player deals once)")]
        self.length.description = _("Session length")
        value = self.bots.value
        self.bots.options = [(self.tr.bot_level(lvl), lvl) for lvl in bot_levels()]
        if value in bot_levels():
            self.bots.value = value
        self.bots.description = _("Bots")
        keep = self.style.value
        self.style.options = [(self.tr.bot_style(st), st) for st in STYLE_NAMES]
        self.style.value = keep if keep in STYLE_NAMES else DEFAULT_STYLE
        self.style.description = _("Bots bid")
        self.seed.description = _("Deal seed")
        self.seed.placeholder = _("empty: a random seed")
        self.start.description = _("Start the session")
        self.start.tooltip = _("Deal the first hand with these settings")
        self.back.description = _("Back to the game")
        _show(self.back, self.app.table is not None)
        self.profile_label.value = html('<b>{}</b>', _('Rules:'))
        keep = self.profile.value
        self._profile_sync = True
        try:
            self.profile.options = [(self.tr.gettext(PROFILE_NAMES.get(n, n)), n) for n in PROFILES]
            self.profile.value = keep if keep in PROFILES else "british"
        finally:
            self._profile_sync = False
        self.misere.description = _("Misère pays")
        pub = bool(PROFILES[self.profile.value].option_choices.get("misere_stakes"))
        _show(self.misere, pub)
        if PROFILES[self.profile.value].first_dealer == "low_card":
            note = _("The same seed gives the same deals, so a whole class can play the same hands. "
                     "Seats are numbered clockwise; the first dealer is the lowest card drawn, aces low.")
        else:
            note = _("The same seed gives the same deals, so a whole class can play the same hands. "
                     "Seats are numbered clockwise; the first dealer is drawn by lot.")
        self.note.value = html('<p>{}</p>', note)

    @guarded
    def _on_profile(self, change: dict[str, Any]) -> None:
        if getattr(self, "_profile_sync", False) or change.get("new") not in PROFILES:
            return
        self.refresh()

    @guarded
    def _on_players(self, change: dict[str, Any]) -> None:
        if getattr(self, "_filling", False):
            return
        TableSetup.check(change.get("new"), 1, "x", "deals", 1, bot_levels()[0], None)
        n = int(change["new"])
        seat = self.seat.value if isinstance(self.seat.value, int) and self.seat.value <= n else 1
        self.seat.options = self._seat_options(n)
        self.seat.value = seat
        self.status.clear()

    def _on_kind(self, change: dict[str, Any]) -> None:
        if getattr(self, "_kind_sync", False):
            return
        if change.get("new") == "rotations" and isinstance(self.length.value, int) and self.length.value > MAX_ROTATIONS:
            self.length.value = 1
        elif change.get("new") == "deals" and isinstance(self.length.value, int) and self.length.value > MAX_DEALS:
            self.length.value = 8

    def read(self) -> TableSetup:
        """The form's values, checked (the first bad one is refused with its reason); a class link's game
        with the typed name once the form is locked."""
        if self.locked is not None:
            return self.locked._with(name=self.name.value)
        profile = self.profile.value if self.profile.value in PROFILES else "british"
        stakes = self.misere.value if PROFILES[profile].option_choices.get("misere_stakes") else None
        return TableSetup.check(self.players.value, self.seat.value, self.name.value, self.length_kind.value,
                                self.length.value, self.bots.value, self.seed.value, profile,
                                misere_stakes=stakes, style=self.style.value)

    @guarded
    def _on_start(self, _button: Any = None) -> None:
        if self.app.table is not None and not self.app.setup_open:
            return  # the form is not on screen: the second click of a double click on "Start"
        if self.app.live_class:  # a live class: join it (the name checked, not taken), the class's game
            self.app.join_class(self.name.value)
            return
        setup = self.read()
        self.app.begin(PlayTable.new(setup, offer_stop=self.app.offer_stop,
                                     practice_undo=self.app.practice_undo))

    @guarded
    def _on_back(self, _button: Any = None) -> None:
        if self.app.table is not None:
            self.app.setup_open = False
            self.app.render()


class SettingsPanel(Component):
    """Practice undo (off by default), the four-colour pack, the early-stop offer."""

    app: PlayPage

    def __init__(self, app: PlayPage) -> None:
        super().__init__(app)
        self.heading = HTML()
        self.undo = Checkbox(value=False, indent=False, layout=_auto())
        self.undo.add_class("nap-play-undo-setting")
        self.four_colour = Checkbox(value=False, indent=False, layout=_auto())
        self.four_colour.add_class("nap-play-four-colour")
        self.offer_stop = Checkbox(value=False, indent=False, layout=_auto())
        self.offer_stop.add_class("nap-play-stop-setting")
        self.thinking = Checkbox(value=False, indent=False, layout=_auto())
        self.thinking.add_class("nap-play-thinking-setting")
        for box in (self.undo, self.four_colour, self.offer_stop, self.thinking):
            box.observe(self._on_change, names="value")
        self.widget = VBox([self.heading, self.undo, self.offer_stop, self.thinking, self.four_colour])
        self.widget.add_class("nap-play-settings")
        self.refresh()

    def refresh(self) -> None:
        _ = self._
        self.heading.value = html('<h3>{}</h3>', _('Settings'))
        self.undo.description = _("Practice undo: let me take back my last card")
        self.offer_stop.description = _("Offer to stop a deal once its result is certain (B13)")
        self.four_colour.description = _("Four-colour pack (clubs green, diamonds blue)")
        self.thinking.description = _("Show the bots' thinking during the deal (their reasons use their own cards)")

    @guarded
    def _on_change(self, change: dict[str, Any]) -> None:
        table = self.app.table
        if table is not None:
            table.practice_undo = bool(self.undo.value)
            table.offer_stop = bool(self.offer_stop.value)
            table.show_thinking = bool(self.thinking.value)
        root = self.app.widget
        if bool(self.four_colour.value):
            root.add_class("nap-four-colour")
        else:
            root.remove_class("nap-four-colour")
        self.app.render()
