"""The page's address read in the browser, for the static site (Voici, Python in the learner's browser).

Under Voila the server hands each kernel its request (``QUERY_STRING``, ``SERVER_NAME``, ...). In the static
site there is no server: the kernel runs in the browser (Pyodide, in a web worker that cannot see the page's
address), so :class:`AddressWidget`, a small anywidget, reads ``location`` in the page and sends it over.
:func:`page_from_address` builds the page when it arrives, through the page's own ``from_environment``
with the same variables Voila would set: the same code path as under Voila, so ``?lang=``, ``?lesson=``,
``?deal=``, ``?seed=``, ``?profile=``, ``?present=`` and the rest mean the same in both. The values come from
the page, so they are checked like any widget value (:func:`address_environ`): a wrong shape means no
parameters, never an error. The same widget turns the links between pages (``play.ipynb?lang=es``, as the
pages write them for Voila) into the static site's ``play.html?lang=es``.

The static site's notebooks (written by ``demo/build.py``) do::

    from nap_teach.ui.address import page_from_address
    from nap_teach.ui.play import PlayApp
    page_from_address(PlayApp)

CSS classes: ``nap-address`` (the reader, which shows nothing), ``nap-address-page`` (the box the page
appears in).
"""
from __future__ import annotations

import logging
import os
import sys
from typing import Any, Callable, Mapping, Protocol
from urllib.parse import urlsplit

import anywidget
import ipywidgets as W
import traitlets

from ..words.html import html
from ..words.i18n import normalize_lang, translator
from .params import page_params
from .widgets import HTML, VBox

log = logging.getLogger("nap_teach.ui")

__all__ = ["AddressWidget", "address_environ", "page_from_address", "in_browser"]

MAX_ADDRESS = 4000
"""Longest address taken (a deal in a link, ``?deal=<code>``, is the longest parameter)."""

_ESM = """
// Links between pages name notebooks (play.ipynb?lang=es), as Voila serves them; the static site serves
// each page as .html: rewrite every such link in the page, now and as the widgets draw new ones.
const NOTEBOOK_LINK = /^([^?#:]*)\\.ipynb(?=$|[?#])/;
function fixLinks(root) {
  for (const a of root.querySelectorAll("a[href]")) {
    const href = a.getAttribute("href");
    if (NOTEBOOK_LINK.test(href)) a.setAttribute("href", href.replace(NOTEBOOK_LINK, "$1.html"));
  }
}
let watching = false;
export default {
  render({ model, el }) {
    el.classList.add("nap-address");
    el.style.display = "none";
    if (!watching) {
      watching = true;
      fixLinks(document);
      new MutationObserver(() => fixLinks(document)).observe(document.body, {
        subtree: true, childList: true, attributes: true, attributeFilter: ["href"] });
    }
    model.set("href", String(window.location.href).slice(0, 4000));
    model.save_changes();
  }
};
"""


class AddressWidget(anywidget.AnyWidget):
    """Sends the page's address (``location.href``) to the kernel once it is drawn; shows nothing."""

    _esm = _ESM
    href = traitlets.Unicode("").tag(sync=True)


def in_browser() -> bool:
    """True when Python runs in the browser (Pyodide: the static site), where there is no server."""
    return sys.platform == "emscripten"


def address_environ(href: object) -> dict[str, str]:
    """What Voila would set for a request of ``href``: ``QUERY_STRING`` and the address of the page
    (``SERVER_NAME``, ``SERVER_PORT``, ``SCRIPT_NAME``); ``{}`` for anything that is not an http(s) address.

    >>> address_environ("https://example.org/nap/voici/render/play.html?lang=es&seed=7")["QUERY_STRING"]
    'lang=es&seed=7'
    >>> address_environ("javascript:alert(1)"), address_environ(42)
    ({}, {})
    """
    if not isinstance(href, str) or len(href) > MAX_ADDRESS:
        return {}
    try:
        parts = urlsplit(href)
        port = parts.port
    except ValueError:
        return {}
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return {}
    return {"QUERY_STRING": parts.query, "SERVER_NAME": parts.hostname,
            "SERVER_PORT": str(port or (443 if parts.scheme == "https" else 80)), "SCRIPT_NAME": parts.path}


class _Page(Protocol):
    widget: W.Widget

    @classmethod
    def from_environment(cls, environ: dict[str, str] | None = None, **options: Any) -> "_Page": ...


class _AddressedPage:
    """The box a page appears in once its address has arrived (see :func:`page_from_address`)."""

    def __init__(self, page: Callable[[dict[str, str]], _Page]) -> None:
        self.build = page
        self.page: _Page | None = None
        self.reader = AddressWidget()
        self.widget = VBox([self.reader])
        self.widget.add_class("nap-address-page")
        self.reader.observe(self._on_address, names="href")

    def _on_address(self, change: Mapping[str, Any]) -> None:
        if self.page is not None:  # one page per load: a second message changes nothing
            return
        environ = address_environ(change["new"])
        # as Voila sets them for a kernel (one page per kernel here too): parts of a page that read the request
        # later (the play page's class link reads the page's own address) find it where they look under Voila
        os.environ.update(environ)
        try:
            self.page = self.build(environ)
        except Exception:  # a UI boundary: a bug of ours becomes a short notice, never a traceback
            log.exception("the page could not be built for %r", environ)
            tr = translator(normalize_lang(page_params(environ).get("lang", "en")))
            notice = HTML(html('<p class="nap-address-failed" role="alert">{}</p>', tr.gettext(
                "This page could not be prepared. Reload the page to try again.")))
            self.widget.children = (self.reader, notice)
            return
        self.widget.children = (self.reader, self.page.widget)

    def _ipython_display_(self) -> None:
        from IPython.display import display  # only when a notebook shows the page

        display(self.widget)


def page_from_address(page: type[_Page], **options: Any) -> _AddressedPage:
    """Show ``page`` (an app class of ``nap_teach.ui``) built from the browser's address, once it arrives;
    ``options`` go to its ``from_environment`` (the front page's ``notebook_dir``)."""
    return _AddressedPage(lambda environ: page.from_environment(dict(environ), **options))
