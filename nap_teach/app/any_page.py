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
from collections.abc import Iterable, Mapping
from typing import Any

from ipywidgets import Widget

from ..ui.params import PageParams, preheating, request_messages, take_request
from ..words.i18n import LANGUAGES, translator
from .pagefiles import ANY_PAGE, LANDING_NOTEBOOK, NOTEBOOK_DIR, PREPARE, notebook_of, pages, prepared_for

__all__ = ["show_requested_page", "build_page", "requested_page", "page_source", "warm", "SHARED_MODULES",
           "PREPARE"]

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
    name = notebook_of(script_name)
    return name if name in pages(NOTEBOOK_DIR) and name != ANY_PAGE else LANDING_NOTEBOOK


def page_source(notebook: str) -> str:
    """The code of a page's notebook (its code cells, in order)."""
    cells = json.loads((NOTEBOOK_DIR / notebook).read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c.get("cell_type") == "code")




def build_page(notebook: str, namespace: dict[str, Any] | None = None) -> Any:
    """Run ``notebook``'s cells here, with the address already in the environment; returns what the last one
    shows (the page's last expression is displayed, as it would be as the last line of its own notebook)."""
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


def _target(info: Mapping[str, str]) -> tuple[str, str]:
    return requested_page(info.get("SCRIPT_NAME", "")), info.get("QUERY_STRING", "")


def show_requested_page(messages: Iterable[Mapping[str, str]] | None = None) -> Any:
    """Wait for the learner's request, then build the page it asks for; returns the page.

    ``messages``: what the server says to this kernel (in a preheated kernel, Voila's request channel; outside
    Voila there is nothing to wait for: the page of ``SCRIPT_NAME``, else the front page, at once). While it
    waits, the server may name the page the class is opening (a message with :data:`PREPARE`): the page is
    built then, and a learner whose request it serves (:func:`~nap_teach.app.pagefiles.prepared_for`: the
    same page and address, or a page of :data:`~nap_teach.app.pagefiles.ARRIVING_PAGES`, which takes the
    address in on arrival) gets it at once; any other request closes it and gets its own page.
    """
    warm()
    if messages is None:
        if not preheating():
            return build_page(requested_page(os.environ.get("SCRIPT_NAME", "")))
        messages = request_messages()
    prepared: tuple[tuple[str, str], Any] | None = None
    for info in messages:
        target = _target(info)
        if PREPARE in info:
            target = prepared_for(*target)
            if prepared is not None and prepared[0] == target:
                continue
        elif prepared is not None and prepared[0] == prepared_for(*target):
            take_request(info)  # the learner: the page already built for them
            page = prepared[1]
            if prepared[0] != target:  # built with the defaults: the request's address goes in now
                page.arrive(PageParams.from_environment())
            return page
        if prepared is not None:  # built for another page or address: its widgets go
            Widget.close_all()
            prepared = None
        take_request({**{k: v for k, v in info.items() if k != PREPARE}, "QUERY_STRING": target[1]})
        page = build_page(target[0])
        if PREPARE not in info:
            return page
        prepared = (target, page)
    return prepared[1] if prepared is not None else build_page(LANDING_NOTEBOOK)
