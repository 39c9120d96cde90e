"""A Babel extractor that reads the syntax tree, so ``_()`` inside f-strings is found too.

Babel's own Python extractor works on tokens and does not look inside
f-strings on Python 3.11; this one walks ``ast`` and finds every call of a
gettext keyword with literal string arguments. Used by ``babel.cfg``.
"""
from __future__ import annotations

import ast
import json
from typing import IO, Any, Collection, Iterator, Mapping, Sequence
from ..teach.course import lesson_texts

__all__ = ["extract"]


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def extract(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Sequence[str],
            options: Mapping[str, Any]) -> Iterator[tuple[int, str, tuple[str | None, ...], list[str]]]:
    """Yield ``(line, function, arguments, comments)``; Babel picks the arguments its keyword spec names.

    A non-literal argument is given as ``None``, which Babel skips.
    """
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    tree = ast.parse(source)
    names = set(keywords)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name is None or name not in names or not node.args:
            continue
        args = tuple(a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                     for a in node.args)
        if any(a is not None for a in args):
            yield node.lineno, name, args, []


def extract_lesson(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Sequence[str],
                   options: Mapping[str, Any]) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Yield the texts of a lesson file (``nap_teach/data/lessons/*.json``) as msgids.

    Every ``title``, ``summary``, note ``text`` and question ``prompt``/``after``
    is English and is translated in the catalogue (see the folder's FORMAT.md).
    """
    raw = fileobj.read().decode(options.get("encoding", "utf-8"))
    lines = raw.splitlines()
    for text in lesson_texts(json.loads(raw)):
        quoted = json.dumps(text, ensure_ascii=False)
        line = next((i + 1 for i, l in enumerate(lines) if quoted in l), 1)
        yield line, None, text, ["lesson file"]
