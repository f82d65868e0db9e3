"""MessagePack encoding of frames, with the limits every peer enforces.

Canonical form (PROTOCOL.md, "Canonical encoding"; the golden vectors in
``protocol/vectors/`` fix it byte for byte):

- a frame is a map: its known fields in the order PROTOCOL.md lists them,
  then any other field in key order; a field whose value is null is left
  out, a field with a non-null default (``to_act``, ``result``) is written;
- every map inside a frame has its keys in code point order;
- integers in their shortest form; a float with an integral value in the
  safe range (|n| <= 2**53 - 1) is written as that integer, any other float
  as a float 64;
- text as ``str`` (never ``bin``).

Decoders accept any well-formed MessagePack within the limits and values of
the JSON data model: string keys (not ``__proto__``, which JavaScript cannot
hold), no ``bin``, no extension types, integers in
the safe range, finite floats. A float with an integral value decodes as the
integer (so ``3.0`` and ``3`` are the same value, as in JSON and JavaScript).
"""

from __future__ import annotations

import math
import struct
from typing import Any

import msgpack
from pydantic import BaseModel, TypeAdapter, ValidationError

try:  # a native encoder that sorts keys: the fast path of :func:`encode`
    import ormsgpack as _ormsgpack
except ImportError:  # pragma: no cover - the general path alone is still canonical
    _ormsgpack = None  # type: ignore[assignment]

from .frames import (
    Ack,
    Auth,
    ChatFrame,
    ClientFrame,
    ErrorFrame,
    EventFrame,
    MoveFrame,
    NoticeFrame,
    Ping,
    Pong,
    QueueFrame,
    SayFrame,
    ServerFrame,
    Subscribe,
    UnqueueFrame,
    Unsubscribe,
)

MAX_FRAME_BYTES = 64 * 1024
MAX_DEPTH = 32
MAX_SAFE_INTEGER = 2**53 - 1

_client = TypeAdapter(ClientFrame)
_server = TypeAdapter(ServerFrame)
_CLIENT_TYPES = {"auth", "subscribe", "unsubscribe", "move", "say", "queue", "unqueue", "ping"}
_SERVER_TYPES = {"ack", "error", "event", "chat", "notice", "pong"}

_MODELS: tuple[type[BaseModel], ...] = (Auth, Subscribe, Unsubscribe, MoveFrame, SayFrame, QueueFrame, UnqueueFrame,
                                        Ping, Ack, ErrorFrame, EventFrame, ChatFrame, NoticeFrame, Pong)  # fmt: skip


def _field_order(model: type[BaseModel]) -> tuple[tuple[str, Any], ...]:
    """``(name, default factory or None)`` of each field, in declaration order."""
    return tuple((name, info.default_factory) for name, info in model.model_fields.items())


#: Frame type -> its fields in wire order (with the factory of a non-null default).
FIELD_ORDER: dict[str, tuple[tuple[str, Any], ...]] = {m.model_fields["type"].default: _field_order(m) for m in _MODELS}


class DecodeError(Exception):
    """Bytes that are not a valid frame; ``code`` is the stable error code."""

    def __init__(self, code: str, detail: str, request_id: int | str | None = None) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.request_id = request_id


# -- encoding ---------------------------------------------------------------------------


_PLAIN = frozenset({str, int, bool, type(None)})  # written as they are


def _canonical(value: Any) -> Any:
    """``value`` with sorted map keys and integral floats as integers."""
    kind = type(value)
    if kind is dict:
        try:
            items = sorted(value.items(), key=_first)
        except TypeError:  # keys of mixed types: not JSON, leave their order alone
            items = list(value.items())
        return {k: v if type(v) in _PLAIN else _canonical(v) for k, v in items}
    if kind is list or kind is tuple:
        return [v if type(v) in _PLAIN else _canonical(v) for v in value]
    if kind is float and value.is_integer() and abs(value) <= MAX_SAFE_INTEGER:
        return int(value)
    if kind is Packed:  # canonical already: the general path writes it again, as the value
        return msgpack.unpackb(value.data)
    if isinstance(value, dict | list | tuple):  # subclasses: the slow path
        return _canonical(dict(value) if isinstance(value, dict) else list(value))
    return value


def _first(item: tuple[Any, Any]) -> Any:
    return item[0]


def canonical_frame(data: dict[str, Any]) -> dict[str, Any]:
    """The canonical wire map of a frame given as a dict (see the module docstring)."""
    order = FIELD_ORDER.get(data.get("type"))  # type: ignore[arg-type]
    out: dict[str, Any] = {}
    if order is not None:
        for name, factory in order:
            value = data.get(name)
            if value is None and factory is not None and name not in data:
                value = factory()
            if value is not None:
                out[name] = _canonical(value)
    for key in sorted(k for k in data if k not in out and data[k] is not None):
        out[key] = _canonical(data[key])
    return out


def _packb(value: Any) -> bytes:
    """``msgpack.packb``, from a small buffer: ``packb`` starts every call with one of 256 KiB,
    which glibc maps and unmaps each time or carves from the heap, leaving a hole there."""
    packed: bytes = msgpack.Packer(use_bin_type=True, buf_size=4096).pack(value)
    return packed


def _packed_key(name: str) -> bytes:
    return _packb(name)


#: Frame type -> ``(name, packed name, default factory)`` of each field, in wire order.
_WIRE_ORDER: dict[str, tuple[tuple[str, bytes, Any], ...]] = {
    kind: tuple((name, _packed_key(name), factory) for name, factory in order) for kind, order in FIELD_ORDER.items()
}


#: Frame type -> the names of its fields.
_WIRE_NAMES: dict[str, frozenset[str]] = {
    kind: frozenset(name for name, _ in order) for kind, order in FIELD_ORDER.items()
}


def _encode_fast(data: dict[str, Any]) -> bytes | None:
    """The canonical bytes by a native encoder that sorts map keys, or None where it cannot tell.

    The frame's own fields are written in wire order: each stretch of them between two
    :class:`Packed` values (most frames have none: the whole frame) by one ``ormsgpack``
    call with sorted keys, a :class:`Packed` value as it is. A field the spec does not
    list is left to the general path, which writes it after the known ones.
    """
    order = _WIRE_ORDER.get(data.get("type"))  # type: ignore[arg-type]
    if order is None or _ormsgpack is None:
        return None
    if not data.keys() <= _WIRE_NAMES[data["type"]]:
        return None
    chunks: list[bytes] = []
    run: list[Any] = []  # names and values between two packed values, alternating
    written = 0
    for name, key, factory in order:
        value = data.get(name)
        if value is None:
            if factory is None or name in data:
                continue
            value = factory()
        written += 1
        if type(value) is Packed:
            if run:
                chunks.append(_pack_run(run))
                run = []
            chunks += (key, value.data)
        else:
            run += (name, value)
    if run:
        chunks.append(_pack_run(run))
    return _map_header(written) + b"".join(chunks)


def _pack_native(value: Any) -> bytes:
    """``value``'s canonical bytes by ``ormsgpack``, or ``b""`` where they may differ from the general path's."""
    try:
        packed: bytes = _ormsgpack.packb(value, option=_ormsgpack.OPT_SORT_KEYS)
    except (TypeError, _ormsgpack.MsgpackEncodeError):
        return b""
    return b"" if _may_hold_integral_float(packed) else packed


def _pack_value(value: Any) -> bytes:
    """The canonical bytes of one value: native where that is safe, else by the general path."""
    if type(value) is Packed:
        return value.data
    native = _pack_native(value) if _ormsgpack is not None else b""
    if native:
        return native
    return _packb(_canonical(value))


_FIXMAP_HEADERS = tuple(bytes((0x80 | n,)) for n in range(16))


def _map_header(n: int) -> bytes:
    if n < 16:
        return _FIXMAP_HEADERS[n]
    return b"\xde" + n.to_bytes(2, "big") if n < 1 << 16 else b"\xdf" + n.to_bytes(4, "big")


class Packed:
    """One value already in canonical MessagePack (from :func:`pack` or :func:`pack_map`).

    A frame field given as one is written as these bytes. So a value that many frames
    share, such as the public part of every recipient's view, is packed once rather
    than once per frame.
    """

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Packed) and other.data == self.data

    def __hash__(self) -> int:
        return hash(self.data)

    def __repr__(self) -> str:
        return f"Packed({self.data!r})"


def pack(value: Any) -> Packed:
    """``value`` in its canonical bytes, to be written as it is wherever it goes in a frame."""
    return value if type(value) is Packed else Packed(_pack_value(value))


def pack_map(entries: dict[str, Any]) -> Packed:
    """A map in its canonical bytes, its keys in order; a value that is :class:`Packed` is written as it is."""
    parts = [_map_header(len(entries))]
    run: list[Any] = []  # keys and values between two packed values, alternating
    for key in sorted(entries):
        value = entries[key]
        if type(value) is Packed:
            if run:
                parts.append(_pack_run(run))
                run = []
            parts += (_packed_key(key), value.data)
        else:
            run += (key, value)
    if run:
        parts.append(_pack_run(run))
    return Packed(b"".join(parts))


def _pack_run(flat: list[Any]) -> bytes:
    """Keys and values, alternating, packed one after another: a stretch of a map's body.

    Natively, as one array whose header is then cut off (one call instead of one per item);
    item by item where the native bytes may differ from the general path's.
    """
    native = _pack_native(flat) if _ormsgpack is not None else b""
    if native:
        return native[1 if len(flat) < 16 else 3 if len(flat) < 1 << 16 else 5 :]
    return b"".join(_pack_value(item) if i % 2 else _packed_key(item) for i, item in enumerate(flat))


_FLOAT64 = struct.Struct(">d")


def _may_hold_integral_float(body: bytes) -> bool:
    """Whether ``body`` may hold a float 64 that the canonical form writes as an integer.

    ``ormsgpack`` writes every Python float as a float 64 (marker ``0xcb``, then 8 bytes),
    as the general path writes the floats it keeps, so only an integral one makes the two
    differ. The marker byte also occurs inside integers (203 is ``cc cb``) and text, so
    each occurrence is read as a float: one that is integral sends the frame to the general
    path, rightly or, very rarely, by chance. Looking only for the byte sent a fifth of a
    soak's event frames there, for ``ormsgpack`` to write them a second time in Python.
    """
    at = body.find(0xCB)
    while 0 <= at <= len(body) - 9:
        value: float = _FLOAT64.unpack_from(body, at + 1)[0]
        if value.is_integer() and abs(value) <= MAX_SAFE_INTEGER:
            return True
        at = body.find(0xCB, at + 1)
    return False


def encode(frame: BaseModel | dict[str, Any]) -> bytes:
    """The canonical bytes of a frame (a model, or a dict already in wire form)."""
    data = frame.model_dump(mode="json") if isinstance(frame, BaseModel) else frame
    fast = _encode_fast(data)
    if fast is not None:
        return fast
    return _packb(canonical_frame(data))


# -- decoding ---------------------------------------------------------------------------


def _check(value: Any, depth: int) -> Any:
    """Enforce the nesting limit and the JSON data model; integral floats become integers."""
    if depth > MAX_DEPTH:
        raise DecodeError("bad_frame", f"frames nest at most {MAX_DEPTH} levels")
    deepest = depth == MAX_DEPTH  # a leaf below counts too: every item is checked for its depth
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str) or k == "__proto__":
                raise DecodeError("bad_frame", "map keys are strings, other than '__proto__'")
            if deepest or not _plain(v):
                value[k] = _check(v, depth + 1)
        return value
    if isinstance(value, list):
        for i, v in enumerate(value):
            if deepest or not _plain(v):
                value[i] = _check(v, depth + 1)
        return value
    if value is None or isinstance(value, str | bool):
        return value
    if isinstance(value, int):
        if abs(value) > MAX_SAFE_INTEGER:
            raise DecodeError("bad_frame", "integers are limited to the safe range (|n| <= 2**53 - 1)")
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise DecodeError("bad_frame", "floats are finite")
        return int(value) if value.is_integer() and abs(value) <= MAX_SAFE_INTEGER else value
    raise DecodeError("bad_frame", "bin and extension types are not used in frames")


def _plain(value: Any) -> bool:
    """Whether ``value`` is valid as it is: text, a boolean, null or a safe integer (most of a frame)."""
    kind = type(value)
    return (
        kind is str or value is None or kind is bool or (kind is int and -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER)
    )


def unpack(data: bytes) -> dict[str, Any]:
    """Bytes to a map, enforcing size, nesting and value types; raises :class:`DecodeError`."""
    if len(data) > MAX_FRAME_BYTES:
        raise DecodeError("frame_too_large", f"frames are limited to {MAX_FRAME_BYTES} bytes")
    try:
        value = msgpack.unpackb(data, raw=False, strict_map_key=True, use_list=True)
    except Exception as exc:  # msgpack raises several unrelated types for bad bytes
        raise DecodeError("bad_frame", f"not a MessagePack value: {type(exc).__name__}") from None
    if not isinstance(value, dict):
        raise DecodeError("bad_frame", "a frame is a MessagePack map")
    checked: dict[str, Any] = _check(value, 1)
    return checked


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
        # Strict: no coercion (a string is not a number), so every language decodes alike.
        return adapter.validate_python(value, strict=True)
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
