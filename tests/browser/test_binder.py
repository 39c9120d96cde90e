"""Issue 29 part 4: the Binder demo installs exactly what CI tests, and its address opens the front page.

Binder (repo2docker) reads ``binder/`` instead of the repository root: ``runtime.txt`` picks the Python,
``requirements.txt`` is installed with ``pip install -r binder/requirements.txt`` from the repository root,
and the single-user server is ``jupyter server`` with every installed server extension (Voila's among them),
started in the repository root under a ``/user/<name>/`` prefix. This test does the same on a committed copy
of the repository: a new venv, that one pip command (the ``binder_install`` fixture of conftest.py, made once
per test run: test_installed_package.py serves the app from the same venv), that server, then the page that
the README's Binder link names (its ``urlpath``) in Chromium, in Spanish as the link's second form asks.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit


REPO_ROOT = Path(__file__).resolve().parents[2]
PREFIX = "/user/learner/"
"""Where Binder puts a visitor's server (``/user/<name>/``)."""


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins(path: Path) -> dict[str, str]:
    pins = {}
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if "==" in line and not line.startswith("-"):
            name, version = line.split("==", 1)
            pins[_normalize(name)] = version.strip()
    return pins


def binder_links() -> list[str]:
    """The Binder addresses the README gives."""
    return re.findall(r"https://mybinder\.org/v2/gh/[^\s)>\]`]+", (REPO_ROOT / "README.md").read_text())


def test_the_binder_files_are_the_tested_pins_and_the_project():
    lines = [line.split("#", 1)[0].strip() for line in (REPO_ROOT / "binder" / "requirements.txt").read_text()
             .splitlines()]
    assert [line for line in lines if line] == ["-r ../requirements.txt", ".[serve]"]
    runtime = (REPO_ROOT / "binder" / "runtime.txt").read_text().strip()
    assert runtime == f"python-{sys.version_info.major}.{sys.version_info.minor}"  # the Python CI runs
    assert sorted(p.name for p in (REPO_ROOT / "binder").iterdir()) == ["requirements.txt", "runtime.txt"]
    links = binder_links()
    assert links, "the README has no Binder link"
    for link in links:
        urlpath = parse_qs(urlsplit(link).query)["urlpath"][0]
        assert urlpath.startswith("voila/render/notebooks/index.ipynb"), link


def test_a_binder_build_from_exactly_its_files_serves_the_front_page(
        fresh_env: Any, chromium: Any, binder_install: tuple[Path, Path], artifacts_dir: Path) -> None:
    repo, bin_dir = binder_install  # a new venv and repo2docker's command, on a committed copy
    # the environment holds exactly the pins CI tests, for every package they name
    frozen = fresh_env.run([str(bin_dir / "python"), "-m", "pip", "freeze", "--all"], cwd=repo)
    installed = {_normalize(n): v for n, v in (line.split("==", 1) for line in frozen.splitlines() if "==" in line)}
    pinned = _pins(REPO_ROOT / "constraints.txt")
    runtime = {_normalize(n) for n in _pins(REPO_ROOT / "requirements.txt")}
    assert runtime <= set(installed), runtime - set(installed)
    wrong = {name: (installed[name], pinned[name]) for name in installed if name in pinned
             and installed[name] != pinned[name]}
    assert not wrong, f"installed vs pinned: {wrong}"
    assert "nap-teach" in installed or any(line.startswith("nap_teach") or line.startswith("nap-teach")
                                           for line in frozen.splitlines())

    port = fresh_env.free_port()
    server = fresh_env.Server.start(
        [str(bin_dir / "jupyter"), "server", "--no-browser", "--allow-root", "--IdentityProvider.token=",
         "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
         f"--ServerApp.base_url={PREFIX}"],
        cwd=repo, port=port, log_path=artifacts_dir / f"binder-{port}.log", timeout=180)
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    base = f"http://127.0.0.1:{port}"
    elsewhere: list[str] = []  # the browser reaches no other host (CHROMIUM_ARGS, conftest.py): noted
    context.on("request", lambda request: None if urlsplit(request.url).hostname in ("127.0.0.1", None)
               else elsewhere.append(request.url))  # (blob: and data: addresses have no host)
    errors: list[str] = []
    try:
        for link in binder_links():  # the English front page, then the Spanish one
            urlpath = unquote(parse_qs(urlsplit(link).query)["urlpath"][0])
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{base}{PREFIX}{urlpath}", wait_until="domcontentloaded", timeout=180_000)
            page.locator(".nap-landing-try").first.wait_for(state="visible", timeout=180_000)
            lang = parse_qs(urlsplit(urlpath).query).get("lang", ["en"])[0]
            title = page.locator(".nap-landing h1").first.inner_text()
            assert title == {"en": "Learn Nap", "es": "Aprende a jugar al Nap"}.get(lang, title), title
            page.screenshot(path=str(artifacts_dir / f"binder--index-{lang}.png"))
        assert not errors, errors
        # Voila's icon font and the MathJax that Jupyter Server's Voila asks for: the app needs neither
        assert all("fontawesome" in url or "mathjax" in url for url in elsewhere), elsewhere
    finally:
        context.close()
        server.stop()
