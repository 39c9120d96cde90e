"""The server under a class's load, and a page that cannot be prepared.

Under load a page used to come back blank: nbclient waited 4 s for a cell's
output, gave up without an error and Voila sent the cell with no output. The
committed voila.json waits long enough (VoilaExecutor.iopub_timeout), and the
app's page template (nap_teach/app/share/voila/templates/nap) turns any page that
still ends up without output into a notice in the learner's language with a
button to try again.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

PAGES = ("index.ipynb", "lesson.ipynb", "play.ipynb", "explorer.ipynb", "scorekeeper.ipynb")


def _notebook(source: str) -> dict:
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "c1", "metadata": {},
                   "outputs": [], "source": source}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


@pytest.mark.alone  # it measures the server under a class's load: nothing else may run beside it
@pytest.mark.timeout(600)  # ten kernels start at once: on a loaded 2-core machine this takes minutes
def test_ten_pages_opened_at_once_all_render(page, voila_server):
    """One class arriving: two loads of each of the five pages at the same moment, all rendered."""
    context = page.context
    pages = [page] + [context.new_page() for _ in range(2 * len(PAGES) - 1)]
    for i, (tab, name) in enumerate(zip(pages, PAGES * 2)):
        lang = "es" if i % 2 else "en"
        tab.goto(f"voila/render/{name}?lang={lang}", wait_until="commit", timeout=120_000)
    for tab in pages:
        tab.locator(".nap-app").first.wait_for(state="visible", timeout=180_000)
        assert tab.locator(".nap-render-failed:not([hidden])").count() == 0
    assert "Timeout waiting for IOPub output" not in voila_server.log_text()


@pytest.fixture(scope="module")
def broken_server(tmp_path_factory, artifacts_dir, start_voila):
    """A second server whose pages show nothing: one cell without output, one that fails."""
    folder: Path = tmp_path_factory.mktemp("broken") / "notebooks"
    folder.mkdir()
    (folder / "index.ipynb").write_text(json.dumps(_notebook("answer = 42")))
    (folder / "fails.ipynb").write_text(json.dumps(_notebook("raise RuntimeError('broken on purpose')")))
    server = start_voila(artifacts_dir, notebooks=folder)
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("notebook", ["index.ipynb", "fails.ipynb"])
def test_a_page_without_output_says_so_in_spanish_and_offers_a_retry(page, broken_server, notebook):
    page.goto(f"{broken_server.url}voila/render/{notebook}?lang=es", wait_until="domcontentloaded")
    notice = page.locator('.nap-render-failed[data-reason="no-output"]')
    notice.wait_for(state="visible", timeout=60_000)
    assert notice.get_attribute("role") == "alert"
    assert "No se ha podido preparar esta página" in notice.inner_text()
    assert notice.locator('p[data-lang="en"]').is_hidden()
    retry = notice.locator("button.nap-render-retry")
    assert retry.inner_text().strip() == "Reintentar"
    box = retry.bounding_box()
    assert box is not None and box["height"] >= 44
    with page.expect_navigation():
        retry.click()
    page.locator('.nap-render-failed[data-reason="no-output"]').wait_for(state="visible", timeout=60_000)


def test_the_notice_is_in_english_by_default(page, broken_server):
    page.goto(f"{broken_server.url}voila/render/index.ipynb", wait_until="domcontentloaded")
    notice = page.locator('.nap-render-failed[data-reason="no-output"]')
    notice.wait_for(state="visible", timeout=60_000)
    assert "This page could not be prepared just now" in notice.inner_text()
    assert notice.locator('p[data-lang="es"]').is_hidden()
