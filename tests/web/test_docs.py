"""``/docs`` in a real browser: the API reference renders every operation of ``/openapi.json`` from
files this server serves, and the page asks nothing of any other host."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.support.servers import ServerProcess

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium is not installed (make install does it)")


def test_docs_lists_the_operations_with_no_external_request(server: ServerProcess) -> None:
    elsewhere: list[str] = []

    def only_this_server(route: Any) -> None:
        if route.request.url.startswith(server.url):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.set_default_timeout(60_000)
            page.route("**/*", only_this_server)
            page.goto(server.url + "/docs")
            page.wait_for_selector(".opblock")
            paths = page.eval_on_selector_all(".opblock-summary-path", "els => els.map((e) => e.dataset.path)")
            methods = page.eval_on_selector_all(".opblock-summary-method", "els => els.map((e) => e.textContent)")
        finally:
            browser.close()
    assert "/v1/matches/{match_id}/moves" in paths and "/v1/games" in paths
    assert {"GET", "POST"} <= set(methods)
    assert len(paths) >= 10
    assert elsewhere == []
