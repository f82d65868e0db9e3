"""`make lint` keeps every module of the server short (tools/module_sizes.py)."""

from __future__ import annotations

from pathlib import Path

from tools.module_sizes import HARD, REASON, SOFT, too_long

ROOT = Path(__file__).resolve().parents[2]


def write(root: Path, name: str, docstring: str, lines: int) -> None:
    path = root / "server" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'"""{docstring}"""\n' + "x = 1\n" * (lines - 1))


def test_no_module_of_the_server_is_too_long_or_long_without_its_reason() -> None:
    assert too_long(ROOT) == []


def test_a_module_over_the_limits_is_named(tmp_path: Path) -> None:
    write(tmp_path, "games/big.py", "A game.", HARD + 1)
    write(tmp_path, "games/long.py", "A game's rules may be long.", SOFT + 1)
    write(tmp_path, "web/long.py", "Routes.", SOFT + 1)
    write(tmp_path, "web/said.py", f"Routes.\n\n{REASON} they are one table.", SOFT + 1)
    assert [line.split(":")[0] for line in too_long(tmp_path)] == ["server/games/big.py", "server/web/long.py"]
