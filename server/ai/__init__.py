"""Honest AI opponents: information-set MCTS over determinizations (issue 46).

A bot decides from its seat's :class:`~server.engine.knowledge.Knowledge` only: each
iteration of the search samples a whole table consistent with it
(:meth:`~server.engine.play.Rules.determinize`) and plays on that sample, so no hidden part of
the real table ever reaches the search. :mod:`.ismcts` is the search, :mod:`.evaluation` the
per-game estimates that finish a playout cut short, :mod:`.levels` the strengths offered.

The layer sits above the rules (engine and games) and below the domain, which runs it in the
bot service's own processes, never in a web worker's event loop.
"""
