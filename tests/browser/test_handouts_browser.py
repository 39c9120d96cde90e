"""Issue 16 parts 3 and 4 in Voila and Chromium: every handout printed to PDF (A4 and Letter, English and
Spanish) with its page count and all of its text, and the explorer's lesson plan printing past its first sheet.

The page counts are those of these handouts in Debian's Chromium with its DejaVu fonts; a count that
changes means a handout grew or shrank (or was clipped: the text checks catch that too).
"""
from __future__ import annotations

import io
import re
import unicodedata

import pytest

from nap_teach.teach.course import load_course, load_lesson
from nap_teach.teach.handouts import lesson_questions
from nap_teach.words.i18n import translator
from nap_teach.teach.lesson.deal import load_worked_deal
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.engine.records import hand_to_record, record_to_link
from nap_teach.words.render import cards_text
from nap_teach.engine.rules import rules_in_force

WIDGET_TIMEOUT = 60_000
A4 = (595.92, 842.88)  # points
LETTER = (612.0, 792.0)


def squeeze(text: str) -> str:
    """Text compared without spaces, line breaks, ligatures or the suit symbols' text-style selector."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text).replace("\ufe0e", ""))


class Printed:
    """A page printed to PDF: its sheets, their size and their text."""

    def __init__(self, page, paper: str, css_size: bool = False) -> None:
        from pypdf import PdfReader

        pdf = page.pdf(prefer_css_page_size=True) if css_size else page.pdf(format=paper)
        self.reader = PdfReader(io.BytesIO(pdf))
        self.pages = [p.extract_text() for p in self.reader.pages]
        self.text = squeeze("".join(self.pages))

    @property
    def count(self) -> int:
        return len(self.pages)

    @property
    def size(self) -> tuple[float, float]:
        box = self.reader.pages[0].mediabox
        return round(float(box.width), 2), round(float(box.height), 2)

    def has(self, *texts: str) -> None:
        missing = [t for t in texts if squeeze(t) not in self.text]
        assert not missing, f"not on paper: {missing[:5]}"

    def sheet_of(self, text: str) -> int:
        """The sheet (0-based) where ``text`` is printed."""
        return next(i for i, p in enumerate(self.pages) if squeeze(text) in squeeze(p))


def pick(page, expect, css: str, label: str, kind: str | None = None) -> None:
    page.locator(f"{css} select").select_option(label=label)
    if kind is not None:
        expect(page.locator(".nap-handouts-sheet")).to_have_attribute("data-kind", kind, timeout=WIDGET_TIMEOUT)


def rules_text(profile, tr) -> list[str]:
    out = [f"{rule} · {tr.rule_title(rule)}" for rule in rules_in_force(profile)]
    out += [f"{tr.call(c.name)} " for c in profile.ladder]
    return out


def tricks_text(state) -> list[str]:
    return [", ".join(f"{state.players[s]} {cards_text([c])}" for s, c in zip(t.seats, t.cards)) for t in state.tricks]


def test_b17_handouts_print_whole_in_english_on_a4_and_letter(voila_page, page_log, screenshot, expect):
    page = voila_page("handouts.ipynb", "lesson=auction", ready=".nap-handout")
    tr = translator("en")
    spec = load_lesson("auction")
    # the lesson's summary, from ?lesson=: its rules, both deals trick by trick, every question with its answer
    printed = Printed(page, "A4")
    assert printed.count == 4 and printed.size == A4
    printed.has(f"Lesson 5: {spec.title}", tr.gettext(spec.teaching.objective), *spec.teaching.mistakes,
                *[f"{r} · {tr.rule_title(r)}" for r in spec.rules])
    for deal in spec.deals:
        printed.has(deal.title, *tricks_text(deal.hand))
    for q in lesson_questions(spec, tr):
        printed.has(q.place, q.prompt, q.answer)
    assert "Pick a handout" not in " ".join(printed.pages)  # only the handout goes on paper
    # the rules card of the British rules with its stakes table
    pick(page, expect, ".nap-handouts-kind", "Rules card with the stakes", "rules")
    printed = Printed(page, "A4")
    assert printed.count == 2
    printed.has(*rules_text(BRITISH, tr), "Three at least 3 3 3", "Wellington all five 10 10")
    # the whole course as a lesson plan: every lesson, the last one ending on the last sheet
    pick(page, expect, ".nap-handouts-kind", "Lesson plan (the whole course)", "plan")
    printed = Printed(page, "A4")
    assert printed.count == 9
    printed.has(*[f"{s.place}. {s.title}" for s in load_course()])
    assert printed.sheet_of(load_course()[-1].teaching.mistakes[-1]) == printed.count - 1
    # a blank scorekeeper's sheet for seven players under the pub rules, on Letter
    pick(page, expect, ".nap-handouts-kind", "Scorekeeper's sheet", "scoresheet")
    pick(page, expect, ".nap-handouts-profile", "Pub rules")
    pick(page, expect, ".nap-handouts-players", "7")
    page.locator(".nap-handouts-paper button", has_text="Letter").click()
    expect(page.locator(".nap-handouts-sheet")).to_have_attribute("data-paper", "letter", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-handout-scoresheet")).to_have_attribute("data-players", "7", timeout=WIDGET_TIMEOUT)
    printed = Printed(page, "Letter", css_size=True)  # the page's own @page size
    assert printed.count == 1 and printed.size == LETTER
    printed.has(*[f"Player {i}" for i in range(1, 8)], "Blücher all five 30 15")
    # the Print button opens the browser's print dialog
    page.evaluate("() => { window.napPrinted = 0; window.print = () => { window.napPrinted += 1; }; }")
    page.locator("button.nap-print-button").click()
    assert page.evaluate("window.napPrinted") == 1
    page.emulate_media(media="print")
    screenshot(page, "scoresheet-print")
    page_log.assert_no_errors()


def test_b12_a_deal_from_a_link_prints_on_one_sheet(voila_page, page_log, expect):
    state = load_lesson("follow-suit").deals[0].hand
    page = voila_page("handouts.ipynb", f"deal={record_to_link(hand_to_record(state))}", ready=".nap-handout-deal")
    printed = Printed(page, "A4")
    assert printed.count == 1
    printed.has("Deal diagram", *tricks_text(state), "Ann bid Three and took 2 tricks. The bid fails.",
                *[cards_text(h) for h in state.hands])
    for player, amount in state.result().settlement.items():
        printed.has(f"{player} {translator('en').amount(amount)}")
    page_log.assert_no_errors()


def test_p3_handouts_print_in_spanish_on_letter(voila_page, page_log, screenshot, expect):
    page = voila_page("handouts.ipynb", "kind=rules&profile=pub&lang=es&paper=letter", ready=".nap-handout-rules")
    tr = translator("es")
    printed = Printed(page, "Letter", css_size=True)
    assert printed.count == 4 and printed.size == LETTER
    printed.has("Tarjeta de reglas", *rules_text(PUB, tr), "Blücher las cinco 30 15")
    assert printed.sheet_of(f"P9 · {tr.rule_title('P9')}") >= 2  # the last rule, well past the first sheet
    pick(page, expect, ".nap-handouts-kind", "Diagrama de la mano", "deal")
    state = load_worked_deal()
    printed = Printed(page, "Letter")
    assert printed.count == 2
    printed.has("La mano explicada", "Las bazas", *tricks_text(state), "A anunció Four (4 bazas) e hizo 4 bazas.")
    page.emulate_media(media="print")
    screenshot(page, "deal-es-print")
    page_log.assert_no_errors()


@pytest.mark.parametrize("lang, paper", [("en", "A4"), ("es", "Letter")])
def test_the_explorer_lesson_plan_prints_past_its_first_sheet(voila_page, page_log, expect, lang, paper):
    page = voila_page("explorer.ipynb", f"section=syllabus&lang={lang}", ready=".nap-ex-plan .nap-plan-lesson")
    tr = translator(lang)
    printed = Printed(page, paper)
    course = load_course()
    assert printed.count >= 6  # nine sheets today; before issue 16 everything after the first was lost
    printed.has(tr.gettext("Lesson plan"), *[f"{s.place}. {tr.gettext(s.title)}" for s in course],
                *[tr.gettext(m) for s in course for m in s.teaching.mistakes])
    assert printed.sheet_of(f"16. {tr.gettext(course[-1].title)}") >= 4
    # the coverage table stays on the page, collapsed under its summary; opened, it prints to its last rule
    summary = tr.gettext("Rule by rule: where the app shows, quizzes and enforces each rule")
    printed.has(summary)
    page.locator("details.nap-ex-coverage > summary").click()
    expect(page.locator(".nap-ex-syllabus-table tbody tr").last).to_be_visible()
    opened = Printed(page, paper)
    assert opened.count > printed.count
    opened.has(*[f"{rule}{tr.rule_title(rule)}" for rule in rules_in_force(BRITISH)])
    assert opened.sheet_of(f"B17{tr.rule_title('B17')}") > opened.sheet_of(summary)
    page_log.assert_no_errors()
