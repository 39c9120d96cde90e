"""What just happened, and everything that happened in the deal, with rule badges."""
from __future__ import annotations


import ipywidgets as W

from ...words.html import escape, html, join
from ...teach.play import Event, PlayTable
from ..base import Component
from ..widgets import HTML, set_trait as _set, VBox
from .page import PlayPage



class LogPanel(Component):
    """What just happened (the learner's move and the bots' replies) and the whole deal, with rule badges."""

    app: PlayPage

    def __init__(self, app: PlayPage) -> None:
        super().__init__(app)
        self.latest = HTML()
        self.latest.add_class("nap-play-latest")
        self.log = HTML()
        self.log.add_class("nap-play-log")
        self.intro = HTML()
        self.intro.add_class("nap-play-intro")
        self.box = W.Accordion(children=[VBox([self.intro, self.log])], selected_index=None)
        self.box.add_class("nap-play-log-box")
        # two parts, placed apart by the app: "what just happened" under the hand, the whole deal lower down
        self.parts = (self.latest, self.box)
        self._cache_key: object = None
        self._cache: dict[int, tuple[Event, str]] = {}

    def event_html(self, table: PlayTable, e: Event) -> str:
        lines = list(e.lines)
        first = self.explain(lines[0]) if lines else escape(str(e.action))
        rest = join((
            html('<div class="nap-ev-line{}">{}</div>',
                 " nap-ev-trick" if x.key.startswith("explain.trick") else "", self.explain(x)) for x in lines[1:]))
        said = table.reason_said(e)  # B14: a bot's own-card reasons wait for the end of the deal
        reason = (html('<div class="nap-play-reason">{}</div>', self.tr.explain(said))
                  if said is not None else "")
        cls = "nap-ev nap-ev-you" if e.by_learner else "nap-ev nap-ev-bot"
        return html('<li class="{}" data-seat="{}"><div>{}</div>{}{}</li>', cls, e.seat, first, reason, rest)

    def render(self, table: PlayTable | None) -> None:
        _ = self._
        self.box.set_title(0, _("Everything that happened in this deal"))
        if table is None:
            _set(self.latest, "value", "")
            _set(self.log, "value", "")
            return
        intro = [self.explain(x) for x in table.intro] if table.deal_number <= 1 else []
        _set(self.intro, "value", join((html('<p>{}</p>', x) for x in intro)))
        key = (id(table.events), self.app.language.code, self.app.four_colour, table.deal_over, table.show_thinking)
        if key != self._cache_key:  # a new deal or language: events are immutable, so their HTML keeps
            self._cache_key, self._cache = key, {}
        cache = self._cache
        for e in table.events:
            if id(e) not in cache:
                cache[id(e)] = (e, self.event_html(table, e))  # the event is kept, so its id stays its own
        log = join((cache[id(e)][1] for e in table.events))
        _set(self.log, "value", html('<ol class="nap-play-events">{}</ol>', log) if log else "")
        body = join((cache[id(e)][1] for e in table.latest))
        head = escape(_("What just happened"))
        empty = "" if body else html('<p>{}</p>', _('Nothing yet.'))
        if table.thinking_held:
            empty += html('<p class="nap-play-thinking-note">{}</p>', _(
                "The bots keep their cards hidden (B14): a reason that uses a bot's own cards is shown when "
                "the deal ends. Tick “Show the bots' thinking” under Settings to see every reason now."))
        # set last: when this value reaches the page, the moves above it have too (latency benchmark)
        _set(self.latest, "value",
             html('<div class="nap-latest" data-token="{}" data-thinking="{}" aria-live="polite">'
                  '<h3>{}</h3>{}<ol class="nap-play-events">{}</ol></div>', table.token,
                  "1" if table.thinking is not None else "0", head, empty, body))
