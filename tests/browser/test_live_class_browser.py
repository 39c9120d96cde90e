"""A live class in Chromium: the teacher makes the class link on the play page and opens the class page with the
teacher link; three learners, each in a browser of their own, play two deals each from the class link; the
teacher's page shows the six results and the ledger without a reload. A learner's token sent to another class
is refused and changes nothing; a made-up class link is refused in words.

The deals are short (three players, the learners bid or pass, the bots' cards at once); one learner bids, two
pass, so the travellers hold made, failed or passed-out lines of real play.
"""
from __future__ import annotations

from contextlib import ExitStack
from urllib.parse import parse_qs, urlsplit

import pytest

from nap_teach.teach.classroom import ClassRefused, ClassStore, database_url
from nap_teach.teach.play import TableSetup

TIMEOUT = 60_000
LEARNERS = (("Ana", True), ("Bea", False), ("Caz", False))


def test_a_live_class_three_learners_two_deals_each_reach_the_teachers_page(
        contexts, voila_server, voila_url, voila_page, expect, site_pages, screenshot, page_log, axe, layout):
    # the teacher: the game on the play page, the class link under "For teachers"
    teacher = voila_page("play.ipynb", "seed=5&players=3&seat=1&deals=2&bots=simple&lang=en",
                         ready="button.nap-play-start")
    teachers = teacher.locator(".nap-play-teachers")
    expect(teacher.locator("button.nap-play-class-make")).to_be_hidden()  # folded for a learner on their own
    teachers.get_by_text("For teachers").click()
    teacher.locator(".nap-play-class-address input").fill(f"{voila_url}voila/render/play.ipynb")
    teacher.locator(".nap-play-class-address input").press("Enter")
    teacher.locator("button.nap-play-class-make").click()
    expect(teacher.locator(".nap-play-class-qr svg")).to_be_visible(timeout=TIMEOUT)
    link = teacher.locator("input.nap-play-class-url").input_value()
    teacher_link = teacher.locator("input.nap-play-teacher-url").input_value()
    code = parse_qs(urlsplit(link).query)["class"][0]
    assert code in link and code not in teacher_link and "teacher=" in teacher_link
    teacher.goto(teacher_link)
    expect(teacher.locator(".nap-class-live-count")).to_contain_text("0 learners and 0 deals", timeout=TIMEOUT)

    learner_contexts, learners = [], []
    with ExitStack() as lent:
        for name, bid in LEARNERS:  # each in a browser of their own, a phone's width
            context = lent.enter_context(contexts.lend(timeout=TIMEOUT, base_url=voila_url,
                                                       viewport={"width": 390, "height": 844}, locale="en-GB"))
            learner_contexts.append(context)
            learner = context.new_page()
            learner.goto(link)
            expect(learner.locator("button.nap-play-start")).to_be_visible(timeout=TIMEOUT)
            # the teacher's game, locked: only the name box
            expect(learner.locator(".nap-play-class-game")).to_contain_text("seed 5")
            expect(learner.locator(".nap-play-players input")).to_be_hidden()
            expect(learner.locator(".nap-play-teachers")).to_be_hidden()
            learner.locator(".nap-play-name input").fill(name)
            learner.locator(".nap-play-name input").press("Enter")
            site_pages.play_start(learner, expect)
            learners.append((learner, bid))
        for number in (1, 2):
            for learner, bid in learners:
                if number == 2:
                    before = site_pages.token(learner)
                    learner.locator("button.nap-play-next").click()
                    site_pages.wait_new_token(learner, before)
                    site_pages.settle(learner)
                line = learner.locator(".nap-play-live")
                site_pages._play_until(learner, expect, lambda: f"Deal {number} is with your teacher" in
                                       line.inner_text(), bid=bid and number == 1)
        screenshot(learners[0][0], "learner-390")

        # the teacher's page, never reloaded: six results and the ledger
        expect(teacher.locator(".nap-class-live-count")).to_contain_text("3 learners and 6 deals", timeout=TIMEOUT)
        for number in (1, 2):
            rows = teacher.locator(f"table.nap-class-traveller[data-deal='{number}'] tbody tr")
            expect(rows).to_have_count(3, timeout=TIMEOUT)
            assert sorted(rows.nth(i).locator("th").inner_text() for i in range(3)) == ["Ana", "Bea", "Caz"]
            expect(teacher.locator(f"section.nap-class-deal[data-deal='{number}'] svg.nap-card")).to_have_count(15)
        ledger = teacher.locator(".nap-class-ledger-table tbody tr")
        expect(ledger).to_have_count(3)
        assert all(ledger.nth(i).locator("td").nth(1).inner_text() == "2" for i in range(3))  # deals played
        axe.assert_accessible(teacher, label="live class page")
        for width in (1920, 390):  # the whole page, on a projector and on the teacher's phone
            layout.show_whole(teacher, ".nap-class", width)
            layout.assert_fits(teacher, ".nap-class")
            screenshot(teacher, f"teacher-live-{width}")
        teacher.set_viewport_size({"width": 1280, "height": 900})

        # a learner's own token, sent to another class: refused, nothing changes anywhere
        token = learners[0][0].evaluate(f"window.localStorage.getItem('nap-class-{code}')")
        assert token and len(token) == 32
        store = ClassStore(database_url(voila_server.data_dir))
        other = store.create(TableSetup(players=3, seat=1, seed=5, deals=2))
        deal = store.rejoin(code, token).deals[0]
        with pytest.raises(ClassRefused):
            store.submit(other.code, token, 1, deal)
        with pytest.raises(ClassRefused):
            store.results(code)  # the class code is no teacher key
        assert store.version(other.teacher_key) == (0, 0)
        teacher.wait_for_timeout(2500)  # a poll later: still six
        expect(teacher.locator(".nap-class-live-count")).to_contain_text("3 learners and 6 deals")
        # a made-up class link: refused in words, no game
        stray = learner_contexts[1].new_page()
        stray.goto(f"voila/render/play.ipynb?class={'z' * 10}&lang=es")
        expect(stray.locator(".nap-status")).to_contain_text("no se conoce", timeout=TIMEOUT)

        # a reload resumes the learner's session: nothing sent twice
        learner = learners[1][0]
        learner.reload()
        expect(learner.locator(".nap-status")).to_contain_text("Welcome back, Bea", timeout=TIMEOUT)
        teacher.wait_for_timeout(2500)
        expect(teacher.locator(".nap-class-live-count")).to_contain_text("3 learners and 6 deals")
    page_log.assert_no_errors()
