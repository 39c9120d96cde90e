"""Class results, a "traveller" as bridge clubs call it: one seeded game played by a whole class.

Every learner opens the same class link (``?seed=..&profile=..&players=..&seat=..``)
on the play page, so each plays the same cards from the same seat against the
bots, and downloads a "nap-session/1" file. :class:`ClassResults` reads those
files (nothing is stored anywhere but in this object) and shows, deal by deal,
who declared what at each learner's table and how it went (:meth:`ClassResults.traveller`),
the class's ledger (:meth:`ClassResults.ledger`) and a CSV of both.

A file is read in full before it counts (:func:`read_submission`): its size,
its JSON, its format, every rule of every deal (a broken rule is a
:class:`~nap_teach.engine.explain.RuleError` saying where), and that every deal is the
one its seed deals (a file edited by hand is refused). A refused file changes
nothing; the same session dropped twice counts once. Files of another game (seed,
rules, table options, players, seat, length or bots) than the class's are listed
with the difference and not mixed in: the class's game is the teacher's choice
(:meth:`ClassResults.choose`), else the game of most files.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from ..engine.dealing import deal_rng, shuffle_and_deal
from ..engine.explain import Explanation, RecordError, RuleError
from ..words.i18n import Translator
from ..engine.records import HAND_FORMAT, SESSION_FORMAT, parse_json, session_from_record
from ..engine.session import LedgerRow, PlayedDeal, Session
from urllib.parse import urlencode
from ..engine.state import DealState

__all__ = ["GameKey", "Submission", "TableResult", "Standing", "FileOutcome", "ClassResults", "read_submission",
           "class_query", "MAX_FILE_BYTES", "MAX_FILES", "COUNTED", "FLAGGED", "REFUSED", "DUPLICATE"]

MAX_FILE_BYTES = 1_000_000
"""The largest session file read (a 40-deal session of 7 players is about 60 kB)."""
MAX_FILES = 80
"""The most files a class page holds (a class of 30 dropping their files twice over)."""
COUNTED, FLAGGED, REFUSED, DUPLICATE = "counted", "flagged", "refused", "duplicate"


def _bad(key: str, **facts: Any) -> RecordError:
    return RecordError(Explanation("record", key, facts))


@dataclass(frozen=True)
class GameKey:
    """What makes two sessions the same game: the same cards from the same seat under the same rules."""

    seed: int
    profile: str
    options: tuple[tuple[str, str], ...]
    players: int
    seat: int
    length: tuple[str, int]
    """("deals", 8) or ("rotations", 1)."""
    bots: str
    style: str

    def differences(self, other: "GameKey") -> list[Explanation]:
        """How this game differs from ``other`` (the class's), one explanation per difference."""
        out: list[Explanation] = []
        if self.seed != other.seed:
            out.append(Explanation("class", "class.diff_seed", {"value": self.seed, "expected": other.seed}))
        if self.profile != other.profile:
            out.append(Explanation("class", "class.diff_profile", {"profile": self.profile,
                                                                   "expected_profile": other.profile}))
        elif self.options != other.options:
            out.append(Explanation("class", "class.diff_options", {"value": _options_text(self.options),
                                                                   "expected": _options_text(other.options)}))
        if self.players != other.players:
            out.append(Explanation("class", "class.diff_players", {"value": self.players, "expected": other.players}))
        elif self.seat != other.seat:
            out.append(Explanation("class", "class.diff_seat", {"value": self.seat, "expected": other.seat}))
        if self.length != other.length:
            out.append(Explanation("class", "class.diff_length", {"value": _length(self.length),
                                                                  "expected": _length(other.length)}))
        if self.bots != other.bots or self.style != other.style:
            out.append(Explanation("class", "class.diff_bots", {"value": f"{self.bots}/{self.style}",
                                                                "expected": f"{other.bots}/{other.style}"}))
        return out

    def describe(self) -> Explanation:
        """The game in one sentence ("seed 12, the British rules, 4 players, seat 1, 8 deals")."""
        return Explanation("class", "class.game", {
            "seed": self.seed, "profile": self.profile, "players": self.players, "seat": self.seat,
            "length": _length(self.length), "options": _options_text(self.options) or "-"})


def _length(length: tuple[str, int]) -> Explanation:
    """A session's length as words ("8 deals", "1 dealer rotation")."""
    kind, count = length
    return Explanation("class", "class.length_rotations" if kind == "rotations" else "class.length_deals",
                       {"count": count})


def _options_text(options: tuple[tuple[str, str], ...]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options)


@dataclass(frozen=True)
class Submission:
    """One learner's session file, read and checked in full."""

    file: str
    learner: str
    key: GameKey
    session: Session
    rows: tuple[LedgerRow, ...]
    digest: str
    """A hash of the record (its keys sorted): the same session saved twice has the same digest."""

    @property
    def total(self) -> int:
        return sum(self.score(row) for row in self.rows)

    def score(self, row: LedgerRow) -> int:
        """What the learner won (+) or paid (-) in one deal."""
        return row.settlement.get(self.learner, 0)


@dataclass(frozen=True)
class TableResult:
    """One line of a deal's traveller: how the deal went at one learner's table."""

    learner: str
    """The learner's label (their name, with the file name when two learners share a name)."""
    declarer: str | None
    """Who declared (a player of that table: the learner or a bot), None when everyone passed."""
    by_learner: bool
    contract: str | None
    tricks: int | None
    made: bool | None
    score: int
    """The learner's result in this deal."""
    total: int
    """The learner's total after this deal."""
    took_part: bool = True
    """False for an extra hand among tied players that the learner was not in (P8)."""


@dataclass(frozen=True)
class Standing:
    """One line of the class's ledger."""

    rank: int
    learner: str
    deals: int
    declared: int
    made: int
    total: int


@dataclass(frozen=True)
class FileOutcome:
    """What became of one dropped file: counted, flagged (another game), refused or a duplicate."""

    file: str
    status: str
    learner: str | None = None
    reasons: tuple[Explanation, ...] = ()


def class_query(seed: int, profile: str, lang: str, players: int, seat: int, length_kind: str, length: int,
                bots: str, style: str, misere_stakes: str | None = None, for_class: bool = False) -> str:
    """The play page's query string of a class link (every learner gets the same game).

    ``for_class`` adds ``class=1``: the page then asks the learner's name first.

    >>> class_query(12, "pub", "es", 4, 1, "deals", 6, "simple", "normal", "10/5")
    'seed=12&profile=pub&lang=es&players=4&seat=1&deals=6&bots=simple&style=normal&misere=10%2F5'
    """
    params: list[tuple[str, str]] = [("seed", str(seed)), ("profile", profile), ("lang", lang),
                                     ("players", str(players)), ("seat", str(seat)),
                                     ("rotations" if length_kind == "rotations" else "deals", str(length)),
                                     ("bots", bots), ("style", style)]
    if misere_stakes:
        params.append(("misere", misere_stakes))
    if for_class:
        params.append(("class", "1"))
    return urlencode(params)


def _decode(content: bytes | str) -> Any:
    if isinstance(content, str):
        content = content.encode("utf-8")
    if not isinstance(content, (bytes, bytearray, memoryview)):
        raise _bad("record.not_object")
    data = bytes(content)
    if len(data) > MAX_FILE_BYTES:
        raise _bad("play.file_size", size=len(data), most=MAX_FILE_BYTES)
    if not data.strip():
        raise _bad("class.empty")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise _bad("class.not_json", detail=str(e)[:80]) from None
    try:
        record = parse_json(text)
    except RecordError as e:  # said in the teacher's words: which file to ask for
        if e.explanation.key != "record.not_json":
            raise
        raise _bad("class.not_json", detail=str(e.explanation.facts.get("detail", ""))[:80]) from None
    if not isinstance(record, dict):
        raise _bad("class.other_format", format=type(record).__name__)
    fmt = record.get("format")
    if fmt == HAND_FORMAT:
        raise _bad("class.hand_file")
    if fmt != SESSION_FORMAT:
        raise _bad("class.other_format", format=str(fmt)[:40] if fmt is not None else "?")
    return record


def _text(record: Mapping[str, Any], name: str, default: str) -> str:
    value = record.get(name, default)
    return value[:20] if isinstance(value, str) else default


def read_submission(file: str, content: bytes | str) -> Submission:
    """Read and check one learner's session file (RecordError or RuleError when it cannot count)."""
    record = _decode(content)
    session = session_from_record(record)  # every deal replayed through the engine
    learner = record.get("learner")
    if not isinstance(learner, str):
        raise _bad("class.no_learner")
    if learner not in session.players:
        raise _bad("play.learner_missing", learner=learner[:40])
    seed = session.seed
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise _bad("class.no_seed")
    if not session.entries:
        raise _bad("class.no_deals", learner=learner)
    for i, entry in enumerate(session.entries):
        if not isinstance(entry, PlayedDeal):
            raise _bad("class.not_played", deal=i + 1)
        names, dealer = session.table_for(i)
        dealt = shuffle_and_deal(names, dealer, deal_rng(seed, i), session.profile)
        if tuple(dealt.hands) != tuple(entry.state.hands):
            raise _bad("class.not_seeded", deal=i + 1, seed=seed)
    length = ("rotations", session.rotations) if session.rotations is not None else ("deals", session.total_deals)
    key = GameKey(seed=seed, profile=session.profile.name,
                  options=tuple(sorted((str(k), str(v)) for k, v in session.profile.options.items())),
                  players=session.n, seat=session.players.index(learner) + 1, length=length,
                  bots=_text(record, "bots", "?"), style=_text(record, "style", "normal"))
    digest = hashlib.sha256(json.dumps(record, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()
    return Submission(file=file, learner=learner, key=key, session=session, rows=tuple(session.ledger()),
                      digest=digest)


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> str:
    """A CSV cell; text that a spreadsheet would run as a formula gets a leading apostrophe."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


class ClassResults:
    """The class's files and what they show (in memory only: nothing is written anywhere)."""

    def __init__(self) -> None:
        self._files: list[tuple[str, Submission | None, tuple[Explanation, ...], str | None]] = []
        """(file, submission or None, why refused, the file it repeats) in the order dropped."""
        self.chosen: GameKey | None = None

    # ------------------------------------------------------------- reading
    def add(self, file: str, content: bytes | str) -> FileOutcome:
        """Read one file; a bad one is refused with its reason and changes nothing else."""
        file = str(file)[:120] or "?"
        if len(self._files) >= MAX_FILES:
            return FileOutcome(file, REFUSED, None, (Explanation("class", "class.too_many", {"most": MAX_FILES}),))
        try:
            sub = read_submission(file, content)
        except (RecordError, RuleError) as e:
            reasons = (e.explanation,) + ((e.location,) if e.location is not None else ())
            self._files.append((file, None, reasons, None))
            return FileOutcome(file, REFUSED, None, reasons)
        for other_file, other, _why, _dup in self._files:
            if other is not None and other.digest == sub.digest:
                why = (Explanation("class", "class.duplicate", {"file": other_file}),)
                self._files.append((file, None, why, other_file))
                return FileOutcome(file, DUPLICATE, sub.learner, why)
        self._files.append((file, sub, (), None))
        return self.outcome(sub)

    def add_many(self, files: Iterable[tuple[str, bytes | str]]) -> list[FileOutcome]:
        return [self.add(name, content) for name, content in files]

    def add_checked(self, sub: Submission) -> FileOutcome:
        """A session already read by :func:`read_submission` (a live class's learner, read once and kept)."""
        self._files.append((sub.file, sub, (), None))
        return self.outcome(sub)

    def last(self) -> Submission | None:
        """The submission of the last file added, if it was read (None when it was refused)."""
        return self._files[-1][1] if self._files else None

    def clear(self) -> None:
        self._files.clear()
        self.chosen = None

    # ------------------------------------------------------------ the game
    @property
    def submissions(self) -> list[Submission]:
        """Every file read (counted or flagged), in the order dropped."""
        return [sub for _f, sub, _w, _d in self._files if sub is not None]

    def games(self) -> list[tuple[GameKey, int]]:
        """The games of the files read, each with its number of files, most files first."""
        counts: dict[GameKey, int] = {}
        for sub in self.submissions:
            counts[sub.key] = counts.get(sub.key, 0) + 1
        return sorted(counts.items(), key=lambda kv: -kv[1])  # stable: ties keep the order of arrival

    @property
    def key(self) -> GameKey | None:
        """The class's game: the chosen one while a file has it, else the game of most files."""
        games = self.games()
        if self.chosen is not None and any(k == self.chosen for k, _n in games):
            return self.chosen
        return games[0][0] if games else None

    def choose(self, key: GameKey | None) -> None:
        """Make ``key`` the class's game (None: the game of most files)."""
        if key is not None and not any(k == key for k, _n in self.games()):
            raise _bad("class.no_such_game")
        self.chosen = key

    def counted(self) -> list[Submission]:
        key = self.key
        return [sub for sub in self.submissions if sub.key == key]

    def outcome(self, sub: Submission) -> FileOutcome:
        key = self.key
        if key is None or sub.key == key:
            return FileOutcome(sub.file, COUNTED, sub.learner)
        return FileOutcome(sub.file, FLAGGED, sub.learner,
                           (Explanation("class", "class.other_game", {}),) + tuple(sub.key.differences(key)))

    def outcomes(self) -> list[FileOutcome]:
        """Every file dropped, in order, with what became of it."""
        out = []
        for file, sub, why, dup in self._files:
            if sub is not None:
                out.append(self.outcome(sub))
            else:
                out.append(FileOutcome(file, DUPLICATE if dup is not None else REFUSED, None, why))
        return out

    # ------------------------------------------------------------ results
    def labels(self) -> dict[int, str]:
        """id(submission) -> the learner's label: the name, with the file when two files share a name."""
        subs = self.counted()
        names: dict[str, int] = {}
        for sub in subs:
            names[sub.learner] = names.get(sub.learner, 0) + 1
        out: dict[int, str] = {}
        used: set[str] = set()
        for sub in subs:
            label = sub.learner if names[sub.learner] == 1 else f"{sub.learner} ({sub.file})"
            base, n = label, 2
            while label in used:
                label, n = f"{base} #{n}", n + 1
            used.add(label)
            out[id(sub)] = label
        return out

    def deal_numbers(self) -> list[int]:
        """The deals played by at least one counted learner (1-based)."""
        most = max((len(sub.rows) for sub in self.counted()), default=0)
        return list(range(1, most + 1))

    def is_extra_hand(self, number: int) -> bool:
        return any(len(sub.rows) >= number and sub.rows[number - 1].tie_break for sub in self.counted())

    def dealt(self, number: int) -> tuple[DealState, str] | None:
        """Deal ``number`` as played at the first counted table that played it, and that table's learner label:
        the hands are the same at every table (one seed); the names, calls and play are that table's."""
        labels = self.labels()
        for sub in self.counted():
            entries = sub.session.entries
            entry = entries[number - 1] if len(entries) >= number else None
            if isinstance(entry, PlayedDeal):
                return entry.state, labels[id(sub)]
        return None

    def traveller(self, number: int) -> list[TableResult]:
        """Deal ``number`` at every counted learner's table, in the order of the files."""
        labels = self.labels()
        out = []
        for sub in self.counted():
            if len(sub.rows) < number:
                continue
            row = sub.rows[number - 1]
            total = sum(sub.score(r) for r in sub.rows[:number])
            contract = row.contract.name if row.contract is not None else None
            out.append(TableResult(learner=labels[id(sub)], declarer=row.declarer,
                                   by_learner=row.declarer == sub.learner, contract=contract,
                                   tricks=row.declarer_tricks if row.declarer is not None else None,
                                   made=row.made, score=sub.score(row), total=total,
                                   took_part=sub.learner in row.players if row.players else True))
        return out

    def ledger(self) -> list[Standing]:
        """Every counted learner's total, best first; equal totals share a rank (1, 1, 3)."""
        labels = self.labels()
        lines = []
        for sub in self.counted():
            bids = [r for r in sub.rows if r.declarer == sub.learner]
            lines.append((labels[id(sub)], len(sub.rows), len(bids), sum(1 for r in bids if r.made), sub.total))
        lines.sort(key=lambda line: (-line[4], line[0].casefold()))
        out: list[Standing] = []
        for i, (label, deals, declared, made, total) in enumerate(lines):
            rank = out[-1].rank if out and out[-1].total == total else i + 1
            out.append(Standing(rank, label, deals, declared, made, total))
        return out

    def history(self) -> tuple[list[str], list[dict[str, int]]]:
        """The counted learners and their totals from the start (0) after each deal, for a chart.

        A learner who played fewer deals keeps their last total.
        """
        labels = self.labels()
        subs = self.counted()
        names = [labels[id(sub)] for sub in subs]
        points: list[dict[str, int]] = [{name: 0 for name in names}]
        for number in self.deal_numbers():
            points.append({labels[id(sub)]: sum(sub.score(r) for r in sub.rows[:number]) for sub in subs})
        return names, points

    # ---------------------------------------------------------------- CSV
    def traveller_csv(self, tr: Translator) -> str:
        """Every deal at every table, one line each, with a header in the reader's language."""
        _ = tr.gettext
        buf = io.StringIO()
        out = csv.writer(buf, lineterminator="\r\n")
        out.writerow([_("Deal"), _("Learner"), _("Declarer"), _("Call"), _("Tricks"), _("Result"), _("Score"),
                      _("Total")])
        for number in self.deal_numbers():
            for line in self.traveller(number):
                out.writerow([_cell(number), _cell(line.learner), _cell(line.declarer or ""),
                              _cell(tr.call(line.contract) if line.contract else tr.gettext("Pass")),
                              _cell(line.tricks if line.tricks is not None else ""),
                              _cell(result_word(line, tr)), _cell(line.score), _cell(line.total)])
        return buf.getvalue()

    def ledger_csv(self, tr: Translator) -> str:
        """The class's ledger, one learner a line, best first."""
        _ = tr.gettext
        buf = io.StringIO()
        out = csv.writer(buf, lineterminator="\r\n")
        out.writerow([_("Rank"), _("Learner"), _("Deals played"), _("Declared"), _("Made"), _("Total")])
        for s in self.ledger():
            out.writerow([_cell(s.rank), _cell(s.learner), _cell(s.deals), _cell(s.declared), _cell(s.made),
                          _cell(s.total)])
        return buf.getvalue()


def result_word(line: TableResult, tr: Translator) -> str:
    """"made", "failed", "passed out" or "not at this table" in the reader's language."""
    if not line.took_part:
        return tr.gettext("not at this table")
    if line.declarer is None:
        return tr.gettext("passed out")
    return tr.gettext("made") if line.made else tr.gettext("failed")

