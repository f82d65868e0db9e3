"""Locust scenarios for Vorpal: clients that behave like real third-party clients.

Run with ``loadtest/locust.sh`` (its own venv: locust monkey-patches the
standard library with gevent, so it never shares a process with pytest)::

    loadtest/locust.sh play      --host http://127.0.0.1:8000 -u 30 -r 10 -t 60s
    loadtest/locust.sh spectate  --host http://127.0.0.1:8000 -u 110 -r 20 -t 60s
    loadtest/locust.sh lobby     --host http://127.0.0.1:8000 -u 50 -r 10 -t 60s

Users (each a class below; the script picks them per scenario):

- ``PlayerUser``: one user drives one match at a time, as a table of players
  would: it creates a jabberwocky match over REST, joins every seat, opens one
  WebSocket per seat (``vorpal.v1.msgpack``), authenticates and subscribes
  each, and every seat plays a random legal move (from the ``legal`` list of
  its own ``event``) whenever it is to act, after an exponential think time
  of mean ``VORPAL_THINK`` seconds (default 0). Locust statistics: ``WS
  move`` (latency = move sent -> the mover's own ``event`` received; so the
  RPS column is moves/s), ``WS subscribe``, ``WS match`` (a whole match),
  and the REST calls.
- ``SpectatorUser``: picks an active match from the lobby and watches it as
  a spectator until it ends (``WS subscribe``; ``WS event`` counts pushed
  frames). The ``spectate`` scenario runs it 10:1 with ``PlayerUser``.
- ``LobbyUser``: REST only: lists matches (most often), creates matches,
  joins seats, reads match states and the game catalogue.

Environment: ``VORPAL_THINK`` (mean think seconds), ``VORPAL_ROUNDS``
(jabberwocky rounds, default 13 = 264 moves), ``VORPAL_SEATS`` (3).
"""

from __future__ import annotations

import contextlib
import os
import random
import time
import uuid
from typing import Any

import gevent
import msgpack
import websocket
from locust import HttpUser, User, between, events, task

SUBPROTOCOL = "vorpal.v1.msgpack"
THINK = float(os.environ.get("VORPAL_THINK", "0"))
ROUNDS = int(os.environ.get("VORPAL_ROUNDS", "13"))
SEATS = int(os.environ.get("VORPAL_SEATS", "3"))
OPTIONS = {"rounds": ROUNDS, "follow_suit": "enforced", "first_dealer": 0}
MATCH_TIMEOUT_S = float(os.environ.get("VORPAL_MATCH_TIMEOUT", "600"))


def ws_url(host: str, match: str) -> str:
    """The WebSocket URL for one match, with the routing hint that load balancers use."""
    return ("ws" + host[4:] if host.startswith("http") else host).rstrip("/") + f"/v1/ws?match={match}"


def fire(name: str, started: float, length: int = 0, exc: Exception | None = None) -> None:
    events.request.fire(request_type="WS", name=name, response_time=(time.perf_counter() - started) * 1000,
                        response_length=length, exception=exc, context={})  # fmt: skip


class Socket:
    """One WebSocket in the msgpack protocol (websocket-client: blocking, so gevent-friendly)."""

    def __init__(self, host: str, match: str) -> None:
        self.ws = websocket.create_connection(ws_url(host, match), subprotocols=[SUBPROTOCOL], timeout=60)
        self.ids = 0

    def send(self, frame: dict[str, Any]) -> int:
        self.ids += 1
        frame["id"] = self.ids
        self.ws.send_binary(msgpack.packb(frame))
        return self.ids

    def recv(self) -> dict[str, Any]:
        data = self.ws.recv()
        if isinstance(data, str):
            raise RuntimeError("the server sent a text frame")
        frame: dict[str, Any] = msgpack.unpackb(data)
        return frame

    def request(self, frame: dict[str, Any], name: str) -> dict[str, Any]:
        """Send a request and read up to its reply (pushed events before it are returned in ``early``)."""
        started = time.perf_counter()
        rid = self.send(frame)
        early = []
        while True:
            reply = self.recv()
            if reply.get("id") == rid and reply["type"] in ("ack", "error"):
                break
            early.append(reply)
        if reply["type"] == "error":
            exc = RuntimeError(f"{reply.get('code')}: {reply.get('detail')}")
            fire(name, started, exc=exc)
            raise exc
        fire(name, started)
        result: dict[str, Any] = reply["result"]
        result["_early"] = early
        return result

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()


def play_seat(host: str, match: str, token: str, rnd: random.Random) -> None:
    """One seat: auth, subscribe, then move whenever it is to act, until the match ends."""
    sock = Socket(host, match)
    try:
        sock.request({"type": "auth", "token": token}, "WS auth")
        state = sock.request({"type": "subscribe", "match": match}, "WS subscribe")
        version, legal, status = state["version"], state.get("legal"), state["status"]
        pending: tuple[int, float] | None = None
        deadline = time.monotonic() + MATCH_TIMEOUT_S
        while status == "active" and time.monotonic() < deadline:
            if legal and pending is None:
                if THINK:
                    gevent.sleep(rnd.expovariate(1 / THINK))
                frame = {"type": "move", "match": match, "move_id": uuid.uuid4().hex, "version": version,
                         "move": rnd.choice(legal)}  # fmt: skip
                pending = (version, time.perf_counter())
                sock.send(frame)
                legal = None
            f = sock.recv()
            kind = f["type"]
            if kind == "event":
                version, status = f["version"], f["status"]
                legal = f.get("legal")
                if pending is not None and version == pending[0] + 1:
                    fire("WS move", pending[1])
                    pending = None
            elif kind == "error":
                fire("WS move", pending[1] if pending else time.perf_counter(),
                     exc=RuntimeError(f"{f.get('code')}: {f.get('detail')}"))  # fmt: skip
                pending = None
    finally:
        sock.close()


class PlayerUser(HttpUser):
    """A table of players: create a match, join every seat, play it to the end over WebSocket."""

    weight = 1
    wait_time = between(0, 0)

    @task
    def play_match(self) -> None:
        started = time.perf_counter()
        r = self.client.post("/v1/matches", json={"game": "jabberwocky", "seats": SEATS, "options": OPTIONS},
                             name="/v1/matches [create]")  # fmt: skip
        match = r.json()["match"]
        tokens = [
            self.client.post(f"/v1/matches/{match}/join", json={"seat": s}, name="/v1/matches/{id}/join").json()[
                "token"
            ]
            for s in range(SEATS)
        ]
        seed = random.randrange(1 << 30)
        seats = [gevent.spawn(play_seat, self.host, match, t, random.Random(seed + i)) for i, t in enumerate(tokens)]
        gevent.joinall(seats, timeout=MATCH_TIMEOUT_S + 10)
        failed = [g.exception for g in seats if g.exception is not None]
        fire("WS match", started, exc=failed[0] if failed else None)


class SpectatorUser(HttpUser):
    """A spectator: find an active match in the lobby and watch it to the end."""

    weight = 10
    wait_time = between(0.5, 1.5)

    @task
    def watch(self) -> None:
        r = self.client.get("/v1/matches", params={"status": "active", "game": "jabberwocky", "limit": 50},
                            name="/v1/matches [active]")  # fmt: skip
        live = r.json().get("matches", [])
        if not live:
            return
        match = random.choice(live)["match"]
        sock = Socket(self.host, match)
        try:
            state = sock.request({"type": "subscribe", "match": match}, "WS subscribe (spectator)")
            status = state["status"]
            deadline = time.monotonic() + MATCH_TIMEOUT_S
            while status == "active" and time.monotonic() < deadline:
                t = time.perf_counter()
                f = sock.recv()
                if f["type"] == "event":
                    status = f["status"]
                    fire("WS event (spectator)", t, length=0)
        finally:
            sock.close()


class LobbyUser(HttpUser):
    """REST only: the lobby's traffic (list, create, join, read)."""

    weight = 1
    wait_time = between(0.1, 0.5)
    mine: list[str]

    def on_start(self) -> None:
        self.mine = []

    @task(6)
    def list_matches(self) -> None:
        self.client.get("/v1/matches", params={"status": "open", "limit": 50}, name="/v1/matches [list]")

    @task(2)
    def create(self) -> None:
        r = self.client.post("/v1/matches", json={"game": "jabberwocky", "seats": SEATS, "options": OPTIONS},
                             name="/v1/matches [create]")  # fmt: skip
        if r.status_code == 201:
            self.mine = [*self.mine[-20:], r.json()["match"]]

    @task(3)
    def join(self) -> None:
        r = self.client.get("/v1/matches", params={"status": "open", "limit": 20}, name="/v1/matches [list]")
        open_ = [m for m in r.json().get("matches", []) if m["open_seats"]]
        if open_:
            m = random.choice(open_)
            with self.client.post(f"/v1/matches/{m['match']}/join", json={}, name="/v1/matches/{id}/join",
                                  catch_response=True) as resp:  # fmt: skip
                if resp.status_code in (409, 410):  # someone else took the last seat: normal in a lobby
                    resp.success()

    @task(2)
    def read(self) -> None:
        if self.mine:
            self.client.get(f"/v1/matches/{random.choice(self.mine)}", name="/v1/matches/{id}")

    @task(1)
    def catalogue(self) -> None:
        self.client.get("/v1/games")


class _NotAUser(User):  # keeps locust from complaining when a file lists no default class
    abstract = True
