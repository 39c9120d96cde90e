"""Your own deal: enter a deal by clicking cards, calls and cards in turn, then teach it with the lesson player.

The logic is the engine's :class:`~nap_teach.teach.lesson.entry.DealEntry`; this
component draws it and hands the finished deal to the lesson page
(``on_teach``), which narrates it with the same controls, What if? and
"could it have been made?" as the worked deal. Every refusal (a card given
twice, a sixth card, an illegal call or card, a bad file or link) is said
in the learner's words on the editor's status line, and nothing entered is lost.

Stable CSS classes: ``nap-entry`` (the section), ``nap-entry-open`` (show/hide),
``nap-entry-profile``, ``nap-entry-misere``, ``nap-entry-count``, ``nap-entry-names``,
``nap-entry-dealer``, ``nap-entry-seat`` (whose hand the picker fills),
``nap-entry-picker`` with ``nap-entry-pick`` buttons ``nap-entry-pick-<code>``
(``nap-entry-free`` or ``nap-entry-taken``), ``nap-entry-hands``, ``nap-entry-turn``,
``nap-entry-call`` buttons ``nap-entry-call-<Name>``, ``nap-entry-card`` buttons
``nap-entry-card-<code>`` (``nap-entry-legal`` or ``nap-entry-illegal``), ``nap-entry-stop``,
``nap-entry-log``, ``nap-entry-undo``, ``nap-entry-random``, ``nap-entry-clear``,
``nap-entry-teach`` (disabled until the deal is complete), ``nap-entry-download`` (named after the title),
``nap-entry-link``, ``nap-entry-print``, ``nap-entry-url`` (the full link), ``nap-entry-copy`` (copies it),
``nap-entry-qr``, ``nap-entry-upload``, ``nap-entry-status``, ``nap-entry-title-box``, ``nap-entry-notes``,
``nap-entry-result`` (the deal's result once complete), ``nap-entry-played`` (the cards already played, faded)
and ``nap-entry-count-cards`` (``data-left``: the cards a hand still holds).
"""
from __future__ import annotations

import base64
import json
import random
from typing import Any, Callable

import ipywidgets as W

from ...engine.auction import Call
from ...engine.cards import Card, sort_hand
from ...engine.explain import Explanation, RecordError, RuleError
from ...words.html import Markup, html, join
from ...teach.lesson.entry import FULL_PACK, MAX_FILE_BYTES, DealEntry
from ...engine.profiles import PROFILES
from ...words.render import card_label, card_text, hand_html
from ...engine.state import DealState
from ..base import Component, PageHost, StatusLine, guarded
from ..params import DEFAULT_LANGUAGE
from ..saveload import not_a_file, upload_content
from ..sharing import CopyButton, page_address, qr_svg
from ..widgets import (
    auto_layout, Button, Dropdown, HBox, HTML, set_classes, set_trait, show, Text, ToggleButtons, VBox, with_classes)

__all__ = ["DealEditor", "DEFAULT_NAMES", "new_names"]

DEFAULT_NAMES = ("A", "B", "C", "D", "E", "F", "G")
SPARE_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou", "Max", "Ned")


def new_names(taken: list[str], count: int) -> list[str]:
    """``count`` names for new seats that clash with none of ``taken`` (in any case): the next letters when
    the table uses letters, else the course's names, else "Player 8" ....

    >>> new_names(["A", "B", "C"], 2), new_names(["Ann", "ben", "Cat", "Dan"], 2), new_names(["E", "A"], 1)
    (['D', 'E'], ['Eve', 'Fay'], ['B'])
    """
    folded = {t.casefold() for t in taken}
    letters = all(len(t) == 1 for t in taken if t)
    pool = list(DEFAULT_NAMES + SPARE_NAMES if letters else SPARE_NAMES + DEFAULT_NAMES)
    pool += [f"Player {i}" for i in range(1, 20)]
    out: list[str] = []
    for name in pool:
        if len(out) == count:
            break
        if name.casefold() not in folded:
            out.append(name)
            folded.add(name.casefold())
    return out
MISERE_STAKES = ("3/3", "10/5")


class DealEditor(Component):
    """The "Your own deal" section of the lesson page."""

    def __init__(self, app: PageHost, on_teach: Callable[[DealState], None],
                 entry: DealEntry | None = None, rng: random.Random | None = None,
                 on_words: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.entry = entry or DealEntry()
        self.on_teach = on_teach
        self.on_words: Callable[[], None] = on_words or (lambda: None)
        """Called when the title or the notes change (the page's heading follows them)."""
        self.rng = rng or random.Random()
        self._status = StatusLine("nap-entry-status")
        self._syncing = False
        self._shown_players: tuple[str, ...] = ()
        self.heading = with_classes(HTML(), "nap-entry-title")
        self.open = with_classes(W.ToggleButton(value=False, icon="pencil", layout=auto_layout()), "nap-entry-open")
        self.open.observe(self._on_open, names="value")
        # the editor's widgets (a 52-card picker ...) are built when it is first opened: most visitors
        # of the lesson never open it, and a page of fewer widgets appears sooner
        self.built = False
        self.body = with_classes(VBox([], layout=auto_layout()), "nap-entry-body")
        self.widget = with_classes(VBox([self.heading, self.open, self._status.widget, self.body],
                                          layout=auto_layout()), "nap-entry")
        show(self.body, False)
        self.refresh()

    def build(self) -> None:
        """Make the editor's widgets (once)."""
        if self.built:
            return
        self.built = True
        self.intro = with_classes(HTML(), "nap-entry-intro")
        style = {"description_width": "initial"}
        self.profile = with_classes(Dropdown(options=[(n, n) for n in PROFILES], value=self.entry.profile.name,
                                             style=style, layout=auto_layout()), "nap-entry-profile")
        self.misere = with_classes(Dropdown(options=[(s, s) for s in MISERE_STAKES], value=MISERE_STAKES[0],
                                            style=style, layout=auto_layout()), "nap-entry-misere")
        self.count = with_classes(Dropdown(options=[(str(k), k) for k in range(3, 8)], value=self.entry.n,
                                           style=style, layout=auto_layout()), "nap-entry-count")
        self.names = with_classes(Text(value=", ".join(self.entry.players), continuous_update=False, style=style,
                                       layout=W.Layout(width="22em", max_width="100%")), "nap-entry-names")
        self.dealer = with_classes(Dropdown(style=style, layout=auto_layout()), "nap-entry-dealer")
        for w in (self.profile, self.misere, self.count, self.dealer):
            w.observe(self._on_table, names="value")
        self.names.observe(self._on_table, names="value")
        self.seat = with_classes(ToggleButtons(style={"button_width": "auto", "description_width": "initial"}),
                               "nap-entry-seat")
        self.seat.observe(self._on_seat, names="value")
        self.picks: dict[Card, W.Button] = {}
        rows = []
        for start in range(0, 52, 13):
            row = []
            for card in FULL_PACK[start:start + 13]:
                b = Button(description=card_text(card), layout=W.Layout(width="auto"))
                b._nap_card = card
                b.on_click(self._on_pick)
                self.picks[card] = b
                row.append(b)
            rows.append(with_classes(HBox(row, layout=auto_layout(flex_flow="row wrap")), "nap-entry-suit"))
        self.picker = with_classes(VBox(rows, layout=auto_layout()), "nap-entry-picker")
        self.hands = with_classes(HTML(), "nap-entry-hands")
        self.turn = with_classes(HTML(), "nap-entry-turn")
        self.calls = with_classes(HBox([], layout=auto_layout(flex_flow="row wrap")), "nap-entry-calls")
        self.cards = with_classes(HBox([], layout=auto_layout(flex_flow="row wrap")), "nap-entry-cards")
        self.stop = with_classes(Button(icon="hand-paper-o", layout=auto_layout()), "nap-entry-stop")
        self.stop.on_click(self._on_stop)
        self.log = with_classes(HTML(), "nap-entry-log")
        self.undo = with_classes(Button(icon="undo", layout=auto_layout()), "nap-entry-undo")
        self.random = with_classes(Button(icon="random", layout=auto_layout()), "nap-entry-random")
        self.clear = with_classes(Button(icon="trash", layout=auto_layout()), "nap-entry-clear")
        self.teach = with_classes(Button(icon="graduation-cap", button_style="primary", layout=auto_layout()),
                                  "nap-entry-teach")
        self.undo.on_click(self._on_undo)
        self.random.on_click(self._on_random)
        self.clear.on_click(self._on_clear)
        self.teach.on_click(self._on_teach)
        self.title_box = with_classes(Text(value=self.entry.title, continuous_update=False, style=style,
                                           layout=W.Layout(width="30em", max_width="100%")), "nap-entry-title-box")
        self.notes_box = with_classes(Text(value=self.entry.notes, continuous_update=False, style=style,
                                           layout=W.Layout(width="46em", max_width="100%")), "nap-entry-notes")
        self.title_box.observe(self._on_words, names="value")
        self.notes_box.observe(self._on_words, names="value")
        self.result = with_classes(HTML(), "nap-entry-result")
        self.save = with_classes(HTML(), "nap-entry-save")
        self.copy = with_classes(CopyButton(select=".nap-entry-url"), "nap-entry-copy")
        self.qr = with_classes(HTML(), "nap-entry-qr")
        self.upload = with_classes(W.FileUpload(accept=".json,application/json", multiple=False), "nap-entry-upload")
        self.upload.observe(self._on_upload, names="value")
        table = with_classes(HBox([self.profile, self.misere, self.count, self.names, self.dealer],
                                    layout=auto_layout(flex_flow="row wrap")), "nap-entry-table")
        tools = with_classes(HBox([self.undo, self.random, self.clear, self.teach],
                                    layout=auto_layout(flex_flow="row wrap")), "nap-entry-tools")
        words = with_classes(VBox([self.title_box, self.notes_box], layout=auto_layout()), "nap-entry-words")
        self.share_box = with_classes(VBox([self.save, self.copy, self.qr], layout=auto_layout()), "nap-entry-share")
        self.play_box = with_classes(VBox([self.turn, self.calls, self.cards, self.stop], layout=auto_layout()),
                                     "nap-entry-play")
        self.body.children = [self.intro, table, words, self.seat, self.picker, self.hands, self.play_box,
                              self.log, self.result, tools, self.share_box, self.upload]
        self.refresh()

    # the editor's refusals are said next to it, not at the top of the page
    @property
    def status(self) -> StatusLine:
        return self._status

    # ------------------------------------------------------------- drawing
    def refresh(self) -> None:
        """Every word again in the page's language."""
        _ = self._
        tr = self.tr
        self.heading.value = html('<h2>{}</h2>', _("Your own deal"))
        self.open.description = _("Hide the deal editor") if self.open.value else _("Enter a deal to teach")
        self.open.tooltip = _("Enter the hands, the calls and the cards of a deal, then teach it step by step")
        if not self.built:
            return
        self.intro.value = html(
            '<p>{}</p>', _("Choose the rules and the table, give each player five cards by clicking them, then "
                           "click the calls and the cards in turn. “Teach this deal” narrates it step by step."))
        self._syncing = True
        try:
            self.profile.description = _("Rules")
            self.profile.options = [(tr.profile_name(n), n) for n in PROFILES]
            self.misere.description = _("Misère stakes (made/failed)")
            self.count.description = _("Players")
            self.names.description = _("Names (in order round the table)")
            self.names.placeholder = _("Names separated by commas")
            self.dealer.description = _("Dealer")
            self.seat.description = _("Give cards to")
        finally:
            self._syncing = False
        self.stop.description = _("Stop here (result certain)")
        self.stop.tooltip = _("The table may stop once the result is certain")
        self.undo.description = _("Undo")
        self.undo.tooltip = _("Take back the last card, call or card given")
        self.random.description = _("Random deal")
        self.random.tooltip = _("Deal the missing cards at random (a new deal when every hand is full)")
        self.clear.description = _("Clear")
        self.clear.tooltip = _("Empty every hand and forget the calls and cards")
        self.teach.description = _("Teach this deal")
        self.teach.tooltip = _("Narrate this deal step by step, with every rule")
        self.title_box.description = _("Title of the deal")
        self.title_box.placeholder = _("for example: Ann's brave Nap")
        self.notes_box.description = _("Notes (one line, for the teacher)")
        self.notes_box.placeholder = _("what to point out when teaching it")
        self.copy.label = _("Copy the link")
        self.copy.hint = _("Put the link to this deal on the clipboard")
        self.copy.copied = _("The link is copied: paste it in a message or a page.")
        self.copy.select_hint = _("The link is selected: press Ctrl+C (or ⌘+C) to copy it.")
        self.upload.description = _("Load a deal file")
        self.upload.tooltip = _("Choose a deal file (nap-hand/1)")
        self.upload.tooltip = _("Load a deal file")
        self.render()

    def render(self) -> None:
        """Draw the entry as it stands: table, picker, hands, the next call or card, save and link."""
        if not self.built:
            return
        entry = self.entry
        _ = self._
        tr = self.tr
        self._syncing = True
        try:
            set_trait(self.profile, "value", entry.profile.name)
            show(self.misere, entry.profile.name == "pub")
            stakes = entry.profile.options.get("misere_stakes")
            if stakes in MISERE_STAKES:
                set_trait(self.misere, "value", stakes)
            set_trait(self.count, "value", entry.n)
            # the names box follows the table when the table changes; a refused name typed there stays
            # in the box (with the reason on the status line) until it is corrected
            if entry.players != self._shown_players:
                self._shown_players = entry.players
                if [n.strip() for n in self.names.value.split(",")] != list(entry.players):
                    self.names.value = ", ".join(entry.players)
            options = [(p, i) for i, p in enumerate(entry.players)]
            if list(self.dealer.options) != options:
                self.dealer.options = options
            set_trait(self.dealer, "value", entry.dealer)
            if list(self.seat.options) != options:
                old = self.seat.value
                self.seat.options = options
                self.seat.value = old if isinstance(old, int) and old < entry.n else 0
            if self.seat.value is None:
                self.seat.value = 0
        finally:
            self._syncing = False
        hands_open = not entry.actions
        show(self.seat, hands_open)
        show(self.picker, hands_open)
        for card, button in self.picks.items():
            holder = entry.holder(card)
            with button.hold_sync():
                set_classes(button, ("nap-entry-pick", f"nap-entry-pick-{card.code}", f"nap-suit-{card.suit.letter}",
                                     "nap-entry-free" if holder is None else "nap-entry-taken"))
                words = card_label(card, tr)
                set_trait(button, "tooltip", words if holder is None else _("{card}: in {player}'s hand").format(
                    card=words, player=entry.players[holder]))
        self._syncing = True
        try:
            set_trait(self.title_box, "value", entry.title)
            set_trait(self.notes_box, "value", entry.notes)
        finally:
            self._syncing = False
        # the save link goes first: the page gets widget updates in order, so once the turn line says
        # the deal is complete, the link already carries the whole deal
        self._render_save()
        self._render_hands()
        self._render_log()
        self._render_turn()
        self._render_result()
        why = entry.problem()
        set_trait(self.teach, "disabled", why is not None)  # it looks disabled until the deal is complete
        set_trait(self.teach, "tooltip", _("Narrate this deal step by step, with every rule") if why is None
                  else _("Not yet: {why}").format(why=self.tr.explain(why)))

    def _render_hands(self) -> None:
        entry = self.entry
        tr = self.tr
        rows = []
        state = entry.state
        for seat, name in enumerate(entry.players):
            cards = entry.hands[seat]
            label = tr.gettext("{player}'s hand").format(player=name)
            role = html(' <span class="nap-entry-role">{}</span>', tr.gettext("dealer")) if seat == entry.dealer else ""
            held = set(state.held[seat]) if state is not None else set(cards)
            if state is not None and len(held) < len(cards):  # the play has begun: the hand counts down
                count = html('<span class="nap-entry-count-cards" data-left="{}">{}</span>', len(held), tr.ngettext(
                    "{k} card left", "{k} cards left", len(held)).format(k=len(held)))
            else:
                count = html('<span class="nap-entry-count-cards">{}</span>',
                             tr.ngettext("{k} of {n} card", "{k} of {n} cards", entry.profile.hand_size).format(
                                 k=len(cards), n=entry.profile.hand_size))
            body = Markup()
            if held:
                body = hand_html(sort_hand([c for c in cards if c in held]), tr=tr, width=40, label=label)
            played = [c for c in sort_hand(cards) if c not in held]
            if played:  # the cards already played stay in sight, faded
                body = html('{}<span class="nap-entry-played" aria-label="{}">{}</span>', body,
                            tr.gettext("played: {cards}").format(cards=", ".join(tr.card(c) for c in played)),
                            hand_html(played, tr=tr, width=40, label=tr.gettext("played")))
            chosen = " nap-entry-chosen" if seat == self.seat.value and not entry.actions else ""
            rows.append(html('<div class="nap-entry-hand{}" data-seat="{}"><span class="nap-entry-name">{}</span>{} '
                             '{}{}</div>', chosen, name, name, role, count, body))
        unused = entry.profile.unused_cards(entry.n)
        rows.append(html('<p class="nap-entry-unused">{}</p>', tr.ngettext(
            "{n} card stays face down and never enters play.", "{n} cards stay face down and never enter play.",
            unused).format(n=unused)))
        self.hands.value = join(rows)

    def _render_turn(self) -> None:
        entry = self.entry
        state = entry.state
        _ = self._
        if state is None:
            self.turn.value = html('<p>{}</p>', self.tr.ngettext(
                "Give {n} more card, then the auction begins.", "Give {n} more cards, then the auction begins.",
                entry.missing).format(n=entry.missing))
            self._set_calls([])
            self._set_cards([])
            show(self.stop, False)
            return
        turn = state.to_act
        who = state.players[turn] if turn is not None else ""
        if state.phase == "auction":
            self.turn.value = html('<p>{}</p>', _("{player} to call: click the call.").format(player=who))
            self._set_calls(entry.legal_calls())
            self._set_cards([])
        elif state.phase == "play":
            self.turn.value = html('<p>{}</p>', _("{player} to play: click the card (the cards allowed are "
                                                  "marked “can play”).").format(player=who))
            self._set_calls([])
            assert turn is not None
            self._set_cards(sort_hand(state.held[turn]), set(entry.legal_cards()))
        else:
            self.turn.value = html('<p>{}</p>', _("The deal is complete: “Teach this deal” narrates it."))
            self._set_calls([])
            self._set_cards([])
        show(self.stop, entry.can_stop())

    def _set_calls(self, calls: list[Call]) -> None:
        buttons = []
        for call in calls:
            b = Button(description=self.tr.call(call.name), layout=auto_layout())
            set_classes(b, ("nap-entry-call", f"nap-entry-call-{call.name}"))
            b._nap_call = call
            b.on_click(self._on_call)
            buttons.append(b)
        self.calls.children = buttons

    def _set_cards(self, cards: list[Card], legal: set[Card] | None = None) -> None:
        buttons = []
        for card in cards:
            ok = legal is not None and card in legal
            text = card_text(card)
            b = Button(description=text + (" · " + self._("can play") if ok else ""), layout=auto_layout(),
                         tooltip=card_label(card, self.tr))
            set_classes(b, ("nap-entry-card", f"nap-entry-card-{card.code}", f"nap-suit-{card.suit.letter}",
                            "nap-entry-legal" if ok else "nap-entry-illegal"))
            b._nap_card = card
            b.on_click(self._on_card)
            buttons.append(b)
        self.cards.children = buttons

    def _render_log(self) -> None:
        state = self.entry.state
        tr = self.tr
        if state is None or not state.actions:
            self.log.value = ""
            return
        parts = []
        if state.calls:
            said = ", ".join(f"{state.players[state.auction.speaker(i)]}: {tr.call(c.name)}"
                             for i, c in enumerate(state.calls))
            parts.append(html('<p><strong>{}</strong> {}</p>', tr.gettext("The auction"), said))
        tricks = [(t.seats, t.cards) for t in state.tricks]
        if state.trick_cards:
            tricks.append((tuple(state.trick_seats), tuple(state.trick_cards)))
        for k, (seats, cards) in enumerate(tricks, 1):
            played = ", ".join(f"{tr.card(c)} ({state.players[s]})" for s, c in zip(seats, cards))
            parts.append(html('<p><strong>{}</strong> {}</p>',
                              tr.gettext("Trick {number}").format(number=k), played))
        if state.stopped:
            parts.append(html('<p>{}</p>', tr.gettext("The table stopped here: the result was certain.")))
        self.log.value = join(parts)

    def _render_save(self) -> None:
        _ = self._
        if self.entry.state is None:
            self.save.value = html('<p>{}</p>', _("Once every hand has five cards, the deal can be saved as a file "
                                                  "and shared as a link."))
            self.copy.text = ""
            self.qr.value = ""
            show(self.copy, False)
            return
        record = self.entry.record()
        data = base64.b64encode(json.dumps(record, ensure_ascii=False, indent=1).encode("utf-8")).decode("ascii")
        href = self.share_link()
        full = self.full_link()
        self.save.value = html(
            '<p><a class="nap-entry-download" download="{}" href="data:application/json;base64,{}">{}</a>'
            ' · <a class="nap-entry-link" href="{}">{}</a> · <a class="nap-entry-print" href="{}" target="_blank" '
            'rel="noopener">{}</a></p><p class="nap-entry-link-note">{}</p>'
            '<p><label>{}<br><input class="nap-entry-url" type="text" readonly value="{}" aria-label="{}"></label></p>',
            self.entry.file_name(), data, _("Download the deal (nap-hand file)"), href, _("Link to this deal"),
            self.print_link(), _("Print this deal"),
            _("Copy the link to share the deal: it opens this page with the deal narrated."),
            _("The link to this deal:"), full, _("The link to this deal"))
        self.copy.text = full
        show(self.copy, True)
        self.qr.value = html('<div class="nap-entry-qr-code">{}</div>', qr_svg(full, _("QR code of the link to this deal")))

    def full_link(self) -> str:
        """The deal's link with this page's full address (for the copy button and the QR code)."""
        page = page_address(None, "lesson.ipynb")
        return page.rsplit("/", 1)[0] + "/" + self.share_link()

    def print_link(self) -> str:
        """``handouts.ipynb?deal=<code>&lang=..``: the deal's diagram, titled, ready to print."""
        return "handouts.ipynb?" + self.share_link().split("?", 1)[1]

    def _render_result(self) -> None:
        """When the deal is complete: what it came to, in one sentence ("Nap fails: Ann took 3 tricks and pays
        5 to each opponent, 15 in all")."""
        state = self.entry.state
        _ = self._
        if state is None or not state.is_over:
            self.result.value = ""
            return
        if state.passed_out:
            self.result.value = html('<p class="nap-entry-result-line">{}</p>',
                                     _("Everyone passed: nobody plays and nobody pays."))
            return
        result = state.result()
        if result.declarer is None or result.contract is None or result.settlement is None:
            self.result.value = ""
            return
        declarer = state.players[result.declarer]
        taken = result.tricks_won[result.declarer]
        call = self.tr.call(result.contract.name)
        total = result.settlement[declarer]
        each = abs(total) // max(1, state.n - 1)
        if result.made:
            text = self.tr.ngettext("{call} is made: {declarer} took {count} trick and receives {each} from each "
                                    "opponent, {total} in all.", "{call} is made: {declarer} took {count} tricks and "
                                    "receives {each} from each opponent, {total} in all.", taken)
        else:
            text = self.tr.ngettext("{call} fails: {declarer} took {count} trick and pays {each} to each opponent, "
                                    "{total} in all.", "{call} fails: {declarer} took {count} tricks and pays {each} "
                                    "to each opponent, {total} in all.", taken)
        if state.stopped:
            text = _("The table stopped after trick {number}.").format(number=len(state.tricks)) + " " + text
        self.result.value = html('<p class="nap-entry-result-line" role="status">{}</p>', text.format(
            call=call, declarer=declarer, count=taken, each=each, total=abs(total)))

    @guarded
    def _on_words(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        owner = change.get("owner")
        value = change.get("new")
        try:
            if owner is self.title_box:
                self.entry.set_words(title=value if isinstance(value, str) else None)
            else:
                self.entry.set_words(notes=value if isinstance(value, str) else None)
        except RecordError as e:
            self.refuse(e, self._("This was not kept: {why}"))
            self._syncing = True
            try:
                set_trait(self.title_box, "value", self.entry.title)
                set_trait(self.notes_box, "value", self.entry.notes)
            finally:
                self._syncing = False
            return
        self.after_change()
        self.on_words()

    def share_link(self) -> str:
        """``lesson.ipynb?deal=<code>&lang=..`` for the deal as entered (relative to the page)."""
        query = f"deal={self.entry.link_code()}"
        if self.language.code != DEFAULT_LANGUAGE:
            query += f"&lang={self.language.code}"
        return f"lesson.ipynb?{query}"

    # ----------------------------------------------------------- listening
    def after_change(self, note: str = "") -> None:
        self.render()
        if note:
            self.status.show(note, "info")
        else:
            self.status.clear()

    def refuse(self, err: RuleError | RecordError, prefix: str = "") -> None:
        """Say why a step, a file or a link was refused (with its rule, as the scorekeeper does); nothing changed."""
        text = err.text(self.language.code)
        where = getattr(err, "location", None)
        if where is not None:
            text += " (" + self.tr.explain(where) + ")"
        rule = err.explanation.rule
        if rule.startswith(("B", "P")) and rule[1:].isdigit():
            text += f" [{rule}]"
        self.status.show(prefix.format(why=text) if prefix else text, "refused")

    @guarded
    def _on_open(self, change: dict[str, Any]) -> None:
        if change.get("new"):
            self.build()
        show(self.body, bool(change.get("new")))
        self.open.description = self._("Hide the deal editor") if self.open.value else self._("Enter a deal to teach")

    def _on_table(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        self._change_table(change.get("owner"))

    @guarded
    def _change_table(self, owner: Any) -> None:
        entry = self.entry
        profile = PROFILES.get(str(self.profile.value), entry.profile)
        if profile.name == "pub" and self.misere.value in MISERE_STAKES:
            profile = profile.with_options(misere_stakes=self.misere.value)
        names = [n.strip() for n in str(self.names.value).split(",")]
        if owner is self.count:
            k = self.count.value if isinstance(self.count.value, int) else entry.n
            names = (names + new_names(names, k - len(names)))[:k] if len(names) < k else names[:k]
        dealer = self.dealer.value if owner is self.dealer else None
        try:
            entry.set_table(profile, names, dealer if isinstance(dealer, int) else None)
        except RuleError as e:
            self.render()  # the boxes show the table as it still is
            self.refuse(e, self._("This change was not made: {why}"))
            return
        self.after_change()

    def _on_seat(self, _change: dict[str, Any]) -> None:
        self._render_hands()

    @guarded
    def _on_pick(self, button: W.Button) -> None:
        card = getattr(button, "_nap_card", None)
        seat = self.seat.value
        if not isinstance(card, Card) or not isinstance(seat, int):
            return
        entry = self.entry
        if entry.holder(card) == seat and not entry.actions:
            entry.take_back(card)  # a second click on a card of this hand takes it back
            self.after_change()
            return
        self.give(seat, card)

    def give(self, seat: int, card: Card) -> None:
        """Give ``card`` to ``seat`` (refused with the reason, nothing changes); the picker moves on to the
        next hand that is not full."""
        entry = self.entry
        try:
            entry.give(seat, card)
        except RuleError as e:
            self.refuse(e)
            return
        if len(entry.hands[seat]) == entry.profile.hand_size:
            nxt = next((s for s in list(range(seat + 1, entry.n)) + list(range(seat))
                        if len(entry.hands[s]) < entry.profile.hand_size), None)
            if nxt is not None:
                self._syncing = True
                try:
                    self.seat.value = nxt
                finally:
                    self._syncing = False
        self.after_change()

    @guarded
    def _on_call(self, button: W.Button) -> None:
        call = getattr(button, "_nap_call", None)
        if isinstance(call, Call):
            self.act(call)

    @guarded
    def _on_card(self, button: W.Button) -> None:
        card = getattr(button, "_nap_card", None)
        if isinstance(card, Card):
            self.act(card)

    @guarded
    def _on_stop(self, _button: Any = None) -> None:
        self.act("Stop")

    def act(self, action: Any) -> None:
        """Enter a call, a card or the stop (refused with the engine's reason; nothing changes)."""
        try:
            self.entry.act(action)
        except RuleError as e:
            self.refuse(e)
            return
        self.after_change()

    @guarded
    def _on_undo(self, _button: Any = None) -> None:
        try:
            self.entry.undo()
        except RuleError as e:
            self.refuse(e)
            return
        self.after_change()

    @guarded
    def _on_random(self, _button: Any = None) -> None:
        try:
            self.entry.random_fill(self.rng)
        except RuleError as e:
            self.refuse(e)
            return
        self.after_change()

    @guarded
    def _on_clear(self, _button: Any = None) -> None:
        self.entry.clear()
        self._syncing = True
        try:
            self.seat.value = 0
        finally:
            self._syncing = False
        self.after_change(self._("Every hand is empty again."))

    @guarded
    def _on_teach(self, _button: Any = None) -> None:
        self.teach_deal()

    def teach_deal(self) -> bool:
        """Hand the finished deal to the lesson player; False (with the reason) when it is not finished."""
        why = self.entry.problem()
        if why is not None:
            self.status.show(self._("This deal cannot be taught yet: {why}").format(why=self.tr.explain(why)),
                             "refused")
            return False
        self.on_teach(self.entry.finished())
        self.set_open(False)  # the narration comes right under the editor; the deal stays in it
        self.status.show(self._("The deal is narrated below: step through it with Next. "
                                "Open the editor again to change it, save it or share it."), "info")
        return True

    @guarded
    def _on_upload(self, change: dict[str, Any]) -> None:
        value = change.get("new")
        if not value:
            return
        try:
            loaded = DealEntry.from_text(upload_content(value, MAX_FILE_BYTES, self._refusal))
        except (RuleError, RecordError) as e:
            self.refuse(e, self._("This file cannot be loaded, so nothing was changed: {why}"))
            return
        finally:
            self.upload.value = ()
        self.load(loaded)

    @staticmethod
    def _refusal(size: int | None) -> RecordError:
        """Not one file, or (``size`` given) a file too big for a deal."""
        if size is None:
            return not_a_file()
        return RecordError(Explanation("record", "entry.file_size", {"size": size, "most": MAX_FILE_BYTES}))

    def load(self, loaded: DealEntry) -> None:
        """Take a loaded deal (file or link) into the editor, and narrate it when it is finished."""
        self.build()
        self.entry.replace_with(loaded)
        self._syncing = True
        try:
            self.seat.value = 0
        finally:
            self._syncing = False
        self.render()
        problem = loaded.problem()
        if problem is None:
            self.teach_deal()
        else:
            self.status.show(self._("The deal is loaded; it cannot be taught yet: {why}").format(
                why=self.tr.explain(problem)), "info")

    def load_link(self, code: str) -> bool:
        """Open the deal of a link's code (``?deal=``); a broken link is refused with its reason."""
        self.set_open(True)
        try:
            loaded = DealEntry.from_link(code)
        except (RuleError, RecordError) as e:
            self.refuse(e, self._("The deal in the page address cannot be shown: {why}"))
            return False
        self.load(loaded)
        return True

    def set_open(self, value: bool) -> None:
        if value:
            self.build()
        self.open.value = value
        show(self.body, value)
        self.open.description = self._("Hide the deal editor") if value else self._("Enter a deal to teach")
