"""``/metrics``: the process's Prometheus metrics (``server.runtime.metrics``) in the text format.

With ``PROMETHEUS_MULTIPROC_DIR`` set, the values every worker wrote there are added up, so a
scrape of any worker sees the whole server. Active matches per game are read at each scrape
from the lobby's indexes (their sizes: one pipelined Redis read), with the delayed matches whose
end their spectators do not see yet.
"""

from __future__ import annotations

from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest, multiprocess
from starlette.requests import Request
from starlette.responses import Response

from server import games
from server.domain.status import MatchStatus
from server.errors import VorpalError
from server.runtime import metrics as counted

from .services import services


async def endpoint(request: Request) -> Response:
    app = services(request)
    try:
        active = await app.store.counts(MatchStatus.ACTIVE, [rules.name for rules in games.GAMES])
        # A delayed match that has ended counts as active until its spectators see the end (PROTOCOL.md 8.2).
        for game, n in (await app.store.unseen_ends(app.matches.clock())).items():
            active[game] = active.get(game, 0) + n
    except VorpalError:
        pass  # Redis is down: the other metrics (its errors among them) still answer
    else:
        for game, n in active.items():
            counted.ACTIVE_MATCHES.labels(game).set(n)
    registry = REGISTRY
    if app.settings.metrics_dir is not None:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry, path=app.settings.metrics_dir)  # type: ignore[no-untyped-call]
    return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)
