"""The page's helper in the browser: what a page needs of the browser beyond drawing widgets.

:class:`PageKeeper` is a small anywidget with no visible part. Python sets its traits; the
browser side (:data:`_ESM`) acts on them:

- :meth:`PageKeeper.say` announces a sentence to screen readers through one live region
  (``role="status"``, ``aria-live="polite"``, class ``nap-live``) that exists from the start,
  so the sentence is read out (a live region created together with its text often is not);
- :meth:`PageKeeper.reveal` scrolls an element (a CSS selector) into view when any of it is
  outside the screen or under the bar pinned to its bottom (``nap-lesson-bar``): feedback
  appears where the learner looks;
- :meth:`PageKeeper.guard` asks before the page is left (a reload, the back gesture, a link)
  while a game is in progress; the page's kernel is shut down only when the learner does leave;
- :meth:`PageKeeper.set_address` rewrites parameters of the page's address in place (the page's
  language is always in it: after the language switch a reload stays in the language), and a
  language switched on the page is remembered in the browser (``localStorage["nap_teach.lang"]``),
  which ``/`` follows.

Nothing of this goes to the server. Every trait is set by Python only; the browser sends
nothing back.
"""
from __future__ import annotations

from typing import Mapping

import anywidget
import traitlets

__all__ = ["PageKeeper", "LANG_KEY"]

LANG_KEY = "nap_teach.lang"
"""The browser's storage key of the language the learner chose last."""

_ESM = r"""
const LANG_KEY = "nap_teach.lang";

function body(text) {  // "<counter>\n<text>": the counter makes the same text twice a change
  const s = String(text || "");
  const i = s.indexOf("\n");
  return i < 0 ? "" : s.slice(i + 1);
}

function barHeight() {
  let h = 0;
  for (const bar of document.querySelectorAll(".nap-lesson-bar, .nap-pinned-bar")) {
    const s = getComputedStyle(bar);
    if (s.position === "fixed" && bar.offsetParent !== null) h = Math.max(h, bar.getBoundingClientRect().height);
  }
  return h;
}

function scroller(node) {
  for (let e = node.parentElement; e; e = e.parentElement) {
    const s = getComputedStyle(e);
    if (/(auto|scroll)/.test(s.overflowY) && e.scrollHeight > e.clientHeight + 1) return e;
  }
  return document.scrollingElement || document.documentElement;
}

function reveal(css) {
  // every shown match of the selector list together: scrolled the least so that all of it is in view
  // (above the pinned bar), or its top when it is taller than the screen
  if (!css || document.querySelector(".nap-present")) return;  // presenting: the stage holds the screen still
  const shown = Array.from(document.querySelectorAll(css)).filter(
    (e) => e.offsetParent !== null && e.getBoundingClientRect().height > 0);
  if (!shown.length) return;
  const rects = shown.map((e) => e.getBoundingClientRect());
  const top = Math.min(...rects.map((r) => r.top));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  const room = window.innerHeight - barHeight() - 6;
  let delta = 0;
  if (top < 6) delta = top - 6;
  else if (bottom > room) delta = Math.min(bottom - room, top - 6);
  if (Math.abs(delta) >= 1) scroller(shown[0]).scrollBy({ top: delta, left: 0, behavior: "instant" });
}

function kernelShutdown() {
  // what Voila does on leaving a page, done here only when the guard held Voila's own handler back
  try {
    const data = JSON.parse(document.getElementById("jupyter-config-data").textContent);
    const match = document.cookie.match("\\b_xsrf=([^;]*)\\b");
    const form = new FormData();
    form.append("_xsrf", (match && match[1]) || "");
    if (data.kernelId) navigator.sendBeacon((data.baseUrl || "/") + "voila/api/shutdown/" + data.kernelId, form);
  } catch (e) { /* no kernel to release */ }
}

function render({ model, el }) {
  el.classList.add("nap-keeper");
  const live = document.createElement("div");
  live.className = "nap-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  el.appendChild(live);

  const onSaid = () => {
    const text = body(model.get("said"));
    live.textContent = "";
    setTimeout(() => { live.textContent = text; }, 60);
  };
  let revealed = "";
  let turning = null;
  const onReveal = () => {
    revealed = body(model.get("reveal_css"));
    // after the widgets drawn by the same message have their size
    requestAnimationFrame(() => requestAnimationFrame(() => {
      reveal(revealed);
      document.body.dataset.napRevealed = String(model.get("reveal_css")).split("\n")[0];
    }));
  };
  const onResize = () => {  // a phone turned sideways keeps what was shown in view
    clearTimeout(turning);
    turning = setTimeout(() => { reveal(revealed); document.body.dataset.napResized = String(Date.now()); }, 120);
  };
  window.addEventListener("resize", onResize);
  let held = false;
  const onLeave = (event) => {
    const question = model.get("guard_text");
    if (!question) return;
    held = true;
    event.stopImmediatePropagation();  // Voila's own handler would shut the kernel down at once
    event.preventDefault();
    event.returnValue = question;
    return question;
  };
  const onHide = () => { if (held) kernelShutdown(); };
  const onAddress = (event) => {
    const wanted = model.get("address") || {};
    const url = new URL(window.location.href);
    for (const [k, v] of Object.entries(wanted)) {
      if (v === "" || v === null || v === undefined) url.searchParams.delete(k);
      else url.searchParams.set(k, String(v));
    }
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
    // a language switched on the page is remembered (the address the page opened with is only shown)
    if (event !== "opened" && wanted.lang) {
      try { window.localStorage.setItem(LANG_KEY, String(wanted.lang)); } catch (e) { /* private mode */ }
    }
  };
  window.addEventListener("beforeunload", onLeave, { capture: true });
  window.addEventListener("pagehide", onHide);
  model.on("change:said", onSaid);
  model.on("change:reveal_css", onReveal);
  model.on("change:address", onAddress);
  if (model.get("said")) onSaid();
  onAddress("opened");
  return () => {
    window.removeEventListener("beforeunload", onLeave, { capture: true });
    window.removeEventListener("pagehide", onHide);
    window.removeEventListener("resize", onResize);
    model.off("change:said", onSaid);
    model.off("change:reveal_css", onReveal);
    model.off("change:address", onAddress);
  };
}
export default { render };
"""

_CSS = """
.nap-keeper { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
"""


class PageKeeper(anywidget.AnyWidget):
    """Announcements, scrolling into view, the question before leaving and the address (see the module)."""

    _esm = _ESM
    _css = _CSS
    said = traitlets.Unicode("").tag(sync=True)
    reveal_css = traitlets.Unicode("").tag(sync=True)
    guard_text = traitlets.Unicode("").tag(sync=True)
    address = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._count = 0
        self.add_class("nap-keeper-widget")

    def _counted(self, text: str) -> str:
        self._count += 1
        return f"{self._count}\n{text}"

    def say(self, text: str) -> None:
        """Announce ``text`` (plain words) to screen readers; "" says nothing."""
        if text:
            self.said = self._counted(text)

    def reveal(self, css: str) -> None:
        """Bring every shown element matching ``css`` (a selector list) into view together, scrolling as
        little as possible, if any of it is off the screen or under the pinned bar."""
        self.reveal_css = self._counted(css)

    def guard(self, question: str) -> None:
        """Ask ``question`` before the page is left ("" leaves without asking)."""
        if self.guard_text != question:
            self.guard_text = question

    def set_address(self, params: Mapping[str, str]) -> None:
        """Set (or, with "", remove) parameters of the page's address without reloading it."""
        value = dict(params)
        if dict(self.address) != value:
            self.address = value
