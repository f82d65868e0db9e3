"""Sampling what one seat cannot see: the shared mechanics of the games' determinizations.

A game's :meth:`~server.engine.game.Game.determinize` fills the hidden parts of a table from what one
seat knows (:mod:`server.engine.knowledge`). Most hidden parts are cards: the seat knows which cards
exist, which it holds and which lie face up, and how many each other hand holds; the rest are dealt at
random into those hands, and what is left is the deck, in a random order. The pieces here do that once
for every game: :func:`unseen` finds the cards not seen anywhere, :func:`deal_unseen` deals them into
hands of given sizes (keeping cards out of a hand the public part shows cannot hold them, such as a
suit a seat was shown void in), and :func:`assemble` puts a sampled table together without validating
it again (a search samples thousands of tables per decision; every piece is built from checked data).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any, TypeVar

from .game import Game, Part, Table
from .rng import Rng

T = TypeVar("T")

#: Which cards a hand may hold, as far as the public part tells (``None``: any card).
Allowed = Callable[[T], bool] | None


def unseen(everything: Iterable[T], *seen: Iterable[T]) -> list[T]:
    """The items of ``everything`` not among any of ``seen``, in ``everything``'s order.

    Both are multisets: a card printed twice and seen once leaves one copy. A seen item that
    ``everything`` lacks is ignored (a card that went out of the game is simply not dealt).
    """
    gone: Counter[T] = Counter()
    for part in seen:
        gone.update(part)
    if not gone:
        return list(everything)
    out = []
    for item in everything:
        if gone[item] > 0:
            gone[item] -= 1
        else:
            out.append(item)
    return out


def deal_unseen(
    pool: Sequence[T], sizes: Sequence[int], rng: Rng, allowed: Sequence[Allowed[T]] | None = None
) -> tuple[list[list[T]], list[T]]:
    """Deal the ``pool`` at random into hands of ``sizes``; returns the hands and the rest, shuffled.

    ``allowed[i]``, if given and not ``None``, says which cards hand ``i`` may hold: those hands are
    dealt first, each from the shuffled cards it may hold; when too few are left for one, it takes
    others to make up its size (a sample must stay playable even where the facts used are not the
    whole story). The cards of a hand are in the pool's shuffled order; a game sorts them if its
    hands are sorted. Raises ``ValueError`` if the pool is smaller than the hands together.
    """
    if sum(sizes) > len(pool):
        raise ValueError(f"{len(pool)} unseen cards cannot fill hands of {list(sizes)}")
    cards = list(pool)
    rng.shuffle(cards)
    hands: list[list[T]] = [[] for _ in sizes]
    if allowed is None or all(a is None for a in allowed):
        at = 0
        for i, size in enumerate(sizes):
            hands[i] = cards[at : at + size]
            at += size
        return hands, cards[at:]
    order = sorted(range(len(sizes)), key=lambda i: allowed[i] is None)
    for i in order:
        size, fits = sizes[i], allowed[i]
        if fits is None:
            hands[i], cards = cards[:size], cards[size:]
            continue
        take = [j for j, c in enumerate(cards) if fits(c)][:size]
        if len(take) < size:
            chosen = set(take)
            take += [j for j in range(len(cards)) if j not in chosen][: size - len(take)]
        chosen = set(take)
        hands[i] = [cards[j] for j in take]
        cards = [c for j, c in enumerate(cards) if j not in chosen]
    return hands, cards


@cache
def _table_type(public: type[Part], private: type[Part], secret: type[Part]) -> type[Table[Any, Any, Any]]:
    return Table[public, private, secret]  # type: ignore[valid-type]


def assemble(
    game: Game[Any, Any, Any, Any, Any], public: Part, private: list[Any], secret: Part
) -> Table[Any, Any, Any]:
    """``game``'s table of the sampled parts, typed as its :meth:`~server.engine.game.Game.setup` types
    it, built without validation (the parts are models already; validating a whole table again would
    cost more than sampling it)."""
    kind = _table_type(game.public_type, game.private_type, game.secret_type)
    return kind.model_construct(public=public, private=private, secret=secret)
