"""REST limits: a token bucket per client shared by every instance through Redis, a lower one for
creating matches, 429 with ``Retry-After``; and bodies over the size limit refused before being read.

The buckets refill at one token in ~17 minutes here, so no assertion depends on timing; each test
poses as its own client through the trusted proxy's ``X-Forwarded-For``.
"""

from __future__ import annotations

import itertools
import secrets
import socket
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.config import Settings
from server.store.embedded import EmbeddedRedis
from server.web.rates import bearer_credential, client_address, networks
from tests.support.servers import ServerProcess, start_instances, stop_all

pytestmark = pytest.mark.anyio

LIMITS = {"VORPAL_REST_RATE_PER_S": "0.001", "VORPAL_REST_BURST": "5", "VORPAL_CREATE_RATE_PER_S": "0.001",
          "VORPAL_CREATE_BURST": "2", "VORPAL_AUTH_FAIL_RATE_PER_S": "0.001", "VORPAL_AUTH_FAIL_BURST": "3",
          "VORPAL_TRUSTED_PROXIES": "127.0.0.1",
          "VORPAL_MAX_BODY_BYTES": "4096"}  # fmt: skip
_clients = itertools.count(1)


@pytest.fixture(scope="module")
def limited(redis_server: EmbeddedRedis, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    """Two instances on one Redis, with small limits."""
    procs = start_instances(redis_server.url, 2, log_dir=Path(tmp_path_factory.mktemp("logs")), env=LIMITS)
    yield procs
    stop_all(procs)


def a_client() -> dict[str, str]:
    """The headers of a client of its own, as the trusted proxy (loopback) forwards it: the last
    address is the one the proxy saw, the first one the client claims (not believed)."""
    n = next(_clients)
    return {"X-Forwarded-For": f"203.0.113.7, 10.{secrets.randbelow(200)}.{n // 250}.{n % 250}"}


async def test_a_client_past_its_burst_gets_429_with_retry_after(limited: list[ServerProcess],
                                                                 http: httpx.AsyncClient) -> None:  # fmt: skip
    url, me = limited[0].url, a_client()
    codes = [(await http.get(url + "/v1/games/mome", headers=me)).status_code for _ in range(5)]
    assert codes == [200] * 5
    refused = await http.get(url + "/v1/games/mome", headers=me)
    assert refused.status_code == 429
    assert refused.headers["content-type"] == "application/problem+json"
    body = refused.json()
    assert body["code"] == "rate_limited" and body["status"] == 429
    # Retry-After is whole seconds, rounded up from the wait in milliseconds.
    assert int(refused.headers["Retry-After"]) == -(-body["retry_after_ms"] // 1000) >= 1
    # Another client is not held back by this one; probes and metrics are never limited.
    assert (await http.get(url + "/v1/games/mome", headers=a_client())).status_code == 200
    assert (await http.get(url + "/healthz", headers=me)).status_code == 200
    assert (await http.get(url + "/metrics", headers=me)).status_code == 200


async def test_the_bucket_is_shared_by_every_instance(limited: list[ServerProcess], http: httpx.AsyncClient) -> None:
    me = a_client()
    codes = [(await http.get(p.url + "/v1/games/mome", headers=me)).status_code for p in limited * 3]
    assert codes == [200] * 5 + [429]


async def test_match_creation_has_its_own_lower_limit(limited: list[ServerProcess], http: httpx.AsyncClient) -> None:
    url, me = limited[0].url, a_client()
    body = {"game": "mome", "seats": 2}
    codes = [(await http.post(url + "/v1/matches", json=body, headers=me)).status_code for _ in range(3)]
    assert codes == [201, 201, 429]
    refused = await http.post(url + "/v1/matches", json=body, headers=me)
    assert "match creations" in refused.json()["detail"] and "Retry-After" in refused.headers
    # The client's other requests still pass (the refused creations took no token).
    assert (await http.get(url + "/v1/games/mome", headers=me)).status_code == 200


async def test_a_credential_is_a_client_of_its_own(limited: list[ServerProcess], http: httpx.AsyncClient) -> None:
    url, me = limited[0].url, a_client()
    match = (await http.post(url + "/v1/matches", json={"game": "mome", "seats": 2}, headers=me)).json()["match"]
    token = (await http.post(url + f"/v1/matches/{match}/join", json={}, headers=me)).json()["token"]
    seat = {**me, "Authorization": f"Bearer {token}"}
    codes = [(await http.get(url + f"/v1/matches/{match}", headers=seat)).status_code for _ in range(6)]
    assert codes == [200] * 5 + [429]
    # The address's own bucket had 3 tokens left, and still has.
    assert [(await http.get(url + "/v1/games/mome", headers=me)).status_code for _ in range(4)] == [200] * 3 + [429]


async def test_made_up_credentials_take_from_the_address_and_its_failed_authentications(
        limited: list[ServerProcess], http: httpx.AsyncClient) -> None:  # fmt: skip
    """Issue 43, finding 1: a made-up seat token or API key is no client of its own."""
    url, me = limited[0].url, a_client()
    made_up = [f"{secrets.token_urlsafe(9)}.0.{secrets.token_urlsafe(24)}", f"vpk_{'a' * 12}_{'b' * 40}",
               f"{secrets.token_urlsafe(9)}.1.{secrets.token_urlsafe(24)}", f"vpk_{'c' * 12}_{'d' * 40}"]  # fmt: skip
    codes = [(await http.get(url + "/v1/matches?limit=50", headers={**me, "Authorization": f"Bearer {c}"}))
             .status_code for c in made_up]  # fmt: skip
    assert codes == [200] * 3 + [429]  # the address's 3 failed authentications
    refused = await http.get(url + "/v1/matches", headers={**me, "Authorization": "Bearer junk"})
    assert refused.status_code == 429 and "proves no one" in refused.json()["detail"]
    assert "Retry-After" in refused.headers
    # They were charged to the address as well: 2 of its 5 tokens are left for anonymous requests.
    assert [(await http.get(url + "/v1/games/mome", headers=me)).status_code for _ in range(3)] == [200] * 2 + [429]


async def test_made_up_credentials_do_not_escape_the_creation_limit(limited: list[ServerProcess],
                                                                    http: httpx.AsyncClient) -> None:  # fmt: skip
    url, me = limited[0].url, a_client()
    body = {"game": "mome", "seats": 2}
    codes = []
    for _ in range(3):
        seat = {**me, "Authorization": f"Bearer {secrets.token_urlsafe(9)}.0.{secrets.token_urlsafe(24)}"}
        codes.append((await http.post(url + "/v1/matches", json=body, headers=seat)).status_code)
    assert codes == [201, 201, 429]


async def test_wrong_secrets_do_not_drain_the_seat_they_name(limited: list[ServerProcess],
                                                             http: httpx.AsyncClient) -> None:  # fmt: skip
    url, owner = limited[0].url, a_client()
    match = (await http.post(url + "/v1/matches", json={"game": "mome", "seats": 2}, headers=owner)).json()["match"]
    token = (await http.post(url + f"/v1/matches/{match}/join", json={}, headers=owner)).json()["token"]
    forged = {**a_client(), "Authorization": f"Bearer {match}.0.{'A' * 32}"}
    codes = [(await http.get(url + f"/v1/matches/{match}", headers=forged)).status_code for _ in range(8)]
    assert codes == [401] * 3 + [429] * 5
    mine = {**owner, "Authorization": f"Bearer {token}"}
    assert [(await http.get(url + f"/v1/matches/{match}", headers=mine)).status_code for _ in range(5)] == [200] * 5


async def test_wrong_keys_do_not_drain_the_account_they_name(limited: list[ServerProcess],
                                                             http: httpx.AsyncClient) -> None:  # fmt: skip
    url, owner = limited[0].url, a_client()
    issued = (await http.post(url + "/v1/accounts", json={"name": "ada", "kind": "human"}, headers=owner)).json()
    account, key = issued["account"]["id"], issued["key"]
    forged = {**a_client(), "Authorization": f"Bearer vpk_{account}_{'A' * 43}"}
    codes = [(await http.get(url + "/v1/accounts/me", headers=forged)).status_code for _ in range(8)]
    assert codes == [401] * 3 + [429] * 5
    mine = {**owner, "Authorization": f"Bearer {key}"}
    assert [(await http.get(url + "/v1/accounts/me", headers=mine)).status_code for _ in range(6)] == [200] * 5 + [429]


async def test_forwarded_for_counts_only_from_a_trusted_proxy(redis_server: EmbeddedRedis, tmp_path: Path,
                                                              http: httpx.AsyncClient) -> None:  # fmt: skip
    untrusted = {**LIMITS, "VORPAL_TRUSTED_PROXIES": ""}
    proc = ServerProcess(redis_server.url, log_dir=tmp_path, env=untrusted).start()
    try:
        # Each request claims another address; the server believes none and limits the peer.
        codes = [(await http.get(proc.url + "/v1/games/mome", headers=a_client())).status_code for _ in range(6)]
        assert codes == [200] * 5 + [429]
    finally:
        proc.stop()


async def test_a_body_over_the_limit_is_refused_before_it_is_read(limited: list[ServerProcess],
                                                                  http: httpx.AsyncClient) -> None:  # fmt: skip
    url = limited[0].url
    padding = {"game": "mome", "seats": 2, "options": {"x": "y" * 5000}}
    said = await http.post(url + "/v1/matches", json=padding, headers=a_client())
    assert said.status_code == 413 and said.json()["code"] == "payload_too_large"

    async def streamed() -> AsyncIterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"game": "mome", "seats": 2, "options": {"x": "'
        for _ in range(100):
            yield b"y" * 1000
        yield b'"}}'

    counted = await http.post(url + "/v1/matches", content=streamed(), headers=a_client())
    assert counted.status_code == 413 and counted.json()["code"] == "payload_too_large"
    assert "Content-Length" not in counted.request.headers
    small = await http.post(url + "/v1/matches", json={"game": "mome", "seats": 2}, headers=a_client())
    assert small.status_code == 201


def test_an_idle_connection_outlives_the_clients_own_expiry() -> None:
    """A server that closes an idle connection when its clients expire it themselves (httpx and
    Node after 5 s, nginx's upstream pool after 60 s) races them: a request sent on the connection
    just as the server closes it is reset (the soak's ``ReadError('')``)."""
    assert Settings().keep_alive_s > 60


def test_the_server_closes_an_idle_connection_after_keep_alive_s(redis_server: EmbeddedRedis, tmp_path: Path) -> None:
    proc = ServerProcess(redis_server.url, log_dir=tmp_path, env={"VORPAL_KEEP_ALIVE_S": "1"}).start()
    try:
        with socket.create_connection(("127.0.0.1", proc.port), timeout=60) as conn:
            conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            answer = b""
            while chunk := conn.recv(4096):  # the answer, then nothing until the server closes the connection
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 200") and b"alive" in answer
    finally:
        proc.stop()


def scope_of(peer: str, *headers: tuple[str, str]) -> dict[str, Any]:
    return {"type": "http", "client": (peer, 5000), "headers": [(k.lower().encode(), v.encode()) for k, v in headers]}


def test_the_client_address_is_the_last_one_no_trusted_proxy_added() -> None:
    proxies = networks(["10.0.0.0/8", "192.0.2.1"])
    hops = ("X-Forwarded-For", "198.51.100.9, 203.0.113.5, 10.1.2.3")
    # The balancer (192.0.2.1) got it from an inner proxy (10.1.2.3), which got it from 203.0.113.5;
    # what that client wrote before its own address is not believed.
    assert client_address(scope_of("192.0.2.1", hops), proxies) == "203.0.113.5"
    assert client_address(scope_of("203.0.113.77", hops), proxies) == "203.0.113.77"  # not a proxy: its own
    assert client_address(scope_of("192.0.2.1"), proxies) == "192.0.2.1"  # a proxy's own request
    assert client_address(scope_of("192.0.2.1", hops), ()) == "192.0.2.1"  # no trusted proxies: the peer
    assert client_address(scope_of("192.0.2.1", ("X-Forwarded-For", "10.9.9.9")), proxies) == "10.9.9.9"


def test_the_bearer_credential_is_read_as_sent() -> None:
    assert bearer_credential(scope_of("203.0.113.5", ("Authorization", "Bearer Abc123xyz.1.s3cr3t"))) \
        == "Abc123xyz.1.s3cr3t"  # fmt: skip
    assert bearer_credential(scope_of("203.0.113.5", ("Authorization", "bearer  vpk_x "))) == "vpk_x"
    assert bearer_credential(scope_of("203.0.113.5", ("Authorization", "Basic dXNlcg=="))) == ""
    assert bearer_credential(scope_of("203.0.113.5", ("Authorization", "Bearer "))) == ""
    assert bearer_credential(scope_of("203.0.113.5")) is None
