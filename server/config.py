"""Every setting, read once from the environment (``VORPAL_*``, ``REDIS_URL``, ``REDIS_CLUSTER``,
``PROMETHEUS_MULTIPROC_DIR``).

No other module reads the environment: the app is made from a :class:`Settings`.

``REDIS_URL`` names one Redis (``redis://host:port/0``) or a Redis Cluster
(``redis+cluster://host:port,host:port,...``: any reachable node is enough
to discover the rest), or the primary that Sentinels name
(``redis+sentinel://host:port,host:port/mastername``). ``REDIS_CLUSTER=1`` reads a plain
``redis://`` URL as a cluster seed node instead.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

DAY = 24 * 3600


def _flag(value: str) -> bool:
    return value.lower() in ("1", "true", "yes", "on")


def _list(value: str) -> tuple[str, ...]:
    """A comma-separated setting, blanks dropped."""
    return tuple(item.strip() for item in value.split(",") if item.strip())


@dataclass(frozen=True)
class Settings:
    redis_url: str | None = None
    redis_cluster: bool = False
    data_dir: str = ".vorpal"
    retention_s: int = 7 * DAY
    #: An account's list of matches and their results, and a finished tournament, are kept this long.
    records_retention_s: int = 365 * DAY
    idle_ttl_s: int = 30 * DAY
    #: An open match is kept this long after its last change (created, a seat taken or left).
    open_ttl_s: int = 3600
    redis_pool: int = 256
    #: A move is acknowledged once this many replicas have it (``WAIT``; 0: once the primary has it).
    write_replicas: int = 0
    #: How long a commit waits for them; past it the move is answered ``unavailable`` (retry with its id).
    write_timeout_ms: int = 1000
    #: Wait for the replicas' AOF (``WAITAOF``: on their disks) rather than their memory (``WAIT``).
    write_aof: bool = False
    #: A pooled Redis connection unused this long is closed, so a burst's connections do not stay open.
    redis_idle_s: float = 30.0
    chat_per_minute: int = 20
    #: How often an instance restarts the bots of its matches that a fault stopped.
    bot_sweep_s: float = 60.0
    #: A scheduled match's lease lasts this long unless renewed; its holder renews every ``schedule_tick_s``.
    lease_s: float = 5.0
    schedule_tick_s: float = 1.0
    #: Play a move at the version this process last committed without reading Redis first.
    move_cache: bool = True
    #: At most this many decoded tables wait for their commit's notification (``server/store/caches.py``).
    table_cache: int = 512
    #: The garbage collector's young-generation threshold (CPython's default is 700).
    gc_threshold: int = 50_000
    #: Young collections run this often (ms; 0: only when CPython's allocation count says so): ``server/runtime/gc.py``.
    #: 100 ms, not 500: the middle collection's pause is what a move waits behind (``loadtest/README.md``).
    gc_young_ms: float = 100.0
    #: A collector pause longer than this is logged (a WARNING line with its generation and duration).
    gc_warn_ms: float = 20.0
    #: Freed heap pages go back to the system this often (s; 0: never): ``server/runtime/heap.py``.
    heap_trim_s: float = 2.0
    #: A WebSocket send that waits longer than this (the peer stopped reading) drops the peer: a 1008
    #: close frame goes behind what it has not read, and the connection is aborted unless all of it is
    #: read within ``ws_close_grace_s``.
    ws_send_timeout_s: float = 10.0
    ws_close_grace_s: float = 10.0
    #: At most this many sockets catch up at once (an ``auth`` or ``subscribe``: the match read, the state
    #: or the missed events sent), per instance; the others wait their turn. A burst, such as the sockets
    #: of a failed instance all resuming here, is served in turn instead of all at once: each catch-up in
    #: flight holds a decoded record and what it builds, and thousands at once left the heap fragmented.
    #: 0: no bound.
    ws_catch_up: int = 64
    #: An idle HTTP/1.1 connection is closed after this long. Longer than the clients' own idle expiry
    #: (httpx and Node keep an idle connection 5 s; load balancers 60 s), so that a client never sends
    #: a request on a connection the server is closing at that very moment (the client sees a reset).
    keep_alive_s: int = 65
    #: The listening socket's accept queue (``listen`` backlog; the kernel caps it at ``net.core.somaxconn``):
    #: connections that arrive together, as every client of an instance does when it reconnects, wait there.
    backlog: int = 4096
    #: On SIGTERM, ``/readyz`` fails at once and the instance goes on serving this long before it closes its
    #: listening socket and its WebSockets (``server/web/drain.py``): the time a load balancer takes to notice.
    drain_delay_s: float = 0.0
    #: Then at most this long for the requests and moves in flight to be answered and the WebSockets closed
    #: (1012); what is still open after it is cut. Keep ``terminationGracePeriodSeconds`` above the sum.
    shutdown_timeout_s: int = 20
    #: The bearer credential of the admin endpoints (``VORPAL_ADMIN_KEY``); unset: they refuse everyone.
    admin_key: str | None = field(default=None, repr=False)
    #: REST requests a client may make a second, and at once (a token bucket in Redis); rate 0: no limit.
    rest_rate_per_s: float = 20.0
    rest_burst: int = 100
    #: Match creations a client may make a second, and at once, within the REST limit.
    create_rate_per_s: float = 1.0
    create_burst: int = 20
    #: Requests a client address may make a second, and at once, with a bearer credential that proves no one
    #: (a made-up or wrong seat token or API key): charged to the address, within its REST limit.
    auth_fail_rate_per_s: float = 0.2
    auth_fail_burst: int = 10
    #: Proxies (addresses or networks) whose ``X-Forwarded-For`` names the client; none: the peer is the client.
    trusted_proxies: tuple[str, ...] = ()
    #: A REST body over this many bytes is refused (413) before it is read whole.
    max_body_bytes: int = 1024 * 1024
    #: Browser origins allowed by CORS and on the WebSocket handshake; ``*``: any (development only).
    cors_origins: tuple[str, ...] = ()
    #: ``text`` or ``json`` (one JSON object a line); the level of Vorpal's own lines (``--log-level``).
    log_format: str = "text"
    log_level: str = "info"
    #: One log line per REST request (a WebSocket session always logs one line when it ends).
    access_log: bool = False
    #: ``PROMETHEUS_MULTIPROC_DIR``: where each worker writes its metrics for ``/metrics`` to add up.
    metrics_dir: str | None = None

    @classmethod
    def from_env(cls) -> Settings:
        env = os.environ
        return cls(
            redis_url=env.get("REDIS_URL") or None,
            redis_cluster=_flag(env.get("REDIS_CLUSTER", "")),
            data_dir=env.get("VORPAL_DATA_DIR", cls.data_dir),
            retention_s=int(env.get("VORPAL_RETENTION_S", cls.retention_s)),
            records_retention_s=int(env.get("VORPAL_RECORDS_RETENTION_S", cls.records_retention_s)),
            idle_ttl_s=int(env.get("VORPAL_IDLE_TTL_S", cls.idle_ttl_s)),
            open_ttl_s=int(env.get("VORPAL_OPEN_TTL_S", cls.open_ttl_s)),
            redis_pool=int(env.get("VORPAL_REDIS_POOL", cls.redis_pool)),
            write_replicas=int(env.get("VORPAL_WRITE_REPLICAS", cls.write_replicas)),
            write_timeout_ms=int(env.get("VORPAL_WRITE_TIMEOUT_MS", cls.write_timeout_ms)),
            write_aof=_flag(env.get("VORPAL_WRITE_AOF", "")),
            redis_idle_s=float(env.get("VORPAL_REDIS_IDLE_S", cls.redis_idle_s)),
            chat_per_minute=int(env.get("VORPAL_CHAT_PER_MINUTE", cls.chat_per_minute)),
            bot_sweep_s=float(env.get("VORPAL_BOT_SWEEP_S", cls.bot_sweep_s)),
            lease_s=float(env.get("VORPAL_LEASE_S", cls.lease_s)),
            schedule_tick_s=float(env.get("VORPAL_SCHEDULE_TICK_S", cls.schedule_tick_s)),
            move_cache=env.get("VORPAL_MOVE_CACHE", "1") != "0",
            table_cache=int(env.get("VORPAL_TABLE_CACHE", cls.table_cache)),
            gc_threshold=int(env.get("VORPAL_GC_THRESHOLD", cls.gc_threshold)),
            gc_warn_ms=float(env.get("VORPAL_GC_WARN_MS", cls.gc_warn_ms)),
            gc_young_ms=float(env.get("VORPAL_GC_YOUNG_MS", cls.gc_young_ms)),
            heap_trim_s=float(env.get("VORPAL_HEAP_TRIM_S", cls.heap_trim_s)),
            ws_send_timeout_s=float(env.get("VORPAL_WS_SEND_TIMEOUT_S", cls.ws_send_timeout_s)),
            ws_close_grace_s=float(env.get("VORPAL_WS_CLOSE_GRACE_S", cls.ws_close_grace_s)),
            ws_catch_up=int(env.get("VORPAL_WS_CATCH_UP", cls.ws_catch_up)),
            keep_alive_s=int(env.get("VORPAL_KEEP_ALIVE_S", cls.keep_alive_s)),
            backlog=int(env.get("VORPAL_BACKLOG", cls.backlog)),
            drain_delay_s=float(env.get("VORPAL_DRAIN_DELAY_S", cls.drain_delay_s)),
            shutdown_timeout_s=int(env.get("VORPAL_SHUTDOWN_TIMEOUT_S", cls.shutdown_timeout_s)),
            admin_key=env.get("VORPAL_ADMIN_KEY") or None,
            rest_rate_per_s=float(env.get("VORPAL_REST_RATE_PER_S", cls.rest_rate_per_s)),
            rest_burst=int(env.get("VORPAL_REST_BURST", cls.rest_burst)),
            create_rate_per_s=float(env.get("VORPAL_CREATE_RATE_PER_S", cls.create_rate_per_s)),
            create_burst=int(env.get("VORPAL_CREATE_BURST", cls.create_burst)),
            auth_fail_rate_per_s=float(env.get("VORPAL_AUTH_FAIL_RATE_PER_S", cls.auth_fail_rate_per_s)),
            auth_fail_burst=int(env.get("VORPAL_AUTH_FAIL_BURST", cls.auth_fail_burst)),
            trusted_proxies=_list(env.get("VORPAL_TRUSTED_PROXIES", "")),
            max_body_bytes=int(env.get("VORPAL_MAX_BODY_BYTES", cls.max_body_bytes)),
            cors_origins=_list(env.get("VORPAL_CORS_ORIGINS", "")),
            log_format=env.get("VORPAL_LOG_FORMAT", cls.log_format).lower(),
            log_level=env.get("VORPAL_LOG_LEVEL", cls.log_level).lower(),
            access_log=_flag(env.get("VORPAL_ACCESS_LOG", "")),
            metrics_dir=env.get("PROMETHEUS_MULTIPROC_DIR") or None,
        )
