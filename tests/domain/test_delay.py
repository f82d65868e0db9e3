"""The spectator delay's cut of the log: how far a spectator may see at a given time."""

from __future__ import annotations

from server.domain.delay import SpectatorDelay, visible_version

LOG = [{"v": 1, "at": 1000}, {"v": 2, "at": 2000}, {"v": 3, "at": 3000}, {"v": 4, "at": 4000}]


def test_no_delay_shows_the_current_version() -> None:
    assert visible_version(None, 4, LOG, 0) == 4
    assert visible_version(SpectatorDelay(), 4, LOG, 0) == 4


def test_a_delay_in_moves_shows_that_many_versions_back() -> None:
    assert visible_version(SpectatorDelay(moves=2), 4, LOG, 10_000) == 2
    assert visible_version(SpectatorDelay(moves=9), 4, LOG, 10_000) == 0


def test_a_delay_in_seconds_shows_the_versions_that_old() -> None:
    delay = SpectatorDelay(seconds=1.5)
    assert visible_version(delay, 4, LOG, 4400) == 2  # version 3 (at 3000) shows from 4500
    assert visible_version(delay, 4, LOG, 4500) == 3
    assert visible_version(delay, 4, LOG, 900) == 0


def test_both_delays_apply_the_older_cut() -> None:
    assert visible_version(SpectatorDelay(moves=1, seconds=1.5), 4, LOG, 10_000) == 3
    assert visible_version(SpectatorDelay(moves=1, seconds=1.5), 4, LOG[:3], 3600) == 2


def test_once_the_match_has_ended_only_the_seconds_hold_back() -> None:
    assert visible_version(SpectatorDelay(moves=2), 4, LOG, 10_000, ended=True) == 4
    assert visible_version(SpectatorDelay(moves=2, seconds=1.5), 4, LOG, 4400, ended=True) == 2
