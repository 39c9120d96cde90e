"""The play page's widgets, driven from Python: whole sessions by clicking, and every refusal."""
from __future__ import annotations

import base64
import html
import datetime
import json
import random
import re

import ipywidgets as W
import pytest

from nap_teach.engine.cards import FULL_PACK, Card
from nap_teach.teach.play import PlayTable, TableSetup, bot_levels
from nap_teach.words.render import suit_text
from nap_teach.ui.play import PlayApp

SEED_RNG = random.Random()
NOW = datetime.datetime.now(datetime.timezone.utc)


def make_app(players: int = 4, seed: int | None = None, deals: int = 2, bots: str = "random", seat: int = 1,
             **settings: bool) -> PlayApp:
    app = PlayApp(setup=TableSetup(players=players, seat=seat, seed=seed, deals=deals, bots=bots))
    for name, value in settings.items():
        getattr(app.settings, name).value = value
    app.setup.start.click()
    assert app.table is not None, app.status.text
    return app


def legal_call_buttons(app: PlayApp) -> list[W.Button]:
    return [b for b in app.auction.buttons.values() if not b.disabled]


def legal_cards(app: PlayApp) -> list[str]:
    """The cards the card table offers to tap now (their codes), as the page draws them."""
    return [c["code"] for c in app.board.view.state.get("hand", ()) if c["legal"]]


def shown_cards(app: PlayApp) -> list[str]:
    """The learner's hand along the bottom of the card table."""
    return [c["code"] for c in app.board.view.state.get("hand", ())]


def tap(app: PlayApp, code: str, token: int | None = None) -> None:
    """A card tapped on the card table: the message its widget sends (with the turn it was drawn for)."""
    state = app.board.view.state
    app.board.receive({"type": "play", "card": code, "token": state.get("token") if token is None else token})


def step(app: PlayApp, rng: random.Random) -> None:
    """Click one legal thing, as a learner would."""
    pending = app.table.pending
    if pending == "call":
        rng.choice(legal_call_buttons(app)).click()
    elif pending == "card":
        tap(app, rng.choice(legal_cards(app)))
    elif pending == "stop":
        (app.actions.stop if rng.random() < 0.5 else app.actions.play_on).click()
    elif pending in ("deal", "deal_over"):
        app.actions.next.click()
    else:
        raise AssertionError(pending)


def all_text(widget: W.Widget) -> list[str]:
    """Every HTML value, description and tooltip in the widget tree."""
    out = []
    for attr in ("value", "description", "tooltip", "placeholder"):
        v = getattr(widget, attr, None)
        if isinstance(v, str):
            out.append(v)
    for child in getattr(widget, "children", ()):
        out.extend(all_text(child))
    return out


def walk(widget: W.Widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


_REASON = re.compile(r'<(div|span) class="nap-play-reason">.*?</\1>', re.S)


def check_privacy(app: PlayApp) -> None:
    """The screen shows the learner's own cards and the played ones, never another hand or an unused card."""
    table = app.table
    st = table.state
    if st is None:
        return
    played = {c for _s, c in st.cards_played}
    own = set(st.hands[table.learner])
    texts = all_text(app.widget)
    faces = set()
    for text in texts:
        faces.update(re.findall(r'data-card="([0-9AKQJT]{1,2}[SHCD])"', text))
    assert {Card.parse(c) for c in faces} <= own | played
    assert {Card.parse(c) for c in shown_cards(app)} == set(st.held[table.learner])
    # the unused cards are never named anywhere (bots' own reasons may name the bot's cards, so they are skipped)
    plain = "\n".join(_REASON.sub("", t) for t in texts if "<svg" not in t or "nap-chart" not in t)
    for card in st.unused:
        for form in (card.symbol, card.rank.text + suit_text(card.suit)):
            assert not re.search(r"(?<![0-9])" + re.escape(form), plain), card


# ------------------------------------------------------------------ sessions
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_play_whole_sessions_by_clicking(players):
    seed = SEED_RNG.randrange(10**6)
    rng = random.Random(seed)
    bots = rng.choice(bot_levels())
    app = make_app(players, seed=seed, bots=bots, seat=rng.randint(1, players),
                   offer_stop=rng.random() < 0.5, four_colour=rng.random() < 0.5)
    clicks = 0
    while app.table.pending != "session_over":
        step(app, rng)
        clicks += 1
        assert app.status.kind != "error", (seed, app.status.text)
        assert app.status.kind != "refused", (seed, app.status.text)
        check_privacy(app)
        assert clicks < 100, seed
    rows = app.table.ledger()
    assert len(rows) == 2
    ledger = app.ledger.table_html.value
    assert 'data-deal="1"' in ledger and 'data-deal="2"' in ledger
    assert 'data-sum="0"' in app.ledger.result.value
    assert "<svg" in app.ledger.chart.value
    winners = app.table.session.winners()
    assert f'data-winners="{",".join(winners)}"' in app.ledger.winners.value, seed
    assert app.actions.next.layout.display == "none"
    assert app.trick.info.value and "nap-play-prompt" in app.trick.info.value


def test_the_table_shows_contract_trump_tricks_and_the_last_trick():
    seed = SEED_RNG.randrange(10**6)
    rng = random.Random(seed)
    app = make_app(5, seed=seed, deals=3)
    for _ in range(200):
        t = app.table
        if t.pending == "card" and len(t.view().tricks) >= 2:
            break
        if t.pending == "session_over":
            pytest.fail(f"no second trick with the learner to play (seed {seed})")
        step(app, rng)
    view = app.table.view()
    info = app.trick.info.value
    assert view.contract.name in info and view.players[view.declarer] in info
    assert "Trump:" in info and suit_text(view.trump) in info
    last = view.tricks[-1]
    assert f"Last trick ({last.number})" in app.trick.last.value
    for t in view.tricks:
        assert all(c.rank.text + suit_text(c.suit) in app.trick.history.value for c in t.cards)
    seats = app.board.view.state["seats"]
    assert [s["seat"] for s in seats] == list(range(view.n))
    for seat, won in enumerate(view.tricks_won):
        assert seats[seat]["tricks"] == (f"{won} trick" if won == 1 else f"{won} tricks")
    # the others' hands are only backs: one back per card still held
    for seat in range(view.n):
        held = len(app.table.state.held[seat])
        assert seats[seat]["backs"] == (0 if seat == view.seat else held), seat


def test_bots_calls_come_with_reasons_and_illegal_calls_are_disabled_with_why():
    for _ in range(100):
        seed = SEED_RNG.randrange(10**6)
        app = make_app(4, seed=seed, bots=bot_levels()[0], seat=4)  # seat 4: others may speak first
        if app.table.pending == "call" and app.table.events:
            break
    calls = app.auction.calls.value
    # B14: the bots' reasons use their own cards, so the table hears them when the deal ends ...
    from nap_teach.teach.play import TABLE_SAFE_KEYS
    safe = sum(e.reason is not None and e.reason.key in TABLE_SAFE_KEYS for e in app.table.events)
    assert calls.count("nap-play-reason") == safe, seed
    assert "nap-play-thinking-note" in app.log.latest.value
    # ... or at once, when the learner ticks "Show the bots' thinking"
    app.settings.thinking.value = True
    calls = app.auction.calls.value
    assert calls.count("nap-play-reason") == len(app.table.events), seed
    assert "nap-play-thinking-note" not in app.log.latest.value
    wellington = app.auction.buttons["Wellington"]
    if "Nap" not in app.table.state.auction.bid_names():
        assert wellington.disabled
        assert "needs a Nap before it" in wellington.tooltip
        assert "needs a Nap before it" in app.auction.why.value
    assert not app.auction.buttons["Pass"].disabled


def test_new_call_buttons_are_disabled_until_the_table_allows_them():
    # The call buttons are made at Start: made enabled, they were drawn clickable until the page said which
    # calls the learner may make (and a browser test tapped Wellington in that moment).
    app = make_app(4, seed=5)
    panel = app.auction
    panel._profile = None  # made again, as for a new game's rules
    panel._build(app.table)
    assert all(button.disabled for button in panel.buttons.values())
    panel.render(app.table, app.table.view())
    allowed = {o.call.name for o in app.table.call_options() if o.legal} if app.table.pending == "call" else set()
    assert {b._nap_call for b in legal_call_buttons(app)} == allowed


# ------------------------------------------------------------------- refusals
def state_of(app: PlayApp) -> tuple:
    t = app.table
    return (t.token, tuple(t.state.actions), len(t.session.entries), tuple(shown_cards(app)))


def test_a_forged_click_on_a_disabled_call_is_refused():
    for _ in range(100):
        app = make_app(4, seed=SEED_RNG.randrange(10**6))
        if app.table.pending == "call" and "Nap" not in app.table.state.auction.bid_names():
            break
    before = state_of(app)
    app.auction.buttons["Wellington"].click()  # the browser would not send it; a forged message can
    assert app.status.kind == "refused"
    assert "You cannot bid Wellington yet: Wellington needs a Nap before it" in app.status.text
    assert state_of(app) == before


def test_an_illegal_card_is_refused_with_the_reason():
    for _ in range(300):
        seed = SEED_RNG.randrange(10**6)
        rng = random.Random(seed)
        app = make_app(4, seed=seed, deals=1)
        while app.table.pending in ("call", "card", "stop"):
            if app.table.pending == "card":
                illegal = [c for c in app.board.view.state["hand"] if not c["legal"]]
                if illegal:
                    break
            step(app, rng)
        else:
            continue
        break
    else:
        pytest.fail("no illegal card in 300 deals")
    before = state_of(app)
    card = illegal[0]
    tap(app, card["code"])  # the page would not send it (the card is not raised); a forged message can
    assert app.status.kind == "refused"
    assert app.status.text.startswith("You hold "), app.status.text
    assert "you must follow" in app.status.text
    assert state_of(app) == before
    assert "not playable now" in card["illegal_label"]


def test_a_typed_card_not_in_hand_is_refused():
    seed = SEED_RNG.randrange(10**6)
    rng = random.Random(seed)
    app = make_app(3, seed=seed, deals=3)
    while app.table.pending != "card":
        step(app, rng)
    before = state_of(app)
    held = set(app.table.view().hand)
    other = next(c for c in FULL_PACK if c not in held)
    for text in (other.code, "ZZ", "<script>", "10x"):
        app.hand.typed.value = text
        app.hand.go.click()
        assert app.status.kind == "refused", text
        assert state_of(app) == before
    app.hand.typed.value = other.code
    app.hand.go.click()
    assert app.status.text == f"You do not hold {other.symbol}: play one of the cards in your hand."
    # a legal typed card is played
    card = app.table.view().legal_cards[0]
    app.hand.typed.value = card.code.lower()
    app.hand.go.click()
    assert app.status.text == ""
    assert card not in app.table.view().hand if app.table.view() else True


def test_b11_a_card_typed_in_words_of_the_page_language_is_played():
    """The typed-card box also reads a card as the learner would say it ("reina de corazones")."""
    seed = SEED_RNG.randrange(10**6)
    rng = random.Random(seed)
    app = make_app(4, seed=seed, deals=2)
    app.language.set("es")
    assert app.hand.typed.placeholder == "Carta: DP, 10c o reina de picas"
    while app.table.pending != "card":
        step(app, rng)
    before = state_of(app)
    held = set(app.table.view().hand)
    other = next(c for c in FULL_PACK if c not in held)
    app.hand.typed.value = "  " + app.tr.card_words(other).upper() + " "
    assert app.status.kind == "refused"
    assert state_of(app) == before
    card = app.table.view().legal_cards[0]
    app.hand.typed.value = app.tr.card_words(card)
    assert app.status.text == ""
    assert card not in (app.table.view().hand if app.table.view() else ())


def test_nine_players_and_other_bad_setup_values_are_refused():
    app = PlayApp(setup=TableSetup(players=4, seed=1))
    app.setup.players.value = 9
    assert app.status.kind == "refused" and "3 to 7 players, not 9" in app.status.text
    assert [v for _l, v in app.setup.seat.options] == [1, 2, 3, 4]
    app.setup.start.click()
    assert app.table is None and "not 9" in app.status.text
    app.setup.players.value = 5
    app.setup.seed.value = "twelve"
    app.setup.start.click()
    assert app.table is None and "deal seed" in app.status.text
    app.setup.seed.value = "12"
    app.setup.length.value = 0
    app.setup.start.click()
    assert app.table is None and "1 to 40 deals" in app.status.text
    app.setup.length.value = 2
    app.setup.name.value = ""
    app.setup.start.click()
    assert app.table is None
    app.setup.name.value = "Kim"
    app.setup.start.click()
    assert app.table is not None and app.table.players[0] == "Kim" and len(app.table.players) == 5
    # a running session is not touched by a refused new setup
    table = app.table
    app.actions.new.click()
    app.setup.players.value = 9
    app.setup.start.click()
    assert app.table is table


def upload(app: PlayApp, content: bytes, name: str = "nap-session.json") -> None:
    app.saveload.upload.value = ({"name": name, "type": "application/json", "size": len(content),
                                  "content": memoryview(content), "last_modified": NOW},)


@pytest.mark.parametrize("content, words", [
    (b"{not json", "not valid JSON"),
    (b"[]", "must be a JSON object"),
    (b'{"format": "nap-session/1"}', "lacks the field"),
    (json.dumps({"format": "nap-session/1", "players": list("ABCDEFGHI"), "first_dealer": "A",
                 "deals": []}).encode(), "3 to 7 players, not 9"),
    (b"\x89PNG\r\n\x1a\n", "not valid JSON"),
])
def test_a_malformed_session_file_is_refused_and_nothing_changes(content, words):
    app = make_app(3, seed=SEED_RNG.randrange(10**6))
    table = app.table
    before = state_of(app)
    upload(app, content)
    assert app.status.kind == "refused"
    assert "cannot be loaded" in app.status.text and words in app.status.text, app.status.text
    assert app.table is table and state_of(app) == before
    assert app.saveload.upload.value == ()


def test_an_upload_value_of_the_wrong_shape_is_refused():
    app = make_app(3, seed=1)
    table = app.table
    app.saveload.upload.value = ({"name": "x", "type": "", "size": 3, "content": memoryview(b"abc"),
                                  "last_modified": NOW},) * 2
    assert app.status.kind == "refused" and app.table is table


def test_a_fast_double_click_plays_one_card():
    seed = SEED_RNG.randrange(10**6)
    rng = random.Random(seed)
    app = make_app(5, seed=seed, deals=3)
    while app.table.pending != "card":
        step(app, rng)
    mine = lambda: [e for e in app.table.events if e.by_learner and isinstance(e.action, Card)]  # noqa: E731
    played = len(mine())
    code = legal_cards(app)[0]
    token = app.board.view.state["token"]
    tap(app, code, token)
    tap(app, code, token)  # the second tap of a double tap: sent for the turn already played
    assert len(mine()) == played + 1 and mine()[-1].action == Card.parse(code), seed
    assert app.status.text == "That click came from an earlier turn, so it was ignored.", app.status.text
    # a tap that arrives while another is being handled is dropped (guarded)
    if app.table.pending == "card":
        before = state_of(app)
        app._busy = True
        tap(app, legal_cards(app)[0])
        app._busy = False
        assert state_of(app) == before


def test_a_double_click_on_a_call_or_next_deal_acts_once():
    seed = SEED_RNG.randrange(10**6)
    app = make_app(3, seed=seed, deals=3)
    while app.table.pending != "call":
        app.actions.next.click()
    calls = lambda: [e for e in app.table.events if e.by_learner]  # noqa: E731
    button = app.auction.buttons["Pass"]
    button.click()
    button.click()
    assert len(calls()) == 1 and app.status.text == "", seed
    rng = random.Random(seed)
    while app.table.pending not in ("deal_over", "session_over"):
        step(app, rng)
    if app.table.pending == "deal_over":
        deals = len(app.table.session.entries)
        app.actions.next.click()
        app.actions.next.click()
        assert app.table.deal_number == deals + 1 and app.status.text == ""


# ----------------------------------------------------------- save, load, replay
def downloaded(app: PlayApp) -> bytes:
    m = re.search(r'href="data:application/json;base64,([A-Za-z0-9+/=]+)"', app.saveload.download.value)
    assert m and 'download="nap-session.json"' in app.saveload.download.value
    assert "nap-play-download" in app.saveload.download.value
    return base64.b64decode(m.group(1))


def test_save_then_load_continues_the_session():
    seed = SEED_RNG.randrange(10**6)
    rng = random.Random(seed)
    first = make_app(4, seed=seed, deals=3, seat=2)
    while len(first.table.session.entries) < 1 or first.table.pending not in ("deal_over",):
        step(first, rng)
    data = downloaded(first)
    record = json.loads(data)
    assert record["format"] == "nap-session/1" and len(record["deals"]) == 1
    second = PlayApp()
    upload(second, data)
    assert second.status.kind == "info" and "Loaded a session of 1 finished deal" in second.status.text
    assert second.table.session.balances == first.table.session.balances
    assert second.table.name == first.table.name and second.table.pending == "deal"
    assert 'data-deal="1"' in second.ledger.table_html.value
    assert second.actions.next.layout.display in (None, "") and "Deal 2" in second.actions.next.description
    second.actions.next.click()
    first.actions.next.click()
    assert shown_cards(second) == shown_cards(first), seed
    while second.table.pending != "session_over":
        step(second, rng)
    assert len(second.table.ledger()) == 3
    assert len(json.loads(downloaded(second))["deals"]) == 3


def test_replay_a_saved_deal_step_by_step():
    seed = SEED_RNG.randrange(10**6)
    rng = random.Random(seed)
    app = make_app(3, seed=seed, deals=2)
    while app.table.pending not in ("deal_over", "session_over"):
        step(app, rng)
    assert app.replay.widget.layout.display in (None, "")
    app.replay.deal.value = 1
    assert "Step 0 of" in app.replay.view_html.value and app.replay.back.disabled
    app.replay.forward.click()
    assert "Step 1 of" in app.replay.view_html.value
    html = app.replay.view_html.value
    assert re.search(r'<span class="nap-rule"[^>]*>B\d+</span>', html)
    app.replay.back.click()
    assert "Step 0 of" in app.replay.view_html.value


# ----------------------------------------------------- settings, coach, language
def test_practice_undo_is_opt_in():
    seed = SEED_RNG.randrange(10**6)
    rng = random.Random(seed)
    app = make_app(4, seed=seed, deals=3)
    while app.table.pending != "card" or not any(e.by_learner and isinstance(e.action, Card)
                                                  for e in app.table.events):
        step(app, rng)
    assert app.actions.undo.layout.display == "none"
    app.actions.undo.click()  # forged: the button is hidden
    assert app.status.kind == "refused" and "Practice undo is off" in app.status.text
    app.settings.undo.value = True
    assert app.actions.undo.layout.display in (None, "")
    hand = set(shown_cards(app))
    actions = len(app.table.state.actions)
    tap(app, legal_cards(app)[0])
    app.actions.undo.click()
    app.actions.undo.click()  # the second click of a double click takes back nothing more
    assert set(shown_cards(app)) == hand and len(app.table.state.actions) == actions, seed
    assert app.status.kind == "info" and "Taken back" in app.status.text


def test_early_stop_offer():
    for _ in range(300):
        seed = SEED_RNG.randrange(10**6)
        rng = random.Random(seed)
        app = make_app(4, seed=seed, deals=1, offer_stop=True)
        while app.table.pending in ("call", "card"):
            step(app, rng)
        if app.table.pending == "stop":
            break
    else:
        pytest.fail("no certain result before the fifth trick in 300 deals")
    assert app.actions.stop.layout.display in (None, "") and app.actions.play_on.layout.display in (None, "")
    assert "stop here" in app.trick.info.value
    app.actions.stop.click()
    app.actions.stop.click()
    assert app.table.pending == "session_over" and len(app.table.ledger()) == 1 and app.status.text == ""
    assert "agrees to stop" in app.log.latest.value


def test_coach_hint():
    seed = SEED_RNG.randrange(10**6)
    rng = random.Random(seed)
    app = make_app(4, seed=seed, deals=2)
    while app.table.pending not in ("call", "card"):
        step(app, rng)
    app.coach.button.click()
    assert "Coach:" in app.coach.text.value and app.status.text == ""
    step(app, rng)
    assert app.coach.text.value == ""


def test_four_colour_pack_and_language_switch_keep_the_game():
    app = make_app(4, seed=SEED_RNG.randrange(10**6))
    before = state_of(app)
    app.settings.four_colour.value = True
    assert "nap-four-colour" in app.widget._dom_classes
    app.switch.widget.value = "es"
    assert app.language.code == "es"
    assert state_of(app) == before
    app.switch.widget.value = "en"
    assert app.title.value == "<h1>Play Nap</h1>"


def test_page_parameters_fill_the_setup():
    app = PlayApp.from_environment({"QUERY_STRING": "seed=77&players=6&seat=3&deals=5&bots=random&lang=en"})
    s = app.setup
    assert (s.players.value, s.seat.value, s.length.value, s.bots.value, s.seed.value) == (6, 3, 5, "random", "77")
    assert app.status.text == ""
    bad = PlayApp.from_environment({"QUERY_STRING": "seed=%3Cscript%3E&players=9&lang=xx"})
    assert bad.setup.players.value == 4 and bad.setup.seed.value == ""
    assert bad.status.kind == "refused" and "not 9" in bad.status.text and "<script>" not in bad.status.widget.value
    assert bad.language.code == "en"


def test_a_session_counted_in_dealer_rotations_keeps_its_count_through_a_language_switch():
    app = PlayApp.from_environment({"QUERY_STRING": "rotations=2&seed=3&bots=random"})
    s = app.setup
    assert (s.length_kind.value, s.length.value) == ("rotations", 2)  # the address's count, not "deals"
    app.language.set("es")
    assert (s.length_kind.value, s.length.value) == ("rotations", 2)
    assert s.length_kind.options[1][0] != "dealer rotations"  # the words changed, the choice did not
    s.start.click()
    assert app.table is not None and app.table.session.rotations == 2


def test_names_are_escaped_everywhere():
    app = PlayApp(setup=TableSetup(players=3, seed=4, deals=1, bots="random"))
    app.setup.name.value = "Jo & O'Neil"
    app.setup.start.click()
    assert app.table is not None
    html_values = [w.value for w in walk(app.widget) if isinstance(w, W.HTML) and "O" in w.value]
    assert html_values
    assert not any("Jo & O" in v for v in html_values)  # always escaped in HTML
    assert app.table.name == "Jo & O'Neil" and app.table.name in app.board.view.state["names"]
    assert "Jo &amp; O&#x27;Neil" in app.trick.info.value  # "Dealer: ..." (seed 4 deals from the learner's seat)
    app.auction.buttons["Pass"].click()  # the learner's own call names the learner in what just happened
    assert "Jo &amp; O&#x27;Neil" in app.log.latest.value
    assert not any("Jo & O" in w.value for w in walk(app.widget) if isinstance(w, W.HTML))
    app.setup.name.value = "<b>x</b>"
    app.actions.new.click()
    app.setup.start.click()
    assert app.status.kind == "refused" and app.table.name == "Jo & O'Neil"


def test_setup_loaded_from_a_table_keeps_the_learners_seat():
    table = PlayTable.new(TableSetup(players=5, seat=4, seed=9, deals=2, bots="random"))
    app = PlayApp()
    app.begin(table)
    assert app.table.learner == 3
    state = app.board.view.state
    assert state["hand_seat"] == 3 and state["names"][3] == table.name


def test_start_double_click_and_back_to_the_game():
    app = PlayApp(setup=TableSetup(players=4, seed=None, deals=2, bots="random"))
    app.setup.start.click()
    table, seed = app.table, app.table.session.seed
    app.setup.start.click()  # the second click of a double click: the form is gone already
    assert app.table is table and f"Deal seed: {seed}" in app.trick.info.value
    assert app.setup.widget.layout.display == "none" and app.table_box.layout.display in (None, "")
    app.actions.new.click()
    assert app.setup.widget.layout.display in (None, "") and app.setup.back.layout.display in (None, "")
    app.setup.back.click()
    assert app.table is table and app.table_box.layout.display in (None, "")


def test_replay_survives_new_deals_and_a_new_session():
    seed = SEED_RNG.randrange(10**6)
    rng = random.Random(seed)
    app = make_app(3, seed=seed, deals=3)
    while len(app.table.session.entries) < 1:
        step(app, rng)
    app.replay.deal.value = 1
    app.replay.forward.click()
    while len(app.table.session.entries) < 2:
        step(app, rng)
    assert app.replay.deal.value == 1 and "Step 1 of" in app.replay.view_html.value, seed
    app.actions.new.click()
    app.setup.start.click()  # a new session: no saved deal yet
    assert app.replay.widget.layout.display == "none" and app.replay.view_html.value == ""


def test_pub_rules_from_the_page_address_and_the_setup_form():
    app = PlayApp.from_environment({"QUERY_STRING": "profile=pub&misere=10/5&seed=12&deals=1"})
    assert app.setup.profile.value == "pub" and app.setup.misere.layout.display in (None, "")
    assert "lowest card drawn" in app.setup.note.value
    app.setup.start.click()
    table = app.table
    assert table is not None and table.profile.name == "pub" and table.profile.contract("Misere").made == 10
    assert "Rules: Pub rules" in app.trick.info.value
    assert "Misère" in [b.description for b in app.auction.buttons.values()]
    plain = PlayApp.from_environment({"QUERY_STRING": "profile=nope"})
    assert plain.setup.profile.value == "british" and plain.setup.misere.layout.display == "none"
    plain.setup.profile.value = "pub"
    assert plain.setup.misere.layout.display in (None, "")
    plain.setup.start.click()
    assert plain.table.profile.name == "pub"


def test_pub_extra_hand_is_shown_as_such():
    from nap_teach.engine.profiles import PUB
    from nap_teach.engine.session import Session

    session = Session(("Sam", "Ada", "Ben", "Cleo"), 3, PUB, deals_target=1, seed=8)
    session.add_scored(["Pass", "Three", "Pass", "Pass"], 2)  # Ada fails: Sam, Ben, Cleo level
    app = PlayApp()
    app.begin(PlayTable(session, 0, "random"))
    if app.table.state is None:
        app.table.start_deal()
        app.render()
    assert "Extra hand among Sam, Ben and Cleo" in app.trick.info.value


def test_b11_a_card_typed_as_a_spanish_code_is_played_on_the_spanish_page():
    """"RC" is the king of hearts (rey de corazones) on a Spanish page: the same reader as the odds lab's box."""
    seed = SEED_RNG.randrange(10**6)
    rng = random.Random(seed)
    app = make_app(4, seed=seed, deals=2)
    app.language.set("es")
    while app.table.pending != "card":
        step(app, rng)
    card = app.table.view().legal_cards[0]
    rank = {14: "A", 13: "R", 12: "D", 11: "V"}.get(int(card.rank), str(int(card.rank)))
    app.hand.typed.value = rank + "PCTD"[int(card.suit)]
    assert app.status.kind != "refused", (seed, app.status.text)
    assert card not in app.table.view().hand if app.table.view() else True


@pytest.mark.parametrize("lang", ["en", "es"])
def test_p4_play_table_says_no_trump_in_misere(lang):
    """Issue 25: seed 2 at five players under the pub rules: the learner passes and a bot declares Misère;
    the table says "No trump (Misère)", never that trump is still to be set."""
    app = PlayApp(setup=TableSetup(players=5, seat=1, seed=2, deals=1, bots="simple", profile="pub"), lang=lang)
    app.setup.start.click()
    tr = app.tr
    before = html.unescape(app.trick.info.value)
    assert tr.gettext("Trump: set by the declarer's first lead (none in Misère)") in before
    app.table.call("Pass")
    app.after_move()
    state = app.table.state
    assert state.contract is not None and state.contract.name == "Misere"
    info = html.unescape(app.trick.info.value)
    assert tr.gettext("No trump (Misère)") in info
    assert tr.gettext("Trump: set by the declarer's first lead") not in info


@pytest.mark.parametrize("lang", ["en", "es"])
def test_b14_bots_reasons_held_until_the_deal_ends(lang):
    """A bot's reason that uses its own cards is not said during the deal; the page says why and where to
    see it now; once the deal ends the log gives every reason."""
    from nap_teach.teach.play import TABLE_SAFE_KEYS

    app = PlayApp(setup=TableSetup(players=4, seat=4, seed=11, deals=1, bots="simple"), lang=lang)
    app.setup.start.click()
    table = app.table
    held = [e for e in table.events if e.reason is not None and e.reason.key not in TABLE_SAFE_KEYS]
    assert held, "the bots before seat 4 have spoken"
    note = html.unescape(app.log.latest.value)
    assert app.tr.gettext("Show the bots' thinking during the deal (their reasons use their own cards)") \
        == app.settings.thinking.description
    assert "B14" in note and "nap-play-thinking-note" in app.log.latest.value
    for e in held:
        assert app.tr.explain(e.reason) not in html.unescape(app.auction.calls.value)
    while table.pending not in ("deal_over", "session_over"):
        action = table.hint().action
        if table.pending == "call":
            table.call(action)
        else:
            table.play(action)
        app.after_move()
    log = html.unescape(app.log.log.value)
    for e in held:
        assert app.tr.explain(e.reason) in log
    assert "nap-play-thinking-note" not in app.log.latest.value
