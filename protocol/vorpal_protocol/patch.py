"""JSON Patch (RFC 6902) and JSON Merge Patch (RFC 7386): the difference between two JSON values, applied.

Protocol v2 sends, with each event, a patch of the recipient's view against its view at the
version before (PROTOCOL.md, "Protocol v2"): a JSON Patch, or a merge patch where one carries
the change exactly and is smaller (a merge patch cannot set a member to null, since null removes
it, and replaces a changed list whole; a JSON Patch spends some 25 bytes of names on each
operation: ``loadtest/README.md``, "Protocol v2", measures both on every game). The server makes
them with :func:`diff` and :func:`merge_diff`, once per event for the public part that every
recipient shares; a client applies them with :func:`apply` and :func:`merge_apply` (the Python
SDK does; the JavaScript SDK has its own, ``clients/js/src/patch.js``). Both follow the RFCs, so
any library of any language for either reads these patches too.

:func:`diff` writes only ``add``, ``remove`` and ``replace`` operations, with paths in
JSON Pointer form (RFC 6901: ``~`` written ``~0``, ``/`` written ``~1``). It walks both values
together and stops at the first equal subtree: Python's ``==`` compares a whole subtree in C,
so a big view with a small change costs about as much as the change. The one place where
Python's equality is not JSON's: ``True == 1`` (and ``1 == 1.0``, which the protocol's
canonical form writes alike anyway). A view's field never holds a boolean where it held a
number, since its schema types it, so a view's patch is exact; :func:`diff` on arbitrary data
with a boolean replacing a number of the same value would miss it.

In a list, the runs of equal items at both ends are kept, the items between are changed in
place pair by pair, and what is left over is removed or added: a card taken from a hand or a
piece appended is one operation, not a rewrite of the list.

:func:`apply` takes every operation of the RFC (``move``, ``copy`` and ``test`` too) and
changes nothing it was given: it copies each map and list on an operation's path, and shares
the rest with the document it was given. A view an application holds stays as it was.
"""

from __future__ import annotations

from typing import Any

Patch = list[dict[str, Any]]

#: A member that a map does not have (``None`` is a value).
_ABSENT = object()


class PatchError(ValueError):
    """A patch that does not apply to the document (a path that is not there, a failed ``test``...)."""


def escape(token: str) -> str:
    """A map key as one reference token of a JSON Pointer (RFC 6901, section 3)."""
    if "~" in token or "/" in token:
        return token.replace("~", "~0").replace("/", "~1")
    return token


def unescape(token: str) -> str:
    if "~" in token:
        return token.replace("~1", "/").replace("~0", "~")
    return token


# -- diff ---------------------------------------------------------------------------------------------


def diff(before: Any, after: Any, path: str = "") -> Patch:
    """The operations that turn ``before`` into ``after`` (JSON values), at ``path`` (a JSON Pointer)."""
    ops: Patch = []
    if not _same(before, after):
        _diff(before, after, path, ops)
    return ops


def _diff(a: Any, b: Any, path: str, ops: Patch) -> None:
    """``a`` and ``b`` differ (the caller compared them): the operations for that, appended to ``ops``."""
    ta = type(a)
    if ta is not type(b):
        ops.append({"op": "replace", "path": path, "value": b})
    elif ta is dict:
        _diff_maps(a, b, path, ops)
    elif ta is list:
        _diff_lists(a, b, path, ops)
    else:
        ops.append({"op": "replace", "path": path, "value": b})


def _diff_maps(a: dict[str, Any], b: dict[str, Any], path: str, ops: Patch) -> None:
    same_keys = a.keys() == b.keys()  # compared in C: nearly always, a view's keys are its schema's
    for key, va in a.items():
        vb = b.get(key, _ABSENT)
        if va is vb or (type(va) is type(vb) and va == vb):
            continue
        where = f"{path}/{key.replace('~', '~0').replace('/', '~1') if '~' in key or '/' in key else key}"
        if vb is _ABSENT:
            ops.append({"op": "remove", "path": where})
        else:
            _diff(va, vb, where, ops)
    if not same_keys:
        for key, vb in b.items():
            if key not in a:
                ops.append({"op": "add", "path": f"{path}/{escape(key)}", "value": vb})


def _diff_lists(a: list[Any], b: list[Any], path: str, ops: Patch) -> None:
    na, nb = len(a), len(b)
    if na == nb:
        for i in range(na):
            va, vb = a[i], b[i]
            if va is vb or (type(va) is type(vb) and va == vb):
                continue
            _diff(va, vb, f"{path}/{i}", ops)
        return
    start, end_a, end_b = 0, na, nb
    while start < end_a and start < end_b and _same(a[start], b[start]):
        start += 1
    while end_a > start and end_b > start and _same(a[end_a - 1], b[end_b - 1]):
        end_a -= 1
        end_b -= 1
    paired = min(end_a, end_b) - start
    for i in range(start, start + paired):
        _diff(a[i], b[i], f"{path}/{i}", ops)
    at = start + paired
    for _ in range(end_a - at):  # the items left over in ``before``: each removed where the next one moved up to
        ops.append({"op": "remove", "path": f"{path}/{at}"})
    for i in range(at, end_b):
        ops.append({"op": "add", "path": f"{path}/{i}", "value": b[i]})


def _same(x: Any, y: Any) -> bool:
    return x is y or (type(x) is type(y) and x == y)


# -- apply --------------------------------------------------------------------------------------------


def apply(document: Any, patch: Patch) -> Any:
    """``document`` with ``patch``'s operations applied in order; ``document`` itself is left unchanged.

    Raises :class:`PatchError` if an operation does not apply (the RFC's "error": the whole patch
    fails, and the caller keeps the document it had)."""
    if not isinstance(patch, list):
        raise PatchError("a patch is a list of operations")
    owned: set[int] = set()  # the containers this application made (copies): changed in place from then on
    for op in patch:
        document = _apply_one(document, op, owned)
    return document


def _parse(pointer: Any) -> list[str]:
    if not isinstance(pointer, str) or (pointer and not pointer.startswith("/")):
        raise PatchError(f"not a JSON Pointer: {pointer!r}")
    return [unescape(t) for t in pointer.split("/")[1:]]


def _index(container: list[Any], token: str, adding: bool) -> int:
    if token == "-" and adding:
        return len(container)
    if not token.isdigit() or (token != "0" and token.startswith("0")) or not token.isascii():
        raise PatchError(f"not an array index: {token!r}")
    i = int(token)
    if i > len(container) or (i == len(container) and not adding):
        raise PatchError(f"array index {i} out of range")
    return i


def _get(document: Any, tokens: list[str]) -> Any:
    node = document
    for token in tokens:
        if type(node) is dict:
            if token not in node:
                raise PatchError(f"no member {token!r}")
            node = node[token]
        elif type(node) is list:
            node = node[_index(node, token, False)]
        else:
            raise PatchError(f"{token!r} inside a value that is no map or list")
    return node


def _own(node: Any, owned: set[int]) -> Any:
    if id(node) in owned:
        return node
    copy = dict(node) if type(node) is dict else list(node)
    owned.add(id(copy))
    return copy


def _parent(document: Any, tokens: list[str], owned: set[int]) -> tuple[Any, Any]:
    """(the new root, the parent of the last token), copying every container on the way."""
    root = node = _own(document, owned) if type(document) in (dict, list) else document
    for token in tokens[:-1]:
        if type(node) is dict:
            if token not in node:
                raise PatchError(f"no member {token!r}")
            child = node[token] = _own_child(node[token], owned)
        elif type(node) is list:
            i = _index(node, token, False)
            child = node[i] = _own_child(node[i], owned)
        else:
            raise PatchError(f"{token!r} inside a value that is no map or list")
        node = child
    if type(node) not in (dict, list):
        raise PatchError("the target's parent is no map or list")
    return root, node


def _own_child(child: Any, owned: set[int]) -> Any:
    return _own(child, owned) if type(child) in (dict, list) else child


def _add(document: Any, tokens: list[str], value: Any, owned: set[int]) -> Any:
    if not tokens:
        return value
    root, parent = _parent(document, tokens, owned)
    if type(parent) is dict:
        parent[tokens[-1]] = value
    else:
        parent.insert(_index(parent, tokens[-1], True), value)
    return root


def _remove(document: Any, tokens: list[str], owned: set[int]) -> tuple[Any, Any]:
    if not tokens:
        raise PatchError("cannot remove the whole document")
    root, parent = _parent(document, tokens, owned)
    if type(parent) is dict:
        if tokens[-1] not in parent:
            raise PatchError(f"no member {tokens[-1]!r}")
        return root, parent.pop(tokens[-1])
    return root, parent.pop(_index(parent, tokens[-1], False))


def _apply_one(document: Any, op: Any, owned: set[int]) -> Any:
    if not isinstance(op, dict) or not isinstance(op.get("op"), str):
        raise PatchError("an operation is a map with an 'op'")
    kind = op["op"]
    tokens = _parse(op.get("path"))
    if kind in ("add", "replace", "test") and "value" not in op:
        raise PatchError(f"'{kind}' needs a 'value'")
    if kind == "add":
        return _add(document, tokens, op["value"], owned)
    if kind == "remove":
        return _remove(document, tokens, owned)[0]
    if kind == "replace":
        if not tokens:
            return op["value"]
        _get(document, tokens)  # the target must exist
        root, parent = _parent(document, tokens, owned)
        if type(parent) is dict:
            parent[tokens[-1]] = op["value"]
        else:
            parent[_index(parent, tokens[-1], False)] = op["value"]
        return root
    if kind in ("move", "copy"):
        source = _parse(op.get("from"))
        if kind == "move":
            if tokens[: len(source)] == source and len(tokens) > len(source):
                raise PatchError("cannot move a value into itself")
            document, value = _remove(document, source, owned)
        else:
            value = _get(document, source)
        return _add(document, tokens, value, owned)
    if kind == "test":
        if not _json_equal(_get(document, tokens), op["value"]):
            raise PatchError(f"test failed at {op['path']!r}")
        return document
    raise PatchError(f"unknown operation {kind!r}")


def _json_equal(x: Any, y: Any) -> bool:
    """Equality of JSON values (RFC 6902, section 4.6): a boolean is no number."""
    if isinstance(x, bool) or isinstance(y, bool):
        return type(x) is type(y) and x == y
    if isinstance(x, int | float) and isinstance(y, int | float):
        return x == y
    if type(x) is not type(y):
        return False
    if type(x) is dict:
        return x.keys() == y.keys() and all(_json_equal(x[k], y[k]) for k in x)
    if type(x) is list:
        return len(x) == len(y) and all(_json_equal(p, q) for p, q in zip(x, y, strict=True))
    return bool(x == y)


# -- merge patch (RFC 7386) -----------------------------------------------------------------------------


def merge_diff(before: Any, after: Any) -> Any:
    """The merge patch that turns ``before`` into ``after``, or None where no merge patch can: a member set to
    null (a merge patch's null removes the member), or a map set whole that holds a null member."""
    if type(before) is not dict or type(after) is not dict:
        return after if _mergeable(after) else None
    out: dict[str, Any] = {key: None for key in before if key not in after}
    for key, vb in after.items():
        va = before.get(key, _ABSENT)
        if va is vb or (type(va) is type(vb) and va == vb):
            continue
        if vb is None:
            return None
        if type(va) is dict and type(vb) is dict:
            sub = merge_diff(va, vb)
            if sub is None:
                return None
            out[key] = sub
        elif _mergeable(vb):
            out[key] = vb
        else:
            return None
    return out


def _mergeable(value: Any) -> bool:
    """Whether a merge patch sets ``value`` as it is: no map in it (outside lists) holds a null member."""
    if type(value) is not dict:
        return True
    return all(v is not None and _mergeable(v) for v in value.values())


def merge_apply(document: Any, patch: Any) -> Any:
    """``document`` with the merge patch ``patch`` applied (RFC 7386, section 2); ``document`` is left unchanged."""
    if type(patch) is not dict:
        return patch
    out = dict(document) if type(document) is dict else {}
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = merge_apply(out.get(key), value)
    return out
