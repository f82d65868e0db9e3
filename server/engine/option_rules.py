"""Rules between a match's options, written as JSON Schema (:meth:`server.engine.game.Game.options_rules`).

A game's :meth:`~server.engine.game.Game.check_options` enforces them; these say the same to a
client, in the published schema of a match's options, so that a client built from the document
sends only options the server takes. An absent option has its default (``false`` for every flag
these name), so "off" is ``false`` or absent, and "on" is present and ``true``.
"""

from __future__ import annotations

from typing import Any

Schema = dict[str, Any]


def on(name: str) -> Schema:
    """The flag ``name`` is set (present and ``true``)."""
    return {"properties": {name: {"const": True}}, "required": [name]}


def off(*names: str) -> Schema:
    """Each flag of ``names`` is unset (``false`` or absent)."""
    return {"properties": {name: {"const": False} for name in names}}


def named(name: str) -> Schema:
    """The option ``name`` is present and not ``null``."""
    return {"properties": {name: {"not": {"type": "null"}}}, "required": [name]}


def not_one_of(name: str, *values: Any) -> Schema:
    """The option ``name``, if present, is none of ``values``."""
    return {"properties": {name: {"not": {"enum": list(values)}}}}


def one_of(name: str, *values: Any) -> Schema:
    """The option ``name``, if present, is one of ``values``."""
    return {"properties": {name: {"enum": list(values)}}}


def implies(premise: Schema, conclusion: Schema) -> Schema:
    return {"if": premise, "then": conclusion}


def any_of(*schemas: Schema) -> Schema:
    return {"anyOf": list(schemas)}
