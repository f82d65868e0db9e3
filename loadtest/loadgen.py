"""A lean load generator for Vorpal's WebSocket protocol (v1, MessagePack): the standard workload.

One process, one asyncio loop (uvloop when installed), one WebSocket per seat
driven through websockets' sans-I/O ``ClientProtocol`` under an
``asyncio.Protocol``: no task per connection, so the generator stays light
(it shares the machine's two cores with the server and Redis).

Each seat is a bot that behaves like a third-party client: it authenticates
with its seat token, subscribes, and whenever a pushed ``event`` says it is
to act it picks one of the ``legal`` moves of that event uniformly at random
and sends a ``move`` frame (after an exponential think time of the given
mean, or at once with ``think=0``). A move's latency runs from handing the
frame to the socket to the moment the mover's own connection decodes the
``event`` carrying the next version.

Checks (each failure counts as an error): every seat sees every version once
and in order, no request is refused, and with whole matches every match ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import socket
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import msgpack
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri

SUBPROTOCOL = "vorpal.v1.msgpack"
#: Protocol v2: events carry a patch of the view (the bots read only ``legal`` and the versions).
SUBPROTOCOL_V2 = "vorpal.v2.msgpack"
T = TypeVar("T")
C = TypeVar("C", bound="Client")
perf = time.perf_counter
packb = msgpack.packb
unpackb = msgpack.unpackb


@dataclass
class Stats:
    """What one run measured; the latencies are (receive time, seconds) pairs."""

    latencies: list[tuple[float, float]] = field(default_factory=list)
    errors: int = 0
    messages: list[str] = field(default_factory=list)
    refused: int = 0
    finished_seats: int = 0
    events: int = 0
    closed_early: int = 0
    #: (receive time, bytes) of each event frame received.
    event_bytes: list[tuple[float, int]] = field(default_factory=list)

    def error(self, msg: str) -> None:
        self.errors += 1
        if len(self.messages) < 8:
            self.messages.append(msg)


class Client(asyncio.Protocol):
    """One WebSocket through websockets' sans-I/O ``ClientProtocol``: each binary frame, unpacked, goes
    to :meth:`on_frame`; a connection lost before :attr:`done` counts as closed early."""

    def __init__(self, uri: str, stats: Stats, subprotocols: list[str] | None = None) -> None:
        self.uri = parse_uri(uri)
        self.proto = ClientProtocol(self.uri, subprotocols=subprotocols, max_size=1 << 20)  # type: ignore[arg-type]
        self.stats = stats
        self.transport: asyncio.Transport | None = None
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        # A run that stops mid-handshake leaves nobody to await it: no "never retrieved" warning then.
        self.opened.add_done_callback(lambda f: f.cancelled() or f.exception())
        self.done = False
        self.size = 0  # the bytes of the frame :meth:`on_frame` is given

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self.proto.send_request(self.proto.connect())
        self._flush()

    def _flush(self) -> None:
        assert self.transport is not None
        for data in self.proto.data_to_send():
            if data:
                self.transport.write(data)

    def send(self, frame: dict[str, Any]) -> None:
        self.proto.send_binary(packb(frame))
        self._flush()

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            try:
                self.proto.send_close(1000)
                self._flush()
            except Exception:
                pass
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        proto = self.proto
        proto.receive_data(data)
        for ev in proto.events_received():
            if isinstance(ev, Frame):
                if ev.opcode is Opcode.BINARY:
                    self.size = len(ev.data)
                    self.on_frame(unpackb(ev.data))
            elif isinstance(ev, Response) and not self.opened.done():
                if proto.handshake_exc is not None:
                    self.opened.set_exception(proto.handshake_exc)
                else:
                    self.opened.set_result(None)
        self._flush()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("closed during the handshake"))
        if not self.done:
            self.stats.closed_early += 1

    def on_frame(self, f: dict[str, Any]) -> None:
        raise NotImplementedError


class Seat(Client):
    """One connection: a seat of a match (``token`` set) or a spectator (``token`` None)."""

    def __init__(self, uri: str, match: str, seat: int | None, token: str | None, stats: Stats,
                 rnd: random.Random, protocol: str = SUBPROTOCOL) -> None:  # fmt: skip
        super().__init__(uri, stats, [protocol])
        self.match, self.seat, self.token = match, seat, token
        self.rnd = rnd
        self.subscribed: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.last = -1
        self.pending = -1
        self.t_sent = 0.0
        self.moves = 0
        self.ids = 0
        self.sub_id = -1
        self.live = False  # True while the run is timed: moves are sent
        self.think = 0.0
        self.legal: list[Any] | None = None
        self.on_done: Callable[[Seat], None] | None = None

    # -- protocol ----------------------------------------------------------------------

    def request(self, frame: dict[str, Any]) -> int:
        self.ids += 1
        frame["id"] = self.ids
        self.send(frame)
        return self.ids

    def start(self) -> None:
        if self.token is not None:
            self.request({"type": "auth", "token": self.token})
        self.sub_id = self.request({"type": "subscribe", "match": self.match})

    def on_frame(self, f: dict[str, Any]) -> None:
        kind = f["type"]
        st = self.stats
        if kind == "event":
            v = f["version"]
            st.events += 1
            st.event_bytes.append((perf(), self.size))
            if v != self.last + 1:
                st.error(f"{self.match}/{self.seat}: version {v} after {self.last}")
            self.last = v
            if v == self.pending + 1:
                st.latencies.append((perf(), perf() - self.t_sent))
                self.pending = -1
            if f["status"] != "active":
                self.finish()
                return
            self.legal = f.get("legal")
            if self.legal and self.live:
                self.schedule()
        elif kind == "ack":
            if f["id"] == self.sub_id:
                result = f["result"]
                self.last = result["version"]
                self.legal = result.get("legal")
                if not self.subscribed.done():
                    self.subscribed.set_result(result)
        elif kind == "error":
            st.refused += 1
            st.error(f"{self.match}/{self.seat}: {f.get('code')} {f.get('detail')}")
            if f["id"] == self.sub_id and not self.subscribed.done():
                self.subscribed.set_exception(RuntimeError(f"subscribe refused: {f}"))

    def finish(self) -> None:
        if not self.done:
            self.done = True
            self.stats.finished_seats += 1
            if self.on_done is not None:
                self.on_done(self)

    def schedule(self) -> None:
        if self.think > 0:
            asyncio.get_running_loop().call_later(self.rnd.expovariate(1 / self.think), self.move)
        else:
            self.move()

    def move(self) -> None:
        legal = self.legal
        if not legal or not self.live or self.done or self.pending >= 0:
            return
        self.legal = None
        self.moves += 1
        self.pending = self.last
        frame = {"type": "move", "match": self.match, "move_id": str(self.moves), "version": self.last,
                 "move": self.rnd.choice(legal)}  # fmt: skip
        self.t_sent = perf()
        self.request(frame)


#: ``IP_BIND_ADDRESS_NO_PORT`` (Linux): a socket bound to a source address gets its port at
#: ``connect``, unique per destination, instead of one unique per address at ``bind``.
IP_BIND_ADDRESS_NO_PORT = getattr(socket, "IP_BIND_ADDRESS_NO_PORT", 24)


async def connect(host: str, port: int, seat: C, source: str | None = None) -> C:
    """Open ``seat``'s connection, from the local address ``source`` if given: the kernel's
    ephemeral ports (28,232 by default) limit the connections from one address to one server port,
    so tens of thousands of them come from several loopback addresses (127.0.0.x)."""
    loop = asyncio.get_running_loop()
    if source is None:
        await loop.create_connection(lambda: seat, host, port)
    else:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, 1)
            sock.setblocking(False)
            sock.bind((source, 0))
            await loop.sock_connect(sock, (host, port))
        except BaseException:
            sock.close()
            raise
        await loop.create_connection(lambda: seat, sock=sock)
    await seat.opened
    return seat


async def connect_seats(seats: Sequence[Client], sources: list[str | None] | None = None, in_flight: int = 200) -> None:
    """Open every seat's WebSocket, ``in_flight`` handshakes at once; seat i from ``sources[i]`` if given."""
    await gather_limited([connect("127.0.0.1", s.uri.port, s, None if sources is None else sources[i])
                          for i, s in enumerate(seats)], in_flight)  # fmt: skip


async def subscribe_seats(seats: list[Seat], timeout: float = 120.0) -> None:
    """Every seat authenticates and subscribes; returns when every subscription is acknowledged."""
    for s in seats:
        s.start()
    await asyncio.wait_for(asyncio.gather(*(s.subscribed for s in seats)), timeout)


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """``main`` to completion on uvloop where it is installed (as the server runs), else on asyncio's loop."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover
        return asyncio.run(main)
    return uvloop.run(main)


async def gather_limited(coros: list[Any], limit: int) -> list[Any]:
    """Run ``coros`` with at most ``limit`` in flight."""
    sem = asyncio.Semaphore(limit)

    async def one(c: Any) -> Any:
        async with sem:
            return await c

    return await asyncio.gather(*(one(c) for c in coros))


def percentile(sorted_values: list[float], p: float) -> float:
    """Nearest-rank percentile of an ascending list (as the peers' metrics)."""
    if not sorted_values:
        return float("nan")
    k = max(0, min(len(sorted_values) - 1, int(-(-p * len(sorted_values) // 100)) - 1))
    return sorted_values[k]


def freeze_gc() -> None:
    """Keep the generator's own collections out of the measured latencies."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 50, 1000)
