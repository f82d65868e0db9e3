"""``/asyncapi.json``: the WebSocket ``/v1/ws``, described as an AsyncAPI 3 document from the frame models.

Each frame of :mod:`vorpal_protocol.frames` (the members of ``ClientFrame`` and ``ServerFrame``, told apart
by ``type``) becomes a message whose payload is the model's JSON Schema, so a frame added to the protocol
appears here once it is in those unions. A client frame is a ``send`` operation whose reply is an ``ack``
or an ``error``; a frame the server pushes unasked is a ``receive`` operation. Each game's view, move and
events are the components ``/openapi.json`` holds (:mod:`server.web.openapi_games`): an ``event`` frame
does not name its game, so its parts are any game's, and a client that knows its match's game picks
``<game>.View``, ``<game>.Move`` and ``<game>.EventPart``.

Frames travel as MessagePack maps (the subprotocol says so); their schemas describe the decoded map.
"""

from __future__ import annotations

import copy
from typing import Any, get_args

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from vorpal_protocol import MAX_FRAME_BYTES, SUBPROTOCOLS, ClientFrame, ServerFrame

from server.errors import all_errors

from .built_once import BuiltOnce
from .openapi_games import any_game, catalogue, game_components

#: The frames the server sends only as replies to a request (the rest it pushes), and which answer which.
_REPLIES = ("ack", "error", "pong")
_REPLY_TO = {"ping": ["pong", "error"]}
_REPLY = ["ack", "error"]


def _members(union: Any) -> list[type[BaseModel]]:
    """The frame models of a discriminated union (``Annotated[A | B, Field(...)]``)."""
    return list(get_args(get_args(union)[0]))


def _kind(model: type[BaseModel]) -> str:
    (name,) = get_args(model.model_fields["type"].annotation)
    return str(name)


def _typed(schemas: dict[str, Any], names: list[str]) -> None:
    """The event frame's game parts as any game's (the frame does not name its game)."""
    frame = schemas["EventFrame"]["properties"]
    for prop, part in (("view", "View"), ("outcome", "Outcome")):
        frame[prop] = {"anyOf": [*any_game(part, names)["anyOf"], {"type": "null"}],
                       "description": frame[prop].get("description", f"the match's {prop}, of its game")}  # fmt: skip
    frame["legal"] = {"anyOf": [{"type": "array", "items": any_game("Move", names)}, {"type": "null"}],
                      "description": "only when the recipient may act: its legal moves"}  # fmt: skip
    frame["event"] = {**any_game("EventPart", names), "description": "the event, redacted for the recipient"}
    # A move frame's move is read as any value and held to the match's game after (bad_move): the frame is
    # well formed whatever the move, so its schema says which to send rather than what is a frame.
    schemas["MoveFrame"]["properties"]["move"]["description"] = "a move of the match's game: `<game>.Move`"
    schemas["ErrorFrame"]["properties"]["code"] = {"type": "string", "enum": [e.code for e in all_errors()]}


def _dialect(node: Any) -> Any:
    """A JSON Schema (draft 2020-12, as pydantic writes it) in AsyncAPI's schema dialect (a superset of draft
    07): a tuple's ``prefixItems`` as ``items`` (a list), and a ``discriminator`` as its property's name."""
    if isinstance(node, list):
        return [_dialect(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {k: _dialect(v) for k, v in node.items()}
    if "prefixItems" in out:
        rest = out.pop("items", False)
        out["items"] = out.pop("prefixItems")
        out["additionalItems"] = rest
    if isinstance(out.get("discriminator"), dict):
        out["discriminator"] = out["discriminator"]["propertyName"]
    return out


def _message(model: type[BaseModel]) -> dict[str, Any]:
    doc = (model.__doc__ or model.__name__).strip()
    return {
        "name": _kind(model),
        "title": model.__name__,
        "summary": doc.splitlines()[0],
        "description": doc,
        "payload": {"$ref": f"#/components/schemas/{model.__name__}"},
    }


def document() -> dict[str, Any]:
    """The AsyncAPI 3.0 document of ``/v1/ws``."""
    clients, servers = _members(ClientFrame), _members(ServerFrame)
    _, top = models_json_schema([(m, "serialization") for m in (*clients, *servers)],
                                ref_template="#/components/schemas/{model}")  # fmt: skip
    schemas: dict[str, Any] = copy.deepcopy(top.get("$defs", {}))
    for model in (*clients, *servers):  # every frame names its type, though the model gives it a default
        required = schemas[model.__name__].setdefault("required", [])
        if "type" not in required:
            required.insert(0, "type")
    games = catalogue()
    _typed(schemas, [game["name"] for game in games])
    schemas.update(game_components(games))
    messages = {_kind(m): _message(m) for m in (*clients, *servers)}
    channel_messages = {kind: {"$ref": f"#/components/messages/{kind}"} for kind in messages}

    def on_channel(kinds: list[str]) -> list[dict[str, str]]:
        return [{"$ref": f"#/channels/ws/messages/{kind}"} for kind in kinds]

    operations: dict[str, Any] = {}
    for model in clients:
        kind = _kind(model)
        operations[f"send_{kind}"] = {
            "action": "send",
            "channel": {"$ref": "#/channels/ws"},
            "summary": messages[kind]["summary"],
            "messages": on_channel([kind]),
            "reply": {"channel": {"$ref": "#/channels/ws"}, "messages": on_channel(_REPLY_TO.get(kind, _REPLY))},
        }
    for model in servers:
        kind = _kind(model)
        if kind not in _REPLIES:
            operations[f"receive_{kind}"] = {
                "action": "receive",
                "channel": {"$ref": "#/channels/ws"},
                "summary": messages[kind]["summary"],
                "messages": on_channel([kind]),
            }
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "Vorpal live play",
            "version": "1.0.0",
            "description": "Live play over one WebSocket, /v1/ws: MessagePack maps told apart by `type`, at most "
            f"{MAX_FRAME_BYTES} bytes each (protocol/PROTOCOL.md). A request carries an `id` of the client's "
            "choosing, echoed by its `ack` or `error`; `event`, `chat` and `notice` frames are pushed. The REST "
            "API, and the same schemas of each game, are in /openapi.json.",
            "license": {"name": "MIT"},
        },
        "defaultContentType": "application/msgpack",
        "servers": {
            "vorpal": {
                "host": "{host}",
                "protocol": "ws",
                "pathname": "/v1/ws",
                "description": "the server, as it serves this document (wss behind TLS)",
                "variables": {"host": {"default": "127.0.0.1:8000", "description": "host and port"}},
            }
        },
        "channels": {
            "ws": {
                "address": "/v1/ws",
                "title": "One connection's frames",
                "description": "Offer a subprotocol in Sec-WebSocket-Protocol: " + ", ".join(SUBPROTOCOLS) + ".",
                "messages": channel_messages,
                "bindings": {
                    "ws": {
                        "headers": {
                            "type": "object",
                            "required": ["Sec-WebSocket-Protocol"],
                            "properties": {"Sec-WebSocket-Protocol": {"type": "string", "enum": list(SUBPROTOCOLS)}},
                        },
                        "query": {
                            "type": "object",
                            "properties": {
                                "match": {
                                    "type": "string",
                                    "description": "the match the connection is for: load balancers "
                                    "route on it (optional)",
                                }
                            },
                        },
                    }
                },
            }
        },
        "operations": operations,
        "components": {"schemas": _dialect(schemas), "messages": messages},
    }


async def serve(request: Request) -> Response:
    # Fixed for the process, and long to make (every game's schemas): made once per app, not per request.
    state = request.app.state
    if getattr(state, "asyncapi", None) is None:
        state.asyncapi = BuiltOnce(lambda: bytes(JSONResponse(document()).body))
    return Response(await state.asyncapi.get(), media_type="application/json")
