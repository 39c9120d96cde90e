"""The live class under a class's load: 30 learners, each in a process of their own (as each learner's page
runs in a kernel of its own), send 8 deals each to one class at the same moment, every deal twice (a reload
or a lost connection sends a deal again). Marked ``alone``: `make test` runs it by itself, after the rest."""
from __future__ import annotations

import json
import multiprocessing
import time
from pathlib import Path

import pytest

from nap_teach.teach.classroom import ClassStore, database_url
from nap_teach.teach.play import TableSetup

pytestmark = pytest.mark.alone

LEARNERS = 30
DEALS = 8
GAME = TableSetup(players=4, seat=3, seed=808, deals=DEALS, bots="simple")


def _learner(url: str, code: str, name: str, deals: list[dict], start, out) -> None:
    """One learner's kernel: join, then each deal as it is finished, sent twice."""
    import json

    store = ClassStore(url)
    mine = [json.loads(json.dumps(d).replace('"Sam"', json.dumps(name))) for d in deals]
    start.wait()
    seat = store.join(code, name)
    stored = again = 0
    for number, deal in enumerate(mine, 1):
        stored += store.submit(code, seat.token, number, deal).stored
        again += not store.submit(code, seat.token, number, deal).stored
    out.put((name, stored, again))


def test_thirty_learners_send_eight_deals_each_at_once_none_lost_none_twice(tmp_path: Path, class_session):
    url = database_url(tmp_path)
    store = ClassStore(url)
    info = store.create(GAME)
    deals = json.loads(class_session("Sam", seed=GAME.seed, seat=GAME.seat, deals=DEALS))["deals"]
    assert len(deals) == DEALS
    ctx = multiprocessing.get_context("fork")
    start, out = ctx.Event(), ctx.Queue()
    names = [f"Learner {i:02d}" for i in range(LEARNERS)]
    procs = [ctx.Process(target=_learner, args=(url, info.code, name, deals, start, out)) for name in names]
    for p in procs:
        p.start()
    began = time.perf_counter()
    start.set()
    results = [out.get(timeout=280) for _ in procs]
    seconds = time.perf_counter() - began
    for p in procs:
        p.join(30)
        assert p.exitcode == 0
    assert sorted(r[0] for r in results) == names
    assert all((stored, again) == (DEALS, DEALS) for _n, stored, again in results)
    # in the database: 240 deals, one per learner and number, each the learner's own
    assert store.version(info.teacher_key)[0] == LEARNERS * DEALS
    rows = store._read("SELECT COUNT(*), COUNT(DISTINCT learner_id || ':' || number) FROM deals")
    assert rows == [(LEARNERS * DEALS, LEARNERS * DEALS)]
    per = dict(store.learner_deals(info.teacher_key))
    assert sorted(per) == names and all(len(d) == DEALS for d in per.values())
    assert all(name in d[0]["hands"] and len(d[0]["hands"]) == GAME.players for name, d in per.items())
    results_page = store.results(info.teacher_key)
    assert len(results_page.ledger()) == LEARNERS and len(results_page.deal_numbers()) == DEALS
    print(f"\n{LEARNERS * DEALS * 2} submissions ({LEARNERS * DEALS} deals, each sent twice) in {seconds:.1f} s")
