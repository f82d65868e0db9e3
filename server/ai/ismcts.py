"""Information-set Monte Carlo tree search over determinizations.

Single-observer ISMCTS, after Cowling, Powley and Whitehouse (2012) and OpenSpiel's
``ismcts.py``: each iteration samples one whole table from the bot's
:class:`~server.engine.knowledge.Knowledge` (:meth:`~server.engine.play.Rules.determinize`, with
the bot's own generator), walks the tree on that sample choosing among the moves legal *in it*
(UCB with availability counts: a child's exploration term counts the iterations in which it could
be chosen, not its parent's visits), adds one node, plays on at random and backs the result up.
The search never sees the real table: its only input is the knowledge.

What the games need of it, each in one place here:

- **Chance** (dice, draws, the King's steps) is sampled: the engine's chance steps run on the
  sample with a generator of the search's own (:meth:`~server.engine.play.Rules.advance`).
- **Sealed choices**: when several seats are to act at once, the others' choices are hidden from
  whoever acts first, so a seat other than the bot picks at random there, outside the tree (the
  tree would otherwise let an opponent answer a choice it cannot see).
- **Moves of several decisions** are searched decision by decision: the engine lists one
  decision's options at a time (:mod:`server.engine.decisions`), so each is a tree level.
- **Long games** are cut: a playout stops after ``depth`` moves and the game's evaluation
  (:mod:`.evaluation`) estimates each seat's share of the win from the public part.

A decision is a function of the knowledge, the budget and the seed alone, so a level plays the
same on any machine; the optional ``deadline`` (a wall clock cap under the match clock) is the
one exception, and only binds when the machine is too slow for the budget.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from server.engine.knowledge import Knowledge
from server.engine.play import AnyTable, Rules
from server.engine.rng import Rng

from .evaluation import Evaluation, evaluation_for, rewards
from .policies import Policy, policy_for

#: The exploration constant of UCB1 (rewards are shares of a win, in [0, 1]).
EXPLORATION = 0.7


@dataclass(slots=True)
class Node:
    """A move of the tree: its seat, how often it was tried and could have been, and its reward."""

    seat: int
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[str, Node] = field(default_factory=dict)


@dataclass(frozen=True)
class Budget:
    """How much a decision may search: ``iterations`` samples, playouts cut after ``depth`` moves."""

    iterations: int
    depth: int = 400


def move_key(move: Any) -> str:
    """A move's identity across samples (moves are pydantic models, which do not hash): its type and
    fields, written out (``repr`` says the same, ten times slower)."""
    fields = getattr(move, "__dict__", None)
    return f"{type(move).__name__}{fields}" if fields is not None else repr(move)


class Search:
    """One decision's search for ``knowledge.seat``; :meth:`run` returns the move chosen."""

    def __init__(self, rules: Rules, knowledge: Knowledge, budget: Budget, seed: int,
                 *, deadline: float | None = None, clock: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        self.rules = rules
        self.game = rules.game
        self.knowledge = knowledge
        self.me = knowledge.seat
        self.budget = budget
        self.pick = random.Random(seed)
        self.rng = Rng(seed)
        self.deadline = deadline
        self.clock = clock
        self.evaluate: Evaluation = evaluation_for(self.game.name)
        self.policy: Policy = policy_for(self.game.name)
        self.root = Node(seat=-1)
        self.iterations = 0
        self._low = math.inf  # solo games: the reward's range seen so far, to scale it into [0, 1]
        self._high = -math.inf

    def run(self) -> Any:
        """The move of the bot's seat: the root's most visited child (ties: the first listed)."""
        table = self.rules.determinize(self.knowledge, self.rng)
        legal = self.rules.legal_moves(table, self.me)
        if not legal:
            raise ValueError(f"seat {self.me} has no move to make")
        if len(legal) == 1:
            return legal[0]
        for _ in range(self.budget.iterations):
            if self.deadline is not None and self.iterations and self.clock() >= self.deadline:
                break
            self.iterate(table if self.iterations == 0 else self.rules.determinize(self.knowledge, self.rng))
            self.iterations += 1
        keys = [move_key(m) for m in legal]
        best = max(range(len(legal)), key=lambda i: (self.root.children[keys[i]].visits
                                                     if keys[i] in self.root.children else -1, -i))  # fmt: skip
        return legal[best]

    # -- one iteration -----------------------------------------------------------------

    def iterate(self, table: AnyTable) -> None:
        game, rules = self.game, self.rules
        node, path = self.root, []
        depth = 0
        while game.outcome(table.public) is None:
            acting = rules.to_act(table)
            if not acting:
                break
            seat = self.me if (depth == 0 and self.me in acting) else acting[0]
            legal = game.legal_moves(table.public, table.private[seat], seat)
            if not legal:
                break
            if len(acting) > 1 and seat != self.me:  # a sealed choice the bot cannot see: random
                rules.advance(table, self.rng, seat, self.pick.choice(legal))
                continue
            keys = [move_key(m) for m in legal]
            children = node.children
            fresh = [i for i, k in enumerate(keys) if k not in children]
            if fresh:
                i = self.pick.choice(fresh)
                child = Node(seat=seat)
                children[keys[i]] = child
                for k in keys:
                    if k in children:
                        children[k].available += 1
                node = child
                path.append(child)
                rules.advance(table, self.rng, seat, legal[i])
                break
            best, best_value = 0, -math.inf
            for i, k in enumerate(keys):
                c = children[k]
                c.available += 1
                value = self._mean(c) + EXPLORATION * math.sqrt(math.log(c.available) / c.visits)
                if value > best_value:
                    best, best_value = i, value
            node = children[keys[best]]
            path.append(node)
            rules.advance(table, self.rng, seat, legal[best])
            depth += 1
        result = self.playout(table)
        for n in path:
            n.visits += 1
            n.reward += result[n.seat] if n.seat < len(result) else 0.0

    def _mean(self, node: Node) -> float:
        mean = node.reward / node.visits
        if self.knowledge.seats == 1 and self._high > self._low:
            return (mean - self._low) / (self._high - self._low)
        return mean

    def playout(self, table: AnyTable) -> Sequence[float]:
        """The game's playout policy (:mod:`.policies`: random moves, unless the game has its own) from ``table``
        until the match ends or ``depth`` moves are played; each seat's reward."""
        game, rules, pick, policy = self.game, self.rules, self.pick, self.policy
        deadline, clock = self.deadline, self.clock
        for _ in range(self.budget.depth):
            if deadline is not None and clock() >= deadline:
                break  # out of time: this playout is cut here, and the search stops after it
            outcome = game.outcome(table.public)
            if outcome is not None:
                break
            acting = rules.to_act(table)
            if not acting:
                break
            seat = acting[0]
            legal = game.legal_moves(table.public, table.private[seat], seat)
            if not legal:
                break
            rules.advance(table, self.rng, seat, policy(rules, table, seat, legal, pick))
        result = rewards(game.outcome(table.public), table, self.knowledge.seats, self.evaluate)
        if self.knowledge.seats == 1:
            self._low, self._high = min(self._low, result[0]), max(self._high, result[0])
        return result


def decide(rules: Rules, knowledge: Knowledge, budget: Budget, seed: int, *, deadline: float | None = None) -> Any:
    """The move ``knowledge.seat`` makes, searched with ``budget`` from ``seed`` (see :class:`Search`)."""
    return Search(rules, knowledge, budget, seed, deadline=deadline).run()
