"""The golden vectors of protocol v1 (``protocol/vectors/``), run against the Python codec.

Every language's codec runs the same corpus (the JavaScript SDK in
``clients/js/test/vectors.test.js``). A vector this codec is known to fail
is listed in ``KNOWN_FAILURES``; a listed vector that starts passing fails
the run, so the list cannot go stale.
"""

from __future__ import annotations

import json
import re
import typing
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

ROOT = Path(__file__).resolve().parent.parent
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
