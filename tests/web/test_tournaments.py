"""Tournaments over the wire: bots (the SDK's runner, each with its account) play every round
to the final standings with nobody touching the tournament; refusals have stable codes.

Each bot is :func:`vorpal_client.play_tournament` with its own API key, on a real server and
a real Redis. The checks recompute what the server claims (pairings, points, Buchholz) from
the rounds it reports.
"""

from __future__ import annotations

import asyncio
import csv
import io
import itertools
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis.asyncio as aioredis
from starlette.routing import Route
from vorpal_client import LiveConnection, Tournament, VorpalClient, play_tournament

from server.config import Settings
from server.store.embedded import EmbeddedRedis
from server.store.keys import TOURNAMENTS_RUNNING, tournament_key
from server.web import tournaments
from server.web.app import create_app
from server.web.openapi import document
from tests.support.inprocess import InProcessServer, step_to_the_absent
from tests.support.servers import ADMIN_KEY, ServerProcess

pytestmark = pytest.mark.anyio

CLOCK = {"kind": "per_decision", "limit_ms": 5000, "on_timeout": "default_move"}


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def problem(r: httpx.Response, code: str, status: int) -> None:
    assert r.status_code == status, r.text
    assert r.json()["code"] == code


async def accounts(api: VorpalClient, n: int, prefix: str) -> list[tuple[str, str]]:
    """``n`` bot accounts: (account id, key)."""
    out = []
    for i in range(n):
        issued = await api.register(f"{prefix}{i}")
        out.append((issued.account.id, issued.key))
    return out


async def run_to_the_end(server: ServerProcess, body: dict[str, Any], players: int, prefix: str) -> Tournament:
    """Create a tournament, let ``players`` bots register and start it, and wait for its final standings."""
    async with VorpalClient(server.url) as api:
        organiser, *_ = await accounts(api, 1, f"{prefix}-org")
        bots = await accounts(api, players, prefix)
        t = await api.create_tournament(organiser[1], **body)
        assert t.status == "registering" and t.organiser == organiser[0]
        for _, key in bots:  # registered in this order: seeds 0, 1, ...
            await api.register_tournament(t.id, key)
        runners = [asyncio.create_task(play_tournament(server.url, t.id, key, seed=i))
                   for i, (_, key) in enumerate(bots)]  # fmt: skip
        started = await api.start_tournament(t.id, organiser[1])
        assert started.status == "running"
        finals = await asyncio.wait_for(asyncio.gather(*runners), 240)
        assert all(f.status == "finished" for f in finals)
        final = await api.tournament(t.id)
        assert [e.account for e in final.entrants] == [a for a, _ in bots]
        return final


def points_of(t: Tournament, bye_points: float) -> dict[str, float]:
    """Every player's points, recomputed from the rounds: 1 shared by a match's winners; byes as given."""
    points = {e.account: 0.0 for e in t.entrants}
    for rnd in t.rounds:
        for a in rnd.byes:
            points[a] += bye_points
        for p in rnd.pairings:
            assert p.ended
            for seat in p.winners or []:
                points[p.accounts[seat]] += 1 / len(p.winners or [])
            if p.winners == []:
                for a in p.accounts:
                    points[a] += 1 / len(p.accounts)
    return points


def met_pairs(t: Tournament) -> list[frozenset[str]]:
    return [frozenset(pair) for rnd in t.rounds for p in rnd.pairings for pair in itertools.combinations(p.accounts, 2)]


async def test_a_swiss_of_eight_bots_runs_to_its_final_standings_by_itself(server: ServerProcess) -> None:
    body = {"name": "swiss", "game": "gimble", "format": "swiss", "time_control": CLOCK}
    t = await run_to_the_end(server, body, 8, "sw")
    assert t.planned_rounds == 3 and len(t.rounds) == 3
    for rnd in t.rounds:
        assert rnd.byes == [] and len(rnd.pairings) == 4
        assert sorted(a for p in rnd.pairings for a in p.accounts) == sorted(e.account for e in t.entrants)
    pairs = met_pairs(t)
    assert len(pairs) == len(set(pairs))  # no rematch (always avoidable in 3 rounds of 8)

    points = points_of(t, bye_points=1)
    table = {s.account: s for s in t.standings}
    for s in t.standings:
        opponents = [a for rnd in t.rounds for p in rnd.pairings if s.account in p.accounts
                     for a in p.accounts if a != s.account]  # fmt: skip
        assert s.points == pytest.approx(points[s.account])
        assert s.buchholz == pytest.approx(sum(points[o] for o in opponents))
        assert s.played == 3
    ranked = [(-table[a].points, -table[a].buchholz, -table[a].median_buchholz, -table[a].wins) for a in
              [s.account for s in t.standings]]  # fmt: skip
    assert ranked == sorted(ranked)
    assert [s.rank for s in t.standings] == list(range(1, 9))

    # The results export: the same document as JSON, the standings as CSV.
    async with httpx.AsyncClient(base_url=server.url) as http:
        exported = (await http.get(f"/v1/tournaments/{t.id}/export")).json()
        assert exported["standings"] == [s.model_dump(exclude_none=True) | {"reached": None} for s in t.standings]
        r = await http.get(f"/v1/tournaments/{t.id}/export", params={"format": "csv"})
        assert r.headers["content-type"].startswith("text/csv")
        rows = list(csv.DictReader(io.StringIO(r.text)))
        assert [row["account"] for row in rows] == [s.account for s in t.standings]
        assert [float(row["buchholz"]) for row in rows] == [s.buchholz for s in t.standings]


async def test_a_single_elimination_of_five_gives_byes_to_the_top_seeds(server: ServerProcess) -> None:
    body = {"name": "ko", "game": "gimble", "format": "single_elimination", "time_control": CLOCK}
    t = await run_to_the_end(server, body, 5, "ko")
    seeds = [e.account for e in t.entrants]
    assert len(t.rounds) == 3
    first = t.rounds[0]
    assert sorted(first.byes) == sorted(seeds[:3])  # seeds 1, 2 and 3 go through
    assert [sorted(p.accounts) for p in first.pairings] == [sorted(seeds[3:])]  # seeds 4 and 5 meet
    assert len(t.rounds[1].pairings) == 2 and t.rounds[1].byes == []
    assert len(t.rounds[2].pairings) == 1
    final = t.rounds[2].pairings[0]
    champion = t.standings[0]
    assert champion.account in final.accounts and champion.reached == 4
    assert t.standings[1].account in final.accounts and t.standings[1].reached == 3


async def test_a_round_robin_of_four_for_a_three_seat_game(server: ServerProcess) -> None:
    body = {"name": "rr", "game": "gimble", "seats": 3, "format": "round_robin", "time_control": CLOCK}
    t = await run_to_the_end(server, body, 4, "rr")
    assert len(t.rounds) == 4
    assert all(len(r.pairings) == 1 and len(r.pairings[0].accounts) == 3 and len(r.byes) == 1 for r in t.rounds)
    assert sorted(a for r in t.rounds for a in r.byes) == sorted(e.account for e in t.entrants)
    pairs = met_pairs(t)
    assert len(set(pairs)) == 6 and all(pairs.count(p) == 2 for p in set(pairs))
    points = points_of(t, bye_points=0)
    assert {s.account: s.points for s in t.standings} == pytest.approx(points)


async def test_bad_input_gets_stable_codes(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api, httpx.AsyncClient(base_url=server.url) as http:
        (org, org_key), (ada, ada_key), (_, bob_key) = await accounts(api, 3, "bad")
        body: dict[str, Any] = {"name": "cup", "game": "gimble", "format": "swiss", "time_control": CLOCK}
        problem(await http.post("/v1/tournaments", json=body), "unauthorized", 401)
        problem(await http.post("/v1/tournaments", json={**body, "time_control": {"kind": "none"}},
                                headers=bearer(org_key)), "bad_request", 400)  # fmt: skip
        problem(await http.post("/v1/tournaments", json={**body, "format": "single_elimination", "seats": 3},
                                headers=bearer(org_key)), "bad_request", 400)  # fmt: skip
        problem(await http.post("/v1/tournaments", json={**body, "game": "nope"}, headers=bearer(org_key)),
                "unknown_game", 404)  # fmt: skip
        r = await http.post("/v1/tournaments", json=body, headers=bearer(org_key))
        assert r.status_code == 201, r.text
        tid = r.json()["id"]

        problem(await http.get("/v1/tournaments/tNOSUCHCUP00"), "tournament_not_found", 404)
        problem(await http.post("/v1/tournaments/tNOSUCHCUP00/register", headers=bearer(ada_key)),
                "tournament_not_found", 404)  # fmt: skip
        problem(await http.post(f"/v1/tournaments/{tid}/register"), "unauthorized", 401)
        assert (await http.post(f"/v1/tournaments/{tid}/register", headers=bearer(ada_key))).status_code == 201
        problem(await http.post(f"/v1/tournaments/{tid}/register", headers=bearer(ada_key)), "already_registered", 409)
        problem(await http.delete(f"/v1/tournaments/{tid}/register", headers=bearer(bob_key)), "not_registered", 409)
        problem(await http.post(f"/v1/tournaments/{tid}/start", headers=bearer(org_key)), "bad_request", 400)
        assert (await http.post(f"/v1/tournaments/{tid}/register", headers=bearer(org_key))).status_code == 201

        problem(await http.post(f"/v1/tournaments/{tid}/start"), "unauthorized", 401)
        problem(await http.post(f"/v1/tournaments/{tid}/start", headers=bearer(ada_key)), "forbidden", 403)
        problem(await http.post(f"/v1/tournaments/{tid}/start", headers=bearer("not-the-admin-key")), "forbidden", 403)
        r = await http.post(f"/v1/tournaments/{tid}/start", headers=bearer(org_key))
        assert r.status_code == 200 and r.json()["status"] == "running"
        problem(await http.post(f"/v1/tournaments/{tid}/register", headers=bearer(bob_key)), "tournament_started", 409)
        problem(await http.post(f"/v1/tournaments/{tid}/start", headers=bearer(org_key)), "tournament_started", 409)
        problem(await http.get(f"/v1/tournaments/{tid}/export", params={"format": "xml"}), "bad_request", 400)

        # The players' inboxes name their match and seat; the match keeps each seat for its account.
        notices = (await http.get("/v1/accounts/me/inbox", headers=bearer(ada_key))).json()["notices"]
        found = [n for n in notices if n["kind"] == "tournament_match"]
        assert found and found[0]["data"]["tournament"] == tid
        match = found[0]["data"]["match"]
        state = (await http.get(f"/v1/matches/{match}")).json()
        assert state["status"] == "active"  # its clock runs from its creation
        assert sorted(state["accounts"]) == sorted([org, ada])
        # Kept for its accounts: a stranger finds it full, as PROTOCOL.md says (issue 42: it said match_started).
        problem(await http.post(f"/v1/matches/{match}/join", json={}, headers=bearer(bob_key)), "match_full", 409)
        joined = await http.post(f"/v1/matches/{match}/join", json={}, headers=bearer(ada_key))
        assert joined.status_code == 201 and joined.json()["seat"] == state["accounts"].index(ada)


async def delayed_match(api: VorpalClient, delay: dict[str, Any]) -> tuple[str, dict[int, str]]:
    """A tournament of two with ``delay`` for spectators, started: its one match and the seats' tokens."""
    _, match, tokens, _ = await delayed_tournament(api, delay)
    return match, tokens


async def delayed_tournament(api: VorpalClient, delay: dict[str, Any]) -> tuple[str, str, dict[int, str], str]:
    """:func:`delayed_match`, with the tournament's id and a player's key."""
    (_, org_key), (_, ada_key), (_, bob_key) = await accounts(api, 3, "delay")
    t = await api.create_tournament(org_key, "delayed", "gimble", format="round_robin", spectator_delay=delay,
                                    time_control={"kind": "per_decision", "limit_ms": 600_000})  # fmt: skip
    for key in (ada_key, bob_key):
        await api.register_tournament(t.id, key)
    t = await api.start_tournament(t.id, org_key)
    match = t.rounds[0].pairings[0].match
    tokens = {}
    for key in (ada_key, bob_key):
        seat = await api.join(match, key=key)
        tokens[seat.seat] = seat.token
    return t.id, match, tokens, ada_key


async def move_once(api: VorpalClient, match: str, tokens: dict[int, str]) -> int:
    """The seat to act plays its first legal move; returns the new version."""
    for token in tokens.values():
        state = await api.state(match, token)
        if state.legal:
            result = await api.move(match, token, state.legal[0], version=state.version, move_id=uuid.uuid4().hex)
            return result.version
    raise AssertionError("nobody is to act")


async def test_a_spectator_of_a_delayed_match_sees_each_event_two_versions_late(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api, LiveConnection(server.url) as spectator:
        match, tokens = await delayed_match(api, {"moves": 2})
        first = await spectator.subscribe(match)
        seat_view = await api.state(match, tokens[0])
        assert first["version"] == seat_view.version - 2 and first["you"] is None
        seen = [first["version"]]
        for _ in range(8):
            version = await move_once(api, match, tokens)
            assert (await api.state(match, tokens[0])).version == version  # seats are not delayed
            while seen[-1] < version - 2:  # version - 2 becomes visible with this move ...
                frame = await asyncio.wait_for(spectator.events.get(), 30)
                if frame["type"] == "event":
                    seen.append(frame["version"])
            assert seen[-1] == version - 2 and spectator.events.empty()  # ... and nothing newer can be
            assert frame.get("view") is None  # a late event carries no view of the table as it is now
            rest = (await api.state(match)).version
            assert rest == version - 2
            logged = [e.version for e in await api.events(match)]
            assert logged == list(range(1, version - 1))
        assert seen == list(range(seen[0], seen[-1] + 1))


async def test_a_spectator_delay_in_seconds_holds_each_version_back_that_long(redis_server: EmbeddedRedis) -> None:
    """On a stepped clock: the move is hidden from spectators until exactly half a second after it."""
    async with InProcessServer(redis_server.url) as server, VorpalClient(server.url) as api:
        match, tokens = await delayed_match(api, {"seconds": 0.5})
        version = await move_once(api, match, tokens)
        at = next(e.at for e in await api.events(match, token=tokens[0]) if e.version == version)
        assert at == server.clock()  # the move was stamped now, and time has not moved since
        assert (await api.state(match)).version < version
        server.step(499)
        assert (await api.state(match)).version < version  # a millisecond before the half second: still hidden
        server.step(1)
        assert (await api.state(match)).version == version  # shown from half a second after the move


async def test_nothing_a_spectator_reaches_runs_ahead_of_the_delayed_view(server: ServerProcess) -> None:
    """Issue 43, finding 3: the lobby and the tournament's pages showed a delayed match's end at once."""
    async with VorpalClient(server.url) as api, httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        cup, match, tokens, ada_key = await delayed_tournament(api, {"seconds": 120})
        while (await api.state(match, tokens[0])).status == "active":
            await move_once(api, match, tokens)
        ended = await api.state(match, tokens[0])
        assert ended.status == "finished" and ended.version > 0

        async def finished() -> bool:  # the tournament has recorded the end: its players are told
            return any(n.kind == "tournament_finished" for n in await api.inbox(ada_key))

        deadline = time.monotonic() + 60
        while not await finished():
            assert time.monotonic() < deadline, "the tournament never finished"
            await asyncio.sleep(0.05)

        row = next(m for m in (await http.get("/v1/matches?limit=500")).json()["matches"] if m["match"] == match)
        assert (row["version"], row["status"], row["outcome"]) == (0, "active", None)
        listed = (await http.get("/v1/matches?status=finished&limit=500")).json()["matches"]
        assert match not in [m["match"] for m in listed]  # spectators do not see it finished yet
        again = next(m for m in (await http.get("/v1/matches?limit=500")).json()["matches"] if m["match"] == match)
        assert again == row  # the cut does not move within the delay
        shown = (await http.get(f"/v1/tournaments/{cup}")).json()
        assert shown["status"] == "running"
        assert [(p["ended"], p["winners"]) for r in shown["rounds"] for p in r["pairings"]] == [(False, None)]
        assert all(s["points"] == 0 and s["wins"] == 0 and s["played"] == 1 for s in shown["standings"])
        exported = (await http.get(f"/v1/tournaments/{cup}/export")).json()
        assert exported["rounds"] == shown["rounds"] and exported["standings"] == shown["standings"]
        table = list(csv.DictReader(io.StringIO((await http.get(f"/v1/tournaments/{cup}/export?format=csv")).text)))
        assert all(float(r["points"]) == 0 for r in table)
        listed = (await http.get("/v1/tournaments?limit=500")).json()["tournaments"]
        assert next(t for t in listed if t["id"] == cup)["status"] == "running"
        assert (await api.state(match)).version == 0  # as the match's own view says


async def test_a_player_who_never_comes_times_out_and_the_tournament_still_ends(redis_server: EmbeddedRedis) -> None:
    """On a stepped clock: bob times out when the clock is stepped to his deadline (:func:`step_to_the_absent`)."""
    quick = {"kind": "per_decision", "limit_ms": 100, "on_timeout": "default_move"}
    async with InProcessServer(redis_server.url) as server, VorpalClient(server.url) as api:
        (_, org_key), (ada, ada_key), (bob, bob_key) = await accounts(api, 3, "noshow")
        t = await api.create_tournament(org_key, "no-show", "gimble", format="round_robin", time_control=quick)
        for key in (ada_key, bob_key):
            await api.register_tournament(t.id, key)
        runner = asyncio.create_task(play_tournament(server.url, t.id, ada_key, seed=1))  # bob never comes
        await api.start_tournament(t.id, org_key)
        stop = asyncio.Event()
        stepper = asyncio.create_task(step_to_the_absent(server, t.id, bob, stop))
        try:
            final = await asyncio.wait_for(runner, 120)
        finally:
            stop.set()
            await asyncio.wait_for(stepper, 30)
        async with httpx.AsyncClient(base_url=server.url) as http:
            state = (await http.get(f"/v1/matches/{final.rounds[0].pairings[0].match}")).json()
    assert final.status == "finished" and len(final.rounds) == 1
    assert state["status"] == "finished"
    assert state["names"][state["accounts"].index(bob)] is None  # bob never took his seat
    assert {s.account for s in final.standings} == {ada, bob}


def test_the_openapi_document_describes_every_tournament_route() -> None:
    doc = document(create_app().routes)
    for route in tournaments.routes:
        assert isinstance(route, Route) and route.methods is not None
        for method in route.methods - {"HEAD"}:
            assert method.lower() in doc["paths"][route.path], (method, route.path)
    assert {"apiKey": []} in doc["paths"]["/v1/tournaments/{tournament_id}/start"]["post"]["security"]
    assert set(doc["components"]["schemas"]["CreateTournament"]["required"]) == {"name", "game", "format",
                                                                               "time_control"}  # fmt: skip
    codes = set(doc["components"]["schemas"]["Problem"]["properties"]["code"]["enum"])
    assert {"tournament_not_found", "already_registered", "not_registered", "tournament_started"} <= codes


async def test_two_instances_advance_a_swiss_once_per_round_and_the_bot_command_plays_in_it(
    pair: list[ServerProcess], redis_server: EmbeddedRedis
) -> None:
    a, b = pair
    async with VorpalClient(a.url) as api:
        (_, org_key), *bots = await accounts(api, 7, "pair")
        t = await api.create_tournament(org_key, "pair", "gimble", format="swiss", time_control=CLOCK)
        for _, key in bots:
            await api.register_tournament(t.id, key)
        runners = [asyncio.create_task(play_tournament((a, b)[i % 2].url, t.id, key, seed=i))
                   for i, (_, key) in enumerate(bots[1:])]  # fmt: skip
        command = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "vorpal_client.bot", "--server", b.url, "--tournament", t.id, "--key", bots[0][1],
            "--seed", "7", stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        )  # fmt: skip
        await api.start_tournament(t.id, org_key)
        await asyncio.wait_for(asyncio.gather(*runners), 240)
        output, _ = await asyncio.wait_for(command.communicate(), 240)
        assert command.returncode == 0, output.decode()
        assert f"tournament {t.id} finished" in output.decode()
        final = await api.tournament(t.id)
        assert final.status == "finished" and len(final.rounds) == final.planned_rounds == 3
        async with httpx.AsyncClient(base_url=b.url) as http:
            for account, key in bots:
                notices = (await http.get("/v1/accounts/me/inbox", headers=bearer(key))).json()["notices"]
                mine = [n["data"]["round"] for n in notices if n["kind"] in ("tournament_match", "tournament_bye")
                        and n["data"]["tournament"] == t.id]  # fmt: skip
                assert mine == [1, 2, 3], account  # each round paired once, whichever instance did it
                assert [n["kind"] for n in notices].count("tournament_finished") == 1
    pairs = met_pairs(final)
    assert len(pairs) == len(set(pairs)) and all(len(r.byes) == 0 for r in final.rounds)
    redis = aioredis.Redis.from_url(redis_server.url)
    try:  # a finished tournament outlasts its matches (issue 42, finding 6): the records' retention
        assert 7 * 24 * 3600 < await redis.ttl(tournament_key(t.id)) <= Settings().records_retention_s
        assert not await redis.sismember(TOURNAMENTS_RUNNING, t.id)
    finally:
        await redis.aclose()


async def test_an_admin_creates_and_starts_a_tournament_that_has_no_organiser(admin_server: ServerProcess) -> None:
    async with VorpalClient(admin_server.url) as api:
        (_, ada_key), (_, bob_key) = await accounts(api, 2, "adm")
        t = await api.create_tournament(ADMIN_KEY, "admin cup", "gimble", format="single_elimination",
                                        time_control=CLOCK)  # fmt: skip
        assert t.organiser is None
        for key in (ada_key, bob_key):
            await api.register_tournament(t.id, key)
        async with httpx.AsyncClient(base_url=admin_server.url) as http:
            problem(await http.post(f"/v1/tournaments/{t.id}/start", headers=bearer(ada_key)), "forbidden", 403)
            problem(await http.post(f"/v1/tournaments/{t.id}/start", headers=bearer("wrong")), "forbidden", 403)
            r = await http.post(f"/v1/tournaments/{t.id}/start", headers=bearer(ADMIN_KEY))
        assert r.status_code == 200 and r.json()["status"] == "running"
        assert len(r.json()["rounds"]) == 1 and r.json()["planned_rounds"] == 1


@pytest.mark.anyio
async def test_a_tournament_plays_by_the_games_house_rules_unless_its_organiser_sets_them(tmp_path: Path) -> None:
    """Issue 44: Gyre can loop for ever; its turn limit and repetition draw are on in rated play by default."""
    from server.domain.clocks import TimeControl
    from server.domain.inbox import Inbox
    from server.domain.matches import Matches
    from server.domain.tournaments import TournamentFormat
    from server.domain.tournaments.service import Tournaments
    from server.store import Store
    from server.store.cached import CachingMatchStore
    from server.store.inbox import RedisInbox
    from server.store.tournaments import RedisTournaments

    with EmbeddedRedis(tmp_path / "redis", appendonly=False) as server:
        store = Store.from_url(server.url)
        matches = Matches(CachingMatchStore(store), Settings())
        cups = Tournaments(RedisTournaments(store.redis), matches, Inbox(RedisInbox(store.redis)), instance="test")
        clock = TimeControl.model_validate(CLOCK)
        made = []
        for options in (None, {"turn_limit": 50}):
            made.append(await cups.create(name="gyre", game="gyre", options=options, seats=2,
                                          fmt=TournamentFormat.ROUND_ROBIN, rounds=None, time_control=clock,
                                          spectator_delay=None, organiser=None))  # fmt: skip
        assert [(t.options["turn_limit"], t.options["repetition"]) for t in made] == [(300, 3), (50, 3)]
        await store.close()
