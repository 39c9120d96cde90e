"""Class results in Chromium: a class link with its QR code, three learners' files dropped on the class page,
each deal's traveller and the ledger read back, the CSV downloaded, a fourth file of another seed flagged."""
from __future__ import annotations

import csv
import io
from urllib.parse import urlsplit

from playwright.sync_api import expect

from pypdf import PdfReader

from nap_teach.engine.cards import sort_hand
from nap_teach.engine.records import hand_to_record, record_to_link
from nap_teach.words.i18n import translator
from nap_teach.words.render import cards_text
from nap_teach.teach.traveller import ClassResults, result_word

WIDGET_TIMEOUT = 30_000


def drop_files(page, paths) -> None:
    """Choose files with the class page's upload button, as a teacher does.

    ipywidgets keeps the button's ``<input type=file>`` out of the document, so the files go to the file
    chooser it opens (Playwright's ``FileChooser.set_files``, which is ``set_input_files`` on that input).
    """
    with page.expect_file_chooser() as chooser:
        page.locator(".nap-class-upload").click()
    assert chooser.value.is_multiple()
    chooser.value.set_files([str(p) for p in paths])


def amount(text: str) -> int:
    return int(text.strip().replace("\u2212", "-").replace("+", ""))


def test_the_class_link_shows_a_qr_code_for_the_room_and_opens_the_same_game(voila_page, page_log, screenshot):
    page = voila_page("play.ipynb", "seed=11&players=4&deals=3&lang=es", ready="button.nap-play-start")
    make = page.locator("button.nap-play-class-make")
    expect(make).to_be_hidden()  # a learner on their own: the teacher's tools are folded away
    page.locator(".nap-play-teachers").get_by_text("Para docentes").click()
    expect(make).to_be_visible(timeout=WIDGET_TIMEOUT)
    page.locator(".nap-play-class-address input").fill("http://192.168.1.20:8866/voila/render/play.ipynb")
    page.locator(".nap-play-class-address input").press("Enter")
    make.click()
    qr = page.locator(".nap-play-class-qr svg")
    expect(qr).to_be_visible(timeout=WIDGET_TIMEOUT)
    box = qr.bounding_box()
    assert box is not None and box["width"] >= 300 and abs(box["width"] - box["height"]) < 2  # square, big
    link = page.locator("input.nap-play-class-url").input_value()
    parts = urlsplit(link)
    # the server keeps live classes: the link names the class, whose game the server holds
    assert parts.netloc == "192.168.1.20:8866" and "class=" in parts.query and "lang=es" in parts.query
    assert "teacher=" in page.locator("input.nap-play-teacher-url").input_value()
    screenshot(page, "class-link-qr")
    # a learner opening the link gets the teacher's game, locked, and types a name
    learner = voila_page("play.ipynb", parts.query, ready="button.nap-play-start")
    expect(learner.locator(".nap-play-class-game")).to_contain_text("semilla 11")
    expect(learner.locator(".nap-play-class-game")).to_contain_text("4 jugadores")
    for hidden in (".nap-play-seed", ".nap-play-players", ".nap-play-bots", ".nap-play-teachers"):
        expect(learner.locator(hidden)).to_be_hidden()
    expect(learner.locator(".nap-play-name input")).to_have_value("")  # the learner's name first
    expect(learner.locator(".nap-status")).to_contain_text("escribe tu nombre")
    page_log.assert_no_errors()


def test_three_session_files_dropped_into_the_class_page(voila_page, page, page_log, class_session, tmp_path,
                                                         screenshot, axe):
    files = []
    for name, policy in (("Ann", "coach"), ("Ben", "pass"), ("Cat", "bold")):
        path = tmp_path / f"{name}.json"
        path.write_text(class_session(name, policy=policy), encoding="utf-8")
        files.append(path)
    expected = ClassResults()
    expected.add_many((p.name, p.read_bytes()) for p in files)
    tr = translator("en")

    page = voila_page("class.ipynb", "lang=en", ready=".nap-class-upload")
    expect(page.get_by_role("heading", name="Class results")).to_be_visible()
    drop_files(page, files)
    expect(page.locator(".nap-status")).to_contain_text("3 files read, 3 counted.", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-class-files tr[data-status='counted']")).to_have_count(3)

    # each deal's traveller: who declared what at each table and how it went
    tables = page.locator("table.nap-class-traveller")
    expect(tables).to_have_count(3)
    for number in (1, 2, 3):
        rows = page.locator(f"table.nap-class-traveller[data-deal='{number}'] tbody tr")
        expect(rows).to_have_count(3)
        for i, line in enumerate(expected.traveller(number)):
            cells = rows.nth(i).locator("th, td").all_inner_texts()
            assert cells[0] == line.learner
            assert cells[1].startswith(line.declarer or "—")
            assert cells[2] == (line.contract or "Pass")
            assert cells[4] == result_word(line, tr)
            assert (amount(cells[5]), amount(cells[6])) == (line.score, line.total)

    # the debrief: each deal's hands as a diagram (the same cards at every table), with its two links
    for number in (1, 2, 3):
        state, _table = expected.dealt(number)
        deal = page.locator(f".nap-class-deal[data-deal='{number}']")
        hands = deal.locator(".nap-handout-hands tbody tr")
        expect(hands).to_have_count(state.n)
        for seat in range(state.n):
            expect(deal.locator(f"tr[data-player='{state.players[seat]}'] .nap-handout-cards")).to_have_text(
                cards_text(sort_hand(state.hands[seat])))
            expect(deal.locator(f"tr[data-player='{state.players[seat]}'] svg")).to_have_count(5)
        code = record_to_link(hand_to_record(state))
        expect(deal.locator("a.nap-class-teach")).to_have_attribute("href", f"lesson.ipynb?deal={code}")
        expect(deal.locator("a.nap-class-print")).to_have_attribute("href", f"handouts.ipynb?deal={code}")
    # the two links of deal 1 open the deal: narrated on the lesson page, on one sheet on the handouts page
    first = expected.dealt(1)[0]
    with page.context.expect_page() as opened:
        page.locator(".nap-class-deal[data-deal='1'] a.nap-class-print").click()
    sheet = opened.value
    sheet.locator(".nap-handout-deal").wait_for(timeout=60_000)
    expect(sheet.locator(".nap-handout-deal .nap-handout-hands tbody tr")).to_have_count(first.n)
    assert len(PdfReader(io.BytesIO(sheet.pdf(format="A4"))).pages) == 1
    sheet.close()
    with page.context.expect_page() as opened:
        page.locator(".nap-class-deal[data-deal='1'] a.nap-class-teach").click()
    lesson = opened.value
    lesson.locator(".nt-seat").first.wait_for(timeout=60_000)
    expect(lesson.locator(".nap-lesson-title")).to_contain_text("Your deal, step by step")
    expect(lesson.locator(".nt-seat")).to_have_count(first.n)
    lesson.close()

    # the class's ledger, best first
    ledger_rows = page.locator(".nap-class-ledger-table tbody tr")
    expect(ledger_rows).to_have_count(3)
    seen = []
    for i in range(3):
        cells = ledger_rows.nth(i).locator("th, td").all_inner_texts()
        seen.append((int(cells[0]), cells[1], amount(cells[5])))
    assert seen == [(s.rank, s.learner, s.total) for s in expected.ledger()]
    expect(page.locator(".nap-class-chart svg")).to_be_visible()
    screenshot(page, "class-results")
    axe.assert_accessible(page, label="class results, three files")

    # the CSV: one line per deal and table, totals that add up
    with page.expect_download() as info:
        page.locator("a.nap-class-csv").click()
    download = info.value
    assert download.suggested_filename == "class-results.csv"
    rows = list(csv.reader(io.StringIO(open(download.path(), encoding="utf-8-sig").read())))
    assert rows[0] == ["Deal", "Learner", "Declarer", "Call", "Tricks", "Result", "Score", "Total"]
    assert len(rows) == 1 + 3 * 3
    for s in expected.ledger():
        mine = [r for r in rows[1:] if r[1] == s.learner]
        assert sum(int(r[6]) for r in mine) == int(mine[-1][7]) == s.total

    # a fourth file, of another seed: listed with the reason, not mixed in
    other = tmp_path / "Dan.json"
    other.write_text(class_session("Dan", seed=12), encoding="utf-8")
    drop_files(page, [other])
    flagged = page.locator(".nap-class-files tr[data-status='flagged']")
    expect(flagged).to_have_count(1, timeout=WIDGET_TIMEOUT)
    expect(flagged).to_contain_text("seed 12 instead of 11")
    expect(page.locator(".nap-status")).to_contain_text("1 of another game")
    expect(ledger_rows).to_have_count(3)
    expect(page.locator(".nap-class-ledger-table")).not_to_contain_text("Dan")
    page_log.assert_no_errors()
