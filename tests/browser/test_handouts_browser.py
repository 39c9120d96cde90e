"""Issue 16 parts 3 and 4 in Voila and Chromium: every handout printed to PDF (A4 and Letter, English and
Spanish, sampled: see test_b1_b12) with its page count and all of its text, and the explorer's lesson plan printing past its first sheet.

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
from nap_teach.engine.cards import sort_hand
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
    assert printed.count == 13  # with the evenings, the materials and a dealing guide for every deal (issue 27)
    printed.has(*[f"{s.place}. {s.title}" for s in load_course()], "Materials for 12 learners")
    assert printed.sheet_of(load_course()[-1].teaching.mistakes[-1]) == printed.count - 1
    # a blank scorekeeper's sheet for seven players under the pub rules, on Letter
    pick(page, expect, ".nap-handouts-kind", "Scorekeeper's sheet", "scoresheet")
    pick(page, expect, ".nap-handouts-profile", "Pub rules")
    pick(page, expect, ".nap-handouts-players", "7")
    page.locator(".nap-handouts-paper button", has_text="Letter").click()
    expect(page.locator(".nap-handouts-sheet")).to_have_attribute("data-paper", "letter", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-handout-scoresheet")).to_have_attribute("data-players", "7", timeout=WIDGET_TIMEOUT)
    printed = Printed(page, "Letter", css_size=True)  # the page's own @page size
    assert printed.count == 1 and printed.size == (LETTER[1], LETTER[0])  # across the sheet
    printed.has(*[f"Player {i}" for i in range(1, 8)], "Blücher 30 / 15")
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
    assert printed.count == 3 and printed.size == LETTER
    printed.has("Tarjeta de reglas", *rules_text(PUB, tr), "Blücher las cinco 30 15")
    assert printed.sheet_of(f"P9 · {tr.rule_title('P9')}") >= 2  # the last rule, well past the first sheet
    pick(page, expect, ".nap-handouts-kind", "Diagrama de la mano", "deal")
    state = load_worked_deal()
    printed = Printed(page, "Letter")
    assert printed.count == 1  # the deal on one sheet (it spilled two rows onto a second before issue 27)
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
    assert printed.sheet_of(tr.gettext(course[-1].teaching.mistakes[-1])) >= 4  # the last lesson, far on
    # nothing of the page's navigation on paper: not the page header's links, not the explorer's own Print button
    for words in (tr.gettext("Print the lesson plan"), "⌂"):
        assert squeeze(words) not in printed.text, words
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


# ---- issue 27 part 3: every handout x language x paper, read back from the PDF ----------------------------------

PAPER_SIZES = {"a4": (A4, (A4[1], A4[0])), "letter": (LETTER, (LETTER[1], LETTER[0]))}  # upright, across
NAVIGATION = ("Pick a handout", "Elige una hoja", "Handouts to print", "Hojas para imprimir")
"""Words of the page around the handout (its title and its form), never on paper."""


def whole_words(pages, words, where):
    """Each word is printed whole somewhere: never cut across two lines ("Declar|er") or clipped ("balanc")."""
    text = "\n".join(unicodedata.normalize("NFKC", p).replace("\ufe0e", "") for p in pages)
    broken = [w for w in words if not re.search(r"(?<![\w-])" + re.escape(w) + r"(?![\w-])", text)]
    assert not broken, (where, broken, text[:300])


def deal_options(course):
    """The deal picker's order: the worked deal, then every lesson deal with hands (see HandoutsApp._fill)."""
    return ["worked"] + [f"{s.id}/{d.id}" for s in course for d in s.deals if d.hand is not None]


@pytest.mark.parametrize("lang, papers", [
    pytest.param("en", ("a4",), id="en-A4"), pytest.param("es", ("letter",), id="es-Letter"),
    pytest.param("en", ("letter",), marks=pytest.mark.whole_walk, id="en-Letter"),
    pytest.param("es", ("a4",), marks=pytest.mark.whole_walk, id="es-A4")])
def test_b1_b12_every_handout_prints_on_a4_and_letter_with_no_blank_sheet_no_broken_word(voila_page, page_log,
                                                                                       expect, lang, papers):
    """Every handout in one language on a paper, printed as the page prints it (its own @page size).

    Sampled: ``make test`` prints English on A4 and Spanish on Letter (the longer words on the shorter sheet);
    ``NAP_WALKS=all`` prints each language on the other paper too. test_b17 below prints a lesson's handouts
    in English on both papers, and test_p3 the rules in Spanish on Letter."""
    from nap_teach.ui.handouts import KINDS

    tr = translator(lang)
    _ = tr.gettext
    course = load_course()
    ids = [s.id for s in course]
    seven = load_lesson("table-sizes").deals[1]
    page = voila_page("handouts.ipynb", f"lang={lang}", ready=".nap-handout")
    kinds = list(KINDS)
    results = {}

    def choose(css, index, attr=None, value=None):
        page.locator(f"{css} select").select_option(index=index)
        if attr:
            expect(page.locator(".nap-handouts-sheet")).to_have_attribute(attr, value, timeout=WIDGET_TIMEOUT)

    def printed(label, paper, across=False):
        page.wait_for_timeout(150)
        out = Printed(page, paper, css_size=True)
        want = PAPER_SIZES[paper][1 if across else 0]
        assert all(abs(a - b) < 2 for a, b in zip(out.size, want)), (label, out.size, want)
        for i, text in enumerate(out.pages):  # no blank sheet, nothing of the page around the handout
            assert len(squeeze(text)) > 40, (label, paper, f"sheet {i + 1} is blank")
            assert not any(n in text for n in NAVIGATION), (label, paper, i)
        results[(label, paper)] = out.count
        return out

    for paper in papers:
        button = ("a4", "letter").index(paper)
        page.locator(".nap-handouts-paper button").nth(button).click()
        expect(page.locator(".nap-handouts-sheet")).to_have_attribute("data-paper", paper, timeout=WIDGET_TIMEOUT)
        # the one-page crib, both rules
        for profile, index in (("british", 0), ("pub", 1)):
            choose(".nap-handouts-kind", kinds.index("crib"), "data-kind", "crib")
            choose(".nap-handouts-profile", index)
            expect(page.locator(".nap-handout-crib")).to_have_attribute("data-profile", profile, timeout=WIDGET_TIMEOUT)
            out = printed(f"crib-{profile}", paper)
            assert out.count == 1, ("crib", profile, paper, out.count)
            calls = [tr.call(c.name) for c in (BRITISH if profile == "british" else PUB).ladder]
            out.has(_("Nap on one page"), *calls)
            whole_words(out.pages, calls + [_("The play"), _("Paying")], ("crib", profile, paper))
        # the full rules card
        choose(".nap-handouts-kind", kinds.index("rules"), "data-kind", "rules")
        out = printed("rules-pub", paper)
        out.has(*rules_text(PUB, tr))
        # deal diagrams: the worked deal and a deal of seven, each on one sheet
        choose(".nap-handouts-kind", kinds.index("deal"), "data-kind", "deal")
        for value, state in (("worked", load_worked_deal()), (f"table-sizes/{seven.id}", seven.hand)):
            choose(".nap-handouts-deal", deal_options(course).index(value))
            expect(page.locator(".nap-handout-deal .nap-handout-hands tbody tr")).to_have_count(state.n,
                                                                                           timeout=WIDGET_TIMEOUT)
            out = printed(f"deal-{state.n}", paper)
            assert out.count == 1, (value, paper, out.count)
            out.has(*tricks_text(state), *[cards_text(sort_hand(h)) for h in state.hands])
            whole_words(out.pages, list(state.players), (value, paper))
        # the lesson summary, the teacher's and the learners': each deal on one sheet
        choose(".nap-handouts-kind", kinds.index("lesson"), "data-kind", "lesson")
        choose(".nap-handouts-lesson", ids.index("auction"))
        expect(page.locator(".nap-handout-lesson-summary")).to_have_attribute("data-lesson", "auction",
                                                                                timeout=WIDGET_TIMEOUT)
        spec = load_lesson("auction")
        out = printed("lesson-teacher", paper)
        for deal in spec.deals:
            heading = _("Deal: {title}").format(title=tr.gettext(deal.title))
            last = tricks_text(deal.hand)[-1]
            assert out.sheet_of(heading) == out.sheet_of(last), (paper, deal.id)  # the deal on one sheet
        questions = lesson_questions(spec, tr)
        out.has(*[q.answer for q in questions])
        choose(".nap-handouts-kind", kinds.index("learners"), "data-kind", "learners")
        out = printed("lesson-learners", paper)
        out.has(*[q.prompt for q in questions])
        assert not any(squeeze(q.answer) in out.text for q in questions if len(q.answer) > 12), paper
        # the scoresheet across the sheet, for seven and for three
        choose(".nap-handouts-kind", kinds.index("scoresheet"), "data-kind", "scoresheet")
        choose(".nap-handouts-profile", 0)
        for n in (7, 3):
            page.locator(".nap-handouts-players select").select_option(str(n))
            expect(page.locator(".nap-handout-scoresheet")).to_have_attribute("data-players", str(n),
                                                                              timeout=WIDGET_TIMEOUT)
            out = printed(f"scoresheet-{n}", paper, across=True)
            assert out.count == 1, (n, paper, out.count)
            words = [_("Deal"), _("Dealer"), _("Declarer"), _("Bid"), _("Tricks"), _("paid"), _("balance"),
                     "Wellington", _("Table:"), _("Date:")]
            whole_words(out.pages, words + [_("Player {number}").format(number=i + 1) for i in range(n)], (n, paper))
        # the whole course as a lesson plan
        choose(".nap-handouts-kind", kinds.index("plan"), "data-kind", "plan")
        out = printed("plan", paper)
        out.has(*[f"{s.place}. {tr.gettext(s.title)}" for s in course])
    print(lang, results)  # the sheets of each handout, for the record
    page_log.assert_no_errors()
