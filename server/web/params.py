"""Integers in a request's query and path: ASCII digits only, within bounds, or ``bad_request``.

Vorpal reads no signs, blanks, fractions or exponents in a number of a URL (``+3``, `` 3``, ``3.0``,
``1e3`` are refused), and no number past :data:`MAX_INT`, so that a malformed one is told apart from
a version or a limit the server does not have.
"""

from __future__ import annotations

from starlette.requests import Request

from server.errors import BadRequest

#: The largest integer a query parameter takes (versions and limits stay far below it).
MAX_INT = 2**63 - 1


def query_int(request: Request, name: str, default: int, low: int, high: int = MAX_INT) -> int:
    """An integer query parameter (:func:`parse_int`), ``default`` when absent."""
    raw = request.query_params.get(name)
    return default if raw is None else parse_int(raw, name, low, high)


def parse_int(raw: str, name: str, low: int = 0, high: int = MAX_INT) -> int:
    """An integer of a query or a path: ASCII digits only (no sign, no blanks, no fraction), within bounds."""
    bounds = f"{low}..{high}" if high != MAX_INT else f">= {low}"
    if not (raw.isascii() and raw.isdigit()) or len(raw.lstrip("0")) > len(str(high)):
        raise BadRequest(f"{name} must be an integer {bounds}")
    value = int(raw)
    if not low <= value <= high:
        raise BadRequest(f"{name} must be {bounds}")
    return value
