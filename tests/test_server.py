"""The launcher (`python -m nap_teach serve`, what `make app` runs): its command line.

That the server it starts reads voila.json is checked in test_environment.py;
the running server (front page, kernel shutdown, the notice for a page that
could not be prepared) in tests/browser.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import time

import io
from pathlib import Path

import pytest

from nap_teach.app import server
from nap_teach.app.cli import main

ROOT = Path(__file__).resolve().parents[1]


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_serve_refuses_a_folder_without_the_app(tmp_path):
    code, out, err = _run("serve", "--notebooks", str(tmp_path))
    assert code == 2
    assert "index.ipynb" in err and "--notebooks" in err
    assert "Traceback" not in err + out


def test_serve_refuses_a_port_out_of_range():
    code, _out, err = _run("serve", "--notebooks", str(ROOT / "notebooks"), "--port", "70000")
    assert code == 2
    assert "1 to 65535" in err


def test_the_voila_command_line_uses_the_app_template():
    argv = server.voila_argv(Path("notebooks"), "0.0.0.0", 9000, ["--debug"])
    assert argv[0] == "notebooks"
    assert "--Voila.ip=0.0.0.0" in argv and "--port=9000" in argv
    assert f"--VoilaConfiguration.template={server.TEMPLATE}" in argv
    assert "--KernelManager.transport=ipc" in argv  # no TCP port per kernel (see voila_argv)
    assert argv[-1] == "--debug"


def test_the_app_template_ships_with_the_package():
    template = server.SHARE_DIR / "voila" / "templates" / server.TEMPLATE
    text = (template / "index.html.j2").read_text()
    assert "extends 'lab/index.html.j2'" in text
    # both languages of the app, and the retry button
    assert "This page could not be prepared" in text and "No se ha podido preparar" in text
    assert "nap-render-retry" in text
    assert (template / "conf.json").is_file()


# -- class mode and the cap on live kernels (issue 17, part 2) ------------------------

PAGES = ["explorer.ipynb", "index.ipynb", "lesson.ipynb", "play.ipynb", "scorekeeper.ipynb"]


def test_without_class_mode_no_kernel_is_preheated_and_the_cap_is_the_default():
    plan = server.class_plan(0, PAGES)
    assert plan.pools == {} and not plan.preheat
    assert plan.max_kernels == server.DEFAULT_MAX_KERNELS
    assert plan.voila_args() == [] and plan.voila_config() == {}
    assert not any("preheat" in a for a in server.voila_argv(Path("notebooks"), "127.0.0.1", 8866, plan=plan))


def test_class_mode_keeps_one_kernel_per_learner_that_any_page_can_draw_from():
    plan = server.class_plan(30, PAGES)
    # The class arrives together at one page, whichever it is: one preheated kernel per learner in the pool
    # of any.ipynb, which serves every page whose own pool is empty (pools refill as kernels are taken).
    assert plan.pools == {server.ANY_PAGE: 30}
    # the waiting kernels plus two pages per learner
    assert plan.waiting == 30 and plan.max_kernels == 30 + 60
    assert server.class_plan(10, PAGES).pools == {server.ANY_PAGE: 10}


def test_class_mode_keeps_one_kernel_for_the_teachers_class_results_page():
    # only the teacher opens the class results: one preheated kernel, whatever the size of the class
    plan = server.class_plan(30, PAGES + ["class.ipynb"])
    assert plan.pools == {server.ANY_PAGE: 30, "class.ipynb": 1}
    assert plan.max_kernels == 31 + 60


def test_class_mode_voila_options_preheat_the_any_page_pool_and_named_pools():
    plan = server.class_plan(6, PAGES, pools={"play.ipynb": 6})
    args = plan.voila_args()
    assert "--VoilaConfiguration.preheat_kernel=True" in args
    pools = plan.voila_config()["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["default"] == {"pool_size": 0}  # any other notebook: no pool of its own
    assert pools[server.ANY_PAGE] == {"pool_size": 6} and pools["play.ipynb"] == {"pool_size": 6}
    assert "lesson.ipynb" not in pools and "index.ipynb" not in pools
    # refills wait until the arriving class has been served
    assert plan.voila_config()["VoilaKernelManager"]["fill_delay"] == server.POOL_REFILL_DELAY >= 10
    # a pooled page waits for its learner inside its cell: no cell time limit
    assert "--VoilaExecutor.timeout=0" in args
    argv = server.voila_argv(Path("notebooks"), "127.0.0.1", 8866, ["--debug"], plan)
    assert argv[-1] == "--debug" and "--VoilaConfiguration.preheat_kernel=True" in argv


def test_a_page_without_kernels_of_its_own_is_served_from_the_any_page_pool():
    class Manager:  # what the handler's view of Voila's preheating kernel manager uses
        def __init__(self):
            self.sizes = {server.ANY_PAGE: 2, "play.ipynb": 1}
            self.notebook_data = {server.ANY_PAGE: {"template": "nap"}, "play.ipynb": {"template": "nap"}}
            self.taken = []

        def get_pool_size(self, name):
            return self.sizes.get(name, 0)

        async def get_rendered_notebook(self, notebook_name, **kwargs):
            self.taken.append(notebook_name)
            self.sizes[notebook_name] -= 1
            return notebook_name

    def run(coroutine):  # on a thread of its own: a browser test in this worker may keep a loop running here
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, coroutine).result()

    released = []
    manager = Manager()
    view = server._Admitted(manager, lambda: released.append(1))
    # play has a pool of its own (built before the learner came): used first
    assert view.get_pool_size("play.ipynb") == 1 and view.notebook_data.get("play.ipynb") == {"template": "nap"}
    assert run(view.get_rendered_notebook(notebook_name="play.ipynb")) == "play.ipynb"
    # then, and for every page without a pool, the any-page pool
    for page in ("play.ipynb", "lesson.ipynb"):
        assert view.get_pool_size(page) == manager.sizes[server.ANY_PAGE] > 0
        assert view.notebook_data.get(page) == {"template": "nap"}
        assert run(view.get_rendered_notebook(notebook_name=page)) == server.ANY_PAGE
    assert manager.taken == ["play.ipynb", server.ANY_PAGE, server.ANY_PAGE] and len(released) == 3
    # all pools empty: the page starts a kernel of its own, as without class mode
    assert view.get_pool_size("lesson.ipynb") == 0 and view.notebook_data.get("lesson.ipynb", {}) == {}


def test_the_any_page_stands_in_for_the_pages_and_is_not_one():
    assert server.ANY_PAGE not in server.pages(server.NOTEBOOK_DIR)
    assert (server.NOTEBOOK_DIR / server.ANY_PAGE).is_file()


def test_one_page_pool_without_a_class():
    plan = server.class_plan(0, PAGES, pools={"index.ipynb": 2})
    assert plan.pools == {"index.ipynb": 2} and plan.preheat
    assert plan.max_kernels > 2


def test_class_mode_refuses_impossible_sizes():
    for call, words in [
        (lambda: server.class_plan(-1, PAGES), "--class-size -1"),
        (lambda: server.class_plan(server.MAX_CLASS_SIZE + 1, PAGES), "--class-size"),
        (lambda: server.class_plan(0, PAGES, pools={"nowhere.ipynb": 2}), "no such page"),
        (lambda: server.class_plan(0, PAGES, max_kernels=0), "at least 1"),
        (lambda: server.class_plan(4, PAGES, max_kernels=4), "the pools alone hold 4"),
    ]:
        with pytest.raises(ValueError, match=words):
            call()


def test_serve_refuses_bad_class_options_in_words():
    notebooks = str(ROOT / "notebooks")
    for argv, words in [
        (("--class-size", "500"), "--class-size 500"),
        (("--pool", "play.ipynb"), "PAGE=SIZE"),
        (("--pool", "nowhere.ipynb=3"), "no such page"),
        (("--class-size", "10", "--max-kernels", "3"), "the pools alone hold"),
    ]:
        code, out, err = _run("serve", "--notebooks", notebooks, *argv)
        assert code == 2, argv
        assert words in err and "Traceback" not in err + out


def test_a_preheated_kernel_finds_the_server_on_the_address_it_listens_on():
    assert server.kernel_env_for("127.0.0.1") == {"VOILA_APP_IP": "127.0.0.1"}
    assert server.kernel_env_for("0.0.0.0") == {"VOILA_APP_IP": "127.0.0.1"}  # every network: loopback is one
    assert server.kernel_env_for("192.168.1.20") == {"VOILA_APP_IP": "192.168.1.20"}


def test_the_room_full_page_speaks_the_learners_language():
    english = server.room_full_page("en")
    assert '<html lang="en">' in english and "The room is full" in english
    assert "try again in a minute" in english
    spanish = server.room_full_page("es")
    assert '<html lang="es">' in spanish and "La sala está llena" in spanish
    assert "The room is full" not in spanish
    # anything else (it came from the address bar) falls back to English, escaped
    assert '<html lang="en">' in server.room_full_page('"><script>')
    assert f'content="{server.RETRY_AFTER}"' in english  # the page tries again by itself


# -- the installed app (issue 29, part 1) --------------------------------------------


def test_the_app_is_served_from_the_package_whatever_the_current_folder():
    # the default --notebooks is the package's own folder, which the repository's notebooks/ links to
    assert server.NOTEBOOK_DIR.resolve() == (ROOT / "notebooks").resolve()
    assert server.CONFIG_FILE.resolve() == (ROOT / "voila.json").resolve()
    assert server.pages(server.NOTEBOOK_DIR) == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb")
                                                       if p.name != server.ANY_PAGE)
    import argparse

    parser = argparse.ArgumentParser()
    server.add_arguments(parser)
    parsed = parser.parse_args(["--open"])
    assert parsed.notebooks is None and parsed.open and parsed.port == 8866 and parsed.class_size == 0


def test_the_committed_configuration_reaches_voila_with_the_class_pools():
    plain = server.app_config(server.class_plan(0, ["index.ipynb", "play.ipynb"]))
    assert plain["VoilaExecutor"]["iopub_timeout"] == 120 and plain["VoilaConfiguration"]["strip_sources"] is True
    assert "VoilaKernelManager" not in plain
    pooled = server.app_config(server.class_plan(3, ["index.ipynb", "play.ipynb"]))
    assert pooled["VoilaKernelManager"]["kernel_pools_config"][server.ANY_PAGE] == {"pool_size": 3}
    assert pooled["MappingKernelManager"]["cull_interval"] == 60  # the committed settings stay


@pytest.mark.parametrize("host, url", [("127.0.0.1", "http://127.0.0.1:8866/"), ("0.0.0.0", "http://127.0.0.1:8866/"),
                                       ("::1", "http://[::1]:8866/")])
def test_open_opens_the_front_page_on_this_machine(host, url):
    assert server.local_url(host, 8866) == url


def test_open_waits_for_the_server_before_opening_the_browser():
    import http.server
    import threading
    import time

    opened: list[str] = []
    probe = server.browse_when_ready("http://127.0.0.1:1/", timeout=0.5, open_url=opened.append)
    probe.join(5)
    assert opened == []  # nobody answered: the browser is left alone

    class Quiet(http.server.BaseHTTPRequestHandler):
        def do_HEAD(self):  # noqa: N802 - the http.server name
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    httpd = http.server.HTTPServer(("127.0.0.1", 0), Quiet)
    port = httpd.server_address[1]
    url = f"http://127.0.0.1:{port}/"
    waiting = server.browse_when_ready(url, timeout=30, open_url=opened.append)
    time.sleep(0.5)
    assert opened == []  # not yet served
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        waiting.join(30)
        assert opened == [url]
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_the_any_page_pool_prepares_the_class_page_only_between_arrivals_and_hands_out_the_best_kernel(
        monkeypatch):
    from voila.request_info_handler import RequestInfoSocketHandler

    sent = []
    monkeypatch.setattr(RequestInfoSocketHandler, "send_updates", classmethod(lambda cls, msg: sent.append(msg)))

    class Task:  # what Voila keeps in a pool: a start task, done once its kernel waits
        def __init__(self, kernel_id, done=True):
            self.kernel_id, self._done = kernel_id, done

        def done(self):
            return self._done

        def cancelled(self):
            return False

        def exception(self):
            return None

        def result(self):
            return {"kernel_id": self.kernel_id}

    class Log:
        def info(self, *args):
            pass

    class Manager:
        log = Log()

        def __init__(self):
            self._pools = {server.ANY_PAGE: [Task("k1"), Task("k2"), Task("k3"), Task("k4", done=False)]}

    manager = Manager()
    pool = server.AnyPagePool.of(manager)
    assert server.AnyPagePool.of(manager) is pool and pool.prepare() == 0  # nothing opened yet
    lesson = server.ClassPage("/voila/render/lesson.ipynb", "lesson=3&lang=es", time.monotonic())
    pool.hand_out(lesson)  # the teacher takes k1 (Voila pops the first)
    assert [t.kernel_id for t in manager._pools[server.ANY_PAGE]][0] == "k1"
    manager._pools[server.ANY_PAGE].pop(0)
    pool.last_arrival = time.monotonic()
    assert pool.prepare() == 0 and sent == []  # a class may be arriving: wait for a quiet moment
    pool.last_arrival -= server.PREPARE_QUIET + 1
    assert pool.prepare() == 2  # a few at a time, only kernels already waiting (k4 is still starting)
    assert [m["kernel_id"] for m in sent] == ["k2", "k3"]
    assert sent[0]["payload"] == {server.PREPARE: "1", "SCRIPT_NAME": "/voila/render/lesson.ipynb", "PATH_INFO": "",
                                  "QUERY_STRING": "lesson=3&lang=es"}
    assert pool.prepare() == 0  # each kernel is told once
    # another page's learner gets a kernel prepared for nothing first; the class's own learner a prepared one
    manager._pools[server.ANY_PAGE][2]._done = True  # k4 is up
    explorer = server.ClassPage("/voila/render/explorer.ipynb", "lang=en", time.monotonic())
    pool.hand_out(explorer)
    assert manager._pools[server.ANY_PAGE][0].kernel_id == "k4"
    manager._pools[server.ANY_PAGE].pop(0)
    pool.hand_out(lesson)
    assert manager._pools[server.ANY_PAGE][0].kernel_id == "k2" and "k2" not in pool.prepared
