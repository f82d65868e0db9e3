"""Seats a pairing keeps for accounts (ladders and tournaments create such matches), and the
inbox that tells an account about them.

Checked in process against a real Redis: the lifecycle, with no HTTP.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from server.domain.accounts import Account, AccountKind
from server.domain.ids import new_account_id
from server.domain.inbox import KEEP_S, KEPT, Inbox
from server.domain.matches import Matches
from server.domain.status import MatchStatus
from server.errors import BadRequest, MatchFull, SeatTaken
from server.store import Store
from server.store.embedded import EmbeddedRedis
from server.store.inbox import RedisInbox
from server.store.keys import inbox_keys

pytestmark = pytest.mark.anyio


def account(name: str) -> Account:
    return Account(id=new_account_id(), name=name, kind=AccountKind.BOT, created=0, key_hash="x")


async def test_a_held_seat_is_not_open_and_only_its_account_takes_it(matches: Matches) -> None:
    ada, bob, eve = account("ada"), account("bob"), account("eve")
    summary = await matches.create("gimble", None, 2, [], held=[ada.id, bob.id])
    assert summary.open_seats == [] and summary.accounts == [ada.id, bob.id]
    with pytest.raises(MatchFull):
        await matches.join(summary.match, None, None, eve)
    with pytest.raises(MatchFull):
        await matches.join(summary.match, None, "anonymous")
    with pytest.raises(SeatTaken):
        await matches.join(summary.match, 1, None, ada)

    first = await matches.join(summary.match, None, None, bob)
    assert first["seat"] == 1
    record, _ = await matches.store.load(summary.match)
    assert record.status is MatchStatus.OPEN  # ada's seat still waits for her
    second = await matches.join(summary.match, 0, None, ada)
    assert second["seat"] == 0
    record, _ = await matches.store.load(summary.match)
    assert record.status is MatchStatus.ACTIVE and record.names == ["ada", "bob"]


async def test_held_and_open_seats_mix_and_the_match_starts_when_every_seat_is_taken(matches: Matches) -> None:
    ada = account("ada")
    summary = await matches.create("gimble", None, 3, [2], held=[ada.id, None, None])
    assert summary.open_seats == [1]
    assert (await matches.join(summary.match, None, "cy"))["seat"] == 1
    record, _ = await matches.store.load(summary.match)
    assert record.status is MatchStatus.OPEN
    assert (await matches.join(summary.match, None, None, ada))["seat"] == 0
    record, _ = await matches.store.load(summary.match)
    assert record.status is MatchStatus.ACTIVE


async def test_a_held_seat_left_before_the_start_stays_held_for_its_account(matches: Matches) -> None:
    """Issue 43, finding 2: leaving a held seat gave it to whoever joined next (a stranger, then rated)."""
    ada, bob, cy = account("ada"), account("bob"), account("cy")
    summary = await matches.create("gimble", None, 3, [], held=[ada.id, bob.id, cy.id])
    ada_seat = await matches.join(summary.match, None, None, ada)
    await matches.join(summary.match, None, None, bob)
    left = await matches.leave(summary.match, ada_seat["token"])
    assert left["status"] == "open"
    record, _ = await matches.store.load(summary.match)
    assert record.accounts == [ada.id, bob.id, cy.id] and record.open_seats() == []
    assert record.summary().open_seats == [] and record.names[0] is None
    with pytest.raises(MatchFull):
        await matches.join(summary.match, None, "stranger")
    with pytest.raises(SeatTaken):
        await matches.join(summary.match, 0, "stranger")
    eve = account("eve")
    with pytest.raises(MatchFull):
        await matches.join(summary.match, None, None, eve)
    assert (await matches.join(summary.match, None, None, ada))["seat"] == 0  # hers again
    assert (await matches.join(summary.match, None, None, cy))["seat"] == 2
    record, _ = await matches.store.load(summary.match)
    assert record.status is MatchStatus.ACTIVE and record.accounts == [ada.id, bob.id, cy.id]


async def test_a_seat_an_account_took_of_its_own_is_open_again_when_it_leaves(matches: Matches) -> None:
    ada = account("ada")
    summary = await matches.create("gimble", None, 3, [])
    await matches.join(summary.match, 2, "bea")
    taken = await matches.join(summary.match, None, None, ada)
    await matches.leave(summary.match, taken["token"])
    record, _ = await matches.store.load(summary.match)
    assert record.accounts == [None, None, None] and record.open_seats() == [0, 1]
    assert (await matches.join(summary.match, 0, "anyone"))["seat"] == 0


async def test_holds_must_fit_the_seats(matches: Matches) -> None:
    ada = account("ada")
    with pytest.raises(BadRequest):
        await matches.create("gimble", None, 2, [], held=[ada.id])
    with pytest.raises(BadRequest):
        await matches.create("gimble", None, 2, [1], held=[None, ada.id])


async def test_an_accounts_inbox_numbers_its_notices_and_is_read_from_where_the_client_left_off(
    tmp_path: Path,
) -> None:
    with EmbeddedRedis(tmp_path / "redis", appendonly=False) as redis:
        store = Store.from_url(redis.url)
        inbox = Inbox(RedisInbox(store.redis))
        ada, bob = new_account_id(), new_account_id()
        first = await inbox.notify(ada, "match_found", {"match": "m1", "seat": 0}, at=1)
        await inbox.notify(ada, "match_found", {"match": "m2", "seat": 1}, at=2)
        assert first is not None and first.seq == 1
        assert [n.seq for n in await inbox.read(ada)] == [1, 2]
        assert [n.data["match"] for n in await inbox.read(ada, since=1)] == ["m2"]
        assert await inbox.read(bob) == []
        for n in range(KEPT + 5):
            await inbox.notify(bob, "round", {"n": n}, at=n)
        kept = await inbox.read(bob)
        assert len(kept) == KEPT and kept[0].seq == 6 and kept[-1].seq == KEPT + 5
        key, counter = inbox_keys(bob)
        assert 0 < await store.redis.ttl(key) <= KEEP_S and 0 < await store.redis.ttl(counter) <= KEEP_S
        await store.close()
