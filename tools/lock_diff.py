"""Where the running Python environment differs from ``uv.lock``, release by release.

    .venv/bin/python tools/lock_diff.py --extra dev          # what make install made: no difference
    .venv-latest/bin/python tools/lock_diff.py --extra dev   # what make test-latest would move the lock to
    .venv/bin/python tools/lock_diff.py --dev-pins           # the dev extra's packages at their locked releases

The arguments choose the lock's environment as ``uv export`` does (``--extra dev``, ``--only-group
loadtest``, none for the runtime alone); a package whose markers do not hold on this machine (a
Windows-only one, say) is not expected here. The three local packages are left out. Exits 1 if
anything differs and ``--check`` was given.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import Marker
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
LOCAL = {"vorpal", "vorpal-client", "vorpal-protocol"}


def uv_binary() -> Path:
    """The uv beside this interpreter (``make install`` puts the lock's uv in ``.venv``), else ``.venv``'s."""
    here = Path(sys.executable).with_name("uv")
    return here if here.exists() else ROOT / ".venv" / "bin" / "uv"


def locked(*selection: str, uv: Path | None = None) -> dict[str, str]:
    """Name → version of the lock's packages for ``selection`` whose markers hold here."""
    exported = subprocess.run(
        [str(uv or uv_binary()), "export", "--frozen", "--no-hashes", "--no-header", "--no-annotate",
         "--no-emit-project", "--no-emit-workspace", *selection],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    packages: dict[str, str] = {}
    for line in exported.splitlines():
        requirement, _, marker = line.partition(";")
        if not requirement.strip() or requirement.lstrip().startswith(("#", "-")):
            continue
        if marker.strip() and not Marker(marker.strip()).evaluate():
            continue
        name, _, version = requirement.strip().partition("==")
        packages[canonicalize_name(name)] = version
    return packages


def installed() -> dict[str, str]:
    """Name → version of what this interpreter's environment holds, less the local packages."""
    found = {canonicalize_name(d.metadata["Name"]): d.version for d in metadata.distributions()}
    return {name: version for name, version in found.items() if name not in LOCAL}


def differences(want: dict[str, str], have: dict[str, str]) -> dict[str, tuple[str | None, str | None]]:
    """Name → (locked, installed) wherever the two disagree (None: absent)."""
    return {name: (want.get(name), have.get(name)) for name in sorted(want.keys() | have.keys())
            if want.get(name) != have.get(name)}  # fmt: skip


def dev_pins() -> list[str]:
    """``name==version`` for each package the root project's ``dev`` extra names, as the lock has it
    (``make test-lowest`` holds the tools there while the runtime takes its lowest releases)."""
    named = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["dev"]
    versions = locked("--extra", "dev")
    pins = []
    for requirement in named:
        name = canonicalize_name(re.split(r"[\[<>=!~; ]", requirement, maxsplit=1)[0])
        if name in versions:
            pins.append(f"{name}=={versions[name]}")
    return pins


def main(argv: list[str]) -> int:
    if argv == ["--dev-pins"]:
        print("\n".join(dev_pins()))
        return 0
    check = "--check" in argv
    found = differences(locked(*(arg for arg in argv if arg != "--check")), installed())
    for name, (lock, here) in found.items():
        print(f"  {name}: {lock or '-'} in uv.lock, {here or '-'} here")
    if not found:
        print("  (none)")
    return 1 if check and found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
