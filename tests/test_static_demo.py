"""Issue 29 part 3: the static demo's pieces without a browser (the site itself: tests/browser/test_static_site.py).

- the address widget: the browser's address becomes what Voila would hand a kernel, through each page's own
  ``from_environment``; anything else is no parameters;
- demo/build.py: the site's pages, the local Pyodide copy's lock closure and sqlite3 stand-in, the lite
  configuration, the wheels of the base install;
- the publishing workflow runs ``make demo``.
"""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from nap_teach.ui.address import AddressWidget, address_environ, in_browser, page_from_address
from nap_teach.ui.landing import LandingPage
from nap_teach.ui.odds import OddsApp
from nap_teach.app import server

ROOT = Path(__file__).resolve().parents[1]


def _build_module():
    spec = importlib.util.spec_from_file_location("nap_demo_build", ROOT / "demo" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _build_module()


@pytest.fixture(autouse=True)
def _kernel_environment():
    """A page built from an address sets the request's variables as Voila would: put the process's back."""
    import os

    saved = dict(os.environ)
    for name in ("SERVER_NAME", "SERVER_PORT", "SCRIPT_NAME", "QUERY_STRING"):
        os.environ.pop(name, None)
    yield
    os.environ.clear()
    os.environ.update(saved)


# -- the address, read in the browser -------------------------------------------------------------------


def test_the_address_becomes_what_voila_hands_a_kernel():
    env = address_environ("https://example.org/nap/voici/render/play.html?lang=es&seed=7&players=3")
    assert env == {"QUERY_STRING": "lang=es&seed=7&players=3", "SERVER_NAME": "example.org", "SERVER_PORT": "443",
                   "SCRIPT_NAME": "/nap/voici/render/play.html"}
    assert address_environ("http://127.0.0.1:8000/voici/render/index.html")["SERVER_PORT"] == "8000"


@pytest.mark.parametrize("href", ["", "javascript:alert(1)", "file:///etc/passwd", "http://", "http://h:99999/x",
                                  "x" * 5000, None, 42, ["http://h/"]])
def test_an_address_of_the_wrong_shape_means_no_parameters(href):
    assert address_environ(href) == {}


def test_the_page_is_built_from_the_address_through_its_own_from_environment():
    shown = page_from_address(OddsApp)
    assert shown.page is None and shown.widget.children == (shown.reader,)  # nothing until the address arrives
    shown.reader.href = "http://127.0.0.1:8000/voici/render/odds.html?lang=es&hand=AS,KS,QS,JH,2C&profile=pub"
    page = shown.page
    assert isinstance(page, OddsApp) and shown.widget.children == (shown.reader, page.widget)
    same = OddsApp.from_environment({"QUERY_STRING": "lang=es&hand=AS,KS,QS,JH,2C&profile=pub"})
    assert page.language.code == "es" and page.hand_box.value == same.hand_box.value and page.profile.name == "pub"
    assert page.hand_box.value.replace("\ufe0e", "").split() == ["A♠", "K♠", "Q♠", "J♥", "2♣"]
    shown.reader.href = "http://127.0.0.1:8000/voici/render/odds.html?lang=en"
    assert shown.page is page and page.language.code == "es"  # one page per load


def test_the_play_pages_class_link_names_the_static_sites_page():
    from nap_teach.ui.play import PlayApp

    shown = page_from_address(PlayApp)
    shown.reader.href = "https://nap.example.org/demo/voici/render/play.html?seed=32&players=3"
    assert shown.page.classlink.address.value == "https://nap.example.org/demo/voici/render/play.html"


def test_a_bad_parameter_in_the_address_is_refused_on_the_page_as_under_voila():
    shown = page_from_address(OddsApp)
    shown.reader.href = "http://127.0.0.1:8000/voici/render/odds.html?lang=es&seed=banana"
    assert shown.page is not None and shown.page.language.code == "es"


def test_the_front_page_lists_the_lessons_of_the_installed_pages():
    from importlib import resources

    shown = page_from_address(LandingPage, notebook_dir=str(resources.files("nap_teach.app") / "notebooks"))
    shown.reader.href = "http://127.0.0.1:8000/voici/render/index.html?lang=es"
    assert shown.page.lang == "es" and "nap-landing-soon" not in "".join(str(getattr(c, "value", "")) for c in shown.page.widget.children
                                                                 if not str(getattr(c, "value", "")).startswith("<style"))


def test_a_page_that_cannot_be_built_says_so_in_the_learners_language():
    class Broken:
        @classmethod
        def from_environment(cls, environ=None):
            raise RuntimeError("a bug")

    shown = page_from_address(Broken)  # type: ignore[arg-type]
    shown.reader.href = "http://h/voici/render/x.html?lang=es"
    (notice,) = shown.widget.children[1:]
    assert "No se ha podido preparar esta página" in notice.value and "Traceback" not in notice.value


def test_the_address_widget_turns_notebook_links_into_the_sites_pages():
    esm = AddressWidget._esm
    assert 'a.setAttribute("href", href.replace(NOTEBOOK_LINK, "$1.html"))' in esm
    assert "new MutationObserver" in esm and "window.location.href" in esm
    assert not in_browser()  # these tests run in CPython, not Pyodide


# -- demo/build.py --------------------------------------------------------------------------------------


def test_the_sites_pages_install_the_package_then_build_the_page_from_the_address(tmp_path):
    written = build.site_notebooks(tmp_path, None)
    assert written == server.pages(ROOT / "notebooks")
    for name in written:
        cells = ["".join(c["source"]) for c in json.loads((tmp_path / name).read_text())["cells"]]
        assert cells[0].startswith("import piplite\n\nawait piplite.install(\"nap_teach\")")
        assert "page_from_address(" in cells[1]
        assert ("matplotlib" in cells[0]) == (name == "odds.ipynb")  # only the odds lab asks for it
        assert ("notebook_dir=" in cells[1]) == (name == "index.ipynb")
    assert build.site_notebooks(tmp_path, ["play"]) == ["play.ipynb"]


def test_the_local_pyodide_takes_what_the_kernel_needs_from_the_lock():
    lock = {"packages": {
        "ipython": {"name": "ipython", "depends": ["traitlets", "sqlite3"]},
        "traitlets": {"name": "traitlets", "depends": []},
        "sqlite3": {"name": "sqlite3", "depends": []},
        "micropip": {"name": "micropip", "depends": ["packaging"]},
        "packaging": {"name": "packaging", "depends": []},
        "numpy": {"name": "numpy", "depends": []},
    }}
    assert build.lock_closure(lock, ("micropip", "IPython")) == ["ipython", "micropip", "packaging", "sqlite3",
                                                                 "traitlets"]


def test_the_sqlite3_stand_in_fails_to_import_as_a_missing_module(tmp_path):
    wheel = build.sqlite3_stand_in(tmp_path)
    with zipfile.ZipFile(wheel) as z:
        assert sorted(z.namelist()) == ["sqlite3-1.0.0.dist-info/METADATA", "sqlite3-1.0.0.dist-info/RECORD",
                                        "sqlite3-1.0.0.dist-info/WHEEL", "sqlite3/__init__.py"]
        z.extractall(tmp_path / "unpacked")
    code = "import sqlite3"
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path / "unpacked", capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 1 and "ModuleNotFoundError" in result.stderr


@pytest.mark.parametrize("url", [None, build.PUBLIC_PYODIDE])
def test_the_lite_configuration_keeps_every_wheel_in_the_site(tmp_path, url):
    build.lite_config(tmp_path, url)
    settings = json.loads((tmp_path / "jupyter-lite.json").read_text())["jupyter-config-data"][
        "litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert settings["disablePyPIFallback"] is True
    assert settings.get("pyodideUrl") == url
    assert build.PUBLIC_PYODIDE == f"https://cdn.jsdelivr.net/pyodide/v{build.PYODIDE_VERSION}/full/pyodide.js"


def test_the_browser_wheels_are_the_base_install_at_the_tested_pins():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    base = {build.normalize(r.split(">")[0].split("<")[0].split("=")[0]) for r in project["dependencies"]}
    wheels = {build.normalize(n) for n in build.BROWSER_WHEELS}
    # everything of the base install but typing-extensions (Pyodide has it), plus ipywidgets' own needs
    assert wheels == (base - {"typing-extensions"}) | {"comm", "jupyterlab-widgets"}
    pins = build.pins()
    assert all(name in pins for name in wheels)


def test_the_publishing_workflow_builds_the_site_with_make_demo():
    import yaml

    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text())
    steps = workflow["jobs"]["build"]["steps"]
    assert {"name": "Build the site", "run": "make demo"} in steps
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "site"
    assert workflow["permissions"]["pages"] == "write"
    assert any(s.get("uses", "").startswith("actions/deploy-pages") for s in workflow["jobs"]["deploy"]["steps"])


def test_the_benchmarks_baseline_is_one_button_installed_like_a_page(tmp_path):
    name = build.baseline_notebook(tmp_path)
    notebook = json.loads((tmp_path / name).read_text())
    cells = ["".join(c["source"]) for c in notebook["cells"]]
    assert cells[0] == 'import piplite\n\nawait piplite.install("ipywidgets")'
    assert "W.Button(" in cells[1] and "nap-baseline" in cells[1] and "nap_teach" not in "".join(cells)
    assert notebook["nbformat_minor"] >= 5 and all("id" in c for c in notebook["cells"])
