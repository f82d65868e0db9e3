"""A client generated from ``/openapi.json`` is typed per game: openapi-typescript turns the served document
into TypeScript, and ``tsc --strict`` compiles a frontend's uses of it (``typed/openapi_uses.ts``): every
game's view, private part, legal moves, move, events, options and outcome are named types, the match state
narrows on ``game``, and the mistakes that file marks ``@ts-expect-error`` are caught.

Both tools are pinned in ``tools/api-clients/package-lock.json`` (``make install`` runs its ``npm ci``).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.support.servers import ROOT, ServerProcess

TOOLS = ROOT / "tools" / "api-clients" / "node_modules" / ".bin"
USES = Path(__file__).parent / "typed" / "openapi_uses.ts"


def run(*args: str, cwd: Path) -> str:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=300, check=False)
    return "" if done.returncode == 0 else (done.stdout + done.stderr)


@pytest.fixture(scope="module")
def tools() -> Path:
    if not (TOOLS / "openapi-typescript").exists() or shutil.which("node") is None:
        pytest.skip("openapi-typescript is not installed (make install runs npm ci in tools/api-clients)")
    return TOOLS


def test_the_generated_client_types_every_game(server: ServerProcess, tools: Path, tmp_path: Path) -> None:
    (tmp_path / "openapi.json").write_bytes(httpx.get(server.url + "/openapi.json").content)
    (tmp_path / "package.json").write_text('{"type": "module"}\n')
    shutil.copy(USES, tmp_path / USES.name)
    # --default-non-nullable false: a field with a default (the clock, a move's `type`) may be absent from an
    # answer, as the server leaves out what is unset.
    problems = run(str(tools / "openapi-typescript"), "openapi.json", "-o", "openapi.d.ts",
                   "--default-non-nullable", "false", cwd=tmp_path)  # fmt: skip
    assert not problems, problems
    # No ambient @types (typeRoots: a folder without any): only what the generated file says.
    errors = run(str(tools / "tsc"), "--noEmit", "--strict", "--lib", "es2022", "--module", "nodenext",
                 "--typeRoots", ".", USES.name, cwd=tmp_path)  # fmt: skip
    assert not errors, errors
