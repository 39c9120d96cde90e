"""A lesson of the course on paper (summary for the teacher) and the whole course as a lesson plan."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ...engine.cards import Card
from ..course import DealSpec, LessonSpec, load_course
from ...words.html import Markup, el, html, join
from ...words.i18n import Translator
from ..lesson.deal import Lesson
from ..lesson.decide import Ask, ask, ask_ledger
from ...words.render import cards_text
from ...words.rulebook import prose
from .deal import deal_diagram_html
from .scoresheet import ledger_table_html

__all__ = ["LessonQuestion", "lesson_questions", "lesson_summary_html", "course_plan_html"]

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
    if kind in ("playable", "card"):
        return cards_text([Card.parse(a) for a in q.answer])
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


def lesson_summary_html(spec: LessonSpec, tr: Translator) -> Markup:
    """A lesson's summary: the idea, the objective, the rules it teaches, each deal (to deal at a real
    table), the questions to ask with their answers, and the common mistakes."""
    _ = tr.gettext
    objective = Markup()
    if spec.teaching is not None:
        objective = html("<p><strong>{}</strong> {}</p>", _("Objective:"), tr.gettext(spec.teaching.objective))
    rules = join(el("section", {"class": "nap-handout-rule nap-handout-keep", "data-rule": rule},
                    el("h3", None, el("span", {"class": "nap-handout-rule-id"}, rule), " · ", tr.rule_title(rule)),
                    join(el("p", None, para) for para in prose(rule, spec.profile, tr)))
                 for rule in spec.rules)
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
    return html('<article class="nap-handout nap-handout-lesson-summary" data-lesson="{}" lang="{}">'
                '<h1>{}</h1><p class="nap-handout-sub">{}</p><p>{}</p>{}<h2>{}</h2>{}{}<h2>{}</h2>{}{}</article>',
                spec.id, tr.lang, _("Lesson {number}: {title}").format(number=spec.place, title=tr.gettext(spec.title)),
                _about(spec, tr), tr.gettext(spec.summary), objective,
                _("The rules it teaches") if spec.rules else _("A lesson on playing well"), rules, join(deals),
                _("Questions to ask"), _questions_html(lesson_questions(spec, tr), tr),
                html("<h2>{}</h2>{}", _("Common mistakes"), mistakes) if mistakes else Markup())


def course_plan_html(tr: Translator, *, lessons: Sequence[LessonSpec] | None = None, href: Href | None = None,
                     wrap: bool = True) -> Markup:
    """The course in order as a lesson plan: per lesson the objective, the time to allow, the deals to deal
    at real tables (with a link to each printable handout when ``href`` is given), the questions to ask and
    the common mistakes."""
    _ = tr.gettext
    specs = tuple(lessons) if lessons is not None else load_course()
    total = sum(s.teaching.minutes for s in specs if s.teaching is not None)
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
    body = html("<p>{}</p>{}", intro, join(parts))
    if not wrap:
        return body
    return html('<article class="nap-handout nap-handout-plan" lang="{}"><h1>{}</h1>{}</article>', tr.lang,
                _("Lesson plan"), body)
