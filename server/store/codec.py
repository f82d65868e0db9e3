"""How a match record is written to its Redis hash, and read back.

Scalars are written as themselves, lists and dicts as JSON, the table as its
bytes (``server.runtime.caches``). The lobby reads a summary of the same hash
(:data:`SUMMARY_FIELDS`, no table), decoded by the same rules.
"""

from __future__ import annotations

import json
from typing import Any

from server.domain.clocks import Clock, TimeControl
from server.domain.delay import SpectatorDelay
from server.domain.record import MatchRecord, MatchSummary, open_seats
from server.domain.status import MatchStatus

JSON_FIELDS = frozenset({"options", "names", "bots", "tokens", "rng", "outcome", "accounts"})
INT_FIELDS = frozenset({"seats", "version", "created", "updated", "seed"})
#: Fields written as their pydantic model's JSON ("null" for None).
MODEL_FIELDS: dict[str, Any] = {"time_control": TimeControl, "clock": Clock, "spectator_delay": SpectatorDelay}
SUMMARY_FIELDS = ("id", "game", "seats", "status", "version", "created", "updated", "names", "bots", "tokens",
                  "outcome", "accounts")  # fmt: skip
#: Fields a record stored before they existed lacks: the record's default stands in.
OPTIONAL_FIELDS = frozenset({"accounts", *MODEL_FIELDS})


def encode_field(record: MatchRecord, name: str) -> Any:
    value = getattr(record, name)
    if name in JSON_FIELDS:
        return json.dumps(value)
    if name in MODEL_FIELDS:
        return "null" if value is None else value.model_dump_json()
    if name == "status":
        return value.value
    return value


def encode_record(record: MatchRecord) -> dict[str, Any]:
    return {name: encode_field(record, name) for name in MatchRecord.__dataclass_fields__}


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


def decode_summary(row: list[bytes | None]) -> MatchSummary:
    """A lobby row: the values of :data:`SUMMARY_FIELDS` of one match hash."""
    f = {name: _decode(name, value) for name, value in zip(SUMMARY_FIELDS, row, strict=True) if value is not None}
    tokens = f.pop("tokens")
    f.setdefault("accounts", [None] * f["seats"])
    return MatchSummary(match=f.pop("id"), open_seats=open_seats(tokens, f["bots"], f["accounts"]), **f)
