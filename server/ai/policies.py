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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from server.engine.play import AnyTable, Rules

from . import borogoves, brillig, zimby_mojo, zimby_reflexes
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


@dataclass(frozen=True)
class Reflex:
    """Decisions a game's AI makes by a rule of thumb outright, not by search, in the tree as at its root.

    So far Zimby Mojo's. **Answers to requests** (may my column join yours? will you channel into this seal with
    me?): a tree node for the answer would be the asked seat's worst case for the asker (in a search whose rewards
    are shares of one win it refuses whatever helps the asker more, even where both gain, so no bot would ever ask
    or agree); a seat answers yes when its own standing gains. **A path's steps**: once the search has chosen which
    creature to move, walking it to its goal is geometry, and a node per tile would spend the budget (and a cut
    playout's depth) on the order of steps. **The Crown's holder's turn**: walking it home is the win, which a
    search whose every playout rates the holder the winner cannot tell from anything else.
    """

    #: ``decide(rules, table, seat, me, legal)``: ``seat``'s move by the rule on the sampled ``table`` in the search
    #: of ``me``, one of ``legal``; ``None`` where the decision is the search's.
    decide: Callable[[Rules, AnyTable, int, int, Sequence[Any]], Any | None]
    #: ``prune(table, seat, legal)``: the moves of ``legal`` the search weighs at a node, never none (Zimby Mojo:
    #: not an attack that almost never kills, which shares of one win can make look good).
    prune: Callable[[AnyTable, int, list[Any]], list[Any]] | None = None


REFLEXES: dict[str, Reflex] = {
    "zimby_mojo": Reflex(zimby_reflexes.reflex, zimby_reflexes.prune),
}


def reflex_for(game: str) -> Reflex | None:
    return REFLEXES.get(game)
