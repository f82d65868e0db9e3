"""The C allocator's settings for a process that runs for weeks.

glibc's malloc serves every block CPython does not pool (anything over 512
bytes: stored tables, frames, Redis replies). By default it adapts to the
process: once a block it had mapped on its own is freed, blocks up to that size
are carved from the heap instead, and the heap keeps up to twice that size free
at its top before it gives memory back (mallopt(3), ``M_MMAP_THRESHOLD``). In
the soak, one large reply or match log read raised both for good, and the
heap's resident size stepped up by 1-2 MB late in the run and stayed there.

Setting the two thresholds fixes them at glibc's own starting values and turns
that adaptation off: a block of 128 KiB or more is mapped and unmapped on its
own, and a free top of the heap over 128 KiB is trimmed. Other C libraries
(musl, macOS) have no ``mallopt``: there it does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging

log = logging.getLogger("vorpal.malloc")

#: mallopt(3) parameters (malloc.h).
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
#: glibc's default for both, before its adaptation moves them.
THRESHOLD_BYTES = 128 * 1024


def fix_thresholds(threshold: int = THRESHOLD_BYTES) -> bool:
    """Fix glibc's mmap and trim thresholds at ``threshold`` bytes; False where there is no glibc."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
        libc.gnu_get_libc_version  # noqa: B018 - glibc only: musl has a mallopt that ignores these
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    ok = bool(mallopt(M_MMAP_THRESHOLD, threshold)) and bool(mallopt(M_TRIM_THRESHOLD, threshold))
    if not ok:
        log.warning("mallopt refused the thresholds: glibc adapts them as it likes")
    return ok
