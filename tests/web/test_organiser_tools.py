"""Issue 42, finding 5: an organiser has a say once its tournament starts. Over REST, on a real server:
withdraw an entrant, pause and resume between rounds, adjudicate (logged with who and why), cancel;
a player cap and a registration deadline; a disabled account leaves every tournament; the
organiser's inbox hears of each round and of the end.

Matches get ten minutes a decision, so no clock decides anything here: results are the organiser's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.support.servers import ADMIN_KEY, ServerProcess

ADMIN = {"Authorization": f"Bearer {ADMIN_KEY}"}
CLOCK = {"kind": "per_decision", "limit_ms": 600_000}


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


@pytest.fixture
def rest(admin_server: ServerProcess) -> Iterator[httpx.Client]:
    """A client of the instance that knows the admin key."""
    with httpx.Client(base_url=admin_server.url, timeout=60) as client:
        yield client


def ok(r: httpx.Response, status: int = 200) -> Any:
    assert r.status_code == status, r.text
    return r.json()


def refused(r: httpx.Response, code: str, status: int) -> None:
    assert r.status_code == status, r.text
    assert r.json()["code"] == code


def register(rest: httpx.Client, name: str) -> tuple[str, str]:
    issued = ok(rest.post("/v1/accounts", json={"name": name, "kind": "bot"}), 201)
    return issued["account"]["id"], issued["key"]


def create(rest: httpx.Client, key: str, **body: Any) -> dict[str, Any]:
    body = {"name": "open", "game": "gimble", "format": "swiss", "rounds": 3, "time_control": CLOCK, **body}
    made: dict[str, Any] = ok(rest.post("/v1/tournaments", headers=bearer(key), json=body), 201)
    return made


def notices(rest: httpx.Client, key: str, tournament: str) -> list[tuple[str, dict[str, Any]]]:
    found = ok(rest.get("/v1/accounts/me/inbox", headers=bearer(key)))["notices"]
    return [(n["kind"], n["data"]) for n in found if n["data"].get("tournament") == tournament]


def test_an_organiser_pauses_adjudicates_withdraws_resumes_and_cancels(rest: httpx.Client) -> None:
    _, org = register(rest, "org")
    players = [register(rest, f"entrant{i}") for i in range(4)]
    t = create(rest, org)
    tid = t["id"]
    for _, key in players:
        ok(rest.post(f"/v1/tournaments/{tid}/register", headers=bearer(key)), 201)
    refused(rest.post(f"/v1/tournaments/{tid}/start", headers=bearer(players[0][1])), "forbidden", 403)
    t = ok(rest.post(f"/v1/tournaments/{tid}/start", headers=bearer(org)))
    assert t["status"] == "running" and len(t["rounds"]) == 1
    refused(rest.post(f"/v1/tournaments/{tid}/pause", headers=bearer(players[0][1])), "forbidden", 403)
    assert ok(rest.post(f"/v1/tournaments/{tid}/pause", headers=bearer(org)))["paused"] is True

    # The organiser decides round 1: each match is aborted, its result logged with who and why.
    for pairing in t["rounds"][0]["pairings"]:
        body = {"match": pairing["match"], "winners": [0], "reason": "decided by the arbiter"}
        t = ok(rest.post(f"/v1/tournaments/{tid}/adjudicate", headers=bearer(org), json=body))
        state = ok(rest.get(f"/v1/matches/{pairing['match']}"))
        assert state["status"] == "aborted"
        events = ok(rest.get(f"/v1/matches/{pairing['match']}/events"))["events"]
        assert events[-1]["event"]["public"] == {"type": "aborted", "by": "organiser"}
    assert [(a["match"], a["winners"], a["reason"]) for a in t["adjudications"]] == [
        (p["match"], [0], "decided by the arbiter") for p in t["rounds"][0]["pairings"]]  # fmt: skip
    assert all(a["by"] == t["organiser"] for a in t["adjudications"])
    assert len(t["rounds"]) == 1  # paused: round 2 waits

    out, out_key = players[3]
    t = ok(rest.post(f"/v1/tournaments/{tid}/withdraw", headers=bearer(org), json={"account": out, "reason": "ill"}))
    assert [(w["account"], w["by"], w["after_round"]) for w in t["withdrawn"]] == [(out, "organiser", 1)]
    assert ("tournament_withdrawn", {"tournament": tid, "by": "organiser", "reason": "ill"}) in notices(
        rest, out_key, tid
    )
    t = ok(rest.post(f"/v1/tournaments/{tid}/resume", headers=bearer(org)))
    assert t["paused"] is False and len(t["rounds"]) == 2
    second = t["rounds"][1]
    assert out not in {a for p in second["pairings"] for a in p["accounts"]} and len(second["byes"]) == 1
    standing = {s["account"]: s for s in t["standings"]}
    assert standing[out]["withdrawn"] is True and standing[out]["played"] == 1

    t = ok(rest.post(f"/v1/tournaments/{tid}/cancel", headers=bearer(org)))
    assert t["status"] == "cancelled"
    live = second["pairings"][0]["match"]
    assert ok(rest.get(f"/v1/matches/{live}"))["status"] == "aborted"
    refused(rest.post(f"/v1/tournaments/{tid}/pause", headers=bearer(org)), "tournament_over", 409)

    heard = notices(rest, org, tid)
    assert [d["round"] for k, d in heard if k == "tournament_round"] == [1, 2]
    assert ("tournament_over", {"tournament": tid, "status": "cancelled"}) in heard


def test_the_admin_acts_for_any_tournament(rest: httpx.Client) -> None:
    _, org = register(rest, "org2")
    players = [register(rest, f"admin-entrant{i}") for i in range(2)]
    tid = create(rest, org, format="round_robin", rounds=None)["id"]
    for _, key in players:
        ok(rest.post(f"/v1/tournaments/{tid}/register", headers=bearer(key)), 201)
    t = ok(rest.post(f"/v1/tournaments/{tid}/withdraw", headers=ADMIN, json={"account": players[1][0]}))
    assert [e["account"] for e in t["entrants"]] == [players[0][0]]  # before the start: unregistered
    refused(rest.post(f"/v1/tournaments/{tid}/withdraw", headers=ADMIN, json={"account": players[1][0]}),
            "not_registered", 409)  # fmt: skip


def test_a_cap_and_a_deadline_close_registration(rest: httpx.Client) -> None:
    _, org = register(rest, "org3")
    capped = create(rest, org, max_entrants=2)["id"]
    keys = [register(rest, f"capped{i}")[1] for i in range(3)]
    for key in keys[:2]:
        ok(rest.post(f"/v1/tournaments/{capped}/register", headers=bearer(key)), 201)
    refused(rest.post(f"/v1/tournaments/{capped}/register", headers=bearer(keys[2])), "tournament_full", 409)
    closed = create(rest, org, registration_closes=1)["id"]  # closed since 1970
    refused(rest.post(f"/v1/tournaments/{closed}/register", headers=bearer(keys[2])), "registration_closed", 409)


def test_a_disabled_account_leaves_every_tournament(rest: httpx.Client) -> None:
    _, org = register(rest, "org4")
    account, key = register(rest, "to-be-disabled")
    others = [register(rest, f"stays{i}") for i in range(3)]
    waiting = create(rest, org)["id"]
    running = create(rest, org)["id"]
    for tid in (waiting, running):
        for _, k in [(account, key), *others]:
            ok(rest.post(f"/v1/tournaments/{tid}/register", headers=bearer(k)), 201)
    ok(rest.post(f"/v1/tournaments/{running}/start", headers=bearer(org)))
    ok(rest.post(f"/v1/admin/accounts/{account}/disable", headers=ADMIN))
    assert account not in [e["account"] for e in ok(rest.get(f"/v1/tournaments/{waiting}"))["entrants"]]
    withdrawn = ok(rest.get(f"/v1/tournaments/{running}"))["withdrawn"]
    assert [(w["account"], w["by"]) for w in withdrawn] == [(account, "disabled")]


def test_seeding_by_rating_names_a_ladder_that_exists(rest: httpx.Client) -> None:
    _, org = register(rest, "org5")
    r = rest.post("/v1/tournaments", headers=bearer(org), json={
        "name": "seeded", "game": "gimble", "format": "swiss", "time_control": CLOCK,
        "seeding": "rating", "seed_ladder": "NoSuchLadder"})  # fmt: skip
    refused(r, "ladder_not_found", 404)
    ladder = ok(rest.post("/v1/admin/ladders", headers=ADMIN, json={"name": "board", "game": "gimble", "seats": 2}),
                201)  # fmt: skip
    t = create(rest, org, seeding="rating", seed_ladder=ladder["id"])
    assert (t["seeding"], t["seed_ladder"]) == ("rating", ladder["id"])


def test_an_anonymous_create_is_told_to_send_a_key(rest: httpx.Client) -> None:
    r = rest.post("/v1/tournaments", json={"name": "x", "game": "gimble", "format": "swiss", "time_control": CLOCK})
    refused(r, "unauthorized", 401)
    assert "API key" in r.json()["detail"]
