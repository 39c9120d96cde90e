"""The lesson page itself: its components, the URL parameters and drawing a step everywhere."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...teach.course import LessonSpec, course_outline, lesson_ids, load_lesson
from ...words.html import html, join
from ...teach.lesson import Lesson, LessonWalk, default_lesson
from ...engine.state import DealState
from ...teach.lesson.ledger import SessionLesson
from ...teach.lesson.whatif import WhatIf
from ..base import App, page_style
from ..params import PageParams, bad_number, ignored_note, whole_number
from ..nav import LessonPlace
from ..postmortem import PostMortemPanel
from ...words.render import mark_word
from ..table import CardTable, legend_html
from ..table.lesson import show_lesson_step
from ..widgets import auto_layout, Button, HBox, HTML, show, VBox
from .controls import StepControls
from .editor import DealEditor
from .views import ExplanationPanel, SettlementView, TrickHistory
from .whatif import WhatIfPanel
from .presenter import Presenter
from ..opening import built_unseen

if TYPE_CHECKING:
    from .course import CourseMode


class LessonApp(App):
    """The lesson page: the worked deal to study step by step (no ``lesson`` given), or a lesson
    of the course (``course``: a lesson id or a loaded lesson file), with its questions and quiz."""

    css_class = "nap-lesson"
    page = "lesson.ipynb"
    styles = ("lesson",)

    def __init__(self, lang: str = "en", step: int = 1, four_colour: bool = False,
                 lesson: Lesson | None = None, course: LessonSpec | str | None = None,
                 present: bool = False) -> None:
        super().__init__(lang)
        self.mode: CourseMode | None = None
        if course is not None:
            from .course import CourseControls, CourseMode  # the quiz bank: a course lesson only, not the worked deal

            self.mode = CourseMode(self, load_lesson(course) if isinstance(course, str) else course)
            first = next((d for d in self.mode.player.deals if isinstance(d, Lesson)), None)
            lesson = first or default_lesson()
        self.lesson = lesson or default_lesson()
        self.walk = LessonWalk(self.lesson)
        if self.mode is None and isinstance(step, int) and not isinstance(step, bool) and 1 <= step <= self.walk.count:
            self.walk.go(step - 1)
        self.title = HTML("")
        self.title.add_class("nap-lesson-title")
        if self.mode is not None:
            self.controls: StepControls = CourseControls(self.walk, self.language, self.status, self.show,
                                                         self.restyle, four_colour=four_colour)
            self.controls.mode = self.mode
            if isinstance(step, int) and not isinstance(step, bool) and 1 <= step <= self.mode.run.count:
                self.mode.run.go(step - 1)
        else:
            self.controls = StepControls(self.walk, self.language, self.status, self.show, self.restyle,
                                         four_colour=four_colour)
        self.explanation = ExplanationPanel(self.lesson, self.language)
        self.board = CardTable(self)  # the worked deal, hands open for study
        self.history = TrickHistory(self.lesson, self.language)
        self.settlement = SettlementView(self.lesson, self.language)
        self.whatif = WhatIfPanel(self.walk, self.language, self._after_whatif)
        self.postmortem = PostMortemPanel(lambda: self.tr)  # "could it have been made?" at the deal's end
        self.presenter = Presenter(self, present=present)  # presenter mode and the keys that step the lesson
        if self.mode is not None:  # the header: "Lesson 3 of 16", and Next to the next lesson of the course
            lessons = course_outline()  # the course's list, not its other lessons' deals
            ids = [c.id for c in lessons]
            at = ids.index(self.mode.spec.id) if self.mode.spec.id in ids else None
            following = lessons[at + 1] if at is not None and at + 1 < len(lessons) else None
            self.page_nav.lesson = LessonPlace(self.mode.spec.place, len(lessons), self.mode.spec.title,
                                               (following.id, following.title) if following is not None else None)
            self.page_nav.refresh()
        header = HBox([self.title, self.presenter.switch, self.switch.widget], layout=auto_layout())
        header.add_class("nap-lesson-header")
        side = VBox([self.explanation.widget, self.settlement.widget], layout=auto_layout())
        side.add_class("nap-lesson-side")
        # the bar pinned to the bottom of the screen: the step's messages over Back, Next (or Check) and the counter
        steer = VBox([self.status.widget, self.controls.widget], layout=auto_layout())
        steer.add_class("nap-lesson-steer")
        steer.add_class("nap-lesson-bar")
        self.steer = steer
        # the narration, then the bar (out of the flow on screens: pinned); the table comes before both
        top = HBox([side, steer], layout=auto_layout())
        top.add_class("nap-lesson-top")
        lower = HBox([self.history.widget, self.whatif.widget], layout=auto_layout())
        lower.add_class("nap-lesson-lower")
        self.legend = HTML("")
        self.legend.add_class("nap-lesson-legend")
        parts = [page_style(*self.styles), self.page_nav.widget, header, self.board.widget, self.legend]
        if self.mode is not None:  # a question before the next step comes first, next to the table it is about
            parts.append(self.mode.question.widget)
        parts.append(top)
        if self.mode is not None:
            m = self.mode
            side.children = (m.notes,) + side.children  # the lesson's own idea first, then the engine's narration
            self.explanation.fold = m.spec.place > 1  # the set-up sentences, read in lesson 1, folded after it
            # Check waits in the bar, where Next is, while a question waits (its feedback is brought into view)
            m.question.widget.children = tuple(w for w in m.question.widget.children if w is not m.question.check)
            m.question.check.button_style = "primary"
            self.controls.buttons.children = (self.controls.back, m.question.check, self.controls.next,
                                              self.controls.label)
            parts += [self.controls.more, self.presenter.widget, self.presenter.keys.widget,
                      m.ledger.widget, lower, self.postmortem.widget, m.quiz.widget, m.courses,
                      m.progress.widget, m.place_store]
        else:
            parts += [self.controls.more, self.presenter.widget, self.presenter.keys.widget,
                      lower, self.postmortem.widget]
        self.own = False
        """Whether the lesson narrates a deal entered (or loaded) in the editor, not the worked deal."""
        self.editor: DealEditor | None = None
        if self.mode is None:  # "Your own deal": enter a deal, then the same player narrates it
            self.editor = DealEditor(self, self.teach, on_words=self._own_heading)
            self.worked = Button(icon="book", layout=auto_layout())
            self.worked.add_class("nap-entry-worked")
            self.worked.on_click(self._on_worked)
            show(self.worked, False)
            at = parts.index(self.board.widget)  # the editor between the header and the deal it narrates
            parts[at:at] = [self.editor.widget, self.worked]
        parts.append(self.pagekeeper)  # the page's helper in the browser, kept through presenter mode's layouts
        self._parts = parts
        self._top, self._steer, self._side = top, steer, side
        self.widget.children = parts
        if self.presenter.on:
            self.arrange()
        self.refresh()

    @classmethod
    @built_unseen  # built before any browser connects: no comm_open that nobody would read
    def from_environment(cls, environ: dict[str, str] | None = None) -> "LessonApp":
        """Build the page from the Voila URL: ``?lang=es&step=6&four=1`` (bad values are ignored); ``?lesson=``
        names a lesson of the course by its name (``follow-suit``) or its place in the course (``3``)."""
        params = PageParams.from_environment(environ)
        wanted = params.get("lesson")
        ids = lesson_ids() if wanted else ()  # the worked deal's page does not load (and check) the whole course
        place = whole_number(wanted, 1, len(ids)) if wanted else None  # ?lesson=3: the course's third lesson
        course = wanted if wanted in ids else ids[place - 1] if place is not None else None
        app = cls(lang=params.lang, four_colour=params.flag("four"), course=course)
        code = params.get("deal")
        if code and app.editor is not None:  # ?deal=<code>: the shared deal, narrated (a broken link says why)
            app.editor.load_link(code)
        elif code:
            app.status.show(app._("A lesson of the course is open, so the deal in the page address was not "
                                  "shown: open the link without “lesson=”."), "refused")
        if wanted and course is None:
            app.status.show(app._("There is no lesson called “{name}”: here is the worked deal.").format(
                name=wanted[:40]), "refused")
        raw = params.get("step")
        if raw:  # the same check as the step box; a bad value keeps step 1 and says so
            count = app.mode.run.count if app.mode is not None else app.walk.count
            step = whole_number(raw, 1, count)
            if step is None:
                app.status.show(ignored_note(app.tr, [bad_number(app._("Step"), raw, 1, count)]), "refused")
            elif app.mode is not None:
                app.mode.run.go(step - 1)
                app.show()
            else:
                app.walk.go(step - 1)
                app.show()
        if params.flag("present"):  # ?present=1: presenter mode from the start
            app.presenter.set(True)
        return app

    # ------------------------------------------------------------ layout
    def arrange(self) -> None:
        """Lay the page out for presenter mode or for the normal page.

        Presenting, the card table and one panel (the steps, the narration, the question of a course
        lesson, the hands bar) form a stage of fixed size, the height of the screen, so that nothing on
        the table moves from one step to the next and the longer narration scrolls inside the panel;
        the rest of the page (tricks so far, what if, could it have been made) follows below.
        """
        p = self.presenter
        question = self.mode.question.widget if self.mode is not None else None
        if p.on:
            moved = {id(self._top), id(self.board.widget), id(p.widget)} | ({id(question)} if question else set())
            below = [self.editor.widget, self.worked] if self.editor is not None else []
            moved |= {id(w) for w in below}
            parts = []
            moved.add(id(self.legend))  # the legend follows the stage (before it, it would push the stage down)
            for w in self._parts:
                if w is self._top:
                    parts += [p.stage, self.legend]
                elif id(w) not in moved:
                    parts.append(w)
            parts += below  # "Your own deal" after the rest: the stage comes straight under the header
            self._top.children = ()
            self.widget.children = parts
            p.panel.children = tuple(w for w in (self._steer, self._side, question, p.widget, p.hint) if w is not None)
            p.stage.children = (self.board.widget, p.panel)
        else:
            if p.built:
                p.stage.children = ()
                p.panel.children = ()
            self._top.children = (self._side, self._steer)  # the narration, then the bar (pinned on screens)
            if list(self.widget.children) != self._parts:
                self.widget.children = self._parts

    # ------------------------------------------------------- your own deal
    def _own_heading(self) -> None:
        """The heading of a deal of your own: its title and its notes when it has them (presenter mode shows the
        same heading), else "Your deal, step by step" and the table."""
        if not self.own:
            return
        book = self.lesson.book
        entry = self.editor.entry if self.editor is not None else None
        title = entry.title if entry is not None and entry.title else self._("Your deal, step by step")
        table = self.tr.ngettext("{n} player under {profile}: every card with the rule that allows it.",
                                 "{n} players under {profile}: every card with the rule that allows it.",
                                 book.n).format(n=book.n, profile=self.tr.profile_name(book.profile.name, in_text=True))
        notes = html('<p class="nap-lesson-notes-own">{}</p>', entry.notes) if entry is not None and entry.notes else ""
        self.title.value = html('<h1>{}</h1><p class="nap-lesson-sub">{}</p>{}', title, table, notes)

    def teach(self, state: DealState) -> None:
        """Narrate ``state`` (a finished deal from the editor) with the lesson player, from its first step."""
        self._use_lesson(Lesson(state), own=True)

    def _on_worked(self, _button: object = None) -> None:
        self._use_lesson(default_lesson(), own=False)

    def _use_lesson(self, lesson: Lesson, own: bool) -> None:
        self.lesson = lesson
        self.walk = LessonWalk(lesson)
        for part in (self.explanation, self.history, self.settlement):
            part.lesson = lesson
        self.controls.walk = self.walk
        self.whatif.walk = self.walk
        self.own = own
        show(self.worked, own)
        self.refresh()

    # -------------------------------------------------------------- drawing
    @property
    def four_colour(self) -> bool:
        return self.controls.four_colour

    def _follow_course(self) -> bool:
        """Course mode: point the deal components at the run's deal; False for a session deal."""
        if self.mode is None:
            return True
        deal = self.mode.deal()
        session = isinstance(deal, SessionLesson)
        for w in (self.history.widget, self.whatif.widget, self.legend):
            show(w, not session)
        if isinstance(deal, Lesson):
            self.lesson = deal
            self.walk = self.mode.walk_for(deal)
            for part in (self.explanation, self.history, self.settlement):
                part.lesson = deal
            self.controls.walk = self.walk
            self.whatif.walk = self.walk
            return True
        show(self.settlement.widget, False)
        self.explanation.widget.value = self.mode.session_explanations()
        return False

    def show(self) -> None:
        """Draw the current step everywhere (after Next, Back, a jump ...)."""
        if self.mode is not None:
            self.mode.save_place()  # a reload, a tab the phone discarded, the next day: the lesson goes on here
        if not self._follow_course():
            self.controls.sync()
            assert self.mode is not None
            self.mode.render()
            self.presenter.render()  # the switch is named on a session deal too
            return
        self.controls.sync()
        self.whatif.status.clear()
        self._draw_step()
        # the trick, the card the step describes and the seat that acts, in view above the pinned bar (presenting,
        # the stage holds the screen still: nothing scrolls)
        if not self.presenter.on:
            self.pagekeeper.reveal(".nap-lesson .nt-centre-title, .nap-lesson .nt-trick, .nap-lesson .nt-acting")

    def _draw_step(self) -> None:
        """Draw the walk's current step on every part of the page (shared by :meth:`show` and :meth:`refresh`)."""
        index = self.walk.index
        four = self.four_colour
        self.explanation.render(index)
        self.redraw_board()
        self.history.render(index, four)
        self.settlement.render(index)
        self.whatif.four_colour = four
        self.whatif.render()
        self.legend.value = self._legend()
        if self.mode is not None:
            self.mode.render()
        self.render_postmortem()
        self.presenter.render()

    def _legend(self) -> str:
        """What the marks on the card table mean, each drawn as the table draws it (same colours, same words);
        a course lesson adds the mark of the cards and seats a question's verdict names."""
        named = legend_html(self.tr, [
            ("named", self._("your answer"), self._("a card or seat of your answer that the verdict names;")),
            ("named", self._("the answer"), self._("a card or seat of the right answer that the verdict names."))
        ]) if self.mode is not None else ""
        return join([html('<div class="nap-legend"><span class="nap-legend-item"><span class="nap-legend-swatch '
                    'nap-legend-turn" aria-hidden="true">A ◀</span>{}</span> <span class="nap-legend-item">'
                    '<span class="nap-legend-swatch nap-legend-win" aria-hidden="true">★ {}</span>{}</span> '
                    '<span class="nap-legend-item"><span class="nap-legend-swatch nap-legend-step" '
                    'aria-hidden="true">◆ {}</span>{}</span></div>',
                    self._("Framed seat: the player who speaks or plays at this step."),
                    mark_word("winning", self.tr), self._("the card winning the trick so far."),
                    self._("this step"), self._("the card this step describes.")), named])

    def restyle(self) -> None:
        """Redraw the cards after the four-colour option changed."""
        if not self._follow_course():
            return
        index = self.walk.index
        four = self.four_colour
        self.redraw_board()
        self.history.render(index, four)
        self.whatif.four_colour = four
        self.whatif.render()

    def redraw_board(self) -> None:
        """The card table at the current step, with the hands presenter mode hides drawn face down
        (nothing on a session deal of a course lesson, which has no table)."""
        if self.mode is not None and not isinstance(self.mode.deal(), Lesson):
            return
        index = self.walk.index
        named, named_seats = self.mode.named_marks() if self.mode is not None else ({}, {})
        show_lesson_step(self.board, self.lesson, index, self.four_colour,
                         hidden=self.presenter.hidden_seats(self.lesson, index), named=named, named_seats=named_seats)

    def show_line(self, line: WhatIf) -> None:
        self.walk.whatif = line
        self.whatif.render()

    def sync_controls(self) -> None:
        self.controls.sync()

    def step_forward(self) -> None:
        self.controls.next.click()  # exactly what a click on Next does (course questions included)

    def step_back(self) -> None:
        self.controls.back.click()

    def question_waiting(self) -> bool:
        return self.mode is not None and self.mode.run.pending is not None

    def reveal_question(self) -> None:
        if self.mode is not None:
            self.mode.reveal()

    def show_question(self) -> None:
        if self.mode is not None:
            self.mode.render()

    def _after_whatif(self) -> None:
        self.controls.sync()
        self.render_postmortem()

    def render_postmortem(self) -> None:
        """At the deal's end: the solver's reading of the book deal, or of the learner's "what if" line."""
        found = self.walk.whatif
        if found is not None and found.state.is_over:
            self.postmortem.render(found.state, found.seat)
        elif self.walk.lesson.state(self.walk.index).is_over:  # from the settlement on (and at the end)
            self.postmortem.render(self.lesson.book)
        else:
            self.postmortem.render(None)

    def refresh(self) -> None:
        """Every word again, in the current language; the place in the lesson is kept."""
        if self.mode is not None:
            spec = self.mode.spec
            self.title.value = html('<h1>{}. {}</h1><p class="nap-lesson-sub">{}</p>', spec.place,
                                    self._(spec.title), self._(spec.summary))
            self.mode.progress.refresh()
            self.mode.quiz.refresh()
        elif self.own:
            self._own_heading()
        else:
            self.title.value = (html('<h1>{}</h1><p class="nap-lesson-sub">{}</p>',
                                     self._("A worked deal, step by step"),
                                     self._("Four players, one deal: every card with the rule that allows it.")))
        if self.editor is not None:
            self.worked.description = self._("Back to the worked deal")
            self.worked.tooltip = self._("Show the worked deal again (your deal stays in the editor)")
            self.editor.refresh()
        self.status.clear()
        self.controls.refresh()
        if not self._follow_course():
            assert self.mode is not None
            self.mode.render()
            return
        self._draw_step()

    # ------------------------------------------------- for tests and scripts
    @property
    def text(self) -> str:
        """All the HTML the learner can read now (for tests)."""
        parts = [self.title.value, self.controls.label.value, self.explanation.widget.value,
                 self.board.text, self.history.widget.value, self.settlement.widget.value,
                 self.status.widget.value, self.whatif.prompt.value, self.whatif.result.value,
                 self.whatif.settlement.value, self.whatif.status.widget.value, self.postmortem.widget.value]
        if self.editor is not None:
            ed = self.editor
            parts.append(ed.status.widget.value)
            if ed.built:
                parts += [ed.turn.value, ed.hands.value, ed.log.value]
        if self.mode is not None:
            m = self.mode
            parts += [m.notes.value, m.ledger.widget.value, m.question.prompt.value, m.question.feedback.value,
                      m.quiz.title.value, m.quiz.card.prompt.value, m.quiz.card.feedback.value, m.quiz.done.value]
        return "\n".join(parts)
