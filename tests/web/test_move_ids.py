"""Where a move's ``move_id`` is checked among its other checks (PROTOCOL.md, `move`).

The server looks up the seat's applied move ids right after the token, before
anything else about the move: a resent move id is answered ``duplicate`` with
the version it created, whatever the version, the move or the match's status
now. Only an applied move records its id, so an id refused for any reason
(``stale_version`` among them) may be sent again.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.anyio


async def new_match(api: httpx.AsyncClient) -> tuple[str, list[str]]:
    """A three-seat, one-round jabberwocky match with every seat taken: it has started."""
    match = (await api.post("/v1/matches", json={"game": "jabberwocky", "seats": 3, "options": {"rounds": 1}})).json()
    tokens = [(await api.post(f"/v1/matches/{match['match']}/join", json={})).json()["token"] for _ in range(3)]
    return match["match"], tokens


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def state(api: httpx.AsyncClient, match: str) -> dict[str, Any]:
    body: dict[str, Any] = (await api.get(f"/v1/matches/{match}")).json()
    return body


async def move(api: httpx.AsyncClient, match: str, token: str, move_id: str, version: int, mv: Any) -> httpx.Response:
    body = {"move_id": move_id, "version": version, "move": mv}
    return await api.post(f"/v1/matches/{match}/moves", json=body, headers=bearer(token))


async def play_one(api: httpx.AsyncClient, match: str, tokens: list[str], move_id: str) -> tuple[int, int, Any]:
    """The seat to act plays its first legal move: (seat, the version it created, the move)."""
    now = await state(api, match)
    seat = now["to_act"][0]
    legal = (await api.get(f"/v1/matches/{match}/legal", headers=bearer(tokens[seat]))).json()["moves"]
    r = await move(api, match, tokens[seat], move_id, now["version"], legal[0])
    assert r.status_code == 200, r.text
    assert "duplicate" not in r.json()
    return seat, r.json()["version"], legal[0]


async def test_a_resent_move_id_is_a_duplicate_at_an_old_version_with_another_move(api: httpx.AsyncClient) -> None:
    match, tokens = await new_match(api)
    seat, created, first = await play_one(api, match, tokens, "m1")
    await play_one(api, match, tokens, "m2")  # the match moves on: the seat is no longer to act
    before = await state(api, match)

    other_move = {"type": "bid", "tricks": 0} if first != {"type": "bid", "tricks": 0} else {"type": "bid", "tricks": 1}
    for version in (created - 1, before["version"], 99):
        r = await move(api, match, tokens[seat], "m1", version, other_move)
        assert r.status_code == 200, r.text
        assert r.json() == {"match": match, "version": created, "duplicate": True}
    r = await move(api, match, tokens[seat], "m1", before["version"], "not even a move of the schema")
    assert r.json() == {"match": match, "version": created, "duplicate": True}
    assert await state(api, match) == before  # nothing was applied again

    # The check comes after the token: without the seat's token it is no duplicate.
    r = await api.post(f"/v1/matches/{match}/moves", json={"move_id": "m1", "version": created - 1, "move": first})
    assert r.status_code == 401 and r.json()["code"] == "unauthorized"


async def test_move_ids_are_per_seat(api: httpx.AsyncClient) -> None:
    match, tokens = await new_match(api)
    first_seat, _, _ = await play_one(api, match, tokens, "same")
    second_seat, created, _ = await play_one(api, match, tokens, "same")  # another seat, the same id: applied
    assert second_seat != first_seat and created == (await state(api, match))["version"]


async def test_a_resent_move_id_is_a_duplicate_after_the_match_ended(api: httpx.AsyncClient) -> None:
    match, tokens = await new_match(api)
    seat, created, first = await play_one(api, match, tokens, "opening")
    n = 0
    while (await state(api, match))["status"] == "active":
        n += 1
        await play_one(api, match, tokens, f"m{n}")
    ended = await state(api, match)
    assert ended["status"] == "finished"

    r = await move(api, match, tokens[seat], "opening", created - 1, first)
    assert r.status_code == 200 and r.json() == {"match": match, "version": created, "duplicate": True}
    r = await move(api, match, tokens[seat], "new", ended["version"], first)
    assert r.status_code == 409 and r.json()["code"] == "match_over"


async def test_a_move_id_refused_for_a_stale_version_may_be_sent_again(api: httpx.AsyncClient) -> None:
    match, tokens = await new_match(api)
    now = await state(api, match)
    seat = now["to_act"][0]
    waiting = (seat + 1) % 3
    legal = (await api.get(f"/v1/matches/{match}/legal", headers=bearer(tokens[seat]))).json()["moves"]

    r = await move(api, match, tokens[seat], "retry", now["version"] - 1, legal[0])
    assert r.status_code == 409 and r.json()["code"] == "stale_version" and r.json()["current"] == now["version"]
    r = await move(api, match, tokens[waiting], "later", now["version"], legal[0])
    assert r.status_code == 409 and r.json()["code"] == "not_your_turn"

    r = await move(api, match, tokens[seat], "retry", now["version"], legal[0])
    assert r.status_code == 200 and r.json() == {"match": match, "version": now["version"] + 1}
    legal = (await api.get(f"/v1/matches/{match}/legal", headers=bearer(tokens[waiting]))).json()["moves"]
    r = await move(api, match, tokens[waiting], "later", now["version"] + 1, legal[0])  # its turn now
    assert r.status_code == 200 and r.json() == {"match": match, "version": now["version"] + 2}
