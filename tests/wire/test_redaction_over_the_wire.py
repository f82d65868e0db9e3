"""What reaches each socket is exactly the engine's redaction for that recipient, for every game.

Each game is played to the end over real WebSockets by SDK bots while a
spectator watches; every frame each of them receives is recorded. The match
is then replayed from its stored seed and log, and every recorded frame is
checked against the table at its version: the view and event equal the
engine's redaction for that recipient, and no frame carries a fact hidden
from it (another seat's private part, or the secret part).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from vorpal_client import LiveConnection, VorpalClient, play
from vorpal_protocol import decode_server

from server import games
from server.domain.views import log_entry
from server.engine import Rng, Rules, Table, copy_table
from server.store import Store
from server.store.embedded import EmbeddedRedis
from tests.games.test_games_generic import _hidden_from, _strings
from tests.support.servers import ServerProcess

pytestmark = pytest.mark.anyio

#: Options that keep a random match short (random shamans play Zimby Mojo to its round limit).
SHORT = {"jabberwocky": {"rounds": 2}, "zimby_mojo": {"round_limit": 10}}


class Recording(LiveConnection):
    """A connection that keeps a copy of every frame it receives."""

    def __init__(self, url: str, protocol: str = "v2") -> None:
        super().__init__(url, protocol=protocol)
        self.frames: list[dict[str, Any]] = []

    def _on_frame(self, data: bytes) -> None:
        self.frames.append(decode_server(data).model_dump(exclude_none=True))
        super()._on_frame(data)


async def replay(store: Store, match: str) -> tuple[Rules, dict[int, Table[Any, Any, Any]], dict[int, dict[str, Any]]]:
    """The table after every version, and every log entry, rebuilt from the seed and the moves."""
    record, _ = await store.load(match)
    rules = games.get(record.game)
    table, rng = rules.setup(rules.parse_options(record.options), record.seats, record.seed)
    tables = {0: copy_table(table)}
    entries = {}
    for entry in await store.log(match):
        if entry["kind"] == "move":
            rules.act(table, rng, entry["seat"], entry["move"])
        tables[entry["v"]] = copy_table(table)
        entries[entry["v"]] = entry
    assert isinstance(rng, Rng)
    return rules, tables, entries


def without(view: dict[str, Any], constants: set[str]) -> dict[str, Any]:
    return {**view, "public": {k: x for k, x in view["public"].items() if k not in constants}}


def check(rules: Rules, tables: dict[int, Any], entries: dict[int, Any], frames: list[dict[str, Any]],
          seat: int | None, protocol: str) -> int:  # fmt: skip
    #: The public part's constant fields, which no v2 frame holds (PROTOCOL.md, section 12).
    constants = set(rules.game.public_type.constant_fields) if protocol == "v2" else set()
    checked = 0
    for frame in frames:
        if frame["type"] == "event":
            v = frame["version"]
            assert frame["event"] == log_entry(entries[v], seat)["event"]
            if "view" in frame:
                assert frame["view"] == without(rules.view(tables[v], seat), constants)
                legal = [rules.dump_move(m) for m in rules.legal_moves(tables[v], seat)] if seat is not None else []
                assert frame.get("legal", []) == (legal if frame["status"] == "active" else [])
        elif frame["type"] == "ack" and "view" in frame.get("result", {}):
            v = frame["result"]["version"]
            # v2: the constant fields a view leaves out (they come from the catalogue) are named.
            assert set(frame["result"].get("constants") or ()) == (constants if protocol == "v2" else set())
            assert frame["result"]["view"] == without(rules.view(tables[v], seat), constants)
        else:
            continue
        v = frame.get("version", frame.get("result", {}).get("version"))
        hidden = _hidden_from(tables[v], seat) | _hidden_from(tables[max(v - 1, 0)], seat)
        visible = _strings(rules.view(tables[v], seat)) | _strings(rules.view(tables[max(v - 1, 0)], seat))
        if seat is not None and entries.get(v, {}).get("seat") == seat:
            visible |= _strings(entries[v].get("move"))
        # Legal moves are checked above against the engine's, which reads the seat's view only;
        # their vocabulary (a colour a move names) is not a fact about anyone's hand.
        shown = {k: v for k, v in frame.items() if k != "legal"}
        assert not (_strings(shown) & hidden) - visible, f"frame to {seat} leaks: {shown}"
        checked += 1
    return checked


@pytest.mark.parametrize("protocol", ["v1", "v2"])
@pytest.mark.parametrize("rules", games.GAMES, ids=[r.name for r in games.GAMES])
async def test_every_frame_is_the_engines_redaction_for_its_recipient(
    server: ServerProcess, redis_server: EmbeddedRedis, rules: Rules, protocol: str
) -> None:
    """In v1 every event frame carries the recipient's whole view; in v2 a patch (whose strings are
    checked for leaks like any frame's; that the patches make the views is the vectors' and the SDK
    tests' business), and the subscription's view without the constant fields it names."""
    seats = min(max(rules.game.min_seats, 2), rules.game.max_seats)  # a solo game has one seat
    async with VorpalClient(server.url) as api:
        match = (await api.create_match(rules.name, seats, options=SHORT.get(rules.name, {}))).match
        tokens = [(await api.join(match, name=f"p{i}")).token for i in range(seats)]
    conns = [Recording(server.url, protocol) for _ in range(seats)]
    spectator = Recording(server.url, protocol)
    for c in [*conns, spectator]:
        await c.connect()
    try:
        await spectator.subscribe(match, since=0)
        await asyncio.wait_for(
            asyncio.gather(
                *(
                    play(server.url, match, t, seed=i, live=c)
                    for i, (t, c) in enumerate(zip(tokens, conns, strict=True))
                )
            ),
            120,
        )
        while (await spectator.subscribe(match))["status"] != "finished":
            await asyncio.sleep(0.05)
    finally:
        for c in [*conns, spectator]:
            await c.close()
    store = Store.from_url(redis_server.url)
    try:
        rules_, tables, entries = await replay(store, match)
    finally:
        await store.close()
    counted = [check(rules_, tables, entries, c.frames, s, protocol) for s, c in enumerate(conns)]
    counted.append(check(rules_, tables, entries, spectator.frames, None, protocol))
    assert all(n > 0 for n in counted)
