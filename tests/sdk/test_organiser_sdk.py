"""The Python SDK speaks the organiser's and the admin's tools (issue 42, finding 5): a tournament
paused, decided, withdrawn from, resumed and cancelled; accounts listed and enabled again; a ladder
edited, paused, given a new season and deleted."""

from __future__ import annotations

import pytest
from vorpal_client import VorpalClient
from vorpal_client.errors import ApiError

from tests.support.servers import ADMIN_KEY, ServerProcess

pytestmark = pytest.mark.anyio
SLOW = {"kind": "per_decision", "limit_ms": 600_000}  # no clock decides anything here


async def test_an_organiser_runs_its_tournament_from_the_sdk(admin_server: ServerProcess) -> None:
    async with VorpalClient(admin_server.url) as api:
        org = await api.register("py-arbiter")
        players = [await api.register(f"py-entrant{i}") for i in range(4)]
        t = await api.create_tournament(org.key, "py arbitrated", "gimble", format="swiss", time_control=SLOW,
                                        rounds=3, max_entrants=4)  # fmt: skip
        assert t.max_entrants == 4
        for p in players:
            await api.register_tournament(t.id, p.key)
        t = await api.start_tournament(t.id, org.key)
        t = await api.pause_tournament(t.id, org.key)
        assert t.paused
        for pairing in t.rounds[0].pairings:
            t = await api.adjudicate(t.id, pairing.match, [0], org.key, reason="arbiter's call")
        assert [(a.winners, a.by) for a in t.adjudications] == [([0], org.account.id)] * 2
        out = players[1].account.id
        t = await api.withdraw_from_tournament(t.id, out, org.key, reason="left")
        assert [(w.account, w.by) for w in t.withdrawn] == [(out, "organiser")]
        t = await api.resume_tournament(t.id, org.key)
        assert len(t.rounds) == 2 and all(out not in p.accounts for p in t.rounds[1].pairings)
        assert next(s for s in t.standings if s.account == out).withdrawn
        t = await api.cancel_tournament(t.id, org.key)
        assert t.status == "cancelled" and t.over
        with pytest.raises(ApiError) as refused:
            await api.pause_tournament(t.id, org.key)
        assert refused.value.code == "tournament_over"


async def test_an_admin_runs_accounts_and_ladders_from_the_sdk(admin_server: ServerProcess) -> None:
    async with VorpalClient(admin_server.url) as api:
        issued = await api.register("py-to-disable")
        assert (await api.disable_account(issued.account.id, ADMIN_KEY)).disabled
        assert not (await api.enable_account(issued.account.id, ADMIN_KEY)).disabled
        assert issued.account.id in [a.id for a in await api.admin_accounts(ADMIN_KEY, limit=7)]
        ladder = await api.create_ladder(ADMIN_KEY, "py board", "brillig", 2)
        assert (await api.edit_ladder(ladder.id, ADMIN_KEY, name="py board II")).name == "py board II"
        assert (await api.pause_ladder(ladder.id, ADMIN_KEY)).paused
        assert not (await api.resume_ladder(ladder.id, ADMIN_KEY)).paused
        assert (await api.new_season(ladder.id, ADMIN_KEY)).season == 2
        assert await api.leaderboard(ladder.id, season=1) == []
        await api.delete_ladder(ladder.id, ADMIN_KEY)
        with pytest.raises(ApiError) as gone:
            await api.ladder(ladder.id)
        assert gone.value.code == "ladder_not_found"
