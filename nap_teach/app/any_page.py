"""The page a class-mode kernel has not chosen yet: ``notebooks/any.ipynb``.

In class mode the server keeps one pool of preheated kernels that any page can
draw from (see ``nap_teach.app.server``): Voila has already rendered
``any.ipynb`` in them, and its one cell waits, with every page's module
imported, for the learner's request. When a learner opens ``play.ipynb`` (or
any other page whose own pool is empty), the server hands them such a kernel;
the cell then reads which page was asked for (``SCRIPT_NAME``, e.g.
``/voila/render/play.ipynb``) and runs that page's own notebook cells, so the
page is built exactly as its notebook builds it, with the request's address.

Opened by itself (``any.ipynb``, or outside Voila) it shows the front page.
"""
from __future__ import annotations

import ast
import importlib
import json
import os
from typing import Any

from ..ui.params import request_query
from ..words.i18n import LANGUAGES, translator
from .server import ANY_PAGE, LANDING_NOTEBOOK, NOTEBOOK_DIR, pages

__all__ = ["show_requested_page", "requested_page", "page_source", "warm", "SHARED_MODULES"]

SHARED_MODULES = (
    "ipywidgets", "anywidget", "nap_teach.engine.state", "nap_teach.words.render", "nap_teach.ui.base",
    "nap_teach.ui.nav", "nap_teach.ui.table", "nap_teach.ui.keeper",
)
"""What every page imports: the widget libraries, the engine, the words, the pages' frame and the card table.

Each page's own modules (a few tens of milliseconds) are imported when it is asked for: importing all
nine pages' modules in every waiting kernel would cost about 5 MiB more in each learner's kernel."""


def warm() -> int:
    """Import what every page shares and read each language's catalogue, before any learner arrives.

    Nothing is built: a widget made now would be sent to the learner's page along with the page's own.

    >>> warm() == len(SHARED_MODULES)
    True
    """
    for name in SHARED_MODULES:
        importlib.import_module(name)
    for lang in LANGUAGES:
        translator(lang)
    return len(SHARED_MODULES)


def requested_page(script_name: str) -> str:
    """The notebook a request asked for (``/voila/render/play.ipynb`` -> ``play.ipynb``); the front page for
    anything that is not one of the app's pages.

    >>> requested_page("/voila/render/play.ipynb"), requested_page("/base/voila/render/lesson.ipynb")
    ('play.ipynb', 'lesson.ipynb')
    >>> requested_page("/voila/render/any.ipynb"), requested_page(""), requested_page("/voila/render/../x.ipynb")
    ('index.ipynb', 'index.ipynb', 'index.ipynb')
    """
    name = script_name.rstrip("/").rsplit("/", 1)[-1]
    return name if name in pages(NOTEBOOK_DIR) and name != ANY_PAGE else LANDING_NOTEBOOK


def page_source(notebook: str) -> str:
    """The code of a page's notebook (its code cells, in order)."""
    cells = json.loads((NOTEBOOK_DIR / notebook).read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c.get("cell_type") == "code")


def show_requested_page(namespace: dict[str, Any] | None = None) -> Any:
    """Wait for the learner's request, then run the asked page's cells here; returns what the last one shows.

    The page's last expression is displayed, as it would be as the last line of its own notebook's cell.
    """
    warm()
    request_query()  # a preheated kernel waits here for its learner (outside Voila: at once, no request)
    notebook = requested_page(os.environ.get("SCRIPT_NAME", ""))
    tree = ast.parse(page_source(notebook), filename=notebook)
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr):
        tree.body.pop()
    else:
        last = None
    scope: dict[str, Any] = namespace if namespace is not None else {"__name__": "__main__"}
    exec(compile(tree, notebook, "exec"), scope)  # noqa: S102 -- the app's own page notebook, from the package
    if last is None:
        return None
    return eval(compile(ast.Expression(last.value), notebook, "eval"), scope)  # noqa: S307 -- as above
