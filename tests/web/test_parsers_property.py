"""Whatever a client sends, every parser answers with a stable code, never ``internal``.

Property-based (hypothesis), bounded and derandomized so that a run is the same run
everywhere: seat tokens, match ids, every field of every client frame, and a live
server's WebSocket fed generated frames (no ``internal`` error, no ERROR in its log).
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from vorpal_protocol import SUBPROTOCOL, DecodeError, decode_client, decode_server, encode
from vorpal_protocol.errors import ERROR_CODES
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

from server.domain.ids import SeatToken, is_match_id, new_match_id, new_seat_token
from tests.support.servers import ServerProcess

BOUNDED = settings(max_examples=300, derandomize=True, deadline=None, database=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])  # fmt: skip
OVER_THE_WIRE = settings(BOUNDED, max_examples=150)

#: Characters a careless parser confuses with ASCII: other digits, letters, dots and white space.
LOOKALIKES = "²³¹٣۳߃०০੦૦୦௦౦೦൦๐໐༠၀႐០᠐٫．。 \t\n\x00\u200b\ufeffſKı"  # noqa: RUF001
token_text = st.text(alphabet=string.ascii_letters + string.digits + "._-" + LOOKALIKES, max_size=80)

json_value = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53) + 1, 2**53 - 1) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)  # fmt: skip
#: Any value a field could hold, from the right type to the wrong one.
field_value = st.one_of(json_value, token_text, st.integers(-(2**63), 2**64 - 1), st.binary(max_size=8))

FIELDS = {
    "auth": ("id", "token"),
    "subscribe": ("id", "match", "since"),
    "unsubscribe": ("id", "match"),
    "move": ("id", "match", "move_id", "version", "move"),
    "say": ("id", "match", "text"),
    "ping": ("id",),
}


@st.composite
def client_frames(draw: st.DrawFn) -> dict[str, Any]:
    """A frame of a known type whose fields hold anything (some left out, some extra)."""
    kind = draw(st.sampled_from(sorted(FIELDS)))
    frame: dict[str, Any] = {"type": kind}
    for name in FIELDS[kind]:
        if draw(st.booleans()) or name == "id":
            frame[name] = draw(field_value)
    if kind == "auth" and draw(st.booleans()):
        frame["token"] = draw(seat_tokens())
    return frame


@st.composite
def seat_tokens(draw: st.DrawFn) -> str:
    """Almost-valid seat tokens: each of the three parts may be replaced by look-alike text."""
    parts = [new_match_id(), str(draw(st.integers(0, 20))), "s" * draw(st.integers(1, 40))]
    for i in range(3):
        if draw(st.booleans()):
            parts[i] = draw(token_text)
    return ".".join(parts)


def packed(frame: dict[str, Any]) -> bytes:
    data: bytes = msgpack.packb(frame, use_bin_type=True)
    return data


# -- the parsers, alone ------------------------------------------------------------------


def test_a_seat_whose_digit_is_not_ascii_is_no_token() -> None:
    match = new_match_id()
    for seat in ("²", "٣", "１", "0²", "1\n"):  # noqa: RUF001
        assert SeatToken.parse(f"{match}.{seat}.secret") is None
    assert SeatToken.parse(new_seat_token(match, 3)) == (match, 3)


@BOUNDED
@given(st.one_of(token_text, seat_tokens()))
def test_a_seat_token_parses_to_ascii_parts_or_to_nothing(text: str) -> None:
    parsed = SeatToken.parse(text)
    if parsed is not None:
        assert text.isascii() and is_match_id(parsed.match_id)
        assert text.startswith(f"{parsed.match_id}.{parsed.seat}.")


@BOUNDED
@given(token_text)
def test_a_match_id_is_ascii_letters_digits_dash_and_underscore(text: str) -> None:
    assert is_match_id(text) == (0 < len(text) <= 64 and all(c in string.ascii_letters + string.digits + "-_"
                                                              for c in text))  # fmt: skip


@BOUNDED
@given(client_frames())
def test_every_client_frame_field_decodes_or_is_refused_with_a_stable_code(frame: dict[str, Any]) -> None:
    try:
        data = packed(frame)
    except (OverflowError, ValueError):
        return  # not encodable as MessagePack at all
    try:
        decoded = decode_client(data)
    except DecodeError as exc:
        assert exc.code in ("bad_frame", "bad_request", "frame_too_large")
        assert exc.request_id is None or exc.request_id == frame.get("id")
        return
    assert decoded.type == frame["type"]
    if isinstance(decoded.id, int | str):
        assert encode(decoded)  # what was read can be written back


@BOUNDED
@given(st.binary(max_size=64))
def test_any_bytes_are_a_frame_or_a_decode_error(data: bytes) -> None:
    for decode in (decode_client, decode_server):
        try:
            decode(data)
        except DecodeError as exc:
            assert exc.code in ERROR_CODES


# -- a live server -----------------------------------------------------------------------


class Socket:
    """A client of the live server, opened again every ``FRAMES_PER_SOCKET`` frames: most generated
    frames are unreadable, and the server closes a socket after 100 of those (by design)."""

    FRAMES_PER_SOCKET = 50

    def __init__(self, server: ServerProcess) -> None:
        self.url = server.url.replace("http", "ws") + "/v1/ws"
        self.ws: ClientConnection | None = None
        self.sent = 0

    def ask(self, data: bytes) -> dict[str, Any]:
        """Send one frame and read frames until its reply (or the error of an unreadable frame)."""
        if self.ws is None or self.sent >= self.FRAMES_PER_SOCKET:
            self.close()
            self.ws = connect(self.url, subprotocols=[Subprotocol(SUBPROTOCOL)], compression=None, legacy=True)
            self.sent = 0
        self.sent += 1
        self.ws.send(data)
        while True:
            frame: dict[str, Any] = decode_server(self.ws.recv(timeout=30, decode=False)).model_dump()
            if frame["type"] in ("ack", "error", "pong"):
                return frame

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
            self.ws = None


@pytest.fixture
def live(server: ServerProcess) -> Iterator[Socket]:
    """A socket to the session's server; on the way out, no ERROR line in its log since."""
    start = server.log_path.stat().st_size
    sock = Socket(server)
    try:
        yield sock
    finally:
        sock.close()
    with server.log_path.open("rb") as log:
        log.seek(start)
        written = log.read().decode(errors="replace")
    assert "ERROR" not in written and "Traceback" not in written, written[-3000:]


@OVER_THE_WIRE
@given(client_frames())
def test_generated_frames_over_a_live_socket_never_reach_internal(live: Socket, frame: dict[str, Any]) -> None:
    try:
        data = packed(frame)
    except (OverflowError, ValueError):
        return
    reply = live.ask(data)
    assert reply.get("code") != "internal", (frame, reply)
    assert reply["type"] != "error" or reply["code"] in ERROR_CODES
    assert live.ask(encode({"type": "ping", "id": "alive"})) == {"type": "pong", "id": "alive"}  # it goes on


@OVER_THE_WIRE
@given(seat_tokens())
def test_generated_seat_tokens_over_a_live_socket_are_unauthorized_or_unknown(live: Socket, token: str) -> None:
    reply = live.ask(encode({"type": "auth", "id": 1, "token": token}))
    assert reply["type"] == "error" and reply["code"] in ("unauthorized", "match_not_found", "bad_request"), reply


def test_a_non_ascii_seat_digit_over_the_wire_is_unauthorized(live: Socket) -> None:
    reply = live.ask(encode({"type": "auth", "id": 1, "token": f"{new_match_id()}.².secret"}))
    assert (reply["type"], reply["code"]) == ("error", "unauthorized")
