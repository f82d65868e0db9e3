"""The catalogue: every game the server hosts, listed explicitly (no import side effects)."""

from __future__ import annotations

from server.engine import Rules
from server.engine.errors import UnknownGame

from .bandersnatch import Bandersnatch
from .borogoves import Borogoves
from .brillig import Brillig
from .gimble import Gimble
from .gyre import Gyre
from .jabberwocky import Jabberwocky
from .jackrabbits import Jackrabbits
from .mimsy import Mimsy
from .mome import Mome
from .slithy import Slithy
from .tabby_tumble import TabbyTumble
from .zimby_mojo import ZimbyMojo

GAMES: tuple[Rules, ...] = (
    Rules(Jabberwocky()),
    Rules(TabbyTumble()),
    Rules(Brillig()),
    Rules(Gimble()),
    Rules(Mimsy()),
    Rules(Mome()),
    Rules(Bandersnatch()),
    Rules(Borogoves()),
    Rules(Gyre()),
    Rules(Slithy()),
    Rules(Jackrabbits()),
    Rules(ZimbyMojo()),
)

_BY_NAME = {r.name: r for r in GAMES}


def get(name: str) -> Rules:
    try:
        return _BY_NAME[name]
    except KeyError:
        raise UnknownGame(f"no game named {name!r}; see GET /v1/games") from None
