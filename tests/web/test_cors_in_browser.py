"""A page of an origin the server does not allow gets an error that says so, in a real browser.

The browser hides a refused cross-origin answer: fetch fails as it does for a server that is down. The JS
SDK tells the two apart (``clients/js/src/origin.js``) and says which setting to change. The page here is the
playground at ``http://localhost:<port>``, calling the same server as ``http://127.0.0.1:<port>``: two
origins, the mistake a frontend author makes first. Debian's chromium, driven by Playwright.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.store.embedded import EmbeddedRedis
from tests.support.servers import ServerProcess

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium is not installed (make install does it)")

#: Call the catalogue through the SDK from the page; what it answered or threw.
CALL = """async (base) => {
  const sdk = await import('/play/sdk/index.js');
  try {
    const games = await new sdk.VorpalClient(base, { timeout: 20000 }).games();
    return { ok: games.length };
  } catch (err) {
    return { name: err.name, code: err.code, message: err.message, origin: err.origin ?? null,
             forbidden: err instanceof sdk.Forbidden, refused: err instanceof sdk.OriginNotAllowed };
  }
}"""


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = chromium.new_context()
        context.set_default_timeout(60_000)
        yield context.new_page()
        chromium.close()


@pytest.fixture(scope="module")
def allowing_server(redis_server: EmbeddedRedis, tmp_path_factory: pytest.TempPathFactory,
                    server: ServerProcess) -> Iterator[ServerProcess]:  # fmt: skip
    """A server that lists the page's origin (localhost at the default server's port)."""
    origin = server.url.replace("127.0.0.1", "localhost")
    env = {"VORPAL_CORS_ORIGINS": origin}
    proc = ServerProcess(redis_server.url, log_dir=Path(tmp_path_factory.mktemp("logs")), env=env).start()
    yield proc
    proc.stop()


def localhost(server: ServerProcess) -> str:
    assert "127.0.0.1" in server.url
    return server.url.replace("127.0.0.1", "localhost")


def test_a_refused_origin_is_named_with_the_setting_to_change(page: Any, server: ServerProcess) -> None:
    page.goto(localhost(server) + "/play/")
    got = page.evaluate(CALL, server.url)
    assert got["name"] == "OriginNotAllowed" and got["refused"] and got["forbidden"], got
    assert got["code"] == "forbidden" and got["origin"] == localhost(server)
    assert "VORPAL_CORS_ORIGINS" in got["message"] and localhost(server) in got["message"], got
    assert "localhost and 127.0.0.1 are different origins" in got["message"]


def test_a_server_that_is_down_is_still_unavailable(page: Any, server: ServerProcess) -> None:
    page.goto(localhost(server) + "/play/")
    got = page.evaluate(CALL, "http://127.0.0.1:9")  # the discard port: nothing listens
    assert got["code"] == "unavailable" and not got["refused"], got


def test_an_allowed_origin_gets_its_answer(page: Any, server: ServerProcess, allowing_server: ServerProcess) -> None:
    page.goto(localhost(server) + "/play/")
    got = page.evaluate(CALL, allowing_server.url)
    assert got.get("ok", 0) > 0, got
