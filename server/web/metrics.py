"""``/metrics``: the process's Prometheus metrics (``server.runtime.metrics``) in the text format.

With ``PROMETHEUS_MULTIPROC_DIR`` set, the values every worker wrote there are added up, so a
scrape of any worker sees the whole server. Active matches per game are counted at each scrape
from the lobby's newest matches (one Redis read of at most its listing size).
"""

from __future__ import annotations

from collections import Counter

from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest, multiprocess
from starlette.requests import Request
from starlette.responses import Response

from server import games
from server.domain.status import MatchStatus
from server.engine.errors import VorpalError
from server.runtime import metrics as counted

from .services import services


async def endpoint(request: Request) -> Response:
    app = services(request)
    try:
        active = await app.matches.list_matches(None, MatchStatus.ACTIVE, 500)
    except VorpalError:
        pass  # Redis is down: the other metrics (its errors among them) still answer
    else:
        per_game = Counter(m.game for m in active)
        for rules in games.GAMES:
            counted.ACTIVE_MATCHES.labels(rules.name).set(per_game[rules.name])
    registry = REGISTRY
    if app.settings.metrics_dir is not None:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry, path=app.settings.metrics_dir)  # type: ignore[no-untyped-call]
    return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)
