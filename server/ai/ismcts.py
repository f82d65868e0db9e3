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
- **Sealed choices**: when several seats are to act at once, the bot chooses first and the others
  choose by the playout policy, outside the tree, after it as well as before: a tree node for an
  opponent's sealed choice would sit under the bot's own and let the opponent answer a choice it
  cannot see (the bot then fears being blocked at every sealed choice, as in Brillig's collection).
- **Reflexes**: a game may settle some decisions by a rule of thumb outright (:class:`.policies.Reflex`),
  at the root and in the tree alike: Zimby Mojo's answers to requests (a node would be the asked seat's
  worst case for the asker, refusing even where both gain) and its paths' steps.
- **Moves of several decisions** are searched decision by decision: the engine lists one
  decision's options at a time (:mod:`server.engine.decisions`), so each is a tree level.
- **Guided games**: where a game has a playout policy of its own (:mod:`.policies`), a node adds
  the untried move that policy picks, not any, and only a few more as it is visited more
  (:func:`widening`): with more moves than iterations (Borogoves), trying each once would leave
  the choice to the order moves are listed in.
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
from .greedy import Policy
from .policies import POLICIES, policy_for, reflex_for

#: The exploration constant of UCB1 (rewards are shares of a win, in [0, 1]).
EXPLORATION = 0.7
#: The most moves one walk down the tree may play before its playout: moves outside the tree (sealed choices,
#: reflexes) do not deepen it, so a game whose rules of thumb answered each other forever would not end it.
TREE_MOVES = 10_000
#: How fast a guided node widens (:func:`widening`): 2 gives 17 moves tried after 64 visits.
WIDENING = 2.0
#: Games whose policy's order the tree trusts further: Zimby Mojo's turn offers some forty moves, most of them
#: scrolls its evaluation cannot judge (a column depleted by its own shaman's Dizzy Dust looked as good as a walk
#: to the noise of a few playouts each); at 0.5 the tree tries the policy's 5 best after 64 visits.
WIDENINGS: dict[str, float] = {"zimby_mojo": 0.5}


def widening(visits: int, rate: float = WIDENING) -> int:
    """How many moves a node guided by its game's policy may have tried after ``visits``: a few more as
    it is visited more (progressive widening), so that a search with more moves than iterations
    (Borogoves' tribes: a hundred) still compares the policy's best few rather than trying each once."""
    return 1 + int(rate * math.sqrt(visits))


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
        self.guided = self.game.name in POLICIES
        self.widen = WIDENINGS.get(self.game.name, WIDENING)
        self.reflex = reflex_for(self.game.name)
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
        if (move := self._reflex(table, self.me, legal)) is not None:
            return move  # not the search's to make
        legal = self._pruned(table, self.me, legal)
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
        node, path = self.root, list[Node]()
        hidden: set[int] = set()  # the others' sealed choices of the step under way
        for _ in range(TREE_MOVES):
            if game.outcome(table.public) is not None:
                break
            acting = rules.to_act(table)
            if not acting:
                break
            hidden.intersection_update(acting)
            if len(acting) > 1:
                hidden.update(s for s in acting if s != self.me)
            seat = self.me if self.me in acting else acting[0]
            legal = game.legal_moves(table.public, table.private[seat], seat)
            if not legal:
                break
            if seat in hidden:  # a sealed choice the bot cannot see: the playout policy's, outside the tree
                hidden.discard(seat)
                rules.advance(table, self.rng, seat, self.policy(rules, table, seat, legal, self.pick))
                continue
            if (move := self._reflex(table, seat, legal)) is not None:
                rules.advance(table, self.rng, seat, move)
                continue
            legal = self._pruned(table, seat, legal)
            keys = [move_key(m) for m in legal]
            children = node.children
            fresh = [i for i, k in enumerate(keys) if k not in children]
            if fresh and (
                not self.guided
                or len(keys) - len(fresh) < widening(node.visits if path else self.iterations, self.widen)
            ):
                i = self._expand(table, seat, legal, fresh)
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
                if (c := children.get(k)) is None:
                    continue
                c.available += 1
                value = self._mean(c) + EXPLORATION * math.sqrt(math.log(c.available) / c.visits)
                if value > best_value:
                    best, best_value = i, value
            node = children[keys[best]]
            path.append(node)
            rules.advance(table, self.rng, seat, legal[best])
        result = self.playout(table)
        for n in path:
            n.visits += 1
            n.reward += result[n.seat] if n.seat < len(result) else 0.0

    def _reflex(self, table: AnyTable, seat: int, legal: list[Any]) -> Any | None:
        """``seat``'s move by its game's rule (:class:`.policies.Reflex`), else ``None``: the search's."""
        return None if self.reflex is None else self.reflex.decide(self.rules, table, seat, self.me, legal)

    def _pruned(self, table: AnyTable, seat: int, legal: list[Any]) -> list[Any]:
        """The moves the tree considers: the game's pruning where it has one (:class:`.policies.Reflex`)."""
        if self.reflex is None or self.reflex.prune is None:
            return legal
        return self.reflex.prune(table, seat, legal)

    def _expand(self, table: AnyTable, seat: int, legal: Sequence[Any], fresh: list[int]) -> int:
        """Which untried move to add to the tree: the game's policy's choice among them where it has
        one, else any, each as likely."""
        if not self.guided:
            return self.pick.choice(fresh)
        move = self.policy(self.rules, table, seat, [legal[i] for i in fresh], self.pick)
        same = [i for i in fresh if legal[i] is move]  # a policy returns one of the moves it is given
        return same[0] if same else next(i for i in fresh if legal[i] == move)

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
