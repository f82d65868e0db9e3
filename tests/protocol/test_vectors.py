"""The golden vectors of protocol v1 (``protocol/vectors/``), run against the Python codec.

Every language's codec runs the same corpus (the JavaScript SDK in
``clients/js/test/vectors.test.js``). A vector this codec is known to fail
is listed in ``KNOWN_FAILURES``; a listed vector that starts passing fails
the run, so the list cannot go stale.
"""

from __future__ import annotations

import json
import random
import re
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from vorpal_protocol import (
    CLOSE_CODES,
    ERROR_CODES,
    ClientFrame,
    DecodeError,
    ServerFrame,
    decode_client,
    decode_server,
    encode,
)

from server import games
from server.engine import Event, Table, copy_table, event_for

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "protocol" / "vectors"
SPEC = ROOT / "protocol" / "PROTOCOL.md"

#: Vector names this codec fails today (none): ``{"name": "why"}``.
KNOWN_FAILURES: dict[str, str] = {}

DECODER_CODES = {"bad_frame", "unknown_frame", "bad_request", "frame_too_large"}


def load() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for path in sorted(VECTORS.glob("*.json")):
        out.extend(json.loads(path.read_text())["vectors"])
    return out


ALL = load()
VALID = [v for v in ALL if "value" in v]
INVALID = [v for v in ALL if "code" in v]
REAL = [v for v in ALL if "source" in v]


def params(vectors: list[dict[str, Any]]) -> list[Any]:
    return [
        pytest.param(v, id=v["name"], marks=[pytest.mark.xfail(strict=True, reason=KNOWN_FAILURES[v["name"]])])
        if v["name"] in KNOWN_FAILURES
        else pytest.param(v, id=v["name"])
        for v in vectors
    ]


def decoder(vector: dict[str, Any]) -> Any:
    return {"client": decode_client, "server": decode_server}[vector["direction"]]


def frame_types(union: Any) -> set[str]:
    members = typing.get_args(typing.get_args(union)[0])
    return {m.model_fields["type"].default for m in members}


@pytest.mark.parametrize("vector", params(VALID))
def test_a_valid_vector_decodes_to_its_value_and_encodes_to_its_canonical_bytes(vector: dict[str, Any]) -> None:
    data = bytes.fromhex(vector["hex"])
    canonical = bytes.fromhex(vector.get("canonical", vector["hex"]))
    frame = decoder(vector)(data)
    value = {k: v for k, v in frame.model_dump(mode="json").items() if v is not None}
    assert value == vector["value"]
    assert encode(frame) == canonical  # from the model, as a client SDK encodes
    assert encode(vector["value"]) == canonical  # from a dict in wire form, as the server encodes
    assert encode(decoder(vector)(canonical)) == canonical


@pytest.mark.parametrize("vector", params(INVALID))
def test_an_invalid_vector_is_refused_with_its_code(vector: dict[str, Any]) -> None:
    with pytest.raises(DecodeError) as info:
        decoder(vector)(bytes.fromhex(vector["hex"]))
    assert info.value.code == vector["code"]
    assert info.value.request_id == vector.get("id")


def test_every_frame_type_has_a_canonical_vector() -> None:
    covered = {(v["direction"], v["value"]["type"]) for v in VALID if "canonical" not in v}
    wanted = {("client", t) for t in frame_types(ClientFrame)} | {("server", t) for t in frame_types(ServerFrame)}
    assert wanted - covered == set()


def test_every_decoder_error_code_has_a_vector_and_vectors_are_named_once() -> None:
    assert {v["code"] for v in INVALID} == DECODER_CODES
    assert set(ERROR_CODES) >= DECODER_CODES
    names = [v["name"] for v in ALL]
    assert len(names) == len(set(names))
    assert set(KNOWN_FAILURES) <= set(names)


def test_the_spec_lists_every_error_code_close_code_and_frame_type() -> None:
    spec = SPEC.read_text()
    listed = set(re.findall(r"^\| `([a-z_]+)` \|", spec, re.MULTILINE))
    assert set(ERROR_CODES) <= listed
    for close in CLOSE_CODES:
        assert re.search(rf"^\| {close} \|", spec, re.MULTILINE), close
    for kind in frame_types(ClientFrame) | frame_types(ServerFrame):
        assert f"### `{kind}`" in spec, kind


# -- the vectors' examples are real: frames of a real match --------------------------------


@dataclass
class Step:
    """One version of a replayed match: the event that made it and the match after it."""

    version: int
    event: Event | None
    status: str
    names: list[str | None]
    table: Table[Any, Any, Any]
    outcome: dict[str, Any] | None


def replay(source: dict[str, Any]) -> Iterator[Step]:
    """Every version of the match a vector's ``source`` names (vectors/README.md, "Real examples").

    Bot seats are taken at creation (version 0); ``names`` join the other seats in order; then
    each move is drawn by ``random.Random(seed)`` from the legal moves of a seat to act.
    """
    rules = games.get(source["game"])
    seats, bots = source["seats"], source["bots"]
    table, rng = rules.setup(rules.parse_options(source["options"]), seats, source["seed"])
    names: list[str | None] = [f"bot-{s}" if s in bots else None for s in range(seats)]
    status = "open"
    yield Step(0, None, status, list(names), copy_table(table), None)
    version = 0
    for name in source["names"]:
        seat = names.index(None)
        names[seat] = name
        started = None not in names
        status = "active" if started else "open"
        version += 1
        joined = Event({"type": "joined", "seat": seat, "name": name, "started": started})
        yield Step(version, joined, status, list(names), copy_table(table), None)
    pick = random.Random(source["seed"])
    while status == "active":
        seat = pick.choice(rules.to_act(table))
        move = rules.dump_move(pick.choice(rules.legal_moves(table, seat)))
        _, event = rules.act(table, rng, seat, move)
        outcome = rules.outcome(table)
        status = "active" if outcome is None else "finished"
        version += 1
        result = None if outcome is None else outcome.model_dump(mode="json")
        yield Step(version, event, status, list(names), copy_table(table), result)


def real_frame(vector: dict[str, Any]) -> dict[str, Any]:
    """The frame the server sends, at the vector's version of its source match, to ``source.seat``."""
    source, value = vector["source"], vector["value"]
    version = value["result"]["version"] if value["type"] == "ack" else value["version"]
    step = next(s for s in replay(source) if s.version == version)
    rules, seat = games.get(source["game"]), source["seat"]
    to_act = rules.to_act(step.table) if step.status == "active" else []
    legal = rules.dump_moves(rules.legal_moves(step.table, seat)) if seat is not None and seat in to_act else None
    if value["type"] == "ack":
        bots = [s in source["bots"] for s in range(source["seats"])]
        state = {
            "match": value["result"]["match"], "game": source["game"], "status": step.status, "version": version,
            "seats": source["seats"], "names": step.names, "bots": bots, "you": seat, "to_act": to_act,
            "view": rules.view(step.table, seat), "outcome": step.outcome,
        }  # fmt: skip
        if legal is not None:
            state["legal"] = legal
        return {"type": "ack", "id": value["id"], "result": state}
    assert step.event is not None
    frame: dict[str, Any] = {
        "type": "event", "match": value["match"], "version": version, "event": event_for(step.event, seat),
        "status": step.status, "to_act": [],
    }  # fmt: skip
    if "view" in value:  # a live push; without it, an event replayed for a resume
        frame.update(to_act=to_act, view=rules.view(step.table, seat))
        if legal is not None:
            frame["legal"] = legal
    if step.outcome is not None:
        frame["outcome"] = step.outcome
    return frame


@pytest.mark.parametrize("vector", params(REAL))
def test_an_example_event_or_state_is_a_real_frame_of_a_real_match(vector: dict[str, Any]) -> None:
    assert vector["value"] == json.loads(json.dumps(real_frame(vector)))


def test_every_event_vector_is_a_real_frame() -> None:
    events = {v["name"] for v in VALID if v["value"]["type"] == "event" or "view" in v["value"].get("result", {})}
    assert events <= {v["name"] for v in REAL}
