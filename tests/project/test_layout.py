"""The server's layout keeps its promises: layers point one way, settings are read in one place."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "server"


def test_the_import_contracts_hold() -> None:
    """The contracts in pyproject.toml ([tool.importlinter]): layers, and who may import redis or starlette."""
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_only_the_config_module_reads_the_environment() -> None:
    reads = re.compile(r"os\.environ\.get|os\.getenv|environ\[[^]]+\](?!\s*=[^=])|os\.environ\b(?!\[)")
    offenders = []
    for path in SERVER.rglob("*.py"):
        if path.name == "config.py" and path.parent == SERVER:
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if reads.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert offenders == []
