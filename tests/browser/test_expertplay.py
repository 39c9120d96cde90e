"""Issue 14 in Voila and Chromium: a problem solved by clicking; an odds lab run with its progress and chart."""
from __future__ import annotations

from nap_teach.words.i18n import translator
from nap_teach.teach.problems import load_problems, winning_line
from nap_teach.engine.profiles import BRITISH

WIDGET_TIMEOUT = 60_000  # ms a widget may take to answer a click (the solver runs in the kernel)


def play_the_winning_line(page, problem, lang, well_played, expect):
    """Click the learner's cards of the winning line; each is graded as keeping the goal, then the line shows."""
    tr = translator(lang)
    mine = [card for seat, card in winning_line(problem) if seat == problem.learner]
    for i, card in enumerate(mine, 1):
        button = page.locator("button.nap-problems-legal", has_text=tr.card(card))
        expect(button).to_have_count(1, timeout=WIDGET_TIMEOUT)
        button.click()
        expect(page.locator(".nap-problems-grades p")).to_have_count(i, timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-problems-keeps")).to_have_count(len(mine))
    expect(page.locator(".nap-problems-result")).to_contain_text(well_played, timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-problems-line li")).to_have_count(5)


def test_b14_a_problem_solved_by_clicking(voila_page, page_log, screenshot, expect):
    page = voila_page("problems.ipynb", "problem=1", ready="button.nap-problems-card")
    problem = load_problems(BRITISH)[0]
    play_the_winning_line(page, problem, "en", "Well played", expect)
    screenshot(page, "problem-solved")
    page_log.assert_no_errors()


def test_b15_an_odds_lab_run_shows_progress_and_its_chart(voila_page, page_log, screenshot, expect):
    page = voila_page("odds.ipynb", "lang=es&hand=AS,KS,QS,JH,2C", ready="button.nap-odds-run")
    # watch the progress label while the kernel works: it must move through several values
    page.evaluate("""(() => { window.napSeen = new Set(); window.napPoll = setInterval(() => {
        const e = document.querySelector('.nap-odds-progress-label');
        if (e && e.textContent) window.napSeen.add(e.textContent); }, 15); })()""")
    page.locator("button.nap-odds-run").click()
    expect(page.locator(".nap-odds-chart svg")).to_have_count(1, timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-odds-progress-label")).to_contain_text("1000 de 1000 repartos")
    seen = page.evaluate("Array.from(window.napSeen)")
    assert len(seen) >= 2, seen
    expect(page.locator(".nap-odds-table")).to_contain_text("La estimación del bot sencillo")
    expect(page.locator(".nap-odds-table tr[data-contract='Nap']")).to_have_count(1)
    screenshot(page, "odds-run")
    # a bad hand: refused with its reason, the figures stay
    page.locator(".nap-odds-hand input").fill("AS KS QS JH")
    page.locator(".nap-odds-hand input").press("Enter")
    page.locator("button.nap-odds-run").click()
    expect(page.locator(".nap-status")).to_contain_text("no 4", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-odds-chart svg")).to_have_count(1)
    page_log.assert_no_errors()


def test_b4_an_odds_lab_hand_dealt_whole_refuses_a_card_of_its_unused_pile(voila_page, page_log, expect):
    # the same seed deals the same table in the browser as here
    from nap_teach.engine.profiles import PUB
    from nap_teach.ui.odds import OddsApp

    twin = OddsApp(profile=PUB, seed=21)  # under the pub rules: Misère is solved too
    twin.deal.click()
    hand, stranger = twin.hand_box.value, twin.dealt.unused[0].code
    page = voila_page("odds.ipynb", "profile=pub&seed=21", ready="button.nap-odds-run")
    page.locator("button.nap-odds-deal").click()
    expect(page.locator(".nap-odds-hand input")).to_have_value(hand, timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-odds-keep input[type=checkbox]")).to_be_checked()
    expect(page.locator(".nap-status")).to_contain_text("32 unused cards")
    page.locator(".nap-odds-layouts select").select_option("200")
    page.locator("button.nap-odds-run").click()
    expect(page.locator(".nap-odds-table .nap-odds-dealt-line")).to_contain_text("In the deal as dealt",
                                                                                 timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-odds-table tr[data-contract='Misere'] .nap-odds-dealt")).to_have_count(1)
    typed = " ".join(hand.split()[:4] + [stranger])
    page.locator(".nap-odds-hand input").fill(typed)
    page.locator(".nap-odds-hand input").press("Enter")
    page.locator("button.nap-odds-run").click()
    expect(page.locator(".nap-status")).to_contain_text("unused pile", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-odds-chart svg")).to_have_count(1)  # the last run's figures stay
    expect(page.locator(".nap-odds-hand input")).to_have_value(typed)
    # untick: the same five cards are a hand to study like any other
    page.locator(".nap-odds-keep input[type=checkbox]").uncheck()
    page.locator("button.nap-odds-run").click()
    expect(page.locator(".nap-odds-progress-label")).to_contain_text("200 of 200", timeout=WIDGET_TIMEOUT)
    expect(page.locator(".nap-odds-table .nap-odds-dealt-line")).to_have_count(0)
    page_log.assert_no_errors()


def test_b14_p4_a_pub_defence_against_misere_solved_by_clicking_in_spanish(voila_page, page_log, expect):
    from nap_teach.engine.profiles import PUB

    problems = load_problems(PUB)
    index = next(i for i, p in enumerate(problems) if p.defending and p.record["auction"][0] == "Misere")
    problem = problems[index]
    page = voila_page("problems.ipynb", f"lang=es&profile=pub&problem={index + 1}", ready="button.nap-problems-card")
    expect(page.locator(".nap-problems-brief")).to_contain_text("defensor")
    play_the_winning_line(page, problem, "es", "Bien jugado", expect)
    page_log.assert_no_errors()
