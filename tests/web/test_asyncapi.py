"""``/asyncapi.json`` describes the WebSocket: a valid AsyncAPI 3 document (the official parser, pinned in
``tools/api-clients/package-lock.json``, finds no error or warning), made from the frame models, whose
message schemas every frame of the shared vector corpus matches.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest
from jsonschema_rs import Draft7Validator
from vorpal_protocol import ClientFrame, ServerFrame
from vorpal_protocol.frames import SUBPROTOCOL

from server.web.asyncapi import document
from tests.support.servers import ROOT, ServerProcess

TOOLS = ROOT / "tools" / "api-clients"
VECTORS = ROOT / "protocol" / "vectors"


def validate_with_parser(doc: dict[str, Any], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    spec = tmp_path / "asyncapi.json"
    spec.write_text(json.dumps(doc))
    return subprocess.run(["node", "validate-asyncapi.mjs", str(spec)], cwd=TOOLS, capture_output=True, text=True,
                          timeout=300, check=False)  # fmt: skip


@pytest.fixture(scope="module")
def parser() -> None:
    if not (TOOLS / "node_modules" / "@asyncapi" / "parser").exists() or shutil.which("node") is None:
        pytest.skip("the AsyncAPI parser is not installed (make install runs npm ci in tools/api-clients)")


def test_the_served_document_is_valid_asyncapi_3(server: ServerProcess, parser: None, tmp_path: Path) -> None:
    r = httpx.get(server.url + "/asyncapi.json")
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    doc = r.json()
    assert doc["asyncapi"].startswith("3.")
    out = validate_with_parser(doc, tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "valid AsyncAPI 3" in out.stdout, out.stdout


def test_the_parser_refuses_a_broken_document(parser: None, tmp_path: Path) -> None:
    """The check can fail: a message whose payload names no schema is an error."""
    doc = document()
    doc["components"]["messages"]["auth"]["payload"] = {"$ref": "#/components/schemas/NoSuchFrame"}
    out = validate_with_parser(doc, tmp_path)
    assert out.returncode == 1 and "error" in out.stdout, out.stdout


def test_every_frame_is_a_message_and_every_request_has_its_reply() -> None:
    doc = document()
    messages = doc["components"]["messages"]
    kinds = {m.__name__: m.model_fields["type"].default for u in (ClientFrame, ServerFrame) for m in _members(u)}
    assert set(messages) == set(kinds.values())
    ops = doc["operations"]
    assert {op.removeprefix("send_") for op in ops if op.startswith("send_")} == {
        kinds[m.__name__] for m in _members(ClientFrame)
    }
    assert {o["$ref"].rpartition("/")[2] for o in ops["send_move"]["reply"]["messages"]} == {"ack", "error"}
    assert {o["$ref"].rpartition("/")[2] for o in ops["send_ping"]["reply"]["messages"]} == {"pong", "error"}
    assert {op for op in ops if op.startswith("receive_")} == {"receive_event", "receive_chat", "receive_notice"}
    binding = doc["channels"]["ws"]["bindings"]["ws"]["headers"]["properties"]["Sec-WebSocket-Protocol"]
    assert SUBPROTOCOL in binding["enum"]


def _members(union: Any) -> list[Any]:
    from typing import get_args

    return list(get_args(get_args(union)[0]))


def message_validator(doc: dict[str, Any], kind: str) -> Draft7Validator:
    """A validator of the message ``kind``'s payload: the document itself, its root a reference to the payload
    (draft 7 ignores what stands beside a ``$ref``, and resolves the payload's own references in it)."""
    return Draft7Validator({**doc, "$ref": doc["components"]["messages"][kind]["payload"]["$ref"]})


def test_every_vector_frame_matches_its_message_schema() -> None:
    """The shared corpus (both SDKs run it) holds real frames, a game's events and views among them."""
    doc = document()
    checked = 0
    for name in ("client.json", "server.json"):
        for vector in json.loads((VECTORS / name).read_text())["vectors"]:
            frame = vector["value"]
            errors = list(message_validator(doc, frame["type"]).iter_errors(frame))
            assert not errors, (vector["name"], [str(e) for e in errors[:3]])
            checked += 1
    assert checked > 20


def test_an_event_frame_with_a_view_of_no_game_is_refused() -> None:
    validator = message_validator(document(), "event")
    joined = {"public": {"type": "joined", "seat": 0, "name": "ann"}}
    frame = {"type": "event", "match": "m1", "version": 1, "status": "active", "to_act": [0], "event": joined,
             "view": {"public": {"x": 1}}}  # fmt: skip
    assert any("view" in list(e.instance_path) for e in validator.iter_errors(frame))
