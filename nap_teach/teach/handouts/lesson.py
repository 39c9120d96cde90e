"""A lesson of the course on paper (summary for the teacher) and the whole course as a lesson plan."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ...engine.cards import Card, sort_hand
from ...engine.state import DealState
from ..course import DealSpec, LessonSpec, load_course
from ...words.html import Markup, el, html, join
from ...words.i18n import Translator
from ..lesson.deal import Lesson
from ..lesson.decide import Ask, ask, ask_ledger
from ...words.render import cards_text
from ...words.rulebook import prose
from .deal import deal_diagram_html, hands_html
from .scoresheet import ledger_table_html

__all__ = ["LessonQuestion", "lesson_questions", "lesson_summary_html", "course_plan_html", "Evening", "evenings",
           "table_sizes", "dealing_guide_html", "DEFAULT_LEARNERS", "MAX_LEARNERS"]

EVENING_MINUTES = 120
"""An evening at the club: two hours."""
FIRST_EVENING_LESSONS = 100
"""Minutes of lessons on the first evening (complete beginners): the rest of the two hours is free play."""
LATER_EVENING_LESSONS = 110
"""Minutes of lessons on the later evenings."""
DEFAULT_LEARNERS = 12
MAX_LEARNERS = 70
"""Learners a plan is made for: 3 (one table) to 70 (ten tables of seven)."""


@dataclass(frozen=True)
class Evening:
    """One evening of the course: its lessons in order, their minutes, and whether it is the pub rules'."""

    number: int
    lessons: tuple[LessonSpec, ...]
    pub: bool

    @property
    def minutes(self) -> int:
        return sum(s.teaching.minutes if s.teaching is not None else 0 for s in self.lessons)


def evenings(specs: Sequence[LessonSpec]) -> list[Evening]:
    """The course as club evenings of two hours, in course order: a first evening for complete beginners
    (about 100 minutes of lessons, then free play), the other lessons of the British rules in evenings of at
    most 110 minutes, and the pub rules' lessons in an evening (or evenings) of their own.

    >>> from nap_teach.teach.course import load_course
    >>> [(e.number, [s.place for s in e.lessons], e.pub) for e in evenings(load_course())]
    [(1, [1, 2, 3, 4, 5, 6], False), (2, [7, 8, 9, 10, 11, 12], False), (3, [13, 14, 15, 16], True)]
    """
    out: list[Evening] = []
    for pub in (False, True):
        group = [s for s in specs if (s.profile.name == "pub") == pub]
        current: list[LessonSpec] = []
        used = 0
        for spec in group:
            minutes = spec.teaching.minutes if spec.teaching is not None else 0
            cap = FIRST_EVENING_LESSONS if not out and not pub else LATER_EVENING_LESSONS
            if current and used + minutes > cap:
                out.append(Evening(len(out) + 1, tuple(current), pub))
                current, used = [], 0
            current.append(spec)
            used += minutes
        if current:
            out.append(Evening(len(out) + 1, tuple(current), pub))
    return out


def table_sizes(learners: int) -> list[int]:
    """How a room of ``learners`` sits: tables of four where it can, never fewer than three or more than seven
    at a table (ValueError outside 3..MAX_LEARNERS).

    >>> table_sizes(12), table_sizes(10), table_sizes(13), table_sizes(3)
    ([4, 4, 4], [5, 5], [5, 4, 4], [3])
    """
    if isinstance(learners, bool) or not isinstance(learners, int) or not 3 <= learners <= MAX_LEARNERS:
        raise ValueError(f"learners is 3..{MAX_LEARNERS}")
    tables = max(1, round(learners / 4))
    while -(-learners // tables) > 7:
        tables += 1
    while learners // tables < 3:
        tables -= 1
    base, extra = divmod(learners, tables)
    return [base + 1] * extra + [base] * (tables - extra)

Href = Callable[[str, str | None], str]
"""(lesson id, deal id or None) -> the address of its handout."""


@dataclass(frozen=True)
class LessonQuestion:
    """A question of a lesson, for the teacher: where to ask it, the question, and the engine's answer."""

    deal: str
    place: str
    prompt: str
    answer: str


def _answer(q: Ask, tr: Translator) -> str:
    kind = q.kind
    if kind == "pay":
        return tr.join(f"{name} {tr.amount(int(a))}" for name, a in zip(q.options, q.answer))
    if kind == "legal_calls":
        return tr.join(tr.call(a) for a in q.answer)
    if kind == "playable":
        return cards_text([Card.parse(a) for a in q.answer])
    if kind == "card":  # the book's card, and every other card that keeps the best result (the solver)
        best = q.best_cards()
        if len(best) == 1:
            return cards_text([Card.parse(best[0])])
        return tr.gettext("{card}, or as good: {others}").format(
            card=cards_text([Card.parse(best[0])]), others=tr.join(cards_text([Card.parse(c)]) for c in best[1:]))
    return tr.join(q.answer)


def _place(deal: DealSpec, q: Ask, tr: Translator) -> str:
    _ = tr.gettext
    at = q.decision.at
    player = ""
    if q.state is not None and q.seat is not None:
        player = q.state.players[q.seat]
    if at.kind == "call":
        return _("Call {number} ({player})").format(number=at.first, player=player)
    if at.kind == "card":
        return _("Trick {trick}, card {card} ({player})").format(trick=at.first, card=at.second, player=player)
    if at.kind == "result":
        return _("After the last card")
    if at.kind == "deal":
        return _("Entry {number} of the session").format(number=at.first)
    return _("The final ledger")


def lesson_questions(spec: LessonSpec, tr: Translator) -> list[LessonQuestion]:
    """Every question the lesson asks, in order, with the engine's answer (never written in the lesson file)."""
    out = []
    for deal in spec.deals:
        title = tr.gettext(deal.title) if deal.title else deal.id
        lesson = Lesson(deal.hand) if deal.hand is not None else None
        for decision in deal.decisions:
            if lesson is not None:
                q = ask(lesson, decision)
            else:
                assert deal.session is not None
                shown = decision.at.first if decision.at.kind == "deal" else len(deal.session.entries)
                q = ask_ledger(deal.session, decision, shown)
            prompt = tr.gettext(decision.prompt) if decision.prompt else tr.explain(q.prompt)
            out.append(LessonQuestion(title, _place(deal, q, tr), prompt, _answer(q, tr)))
    return out


def _questions_html(questions: Sequence[LessonQuestion], tr: Translator) -> Markup:
    _ = tr.gettext
    if not questions:
        return html("<p>{}</p>", _("This lesson asks no question before a reveal; ask the class to predict each card."))
    rows = join(html("<tr><td>{}</td><td>{}</td><td>{}</td></tr>", q.place, q.prompt, q.answer) for q in questions)
    return html("<table class='nap-handout-questions'><thead><tr><th scope='col'>{}</th><th scope='col'>{}</th>"
                "<th scope='col'>{}</th></tr></thead><tbody>{}</tbody></table>",
                _("When"), _("Question"), _("Answer"), rows)


def _mistakes_html(spec: LessonSpec, tr: Translator) -> Markup:
    if spec.teaching is None:
        return Markup()
    return html("<ul class='nap-handout-mistakes'>{}</ul>",
                join(el("li", None, tr.gettext(m)) for m in spec.teaching.mistakes))


def _about(spec: LessonSpec, tr: Translator) -> str:
    _ = tr.gettext
    rules = tr.profile_name(spec.profile.name)
    if spec.teaching is None:
        return rules
    return tr.ngettext("{rules} · about {minutes} minute", "{rules} · about {minutes} minutes",
                       spec.teaching.minutes).format(rules=rules, minutes=spec.teaching.minutes)


def _learners_html(spec: LessonSpec, tr: Translator, rules: Markup) -> Markup:
    """The learners' sheet of a lesson: the idea, the rules, each deal's hands (as dealt), then every question
    with room to write the answer; no answer, no trick, no result."""
    _ = tr.gettext
    deals = []
    for deal in spec.deals:
        title = tr.gettext(deal.title) if deal.title else deal.id
        if deal.hand is not None:
            state = deal.hand
            about = _("{rules}; {count} players: {names}. {dealer} deals.").format(
                rules=tr.profile_name(state.profile.name), count=state.n, names=tr.join(state.players),
                dealer=state.players[state.dealer])
            body = html("<p class='nap-handout-sub'>{}</p>{}", about, hands_html(state, tr))
        else:
            assert deal.session is not None
            body = html("<p class='nap-handout-sub'>{}</p>", _("a session of {count} entries").format(
                count=len(deal.session.entries)))
        deals.append(html("<section class='nap-handout-lesson-deal' data-deal='{}'><h2>{}</h2>{}</section>",
                          deal.id, _("Deal: {title}").format(title=title), body))
    questions = lesson_questions(spec, tr)
    asked = join(html("<li class='nap-learner-question'><em>{}</em> {}<div class='nap-answer-space'></div></li>",
                      q.place + ":", q.prompt) for q in questions)
    return html('<article class="nap-handout nap-handout-lesson-summary nap-handout-learners" data-lesson="{}" '
                'data-version="learners" lang="{}"><h1>{}</h1><p class="nap-handout-sub">{}</p><p>{}</p><h2>{}</h2>{}'
                '{}<section class="nap-handout-questions-learners"><h2>{}</h2><ol>{}</ol></section></article>',
                spec.id, tr.lang, _("Lesson {number}: {title}").format(number=spec.place, title=tr.gettext(spec.title)),
                _("Your sheet: follow the deals, and write your answer under each question."),
                tr.gettext(spec.summary),
                _("The rules it teaches") if spec.rules else _("A lesson on playing well"), rules, join(deals),
                _("Questions"), asked or el("li", None, _("Ask the class to predict each card before it is shown.")))


def lesson_summary_html(spec: LessonSpec, tr: Translator, *, learners: bool = False) -> Markup:
    """A lesson's summary: the idea, the objective, the rules it teaches, each deal (to deal at a real
    table), the questions to ask with their answers (every card as good as the book's, for "which card"),
    and the common mistakes. ``learners=True``: the learners' sheet instead (see :func:`_learners_html`)."""
    _ = tr.gettext
    objective = Markup()
    if spec.teaching is not None:
        objective = html("<p><strong>{}</strong> {}</p>", _("Objective:"), tr.gettext(spec.teaching.objective))
    rules = join(el("section", {"class": "nap-handout-rule nap-handout-keep", "data-rule": rule},
                    el("h3", None, el("span", {"class": "nap-handout-rule-id"}, rule), " · ", tr.rule_title(rule)),
                    join(el("p", None, para) for para in prose(rule, spec.profile, tr)))
                 for rule in spec.rules)
    if learners:
        return _learners_html(spec, tr, rules)
    deals = []
    for deal in spec.deals:
        title = tr.gettext(deal.title) if deal.title else deal.id
        if deal.hand is not None:
            body = deal_diagram_html(deal.hand, tr, wrap=False)
        else:
            assert deal.session is not None
            body = ledger_table_html(deal.session, tr)
        deals.append(html("<section class='nap-handout-lesson-deal' data-deal='{}'><h2>{}</h2>{}</section>",
                          deal.id, _("Deal: {title}").format(title=title), body))
    mistakes = _mistakes_html(spec, tr)
    return html('<article class="nap-handout nap-handout-lesson-summary" data-lesson="{}" data-version="teacher" lang="{}">'
                '<h1>{}</h1><p class="nap-handout-sub">{}</p><p>{}</p>{}<h2>{}</h2>{}{}<h2>{}</h2>{}{}</article>',
                spec.id, tr.lang, _("Lesson {number}: {title}").format(number=spec.place, title=tr.gettext(spec.title)),
                _about(spec, tr), tr.gettext(spec.summary), objective,
                _("The rules it teaches") if spec.rules else _("A lesson on playing well"), rules, join(deals),
                _("Questions to ask"), _questions_html(lesson_questions(spec, tr), tr),
                html("<h2>{}</h2>{}", _("Common mistakes"), mistakes) if mistakes else Markup())


def dealing_guide_html(state: DealState, tr: Translator) -> Markup:
    """How to deal a prepared deal at a real table: who deals, and the five cards to take out of a sorted pack
    for each seat, from the dealer's left; the rest of the pack stays face down."""
    _ = tr.gettext
    seats = []
    for k in range(state.n):
        seat = (state.dealer + 1 + k) % state.n
        where = _("the dealer") if seat == state.dealer else (_("the dealer's left") if k == 0 else "")
        seats.append(html("<li data-player='{}'><strong>{}</strong>{}: {}</li>", state.players[seat],
                          state.players[seat], html(" ({})", where) if where else Markup(),
                          cards_text(sort_hand(state.hands[seat]))))
    return html("<div class='nap-plan-guide nap-handout-keep'><p>{}</p><ul>{}</ul><p class='nap-handout-sub'>{}</p></div>",
                _("Sort a pack by suit, then take out each seat's five cards and give them to that player; "
                  "{dealer} deals.").format(dealer=state.players[state.dealer]), join(seats),
                _("The other {count} cards stay face down, unseen, as after a real deal.").format(
                    count=state.profile.unused_cards(state.n)))


def _evenings_html(specs: Sequence[LessonSpec], tr: Translator) -> Markup:
    _ = tr.gettext
    items = []
    for e in evenings(specs):
        names = tr.join(f"{s.place}. {tr.gettext(s.title)}" for s in e.lessons)
        if e.number == 1:
            what = _("the first evening, for complete beginners")
        elif e.pub:
            what = _("the pub rules, an evening of their own")
        else:
            what = _("the rest of the British rules and playing well")
        play = max(0, EVENING_MINUTES - e.minutes)
        items.append(html("<li class='nap-plan-evening' data-evening='{}' data-pub='{}'><strong>{}</strong> ({}): {}. "
                          "<span class='nap-handout-sub'>{}</span></li>", e.number, "1" if e.pub else "0",
                          _("Evening {number}").format(number=e.number), what, names,
                          _("About {lessons} minutes of lessons, then {play} minutes of free play at the tables "
                            "with the scoresheet.").format(lessons=e.minutes, play=play)))
    return html("<section class='nap-plan-evenings nap-handout-keep'><h2>{}</h2><ol>{}</ol></section>",
                _("The course in evenings of two hours"), join(items))


def _materials_html(specs: Sequence[LessonSpec], tr: Translator, learners: int) -> Markup:
    _ = tr.gettext
    sizes = table_sizes(learners)
    tables = len(sizes)
    nights = len(evenings(specs))
    prepared = sum(1 for s in specs for d in s.deals if d.hand is not None)
    seat = tr.join(str(n) for n in sizes)
    lines = [
        tr.ngettext("{tables} table ({seats} players).", "{tables} tables ({seats} players).", tables).format(
            tables=tables, seats=seat),
        tr.ngettext("{packs} pack of 52 cards (one per table and a spare).",
                    "{packs} packs of 52 cards (one per table and a spare).", tables + 1).format(packs=tables + 1),
        tr.ngettext("{count} rules crib (one page, one per learner).", "{count} rules cribs (one page, one per learner).",
                    learners).format(count=learners),
        tr.ngettext("{count} rules card (the full rules, one per table).",
                    "{count} rules cards (the full rules, one per table).", tables).format(count=tables),
        tr.ngettext("{count} scoresheet (one per table each evening).", "{count} scoresheets (one per table each evening).",
                    tables * nights).format(count=tables * nights),
        tr.ngettext("{count} deal diagram (one per table for each prepared deal, with its dealing guide).",
                    "{count} deal diagrams (one per table for each prepared deal, with its dealing guide).",
                    tables * prepared).format(count=tables * prepared),
        tr.ngettext("{count} pencil.", "{count} pencils.", learners + tables).format(count=learners + tables),
        _("Each prepared deal is for the number of players it shows: at a larger table the others watch it, "
          "then the seats change for the next deal."),
    ]
    return html("<section class='nap-plan-materials nap-handout-keep' data-learners='{}'><h2>{}</h2><ul>{}</ul></section>",
                learners, tr.ngettext("Materials for {n} learner", "Materials for {n} learners", learners).format(
                    n=learners), join(el("li", None, line) for line in lines))


def course_plan_html(tr: Translator, *, lessons: Sequence[LessonSpec] | None = None, href: Href | None = None,
                     wrap: bool = True, learners: int = DEFAULT_LEARNERS) -> Markup:
    """The course in order as a lesson plan for real evenings: the evenings (a first two-hour evening for
    complete beginners, then the rest, the pub rules in an evening of their own), the materials for
    ``learners`` learners, and per lesson the objective, the time to allow, the deals to deal at real tables
    with a dealing guide for each (and a link to each printable handout when ``href`` is given), the questions
    to ask with the engine's answers and the common mistakes. ``learners`` outside 3..70 is a ValueError."""
    _ = tr.gettext
    specs = tuple(lessons) if lessons is not None else load_course()
    total = sum(s.teaching.minutes for s in specs if s.teaching is not None)
    room = _materials_html(specs, tr, learners)
    parts = []
    for spec in specs:
        deals = []
        for deal in spec.deals:
            title = tr.gettext(deal.title) if deal.title else deal.id
            if deal.hand is not None:
                what = tr.ngettext("{count} player, {dealer} deals", "{count} players, {dealer} deals",
                                   deal.hand.n).format(count=deal.hand.n,
                                                                   dealer=deal.hand.players[deal.hand.dealer])
            else:
                assert deal.session is not None
                what = _("a session of {count} entries").format(count=len(deal.session.entries))
            text = html("{} ({})", title, what)
            if href is not None:
                text = html("{} · <a class='nap-plan-print' href='{}'>{}</a>", text, href(spec.id, deal.id),
                            _("print this deal"))
            if deal.hand is not None:
                text = html("{}{}", text, dealing_guide_html(deal.hand, tr))
            deals.append(el("li", {"data-deal": deal.id}, text))
        questions = join(el("li", None, html("<em>{}</em> {} <span class='nap-handout-sub'>({} {})</span>",
                                             q.place + ":", q.prompt, _("answer:"), q.answer))
                         for q in lesson_questions(spec, tr))
        heading = html("{}. {}", spec.place, tr.gettext(spec.title))
        if href is not None:
            heading = html("{} <a class='nap-plan-summary' href='{}'>{}</a>", heading, href(spec.id, None),
                           _("(printable summary)"))
        objective = tr.gettext(spec.teaching.objective) if spec.teaching is not None else tr.gettext(spec.summary)
        rules = ", ".join(spec.rules) or "—"
        parts.append(html(
            "<section class='nap-handout-lesson nap-plan-lesson' data-lesson='{}'><h2>{}</h2>"
            "<p class='nap-handout-sub'>{}</p><p><strong>{}</strong> {}</p><p><strong>{}</strong> {}</p>"
            "<h3>{}</h3><ul class='nap-plan-deals'>{}</ul><h3>{}</h3><ol class='nap-plan-questions'>{}</ol>"
            "<h3>{}</h3>{}</section>",
            spec.id, heading, _about(spec, tr), _("Objective:"), objective, _("Rules:"), rules,
            _("Deals to deal at the tables"), join(deals), _("Questions to ask"),
            questions or el("li", None, _("Ask the class to predict each card before it is shown.")),
            _("Common mistakes"), _mistakes_html(spec, tr)))
    intro = _("The course in order: {lessons}, {minutes} in all. Each lesson is one idea, "
              "shown in prepared deals that can also be dealt at real tables.").format(
        lessons=tr.ngettext("{count} lesson", "{count} lessons", len(specs)).format(count=len(specs)),
        minutes=tr.ngettext("about {minutes} minute", "about {minutes} minutes", total).format(minutes=total))
    body = html("<p>{}</p>{}{}{}", intro, _evenings_html(specs, tr), room, join(parts))
    if not wrap:
        return body
    return html('<article class="nap-handout nap-handout-plan" lang="{}"><h1>{}</h1>{}</article>', tr.lang,
                _("Lesson plan"), body)
