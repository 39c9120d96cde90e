"""The play page with expert bots: offered in the setup, replies one bot at a time, "B is thinking…" between."""
from __future__ import annotations

import random
from typing import Callable

from nap_teach.ai.bots.expert import REASON_KEYS
from nap_teach.teach.play import PlayTable, TableSetup, bot_levels
from nap_teach.ui.play import PlayApp



def legal_call_buttons(app: PlayApp) -> list:
    return [b for b in app.auction.buttons.values() if not b.disabled]


def legal_cards(app: PlayApp) -> list[str]:
    """The cards the card table offers to tap now (their codes)."""
    return [c["code"] for c in app.board.view.state["hand"] if c["legal"]]


def tap(app: PlayApp, code: str) -> None:
    """A card tapped on the card table: the message its widget sends."""
    app.board.receive({"type": "play", "card": code, "token": app.board.view.state["token"]})


def expert_app(lang: str = "en", players: int = 4, seed: int = 11) -> tuple[PlayApp, list[Callable[[], None]]]:
    app = PlayApp(lang, setup=TableSetup(players=players, seat=1, seed=seed, deals=1, bots="expert"))
    jobs: list[Callable[[], None]] = []
    app.bot_scheduler = jobs.append  # the kernel's event loop, played by hand
    app.bot_batch = 0  # one reply per job
    app.setup.start.click()
    assert app.table is not None and app.table.pace_bots
    return app, jobs


def thinking_shown(app: PlayApp) -> bool:
    return "nap-play-thinking" in app.trick.info.value and 'data-thinking="1"' in app.log.latest.value


def test_b5_expert_is_offered_on_the_play_page_but_simple_stays_the_default() -> None:
    assert bot_levels() == ["simple", "expert", "random"]
    assert TableSetup().bots == "simple"
    app = PlayApp("es")
    labels = dict((value, label) for label, value in app.setup.bots.options)
    assert "expert" in labels and labels["expert"] != "expert"  # a described level, in the page's language


def test_b5_b11_expert_bots_reply_one_at_a_time_saying_who_is_thinking() -> None:
    app, jobs = expert_app("en")
    table = app.table
    rng = random.Random(3)
    seen_thinking = 0
    tricks_done = 0
    for _ in range(200):
        if jobs:
            # a bot's reply is due: the page says who is thinking, and offers no card or call meanwhile
            assert table.pending == "bots"
            name = table.deal_players[table.thinking]
            assert thinking_shown(app) and f"{name} is thinking…" in app.trick.info.value
            assert not legal_cards(app) and not legal_call_buttons(app)
            before = len(table.events)
            jobs.pop(0)()
            assert len(table.events) == before + 1 and table.events[-1].reason.key in REASON_KEYS
            seen_thinking += 1
            continue
        assert not thinking_shown(app) and 'data-thinking="0"' in app.log.latest.value
        pending = table.pending
        if pending == "call":
            rng.choice(legal_call_buttons(app)).click()
        elif pending == "card":
            tap(app, rng.choice(legal_cards(app)))
        else:
            break
        tricks_done = len(table.state.tricks)
        assert app.status.kind not in ("error", "refused"), app.status.text
    assert table.pending in ("deal_over", "session_over") or tricks_done >= 2
    assert seen_thinking >= 3


def test_b11_a_click_while_a_bot_is_thinking_changes_nothing() -> None:
    app, jobs = expert_app("es", seed=5)
    table = app.table
    while not jobs and table.pending in ("call", "card"):
        if legal_call_buttons(app):
            legal_call_buttons(app)[0].click()
        else:
            tap(app, legal_cards(app)[0])
    assert jobs and table.pending == "bots"
    assert "está pensando…" in app.trick.info.value
    state_before = len(table.state.actions)
    # a card of the learner's hand tapped while a bot thinks: refused with a reason, nothing changes
    for card in app.board.view.state["hand"]:
        tap(app, card["code"])
    assert len(table.state.actions) == state_before
    assert app.status.kind != "error"
    while jobs:
        jobs.pop(0)()
    assert table.pending != "bots" and not thinking_shown(app)


def test_b13_a_paced_table_finishes_its_bots_at_once_without_a_page() -> None:
    table = PlayTable.new(TableSetup(players=4, seat=1, seed=9, deals=1, bots="expert"))
    table.pace_bots = True
    table.start_deal()
    due = table.thinking
    if due is not None:
        assert table.pending == "bots"
        events = table.finish_bots()
        assert events and all(e.seat != table.learner for e in events)
    assert table.thinking is None and table.pending != "bots"


def test_b11_quick_replies_arrive_together_in_one_update() -> None:
    app, jobs = expert_app("en", seed=2024)
    app.bot_batch = 60.0  # every reply counts as quick
    table = app.table
    renders = []
    original = app.render
    app.render = lambda: (renders.append(table.thinking), original())  # type: ignore[method-assign]
    for _ in range(30):
        if jobs:
            renders.clear()
            jobs.pop(0)()
            # one job: every bot due replied, then the page was drawn once, waiting for the learner
            assert renders == [None] and not jobs and table.pending != "bots"
            assert not thinking_shown(app)
            continue
        if table.pending == "call":
            legal_call_buttons(app)[0].click()
        elif table.pending == "card":
            tap(app, legal_cards(app)[0])
        else:
            break
    assert table.pending in ("deal_over", "session_over")


def test_b11_a_slow_reply_gets_its_own_update_saying_who_is_thinking(monkeypatch) -> None:
    import nap_teach.ui.play.app as play_app

    ticks = iter(range(0, 10_000))
    monkeypatch.setattr(play_app, "perf_counter", lambda: float(next(ticks)))  # every reply takes a second
    app, jobs = expert_app("en", seed=2024)
    app.bot_batch = 0.5
    table = app.table
    while not jobs and table.pending in ("call", "card"):
        if legal_call_buttons(app):
            legal_call_buttons(app)[0].click()
        else:
            tap(app, legal_cards(app)[0])
    assert jobs
    before = len(table.events)
    jobs.pop(0)()
    assert len(table.events) == before + 1  # one slow reply, then an update of the page
    if table.thinking is not None:
        assert jobs and thinking_shown(app)
