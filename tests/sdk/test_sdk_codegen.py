"""The Python SDK's typed game models: generated from the live catalogue, and they read real views."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel
from vorpal_client import VorpalClient
from vorpal_client.codegen import CodegenError, generate
from vorpal_client.games import GAMES

from tests.support.servers import ServerProcess


def test_the_committed_models_are_those_of_the_live_catalogue(server: ServerProcess) -> None:
    done = subprocess.run([sys.executable, "-m", "vorpal_client.codegen", "--server", server.url, "--check"],
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr


def round_trip(model: type[BaseModel], data: dict[str, Any]) -> None:
    """The model reads ``data`` and writes it back unchanged: it knows every field and its type."""
    parsed = model.model_validate(data)
    assert parsed.model_dump(mode="json", by_alias=True, exclude_unset=True) == data


@pytest.mark.anyio
@pytest.mark.parametrize("game", sorted(GAMES))
async def test_the_models_read_the_views_and_moves_of_a_match(server: ServerProcess, game: str) -> None:
    module = GAMES[game]
    pick = random.Random(game)
    async with VorpalClient(server.url) as api:
        info = next(g for g in await api.games() if g.name == game)
        options = module.Options().model_dump(mode="json", by_alias=True)  # every default, as the server takes it
        match = (await api.create_match(game, info.min_seats, options=options)).match
        tokens = [(await api.join(match)).token for _ in range(info.min_seats)]
        for _ in range(40):  # the opening of a match, every seat's view at each step
            states = [await api.state(match, token) for token in tokens]
            for state in states:
                round_trip(module.View, state.view)
            if states[0].status != "active":
                break
            actor = states[0].to_act[0]
            legal = states[actor].legal or []
            moves = [module.MOVE.validate_python(m) for m in legal]
            assert [module.MOVE.dump_python(m, mode="json", by_alias=True) for m in moves] == legal
            await api.move(match, tokens[actor], legal[pick.randrange(len(legal))],
                           version=states[0].version, move_id=uuid.uuid4().hex)  # fmt: skip


def catalogue(public: dict[str, Any], move: dict[str, Any] | None = None) -> dict[str, Any]:
    obj: dict[str, Any] = {"type": "object", "properties": {}}
    schemas = {"options": obj, "move": move or obj, "view": {"public": public, "private": obj}}
    return {"games": [{"name": "toy", "title": "Toy", "summary": "A toy.", "schemas": schemas}]}


def load(source: str, folder: Path) -> dict[str, Any]:
    """The generated module, imported (pydantic resolves its annotations in ``sys.modules``)."""
    path = folder / "toy.py"
    path.write_text(source)
    name = f"toy_{uuid.uuid4().hex}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
        return vars(module)
    finally:
        del sys.modules[name]


def test_fields_that_are_not_python_names_are_renamed_and_read_by_their_name(tmp_path: Path) -> None:
    public = {"type": "object", "required": ["from", "json"],
              "properties": {"from": {"type": "integer"}, "json": {"type": "string"},
                             "colour": {"enum": ["red", None], "default": None}}}  # fmt: skip
    toy = load(generate(catalogue(public))["toy.py"], tmp_path)
    view = toy["Public"].model_validate({"from": 3, "json": "x"})
    assert (view.from_, view.json_, view.colour) == (3, "x", None)
    assert view.model_dump(by_alias=True) == {"from": 3, "json": "x", "colour": None}


def test_a_sub_schema_named_like_a_module_name_is_renamed(tmp_path: Path) -> None:
    inner = {"type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}}}
    ref = {"$ref": "#/$defs/View"}
    public = {"type": "object", "required": ["v"], "properties": {"v": ref}, "$defs": {"View": inner}}
    toy = load(generate(catalogue(public))["toy.py"], tmp_path)
    assert toy["Public"].model_validate({"v": {"n": 1}}).v.n == 1
    assert "View2" in toy and set(toy["View"].model_fields) == {"public", "private"}


def test_a_keyword_it_does_not_know_stops_the_generator() -> None:
    public = {"type": "object", "properties": {"x": {"type": "integer", "if": {"minimum": 3}}}}
    with pytest.raises(CodegenError, match=r"toy, schema public: .*'if'"):
        generate(catalogue(public))
