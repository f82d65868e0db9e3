"""The protocol's list of error codes is the server's error tree, no more, no less."""

from __future__ import annotations

from vorpal_protocol import ERROR_CODES

from server.errors import VorpalError, all_errors


def test_every_error_code_is_documented_in_the_protocol() -> None:
    assert {e.code for e in all_errors()} == set(ERROR_CODES)


def test_codes_are_unique_and_statuses_are_http_errors() -> None:
    codes = [e.code for e in all_errors()]
    assert len(codes) == len(set(codes))
    assert all(400 <= e.status < 600 for e in all_errors())
    assert VorpalError().to_dict()["code"] == "internal"
