"""Sealed simultaneous choices, as the rulebooks use them: commit in secret, reveal together."""

from __future__ import annotations

import pytest

from server.engine import Table, event_for
from server.engine.game import Nothing, Part
from server.engine.sealed import Committed, Sealed, commit_event


def test_a_commit_is_recorded_publicly_as_done_and_secretly_as_what() -> None:
    committed, sealed = Committed.fresh(3), Sealed[str].fresh(3)
    sealed.commit(committed, 1, "G4")
    assert committed.seats == [False, True, False]
    assert committed.waiting() == [0, 2]
    assert not committed.complete
    assert sealed.choices == [None, "G4", None]
    assert "G4" not in committed.model_dump_json()


def test_a_seat_commits_once() -> None:
    committed, sealed = Committed.fresh(2), Sealed[int].fresh(2)
    sealed.commit(committed, 0, 3)
    with pytest.raises(ValueError, match="already committed"):
        sealed.commit(committed, 0, 4)
    assert sealed.choices == [3, None]


def test_nothing_is_revealed_until_every_seat_has_committed() -> None:
    committed, sealed = Committed.fresh(2), Sealed[str].fresh(2)
    sealed.commit(committed, 0, "P2")
    with pytest.raises(ValueError, match="not every seat"):
        sealed.reveal(committed)
    sealed.commit(committed, 1, "G4")
    assert committed.complete
    assert sealed.reveal(committed) == ["P2", "G4"]


def test_a_reveal_resets_both_halves_for_the_next_sealed_choice() -> None:
    """Brillig plays two sealed cards a round: the collection card follows the assignment card."""
    committed, sealed = Committed.fresh(2), Sealed[str].fresh(2)
    for seat, card in ((1, "Y1"), (0, "G2")):
        sealed.commit(committed, seat, card)
    assert sealed.reveal(committed) == ["G2", "Y1"]
    assert committed.seats == [False, False] and sealed.choices == [None, None]
    sealed.commit(committed, 0, "P3")
    assert committed.waiting() == [1]


def test_a_choice_only_some_seats_make() -> None:
    """Slithy: the dealer commits no gems; the others do."""
    committed, sealed = Committed.among(4, {1, 2, 3}), Sealed[int].fresh(4)
    assert committed.waiting() == [1, 2, 3]
    for seat, gems in ((3, 0), (1, 5), (2, 2)):
        sealed.commit(committed, seat, gems)
    assert committed.complete
    assert sealed.reveal_by_seat(committed) == [None, 5, 2, 0]


def test_reveal_refuses_to_hide_that_a_seat_took_no_part() -> None:
    committed, sealed = Committed.among(3, {0, 2}), Sealed[int].fresh(3)
    sealed.commit(committed, 0, 1)
    sealed.commit(committed, 2, 1)
    with pytest.raises(ValueError, match="reveal_by_seat"):
        sealed.reveal(committed)


def test_the_commit_event_tells_everyone_that_and_only_the_seat_what() -> None:
    event = commit_event(2, {"type": "rehome", "count": 3}, waiting=[0])
    assert event_for(event, 2) == {
        "public": {"type": "committed", "seat": 2, "waiting": [0]},
        "private": {"choice": {"type": "rehome", "count": 3}},
    }
    for seat in (None, 0, 1):
        assert event_for(event, seat) == {"public": {"type": "committed", "seat": 2, "waiting": [0]}}


class Public(Part):
    committed: Committed


class Secret(Part):
    sealed: Sealed[int]


def test_both_halves_are_stored_and_loaded_with_the_table() -> None:
    committed, sealed = Committed.fresh(2), Sealed[int].fresh(2)
    sealed.commit(committed, 1, 7)
    table = Table[Public, Nothing, Secret](
        public=Public(committed=committed), private=[Nothing(), Nothing()], secret=Secret(sealed=sealed)
    )
    again = Table[Public, Nothing, Secret].model_validate_json(table.model_dump_json())
    assert again == table
    again.secret.sealed.commit(again.public.committed, 0, 2)
    assert again.secret.sealed.reveal(again.public.committed) == [2, 7]
