"""The SDK's REST benchmark runs, bounded, against a real server and prints its figures."""

from __future__ import annotations

import pytest

from loadtest import sdk_rest
from tests.support.servers import ServerProcess


def test_a_few_calls_print_wall_and_cpu_per_call(server: ServerProcess, capsys: pytest.CaptureFixture[str]) -> None:
    assert sdk_rest.main(["--url", server.url, "--calls", "5"]) == 0
    assert "5 state calls:" in capsys.readouterr().out
