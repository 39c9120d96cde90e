"""Command line: ``python -m nap_teach replay|session FILE [--profile british|pub]``, ``python -m nap_teach rulebook``.

Records name their profile ("british" or "pub") and table options; with
``--profile`` the record must be for that profile (a record that names none
is read under it).

Exit codes: 0 all is well; 1 a call or card breaks a rule (one line saying
where, who, what and which rule); 2 the file is malformed or unreadable.
No Python traceback ever reaches the user.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence, TextIO

from . import problems_cli, server
from ..ai import simulate
from ..engine.cards import Card, sort_hand
from ..engine.explain import Explanation, RecordError, RuleError
from ..words.i18n import LANGUAGES, Translator, translator
from ..words.rulebook import options_line
from ..engine.narrate import explain_action
from ..engine.profiles import PROFILES
from ..engine.rules import Topic
from ..engine.records import load_hand, load_session
from ..words.rulesdoc import markdown as rules_markdown
from ..engine.session import Session
from ..engine.state import DealState
from ..teach.course import lesson_ids, load_course
from ..teach.course_print import course_text

__all__ = ["main", "replay_json", "session_json", "narrate_deal", "narrate_session", "SUBCOMMANDS"]


def replay_json(state: DealState) -> dict[str, Any]:
    """The deal as the documented ``replay --json`` object."""
    result = state.result()
    tricks: list[dict[str, Any]] = [{"leader": state.players[t.leader], "cards": [c.code for c in t.cards],
               "winner": state.players[t.winning]} for t in state.tricks]
    if state.current_trick is not None:
        t = state.current_trick
        tricks.append({"leader": state.players[t.leader], "cards": [c.code for c in t.cards], "winner": None})
    return {
        "declarer": state.players[state.declarer] if state.declarer is not None else None,
        "contract": state.contract.name if state.contract else None,
        "trump": state.trump.letter if state.trump is not None else None,
        "tricks": tricks,
        "tricks_won": {p: n for p, n in zip(state.players, state.tricks_won)},
        "made": result.made,
        # where all five tricks are played (P6) a deal is settled only at its end
        "settlement": dict(result.settlement) if result.settlement is not None and (
            state.profile.early_stop or state.is_over) else None,
    }


def session_json(session: Session) -> dict[str, Any]:
    """The session as the documented ``session --json`` object.

    ``finished`` tells a finished session (``winners``) from one still being
    played (``leaders``, with ``deals_left`` of the agreed length still to play).
    Every deal has ``dealer``, ``declarer``, ``contract``, ``settlement`` and
    ``balances``. Pub sessions add, where they apply: ``kind`` ("misdeal" or
    "tie_break"), ``players`` (who took part, when not everyone), ``renege``,
    ``chips``, ``out`` and ``re_antes`` per deal; ``profile``, ``options``,
    ``chips`` and ``tie_break_due`` at the top.
    """
    deals = []
    for row in session.ledger():
        d: dict[str, Any] = {"dealer": row.dealer, "declarer": row.declarer,
                             "contract": row.contract.name if row.contract else None,
                             "settlement": row.settlement, "balances": row.balances}
        if row.kind != "deal":
            d["kind"] = row.kind
        if row.players and row.players != session.players:
            d["players"] = list(row.players)
        if row.renege is not None:
            d["renege"] = row.renege
        if row.chips is not None:
            d["chips"] = row.chips
        if row.out:
            d["out"] = list(row.out)
        if row.re_antes:
            d["re_antes"] = row.re_antes
        deals.append(d)
    out: dict[str, Any] = {}
    if session.profile.name != "british" or session.profile.options:
        out["profile"] = session.profile.name
        out["options"] = dict(session.profile.options)
    out.update({"deals": deals, "balances": session.balances, "finished": session.is_over,
                "deals_played": session.deals_played, "deals_left": session.deals_left})
    if session.is_over:
        out["winners"] = session.winners()
    else:  # nobody has won a session that is still being played (B17, P8)
        out["leaders"] = session.leaders()
    if session.chips is not None:
        out["chips"] = session.chips
    if session.tie_break_due:
        out["tie_break_due"] = list(session.tie_break_due)
    return out


def narrate_deal(state: DealState, tr: Translator) -> list[str]:
    """The deal in words, step by step, each line ending with its rule id."""
    _ = tr.gettext
    lines = [_("Rules: {profile}. Players clockwise: {players}. {dealer} deals.").format(
        profile=tr.profile_name(state.profile), players=", ".join(state.players), dealer=state.players[state.dealer])]
    options = options_line(state.profile, tr)
    if options:
        lines.append(options)
    lines.append(_("Hands, open for study:"))
    for p, hand in zip(state.players, state.hands):
        lines.append(f"  {p}: {' '.join(tr.card(c) for c in sort_hand(hand))}")
    lines.append(_("Auction:"))
    for i, action in enumerate(state.actions):
        if i == len(state.calls):
            lines.append(_("Play:"))
        card_index = i - len(state.calls)
        if card_index >= 0 and card_index % state.n == 0 and isinstance(action, Card):
            lines.append("  " + _("Trick {number}").format(number=card_index // state.n + 1))
        for ex in explain_action(state, i):
            lines.append(f"    {tr.explain(ex)} [{ex.rule}]")
    if state.phase != "over" and state.outcome() is None and not state.passed_out:
        lines.append(_("The record stops here; the result is not decided yet."))
    elif state.phase == "play":
        result = state.result()
        if not state.profile.early_stop:  # certain, but these rules play all five tricks (P6): no settlement
            why = Explanation(state.profile.rule(Topic.FIVE_TRICKS), "session.play_all_five",
                              {"played": len(state.tricks)})
            lines.append(_("The record stops here.") + f" {tr.explain(why)} [{why.rule}]")
        elif result.settlement is not None:
            lines.append(_("The record stops here; the result is already certain."))
            lines.append(_("Settlement: {amounts}.").format(
                amounts=", ".join(f"{p} {tr.amount(v)}" for p, v in result.settlement.items())))
    return lines


def narrate_session(session: Session, tr: Translator) -> list[str]:
    """The ledger deal by deal, then the balances and the winners."""
    _ = tr.gettext
    lines = [_("Rules: {profile}. Players clockwise: {players}.").format(
        profile=tr.profile_name(session.profile), players=", ".join(session.players))]
    options = options_line(session.profile, tr)
    if options:
        lines.append(options)
    for row in session.ledger():
        if row.kind == "misdeal":  # not a deal of the session: no number (P2)
            lines.append(tr.explain(Explanation("P2", "explain.misdeal", {"dealer": row.dealer})))
            continue
        if row.declarer is None:
            what = _("everyone passed")
        elif row.renege is not None:
            assert row.contract is not None
            what = _("{declarer} {call}, {offender} reneged").format(
                declarer=row.declarer, call=tr.call(row.contract.name), offender=row.renege)
        else:
            assert row.contract is not None
            status = _("made") if row.made else _("failed")
            tricks = row.declarer_tricks or 0
            what = tr.ngettext("{declarer} {call}, {tricks} trick, {status}",
                               "{declarer} {call}, {tricks} tricks, {status}", tricks).format(
                declarer=row.declarer, call=tr.call(row.contract.name), tricks=tricks, status=status)
        pays = ", ".join(f"{p} {tr.amount(v)}" for p, v in row.settlement.items())
        bal = ", ".join(f"{p} {tr.amount(v)}" for p, v in row.balances.items())
        if row.kind == "tie_break":  # after the agreed deals, among the tied players (P8)
            lines.append(_("Extra hand among {names} ({dealer} deals): {what}. Payments: {pays}. "
                           "Balances: {balances}.").format(names=tr.join(row.players), dealer=row.dealer,
                                                          what=what, pays=pays, balances=bal))
        else:
            lines.append(_("Deal {number} ({dealer} deals): {what}. Payments: {pays}. Balances: {balances}.").format(
                number=row.deal_number, dealer=row.dealer, what=what, pays=pays, balances=bal))
        if row.chips is not None:
            lines.append("  " + _("Chips: {chips}.").format(
                chips=", ".join(f"{p} {v}" for p, v in row.chips.items())))
        for note in session.chips_notes(row):  # re-antes, players out, a shortfall (P8)
            lines.append("  " + tr.explain(note))
    bal = ", ".join(f"{p} {tr.amount(v)}" for p, v in session.balances.items())
    if session.is_over:
        lines.append(_("Final balances: {balances}.").format(balances=bal))
    else:
        lines.append(_("Balances so far: {balances}.").format(balances=bal))
    if session.chips is not None:
        chips = ", ".join(f"{p} {v}" for p, v in session.chips.items())
        lines.append((_("Final chips: {chips}.") if session.is_over else _("Chips so far: {chips}.")).format(chips=chips))
    lines.append(tr.explain(session.standing()))
    return lines


def _read(path: str) -> bytes:
    return Path(path).read_bytes()


def _error_line(err: RuleError | RecordError, tr: Translator, path: str) -> str:
    where = tr.explain(err.location) if err.location is not None else ""
    rule = f" [{err.explanation.rule}]" if isinstance(err, RuleError) else ""
    prefix = f"{path}: {where}: " if where else f"{path}: "
    return prefix + err.text(tr.lang) + rule


def _profile_arg(args: argparse.Namespace) -> str | None:
    name = getattr(args, "profile", None)
    if name is None:
        return None
    if str(name).strip().lower() not in PROFILES:
        raise ValueError(translator(getattr(args, "lang", "en")).gettext(
            "unknown profile “{profile}”: known profiles are {known}.").format(profile=name, known=", ".join(PROFILES)))
    return str(name).strip().lower()


def _emit(args: argparse.Namespace, out: TextIO, as_json: dict[str, Any], words: Callable[[Translator], list[str]]) -> int:
    """Print the JSON object with ``--json``, else the narration in the chosen language."""
    if args.json:
        json.dump(as_json, out, ensure_ascii=False, indent=2)
        out.write("\n")
    else:
        out.write("\n".join(words(translator(args.lang))) + "\n")
    return 0


def _cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    state = load_hand(_read(args.file), _profile_arg(args))
    return _emit(args, out, replay_json(state), lambda tr: narrate_deal(state, tr))


def _cmd_session(args: argparse.Namespace, out: TextIO) -> int:
    session = load_session(_read(args.file), _profile_arg(args))
    return _emit(args, out, session_json(session), lambda tr: narrate_session(session, tr))


def _file_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a JSON record")
    p.add_argument("--json", action="store_true", help="print JSON instead of words")
    p.add_argument("--profile", default=None,
                   help="rules the record must follow: british or pub (default: as the record says)")


def _cmd_rulebook(args: argparse.Namespace, out: TextIO) -> int:
    out.write(rules_markdown(args.lang))
    return 0


def _course_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--print", dest="print_all", action="store_true",
                   help="print every lesson page (narration, notes, questions with answers and reasons) as plain text")
    p.add_argument("--lesson", action="append", default=None, metavar="ID",
                   help="only this lesson (may be given more than once); default: the whole course")


def _cmd_course(args: argparse.Namespace, out: TextIO) -> int:
    tr = translator(args.lang)
    if args.lesson:
        unknown = [x for x in args.lesson if x not in lesson_ids()]
        if unknown:
            raise ValueError(tr.gettext("No lesson is called {id}: the lessons are {ids}.").format(
                id=unknown[0], ids=", ".join(lesson_ids())))
    if not args.print_all:  # the list of lessons, one a line
        for spec in load_course():
            if not args.lesson or spec.id in args.lesson:
                out.write(f"{spec.place:2d} {spec.id}: {tr.gettext(spec.title)}\n")
        return 0
    out.write(course_text(tr, args.lesson))
    return 0


def _no_args(p: argparse.ArgumentParser) -> None:
    """A subcommand with no arguments of its own (only ``--lang``)."""


SUBCOMMANDS: Mapping[str, tuple[str, Callable[[argparse.ArgumentParser], None], Callable[..., int]]] = \
    MappingProxyType({
        "replay": ("narrate a nap-hand/1 record trick by trick", _file_args, _cmd_replay),
        "session": ("print the ledger of a nap-session/1 record", _file_args, _cmd_session),
        "simulate": ("play bot-only deals and count contracts and balances", simulate.add_arguments, simulate.run),
        "serve": ("serve the app with Voila (what `make app` runs)", server.add_arguments, server.run),
        "rulebook": ("print the rules reference (Markdown, as in docs/rules.md)", _no_args, _cmd_rulebook),
        "course": ("list the lessons; with --print, every lesson page as plain text for a re-read",
                   _course_args, _cmd_course),
        "find-problems": ("find deals that make graded problems (declarer or defender) and write them",
                          problems_cli.add_find_arguments, problems_cli.run_find),
        "check-problem": ("check a problem file against the solver and say how hard it is",
                          problems_cli.add_check_arguments, problems_cli.run_check),
    })
"""name -> (help, add_arguments, run(args, out) -> exit code)."""



def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m nap_teach", description="Nap rules engine and teacher.")
    parser.add_argument("--lang", default="en", choices=sorted(LANGUAGES), help="language of the words")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (help_text, add_args, _run) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text)
        p.add_argument("--lang", default=argparse.SUPPRESS, choices=sorted(LANGUAGES), help="language of the words")
        add_args(p)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse already printed its usage message
        return int(e.code or 0) if e.code in (0, None) else 2
    tr = translator(args.lang)
    path = getattr(args, "file", "")
    try:
        return SUBCOMMANDS[args.command][2](args, out)
    except RuleError as e:
        err.write(_error_line(e, tr, path) + "\n")
        return 1
    except RecordError as e:
        err.write(_error_line(e, tr, path) + "\n")
        return 2
    except OSError as e:
        err.write(tr.gettext("{path}: cannot read the file ({reason}).").format(path=path, reason=e.strerror) + "\n")
        return 2
    except ValueError as e:  # a value refused outside the records (never a traceback)
        err.write(f"{path}: {e}\n" if path else f"{e}\n")
        return 2
    except Exception as e:  # a bug of ours: one line, never a traceback
        err.write(tr.gettext("Internal error, please report it: {error}").format(error=repr(e)) + "\n")
        return 3
