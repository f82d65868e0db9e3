"""An outcome's reason is a stable code a client can switch on; the sentence for a person is its detail."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from server.engine import Outcome
from server.engine.game import ENGINE_REASONS, REASON_PATTERN


def test_a_reason_is_a_snake_case_code_not_a_sentence() -> None:
    assert Outcome(winners=[0], reason="tie_break").reason == "tie_break"
    with pytest.raises(ValidationError):
        Outcome(winners=[0], reason="Y5 got its 5th gem and is nobody's goal: the mover wins")
    with pytest.raises(ValidationError):
        Outcome(winners=[0], reason="tie-break")


def test_the_detail_is_dumped_only_when_set() -> None:
    assert "detail" not in Outcome(winners=[1], reason="forfeit").model_dump(mode="json")
    told = Outcome(winners=[1], reason="nobodys_goal", detail="Y5 got its 5th gem and is nobody's goal")
    assert told.model_dump(mode="json") == {
        "winners": [1], "scores": None, "reason": "nobodys_goal", "detail": "Y5 got its 5th gem and is nobody's goal",
    }  # fmt: skip
    assert Outcome.model_validate(told.model_dump()) == told


def test_the_engine_reasons_are_codes_shared_by_every_game() -> None:
    assert {"completed", "tie", "tie_break", "forfeit"} <= set(ENGINE_REASONS)
    assert all(re.fullmatch(REASON_PATTERN, code) for code in ENGINE_REASONS)
