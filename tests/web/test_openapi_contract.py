"""``/openapi.json`` is exact: a valid document, lint-clean, and what a live server does.

Schemathesis generates requests from the document for every operation (valid ones and
invalid ones, with every check it has) and sends them to a live server on a real Redis;
a response the document does not describe, valid data refused, invalid data accepted, a
5xx, or a 405 without ``Allow`` fails the run. So that calls reach the handlers rather than
only ``match_not_found``, valid cases use a real match, its seat token, an account's API key
and the admin key (:func:`with_real_state`). The run is bounded and seeded (derandomized); the three operations
whose bodies are a union by game send only valid cases in the coverage phase unless ``VORPAL_CONTRACT=full``
(``make test-contract``: :data:`UNION_BODIES`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from openapi_spec_validator import validate
from schemathesis import Case, GenerationMode
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import positive_data_acceptance
from starlette.routing import Route

from server.domain.ids import MATCH_ID_PATTERN
from server.domain.status import MatchStatus
from server.web.app import create_app
from server.web.openapi import declared, document
from server.web.responses import MatchState
from tests.support.servers import ADMIN_KEY, ROOT, ServerProcess

LINT = ROOT / "tools" / "openapi-lint"


@dataclass
class RealState:
    """What valid cases use: a match in play, an open match, seat tokens, an API key, the admin key."""

    active: str
    open: str
    seat_tokens: dict[str, str]  # match id -> a seat token of it
    api_key: str
    account: str


@pytest.fixture(scope="module")
def real_state(admin_server: ServerProcess) -> RealState:
    with httpx.Client(base_url=admin_server.url) as http:
        active = http.post("/v1/matches", json={"game": "jabberwocky", "seats": 3, "bots": [1, 2]}).json()["match"]
        active_token = http.post(f"/v1/matches/{active}/join", json={}).json()["token"]
        opened = http.post("/v1/matches", json={"game": "jabberwocky", "seats": 4}).json()["match"]
        open_token = http.post(f"/v1/matches/{opened}/join", json={}).json()["token"]
        issued = http.post("/v1/accounts", json={"name": "contract", "kind": "bot"}).json()
    return RealState(active, opened, {active: active_token, opened: open_token}, issued["key"],
                     issued["account"]["id"])  # fmt: skip


def credential(scheme: str, state: RealState, match: str | None) -> str:
    if scheme == "seatToken":
        return state.seat_tokens[match or state.active]
    if scheme == "apiKey":
        return state.api_key
    return ADMIN_KEY


def integers_as_integers(value: Any) -> Any:
    """JSON Schema counts 6.0 as an integer; Vorpal reads JSON with no coercion and refuses it where an
    integer is expected (PROTOCOL.md section 4, and the document says so): valid data writes 6."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [integers_as_integers(v) for v in value]
    if isinstance(value, dict):
        return {k: integers_as_integers(v) for k, v in value.items()}
    return value


def with_real_state(case: Case[Any], state: RealState) -> tuple[Case[Any], dict[str, str] | None]:
    """A valid case, pointed at a real match, and the credential its operation takes: sent as an explicit
    header (not written into the case, where Schemathesis would take it for a generated one and not
    probe whether the operation refuses the request without it)."""
    meta = case.meta
    if meta is None or meta.generation.mode is not GenerationMode.POSITIVE:
        return case, None
    case.body = integers_as_integers(case.body)
    params = case.path_parameters or {}
    op = case.operation.definition.raw
    match = None
    if "match_id" in params:
        match = state.open if op.get("operationId") == "joinMatch" else state.active
        params["match_id"] = match
    if "account_id" in params:
        params["account_id"] = state.account
    schemes = [name for requirement in op.get("security", []) for name in requirement]
    if op.get("operationId") == "joinMatch" and isinstance(case.body, dict) and case.body.get("name") is not None:
        schemes = []  # the documented rule JSON Schema cannot state: an account plays under its own name
    if schemes:
        return case, {"Authorization": f"Bearer {credential(schemes[0], state, match)}"}
    return case, None


#: The problems a request valid by the document still gets when the game's own schema refuses a
#: part the document leaves to it (options, a move: see GET /v1/games/{name}).
GAME_REFUSALS = {"bad_options", "bad_move"}


def seat_named_twice(body: Any) -> bool:
    """A match's ``bots`` naming a seat twice, once bare and once as ``{seat, level}`` (or twice so)."""
    bots = body.get("bots") if isinstance(body, dict) else None
    if not isinstance(bots, list):
        return False
    seats = [b.get("seat") if isinstance(b, dict) else b for b in bots]
    return len(set(map(str, seats))) != len(seats)


def valid_data_is_accepted_unless_the_game_refuses_it(ctx: Any, response: Any, case: Case[Any]) -> bool | None:
    """Schemathesis' ``positive_data_acceptance``, except where the game's schema refuses the data."""
    if response.status_code == 400 and response.json().get("code") in GAME_REFUSALS:
        return None
    if response.status_code == 400 and response.json().get("code") == "bad_request" and seat_named_twice(case.body):
        return None  # [1, {"seat": 1}]: the document says it in words, which no schema generator reads
    result: bool | None = positive_data_acceptance(ctx, response, case)
    return result


#: The operations whose bodies are a union of every game's seats and options (a branch per game and combination):
#: Schemathesis' coverage phase derives its invalid cases from each branch against all the others, about 24,000
#: requests built while the tests are collected, in every xdist worker, then sent one by one. In ``make test``
#: their coverage phase sends only the valid boundary cases, and the fuzzing phase both kinds, as for every other
#: operation; ``make test-contract`` (``VORPAL_CONTRACT=full``) sends the whole coverage phase.
UNION_BODIES = ["createMatch", "createLadder", "createTournament"]
FULL = os.environ.get("VORPAL_CONTRACT") == "full"
VALID_ONLY = {"coverage": {"generation": {"mode": "positive"}}}
CONFIG = SchemathesisConfig.from_dict(
    {} if FULL else {"operations": [{"include-operation-id": UNION_BODIES, "phases": VALID_ONLY}]}
)
#: Loaded from the app's own document (what /openapi.json serves; a test below checks they are equal).
schema = schemathesis.openapi.from_dict(document(create_app().routes), config=CONFIG)


@schema.parametrize()
@settings(max_examples=15, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_does_what_the_document_says(
    case: Case[Any], admin_server: ServerProcess, real_state: RealState
) -> None:
    case, auth = with_real_state(case, real_state)
    case.call_and_validate(
        base_url=admin_server.url,
        headers=auth,
        excluded_checks=[positive_data_acceptance],
        additional_checks=[valid_data_is_accepted_unless_the_game_refuses_it],
    )


# -- the document itself ------------------------------------------------------------------


def served_document(admin_server: ServerProcess) -> dict[str, Any]:
    r = httpx.get(admin_server.url + "/openapi.json")
    assert r.status_code == 200
    doc: dict[str, Any] = r.json()
    return doc


def test_the_document_is_valid_openapi_3_1(admin_server: ServerProcess) -> None:
    validate(served_document(admin_server))


def test_every_api_route_declares_its_operation_and_ids_are_unique() -> None:
    app = create_app()
    # Pages for people and scrapers, not JSON operations: the playground, this document, its
    # reader, the WebSocket's document (tests/web/test_asyncapi.py), and the Prometheus text of /metrics.
    pages = ("/play", "/openapi.json", "/docs", "/asyncapi.json", "/metrics")
    api = [r for r in app.routes if isinstance(r, Route) and not r.path.startswith(pages)]
    assert api and all(declared(r.endpoint) is not None for r in api), [
        r.path for r in api if declared(r.endpoint) is None
    ]
    doc = document(app.routes)
    for route in api:
        assert route.methods is not None
        for method in route.methods - {"HEAD"}:
            assert method.lower() in doc["paths"][route.path], (method, route.path)
    ids = [op["operationId"] for ops in doc["paths"].values() for op in ops.values()]
    assert len(ids) == len(set(ids))


def test_the_document_says_what_the_server_enforces(admin_server: ServerProcess) -> None:
    doc = served_document(admin_server)
    match_id = next(p for p in doc["paths"]["/v1/matches/{match_id}"]["get"]["parameters"] if p["name"] == "match_id")
    assert match_id["schema"]["pattern"] == MATCH_ID_PATTERN
    status = next(p for p in doc["paths"]["/v1/matches"]["get"]["parameters"] if p["name"] == "status")
    assert status["schema"]["enum"] == [s.value for s in MatchStatus]
    schemes = doc["components"]["securitySchemes"]
    assert {s["scheme"] for s in schemes.values()} == {"bearer"} and set(schemes) == {"seatToken", "apiKey", "adminKey"}
    moves = doc["paths"]["/v1/matches/{match_id}/moves"]["post"]
    assert moves["security"] == [{"seatToken": []}]
    assert moves["requestBody"]["content"]["application/json"]["schema"]["$ref"] == "#/components/schemas/SubmitMove"
    assert doc["components"]["schemas"]["SubmitMove"]["additionalProperties"] is False
    # The 2xx body is the handler's own model, not a bare object.
    get_match = doc["paths"]["/v1/matches/{match_id}"]["get"]
    assert get_match["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/MatchState"
    }
    # The match state is a union by game: each branch has the model's fields, `game` one game's name.
    state = doc["components"]["schemas"]["MatchState"]
    mapping = state["discriminator"]["mapping"]
    assert state["discriminator"]["propertyName"] == "game" and len(state["oneOf"]) == len(mapping) > 1
    for game, ref in mapping.items():
        branch = doc["components"]["schemas"][ref.rpartition("/")[2]]
        assert set(branch["properties"]) == set(MatchState.model_fields)
        assert branch["properties"]["game"]["const"] == game
        assert branch["properties"]["view"] == {"$ref": f"#/components/schemas/{game}.View", **{
            "description": branch["properties"]["view"]["description"]}}  # fmt: skip
    # The tournament export answers JSON, or CSV with format=csv: both are declared.
    export = doc["paths"]["/v1/tournaments/{tournament_id}/export"]["get"]["responses"]["200"]["content"]
    assert set(export) == {"application/json", "text/csv"}
    # Every problem an operation can answer, with its codes, as application/problem+json.
    codes = {
        status: response["content"]["application/problem+json"]["schema"]["allOf"][1]["properties"]["code"]["enum"]
        for status, response in moves["responses"].items()
        if status != "200"
    }
    assert codes["400"] == ["bad_request", "bad_move"] or set(codes["400"]) == {"bad_request", "bad_move"}
    assert set(codes["409"]) == {"match_not_started", "stale_version", "match_over", "not_your_turn"}
    assert codes["415"] == ["unsupported_media_type"] and codes["422"] == ["illegal_move"]
    assert codes["401"] == ["unauthorized"] and codes["404"] == ["match_not_found"]


def test_redocly_lint_finds_nothing(admin_server: ServerProcess, tmp_path: Path) -> None:
    redocly = LINT / "node_modules" / ".bin" / "redocly"
    if not redocly.exists() or shutil.which("node") is None:
        pytest.skip("redocly is not installed (make install runs npm ci in tools/openapi-lint)")
    spec = tmp_path / "openapi.json"
    spec.write_text(json.dumps(served_document(admin_server)))
    env = {**os.environ, "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true"}
    out = subprocess.run([str(redocly), "lint", "--config", str(LINT / "redocly.yaml"), str(spec)], cwd=LINT,
                         env=env, capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    report = out.stdout + out.stderr
    assert out.returncode == 0, report
    assert "Your API description is valid" in report and "was generated by" not in report, report
