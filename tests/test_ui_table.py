"""The card table widget (nap_teach/ui/table), driven from Python: what it is sent, and every tap it sends back.

The widget only shows state and reports the card tapped; each value that arrives is checked in
Python. A wrong shape, a wrong type, an unknown card, a card not held or not legal now, a card sent
while it is not the learner's turn, or a tap from an earlier turn is refused with the reason in the
page's language, and nothing changes (no traceback).
"""
from __future__ import annotations

import random

import pytest

from nap_teach.engine.cards import FULL_PACK, Card
from nap_teach.teach.play import TableSetup
from nap_teach.ui.play import PlayApp
from nap_teach.ui.table import PACES, TableWidget, seat_positions


def app_at(pending: str, lang: str = "en", players: int = 4, seed: int = 11) -> PlayApp:
    """A play page whose table waits for the learner's ``pending`` ("call" or "card")."""
    for s in range(seed, seed + 200):
        app = PlayApp(lang, setup=TableSetup(players=players, seat=1, seed=s, deals=1, bots="simple"))
        app.setup.start.click()
        rng = random.Random(s)
        while app.table.pending in ("call", "card") and app.table.pending != pending:
            if app.table.pending == "call":
                legal = [o for o in app.table.call_options() if o.legal]
                app.table.call(rng.choice(legal).call)
            else:
                app.table.play(rng.choice(app.table.view().legal_cards))
            app.render()
        if app.table.pending == pending:
            return app
    raise AssertionError(f"no table waiting for a {pending}")


def tap(app: PlayApp, content: object) -> None:
    """A message as it arrives from the page (through the widget's custom-message handler)."""
    app.board.view._handle_custom_msg(content, [])


def snapshot(app: PlayApp) -> tuple:
    table = app.table
    return (table.token, len(table.state.actions), tuple(table.view().hand), app.board.view.state["plays"])


def test_b11_a_tapped_legal_card_is_played():
    app = app_at("card")
    legal = app.table.view().legal_cards[0]
    state = app.board.view.state
    assert state["active"] is True
    marked = {c["code"] for c in state["hand"] if c["legal"]}
    assert marked == {c.code for c in app.table.view().legal_cards}
    before = app.table.token
    tap(app, {"type": "play", "card": legal.code, "token": before})
    assert app.status.text == ""
    assert app.table.token != before
    assert legal not in (app.table.view().hand if app.table.view() else ())
    assert legal.code in [p["card"]["code"] for p in app.board.view.state["plays"]]


@pytest.mark.parametrize("content", [
    "QH", 7, None, [1, 2], {"type": "call", "card": "QH"}, {"card": "QH"}, {"type": "play"},
    {"type": "play", "card": "QH", "token": "x"}, {"type": "play", "card": "QH", "token": True},
    {"type": "play", "card": "QH", **{f"k{i}": i for i in range(10)}},
])
def test_a_message_of_the_wrong_shape_is_refused(content):
    app = app_at("card")
    before = snapshot(app)
    tap(app, content)
    assert app.status.kind == "refused"
    assert "neither a call nor a card" in app.status.text
    assert snapshot(app) == before


@pytest.mark.parametrize("card", [5, 2.5, None, ["QH"], {"c": 1}, "ZZ", "<script>", "10x", "Q" * 500])
def test_a_value_that_is_not_a_card_is_refused(card):
    app = app_at("card")
    before = snapshot(app)
    tap(app, {"type": "play", "card": card, "token": app.table.token})
    assert app.status.kind == "refused", card
    assert "neither a call nor a card" in app.status.text
    assert snapshot(app) == before


def test_b11_a_card_not_held_is_refused():
    app = app_at("card")
    held = set(app.table.view().hand)
    other = next(c for c in FULL_PACK if c not in held)
    before = snapshot(app)
    tap(app, {"type": "play", "card": other.code, "token": app.table.token})
    assert app.status.text == f"You do not hold {other.symbol}: play one of the cards in your hand."
    assert snapshot(app) == before


def test_b11_a_card_that_may_not_follow_is_refused():
    for seed in range(1, 400):
        app = app_at("card", seed=seed)
        view = app.table.view()
        illegal = [c for c in view.hand if c not in view.legal_cards]
        if illegal:
            break
    else:
        pytest.fail("no illegal card in 400 deals")
    before = snapshot(app)
    state = app.board.view.state
    entry = next(c for c in state["hand"] if c["code"] == illegal[0].code)
    assert entry["legal"] is False and entry["illegal_label"].endswith("not playable now")
    tap(app, {"type": "play", "card": illegal[0].code, "token": app.table.token})
    assert app.status.kind == "refused"
    assert "you must follow" in app.status.text
    assert snapshot(app) == before


def test_b5_a_card_during_the_auction_is_refused():
    app = app_at("call")
    card = app.table.view().hand[0]
    assert app.board.view.state["active"] is False
    assert not any(c["legal"] for c in app.board.view.state["hand"])
    token, actions = app.table.token, len(app.table.state.actions)
    tap(app, {"type": "play", "card": card.code, "token": token})
    assert app.status.kind == "refused"
    assert (app.table.token, len(app.table.state.actions)) == (token, actions)


def test_a_tap_from_an_earlier_turn_is_refused():
    app = app_at("card")
    card = app.table.view().legal_cards[0]
    before = snapshot(app)
    tap(app, {"type": "play", "card": card.code, "token": app.table.token - 1})
    assert app.status.text == "That click came from an earlier turn, so it was ignored."
    assert snapshot(app) == before


def test_a_card_after_the_deal_is_over_is_refused():
    app = app_at("card")
    rng = random.Random(3)
    while app.table.pending == "card":
        app.table.play(rng.choice(app.table.view().legal_cards))
    app.render()
    token = app.table.token
    tap(app, {"type": "play", "card": "QH", "token": token})
    assert app.status.kind == "refused"
    assert app.table.token == token


def test_cards_carry_their_names_in_the_page_language():
    app = app_at("card", lang="es")
    state = app.board.view.state
    for entry in state["hand"]:
        card = Card.parse(entry["code"])
        assert entry["label"] == app.tr.card_words(card)
        assert entry["label"] in entry["svg"]
    queen = Card.parse("QH")
    assert app.tr.card_words(queen) == "reina de corazones"
    assert state["hand_title"].startswith("Tu mano")
    assert all(e["legal_label"].endswith("se puede jugar") for e in state["hand"])


def test_the_table_shows_every_seat_and_hides_the_other_hands():
    app = app_at("card", players=5)
    state = app.board.view.state
    view = app.table.view()
    assert [s["name"] for s in state["seats"]] == list(view.players)
    assert state["seats"][view.seat]["pos"] == "south"
    assert all(s["open"] is None for s in state["seats"])
    others = [s for s in state["seats"] if s["seat"] != view.seat]
    assert all(0 < s["backs"] <= 5 for s in others)
    # only the learner's own cards are sent face up (and the cards already played)
    sent = {c["code"] for c in state["hand"]} | {p["card"]["code"] for p in state["plays"]}
    played = {c.code for t in view.tricks for c in t.cards}
    if view.current is not None:
        played |= {c.code for c in view.current.cards}
    assert sent == {c.code for c in view.hand} | played


def test_seats_go_clockwise_from_the_learner_at_the_bottom():
    assert seat_positions(4, 1) == ["east", "south", "west", "north"]
    assert seat_positions(2, 0) == ["south", "north"]
    assert seat_positions(3, 2) == ["north", "north", "south"]
    pos = seat_positions(7, 3)
    assert pos[3] == "south" and pos[4] == "west" and pos[2] == "east" and pos.count("north") == 4


def test_the_pace_setting_reaches_the_widget():
    app = app_at("card")
    assert [value for _label, value in app.board.pace.options] == list(PACES)
    for pace in PACES:
        app.board.pace.value = pace
        assert app.board.view.pace == pace
    app.board.pace.value = "slow"
    app.board.refresh()  # the words change with the language; the chosen pace stays
    assert app.board.pace.value == "slow" and app.board.view.pace == "slow"


def test_the_widget_module_and_style_ship_with_the_package():
    widget = TableWidget()
    assert "export default" in widget._esm and "model.send" in widget._esm
    assert ".nt-card" in widget._css and "nt-legal" in widget._css


def test_a_saved_deal_replays_on_the_table_step_by_step():
    app = app_at("card")
    rng = random.Random(5)
    while app.table.pending == "card":
        app.table.play(rng.choice(app.table.view().legal_cards))
    app.render()
    assert app.table.pending == "session_over"
    replay = app.replay
    replay.deal.value = 1
    saved = dict(app.table.played_deals())[1]
    cards = [a for a in saved.actions if isinstance(a, Card)]
    assert replay.board.view.state["plays"] == []
    assert replay.board.view.state["active"] is False
    shown = []
    for _ in range(len(saved.actions)):
        replay.forward.click()
        shown.append(len(replay.board.view.state["plays"]))
    assert shown[-1] == len(cards) and shown == sorted(shown)
    assert [p["card"]["code"] for p in replay.board.view.state["plays"]] == [c.code for c in cards]
    assert len(replay.board.view.state["tricks"]) == 5
    replay.back.click()
    assert len(replay.board.view.state["plays"]) == shown[-2]
    # a tap on the replay's table plays nothing
    token = app.table.token
    replay.board.receive({"type": "play", "card": cards[0].code, "token": token})
    assert app.status.kind == "refused" and app.table.token == token
