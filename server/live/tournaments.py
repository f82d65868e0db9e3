"""The tournaments' loop: every instance advances every running tournament, every tick.

Each tick it looks at every running tournament (``vorpal:tournaments:running``) and calls
:meth:`server.domain.tournaments.service.Tournaments.advance` on it; the service takes a short
lock on the tournament for the step, so exactly one instance advances a tournament at a time,
and the others pass it by. What advancing does is the service's.
"""

from __future__ import annotations

import asyncio
import logging

from server.domain.tournaments.service import Tournaments
from server.errors import VorpalError

from .scheduler import BackgroundLoop

log = logging.getLogger("vorpal.tournaments")


class TournamentLoop:
    """Advances every running tournament, every ``tick_s``, on every instance (the lease picks one)."""

    def __init__(self, tournaments: Tournaments, *, tick_s: float = 1.0) -> None:
        self.tournaments = tournaments
        self.tick_s = tick_s
        self._loop = BackgroundLoop()

    async def start(self) -> None:
        self._loop.start(self._run())

    async def stop(self) -> None:
        await self._loop.stop()

    async def tick(self) -> None:
        for tournament_id in await self.tournaments.running():
            try:
                await self.tournaments.advance(tournament_id)
            except VorpalError as exc:
                log.warning("tournament %s not advanced: %s", tournament_id, exc.code)
            except Exception:  # one tournament's fault must not stop the others
                log.exception("tournament %s not advanced", tournament_id)

    async def _run(self) -> None:
        while self._loop.running:
            try:
                await self.tick()
            except VorpalError as exc:
                log.warning("tournament loop: %s", exc.code)
            except Exception:
                log.exception("tournament loop failed")
            await asyncio.sleep(self.tick_s)
