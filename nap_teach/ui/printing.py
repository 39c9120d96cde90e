"""A "Print" button: a tiny anywidget whose click opens the browser's print dialog (``window.print()``).

The page's print stylesheet (``css/print.css``, and ``handouts.css`` on the
handouts page) decides what goes on paper. ``clicks`` counts the clicks (tests);
``hint`` is the button's tooltip (not ``tooltip``, a trait of every ipywidget: a
view of an anywidget that redefines it is not created).
CSS class: ``nap-print`` (the widget) and ``nap-print-button`` (the button).
"""
from __future__ import annotations

import anywidget
import traitlets

__all__ = ["PrintButton"]

_ESM = """
function render({ model, el }) {
  el.classList.add("nap-print");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "nap-print-button jupyter-button";
  const draw = () => {
    button.textContent = model.get("label");
    button.title = model.get("hint") || model.get("label");
  };
  draw();
  model.on("change:label", draw);
  model.on("change:hint", draw);
  button.addEventListener("click", () => {
    model.set("clicks", model.get("clicks") + 1);
    model.save_changes();
    window.print();
  });
  el.appendChild(button);
}
export default { render };
"""


class PrintButton(anywidget.AnyWidget):
    """A button that prints the page (its label and tooltip come from Python, in the page's language)."""

    _esm = _ESM
    label = traitlets.Unicode("Print").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)
    clicks = traitlets.Int(0).tag(sync=True)
