"""The AI strength tool runs, bounded, and prints its table's rows (figures are for loadtest/README.md)."""

from __future__ import annotations

import pytest

from loadtest import ai_strength


def test_one_match_per_row_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert ai_strength.main(["--level", "2", "--matches", "1", "--games", "brillig"]) == 0
    out = capsys.readouterr().out
    assert "| brillig | 2 | random |" in out
    assert "| brillig | 2 | greedy |" in out  # the SDK's greedy strategy knows Brillig
