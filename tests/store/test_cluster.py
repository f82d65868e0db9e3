"""The core match flow and the cross-instance fan-out against a local three-master Redis Cluster."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from vorpal_client import LiveConnection, Unauthorized, VorpalClient, play

from server.store import Store
from server.store.keys import channel, lobby_index
from tests.live.test_multi_instance import collect, step
from tests.support.cluster import LocalCluster
from tests.support.servers import RecordingLive, ServerProcess, check_stored, seated_match, start_instances, stop_all

pytestmark = [pytest.mark.anyio, pytest.mark.faults]  # long: `make test-faults`, outside `make test`


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCluster]:
    with LocalCluster(Path(tmp_path_factory.mktemp("cluster"))) as c:
        yield c


@pytest.fixture(scope="module")
def pair(cluster: LocalCluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    procs = start_instances(cluster.url, 2, log_dir=Path(tmp_path_factory.mktemp("cluster-logs")))
    yield procs
    stop_all(procs)


async def on_two_masters(api: VorpalClient, store: Store, count: int) -> list[tuple[str, list[str]]]:
    """At least ``count`` seated matches whose channels are read from more than one master.

    Match ids are random, so six matches share one master about once in 243 draws: drawing on
    until a second master appears makes the cross-master fan-out certain rather than likely.
    """
    made: list[tuple[str, list[str]]] = []
    masters: set[str] = set()
    for _ in range(count + 40):  # 40 more draws all on one master: 3**-40
        if len(made) >= count and len(masters) > 1:
            break
        made.append(await seated_match(api, "jabberwocky", 3, {"rounds": 1}))
        masters.add(await store.pubsub_node(channel(made[-1][0])))
    assert len(masters) > 1
    return made


async def test_matches_play_to_the_end_on_a_cluster(pair: list[ServerProcess], cluster: LocalCluster) -> None:
    a, b = pair
    store = Store.from_url(cluster.url)
    try:
        async with VorpalClient(a.url) as api:
            created = await on_two_masters(api, store, 6)
            with_bots = (await api.create_match("jabberwocky", 3, bots=[0, 1, 2], options={"rounds": 1})).match
            lives = [RecordingLive([a.url, b.url][i % 2 :]) for i in range(len(created) * 3)]
            for live in lives:
                await live.connect()
            finals = await asyncio.wait_for(
                asyncio.gather(*(
                    play("", m, t, seed=i, live=lives[i]) for i, (m, t) in
                    enumerate((m, t) for m, tokens in created for t in tokens)
                )), 120,
            )  # fmt: skip
            assert {f["status"] for f in finals} == {"finished"}
            for live in lives:
                await live.close()
            for _ in range(300):
                if (await api.state(with_bots)).status == "finished":
                    break
                await asyncio.sleep(0.05)
            assert (await api.state(with_bots)).status == "finished"
            listed = {m.match for m in await api.list_matches(status="finished", limit=500)}
            assert {m for m, _ in created} | {with_bots} <= listed

        acked = [m for live in lives for m in live.acked]
        for m, _ in created:
            await check_stored(store, m, acked)
        await check_stored(store, with_bots, [])
    finally:
        await store.close()


async def test_fan_out_across_instances_on_a_cluster(pair: list[ServerProcess]) -> None:
    a, b = pair
    async with VorpalClient(a.url) as api_a, VorpalClient(b.url) as api_b:
        matches = [await seated_match(api_a, "jabberwocky", 3, {"rounds": 1}) for _ in range(4)]
        for match, tokens in matches:
            async with LiveConnection(a.url) as seat0:
                await seat0.auth(tokens[0])
                start = (await seat0.subscribe(match))["version"]
                v = start
                while (await api_b.state(match)).status == "active":
                    v = await step(api_b, match, tokens)
                frames = await collect(seat0, match, v)
                assert [f["version"] for f in frames] == list(range(start + 1, v + 1))
                assert frames[-1]["status"] == "finished"


async def test_accounts_register_rotate_and_join_on_a_cluster(pair: list[ServerProcess]) -> None:
    a, b = pair
    async with VorpalClient(a.url) as api_a, VorpalClient(b.url) as api_b:
        issued = [await api_a.register(f"acct{i}") for i in range(5)]  # random ids: slots on several masters
        match = (await api_a.create_match("jabberwocky", 5, options={"rounds": 1})).match
        for i, one in enumerate(issued):
            rotated = await api_b.rotate_key(one.key)
            with pytest.raises(Unauthorized):
                await api_a.account(one.key)  # the old key is refused by every instance at once
            seat = await (api_a if i % 2 else api_b).join(match, key=rotated.key)
            assert seat.account == one.account.id
        state = await api_b.state(match)
        assert state.status == "active" and state.accounts == [one.account.id for one in issued]


async def test_the_lobby_pages_and_repairs_its_indexes_on_a_cluster(pair: list[ServerProcess],
                                                                    cluster: LocalCluster) -> None:  # fmt: skip
    """The indexes live in their own slot; pages are read in two steps and the upkeep walks them as on one Redis."""
    a, _ = pair
    async with httpx.AsyncClient(base_url=a.url) as api:
        made = [(await api.post("/v1/matches", json={"game": "mome", "seats": 2})).json() for _ in range(5)]
        order = [m["match"] for m in sorted(made, key=lambda m: (m["created"], m["match"]), reverse=True)]
        first = (await api.get("/v1/matches", params={"game": "mome", "status": "open", "limit": 3})).json()
        second = (await api.get("/v1/matches", params={"game": "mome", "status": "open", "limit": 3,
                                                        "cursor": first["next"]})).json()  # fmt: skip
        assert [m["match"] for m in first["matches"] + second["matches"]][:5] == order
        started = order[0]
        for _ in range(2):
            await api.post(f"/v1/matches/{started}/join", json={})
    store = Store.from_url(cluster.url)
    try:
        await store.redis.delete(lobby_index("active", "mome"))  # an index lost: the walk fills it again
        for _ in range(8):
            await store.repair_lobby(batch=1000)
        assert await store.redis.zscore(lobby_index("active", "mome"), started) is not None
        assert await store.redis.zscore(lobby_index("open", "mome"), started) is None
    finally:
        await store.close()
