"""``/openapi.json``: the REST API, described from the models that parse and answer it.

Every handler declares its operation beside its code, with :func:`operation`: its id,
the body model it parses, the answer model it returns (:mod:`server.web.responses`), the
credential it takes and the errors it raises. :func:`document` walks the app's routes and
builds the document from those declarations, so a new module's operations appear once
its routes are in the app, and a route that declares nothing is left out (a test checks
there is none). From the declarations the document adds what every operation of a kind
shares: a body can be malformed (``bad_request``) or not JSON (``unsupported_media_type``),
a ``{match_id}`` can be malformed or unknown, a credential can be missing or wrong, and any
operation can fail (``internal``). A new operation is one decorator::

    @operation("getChat", "The match's public chat", tag="chat", answer=ChatLog, errors=[Unavailable])
    async def get_chat(request: Request) -> Response:
        return answer(ChatLog, await services(request).chat.messages(match_id(request)))

Errors are RFC 9457 problems (``application/problem+json``), one response per status with
the ``code`` values the operation can answer with at that status.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeVar

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema
from starlette.routing import BaseRoute, Route

from server import games
from server.ai.levels import BY_NUMBER as AI_LEVELS
from server.domain.ids import MATCH_ID_PATTERN
from server.domain.status import MatchStatus
from server.engine.play import Rules
from server.errors import (
    BadRequest,
    Forbidden,
    MatchNotFound,
    PayloadTooLarge,
    RateLimited,
    Unauthorized,
    UnsupportedMediaType,
    VorpalError,
    all_errors,
)
from server.web.openapi_games import catalogue, typed_answers

H = TypeVar("H", bound=Callable[..., Any])

#: The attribute of a handler that holds its :class:`Operation`.
_DECLARED = "__vorpal_operation__"


class Auth(Enum):
    """The credential an operation takes in ``Authorization: Bearer``."""

    NONE = ()
    SEAT = ("seatToken",)
    SEAT_OPTIONAL = ("seatToken", None)  # a seat, or a spectator without one
    KEY = ("apiKey",)
    KEY_OPTIONAL = ("apiKey", None)  # an account, or anonymously
    ADMIN = ("adminKey",)
    KEY_OR_ADMIN = ("apiKey", "adminKey")  # an account, or the admin acting for nobody


@dataclass(frozen=True)
class Query:
    """A query parameter, with the schema the handler enforces."""

    name: str
    schema: dict[str, Any]
    description: str


@dataclass(frozen=True)
class Operation:
    """What the document says of one handler."""

    id: str
    summary: str
    tag: str
    answer: type[BaseModel]
    status: int = 200
    body: type[BaseModel] | None = None
    body_required: bool = True
    query: tuple[Query, ...] = ()
    auth: Auth = Auth.NONE
    errors: tuple[type[VorpalError], ...] = ()
    headers: dict[str, str] = field(default_factory=dict)  # response header -> description
    #: Other media types the answer may come as (the query says which), each with its schema.
    also_as: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: What the body must also match, beyond its model: what a game takes, as :func:`per_game` says it.
    body_rules: dict[str, Any] | None = None


def operation(id: str, summary: str, *, tag: str, answer: type[BaseModel], status: int = 200,
              body: type[BaseModel] | None = None, body_required: bool = True, query: Sequence[Query] = (),
              auth: Auth = Auth.NONE, errors: Sequence[type[VorpalError]] = (),
              headers: dict[str, str] | None = None, also_as: dict[str, dict[str, Any]] | None = None,
              body_rules: dict[str, Any] | None = None) -> Callable[[H], H]:  # fmt: skip
    """Declare the operation a handler serves (see the module's docstring)."""
    op = Operation(id, summary, tag, answer, status, body, body_required, tuple(query), auth, tuple(errors),
                   headers or {}, also_as or {}, body_rules)  # fmt: skip

    def declare(handler: H) -> H:
        setattr(handler, _DECLARED, op)
        return handler

    return declare


def declared(endpoint: Any) -> Operation | None:
    found: Operation | None = getattr(endpoint, _DECLARED, None)
    return found


def per_game(body: Callable[[Rules, int], dict[str, Any]], *, least_seats: int = 1) -> dict[str, Any]:
    """The rules a body naming a game, its seats and its options must also match: one branch per game, seat
    count (of at least ``least_seats``) and combination of options the game allows for that many seats
    (:meth:`Rules.options_schema`: its ``anyOf``), each with the game's name, that count and options of that
    combination; ``body`` adds what else depends on the game and seats (properties, each replacing the
    model's, and required names). :func:`document` writes each branch as a whole body.

    A branch per combination rather than one per seat count with the combinations inside: so the body is a
    union of plain objects, which test data generators take (schemathesis gives up on a union of objects
    each holding a union of their own)."""
    branches = []
    for rules in games.GAMES:
        for seats in range(max(least_seats, rules.game.min_seats), rules.game.max_seats + 1):
            branch = body(rules, seats)
            base = {"$ref": f"#/components/schemas/{rules.name}.options.{seats}"}
            for combination in rules.options_schema(seats).get("anyOf", [None]):
                options = base if combination is None else {"allOf": [base, combination]}
                properties = {"game": {"type": "string", "const": rules.name},
                              "seats": {"type": "integer", "const": seats}, "options": options,
                              **branch.get("properties", {})}  # fmt: skip
                branches.append({"properties": properties, "required": ["game", *branch.get("required", [])]})
    return {"description": "a game of GET /v1/games, a number of seats it is played by, and options it takes for "
            "them (the game's options schema, with the seats an option names bounded by the match's, in one of "
            "the combinations the game allows)", "anyOf": branches}  # fmt: skip


def game_options() -> dict[str, Any]:
    """The options of a match of each game and seat count (``<game>.options.<seats>``), which bodies name: the
    game's options, with the seats an option names bounded (the combinations are the bodies' branches)."""
    out = {}
    for rules in games.GAMES:
        for seats in range(rules.game.min_seats, rules.game.max_seats + 1):
            schema = rules.options_schema(seats)
            schema.pop("anyOf", None)
            schema["title"] = f"{schema.get('title', rules.name)} for {seats} seats"
            out[f"{rules.name}.options.{seats}"] = schema
    return out


def _bodies(name: str, rules: dict[str, Any]) -> dict[str, Any]:
    """``rules`` (:func:`per_game`) written out: each branch the body model ``name`` and the branch's properties
    (one ``allOf`` of plain objects per branch: what test data generators take)."""
    model = {"$ref": f"#/components/schemas/{name}"}
    return {"description": rules["description"], "anyOf": [{"allOf": [model, branch]} for branch in rules["anyOf"]]}


# -- what operations share ------------------------------------------------------------

STATUS = Query("status", {"type": "string", "enum": [s.value for s in MatchStatus]}, "only matches in this status")
GAME = Query("game", {"type": "string"}, "only matches of this game (a name from GET /v1/games)")
LIMIT = Query("limit", {"type": "integer", "minimum": 1, "maximum": 500, "default": 50}, "at most this many")
SINCE = Query("since", {"type": "integer", "minimum": 0, "maximum": 2**63 - 1, "default": 0},
              "only what comes after this version")  # fmt: skip
CURSOR = Query("cursor", {"type": "string", "pattern": r"^[0-9]{1,16}\.[A-Za-z0-9]+$"},
               "where the page starts: the `next` of the page before (absent: the newest)")  # fmt: skip
LOBBY_FILTER = (GAME, STATUS, LIMIT, CURSOR)

_PATH_PARAMETERS: dict[str, dict[str, Any]] = {
    "match_id": {"type": "string", "pattern": MATCH_ID_PATTERN},
    "account_id": {
        "type": "string",
        "description": "12 letters and digits (an account's `id`), or a house account's house-<level>",
    },
    "tournament_id": {"type": "string", "pattern": "^[A-Za-z0-9]{1,40}$"},
    "ladder_id": {"type": "string", "pattern": "^[A-Za-z0-9]{1,40}$"},
    "version": {"type": "integer", "minimum": 0, "maximum": 2**63 - 1},
    "level": {"type": "integer", "minimum": min(AI_LEVELS), "maximum": max(AI_LEVELS)},
}
_PATH_DESCRIPTIONS = {"match_id": "the match's id", "account_id": "the account's id", "name": "a game's name",
                      "tournament_id": "the tournament's id", "ladder_id": "the ladder's id",
                      "version": "a version of the match (0: as created)",
                      "level": "an AI level: the house account's (GET /v1/accounts/house)"}  # fmt: skip

_SECURITY_SCHEMES = {
    "seatToken": {"type": "http", "scheme": "bearer", "bearerFormat": "<match id>.<seat>.<secret>",
                  "description": "a seat token, as POST /v1/matches/{match_id}/join answers it"},
    "apiKey": {"type": "http", "scheme": "bearer", "bearerFormat": "vpk_<account id>_<secret>",
               "description": "an account's API key, as POST /v1/accounts answers it"},
    "adminKey": {"type": "http", "scheme": "bearer", "description": "the server's admin key (VORPAL_ADMIN_KEY)"},
}  # fmt: skip

_TAGS = [
    {"name": "health", "description": "Is the process alive and ready"},
    {"name": "games", "description": "The catalogue of games and their JSON Schemas"},
    {"name": "matches", "description": "The match lifecycle: create, join, leave, move, read"},
    {"name": "chat", "description": "A match's public chat"},
    {"name": "accounts", "description": "Accounts and their API keys"},
    {"name": "admin", "description": "Operators' endpoints (the admin key)"},
]


def _problem_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "description": "An RFC 9457 problem; clients match on `code`. More members may follow.",
        "required": ["type", "title", "status", "code"],
        "properties": {
            "type": {"type": "string", "description": "urn:vorpal:error:<code>"},
            "title": {"type": "string"},
            "status": {"type": "integer"},
            "detail": {"type": "string"},
            "instance": {"type": "string", "description": "the request's path"},
            "code": {"type": "string", "enum": [e.code for e in all_errors()]},
            "current": {"type": "integer", "description": "stale_version: the match's current version"},
        },
    }


def _errors(op: Operation, path: str) -> list[type[VorpalError]]:
    """The errors ``op`` can answer with: those it declares and those its kind implies."""
    implied: list[type[VorpalError]] = []
    if op.body is not None:
        implied += [BadRequest, UnsupportedMediaType, PayloadTooLarge]
    if path.startswith("/v1/"):
        implied.append(RateLimited)  # the REST rate limits (server/web/rates.py)
    if "{" in path:
        implied.append(BadRequest)  # a malformed path parameter
    if "{match_id}" in path:
        implied.append(MatchNotFound)
    if op.auth.value:
        implied += [BadRequest, Unauthorized]  # a malformed Authorization header; a wrong credential
    if op.auth in (Auth.ADMIN, Auth.KEY_OR_ADMIN):
        implied.append(Forbidden)
    if op.query:
        implied.append(BadRequest)
    found = dict.fromkeys([*implied, *op.errors, VorpalError])
    return sorted(found, key=lambda e: (e.status, e.code))


def _responses(op: Operation, path: str) -> dict[str, Any]:
    ok: dict[str, Any] = {
        "description": op.answer.__doc__.strip().splitlines()[0] if op.answer.__doc__ else op.answer.__name__,
        "content": {
            "application/json": {"schema": {"$ref": f"#/components/schemas/{op.answer.__name__}"}},
            **{media: {"schema": schema} for media, schema in op.also_as.items()},
        },
    }
    if op.headers:
        ok["headers"] = {h: {"description": d, "schema": {"type": "string"}} for h, d in op.headers.items()}
    out: dict[str, Any] = {str(op.status): ok}
    by_status: dict[int, list[str]] = {}
    for err in _errors(op, path):
        by_status.setdefault(err.status, []).append(err.code)
    for status, codes in by_status.items():
        schema = {"allOf": [{"$ref": "#/components/schemas/Problem"},
                            {"type": "object", "properties": {"code": {"enum": codes}}}]}  # fmt: skip
        out[str(status)] = {
            "description": ", ".join(f"`{c}`" for c in codes),
            "content": {"application/problem+json": {"schema": schema}},
        }
        if status == RateLimited.status:
            out[str(status)]["headers"] = {"Retry-After": {
                "description": "seconds until a retry is admitted (rounded up; `retry_after_ms` in the body is exact)",
                "schema": {"type": "integer", "minimum": 1}}}  # fmt: skip
    return out


def _path_parameter(name: str) -> dict[str, Any]:
    schema = _PATH_PARAMETERS.get(name)
    if name == "name":
        schema = {"type": "string", "enum": [r.name for r in games.GAMES]}
    assert schema is not None, f"declare the path parameter {name!r} in server/web/openapi.py"
    return {"name": name, "in": "path", "required": True, "description": _PATH_DESCRIPTIONS[name], "schema": schema}


def _describe(op: Operation, path: str) -> dict[str, Any]:
    params = [_path_parameter(p.strip("{}")) for p in path.split("/") if p.startswith("{")]
    params += [{"name": q.name, "in": "query", "description": q.description, "schema": q.schema} for q in op.query]
    out: dict[str, Any] = {"operationId": op.id, "summary": op.summary, "tags": [op.tag]}
    if params:
        out["parameters"] = params
    if op.body is not None:
        schema: dict[str, Any] = {"$ref": f"#/components/schemas/{op.body.__name__}"}
        out["requestBody"] = {"required": op.body_required, "content": {"application/json": {"schema": schema}}}
    if op.body_rules is not None:
        out["x-body-rules"] = op.body_rules  # written out by document(), which has the body's schema
    out["responses"] = _responses(op, path)
    out["security"] = [{} if scheme is None else {scheme: []} for scheme in op.auth.value]
    return out


def _schemas(models: Sequence[type[BaseModel]]) -> dict[str, Any]:
    """JSON Schemas of ``models`` and of every model they use, each once, under its own name."""
    _, top = models_json_schema([(m, "validation") for m in models], ref_template="#/components/schemas/{model}")
    return dict(top.get("$defs", {}))


def document(routes: Sequence[BaseRoute]) -> dict[str, Any]:
    """The OpenAPI 3.1 document of the operations declared by the handlers of ``routes``."""
    paths: dict[str, dict[str, Any]] = {}
    models: dict[str, type[BaseModel]] = {}
    for route in routes:
        op = declared(route.endpoint) if isinstance(route, Route) else None
        if op is None:
            continue
        assert isinstance(route, Route) and route.methods is not None
        method = next(m for m in route.methods if m != "HEAD").lower()
        paths.setdefault(route.path, {})[method] = _describe(op, route.path)
        for model in (op.answer, op.body):
            if model is not None:
                models[model.__name__] = model
    schemas = _schemas(list(models.values()))
    schemas["Problem"] = _problem_schema()
    schemas.update(game_options())
    typed_answers(schemas, catalogue())  # each game's view, move, outcome and events (server/web/openapi_games.py)
    for ops in paths.values():  # bodies that also follow a game's rules (per_game)
        for described in ops.values():
            op = described.pop("x-body-rules", None)
            if op is not None:
                body = described["requestBody"]["content"]["application/json"]
                body["schema"] = _bodies(body["schema"]["$ref"].rpartition("/")[2], op)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Vorpal",
            "version": "1.0.0",
            "description": "Tabletop game server: the match lifecycle over REST; live play over the "
            "WebSocket /v1/ws (protocol/PROTOCOL.md). Request bodies are JSON (`Content-Type: "
            "application/json`), read strictly: unknown fields and values of the wrong type are refused, "
            'with no coercion: `"3"` is not a number, and an integer is written without a fraction '
            "(`3.0` and `true` are not integers).",
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "/"}],
        "tags": _TAGS,
        "paths": paths,
        "components": {"schemas": schemas, "securitySchemes": _SECURITY_SCHEMES},
    }
