"""How a playout picks its moves: at random, unless a game has a policy of its own.

A random playout is the textbook ISMCTS one, and enough where a game's good moves are rare enough
to matter little to its average (most of the microgames). Where a random player wastes a whole
match (Zimby Mojo's King never dies) or a simple rule of thumb beats it every time (Brillig's
greedy collector), the playouts judge a move by play no opponent would make, and the search learns
little. A game's policy plays the rule of thumb, usually with a share of random moves left in so
that a playout still explores (``epsilon``-greedy). It sees what a playout sees: the sampled table,
never the real one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from server.engine.play import AnyTable, Rules

from . import borogoves, brillig, zimby_mojo
from .greedy import Policy, greedy


def uniform(rules: Rules, table: AnyTable, seat: int, legal: Sequence[Any], pick: random.Random) -> Any:
    """Any legal move, each as likely."""
    return pick.choice(legal)


#: The games' own playout policies; the others play uniformly at random.
POLICIES: dict[str, Policy] = {
    "borogoves": borogoves.policy,
    "brillig": greedy(brillig.worth, brillig.EPSILON),
    "zimby_mojo": zimby_mojo.policy,
}


def policy_for(game: str) -> Policy:
    return POLICIES.get(game, uniform)
