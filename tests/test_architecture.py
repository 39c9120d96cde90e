"""The engine's architecture, checked on every `make test`.

- the engine (every module of nap_teach outside nap_teach/ui) is pure: importing
  all of it loads no widget, plotting or notebook library;
- its modules import each other without cycles;
- mypy finds no error in it, in strict mode (configured in pyproject.toml).
"""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "nap_teach"
UI_LIBRARIES = ("ipywidgets", "matplotlib", "IPython")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def engine_modules() -> dict[str, Path]:
    """Every engine module by name: all of nap_teach but the ui package."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))
            if p.relative_to(PACKAGE).parts[0] != "ui"}


def test_engine_modules_are_found():
    names = engine_modules()
    assert {"nap_teach", "nap_teach.engine.state", "nap_teach.engine.tricks", "nap_teach.ai.bots.simple"} <= set(names)
    assert not [n for n in names if n.startswith("nap_teach.ui")]


def test_importing_the_engine_loads_no_ui_library():
    """Each engine module imported in a fresh interpreter: no ipywidgets, matplotlib or IPython."""
    code = (
        "import importlib, json, sys\n"
        f"for name in {sorted(engine_modules())!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {UI_LIBRARIES!r})))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
    # and the check would see one (the widgets are installed: the ui needs them)
    seen = subprocess.run([sys.executable, "-c", code.replace("for name in [", "for name in ['ipywidgets', ")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert seen.returncode == 0, seen.stderr
    assert "ipywidgets" in json.loads(seen.stdout)


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The engine modules that ``name`` imports, at any depth of its code, except under ``if TYPE_CHECKING:``.

    Jupyter's display hooks (``Card._repr_svg_``, ``DealState._repr_html_`` ...)
    are not counted either: a value asks its drawing module to draw it only when
    a notebook shows it, as python-chess's ``Board._repr_svg_`` imports
    ``chess.svg``; the drawing modules depend on the values, not the reverse.
    """
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("_repr_") and node.name.endswith("_"):
            return
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                if f"{target}.{alias.name}" in known:
                    found.add(f"{target}.{alias.name}")
                elif target in known:
                    found.add(target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    found.discard(name)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
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


def test_engine_modules_import_each_other_without_cycles():
    modules = engine_modules()
    graph = {name: imports_of(name, path, set(modules)) for name, path in modules.items()}
    assert "nap_teach.engine.explain" in graph["nap_teach.engine.auction"]  # the graph does see imports
    assert "nap_teach.words.i18n" in graph["nap_teach.engine.explain"]  # ... also those inside functions
    assert cycles(graph) == []
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_mypy_strict_finds_no_error_in_the_engine():
    """mypy, as configured in pyproject.toml ([tool.mypy]: nap_teach without ui, strict)."""
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
