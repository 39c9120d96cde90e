"""Class results (nap_teach.teach.traveller): one seeded game, many learners' files, a traveller per deal and a ledger."""
from __future__ import annotations

import csv
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nap_teach.engine.explain import Explanation
from nap_teach.words.i18n import translator
from nap_teach.teach.play import PlayTable, TableSetup
from nap_teach.teach.traveller import (COUNTED, DUPLICATE, FLAGGED, MAX_FILE_BYTES, REFUSED, ClassResults, class_query,
                                 read_submission)

EN, ES = translator("en"), translator("es")


@pytest.fixture(scope="module")
def three(class_session):
    """Three learners of one class link, each playing the seeded game their own way."""
    return [(f"{name}.json", class_session(name, policy=policy))
            for name, policy in (("Ann", "coach"), ("Ben", "pass"), ("Cat", "bold"))]


def words(outcome) -> list[str]:
    return [EN.explain(e) for e in outcome.reasons]


def test_three_learners_give_one_traveller_per_deal(three):
    results = ClassResults()
    assert [o.status for o in results.add_many(three)] == [COUNTED] * 3
    assert results.deal_numbers() == [1, 2, 3]
    for number in results.deal_numbers():
        lines = results.traveller(number)
        assert [line.learner for line in lines] == ["Ann", "Ben", "Cat"]
        for line, (_file, text) in zip(lines, three):
            row = json.loads(text)["deals"][number - 1]
            # the traveller says what the learner's own file says of that deal
            assert line.contract == next((c for c in reversed(row["auction"]) if c != "Pass"), None)
    # Cat bids the highest call she may every time: she declares every deal at her table
    assert all(line.by_learner and line.declarer == "Cat" for n in (1, 2, 3) for line in results.traveller(n)
               if line.learner == "Cat")
    # Ben always passes: he never declares
    assert not any(line.by_learner for n in (1, 2, 3) for line in results.traveller(n) if line.learner == "Ben")


def test_every_learner_sits_on_the_same_cards(three):
    subs = [read_submission(name, text) for name, text in three]
    for number in range(3):
        hands = {tuple(sub.session.entries[number].state.hands[0]) for sub in subs}
        assert len(hands) == 1  # seat 1 holds the same five cards at every table


def test_ledger_ranks_best_first_and_equal_totals_share_a_rank(three):
    results = ClassResults()
    results.add_many(three)
    ledger = results.ledger()
    assert [s.total for s in ledger] == sorted((s.total for s in ledger), reverse=True)
    totals = {s.learner: s.total for s in ledger}
    for s in ledger:
        assert s.rank == 1 + sum(1 for t in totals.values() if t > s.total)
    cat = next(s for s in ledger if s.learner == "Cat")
    assert cat.declared == 3 and cat.deals == 3


def test_a_file_of_another_seed_is_flagged_with_its_reason_and_not_mixed(three, class_session):
    results = ClassResults()
    results.add_many(three)
    before = results.ledger()
    outcome = results.add("Dan.json", class_session("Dan", seed=12))
    assert outcome.status == FLAGGED
    assert words(outcome) == ["Another game than the class's: listed here, not counted.", "seed 12 instead of 11"]
    assert results.ledger() == before
    assert "Dan" not in {line.learner for line in results.traveller(1)}


def test_another_profile_options_or_seat_are_flagged(three, class_session):
    results = ClassResults()
    results.add_many(three)
    pub = results.add("pub.json", class_session("Eve", profile="pub"))
    assert pub.status == FLAGGED and "the pub rules instead of the British rules" in words(pub)
    stakes = results.add("stakes.json", class_session("Fay", profile="pub", misere_stakes="10/5"))
    assert stakes.status == FLAGGED
    seat = results.add("seat.json", class_session("Gil", seat=2))
    assert words(seat)[1:] == ["seat 2 instead of 1"]
    longer = results.add("long.json", class_session("Hal", deals=4))
    assert words(longer)[1:] == ["a session of 4 deals instead of 3 deals"]
    assert {s.learner for s in results.ledger()} == {"Ann", "Ben", "Cat"}


def test_the_teacher_may_choose_the_game_of_fewer_files(three, class_session):
    results = ClassResults()
    results.add_many(three)
    results.add("Dan.json", class_session("Dan", seed=12))
    other = next(k for k, n in results.games() if n == 1)
    assert [n for _k, n in results.games()] == [3, 1]
    results.choose(other)
    assert [s.learner for s in results.ledger()] == ["Dan"]
    assert [o.status for o in results.outcomes()] == [FLAGGED, FLAGGED, FLAGGED, COUNTED]
    results.choose(None)
    assert {s.learner for s in results.ledger()} == {"Ann", "Ben", "Cat"}


def test_the_same_file_twice_counts_once(three):
    results = ClassResults()
    results.add_many(three)
    name, text = three[0]
    # the same session saved again (other spacing) is the same session
    again = results.add("copy.json", json.dumps(json.loads(text)))
    assert again.status == DUPLICATE and words(again) == [
        "The same session as Ann.json, which is already loaded: it counts once."]
    assert len(results.ledger()) == 3


def test_bad_files_are_refused_each_with_its_reason_and_the_rest_still_load(three):
    results = ClassResults()
    bad = [("broken.json", b"{not json"), ("list.json", b"[1, 2]"), ("hand.json", b'{"format": "nap-hand/1"}'),
           ("big.json", b" " * (MAX_FILE_BYTES + 1)), ("empty.json", b""), ("binary.json", b"\xff\xfe\x00")]
    outcomes = results.add_many(bad[:3] + three + bad[3:])
    assert [o.status for o in outcomes] == [REFUSED] * 3 + [COUNTED] * 3 + [REFUSED] * 3
    # in the teacher's words: what the file is, and which file to ask for instead
    assert words(outcomes[0])[0].startswith("This is not a session file (it cannot be read as JSON")
    assert words(outcomes[1]) == ["This is not a learner's session (list): ask the learner for the file named "
                                  "nap-session-….json (“Download the session” on the play page)."]
    assert words(outcomes[2]) == ["This is a single deal saved from “Your own deal” or a lesson, not a learner's "
                                  "session: ask the learner for the file named nap-session-….json (“Download the "
                                  "session” on the play page)."]
    assert "nap-session-….json" in words(outcomes[8])[0]  # bytes that are no text at all
    assert words(outcomes[6]) == [f"The file is too large for a session record ({MAX_FILE_BYTES + 1} bytes; "
                                  f"at most {MAX_FILE_BYTES})."]
    assert words(outcomes[7]) == ["The file is empty."]
    assert [s.learner for s in sorted(results.ledger(), key=lambda s: s.learner)] == ["Ann", "Ben", "Cat"]


def test_b11_a_file_where_a_card_breaks_a_rule_is_refused_saying_where(three):
    record = json.loads(three[0][1])
    deal = record["deals"][0]
    # swap two cards of the play: the replay breaks a rule (turn or following suit) in the first trick
    deal["play"][0], deal["play"][1] = deal["play"][1], deal["play"][0]
    results = ClassResults()
    outcome = results.add("edited.json", json.dumps(record))
    assert outcome.status == REFUSED
    assert len(outcome.reasons) == 2 and "deal 1" in EN.explain(outcome.reasons[1])
    assert results.ledger() == [] and results.outcomes()[0].status == REFUSED


def test_b3_a_file_whose_cards_are_not_the_seeds_is_refused(three):
    record = json.loads(three[1][1])
    record["seed"] = 99  # the deals were those of seed 11
    outcome = ClassResults().add("moved.json", json.dumps(record))
    assert outcome.status == REFUSED
    assert words(outcome) == ["Deal 1 is not the deal that seed 99 gives: the file was changed by hand or "
                              "made elsewhere."]


def test_a_session_without_seed_or_learner_or_deals_is_refused(three):
    record = json.loads(three[0][1])
    no_seed = {k: v for k, v in record.items() if k != "seed"}
    no_learner = {k: v for k, v in record.items() if k != "learner"}
    empty = PlayTable.new(TableSetup(players=4, seat=1, seed=11, deals=3, name="Zed")).to_json()
    results = ClassResults()
    out = results.add_many([("a", json.dumps(no_seed)), ("b", json.dumps(no_learner)), ("c", empty)])
    assert [o.status for o in out] == [REFUSED] * 3
    assert [o.reasons[0].key for o in out] == ["class.no_seed", "class.no_learner", "class.no_deals"]


def test_each_deal_is_given_as_dealt_at_the_first_table_that_played_it(three):
    results = ClassResults()
    results.add_many(three)
    for number in results.deal_numbers():
        state, table = results.dealt(number)
        first = results.counted()[0]
        assert state is first.session.entries[number - 1].state and table == results.labels()[id(first)]
        for sub in results.counted():  # every table got the same cards, seat by seat
            assert tuple(sub.session.entries[number - 1].state.hands) == tuple(state.hands)
    assert results.dealt(99) is None and ClassResults().dealt(1) is None


def test_refusals_read_in_spanish():
    outcome = ClassResults().add("x.json", b"")
    assert ES.explain(outcome.reasons[0]) != EN.explain(outcome.reasons[0])


def test_two_learners_of_the_same_name_are_told_apart(class_session):
    results = ClassResults()
    results.add_many([("one.json", class_session("Sam", policy="pass")),
                      ("two.json", class_session("Sam", policy="bold"))])
    assert sorted(s.learner for s in results.ledger()) == ["Sam (one.json)", "Sam (two.json)"]


def test_csv_has_a_line_per_deal_and_table_and_the_ledger(three):
    results = ClassResults()
    results.add_many(three)
    rows = list(csv.reader(io.StringIO(results.traveller_csv(EN))))
    assert rows[0] == ["Deal", "Learner", "Declarer", "Call", "Tricks", "Result", "Score", "Total"]
    assert len(rows) == 1 + 3 * 3
    for learner in ("Ann", "Ben", "Cat"):
        mine = [r for r in rows[1:] if r[1] == learner]
        assert int(mine[-1][7]) == sum(int(r[6]) for r in mine)
    ledger = list(csv.reader(io.StringIO(results.ledger_csv(ES))))
    assert ledger[0][1] != "Learner" and len(ledger) == 4
    assert {r[1] for r in ledger[1:]} == {"Ann", "Ben", "Cat"}


def test_csv_cells_never_start_a_spreadsheet_formula(class_session):
    results = ClassResults()
    results.add("f.json", class_session("=SUM(A1)"))
    rows = list(csv.reader(io.StringIO(results.traveller_csv(EN))))
    assert rows[1][1] == "'=SUM(A1)" and any(r[6].startswith("-") or r[6].isdigit() for r in rows[1:])


def test_class_query_keeps_every_setting_of_the_game():
    query = class_query(7, "pub", "es", 5, 2, "rotations", 1, "random", "bold", "10/5")
    setup, problems = TableSetup.from_params(dict(p.split("=") for p in query.replace("%2F", "/").split("&")))
    assert problems == []
    assert (setup.seed, setup.profile, setup.players, setup.seat, setup.rotations, setup.bots, setup.style,
            setup.misere_stakes) == (7, "pub", 5, 2, 1, "random", "bold", "10/5")


def test_game_key_describes_itself():
    from nap_teach.teach.traveller import GameKey

    key = GameKey(3, "british", (), 4, 1, ("deals", 8), "simple", "normal")
    assert EN.explain(key.describe()) == "seed 3, the British rules, 4 players, the learner in seat 1, 8 deals"
    assert isinstance(key.describe(), Explanation)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(policies=st.lists(st.sampled_from(["coach", "pass", "bold", "random:1", "random:2", "random:3"]),
                         min_size=1, max_size=4),
       seed=st.integers(0, 50), deals=st.integers(1, 3))
def test_any_class_of_one_seed_has_totals_equal_to_the_sum_of_its_deals(class_session, policies, seed, deals):
    results = ClassResults()
    for i, policy in enumerate(policies):
        results.add(f"{i}.json", class_session(f"L{i}", seed=seed, policy=policy, deals=deals))
    per_deal: dict[str, int] = {}
    for number in results.deal_numbers():
        for line in results.traveller(number):
            per_deal[line.learner] = per_deal.get(line.learner, 0) + line.score
            assert line.total == per_deal[line.learner]
    ledger = results.ledger()
    assert {s.learner: s.total for s in ledger} == per_deal
    assert all(o.status in (COUNTED, DUPLICATE) for o in results.outcomes())
    names, history = results.history()
    assert history[0] == {n: 0 for n in names} and history[-1] == per_deal


def test_a_file_nested_too_deeply_is_refused_as_not_json():
    outcome = ClassResults().add("deep.json", b"[" * 100_000)
    assert outcome.status == REFUSED and outcome.reasons[0].key == "class.not_json"


_ODD_VALUES = st.sampled_from([None, 1, -1, 10**30, "x", "", [], {}, True, 1.5, ["AS"], {"a": 1}, "Ann", "Pass"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_mangled_file_is_counted_flagged_or_refused_and_never_raises(three, data):
    record = json.loads(three[0][1])
    for _ in range(data.draw(st.integers(1, 3))):
        node = record
        while True:  # walk down to a random dict or list and change one of its values
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = data.draw(st.sampled_from(keys))
            child = node[key]
            if isinstance(child, (dict, list)) and child and data.draw(st.booleans()):
                node = child
                continue
            if data.draw(st.booleans()):
                node[key] = json.loads(json.dumps(data.draw(_ODD_VALUES)))  # a copy: later steps may change it
            elif isinstance(node, dict):
                del node[key]
            else:
                node.pop(key)
            break
    results = ClassResults()
    outcome = results.add("mangled.json", json.dumps(record))
    assert outcome.status in (COUNTED, FLAGGED, REFUSED)
    if outcome.status == REFUSED:
        assert outcome.reasons and all(EN.explain(e) for e in outcome.reasons) and results.ledger() == []
