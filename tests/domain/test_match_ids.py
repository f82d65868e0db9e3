"""Match ids and seat tokens: unguessable, and safe wherever a client or an operator types them."""

from __future__ import annotations

from server.domain.ids import MATCH_ID_ALPHABET, SeatToken, new_match_id, new_seat_token, token_hash, token_matches


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


def test_seat_tokens_are_parsed_strictly() -> None:
    token = new_seat_token("abc123", 1)
    assert SeatToken.parse(token) == ("abc123", 1)
    assert SeatToken.parse("abc123.\u00b2.s3cr3t") is None  # a superscript two is a digit to str.isdigit
    assert SeatToken.parse("abc123.\u0661.s3cr3t") is None  # so is an Arabic-Indic one
    assert SeatToken.parse("abc123.123.s3cr3t") is None  # no match has that many seats
    assert SeatToken.parse("abc123.1.s3cr3t.more") is None
    assert SeatToken.parse("ab c.1.s3cr3t") is None
    assert SeatToken.parse(".1.s3cr3t") is None
    assert SeatToken.parse("abc123.1.") is None


def test_a_token_is_checked_against_its_stored_hash_only() -> None:
    token = new_seat_token("abc123", 0)
    assert token_matches(token, token_hash(token))
    assert not token_matches(token, token_hash(token + "x"))
    assert not token_matches(token, None)
