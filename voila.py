# Voila configuration of the nap_teach app (Voila 0.5).
#
# Voila reads `voila.py` and `voila.json` from the current directory first, then
# from the Jupyter config directories, so start it from the repository root:
#
#     voila notebooks            # what `make app` and tests/browser/conftest.py run
#
# Options given on the command line win over this file (the browser tests add
# --VoilaConfiguration.show_tracebacks=True). tests/test_environment.py checks
# that these values reach a Voila application; tests/browser checks the running
# server (stripped sources, front page, kernel culler, kernel shutdown).
#
# This is a Python file, not voila.json, for the comments and because two
# things need code: a front page when Voila serves a directory (Voila 0.5 has
# no option for it, open issue voila-dashboards/voila#540) and the shutdown of
# a page's kernel when the page is closed. See `_patch_voila_handlers` below.


def _configure(c):
    # -- pages -----------------------------------------------------------------
    c.VoilaConfiguration.template = "lab"
    c.VoilaConfiguration.theme = "light"
    # Learners see the widgets only, never the code cells.
    c.VoilaConfiguration.strip_sources = True
    # A failing cell shows a short error note, not a Python traceback (which
    # would show paths and internals to learners).
    c.VoilaConfiguration.show_tracebacks = False

    # -- kernels ---------------------------------------------------------------
    # Every page view starts its own kernel (50-100 MiB), and Voila 0.5 does not
    # reliably shut it down when the tab closes. Voila's kernel manager is a
    # jupyter_server MappingKernelManager, so its culler applies: it shuts down
    # kernels without traffic for `cull_idle_timeout` seconds, checking every
    # `cull_interval` seconds. Closed tabs have no connection and are culled; an
    # open tab keeps its kernel however long the learner reads
    # (cull_connected=False), so a page never dies under someone looking at it.
    c.MappingKernelManager.cull_idle_timeout = 600
    c.MappingKernelManager.cull_interval = 60
    c.MappingKernelManager.cull_connected = False
    c.MappingKernelManager.cull_busy = False


# -- handlers --------------------------------------------------------------------
# Two fixes to the standalone Voila 0.5 server, made by replacing handler
# classes in voila.app before it builds its routes:
#
# 1. Front page. `voila notebooks` serves a file tree at "/". "/" should open
#    the landing notebook while "/voila/render/<name>.ipynb" keeps serving every
#    notebook (the landing page links to them), so "/" answers with a redirect
#    to "voila/render/index.ipynb", keeping the query string ("/?lang=en"). The
#    tree stays at "/voila/tree".
# 2. Kernel shutdown when a page is left. Voila's page sends
#    POST voila/api/shutdown/<kernel> on `beforeunload` with the `_xsrf` cookie
#    value, but the server never sets that cookie, so the request fails with
#    403 and the kernel lives on until culled (open issue
#    voila-dashboards/voila#1458). Notebook pages now set the cookie, so the
#    XSRF check passes and the kernel stops as soon as its page is closed.
LANDING_NOTEBOOK = "index.ipynb"


def _patch_voila_handlers(landing):
    import sys

    # Only the standalone `voila` command has imported voila.app by now. Loaded
    # by the Jupyter server extension (`jupyter lab` started here), this file
    # changes no handler.
    app = sys.modules.get("voila.app")
    tree = getattr(app, "TornadoVoilaTreeHandler", None)
    render = getattr(app, "TornadoVoilaHandler", None)
    if tree is None or render is None or getattr(tree, "nap_landing", None):
        return

    from jupyter_server.utils import url_path_join

    class LandingRedirectTreeHandler(tree):
        nap_landing = landing

        async def get(self, path=""):
            if not path and self.request.path.rstrip("/") == self.base_url.rstrip("/"):
                target = url_path_join(self.base_url, "voila/render", self.nap_landing)
                if self.request.query:
                    target += "?" + self.request.query
                self.redirect(target)
                return
            await super().get(path)

    class XsrfCookieNotebookHandler(render):
        nap_xsrf_cookie = True

        async def get(self, path=None):
            self.xsrf_token  # noqa: B018 -- reading it sets the _xsrf cookie
            return await super().get(path)

    # Voila.init_handlers() looks these names up when the server starts, after
    # this file has been read.
    app.TornadoVoilaTreeHandler = LandingRedirectTreeHandler
    app.TornadoVoilaHandler = XsrfCookieNotebookHandler


def _hand_over_to_voila_package(name):
    # With the repository root first on sys.path (`python -m pytest`, `python -m
    # voila`, a REPL started here), `import voila` finds this file instead of the
    # installed package. Load the real package in its place; Python's import
    # returns whatever sys.modules["voila"] holds when this module finishes.
    import importlib.machinery
    import importlib.util
    import os
    import sys

    here = os.path.dirname(os.path.abspath(__file__))
    path = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    spec = importlib.machinery.PathFinder.find_spec("voila", path)
    if spec is None or spec.loader is None:
        raise ImportError("the voila package is not installed (voila.py here is its configuration)")
    package = importlib.util.module_from_spec(spec)
    sys.modules["voila"] = package
    spec.loader.exec_module(package)
    if name == "__main__":  # `python -m voila ...`
        from voila.app import main

        sys.exit(main())


# traitlets runs this file without setting __name__ (so it reads "builtins").
if __name__ in ("voila", "__main__"):
    _hand_over_to_voila_package(__name__)
else:
    _configure(get_config())  # noqa: F821 -- get_config is provided by traitlets
    _patch_voila_handlers(LANDING_NOTEBOOK)
