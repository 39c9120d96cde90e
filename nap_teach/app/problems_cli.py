"""``python -m nap_teach find-problems`` and ``check-problem``: a teacher's own graded problems.

``find-problems`` deals seeded tables until it finds deals that make good
exercises (see :mod:`nap_teach.teach.problem_search`) and writes each as a problem
file; ``check-problem`` reads a file and says whether it is a sound problem,
how hard it is, and why not when it is refused. A file placed in
``nap_teach/data/problems/<profile>/`` appears on the problems page.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from ..words.i18n import Translator, translator
from ..teach.problem_search import SEAT_NAMES, Difficulty, difficulty, find_problems, problem_json, read_problem
from ..teach.problems import Problem
from ..engine.profiles import PROFILES, Contract, Profile, get_profile

MOST_TRIES = 100_000
MOST_COUNT = 50


def add_find_arguments(p: argparse.ArgumentParser) -> None:
    # plain strings, checked by _check: every mistake gets one line, not argparse's usage block
    p.add_argument("--profile", default="british", help="rules: british (default) or pub")
    p.add_argument("--players", default="4", help="players at the table, 3 to 7 (default 4)")
    p.add_argument("--contract", default="Four", help="the declarer's call, e.g. Three, Four, Nap, Misere")
    p.add_argument("--learner", default="A",
                   help="the learner's seat: A is the declarer (default), B, C... a defender")
    p.add_argument("--count", default="1", help="problems to find (default 1)")
    p.add_argument("--tries", default="3000", help="deals to try before giving up (default 3000)")
    p.add_argument("--seed", default="0", help="deal seed: the same seed finds the same problems (default 0)")
    p.add_argument("--out", default=None, help="folder to write the problem files to (default: print them)")


def add_check_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a problem file (nap-hand/1 with a problem object)")
    p.add_argument("--profile", default=None, help="rules the file must follow (default: as the file says)")


def _whole(text: str, low: int, high: int, what: str, tr: Translator) -> int:
    try:
        n = int(str(text).strip())
    except ValueError:
        n = low - 1
    if not low <= n <= high:
        raise ValueError(tr.gettext("{what} must be a whole number from {low} to {high}, not “{text}”.").format(
            what=what, low=low, high=high, text=text))
    return n


def _profile_name(text: object, tr: Translator) -> str:
    name = str(text).strip().lower()
    if name not in PROFILES:
        raise ValueError(tr.gettext("unknown profile “{profile}”: known profiles are {known}.").format(
            profile=text, known=", ".join(PROFILES)))
    return name


def _check(args: argparse.Namespace, tr: Translator) -> tuple[Profile, int, Contract, int, int, int]:
    prof = get_profile(_profile_name(args.profile, tr))
    players = _whole(args.players, prof.min_players, prof.max_players, "--players", tr)
    contract = prof.find_contract(str(args.contract))
    if contract is None or contract.requires is not None:
        calls = ", ".join(c.name for c in prof.ladder if c.requires is None)
        raise ValueError(tr.gettext("--contract must be a call that can open the auction under these rules "
                                    "({calls}), not “{text}”.").format(calls=calls, text=args.contract))
    seat = str(args.learner).strip().upper()
    seats = SEAT_NAMES[:players]
    if len(seat) != 1 or seat not in seats:
        raise ValueError(tr.gettext("--learner must be one of the seats {seats}, not “{text}”.").format(
            seats=", ".join(seats), text=args.learner))
    count = _whole(args.count, 1, MOST_COUNT, "--count", tr)
    tries = _whole(args.tries, 1, MOST_TRIES, "--tries", tr)
    return prof, players, contract, seats.index(seat), count, tries


def _describe(problem: Problem, hard: Difficulty, tr: Translator) -> str:
    state = problem.start()
    assert state.contract is not None and state.declarer is not None
    names = state.players
    call = tr.call(state.contract.name)
    turns = "; ".join(tr.gettext("{keep} of {legal}").format(keep=k, legal=n) for n, k in hard.turns)
    who = (tr.ngettext("{learner} declares {contract} at {players} player",
                       "{learner} declares {contract} at {players} players", problem.players).format(
        learner=names[problem.learner], contract=call, players=problem.players) if state.declarer == problem.learner
        else tr.ngettext("{learner} defends against {declarer}'s {contract} at {players} player",
                         "{learner} defends against {declarer}'s {contract} at {players} players", problem.players).format(
            learner=names[problem.learner], declarer=names[state.declarer], contract=call, players=problem.players))
    tricks = tr.ngettext("{count} trick", "{count} tricks", problem.result).format(count=problem.result)
    return tr.gettext("{who}; with best play {declarer} takes {tricks}. Cards that keep the goal at each of "
                      "{learner}'s turns: {turns}.").format(who=who, declarer=names[state.declarer],
                                                            tricks=tricks, learner=names[problem.learner],
                                                            turns=turns)


def run_find(args: argparse.Namespace, out: TextIO) -> int:
    """Exit code 0 when at least one problem was found, 1 when none was."""
    tr = translator(getattr(args, "lang", "en"))
    prof, players, contract, learner, count, tries = _check(args, tr)
    found = find_problems(prof, players, contract, learner, args.seed, count, tries)
    folder = Path(args.out) if args.out else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    for k, problem in enumerate(found, 1):
        kind = "defend-" if learner else ""
        name = f"{kind}{contract.name.lower()}-{players}-players-seed{args.seed}-{k}.json"
        if folder is None:
            out.write(problem_json(problem))
        else:
            (folder / name).write_text(problem_json(problem), encoding="utf-8")
            out.write(str(folder / name) + "\n")
        out.write("  " + _describe(problem, difficulty(problem), tr) + "\n")
    out.write(tr.ngettext("Found {found} problem in at most {tries} deals.",
                          "Found {found} problems in at most {tries} deals.", len(found)).format(
        found=len(found), tries=tries) + "\n")
    if not found:
        out.write(tr.gettext("None found: try more deals (--tries), another seed, or another call or seat.") + "\n")
        return 1
    return 0


def run_check(args: argparse.Namespace, out: TextIO) -> int:
    """Exit code 0 for a sound problem; a refused file raises (the CLI prints one line, exit code 2)."""
    tr = translator(getattr(args, "lang", "en"))
    name = None if args.profile is None else _profile_name(args.profile, tr)
    problem = read_problem(Path(args.file).read_bytes(), name)
    hard = difficulty(problem)
    out.write(f"{args.file}: " + _describe(problem, hard, tr) + "\n")
    out.write((tr.gettext("A sound problem: the goal can be reached, and not with any card.")
               if hard.is_problem(hard_turns=1) else
               tr.gettext("The goal can be reached, but almost any card does it: an easy exercise.")) + "\n")
    return 0
