"""A WebSocket signed in as an account (PROTOCOL.md section 3, "The account session").

An ``auth`` frame with an API key signs the socket in; from then on every new notice of the
account's inbox is pushed as a ``notice`` frame, the kept ones above ``since`` first, each
once and in ``seq`` order, wherever the notice was written (any instance, any process). The
socket may queue on ladders with the same answers and codes as REST.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import websockets
from vorpal_client import LiveConnection, VorpalClient
from vorpal_client.errors import ApiError
from vorpal_client.ladder import play_ladder
from vorpal_client.live import ws_url
from vorpal_client.notices import NoticeFeed
from vorpal_protocol import SUBPROTOCOL, decode_server, encode

from server.domain.inbox import Inbox
from server.store import Store
from server.store.embedded import EmbeddedRedis
from server.store.inbox import RedisInbox
from tests.support.servers import ADMIN_KEY, ServerProcess, start_instances, stop_all

pytestmark = pytest.mark.anyio

ENV = {"VORPAL_ADMIN_KEY": ADMIN_KEY, "VORPAL_SCHEDULE_TICK_S": "0.2"}
BOUND_S = 60.0  # a bound on waiting, never a pause: each wait ends as soon as its frame is read


@pytest.fixture(scope="module")
def instances(redis_server: EmbeddedRedis, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    """Two instances on one Redis, each running the ladders' pairing loop."""
    procs = start_instances(redis_server.url, 2, log_dir=Path(tmp_path_factory.mktemp("sessions")), env=ENV)
    yield procs
    stop_all(procs)


@pytest.fixture
async def inbox(redis_server: EmbeddedRedis) -> AsyncIterator[Inbox]:
    """The inbox as the server writes it, from this process: a writer that is neither instance."""
    store = Store.from_url(redis_server.url)
    yield Inbox(RedisInbox(store.redis))
    await store.close()


async def next_notice(live: LiveConnection) -> dict[str, Any]:
    return await asyncio.wait_for(live.notices.get(), BOUND_S)


async def notices_until(live: LiveConnection, seq: int) -> list[int]:
    """The seqs read from ``live`` up to and including ``seq``."""
    seen: list[int] = []
    while not seen or seen[-1] < seq:
        seen.append((await next_notice(live))["seq"])
    return seen


class RawSocket:
    """Frames as they come, for the tests that look at order and codes."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.ids = 0

    async def send(self, frame: dict[str, Any]) -> int:
        self.ids += 1
        await self.ws.send(encode({**frame, "id": self.ids}))
        return self.ids

    async def read(self) -> dict[str, Any]:
        data = await asyncio.wait_for(self.ws.recv(), BOUND_S)
        frame: dict[str, Any] = decode_server(data).model_dump(exclude_none=True)
        return frame

    async def until_reply(self, rid: int) -> list[dict[str, Any]]:
        """Every frame read up to and including the reply to ``rid``."""
        frames = [await self.read()]
        while frames[-1].get("id") != rid:
            frames.append(await self.read())
        return frames

    async def ask(self, frame: dict[str, Any]) -> dict[str, Any]:
        return (await self.until_reply(await self.send(frame)))[-1]


@asynccontextmanager
async def raw(server: ServerProcess) -> AsyncIterator[RawSocket]:
    async with websockets.connect(ws_url(server.url), subprotocols=[SUBPROTOCOL]) as ws:  # type: ignore[list-item]
        yield RawSocket(ws)


async def registered(api: VorpalClient, name: str) -> tuple[str, str]:
    issued = await api.register(name)
    return issued.account.id, issued.key


# -- a pairing announced on another instance ------------------------------------------------


async def test_a_pairing_reaches_the_signed_in_sockets_on_every_instance(instances: list[ServerProcess]) -> None:
    one, two = instances
    async with VorpalClient(one.url) as api:
        ladder = (await api.create_ladder(ADMIN_KEY, "Session duels", "brillig", 2, widen_per_s=5.0)).id
        (_, key_a), (_, key_b) = await registered(api, "ada"), await registered(api, "bo")
        # Each account is signed in on both instances: whichever pairs the ladder, one socket
        # of each account is on the other one.
        sockets = {(key, proc.url): LiveConnection(proc.url) for key in (key_a, key_b) for proc in instances}
        for (key, _), live in sockets.items():
            await live.connect()
            assert (await live.sign_in(key))["seq"] == 0
        try:
            assert (await sockets[(key_a, one.url)].queue(ladder))["queued"] is True
            assert (await sockets[(key_b, two.url)].queue(ladder))["queued"] is True
            pushed = {where: await next_notice(live) for where, live in sockets.items()}
            for (key, _), notice in pushed.items():
                assert notice["kind"] == "match_found" and notice["seq"] == 1
                assert notice["data"]["ladder"] == ladder
                kept = await api.inbox(key)
                assert [(n.seq, n.at, n.kind, n.data) for n in kept] == [
                    (notice["seq"], notice["at"], notice["kind"], notice["data"])
                ]
            assert pushed[(key_a, one.url)] == pushed[(key_a, two.url)]
            matches = {notice["data"]["match"] for notice in pushed.values()}
            assert len(matches) == 1  # one match for the two of them
        finally:
            for live in sockets.values():
                await live.close()


async def test_a_notice_written_by_any_process_is_pushed_once(instances: list[ServerProcess], inbox: Inbox) -> None:
    async with VorpalClient(instances[1].url) as api, LiveConnection(instances[1].url) as live:
        account, key = await registered(api, "cy")
        await live.sign_in(key)
        await inbox.notify(account, "round_started", {"round": 1}, at=1_700_000_000_000)
        notice = await next_notice(live)
        assert notice == {"type": "notice", "seq": 1, "at": 1_700_000_000_000, "kind": "round_started",
                          "data": {"round": 1}}  # fmt: skip
        await live.ping()
        assert live.notices.empty()


# -- resuming ----------------------------------------------------------------------------------


async def test_since_replays_the_kept_notices_before_the_ack_then_live_ones(
    instances: list[ServerProcess], inbox: Inbox
) -> None:
    async with VorpalClient(instances[0].url) as api:
        account, key = await registered(api, "di")
        for n in range(1, 5):
            await inbox.notify(account, "note", {"n": n}, at=n)
        async with raw(instances[0]) as sock:
            frames = await sock.until_reply(await sock.send({"type": "auth", "token": key, "since": 2}))
            assert [(f["type"], f.get("seq")) for f in frames] == [("notice", 3), ("notice", 4), ("ack", None)]
            assert frames[-1]["result"] == {"account": account, "name": "di", "seq": 4}
            await inbox.notify(account, "note", {"n": 5}, at=5)
            assert (await sock.read())["data"] == {"n": 5}
        async with raw(instances[0]) as sock:  # without since: nothing replayed, only what is new
            assert (await sock.ask({"type": "auth", "token": key}))["result"]["seq"] == 5
            await inbox.notify(account, "note", {"n": 6}, at=6)
            assert (await sock.read())["seq"] == 6


async def test_a_reconnect_resumes_with_since_and_misses_or_repeats_nothing(
    instances: list[ServerProcess], inbox: Inbox
) -> None:
    async with VorpalClient(instances[0].url) as api, LiveConnection([p.url for p in instances]) as live:
        account, key = await registered(api, "ed")
        await live.sign_in(key, since=0)
        for n in range(1, 4):
            await inbox.notify(account, "note", {"n": n}, at=n)
        assert await notices_until(live, 3) == [1, 2, 3]
        await live.drop()  # the SDK reconnects (to the other instance) and signs in with since=3
        for n in range(4, 7):  # written whether the socket is back yet or not
            await inbox.notify(account, "note", {"n": n}, at=n)
        assert await notices_until(live, 6) == [4, 5, 6]
        assert live.reconnects >= 1
        await inbox.notify(account, "note", {"n": 7}, at=7)
        assert await notices_until(live, 7) == [7]
        await live.ping()
        assert live.notices.empty()  # and nothing came twice


# -- queueing --------------------------------------------------------------------------------


async def test_queueing_over_the_socket_answers_as_rest_does(instances: list[ServerProcess]) -> None:
    server = instances[0]
    async with VorpalClient(server.url) as api:
        # A ladder of its own, that nobody else queues on: the account waits alone.
        ladder = (await api.create_ladder(ADMIN_KEY, "Lonely duels", "brillig", 2)).id
        _, key = await registered(api, "fay")
        async with raw(server) as sock:
            queue, unqueue = {"type": "queue", "ladder": ladder}, {"type": "unqueue", "ladder": ladder}
            assert (await sock.ask(queue))["code"] == "unauthorized"  # not signed in
            await sock.ask({"type": "auth", "token": key})
            joined = await sock.ask(queue)
            assert joined["type"] == "ack" and joined["result"]["queued"] is True
            assert joined["result"]["ladder"] == ladder and joined["result"]["since"] > 0
            assert (await api.ladder_status(ladder, key)).queued is True
            assert (await sock.ask(queue))["code"] == "already_queued"
            assert (await sock.ask(unqueue))["result"] == {"ladder": ladder, "queued": False}
            assert (await api.ladder_status(ladder, key)).queued is False
            assert (await sock.ask(unqueue))["code"] == "not_queued"
            assert (await sock.ask({"type": "queue", "ladder": "NoSuchOne1"}))["code"] == "ladder_not_found"


async def test_refusals_have_stable_codes(instances: list[ServerProcess]) -> None:
    server = instances[0]
    async with VorpalClient(server.url) as api:
        ladder = (await api.create_ladder(ADMIN_KEY, "Refusals", "brillig", 2)).id
        account, key = await registered(api, "gus")
        async with raw(server) as sock:
            assert (await sock.ask({"type": "auth", "token": "vpk_nonsense"}))["code"] == "unauthorized"
            wrong = key[:-4] + ("AAAA" if not key.endswith("AAAA") else "BBBB")
            assert (await sock.ask({"type": "auth", "token": wrong}))["code"] == "unauthorized"
            assert (await sock.ask({"type": "auth", "token": key, "since": -1}))["code"] == "bad_request"
            assert (await sock.ask({"type": "queue"}))["code"] == "bad_request"
            assert (await sock.ask({"type": "auth", "token": key}))["type"] == "ack"
            issued = await api.rotate_key(key)  # the key the socket signed in with stops working
            assert (await sock.ask({"type": "queue", "ladder": ladder}))["code"] == "unauthorized"
            await sock.ask({"type": "auth", "token": issued.key})
            await api.disable_account(account, ADMIN_KEY)
            assert (await sock.ask({"type": "queue", "ladder": ladder}))["code"] == "account_disabled"
            assert (await sock.ask({"type": "auth", "token": issued.key}))["code"] == "account_disabled"
        _, other = await registered(api, "hal")
        await api.revoke_key(other)
        async with LiveConnection(server.url) as live:
            with pytest.raises(ApiError) as refused:
                await live.sign_in(other)
            assert refused.value.code == "unauthorized"


# -- the runners -------------------------------------------------------------------------------


async def test_the_notice_feed_is_pushed_when_signed_in_and_polled_when_not(instances: list[ServerProcess]) -> None:
    one = instances[0]
    async with VorpalClient(one.url) as api:
        ladder = (await api.create_ladder(ADMIN_KEY, "Feed duels", "brillig", 2, widen_per_s=5.0)).id
        (_, key_a), (_, key_b) = await registered(api, "ivy"), await registered(api, "jo")
        pushed = NoticeFeed(one.url, api, key_a, poll_s=0.1)
        polled = NoticeFeed("http://127.0.0.1:9", api, key_b, poll_s=0.1)  # nothing listens: REST only
        await pushed.open(0)
        await polled.open(0)
        stop = asyncio.Event()
        try:
            assert pushed.pushed and not polled.pushed
            await pushed.queue(ladder)  # over the socket
            await polled.queue(ladder)  # over REST
            got_a: list[Any] = []
            got_b: list[Any] = []
            while not got_a:
                got_a = await asyncio.wait_for(pushed.next(0, stop), BOUND_S)
            while not got_b:
                got_b = await asyncio.wait_for(polled.next(0, stop), BOUND_S)
            assert [n.seq for n in got_a] == [1] and [n.seq for n in got_b] == [1]
            assert got_a[0].data["match"] == got_b[0].data["match"]
        finally:
            await pushed.close()
            await polled.close()


async def test_two_ladder_runners_on_two_instances_play_a_match(instances: list[ServerProcess]) -> None:
    async with VorpalClient(instances[0].url) as api:
        ladder = (await api.create_ladder(ADMIN_KEY, "Runner duels", "brillig", 2, widen_per_s=5.0)).id
        keys = [(await registered(api, name))[1] for name in ("kit", "lu")]
    runners = [play_ladder(p.url, ladder, key, matches=1, poll_s=0.2) for p, key in zip(instances, keys, strict=True)]
    assert await asyncio.wait_for(asyncio.gather(*runners), 240) == [1, 1]
