"""A game of the catalogue as clients receive it (:class:`vorpal_protocol.GameInfo`): built here, once.

The engine describes a game (:meth:`~server.engine.play.Rules.describe`: its facts and the schemas
of its options, moves, views and outcome); this adds the schemas of the events its matches may
carry: the game's own (:attr:`~server.engine.game.Game.events`) and every match's
(:data:`~server.domain.match_events.MATCH_EVENTS`).
"""

from __future__ import annotations

from typing import Any

from server import games
from server.ai import levels
from server.engine import Rules, event_schemas

from .match_events import MATCH_EVENTS


def game_info(rules: Rules) -> dict[str, Any]:
    """``rules``' game as the catalogue lists it: :class:`vorpal_protocol.GameInfo`'s fields."""
    info = rules.describe()
    info["schemas"]["events"] = event_schemas((*rules.game.events, *MATCH_EVENTS))
    info["bot_levels"] = levels.describe()
    return info


def catalogue() -> dict[str, Any]:
    """Every game (:class:`vorpal_protocol.Catalogue`'s fields)."""
    return {"games": [game_info(rules) for rules in games.GAMES]}
