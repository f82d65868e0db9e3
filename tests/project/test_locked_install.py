"""The venv the tests run in holds exactly what ``uv.lock`` holds, and every install goes through it.

``make install`` syncs ``.venv`` to the lock (``uv sync --locked --extra dev``); this checks the
result from inside, release by release, so a venv that drifted (a package upgraded by hand, one the
lock does not know) fails the suite instead of passing on versions nobody else has.
``make test-latest`` runs the suite on the newest releases instead, and skips this.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tools.lock_diff import differences, installed, locked
from tools.uv_from_lock import uv_requirement

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(
    bool(os.environ.get("VORPAL_UNLOCKED")), reason="make test-latest and test-lowest run off the lock on purpose"
)
def test_the_venv_holds_exactly_the_locked_releases() -> None:
    assert differences(locked("--extra", "dev"), installed()) == {}


def test_the_lock_holds_every_environment_the_project_installs() -> None:
    """The dev venv, the image's runtime and the load generators' venv are all in the one lock."""
    runtime, loadtest, dev = locked(), locked("--only-group", "loadtest"), locked("--extra", "dev")
    assert {"redis", "uvicorn", "starlette"} <= runtime.keys() and "pytest" not in runtime
    assert {"locust", "py-spy", "websocket-client"} <= loadtest.keys() and "uvicorn" not in loadtest
    assert runtime.items() <= dev.items()


def test_the_uv_that_reads_the_lock_is_the_locked_one() -> None:
    pinned = re.search(r'required-version = "==([^"]+)"', (ROOT / "pyproject.toml").read_text())
    assert pinned is not None
    assert uv_requirement(ROOT / "uv.lock").startswith(f"uv=={pinned.group(1)} --hash=sha256:")
    assert locked("--extra", "dev")["uv"] == pinned.group(1)


def test_no_install_step_bypasses_the_lock() -> None:
    """A `pip install NAME` or `npm install` in the project's own install paths would take whatever
    is newest that day; they go through uv.lock (uv sync --locked) and package-lock.json (npm ci)."""
    paths = [ROOT / "Makefile", ROOT / "Dockerfile", ROOT / ".ci" / "run", *sorted((ROOT / "loadtest").glob("*.sh")),
             *sorted((ROOT / "deploy").glob("*.sh"))]  # fmt: skip
    loose = []
    for path in paths:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            command = line.split("#", 1)[0]
            if "$(LATEST)" in command or "$(LOWEST)" in command:  # make test-latest, test-lowest: off the lock
                continue
            if re.search(r"\bnpm (install|i)\b", command) and "compare.sh" not in path.name:
                loose.append(f"{path.name}:{number}: {line.strip()}")
            if re.search(r"\bpip3? install\b", command) and "--require-hashes" not in command and (
                    "compare.sh" not in path.name):  # fmt: skip
                loose.append(f"{path.name}:{number}: {line.strip()}")
    assert loose == []
