"""The launcher (`python -m nap_teach serve`, what `make app` runs): its command line.

That the server it starts reads voila.json is checked in test_environment.py;
the running server (front page, kernel shutdown, the notice for a page that
could not be prepared) in tests/browser.
"""
from __future__ import annotations

import io
from pathlib import Path

from nap_teach import server
from nap_teach.cli import main

ROOT = Path(__file__).resolve().parents[1]


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_serve_refuses_a_folder_without_the_app(tmp_path):
    code, out, err = _run("serve", "--notebooks", str(tmp_path))
    assert code == 2
    assert "index.ipynb" in err and "--notebooks" in err
    assert "Traceback" not in err + out


def test_serve_refuses_a_port_out_of_range():
    code, _out, err = _run("serve", "--notebooks", str(ROOT / "notebooks"), "--port", "70000")
    assert code == 2
    assert "1 to 65535" in err


def test_the_voila_command_line_uses_the_app_template():
    argv = server.voila_argv(Path("notebooks"), "0.0.0.0", 9000, ["--debug"])
    assert argv[0] == "notebooks"
    assert "--Voila.ip=0.0.0.0" in argv and "--port=9000" in argv
    assert f"--VoilaConfiguration.template={server.TEMPLATE}" in argv
    assert argv[-1] == "--debug"


def test_the_app_template_ships_with_the_package():
    template = server.SHARE_DIR / "voila" / "templates" / server.TEMPLATE
    text = (template / "index.html.j2").read_text()
    assert "extends 'lab/index.html.j2'" in text
    # both languages of the app, and the retry button
    assert "This page could not be prepared" in text and "No se ha podido preparar" in text
    assert "nap-render-retry" in text
    assert (template / "conf.json").is_file()
