"""Fresh Python environments for the install tests (the ``fresh_env`` fixture of tests/browser/conftest.py).

What a teacher (or Binder) does on a machine that never saw this repository: build the wheel from the
committed files, make a new venv, ``pip install`` into it (from the package registry, pinned by
constraints.txt; pip's cache makes a second run quick), start the server from an empty folder. Nothing of the
test run leaks in: the subprocesses run without ``PYTHONPATH`` (which points at the working copy in the
developer's runs) and without the test venv on ``PATH``.

What is expensive is made once per test run (:func:`once`), whichever test worker asks first, and reused by
the others (the ``wheel`` and ``binder_install`` fixtures of tests/browser/conftest.py): the wheel (used by
test_installed_package.py) and the venv that Binder's own command makes from the committed files (used by
test_binder.py, and by test_installed_package.py as its served venv).
"""
from __future__ import annotations

import fcntl
import http.client
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import psutil  # a dependency of ipykernel

REPO_ROOT = Path(__file__).resolve().parents[2]
PIP_TIMEOUT = 900  # s: a cold pip cache downloads the whole server stack


def kill_tree(process: subprocess.Popen[bytes]) -> None:
    """Kill a server, then every process it started (its kernels start sessions of their own, so they are
    found by parentage, not by group): a graceful stop cost seconds per server for nothing a test reads."""
    try:
        children = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        children = []
    if process.poll() is None:
        process.kill()
        process.wait(timeout=10)
    for child in children:
        try:
            child.kill()
        except psutil.NoSuchProcess:  # already gone
            pass


def clean_env(**extra: str) -> dict[str, str]:
    """This process's environment without what would make a subprocess import the working copy."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "MPLBACKEND", "JUPYTER_PATH", "JUPYTER_CONFIG_DIR")}
    venv_bin = str(Path(sys.executable).parent)
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != venv_bin)
    env.update(extra)
    return env


def committed_copy(dest: Path) -> Path:
    """The repository's files as a fresh clone would have them (tracked and new, not ignored), in ``dest``."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=REPO_ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = REPO_ROOT / name
        if name == ".venv" or name.startswith(".venv/") or not (source.exists() or source.is_symlink()):
            continue  # the developer's link to the shared venv; a file deleted but not yet committed
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            target.symlink_to(os.readlink(source))
        else:
            shutil.copy2(source, target)
    return dest


def run(command: list[str], cwd: Path, timeout: float = PIP_TIMEOUT, **extra: str) -> str:
    """Run a command with :func:`clean_env`; its output, or an AssertionError with the tail of it."""
    result = subprocess.run(command, cwd=cwd, env=clean_env(**extra), capture_output=True, text=True,
                            timeout=timeout, check=False)
    assert result.returncode == 0, f"{' '.join(command)} failed ({result.returncode}):\n" \
                                   f"{result.stdout[-2000:]}\n{result.stderr[-3000:]}"
    return result.stdout


def build_wheel(source: Path, out: Path) -> Path:
    """``pip wheel --no-deps`` of the source tree (an isolated build, as a user's pip does it)."""
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-q", "-w", str(out),
         str(source)], cwd=out)
    (wheel,) = out.glob("nap_teach-*.whl")
    return wheel


def new_venv(path: Path) -> Path:
    """A new venv (its own pip, no system packages); returns its ``bin`` folder."""
    run([sys.executable, "-m", "venv", str(path)], cwd=path.parent, timeout=300)
    return path / "bin"


def pip_install(bin_dir: Path, *args: str, cwd: Path, **env: str) -> None:
    """``pip install`` into the venv of ``bin_dir``, without byte-compiling what it installs (``PIP_NO_COMPILE``).

    Bytecode changes nothing these venvs are tested for: the servers started from them write it for the modules
    they import, as they import them, instead of pip compiling every installed module at install time (12.4 s of
    a core for the test venv's 5,732 here: benchmarks/README.md, "Test suite time")."""
    run([str(bin_dir / "python"), "-m", "pip", "install", "--disable-pip-version-check", "-q", *args], cwd=cwd,
        **{"PIP_NO_COMPILE": "1", **env})


def run_folder(basetemp: Path) -> Path:
    """A folder shared by the test workers of this run (pytest-xdist's workers have their own ``basetemp`` in
    the run's folder), or the run's own ``basetemp`` without xdist."""
    return (basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp) / "nap-shared"


def once(folder: Path, name: str, make: Callable[[Path], object]) -> Path:
    """``folder/name``, made by ``make(folder/name)`` the first time any test worker asks for it in this run; a
    worker that asks while another makes it waits for it (a lock file), then uses the same folder. A ``make``
    that failed is tried again by the next asker (and fails its test again)."""
    folder.mkdir(parents=True, exist_ok=True)
    target, done = folder / name, folder / f"{name}.done"
    with (folder / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not done.exists():
                if target.exists():
                    shutil.rmtree(target)
                target.mkdir()
                make(target)
                done.touch()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return target


def make_wheel(folder: Path) -> None:
    """The wheel of a committed copy (:func:`committed_copy`, :func:`build_wheel`), in ``folder/dist``."""
    source = committed_copy(folder / "clone")
    (folder / "dist").mkdir()
    build_wheel(source, folder / "dist")


def make_binder_install(folder: Path) -> None:
    """What Binder (repo2docker) does with the repository, on a committed copy in ``folder/repo``: a new venv,
    ``folder/venv``, and its one command, ``pip install -r binder/requirements.txt`` from the repository root
    (the pins of requirements.txt and the project with its ``serve`` extra, built from the copy by pip).

    The engine is built pure here (``NAP_TEACH_PURE=1``, setup.py): what this venv checks is the install and the
    pages, and the compiled engine is checked in the wheel (test_installed_package.py), which compiling it a
    second time would only make slower (about a minute and a half of a core).
    """
    repo = committed_copy(folder / "repo")
    bin_dir = new_venv(folder / "venv")
    pip_install(bin_dir, "-r", "binder/requirements.txt", cwd=repo, NAP_TEACH_PURE="1")


MADE_ONCE: dict[str, Callable[[Path], object]] = {"wheel": make_wheel, "binder": make_binder_install}
"""What a test run makes once and shares between its workers, by the name of its folder (:func:`made`)."""


def made(basetemp: Path, name: str) -> Path:
    """The folder of ``MADE_ONCE[name]`` for this run (``basetemp``: pytest's), made by the first worker to ask."""
    return once(run_folder(basetemp), name, MADE_ONCE[name])


def free_port() -> int:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """A server process started by a test, in its own process group (stopped with its kernels)."""

    process: subprocess.Popen[bytes]
    port: int
    log_path: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace")

    @classmethod
    def start(cls, command: list[str], cwd: Path, port: int, log_path: Path, timeout: float = 120.0,
              **extra: str) -> "Server":
        with log_path.open("wb") as log:
            process = subprocess.Popen(command, cwd=cwd, env=clean_env(**extra), stdin=subprocess.DEVNULL,
                                       stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        server = cls(process, port, log_path)
        deadline = time.monotonic() + timeout
        while not server.answers():
            if process.poll() is not None:
                raise AssertionError(f"{command[0]} exited with {process.returncode}:\n{server.log_text()[-3000:]}")
            if time.monotonic() > deadline:
                server.stop()
                raise AssertionError(f"no answer within {timeout:.0f} s:\n{server.log_text()[-3000:]}")
            time.sleep(0.3)
        return server

    def answers(self) -> bool:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
        try:  # HEAD: a GET of a page would start a kernel
            conn.request("HEAD", "/")
            conn.getresponse().read()
            return True
        except OSError:
            return False
        finally:
            conn.close()

    def stop(self) -> None:
        """Kill the server and every process it started (:func:`kill_tree`)."""
        kill_tree(self.process)
