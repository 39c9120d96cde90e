"""The project's set-up files agree with each other and with what is installed.

- environment.yml (conda) and requirements*.txt (pip) name the same packages
  at the same versions, all pinned, and consistent with constraints.txt;
- pyproject.toml's dependencies are all covered by the pinned files;
- the installed versions are the pinned ones;
- the committed voila.json reaches a Voila application started from the
  repository root, through the app's launcher (`python -m nap_teach serve`,
  what `make app` and the browser tests run) and by a plain `voila notebooks`;
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
    # Packages conda-forge lacks come from PyPI in the pip: section, pinned with ==.
    for entry in pip_entries:
        if entry.startswith("-"):
            continue
        match = _REQUIREMENT.match(entry)
        assert match, f"environment.yml: cannot read pip entry {entry!r}"
        name, op, version = match.groups()
        assert normalize(name) not in conda, f"{name} is both a conda and a pip entry of environment.yml"
        conda[normalize(name)] = version if op == "==" else None
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
    # requirements.txt pins what `make app` installs: the base install plus the serve extra
    extras = project["optional-dependencies"]
    for requirement in [*project["dependencies"], *extras["serve"]]:
        name = normalize(_REQUIREMENT.match(requirement).group(1))
        assert name in runtime, f"{name} (pyproject dependencies or serve extra) is missing from requirements.txt"
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
import json, sys, tempfile
from pathlib import Path
import voila.app
from voila.app import Voila

launcher = sys.argv[1] in ("launcher", "class")
args = ["notebooks", "--Voila.log_level=WARN"]
config = {}
if launcher:  # what `python -m nap_teach serve` (make app) sets up
    from traitlets.config import Config
    from nap_teach.app import server
    plan = server.class_plan(3 if sys.argv[1] == "class" else 0, server.pages(Path("notebooks")))
    server.use_share_dir()
    server.patch_voila_handlers(max_kernels=plan.max_kernels)
    args = server.voila_argv(Path("notebooks"), "127.0.0.1", 8866, ["--Voila.log_level=WARN"], plan)
    config = {"config": Config(plan.voila_config())}
app = Voila(**config)
app.initialize(args)
app.connection_dir = tempfile.mkdtemp()
app.init_settings()  # creates the kernel manager from the loaded configuration
conf, km = app.voila_configuration, app.kernel_manager
executor = app.config.VoilaExecutor
print(json.dumps({
    "template": conf.template,
    "template_found": any(Path(p, "index.html.j2").is_file() and Path(p).name == conf.template
                          for p in app.template_paths),
    "strip_sources": conf.strip_sources,
    "show_tracebacks": conf.show_tracebacks,
    "cull_idle_timeout": km.cull_idle_timeout,
    "cull_interval": km.cull_interval,
    "cull_connected": km.cull_connected,
    "iopub_timeout": executor.iopub_timeout,
    "raise_on_iopub_timeout": executor.raise_on_iopub_timeout,
    "timeout": executor.timeout,
    "startup_timeout": executor.startup_timeout,
    "root_dir": app.root_dir,
    "landing": getattr(voila.app.TornadoVoilaTreeHandler, "nap_landing", None),
    "max_kernels": getattr(voila.app.TornadoVoilaHandler, "nap_max_kernels", None),
    "preheat": conf.preheat_kernel,
    "pools": {k: v["pool_size"] for k, v in getattr(km, "kernel_pools_config", {}).items()},
    "fill_delay": getattr(km, "fill_delay", None) if conf.preheat_kernel else None,
}))
if conf.preheat_kernel:  # the pools started filling on a loop that never runs: let them go
    import asyncio
    for pool in km._pools.values():
        for task in pool:
            task.cancel()
"""

_COMMITTED = {
    "strip_sources": True,
    "show_tracebacks": False,
    "cull_idle_timeout": 600,
    "cull_interval": 60,
    "cull_connected": False,
    # A loaded server (a class opening pages at once) takes far longer than
    # nbclient's 4 s default to deliver a cell's output; past the limit the
    # output used to be dropped silently and the page came back blank.
    "iopub_timeout": 120,
    "raise_on_iopub_timeout": True,
    "timeout": 180,
    "startup_timeout": 180,
    "root_dir": str(ROOT / "notebooks"),
}


def _probe(mode: str) -> dict:
    result = subprocess.run(
        [sys.executable, "-c", _VOILA_PROBE, mode],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_launcher_serves_with_the_committed_configuration():
    # `make app` runs `python -m nap_teach serve`: voila.json, the app's page
    # template (found through JUPYTER_PATH) and the front-page redirect.
    assert _probe("launcher") == {**_COMMITTED, "template": "nap", "template_found": True, "landing": "index.ipynb",
                                  "max_kernels": 40, "preheat": False, "pools": {}, "fill_delay": None}


def test_class_mode_reaches_voila_through_the_launcher():
    # `make app CLASS=3`: preheated kernels, one per learner in the pool any page draws from and one for
    # the teacher's class page, no cell time limit (a pooled page waits for its learner), the rest as committed.
    assert _probe("class") == {**_COMMITTED, "template": "nap", "template_found": True, "landing": "index.ipynb",
                               "timeout": 0, "max_kernels": 10, "preheat": True,
                               "pools": {"default": 0, "any.ipynb": 3, "class.ipynb": 1},
                               # a pool refills after the arrivals were served, not during
                               "fill_delay": 20.0}


def test_plain_voila_reads_the_committed_configuration():
    # People who start `voila notebooks` themselves (from the repository root)
    # get the same settings with Voila's own lab template, without the patches.
    assert _probe("plain") == {**_COMMITTED, "template": "lab", "template_found": True, "landing": None,
                               "max_kernels": None, "preheat": False, "pools": {}, "fill_delay": None}


def test_nothing_at_the_repository_root_shadows_the_voila_package():
    # `python -c` puts the current directory first on sys.path, as
    # `python -m pytest` does: `import voila` must give the package.
    assert not (ROOT / "voila.py").exists()
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
    assert Path(result.stdout.strip()).parent.name == "voila"


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
