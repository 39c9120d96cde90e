"""A button whose click carries the values of the form it sends, as the browser holds them (``SubmitButton``).

Why: a typed value and a click travel to the kernel by different roads. ipywidgets sends a widget's new value
at once only when that widget has no earlier message still waiting for the kernel; otherwise it holds the value
back until the kernel has answered (its message throttle, jupyter-widgets/ipywidgets#252), while a button's
click always goes at once. On a busy kernel (a club's old laptop, a phone on a slow connection) a click made
right after typing can therefore reach the kernel before the value: "Settle this deal" would then settle the
tricks that were in the box before, and write a wrong line in the ledger.

This button reads the form's fields in the browser when it is clicked (each field's model, through the widget
manager) and sends their values with the click. Python puts each value into its field first, through the
field's own checks (a value the field would not take refuses the click and changes nothing: the message came
over the network and may be forged), then runs the click's callbacks. A value held back arrives later and
changes nothing, since the field already holds it.

It looks and behaves like ``ipywidgets.Button`` (``description``, ``disabled``, ``button_style``, ``tooltip``,
``on_click``, ``click``); its CSS classes (``add_class``) are on the ``<button>`` itself, as a stock button's are,
and the page lays that ``<button>`` out as it would a stock one (``_CSS``).
"""
from __future__ import annotations

import json
from typing import Any, Callable

import anywidget
import ipywidgets as W
import traitlets

__all__ = ["SubmitButton", "FIELD_TRAITS"]

FIELD_TRAITS = ("value", "index")
"""The traits a field's value travels in: ``value`` for the text and number boxes, ``index`` for a dropdown (the
trait ipywidgets syncs for it; its ``value`` follows)."""

_ESM = """
const FIELD_TRAITS = __FIELD_TRAITS__;  // (filled in from Python's FIELD_TRAITS)

async function fieldValues(model) {
  const values = {};
  for (const ref of model.get("fields") || []) {
    const id = String(ref).replace(/^IPY_MODEL_/, "");
    let field;
    try { field = await model.widget_manager.get_model(id); } catch (e) { continue; }  // closed meanwhile
    const carried = {};
    for (const name of FIELD_TRAITS) {
      if (field.get(name) !== undefined) { carried[name] = field.get(name); }
    }
    values[id] = carried;
  }
  return values;
}

function render({ model, el }) {
  el.classList.add("nap-submit");  // a box of no size of its own (_CSS): the button is laid out as a stock one
  const button = document.createElement("button");
  button.type = "button";
  button.style.width = "auto";  // as wide as its words, as the page's other buttons; the layout sizes the box
  button.style.maxWidth = "100%";
  el.appendChild(button);
  const base = ["jupyter-widgets", "jupyter-button", "widget-button"];
  const draw = () => {
    const classes = model.get("_dom_classes") || [];
    el.classList.remove(...classes);  // they belong on the button, as on a stock button
    const style = model.get("button_style");
    button.className = [...base, ...classes, ...(style ? ["mod-" + style] : [])].join(" ");
    button.textContent = model.get("description");
    button.disabled = !!model.get("disabled");
    const tip = model.get("tooltip");
    if (tip) { button.title = tip; } else { button.removeAttribute("title"); }
  };
  draw();
  model.on("change", draw);
  // shown or hidden by swapping its layout for a shared one (ui/widgets.show): the old layout's display: none
  // stays on this box unless it follows the layout it now has
  const followLayout = async () => {
    let layout = model.get("layout");
    if (typeof layout === "string") {
      try { layout = await model.widget_manager.get_model(layout.replace(/^IPY_MODEL_/, "")); } catch (e) { return; }
    }
    const display = layout && typeof layout.get === "function" ? layout.get("display") : null;
    if (display) { el.style.display = display; } else { el.style.removeProperty("display"); }
  };
  model.on("change:layout", () => { setTimeout(followLayout, 0); });
  let sending = false;
  button.addEventListener("click", async () => {
    if (sending || button.disabled) { return; }
    sending = true;
    try { model.send({ event: "click", values: await fieldValues(model) }); } finally { sending = false; }
  });
}
export default { render };
""".replace("__FIELD_TRAITS__", json.dumps(FIELD_TRAITS))


_CSS = ".nap-submit { display: contents; }"
"""The widget's own box is left out of the layout, so the ``<button>`` inside sits in the page's rows as a stock
button does (a row's rules for ``.widget-button``, e.g. Check stretched beside Back and Next in a lesson's bar);
hiding it (``show(button, False)``: ``display: none`` on the box itself) still hides it."""


class SubmitButton(anywidget.AnyWidget):
    """A button that sends its form's ``fields`` with each click (see the module's docstring)."""

    _esm = _ESM
    _css = _CSS
    description = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    button_style = traitlets.Enum(("primary", "success", "info", "warning", "danger", ""), default_value="").tag(
        sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    fields = traitlets.List(traitlets.Instance(W.DOMWidget)).tag(sync=True, **W.widget_serialization)
    """The widgets whose values the click carries."""

    def __init__(self, fields: list[W.DOMWidget] | tuple[W.DOMWidget, ...] = (), **kwargs: Any) -> None:
        super().__init__(fields=list(fields), **kwargs)
        self._handlers: list[Callable[[SubmitButton], Any]] = []
        self.on_msg(self._on_message)

    def on_click(self, callback: Callable[[SubmitButton], Any], remove: bool = False) -> None:
        """Run ``callback(button)`` on each click, once the carried values are in their fields."""
        if remove:
            self._handlers = [h for h in self._handlers if h != callback]
        else:
            self._handlers.append(callback)

    def click(self) -> None:
        """Click it from Python (tests, keyboard shortcuts): the fields keep the values they hold."""
        if not self.disabled:
            for handler in list(self._handlers):
                handler(self)

    def take(self, values: Any) -> bool:
        """Put the carried ``values`` ({model id: {trait: value}}) into the fields through each field's own checks;
        if one field refuses its value, put back those already changed and return False. Values for widgets that
        are not fields, and fields without a value, are left alone."""
        if not isinstance(values, dict):
            return False
        by_id = {field.model_id: field for field in self.fields}
        changed: list[tuple[W.DOMWidget, str, Any]] = []
        for model_id, carried in values.items():
            field = by_id.get(model_id)
            if field is None or not isinstance(carried, dict):
                continue
            name = next((n for n in FIELD_TRAITS if n in carried and field.has_trait(n)), None)
            if name is None or name == "value" and field.has_trait("index"):
                continue  # a dropdown's value follows its index
            before = getattr(field, name)
            if before == carried[name]:
                continue
            try:
                setattr(field, name, carried[name])
            except (traitlets.TraitError, TypeError, ValueError):  # not a value this field takes
                for done, trait, old in reversed(changed):
                    setattr(done, trait, old)
                return False
            changed.append((field, name, before))
        return True

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") != "click" or self.disabled:
            return
        if self.take(content.get("values", {})):
            self.click()
