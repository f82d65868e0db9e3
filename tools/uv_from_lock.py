"""Print the pip requirement, with every file's hash, for the uv release that ``uv.lock`` holds.

``make install`` starts from nothing but Python and pip: it installs the lock's own uv with
``pip install --require-hashes`` from this line, and uv installs the rest of the lock. So the tool
that reads the lock is itself taken from the lock, checked by hash, and there is one lock only.

    python3 tools/uv_from_lock.py uv.lock > requirement.txt
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path


def uv_requirement(lock: Path) -> str:
    """``uv==VERSION --hash=sha256:...`` for each of the release's files in ``lock``."""
    packages = tomllib.loads(lock.read_text())["package"]
    (uv,) = (package for package in packages if package["name"] == "uv")
    files = [*uv.get("wheels", []), *([uv["sdist"]] if "sdist" in uv else [])]
    hashes = sorted({file["hash"] for file in files})
    return " ".join([f"uv=={uv['version']}", *(f"--hash={digest}" for digest in hashes)])


if __name__ == "__main__":
    print(uv_requirement(Path(sys.argv[1] if len(sys.argv) > 1 else "uv.lock")))
