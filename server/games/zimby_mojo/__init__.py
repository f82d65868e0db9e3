"""Zimby Mojo: the rules are in :mod:`.game` (its docstring tells the round), the state in :mod:`.state`,
the board in :mod:`.board`, combat in :mod:`.combat`, the King in :mod:`.king`."""

from .game import ZimbyMojo

__all__ = ["ZimbyMojo"]
