"""Build the static demo site (``make demo``): the app's pages run by Python in the learner's browser.

Voici renders each page of the package (``nap_teach/app/notebooks``) to a static ``.html`` page whose
kernel is Pyodide (Python compiled to WebAssembly) in the browser; any static host serves the result (GitHub
Pages: ``.github/workflows/pages.yml``). Every page installs the package from the site itself: the wheel of
this checkout, built here, and the pure-Python wheels of its base install (no server packages), pinned by
constraints.txt, come from PyPI once and are copied into the site.

Pyodide itself:

- the published build (default) loads Pyodide from its usual public host (the address in
  :data:`PUBLIC_PYODIDE`), which also serves the packages Pyodide builds itself, such as matplotlib for the
  odds lab's chart;
- ``--local-pyodide`` (the test build, served with every outside request blocked) puts a copy in the site:
  the npm package ``pyodide`` (the runtime, without its package wheels) and the pure-Python wheels its
  ``pyodide-lock.json`` lists for the kernel, from PyPI in the lock's versions. PyPI's files are not the ones
  Pyodide rebuilt, so the copy's lock gets their names and hashes. Two packages the kernel asks for cannot be
  had that way: ``sqlite3`` (part of CPython, built by Pyodide, not on PyPI) becomes an empty stand-in whose
  import fails as a missing module does (IPython then keeps the kernel's history in memory), and
  matplotlib is left out (the odds lab says its chart could not be loaded).

Usage: ``python demo/build.py [--output site] [--local-pyodide] [--pages index,play] [--baseline]``. Build files go to
``build/demo/`` (downloads are kept there between builds; the site is built from clean every time: a stale
build database once dropped settings).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "build" / "demo"
NOTEBOOKS = ROOT / "nap_teach" / "app" / "notebooks"
ANY_PAGE = "any.ipynb"
"""nap_teach.app.server.ANY_PAGE (a server, which the static site has not, serves it; this script does not
import the package it packs)."""
PYODIDE_VERSION = "0.29.3"
PUBLIC_PYODIDE = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/pyodide.js"
"""Where the published site loads Pyodide from (its usual public host), the same version as the local copy."""
BROWSER_WHEELS = ("anywidget", "babel", "ipywidgets", "comm", "jupyterlab_widgets", "psygnal", "segno")
"""What the package's base install needs in the browser beyond Pyodide's own packages and the kernel's
(pyproject.toml's dependencies, without typing-extensions, which Pyodide has; ipywidgets' comm and
jupyterlab_widgets): pure-Python wheels from PyPI at the versions of constraints.txt."""
KERNEL_PACKAGES = ("micropip", "packaging", "ipython", "jedi", "comm", "typing-extensions")
"""The packages of Pyodide's lock that the kernel (jupyterlite-pyodide-kernel) and the app load, whose
dependencies in the lock come along (:func:`lock_closure`)."""
ODDS_CHART = "matplotlib"

_SITE_CELL = '''{imports}from nap_teach.ui.address import page_from_address
from {module} import {cls}

page_from_address({cls}{options})'''

_INSTALL_CELL = '''import piplite

await piplite.install("nap_teach")'''

_CHART_CELL = '''try:  # the odds lab's chart: Pyodide's own matplotlib, from Pyodide's host (without it the page says so)
    await piplite.install("matplotlib")
except Exception as e:  # offline, or the host unreachable: the page still computes and shows its table
    print(f"The chart library could not be loaded ({type(e).__name__}).", file=__import__("sys").stderr)'''


def run(*command: str, cwd: Path = ROOT, **env: str) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, cwd=cwd, check=True, env={**os.environ, **env} if env else None)


def pins() -> dict[str, str]:
    """constraints.txt as {normalized name: version}."""
    found = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            found[normalize(name)] = version.strip()
    return found


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def build_wheel(out: Path) -> Path:
    """The package's own wheel, built from this checkout: pure Python (``py3-none-any``).

    Pyodide cannot load the engine compiled for this machine (setup.py), so the
    engine is left as Python here (``NAP_TEACH_PURE=1``): the same code, run by
    the browser's Python.
    """
    for old in out.glob("nap_teach-*.whl"):
        old.unlink()
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-q", "-w", str(out),
        str(ROOT), NAP_TEACH_PURE="1")
    (wheel,) = out.glob("nap_teach-*.whl")
    return wheel


def download_pure(requirements: list[str], out: Path) -> None:
    """Pure-Python wheels (``py3-none-any``) of exact versions from PyPI, for Python in the browser."""
    out.mkdir(parents=True, exist_ok=True)
    run(sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q", "--no-deps",
        "--only-binary=:all:", "--platform", "any", "--implementation", "py", "--abi", "none",
        "--python-version", "3.13", "-d", str(out), *requirements)


def app_wheels(out: Path) -> list[Path]:
    """The package's wheel and the wheels of its base install for the browser."""
    out.mkdir(parents=True, exist_ok=True)
    versions = pins()
    download_pure([f"{name}=={versions[normalize(name)]}" for name in BROWSER_WHEELS], out)
    wheel = build_wheel(out)
    wanted = {normalize(n) for n in BROWSER_WHEELS}
    wheels = [w for w in out.glob("*.whl") if normalize(w.name.split("-")[0]) in wanted]
    return [wheel, *sorted(wheels)]


# -- the local copy of Pyodide (the test build) ---------------------------------------------------------


def lock_closure(lock: dict, names: tuple[str, ...]) -> list[str]:
    """``names`` and everything they depend on in Pyodide's lock."""
    packages = lock["packages"]
    seen: list[str] = []
    todo = [normalize(n) for n in names]
    while todo:
        name = todo.pop()
        if name in seen or name not in packages:
            continue
        seen.append(name)
        todo.extend(normalize(d) for d in packages[name].get("depends", []))
    return sorted(seen)


def sqlite3_stand_in(out: Path) -> Path:
    """A wheel named ``sqlite3`` whose import fails as a missing module does (see the module's docstring)."""
    path = out / "sqlite3-1.0.0-py3-none-any.whl"
    module = ('"""Stand-in for the stdlib sqlite3 of the offline Pyodide copy (demo/build.py): not available."""\n'
              'raise ModuleNotFoundError("sqlite3 is not part of this offline copy of Pyodide", name="sqlite3")\n')
    files = {
        "sqlite3/__init__.py": module,
        "sqlite3-1.0.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: sqlite3\nVersion: 1.0.0\n",
        "sqlite3-1.0.0.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: nap_teach demo/build.py\n"
                                         "Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = [f"{name},sha256={_b64(hashlib.sha256(text.encode()).digest())},{len(text.encode())}"
              for name, text in files.items()]
    files["sqlite3-1.0.0.dist-info/RECORD"] = "\n".join([*record, "sqlite3-1.0.0.dist-info/RECORD,,"]) + "\n"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in files.items():
            z.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), text)
    return path


def _b64(digest: bytes) -> str:
    import base64

    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def local_pyodide(target: Path, cache: Path) -> None:
    """Pyodide's npm package plus the kernel's pure-Python wheels from PyPI, its lock rewritten, in ``target``."""
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists():
        if shutil.which("npm") is None:
            raise SystemExit("the local copy of Pyodide comes from the npm package pyodide: install npm "
                             "(Debian: apt-get install npm), or build without --local-pyodide")
        run("npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache), cwd=cache)
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(tarball) as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.startswith("package/"):
                member.name = member.name[len("package/"):]
                tar.extract(member, target, filter="data")
    lock = json.loads((target / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    closure = lock_closure(lock, KERNEL_PACKAGES + ("sqlite3",))
    wheels = cache / "pyodide-wheels"
    wanted = [n for n in closure if packages[n]["file_name"].endswith("-none-any.whl")]
    download_pure([f"{packages[n]['name']}=={packages[n]['version']}" for n in wanted], wheels)
    for name in closure:
        entry = packages[name]
        if name == "sqlite3":
            wheel = sqlite3_stand_in(target)
            entry["package_type"] = "package"
        elif name in wanted:
            matches = [w for w in wheels.glob("*.whl") if normalize(w.name.split("-")[0]) == name
                       and w.name.split("-")[1] == entry["version"]]
            if not matches:
                raise SystemExit(f"no wheel of {name} {entry['version']} from PyPI")
            wheel = target / matches[0].name
            shutil.copy2(matches[0], wheel)
        else:
            raise SystemExit(f"{name} (needed by the kernel) is not a pure-Python wheel in Pyodide's lock")
        entry["file_name"] = wheel.name
        entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    (target / "pyodide-lock.json").write_text(json.dumps(lock))
    print(f"local Pyodide {PYODIDE_VERSION}: {len(closure)} packages of its lock copied ({', '.join(closure)})")


# -- the site --------------------------------------------------------------------------------------------


def site_notebooks(out: Path, pages: list[str] | None) -> list[str]:
    """The package's pages for the static site: install the package, then build the page from the address."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    written = []
    for source in sorted(NOTEBOOKS.glob("*.ipynb")):
        if source.name == ANY_PAGE:  # the server's stand-in for any page in class mode: no page of its own
            continue
        if pages and source.stem not in pages:
            continue
        notebook = json.loads(source.read_text())
        code = "".join(notebook["cells"][0]["source"])
        match = re.match(r"from (nap_teach\.ui\.[\w.]+) import (\w+)\s+\2\.from_environment\(\)\s*$", code)
        if not match:
            raise SystemExit(f"{source.name}: expected 'from nap_teach.ui.X import App' then "
                             "'App.from_environment()', found:\n{code}")
        module, cls = match.groups()
        # the front page lists the lessons whose pages exist: the site's pages are the package's own
        front = source.name == "index.ipynb"
        imports = "from importlib import resources\n" if front else ""
        options = ', notebook_dir=str(resources.files("nap_teach.app").joinpath("notebooks"))' if front else ""
        install = _INSTALL_CELL + ("\n\n" + _CHART_CELL if source.name == "odds.ipynb" else "")
        notebook["cells"] = [_cell(install, 0), _cell(_SITE_CELL.format(imports=imports, module=module, cls=cls,
                                                                        options=options), 1)]
        notebook["nbformat"], notebook["nbformat_minor"] = 4, max(5, notebook.get("nbformat_minor", 5))
        (out / source.name).write_text(json.dumps(notebook, indent=1) + "\n")
        written.append(source.name)
    return written


BASELINE_PAGE = "baseline.ipynb"
"""``--baseline``: a one-button page in the same site (same Pyodide, same kernel, ipywidgets installed the same
way), without the app: what a page costs before the app's own work (benchmarks/bench_static.py measures the
pages against it)."""
_BASELINE_CELL = '''import ipywidgets as W

button = W.Button(description="Go")
button.add_class("nap-baseline")
button'''


def baseline_notebook(out: Path) -> str:
    """Write the one-button page next to the site's pages."""
    template = json.loads((NOTEBOOKS / "index.ipynb").read_text())
    install = 'import piplite\n\nawait piplite.install("ipywidgets")'  # as a page installs the app
    template["cells"] = [_cell(install, 0), _cell(_BASELINE_CELL, 1)]
    template["nbformat"], template["nbformat_minor"] = 4, 5  # cells with ids
    (out / BASELINE_PAGE).write_text(json.dumps(template, indent=1) + "\n")
    return BASELINE_PAGE


def _cell(source: str, number: int = 0) -> dict:
    return {"cell_type": "code", "execution_count": None, "id": f"nap-{number}", "metadata": {}, "outputs": [],
            "source": source.splitlines(keepends=True)}


def lite_config(lite: Path, pyodide_url: str | None) -> None:
    """jupyter-lite.json: no PyPI fallback (every wheel is in the site), Pyodide's address."""
    settings: dict = {"disablePyPIFallback": True}
    if pyodide_url:
        settings["pyodideUrl"] = pyodide_url
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Nap",
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings}}}
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")


def build(output: Path, local: bool, pages: list[str] | None, baseline: bool = False) -> None:
    WORK.mkdir(parents=True, exist_ok=True)
    lite = WORK / "lite"
    if lite.exists():
        shutil.rmtree(lite)
    lite.mkdir()
    for stale in (output, WORK / ".cache"):
        if stale.exists():
            shutil.rmtree(stale)
    for stale in (lite / ".jupyterlite.doit.db", WORK / ".jupyterlite.doit.db"):
        stale.unlink(missing_ok=True)
    wheels = app_wheels(WORK / "wheels")
    contents = WORK / "contents"
    written = site_notebooks(contents, pages)
    if baseline:
        written.append(baseline_notebook(contents))
    if local:
        local_pyodide(lite / "static" / "pyodide", WORK / "cache")
        lite_config(lite, None)  # the addon points the kernel at static/pyodide
    else:
        lite_config(lite, PUBLIC_PYODIDE)
    voici = Path(sys.executable).with_name("voici")
    run(str(voici), "build", "--lite-dir", str(lite), "--contents", str(contents), "--output-dir",
        str(output.resolve()), "--no-sourcemaps", "--no-unused-shared-packages",
        *[f"--piplite-wheels={w}" for w in wheels], cwd=WORK)
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    print(f"site: {output} ({len(written)} pages: {', '.join(written)}), {size / 1e6:.1f} MB, "
          f"Pyodide {'local copy' if local else 'from ' + PUBLIC_PYODIDE}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", default=str(ROOT / "site"), help="where to build the site (default: site/)")
    parser.add_argument("--local-pyodide", action="store_true",
                        help="put a copy of Pyodide in the site (the offline test build) instead of its public host")
    parser.add_argument("--pages", default="", help="only these pages, e.g. index,play (default: all)")
    parser.add_argument("--baseline", action="store_true",
                        help="add a one-button page without the app (baseline.html, for benchmarks/bench_static.py)")
    args = parser.parse_args(argv)
    pages = [p.strip().removesuffix(".ipynb") for p in args.pages.split(",") if p.strip()] or None
    build(Path(args.output), args.local_pyodide, pages, args.baseline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
