"""``python -m nap_teach serve``: Voila with the app's configuration and two small fixes.

The configuration itself is ``voila.json`` at the repository root, which a
plain ``voila notebooks`` (started there) reads as well. This launcher adds
what a configuration file cannot hold:

1. **A front page.** Voila 0.5 serves a file tree at ``/`` (no option for a
   landing page, voila-dashboards/voila#540). ``/`` now redirects to
   ``voila/render/index.ipynb`` with the query string kept (``/?lang=es``);
   the tree stays at ``/voila/tree``.
2. **Kernels stop when their page closes.** Voila's page posts
   ``voila/api/shutdown/<kernel>`` on ``beforeunload`` with the ``_xsrf``
   cookie, which the server never sets, so the request fails with 403 and the
   kernel lives on until culled (voila-dashboards/voila#1458). Notebook pages
   now set the cookie.
3. **Never a blank page.** The ``nap`` page template (``nap_teach/share``)
   extends Voila's ``lab`` template: a page whose cell produced nothing or
   failed shows a short message in the learner's language with a button to
   try again, and so does a page whose widgets have not appeared after a
   while (a lost connection to its kernel).

Everything Voila-specific is imported inside :func:`serve`, so the engine's
command line stays light.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Sequence, TextIO

__all__ = ["serve", "TEMPLATE", "SHARE_DIR", "LANDING_NOTEBOOK", "voila_argv"]

LANDING_NOTEBOOK = "index.ipynb"
"""The page ``/`` opens."""
TEMPLATE = "nap"
"""The page template (Voila's ``lab`` plus the friendly failure notice)."""
SHARE_DIR = Path(__file__).parent / "share"
"""A Jupyter data directory holding ``voila/templates/nap``."""


def voila_argv(notebooks: Path, host: str, port: int, extra: Sequence[str] = ()) -> list[str]:
    """The Voila command line the launcher runs (also what the tests start)."""
    return [
        str(notebooks),
        "--no-browser",
        f"--Voila.ip={host}",
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--VoilaConfiguration.template={TEMPLATE}",
        *extra,
    ]


def use_share_dir() -> None:
    """Let Voila find the ``nap`` template (Jupyter data paths honour ``JUPYTER_PATH``)."""
    current = os.environ.get("JUPYTER_PATH", "")
    parts = [p for p in current.split(os.pathsep) if p]
    if str(SHARE_DIR) not in parts:
        os.environ["JUPYTER_PATH"] = os.pathsep.join([str(SHARE_DIR), *parts])


def patch_voila_handlers(landing: str = LANDING_NOTEBOOK) -> None:
    """Fixes 1 and 2 above: replace two handler classes before Voila builds its routes."""
    import voila.app as app
    from jupyter_server.utils import url_path_join

    tree = app.TornadoVoilaTreeHandler
    render = app.TornadoVoilaHandler
    if getattr(tree, "nap_landing", None):
        return  # already patched (serve() called twice in one process, as tests may)

    class LandingRedirectTreeHandler(tree):  # type: ignore[misc, valid-type]
        nap_landing = landing

        async def get(self, path: str = "") -> None:
            if not path and self.request.path.rstrip("/") == self.base_url.rstrip("/"):
                target = url_path_join(self.base_url, "voila/render", self.nap_landing)
                if self.request.query:
                    target += "?" + self.request.query
                self.redirect(target)
                return
            await super().get(path)

    class XsrfCookieNotebookHandler(render):  # type: ignore[misc, valid-type]
        nap_xsrf_cookie = True

        async def get(self, path: str | None = None) -> None:
            self.xsrf_token  # noqa: B018 -- reading it sets the _xsrf cookie
            return await super().get(path)  # type: ignore[no-any-return]

    # Voila.init_handlers() looks these names up when the server starts.
    app.TornadoVoilaTreeHandler = LandingRedirectTreeHandler
    app.TornadoVoilaHandler = XsrfCookieNotebookHandler


def serve(notebooks: Path, host: str = "127.0.0.1", port: int = 8866, extra: Sequence[str] = ()) -> int:
    """Serve ``notebooks`` until interrupted; returns Voila's exit status.

    Voila reads ``voila.json`` from the current directory, so the launcher
    runs from the directory that holds ``notebooks`` (the repository root).
    """
    notebooks = notebooks.resolve()
    os.chdir(notebooks.parent)
    use_share_dir()
    patch_voila_handlers()
    from voila.app import Voila

    Voila.launch_instance(voila_argv(notebooks.relative_to(notebooks.parent), host, port, extra))
    return 0


def _serve_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--notebooks", default="notebooks", help="folder of the app's pages (default: ./notebooks)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (0.0.0.0: every network of this machine; see the README)")
    p.add_argument("--port", type=int, default=8866, help="port (default 8866)")
    p.add_argument("voila_args", nargs=argparse.REMAINDER, help="further Voila options, after --")


def _cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    notebooks = Path(args.notebooks)
    if not (notebooks / LANDING_NOTEBOOK).is_file():
        raise ValueError(f"{notebooks}: no {LANDING_NOTEBOOK} here; give the app's folder with --notebooks")
    if not 0 < args.port < 65536:
        raise ValueError(f"--port {args.port}: a port is a number from 1 to 65535")
    extra = [a for a in args.voila_args if a != "--"]
    out.write(f"Serving the app at http://{args.host}:{args.port}/  (Ctrl-C to stop)\n")
    out.flush()
    return serve(notebooks, args.host, args.port, extra)


def register() -> None:
    """Add ``serve`` to the command line (see :data:`nap_teach.cli.SUBCOMMANDS`)."""
    from .cli import SUBCOMMANDS

    SUBCOMMANDS["serve"] = ("serve the app with Voila (what `make app` runs)", _serve_args, _cmd_serve)


register()

if __name__ == "__main__":  # pragma: no cover - `python -m nap_teach.server` works too
    from .cli import main

    sys.exit(main(["serve", *sys.argv[1:]]))
