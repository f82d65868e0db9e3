"""REST reads requests as strictly as the WebSocket reads frames (PROTOCOL.md sections 4, 7 and 8).

A body is JSON sent as ``application/json`` (else ``unsupported_media_type``, 415), of exactly
the declared fields and types: no coercion, so ``"1"`` is not a number and neither ``true``
nor ``1.0`` is an integer (``bad_request``). A method a path lacks is ``method_not_allowed``
(405) with an ``Allow`` header. A refused request changes nothing.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.anyio

JSON = {"Content-Type": "application/json"}


def problem(r: httpx.Response, code: str, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = r.json()
    assert body["code"] == code and body["type"] == f"urn:vorpal:error:{code}" and body["status"] == status
    return body


async def open_match(api: httpx.AsyncClient, seats: int = 3) -> str:
    r = await api.post("/v1/matches", json={"game": "jabberwocky", "seats": seats})
    assert r.status_code == 201, r.text
    match: str = r.json()["match"]
    return match


async def match_count(api: httpx.AsyncClient) -> int:
    return len((await api.get("/v1/matches", params={"game": "jabberwocky", "limit": 500})).json()["matches"])


# -- no coercion ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {"game": "jabberwocky", "seats": "3"},  # a string number (the case)
        {"game": "jabberwocky", "seats": 3.5},  # a fraction for an int
        {"game": "jabberwocky", "seats": True},  # a bool for an int
        {"game": "jabberwocky", "seats": 3, "bots": ["1"]},
        {"game": "jabberwocky", "seats": 3, "bots": [1.5]},
        {"game": "jabberwocky", "seats": 3, "options": []},
        {"game": 7, "seats": 3},  # a number for a string
        {"game": "jabberwocky", "seats": 3, "time_control": {"kind": "per_decision", "limit_ms": "1000"}},
        {"game": "jabberwocky", "seats": 3, "colour": "red"},  # an unknown field
    ],
)
async def test_a_create_body_of_the_wrong_types_is_refused_and_makes_no_match(
    api: httpx.AsyncClient, body: dict[str, Any]
) -> None:
    before = await match_count(api)
    problem(await api.post("/v1/matches", json=body), "bad_request", 400)
    assert await match_count(api) == before


@pytest.mark.parametrize("seat", ["1", 1.5, True, [1]])
async def test_a_join_with_a_seat_that_is_not_an_integer_is_refused_and_takes_no_seat(
    api: httpx.AsyncClient, seat: Any
) -> None:
    match = await open_match(api)
    problem(await api.post(f"/v1/matches/{match}/join", json={"seat": seat}), "bad_request", 400)
    assert (await api.get(f"/v1/matches/{match}")).json()["names"] == [None, None, None]
    r = await api.post(f"/v1/matches/{match}/join", json={"seat": 1, "name": "ada"})
    assert r.status_code == 201 and r.json()["seat"] == 1


async def test_a_number_with_an_integral_value_is_that_integer_as_in_frames(api: httpx.AsyncClient) -> None:
    """JSON has one kind of number: ``3.0`` (as Python's json writes a float) and ``3e0`` are ``3``
    (PROTOCOL.md, section 4), in a create, a join and a move alike; ``3.5`` is no integer."""
    as_json = {"content-type": "application/json"}
    body = b'{"game": "jabberwocky", "seats": 3.0, "bots": [2e0], "options": {"rounds": 1.0}}'
    made = await api.post("/v1/matches", content=body, headers=as_json)
    assert made.status_code == 201, made.text
    match = made.json()["match"]
    assert (made.json()["seats"], made.json()["bots"]) == (3, [False, False, True])
    tokens = []
    for seat in (b"0.0", b"1e0"):
        joined = await api.post(f"/v1/matches/{match}/join", content=b'{"seat": %s}' % seat, headers=as_json)
        assert joined.status_code == 201, joined.text
        tokens.append(joined.json()["token"])
    assert [t.split(".")[1] for t in tokens] == ["0", "1"]
    state = (await api.get(f"/v1/matches/{match}")).json()
    seat = min(state["to_act"])  # the bids are sealed: every seat bids at once, ours among them
    auth = {"Authorization": f"Bearer {tokens[seat]}", **as_json}
    legal = (await api.get(f"/v1/matches/{match}/legal", headers=auth)).json()["moves"]
    move = json.dumps({"move_id": "m1", "version": float(state["version"]), "move": legal[0]}).encode()
    moved = await api.post(f"/v1/matches/{match}/moves", content=move, headers=auth)
    assert moved.status_code == 200 and moved.json()["version"] == state["version"] + 1, moved.text


async def test_a_join_body_of_null_seat_is_the_first_free_seat(api: httpx.AsyncClient) -> None:
    """PROTOCOL.md section 4: a field of null is the same as an absent field."""
    match = await open_match(api)
    r = await api.post(f"/v1/matches/{match}/join", json={"seat": None})
    assert r.status_code == 201 and r.json()["seat"] == 0


async def test_a_move_whose_version_or_id_has_the_wrong_type_is_refused_and_changes_nothing(
    api: httpx.AsyncClient,
) -> None:
    match = await open_match(api)
    tokens = [(await api.post(f"/v1/matches/{match}/join", json={})).json()["token"] for _ in range(3)]
    state = (await api.get(f"/v1/matches/{match}")).json()
    auth = {"Authorization": f"Bearer {tokens[state['to_act'][0]]}"}
    move = {"type": "bid", "tricks": 0}
    for body in (
        {"move_id": "a", "version": str(state["version"]), "move": move},
        {"move_id": "a", "version": state["version"] + 0.5, "move": move},
        {"move_id": "a", "version": False, "move": move},
        {"move_id": 1, "version": state["version"], "move": move},
        {"move_id": "a", "version": state["version"], "move": None},  # null is absent, and a move is required
    ):
        problem(await api.post(f"/v1/matches/{match}/moves", json=body, headers=auth), "bad_request", 400)
    assert (await api.get(f"/v1/matches/{match}")).json() == state


async def test_chat_and_registration_bodies_are_strict_too(api: httpx.AsyncClient) -> None:
    problem(await api.post("/v1/accounts", json={"name": 5, "kind": "bot"}), "bad_request", 400)
    problem(await api.post("/v1/accounts", json={"name": "ada", "kind": "robot"}), "bad_request", 400)
    match = await open_match(api, seats=3)
    token = (await api.post(f"/v1/matches/{match}/join", json={})).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    problem(await api.post(f"/v1/matches/{match}/chat", json={"text": 42}, headers=auth), "bad_request", 400)
    assert (await api.get(f"/v1/matches/{match}/chat")).json()["messages"] == []


@pytest.mark.parametrize("value", ["+5", " 5", "5.0", "-0", "5e1", "\u0665"])
async def test_integer_query_parameters_are_plain_digits(api: httpx.AsyncClient, value: str) -> None:
    """ASCII digits only: no sign, blank, fraction or exponent, and no other script's digits (int() reads those)."""
    match = await open_match(api)
    problem(await api.get("/v1/matches", params={"limit": value}), "bad_request", 400)
    problem(await api.get(f"/v1/matches/{match}/events", params={"since": value}), "bad_request", 400)


# -- JSON only ------------------------------------------------------------------------


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded", "text/json"])
async def test_a_body_not_sent_as_json_is_refused_with_415_and_makes_no_match(
    api: httpx.AsyncClient, content_type: str | None
) -> None:
    before = await match_count(api)
    headers = {} if content_type is None else {"Content-Type": content_type}
    body = b'{"game": "jabberwocky", "seats": 3}'
    r = await api.post("/v1/matches", content=body, headers=headers)
    problem(r, "unsupported_media_type", 415)
    assert await match_count(api) == before
    match = await open_match(api)
    problem(await api.post(f"/v1/matches/{match}/join", content=b"{}", headers=headers), "unsupported_media_type", 415)
    assert (await api.get(f"/v1/matches/{match}")).json()["names"] == [None, None, None]


async def test_json_with_a_charset_is_json_and_no_body_at_all_is_an_empty_one(api: httpx.AsyncClient) -> None:
    body = b'{"game": "jabberwocky", "seats": 3}'
    r = await api.post("/v1/matches", content=body, headers={"Content-Type": "Application/JSON; charset=utf-8"})
    assert r.status_code == 201, r.text
    match = r.json()["match"]
    # A join needs no body (the first free seat, the name player-<seat>): nothing to declare a type for.
    r = await api.post(f"/v1/matches/{match}/join")
    assert r.status_code == 201 and r.json()["seat"] == 0


async def test_malformed_json_sent_as_json_is_a_bad_request(api: httpx.AsyncClient) -> None:
    problem(await api.post("/v1/matches", content=b"{not json", headers=JSON), "bad_request", 400)


# -- methods --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("PUT", "/v1/matches", "GET, HEAD, POST"),  # two routes share the path: Allow names both
        ("DELETE", "/v1/matches/{match}", "GET, HEAD"),
        ("GET", "/v1/matches/{match}/moves", "POST"),
        ("PATCH", "/v1/matches/{match}/chat", "GET, HEAD, POST"),
        ("POST", "/v1/accounts/me", "GET, HEAD"),
        ("GET", "/v1/accounts/me/key", "DELETE, POST"),
        ("OPTIONS", "/v1/games", "GET, HEAD"),
    ],
)
async def test_a_method_the_path_lacks_is_405_with_allow(
    api: httpx.AsyncClient, method: str, path: str, allow: str
) -> None:
    match = await open_match(api)
    before = (await api.get(f"/v1/matches/{match}")).json()
    r = await api.request(method, path.format(match=match), json={} if method in ("PUT", "PATCH", "POST") else None)
    body = problem(r, "method_not_allowed", 405)
    assert r.headers["allow"] == allow
    assert allow in body["detail"]
    assert (await api.get(f"/v1/matches/{match}")).json() == before


async def test_an_options_request_without_an_origin_is_405_not_bad_request(api: httpx.AsyncClient) -> None:
    """A preflight's method, without the Origin that would let CORS answer it: no route answers OPTIONS."""
    r = await api.options("/v1/matches", headers={"Access-Control-Request-Method": "POST"})
    problem(r, "method_not_allowed", 405)
    assert r.headers["allow"] == "GET, HEAD, POST"
