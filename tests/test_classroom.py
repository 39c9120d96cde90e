"""The live class's store (nap_teach.teach.classroom): classes, learners, deals, and what it refuses.

The store is shared by every kernel of a server (one SQLite file), so the
concurrency tests write from several processes at once.
"""
from __future__ import annotations

import json
import multiprocessing
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from nap_teach.teach.classroom import (CLASS_LIFETIME, MAX_DEAL_BYTES, ClassRefused, ClassStore, database_url,
                                       is_code, store_from_environment)
from nap_teach.teach.play import PlayTable, TableSetup
from nap_teach.words.i18n import translator

GAME = TableSetup(players=4, seat=1, seed=21, deals=3, bots="simple")


def played_deals(game: TableSetup = GAME, name: str = "Sam", count: int | None = None) -> list[dict]:
    """The deals of ``game`` played by the coach's choices, as the play page sends them (one dict each)."""
    table = PlayTable.new(replace(game, name=name))
    while not table.session.is_over and (count is None or len(table.session.entries) < count):
        table.start_deal()
        while table.pending not in ("deal_over", "session_over"):
            if table.pending == "stop":
                table.play_on()
                continue
            action = table.hint().action
            (table.call if table.pending == "call" else table.play)(action)
    return table.to_record()["deals"]


def renamed(deal: dict, old: str, new: str) -> dict:
    """A deal of the class's game as another learner plays it the same way (only the learner's name differs)."""
    out = json.loads(json.dumps(deal))
    out["hands"] = {new if k == old else k: v for k, v in out["hands"].items()}
    return out


@pytest.fixture(scope="module")
def deals() -> list[dict]:
    return played_deals()


def _postgres_bin() -> Path | None:
    """Debian's PostgreSQL server programs (``apt-get install postgresql``), the newest version found."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name)
                   if p.parent.parent.name.isdigit() else 0)
    return found[-1].parent if found else None


@pytest.fixture(scope="module")
def postgres():
    """A private PostgreSQL cluster for this module (Debian's package: initdb, then pg_ctl on a socket only).

    Missing PostgreSQL skips, except under CI=true, where `make test` installs it and its absence fails.
    """
    import os
    import shutil
    import socket
    import subprocess
    import tempfile

    bin_dir = _postgres_bin()
    try:
        import psycopg  # noqa: F401
    except ImportError:
        bin_dir = None
    if bin_dir is None:
        if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
            pytest.fail("PostgreSQL or psycopg is missing (CI=true: make test installs them)")
        pytest.skip("PostgreSQL (Debian's postgresql) or psycopg is not installed")
    base = Path(tempfile.mkdtemp(prefix="nap-pg-"))  # not under pytest's folder, which the postgres user cannot enter
    as_user: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: run the cluster as Debian's postgres user
        shutil.chown(base, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    subprocess.run([*as_user, str(bin_dir / "initdb"), "-D", str(base / "data"), "-A", "trust", "-U", "postgres",
                    "--no-sync", "-E", "UTF8"], check=True, capture_output=True, timeout=120)
    subprocess.run([*as_user, str(bin_dir / "pg_ctl"), "-D", str(base / "data"), "-w", "-l", str(base / "log"),
                    "-o", f"-k {base} -h '' -p {port} -F", "start"], check=True, capture_output=True, timeout=120)
    try:
        yield f"postgresql://postgres@/{{db}}?host={base}&port={port}"
    finally:
        subprocess.run([*as_user, str(bin_dir / "pg_ctl"), "-D", str(base / "data"), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60)
        shutil.rmtree(base, ignore_errors=True)


_databases = iter(range(10**6))


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The store's database: a SQLite file (the default) or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return database_url(tmp_path)
    import psycopg

    template = request.getfixturevalue("postgres")
    name = f"nap{next(_databases)}"
    with psycopg.connect(template.format(db="postgres"), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return template.format(db=name)


@pytest.fixture
def store(url: str) -> ClassStore:
    s = ClassStore(url)
    yield s
    s.close()


def test_live_class_codes_and_keys_are_unguessable_and_stored_hashed(tmp_path: Path):
    store = ClassStore(database_url(tmp_path))
    infos = [store.create(GAME) for _ in range(20)]
    codes = {i.code for i in infos}
    keys = {i.teacher_key for i in infos}
    assert len(codes) == 20 and len(keys) == 20
    assert all(is_code(c) and len(c) == 10 for c in codes)
    assert all(k is not None and len(k) == 32 for k in keys)
    seat = store.join(infos[0].code, "Ana")
    raw = sqlite3.connect(tmp_path / "classes.sqlite3")
    dump = "\n".join(raw.iterdump())
    assert not any(k in dump for k in keys if k)  # only digests of the keys
    assert seat.token not in dump
    assert "Ana" in dump  # the typed name is stored, and nothing else of the learner
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_live_class_deals_reach_the_teacher_once(store: ClassStore, deals: list[dict]):
    info = store.create(GAME)
    ana = store.join(info.code, "Ana")
    bob = store.join(info.code, "Bob")
    assert store.submit(info.code, ana.token, 1, renamed(deals[0], "Sam", "Ana")).stored
    assert store.version(info.teacher_key)[0] == 1
    # the same deal again (a reload, a lost connection): acknowledged, not stored twice
    again = store.submit(info.code, ana.token, 1, renamed(deals[0], "Sam", "Ana"))
    assert not again.stored
    assert store.version(info.teacher_key)[0] == 1
    for number, deal in enumerate(deals, 1):
        store.submit(info.code, bob.token, number, renamed(deal, "Sam", "Bob"))
    results = store.results(info.teacher_key)
    assert {s.learner: s.deals for s in results.ledger()} == {"Ana": 1, "Bob": 3}
    assert [line.learner for line in results.traveller(1)] == ["Ana", "Bob"]
    assert [line.learner for line in results.traveller(3)] == ["Bob"]
    assert store.version(info.teacher_key)[0] == 4


def test_live_class_reload_resumes_the_learners_session(store: ClassStore, deals: list[dict]):
    info = store.create(GAME)
    ana = store.join(info.code, "Ana")
    for number, deal in enumerate(deals[:2], 1):
        store.submit(info.code, ana.token, number, renamed(deal, "Sam", "Ana"))
    back = store.rejoin(info.code, ana.token)
    assert back.name == "Ana" and len(back.deals) == 2
    table = back.table()
    assert len(table.session.entries) == 2 and table.name == "Ana" and not table.session.is_over
    assert table.to_record()["deals"] == [renamed(d, "Sam", "Ana") for d in deals[:2]]


def test_live_class_names_are_checked_and_not_shared(store: ClassStore):
    info = store.create(GAME)
    store.join(info.code, "Ana")
    with pytest.raises(ClassRefused) as taken:
        store.join(info.code, " ana ")
    assert taken.value.explanation.key == "live.name_taken"  # the name as the class has it
    assert "Ana" in translator("en").explain(taken.value.explanation)
    for bad in ("", "<b>x</b>", "x" * 21, 7, None, "a\x00b"):
        with pytest.raises(ClassRefused) as refused:
            store.join(info.code, bad)
        assert refused.value.explanation.key == "play.name"
    assert [name for name, _ in store.learner_deals(info.teacher_key)] == ["Ana"]


def test_live_class_forged_submissions_are_refused_and_change_nothing(store: ClassStore, deals: list[dict]):
    mine, other = store.create(GAME), store.create(replace(GAME, seed=22))
    ana = store.join(mine.code, "Ana")
    eve = store.join(other.code, "Eve")
    deal = renamed(deals[0], "Sam", "Ana")

    def refused(code, token, number, body) -> str:
        with pytest.raises(ClassRefused) as e:
            store.submit(code, token, number, body)
        return e.value.explanation.key

    # a learner of one class cannot add to another, nor add as another learner
    assert refused(other.code, ana.token, 1, deal) == "live.unknown_learner"
    assert refused(mine.code, eve.token, 1, deal) == "live.unknown_learner"
    assert refused(mine.code, "x" * 32, 1, deal) == "live.unknown_learner"
    assert refused("zzzzzzzzzz", ana.token, 1, deal) == "live.unknown_class"
    assert refused("../../etc", ana.token, 1, deal) == "live.unknown_class"
    # malformed, oversized, out of order
    assert refused(mine.code, ana.token, 1, "not a deal") == "live.bad_deal"
    assert refused(mine.code, ana.token, 1, {"x": float("nan")}) == "live.bad_deal"
    assert refused(mine.code, ana.token, 1, deal | {"pad": "x" * MAX_DEAL_BYTES}) == "live.too_big"
    assert refused(mine.code, ana.token, 0, deal) == "live.bad_number"
    assert refused(mine.code, ana.token, True, deal) == "live.bad_number"
    assert refused(mine.code, ana.token, 2, renamed(deals[1], "Sam", "Ana")) == "live.deal_gap"
    # a deal edited by hand: other cards than the seed deals, an illegal card, another learner's name
    swapped = json.loads(json.dumps(deal))
    hands = swapped["hands"]
    first, second = list(hands)[:2]
    hands[first][0], hands[second][0] = hands[second][0], hands[first][0]
    assert refused(mine.code, ana.token, 1, swapped) == "class.not_seeded"
    with pytest.raises(ClassRefused):
        store.submit(mine.code, ana.token, 1, deal | {"play": list(reversed(deals[1]["play"]))})
    with pytest.raises(ClassRefused):
        store.submit(mine.code, ana.token, 1, deals[0])  # Sam's hands: not Ana's table
    # the deal of another class's seed is not this class's game
    with pytest.raises(ClassRefused):
        store.submit(mine.code, ana.token, 1, renamed(played_deals(replace(GAME, seed=22), count=1)[0], "Sam", "Ana"))
    assert store.version(mine.teacher_key) == (0, 0)
    assert store.version(other.teacher_key) == (0, 0)
    # then the real deal goes in, and a different deal under the same number is refused
    assert store.submit(mine.code, ana.token, 1, deal).stored
    assert refused(mine.code, ana.token, 1, swapped) == "live.deal_differs"
    assert store.version(mine.teacher_key)[0] == 1


def test_live_class_only_the_teacher_key_reads_or_ends(store: ClassStore, deals: list[dict]):
    info = store.create(GAME)
    ana = store.join(info.code, "Ana")
    store.submit(info.code, ana.token, 1, renamed(deals[0], "Sam", "Ana"))
    for wrong in (info.code, ana.token, "A" * 32, None, "", "x" * 500):
        with pytest.raises(ClassRefused):
            store.results(wrong)
        with pytest.raises(ClassRefused):
            store.end(wrong)
    assert store.version(info.teacher_key)[0] == 1
    store.end(info.teacher_key)
    with pytest.raises(ClassRefused):
        store.open(info.code)
    with pytest.raises(ClassRefused):
        store.results(info.teacher_key)
    with pytest.raises(ClassRefused):
        store.submit(info.code, ana.token, 2, renamed(deals[1], "Sam", "Ana"))
    rows = store._read("SELECT (SELECT COUNT(*) FROM classes), (SELECT COUNT(*) FROM learners), "
                       "(SELECT COUNT(*) FROM deals)")
    assert rows == [(0, 0, 0)]  # deleted, not only hidden


def test_live_class_is_deleted_after_fourteen_days(url: str, deals: list[dict]):
    now = [1_000_000.0]
    store = ClassStore(url, clock=lambda: now[0])
    old = store.create(GAME)
    ana = store.join(old.code, "Ana")
    store.submit(old.code, ana.token, 1, renamed(deals[0], "Sam", "Ana"))
    now[0] += CLASS_LIFETIME - 60
    assert store.open(old.code).code == old.code
    now[0] += 120
    with pytest.raises(ClassRefused):
        store.open(old.code)
    store.create(GAME)  # creating a class clears the expired ones
    assert store._read("SELECT COUNT(*) FROM deals") == [(0,)]
    assert store._read("SELECT COUNT(*) FROM classes") == [(1,)]


def test_live_class_survives_a_restart(url: str, deals: list[dict]):
    first = ClassStore(url)
    info = first.create(GAME)
    ana = first.join(info.code, "Ana")
    first.submit(info.code, ana.token, 1, renamed(deals[0], "Sam", "Ana"))
    del first  # no close: a server killed mid-class
    again = ClassStore(url)
    assert again.version(info.teacher_key)[0] == 1
    assert again.rejoin(info.code, ana.token).deals[0] == renamed(deals[0], "Sam", "Ana")


def test_live_class_store_comes_from_the_launchers_environment(tmp_path: Path):
    assert store_from_environment({}) is None
    url = database_url(tmp_path)
    store = store_from_environment({"NAP_CLASS_DB": url})
    assert store is not None and store is store_from_environment({"NAP_CLASS_DB": url})
    with pytest.raises(ValueError):
        ClassStore("mysql://nope")


def _learner_process(url: str, code: str, names: list[str], deals: list[dict], out) -> None:
    """One kernel's worth of learners: join, send every deal, send each one again (a reconnect)."""
    store = ClassStore(url)
    stored = again = 0
    for name in names:
        seat = store.join(code, name)
        for number, deal in enumerate(deals, 1):
            stored += store.submit(code, seat.token, number, renamed(deal, "Sam", name)).stored
            again += not store.submit(code, seat.token, number, renamed(deal, "Sam", name)).stored
    out.put((stored, again))


def test_live_class_many_processes_write_at_once(url: str, deals: list[dict]):
    store = ClassStore(url)
    info = store.create(GAME)
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    procs = [ctx.Process(target=_learner_process, args=(url, info.code, [f"P{p}L{i}" for i in range(3)], deals, out))
             for p in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    counts = [out.get(timeout=5) for _ in procs]
    assert sum(s for s, _ in counts) == 4 * 3 * len(deals)
    assert sum(a for _, a in counts) == 4 * 3 * len(deals)
    assert store.version(info.teacher_key)[0] == 36
    per = store.learner_deals(info.teacher_key)
    assert len(per) == 12 and all(len(d) == 3 for _, d in per)
    assert store._read("SELECT COUNT(*), COUNT(DISTINCT learner_id || '-' || number) FROM deals") == [(36, 36)]
