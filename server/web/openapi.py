"""``/openapi.json``: the REST API described from the same pydantic models that parse it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from server.engine.errors import all_errors

from .accounts import Register
from .ladders import CreateLadder
from .rest import CreateMatch, JoinSeat, Say, SubmitMove

_ID = {"name": "match_id", "in": "path", "required": True, "schema": {"type": "string"}}
_ACCOUNT_ID = {"name": "account_id", "in": "path", "required": True, "schema": {"type": "string"}}
_LADDER_ID = {"name": "ladder_id", "in": "path", "required": True, "schema": {"type": "string"}}
_AUTH: list[dict[str, list[str]]] = [{"seatToken": []}]
_OPTIONAL_AUTH: list[dict[str, list[str]]] = [{}, {"seatToken": []}]
_KEY: list[dict[str, list[str]]] = [{"apiKey": []}]
_OPTIONAL_KEY: list[dict[str, list[str]]] = [{}, {"apiKey": []}]
_ADMIN: list[dict[str, list[str]]] = [{"adminKey": []}]


def _body(model: type[BaseModel]) -> dict[str, Any]:
    return {
        "required": True,
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{model.__name__}"}}},
    }


def _op(
    summary: str,
    *,
    body: type[BaseModel] | None = None,
    params: list[Any] | None = None,
    auth: list[Any] | None = None,
    ok: str = "200",
) -> dict[str, Any]:
    op: dict[str, Any] = {
        "summary": summary,
        "parameters": params or [],
        "responses": {
            ok: {"description": "OK", "content": {"application/json": {"schema": {"type": "object"}}}},
            "default": {
                "description": "An error (RFC 9457 problem; see `code`)",
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}},
            },
        },
    }
    if body is not None:
        op["requestBody"] = _body(body)
    if auth is not None:
        op["security"] = auth
    return op


def document() -> dict[str, Any]:
    schemas: dict[str, Any] = {
        m.__name__: m.model_json_schema() for m in (CreateMatch, JoinSeat, SubmitMove, Say, Register, CreateLadder)
    }
    schemas["Problem"] = {
        "type": "object",
        "required": ["type", "title", "status", "code"],
        "properties": {
            "type": {"type": "string", "description": "urn:vorpal:error:<code>"},
            "title": {"type": "string"},
            "status": {"type": "integer"},
            "detail": {"type": "string"},
            "instance": {"type": "string"},
            "code": {"type": "string", "enum": sorted({e.code for e in all_errors()})},
        },
    }
    since = {"name": "since", "in": "query", "schema": {"type": "integer", "minimum": 0}}
    limit = {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 1000}}
    q = [{"name": n, "in": "query", "schema": {"type": "string"}} for n in ("game", "status", "limit")]
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Vorpal",
            "version": "1.0.0",
            "description": "Tabletop game server: match lifecycle over "
            "REST; live play over the WebSocket /v1/ws (protocol/PROTOCOL.md).",
        },
        "paths": {
            "/healthz": {"get": _op("The process is alive")},
            "/readyz": {"get": _op("Ready: Redis is reachable (503 unavailable otherwise)")},
            "/v1/games": {"get": _op("The catalogue: every game with its options, move and view schemas")},
            "/v1/games/{name}": {
                "get": _op(
                    "One game of the catalogue",
                    params=[{"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}],
                )
            },
            "/v1/matches": {
                "post": _op("Create a match", body=CreateMatch, ok="201"),
                "get": _op("List matches, newest first", params=q),
            },
            "/v1/matches/{match_id}": {
                "get": _op(
                    "The match as the caller may see it (no token: as a spectator)", params=[_ID], auth=_OPTIONAL_AUTH
                )
            },
            "/v1/matches/{match_id}/join": {
                "post": _op(
                    "Take a seat; returns the seat token (shown once). With an API key, as that account",
                    body=JoinSeat,
                    params=[_ID],
                    auth=_OPTIONAL_KEY,
                    ok="201",
                )
            },
            "/v1/matches/{match_id}/leave": {
                "post": _op("Leave your seat before the match starts", params=[_ID], auth=_AUTH)
            },
            "/v1/matches/{match_id}/legal": {"get": _op("Your legal moves now", params=[_ID], auth=_AUTH)},
            "/v1/matches/{match_id}/moves": {"post": _op("Submit a move", body=SubmitMove, params=[_ID], auth=_AUTH)},
            "/v1/matches/{match_id}/events": {
                "get": _op(
                    "The event log after a version, redacted for the caller", params=[_ID, since], auth=_OPTIONAL_AUTH
                )
            },
            "/v1/matches/{match_id}/chat": {
                "get": _op("The match's public chat", params=[_ID]),
                "post": _op("Say something in the match's chat", body=Say, params=[_ID], auth=_AUTH, ok="201"),
            },
            "/v1/accounts": {
                "post": _op("Register an account; returns it with its API key (shown once)", body=Register, ok="201")
            },
            "/v1/accounts/me": {"get": _op("The account of the API key", auth=_KEY)},
            "/v1/accounts/me/inbox": {
                "get": _op("The account's notices numbered above `since` (pairings, rounds)", params=[since], auth=_KEY)
            },
            "/v1/accounts/me/key": {
                "post": _op("Rotate: a new API key (shown once); the one sent stops working", auth=_KEY, ok="201"),
                "delete": _op("Revoke the API key sent; none replaces it", auth=_KEY),
            },
            "/v1/ladders": {"get": _op("Every ladder, oldest first")},
            "/v1/ladders/{ladder_id}": {"get": _op("One ladder", params=[_LADDER_ID])},
            "/v1/ladders/{ladder_id}/queue": {
                "post": _op(
                    "Wait in the ladder's queue (a pairing arrives in the inbox: match_found)",
                    params=[_LADDER_ID],
                    auth=_KEY,
                    ok="201",
                ),
                "delete": _op("Leave the ladder's queue", params=[_LADDER_ID], auth=_KEY),
            },
            "/v1/ladders/{ladder_id}/me": {
                "get": _op(
                    "Whether the account waits, its ladder matches not yet rated, its rating",
                    params=[_LADDER_ID],
                    auth=_KEY,
                )
            },
            "/v1/ladders/{ladder_id}/leaderboard": {
                "get": _op("The board: rated accounts, best display rating first", params=[_LADDER_ID, limit])
            },
            "/v1/ladders/{ladder_id}/accounts/{account_id}/history": {
                "get": _op(
                    "An account's rated matches on the ladder, oldest first", params=[_LADDER_ID, _ACCOUNT_ID, limit]
                )
            },
            "/v1/admin/ladders": {"post": _op("Admin: create a ladder", body=CreateLadder, auth=_ADMIN, ok="201")},
            "/v1/admin/matches": {
                "get": _op("Admin: list matches, newest first, with their accounts", params=q, auth=_ADMIN)
            },
            "/v1/admin/matches/{match_id}/abort": {
                "post": _op("Admin: abort an open or active match", params=[_ID], auth=_ADMIN)
            },
            "/v1/admin/accounts/{account_id}/disable": {
                "post": _op("Admin: disable an account (its API key is refused)", params=[_ACCOUNT_ID], auth=_ADMIN)
            },
        },
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                "seatToken": {"type": "http", "scheme": "bearer", "description": "a seat token"},
                "apiKey": {"type": "http", "scheme": "bearer", "description": "an account's API key (vpk_...)"},
                "adminKey": {"type": "http", "scheme": "bearer", "description": "the server's VORPAL_ADMIN_KEY"},
            },
        },
    }
