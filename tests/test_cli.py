"""Command line: ``python -m nap_teach replay|session FILE [--json]`` and its exit codes."""
from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import nap_teach
from nap_teach.app.cli import main

WORKED_FILE = Path(nap_teach.__file__).parent / "data" / "hands" / "worked_deal.json"
WORKED = json.loads(WORKED_FILE.read_text())
FULL_DEAL = {"hands": WORKED["hands"], "auction": WORKED["auction"], "play": WORKED["play"]}


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    assert "Traceback" not in err.getvalue() and "Traceback" not in out.getvalue()
    return code, out.getvalue(), err.getvalue()


def write(tmp_path: Path, name: str, record) -> str:
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return str(path)


def worked(**changes) -> dict:
    record = copy.deepcopy(WORKED)
    record.update(changes)
    return record


def session(deals, **changes) -> dict:
    record = {"format": "nap-session/1", "players": ["A", "B", "C", "D"], "first_dealer": "D", "deals": deals}
    record.update(changes)
    return record


# ---------------------------------------------------------------- replay
def test_replay_narrates_the_worked_deal():
    code, out, err = run("replay", str(WORKED_FILE))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Rules: British rules. Players clockwise: A, B, C, D. D deals."
    assert "  A: A♠ A♥ K♥ Q♥ 2♣" in lines  # sorted by suit, high to low
    assert "  D: J♠ 7♥ 6♥ J♣ J♦" in lines
    assert "    A bids Four, promising to take at least 4 of the five tricks. [B6]" in lines
    assert ("    A leads A♥. The first card played in a deal sets trump: hearts are trump until the deal ends. [B10]"
            in lines)
    assert "    B takes trick 5 with A♣, the highest card of the suit led (clubs). [B12]" in lines
    assert lines[-1] == "    Payments: A +12, B −4, C −4, D −4. They add up to zero, as they must. [B16]"
    assert sum(1 for line in lines if line.startswith("  Trick ")) == 5


def test_replay_through_python_dash_m():
    proc = subprocess.run([sys.executable, "-m", "nap_teach", "replay", str(WORKED_FILE)],
                          capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert "A took 4 tricks: Four is made." in proc.stdout
    bad = subprocess.run([sys.executable, "-m", "nap_teach", "replay", "/no/such/file.json"],
                         capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr and bad.stderr.count("\n") == 1


def test_replay_json_shape_of_the_worked_deal():
    code, out, err = run("replay", "--json", str(WORKED_FILE))
    assert code == 0 and err == ""
    data = json.loads(out)
    assert list(data) == ["declarer", "contract", "trump", "tricks", "tricks_won", "made", "settlement"]
    assert data["declarer"] == "A" and data["contract"] == "Four" and data["trump"] == "H"
    assert data["tricks"][0] == {"leader": "A", "cards": ["AH", "JH", "9H", "7H"], "winner": "A"}
    assert [t["winner"] for t in data["tricks"]] == ["A", "A", "A", "A", "B"]
    assert all(list(t) == ["leader", "cards", "winner"] for t in data["tricks"])
    assert data["tricks_won"] == {"A": 4, "B": 1, "C": 0, "D": 0}
    assert data["made"] is True
    assert data["settlement"] == {"A": 12, "B": -4, "C": -4, "D": -4}


def test_replay_json_passed_out_settles_zero(tmp_path):
    path = write(tmp_path, "passed.json", worked(auction=["Pass"] * 4, play=[]))
    code, out, _ = run("replay", "--json", path)
    assert code == 0
    assert json.loads(out) == {"declarer": None, "contract": None, "trump": None, "tricks": [],
                               "tricks_won": {"A": 0, "B": 0, "C": 0, "D": 0}, "made": None,
                               "settlement": {"A": 0, "B": 0, "C": 0, "D": 0}}
    code, out, _ = run("replay", path)
    assert "Everyone passed: no play, no payment. The deal still counts and A deals next. [B9]" in out


def test_replay_json_undecided_deal_has_null_result(tmp_path):
    path = write(tmp_path, "partial.json", worked(play=WORKED["play"][:10]))
    code, out, _ = run("replay", "--json", path)
    assert code == 0
    data = json.loads(out)
    assert data["made"] is None and data["settlement"] is None
    assert data["tricks"][-1] == {"leader": "A", "cards": ["QH", "KD"], "winner": None}
    code, out, _ = run("replay", path)
    assert out.splitlines()[-1] == "The record stops here; the result is not decided yet."


def test_replay_decided_before_the_end(tmp_path):
    path = write(tmp_path, "four.json", worked(play=WORKED["play"][:16]))
    code, out, _ = run("replay", path)
    assert code == 0
    assert out.splitlines()[-2:] == ["The record stops here; the result is already certain.",
                                     "Settlement: A +12, B −4, C −4, D −4."]
    data = json.loads(run("replay", "--json", path)[1])
    assert data["made"] is True and data["settlement"]["A"] == 12


# -------------------------------------------------------------- exit code 1
@pytest.mark.parametrize("changes,rule,where", [
    (dict(play=WORKED["play"][:5] + ["KD"]), "B11", "card 6 (trick 2), by B"),
    (dict(auction=["Wellington", "Pass", "Pass", "Pass"], play=[]), "B7", "call 1, by A"),
    (dict(auction=["Four", "Four", "Pass", "Pass"], play=[]), "B6", "call 2, by B"),
    (dict(play=["2S"]), "B4", "card 1 (trick 1), by A"),
    (dict(play=["JH"]), "B10", "card 1 (trick 1), by B"),  # B's card: A, the declarer, leads first
])
def test_rule_broken_exit_1_with_one_line(tmp_path, changes, rule, where):
    path = write(tmp_path, "bad.json", worked(**changes))
    code, out, err = run("replay", path)
    assert code == 1
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"{path}: {where}: ")
    assert err.rstrip().endswith(f"[{rule}]")


def test_revoke_message_names_the_cards(tmp_path):
    path = write(tmp_path, "revoke.json", worked(play=WORKED["play"][:5] + ["KD"]))
    _, _, err = run("replay", path)
    assert err == (f"{path}: card 6 (trick 2), by B: B holds 10♥: hearts were led, so B must follow "
                   "suit and cannot play K♦. [B11]\n")


# -------------------------------------------------------------- exit code 2
def hands_with(player, cards):
    hands = copy.deepcopy(WORKED["hands"])
    hands[player] = cards
    return hands


MALFORMED = [
    ("not_json", '{"format": "nap-hand/1", '),
    ("empty", ""),
    ("unknown_card", worked(hands=hands_with("A", ["ZH", "KH", "QH", "AS", "2C"]))),
    ("duplicate_card", worked(hands=hands_with("B", ["AH", "10H", "KS", "AC", "KD"]))),
    ("wrong_hand_size", worked(hands=hands_with("C", ["9H", "8H", "QS", "QC"]))),
    ("two_players", worked(players=["A", "B"], hands={"A": WORKED["hands"]["A"], "B": WORKED["hands"]["B"]})),
    ("eight_players", worked(players=list("ABCDEFGH"))),
    ("unknown_profile", worked(profile="bridge")),
    ("unknown_call", worked(auction=["Four", "Pass", "Pass", "Double"])),
    ("play_not_a_card", worked(play=["AH", "J-H"])),
    ("list", "[1, 2]"),
]


@pytest.mark.parametrize("name,record", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_hand_files_exit_2(tmp_path, name, record):
    path = write(tmp_path, f"{name}.json", record)
    for extra in ([], ["--json"]):
        code, out, err = run("replay", *extra, path)
        assert code == 2, err
        assert out == ""
        assert err.startswith(f"{path}: ") and err.count("\n") == 1
        assert "[B" not in err  # a malformed file breaks no rule of the game


def test_missing_file_and_directory_exit_2(tmp_path):
    code, _, err = run("replay", str(tmp_path / "nope.json"))
    assert code == 2 and "cannot read the file" in err
    code, _, err = run("session", str(tmp_path))
    assert code == 2 and err.count("\n") == 1


def test_usage_errors_exit_2():
    assert run()[0] == 2
    assert run("shuffle", "x.json")[0] == 2
    assert run("replay")[0] == 2
    assert run("--lang", "xx", "replay", str(WORKED_FILE))[0] == 2


# ---------------------------------------------------------------- sessions
MIXED = [
    FULL_DEAL,                                                              # D deals: A +12
    {"auction": ["Pass", "Pass", "Pass", "Pass"]},                          # A deals: passed out
    {"auction": ["Three", "Pass", "Pass", "Pass"], "declarer_tricks": 3},   # B deals: C makes Three
    {"auction": ["Pass", "Nap", "Pass", "Pass"], "declarer_tricks": 4},     # C deals: A fails Nap
]


def test_session_json_shape_with_both_kinds_of_deals(tmp_path):
    path = write(tmp_path, "session.json", session(MIXED))
    code, out, err = run("session", "--json", path)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert list(data) == ["deals", "balances", "finished", "deals_played", "deals_left", "leaders"]
    assert data["finished"] is False and data["deals_played"] == 4 and data["deals_left"] == 4
    assert all(list(d) == ["dealer", "declarer", "contract", "settlement", "balances"] for d in data["deals"])
    assert [d["dealer"] for d in data["deals"]] == ["D", "A", "B", "C"]
    assert [d["declarer"] for d in data["deals"]] == ["A", None, "C", "A"]
    assert [d["contract"] for d in data["deals"]] == ["Four", None, "Three", "Nap"]
    assert data["deals"][1]["settlement"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert data["deals"][0]["balances"] == {"A": 12, "B": -4, "C": -4, "D": -4}
    assert data["balances"] == {"A": -6, "B": -2, "C": 10, "D": -2}
    assert data["leaders"] == ["C"]  # 4 of 8 deals: nobody has won yet (B17)


def test_session_winners_with_ties(tmp_path):
    deals = [{"auction": ["Three", "Pass", "Pass", "Pass"], "declarer_tricks": 3},   # D deals: A +9
             {"auction": ["Pass", "Pass", "Three", "Pass"], "declarer_tricks": 5}]   # A deals: D makes Three
    path = write(tmp_path, "ties.json", session(deals, deals_target=2))
    data = json.loads(run("session", "--json", path)[1])
    assert data["balances"] == {"A": 6, "B": -6, "C": -6, "D": 6}
    assert data["winners"] == ["A", "D"]
    code, out, _ = run("session", path)
    assert code == 0
    assert out.splitlines()[-1] == "Winners, sharing the win: A and D."


def test_session_narration(tmp_path):
    path = write(tmp_path, "session.json", session(MIXED))
    code, out, _ = run("session", path)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Rules: British rules. Players clockwise: A, B, C, D."
    assert lines[1].startswith("Deal 1 (D deals): A Four, 4 tricks, made. Payments: A +12, B −4")
    assert lines[2].startswith("Deal 2 (A deals): everyone passed. Payments: A 0")
    assert lines[-2] == "Balances so far: A −6, B −2, C +10, D −2."
    assert lines[-1] == "The session is not over: C leads with +10, and 4 deals are still to play."
    path = write(tmp_path, "four.json", session(MIXED, deals_target=4))
    lines = run("session", path)[1].splitlines()
    assert lines[-2:] == ["Final balances: A −6, B −2, C +10, D −2.", "Winner: C."]


def test_session_rule_errors_exit_1_and_malformed_exit_2(tmp_path):
    cases = [
        (session([{"auction": ["Wellington", "Pass", "Pass", "Pass"], "declarer_tricks": 5}]), 1, "[B7]"),
        (session([{"auction": ["Pass"] * 4}] * 3, deals_target=2), 1, "[B17]"),
        (session([{"auction": ["Three", "Pass", "Pass", "Pass"], "declarer_tricks": 6}]), 2, "deal 1: "),
        (session([{"auction": ["Three", "Pass", "Pass", "Pass"], "declarer_tricks": -1}]), 2, "deal 1: "),
        (session([{"auction": ["Three", "Pass", "Pass", "Pass"], "declarer_tricks": "3"}]), 2, "deal 1: "),
        (session([{"auction": ["Pass"] * 4}], players=["A", "B"]), 2, "3 to 7 players"),
        (session([{"auction": ["Pass"] * 4}], profile="whist"), 2, "Unknown profile"),
        (session([{"auction": ["Pass"] * 4}], deals_target="eight"), 2, "session length"),
        (session(None), 2, "deals"),
        ({k: v for k, v in session([]).items() if k != "deals"}, 2, "deals"),
        (session([7]), 2, "deal 1: "),
    ]
    for i, (record, expected, text) in enumerate(cases):
        path = write(tmp_path, f"s{i}.json", record)
        code, out, err = run("session", path)
        assert (code, out) == (expected, ""), (i, err)
        assert text in err and err.count("\n") == 1, (i, err)


def test_languages_are_accepted_before_or_after_the_command():
    assert run("--lang", "en", "replay", str(WORKED_FILE))[0] == 0
    code, out, _ = run("replay", "--lang", "es", str(WORKED_FILE))
    assert code == 0 and "[B15]" in out


# ---------------------------------------------------------------- course --print
@pytest.mark.parametrize("lang", ["en", "es"])
def test_course_print_every_lesson_page_with_questions_answers_and_reasons(lang):
    """`python -m nap_teach course --print [--lang es]`: every lesson, every page, every question with its
    answer and the reasons, and each lesson's quiz, as plain text in the language asked for."""
    from nap_teach.teach.course import load_course
    from nap_teach.teach.lesson.player import LessonPlayer
    from nap_teach.words.i18n import translator

    proc = subprocess.run([sys.executable, "-m", "nap_teach", "course", "--print", "--lang", lang],
                          capture_output=True, text=True, encoding="utf-8", timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    out = proc.stdout
    tr = translator(lang)
    for spec in load_course():
        assert f"{spec.place}. {tr.gettext(spec.title)}" in out
        player = LessonPlayer(spec)
        for page in player.pages:
            for e in page.explanations:
                assert tr.explain(e) in out, (spec.id, page.index, e.key)
            for note in page.notes:
                assert tr.gettext(note) in out, (spec.id, note)
            for a in page.asks:
                assert tr.explain(a.prompt) in out or any(
                    q.prompt and tr.gettext(q.prompt) in out for q in spec.deals[page.deal].decisions)
                for e in a.why:
                    assert tr.explain(e) in out
        for q in player.quiz():
            assert tr.explain(q.prompt) in out and tr.explain(q.explanation) in out
    answer = tr.gettext("Answer: {answer}").split("{")[0]
    assert out.count(answer) >= 86  # the 86 lesson questions at least, and the quizzes
    if lang == "es":
        assert "Question:" not in out and "Answer:" not in out and "Page " not in out
    # one lesson, and an unknown one refused in one line
    code, one, err = run("course", "--print", "--lesson", "misere", "--lang", lang)
    assert code == 0 and err == "" and one.count("=" * 72) == 1
    code, _out, err = run("course", "--print", "--lesson", "no-such-lesson", "--lang", lang)
    assert code == 2 and "no-such-lesson" in err and "Traceback" not in err
