"""A small escaping builder for HTML and SVG: markup is built from elements, never by pasting strings.

:func:`el` makes one element from a tag, attributes and children. Text children
and every attribute value are escaped; only :class:`Markup` (what :func:`el`
returns, or a fragment explicitly marked as already safe) is inserted as is.
Tag and attribute names are checked, so a name cannot smuggle markup either.

>>> el("p", {"class": "note", "title": 'say "hi"'}, "1 < 2 & ", el("b", None, "<3"))
Markup('<p class="note" title="say &quot;hi&quot;">1 &lt; 2 &amp; <b>&lt;3</b></p>')
>>> el("rect", {"x": 1, "hidden": True, "fill": None})
Markup('<rect x="1" hidden/>')

Objects with an ``__html__`` method (the convention of MarkupSafe and Jinja2)
count as markup too.
"""
from __future__ import annotations

import re
from html import escape as _escape
from typing import Iterable, Mapping, Union

__all__ = ["Markup", "escape", "el", "join"]

_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_.:-]*$")
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                   "wbr"})
"""HTML elements without an end tag: ``<br>``."""
_SVG_EMPTY = frozenset({"rect", "path", "circle", "ellipse", "line", "polygon", "polyline", "use", "stop"})
"""SVG shapes written as ``<rect .../>`` when they have no children."""


class Markup(str):
    """A string that is already markup: inserted into elements as is, never escaped again."""

    __slots__ = ()

    def __html__(self) -> "Markup":
        return self

    def __repr__(self) -> str:
        return f"Markup({str.__repr__(self)})"


Child = Union[str, int, float, Markup, None, Iterable["Child"]]


def escape(value: object) -> Markup:
    """``value`` as markup: text escaped (quotes too); markup (``__html__``) unchanged."""
    html = getattr(value, "__html__", None)
    if html is not None:
        return Markup(html())
    return Markup(_escape(str(value), quote=True))


def _children(children: Iterable[Child]) -> Iterable[str]:
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, (str, int, float)) or hasattr(child, "__html__"):
            yield escape(child)
        else:
            yield from _children(child)


def _name(name: str) -> str:
    if not _NAME.match(name):
        raise ValueError(f"not a tag or attribute name: {name!r}")
    return name


def el(tag: str, attrs: Mapping[str, object] | None = None, *children: Child) -> Markup:
    """One element: ``<tag attrs>children</tag>``, everything escaped but :class:`Markup`.

    Attribute values ``None`` and ``False`` leave the attribute out, ``True``
    writes it bare; children may be text, numbers, markup, ``None`` (skipped)
    or iterables of these.
    """
    parts = [f"<{_name(tag)}"]
    for key, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        parts.append(f" {_name(key)}" if value is True else f' {_name(key)}="{escape(value)}"')
    inner = "".join(_children(children))
    if not inner and tag in _VOID:
        return Markup("".join(parts) + ">")
    if not inner and tag in _SVG_EMPTY:
        return Markup("".join(parts) + "/>")
    return Markup(f"{''.join(parts)}>{inner}</{tag}>")


def join(children: Iterable[Child], sep: str = "") -> Markup:
    """Children as one fragment (text escaped), separated by ``sep`` (text, escaped too)."""
    return Markup(escape(sep).join(_children(children)))
