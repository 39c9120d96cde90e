"""The play table (nap_teach.teach.play): sessions with bots, every check, undo, early stop, save/load."""
from __future__ import annotations

import json
import random

import pytest

from nap_teach.engine.auction import Call
from nap_teach.engine.cards import FULL_PACK, Card
from nap_teach.engine.explain import IllegalAction, IllegalCall, IllegalCard, RecordError, RuleError
from nap_teach.teach.play import (
    MAX_FILE_BYTES, Event, PlayTable, SetupError, StaleAction, TableSetup, bot_levels, coach_hint,
)
from nap_teach.engine.settlement import check_zero_sum
from nap_teach.engine.state import Stop

SEED_RNG = random.Random()  # fresh seeds each run; every assertion message names the seed


def play_choice(table: PlayTable, rng: random.Random) -> list[Event]:
    """One legal step for the learner, chosen at random (calls, cards, stop offers, next deal)."""
    pending = table.pending
    if pending == "call":
        legal = [o.call for o in table.call_options() if o.legal]
        return table.call(rng.choice(legal), table.token)
    if pending == "card":
        return table.play(rng.choice(table.view().legal_cards), table.token)
    if pending == "stop":
        return table.stop(table.token) if rng.random() < 0.5 else table.play_on(table.token)
    if pending in ("deal", "deal_over"):
        return table.start_deal()
    raise AssertionError(pending)


def play_session(table: PlayTable, rng: random.Random, limit: int = 2000) -> None:
    for _ in range(limit):
        if table.pending == "session_over":
            return
        play_choice(table, rng)
    raise AssertionError("session did not end")


def table_at(pending: str, *, players: int = 4, offer_stop: bool = False, practice_undo: bool = False,
             need=lambda t: True, tries: int = 300) -> tuple[PlayTable, int]:
    """A random table stopped where ``pending`` is what it waits for and ``need(table)`` holds."""
    for attempt in range(tries):
        seed = SEED_RNG.randrange(10**6)
        rng = random.Random(seed)
        table = PlayTable.new(TableSetup(players=players, seat=rng.randint(1, players), seed=seed, deals=3,
                                         bots="random"), offer_stop=offer_stop, practice_undo=practice_undo)
        table.start_deal()
        for _ in range(200):
            if table.pending == pending and need(table):
                return table, seed
            if table.pending == "session_over":
                break
            play_choice(table, rng)
    raise AssertionError(f"no table reached {pending!r}")


def snapshot(table: PlayTable) -> tuple:
    st = table.state
    return (table.token, tuple(st.actions) if st else None, len(table.events), len(table.session.entries),
            json.dumps(table.to_record(), sort_keys=True))


# ------------------------------------------------------------------------ setup
def test_setup_defaults_and_seating():
    setup = TableSetup()
    assert (setup.players, setup.seat, setup.deals, setup.rotations) == (4, 1, 8, None)
    assert setup.bots == bot_levels()[0]
    s = TableSetup(players=6, seat=4, name="Ada", seed=3)
    names = s.names()
    assert len(names) == 6 and len(set(names)) == 6
    assert names[3] == "Ada" and names.count("Ada") == 1


@pytest.mark.parametrize("fields, key", [
    (dict(players=9), "play.players"),
    (dict(players=2), "play.players"),
    (dict(players="many"), "play.players"),
    (dict(players=5, seat=6), "play.seat"),
    (dict(seat=0), "play.seat"),
    (dict(name=""), "play.name"),
    (dict(name="<b>x</b>"), "play.name"),
    (dict(name="x" * 21), "play.name"),
    (dict(deals=0), "play.deals"),
    (dict(deals=41), "play.deals"),
    (dict(rotations=9, deals=None), "play.rotations"),
    (dict(bots="genius"), "play.bots"),
    (dict(seed=-1), "play.seed"),
    (dict(seed="abc"), "play.seed"),
    (dict(profile="poker"), "record.profile"),
])
def test_setup_refuses_bad_values(fields, key):
    with pytest.raises(SetupError) as info:
        TableSetup(**fields)
    assert info.value.key == key
    assert info.value.text("en")  # a sentence, not a key
    assert info.value.text("en") != key


def test_setup_check_reads_raw_widget_values():
    setup = TableSetup.check("5", 2, "  Kim  ", "rotations", "2", "random", " 17 ")
    assert (setup.players, setup.seat, setup.name, setup.rotations, setup.deals, setup.seed) == \
        (5, 2, "Kim", 2, None, 17)
    with pytest.raises(SetupError) as info:
        TableSetup.check(9, 1, "Kim", "deals", 8, "random", "")
    assert "not 9" in info.value.text("en")
    with pytest.raises(SetupError):
        TableSetup.check(4, 1, "Kim", "weeks", 8, "random", "")


def test_setup_from_page_parameters_keeps_defaults_for_bad_values():
    setup, problems = TableSetup.from_params({"seed": "1234", "players": "5", "seat": "3", "bots": "random",
                                             "deals": "2"})
    assert (setup.seed, setup.players, setup.seat, setup.bots, setup.deals) == (1234, 5, 3, "random", 2)
    assert problems == []
    setup, problems = TableSetup.from_params({"players": "9", "seed": "x1", "seat": "2", "rotations": "99"})
    assert setup.players == 4 and setup.seed is None and setup.seat == 2 and setup.deals == 8
    assert {p.key for p in problems} == {"play.players", "play.seed", "play.rotations"}


# --------------------------------------------------------------------- sessions
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_whole_sessions_with_every_table_size(players):
    seed = SEED_RNG.randrange(10**6)
    rng = random.Random(seed)
    level = rng.choice(bot_levels())
    table = PlayTable.new(TableSetup(players=players, seat=rng.randint(1, players), seed=seed, deals=3, bots=level),
                          offer_stop=rng.random() < 0.5)
    assert table.pending == "deal"
    table.start_deal()
    play_session(table, rng)
    rows = table.ledger()
    assert len(rows) == 3, seed
    for i, row in enumerate(rows):
        check_zero_sum(row.settlement)
        check_zero_sum(row.balances)
        assert row.dealer == table.players[(table.session.first_dealer + i) % players], seed
    balances = table.session.balances
    assert table.session.winners() == [p for p in table.players if balances[p] == max(balances.values())]
    with pytest.raises(IllegalAction) as info:
        table.start_deal()
    assert info.value.key == "play.session_over"


def test_bots_explain_every_move_and_tricks_are_narrated():
    table, seed = table_at("deal_over", need=lambda t: t.state.contract is not None and len(t.state.tricks) == 5)
    bot_events = [e for e in table.events if not e.by_learner]
    assert bot_events and all(e.reason is not None and e.reason.text("en") for e in bot_events), seed
    assert all(e.lines for e in table.events)
    keys = [x.key for e in table.events for x in e.lines]
    assert sum(k.startswith("explain.trick_") for k in keys) == 5, seed
    assert "explain.zero_sum" in keys
    # events are in action order and name who acted
    assert [e.index for e in table.events] == list(range(len(table.state.actions)))


def test_view_is_the_learners_seat_only():
    table, seed = table_at("card")
    view = table.view()
    assert view.seat == table.learner and view.name == table.name
    assert set(view.hand) == set(table.state.held[table.learner])
    assert view.legal_cards and set(view.legal_cards) <= set(view.hand)


def test_passed_out_deals_count_and_rotate_the_dealer():
    # the learner passes every time; with the bots that count sure tricks a passed-out deal comes soon
    for _ in range(200):
        seed = SEED_RNG.randrange(10**6)
        table = PlayTable.new(TableSetup(players=3, seed=seed, deals=1, bots=bot_levels()[0]))
        table.start_deal()
        if table.pending == "call":
            table.call("Pass", table.token)
        if table.state.passed_out:
            break
    else:
        pytest.fail("no passed-out deal in 200 tries")
    assert table.pending == "session_over" and len(table.session.entries) == 1
    row = table.last_row
    assert row.declarer is None and set(row.settlement.values()) == {0}, seed
    assert row.dealer == table.players[table.state.dealer]
    assert table.session.next_dealer == (table.state.dealer + 1) % table.session.n, seed


# ------------------------------------------------------------------- refusals
def test_refused_calls_change_nothing_and_speak_to_the_learner():
    table, seed = table_at("call", need=lambda t: not t.state.auction.bid_names() & {"Nap"})
    before = snapshot(table)
    with pytest.raises(IllegalCall) as info:
        table.call("Wellington", table.token)
    assert info.value.key == "you.call.requires"
    assert "needs a Nap before it" in info.value.text("en")
    with pytest.raises(IllegalCall) as info:
        table.call("Blucher", table.token)  # not on the british ladder: a pub bid (B6, issue 11)
    assert info.value.key == "call.other_profile"
    with pytest.raises(RuleError):
        table.call(Call("Misere"), table.token)
    with pytest.raises(IllegalCard) as info:
        table.play(table.view().hand[0], table.token)
    assert info.value.key == "card.auction_first"
    assert snapshot(table) == before, seed
    options = {o.call.name: o for o in table.call_options()}
    assert options["Pass"].legal and options["Wellington"].refusal.key == "you.call.requires"


def test_a_bid_not_higher_is_refused():
    table, seed = table_at("call", need=lambda t: t.state.auction.highest is not None)
    high = table.state.auction.highest[1].name
    before = snapshot(table)
    with pytest.raises(IllegalCall) as info:
        table.call(high, table.token)
    assert info.value.key == "you.call.not_higher", seed
    assert snapshot(table) == before


def test_refused_cards_change_nothing():
    def has_illegal(t: PlayTable) -> bool:
        v = t.view()
        return len(v.legal_cards) < len(v.hand)

    table, seed = table_at("card", need=has_illegal)
    view = table.view()
    illegal = next(c for c in view.hand if c not in view.legal_cards)
    before = snapshot(table)
    with pytest.raises(IllegalCard) as info:
        table.play(illegal, table.token)
    assert info.value.key == "you.card.must_follow", seed
    text = info.value.text("en")
    assert text.startswith("You hold ") and "you must follow" in text
    # a card in another hand and an unused card get the same answer: nothing leaks (B4)
    others = [c for s, h in enumerate(table.state.held) if s != table.learner for c in h]
    for card in (others[0], table.state.unused[0]):
        with pytest.raises(IllegalCard) as info:
            table.play(card.code, table.token)
        assert info.value.key == "you.card.not_held"
        assert "unused" not in info.value.text("en")
    for bad in ("XX", "", "11H", 42, None):
        with pytest.raises(RuleError):
            table.play(bad, table.token)
    assert snapshot(table) == before, seed
    assert table.card_refusal(illegal).key == "you.card.must_follow"
    assert table.card_refusal(view.legal_cards[0]) is None


def test_a_stale_token_is_refused_so_a_double_click_plays_one_card():
    table, seed = table_at("card")
    token = table.token
    card = table.view().legal_cards[0]
    table.play(card, token)
    after = snapshot(table)
    with pytest.raises(StaleAction):
        table.play(card, token)
    if table.pending == "card":
        with pytest.raises(StaleAction):
            table.play(table.view().legal_cards[0], token)
    assert snapshot(table) == after, seed
    assert sum(1 for e in table.events if e.by_learner and isinstance(e.action, Card)) == \
        sum(1 for s, c in table.state.cards_played if s == table.learner)


def test_no_move_before_a_deal_or_after_the_session():
    table = PlayTable.new(TableSetup(seed=1, deals=1, bots="random"))
    with pytest.raises(IllegalAction) as info:
        table.play("AS")
    assert info.value.key == "play.no_deal"
    with pytest.raises(IllegalAction):
        table.hint()
    table.start_deal()
    with pytest.raises(IllegalAction) as info:
        table.start_deal()
    assert info.value.key == "play.deal_running"
    play_session(table, random.Random(1))
    with pytest.raises(IllegalAction) as info:
        table.call("Pass")
    assert info.value.key == "play.session_over"


# --------------------------------------------------------------- undo and stop
def test_practice_undo_is_off_by_default():
    table, seed = table_at("card", need=lambda t: any(e.by_learner and isinstance(e.action, Card) for e in t.events))
    before = snapshot(table)
    with pytest.raises(IllegalAction) as info:
        table.undo()
    assert info.value.key == "play.undo_off"
    assert snapshot(table) == before


def test_practice_undo_takes_back_the_learners_card_and_the_replies():
    table, seed = table_at("card", practice_undo=True)
    hand = set(table.view().hand)
    actions = list(table.state.actions)
    events = list(table.events)
    card = table.view().legal_cards[-1]
    table.play(card, table.token)
    taken = table.undo()
    assert taken >= 1, seed
    assert table.state.actions == actions and table.events == events
    assert set(table.view().hand) == hand and table.pending == "card"
    table.play(card, table.token)  # the same card may be played again
    with pytest.raises(IllegalAction) as info:
        PlayTable.new(TableSetup(seed=1, bots="random"), practice_undo=True).undo()
    assert info.value.key == "play.undo_nothing"


def test_undo_after_the_last_card_reopens_the_deal():
    def last_card_next(t: PlayTable) -> bool:
        return len(t.view().hand) == 1

    table, seed = table_at("card", practice_undo=True, need=last_card_next)
    entries = len(table.session.entries)
    table.play(table.view().legal_cards[0], table.token)
    if table.pending in ("deal_over", "session_over"):
        assert len(table.session.entries) == entries + 1
        table.undo()
        assert len(table.session.entries) == entries, seed
        assert table.pending == "card" and len(table.view().hand) == 1


def test_early_stop_when_certain():
    table, seed = table_at("stop", offer_stop=True)
    st = table.state
    assert st.can_stop() and table.stop_offer
    certain = st.outcome()
    before = snapshot(table)
    if st.to_act != table.learner:
        with pytest.raises(IllegalAction) as info:
            table.play(table.view().hand[0], table.token)
        assert info.value.key == "play.stop_pending"
        assert snapshot(table) == before, seed
    table.stop(table.token)
    assert isinstance(table.state.actions[-1], Stop)
    assert table.pending in ("deal_over", "session_over")
    row = table.last_row
    assert row.made is certain and len(table.state.tricks) < 5, seed


def test_playing_on_declines_the_stop_and_all_five_tricks_are_played():
    table, seed = table_at("stop", offer_stop=True)
    rng = random.Random(seed)
    table.play_on(table.token)
    assert not table.stop_offer
    with pytest.raises(IllegalAction):
        table.stop(table.token)
    while table.pending in ("card", "stop"):
        play_choice(table, rng)
    assert len(table.state.tricks) == 5, seed


def test_stop_is_refused_when_not_offered_or_not_certain():
    table, seed = table_at("card", need=lambda t: t.state.can_stop())
    before = snapshot(table)
    with pytest.raises(IllegalAction) as info:
        table.stop(table.token)
    assert info.value.key == "play.stop_not_offered", seed
    table2, seed2 = table_at("card", offer_stop=True, need=lambda t: t.state.outcome() is None)
    with pytest.raises(IllegalAction) as info:
        table2.stop(table2.token)
    assert info.value.key in ("stop.not_certain", "stop.mid_trick"), seed2
    assert snapshot(table) == before


# ------------------------------------------------------------------------ coach
def test_the_coach_suggests_a_legal_move_with_a_reason():
    for pending in ("call", "card"):
        table, seed = table_at(pending)
        decision = table.hint()
        assert decision.reason.text("en")
        if pending == "call":
            assert decision.action in [o.call for o in table.call_options() if o.legal]
        else:
            assert decision.action in table.view().legal_cards
        assert coach_hint(table.view()).action == decision.action


# ---------------------------------------------------------------- save and load
def test_save_then_load_continues_the_session():
    seed = SEED_RNG.randrange(10**6)
    rng = random.Random(seed)
    table = PlayTable.new(TableSetup(players=5, seat=2, seed=seed, deals=4, bots="random"))
    table.start_deal()
    while len(table.session.entries) < 2:
        play_choice(table, rng)
    text = table.to_json()
    record = json.loads(text)
    assert record["format"] == "nap-session/1" and record["learner"] == table.name
    assert len(record["deals"]) == 2 and all("hands" in d and "auction" in d and "play" in d for d in record["deals"])
    loaded = PlayTable.from_json(text.encode("utf-8"))
    assert loaded.session.balances == table.ledger()[1].balances, seed
    assert loaded.players == table.players and loaded.learner == table.learner and loaded.bots == "random"
    assert loaded.pending == "deal"
    loaded.start_deal()
    fresh = PlayTable.new(TableSetup(players=5, seat=2, seed=seed, deals=4, bots="random"))
    fresh.session.entries.extend(loaded.session.entries[:2])
    fresh.start_deal()
    assert loaded.view().hand == fresh.view().hand and loaded.state.dealer == fresh.state.dealer, seed
    play_session(loaded, rng)
    assert len(loaded.ledger()) == 4


def test_replay_any_saved_deal():
    table, seed = table_at("deal_over", need=lambda t: t.state.contract is not None)
    number, state = table.played_deals()[-1]
    replayed, events = table.replay(number)
    assert len(events) == len(state.actions)
    assert [e.action for e in events] == state.actions
    assert replayed.result().settlement == table.last_row.settlement, seed
    assert events[-1].lines
    with pytest.raises(IllegalAction):
        table.replay(99)


def _record(**changes) -> dict:
    table = PlayTable.new(TableSetup(players=3, seed=5, deals=2, bots="random"))
    table.start_deal()
    rng = random.Random(5)
    while not table.session.entries:
        play_choice(table, rng)
    record = table.to_record()
    record.update(changes)
    return record


@pytest.mark.parametrize("data, error", [
    (b"{not json", RecordError),
    (b"\xff\xfe\x00garbage", RecordError),
    (b"[1, 2, 3]", RecordError),
    (b"{}", RecordError),
    (json.dumps({"format": "nap-hand/1"}).encode(), RecordError),
    (json.dumps(_record(players=["A", "B", "C", "D", "E", "F", "G", "H", "I"])).encode(), RecordError),
    (json.dumps(_record(learner="Zed")).encode(), RecordError),
    (json.dumps(_record(deals="lots")).encode(), RecordError),
    (b" " * (MAX_FILE_BYTES + 1), RecordError),
    (12, RecordError),
])
def test_malformed_session_files_are_refused(data, error):
    with pytest.raises(error) as info:
        PlayTable.from_json(data)
    assert info.value.text("en")


def test_a_record_that_breaks_a_rule_is_refused_with_where():
    record = _record()
    deal = record["deals"][0]
    if deal["play"]:
        deal["play"][1] = deal["play"][0]  # the same card twice
    else:
        deal["auction"] = ["Wellington"] + deal["auction"][1:]
    with pytest.raises((RuleError, RecordError)) as info:
        PlayTable.from_json(json.dumps(record))
    assert info.value.location is not None


def test_the_record_never_holds_the_unused_cards():
    table, seed = table_at("deal_over", need=lambda t: t.state.contract is not None)
    text = json.dumps(table.to_record())
    for deal, entry in zip(json.loads(text)["deals"], table.session.entries):
        named = {Card.parse(c) for cards in deal["hands"].values() for c in cards}
        assert named.isdisjoint(entry.state.unused), seed
        assert len(named) == 5 * table.session.n
    assert len(FULL_PACK) == 52


def test_a_pub_session_plays_saves_and_loads():
    seed = SEED_RNG.randrange(10**6)
    rng = random.Random(seed)
    table = PlayTable.new(TableSetup(players=4, seed=seed, deals=2, bots="random", profile="pub"), offer_stop=True)
    table.start_deal()
    if table.pending == "call":
        assert "Misere" in [o.call.name for o in table.call_options()]
    play_session(table, rng)
    assert all(not isinstance(a, Stop) for _n, st in table.played_deals() for a in st.actions), seed  # P6
    loaded = PlayTable.from_json(table.to_json())
    assert loaded.profile.name == "pub" and loaded.session.balances == table.session.balances


# ------------------------------------------------------------------ pub rules
def test_pub_setup_from_the_page_and_the_misere_option():
    from nap_teach.teach.play import PlayTable, TableSetup

    setup, problems = TableSetup.from_params({"profile": "pub", "misere": "10/5", "seed": "4"})
    assert problems == [] and setup.profile == "pub" and setup.misere_stakes == "10/5"
    table = PlayTable.new(setup)
    assert table.profile.contract("Misere").made == 10 and not table.profile.early_stop
    assert table.intro[0].rule == "P1"  # the first dealer is the lowest card drawn
    bad, problems = TableSetup.from_params({"profile": "bridge", "misere": "7/7"})
    assert bad.profile == "british" and [p.key for p in problems] == ["record.profile"]
    _pub, problems = TableSetup.from_params({"profile": "pub", "misere": "7/7"})
    assert [p.key for p in problems] == ["record.option"]
    british, problems = TableSetup.from_params({"misere": "10/5"})
    assert british.misere_stakes is None and problems == []  # no such option under the British rules


@pytest.mark.parametrize("learner", [0, 1])
def test_pub_extra_hand_among_tied_players_is_dealt_and_played(learner):
    from nap_teach.engine.profiles import PUB
    from nap_teach.engine.session import Session

    session = Session(("Sam", "Ada", "Ben", "Cleo"), 3, PUB, deals_target=1, seed=8)
    # Cleo deals, Sam speaks first; Ada bids Three and fails: Sam, Ben and Cleo are level
    session.add_scored(["Pass", "Three", "Pass", "Pass"], 2)
    assert session.tie_break_due == ("Sam", "Ben", "Cleo")
    table = PlayTable(session, learner, "random")
    assert table.pending == "deal"
    table.start_deal()
    assert table.state.players == ("Sam", "Ben", "Cleo")
    rng = random.Random(learner)
    if learner == 0:  # Sam plays the extra hand: from his seat in it
        assert table.you == 0 and table.view().seat == 0
    else:  # Ada is not in it: the bots play it out at once
        assert table.you is None and table.view() is None and table.pending in ("session_over", "deal")
    play_session(table, rng)
    rows = table.ledger()
    assert rows[-1].kind == "tie_break" or table.session.tie_break_due == ()
    assert all(r.settlement["Ada"] == 0 for r in rows[1:])
    assert table.session.is_over
    again = PlayTable.from_json(table.to_json())
    assert again.session.balances == table.session.balances
