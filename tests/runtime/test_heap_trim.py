"""The heap trim gives freed pages below the heap's top back to the system (glibc only)."""

from __future__ import annotations

import asyncio

import pytest

from server.runtime.heap import HeapTrim

glibc_only = pytest.mark.skipif(not HeapTrim().available, reason="the C library has no malloc_trim (not glibc)")


def resident_kb() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4


@glibc_only
def test_pages_freed_under_a_block_still_in_use_go_back() -> None:
    trim = HeapTrim()
    trim.trim()
    # 64 KiB blocks come from the heap (under glibc's mmap threshold); the last one, still in use,
    # keeps the heap from shrinking from its top, as one live block did in the soak.
    blocks = [bytearray(b"x" * 65_000) for _ in range(600)]
    keep = blocks[-1]
    del blocks
    before = resident_kb()
    assert trim.trim()
    assert resident_kb() < before - 20_000  # most of the ~38 MB came back
    assert keep[0] == ord("x")


@pytest.mark.anyio
@glibc_only
async def test_it_runs_on_its_clock_until_stopped() -> None:
    trim = HeapTrim(every_s=0.001)
    calls: list[int] = []
    real = trim.trim

    def counted() -> bool:
        calls.append(1)
        return real()

    trim.trim = counted  # type: ignore[method-assign]
    trim.start()
    while len(calls) < 3:
        await asyncio.sleep(0.001)
    trim.stop()
    seen = len(calls)
    await asyncio.sleep(0.01)
    assert len(calls) == seen


@pytest.mark.anyio
async def test_a_zero_interval_never_starts() -> None:
    trim = HeapTrim(every_s=0)
    trim.start()
    assert trim._timer is None


def test_without_glibc_it_does_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("server.runtime.heap._glibc_malloc_trim", lambda: None)
    trim = HeapTrim()
    assert not trim.available and not trim.trim()
