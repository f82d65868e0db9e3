"""What one seat cannot see, sampled (determinization, for the AI opponents): the seals face down on the shrines, the
ritual markers face down, the other hands and cards drawn in a Ritual of Winnowing, and the scroll library.

Seals and ritual markers: each shrine not yet activated gets one of the elements no activated shrine shows, each
ritual tile not yet cast one of the rituals no cast tile shows, at random (there are more rituals than tiles: the
rest are out of the game). Scroll cards: every card of the library's list lies in a hand, in a Ritual of
Winnowing's draw, in play (an incantation, a cast on the stack), in the discards or in the library; in solitaire the
list is the cards without a red dot, and those not dealt into its 17-card library are out of the game, unseen. So
the cards the seat does not see are dealt at random: the other hands by their public sizes, the winnowing draws of
the seats still to choose (together, what is left over beside the library's public size; one or two each), and the
library.

Not used: which cards the seat itself saw another hand draw or lose in a winnowing (its knowledge is the table as
it is, not its history), nor what a seat's play hints at its hand.
"""

from __future__ import annotations

from typing import Any

from server.engine import Game, Rng
from server.engine.sampling import assemble, deal_unseen, unseen

from . import scrolls
from .state import ELEMENTS, RITUALS, Cast, Private, Public, Secret, ZTable

#: Cards a seat draws from its left neighbour in the Ritual of Winnowing.
WINNOWED = 2


def determinize(
    game: Game[Any, Any, Any, Any, Any], public: Public, private: Private, seat: int, seats: int, rng: Rng
) -> ZTable:
    """A whole table ``seat`` could be at, given its knowledge, its unknowns drawn with ``rng``."""
    shown = {s.seal for s in public.shrines if s.seal is not None}
    hidden = [s.tile for s in public.shrines if s.seal is None]
    seals = {s.tile: s.seal for s in public.shrines if s.seal is not None}
    seals.update(zip(hidden, rng.shuffled([e for e in ELEMENTS if e not in shown]), strict=False))
    cast = {r.ritual for r in public.rituals if r.ritual is not None}
    unknown = [r.tile for r in public.rituals if r.ritual is None]
    rituals = {r.tile: r.ritual for r in public.rituals if r.ritual is not None}
    rituals.update(zip(unknown, rng.shuffled([r for r in RITUALS if r not in cast]), strict=False))

    every = scrolls.SOLITAIRE_CARDS if public.solitaire else scrolls.LIBRARY
    in_play = [i.card for i in public.incantations] + [e.card for e in public.stack.entries if isinstance(e, Cast)]
    pool = unseen(every, private.hand, private.winnowing, public.discards, in_play)
    hands = [0 if s == seat else public.hand_sizes[s] for s in range(seats)]
    draws = _draw_sizes(public, seat, seats, len(pool) - sum(hands) - public.library_size, rng)
    dealt, rest = deal_unseen(pool, [*hands, *draws], rng)
    privates = [private if s == seat else Private.model_construct(hand=dealt[s], winnowing=dealt[seats + s])
                for s in range(seats)]  # fmt: skip
    secret = Secret.model_construct(seals=seals, rituals=rituals, library=rest[: public.library_size])
    return assemble(game, public, privates, secret)


def _draw_sizes(public: Public, seat: int, seats: int, spare: int, rng: Rng) -> list[int]:
    """How many cards each other seat still holds from a Ritual of Winnowing: the seats its window has yet to ask
    hold ``spare`` cards together, one or two each (a neighbour with one card gave one); which of them drew two
    the public part does not say, so they are drawn at random."""
    sizes = [0] * seats
    if public.solitaire or spare <= 0:
        return sizes
    asking = [w for w in public.windows if isinstance(w.on, dict) and "winnowing" in w.on]
    waiting = [s for w in asking for s in (w.asked, *w.waiting) if s != seat]
    for s in waiting:
        sizes[s] = 1
    spare -= len(waiting)
    for s in rng.shuffled(waiting):
        extra = min(WINNOWED - 1, max(spare, 0))
        sizes[s] += extra
        spare -= extra
    return sizes
