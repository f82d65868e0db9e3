"""Answers in a response window: eat before a defence roll, hold a zombie, keep a winnowed card, discard, or pass.

Each answer is its own row in :data:`.playing.MOVES`; a scroll used in a window is :mod:`.casting`'s.
"""

from __future__ import annotations

from server.engine import Event, Rng
from server.engine.windows import Pass, pass_window, top

from . import king
from .mojo import hand_limit, pay
from .scrolls import SCROLLS
from .settling import roll_attack
from .state import (
    Devour,
    Discard,
    Hold,
    Keep,
    Winnow,
    ZTable,
)
from .turns import begin_players


def discard(table: ZTable, seat: int, move: Discard, rng: Rng, event: Event) -> None:
    """Wrap-up's hand limit: one card discarded; the seat is asked again until its hand is down to the limit."""
    pub = table.public
    table.private[seat].hand.remove(move.card)
    pub.discards.append(move.card)
    pub.happened.append(f"seat {seat} discards {SCROLLS[move.card].name}")
    if len(table.private[seat].hand) <= hand_limit(pub, seat):
        pass_window(pub.windows, seat)


def hold(table: ZTable, seat: int, move: Hold, rng: Rng, event: Event) -> None:
    """ "A zombie's owner may pay 1 mojo to keep their zombie from shambling"; the window stays open for more."""
    pub = table.public
    pay(pub.tribes[seat], 1)
    next(z for z in pub.zombies if z.id == move.zombie).held = True
    pub.happened.append(f"seat {seat} holds {move.zombie}: it will not shamble")


def devour(table: ZTable, seat: int, move: Devour, rng: Rng, event: Event) -> None:
    """The defending column's zimby eats 1 or 2 tribesmen (+4 each to its defence roll); then the rolls are made."""
    pub = table.public
    pending = pub.pending_attack
    assert pending is not None
    target = pub.column(pending.target)
    target.zimbies[seat] -= move.eat
    pub.tribes[seat].far_shore += move.eat
    pending.defence += 4 * move.eat
    pub.happened.append(f"a zimby of {target.id} eats {move.eat} for +{4 * move.eat} brutality")
    close(table, seat, rng)


def keep(table: ZTable, seat: int, move: Pass | Keep | Winnow, rng: Rng, event: Event) -> None:
    """An answer to the Ritual of Winnowing (:func:`winnow`); the last one ends a King's turn that cast it."""
    pub = table.public
    winnow(table, seat, move, rng)
    if pass_window(pub.windows, seat) is not None and pub.phase == "king" and pub.pending_attack is None:
        begin_players(pub)  # the King's turn ended with his ritual


def decline(table: ZTable, seat: int, move: Pass, rng: Rng, event: Event) -> None:
    """A ``pass``: in the Ritual of Winnowing it keeps the first card drawn (:func:`keep`); elsewhere the seat is
    done with the window."""
    window = top(table.public.windows)
    if window is not None and isinstance(window.on, dict) and "winnowing" in window.on:
        keep(table, seat, move, rng, event)
        return
    close(table, seat, rng)


def close(table: ZTable, seat: int, rng: Rng) -> None:
    """The seat is done with the window; once nobody is left to ask whether a defender eats, the rolls are made."""
    pub = table.public
    closed = pass_window(pub.windows, seat)
    on = closed.on if closed is not None and isinstance(closed.on, dict) else {}
    if "attack" in on and pub.pending_attack is not None and not pub.pending_attack.rolled:
        roll_attack(table, rng)


def winnow(table: ZTable, seat: int, move: Pass | Keep | Winnow, rng: Rng) -> None:
    """A seat's answer to the Ritual of Winnowing; one that passes keeps the first card it drew (in solitaire,
    discards a random card of its hand)."""
    pub, private = table.public, table.private[seat]
    if pub.solitaire:
        from_library = isinstance(move, Winnow) and move.source == "library"
        king.solo_winnowing(private.hand, table.secret.library, pub.discards, rng, from_library=from_library)
        where = "the library's top card" if from_library else "a random card of the hand"
        pub.happened.append(f"seat {seat} discards {where}")
        return
    drawn = private.winnowing
    kept = move.card if isinstance(move, Keep) else drawn[0]
    drawn.remove(kept)
    private.hand.append(kept)
    pub.discards.extend(drawn)
    private.winnowing = []
    pub.happened.append(f"seat {seat} keeps one card and discards {', '.join(SCROLLS[c].name for c in drawn)}")
