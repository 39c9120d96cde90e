"""The play page itself: its components in phone order, the flow of a session, and rendering."""
from __future__ import annotations

import logging
import random
from time import perf_counter
from typing import Callable

import ipywidgets as W

from ...engine.explain import Explanation
from ...words.html import html
from ...teach.classroom import ClassRefused, ClassStore, Seat, StoreUnavailable
from ...teach.play import MAX_SEED, PlayTable, TableSetup
from ...engine.views import SeatView
from ..base import App, page_style
from ..classstore import class_store
from ..params import PageParams, ignored_note, preheating
from ..postmortem import PostMortemPanel
from ..table import CardTable
from ..widgets import HBox, HTML, kernel_loop, show as _show, VBox
from .actions import ActionBar, Coach
from .auction import AuctionPanel
from ..sharing import page_address
from .classlink import ClassLink
from .live import LiveSeat
from .hand import HandView
from .keep import GameKeep
from .ledger import PlayLedger
from .log import LogPanel
from .replay import ReplayView
from .saveload import SaveLoad
from .setup import SettingsPanel, SetupPanel
from .table import TrickView
from ..opening import built_unseen

BOT_PAUSE = 0.005
"""Seconds between two paced bot replies (expert bots): the page draws "B is thinking…" in between."""
BOT_BATCH = 0.05
"""Seconds of bot work one paced job may take: quick replies go out together, in one update of the
page, and a slow one (sampling many layouts) gets its own, with "… is thinking…" shown before it."""
SLOW_DELAY = 0.03
"""Seconds before the once-per-deal parts (chart, download, replay list) are drawn after a click."""
log = logging.getLogger("nap_teach.ui.play")
FOCUS_AFTER = {"card": "hand", "call": "nap-play-call-pass", "stop": "nap-play-stop", "deal_over": "nap-play-next",
               "deal": "nap-play-next", "session_over": "nap-play-new"}
"""Where the keyboard focus goes when an action took it away, by what the table waits for next."""



class PlayApp(App):
    """The play page: setup, the table, the ledger, save/load, replay and settings."""

    css_class = "nap-play"
    page = "play.ipynb"
    styles = ("play",)

    def __init__(self, lang: str = "en", setup: TableSetup | None = None, classroom: ClassStore | None = None) -> None:
        super().__init__(lang)
        self.classroom = classroom
        """The server's live classes (None: no store, class links use the file route)."""
        self.table: PlayTable | None = None
        self.class_game = False
        """Opened from a class link (``?class=1``): the session file is named after the learner and the seed."""
        self._busy = False
        self.setup_open = False
        self._slow_pending = False
        self._bot_pending = False
        self.bot_scheduler: Callable[[Callable[[], None]], None] | None = None
        """Runs a paced bot reply later (tests set it); by default the kernel's event loop does."""
        self.bot_batch = BOT_BATCH
        """Seconds of bot replies in one paced job (0: one reply per job, each with its own update)."""
        setup = setup or TableSetup()
        self.title = HTML()
        self.title.add_class("nap-play-title")
        self.settings = SettingsPanel(self)
        self.setup = SetupPanel(self, setup)
        self._classlink: ClassLink | None = None
        self._class_address = page_address()
        """The address the class link starts from (the request's; the teacher may correct it in the link's box)."""
        # the teacher's tools, folded away from a learner on their own: the seed and the class link, which is
        # built when the fold is first opened (most learners never open it: 7 widget models fewer at load)
        self._teachers_box = VBox([self.setup.seed_row])
        self.teachers = W.Accordion(children=[self._teachers_box], selected_index=None)
        self.teachers.add_class("nap-play-teachers")
        self.teachers.observe(self._on_teachers_opened, "selected_index")
        self.setup.widget.children = (*self.setup.widget.children, self.teachers)
        self.live = LiveSeat(self, classroom, on_resume=self._resume)
        self._board: GameBoard | None = None
        """The game board (the table, the hand, the calls, the actions, the log), built at "Start": while
        only the setup form shows, the page is about half as many widgets to send and draw."""
        self.ledger = PlayLedger(self)
        self.saveload = SaveLoad(self)
        self.replay = ReplayView(self)
        self.postmortem = PostMortemPanel(lambda: self.tr)  # "could it have been made?" once a deal ends
        self.keep = GameKeep(self)  # the game in progress, kept in the learner's browser and offered back
        header = HBox([self.title, self.switch.widget])
        header.add_class("nap-play-header")
        self.widget.children = (page_style(*self.styles), self.page_nav.widget, header, self.keep.widget,
                                self.setup.widget, self.postmortem.widget, self.ledger.widget, self.saveload.widget,
                                self.replay.widget, self.settings.widget)
        self.refresh()

    # ------------------------------------------------------------ the board
    def _game_board(self) -> "GameBoard":
        """The game board, built the first time a game is shown (or a live class's page opens), and put in
        the page in its final state: the message line already in place, one change of the page's children."""
        if self._board is None:
            board = self._board = GameBoard(self)
            showing = self.table is not None and not self.setup_open
            _show(board.table_box, showing)  # before the browser draws it
            self._place_status(not showing)
        return self._board

    @property
    def classlink(self) -> ClassLink:
        """"A link for the class", under the seed in "For teachers": built the first time it is needed."""
        return self._build_classlink()

    def _build_classlink(self) -> ClassLink:
        if self._classlink is None:
            link = self._classlink = ClassLink(self)
            link.address.value = self._class_address
            self._teachers_box.children = (*self._teachers_box.children, link.widget)
        return self._classlink

    def _on_teachers_opened(self, change: dict[str, object]) -> None:
        if change.get("new") is not None:  # opened (None: folded)
            self._build_classlink()

    @property
    def trick(self) -> TrickView:
        return self._game_board().trick

    @property
    def auction(self) -> AuctionPanel:
        return self._game_board().auction

    @property
    def hand(self) -> HandView:
        return self._game_board().hand

    @property
    def board(self) -> CardTable:
        return self._game_board().board

    @property
    def actions(self) -> ActionBar:
        return self._game_board().actions

    @property
    def coach(self) -> Coach:
        return self._game_board().coach

    @property
    def log(self) -> LogPanel:
        return self._game_board().log

    @property
    def table_box(self) -> W.VBox:
        return self._game_board().table_box

    def nav_profile(self) -> str:
        """The rules of the table being set up (what the page's links keep)."""
        setup = getattr(self, "setup", None)
        value = getattr(getattr(setup, "profile", None), "value", None)
        return value if isinstance(value, str) else "british"

    # ------------------------------------------------------------- building
    @classmethod
    @built_unseen  # built before any browser connects: no comm_open that nobody would read
    def from_environment(cls, environ: dict[str, str] | None = None) -> "PlayApp":
        """The page for the current Voila request: ``?lang=``, ``?seed=``, ``?players=`` and more
        (``seat``, ``name``, ``deals``, ``rotations``, ``bots``); bad values keep their defaults.
        ``?class=1`` (a class link) asks the learner for their name before the game starts."""
        if preheating(environ):
            # A preheated kernel (class mode): the page is built with the defaults while the kernel waits in
            # its pool, so that its ~280 widgets do not all travel through the server when the learner
            # arrives (with a class arriving at once, that was most of the server's work); the request's
            # parameters are then put in the page (tests/test_ui_preheat.py: the same page).
            app = cls(classroom=class_store())
            app.arrive(PageParams.from_environment())  # waits for the request
            return app
        params = PageParams.from_environment(environ)
        setup, problems = TableSetup.from_params(params.raw)  # the engine checks each setting of the table
        app = cls(params.lang, setup, classroom=class_store(environ))
        app._welcome(params, problems)
        return app

    def arrive(self, params: PageParams, environ: dict[str, str] | None = None) -> None:
        """Put a request's parameters in a page built with the defaults: the same page as
        ``from_environment`` builds for them (the page's address included)."""
        setup, problems = TableSetup.from_params(params.raw)
        with self.holding():  # another language changes ~60 widgets: one message each
            self.language.set(params.lang)
            self.setup.fill(setup)
            self._class_address = page_address(environ)
            if self._classlink is not None:
                self._classlink.address.value = self._class_address
            self.page_nav.refresh()  # its links keep the rules the form now holds
            self._welcome(params, problems)

    def _welcome(self, params: PageParams, problems: list[Explanation]) -> None:
        code = params.raw.get("class", "").strip()
        if params.flag("class"):  # a class link of the file route: the game in the address
            game = TableSetup.from_params(params.raw)[0]
            if game.seed is not None:  # a link made by the class link maker always has one
                self.setup.lock(game)
            self.class_game = True  # the learner's name first (the class page tells tables apart by it)
            self.ask_learner_name(clear="name" not in params.raw)
            self.status.show(self._("A game for the whole class: type your name, then start the session. When it "
                                    "is over, download your session (under Save and resume) and give the file to "
                                    "your teacher."), "info")
            _show(self.teachers, False)
        elif code:  # a live class link: the game from the class store
            try:
                info = self.live.arrive(code)
            except (ClassRefused, StoreUnavailable) as e:
                self.status.show(e.text(self.language.code), "refused")
                return
            self.class_game = True
            self._game_board()  # it holds the class's seat, whose browser storage hands back a reload's token
            self.ask_learner_name(clear=True)
            self.setup.lock(info.game)
            self.settings.undo.value = False  # a deal sent to the class cannot be taken back
            self.settings.undo.disabled = True
            _show(self.teachers, False)
            self.status.show(self._("A game for the whole class: type your name, then start the session. Each deal "
                                    "you finish goes to your teacher by itself."), "info")
        if problems:
            self.status.show(ignored_note(self.tr, problems), "refused")

    @property
    def four_colour(self) -> bool:
        return bool(self.settings.four_colour.value)

    @property
    def offer_stop(self) -> bool:
        return bool(self.settings.offer_stop.value)

    @property
    def practice_undo(self) -> bool:
        return bool(self.settings.undo.value)

    @property
    def pace(self) -> str:
        return str(self._board.board.pace.value) if self._board is not None else "normal"

    @property
    def live_class(self) -> bool:
        return self.live.active

    def join_class(self, name: object) -> None:
        """A live class's learner presses Start: join as ``name`` (checked, not taken) and deal; already in, back
        to the game."""
        if self.live.table is not None:
            if self.table is self.live.table:
                self.setup_open = False
                self.render()
            return
        table = self.live.join(name, offer_stop=self.offer_stop)
        self.begin(table, loaded=bool(table.session.entries))

    def _resume(self, seat: Seat, table: PlayTable) -> None:
        """A live class's learner is back (the browser kept their token): their session so far, to go on with."""
        self.setup.name.value = seat.name
        self.begin(table, loaded=bool(seat.deals))
        n = len(seat.deals)
        self.status.show(self.tr.ngettext(
            "Welcome back, {name}: your {n} deal is with your teacher. Your game goes on.",
            "Welcome back, {name}: your {n} deals are with your teacher. Your game goes on.", n).format(
                name=seat.name, n=n), "info")

    def ask_learner_name(self, clear: bool) -> None:
        if clear:
            self.setup.name.value = ""  # "Start" refuses an empty name with its reason
        self.setup.name.placeholder = self._("type your name")

    def class_setup(self) -> TableSetup:
        form = self.setup
        if not str(form.seed.value).strip():
            form.seed.value = str(random.SystemRandom().randrange(MAX_SEED + 1))  # the class needs one seed
        return form.read()

    # -------------------------------------------------------------- flow
    def begin(self, table: PlayTable, loaded: bool = False) -> None:
        """Show ``table`` (new or loaded) and deal its next hand (a loaded one waits for "Next deal")."""
        self.table = table
        # slow bots (the expert samples and solves) reply in paced jobs, the page saying who is thinking before a slow one
        table.pace_bots = table.bots == "expert"
        table.show_thinking = bool(self.settings.thinking.value)  # B14: off unless the learner asks
        self.setup_open = False
        self.ledger._key = self.saveload._key = self.replay._key = None
        if loaded:
            s = table.session
            text = self.tr.ngettext(
                "Loaded a session of {n} finished deal; you are {name}.",
                "Loaded a session of {n} finished deals; you are {name}.", len(s.entries)).format(
                    n=len(s.entries), name=table.name)
            self.render()
            self.status.show(text, "info")
            return
        table.start_deal()
        self.render()
        self.status.clear()
        self._run_bots()

    def resume(self, table: PlayTable) -> None:
        """Take up a game kept in the browser: the deal in play as the learner left it (or the next deal)."""
        self.table = table
        table.pace_bots = table.bots == "expert"
        self.setup_open = False
        self.ledger._key = self.saveload._key = self.replay._key = None
        self.render()
        self.status.show(self._("Your game is back: deal {k} of {n}.").format(
            k=max(table.deal_number, 1), n=table.session.total_deals), "info")
        self._run_bots()

    def to_setup(self) -> None:
        """Back to the setup form (the session stays loaded until a new one starts)."""
        self.setup_open = True
        self.render()

    def _on_table_card(self, card: object, token: int | None) -> None:
        """A card tapped on the table (checked by the table's receive and by PlayTable.play)."""
        table = self.table
        if table is None:
            return
        table.play(card, token)  # type: ignore[arg-type]  # PlayTable.play refuses anything not a card
        self.after_move()

    def after_move(self) -> None:
        self.status.clear()
        self.render()
        self._run_bots()

    def _run_bots(self) -> None:
        """On a paced table: the next bot's reply once the page shows who is thinking, and so on.

        The replies run as jobs of the kernel's event loop, so the page gets an update (and
        any click) in between: a job goes on to the next bot while the replies take less than
        :attr:`bot_batch` in all, so quick replies arrive together and only a slow bot's turn
        shows "… is thinking…" for long. Outside a kernel the replies all come at once.
        """
        table = self.table
        if table is None or table.thinking is None or self._bot_pending:
            return
        schedule = self.bot_scheduler
        if schedule is None:
            loop = kernel_loop()
            if loop is None:  # no kernel (scripts): every reply now
                table.finish_bots()
                self.render()
                return

            def schedule(job: Callable[[], None]) -> None:
                loop.call_later(BOT_PAUSE, job)

        self._bot_pending = True

        def step() -> None:
            self._bot_pending = False
            if self.table is not table:
                return  # a new session was started meanwhile
            started = perf_counter()
            try:
                table.bot_step()
                # the next bots too while the replies are quick: one update of the page instead of one each
                while table.thinking is not None and perf_counter() - started < self.bot_batch:
                    table.bot_step()
            except Exception:  # never a traceback for the user
                log.exception("a bot's reply failed")
                self.status.show(self._("Something went wrong; nothing was changed. Please try again."), "error")
                return
            self.render()
            self._run_bots()

        schedule(step)

    # ------------------------------------------------------------ rendering
    def render(self) -> None:
        table = self.table
        view = table.view() if table is not None else None
        setup_open = table is None or self.setup_open
        board = self._game_board() if table is not None else self._board  # none before the first game
        _show(self.setup.widget, setup_open)
        _show(self.setup.back, table is not None)
        if board is not None:
            _show(board.table_box, not setup_open)
        self._place_status(setup_open)
        if table is not None:
            self.trick.render(table, view)
            self.auction.render(table, view)
            self.hand.render(table, view)
        if board is not None:
            self._render_board(table, view)
        # the learner's turn to play: the trick and the hand brought into view together (once per turn)
        turn = (id(table), table.deal_number, table.token) if table is not None and table.pending == "card" else None
        if turn is not None and turn != getattr(self, "_shown_turn", None):
            self._shown_turn = turn
            self.pagekeeper.reveal(".nap-play-card-table .nt-trick, .nap-play-card-table .nt-hand")
        self.keep.save(table)  # after every deal and card, in the learner's browser
        self.keep.refresh()
        playing = table is not None and not table.session.is_over and (table.deal_number > 0)
        self.pagekeeper.guard(self._("Leave the game? It stays in this browser and is offered back when you return.")
                          if playing else "")
        if board is not None:
            board.actions.render(table)
            board.coach.render(table)
            # the moves on the table reach the page first: "what just happened" carries the turn token that
            # tells the page (and the latency benchmark) that the bots' replies have arrived
            board.log.render(table)
        # then what changes once per deal: the settlement now; the chart, the download and the replay
        # list (the slow parts) once the kernel is idle, so they never hold up the bots' replies
        self.ledger.render(table)
        self.live.sync(table)  # a live class: the deal just finished goes to the teacher
        self._later(self._render_slow)

    def _place_status(self, setup_open: bool) -> None:
        """Put the page's message line under the setup form (open) or under the card table (a game on), and
        the game board, once built, in the page right after the setup form.

        Each box's children change at most once here, and while the form is open the line sits after the
        board (hidden then), not between the form and the board: the browser redraws every child of a box
        from the first one that changed, and a board redrawn while the views of its children are still
        being made (it was just built, or its own children just changed) has the browser post messages to
        views it has already removed ('Cannot read properties of null (reading processLuminoMessage)',
        'Could not add child view to box'). With this order, moving the line never redraws the board."""
        line = self.status.widget
        board = self._board
        page = [w for w in self.widget.children if w is not line]
        if board is not None:
            if board.table_box not in page:
                page.insert(page.index(self.setup.widget) + 1, board.table_box)
            inner = [w for w in board.table_box.children if w is not line]
            if not setup_open:
                inner.insert(inner.index(board.board.widget) + 1, line)
            if tuple(inner) != tuple(board.table_box.children):
                board.table_box.children = tuple(inner)
        if setup_open or board is None:
            after = board.table_box if board is not None else self.setup.widget
            page.insert(page.index(after) + 1, line)
        if tuple(page) != tuple(self.widget.children):
            self.widget.children = tuple(page)

    def _render_board(self, table: PlayTable | None, view: "SeatView | None") -> None:
        if table is None or view is None or self.setup_open:
            self.board.clear()
            return
        calls: dict[int, str] = {}
        if view.phase == "auction":
            for i, call in enumerate(view.calls):
                calls[view.speaker(i)] = self.tr.call(call.name)
        active = table.pending == "card"
        hint = self._("Tap a raised card (▲) to play it.") if active else ""
        keys = self._("Or use the arrow keys and Enter.") if active else ""
        tricks = view.profile.hand_size  # one trick per card in a hand
        trick_no = min(tricks, len(view.tricks) + 1)
        title = self._("Trick {number} of {count}").format(number=trick_no, count=tricks) if view.phase == "play" else ""
        self.board.show_view(view, key=f"{id(table)}:{table.deal_number}:{id(table.state)}", token=table.token,
                             active=active, four_colour=self.four_colour, calls=calls, hint=hint, hint_keys=keys,
                             centre_title=title, focus=FOCUS_AFTER.get(table.pending, ""))

    def _render_slow(self) -> None:
        table = self.table
        self.ledger.render_chart(table)
        self.saveload.render()
        self.replay.render(table)
        # the solver's reading of the deal just finished (a deferred part: it never holds up the bots' replies)
        self.postmortem.render(table.state if table is not None and not self.setup_open else None,
                               table.you if table is not None else None)

    def _later(self, job: Callable[[], None]) -> None:
        """Run ``job`` when the kernel has sent this click's updates (at once outside a running event loop)."""
        loop = kernel_loop()
        if loop is None:  # no kernel (widget tests, scripts): render at once
            job()
            return
        if self._slow_pending:
            return
        self._slow_pending = True

        def run() -> None:
            self._slow_pending = False
            try:
                job()
            except Exception:  # never a traceback for the user
                log.exception("deferred rendering failed")
                self.status.show(self._("Something went wrong; nothing was changed. Please try again."), "error")

        loop.call_later(SLOW_DELAY, run)

    def refresh(self) -> None:
        self.title.value = html('<h1>{}</h1>', self._('Play Nap'))
        self.teachers.set_title(0, self._("For teachers"))
        self.live.refresh()
        self.setup.refresh()
        if self._classlink is not None:
            self._classlink.refresh()
        self.settings.refresh()
        if self._board is not None:
            self._board.refresh()
        self.replay.refresh()
        self.render()


class GameBoard:
    """The play page's game board: the facts of the deal, the card table, the typed card, the calls, the
    hint, the actions and the log, in one box (``nap-play-board``). The page builds it at the first "Start"
    (a loaded or resumed game, a live class's page): until then only the setup form shows."""

    def __init__(self, app: PlayApp) -> None:
        self.trick = TrickView(app)
        self.auction = AuctionPanel(app)
        self.hand = HandView(app)
        self.board = CardTable(app, on_card=app._on_table_card)
        self.board.view.add_class("nap-play-card-table")
        self.actions = ActionBar(app)
        self.coach = Coach(app)
        self.log = LogPanel(app)
        # phone order: what is on the table, then the learner's choices, then what just happened
        # the page's messages sit next to what the learner acts on: under the card table while a game is on,
        # under the setup form while it is open (see PlayApp._place_status)
        self.table_box = VBox([self.trick.widget, self.board.widget, self.hand.widget,
                               self.auction.widget, self.coach.widget, self.actions.widget, app.live.widget,
                               self.log.latest, self.board.pace_box,
                               self.trick.history, self.log.box])
        self.table_box.add_class("nap-play-board")

    def refresh(self) -> None:
        """The board's own words in the page's language (the rest comes with the page's next render)."""
        self.board.refresh()
        self.auction._profile = None
