"""Where the app's pages are, and the names the server and its kernels share.

A small module of its own: the kernels that stand in for any page in class
mode (:mod:`nap_teach.app.any_page`) need these names, not the server's code.
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path

__all__ = ["APP_DIR", "NOTEBOOK_DIR", "LANDING_NOTEBOOK", "ANY_PAGE", "PREPARE", "ARRIVING_PAGES", "prepared_for",
           "notebook_of", "pages"]

# Voila reads its pages, configuration and templates from folders: the package is installed as files (a wheel,
# not a zip).
APP_DIR = Path(str(resources.files("nap_teach.app")))
"""The app's files inside the installed package."""
NOTEBOOK_DIR = APP_DIR / "notebooks"
"""The app's pages (the repository's ``notebooks`` links here)."""
LANDING_NOTEBOOK = "index.ipynb"
"""The page ``/`` opens."""
ANY_PAGE = "any.ipynb"
"""The class-mode pool that any page draws from (:mod:`nap_teach.app.any_page`); not a page of its own."""
PREPARE = "NAP_PREPARE"
"""The key of the server's message that tells a waiting kernel which page to build ahead, with its address."""

ARRIVING_PAGES = ("index.ipynb", "play.ipynb")
"""Pages built with the default settings that take a request's address in once it arrives (their ``arrive``):
one built ahead serves any address of that page."""


def notebook_of(path: str) -> str:
    """The notebook a request's path names (``/base/voila/render/play.ipynb`` -> ``play.ipynb``).

    >>> notebook_of("/voila/render/play.ipynb"), notebook_of("/base/voila/render/lesson.ipynb/")
    ('play.ipynb', 'lesson.ipynb')
    """
    return path.rstrip("/").rsplit("/", 1)[-1]


def prepared_for(notebook: str, query: str) -> tuple[str, str]:
    """What a page built ahead must have been built for to serve ``notebook?query``: the same page and address,
    or for the pages of :data:`ARRIVING_PAGES`, the page with the defaults.

    >>> prepared_for("lesson.ipynb", "lesson=3&lang=es"), prepared_for("play.ipynb", "class=abc&lang=es")
    (('lesson.ipynb', 'lesson=3&lang=es'), ('play.ipynb', ''))
    """
    return (notebook, "") if notebook in ARRIVING_PAGES else (notebook, query)


def pages(notebooks: Path) -> list[str]:
    """The app's pages: the notebooks of the folder (names as in ``/voila/render/<name>``), but
    :data:`ANY_PAGE`, which only stands in for them.

    >>> "play.ipynb" in pages(NOTEBOOK_DIR), ANY_PAGE in pages(NOTEBOOK_DIR)
    (True, False)
    """
    return sorted(p.name for p in notebooks.glob("*.ipynb") if p.name != ANY_PAGE)
