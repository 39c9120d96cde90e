"""The app as a learner meets it: front page, a link, a button that answers."""

from __future__ import annotations

import re
import time
from pathlib import Path
from urllib.parse import urljoin, urlsplit

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"

WIDGET_TIMEOUT = 30_000  # ms a widget may take to answer a click


def test_root_opens_landing_notebook(page, page_log, screenshot, expect, voila_server):
    response = page.goto("/")
    landing = page.locator(".nap-landing")
    expect(landing).to_be_visible(timeout=60_000)

    assert response is not None and response.ok
    assert urlsplit(page.url).path == "/voila/render/index.ipynb"
    expect(page.get_by_role("heading", name="Learn Nap")).to_be_visible()
    # The lab template, with the code cells stripped (strip_sources).
    expect(page.locator(".jp-Notebook")).to_have_count(1)
    expect(page.locator(".jp-InputArea")).to_have_count(0)
    assert "LandingPage" not in page.content()

    # Every link on the landing page leads to a notebook that exists.
    hrefs = landing.locator("a[href]").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert hrefs, "the landing page has no links"
    for href in hrefs:
        target = urlsplit(urljoin(page.url, href))
        assert target.path.startswith("/voila/render/"), href
        notebook = target.path.removeprefix("/voila/render/")
        assert (NOTEBOOK_DIR / notebook).is_file(), f"{href} points to a missing notebook"

    # The committed kernel culler is running (it starts with the first kernel).
    assert (
        "Culling kernels with idle durations > 600 seconds at 60 second intervals"
        in voila_server.log_text()
    )
    screenshot(page, "landing")
    page_log.assert_no_errors()


def test_follow_link_then_deal_button_answers(page, page_log, screenshot, expect):
    page.goto("/")
    expect(page.locator(".nap-landing")).to_be_visible(timeout=60_000)

    # A real link to a notebook page: the language link (index.ipynb?lang=en).
    page.locator("a.nap-landing-lang[hreflang=en]").click()
    page.wait_for_url(re.compile(r"/voila/render/index\.ipynb\?lang=en$"))
    expect(page.locator(".nap-landing")).to_be_visible(timeout=60_000)

    button = page.locator("button.nap-landing-try")
    output = page.locator(".nap-landing-output")
    expect(button).to_have_text("Deal me a hand")
    expect(output).not_to_contain_text("Deal 1")

    button.click()
    expect(output).to_contain_text("Deal 1:", timeout=WIDGET_TIMEOUT)
    expect(output.locator(".nap-landing-card")).to_have_count(5)
    first_hand = output.inner_text()

    # A second click must reach the kernel too: a dead widget would stop here.
    button.click()
    expect(output).to_contain_text("Deal 2:", timeout=WIDGET_TIMEOUT)
    expect(output.locator(".nap-landing-card")).to_have_count(5)
    assert output.inner_text() != first_hand
    screenshot(page, "dealt")
    page_log.assert_no_errors()


def test_leaving_a_page_shuts_its_kernel_down(voila_page, voila_server):
    page = voila_page("index.ipynb", ready=".nap-landing")
    kernel_id = page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
    )
    assert kernel_id
    # Like closing the tab: beforeunload sends POST voila/api/shutdown/<id>.
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 20
    while f"Kernel shutdown: {kernel_id}" not in voila_server.log_text():
        assert time.monotonic() < deadline, "the kernel of the closed page is still running"
        time.sleep(0.2)
    assert "'_xsrf' argument missing" not in voila_server.log_text()
