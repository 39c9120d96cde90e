"""``find-problems`` and ``check-problem``: a teacher finds, writes and checks their own problems."""
from __future__ import annotations

import io
import json

import pytest

from nap_teach.app.cli import main
from nap_teach.teach.problems import PROBLEMS_DIR


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    assert "Traceback" not in err.getvalue() + out.getvalue()
    return code, out.getvalue(), err.getvalue()


def test_b14_find_problems_writes_files_that_check_problem_accepts(tmp_path):
    code, out, err = run("find-problems", "--profile", "pub", "--contract", "Misere", "--learner", "b",
                         "--seed", "3", "--count", "1", "--tries", "3000", "--out", str(tmp_path))
    assert code == 0 and err == ""
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == ["defend-misere-4-players-seed3-1.json"]
    assert "B defends against A's Misère at 4 players" in out and "Found 1 problem in at most 3000 deals." in out
    record = json.loads(files[0].read_text())
    assert record["problem"]["learner"] == "B" and record["auction"] == ["Misere", "Pass", "Pass", "Pass"]
    code, out, err = run("--lang", "es", "check-problem", str(files[0]))
    assert code == 0 and "B defiende contra" in out and "Un buen problema" in out


def test_b14_find_problems_prints_the_file_without_out_and_says_when_none_is_found():
    code, out, _ = run("find-problems", "--players", "3", "--contract", "Three", "--seed", "5", "--tries", "4000")
    assert code == 0 and out.lstrip().startswith("{") and '"problem": {"learner": "A"' in out
    code, out, _ = run("find-problems", "--contract", "Nap", "--learner", "C", "--tries", "1")
    assert code == 1 and "None found" in out


def test_b14_check_problem_reads_every_prepared_problem():
    for path in sorted(PROBLEMS_DIR.glob("*/*.json"))[:4]:
        code, out, _ = run("check-problem", str(path))
        assert code == 0 and "with best play" in out


def test_b14_a_wrong_result_is_refused_in_one_line(tmp_path):
    record = json.loads((PROBLEMS_DIR / "british" / "09-defend-four-4-players.json").read_text())
    record["problem"]["result"] = 5
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(record))
    code, out, err = run("check-problem", str(path))
    assert code == 2 and out == ""
    assert err.strip() == f"{path}: The file says the declarer takes 5 with best play, but the solver finds 3."


@pytest.mark.parametrize("args, words", [
    (["--players", "9"], "--players must be a whole number from 3 to 7, not “9”."),
    (["--players", "four"], "--players must be a whole number from 3 to 7"),
    (["--contract", "Wellington"], "--contract must be a call that can open the auction"),
    (["--contract", "Misere"], "not “Misere”"),  # no Misère under the British rules
    (["--learner", "E"], "--learner must be one of the seats A, B, C, D, not “E”."),
    (["--profile", "casino"], "unknown profile “casino”"),
    (["--tries", "0"], "--tries must be a whole number from 1 to 100000"),
    (["--count", "-1"], "--count must be a whole number from 1 to 50"),
])
def test_b14_bad_arguments_get_one_line_and_exit_2(args, words):
    code, out, err = run("find-problems", *args)
    assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1
