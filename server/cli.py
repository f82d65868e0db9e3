"""``vorpal``: the command line (``vorpal serve``, ``vorpal bots``, ``vorpal redis``, ``vorpal audit``)."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from server.config import Settings


def serve(args: argparse.Namespace) -> int:
    from server.config import Settings

    # The app (in each worker process) reads its settings from the environment: hand the flags over there.
    if args.redis_url:
        os.environ["REDIS_URL"] = args.redis_url
    if args.redis_cluster:
        os.environ["REDIS_CLUSTER"] = "1"
    if args.data_dir:
        os.environ["VORPAL_DATA_DIR"] = args.data_dir
    if args.log_level:
        os.environ["VORPAL_LOG_LEVEL"] = args.log_level
    if args.access_log:
        os.environ["VORPAL_ACCESS_LOG"] = "1"
    settings = Settings.from_env()
    if args.workers > 1 and not settings.redis_url:
        print("vorpal: several workers need a shared Redis: pass --redis-url", file=sys.stderr)
        return 2
    # The AI seats are played by a bot service of their own, never in a worker: one starts alongside.
    bots = (
        None
        if args.no_bots
        else subprocess.Popen([sys.executable, "-m", "server", "bots", "--parent", str(os.getpid())])
    )
    try:
        _run_uvicorn(args, settings)
    finally:
        if bots is not None:
            bots.terminate()
            bots.wait(10)
    return 0


def _run_uvicorn(args: argparse.Namespace, settings: Settings) -> None:
    import uvicorn

    from server.web.wsprotocol import VorpalHttpProtocol, VorpalWebSocketProtocol

    uvicorn.run(
        "server.web.app:create_app",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        http=VorpalHttpProtocol,
        ws=VorpalWebSocketProtocol,
        ws_per_message_deflate=False,
        ws_max_size=1024 * 1024,
        timeout_keep_alive=settings.keep_alive_s,
        backlog=settings.backlog,
        timeout_graceful_shutdown=settings.shutdown_timeout_s,  # server/web/drain.py
        log_level=settings.log_level,
        access_log=False,  # the app logs each request itself (VORPAL_ACCESS_LOG), with its request id
        # Only VORPAL_TRUSTED_PROXIES decides whose X-Forwarded-For is believed (server.web.rates).
        proxy_headers=False,
    )


async def _orphaned(parent: int, stop: asyncio.Event) -> None:
    """Set ``stop`` once ``parent`` (the `vorpal serve` that started this service) is gone, however it went."""
    while os.getppid() == parent:
        await asyncio.sleep(1.0)
    stop.set()


def bots(args: argparse.Namespace) -> int:
    """Run a bot service: it plays the AI seats of the matches it leases, until SIGINT or SIGTERM."""
    import logging
    import time

    from server.config import Settings
    from server.live.bot_service import run
    from server.store.embedded import running_url
    from server.web.app import instance_name

    if args.redis_url:
        os.environ["REDIS_URL"] = args.redis_url
    if args.data_dir:
        os.environ["VORPAL_DATA_DIR"] = args.data_dir
    settings = Settings.from_env()
    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(name)s %(levelname)s %(message)s")
    url = settings.redis_url
    data_dir = Path(settings.data_dir) / "redis"
    waited = 0.0
    while url is None:  # `vorpal serve`'s embedded Redis: its worker starts it
        url = running_url(data_dir)
        if url is None:
            if waited >= args.wait:
                print(f"vorpal bots: no Redis: pass --redis-url, or run `vorpal serve` on {data_dir}", file=sys.stderr)
                return 2
            time.sleep(0.2)
            waited += 0.2

    async def go() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        watch = loop.create_task(_orphaned(args.parent, stop)) if args.parent else None
        await run(settings, url, instance=f"bots:{instance_name()}", stop=stop)
        if watch is not None:
            watch.cancel()

    asyncio.run(go())
    return 0


def redis(args: argparse.Namespace) -> int:
    """Run a Redis-compatible server in the foreground (what `serve` embeds)."""
    from server.store.embedded import EmbeddedRedis

    server = EmbeddedRedis(Path(args.data_dir), args.port).start()
    print(f"redis at {server.url} (data in {args.data_dir}); Ctrl-C stops it", flush=True)
    try:
        signal.sigwait({signal.SIGINT, signal.SIGTERM})
    finally:
        server.stop()
    return 0


def audit(args: argparse.Namespace) -> int:
    """Replay a stored match from its seed and logged moves; report the first divergence."""
    from server.audit import audit as run_audit
    from server.config import Settings
    from server.errors import VorpalError
    from server.store import Store
    from server.store.embedded import running_url

    settings = Settings.from_env()
    # `vorpal serve` keeps Redis in <data dir>/redis; `vorpal redis --data-dir D` in D itself.
    data_dir = Path(args.data_dir or settings.data_dir) / "redis"
    url = args.redis_url or settings.redis_url or running_url(data_dir) or running_url(data_dir.parent)
    if not url:
        print(f"vorpal audit: no server runs on {data_dir}: pass --redis-url (or set REDIS_URL)", file=sys.stderr)
        return 2
    cluster = args.redis_cluster or settings.redis_cluster

    async def go() -> int:
        store = Store.from_url(url, pool_size=4, cluster=cluster)
        try:
            report = await run_audit(store, args.match)
        except VorpalError as exc:
            print(f"vorpal audit: {exc.code}: {exc.detail or exc.title}", file=sys.stderr)
            return 2
        finally:
            await store.close()
        print(json.dumps(report.as_dict()) if args.json else report.text())
        return 0 if report.ok else 1

    return asyncio.run(go())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="vorpal", description="Vorpal tabletop game server")
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help="run the server (embedded Redis unless --redis-url/REDIS_URL)")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--workers", type=int, default=1)
    s.add_argument("--redis-url", default=None, help="default: $REDIS_URL, else an embedded Redis")
    s.add_argument("--redis-cluster", action="store_true", help="the Redis URL is a cluster seed node")
    s.add_argument("--data-dir", default=None, help="embedded Redis data folder (default .vorpal)")
    s.add_argument("--log-level", default=None, help="debug, info (default), warning or error: $VORPAL_LOG_LEVEL")
    s.add_argument("--access-log", action="store_true", help="one log line per REST request: $VORPAL_ACCESS_LOG=1")
    s.add_argument("--no-bots", action="store_true", help="start no bot service (run `vorpal bots` elsewhere)")
    s.set_defaults(func=serve)
    b = sub.add_parser("bots", help="run a bot service: it plays the AI seats (levels 2 and up) of matches")
    b.add_argument("--redis-url", default=None, help="default: $REDIS_URL, else `vorpal serve`'s embedded Redis")
    b.add_argument("--data-dir", default=None, help="the data folder of a running `vorpal serve` (default .vorpal)")
    b.add_argument("--wait", type=float, default=60.0, help="seconds to wait for the embedded Redis to start")
    b.add_argument(
        "--parent", type=int, default=0, help="stop when this process (the `vorpal serve` that started it) ends"
    )
    b.set_defaults(func=bots)
    r = sub.add_parser("redis", help="run the embedded Redis-compatible server alone")
    r.add_argument("--port", type=int, default=6379)
    r.add_argument("--data-dir", default=".vorpal/redis")
    r.set_defaults(func=redis)
    a = sub.add_parser("audit", help="replay a stored match from its seed and moves; report the first divergence")
    a.add_argument("match", help="the match id (write -- before an old id that starts with '-')")
    a.add_argument("--redis-url", default=None, help="default: $REDIS_URL, else the embedded server of --data-dir "
                   "(redis+cluster://... for a cluster)")  # fmt: skip
    a.add_argument("--data-dir", default=None, help="the data folder of a running `vorpal serve` (default .vorpal)")
    a.add_argument("--redis-cluster", action="store_true", help="the Redis URL is a cluster seed node")
    a.add_argument("--json", action="store_true", help="print the report as one JSON object")
    a.set_defaults(func=audit)
    args = parser.parse_args(argv)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
