"""The project's set-up files agree with each other and with what is installed.

- environment.yml (conda) and requirements*.txt (pip) name the same packages
  at the same versions, all pinned, and consistent with constraints.txt;
- pyproject.toml's dependencies are all covered by the pinned files;
- the installed versions are the pinned ones;
- the committed voila.py reaches a Voila application started from the
  repository root (as `make app` and the browser tests start it);
- notebooks are committed without outputs, with the python3 kernel.
"""

from __future__ import annotations

import importlib.metadata
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# conda-forge names that differ from the PyPI ones.
CONDA_TO_PYPI = {"matplotlib-base": "matplotlib"}
# Entries of environment.yml that are not Python packages from requirements*.txt.
CONDA_ONLY = {"python", "pip"}


def normalize(name: str) -> str:
    """PEP 503 normalized project name."""
    return re.sub(r"[-_.]+", "-", name).lower()


_REQUIREMENT = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(?:(==|=|>=|<=|~=|!=|<|>)\s*([^\s;#]+))?")


def parse_requirements(path: Path) -> dict[str, str | None]:
    """name -> pinned version (None if not pinned with ==), following -r includes."""
    found: dict[str, str | None] = {}
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith(("-r ", "--requirement ")):
            found.update(parse_requirements(path.parent / line.split(None, 1)[1]))
            continue
        if line.startswith("-"):  # -c constraints.txt, -e ., options
            continue
        match = _REQUIREMENT.match(line)
        assert match, f"{path.name}: cannot read {raw!r}"
        name, op, version = match.groups()
        found[normalize(name)] = version if op == "==" else None
    return found


def parse_environment_yml(path: Path) -> tuple[dict[str, str | None], list[str]]:
    """The conda and pip entries of a simple environment.yml, without PyYAML.

    Returns ({normalized name: version or None}, [pip entries]).
    """
    conda: dict[str, str | None] = {}
    pip: list[str] = []
    section = None
    pip_indent = None
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        text = line.strip()
        if indent == 0:
            section = text.rstrip(":") if text.endswith(":") else None
            pip_indent = None
            continue
        if section != "dependencies" or not text.startswith("- "):
            continue
        item = text[2:].strip()
        if pip_indent is not None and indent > pip_indent:
            pip.append(item)
            continue
        pip_indent = None
        if item == "pip:":
            pip_indent = indent
            continue
        spec = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:(==|=|>=|<=)\s*(\S+))?$", item)
        assert spec, f"environment.yml: cannot read {raw!r}"
        name, op, version = spec.groups()
        conda[normalize(CONDA_TO_PYPI.get(name, name))] = version if op in ("=", "==") else None
    return conda, pip


@pytest.fixture(scope="module")
def pip_requirements() -> dict[str, str | None]:
    return parse_requirements(ROOT / "requirements-test.txt")


def test_environment_yml_matches_pip_requirements(pip_requirements):
    conda, pip_entries = parse_environment_yml(ROOT / "environment.yml")
    for name in CONDA_ONLY:
        conda.pop(name, None)
    assert sorted(conda) == sorted(pip_requirements)
    assert conda == pip_requirements, "versions differ between environment.yml and requirements"
    assert "-e ." in pip_entries, "environment.yml should install the project itself (pip: -e .)"


def test_requirements_are_pinned_and_consistent_with_constraints(pip_requirements):
    unpinned = [name for name, version in pip_requirements.items() if version is None]
    assert not unpinned, f"pin these with ==: {unpinned}"
    constraints = parse_requirements(ROOT / "constraints.txt")
    for name, version in pip_requirements.items():
        assert constraints.get(name) == version, f"{name}: constraints.txt has {constraints.get(name)}"
    assert "-c constraints.txt" in (ROOT / "requirements.txt").read_text()


def test_pyproject_dependencies_are_pinned(pip_requirements):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = parse_requirements(ROOT / "requirements.txt")
    for requirement in project["dependencies"]:
        name = normalize(_REQUIREMENT.match(requirement).group(1))
        assert name in runtime, f"{name} (pyproject dependencies) is missing from requirements.txt"
    for requirement in project.get("optional-dependencies", {}).get("test", []):
        name = normalize(_REQUIREMENT.match(requirement).group(1))
        assert name in pip_requirements, f"{name} (test extra) is missing from requirements-test.txt"


def test_installed_versions_are_the_pinned_ones(pip_requirements):
    wrong = {}
    for name, version in pip_requirements.items():
        try:
            installed = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            installed = None
        if installed != version:
            wrong[name] = (installed, version)
    assert not wrong, f"installed vs pinned (run `make test` to reinstall): {wrong}"


_VOILA_PROBE = """
import json, tempfile
import voila.app
from voila.app import Voila

app = Voila()
app.initialize(["notebooks", "--Voila.log_level=WARN"])
app.connection_dir = tempfile.mkdtemp()
app.init_settings()  # creates the kernel manager from the loaded configuration
conf, km = app.voila_configuration, app.kernel_manager
print(json.dumps({
    "template": conf.template,
    "strip_sources": conf.strip_sources,
    "show_tracebacks": conf.show_tracebacks,
    "cull_idle_timeout": km.cull_idle_timeout,
    "cull_interval": km.cull_interval,
    "cull_connected": km.cull_connected,
    "root_dir": app.root_dir,
    "landing": getattr(voila.app.TornadoVoilaTreeHandler, "nap_landing", None),
}))
"""


def test_committed_voila_configuration_takes_effect():
    # -P: the repository root must not shadow the voila package (voila.py).
    result = subprocess.run(
        [sys.executable, "-P", "-c", _VOILA_PROBE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen == {
        "template": "lab",
        "strip_sources": True,
        "show_tracebacks": False,
        "cull_idle_timeout": 600,
        "cull_interval": 60,
        "cull_connected": False,
        "root_dir": str(ROOT / "notebooks"),
        "landing": "index.ipynb",
    }


def test_voila_py_does_not_shadow_the_voila_package():
    # `python -c` puts the current directory first on sys.path, as
    # `python -m pytest` does: `import voila` must still give the package.
    result = subprocess.run(
        [sys.executable, "-c", "import voila, voila.app; print(voila.__file__)"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert Path(result.stdout.strip()).name == "__init__.py"


NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_committed_clean(path):
    notebook = json.loads(path.read_text())
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"cell {index} has stored outputs"
            assert cell["execution_count"] is None, f"cell {index} has an execution count"


def test_landing_notebook_exists():
    assert (ROOT / "notebooks" / "index.ipynb") in NOTEBOOKS
