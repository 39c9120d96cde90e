"""The app inside a Jupyter server (Voila as a server extension), as JupyterHub and Binder run it.

There the launcher's additions (front page redirect, kernel shutdown cookie,
the page template, the cap, class mode) do not apply: the pages must render
on Voila's own ``lab`` template at ``/voila/render/notebooks/<page>.ipynb``,
with the settings of voila.json read from the directory the server starts in.
See docs/deploy.md.
"""
from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def jupyter_server(artifacts_dir):
    port = _free_port()
    log_path = artifacts_dir / f"jupyter-server-{port}.log"
    jupyter = Path(sys.executable).parent / "jupyter"
    command = [str(jupyter), "server", "--no-browser", "--allow-root", "--IdentityProvider.token=",
               "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0"]
    env = dict(os.environ)
    env.pop("MPLBACKEND", None)
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, cwd=REPO_ROOT, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 90
    while True:
        if process.poll() is not None:
            pytest.fail("jupyter server stopped:\n" + log_path.read_text(errors="replace")[-3000:], pytrace=False)
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api")  # the version: no kernel started
            if conn.getresponse().status == 200:
                break
        except OSError:
            pass
        assert time.monotonic() < deadline, "jupyter server did not answer:\n" + log_path.read_text()[-3000:]
        time.sleep(0.3)
    try:
        yield f"http://127.0.0.1:{port}/", log_path
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def test_the_front_page_renders_in_voila_inside_jupyter_server(page, page_log, jupyter_server):
    url, log_path = jupyter_server
    page.goto(f"{url}voila/render/notebooks/index.ipynb?lang=es", wait_until="domcontentloaded", timeout=120_000)
    landing = page.locator(".nap-landing")
    landing.wait_for(state="visible", timeout=120_000)
    assert "Aprende" in landing.inner_text()
    page.locator("button.nap-landing-try").click()
    page.locator(".nap-landing-output .nap-card, .nap-landing-output svg").first.wait_for(timeout=30_000)
    page_log.assert_no_errors()
    assert "Traceback" not in log_path.read_text(errors="replace")


def test_the_play_page_renders_there_too_with_its_address(page, jupyter_server):
    url, _log = jupyter_server
    page.goto(f"{url}voila/render/notebooks/play.ipynb?lang=en&players=3", wait_until="domcontentloaded",
              timeout=120_000)
    page.locator(".nap-play-setup").wait_for(state="visible", timeout=120_000)
    assert page.locator(".nap-play-players input").input_value() == "3"
