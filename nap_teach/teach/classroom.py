"""A live class: the learners' finished deals reach the teacher's class page as they are played.

The teacher's "A link for the class" (play page) creates a class in a
:class:`ClassStore`: the game (a :class:`~nap_teach.teach.play.TableSetup` with a
seed), a short **class code** for the learners' link and a separate, long
**teacher key** for the teacher's class page. A learner who opens the class link
joins with a name (:meth:`ClassStore.join`) and receives a **learner token**, kept
in their browser so that a reload resumes (:meth:`ClassStore.rejoin`); each
finished deal is then sent with that token (:meth:`ClassStore.submit`). The
teacher's page reads everything with the teacher key (:meth:`ClassStore.results`,
a :class:`~nap_teach.teach.traveller.ClassResults` as the file route builds it) and
ends the class with it (:meth:`ClassStore.end`).

The store has no widget: pages get one passed in (``store_from_environment``
reads the launcher's ``NAP_CLASS_DB``).

Security and faults, in the store itself:

- codes, keys and tokens come from :mod:`secrets`; keys and tokens are stored
  only as SHA-256 digests (reading the database gives no teacher access);
- a token adds deals only to its own learner of its own class; a deal is
  checked as a session file is (:func:`~nap_teach.teach.traveller.read_submission`:
  every rule, the seeded cards, the class's game) before it is stored, and a
  refused deal changes nothing (:class:`ClassRefused`, with the reason);
- a deal is stored once: its key is (class, learner, deal number); the same deal
  sent again (a reload, a lost connection) is acknowledged and not stored twice,
  a different deal under a number already stored is refused;
- nothing but the learner's typed name and the game (the deals) is stored; a
  class is deleted when the teacher ends it or :data:`CLASS_LIFETIME` after it
  was created.

SQLite (standard library) is the default database: one file in the data folder,
written by many kernel processes at once (write-ahead log, a busy timeout, every
write a short ``BEGIN IMMEDIATE`` transaction, ``synchronous=FULL``, so a server
restart loses no acknowledged deal). ``postgresql://`` URLs use PostgreSQL through
``psycopg`` (3), for an app served from several machines.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager

from ..engine.explain import Explanation, RecordError, RuleError
from .play import PlayTable, TableSetup
from .traveller import ClassResults, GameKey, read_submission

__all__ = ["ClassStore", "ClassInfo", "Seat", "Submitted", "ClassRefused", "StoreUnavailable", "store_from_environment",
           "open_store", "database_url", "CLASS_LIFETIME", "MAX_DEAL_BYTES", "MAX_LEARNERS", "CODE_LENGTH",
           "ENV_VAR", "DB_FILE", "is_code", "is_teacher_key"]

ENV_VAR = "NAP_CLASS_DB"
"""The database URL the launcher hands every kernel (``sqlite:////path/classes.sqlite3``)."""
DB_FILE = "classes.sqlite3"
CLASS_LIFETIME = 14 * 24 * 3600
"""Seconds a class is kept after it was created (then deleted with every deal in it)."""
MAX_DEAL_BYTES = 20_000
"""The largest deal accepted (a seven-player deal played out is about 1.5 kB)."""
MAX_LEARNERS = 200
"""Learners one class may hold."""
CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
"""Class codes: no 0/o, 1/l/i to misread (31 symbols)."""
CODE_LENGTH = 10
"""About 50 bits: a class code cannot be guessed in its 14 days."""
_CODE = re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")
_KEY = re.compile(r"^[A-Za-z0-9_-]{32}$")
BUSY_TIMEOUT_MS = 30_000

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS classes (
        id INTEGER PRIMARY KEY {autoincrement},
        code TEXT NOT NULL UNIQUE,
        teacher TEXT NOT NULL UNIQUE,
        game TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        expires DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS learners (
        id INTEGER PRIMARY KEY {autoincrement},
        class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        token TEXT NOT NULL UNIQUE,
        UNIQUE (class_id, name_key))""",
    """CREATE TABLE IF NOT EXISTS deals (
        id INTEGER PRIMARY KEY {autoincrement},
        class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        deal TEXT NOT NULL,
        digest TEXT NOT NULL,
        UNIQUE (class_id, learner_id, number))""",
    "CREATE INDEX IF NOT EXISTS deals_by_class ON deals (class_id, id)",
)


class ClassRefused(RecordError):
    """A class request that cannot be granted (unknown code, taken name, forged deal ...): nothing changed."""


class StoreUnavailable(RecordError):
    """The database could not be reached or written just now (nothing changed; try again later)."""


def _refuse(key: str, **facts: Any) -> ClassRefused:
    return ClassRefused(Explanation("class", key, facts))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def is_code(value: object) -> bool:
    """Whether ``value`` has the shape of a class code (says nothing of whether the class exists).

    >>> is_code("a2b3c4d5e6"), is_code("A2B3"), is_code("<script>")
    (True, False, False)
    """
    return isinstance(value, str) and bool(_CODE.match(value))


def is_teacher_key(value: object) -> bool:
    """Whether ``value`` has the shape of a teacher key (32 URL-safe characters)."""
    return isinstance(value, str) and bool(_KEY.match(value))


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _new_key() -> str:
    return secrets.token_urlsafe(24)  # 32 characters, 192 bits


@dataclass(frozen=True)
class ClassInfo:
    """A class as its pages need it: the code, the game, and (for the teacher only) the key."""

    code: str
    game: TableSetup
    created: float
    expires: float
    teacher_key: str | None = None
    """Only in what :meth:`ClassStore.create` returns: the store keeps its digest, never the key."""


@dataclass(frozen=True)
class Seat:
    """A learner in a class: the name, the token (kept by the learner's browser) and the deals already stored."""

    code: str
    name: str
    token: str
    deals: tuple[dict[str, Any], ...]
    game: TableSetup

    def table(self, *, offer_stop: bool = False) -> PlayTable:
        """The learner's table: a new one, or the session so far rebuilt from the stored deals."""
        setup = replace(self.game, name=self.name)
        table = PlayTable.new(setup, offer_stop=offer_stop)
        if not self.deals:
            return table
        record = table.to_record() | {"deals": list(self.deals)}
        resumed = PlayTable.from_record(record, offer_stop=offer_stop)
        return resumed


@dataclass(frozen=True)
class Submitted:
    """What became of a deal sent: stored now, or already stored before (the same deal sent again)."""

    number: int
    stored: bool


def session_record(game: TableSetup, name: str, deals: Sequence[Any]) -> dict[str, Any]:
    """The "nap-session/1" record of a learner's session so far (header from the game, these deals)."""
    table = PlayTable.new(replace(game, name=name))
    return table.to_record() | {"deals": list(deals)}


def database_url(data_dir: str | os.PathLike[str]) -> str:
    """The SQLite URL of the class database in ``data_dir``.

    >>> database_url("/srv/nap")
    'sqlite:////srv/nap/classes.sqlite3'
    """
    return "sqlite:///" + str(Path(data_dir).absolute() / DB_FILE)


class ClassStore:
    """The classes, their learners and their deals, in one database shared by every kernel."""

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time) -> None:
        self.url = url
        self.clock = clock
        if url.startswith("sqlite:///"):
            self._pg = False
            import sqlite3  # not in the browser's Python (the static demo): only a live class, on a server, opens it

            self._errors: tuple[type[BaseException], ...] = (sqlite3.Error,)
            path = Path(url[len("sqlite:///"):])
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                self._conn: Any = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                                                  check_same_thread=False)
                self._conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
                self._conn.execute("PRAGMA journal_mode = WAL")
                self._conn.execute("PRAGMA synchronous = FULL")
                self._conn.execute("PRAGMA foreign_keys = ON")
            except sqlite3.Error as e:
                raise StoreUnavailable(Explanation("class", "live.unavailable", {})) from e
            autoincrement = "AUTOINCREMENT"
        elif url.startswith(("postgresql://", "postgres://")):
            import psycopg  # only for a PostgreSQL URL (pip install psycopg[binary])

            self._pg = True
            self._errors = (psycopg.Error,)
            try:
                self._conn = psycopg.connect(url, autocommit=True)
            except psycopg.Error as e:
                raise StoreUnavailable(Explanation("class", "live.unavailable", {})) from e
            autoincrement = ""
        else:
            raise ValueError(f"{url[:60]}: a class database is sqlite:///PATH or postgresql://...")
        with self._write() as cur:
            for statement in SCHEMA:
                sql = statement.format(autoincrement=autoincrement)
                if self._pg:
                    sql = sql.replace("INTEGER PRIMARY KEY", "BIGSERIAL PRIMARY KEY")
                cur.execute(sql)

    def close(self) -> None:
        self._conn.close()

    # ------------------------------------------------------------ plumbing
    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self._pg else sql

    @contextmanager
    def _write(self) -> Iterator["_Cursor"]:
        """One write transaction: taken at once (``BEGIN IMMEDIATE``), so writers queue instead of failing.

        A database error (a disk full, a lock held past the busy timeout) rolls back and becomes
        :class:`StoreUnavailable`: nothing was written.
        """
        try:
            cur = self._conn.cursor()
            cur.execute("BEGIN" if self._pg else "BEGIN IMMEDIATE")
        except self._errors as e:
            raise StoreUnavailable(Explanation("class", "live.unavailable", {})) from e
        try:
            yield _Cursor(cur, self._sql)
        except self._errors as e:
            self._rollback(cur)
            raise StoreUnavailable(Explanation("class", "live.unavailable", {})) from e
        except BaseException:
            self._rollback(cur)
            raise
        else:
            try:
                cur.execute("COMMIT")
            except self._errors as e:
                self._rollback(cur)
                raise StoreUnavailable(Explanation("class", "live.unavailable", {})) from e
        finally:
            cur.close()

    def _rollback(self, cur: Any) -> None:
        try:
            cur.execute("ROLLBACK")
        except self._errors:  # the transaction is gone already (the connection failed)
            pass

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            cur = self._conn.cursor()
            try:
                cur.execute(self._sql(sql), tuple(args))
                return list(cur.fetchall())
            finally:
                cur.close()
        except self._errors as e:
            raise StoreUnavailable(Explanation("class", "live.unavailable", {})) from e

    def _purge(self, cur: "_Cursor") -> None:
        """Delete the classes past their lifetime (deals and learners go with them)."""
        old = [row[0] for row in cur.all("SELECT id FROM classes WHERE expires < ?", (self.clock(),))]
        for class_id in old:
            self._delete(cur, class_id)

    @staticmethod
    def _delete(cur: "_Cursor", class_id: int) -> None:
        cur.run("DELETE FROM deals WHERE class_id = ?", (class_id,))
        cur.run("DELETE FROM learners WHERE class_id = ?", (class_id,))
        cur.run("DELETE FROM classes WHERE id = ?", (class_id,))

    # ------------------------------------------------------------- teacher
    def create(self, game: TableSetup) -> ClassInfo:
        """A new class playing ``game`` (which must have a seed): its code and its teacher key."""
        if not isinstance(game, TableSetup) or game.seed is None:
            raise _refuse("live.no_seed")
        now = self.clock()
        with self._write() as cur:
            self._purge(cur)
            for _attempt in range(20):
                code, key = _new_code(), _new_key()
                if not cur.all("SELECT 1 FROM classes WHERE code = ? OR teacher = ?", (code, _digest(key))):
                    break
            cur.run("INSERT INTO classes (code, teacher, game, created, expires) VALUES (?, ?, ?, ?, ?)",
                    (code, _digest(key), _game_json(game), now, now + CLASS_LIFETIME))
        return ClassInfo(code, game, now, now + CLASS_LIFETIME, teacher_key=key)

    def _class_by_key(self, key: object) -> tuple[int, str, TableSetup, float, float]:
        if not is_teacher_key(key):
            raise _refuse("live.unknown_teacher")
        rows = self._read("SELECT id, code, game, created, expires FROM classes WHERE teacher = ? AND expires >= ?",
                          (_digest(str(key)), self.clock()))
        if not rows:
            raise _refuse("live.unknown_teacher")
        class_id, code, game, created, expires = rows[0]
        return class_id, code, _game_from_json(game), created, expires

    def teacher_class(self, key: object) -> ClassInfo:
        """The class of a teacher key (:class:`ClassRefused` if there is none: ended, expired or mistyped)."""
        _id, code, game, created, expires = self._class_by_key(key)
        return ClassInfo(code, game, created, expires)

    def version(self, key: object) -> tuple[int, int]:
        """(deals stored, newest deal's id) of the teacher's class: changes whenever a deal arrives."""
        class_id = self._class_by_key(key)[0]
        rows = self._read("SELECT COUNT(*), COALESCE(MAX(id), 0) FROM deals WHERE class_id = ?", (class_id,))
        return int(rows[0][0]), int(rows[0][1])

    def learner_deals(self, key: object) -> list[tuple[str, list[dict[str, Any]]]]:
        """Every learner of the teacher's class with their deals in order, in the order they joined."""
        class_id = self._class_by_key(key)[0]
        learners = self._read("SELECT id, name FROM learners WHERE class_id = ? ORDER BY id", (class_id,))
        deals: dict[int, list[dict[str, Any]]] = {lid: [] for lid, _name in learners}
        for lid, deal in self._read("SELECT learner_id, deal FROM deals WHERE class_id = ? ORDER BY learner_id, number",
                                    (class_id,)):
            deals.setdefault(lid, []).append(json.loads(deal))
        return [(name, deals[lid]) for lid, name in learners]

    def results(self, key: object, *, cache: dict[str, Any] | None = None) -> ClassResults:
        """The class's results, as the class page shows them: one "file" per learner, their deals so far.

        ``cache`` (kept by the caller between calls) spares re-reading a learner whose deals did not change.
        """
        game = self._class_by_key(key)[2]
        results = ClassResults()
        for name, deals in self.learner_deals(key):
            if not deals:
                continue
            text = json.dumps(session_record(game, name, deals), ensure_ascii=False, sort_keys=True)
            kept = cache.get(name) if cache is not None else None
            if kept is not None and kept[0] == text:
                results.add_checked(kept[1])  # the same deals as at the last look: read once
                continue
            results.add(name, text)
            sub = results.last()
            if cache is not None and sub is not None:
                cache[name] = (text, sub)
        return results

    def end(self, key: object) -> None:
        """End the teacher's class: the class, its learners and their deals are deleted now."""
        if not is_teacher_key(key):
            raise _refuse("live.unknown_teacher")
        with self._write() as cur:
            rows = cur.all("SELECT id FROM classes WHERE teacher = ?", (_digest(str(key)),))
            if not rows:
                raise _refuse("live.unknown_teacher")
            self._delete(cur, rows[0][0])

    # ------------------------------------------------------------- learner
    def open(self, code: object) -> ClassInfo:
        """The class of a learner's link (:class:`ClassRefused`: no such class, ended or expired)."""
        if not is_code(code):
            raise _refuse("live.unknown_class")
        rows = self._read("SELECT code, game, created, expires FROM classes WHERE code = ? AND expires >= ?",
                          (code, self.clock()))
        if not rows:
            raise _refuse("live.unknown_class")
        code_, game, created, expires = rows[0]
        return ClassInfo(code_, _game_from_json(game), created, expires)

    def join(self, code: object, name: object) -> Seat:
        """A new learner in the class: their name checked as the play page checks it, and not taken yet."""
        info = self.open(code)
        try:
            setup = info.game._with(name=name)  # the name checked as everywhere (TableSetup.check)
        except RuleError as e:
            raise ClassRefused(e.explanation) from None
        clean = setup.name
        token = _new_key()
        with self._write() as cur:
            rows = cur.all("SELECT id FROM classes WHERE code = ? AND expires >= ?", (info.code, self.clock()))
            if not rows:
                raise _refuse("live.unknown_class")
            class_id = rows[0][0]
            taken = cur.all("SELECT name FROM learners WHERE class_id = ? AND name_key = ?", (class_id, clean.casefold()))
            if taken:
                raise _refuse("live.name_taken", name=taken[0][0])
            count = cur.all("SELECT COUNT(*) FROM learners WHERE class_id = ?", (class_id,))[0][0]
            if count >= MAX_LEARNERS:
                raise _refuse("live.class_full", most=MAX_LEARNERS)
            cur.run("INSERT INTO learners (class_id, name, name_key, token) VALUES (?, ?, ?, ?)",
                    (class_id, clean, clean.casefold(), _digest(token)))
        return Seat(info.code, clean, token, (), info.game)

    def rejoin(self, code: object, token: object) -> Seat:
        """A learner back in their class (a reload, another day): their name and the deals already stored."""
        info = self.open(code)
        class_id, learner_id, name = self._learner(info.code, token)
        rows = self._read("SELECT deal FROM deals WHERE learner_id = ? ORDER BY number", (learner_id,))
        return Seat(info.code, name, str(token), tuple(json.loads(r[0]) for r in rows), info.game)

    def _learner(self, code: str, token: object, cur: "_Cursor | None" = None) -> tuple[int, int, str]:
        if not isinstance(token, str) or not _KEY.match(token):
            raise _refuse("live.unknown_learner")
        sql = ("SELECT l.class_id, l.id, l.name FROM learners l JOIN classes c ON c.id = l.class_id "
               "WHERE c.code = ? AND l.token = ? AND c.expires >= ?")
        args = (code, _digest(token), self.clock())
        rows = cur.all(sql, args) if cur is not None else self._read(sql, args)
        if not rows:
            raise _refuse("live.unknown_learner")
        if cur is not None and self._pg:  # PostgreSQL: one writer per learner at a time (SQLite: BEGIN IMMEDIATE)
            cur.run("SELECT id FROM learners WHERE id = ? FOR UPDATE", (rows[0][1],))
        return rows[0][0], rows[0][1], rows[0][2]

    def submit(self, code: object, token: object, number: object, deal: object) -> Submitted:
        """Store the learner's deal ``number`` (1-based) once it is checked; the same deal again is no change.

        Refused (:class:`ClassRefused`, nothing stored) unless the token is a learner of this class, the
        deal is the next of their session (or the very deal already stored under that number), no larger
        than :data:`MAX_DEAL_BYTES`, and their session with it passes every check of a session file
        (rules, the cards the seed deals, the class's game).
        """
        info = self.open(code)
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 1000:
            raise _refuse("live.bad_number")
        if not isinstance(deal, dict):
            raise _refuse("live.bad_deal")
        try:
            text = json.dumps(deal, ensure_ascii=False, sort_keys=True, allow_nan=False)
        except (TypeError, ValueError):
            raise _refuse("live.bad_deal") from None
        if len(text.encode("utf-8")) > MAX_DEAL_BYTES:
            raise _refuse("live.too_big", most=MAX_DEAL_BYTES)
        digest = _digest(text)
        with self._write() as cur:
            class_id, learner_id, name = self._learner(info.code, token, cur)
            rows = cur.all("SELECT number, deal, digest FROM deals WHERE learner_id = ? ORDER BY number",
                           (learner_id,))
            if number <= len(rows):
                if rows[number - 1][2] == digest:
                    return Submitted(number, stored=False)  # sent again: already with the class
                raise _refuse("live.deal_differs", deal=number)
            if number != len(rows) + 1:
                raise _refuse("live.deal_gap", deal=number, expected=len(rows) + 1)
            deals = [json.loads(r[1]) for r in rows] + [json.loads(text)]
            record = session_record(info.game, name, deals)
            try:
                sub = read_submission(name, json.dumps(record, ensure_ascii=False))
            except (RecordError, RuleError) as e:
                raise ClassRefused(e.explanation) from None
            expected = read_key(info.game, name)
            if sub.key != expected:
                raise _refuse("live.other_game")
            cur.run("INSERT INTO deals (class_id, learner_id, number, deal, digest) VALUES (?, ?, ?, ?, ?)",
                    (class_id, learner_id, number, text, digest))
        return Submitted(number, stored=True)


def read_key(game: TableSetup, name: str) -> GameKey:
    """The :class:`~nap_teach.teach.traveller.GameKey` a session of ``game`` has (for comparing a submission)."""
    profile = game.rules()
    length = ("rotations", game.rotations) if game.rotations is not None else ("deals", game.length)
    options = tuple(sorted((str(k), str(v)) for k, v in profile.options.items()))
    assert game.seed is not None
    return GameKey(seed=game.seed, profile=profile.name, options=options, players=game.players, seat=game.seat,
                   length=length, bots=game.bots, style=game.style)


class _Cursor:
    """A cursor of one transaction, with the database's placeholders."""

    def __init__(self, cur: Any, sql: Callable[[str], str]) -> None:
        self._cur = cur
        self._sql = sql

    def run(self, sql: str, args: Sequence[Any] = ()) -> None:
        self._cur.execute(self._sql(sql), tuple(args))

    def all(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        self._cur.execute(self._sql(sql), tuple(args))
        return list(self._cur.fetchall())

    def execute(self, sql: str) -> None:
        self._cur.execute(sql)


def _game_json(game: TableSetup) -> str:
    return json.dumps({"players": game.players, "seat": game.seat, "deals": game.deals, "rotations": game.rotations,
                       "bots": game.bots, "seed": game.seed, "profile": game.profile,
                       "misere_stakes": game.misere_stakes, "style": game.style}, sort_keys=True)


def _game_from_json(text: str) -> TableSetup:
    data = json.loads(text)
    return TableSetup(players=data["players"], seat=data["seat"], deals=data["deals"], rotations=data["rotations"],
                      bots=data["bots"], seed=data["seed"], profile=data["profile"],
                      misere_stakes=data["misere_stakes"], style=data["style"])


def open_store(url: str | None) -> ClassStore | None:
    """A store for ``url`` (None: no live classes on this server)."""
    return ClassStore(url) if url else None


_stores: dict[str, ClassStore] = {}


def store_from_environment(environ: Mapping[str, str] | None = None) -> ClassStore | None:
    """The store the launcher named (``NAP_CLASS_DB``), one per process; None when there is none."""
    env = os.environ if environ is None else environ
    url = env.get(ENV_VAR, "").strip()
    if not url:
        return None
    if url not in _stores:
        _stores[url] = ClassStore(url)
    return _stores[url]
