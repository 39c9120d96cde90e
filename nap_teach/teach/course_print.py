"""The whole course as plain text, for a careful re-read (``python -m nap_teach course --print``).

Every lesson in course order, every page of it as the lesson page shows it: the
lesson's rules (and, under other rules than the British, their ladder), each
step's narration by the engine, the lesson's own notes, and every question asked
before a step with the engine's answer and why, and the reason the engine gives
for each wrong choice (for a card question, each other legal card is judged by
the solver and played out, as on the page). Then the lesson's closing quiz (its
first attempt): each question, its choices, the answer and why, and why each
wrong choice is wrong.

Pure: the words come from a :class:`~nap_teach.words.i18n.Translator`, so the
text is what a reader of that language sees.
"""
from __future__ import annotations

import re
from typing import Iterable, Iterator

from ..engine.auction import Call
from ..engine.cards import Card
from ..engine.explain import Explanation
from ..words.i18n import Translator
from .course import LessonSpec, load_course
from .lesson.decide import Ask
from .lesson.player import LessonPlayer, rules_intro

__all__ = ["course_text", "lesson_lines"]


def _option_words(a: Ask, value: str, tr: Translator) -> str:
    if a.kind in ("card", "playable"):
        return tr.card(Card.parse(value))
    if a.kind == "legal_calls":
        return tr.call(Call.parse(value, a.state.profile).name) if a.state is not None else value
    return value


def _explained(explanations: Iterable[Explanation], tr: Translator, indent: str) -> Iterator[str]:
    for e in explanations:
        badge = f"[{e.rule}] " if re.fullmatch(r"[BP]\d{1,2}", e.rule) else ""  # as the page: rule ids only
        yield f"{indent}{badge}{tr.explain(e)}"


def _ask_lines(a: Ask, prompt: str | None, after: str | None, tr: Translator) -> Iterator[str]:
    _ = tr.gettext
    yield "    " + _("Question: {prompt}").format(prompt=tr.gettext(prompt) if prompt else tr.explain(a.prompt))
    if a.kind == "pay":
        answer = ", ".join(f"{name} {tr.amount(int(v))}" for name, v in zip(a.options, a.answer))
        yield "      " + _("Answer: {answer}").format(answer=answer)
        yield from _explained(a.why, tr, "        ")
    else:
        options = [_option_words(a, o, tr) for o in a.options]
        yield "      " + _("Choices: {choices}").format(choices=", ".join(options))
        answer = ", ".join(_option_words(a, o, tr) for o in a.answer) or _("none")
        yield "      " + _("Answer: {answer}").format(answer=answer)
        right = a.check(list(a.answer) if a.multi else a.answer[0])
        yield from _explained(right.explanations, tr, "        ")
        if not a.multi:
            for value in a.options:
                if value in a.answer:
                    continue
                if a.kind == "card" and a.state is not None and a.seat is not None \
                        and a.state.refusal(Card.parse(value), a.seat) is not None:
                    why = (a.state.refusal(Card.parse(value), a.seat),)
                    yield "      " + _("If {choice}:").format(choice=_option_words(a, value, tr))
                    yield from _explained((w for w in why if w is not None), tr, "        ")
                    continue
                fb = a.check(value)
                verdict = _("right too") if fb.right else _("wrong")
                yield "      " + _("If {choice} ({verdict}):").format(choice=_option_words(a, value, tr),
                                                                     verdict=verdict)
                yield from _explained(fb.explanations, tr, "        ")
        else:
            # the commonest wrong answer: every option ticked
            every = a.check(list(a.options))
            if not every.right:
                yield "      " + _("If every choice is ticked:")
                yield from _explained(every.explanations, tr, "        ")
    if after:
        yield "      " + _("After the answer: {note}").format(note=tr.gettext(after))


def lesson_lines(spec: LessonSpec, tr: Translator) -> Iterator[str]:
    """Every page of one lesson, then its quiz, as lines of plain text."""
    _ = tr.gettext
    player = LessonPlayer(spec)
    yield f"{spec.place}. {_(spec.title)} ({tr.profile_name(spec.profile)})"
    yield "=" * 72
    yield _(spec.summary)
    if spec.teaching is not None:
        yield _("Objective: {text}").format(text=_(spec.teaching.objective))
    for line in _explained(rules_intro(spec.profile), tr, ""):
        yield line
    deal_no = -1
    for page in player.pages:
        if page.deal != deal_no:
            deal_no = page.deal
            d = spec.deals[deal_no]
            title = _("Deal {number}").format(number=deal_no + 1) + (f": {_(d.title)}" if d.title else "")
            yield ""
            yield title
            yield "-" * len(title)
        yield _("Page {k} of {n} ({place})").format(k=page.index + 1, n=len(player.pages), place=str(page.anchor))
        decisions = {(x.at, x.kind): x for x in spec.deals[page.deal].decisions}
        for a in page.asks:
            asked = decisions.get((a.decision.at, a.decision.kind))
            yield from _ask_lines(a, asked.prompt if asked else None, asked.after if asked else None, tr)
        yield from _explained(page.explanations, tr, "  ")
        for note in page.notes:
            yield "  " + _("Note: {text}").format(text=_(note))
    quiz = player.quiz()
    if quiz:
        yield ""
        yield _("Quiz on this lesson")
        for k, q in enumerate(quiz, 1):
            yield f"  {k}. [{tr.profile_name(q.profile)}] {tr.explain(q.prompt)}"
            if q.trick:
                yield "     " + ", ".join(f"{name} {tr.card(c)}" for name, c in q.trick)
            if q.hand:
                yield "     " + " ".join(tr.card(c) for c in q.hand)
            labels = {c.value: tr.explain(c.label) for c in q.choices}
            yield "     " + _("Choices: {choices}").format(choices=" | ".join(labels.values()))
            yield "     " + _("Answer: {answer}").format(answer=labels[q.answer])
            yield from _explained((q.explanation, *q.extra), tr, "       ")
            for c in q.choices:
                if c.value != q.answer and c.why is not None:
                    yield "     " + _("If {choice}:").format(choice=labels[c.value])
                    yield from _explained((c.why,), tr, "       ")
    yield ""


def course_text(tr: Translator, lesson_ids: Iterable[str] | None = None) -> str:
    """The whole course (or the lessons named) as plain text, one lesson after another."""
    wanted = None if lesson_ids is None else set(lesson_ids)
    lines: list[str] = []
    for spec in load_course():
        if wanted is None or spec.id in wanted:
            lines.extend(lesson_lines(spec, tr))
    return "\n".join(lines) + "\n"
