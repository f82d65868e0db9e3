"""What the AI knows of Jackrabbits: a seat's standing on the way to three royals home.

The rulebook's objective: "Reach this place where you begin, with three royal cards in hand" (the Citadel,
holding a trio that fits the match's challenge). A cut playout is rated by the royals claimed (three win, so they
count most), the cards in hand (they pay for the next claim and the trailway treks) and the jokers bought; and,
for a seat whose royals already fit the challenge, by how few roads part its rabbit from the Citadel, so that the
last leg home rates as progress too and a bot holding its trio does not wander until the round limit.

It reads only the public part of the sampled table the search hands it, never the real one.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from server.games.jackrabbits.board import CITADEL, OFF, Board
from server.games.jackrabbits.cards import fits

#: A royal claimed; a card in hand; a joker bought.
ROYAL, CARD, JOKER = 4.0, 0.3, 0.5
#: With a fitting trio: so much a road nearer the Citadel, counted within this many roads of it.
ROAD_HOME, REACH = 0.5, 8

_citadel_roads: dict[int, dict[str, int]] = {}


def roads_to_citadel(board: Board) -> dict[str, int]:
    """Roads from each road node to the Citadel (a board never changes, so worked out once per board object)."""
    key = id(board)
    known = _citadel_roads.get(key)
    if known is None:
        ends = board.graph.ends
        known = {CITADEL: 0}
        queue = deque([CITADEL])
        while queue:
            here = queue.popleft()
            for there in ends.get(here, ()):
                if there != OFF and there not in known:
                    known[there] = known[here] + 1
                    queue.append(there)
        if len(_citadel_roads) > 64:
            _citadel_roads.clear()
        _citadel_roads[key] = known
    return known


def evaluate(table: Any, seats: int) -> list[float]:
    """Royals claimed count most; cards in hand and jokers bought a little; a fitting trio, the roads home."""
    public: Any = table.public
    roads = roads_to_citadel(public.board)
    out = []
    for s in range(seats):
        worth = ROYAL * len(public.royals[s]) + CARD * public.hand_sizes[s] + JOKER * len(public.jesters[s])
        if fits(public.royals[s], public.objective):
            away = roads.get(public.rabbits[s])
            worth += ROAD_HOME * max(0, REACH - (REACH if away is None else away))
        out.append(worth)
    return out
