"""``python -m nap_teach serve``: Voila with the app's configuration and two small fixes.

The app travels inside the package (``nap_teach/app``, package data of the
wheel): the pages in ``notebooks/`` (:data:`NOTEBOOK_DIR`), the configuration
``voila.json`` (:data:`CONFIG_FILE`) and the page template in ``share/``
(:data:`SHARE_DIR`), so ``nap-teach serve`` works from any folder after a
``pip install``. In a source checkout the repository's ``notebooks`` and
``voila.json`` are links to these, so a plain ``voila notebooks`` started at
the repository root reads the same files. This launcher adds what a
configuration file cannot hold:

1. **A front page.** Voila 0.5 serves a file tree at ``/`` (no option for a
   landing page, voila-dashboards/voila#540). ``/`` now redirects to
   ``voila/render/index.ipynb`` with the query string kept (``/?lang=es``);
   the tree stays at ``/voila/tree``.
2. **Kernels stop when their page closes.** Voila's page posts
   ``voila/api/shutdown/<kernel>`` on ``beforeunload`` with the ``_xsrf``
   cookie, which the server never sets, so the request fails with 403 and the
   kernel lives on until culled (voila-dashboards/voila#1458). Notebook pages
   now set the cookie.
3. **Never a blank page.** The ``nap`` page template (``nap_teach/app/share``)
   extends Voila's ``lab`` template: a page whose cell produced nothing or
   failed shows a short message in the learner's language with a button to
   try again, and so does a page whose widgets have not appeared after a
   while (a lost connection to its kernel).
4. **A room that cannot overflow.** At most ``--max-kernels`` kernels live at
   once (the pools of class mode included); a page request beyond that gets a
   short "the room is full, try again in a minute" page in the learner's
   language (HTTP 503 with ``Retry-After``), and nobody already in notices.
5. **Class mode** (``--class-size N``, ``make app CLASS=N``): Voila's
   preheated kernels in one pool that any page draws from (see
   :func:`class_plan`, :mod:`nap_teach.app.any_page` and :class:`AnyPagePool`,
   which has the waiting kernels build the page the class is opening), so a
   learner's page is ready, or nearly, when they arrive. A preheated page
   reads its URL parameters only once the request has arrived
   (``nap_teach.ui.params.request_query``); the play page and the front page
   can be built before that, with the defaults, and take the parameters in on
   arrival (``PlayApp.arrive``, ``LandingPage.arrive``).

``--open`` opens the front page in the browser once the server answers.

Everything Voila-specific is imported inside :func:`serve`, so the engine's
command line stays light (and the base install, without the ``serve`` extra,
has no Voila: the command then says which extra to install).
"""
from __future__ import annotations

import argparse
import html
import importlib.util
import http.client
import json
import os
import threading
import time
import webbrowser
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, TextIO

from ..engine.explain import RecordError
from ..teach.classroom import ENV_VAR, ClassStore
from ..teach.classroom import database_url as sqlite_database_url
from ..words.i18n import LANGUAGES, normalize_lang, translator
from .pagefiles import ANY_PAGE, APP_DIR, LANDING_NOTEBOOK, NOTEBOOK_DIR, PREPARE, notebook_of, pages, prepared_for

__all__ = [
    "serve", "TEMPLATE", "SHARE_DIR", "LANDING_NOTEBOOK", "voila_argv", "ClassPlan", "class_plan",
    "room_full_page", "DEFAULT_MAX_KERNELS", "MAX_CLASS_SIZE", "RETRY_AFTER", "add_arguments", "run",
    "APP_DIR", "NOTEBOOK_DIR", "CONFIG_FILE", "app_config", "browse_when_ready", "ANY_PAGE", "pages",
    "AnyPagePool", "ClassPage",
]

TEACHER_PAGES = ("class.ipynb",)
"""Pages only the teacher opens (the class results): one preheated kernel each in class mode."""
TEMPLATE = "nap"
"""The page template (Voila's ``lab`` plus the friendly failure notice)."""
SHARE_DIR = APP_DIR / "share"
"""A Jupyter data directory holding ``voila/templates/nap``."""
CONFIG_FILE = APP_DIR / "voila.json"
"""The committed Voila configuration (the repository's ``voila.json`` links here)."""


DEFAULT_MAX_KERNELS = 40
"""Live kernels allowed without class mode: a few learners with several pages
each; at a kernel's memory (measured in benchmarks/README.md) they fit a small server."""
MAX_CLASS_SIZE = 200
RETRY_AFTER = 60
POOL_REFILL_DELAY = 20.0
"""Seconds a pool waits after a learner takes a kernel before starting its replacement."""
"""Seconds a refused newcomer is asked to wait (``Retry-After``)."""


@dataclass(frozen=True)
class ClassPlan:
    """How the server is prepared: kernel pools per page and the cap on live kernels.

    ``class_size`` 0 means no class mode: no pools (every page starts its
    kernel when asked) and the cap :data:`DEFAULT_MAX_KERNELS`.
    """

    class_size: int
    max_kernels: int
    pools: dict[str, int] = field(default_factory=dict)
    """Preheated kernels per notebook; :data:`ANY_PAGE`'s serve any page whose own pool is empty."""

    @property
    def preheat(self) -> bool:
        return any(self.pools.values())

    @property
    def waiting(self) -> int:
        """Kernels kept waiting for learners, in all pools."""
        return sum(self.pools.values())

    def voila_config(self) -> dict[str, Any]:
        """Configuration a command line cannot carry: the pool of each page (a nested mapping)."""
        if not self.preheat:
            return {}
        pools: dict[str, Any] = {"default": {"pool_size": 0}}  # other notebooks: no pool
        pools.update({page: {"pool_size": size} for page, size in sorted(self.pools.items())})
        # A pool refills only after the arrivals have been served: refilling at
        # once (Voila's default, 1 s) starts a kernel per arrival while the
        # class is still loading its pages, on the same cores.
        return {"VoilaKernelManager": {"kernel_pools_config": pools, "fill_delay": POOL_REFILL_DELAY}}

    def voila_args(self) -> list[str]:
        """Voila options for this plan (none without class mode); see also :meth:`voila_config`."""
        if not self.preheat:
            return []
        return [
            "--VoilaConfiguration.preheat_kernel=True",
            # A preheated page waits in its pool for a learner, its cell blocked in
            # voila.utils.wait_for_request(): a cell time limit would end that wait
            # (and spoil the page) after a few minutes without arrivals.
            "--VoilaExecutor.timeout=0",
        ]


def class_plan(class_size: int, pages: Sequence[str], *, max_kernels: int | None = None,
               pools: Mapping[str, int] | None = None, landing: str = LANDING_NOTEBOOK) -> ClassPlan:
    """Pools and cap for a class of ``class_size`` learners (0: no class mode).

    A class arrives at one page together (the front page, or whichever page
    the teacher hands out), so the server keeps one preheated kernel per
    learner that *any* page can draw from (:data:`ANY_PAGE`, see
    :mod:`nap_teach.app.any_page`: rendered, the app imported, waiting for the
    request to build the page asked for); a teacher's page
    (:data:`TEACHER_PAGES`) keeps one of its own. Pools refill themselves as
    learners take their kernels, and ``pools`` ({page: size}) gives a page a
    pool of its own, e.g. ``{"play.ipynb": 30}`` (built before the learner
    arrives). The cap allows every waiting kernel plus two pages per learner.
    """
    if not 0 <= class_size <= MAX_CLASS_SIZE:
        raise ValueError(f"--class-size {class_size}: a class is 0 (off) to {MAX_CLASS_SIZE} learners")
    sizes: dict[str, int] = {ANY_PAGE: class_size} if class_size else {}
    for page in pages:
        if class_size and page in TEACHER_PAGES:
            sizes[page] = 1
    for page, size in (pools or {}).items():
        if page not in pages:
            raise ValueError(f"--pool {page}={size}: no such page (pages: {', '.join(sorted(pages))})")
        if not 0 <= size <= MAX_CLASS_SIZE:
            raise ValueError(f"--pool {page}={size}: a pool holds 0 to {MAX_CLASS_SIZE} kernels")
        sizes[page] = size
    sizes = {page: size for page, size in sizes.items() if size}
    waiting = sum(sizes.values())
    if max_kernels is None:
        max_kernels = waiting + 2 * class_size if class_size or sizes else DEFAULT_MAX_KERNELS
        max_kernels = max(max_kernels, waiting + 2)
    if max_kernels < 1:
        raise ValueError(f"--max-kernels {max_kernels}: at least 1")
    if max_kernels <= waiting:
        raise ValueError(f"--max-kernels {max_kernels}: the pools alone hold {waiting} kernels; "
                         "allow more, or make the class or the pools smaller")
    return ClassPlan(class_size=class_size, max_kernels=max_kernels, pools=sizes)


def room_full_page(lang: str = "en") -> str:
    """The page a newcomer gets when the server is at its cap, in their language."""
    tr = translator(normalize_lang(lang))
    _ = tr.gettext
    esc = html.escape
    title = _("The room is full")
    return f"""<!DOCTYPE html>
<html lang="{esc(tr.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="{RETRY_AFTER}">
<title>{esc(title)}</title>
</head>
<body style="font-family: sans-serif; background: #fff; color: #222; margin: 0;">
<main class="nap-room-full" style="margin: 3em auto; max-width: 36em; padding: 1.5em; font-size: 18px; line-height: 1.5;
      border: 2px solid #8a5a00; border-radius: 8px; background: #fff8e6;">
<h1 style="font-size: 1.4em; margin-top: 0;">{esc(title)}</h1>
<p role="status">{esc(_("Every seat at this server is taken just now. Please try again in a minute: "
                       "this page will try again by itself."))}</p>
<p>{esc(_("Everyone already in keeps playing."))}</p>
<p><a href="" class="nap-room-full-retry" style="display: inline-block; min-height: 44px; line-height: 44px; padding: 0 1.2em;
      border: 1px solid #444; border-radius: 4px; color: #222; text-decoration: none; background: #fff;">{esc(_("Try again"))}</a></p>
</main>
</body>
</html>
"""


def voila_argv(notebooks: Path, host: str, port: int, extra: Sequence[str] = (),
               plan: ClassPlan | None = None) -> list[str]:
    """The Voila command line the launcher runs (also what the tests start)."""
    return [
        str(notebooks),
        "--no-browser",
        f"--Voila.ip={host}",
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--VoilaConfiguration.template={TEMPLATE}",
        # Kernels talk to the server over local sockets, not TCP ports: with many
        # kernels starting at once on a busy machine a TCP port picked for one
        # was taken by another process, its heartbeat failed, and the server
        # froze waiting for that kernel's heartbeat thread (seen in the class
        # benchmark). IPC needs no port and is not reachable from the network.
        *(["--KernelManager.transport=ipc"] if os.name == "posix" else []),
        *(plan.voila_args() if plan else []),
        *extra,
    ]


def use_share_dir() -> None:
    """Let Voila find the ``nap`` template (Jupyter data paths honour ``JUPYTER_PATH``)."""
    current = os.environ.get("JUPYTER_PATH", "")
    parts = [p for p in current.split(os.pathsep) if p]
    if str(SHARE_DIR) not in parts:
        os.environ["JUPYTER_PATH"] = os.pathsep.join([str(SHARE_DIR), *parts])


def accepted_language(header: str) -> str:
    """The app's language a browser asks for first in its ``Accept-Language`` header ("en" when none fits).

    >>> accepted_language("es-ES,es;q=0.9,en;q=0.8"), accepted_language("fr, en-GB;q=0.5"), accepted_language("")
    ('es', 'en', 'en')
    >>> accepted_language("en;q=0.2, es;q=0.7")
    'es'
    """
    wanted: list[tuple[float, int, str]] = []
    for i, part in enumerate(str(header)[:500].split(",")):
        bits = part.strip().split(";")
        code = bits[0].strip().lower()[:2]
        q = 1.0
        for b in bits[1:]:
            b = b.strip()
            if b.startswith("q="):
                try:
                    q = float(b[2:])
                except ValueError:
                    q = 0.0
        if code in LANGUAGES and q > 0:
            wanted.append((-q, i, code))
    return min(wanted)[2] if wanted else "en"


def front_door_html(target: str, query: str, lang: str) -> str:
    """The page ``/`` answers: it goes on to the front page in the language the learner chose last (kept in their
    browser, ``localStorage["nap_teach.lang"]``, never sent to the server), else in ``lang`` (their browser's
    Accept-Language); without scripts, a plain redirect to ``lang``."""
    def script_text(value: str) -> str:  # a JSON string that cannot close the script element
        return json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e")

    safe_lang = lang if lang in ("en", "es") else "en"
    rest = "&".join(p for p in query.split("&") if p and not p.startswith("lang="))[:500]
    fallback = target + "?" + "&".join(p for p in (f"lang={safe_lang}", rest) if p)
    return (
        "<!doctype html><html lang=\"" + safe_lang + "\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Nap</title>"
        "<noscript><meta http-equiv=\"refresh\" content=\"0; url=" + html.escape(fallback) + "\"></noscript>"
        "<script>(function () { var lang = null;"
        " try { lang = window.localStorage.getItem(\"nap_teach.lang\"); } catch (e) { lang = null; }"
        " if (lang !== \"en\" && lang !== \"es\") { lang = " + json.dumps(safe_lang) + "; }"
        " var rest = " + script_text(rest) + ";"
        " window.location.replace(" + script_text(target) + " + \"?lang=\" + lang + (rest ? \"&\" + rest : \"\"));"
        " })();</script></head><body><p><a href=\"" + html.escape(fallback) + "\">Nap</a></p></body></html>"
    )


def patch_voila_handlers(landing: str = LANDING_NOTEBOOK, max_kernels: int = DEFAULT_MAX_KERNELS) -> None:
    """Fixes 1, 2 and 4 above: replace two handler classes before Voila builds its routes."""
    import voila.app as app  # Voila and its server load only when a server starts (the CLI's other commands skip them)
    from jupyter_server.utils import url_path_join  # (with Voila: only when a server starts)

    tree = app.TornadoVoilaTreeHandler
    render = app.TornadoVoilaHandler
    if getattr(tree, "nap_landing", None):
        render.nap_max_kernels = max_kernels
        return  # already patched (serve() called twice in one process, as tests may)

    class LandingRedirectTreeHandler(tree):  # type: ignore[misc, valid-type]
        nap_landing = landing

        async def get(self, path: str = "") -> None:
            if not path and self.request.path.rstrip("/") == self.base_url.rstrip("/"):
                target = url_path_join(self.base_url, "voila/render", self.nap_landing)
                query = self.request.query
                if "lang=" in query:  # the address says the language: straight there
                    self.redirect(target + "?" + query)
                    return
                # the language the learner chose last (kept in their browser), else their browser's own
                lang = accepted_language(self.request.headers.get("Accept-Language", ""))
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.set_header("Cache-Control", "no-store")
                self.finish(front_door_html(target, query, lang))
                return
            await super().get(path)

    class XsrfCookieNotebookHandler(render):  # type: ignore[misc, valid-type]
        nap_xsrf_cookie = True
        nap_max_kernels = max_kernels
        nap_reserved = 0
        """Admitted pages whose kernel is not started (or taken from a pool) yet."""

        @property
        def kernel_manager(self) -> Any:
            manager = self.settings["kernel_manager"]
            release = getattr(self, "_nap_release", None)
            if not release:
                return manager
            return _Admitted(manager, release, AnyPagePool.of(manager),
                             ClassPage(self.request.path, self.request.query, time.monotonic()))

        async def get(self, path: str | None = None) -> None:
            cls = type(self)
            manager = self.settings["kernel_manager"]
            AnyPagePool.of(manager).arrival()  # class mode: the pool prepares pages only between arrivals
            live = len(manager.list_kernel_ids()) + cls.nap_reserved
            if live >= cls.nap_max_kernels:
                self.log.warning("Room full: %d live kernels (cap %d); asked the newcomer for %s to come back",
                                 live, cls.nap_max_kernels, self.request.path)
                self.set_status(503)
                self.set_header("Retry-After", str(RETRY_AFTER))
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.set_header("Cache-Control", "no-store")
                self.finish(room_full_page(self.get_query_argument("lang", "en")[:8]))
                return
            cls.nap_reserved += 1
            released = False

            def release() -> None:
                nonlocal released
                if not released:
                    released = True
                    cls.nap_reserved -= 1

            self._nap_release = release
            try:
                self.xsrf_token  # noqa: B018 -- reading it sets the _xsrf cookie
                return await super().get(path)  # type: ignore[no-any-return]
            finally:
                release()

    # Voila.init_handlers() looks these names up when the server starts.
    app.TornadoVoilaTreeHandler = LandingRedirectTreeHandler
    app.TornadoVoilaHandler = XsrfCookieNotebookHandler


class _Admitted:
    """The kernel manager as one admitted page sees it: its reservation ends once it has a kernel, and a page
    whose own pool is empty is served from the pool of :data:`ANY_PAGE` (class mode)."""

    def __init__(self, manager: Any, release: Callable[[], None], pool: "AnyPagePool | None" = None,
                 page: "ClassPage | None" = None) -> None:
        self._manager = manager
        self._release = release
        self._pool = pool
        self._page = page

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    def _pool_for(self, notebook_name: str) -> str:
        """The pool that serves ``notebook_name``: its own while it has kernels, else the any-page pool."""
        own = self._manager.get_pool_size(notebook_name)
        if own or notebook_name == ANY_PAGE or not self._manager.get_pool_size(ANY_PAGE):
            return notebook_name
        return ANY_PAGE

    def get_pool_size(self, notebook_name: str) -> int:
        return int(self._manager.get_pool_size(self._pool_for(notebook_name)))

    @property
    def notebook_data(self) -> Mapping[str, Any]:
        data: Mapping[str, Any] = self._manager.notebook_data
        return _PooledData(data, self._pool_for)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> Any:
        from jupyter_core.utils import ensure_async  # a server's dependency: loaded when a kernel starts in one

        try:
            return await ensure_async(self._manager.start_kernel(*args, **kwargs))
        finally:
            self._release()

    async def get_rendered_notebook(self, notebook_name: str, *args: Any, **kwargs: Any) -> Any:
        pool = self._pool_for(notebook_name)
        try:  # a pooled kernel: already counted; its pool refills after a while
            if pool == ANY_PAGE and self._pool is not None and self._page is not None:
                self._pool.hand_out(self._page)  # a kernel prepared for this page and address first
            return await self._manager.get_rendered_notebook(pool, *args, **kwargs)
        finally:
            self._release()


@dataclass(frozen=True)
class ClassPage:
    """A page as a learner's request asks for it: the request's path and query, and when it came."""

    path: str
    query: str
    when: float

    @property
    def target(self) -> tuple[str, str]:
        """(notebook, query) asked for."""
        return notebook_of(self.path), self.query

    @property
    def key(self) -> tuple[str, str]:
        """What a page built ahead must have been built for to serve this request (:func:`prepared_for`)."""
        return prepared_for(*self.target)


PREPARE_QUIET = 3.0
"""Seconds without a page request before the any-page pool prepares kernels (never while a class arrives)."""
PREPARE_AT_ONCE = 2
"""Kernels told to prepare a page in one go (every :data:`PREPARE_INTERVAL` s), so the cores stay free."""
PREPARE_INTERVAL = 1.5
PREPARE_FOR = 3600.0
"""Seconds after a page was last opened during which waiting kernels are still prepared for it."""


class AnyPagePool:
    """Class mode: the kernels of :data:`ANY_PAGE` follow what the class is opening.

    A class opens one link (the teacher shows it first, on the board). Once a
    page has been opened through this pool, its waiting kernels are told to
    build that page with that address ahead (``nap_teach.app.any_page``:
    a message carrying ``NAP_PREPARE`` over Voila's request channel; the play
    page and the front page with the defaults, as they take any address in on
    arrival), a few at a time and only while no page request has come for
    :data:`PREPARE_QUIET` seconds: a class arriving is served first, and the
    kernels are ready for the next. A teacher making a live class on the play
    page has opened it: its class link then finds play pages built. A
    learner's request takes a kernel prepared for their page and address if
    there is one (nothing left to build), else one prepared for nothing yet,
    else any (which puts the other page away and builds theirs).

    Voila keeps each pool as a list of start tasks (``_pools``): this reads it
    to find the kernels waiting, and orders it so that Voila hands out the
    kernel chosen here.
    """

    def __init__(self, manager: Any) -> None:
        self.manager = manager
        self.prepared: dict[str, tuple[str, str]] = {}
        """Kernel id -> (notebook, query) it was told to build."""
        self.page: ClassPage | None = None
        """The page the class opened last, with its request variables."""
        self.last_arrival = 0.0
        self._timer: Any = None

    @classmethod
    def of(cls, manager: Any) -> "AnyPagePool":
        """The manager's pool planner (made on first use; it plans only in class mode, with an any-page pool)."""
        planner = getattr(manager, "nap_any_page_pool", None)
        if planner is None:
            planner = cls(manager)
            manager.nap_any_page_pool = planner
        return planner

    def _tasks(self) -> list[Any]:
        pools = getattr(self.manager, "_pools", None)
        return pools.get(ANY_PAGE, []) if isinstance(pools, dict) else []

    def waiting(self) -> list[str]:
        """The kernels of the pool started and waiting, in the order Voila would hand them out."""
        found = []
        for task in self._tasks():
            if task.done() and not task.cancelled() and task.exception() is None:
                found.append(task.result()["kernel_id"])
        return found

    def arrival(self) -> None:
        """A page request came: no preparing for a while; start the planner's clock if it is not running."""
        self.last_arrival = time.monotonic()
        if self._timer is None and self._tasks():
            from tornado.ioloop import PeriodicCallback  # tornado comes with Voila: only a server plans pools

            self._timer = PeriodicCallback(lambda: None if self.prepare() else None, PREPARE_INTERVAL * 1000)
            self._timer.start()

    def hand_out(self, page: ClassPage) -> None:
        """A learner asks for ``page`` from this pool: put the best waiting kernel first, and follow the class."""
        tasks = self._tasks()

        def rank(task: Any) -> int:
            if not (task.done() and not task.cancelled() and task.exception() is None):
                return 3  # still starting
            made_for = self.prepared.get(task.result()["kernel_id"])
            return 0 if made_for == page.key else 1 if made_for is None else 2

        tasks.sort(key=rank)  # a stable sort: Voila's order among equals
        if tasks and rank(tasks[0]) < 3:
            kernel_id = tasks[0].result()["kernel_id"]
            made_for = self.prepared.pop(kernel_id, None)
            if made_for is not None:
                self.manager.log.info("Kernel %s had built %s?%s for %s?%s", kernel_id, *made_for, *page.target)
        self.page = page

    def prepare(self) -> int:
        """Tell up to :data:`PREPARE_AT_ONCE` waiting kernels to build the class's page; how many were told."""
        page = self.page
        now = time.monotonic()
        if page is None or now - self.last_arrival < PREPARE_QUIET or now - page.when > PREPARE_FOR:
            return 0
        from voila.request_info_handler import RequestInfoSocketHandler  # Voila runs this server

        told = 0
        for kernel_id in self.waiting():
            if told >= PREPARE_AT_ONCE:
                break
            if kernel_id in self.prepared:
                continue
            self.prepared[kernel_id] = page.key
            RequestInfoSocketHandler.send_updates({"kernel_id": kernel_id, "payload": {
                PREPARE: "1", "SCRIPT_NAME": page.path, "PATH_INFO": "", "QUERY_STRING": page.key[1]}})
            told += 1
        if told:
            ready = sum(1 for k in self.waiting() if self.prepared.get(k) == page.key)
            self.manager.log.info("Prepared %d waiting kernels for %s?%s", ready, *page.key)
        return told


class _PooledData(Mapping[str, Any]):
    """Voila's record of the notebooks its pools have rendered, looked up through the pool that serves a page."""

    def __init__(self, data: Mapping[str, Any], pool_for: Callable[[str], str]) -> None:
        self._data = data
        self._pool_for = pool_for

    def __getitem__(self, notebook_name: str) -> Any:
        return self._data[self._pool_for(notebook_name)]

    def __iter__(self) -> Any:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


def kernel_env_for(host: str) -> dict[str, str]:
    """Where a preheated kernel finds the server to wait for its request (``voila.utils.wait_for_request``)."""
    if host in ("", "0.0.0.0", "::"):
        return {"VOILA_APP_IP": "127.0.0.1"}
    return {"VOILA_APP_IP": f"[{host}]" if ":" in host else host}


def app_config(plan: ClassPlan) -> dict[str, Any]:
    """The committed ``voila.json`` (:data:`CONFIG_FILE`) with the plan's pools on top."""
    config: dict[str, Any] = json.loads(CONFIG_FILE.read_text(encoding="utf-8"))
    for section, values in plan.voila_config().items():
        config.setdefault(section, {}).update(values)
    return config


def local_url(host: str, port: int) -> str:
    """The address of the front page from this machine (``0.0.0.0`` listens everywhere: open it locally)."""
    if host in ("", "0.0.0.0", "::"):
        host = "127.0.0.1"
    return f"http://{f'[{host}]' if ':' in host else host}:{port}/"


def browse_when_ready(url: str, timeout: float = 120.0,
                      open_url: Callable[[str], object] = webbrowser.open) -> threading.Thread:
    """Open ``url`` in the browser once the server answers there (a thread; gives up after ``timeout`` s).

    The probe is a HEAD request: a GET of a page would start a kernel.
    """
    parts = url.split("/")[2].rsplit(":", 1)
    host, port = parts[0].strip("[]"), int(parts[1])

    def wait_then_open() -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            conn = http.client.HTTPConnection(host, port, timeout=2)
            try:
                conn.request("HEAD", "/")
                conn.getresponse().read()
            except OSError:
                time.sleep(0.3)
                continue
            finally:
                conn.close()
            open_url(url)
            return

    thread = threading.Thread(target=wait_then_open, name="nap-open-browser", daemon=True)
    thread.start()
    return thread


def require_voila() -> None:
    """Refuse, in words, to serve from the base install (no ``serve`` extra): no Voila to serve with."""
    if importlib.util.find_spec("voila") is None:
        raise ValueError("serving the app needs Voila, which the base install leaves out: "
                         "pip install 'nap_teach[serve]'")


def serve(notebooks: Path = NOTEBOOK_DIR, host: str = "127.0.0.1", port: int = 8866, extra: Sequence[str] = (),
          plan: ClassPlan | None = None, open_browser: bool = False) -> int:
    """Serve ``notebooks`` until interrupted; returns Voila's exit status.

    The committed configuration (:data:`CONFIG_FILE`) is handed to Voila
    directly, so the current folder does not matter; the launcher still runs
    from the folder that holds ``notebooks`` (the tree at ``/voila/tree``
    shows it), where a ``voila.json`` of the same settings may lie too.
    """
    notebooks = notebooks.resolve()
    plan = plan or class_plan(0, pages(notebooks))
    require_voila()
    os.chdir(notebooks.parent)
    use_share_dir()
    os.environ.update(kernel_env_for(host))
    patch_voila_handlers(max_kernels=plan.max_kernels)
    if open_browser:
        browse_when_ready(local_url(host, port))
    from traitlets.config import Config  # Voila's configuration: loaded only when a server starts
    from voila.app import Voila  # Voila and its server load only when a server starts

    Voila.launch_instance(voila_argv(notebooks.relative_to(notebooks.parent), host, port, extra, plan),
                          config=Config(app_config(plan)))
    return 0





def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--notebooks", default=None,
                   help="folder of the app's pages (default: the pages installed with the package)")
    p.add_argument("--open", action="store_true", help="open the front page in the browser once the server is up")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (0.0.0.0: every network of this machine; see the README)")
    p.add_argument("--port", type=int, default=8866, help="port (default 8866)")
    p.add_argument("--class-size", type=int, default=0, metavar="N",
                   help="class mode for N learners: preheated kernels for every page (default 0: off)")
    p.add_argument("--max-kernels", type=int, default=None, metavar="M",
                   help=f"live kernels allowed at once; beyond, newcomers are asked to come back in a minute "
                        f"(default: {DEFAULT_MAX_KERNELS}, in class mode the pools plus two pages per learner)")
    p.add_argument("--pool", action="append", default=[], metavar="PAGE=SIZE",
                   help="preheated kernels kept ready for one page, e.g. play.ipynb=30 (repeatable)")
    add_class_store_arguments(p)
    p.add_argument("voila_args", nargs=argparse.REMAINDER, help="further Voila options, after --")


def run(args: argparse.Namespace, out: TextIO) -> int:
    require_voila()
    notebooks = Path(args.notebooks) if args.notebooks else NOTEBOOK_DIR
    if not (notebooks / LANDING_NOTEBOOK).is_file():
        raise ValueError(f"{notebooks}: no {LANDING_NOTEBOOK} here; give the app's folder with --notebooks")
    if not 0 < args.port < 65536:
        raise ValueError(f"--port {args.port}: a port is a number from 1 to 65535")
    extra = [a for a in args.voila_args if a != "--"]
    plan = class_plan(args.class_size, pages(notebooks), max_kernels=args.max_kernels,
                      pools=_parse_pools(args.pool))
    store = use_class_store(args)
    out.write(f"Serving the app at http://{args.host}:{args.port}/  (Ctrl-C to stop)\n")
    out.write(f"Live classes are kept in {store}\n")
    if plan.waiting:
        ready = ", ".join(f"{'any page' if page == ANY_PAGE else page} {size}"
                          for page, size in sorted(plan.pools.items()))
        out.write(f"Class mode for {plan.class_size} learners: kernels kept ready ({ready}); "
                  f"at most {plan.max_kernels} live kernels\n")
    else:
        out.write(f"At most {plan.max_kernels} live kernels\n")
    out.flush()
    return serve(notebooks, args.host, args.port, extra, plan, open_browser=args.open)


def _parse_pools(items: Sequence[str]) -> dict[str, int]:
    pools: dict[str, int] = {}
    for item in items:
        page, sep, size = item.partition("=")
        if not sep or not size.strip().isdigit():
            raise ValueError(f"--pool {item}: write PAGE=SIZE, e.g. --pool play.ipynb=30")
        pools[page.strip()] = int(size)
    return pools


# ------------------------------------------------------------------ live classes
def default_data_dir(environ: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    """Where the app keeps its data when ``--data-dir`` is not given: the user's data directory.

    >>> default_data_dir({"XDG_DATA_HOME": "/data", "HOME": "/home/t"}, "linux").as_posix()
    '/data/nap_teach'
    >>> default_data_dir({"HOME": "/home/t"}, "linux").as_posix()
    '/home/t/.local/share/nap_teach'
    >>> default_data_dir({"LOCALAPPDATA": "C:/Users/t/AppData/Local"}, "win32").as_posix()
    'C:/Users/t/AppData/Local/nap_teach'
    """
    env = os.environ if environ is None else environ
    platform = platform or __import__("sys").platform
    home = Path(env.get("HOME") or Path.home())
    if platform.startswith("win"):
        base = Path(env.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "nap_teach"


def add_class_store_arguments(p: argparse.ArgumentParser) -> None:
    """``--data-dir`` and ``--database-url``: where live classes are kept (see the README)."""
    p.add_argument("--data-dir", default=None, metavar="DIR",
                   help="folder for the live classes' database (default: the user's data directory, "
                        f"{default_data_dir()})")
    p.add_argument("--database-url", default=None, metavar="URL",
                   help="a database for the live classes instead of the data folder's SQLite file, e.g. "
                        "postgresql://user:password@host/nap (several servers sharing the classes; needs psycopg)")


def class_store_url(data_dir: str | None, database_url: str | None) -> str:
    """The database URL of the live classes from the launcher's options.

    >>> class_store_url("/srv/nap", None)
    'sqlite:////srv/nap/classes.sqlite3'
    >>> class_store_url(None, "postgresql://nap@db/nap")
    'postgresql://nap@db/nap'
    """
    if database_url:
        if not database_url.startswith(("postgresql://", "postgres://", "sqlite:///")):
            raise ValueError(f"--database-url {database_url[:40]}: give postgresql://... or sqlite:///PATH")
        return database_url
    return sqlite_database_url(Path(data_dir) if data_dir else default_data_dir())


def use_class_store(args: argparse.Namespace) -> str:
    """Open (create) the live classes' database once, so a broken folder or URL stops the launcher with its
    reason, and hand its URL to every kernel (``NAP_CLASS_DB``). Returns where it is, for the log."""
    url = class_store_url(getattr(args, "data_dir", None), getattr(args, "database_url", None))
    try:
        ClassStore(url).close()
    except OSError as e:
        raise ValueError(f"--data-dir: cannot write the class database there ({e.strerror})") from None
    except RecordError as e:
        raise ValueError(f"the class database {url[:60]} cannot be opened: {e.text('en')}") from None
    os.environ[ENV_VAR] = url
    return url.split("@")[-1] if "@" in url else url
