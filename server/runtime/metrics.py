"""What the process counts for Prometheus (``/metrics``, :mod:`server.web.metrics`).

The one exception to "no module-level state": a Prometheus metric is a fact about the
process, registered once and read by the scraper, so the metrics are module constants here,
where every layer above may reach them, and each is counted where its event happens.

With several workers (``vorpal serve --workers N``) set ``PROMETHEUS_MULTIPROC_DIR`` to an
empty folder: each worker then writes its values there and ``/metrics`` adds them up
(``prometheus-client``'s multiprocess mode; gauges say how, below).
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

#: Latency buckets (seconds) for work that should take about a millisecond.
_FAST = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)

MOVES_APPLIED = Counter("vorpal_moves_applied", "Moves applied (clients, bots and time-outs)")
MOVES_REFUSED = Counter("vorpal_moves_refused", "Moves of clients refused, by error code", ["code"])
COMMIT_SECONDS = Histogram("vorpal_commit_seconds", "One commit to Redis (compare-and-set, log, publish)",
                           buckets=_FAST)  # fmt: skip
MOVE_SECONDS = Histogram("vorpal_move_seconds", "A WebSocket move frame from its arrival to its answer being queued",
                         buckets=_FAST)  # fmt: skip
OPEN_SOCKETS = Gauge("vorpal_open_sockets", "Open WebSocket connections", multiprocess_mode="livesum")
SUBSCRIPTIONS = Gauge("vorpal_subscriptions", "Live match subscriptions of this instance's sockets",
                      multiprocess_mode="livesum")  # fmt: skip
ACTIVE_MATCHES = Gauge("vorpal_active_matches", "Active matches per game among the lobby's newest, at the last scrape",
                       ["game"], multiprocess_mode="mostrecent")  # fmt: skip
REDIS_ERRORS = Counter("vorpal_redis_errors", "Redis connections that failed or were lost", ["connection"])
GAP_FILLS = Counter("vorpal_gap_fills", "Events read back from the log because pub/sub skipped or lost them")
WENT_BACK = Counter(
    "vorpal_went_back",
    "Subscribers told to resume: the match was found at an earlier version than they were sent (a failover lost it)",
)
RATE_LIMITED = Counter("vorpal_rate_limited", "REST requests refused by the rate limit")
