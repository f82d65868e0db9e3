"""How a match record is written to its Redis hash, and read back: its fields, and its table.

Scalars are written as themselves, lists and dicts as JSON, the table as the bytes
:func:`encode_table` makes (JSON, which pydantic writes and reads in Rust). The lobby reads a summary of the same hash
(:data:`SUMMARY_FIELDS`, no table): a page of them is decoded at once
(:func:`decode_summaries`), with one JSON parse and one validation, or comes
from ``lobby_page.lua`` as the answer's JSON already, passed through (``LobbyPage``).
"""

from __future__ import annotations

import json
from typing import Any

import msgpack
from pydantic import TypeAdapter

from server.domain.clocks import Clock, TimeControl
from server.domain.delay import SpectatorDelay
from server.domain.record import MatchRecord, MatchSummary, open_seats
from server.domain.status import MatchStatus
from server.engine import Rules, Table

AnyTable = Table[Any, Any, Any]

#: A shared field's JSON, ``"name":value``, by (part type, field name), with the value object it is of.
SharedJson = dict[tuple[type, str], tuple[Any, bytes]]


def encode_table(table: AnyTable, kept: SharedJson | None = None) -> bytes:
    """A table as stored: JSON, which pydantic writes and reads in Rust (faster than MessagePack
    through Python dicts: ``loadtest/README.md``). The public part's constant fields (a board) are
    left out: they are derived, and dropped when the table is read back anyway.

    Its shared fields (:attr:`~server.engine.game.Part.shared_fields`, a board that is replaced but
    never changed) are written first in the public part, each from ``kept``'s JSON of that very
    object if it holds it (and kept there for the next table)."""
    part = table.public
    constants, shared = part.constant_fields, part.shared_fields
    if not shared:
        if constants:
            return table.model_dump_json(exclude={"public": set(constants)}).encode()
        return table.model_dump_json().encode()
    body = table.model_dump_json(exclude={"public": set(constants | shared)}).encode()
    fields = []
    for name in sorted(shared):
        value = getattr(part, name)
        known = None if kept is None else kept.get((type(part), name))
        if known is None or known[0] is not value:
            known = (value, part.model_dump_json(include={name}).encode()[1:-1])  # '"name":value'
            if kept is not None:
                kept[type(part), name] = known
        fields.append(known[1])
    rest = body[_PUBLIC_START:]
    return body[:_PUBLIC_START] + b",".join(fields) + (b"" if rest[:1] == b"}" else b",") + rest


#: The stored table's JSON up to the public part's first field: ``{"public":{``.
_PUBLIC_START = len(b'{"public":{')


def parse_table(rules: Rules, data: bytes) -> AnyTable:
    """A new, private table from its stored bytes (tables written as MessagePack still decode, with
    the integer map keys a table may hold, such as the seats in a Zimby Mojo column)."""
    if data[:1] == b"{":
        return rules.table_type.model_validate_json(data)
    return rules.table_type.model_validate(msgpack.unpackb(data, raw=False, strict_map_key=False))


JSON_FIELDS = frozenset({"options", "names", "bots", "tokens", "rng", "outcome", "accounts", "held", "levels"})
INT_FIELDS = frozenset({"seats", "version", "created", "updated", "seed"})
#: Fields written as their pydantic model's JSON ("null" for None).
MODEL_FIELDS: dict[str, Any] = {"time_control": TimeControl, "clock": Clock, "spectator_delay": SpectatorDelay}
SUMMARY_FIELDS = ("id", "game", "seats", "status", "version", "created", "updated", "names", "bots", "tokens",
                  "outcome", "accounts")  # fmt: skip
#: Fields a record stored before they existed lacks: the record's default stands in.
OPTIONAL_FIELDS = frozenset({"accounts", "held", "levels", *MODEL_FIELDS})


def encode_field(record: MatchRecord, name: str) -> Any:
    value = getattr(record, name)
    if name == "rng":  # written with every move: four integers need no JSON encoder
        return "[" + ",".join(map(str, value)) + "]"
    if name in JSON_FIELDS:
        return json.dumps(value)
    if name in MODEL_FIELDS:
        return "null" if value is None else value.model_dump_json()
    if name == "status":
        return value.value
    return value


#: Not a field of the record but derived from three (``tokens``, ``bots``, ``accounts``: held seats) and
#: written with them (accounts change only with tokens), so
#: that the lobby's page script need not work it out per match (a record stored before lacks it).
OPEN_SEATS = "open_seats"


def encode_record(record: MatchRecord) -> dict[str, Any]:
    return {**{name: encode_field(record, name) for name in MatchRecord.__dataclass_fields__},
            OPEN_SEATS: json.dumps(record.open_seats())}  # fmt: skip


def encode_changes(record: MatchRecord, changed: tuple[str, ...]) -> list[Any]:
    """``field, value, ...`` of the ``changed`` fields of ``record`` (and what derives from them)."""
    out: list[Any] = []
    for name in changed:
        out += [name, encode_field(record, name)]
    if "tokens" in changed or "bots" in changed:
        out += [OPEN_SEATS, json.dumps(record.open_seats())]
    return out


def _decode(name: str, raw: bytes) -> Any:
    if name in JSON_FIELDS:
        return json.loads(raw)
    if name in MODEL_FIELDS:
        return None if raw == b"null" else MODEL_FIELDS[name].model_validate_json(raw)
    if name in INT_FIELDS:
        return int(raw)
    if name == "status":
        return MatchStatus(raw.decode())
    if name == "table":
        return raw
    return raw.decode()


def decode_record(raw: dict[bytes, bytes]) -> MatchRecord:
    names = [n for n in MatchRecord.__dataclass_fields__ if n not in OPTIONAL_FIELDS or n.encode() in raw]
    return MatchRecord(**{name: _decode(name, raw[name.encode()]) for name in names})


_SUMMARIES: TypeAdapter[list[MatchSummary]] = TypeAdapter(list[MatchSummary])
#: A summary row as one JSON array: the ids, game names and statuses we write need no escaping.
_ROW = b'["%s","%s",%s,"%s",%s,%s,%s,%s,%s,%s,%s,%s]'


def decode_summaries(rows: list[list[bytes | None]]) -> list[MatchSummary | None]:
    """Lobby rows: the values of :data:`SUMMARY_FIELDS` of each match hash, a page at a time
    (None for a row that cannot be read: a hash written by hand, a status from a newer server)."""
    try:
        page: list[MatchSummary | None] = list(_decode_rows(rows))
    except (ValueError, TypeError):  # json's and pydantic's errors are ValueErrors; a field missing, a TypeError
        page = [_decode_row(row) for row in rows]
    return page


def _decode_row(row: list[bytes | None]) -> MatchSummary | None:
    try:
        return _decode_rows([row])[0]
    except (ValueError, TypeError):
        return None


def _decode_rows(rows: list[list[bytes | None]]) -> list[MatchSummary]:
    parts = [_ROW % (*row[:-1], b"null" if row[-1] is None else row[-1]) for row in rows]
    out = []
    for mid, game, seats, status, version, created, updated, names, bots, tokens, outcome, accounts in json.loads(
        b"[" + b",".join(parts) + b"]"
    ):
        out.append({
            "match": mid, "game": game, "status": status, "version": version, "seats": seats, "names": names,
            "bots": bots, "open_seats": open_seats(tokens, bots, accounts), "created": created, "updated": updated,
            "outcome": outcome, "accounts": accounts or [None] * seats,
        })  # fmt: skip
    return _SUMMARIES.validate_python(out)


class UncachedTables:
    """A match store's tables with no cache: each decoded anew from its bytes, for every caller its own
    (:class:`~server.store.redis_store.Store`; :class:`~server.store.cached.CachingMatchStore` keeps them)."""

    def current(self, match_id: str, version: int) -> MatchRecord | None:
        return None

    def table(self, rules: Rules, record: MatchRecord) -> AnyTable:
        return parse_table(rules, record.table)

    draft = table

    def take(self, rules: Rules, data: bytes) -> AnyTable:
        return parse_table(rules, data)

    def encode(self, table: AnyTable) -> bytes:
        return encode_table(table)
