"""No module of the server too long to read: `make lint` runs this.

A module under ``server/`` holds one concept, so it stays short: never over :data:`HARD`
lines, and over :data:`SOFT` lines outside ``server/games/`` only with its reason written in its
docstring, in a paragraph that starts ``Long because`` (a rules module may be longer: a game's
rulebook is). Prints each module that breaks the rule and exits 1 if any does.

    python tools/module_sizes.py [ROOT]
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

HARD = 800
SOFT = 400
REASON = "Long because"


def too_long(root: Path) -> list[str]:
    """Each module under ``root/server`` that breaks the rule, with its length and why."""
    found = []
    for path in sorted((root / "server").rglob("*.py")):
        lines = len(path.read_text().splitlines())
        name = path.relative_to(root).as_posix()
        if lines > HARD:
            found.append(f"{name}: {lines} lines (at most {HARD}): split it, one concept a module")
        elif lines > SOFT and not name.startswith("server/games/"):
            docstring = ast.get_docstring(ast.parse(path.read_text())) or ""
            if REASON not in docstring:
                found.append(f"{name}: {lines} lines (over {SOFT} outside games/): split it, or say in its "
                             f"docstring why not ('{REASON} ...')")  # fmt: skip
    return found


if __name__ == "__main__":
    problems = too_long(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
    print("\n".join(problems))
    sys.exit(1 if problems else 0)
