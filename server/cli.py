"""``vorpal``: the command line (``vorpal serve``, ``vorpal redis``)."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    if args.redis_url:
        os.environ["REDIS_URL"] = args.redis_url
    if args.data_dir:
        os.environ["VORPAL_DATA_DIR"] = args.data_dir
    if args.workers > 1 and not os.environ.get("REDIS_URL"):
        print("vorpal: several workers need a shared Redis: pass --redis-url", file=sys.stderr)
        return 2
    uvicorn.run(
        "server.app:create_app",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        ws="websockets-sansio",
        ws_per_message_deflate=False,
        ws_max_size=1024 * 1024,
        log_level=args.log_level,
        access_log=args.access_log,
    )
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="vorpal", description="Vorpal tabletop game server")
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help="run the server (embedded Redis unless --redis-url/REDIS_URL)")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--workers", type=int, default=1)
    s.add_argument("--redis-url", default=None, help="default: $REDIS_URL, else an embedded Redis")
    s.add_argument("--data-dir", default=None, help="embedded Redis data folder (default .vorpal)")
    s.add_argument("--log-level", default="info")
    s.add_argument("--access-log", action="store_true")
    s.set_defaults(func=serve)
    r = sub.add_parser("redis", help="run the embedded Redis-compatible server alone")
    r.add_argument("--port", type=int, default=6379)
    r.add_argument("--data-dir", default=".vorpal/redis")
    r.set_defaults(func=redis)
    args = parser.parse_args(argv)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
