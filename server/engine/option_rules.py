"""Rules between a match's options, written as JSON Schema (:meth:`server.engine.game.Game.options_rules`).

A game's :meth:`~server.engine.game.Game.check_options` enforces them; these say the same to a
client, in the published schema of a match's options, so that a client built from the document
sends only options the server takes. An absent option has its default (``false`` or ``null`` for
every option these name), so "off" is ``false`` or absent, and "on" is present and ``true``.

A rule "if A then B" is written ``either(not A, B)``, each side spelled positively: generators of
test data (schemathesis) take ``anyOf`` of plain schemas, not ``if``/``then`` or ``not``.
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


def unset(name: str) -> Schema:
    """The option ``name`` is ``null`` or absent."""
    return {"properties": {name: {"type": "null"}}}


def one_of(name: str, *values: Any, required: bool = False) -> Schema:
    """The option ``name`` is one of ``values`` (or absent, unless ``required``)."""
    out: Schema = {"properties": {name: {"enum": list(values)}}}
    return {**out, "required": [name]} if required else out


def either(*schemas: Schema) -> Schema:
    """At least one of ``schemas`` holds."""
    return {"anyOf": list(schemas)}


# -- as alternatives ---------------------------------------------------------------------------------------------
#
# Rules are intersected here, once, into the alternatives they allow: each a flat schema (values an option may
# take if present, and options that must be). Their union is what the rules allow, without an intersection of
# ``anyOf``s left for a consumer to work out (a product that test data generators give up on).

_Values = tuple[tuple[str, Any], ...]  # (JSON type, value) pairs: True is not 1


def _typed(value: Any) -> tuple[str, Any]:
    return (type(value).__name__, value)


def _values(schema: Schema) -> _Values | None:
    """The values a flat constraint admits; None: any."""
    if "const" in schema:
        return (_typed(schema["const"]),)
    if "enum" in schema:
        return tuple(_typed(v) for v in schema["enum"])
    if schema.get("type") == "null":
        return (_typed(None),)
    return None


class _Flat:
    """One alternative: the values each option it constrains may take if present, and those that must be."""

    def __init__(self, values: dict[str, _Values], required: frozenset[str]) -> None:
        self.values = values
        self.required = required

    @classmethod
    def of(cls, schema: Schema) -> _Flat:
        values = {name: v for name, s in schema.get("properties", {}).items() if (v := _values(s)) is not None}
        return cls(values, frozenset(schema.get("required", ())))

    def meet(self, other: _Flat) -> _Flat | None:
        """Both at once; None if nothing satisfies both."""
        values = dict(self.values)
        for name, theirs in other.values.items():
            mine = values.get(name)
            values[name] = theirs if mine is None else tuple(v for v in mine if v in theirs)
        required = self.required | other.required
        if any(not values[name] for name in required if name in values):
            return None
        return _Flat(values, required)

    def within(self, other: _Flat) -> bool:
        """Whether everything this admits, ``other`` admits too."""
        if not other.required <= self.required:
            return False
        return all(name in self.values and set(self.values[name]) <= set(theirs)
                   for name, theirs in other.values.items())  # fmt: skip

    def schema(self) -> Schema:
        properties: dict[str, Any] = {}
        for name, values in sorted(self.values.items()):
            plain = [v for _, v in values]
            properties[name] = False if not plain else {"const": plain[0]} if len(plain) == 1 else {"enum": plain}
        out: Schema = {"properties": properties}
        return {**out, "required": sorted(self.required)} if self.required else out


def alternatives(rules: list[Schema]) -> list[Schema]:
    """The alternatives ``rules`` (each :func:`either` of flat schemas, or one flat schema) allow together:
    their union admits exactly what every rule admits. None is left that another one admits all of."""
    found = [_Flat({}, frozenset())]
    for rule in rules:
        found = [met for mine in found for side in rule.get("anyOf", [rule])
                 if (met := mine.meet(_Flat.of(side))) is not None]  # fmt: skip
        found = [
            a
            for i, a in enumerate(found)  # a second of two equal ones, or one within a wider one, goes
            if not any(a.within(b) and (j < i or not b.within(a)) for j, b in enumerate(found) if j != i)
        ]
    return [a.schema() for a in found]
