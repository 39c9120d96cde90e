"""The class page (see the package docs)."""
from __future__ import annotations

import base64
from typing import Any

import ipywidgets as W

from ...words.html import Markup, html, join
from ...engine.explain import Explanation
from ...teach.classroom import ClassRefused, ClassStore, StoreUnavailable
from ...teach.traveller import COUNTED, DUPLICATE, FLAGGED, REFUSED, ClassResults, FileOutcome, GameKey, result_word
from ..base import App, guarded, page_style
from ..chart import BELOW, balance_chart_svg
from ...engine.records import hand_to_record, record_to_link
from ..params import PageParams, page_query
from ..classstore import class_store
from ..saveload import file_bytes
from .live import LiveClass
from ..widgets import auto_layout, Button, Dropdown, HBox, HTML, show, with_classes
from ..opening import built_unseen

STATUS_WORDS = {COUNTED: "counted", FLAGGED: "not counted: another game", REFUSED: "refused",
                DUPLICATE: "already loaded"}


def _mark_for_extraction() -> None:  # pragma: no cover - never called; lists words for pybabel
    _ = str
    _("counted"), _("not counted: another game"), _("refused"), _("already loaded")


class ClassApp(App):
    """The class page: drop the session files, read each deal's traveller, the ledger and a chart, get a CSV."""

    css_class = "nap-class"
    styles = ("class",)
    page = "class.ipynb"

    def __init__(self, lang: str = "en", classroom: ClassStore | None = None, teacher_key: str | None = None) -> None:
        super().__init__(lang)
        self._busy = False
        self.results = ClassResults()
        self.live: LiveClass | None = None
        """A live class (opened with the teacher's link): results arrive as the learners play."""
        refusal: str | None = None
        if teacher_key is not None:
            try:
                if classroom is None:
                    raise ClassRefused(Explanation("class", "live.unknown_teacher", {}))
                self.live = LiveClass(self, classroom, teacher_key, on_results=self._live_results)
            except (ClassRefused, StoreUnavailable) as e:
                refusal = e.text(self.language.code)
        self.title = HTML()
        self.intro = HTML()
        self.upload = with_classes(W.FileUpload(accept=".json,application/json", multiple=True), "nap-class-upload")
        self.upload.observe(self._on_upload, names="value")
        self.clear = with_classes(Button(layout=auto_layout()), "nap-class-clear")
        self.clear.on_click(self._on_clear)
        self.game = with_classes(Dropdown(options=[], style={"description_width": "initial"},
                                          layout=auto_layout()), "nap-class-game")
        self.game.observe(self._on_game, names="value")
        self._syncing = False
        self.files = with_classes(HTML(), "nap-class-files")
        self.downloads = with_classes(HTML(), "nap-class-downloads")
        self.ledger = with_classes(HTML(), "nap-class-ledger")
        self.chart = with_classes(HTML(), "nap-class-chart")
        self.travellers = with_classes(HTML(), "nap-class-results")
        header = with_classes(HBox([self.title, self.switch.widget]), "nap-class-header")
        controls = with_classes(HBox([self.upload, self.clear], layout=auto_layout()), "nap-class-controls")
        live = [self.live.widget] if self.live is not None else []
        if self.live is not None:
            show(controls, False)  # the file route is the plain class page's
            show(self.files, False)
        self.widget.children = (page_style(*self.styles), self.page_nav.widget, header, *live, self.intro, controls,
                                self.status.widget, self.game, self.files, self.downloads, self.ledger, self.chart,
                                self.travellers)
        self.refresh()
        if refusal is not None:
            self.status.show(refusal, "refused")
        if self.live is not None:
            self.live.start()

    @classmethod
    @built_unseen  # built before any browser connects: no comm_open that nobody would read
    def from_environment(cls, environ: dict[str, str] | None = None) -> "ClassApp":
        """The page for the current Voila request (``?lang=``; ``?teacher=<key>``: a live class)."""
        params = PageParams.from_environment(environ)
        key = params.raw.get("teacher")
        if key is None:
            return cls(params.lang)
        return cls(params.lang, class_store(environ), key.strip())

    def _live_results(self, results: ClassResults) -> None:
        """A deal arrived in the live class: show the class's results as they now are."""
        self.results = results
        self.render()

    # ------------------------------------------------------------ actions
    @guarded
    def _on_upload(self, change: dict[str, Any]) -> None:
        value = change.get("new")
        if not value:
            return  # the reset below
        try:
            files = list(self._files_of(value))
        finally:
            self.upload.value = ()
        if not files:
            self.status.show(self._("Choose the learners' session files (.json)."), "refused")
            return
        outcomes = self.results.add_many(files)
        self.render()
        self.status.show(self._summary(outcomes), "info" if all(o.status == COUNTED for o in outcomes)
                         else "refused")

    @staticmethod
    def _files_of(value: Any) -> list[tuple[str, bytes]]:
        """(name, content) of each uploaded file; anything that is not a file is left out."""
        out: list[tuple[str, bytes]] = []
        if not isinstance(value, (tuple, list)):
            return out
        for item in value:
            content = file_bytes(item)
            if content is None:
                continue
            name = item.get("name")
            out.append((name if isinstance(name, str) and name else "?", content))
        return out

    def _summary(self, outcomes: list[FileOutcome]) -> str:
        tr = self.tr
        counts = {s: sum(1 for o in outcomes if o.status == s) for s in (COUNTED, FLAGGED, REFUSED, DUPLICATE)}
        parts = [tr.ngettext("{n} file read", "{n} files read", len(outcomes)).format(n=len(outcomes)),
                 tr.ngettext("{n} counted", "{n} counted", counts[COUNTED]).format(n=counts[COUNTED])]
        if counts[FLAGGED]:
            parts.append(tr.ngettext("{n} of another game", "{n} of another game", counts[FLAGGED])
                         .format(n=counts[FLAGGED]))
        if counts[REFUSED]:
            parts.append(tr.ngettext("{n} refused", "{n} refused", counts[REFUSED]).format(n=counts[REFUSED]))
        if counts[DUPLICATE]:
            parts.append(tr.ngettext("{n} already loaded", "{n} already loaded", counts[DUPLICATE])
                         .format(n=counts[DUPLICATE]))
        total = len(self.results.counted())
        if total != counts[COUNTED]:  # files were counted before these: the class's count now
            parts.append(tr.ngettext("{n} file counted in all", "{n} files counted in all", total).format(n=total))
        text = ", ".join(parts) + "."
        if counts[FLAGGED] or counts[REFUSED] or counts[DUPLICATE]:
            text += " " + self._("The list of files says why.")
        return text

    @guarded
    def _on_clear(self, _button: Any = None) -> None:
        self.results.clear()
        self.render()
        self.status.show(self._("Every file was put away: drop the files of a new class."), "info")

    @guarded
    def _on_game(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        wanted = change.get("new")
        if wanted is not None and not isinstance(wanted, GameKey):
            return
        self.results.choose(wanted)
        self.render()

    # ---------------------------------------------------------- rendering
    def refresh(self) -> None:
        _ = self._
        self.title.value = html("<h1>{}</h1>", _("Class results"))
        query = page_query(self.language.code)
        self.intro.value = html(
            "<p>{}</p><p>{}</p>",
            _("Everyone plays the same seeded game from the class link of the play page, then downloads their "
              "session. Drop all the files here: each deal shows how it went at every table, then the class's "
              "ledger. Nothing is stored on the server: the results stay in this page until it is closed."),
            Markup(html('<a class="nap-class-play-link" href="{}">{}</a>',
                        "play.ipynb" + query, _("Make a class link on the play page"))))
        self.upload.description = _("Add session files")
        self.upload.tooltip = _("Choose the session files of the class")
        self.upload.tooltip = _("Add session files")
        if self.live is not None:
            self.live.refresh()
            self.intro.value = html("<p>{}</p>", _(
                "Every learner who opens the class link and types a name sends each deal as they finish it. Each "
                "deal below shows the hands and how it went at every table; the class's ledger follows. The session "
                "files route still works too: the plain class page reads dropped files."))
        self.clear.description = _("Start again")
        self.clear.tooltip = _("Put away every file loaded here")
        self.game.description = _("The class's game")
        self.render()

    def render(self) -> None:
        self._render_game()
        self._render_files()
        self._render_downloads()
        self._render_ledger()
        self._render_chart()
        self._render_travellers()

    def _render_game(self) -> None:
        games = self.results.games()
        options: list[tuple[str, GameKey | None]] = [(self._("The game of most files"), None)]
        for key, n in games:
            label = self.tr.ngettext("{game} ({n} file)", "{game} ({n} files)", n).format(
                game=self.tr.explain(key.describe()), n=n)
            options.append((label, key))
        self._syncing = True
        try:
            self.game.options = options
            chosen = self.results.chosen
            self.game.value = chosen if any(k == chosen for _l, k in options) else None
        finally:
            self._syncing = False
        show(self.game, len(games) > 1)

    def _render_files(self) -> None:
        _ = self._
        outcomes = self.results.outcomes()
        if not outcomes:
            self.files.value = html("<p>{}</p>", _("No file yet."))
            return
        key = self.results.key
        rows = []
        for o in outcomes:
            why = " ".join(self.tr.explain(e) for e in o.reasons)
            rows.append(html('<tr data-status="{}"><td>{}</td><td>{}</td><td><span class="nap-class-status">'
                             '{}</span></td><td>{}</td></tr>', o.status, o.file, o.learner or "",
                             _(STATUS_WORDS[o.status]), why))
        game = html("<p>{}</p>", _("The class's game: {game}.").format(game=self.tr.explain(key.describe()))) \
            if key is not None else Markup()
        self.files.value = html(
            '<h2>{}</h2>{}<div class="nap-scroll" tabindex="0" role="region" aria-label="{}">'
            '<table class="nap-table-grid nap-class-file-table"><thead><tr><th scope="col">{}</th><th scope="col">{}</th><th scope="col">{}</th><th scope="col">{}</th>'
            '</tr></thead><tbody>{}</tbody></table></div>',
            _("Files"), game, _("Files"), _("File"), _("Learner"), _("Counted?"), _("Why"), join(rows))

    def _render_downloads(self) -> None:
        _ = self._
        if not self.results.counted():
            self.downloads.value = ""
            return
        links = []
        for css, name, text, label in (
                ("nap-class-csv", "class-results.csv", self.results.traveller_csv(self.tr),
                 _("Download every deal (CSV)")),
                ("nap-class-ledger-csv", "class-ledger.csv", self.results.ledger_csv(self.tr),
                 _("Download the ledger (CSV)"))):
            data = base64.b64encode(("\ufeff" + text).encode("utf-8")).decode("ascii")
            links.append(html('<a class="{}" download="{}" href="data:text/csv;charset=utf-8;base64,{}">{}</a>',
                              css, name, data, label))
        self.downloads.value = html("<p>{}</p>", Markup(" · ").join(links))

    def _render_ledger(self) -> None:
        _ = self._
        ledger = self.results.ledger()
        if not ledger:
            self.ledger.value = ""
            return
        rows = join(html('<tr data-learner="{}"><td>{}</td><th scope="row">{}</th><td>{}</td><td>{}</td><td>{}</td>'
                         '<td class="nap-class-total">{}</td></tr>', s.learner, s.rank, s.learner, s.deals,
                         s.declared, s.made, self.tr.amount(s.total)) for s in ledger)
        self.ledger.value = html(
            '<h2>{}</h2><div class="nap-scroll" tabindex="0" role="region" aria-label="{}">'
            '<table class="nap-table-grid nap-class-ledger-table"><caption>{}</caption><thead><tr><th scope="col">{}</th><th scope="col">{}</th><th scope="col">{}</th>'
            '<th scope="col">{}</th><th scope="col">{}</th><th scope="col">{}</th></tr></thead><tbody>{}</tbody>'
            '</table></div>',
            _("The class's ledger"), _("The class's ledger"), _("Each learner's total over the deals they played, best first"),
            _("Rank"), _("Learner"), _("Deals played"), _("Declared"), _("Made"), _("Total"), rows)

    def _render_chart(self) -> None:
        names, history = self.results.history()
        if not names or len(history) < 2:
            self.chart.value = ""
            return
        _ = self._
        svg = balance_chart_svg(names, history, xlabel=_("Deal"), ylabel=_("Total"), style=BELOW,
                                label=_("Each learner's total after each deal"))
        self.chart.value = html('<figure class="nap-class-figure">{}<figcaption>{}</figcaption></figure>', svg,
                                _("Each learner's total after each deal"))

    def _deal_html(self, number: int, title: str) -> Markup:
        """Deal ``number``'s hands as a diagram (the same cards at every table), with a link to teach it on the
        lesson page and one to print it, both of the deal as played at the first table that played it."""
        _ = self._
        found = self.results.dealt(number)
        if found is None:
            return Markup()
        state, table = found
        from ...teach.handouts.deal import hands_html  # its package brings the course: once results are in

        query = page_query(self.language.code)
        code = record_to_link(hand_to_record(state))
        sep = "&" if query else "?"
        teach = "lesson.ipynb" + query + sep + "deal=" + code
        printed = "handouts.ipynb" + query + sep + "deal=" + code
        return html('<section class="nap-class-deal" data-deal="{}"><h3>{}</h3>{}<p class="nap-class-deal-note">{}</p>'
                    '<p class="nap-class-deal-links"><a class="nap-class-teach" href="{}" target="_blank" rel="noopener">'
                    '{}</a> · <a class="nap-class-print" href="{}" target="_blank" rel="noopener">{}</a></p></section>',
                    number, title, hands_html(state, self.tr),
                    _("Every table got these cards. The names, and the calls and play behind the two links, are "
                      "those of {table}'s table.").format(table=table),
                    teach, _("Teach this deal"), printed, _("Print this deal"))

    def _render_travellers(self) -> None:
        _ = self._
        parts = []
        for number in self.results.deal_numbers():
            rows = []
            for line in self.results.traveller(number):
                declarer = line.declarer or "—"
                if line.by_learner:
                    declarer = _("{name} (the learner)").format(name=declarer)
                call = self.tr.call(line.contract) if line.contract else self.tr.call("Pass")
                rows.append(html(
                    '<tr data-learner="{}"><th scope="row">{}</th><td>{}</td><td>{}</td><td>{}</td>'
                    '<td class="nap-class-result">{}</td><td>{}</td><td>{}</td></tr>',
                    line.learner, line.learner, declarer, call, "" if line.tricks is None else line.tricks,
                    result_word(line, self.tr), self.tr.amount(line.score), self.tr.amount(line.total)))
            title = _("Deal {number}").format(number=number)
            if self.results.is_extra_hand(number):
                title = _("Deal {number}: the extra hand among tied players").format(number=number)
            parts.append(self._deal_html(number, title))
            parts.append(html(
                '<div class="nap-scroll" tabindex="0" role="region" aria-label="{}"><table '
                'class="nap-table-grid nap-class-traveller" data-deal="{}"><caption>{}</caption><thead><tr><th scope="col">{}</th><th scope="col">{}</th>'
                '<th scope="col">{}</th><th scope="col">{}</th><th scope="col">{}</th><th scope="col">{}</th>'
                '<th scope="col">{}</th></tr></thead><tbody>{}</tbody></table></div>',
                title, number, title, _("Learner"), _("Declarer"), _("Call"), _("Tricks"), _("Result"), _("Score"),
                _("Total"), join(rows)))
        if not parts:
            self.travellers.value = ""
            return
        self.travellers.value = html("<h2>{}</h2><p>{}</p>{}", _("Deal by deal"),
                                     _("Every table got the same cards: here is who declared what at each "
                                       "table and how it went. Score is the learner's result in that deal."),
                                     join(parts))
