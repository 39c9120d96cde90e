"""Issue 29 part 1: the built wheel is the whole app, installed with pip and served from any folder.

The wheel is built from the committed files (a copy, as a fresh clone has them) and installed, not editable,
into a new venv outside the repository without the ``serve`` extra (the base install: the engine and the
widgets, what a browser kernel installs). The app with the ``serve`` extra (what a teacher installs to run
it) is served from the venv that Binder's command makes from the committed files (test_binder.py checks that
it holds exactly the pins of constraints.txt): pip builds the project's wheel there from the same files, with
the same isolated build, and installs it, not editable, with its extra, so one pip install of the server stack
serves both files (the ``binder_install`` fixture, made once per test run). Nothing of the working copy is on
their path. The served venv runs ``nap-teach serve --open`` from an empty folder and Chromium opens every page.
pip's cache makes the installs quick after the first run.
"""
from __future__ import annotations

import stat
import subprocess
import zipfile
from urllib.parse import urlsplit
from pathlib import Path
from typing import Any

import pytest
from nap_teach.app import server

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = server.pages(REPO_ROOT / "notebooks")


@pytest.fixture(scope="module")
def served_venv(binder_install: tuple[Path, Path]) -> Path:
    """A venv with the project and its serve extra, installed (not editable) from the committed files at the
    tested pins: the one Binder's command makes (see the module's docstring)."""
    return binder_install[1]


@pytest.fixture(scope="module")
def base_venv(fresh_env: Any, wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv with the wheel alone: the base install (no serve extra)."""
    bin_dir = fresh_env.new_venv(tmp_path_factory.mktemp("base") / "venv")
    fresh_env.pip_install(bin_dir, str(wheel), "-c", str(REPO_ROOT / "constraints.txt"), cwd=wheel.parent)
    return bin_dir


def test_the_wheel_holds_every_file_of_the_package(wheel: Path) -> None:
    tracked = subprocess.run(["git", "ls-files", "nap_teach"], cwd=REPO_ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    in_wheel = set(zipfile.ZipFile(wheel).namelist())
    missing = [name for name in tracked if name not in in_wheel]
    assert not missing, f"the wheel lacks {missing}"
    # the pages, their stylesheets, the page template and the configuration, by name
    for name in ("nap_teach/app/notebooks/index.ipynb", "nap_teach/ui/css/base.css", "nap_teach/app/voila.json",
                 "nap_teach/app/share/voila/templates/nap/index.html.j2", "nap_teach/ui/table/table.js",
                 "nap_teach/locale/es/LC_MESSAGES/nap_teach.mo"):
        assert name in in_wheel
    # every page, and the class mode's stand-in for any of them (server.ANY_PAGE)
    assert {Path(n).name for n in in_wheel if n.startswith("nap_teach/app/notebooks/")} == \
        {*NOTEBOOKS, server.ANY_PAGE}
    # the engine's hot modules and the solver's search compiled by mypyc (setup.py), each beside its source, and
    # their shared library
    for module in ("engine/cards", "engine/dealing", "engine/tricks", "engine/auction", "engine/state",
                   "ai/solver/search"):
        assert any(n.startswith(f"nap_teach/{module}.cpython-") and n.endswith(".so") for n in in_wheel), \
            f"the wheel is not compiled: no {module} extension module in {sorted(in_wheel)[:5]}..."
    assert any(n.startswith("nap_teach_compiled__mypyc.") for n in in_wheel)
    metadata = zipfile.ZipFile(wheel).read(f"{wheel.name.split('-')[0]}-{wheel.name.split('-')[1]}.dist-info/METADATA")
    requires = [line for line in metadata.decode().splitlines() if line.startswith("Requires-Dist:")]
    base = [r for r in requires if "extra ==" not in r]
    assert not any(name in r for r in base for name in ("voila", "jupyterlab", "matplotlib")), base
    assert any("voila" in r and 'extra == "serve"' in r for r in requires), requires


def test_the_base_install_builds_every_page_without_a_server_or_matplotlib(
        fresh_env: Any, base_venv: Path, tmp_path: Path) -> None:
    # From an empty folder: every page is built, the odds lab runs and says its chart could not be loaded.
    code = (
        "import sys\n"
        "from nap_teach.ui.landing import LandingPage\n"
        "from nap_teach.ui.lesson import LessonApp\n"
        "from nap_teach.ui.explorer import ExplorerApp\n"
        "from nap_teach.ui.play import PlayApp\n"
        "from nap_teach.ui.scorekeeper import ScorekeeperApp\n"
        "from nap_teach.ui.problems import ProblemsApp\n"
        "from nap_teach.ui.handouts import HandoutsApp\n"
        "from nap_teach.ui.classresults import ClassApp\n"
        "from nap_teach.ui.odds import OddsApp\n"
        "import nap_teach, nap_teach.engine\n"
        "print(nap_teach.__file__)\n"
        "print('compiled' if nap_teach.engine.COMPILED else 'pure')\n"
        "for page in (LandingPage, LessonApp, ExplorerApp, PlayApp, ScorekeeperApp, ProblemsApp, HandoutsApp,"
        " ClassApp):\n"
        "    page.from_environment({'QUERY_STRING': 'lang=es'})\n"
        "app = OddsApp.from_environment({'QUERY_STRING': 'lang=es&hand=AS,KS,QS,JH,2C'})\n"
        "app.layouts.value = 200\n"
        "app.run.click()\n"
        "print(app.status.kind, 'nap-odds-no-chart' in app.chart.value, \"data-contract='Three'\" in app.table.value)\n"
        "print(sorted(m for m in ('voila', 'matplotlib', 'jupyterlab', 'jupyter_server') if m in sys.modules))\n")
    out = fresh_env.run([str(base_venv / "python"), "-c", code], cwd=tmp_path, timeout=300).splitlines()
    assert "site-packages" in out[0] and str(REPO_ROOT) not in out[0]
    assert out[1:] == ["compiled", "info True True", "[]"]  # the wheel's engine, compiled (setup.py)
    # the server needs the extra, and says so instead of failing
    result = subprocess.run([str(base_venv / "nap-teach"), "serve"], cwd=tmp_path, env=fresh_env.clean_env(),
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 2 and "pip install 'nap_teach[serve]'" in result.stderr
    assert "Traceback" not in result.stderr and "Serving" not in result.stdout


def test_nap_teach_serve_open_from_an_empty_folder_renders_every_page(
        fresh_env: Any, served_venv: Path, chromium: Any, site_pages: Any, tmp_path: Path,
        artifacts_dir: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    # --open: Python's webbrowser honours $BROWSER; this one writes down the address it was asked to open
    opened = tmp_path / "opened.txt"
    browser = tmp_path / "browser.sh"
    browser.write_text(f"#!/bin/sh\necho \"$1\" >> {opened}\n")
    browser.chmod(browser.stat().st_mode | stat.S_IEXEC)
    port = fresh_env.free_port()
    server = fresh_env.Server.start(
        [str(served_venv / "nap-teach"), "serve", "--open", "--host", "127.0.0.1", "--port", str(port)],
        cwd=empty, port=port, log_path=artifacts_dir / f"installed-package-{port}.log", BROWSER=str(browser))
    context = chromium.new_context(base_url=server.url, viewport={"width": 1280, "height": 900}, locale="en-GB")
    errors: list[str] = []
    try:
        for _ in range(50):
            if opened.exists():
                break
            subprocess.run(["sleep", "0.2"], check=True)
        assert opened.read_text().split() == [server.url]
        # the browser reaches no other host (CHROMIUM_ARGS, conftest.py); what the pages asked of one is noted
        elsewhere: list[str] = []
        context.on("request", lambda request: None if urlsplit(request.url).hostname in ("127.0.0.1", None)
                   else elsewhere.append(request.url))  # (blob: and data: addresses have no host)
        first = {}
        for visit in site_pages.VISITS:
            first.setdefault(visit.notebook, visit)
        assert sorted(first) == NOTEBOOKS
        pages = []
        for name in NOTEBOOKS:  # side by side: the server prepares them together
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            visit = first[name]
            page.goto(f"voila/render/{name}" + (f"?{visit.query}" if visit.query else ""), wait_until="commit",
                      timeout=120_000)
            pages.append((page, visit))
        for page, visit in pages:
            page.locator(visit.ready).first.wait_for(state="visible", timeout=180_000)
            # the page's stylesheet arrived (it comes from the installed package): its links are laid out in a row
            assert page.locator(".nap-nav").first.evaluate("e => getComputedStyle(e).display") == "flex", \
                visit.notebook
            page.screenshot(path=str(artifacts_dir / f"installed-package--{visit.notebook}.png"))
        # "/" is the front page (the launcher's redirect)
        front_page = context.new_page()
        front_page.goto(server.url, wait_until="domcontentloaded", timeout=120_000)
        front_page.locator(".nap-landing-try").first.wait_for(state="visible", timeout=180_000)
        assert "/voila/render/index.ipynb" in front_page.url
        assert not errors, errors
        assert all("fontawesome" in url for url in elsewhere), elsewhere  # Voila's icon font, not needed
        assert str(REPO_ROOT) not in server.log_text()
    finally:
        context.close()
        server.stop()
