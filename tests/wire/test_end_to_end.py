"""Whole matches through a real server: SDK bots over WebSocket, a REST-only client, resume."""

from __future__ import annotations

import asyncio
import random
import uuid

import pytest
from vorpal_client import LiveConnection, VorpalClient, play
from vorpal_client.live import ws_url

from tests.support.servers import ServerProcess

pytestmark = pytest.mark.anyio


async def test_four_sdk_bots_finish_a_match_over_websocket(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api:
        match = (await api.create_match("jabberwocky", 4, options={"rounds": 4})).match
        seats = [await api.join(match, name=f"bot{i}") for i in range(4)]
        finals = await asyncio.gather(*(play(server.url, match, s.token, seed=i) for i, s in enumerate(seats)))
        assert {f["status"] for f in finals} == {"finished"}
        state = await api.state(match)
        assert state.status == "finished" and state.outcome is not None
        assert state.outcome["winners"] and len(state.outcome["scores"]) == 4
        # Every seat saw the same final version; the log holds every step once.
        log = await api.events(match)
        assert [e.version for e in log] == list(range(1, state.version + 1))


async def test_a_rest_only_client_plays_a_match(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api:
        match = (await api.create_match("jabberwocky", 3, bots=[1, 2], options={"rounds": 3})).match
        me = await api.join(match, name="rest")
        pick = random.Random(3)
        for _ in range(2000):
            state = await api.state(match, me.token)
            if state.status == "finished":
                break
            if state.legal:
                await api.move(match, me.token, pick.choice(state.legal), version=state.version,
                               move_id=uuid.uuid4().hex)  # fmt: skip
            else:
                await asyncio.sleep(0.01)  # the server's bots are playing
        assert state.status == "finished"
        assert state.view["private"]["hand"] == []


async def test_a_client_that_disconnects_resumes_with_exactly_the_missed_events(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api:
        match = (await api.create_match("jabberwocky", 3, options={"rounds": 2})).match
        seats = [await api.join(match, name=f"p{i}") for i in range(3)]
        async with LiveConnection(server.url) as watcher:
            await watcher.auth(seats[0].token)
            first = await watcher.subscribe(match)
            seen: list[int] = []

            async def drain_until(version: int) -> None:
                while not seen or seen[-1] < version:
                    frame = await asyncio.wait_for(watcher.events.get(), 30)
                    if frame["type"] == "event":
                        seen.append(frame["version"])
                    elif frame["type"] == "resumed":
                        pass

            # Seat 0 plays its turns over REST, the others too; the watcher drops mid-match.
            async def step() -> int:
                state = await api.state(match, seats[0].token)
                actor = state.to_act[0]
                legal = await api.legal(match, seats[actor].token)
                result = await api.move(match, seats[actor].token, legal[0], version=state.version,
                                        move_id=uuid.uuid4().hex)  # fmt: skip
                return result.version

            v = first["version"]
            for _ in range(5):
                v = await step()
            await drain_until(v)
            await watcher.drop()
            for _ in range(7):  # played while the watcher is away
                v = await step()
            await drain_until(v)
            assert seen == list(range(first["version"] + 1, v + 1))  # each version exactly once, in order
            assert watcher.reconnects == 1


async def test_a_move_sent_while_the_connection_resumes_waits_for_the_seat_to_be_back(server: ServerProcess) -> None:
    # A second "instance" that accepts connections and never answers holds the reconnect
    # until the test lets it go: a window in which the connection is down, by construction.
    held: list[asyncio.StreamWriter] = []
    reconnecting = asyncio.Event()

    async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)
        reconnecting.set()
        await reader.read()

    hung = await asyncio.start_server(hold, "127.0.0.1", 0)
    hung_url = f"http://127.0.0.1:{hung.sockets[0].getsockname()[1]}"
    try:
        async with VorpalClient(server.url) as api:
            match = (await api.create_match("jabberwocky", 3, options={"rounds": 1})).match
            seats = [await api.join(match, name=f"p{i}") for i in range(3)]
            actor = (await api.state(match)).to_act[0]
        async with LiveConnection([server.url, hung_url]) as live:
            await live.auth(seats[actor].token)
            first = await live.subscribe(match)
            await live.drop()
            await reconnecting.wait()
            assert not live.connected
            # Sent while the connection is down: it must reach the server after the seat's token.
            move = asyncio.create_task(
                live.move(match, first["legal"][0], version=first["version"], move_id=uuid.uuid4().hex)
            )
            await asyncio.sleep(0)
            for writer in held:  # the hung instance gives up; the next URL is the real server
                writer.close()
            assert (await move)["version"] == first["version"] + 1
            assert live.connected and live.reconnects == 1
    finally:
        hung.close()


async def test_spectators_receive_public_data_only(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api:
        match = (await api.create_match("jabberwocky", 3, bots=[0, 1, 2], options={"rounds": 1})).match
        async with LiveConnection(server.url) as spectator:
            state = await spectator.subscribe(match, since=0)
            assert state["you"] is None and "private" not in state["view"]
            while not spectator.events.empty():
                frame = spectator.events.get_nowait()
                assert "private" not in frame["event"]
                assert frame.get("view") is None or "private" not in frame["view"]
                assert "legal" not in frame or frame["legal"] is None
        full = await api.state(match)
        assert "private" not in full.view


def test_a_connection_for_one_match_names_it_for_load_balancers() -> None:
    assert ws_url("http://h:8000/") == "ws://h:8000/v1/ws"
    assert ws_url("https://h", "a b") == "wss://h/v1/ws?match=a+b"
    urls = [f"http://10.0.0.{i}:8000" for i in range(4)]
    # With several instances and no load balancer, every seat of a match starts on the same one.
    firsts = {m: LiveConnection(urls, match=m).url for m in "abcdefgh"}
    assert all(LiveConnection(urls, match=m).url == u for m, u in firsts.items())
    assert len(set(firsts.values())) > 1
    assert all(u.endswith(f"/v1/ws?match={m}") for m, u in firsts.items())
