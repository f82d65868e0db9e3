"""The account domain without storage: what a key looks like, what it names, what an account shows."""

from __future__ import annotations

import hashlib

from server.domain.accounts import (
    Account,
    AccountKind,
    ApiKey,
    is_account_id,
    is_api_key,
    new_api_key,
)
from server.domain.ids import new_account_id, new_seat_token
from server.domain.record import MatchRecord
from server.domain.status import MatchStatus


def test_a_key_names_its_account_and_is_told_from_a_seat_token_by_its_prefix() -> None:
    account_id = new_account_id()
    assert is_account_id(account_id)
    key = new_api_key(account_id)
    assert key.startswith(f"vpk_{account_id}_") and is_api_key(key)
    assert ApiKey.parse(key) == ApiKey(account_id)
    assert new_api_key(account_id) != key  # a fresh secret each time
    token = new_seat_token("Xq3abcdefGHI", 0)
    assert not is_api_key(token) and ApiKey.parse(token) is None


def test_anything_else_is_not_a_key() -> None:
    good = new_api_key("ABCDEFGHIJ12")
    for text in (None, "", "vpk_", "vpk_ABCDEFGHIJ12", "vpk_ABCDEFGHIJ12_short", good + "!", " " + good,
                 "vpk_ABCDEFGHIJ1_" + "x" * 43, "vpk_ABCDEFGHIJ1é_" + "x" * 43, "VPK" + good[3:]):  # fmt: skip
        assert ApiKey.parse(text) is None, text
    assert not is_account_id("ABCDEFGHIJ1") and not is_account_id("ABCDEFGHIJ1!") and not is_account_id("")


def test_what_an_account_shows_never_holds_its_key_hash() -> None:
    key_hash = hashlib.sha256(b"vpk_x").hexdigest()
    account = Account(id="ABCDEFGHIJ12", name="ada", kind=AccountKind.BOT, created=1, key_hash=key_hash)
    shown = account.public().model_dump(mode="json")
    assert shown == {"id": "ABCDEFGHIJ12", "name": "ada", "kind": "bot", "created": 1, "disabled": False}
    assert key_hash not in str(shown)
    assert [k.value for k in AccountKind] == ["human", "bot"]


def test_a_record_without_accounts_has_no_account_in_any_seat() -> None:
    record = MatchRecord(id="m", game="jabberwocky", options={}, seats=3, status=MatchStatus.OPEN, version=0,
                         created=0, updated=0, seed=1, names=[None] * 3, bots=[False] * 3, tokens=[None] * 3,
                         table=b"", rng=[0])  # fmt: skip
    assert record.accounts == [None, None, None]
    assert record.summary().accounts == [None, None, None]
    seated = record.replace(accounts=["ABCDEFGHIJ12", None, None])
    assert seated.accounts == ["ABCDEFGHIJ12", None, None] and seated.summary().accounts[0] == "ABCDEFGHIJ12"
