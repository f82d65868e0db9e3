"""Match ids and seat tokens: unguessable, and safe wherever a client or an operator types them."""

from __future__ import annotations

from server.domain.ids import MATCH_ID_ALPHABET, SeatToken, new_match_id


def test_match_ids_are_letters_and_digits_so_no_command_line_reads_them_as_an_option() -> None:
    ids = {new_match_id() for _ in range(5000)}
    assert len(ids) == 5000
    assert all(len(i) == 12 and set(i) <= set(MATCH_ID_ALPHABET) for i in ids)
    assert not any(i.startswith("-") for i in ids)


def test_a_seat_token_names_its_match_and_seat() -> None:
    assert SeatToken.parse("abc123.2.s3cr3t-_x") == ("abc123", 2)
    assert SeatToken.parse("abc123.x.s3cr3t") is None
    assert SeatToken.parse("no-dots") is None
    assert SeatToken.parse(None) is None
