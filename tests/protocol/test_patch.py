"""JSON Patch (RFC 6902) as protocol v2 uses it: the RFC's own examples, and diffs that apply back.

The examples (``protocol/vectors/v2/rfc6902.json``) are run by the JavaScript SDK's patcher
too (``clients/js/test/patch.test.js``).
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from vorpal_protocol.patch import PatchError, apply, diff, merge_apply, merge_diff

RFC = json.loads((Path(__file__).resolve().parents[2] / "protocol/vectors/v2/rfc6902.json").read_text())["cases"]


@pytest.mark.parametrize("case", RFC, ids=[c["name"] for c in RFC])
def test_the_rfc_examples_apply_as_the_rfc_says(case: dict[str, Any]) -> None:
    doc = copy.deepcopy(case["doc"])
    if case.get("error"):
        with pytest.raises(PatchError):
            apply(doc, case["patch"])
    else:
        assert apply(doc, case["patch"]) == case["expected"]
    assert doc == case["doc"]  # the document given is never changed


def test_applying_shares_what_it_does_not_change() -> None:
    doc: dict[str, Any] = {"public": {"board": [[1, 2], [3, 4]], "turn": 0}, "private": {"hand": ["a", "b"]}}
    out = apply(doc, [{"op": "replace", "path": "/public/turn", "value": 1}])
    assert out["public"]["board"] is doc["public"]["board"]
    assert out["private"] is doc["private"]
    assert doc["public"]["turn"] == 0


def test_a_diff_is_only_what_changed() -> None:
    before = {"hand": ["3C", "9H", "KS"], "turn": 0, "gone": None, "a/b": {"~": 1}}
    after = {"hand": ["3C", "KS"], "turn": 1, "a/b": {"~": 2}, "new": [1]}
    assert diff(before, after) == [
        {"op": "remove", "path": "/hand/1"},
        {"op": "replace", "path": "/turn", "value": 1},
        {"op": "remove", "path": "/gone"},
        {"op": "replace", "path": "/a~1b/~0", "value": 2},
        {"op": "add", "path": "/new", "value": [1]},
    ]
    assert diff(before, before) == []


def test_a_diff_keeps_null_values_which_a_merge_patch_cannot() -> None:
    assert apply({"crown": {"at": 3}}, diff({"crown": {"at": 3}}, {"crown": None})) == {"crown": None}


def _value(rnd: random.Random, depth: int) -> Any:
    kind = rnd.randrange(7 if depth < 4 else 4)
    if kind == 0:
        return rnd.randrange(5)
    if kind == 1:
        return rnd.choice(["a", "b", "~/", ""])
    if kind == 2:
        return rnd.choice([None, True, False])
    if kind == 3:
        return rnd.random()
    if kind in (4, 5):
        return [_value(rnd, depth + 1) for _ in range(rnd.randrange(5))]
    return {rnd.choice("abc/~"): _value(rnd, depth + 1) for _ in range(rnd.randrange(4))}


def _mutate(rnd: random.Random, value: Any, depth: int = 0) -> Any:
    if rnd.random() < 0.15:
        return _value(rnd, depth)
    if type(value) is dict:
        out = {k: _mutate(rnd, v, depth + 1) if rnd.random() < 0.4 else v for k, v in value.items()}
        if out and rnd.random() < 0.2:
            del out[rnd.choice(list(out))]
        if rnd.random() < 0.2:
            out[rnd.choice("abcd")] = _value(rnd, depth + 1)
        return out
    if type(value) is list:
        out_list = [_mutate(rnd, v, depth + 1) if rnd.random() < 0.3 else v for v in value]
        if out_list and rnd.random() < 0.3:
            del out_list[rnd.randrange(len(out_list))]
        if rnd.random() < 0.3:
            out_list.insert(rnd.randrange(len(out_list) + 1), _value(rnd, depth + 1))
        return out_list
    return value


def _no_bool_for_number(x: Any, y: Any) -> bool:
    """The one case :func:`diff` leaves alone (its docstring): a boolean where an equal number was."""
    if isinstance(x, bool) != isinstance(y, bool) and x == y:
        return False
    if type(x) is dict and type(y) is dict:
        return all(_no_bool_for_number(x[k], y[k]) for k in x.keys() & y.keys())
    if type(x) is list and type(y) is list:
        return all(_no_bool_for_number(p, q) for p, q in zip(x, y, strict=False))
    return True


def test_every_diff_applied_to_its_first_value_gives_the_second() -> None:
    rnd = random.Random(6902)
    for _ in range(3000):
        before = _value(rnd, 0)
        after = _mutate(rnd, before)
        if not _no_bool_for_number(before, after):
            continue
        kept = copy.deepcopy(before)
        assert json.dumps(apply(before, diff(before, after)), sort_keys=True) == json.dumps(after, sort_keys=True)
        assert before == kept


MERGE = json.loads((Path(__file__).resolve().parents[2] / "protocol/vectors/v2/rfc7386.json").read_text())["cases"]


@pytest.mark.parametrize("case", MERGE, ids=[c["name"] for c in MERGE])
def test_the_merge_patch_examples_apply_as_the_rfc_says(case: dict[str, Any]) -> None:
    doc = copy.deepcopy(case["doc"])
    assert merge_apply(doc, case["patch"]) == case["expected"]
    assert doc == case["doc"]


def test_a_merge_diff_is_refused_where_a_merge_patch_cannot_say_it() -> None:
    assert merge_diff({"a": 1}, {"a": None}) is None
    assert merge_diff({"a": 1}, {"a": {"b": None}}) is None
    assert merge_diff({"a": [1]}, {"a": [None]}) == {"a": [None]}
    assert merge_diff({"a": 1, "b": 2}, {"a": 1}) == {"b": None}


def test_every_merge_diff_applied_to_its_first_value_gives_the_second() -> None:
    rnd = random.Random(7386)
    made = 0
    for _ in range(3000):
        before = _value(rnd, 0)
        after = _mutate(rnd, before)
        if not _no_bool_for_number(before, after):
            continue
        patch = merge_diff(before, after)
        if patch is None:
            continue
        made += 1
        assert json.dumps(merge_apply(before, patch), sort_keys=True) == json.dumps(after, sort_keys=True)
    assert made > 1000
