"""The WebSocket's edges (issue 13): refused handshakes, slow readers, retry hints, the error contract.

Real sockets against real server processes; nothing waits on a clock to pass: a test waits
for the condition it needs (a log line, a close frame) with a generous upper bound.
"""

from __future__ import annotations

import json
import logging
import socket
import time
from pathlib import Path
from typing import Any

import httpx
import msgpack
import psutil
import pytest
from vorpal_protocol import ERROR_CODES, SUBPROTOCOL, SUBPROTOCOLS, decode_server, encode
from websockets.client import ClientProtocol
from websockets.frames import Close, Frame, Opcode
from websockets.protocol import State
from websockets.uri import parse_uri

from server.errors import RateLimited, StaleVersion
from server.runtime.logs import LogLimiter
from server.store.embedded import EmbeddedRedis
from server.web.limits import TokenBucket
from server.web.problems import error_frame, from_error, members
from tests.support.servers import ROOT, ServerProcess
from tests.web.test_parsers_property import Socket

pytestmark = pytest.mark.anyio

HANDSHAKE = (
    "GET /v1/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
)


def log_since(server: ServerProcess, start: int) -> str:
    with server.log_path.open("rb") as log:
        log.seek(start)
        return log.read().decode(errors="replace")


def raw_response(server: ServerProcess, request: str) -> tuple[int, dict[str, str], bytes]:
    """Send ``request`` on a fresh TCP connection; the status, headers and body of the answer."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(request.encode("latin-1"))
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


# -- finding 3: every refused handshake answers a problem document, and logs no ERROR --------


@pytest.mark.parametrize(
    ("headers", "code"),
    [
        ("Sec-WebSocket-Protocol: \r\n", "unsupported_protocol"),  # empty: refused before the app runs
        ("Sec-WebSocket-Protocol: ,\r\n", "unsupported_protocol"),
        ("Sec-WebSocket-Protocol: vorpal.v9.msgpack\r\n", "unsupported_protocol"),  # refused by the app
        ("", "unsupported_protocol"),  # none offered
    ],
)
def test_a_refused_handshake_answers_the_problem_document_and_logs_no_error(
    server: ServerProcess, headers: str, code: str
) -> None:
    start = server.log_path.stat().st_size
    status, head, body = raw_response(server, HANDSHAKE + headers + "\r\n")
    assert status == 400
    assert head["content-type"].startswith("application/problem+json")
    problem = json.loads(body)
    assert (problem["code"], problem["status"], problem["type"]) == (code, 400, f"urn:vorpal:error:{code}")
    assert problem["supported"] == list(SUBPROTOCOLS) and problem["title"] and problem["detail"]
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:  # and the server goes on
        sock.sendall((HANDSHAKE + f"Sec-WebSocket-Protocol: {SUBPROTOCOL}\r\n\r\n").encode())
        assert sock.recv(12) == b"HTTP/1.1 101"
    written = log_since(server, start)
    assert "ERROR" not in written and "Traceback" not in written, written


def test_a_handshake_websockets_refuses_for_another_reason_is_a_bad_request_problem(server: ServerProcess) -> None:
    request = HANDSHAKE.replace("Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n", "")
    status, head, body = raw_response(server, request + f"Sec-WebSocket-Protocol: {SUBPROTOCOL}\r\n\r\n")
    problem = json.loads(body)
    assert status == 400 and head["content-type"].startswith("application/problem+json")
    assert (problem["code"], problem["status"]) == ("bad_request", 400)


KEY = "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
PROTOCOL = f"Sec-WebSocket-Protocol: {SUBPROTOCOL}\r\n"


@pytest.mark.parametrize(
    "request_text",
    [
        HANDSHAKE + "Sec-WebSocket-Protocol: \r\n",
        HANDSHAKE + "Sec-WebSocket-Protocol: ,\r\n",
        HANDSHAKE + "Sec-WebSocket-Protocol: vorpal.v9.msgpack\r\n",
        HANDSHAKE,
        HANDSHAKE.replace(KEY, "") + PROTOCOL,
        HANDSHAKE.replace(KEY, "Sec-WebSocket-Key: short\r\n") + PROTOCOL,
        HANDSHAKE.replace("Sec-WebSocket-Version: 13", "Sec-WebSocket-Version: 8") + PROTOCOL,
        HANDSHAKE.replace("Sec-WebSocket-Version: 13\r\n", "") + PROTOCOL,
        HANDSHAKE + KEY + PROTOCOL,  # two keys
    ],
)
def test_a_refused_handshake_carries_each_header_once(server: ServerProcess, request_text: str) -> None:
    """Issue 43, finding 4: two ``Content-Length`` and two ``Content-Type`` headers (httpx refuses such an
    answer, a proxy may answer 502)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall((request_text + "\r\n").encode("latin-1"))
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    names = [line.partition(":")[0].strip().lower() for line in lines[1:]]
    assert lines[0].split()[1] != "101"
    assert len(names) == len(set(names)), lines
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    assert int(headers["content-length"]) == len(body)
    assert headers["content-type"] == "application/problem+json"
    assert json.loads(body)["code"] in ("unsupported_protocol", "bad_request")


def test_refusals_are_logged_at_most_once_per_period_with_a_count_of_the_others(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [100.0]
    limiter = LogLimiter(logging.getLogger("vorpal.test"), logging.INFO, every_s=10, clock=lambda: now[0])
    with caplog.at_level(logging.INFO, logger="vorpal.test"):
        for _ in range(50):
            limiter.log("refused a WebSocket handshake: %s", "why")
        now[0] += 10
        limiter.log("refused a WebSocket handshake: %s", "why")
    assert [(r.levelno, r.getMessage()) for r in caplog.records] == [
        (logging.INFO, "refused a WebSocket handshake: why"),
        (logging.INFO, "refused a WebSocket handshake: why (and 49 more like it since)"),
    ]


# -- finding 4: a slow reader is closed with 1008, then the transport aborted --------------


def impatient_server(redis_url: str, log_dir: Path, grace_s: float) -> ServerProcess:
    """An instance that gives a stalled send half a second, and a dropped reader ``grace_s``."""
    env = {"VORPAL_WS_SEND_TIMEOUT_S": "0.5", "VORPAL_WS_CLOSE_GRACE_S": str(grace_s)}
    return ServerProcess(redis_url, log_dir=log_dir, env=env).start()


def wait_for(condition: Any, what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"no {what} within {timeout} s"
        time.sleep(0.05)


def stalled_client(server: ServerProcess) -> tuple[socket.socket, ClientProtocol]:
    """A WebSocket client with a small receive window, which from now on asks for a match's
    events and reads none of them, until the server logs that it dropped it."""
    # A match the bots play to its end, to resume from again and again.
    body = {"game": "jabberwocky", "seats": 3, "bots": [0, 1, 2]}
    match = httpx.post(server.url + "/v1/matches", json=body).json()["match"]
    wait_for(lambda: httpx.get(f"{server.url}/v1/matches/{match}").json()["status"] == "finished", "finished match")
    # Thirty events a request: the backlog stays far below the outbox limit, so the sends stall first.
    since = httpx.get(f"{server.url}/v1/matches/{match}").json()["version"] - 30
    client = ClientProtocol(parse_uri(server.url.replace("http", "ws") + "/v1/ws"),
                            subprotocols=[SUBPROTOCOL])  # type: ignore[list-item]  # fmt: skip
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window: the server's sends stall soon
    sock.connect(("127.0.0.1", server.port))
    client.send_request(client.connect())
    sock.sendall(b"".join(client.data_to_send()))
    while client.state is State.CONNECTING:
        client.receive_data(sock.recv(1))  # byte by byte: nothing past the handshake is read
    assert client.handshake_exc is None
    sock.setblocking(False)
    for i in range(20_000):
        if "stopped reading" in server.log_path.read_text():
            return sock, client
        client.send_binary(encode({"type": "subscribe", "id": i, "match": match, "since": since}))
        try:
            sock.send(b"".join(client.data_to_send()))
        except BlockingIOError:
            pass  # the server has stopped reading too
        except ConnectionResetError:  # dropped, and aborted already: what the log must tell
            wait_for(lambda: "stopped reading" in server.log_path.read_text(), "log line")
            return sock, client
        time.sleep(0.005)
    raise AssertionError("the server never gave up on a client that does not read")


def test_a_client_that_stops_reading_gets_a_1008_close_behind_what_it_has_not_read(
    redis_server: EmbeddedRedis, tmp_path: Path
) -> None:
    server = impatient_server(redis_server.url, tmp_path, grace_s=120)
    try:
        sock, client = stalled_client(server)
        # Now read it all: what was sent, then the close frame.
        sock.setblocking(True)
        sock.settimeout(60)
        close: Close | None = None
        while close is None:
            data = sock.recv(65536)
            assert data, "the stream ended without a close frame"
            client.receive_data(data)
            for event in client.events_received():
                if isinstance(event, Frame) and event.opcode is Opcode.CLOSE:
                    close = Close.parse(event.data)
        assert close.code == 1008 and "resume" in close.reason
        sock.close()
    finally:
        server.stop()


def test_a_client_that_never_reads_again_is_aborted(redis_server: EmbeddedRedis, tmp_path: Path) -> None:
    """The close frame cannot reach it: after the grace period the server lets go of the connection."""
    server = impatient_server(redis_server.url, tmp_path, grace_s=0.5)
    try:
        sock, _ = stalled_client(server)
        try:
            wait_for(lambda: connections_to(server) == 0, "abort")
        finally:
            sock.close()
    finally:
        server.stop()


def connections_to(server: ServerProcess) -> int:
    """The server's open TCP connections on its port (none but the test's WebSocket here)."""
    assert server.process is not None
    return sum(1 for c in psutil.Process(server.process.pid).net_connections("tcp")
               if c.status == psutil.CONN_ESTABLISHED and c.laddr.port == server.port)  # fmt: skip


# -- finding 6: every 429 has a retry hint --------------------------------------------------


def test_the_token_bucket_knows_when_the_next_token_comes() -> None:
    bucket = TokenBucket(rate=10, burst=2)
    assert bucket.admit() and bucket.admit() and not bucket.admit()
    assert 1 <= bucket.retry_after_ms() <= 100


def test_a_rate_limited_frame_carries_retry_after_ms(server: ServerProcess) -> None:
    sock = Socket(server)
    sock.FRAMES_PER_SOCKET = 10_000
    try:
        assert sock.ask(encode({"type": "ping", "id": 0}))["type"] == "pong"
        assert sock.ws is not None
        for i in range(1, 1000):
            sock.ws.send(encode({"type": "ping", "id": i}))
        replies = [decode_server(sock.ws.recv(timeout=30, decode=False)).model_dump() for _ in range(999)]
        limited = [r for r in replies if r["type"] == "error"]
        assert limited and all(r["code"] == "rate_limited" for r in limited)
        assert all(isinstance(r["retry_after_ms"], int) and 1 <= r["retry_after_ms"] <= 1000 for r in limited)
    finally:
        sock.close()


async def test_a_rate_limited_chat_answers_retry_after_over_rest_and_websocket(server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=server.url) as api:
        match = (await api.post("/v1/matches", json={"game": "jabberwocky", "seats": 3})).json()["match"]
        token = (await api.post(f"/v1/matches/{match}/join", json={})).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        answers = [await api.post(f"/v1/matches/{match}/chat", json={"text": f"hi {i}"}, headers=auth)
                   for i in range(21)]  # fmt: skip
        assert all(r.status_code in (200, 201) for r in answers[:20])
        limited = answers[20]
        assert limited.status_code == 429
        hint = limited.json()["retry_after_ms"]
        assert isinstance(hint, int) and 1 <= hint <= 60_000
        assert int(limited.headers["Retry-After"]) == -(-hint // 1000)  # whole seconds, rounded up
    sock = Socket(server)
    try:
        assert sock.ask(encode({"type": "auth", "id": 1, "token": token}))["type"] == "ack"
        reply = sock.ask(encode({"type": "say", "id": 2, "match": match, "text": "again"}))
        assert reply["code"] == "rate_limited" and 1 <= reply["retry_after_ms"] <= 60_000
    finally:
        sock.close()


def test_every_rate_limited_problem_has_retry_after() -> None:
    response = from_error(RateLimited("slow down", retry_after_ms=1001))
    assert response.status_code == 429 and response.headers["Retry-After"] == "2"
    assert json.loads(bytes(response.body))["retry_after_ms"] == 1001
    with pytest.raises(TypeError):
        RateLimited("no hint")  # type: ignore[call-arg]


# -- finding 12: the error contract ---------------------------------------------------------


def test_an_error_frame_has_the_members_of_the_problem_document() -> None:
    err = StaleVersion("chosen at version 3", current=5)
    document = json.loads(bytes(from_error(err, "/v1/matches/x/moves").body))
    frame = error_frame(err, 7)
    assert {k: v for k, v in document.items() if k not in ("type", "status", "instance")} == members(err)
    assert {k: v for k, v in frame.items() if k not in ("type", "id")} == members(err)
    assert decode_server(encode(frame)).current == 5  # type: ignore[union-attr]


def test_unreadable_frames_get_the_same_members_as_any_error(server: ServerProcess) -> None:
    sock = Socket(server)
    try:
        assert sock.ask(b"\xc1")["title"] == "Unreadable frame"
        unknown = sock.ask(encode({"type": "teleport", "id": 3}))
        assert (unknown["code"], unknown["title"], unknown["id"]) == ("unknown_frame", "Unknown frame type", 3)
        bad = sock.ask(msgpack.packb({"type": "subscribe", "id": 4}))
        assert (bad["code"], bad["title"], bad["id"]) == ("bad_request", "Malformed request", 4)
    finally:
        sock.close()


def test_unavailable_and_internal_promise_nothing_they_cannot_know() -> None:
    for code in ("unavailable", "internal"):
        assert "nothing was changed" not in ERROR_CODES[code]
        assert "may or may not have been applied" in ERROR_CODES[code]
    protocol = (ROOT / "protocol" / "PROTOCOL.md").read_text()
    assert "nothing was changed" not in protocol
    assert "bad_move" in protocol and "illegal_move" in protocol


async def test_a_join_retried_with_its_join_id_is_answered_the_same(server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=server.url) as api:
        match = (await api.post("/v1/matches", json={"game": "jabberwocky", "seats": 3})).json()["match"]
        await api.post(f"/v1/matches/{match}/join", json={})
        first = await api.post(f"/v1/matches/{match}/join", json={"join_id": "a" * 16 + "-first", "name": "ann"})
        again = await api.post(f"/v1/matches/{match}/join", json={"join_id": "a" * 16 + "-first", "name": "ann"})
        assert first.status_code == again.status_code == 201
        assert again.json() == first.json()
        other = (await api.post(f"/v1/matches/{match}/join", json={"join_id": "b" * 22})).json()
        assert other["seat"] != first.json()["seat"]
        # The match has started (every seat taken): a retry still gets its answer, not match_started.
        late = await api.post(f"/v1/matches/{match}/join", json={"join_id": "b" * 22})
        assert late.status_code == 201 and late.json() == other
        state = (await api.get(f"/v1/matches/{match}", headers={"Authorization": f"Bearer {other['token']}"})).json()
        assert state["status"] == "active" and state["you"] == other["seat"]
        # A key that joined nothing here is a new join: the match is full.
        new = await api.post(f"/v1/matches/{match}/join", json={"join_id": "c" * 16})
        assert new.json()["code"] == "match_started"
        short = await api.post(f"/v1/matches/{match}/join", json={"join_id": "short"})
        assert short.status_code == 400 and short.json()["code"] == "bad_request"
