"""The AI levels as strategies of the Python SDK: ``vorpal-bot --strategy vorpal.ai:level3``.

The same search the server's bot service plays (:mod:`server.ai.strategy`), for bot authors who install
the server package beside the SDK: it decides from the decision's view (and the events the runner has
shown it) alone.
"""

from server.ai.strategy import choose, level2, level3, level4, level5

__all__ = ["choose", "level2", "level3", "level4", "level5"]
