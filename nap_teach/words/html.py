"""HTML built so that escaping cannot be forgotten (pure: no widgets).

Every HTML fragment of the app is a :class:`Markup`: text known to be safe.
Anything else that goes into a fragment is escaped on the way in:

- :func:`html` fills a literal template: ``html('<p class="x">{}</p>', name)``
  escapes ``name`` unless it is already Markup (a card's SVG, a rule badge);
- :func:`el` builds one element from a tag, attributes and children;
- :func:`join` joins fragments, escaping the plain strings among them;
- ``Markup + str`` escapes the ``str``.

Escaping is :func:`html.escape` with quotes, so names such as ``<script>``,
``O'Neil`` or ``Jo & Al`` come out as text in element content and in attribute
values alike.

>>> html("<b title='{}'>{}</b>", "O'Neil", "<script>")
Markup("<b title='O&#x27;Neil'>&lt;script&gt;</b>")
>>> el("span", {"class": "nap-rule", "title": 'say "hi"'}, "B1 & ", el("i", None, "x"))
Markup('<span class="nap-rule" title="say &quot;hi&quot;">B1 &amp; <i>x</i></span>')
"""
from __future__ import annotations

import html as _html
import string
from typing import Any, Iterable, Mapping, SupportsIndex

__all__ = ["Markup", "escape", "html", "el", "join"]

VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "col", "area", "base", "wbr", "source"})


class Markup(str):
    """A string of HTML that is safe as it is: adding plain text to it escapes that text."""

    __slots__ = ()

    def __html__(self) -> "Markup":
        return self

    def __add__(self, other: str) -> "Markup":
        if not isinstance(other, str):
            return NotImplemented
        return Markup(str.__add__(self, escape(other)))

    def __radd__(self, other: str) -> "Markup":
        if not isinstance(other, str):
            return NotImplemented
        return Markup(str.__add__(escape(other), self))

    def __mul__(self, n: SupportsIndex) -> "Markup":
        return Markup(str.__mul__(self, n))

    def __mod__(self, values: Any) -> "Markup":
        if not isinstance(values, tuple):
            values = (values,)
        return Markup(str.__mod__(self, tuple(escape(v) for v in values)))

    def join(self, items: Iterable[str]) -> "Markup":
        return Markup(str.join(self, (escape(x) for x in items)))

    def format(self, *args: Any, **kwargs: Any) -> "Markup":
        return Markup(_FORMATTER.vformat(self, args, kwargs))

    def replace(self, old: str, new: str, count: SupportsIndex = -1) -> "Markup":
        """Replace markup with markup (both sides are taken as HTML: use it for trusted fragments only)."""
        return Markup(str.replace(self, old, new, count))

    def __repr__(self) -> str:
        return f"Markup({str.__repr__(self)})"


class _Escaping(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if hasattr(value, "__html__"):
            return str(value.__html__())
        return _html.escape(format(value, format_spec))


_FORMATTER = _Escaping()


def escape(value: object) -> Markup:
    """``value`` as HTML text: Markup stays as it is, anything else is escaped (quotes included)."""
    if hasattr(value, "__html__"):
        return Markup(value.__html__())
    return Markup(_html.escape(str(value)))


def html(template: str, *args: Any, **kwargs: Any) -> Markup:
    """Fill a literal HTML ``template`` (``str.format`` fields); every value is escaped unless it is Markup."""
    return Markup(template).format(*args, **kwargs)


def join(items: Iterable[str], sep: str = "") -> Markup:
    """Join fragments into one; plain strings among them are escaped."""
    return Markup(sep).join(items)


def el(tag: str, attrs: Mapping[str, object] | None = None, *children: object) -> Markup:
    """One element: ``el("td", {"data-player": name}, amount)``; attributes whose value is None or
    False are left out, True writes the bare name; children are escaped unless Markup."""
    parts = [tag]
    for name, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        parts.append(name if value is True else f'{name}="{escape(value)}"')
    opening = "<" + " ".join(parts) + ">"
    if tag in VOID and not children:
        return Markup(opening)
    return Markup(opening + "".join(escape(c) for c in children) + f"</{tag}>")
