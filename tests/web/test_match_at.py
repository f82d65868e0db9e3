"""A match at a past version (``GET /v1/matches/{id}/versions/{v}``): what each reader saw then, no more.

The playground's debug drawer steps back through a match with it, after a reload too. Each
past state is replayed from the match's seed and logged moves and redacted for the reader as
the live view was: a seat sees its own hand at every version and never another's, a spectator
no hand at all, and a spectator of a delayed match no version the delay still hides.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx
import pytest
from vorpal_client import VorpalClient

from tests.support.servers import ServerProcess
from tests.web.test_tournaments import delayed_match

pytestmark = pytest.mark.anyio

MOVES = 12


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"authorization": f"Bearer {token}"}


def problem(r: httpx.Response, code: str, status: int) -> None:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["code"] == code


async def jabberwocky(api: httpx.AsyncClient) -> tuple[str, list[str]]:
    """A three-seat Jabberwocky match, every seat taken: its id and the seats' tokens."""
    match = (await api.post("/v1/matches", json={"game": "jabberwocky", "seats": 3})).json()["match"]
    tokens = [(await api.post(f"/v1/matches/{match}/join", json={"name": n})).json()["token"]
              for n in ("Ada", "Bob", "Cy")]  # fmt: skip
    return match, tokens


async def play(api: httpx.AsyncClient, match: str, tokens: list[str], moves: int) -> dict[int, dict[str, Any]]:
    """``moves`` first legal moves; returns what seat 0 was shown live at each version (its GET state)."""
    seen: dict[int, dict[str, Any]] = {}
    for _ in range(moves):
        live = (await api.get(f"/v1/matches/{match}", headers=bearer(tokens[0]))).json()
        seen[live["version"]] = live
        for token in tokens:
            state = (await api.get(f"/v1/matches/{match}", headers=bearer(token))).json()
            if state.get("legal"):
                body = {"move_id": uuid.uuid4().hex, "version": state["version"], "move": state["legal"][0]}
                assert (
                    await api.post(f"/v1/matches/{match}/moves", json=body, headers=bearer(token))
                ).status_code == 200
                break
    live = (await api.get(f"/v1/matches/{match}", headers=bearer(tokens[0]))).json()
    seen[live["version"]] = live
    return seen


async def at(api: httpx.AsyncClient, match: str, version: int, token: str | None) -> dict[str, Any]:
    r = await api.get(f"/v1/matches/{match}/versions/{version}", headers=bearer(token))
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


async def test_each_past_version_is_what_the_seat_was_shown_live(api: httpx.AsyncClient) -> None:
    match, tokens = await jabberwocky(api)
    seen = await play(api, match, tokens, MOVES)
    for version, live in seen.items():
        past = await at(api, match, version, tokens[0])
        assert past["version"] == version and past["you"] == 0
        assert past["view"] == live["view"]
        assert past["to_act"] == live["to_act"] and past.get("legal") == live.get("legal")


async def test_no_version_shows_a_seat_another_seats_hand(api: httpx.AsyncClient) -> None:
    match, tokens = await jabberwocky(api)
    await play(api, match, tokens, MOVES)
    current = (await api.get(f"/v1/matches/{match}")).json()["version"]
    for version in range(current + 1):
        hands = [(await at(api, match, version, token))["view"]["private"]["hand"] for token in tokens]
        spectator = await at(api, match, version, None)
        assert spectator["you"] is None and spectator["view"].get("private") is None
        public = json.dumps(spectator)  # what everyone may know at this version (the table, the tricks played)
        readers: list[tuple[int | None, str | None]] = [(0, tokens[0]), (1, tokens[1]), (None, None)]
        for reader, token in readers:
            text = json.dumps(await at(api, match, version, token))
            for owner, hand in enumerate(hands):
                if owner != reader:
                    # a card of another's hand reaches the reader only where the table shows it to all (a card
                    # played in the last round's trick may be in the next round's hand)
                    leaked = [card for card in hand if f'"{card}"' in text and f'"{card}"' not in public]
                    assert leaked == [], f"version {version}: reader {reader} saw seat {owner}'s {leaked}"


async def test_bad_versions_have_stable_codes(api: httpx.AsyncClient) -> None:
    match, tokens = await jabberwocky(api)
    await play(api, match, tokens, 2)
    current = (await api.get(f"/v1/matches/{match}")).json()["version"]
    path = f"/v1/matches/{match}/versions"
    problem(await api.get(f"{path}/{current + 1}", headers=bearer(tokens[0])), "version_not_found", 404)
    problem(await api.get(f"{path}/{2**63}"), "bad_request", 400)
    for bad in ("-1", "1.0", "one", "%201", "+3"):
        problem(await api.get(f"{path}/{bad}"), "bad_request", 400)
    problem(await api.get(f"{path}/0", headers=bearer(f"{match}.0.wrong")), "unauthorized", 401)
    problem(await api.get("/v1/matches/nosuchmatch000/versions/0"), "match_not_found", 404)
    assert (await at(api, match, current, None))["version"] == current


async def test_a_delayed_spectator_steps_back_no_further_forward_than_the_delay(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as sdk, httpx.AsyncClient(base_url=server.url, timeout=30) as api:
        match, tokens = await delayed_match(sdk, {"moves": 2})
        seat_sees = (await api.get(f"/v1/matches/{match}", headers=bearer(tokens[0]))).json()["version"]
        spectator_sees = (await api.get(f"/v1/matches/{match}")).json()["version"]
        assert spectator_sees == seat_sees - 2
        path = f"/v1/matches/{match}/versions"
        problem(await api.get(f"{path}/{spectator_sees + 1}"), "version_not_found", 404)
        assert (await at(api, match, spectator_sees, None))["version"] == spectator_sees
        assert (await sdk.state_at(match, spectator_sees)).version == spectator_sees  # the SDK's way to it
        assert (await at(api, match, seat_sees, tokens[0]))["version"] == seat_sees  # seats are never delayed
