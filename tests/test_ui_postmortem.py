"""The "could it have been made?" panel on the play page and at the end of the lesson's deal."""
from __future__ import annotations

import random

from nap_teach.teach.play import TableSetup
from nap_teach.ui.lesson import LessonApp
from nap_teach.ui.play import PlayApp


def _legal_calls(app):
    return [b for b in app.auction.buttons.values() if not b.disabled]


def _legal_cards(app):
    """The cards the card table offers to tap now (their codes)."""
    return [c["code"] for c in app.board.view.state["hand"] if c["legal"]]


def _tap(app, code):
    """A card tapped on the card table: the message its widget sends."""
    app.board.receive({"type": "play", "card": code, "token": app.board.view.state["token"]})


def test_b14_the_play_page_shows_the_open_hand_reading_when_a_deal_ends():
    rng = random.Random(3)
    app = PlayApp(setup=TableSetup(players=4, seat=1, seed=5, deals=3, bots="simple"))
    app.setup.start.click()
    shown = 0
    for _ in range(400):
        pending = app.table.pending
        if pending == "call":
            assert app.postmortem.widget.value == ""
            b = _legal_calls(app)
            # bid when possible, so that deals are played
            (b[1] if len(b) > 1 else b[0]).click()
        elif pending == "card":
            assert app.postmortem.widget.value == ""
            _tap(app, rng.choice(_legal_cards(app)))
        elif pending == "stop":
            app.actions.play_on.click()
        elif pending in ("deal", "deal_over"):
            state = app.table.state
            if state is not None and state.is_over and not state.passed_out:
                text = app.postmortem.widget.value
                assert "Could it have been made?" in text and "With all hands seen and best play" in text
                assert "nap-postmortem-turn" in text
                app.switch.widget.value = "es"
                assert "Could it have been made?" not in app.postmortem.widget.value
                assert app.postmortem.widget.value
                app.switch.widget.value = "en"
                shown += 1
            if pending == "deal_over":
                break
            app.actions.next.click()
        else:
            break
    assert shown >= 1


def test_b14_the_lesson_shows_the_reading_at_the_end_of_its_deal():
    app = LessonApp()
    assert app.postmortem.widget.value == ""
    app.walk.go(app.walk.count - 1)
    app.show()
    text = app.postmortem.widget.value
    assert "Could it have been made?" in text and "A would take 4 tricks: Four could be made." in text
    app.switch.widget.value = "es"
    assert "Could it have been made?" not in app.postmortem.widget.value
    app.switch.widget.value = "en"
    app.walk.go(app.walk.count - 2)  # the settlement: the deal is over, so the reading shows already
    app.show()
    assert "A would take 4 tricks: Four could be made." in app.postmortem.widget.value
    app.walk.go(0)
    app.show()
    assert app.postmortem.widget.value == ""
    app.walk.go(app.walk.count - 8)  # mid-play: nothing to read yet
    app.show()
    assert app.postmortem.widget.value == ""
