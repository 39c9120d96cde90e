"""The course: lesson files (``nap-lesson/1``) loaded, checked and put in order.

A lesson is data, not code: one JSON file in ``nap_teach/data/lessons`` named
``NN_<id>.json`` (``NN`` its place in the course). The format is documented in
``nap_teach/data/lessons/FORMAT.md``. This module only reads and checks files;
the lesson player (:mod:`nap_teach.teach.lesson`) narrates them with the engine.

Texts in a lesson file are English gettext msgids (extracted by ``make i18n``
through :func:`nap_teach.app.i18n_extract.extract_lesson`); translate them with
:meth:`LessonSpec.text` or any :class:`~nap_teach.words.i18n.Translator`.

>>> course = load_course()
>>> course[0].id, course[0].place, course[0].deals[0].hand is not None
('worked-deal', 1, True)
>>> Anchor.parse("card 2.3")
Anchor(kind='card', first=2, second=3)
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping, Sequence

from ..engine.explain import RecordError, RuleError
from ..engine.profiles import Profile, UnknownProfile, get_profile
from ..engine.records import hand_from_record, session_from_record
from ..engine.session import Session
from ..engine.state import DealState

__all__ = [
    "LESSON_FORMAT", "LESSON_KINDS", "DECISION_KINDS", "ANCHOR_KINDS", "LessonError", "Anchor", "Note",
    "Decision", "DealSpec", "QuizSpec", "Teaching", "LessonSpec", "lesson_from_record", "load_lesson", "load_course",
    "lesson_ids", "lesson_texts", "LessonOutline", "course_outline",
]

LESSON_FORMAT = "nap-lesson/1"
LESSON_KINDS = ("rules", "strategy")
DECISION_KINDS = ("playable", "trick_winner", "legal_calls", "card", "pay")
"""What the learner decides before a step is revealed (see FORMAT.md)."""
ANCHOR_KINDS = ("table", "call", "card", "result", "deal", "ledger")

_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_FILE = re.compile(r"^(\d\d)_([a-z0-9][a-z0-9-]*)\.json$")
_RULE = re.compile(r"^[BP]\d{1,2}$")
_DECISION_AT: dict[str, tuple[str, ...]] = {
    "playable": ("card",), "trick_winner": ("card",), "legal_calls": ("call",), "card": ("card",),
    "pay": ("result", "deal", "ledger"),
}


class LessonError(ValueError):
    """A lesson file that does not load: says which file and where (English, for authors)."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem


# -------------------------------------------------------------------- values
@dataclass(frozen=True)
class Anchor:
    """A step of a deal: ``table``, ``call N``, ``card T.P``, ``result``, ``deal N``, ``ledger``."""

    kind: str
    first: int = 0
    second: int = 0

    @classmethod
    def parse(cls, text: object) -> "Anchor":
        if not isinstance(text, str):
            raise ValueError(f"a place must be a string, not {text!r}")
        words = text.split()
        if len(words) == 1 and words[0] in ("table", "result", "ledger"):
            return cls(words[0])
        if len(words) == 2 and words[0] in ("call", "deal") and words[1].isdigit() and int(words[1]) >= 1:
            return cls(words[0], int(words[1]))
        if len(words) == 2 and words[0] == "card":
            m = re.fullmatch(r"([1-5])\.(\d{1,2})", words[1])
            if m and int(m.group(2)) >= 1:
                return cls("card", int(m.group(1)), int(m.group(2)))
        raise ValueError(f"no such place {text!r} (table, call N, card T.P, result, deal N, ledger)")

    def __str__(self) -> str:
        if self.kind in ("call", "deal"):
            return f"{self.kind} {self.first}"
        if self.kind == "card":
            return f"card {self.first}.{self.second}"
        return self.kind


@dataclass(frozen=True)
class Note:
    """The lesson's own words at a step (an English msgid)."""

    at: Anchor
    text: str


@dataclass(frozen=True)
class Decision:
    """A question asked before the step ``at`` is revealed; the engine knows the answer."""

    at: Anchor
    kind: str
    prompt: str | None = None
    after: str | None = None


@dataclass(frozen=True)
class DealSpec:
    """One deal of a lesson: a single hand (``hand``) or a session (``session``)."""

    id: str
    title: str | None
    record: Mapping[str, Any]
    hand: DealState | None
    session: Session | None
    stop: bool
    notes: tuple[Note, ...]
    decisions: tuple[Decision, ...]

    @property
    def is_session(self) -> bool:
        return self.session is not None

    def notes_at(self, at: Anchor) -> tuple[Note, ...]:
        return tuple(n for n in self.notes if n.at == at)

    def decisions_at(self, at: Anchor) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.at == at)


@dataclass(frozen=True)
class QuizSpec:
    kinds: tuple[str, ...]
    count: int
    seed: int


@dataclass(frozen=True)
class Teaching:
    """The teacher's side of a lesson (the lesson plan): what the class should be able to do
    afterwards, the time to allow at a real table and the mistakes to look out for (English msgids)."""

    objective: str
    minutes: int
    mistakes: tuple[str, ...]


@dataclass(frozen=True)
class LessonSpec:
    """A lesson file, loaded and checked."""

    id: str
    place: int
    profile: Profile
    kind: str
    title: str
    summary: str
    rules: tuple[str, ...]
    deals: tuple[DealSpec, ...]
    quiz: QuizSpec
    teaching: Teaching | None = None

    def deal(self, deal_id: str) -> DealSpec:
        for d in self.deals:
            if d.id == deal_id:
                return d
        raise KeyError(deal_id)

    def texts(self) -> tuple[str, ...]:
        """Every msgid of the lesson, in file order."""
        out = [self.title, self.summary]
        for d in self.deals:
            if d.title:
                out.append(d.title)
            out.extend(n.text for n in d.notes)
            for q in d.decisions:
                out.extend(t for t in (q.prompt, q.after) if t)
        if self.teaching is not None:
            out.append(self.teaching.objective)
            out.extend(self.teaching.mistakes)
        return tuple(out)


# ------------------------------------------------------------------ checking
def _fields(obj: Any, where: str, required: Sequence[str], optional: Sequence[str]) -> Mapping[str, Any]:
    if not isinstance(obj, dict):
        raise LessonError(where, "expected an object")
    missing = [k for k in required if k not in obj]
    if missing:
        raise LessonError(where, f"missing field(s) {', '.join(missing)}")
    unknown = sorted(set(obj) - set(required) - set(optional))
    if unknown:
        raise LessonError(where, f"unknown field(s) {', '.join(unknown)}")
    return obj


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise LessonError(where, "expected a non-empty text")
    return value


def _steps_of(state: DealState, stop: bool) -> set[Anchor]:
    """The places of a single deal (the anchors the player shows)."""
    places = {Anchor("table"), Anchor("result")}
    places.update(Anchor("call", i + 1) for i in range(len(state.calls)))
    n = state.n
    places.update(Anchor("card", k // n + 1, k % n + 1) for k in range(len(state.cards_played)))
    return places


def _deal(obj: Any, where: str, profile: Profile) -> DealSpec:
    d = _fields(obj, where, ("id",), ("title", "hand", "session", "stop", "notes", "questions"))
    deal_id = d["id"]
    if not isinstance(deal_id, str) or not _ID.match(deal_id):
        raise LessonError(where, f"bad deal id {deal_id!r}")
    where = f"{where} (deal {deal_id})"
    title = _text(d["title"], f"{where} title") if "title" in d else None
    if ("hand" in d) == ("session" in d):
        raise LessonError(where, "a deal has either a 'hand' or a 'session' record")
    stop = d.get("stop", False)
    if not isinstance(stop, bool):
        raise LessonError(where, "'stop' is true or false")
    hand: DealState | None = None
    session: Session | None = None
    try:
        if "hand" in d:
            hand = hand_from_record(d["hand"], profile.name)
            if stop:
                hand.apply("stop")
            elif not hand.is_over:
                raise LessonError(where, "the play is not complete (five tricks), and the deal is not passed out")
            record = d["hand"]
        else:
            if stop:
                raise LessonError(where, "'stop' is for a single deal")
            session = session_from_record(d["session"], profile.name)
            record = d["session"]
    except (RecordError, RuleError) as e:
        raise LessonError(where, f"the engine refuses the record: {e.text('en')}") from None
    if hand is not None:
        places = _steps_of(hand, stop)
    else:
        assert session is not None
        places = {Anchor("ledger")} | {Anchor("deal", i + 1) for i in range(len(session.entries))}
    notes = []
    for i, raw in enumerate(_list(d.get("notes", []), f"{where} notes")):
        nw = f"{where} note {i + 1}"
        n = _fields(raw, nw, ("at", "text"), ())
        notes.append(Note(_anchor(n["at"], nw, places), _text(n["text"], nw)))
    decisions = []
    for i, raw in enumerate(_list(d.get("questions", []), f"{where} questions")):
        qw = f"{where} question {i + 1}"
        q = _fields(raw, qw, ("at", "kind"), ("prompt", "after"))
        at = _anchor(q["at"], qw, places)
        kind = q["kind"]
        if kind not in DECISION_KINDS:
            raise LessonError(qw, f"unknown kind {kind!r} (one of {', '.join(DECISION_KINDS)})")
        if at.kind not in _DECISION_AT[kind]:
            raise LessonError(qw, f"a {kind!r} question cannot be asked at {at}")
        if hand is not None and at.kind == "card":
            if kind == "trick_winner" and at.second != hand.n:
                raise LessonError(qw, "'trick_winner' is asked at the last card of a trick")
            if kind == "playable" and at.second == 1:
                raise LessonError(qw, "'playable' at a lead: every card may be led; ask 'card' instead")
        decisions.append(Decision(at, kind, _text(q["prompt"], qw) if "prompt" in q else None,
                                  _text(q["after"], qw) if "after" in q else None))
    return DealSpec(deal_id, title, record, hand, session, stop, tuple(notes), tuple(decisions))


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise LessonError(where, "expected a list")
    return value


def _anchor(value: Any, where: str, places: set[Anchor]) -> Anchor:
    try:
        at = Anchor.parse(value)
    except ValueError as e:
        raise LessonError(where, str(e)) from None
    if at not in places:
        raise LessonError(where, f"the deal has no step {at}")
    return at


def lesson_from_record(record: Any, place: int = 0, where: str = "lesson") -> LessonSpec:
    """Check and load one lesson record (a parsed JSON object)."""
    from .quiz import kinds_for  # the quiz is heavier; loaded only when a lesson is

    r = _fields(record, where, ("format", "id", "profile", "title", "summary", "rules", "deals"), ("kind", "quiz", "teaching"))
    if r["format"] != LESSON_FORMAT:
        raise LessonError(where, f"format must be {LESSON_FORMAT!r}")
    lesson_id = r["id"]
    if not isinstance(lesson_id, str) or not _ID.match(lesson_id):
        raise LessonError(where, f"bad lesson id {lesson_id!r}")
    try:
        profile = get_profile(r["profile"] if isinstance(r["profile"], str) else "?")
    except UnknownProfile:
        raise LessonError(where, f"unknown profile {r['profile']!r}") from None
    kind = r.get("kind", "rules")
    if kind not in LESSON_KINDS:
        raise LessonError(where, f"kind is one of {', '.join(LESSON_KINDS)}")
    rules = _list(r["rules"], f"{where} rules")
    known = set(profile.rules.values()) if isinstance(profile.rules, Mapping) else set()
    for rule in rules:
        if not isinstance(rule, str) or not _RULE.match(rule) or (known and rule not in known):
            raise LessonError(where, f"{rule!r} is not a rule of the {profile.name} profile")
    if not rules and kind == "rules":
        raise LessonError(where, "a rules lesson names the rules it teaches")
    deals_raw = _list(r["deals"], f"{where} deals")
    if not 1 <= len(deals_raw) <= 3:
        raise LessonError(where, "a lesson has one to three deals")
    deals = tuple(_deal(d, f"{where} deal {i + 1}", profile) for i, d in enumerate(deals_raw))
    opening = Anchor("deal", 1) if deals[0].session is not None else Anchor("table")
    if deals[0].decisions_at(opening):
        raise LessonError(f"{where} deal 1", f"no question at {opening}: nothing is shown before the lesson's "
                                             "first step, so it cannot be asked before a reveal")
    if len({d.id for d in deals}) != len(deals):
        raise LessonError(where, "deal ids must differ")
    q = _fields(r.get("quiz", {}), f"{where} quiz", (), ("kinds", "count", "seed"))
    kinds = tuple(_list(q.get("kinds", []), f"{where} quiz kinds"))
    allowed = kinds_for(profile)
    for k in kinds:
        if k not in allowed:
            raise LessonError(f"{where} quiz", f"unknown quiz kind {k!r} for {profile.name}")
    count = q.get("count", 5)
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 10:
        raise LessonError(f"{where} quiz", "count is 1..10")
    seed = q.get("seed", place)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise LessonError(f"{where} quiz", "seed is a whole number")
    return LessonSpec(lesson_id, place, profile, kind, _text(r["title"], f"{where} title"),
                      _text(r["summary"], f"{where} summary"), tuple(rules), deals,
                      QuizSpec(kinds, count if kinds else 0, seed), _teaching(r.get("teaching"), where))


def _teaching(raw: Any, where: str) -> Teaching | None:
    """The optional ``teaching`` block: objective, minutes (5..90), one to five mistakes."""
    if raw is None:
        return None
    where = f"{where} teaching"
    t = _fields(raw, where, ("objective", "minutes", "mistakes"), ())
    minutes = t["minutes"]
    if not isinstance(minutes, int) or isinstance(minutes, bool) or not 5 <= minutes <= 90:
        raise LessonError(where, "minutes is a whole number from 5 to 90")
    mistakes = _list(t["mistakes"], f"{where} mistakes")
    if not 1 <= len(mistakes) <= 5:
        raise LessonError(where, "one to five mistakes")
    return Teaching(_text(t["objective"], f"{where} objective"), minutes,
                    tuple(_text(m, f"{where} mistake {i + 1}") for i, m in enumerate(mistakes)))


# ------------------------------------------------------------------- loading
def _files() -> list[tuple[int, str, str]]:
    folder = resources.files("nap_teach").joinpath("data", "lessons")
    out = []
    for entry in folder.iterdir():
        m = _FILE.match(entry.name)
        if m:
            out.append((int(m.group(1)), m.group(2), entry.name))
    return sorted(out)


def _read(name: str) -> Any:
    text = resources.files("nap_teach").joinpath("data", "lessons", name).read_text(encoding="utf-8")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise LessonError(name, f"not JSON: {e}") from None


@lru_cache(maxsize=1)
def load_course() -> tuple[LessonSpec, ...]:
    """Every lesson, in course order (file name prefix); each file checked."""
    out = []
    seen: set[str] = set()
    for place, lesson_id, name in _files():
        spec = lesson_from_record(_read(name), place, name)
        if spec.id != lesson_id:
            raise LessonError(name, f"the file name says {lesson_id!r}, the file says {spec.id!r}")
        if spec.id in seen:
            raise LessonError(name, f"two lessons are called {spec.id!r}")
        seen.add(spec.id)
        out.append(spec)
    return tuple(out)


@dataclass(frozen=True)
class LessonOutline:
    """A lesson's entry in the course's list: what a page listing the lessons shows or counts."""

    id: str
    place: int
    profile: Profile
    title: str
    rules: tuple[str, ...]


@lru_cache(maxsize=1)
def course_outline() -> tuple[LessonOutline, ...]:
    """Every lesson's outline, in course order, read from the same files as :func:`load_course` without
    loading their deals and quizzes (a page that only lists or counts the lessons, such as the landing
    page, then builds in a few milliseconds instead of some 50: the deals are replayed to be checked).
    A file whose outline does not read raises :class:`LessonError` as :func:`load_course` does."""
    out = []
    for place, lesson_id, name in _files():
        record = _read(name)
        if not isinstance(record, Mapping):
            raise LessonError(name, "expected an object")
        if record.get("id") != lesson_id:
            raise LessonError(name, f"the file name says {lesson_id!r}, the file says {record.get('id')!r}")
        try:
            profile = get_profile(record.get("profile") if isinstance(record.get("profile"), str) else "?")
        except UnknownProfile:
            raise LessonError(name, f"unknown profile {record.get('profile')!r}") from None
        rules = _list(record.get("rules"), f"{name} rules")
        out.append(LessonOutline(lesson_id, place, profile, _text(record.get("title"), f"{name} title"),
                                 tuple(str(r) for r in rules)))
    return tuple(out)


def lesson_ids() -> tuple[str, ...]:
    """The lessons' ids in course order (from :func:`course_outline`)."""
    return tuple(s.id for s in course_outline())


def load_lesson(lesson_id: str) -> LessonSpec:
    """The lesson called ``lesson_id`` (KeyError if there is none)."""
    for spec in load_course():
        if spec.id == lesson_id:
            return spec
    raise KeyError(lesson_id)


def lesson_texts(record: Any) -> list[str]:
    """The msgids of a raw lesson record, for the catalogue extractor (no engine check)."""
    out: list[str] = []
    if not isinstance(record, dict):
        return out
    for key in ("title", "summary"):
        if isinstance(record.get(key), str):
            out.append(record[key])
    for d in record.get("deals", []) if isinstance(record.get("deals"), list) else []:
        if not isinstance(d, dict):
            continue
        if isinstance(d.get("title"), str):
            out.append(d["title"])
        for n in d.get("notes", []) if isinstance(d.get("notes"), list) else []:
            if isinstance(n, dict) and isinstance(n.get("text"), str):
                out.append(n["text"])
        for q in d.get("questions", []) if isinstance(d.get("questions"), list) else []:
            if isinstance(q, dict):
                out.extend(q[k] for k in ("prompt", "after") if isinstance(q.get(k), str))
    teaching = record.get("teaching")
    if isinstance(teaching, dict):
        if isinstance(teaching.get("objective"), str):
            out.append(teaching["objective"])
        mistakes = teaching.get("mistakes")
        out.extend(m for m in (mistakes if isinstance(mistakes, list) else []) if isinstance(m, str))
    return out
