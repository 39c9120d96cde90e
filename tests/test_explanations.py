"""Every explanation right (issue 11): rule citations, narration, session summaries and Spanish terms.

Each test is named after the rule whose explanation it checks; each failed
before the fix (the explanation was wrong, misleading or badly worded).
"""
from __future__ import annotations

import copy
import io
import json
import re
import shlex
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import nap_teach
from nap_teach.engine.auction import PASS
from nap_teach.ai.bots.coach import hint
from nap_teach.ai.bots.simple import SimpleBot
from nap_teach.engine.cards import parse_cards
from nap_teach.app.cli import main
from nap_teach.engine.explain import IllegalAction, IllegalCall, RecordError
from nap_teach.words.i18n import translator
from nap_teach.teach.lesson import HAD_FEWER, default_lesson
from nap_teach.engine.narrate import explain_action
from nap_teach.engine.profiles import PUB, VARIATIONS
from nap_teach.teach.quiz import generate
from nap_teach.engine.records import hand_from_record, load_hand
from nap_teach.engine.session import Session
from nap_teach.engine.state import DealState
from nap_teach.teach.trainers import judge_trick

ROOT = Path(__file__).resolve().parents[1]
WORKED_FILE = Path(nap_teach.__file__).parent / "data" / "hands" / "worked_deal.json"
WORKED = json.loads(WORKED_FILE.read_text())
PO = ROOT / "nap_teach" / "locale" / "es" / "LC_MESSAGES" / "nap_teach.po"
EN, ES = translator("en"), translator("es")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def write(tmp_path: Path, record: dict, name: str = "record.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def worked(**changes) -> dict:
    record = copy.deepcopy(WORKED)
    record.update(changes)
    return record


def session_record(deals, **changes) -> dict:
    record = {"format": "nap-session/1", "players": ["A", "B", "C", "D"], "first_dealer": "D", "deals": deals}
    record.update(changes)
    return record


PUB_HANDS = {"A": ["AH", "KH", "QH", "AS", "2C"], "B": ["JH", "10H", "KS", "AC", "KD"],
             "C": ["9H", "8H", "QS", "QC", "QD"], "D": ["7H", "6H", "JS", "JC", "JD"]}


# ------------------------------------------------------------ 1. unfinished sessions
def test_b17_an_unfinished_session_names_who_leads_and_the_deals_left_not_a_winner(tmp_path):
    path = write(tmp_path, session_record([{"auction": ["Three", "Pass", "Pass", "Pass"], "declarer_tricks": 1}]))
    code, out, _ = run("session", path)
    assert code == 0
    assert "Winner" not in out and "Final balances" not in out
    assert out.splitlines()[-1] == ("The session is not over: B, C and D are level in the lead with +3, "
                                    "and 7 deals are still to play.")
    data = json.loads(run("session", "--json", path)[1])
    assert data["finished"] is False and "winners" not in data
    assert data["leaders"] == ["B", "C", "D"] and data["deals_played"] == 1 and data["deals_left"] == 7
    es = run("--lang", "es", "session", path)[1]
    assert "Ganador" not in es and "aún quedan 7 manos por jugar" in es


def test_b17_a_finished_session_names_its_winner_in_words_and_json(tmp_path):
    deals = [{"auction": ["Three", "Pass", "Pass", "Pass"], "declarer_tricks": 3}]
    path = write(tmp_path, session_record(deals, deals_target=1))
    assert run("session", path)[1].splitlines()[-1] == "Winner: A."
    data = json.loads(run("session", "--json", path)[1])
    assert data["finished"] is True and data["winners"] == ["A"] and data["deals_left"] == 0


def test_p8_the_standing_of_an_unfinished_pub_session_counts_only_the_agreed_deals():
    s = Session(("Ann", "Ben", "Cat", "Dan"), 0, PUB, deals_target=3)
    s.add_misdeal()
    s.add_scored(["Nap", "Pass", "Pass", "Pass"], 5)  # Ben speaks first: Ben bids Nap and makes it
    standing = s.standing()
    assert standing.rule == "P8" and standing.key == "session.leads"
    assert EN.explain(standing) == "The session is not over: Ben leads with +30, and 2 deals are still to play."


def test_b17_the_play_page_says_who_leads_until_the_session_is_over():
    from nap_teach.teach.play import TableSetup
    from nap_teach.ui.play import PlayApp

    app = PlayApp(setup=TableSetup(players=4, seat=1, seed=7, deals=2, bots="simple"))
    app.setup.start.click()
    table = app.table
    while table.pending not in ("deal", "deal_over", "session_over"):
        if table.pending == "call":
            next(b for b in app.auction.buttons.values() if not b.disabled).click()
        elif table.pending == "card":
            state = app.board.view.state  # a playable card tapped on the card table
            card = next(c["code"] for c in state["hand"] if c["legal"])
            app.board.receive({"type": "play", "card": card, "token": state["token"]})
        else:
            app.actions.play_on.click()
    assert len(table.ledger()) == 1 and not table.session.is_over
    text = app.ledger.winners.value
    assert "The session is not over" in text and "1 deal is still to play" in text
    assert "Winner" not in text and "winner is" not in text


def test_b17_the_scorekeeper_says_who_leads_and_how_many_deals_are_left():
    from nap_teach.ui.scorekeeper import ScorekeeperApp

    app = ScorekeeperApp()
    app.setup.players.value = "Ann\nBen\nCat\nDan"
    app.setup.first.value = "Dan"
    app.setup.start.click()
    for (_who, what), call in zip(app.deal.rows, ["Four", "Pass", "Pass", "Pass"]):
        what.value = call
    app.deal.tricks.value = 4
    app.deal.submit.click()
    text = app.ledger.winners.value
    assert "Ann leads with +12, and 7 deals are still to play" in text and "Winner" not in text


# ------------------------------------------------------------ 2. misdeals
def test_p2_a_misdeal_is_not_numbered_as_a_deal(tmp_path):
    deals = [{"auction": ["Three", "Pass", "Pass", "Pass"], "declarer_tricks": 3},
             {"misdeal": True},
             {"auction": ["Pass", "Pass", "Pass", "Pass"]}]
    path = write(tmp_path, session_record(deals, profile="pub", deals_target=2))
    lines = run("session", path)[1].splitlines()
    numbered = [line for line in lines if line.startswith("Deal ")]
    assert [line.split(" (")[0] for line in numbered] == ["Deal 1", "Deal 2"]
    assert any(line.startswith("Misdeal: A deals again.") for line in lines)
    assert "Deal 3" not in "\n".join(lines)


def test_p2_the_scorekeeper_numbers_only_the_deals_that_count():
    from nap_teach.ui.scorekeeper import ScorekeeperApp

    app = ScorekeeperApp.from_environment({"QUERY_STRING": "profile=pub&players=Ann,Ben,Cat,Dan"})
    app.setup.first.value = "Dan"
    app.setup.start.click()
    app.deal.misdeal.click()
    for (_who, what), call in zip(app.deal.rows, ["Four", "Pass", "Pass", "Pass"]):
        what.value = call
    app.deal.tricks.value = 4
    app.deal.submit.click()
    assert app.status.text.startswith("Deal 1 entered.")
    body = app.ledger.table.value.split("<tbody>")[1]
    assert re.findall(r"<tr class='nap-sk-row-\d+'><td>([^<]*)</td>", body) == ["—", "1"]
    assert [label for label, _index in app.ledger.pick.options] == ["Deal 1"]
    assert "Deal 2 of 8" in app.deal.heading.value


# ------------------------------------------------------------ 3. Misère
def misere_deal() -> DealState:
    hands = [parse_cards(h) for h in ("KH 2C 3D 4S 6C", "AS KS QS JS 10S", "9H 8H 7C 2D 3H")]
    state = DealState(("Ann", "Ben", "Cat"), 2, hands, PUB)
    state.replay(["Misere", "Pass", "Pass"])
    return state


def test_p4_a_failed_misere_is_lost_by_the_first_trick_not_a_missed_target():
    state = misere_deal().replay(["KH", "AS", "9H"])  # Ann, the declarer, takes trick 1
    said = explain_action(state, len(state.actions) - 1)
    won, lost = said[-3], said[-1]
    assert (won.rule, won.key) == ("P4", "explain.trick_no_trump")
    assert EN.explain(won) == ("Ann takes trick 1 with K♥, the highest card of the suit led (hearts): "
                               "in Misère there is no trump.")
    assert (lost.rule, lost.key) == ("P4", "explain.misere_lost")
    assert EN.explain(lost) == "Ann has taken a trick: in Misère the declarer must take none, so the contract is lost."
    assert all(e.rule != "B12" for e in said if e.key.startswith("explain.trick"))


def test_p4_a_card_of_another_suit_in_misere_cannot_win():
    state = misere_deal().replay(["KH"])
    state.apply("AS")  # Ben has no hearts
    first = explain_action(state, len(state.actions) - 1)[0]
    assert first.rule == "B11" and first.key == "explain.discard_no_trump"  # allowed when void (B11)
    assert EN.explain(first).endswith("Ben throws A♠, which cannot win: only a card of the suit led can.")


# ------------------------------------------------------------ 4. whose call, whose card
def test_b5_a_refused_call_in_a_record_names_the_player_who_made_it(tmp_path):
    path = write(tmp_path, worked(auction=["Pass", "Four", "Pass", "Pass", "Four"], play=[]))
    code, _, err = run("replay", path)
    assert code == 1 and ": call 5, by A: " in err  # A speaks first and again fifth; B is the declarer


def test_b9_a_card_after_a_passed_out_auction_names_its_holder(tmp_path):
    path = write(tmp_path, worked(auction=["Pass"] * 4, play=["KS"]))
    code, _, err = run("replay", path)
    assert code == 1 and ": card 1 (trick 1), by B: " in err and "?" not in err and err.rstrip().endswith("[B9]")


# ------------------------------------------------------------ 5. B5 or B8
def test_b8_a_second_call_after_a_pass_cites_b8():
    state = DealState(("A", "B", "C", "D"), 3, [parse_cards(h) for h in PUB_HANDS.values()])
    state.apply("Pass")
    with pytest.raises(IllegalAction) as info:
        state.apply("Four", seat=0)
    assert info.value.rule == "B8" and "A has passed, and a pass is final" in info.value.text()
    state.replay(["Four", "Pass", "Pass"])  # the auction is over: A calls again
    with pytest.raises(IllegalAction) as info:
        state.apply("Nap")
    assert info.value.rule == "B8" and "A has passed" in info.value.text()


def test_b5_a_second_call_after_a_bid_cites_b5_not_a_pass_is_final():
    state = DealState(("A", "B", "C", "D"), 3, [parse_cards(h) for h in PUB_HANDS.values()])
    state.apply("Three")
    with pytest.raises(IllegalAction) as info:
        state.apply("Four", seat=0)
    assert info.value.rule == "B5" and info.value.text() == (
        "A has already bid Three: each player speaks exactly once, so A cannot speak again.")
    state.replay(["Pass", "Pass", "Pass"])
    with pytest.raises(IllegalAction) as info:
        state.apply("Pass")  # A again, after the auction
    assert info.value.rule == "B5" and "pass is final" not in info.value.text()
    with pytest.raises(IllegalAction) as info:
        state.auction.after(PASS)  # the same refusal from the auction value
    assert info.value.rule == "B5" and info.value.key == "call.auction_over_bid"


# ------------------------------------------------------------ 6. the highest trump
def test_b12_a_trick_of_trumps_is_won_by_the_highest_trump():
    state = load_hand(WORKED_FILE.read_text())
    for index in (7, 11, 15):  # tricks 1-3: hearts led, hearts trump
        won = [e for e in explain_action(state, index) if e.key.startswith("explain.trick_")][0]
        assert won.rule == "B12" and won.key == "explain.trick_trump_led"
        assert "the highest trump" in EN.explain(won) and "suit led" not in EN.explain(won)
    fifth = [e for e in explain_action(state, 23) if e.key.startswith("explain.trick_")][0]
    assert fifth.key == "explain.trick_led"  # clubs led, no trump played: the highest club


def test_b12_a_quiz_answer_for_a_trick_of_trumps_names_the_highest_trump():
    judged = judge_trick(("Ann", "Ben", "Cat"), parse_cards("9H")[0].suit, parse_cards("9H KH 2H"))
    assert judged.winner_name == "Ben" and judged.explanation.key == "explain.trick_trump_led"
    assert "the highest trump" in EN.explain(judged.explanation)


def test_b12_a_discard_of_another_suit_says_that_it_cannot_win():
    state = load_hand(WORKED_FILE.read_text())
    discard = explain_action(state, 13)[0]  # trick 3: B throws K♦ on hearts
    assert EN.explain(discard).endswith("B throws K♦, which is not a trump and cannot win.")


# ------------------------------------------------------------ 7. the lesson's hypothesis
def test_b15_the_lesson_keeps_what_if_a_had_taken_three_conditional():
    step = default_lesson().steps[-1]
    assert step.kind == HAD_FEWER
    for lang in ("en", "es"):
        said = " ".join(translator(lang).explain(e) for e in step.explanations)
        assert "has failed" not in said and "ha fallado" not in said
    said = " ".join(EN.explain(e) for e in step.explanations)
    assert "would pay 4 to each opponent, 12 in all" in said and "would add up to zero" in said


# ------------------------------------------------------------ 8. P6: no early stop
def pub_record(cards: int) -> dict:
    return {"format": "nap-hand/1", "profile": "pub", "players": ["A", "B", "C", "D"], "dealer": "D",
            "hands": PUB_HANDS, "auction": ["Three", "Pass", "Pass", "Pass"], "play": WORKED["play"][:cards]}


def test_p6_a_pub_deal_stopped_before_five_tricks_is_not_settled(tmp_path):
    path = write(tmp_path, pub_record(12))  # A has three tricks: Three is sure, but P6 plays on
    code, out, _ = run("replay", path)
    assert code == 0 and "Settlement:" not in out and "certain to be made" not in out
    assert out.splitlines()[-1].endswith("so the deal cannot be settled yet. [P6]")
    assert json.loads(run("replay", "--json", path)[1])["settlement"] is None
    state = hand_from_record(pub_record(12))
    session = Session(state.players, state.dealer, PUB)
    with pytest.raises(IllegalAction) as info:
        session.add_played(state)
    assert info.value.rule == "P6" and info.value.key == "session.play_all_five" and session.entries == []
    session.add_played(hand_from_record(pub_record(20)))  # all five tricks: settled
    assert session.balances["A"] == 9


# ------------------------------------------------------------ 9. bidding advice
def test_b6_the_bots_bid_reason_is_an_estimate_and_shows_it():
    state = DealState(("A", "B", "C", "D"), 3, [parse_cards(h) for h in
                                                ("AS KS QS 7H 2D", "JH 10H 9C 8D 3C", "QH 9H 4C 5D 6S",
                                                 "7S 6H 5C 4D 2S")])
    decision = SimpleBot().decide(state.view(0))
    assert not decision.action.is_pass
    said = EN.explain(decision.reason)
    assert re.search(r"about \d+%", said) and "counts on" not in said and "sure" not in said
    coach = EN.explain(hint(state.view(0)).reason)
    assert re.search(r"about \d+%", coach) and "count on" not in coach


def test_b6_a_pass_on_a_likely_but_risky_hand_says_the_estimate():
    hands = [parse_cards("8H 7H KC 7C 8C"), [], [], []]
    decision = SimpleBot().decide(DealState(("A", "B", "C", "D"), 3, hands).view(0))
    assert decision.action.is_pass and decision.reason.key == "bot.pass_risky"
    assert EN.explain(decision.reason) == ("A passes: K♣, 8♣ and 7♣ may well win, "
                                           "but the chance of making Three is only about 53%.")


def test_p4_the_bots_misere_reason_calls_no_high_card_low():
    hands = [parse_cards("JC 2S 3H 2D 4D"), [], [], []]
    decision = SimpleBot().decide(DealState(("A", "B", "C", "D"), 3, hands, PUB).view(0))
    assert decision.action.name == "Misere" and decision.reason.rule == "P4"
    said = EN.explain(decision.reason)
    assert "low cards" not in said and re.search(r"about \d+%", said)  # J♣ is not a low card: say the estimate


def test_b6_the_simple_bot_level_is_described_as_an_estimate():
    assert EN.bot_level("simple") == "Simple: estimates its likely tricks"
    assert "sure" not in EN.bot_level("simple")


# ------------------------------------------------------------ 10. a call of the other rules
def test_b6_misere_in_a_british_record_cites_b6_and_the_pub_rules(tmp_path):
    path = write(tmp_path, worked(auction=["Pass", "Misere", "Pass", "Pass"], play=[]))
    code, _, err = run("replay", path)
    assert code == 1 and err.rstrip().endswith("[B6]")
    assert "call 2, by B: “Misère” is not a bid under the British rules: Misère belongs to the pub rules" in err
    with pytest.raises(IllegalCall) as info:
        DealState(("A", "B", "C", "D"), 3, [parse_cards(h) for h in PUB_HANDS.values()]).apply("Misere")
    assert info.value.rule == "B6" and "pub rules" in info.value.text()
    assert "reglas de pub" in info.value.text("es")


# ------------------------------------------------------------ 11. a card out of turn
def test_b12_a_card_out_of_turn_says_whose_turn_it_is_and_why(tmp_path):
    path = write(tmp_path, worked(play=WORKED["play"][:16] + ["AC"]))  # A won trick 4 and leads; A♣ is B's
    code, _, err = run("replay", path)
    assert code == 1
    assert err.split(": ", 1)[1].rstrip() == (
        "card 17 (trick 5), by B: It is A's turn to lead, not B's: A won the last trick, "
        "and the winner leads the next one. [B12]")
    assert "[B3]" not in err and "does not hold" not in err


def test_b10_a_defenders_card_before_the_first_lead_names_the_declarer():
    state = hand_from_record(worked(play=[]))
    why = state.refusal(parse_cards("JH")[0])
    assert why.rule == "B10" and EN.explain(why) == (
        "It is A's turn to lead, not B's: A is the declarer, and the declarer leads to the first trick.")


def test_b11_a_card_already_played_is_not_a_deal_rule():
    state = load_hand(WORKED_FILE.read_text())
    state.undo()
    why = state.refusal(parse_cards("KS")[0])
    assert why.rule == "B11" and EN.explain(why) == "K♠ was already played, in trick 4: D does not hold it."
    assert ES.explain(why) == "K♠ ya se jugó, en la baza 4: D no la tiene."


# ------------------------------------------------------------ wording: plurals, names, lesson
def test_b17_one_trick_is_singular_in_the_session_summary(tmp_path):
    path = write(tmp_path, session_record([{"auction": ["Three", "Pass", "Pass", "Pass"], "declarer_tricks": 1}]))
    assert "A Three, 1 trick, failed" in run("session", path)[1]
    assert "1 baza" in run("--lang", "es", "session", path)[1] and "1 bazas" not in run("--lang", "es", "session", path)[1]


def test_p9_variation_names_in_quiz_answers_come_from_the_catalogue():
    seen = set()
    for number in range(40):
        q = generate("variation", 3, PUB, number)
        for lang in ("en", "es"):
            text = translator(lang).explain(q.prompt) + " " + translator(lang).explain(q.explanation)
            assert not any(v in text for v in VARIATIONS), text
            assert "british" not in text and "“pub”" not in text
        seen.add(q.prompt.facts["variation"])
    assert seen == set(VARIATIONS)
    answer = ES.explain(generate("variation", 3, PUB, 0).explanation)
    assert answer.endswith("las reglas de aquí son las reglas británicas y las reglas de pub.")
    assert ES.variation_name("seven-card") == "Nap de siete cartas"


def test_p9_profile_names_are_words_for_people_in_both_languages(tmp_path):
    code, out, _ = run("--lang", "es", "replay", str(WORKED_FILE))
    assert out.splitlines()[0].startswith("Reglas: Reglas británicas.") and "british" not in out
    with pytest.raises(RecordError) as info:
        hand_from_record(worked(profile="pub"), "british")
    assert info.value.text("es") == "El registro sigue las reglas de pub, no las reglas británicas como se pidió."
    assert "british" not in info.value.text("en") and "british" not in info.value.text("es")


def test_b5_the_first_speaker_may_pass_or_bid_one_of_the_bids():
    first_call = default_lesson().steps[1]
    said = " ".join(EN.explain(e) for e in first_call.explanations)
    assert "may pass or bid Three, Four or Nap." in said
    assert "puede pasar o anunciar Three, Four o Nap." in " ".join(ES.explain(e) for e in first_call.explanations)


def test_b10_the_first_card_played_sets_trump():
    state = load_hand(WORKED_FILE.read_text())
    lead = explain_action(state, 4)[0]
    assert EN.explain(lead) == ("A leads A♥. The first card played in a deal sets trump: "
                                "hearts are trump until the deal ends.")


def test_p4_plain_words_for_drawing_trumps_and_a_misere_trick_the_declarer_escapes():
    from nap_teach.engine.messages import MESSAGES

    for key in ("bot.draw_trumps", "hint.draw_trumps", "bot.shed_high", "hint.shed_high"):
        text = MESSAGES[key]
        assert "still out" not in text and "has already lost this trick" not in text


def test_readme_simulate_example_runs():
    readme = (ROOT / "README.md").read_text()
    line = next(l for l in readme.splitlines() if l.startswith("python -m nap_teach simulate"))
    argv = shlex.split(line.split("#")[0])[3:]
    argv[argv.index("--deals") + 1] = "20"  # the same command, fewer deals
    code, out, err = run(*argv)
    assert code == 0 and err == "" and out.startswith("20 deals, 4 players, British rules, seed 1.")


def test_readme_points_to_no_rules_outside_the_repository():
    readme = (ROOT / "README.md").read_text()
    assert "digest" not in readme and "../" "shared" not in readme and "seed 004" not in readme


# ------------------------------------------------------------ Spanish
@pytest.fixture(scope="module")
def spanish():
    return read_po(PO.open("rb"))


def _pairs(spanish):
    for m in spanish:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        yield ids[0], " ".join(strings), m.context


def test_b15_spanish_fallar_means_to_trump_never_a_failed_contract(spanish):
    wrong = [(en, es) for en, es, _ctx in _pairs(spanish)
             if re.search(r"\bfail", en, re.I) and re.search(r"fall", es, re.I)]
    assert wrong == []
    # "X trumps with a card" is a ruff (fallar); "draw the trumps with a card" is not
    trumping = [es for en, es, _ctx in _pairs(spanish)
                if re.search(r"(?<!the )\btrumps? with\b|could have trumped", en)]
    assert trumping and all("falla" in es for es in trumping)


def test_b13_spanish_certain_to_be_made_is_asegurado(spanish):
    found = [es for en, es, _ctx in _pairs(spanish) if "certain to be made" in en or "sure to be made" in en]
    assert found and all("el contrato ya está asegurado" in es for es in found)


def test_b10_spanish_trump_is_reads_triunfo(spanish):
    found = [es for en, es, _ctx in _pairs(spanish) if en.startswith("Trump is {trump}.")]
    assert len(found) == 3 and all(es.startswith("Triunfo: {trump}.") for es in found)


def test_b11_spanish_follow_suit_is_asistir_a_a_suit(spanish):
    found = [es for en, es, _ctx in _pairs(spanish) if en.startswith("Your turn: {suit} were led")]
    assert found == ["Tu turno: han salido {suit}, así que asiste a {suit}."]
    assert not any("asiste con {one}" in es for _en, es, _ctx in _pairs(spanish))


def test_b11_spanish_no_duty_to_overtrump_is_sobrefallar(spanish):
    found = [es for en, es, _ctx in _pairs(spanish) if "beat a trump already played" in en]
    assert found and all("ni sobrefallar" in es for es in found)


def test_b12_spanish_win_cheaply_is_lo_justo(spanish):
    found = [es for en, es, _ctx in _pairs(spanish) if "just enough to beat" in en]
    assert found and all("lo justo" in es for es in found)
    assert not any("barat" in es for _en, es, _ctx in _pairs(spanish))


def test_p7_spanish_reneged_is_hizo_renuncio(spanish):
    found = [es for en, es, _ctx in _pairs(spanish) if en.startswith("Reneged")]
    assert len(found) == 2 and all(es.startswith("Hizo renuncio") for es in found)


def test_p1_spanish_aces_low_is_el_as_cuenta_como_carta_baja(spanish):
    found = [es for en, es, _ctx in _pairs(spanish) if "aces low" in en or "ace counts low" in en]
    assert found and all("el as cuenta como carta baja" in es for es in found)
    assert not any("el as es la más baja" in es or "el as es bajo" in es for _en, es, _ctx in _pairs(spanish))
    draw = ES.explain(nap_teach.engine.explain.Explanation("P1", "first_dealer.low_card",
                                                    {"dealer": "Ann", "card": parse_cards("4D")[0]}))
    assert "4♦; el as cuenta como carta baja" in draw


def test_b1_spanish_a_range_of_players_is_entre_y(spanish):
    found = [es for en, es, _ctx in _pairs(spanish) if "for {low} to {high} players" in en]
    assert found and all("para entre {low} y {high} jugadores" in es for es in found)


def test_p4_spanish_no_trick_needed_is_ninguna():
    from nap_teach.words.rulebook import stakes_table_html

    table = stakes_table_html(PUB, ES)
    misere = re.search(r"data-contract='Misere'>.*?</tr>", table).group(0)
    assert "<td>ninguna</td>" in misere
    assert ES.gettext("none") == "ninguno"  # a trump: masculine


def test_b15_spanish_stakes_have_one_name(spanish):
    stakes = [es for en, es, _ctx in _pairs(spanish) if re.search(r"\bstakes?\b|tariff", en, re.I)]
    assert stakes and not any("tarifa" in es.lower() for es in stakes)
    assert ES.gettext("Stakes") == "Pagos" and ES.gettext("Stakes in ledger points, per opponent").startswith("Pagos")


def test_p9_spanish_no_table_options_is_ninguna():
    from nap_teach.ui.explorer import ExplorerApp

    table = ExplorerApp(lang="es", profile=PUB, section="compare").compare.table.value
    row = re.search(r"Opciones de mesa</th><td>([^<]*)</td>", table)
    assert row is not None and row.group(1) == "ninguna"  # British rules: no table options


def test_b6_spanish_simulation_table_columns_line_up():
    code, out, _ = run("--lang", "es", "simulate", "--players", "4", "--deals", "10", "--seed", "1")
    lines = out.splitlines()
    head = lines[2]
    rows = [line for line in lines[3:] if line.startswith("  Three") or line.startswith("  Four")]
    assert code == 0 and rows and all(len(row) == len(head) for row in rows)  # numbers end under their heading
