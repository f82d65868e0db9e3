"""glibc's thresholds stay where the server fixes them (``server/runtime/malloc.py``).

Each case runs in a fresh interpreter: the settings are process-wide, and the test process's
own allocator should stay as it was. ``mallinfo2`` counts the bytes in blocks mapped on their own.
"""

from __future__ import annotations

import platform
import subprocess
import sys
import textwrap

import pytest

PROBE = textwrap.dedent("""
    import ctypes, sys
    from server.runtime.malloc import fix_thresholds

    class MallInfo2(ctypes.Structure):
        _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                   "fsmblks", "uordblks", "fordblks", "keepcost")]

    libc = ctypes.CDLL("libc.so.6")
    libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, (ctypes.c_size_t,)
    libc.free.argtypes = (ctypes.c_void_p,)
    libc.mallinfo2.restype = MallInfo2
    if sys.argv[1] == "fixed":
        assert fix_thresholds()
    big = libc.malloc(4 << 20)  # mapped on its own; freeing it raises glibc's own threshold to 4 MiB
    libc.free(big)
    mapped = libc.mallinfo2().hblkhd
    block = libc.malloc(1 << 20)
    print(libc.mallinfo2().hblkhd - mapped)  # 0: carved from the heap, whose top is only trimmed past 8 MiB
""")


def mapped_after_a_large_free(mode: str) -> int:
    out = subprocess.run([sys.executable, "-c", PROBE, mode], capture_output=True, text=True, check=True)
    return int(out.stdout.strip())


glibc = pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's mallopt and mallinfo2")


@glibc
def test_glibc_by_default_moves_its_threshold_after_a_large_block_is_freed() -> None:
    """The behaviour the fix is for (mallopt(3), M_MMAP_THRESHOLD): if this changes, so may the fix."""
    assert mapped_after_a_large_free("default") == 0


@glibc
def test_with_fixed_thresholds_a_large_block_is_still_mapped_on_its_own() -> None:
    assert mapped_after_a_large_free("fixed") >= 1 << 20
