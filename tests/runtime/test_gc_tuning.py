"""The collector's clock (``server/runtime/gc.py``): which generation each tick collects.

The ticks are called directly, so nothing here waits on a clock; the generations collected are
read from the collector's own callbacks.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest

from server.runtime.gc import GcTuning

pytestmark = pytest.mark.anyio


@pytest.fixture
def collected() -> Iterator[list[int]]:
    """The generation of every collection made while the test runs."""
    seen: list[int] = []

    def note(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    gc.callbacks.append(note)
    yield seen
    gc.callbacks.remove(note)


async def test_a_tick_collects_the_young_generation_and_every_nth_the_middle_one_too(collected: list[int]) -> None:
    tuning = GcTuning(threshold=10_000_000, young_every_s=3600, old_every=4, old_max=0)
    tuning.apply()
    collected.clear()  # an automatic collection may have come before apply() raised the threshold
    try:
        tuning.start()
        for _ in range(8):
            tuning._tick()
        assert collected == [0, 0, 0, 1, 0, 0, 0, 1]
    finally:
        tuning.restore()
    assert tuning._timer is None


async def test_a_full_collection_is_made_only_when_the_old_generation_has_grown_by_a_quarter(
    collected: list[int],
) -> None:
    """CPython's own rule: considered every ``threshold2`` middle collections, made only if the old
    generation holds a quarter more objects than after the last full collection."""
    tuning = GcTuning(threshold=10_000_000, young_every_s=3600, old_every=2, old_max=0)
    tuning.apply()
    try:
        gc.set_threshold(10_000_000, 50, 3)
        collected.clear()
        for _ in range(6):
            tuning._tick()
        # The 3rd middle collection is the first to consider a full one: none was made yet, so it is.
        assert collected == [0, 1, 0, 1, 0, 2]
        collected.clear()
        for _ in range(6):
            tuning._tick()
        assert collected == [0, 1, 0, 1, 0, 1]  # a steady state: the old generation has not grown
        kept = [[i] for i in range(len(gc.get_objects(2)) // 3)]  # lives through to the old generation
        collected.clear()
        for _ in range(6):
            tuning._tick()
        assert collected == [0, 1, 0, 1, 0, 2] and kept
    finally:
        tuning.restore()


async def test_no_clock_when_the_interval_is_zero() -> None:
    tuning = GcTuning(young_every_s=0)
    tuning.apply()
    try:
        tuning.start()
        assert tuning._timer is None
    finally:
        tuning.restore()


async def test_restore_gives_back_the_settings_it_found() -> None:
    before = gc.get_threshold()
    tuning = GcTuning(threshold=12_345)
    tuning.apply()
    assert gc.get_threshold()[0] == 12_345
    tuning.restore()
    assert gc.get_threshold() == before


async def test_a_tick_collects_the_middle_generation_sooner_when_it_holds_more_than_old_max(
    collected: list[int],
) -> None:
    tuning = GcTuning(threshold=10_000_000, young_every_s=3600, old_every=4, old_max=5_000)
    tuning.apply()
    try:
        gc.collect()
        collected.clear()
        tuning._tick()
        kept = [[i] for i in range(6_000)]  # lives through the young collection into the middle generation
        tuning._tick()
        tuning._tick()  # the middle generation holds more than old_max: collected now, not at the 4th tick
        for _ in range(4):
            tuning._tick()
        assert collected == [0, 0, 1, 0, 0, 0, 1] and len(kept) == 6_000
    finally:
        tuning.restore()
