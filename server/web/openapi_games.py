"""Each game's schemas in ``/openapi.json``, so that a client generated from the document is typed per game.

The catalogue (``GET /v1/games``) carries a game's JSON Schemas as separate documents, each with its own
``$defs``. Here every one of them becomes a component named after its game (``jabberwocky.Move``,
``jabberwocky.View``, ``jabberwocky.Event``, ...; its options are ``jabberwocky.options.<seats>``), its
``$defs`` hoisted beside it (``jabberwocky.Move.Bid``) and its references rewritten to point there: in an
OpenAPI document a ``#/$defs/...`` would resolve against the document's root, not the schema's.

With those, an answer whose game-specific parts depend on the match's ``game`` becomes a union of one
branch per game, each branch the generic model with ``game`` a constant and its parts the game's
(:func:`by_game`): a ``oneOf`` whose branches cannot overlap, with a ``discriminator`` on ``game``, which
code generators turn into a tagged union. An answer that does not name its game (the legal moves, the
log) holds a part of any game (:func:`any_game`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from server.domain.catalogue import catalogue as domain_catalogue

_COMPONENTS = "#/components/schemas/"
_DEFS = "#/$defs/"


def _hoisted(schema: dict[str, Any], name: str, out: dict[str, Any]) -> None:
    """``schema`` as the component ``name`` of ``out``, its ``$defs`` as components ``name.<def>``."""
    schema = copy.deepcopy(schema)
    defs = schema.pop("$defs", {})

    def rewrite(node: Any) -> Any:
        if isinstance(node, list):
            return [rewrite(n) for n in node]
        if not isinstance(node, dict):
            return node
        done = {k: rewrite(v) for k, v in node.items()}
        ref = done.get("$ref")
        if isinstance(ref, str) and ref.startswith(_DEFS):
            done["$ref"] = f"{_COMPONENTS}{name}.{ref.removeprefix(_DEFS)}"
        mapping = done.get("discriminator", {}).get("mapping")
        if isinstance(mapping, dict):
            done["discriminator"]["mapping"] = {
                k: f"{_COMPONENTS}{name}.{v.removeprefix(_DEFS)}" if v.startswith(_DEFS) else v
                for k, v in mapping.items()
            }
        return done

    out[name] = rewrite(schema)
    for def_name, sub in defs.items():
        out[f"{name}.{def_name}"] = rewrite(sub)
    for node in _nodes([out[name], *(out[f"{name}.{d}"] for d in defs)]):
        _tag_required(out, node)


def _nodes(node: Any) -> list[dict[str, Any]]:
    """Every schema object within ``node``, itself included."""
    if isinstance(node, list):
        return [n for item in node for n in _nodes(item)]
    if not isinstance(node, dict):
        return []
    return [node, *(n for v in node.values() for n in _nodes(v))]


def _tag_required(out: dict[str, Any], schema: dict[str, Any]) -> None:
    """A union told apart by a property needs it in every value: the game's parser refuses a move without its
    ``type`` (the tag it reads), though the move model gives it a default; so each branch requires it."""
    discriminator = schema.get("discriminator")
    if not isinstance(discriminator, dict):
        return
    tag = discriminator["propertyName"]
    for ref in discriminator.get("mapping", {}).values():
        branch = out.get(ref.removeprefix(_COMPONENTS))
        if branch is not None and tag in branch.get("properties", {}):
            required = branch.setdefault("required", [])
            if tag not in required:
                required.insert(0, tag)


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"{_COMPONENTS}{name}"}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def game_components(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Every game's schemas as components (its options are the bodies' ``<game>.options.<seats>``):
    ``<game>.Move``, ``.Public``, ``.Private``,
    ``.View``, ``.Outcome``, ``.Event`` (an event's public part), ``.EventPrivate.<type>`` and ``.EventPart``
    (what a recipient sees of one event). ``games``: the catalogue's (:func:`catalogue`)."""
    out: dict[str, Any] = {}
    for game in games:
        name, schemas = game["name"], game["schemas"]
        _hoisted(schemas["move"], f"{name}.Move", out)
        _hoisted(schemas["view"]["public"], f"{name}.Public", out)
        _hoisted(schemas["view"]["private"], f"{name}.Private", out)
        _hoisted(schemas["outcome"], f"{name}.Outcome", out)
        _hoisted(schemas["events"]["public"], f"{name}.Event", out)
        privates = []
        for kind, private in sorted(schemas["events"]["private"].items()):
            _hoisted(private, f"{name}.EventPrivate.{kind}", out)
            privates.append(_ref(f"{name}.EventPrivate.{kind}"))
        out[f"{name}.View"] = {
            "type": "object",
            "title": f"{game['title']}: a view",
            "description": "the public part, and the viewing seat's private part (none for a spectator)",
            "required": ["public"],
            "properties": {"public": _ref(f"{name}.Public"), "private": _nullable(_ref(f"{name}.Private"))},
            "additionalProperties": False,
        }
        event_part: dict[str, Any] = {
            "type": "object",
            "title": f"{game['title']}: an event as its recipient sees it",
            "required": ["public"],
            "properties": {
                "public": _ref(f"{name}.Event"),
                "then": {
                    "type": "array",
                    "items": _ref(f"{name}.EventPart"),
                    "description": "the chance steps that followed the move, each redacted alike",
                },
            },
            "additionalProperties": False,
        }
        if privates:
            one = privates[0] if len(privates) == 1 else {"anyOf": privates}
            event_part["properties"]["private"] = {**one, "description": "the recipient seat's own part"}
        out[f"{name}.EventPart"] = event_part
    return out


def by_game(generic: dict[str, Any], model: str, parts: dict[str, Any], names: Iterable[str]) -> dict[str, Any]:
    """The answer ``model`` (its generic schema ``generic``) as one branch per game, told apart by ``game``:
    each branch ``generic`` with ``game`` the game's name and each property of ``parts`` replaced by
    ``parts[property](game)``. Returns the branches as components (``<game>.<model>``) and, under
    ``model``, the union."""
    out: dict[str, Any] = {}
    mapping = {}
    for name in names:
        branch = copy.deepcopy(generic)
        branch["title"] = f"{model} ({name})"
        properties = branch["properties"]
        properties["game"] = {"type": "string", "const": name}
        for prop, part in parts.items():
            described = properties[prop].get("description")
            properties[prop] = part(name) | ({"description": described} if described else {})
        out[f"{name}.{model}"] = branch
        mapping[name] = f"{_COMPONENTS}{name}.{model}"
    out[model] = {
        "description": generic.get("description", model) + " One branch per game, told apart by `game`.",
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "game", "mapping": mapping},
    }
    return out


def any_game(part: str, names: Iterable[str]) -> dict[str, Any]:
    """A part (``Move``, ``EventPart``) of whichever game: the answer does not say which."""
    return {"anyOf": [_ref(f"{name}.{part}") for name in names]}


def catalogue() -> list[dict[str, Any]]:
    """Every game of the catalogue, as ``GET /v1/games`` lists it (long to build: a document is made once)."""
    games: list[dict[str, Any]] = domain_catalogue()["games"]
    return games


def typed_answers(schemas: dict[str, Any], games: list[dict[str, Any]]) -> None:
    """Replace, in ``schemas`` (the document's components), the free game parts of the answers with each
    game's: the match state by game; legal moves and log events as any game's."""
    names = [game["name"] for game in games]
    schemas.update(game_components(games))
    if "MatchState" in schemas:
        parts = {
            "view": lambda g: _ref(f"{g}.View"),
            "outcome": lambda g: _nullable(_ref(f"{g}.Outcome")),
            "legal": lambda g: _nullable({"type": "array", "items": _ref(f"{g}.Move")}),
        }
        schemas.update(by_game(schemas["MatchState"], "MatchState", parts, names))
    if "LegalMoves" in schemas:
        moves = schemas["LegalMoves"]["properties"]["moves"]
        moves["items"] = any_game("Move", names)
    if "LogEntry" in schemas:
        event = schemas["LogEntry"]["properties"]["event"]
        schemas["LogEntry"]["properties"]["event"] = {**any_game("EventPart", names),
                                                      "description": event.get("description", "the event")}  # fmt: skip
