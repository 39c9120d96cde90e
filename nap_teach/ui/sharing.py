"""Sharing a page's link: its full address, a QR code for a room, and a button that copies the link.

Shared by the play page's class link and the lesson page's deal link. The address comes from the request
Voila hands the kernel (``SERVER_NAME``, ``SERVER_PORT``, ``SCRIPT_NAME``); the QR code is an SVG drawn in
Python by ``segno``; :class:`CopyButton` is a small anywidget that puts its ``text`` on the clipboard (or,
where the browser refuses the clipboard, selects the link's box so that Ctrl+C copies it) and says so.

CSS classes: ``nap-copy`` (the widget), ``nap-copy-button``, ``nap-copy-done`` (the word after copying).
"""
from __future__ import annotations

import os
import re
from typing import Mapping

import anywidget
import traitlets

from ..words.html import Markup, html

__all__ = ["MAX_ADDRESS", "ADDRESS", "CopyButton", "page_address", "qr_svg"]

MAX_ADDRESS = 200
ADDRESS = re.compile(r"^https?://[A-Za-z0-9.\-\[\]:]+(/[A-Za-z0-9._~%/\-]*)?$")
"""An address the learners' devices can open: http(s), a host (and port), a path; no query, spaces or quotes."""


def page_address(environ: Mapping[str, str] | None = None, page: str = "play.ipynb") -> str:
    """This page's address without its query, from the request Voila hands the kernel.

    >>> page_address({"SERVER_NAME": "10.0.0.5", "SERVER_PORT": "8866", "SCRIPT_NAME": "/voila/render/play.ipynb"})
    'http://10.0.0.5:8866/voila/render/play.ipynb'
    >>> page_address({"SERVER_NAME": "nap.example.org", "SERVER_PORT": "443", "SCRIPT_NAME": "/voici/render/play.html"})
    'https://nap.example.org/voici/render/play.html'
    >>> page_address({}), page_address({}, "lesson.ipynb")
    ('http://127.0.0.1:8866/voila/render/play.ipynb', 'http://127.0.0.1:8866/voila/render/lesson.ipynb')
    """
    env = os.environ if environ is None else environ
    fallback = f"http://127.0.0.1:8866/voila/render/{page}"
    host = env.get("SERVER_NAME", "") or "127.0.0.1"
    port = env.get("SERVER_PORT", "") or ("" if env.get("SERVER_NAME") else "8866")
    path = env.get("SCRIPT_NAME", "") or f"/voila/render/{page}"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address
    scheme = "https" if port == "443" else "http"  # the static site on an https host (ui/address.py)
    address = f"{scheme}://{host}{':' + port if port and port not in ('80', '443') else ''}{path}"
    return address if ADDRESS.match(address) and len(address) <= MAX_ADDRESS else fallback


def qr_svg(text: str, label: str) -> Markup:
    """``text`` as a QR code (SVG, error correction M, a quiet zone of four modules), sized by its CSS."""
    import segno  # imported when the first link is made

    code = segno.make(text, error="m", micro=False)
    svg = code.svg_inline(scale=1, border=4, dark="#000000", light="#ffffff", omitsize=True, title=label)
    return Markup(svg.replace("<svg ", html('<svg role="img" aria-label="{}" ', label), 1))  # segno's own SVG


_ESM = """
function render({ model, el }) {
  el.classList.add("nap-copy");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "nap-copy-button jupyter-button";
  const done = document.createElement("span");
  done.className = "nap-copy-done";
  done.setAttribute("role", "status");
  done.setAttribute("aria-live", "polite");
  const draw = () => {
    button.textContent = model.get("label");
    button.title = model.get("hint");
    button.disabled = !model.get("text");
  };
  function selectBox() {
    const sel = model.get("select");
    const box = sel ? document.querySelector(sel) : null;
    if (box && box.select) { box.focus(); box.select(); return true; }
    return false;
  }
  async function copy() {
    const text = model.get("text");
    if (!text) return;
    let ok = false;
    try {
      if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(text); ok = true; }
    } catch (e) { ok = false; }
    if (!ok && selectBox()) {
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    }
    done.textContent = ok ? model.get("copied") : model.get("select_hint");
    el.dataset.copied = ok ? "1" : "0";
    model.set("clicks", model.get("clicks") + 1);
    model.save_changes();
  }
  button.addEventListener("click", copy);
  model.on("change:label", draw);
  model.on("change:hint", draw);
  model.on("change:text", draw);
  draw();
  el.append(button, done);
}
export default { render };
"""

_CSS = """
.nap-copy { display: inline-flex; align-items: center; gap: 8px; }
.nap-copy-button { min-height: 44px; min-width: 44px; padding: 0 1em; font-weight: 600; cursor: pointer; }
.nap-copy-done { font-size: 0.95em; color: #1d5e2f; }
"""


class CopyButton(anywidget.AnyWidget):
    """A button that copies ``text`` (a link) to the clipboard; its words come from Python, in the page's language."""

    _esm = _ESM
    _css = _CSS
    text = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("Copy").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)
    copied = traitlets.Unicode("Copied.").tag(sync=True)
    select_hint = traitlets.Unicode("").tag(sync=True)
    select = traitlets.Unicode("").tag(sync=True)
    """A CSS selector of the box holding the link, selected when the browser refuses the clipboard."""
    clicks = traitlets.Int(0).tag(sync=True)
