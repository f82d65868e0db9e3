"""Answers in a response window: eat before a defence roll, hold a zombie, winnow, discard, or pass."""

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


def respond(
    table: ZTable, seat: int, move: Pass | Devour | Hold | Keep | Winnow | Discard, rng: Rng, event: Event
) -> None:
    """An answer in a response window: eat before the defence roll, hold a zombie, winnow, discard, or pass."""
    pub = table.public
    window = top(pub.windows)
    if isinstance(move, Discard):
        table.private[seat].hand.remove(move.card)
        pub.discards.append(move.card)
        pub.happened.append(f"seat {seat} discards {SCROLLS[move.card].name}")
        if len(table.private[seat].hand) <= hand_limit(pub, seat):
            pass_window(pub.windows, seat)
        return
    if window is not None and isinstance(window.on, dict) and "winnowing" in window.on:
        assert isinstance(move, Pass | Keep | Winnow)
        winnow(table, seat, move, rng)
        if pass_window(pub.windows, seat) is not None and pub.phase == "king" and pub.pending_attack is None:
            begin_players(pub)  # the King's turn ended with his ritual
        return
    if isinstance(move, Hold):
        pay(pub.tribes[seat], 1)
        next(z for z in pub.zombies if z.id == move.zombie).held = True
        pub.happened.append(f"seat {seat} holds {move.zombie}: it will not shamble")
        return
    if isinstance(move, Devour):
        pending = pub.pending_attack
        assert pending is not None
        target = pub.column(pending.target)
        target.zimbies[seat] -= move.eat
        pub.tribes[seat].far_shore += move.eat
        pending.defence += 4 * move.eat
        pub.happened.append(f"a zimby of {target.id} eats {move.eat} for +{4 * move.eat} brutality")
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
