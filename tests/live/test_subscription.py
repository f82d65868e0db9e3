"""A subscription delivers every version exactly once, in order, whatever order Redis and the log deliver in."""

from __future__ import annotations

from server.live.subscription import Arrival, Ordering, Phase


def test_what_arrives_while_the_state_is_being_sent_waits_and_comes_back_in_version_order() -> None:
    order: Ordering[str] = Ordering()
    assert order.arrive(7, "v7") is Arrival.HOLD
    assert order.arrive(6, "v6") is Arrival.HOLD
    assert order.start(last=5) == ["v6", "v7"]
    assert order.phase is Phase.LIVE and order.last == 5


def test_the_next_version_is_sent_and_an_old_one_dropped() -> None:
    order: Ordering[str] = Ordering()
    order.start(last=3)
    assert order.arrive(4, "v4") is Arrival.SEND
    order.sent(4)
    assert order.arrive(4, "v4 again") is Arrival.DROP
    assert order.arrive(2, "v2") is Arrival.DROP
    assert order.last == 4


def test_a_skipped_version_starts_a_fill_and_holds_what_comes_meanwhile() -> None:
    order: Ordering[str] = Ordering()
    order.start(last=1)
    assert order.arrive(4, "v4") is Arrival.GAP  # 2 and 3 are missing: the hub reads them from the log
    assert order.phase is Phase.FILLING
    assert order.arrive(5, "v5") is Arrival.HOLD
    order.sent(2)
    order.sent(3)  # what the fill sent
    assert order.filled() == ["v4", "v5"]
    assert order.arrive(4, "v4") is Arrival.SEND


def test_a_fill_that_got_further_than_what_was_held_makes_it_old() -> None:
    order: Ordering[str] = Ordering()
    order.start(last=0)
    order.fill()  # the pub/sub connection was lost
    assert order.arrive(2, "v2") is Arrival.HOLD
    for v in (1, 2, 3):
        order.sent(v)
    held = order.filled()
    assert held == ["v2"] and order.arrive(2, "v2") is Arrival.DROP


def test_sent_never_moves_backwards() -> None:
    order: Ordering[str] = Ordering()
    order.start(last=9)
    order.sent(4)
    assert order.last == 9
