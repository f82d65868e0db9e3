"""The AI strength tool runs, bounded, and prints its table's rows (figures are for loadtest/README.md)."""

from __future__ import annotations

import pytest

from loadtest import ai_strength


def test_one_match_per_row_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert ai_strength.main(["--level", "2", "--matches", "1", "--games", "brillig"]) == 0
    out = capsys.readouterr().out
    assert "| brillig | 2 | random |" in out
    assert "| brillig | 2 | greedy |" in out  # the SDK's greedy strategy knows Brillig


def test_a_row_is_the_same_matches_over_several_processes(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--level", "2", "--matches", "2", "--games", "mimsy", "--opponents", "random"]
    assert ai_strength.main(argv) == 0
    alone = capsys.readouterr()
    assert ai_strength.main([*argv, "--jobs", "2"]) == 0
    spread = capsys.readouterr()

    def row(out: str) -> list[str]:  # the row but its times: game, seats, opponent, share; how the matches ended
        (line,) = [line for line in out.splitlines() if line.startswith("| mimsy |")]
        cells = line.split("|")
        return cells[1:5] + cells[7:]

    assert row(alone.out) == row(spread.out)
    assert "match 2 (seed 2, AI seat 1:" in spread.err
