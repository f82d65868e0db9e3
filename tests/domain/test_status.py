"""Match statuses move along the lifecycle's edges only."""

from __future__ import annotations

import pytest

from server.domain.status import ALLOWED, IllegalTransition, MatchStatus, transition

OPEN, ACTIVE, FINISHED, ABORTED = MatchStatus


def test_a_match_opens_starts_and_finishes_or_is_abandoned_before_the_start() -> None:
    assert transition(OPEN, OPEN) is OPEN  # a seat taken or left
    assert transition(OPEN, ACTIVE) is ACTIVE  # the last seat taken
    assert transition(OPEN, ABORTED) is ABORTED  # every player left, or an admin aborted it
    assert transition(ACTIVE, ACTIVE) is ACTIVE
    assert transition(ACTIVE, FINISHED) is FINISHED


def test_an_admin_may_abort_a_match_that_has_started_but_not_one_that_ended() -> None:
    assert transition(ACTIVE, ABORTED) is ABORTED
    with pytest.raises(IllegalTransition):
        transition(FINISHED, ABORTED)


@pytest.mark.parametrize(("old", "new"), [(o, n) for o in MatchStatus for n in MatchStatus if n not in ALLOWED[o]])
def test_every_other_move_is_a_bug(old: MatchStatus, new: MatchStatus) -> None:
    with pytest.raises(IllegalTransition):
        transition(old, new)


def test_ended_matches_never_change_again() -> None:
    assert {s for s in MatchStatus if s.ended} == {FINISHED, ABORTED}
    assert all(not ALLOWED[s] for s in MatchStatus if s.ended)


def test_statuses_are_the_strings_clients_see() -> None:
    assert [s.value for s in MatchStatus] == ["open", "active", "finished", "aborted"]
    assert f"{ACTIVE}" == "active"
