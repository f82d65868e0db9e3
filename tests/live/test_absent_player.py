"""Issue 42, finding 1: in a 4-player round robin at 1,000 ms per decision, an account that never
connected won 3-0 on the default moves the server made for it, each match running the full clock
at every decision. Now it forfeits each match at its first timeout and ends with no points.

On a stepped clock, in process: the absent account's deadlines are stepped to whenever only it is
waited on (:func:`~tests.support.inprocess.step_to_the_absent`), so nothing waits for a second to pass.
"""

from __future__ import annotations

import asyncio

import httpx
import pytest
from vorpal_client import VorpalClient, play_tournament

from server.store.embedded import EmbeddedRedis
from tests.support.inprocess import InProcessServer, step_to_the_absent

pytestmark = pytest.mark.anyio

CLOCK = {"kind": "per_decision", "limit_ms": 1000}  # on_timeout left at its default, as the README shows


async def test_an_account_that_never_connects_ends_a_round_robin_with_no_points(redis_server: EmbeddedRedis) -> None:
    async with (
        InProcessServer(redis_server.url) as server,
        VorpalClient(server.url) as api,
        httpx.AsyncClient(base_url=server.url) as http,
    ):
        org = await api.register("rr-org")
        players = [await api.register(f"rr-{i}") for i in range(4)]
        absent = players[3]
        t = await api.create_tournament(org.key, "absent", "gimble", format="round_robin", time_control=CLOCK)
        for player in players:
            await api.register_tournament(t.id, player.key)
        await api.start_tournament(t.id, org.key)
        runners = [play_tournament(server.url, t.id, player.key, seed=i) for i, player in enumerate(players[:3])]
        stop = asyncio.Event()
        stepper = asyncio.create_task(step_to_the_absent(server, t.id, absent.account.id, stop))
        try:
            await asyncio.wait_for(asyncio.gather(*runners), 240)
        finally:
            stop.set()
            await asyncio.wait_for(stepper, 30)

        final = await api.tournament(t.id)
        assert final.status == "finished"
        points = {s.account: s.points for s in final.standings}
        assert points[absent.account.id] == 0
        assert sum(points.values()) == len([p for r in final.rounds for p in r.pairings])  # one point a match
        theirs = [m for r in final.rounds for m in r.pairings if absent.account.id in m.accounts]
        assert len(theirs) == 3
        played = [p for p in theirs if p.match]
        assert len(played) == 2  # absent from two matches in a row, it was withdrawn: the third is a walkover
        assert [w.account for w in final.withdrawn] == [absent.account.id]
        for pairing in theirs:
            seat = pairing.accounts.index(absent.account.id)
            assert pairing.absent == [seat] and pairing.winners == [1 - seat]
        for pairing in played:
            seat = pairing.accounts.index(absent.account.id)
            events = (await http.get(f"/v1/matches/{pairing.match}/events")).json()["events"]
            # Over at its first decision: the seat forfeited at its first timeout, and the server made no
            # move for it (nothing after the forfeit, no default moves before it).
            forfeit = [e["event"]["public"] for e in events if e["event"]["public"]["type"] == "forfeit"]
            assert forfeit == [{"type": "forfeit", "seat": seat, "ended": True}]
            assert events[-1]["event"]["public"]["type"] == "forfeit"
