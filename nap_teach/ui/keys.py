"""Stepping by keys: a small anywidget that hears the page's keys and hands them to Python.

The lesson is stepped with Right arrow, PageDown or Space (next) and Left arrow or
PageUp (back): what a presentation clicker sends, and what a learner without a
mouse reaches for. The browser side (:data:`_ESM`) listens on the document and
sends ``{"type": "key", "key": <KeyboardEvent.key>, "n": <count>}`` for a key of
its list, unless

- the focus is in a text field, a select or anything else that takes typing or
  arrows (the step box, the "Go to" list, a radio group: the key is theirs);
- Space is pressed on a button, a checkbox, a link or a summary (Space presses it);
  the other keys still step there (a clicker keeps working after a click on a control);
- a modifier is held (Ctrl, Alt, Meta, Shift), the key repeats (held down), or
  another handler already used the key (the card table's arrow keys).

While ``presenting`` is set (the lesson's presenter mode), a clicker must always step: the keys are
heard first (in the capture phase) whatever has the focus, Space included on a button, a toggle or
a checkbox (its press is cancelled on the way down and up), and only a field that takes typing keeps
its keys; Escape (:data:`PRESENT_KEYS`) is heard only then. After a step key the page scrolls back
to ``scroll_to`` when that has left the screen, and the narration panel goes back to its top.

Every message is checked in Python (:meth:`StepKeys.receive`): only a key of the
allow-list (:data:`STEP_KEYS`) does anything; any other value (another key, a
wrong type, a huge string, a malformed message) is ignored and logged below
warning level, never a traceback and never a change.

The widget also brings the focus outline every control of the page keeps
(:data:`_CSS`), and keeps the focus in a group of buttons (``focus_group``) when
the focused one is disabled (Next at the last step moves it to Back): a keyboard
learner always sees where they are.
"""
from __future__ import annotations

import logging
from typing import Any, Callable, Mapping

import anywidget
import ipywidgets as W
import traitlets

__all__ = ["STEP_KEYS", "PRESENT_KEYS", "KeyListener", "StepKeys", "MAX_KEY_MESSAGE"]

log = logging.getLogger("nap_teach.ui")

STEP_KEYS: dict[str, str] = {
    "ArrowRight": "next",
    "PageDown": "next",
    " ": "next",
    "ArrowLeft": "back",
    "PageUp": "back",
}
"""The allow-list: ``KeyboardEvent.key`` -> the action it asks for."""

PRESENT_KEYS: dict[str, str] = {"Escape": "leave"}
"""Keys heard only while presenting (the browser half ignores them otherwise)."""

MAX_KEY_MESSAGE = 4
"""A key message has at most this many fields (type, key, n)."""

_ESM = """
const TYPING = "input:not([type='checkbox']):not([type='button']):not([type='submit']):not([type='reset']), " +
  "textarea, select, [contenteditable=''], [contenteditable='true'], [role='textbox'], " +
  "[role='combobox'], [role='listbox'], [role='slider'], [role='spinbutton'], [role='radiogroup'], [role='menu']";
const TEXT_ENTRY = "input:not([type='checkbox']):not([type='button']):not([type='submit']):not([type='reset'])" +
  ":not([type='radio']), textarea, [contenteditable=''], [contenteditable='true'], [role='textbox']";
const PRESSED_BY_SPACE = "button, input, a[href], summary, [role='button'], [role='link'], [role='checkbox'], " +
  "[role='switch'], [role='tab'], [role='option'], [role='menuitem']";

function within(node, selector) {
  return !!(node && node.closest && node.closest(selector));
}

function render({ model, el }) {
  el.classList.add("nap-keys");
  let count = 0;
  const PRESENT_ONLY = ["Escape"];
  function heard(ev) {
    if (ev.isComposing || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return false;
    const keys = model.get("listen") || [];
    if (!keys.includes(ev.key)) return false;
    const presenting = !!model.get("presenting");
    if (PRESENT_ONLY.includes(ev.key) && !presenting) return false;
    const target = ev.target instanceof Element ? ev.target : null;
    const active = document.activeElement;
    for (const node of [target, active]) {
      if (presenting) {
        if (within(node, TEXT_ENTRY)) return false;  // a field that takes typing keeps its keys
        continue;
      }
      if (within(node, TYPING)) return false;  // the key belongs to the field
      if (ev.key === " " && within(node, PRESSED_BY_SPACE)) return false;  // Space presses the focused button
    }
    return true;
  }
  function onKey(ev, capture) {
    const presenting = !!model.get("presenting");
    if (presenting !== capture) return;  // presenting: heard first, on the way down; else after the page's own
    if (ev.defaultPrevented && !presenting) return;
    if (!heard(ev)) return;
    ev.preventDefault();  // the page does not scroll as well (and, presenting, no button is pressed)
    if (presenting) ev.stopPropagation();
    if (ev.repeat) return;  // a key held down steps once
    count += 1;
    el.dataset.sent = String(count);
    model.send({ type: "key", key: ev.key, n: count });
    if (presenting && ev.key !== "Escape") {
      const panel = document.querySelector(".nap-present-panel .nap-lesson-side");
      if (panel) panel.scrollTop = 0;
      const sel = model.get("scroll_to");
      const back = sel ? document.querySelector(sel) : null;
      if (back) {
        const r = back.getBoundingClientRect();
        if (r.top < 0 || r.top > window.innerHeight / 4) back.scrollIntoView({ block: "start" });
      }
    }
  }
  // presenting, Space would press the focused button or tick the focused box as the key comes up
  function onKeyUp(ev) {
    if (ev.key === " " && model.get("presenting") && heard(ev)) {
      ev.preventDefault();
      ev.stopPropagation();
    }
  }
  const onKeyDown = (ev) => onKey(ev, true);
  const onKeyBubble = (ev) => onKey(ev, false);
  document.addEventListener("keydown", onKeyDown, true);
  document.addEventListener("keydown", onKeyBubble);
  document.addEventListener("keyup", onKeyUp, true);

  // The focus is never dropped: when the focused button of a group (Back, Next, Restart) is disabled
  // (Next at the last step), the focus moves to the group's first button still enabled.
  let lastFocused = null;
  const noteFocus = (ev) => { lastFocused = ev.target; };
  document.addEventListener("focusin", noteFocus);
  const observer = new MutationObserver((changes) => {
    const group = model.get("focus_group");
    if (!group) return;
    for (const change of changes) {
      const b = change.target;
      if (!b.disabled || !within(b, group)) continue;
      const active = document.activeElement;
      if (active !== b && !(lastFocused === b && (!active || active === document.body))) continue;
      const next = b.closest(group).querySelector("button:not([disabled])");
      if (next) next.focus();
    }
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ["disabled"], subtree: true });
  el.dataset.ready = "1";
  return () => {
    document.removeEventListener("keydown", onKeyDown, true);
    document.removeEventListener("keydown", onKeyBubble);
    document.removeEventListener("keyup", onKeyUp, true);
    document.removeEventListener("focusin", noteFocus);
    observer.disconnect();
  };
}
export default { render };
"""

_CSS = """
/* A clear focus outline on every control and card (nap_teach/ui/keys.py): dark blue with a white ring,
   visible on white pages and on the green card table alike. */
.nap-app button:focus-visible, .nap-app .jupyter-button:focus-visible, .nap-app select:focus-visible,
.nap-app input:focus-visible, .nap-app textarea:focus-visible, .nap-app summary:focus-visible,
.nap-app a:focus-visible, .nap-app [tabindex]:focus-visible {
  outline: 3px solid #1747b5 !important; outline-offset: 2px; box-shadow: 0 0 0 6px #fff;
}
.nap-app .widget-toggle-button:focus-visible, .nap-app .widget-button:focus-visible { z-index: 1; }
.nap-keys { display: none; }
"""


class KeyListener(anywidget.AnyWidget):
    """The browser half: listens for ``listen`` on the page and sends each as a message (see :data:`_ESM`)."""

    _esm = _ESM
    _css = _CSS
    listen = traitlets.List(traitlets.Unicode(), default_value=list(STEP_KEYS)).tag(sync=True)
    """The keys to hear (``KeyboardEvent.key`` values); named so because ``keys`` is taken by ipywidgets."""
    focus_group = traitlets.Unicode("").tag(sync=True)
    """A CSS selector of button groups whose focus must not be dropped when its button is disabled."""
    presenting = traitlets.Bool(False).tag(sync=True)
    """Presenter mode: the keys step whatever has the focus, and Escape is heard."""
    scroll_to = traitlets.Unicode("").tag(sync=True)
    """A CSS selector scrolled back into view after a step key while presenting ("" for none)."""


class StepKeys:
    """Keys to actions: ``StepKeys({"next": go_on, "back": go_back})``; :attr:`widget` goes on the page.

    :meth:`receive` is the one door for a key message (the widget's messages come through it, and tests
    call it directly): it returns the action done ("next", "back") or None for anything ignored.
    """

    def __init__(self, actions: Mapping[str, Callable[[], None]], keys: Mapping[str, str] | None = None,
                 focus_group: str = "") -> None:
        self.keys = dict(STEP_KEYS if keys is None else keys)
        self.actions = dict(actions)
        self.widget = KeyListener(listen=list(self.keys), focus_group=focus_group,
                                  layout=W.Layout(width="0px", height="0px"))
        self.widget.add_class("nap-keys")
        self.widget.on_msg(self._on_msg)
        self.done: list[str] = []
        """The actions done so far, in order (for tests and scripts)."""

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self.receive(content)

    def receive(self, content: object) -> str | None:
        """Do what the key in ``content`` asks for; anything not on the allow-list is ignored."""
        if (not isinstance(content, dict) or len(content) > MAX_KEY_MESSAGE or content.get("type") != "key"):
            log.info("ignored a key message that is not one: %.60r", content)
            return None
        key = content.get("key")
        action = self.keys.get(key) if isinstance(key, str) else None
        callback = self.actions.get(action) if action is not None else None
        if action is None or callback is None:
            log.info("ignored a key outside the allow-list: %.40r", key)
            return None
        try:
            callback()
        except Exception:  # the handlers are guarded; this is the last net: never a traceback in the page
            log.exception("the %s key's action failed", action)
            return None
        self.done.append(action)
        return action
