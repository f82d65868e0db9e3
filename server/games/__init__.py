"""The catalogue: every game the server hosts, listed explicitly (no import side effects)."""

from __future__ import annotations

from server.engine import Rules
from server.engine.errors import UnknownGame

from .jabberwocky import Jabberwocky

GAMES: tuple[Rules, ...] = (Rules(Jabberwocky()),)

_BY_NAME = {r.name: r for r in GAMES}


def get(name: str) -> Rules:
    try:
        return _BY_NAME[name]
    except KeyError:
        raise UnknownGame(f"no game named {name!r}; see GET /v1/games") from None
