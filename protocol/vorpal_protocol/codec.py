"""MessagePack encoding of frames, with the limits every peer enforces.

Canonical form (what the golden vectors fix byte for byte): a map with the
frame's fields in the order PROTOCOL.md lists them, fields that are null
left out, integers in their shortest form, text as ``str`` (never ``bin``).
"""

from __future__ import annotations

from typing import Any

import msgpack
from pydantic import BaseModel, TypeAdapter, ValidationError

from .frames import ClientFrame, ServerFrame

MAX_FRAME_BYTES = 64 * 1024
MAX_DEPTH = 32

_client = TypeAdapter(ClientFrame)
_server = TypeAdapter(ServerFrame)
_CLIENT_TYPES = {"auth", "subscribe", "unsubscribe", "move", "say", "ping"}
_SERVER_TYPES = {"ack", "error", "event", "chat", "pong"}


class DecodeError(Exception):
    """Bytes that are not a valid frame; ``code`` is the stable error code."""

    def __init__(self, code: str, detail: str, request_id: int | str | None = None) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.request_id = request_id


def _strip_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip_none(v) for k, v in value.items() if v is not None}
    return value


def encode(frame: BaseModel | dict[str, Any]) -> bytes:
    """The canonical bytes of a frame (a model, or a dict already in wire form)."""
    data = frame.model_dump(mode="json") if isinstance(frame, BaseModel) else frame
    return msgpack.packb({k: v for k, v in data.items() if v is not None}, use_bin_type=True)


def _depth_ok(value: Any, depth: int) -> bool:
    if depth > MAX_DEPTH:
        return False
    if isinstance(value, dict):
        return all(_depth_ok(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return all(_depth_ok(v, depth + 1) for v in value)
    return True


def unpack(data: bytes) -> dict[str, Any]:
    """Bytes to a map, enforcing size and nesting; raises :class:`DecodeError`."""
    if len(data) > MAX_FRAME_BYTES:
        raise DecodeError("frame_too_large", f"frames are limited to {MAX_FRAME_BYTES} bytes")
    try:
        value = msgpack.unpackb(data, raw=False, strict_map_key=True, use_list=True)
    except Exception as exc:  # msgpack raises several unrelated types for bad bytes
        raise DecodeError("bad_frame", f"not a MessagePack value: {type(exc).__name__}") from None
    if not isinstance(value, dict):
        raise DecodeError("bad_frame", "a frame is a MessagePack map")
    if not _depth_ok(value, 1):
        raise DecodeError("bad_frame", f"frames nest at most {MAX_DEPTH} levels")
    return value


def _decode(data: bytes, adapter: TypeAdapter[Any], known: set[str]) -> Any:
    value = unpack(data)
    rid = value.get("id")
    rid = rid if isinstance(rid, int | str) and not isinstance(rid, bool) else None
    kind = value.get("type")
    if not isinstance(kind, str):
        raise DecodeError("bad_frame", "a frame needs a string 'type'", rid)
    if kind not in known:
        raise DecodeError("unknown_frame", f"unknown frame type {kind[:40]!r}", rid)
    try:
        return adapter.validate_python(value)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in err["loc"][1:]) or "frame"
        raise DecodeError("bad_request", f"{where}: {err['msg']}", rid) from None


def decode_client(data: bytes) -> Any:
    """A client frame (as the server reads it)."""
    return _decode(data, _client, _CLIENT_TYPES)


def decode_server(data: bytes) -> Any:
    """A server frame (as a client reads it)."""
    return _decode(data, _server, _SERVER_TYPES)
