"""The package's architecture, checked on every `make test`.

nap_teach is a house in layers, each importing only the layers below it::

    engine -> words -> ai -> teach -> ui -> app

- ``engine``: rules and values, no words, no drawing;
- ``words``: text and pictures of the engine's values (catalogues, HTML, rule prose);
- ``ai``: the solver, the bots, simulations, odds, the post-mortem;
- ``teach``: what a learner or teacher does, without widgets;
- ``ui``: the widget pages; ``app``: the command line, the Voila launcher, the extractors.

The named exceptions, each an import of a layer above made only when it is
needed, never at import time:

- Jupyter's display hooks (``Card._repr_svg_``, ``Trick._repr_html_``,
  ``DealState._repr_html_``): a value asks its drawing module to draw it only
  when a notebook shows it, as python-chess's ``Board._repr_svg_`` imports
  ``chess.svg``;
- :data:`PHRASING_HOOKS`: an explanation of the engine asks the catalogue for
  its words (``Explanation.text``), the same way.

Imports made only for type checkers (``if TYPE_CHECKING:``) may not run
upward either, unless listed in :data:`TYPE_ONLY`.

Inside ``ui``, a page package (``ui/play``, ``ui/lesson`` ...) is built by its
``app`` module; its components depend on the page's Protocol (``page.py``) and
on callbacks, never on the page class (not even for types), and no page
borrows from another page: shared pieces live in ``ui``'s own modules.

The whole package has no import cycle; mypy checks it (the engine, words, ai,
teach and app strictly, the pages with the widget libraries untyped); ruff
(pyflakes rules and syntax errors) finds nothing; every docstring example runs.
"""
from __future__ import annotations

import ast
import doctest
import importlib
import json
import pkgutil
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import nap_teach

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "nap_teach"
LAYERS = ("engine", "words", "ai", "teach", "ui", "app")
"""The layers, lowest first: a module imports only from its own layer and those before it."""
WIDGET_LIBRARIES = ("ipywidgets", "anywidget", "matplotlib", "IPython", "voila", "jupyter_server")
PHRASING_HOOKS = {("nap_teach.engine.explain", "Explanation.text")}
"""(module, function) pairs that may import the words layer when they run."""
TYPE_ONLY: set[tuple[str, str]] = set()
"""(module, imported module) pairs allowed upward under ``if TYPE_CHECKING:`` (none today)."""
PAGE_PACKAGES = ("classresults", "explorer", "handouts", "lesson", "odds", "play", "problems", "scorekeeper")
"""The pages of ``ui``: each a package whose ``app`` module builds the page."""


# ------------------------------------------------------------------ reading the imports
@dataclass(frozen=True)
class Import:
    """One import statement's target module, where it stands and how it runs."""

    source: str
    target: str
    line: int
    function: str
    """The qualified name of the function it runs in ("" at module level)."""
    type_only: bool
    """Under ``if TYPE_CHECKING:``: read by type checkers, never run."""
    hook: bool
    """Inside a display hook (``_repr_*_``)."""


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package by dotted name."""
    return {module_name(p, package.parent): p for p in sorted(package.rglob("*.py"))}


def read_imports(name: str, source: str, is_package: bool, known: set[str]) -> list[Import]:
    """The imports of package modules that ``source`` (module ``name``) makes, anywhere in its code."""
    package = name if is_package else name.rsplit(".", 1)[0]
    found: list[Import] = []

    def visit(node: ast.AST, function: str, type_only: bool, hook: bool) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            qual = f"{function}.{node.name}" if function else node.name
            is_hook = isinstance(node, ast.FunctionDef) and node.name.startswith("_repr_") and node.name.endswith("_")
            for child in node.body:
                visit(child, qual, type_only, hook or is_hook)
            return
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                visit(child, function, True, hook)
            for child in node.orelse:
                visit(child, function, type_only, hook)
            return
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                if f"{target}.{alias.name}" in known:
                    targets.append(f"{target}.{alias.name}")
                elif target in known:
                    targets.append(target)
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names if alias.name in known]
        for target in targets:
            if target != name:
                found.append(Import(name, target, getattr(node, "lineno", 0), function, type_only, hook))
        for child in ast.iter_child_nodes(node):
            visit(child, function, type_only, hook)

    for node in ast.parse(source).body:
        visit(node, "", False, False)
    return found


def layer_of(name: str) -> int | None:
    """The layer's rank (0 = engine); None for the package's own top-level modules."""
    parts = name.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def page_of(name: str) -> str | None:
    """The page package a ui module belongs to ("play" for nap_teach.ui.play.hand), else None."""
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "ui" and parts[2] in PAGE_PACKAGES else None


TOP_LEVEL = {"nap_teach": LAYERS.index("words"), "nap_teach.__main__": LAYERS.index("app")}
"""The top-level modules and the highest layer each may import: the public API (engine values and the
catalogue's translator) and ``python -m nap_teach`` (the command line)."""


def violations(sources: dict[str, tuple[str, bool]]) -> list[str]:
    """Every import that breaks the layering, as one readable line each.

    ``sources`` maps a module name to (its source text, whether it is a package's ``__init__``).
    """
    known = set(sources)
    out: list[str] = []
    for name, (source, is_package) in sorted(sources.items()):
        mine = layer_of(name)
        ceiling = TOP_LEVEL.get(name, mine)
        for imp in read_imports(name, source, is_package, known):
            theirs = layer_of(imp.target)
            where = f"{name}:{imp.line} imports {imp.target}"
            if theirs is None and imp.target == "nap_teach" and name != "nap_teach":
                out.append(f"{where}: inside the package, import from the layer, not the public API")
                continue
            if ceiling is None and name not in TOP_LEVEL:
                out.append(f"{name}: a top-level module outside the layers {LAYERS}")
                continue
            if theirs is not None and ceiling is not None and theirs > ceiling:
                allowed = imp.hook or (name, imp.function) in PHRASING_HOOKS \
                    or (imp.type_only and (name, imp.target) in TYPE_ONLY)
                if not allowed:
                    out.append(f"{where}: {LAYERS[mine] if mine is not None else name} may not import "
                               f"{LAYERS[theirs]} (an upward import)")
            page, their_page = page_of(name), page_of(imp.target)
            if page is not None and imp.target == f"nap_teach.ui.{page}.app" and name != f"nap_teach.ui.{page}":
                out.append(f"{where}: a component of the {page} page imports its page class "
                           f"(depend on nap_teach.ui.{page}.page and callbacks)")
            if their_page is not None and their_page != page:
                out.append(f"{where}: {'the ' + page + ' page' if page else name} borrows from the "
                           f"{their_page} page (move what is shared to a ui module of its own)")
    return out


def import_graph(sources: dict[str, tuple[str, bool]]) -> dict[str, set[str]]:
    """Module -> the package modules it imports when it runs (type-only imports and display hooks left out)."""
    known = set(sources)
    return {name: {i.target for i in read_imports(name, src, pkg, known)
                   if not i.type_only and not i.hook and (name, i.function) not in PHRASING_HOOKS}
            for name, (src, pkg) in sources.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def the_package() -> dict[str, tuple[str, bool]]:
    return {name: (path.read_text(encoding="utf-8"), path.name == "__init__.py")
            for name, path in package_modules().items()}


# ------------------------------------------------------------------ the layers
def test_the_top_level_is_the_layers_and_a_handful_of_modules():
    top = sorted(p.name for p in PACKAGE.iterdir() if not p.name.startswith((".", "__pycache__")))
    packages = [n for n in top if (PACKAGE / n / "__init__.py").exists()]
    modules = [n for n in top if n.endswith(".py")]
    assert packages == sorted(LAYERS)
    assert modules == ["__init__.py", "__main__.py"]
    data = [n for n in top if (PACKAGE / n).is_dir() and n not in LAYERS]
    assert data == ["data", "locale"]  # package data, no code


def test_every_import_runs_down_the_layers():
    assert violations(the_package()) == []


def test_the_check_fails_on_a_planted_upward_import_and_on_a_component_importing_its_page():
    sources = the_package()
    planted = dict(sources)
    text, pkg = planted["nap_teach.engine.tricks"]
    planted["nap_teach.engine.tricks"] = (text + "\nfrom ..ai.solver import solve\n", pkg)
    text, pkg = planted["nap_teach.ui.play.hand"]
    planted["nap_teach.ui.play.hand"] = (text + "\nfrom .app import PlayApp\n", pkg)
    text, pkg = planted["nap_teach.ui.lesson.course"]
    planted["nap_teach.ui.lesson.course"] = (
        text + "\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .app import LessonApp\n", pkg)
    text, pkg = planted["nap_teach.ui.lesson.quiz"]
    planted["nap_teach.ui.lesson.quiz"] = (text + "\nfrom ..explorer.rules import RulesPanel\n", pkg)
    text, pkg = planted["nap_teach.words.render"]
    planted["nap_teach.words.render"] = (
        text + "\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..teach.course import LessonSpec\n", pkg)
    found = violations(planted)
    assert any(v.startswith("nap_teach.engine.tricks:") and "engine may not import ai" in v for v in found)
    assert any(v.startswith("nap_teach.ui.play.hand:") and "imports its page class" in v for v in found)
    assert any(v.startswith("nap_teach.ui.lesson.course:") and "imports its page class" in v for v in found)
    assert any(v.startswith("nap_teach.ui.lesson.quiz:") and "borrows from the explorer page" in v for v in found)
    assert any(v.startswith("nap_teach.words.render:") and "words may not import teach" in v for v in found)
    assert len(found) == 5


def test_the_named_exceptions_are_the_display_hooks_and_the_phrasing_of_an_explanation():
    sources = the_package()
    known = set(sources)
    upward = [i for name, (src, pkg) in sources.items() for i in read_imports(name, src, pkg, known)
              if layer_of(name) is not None and layer_of(i.target) is not None
              and layer_of(i.target) > layer_of(name)]  # type: ignore[operator]
    hooks = sorted((i.source, i.function) for i in upward if i.hook)
    assert hooks == [("nap_teach.engine.cards", "Card._repr_svg_"), ("nap_teach.engine.state", "DealState._repr_html_"),
                     ("nap_teach.engine.tricks", "Trick._repr_html_")]
    assert {(i.source, i.function) for i in upward if not i.hook} == PHRASING_HOOKS


def test_no_module_imports_another_in_a_circle():
    graph = import_graph(the_package())
    assert "nap_teach.engine.explain" in graph["nap_teach.engine.auction"]  # the graph does see imports
    assert "nap_teach.words.i18n" not in graph["nap_teach.engine.explain"]  # ... but not the named hooks
    assert cycles(graph) == []
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_importing_everything_below_the_pages_loads_no_widget_library():
    """The engine, words, ai and teach in a fresh interpreter: no ipywidgets, matplotlib, IPython or Voila."""
    below = sorted(n for n in package_modules() if layer_of(n) is not None and layer_of(n) < LAYERS.index("ui"))
    code = (
        "import importlib, json, sys\n"
        f"for name in {below!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {WIDGET_LIBRARIES!r})))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
    # and the check would see one (the widgets are installed: the pages need them)
    seen = subprocess.run([sys.executable, "-c", code.replace("for name in [", "for name in ['ipywidgets', ")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert seen.returncode == 0, seen.stderr
    assert "ipywidgets" in json.loads(seen.stdout)


# ------------------------------------------------------------------ the tools
def test_mypy_finds_no_error_engine_strict_and_pages_checked():
    """mypy, as configured in pyproject.toml ([tool.mypy]: the whole package; the pages with widgets untyped)."""
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_finds_no_error():
    """ruff with the pyflakes rules and syntax errors (pyproject.toml [tool.ruff]) over the package, tests and benchmarks."""
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    assert ruff, "ruff is installed by requirements-test.txt"
    done = subprocess.run([ruff, "check", "--no-cache", "nap_teach", "tests", "benchmarks"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("name", sorted(m.name for m in pkgutil.walk_packages(nap_teach.__path__, "nap_teach.")
                                        if m.name != "nap_teach.__main__"))
def test_every_docstring_example_runs(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, report=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_docstring_examples_are_found():
    total = 0
    for info in pkgutil.walk_packages(nap_teach.__path__, "nap_teach."):
        if info.name != "nap_teach.__main__":
            total += doctest.testmod(importlib.import_module(info.name), report=False).attempted
    assert total >= 70  # walk_packages reaches every layer: examples are not skipped silently
