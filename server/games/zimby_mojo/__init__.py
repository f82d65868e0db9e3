"""Zimby Mojo: the game is declared in :mod:`.game` (its docstring tells the round and every reading of the
rulebook), the state in :mod:`.state`, the board in :mod:`.board`, combat in :mod:`.combat`, the King in :mod:`.king`.

A move is played by its row in :mod:`.playing`'s tables; the rest is one module per concept: the legal moves
(:mod:`.legal`), mojo (:mod:`.mojo`), where creatures stand and whom they reach (:mod:`.zones`), where they may
step (:mod:`.ways`), columns (:mod:`.columns`), paths (:mod:`.paths`), who a window asks (:mod:`.asking`), the
stack and attacks settling (:mod:`.settling`), scrolls used (:mod:`.casting`, their effects in :mod:`.effects`),
answers in a window (:mod:`.responses`), seals (:mod:`.seals`), turns (:mod:`.turns`) and the round's chance
steps (:mod:`.rounds`), the match's opening (:mod:`.opening`)."""

from .game import ZimbyMojo

__all__ = ["ZimbyMojo"]
