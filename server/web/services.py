"""What the transports reach through the app: made and wired once, by :func:`server.web.app.create_app`."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from starlette.requests import HTTPConnection

from server.config import Settings
from server.domain.accounts import Accounts
from server.domain.chat import Chat
from server.domain.inbox import Inbox
from server.domain.ladders import Ladders
from server.domain.matches import Matches
from server.domain.tournaments.service import Tournaments
from server.live.hub import Hub
from server.live.ladders import LadderLoop
from server.live.scheduler import Scheduler
from server.store import Store
from server.store.buckets import RedisBuckets


@dataclass(frozen=True)
class Services:
    settings: Settings
    store: Store
    matches: Matches
    chat: Chat
    hub: Hub
    scheduler: Scheduler
    accounts: Accounts
    inbox: Inbox
    #: The REST rate limits' token buckets (``rates.py``).
    buckets: RedisBuckets
    tournaments: Tournaments
    ladders: Ladders
    ladder_loop: LadderLoop
    #: Sockets catching up at once (``Settings.ws_catch_up``).
    catch_up: asyncio.Semaphore


def services(conn: HTTPConnection) -> Services:
    """The app's services, from a request or a WebSocket."""
    found: Services = conn.app.state.services
    return found
