"""The codec's native fast path writes exactly the canonical bytes of the general path."""

from __future__ import annotations

import itertools
import random
from typing import Any

import msgpack
from vorpal_protocol.codec import FIELD_ORDER, _encode_fast, canonical_frame, encode, pack, pack_map


def general(data: dict[str, Any]) -> bytes:
    packed: bytes = msgpack.packb(canonical_frame(data), use_bin_type=True)
    return packed


def random_value(pick: random.Random, depth: int = 0) -> Any:
    kinds = ["int", "str", "bool", "none", "float"] + (["list", "dict"] if depth < 4 else [])
    kind = pick.choice(kinds)
    if kind == "int":
        return pick.choice([0, 1, -1, 127, 128, -33, 255, 65536, -(2**31), 2**40, pick.randint(-(10**9), 10**9)])
    if kind == "str":
        return "".join(pick.choice("abcXYZ_é€\U0001f600 ") for _ in range(pick.randint(0, 40)))
    if kind == "bool":
        return pick.random() < 0.5
    if kind == "none":
        return None
    if kind == "float":
        return pick.choice([3.0, -0.0, 0.5, 1e300, 2.25])
    if kind == "list":
        return [random_value(pick, depth + 1) for _ in range(pick.randint(0, 5))]
    keys = ["a", "B", "é", "z", "10", "2", "ab", "_x", "€"]
    return {k: random_value(pick, depth + 1) for k in pick.sample(keys, pick.randint(0, len(keys)))}


def random_frame(pick: random.Random) -> dict[str, Any]:
    """A frame of any type with random values in most of its fields, now and then one the spec does not list."""
    kind = pick.choice(list(FIELD_ORDER))
    frame: dict[str, Any] = {"type": kind}
    for name, _ in FIELD_ORDER[kind][1:]:
        if pick.random() < 0.8:
            frame[name] = random_value(pick)
    if pick.random() < 0.1:
        frame["zz_extra"] = random_value(pick)
    return frame


def test_the_fast_path_agrees_with_the_general_path_on_random_frames() -> None:
    pick = random.Random(1)
    fast_used = 0
    for _ in range(3000):
        frame = random_frame(pick)
        fast = _encode_fast(frame)
        if fast is not None:
            fast_used += 1
            assert fast == general(frame), frame
        assert encode(frame) == general(frame)
    assert fast_used > 1000  # the fast path is taken for ordinary frames


def test_an_integral_float_is_written_as_its_integer_and_an_unknown_field_takes_the_general_path() -> None:
    # The fast path writes such a stretch of the frame item by item, as the general path would.
    assert _encode_fast({"type": "ack", "id": 1, "result": {"x": 3.0}}) == general(
        {"type": "ack", "id": 1, "result": {"x": 3}}
    )
    assert encode({"type": "ack", "id": 1, "result": {"x": 3.0}}) == general(
        {"type": "ack", "id": 1, "result": {"x": 3}}
    )
    assert _encode_fast({"type": "pong", "id": 1, "extra": 1}) is None


def test_a_float_that_stays_a_float_is_written_by_the_fast_path() -> None:
    frame = {"type": "ack", "id": 1, "result": {"x": 0.5, "y": -2.25, "big": 1e300}}
    assert _encode_fast(frame) == general(frame)


def test_the_float_marker_byte_inside_integers_and_text_keeps_the_fast_path() -> None:
    # 202 and 203 are written as cc ca and cc cb; U+02CB's UTF-8 starts with cb.
    frame = {"type": "ack", "id": 203, "result": {"n": [202, 203, 0xCBCB, 0xCB00_0000_0000], "s": "\u02cb" * 9}}
    fast = _encode_fast(frame)
    assert fast is not None and b"\xcb" in fast
    assert fast == general(frame)


def test_an_integral_float_among_other_floats_is_written_canonically() -> None:
    frame = {"type": "ack", "id": 1, "result": {"a": 0.5, "b": [1.5, -0.0], "c": 203}}
    assert _encode_fast(frame) == general(frame)
    assert encode(frame) == general(frame)
    assert msgpack.unpackb(encode(frame))["result"]["b"] == [1.5, 0]


def test_every_games_views_and_legal_moves_take_the_fast_path() -> None:
    """A view with an integral float (``10.0``) would send every frame that carries it to the general
    path: games write such numbers as :data:`server.engine.JsonFloat`."""
    from server.games import GAMES
    from tests.support.playout import playout

    for rules in GAMES:
        seats = max(rules.game.min_seats, min(3, rules.game.max_seats))
        for step in itertools.islice(playout(rules, seats, seed=7), 150):
            for seat in [None, *range(seats)]:
                frame: dict[str, Any] = {
                    "type": "event",
                    "match": "m",
                    "version": 1,
                    "view": rules.view(step.after, seat),
                }
                if seat is not None and seat in rules.to_act(step.after):
                    frame["legal"] = rules.dump_moves(rules.legal_moves(step.after, seat))
                assert _encode_fast(frame) is not None, (rules.name, seat)


def test_a_packed_field_is_written_as_it_is_on_both_paths() -> None:
    """A frame with some fields packed beforehand has the bytes of the same frame unpacked."""
    pick = random.Random(2)
    for _ in range(1000):
        frame = random_frame(pick)
        packed = {k: pack(v) if k != "type" and v is not None and pick.random() < 0.5 else v for k, v in frame.items()}
        assert encode(packed) == general(frame), frame


def test_a_packed_map_is_the_map_packed_whole() -> None:
    pick = random.Random(3)
    for _ in range(1000):
        value = random_value(pick, depth=3)
        if not isinstance(value, dict):
            continue
        parts = {k: pack(v) if pick.random() < 0.5 else v for k, v in value.items()}
        assert pack_map(parts) == pack(value)
        assert pack(value).data == msgpack.packb(canonical_frame({"type": "ack", "result": value})["result"])


def test_a_packed_map_of_any_size_is_the_map_packed_whole() -> None:
    """Unpacked entries are packed together as one array whose header is cut off: each header size."""
    for n in (1, 7, 8, 9, 32_767, 32_768, 40_000):
        value = {f"k{i:05}": i for i in range(n)}
        for packed_key in (None, "k00000", f"k{n // 2:05}"):
            parts = {k: pack(v) if k == packed_key else v for k, v in value.items()}
            assert pack_map(parts) == pack(value), (n, packed_key)
