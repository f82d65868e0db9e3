"""What Vorpal assumes of its libraries' private parts, one test per assumption.

``server/store/pool.py`` reaches into redis-py's connection pool and ``server/web/wsprotocol.py``
into uvicorn's and websockets' protocols. A release that changes what they touch would show up
far away (a leak in a soak, a socket that never closes), so each assumption is checked here on its
own and fails with a message that names it and the module that makes it. The upper bounds in
``pyproject.toml`` stop at the releases these tests have passed on; ``make test-latest`` runs them
on the newest ones.
"""

from __future__ import annotations

import asyncio
import gc
import inspect
import weakref
from typing import Any

import pytest
import redis.asyncio.connection as redis_connection
import uvicorn.protocols.http.httptools_impl as httptools_impl
import uvicorn.protocols.websockets.websockets_sansio_impl as sansio_impl
from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.server import ServerProtocol

from server.store.pool import TrimmingPool, unbind_packer
from server.web.wsprotocol import Inbox, VorpalWebSocketProtocol

POOL = "server/store/pool.py (TrimmingPool)"
SOCKETS = "server/web/wsprotocol.py (VorpalWebSocketProtocol)"


def broken(module: str, assumption: str) -> str:
    return (
        f"{module} assumes that {assumption}; this release does not: adapt {module}, then the bound in pyproject.toml"
    )


# redis-py's asyncio pool ----------------------------------------------------------------------


def test_the_pool_keeps_idle_connections_in_a_list_and_the_busy_ones_apart() -> None:
    pool = TrimmingPool(max_connections=2)
    assert isinstance(getattr(pool, "_available_connections", None), list), broken(
        POOL, "BlockingConnectionPool keeps its idle connections in the list _available_connections"
    )
    assert hasattr(pool, "_in_use_connections"), broken(
        POOL, "BlockingConnectionPool keeps the connections in use in _in_use_connections"
    )
    assert isinstance(getattr(pool, "_condition", None), asyncio.Condition), broken(
        POOL, "BlockingConnectionPool guards its lists with the asyncio.Condition _condition"
    )


def test_the_pool_makes_every_connection_through_make_connection() -> None:
    source = inspect.getsource(redis_connection.BlockingConnectionPool) + inspect.getsource(
        redis_connection.ConnectionPool
    )
    assert "self.make_connection()" in source, broken(
        POOL, "the pool makes each new connection with make_connection() (TrimmingPool unbinds its packer there)"
    )


def test_maintenance_notifications_turned_off_give_connections_no_handlers() -> None:
    pool = TrimmingPool(max_connections=2)  # maint_notifications_config=MaintNotificationsConfig(enabled=False)
    connection = pool.make_connection()
    config = getattr(connection, "maint_notifications_config", None)
    assert config is None or not config.enabled, broken(
        POOL,
        "the asyncio pool takes maint_notifications_config and, turned off, gives its connections no "
        "maintenance handlers (they tie each connection into reference cycles)",
    )


def test_a_connection_the_pool_makes_is_freed_by_reference_counting() -> None:
    """The cycle redis-py 8.2 brought (the hiredis packer holding the connection's own method) is
    broken by :func:`unbind_packer`; any other cycle through a new connection fails here."""
    pool = TrimmingPool(max_connections=2)
    gc.collect()
    gc.disable()
    try:
        made = weakref.ref(pool.make_connection())
        assert made() is None, broken(
            POOL,
            "a connection it makes is in no reference cycle (so a closed one is freed at once, "
            "not at a full collection); find the new cycle with gc.get_referrers(connection)",
        )
    finally:
        gc.enable()


def test_the_hiredis_packer_falls_back_to_the_connection_only_weakly() -> None:
    connection = TrimmingPool(max_connections=2).make_connection()
    packer = getattr(connection, "_command_packer", None)
    if packer is None:
        pytest.skip("this redis-py packs asyncio commands without a packer object")
    fallback = getattr(packer, "_fallback", None)
    assert getattr(fallback, "__self__", None) is not connection, broken(
        POOL, "unbind_packer finds the packer's fallback in _command_packer._fallback"
    )
    assert connection.pack_command("PING") == [b"*1\r\n$4\r\nPING\r\n"]
    unbind_packer(connection)  # twice is harmless
    packed = connection.pack_command("SET", "k", memoryview(b"v"))  # a memoryview takes the fallback
    assert b"".join(bytes(part) for part in packed) == b"*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\nv\r\n"


# uvicorn's websockets-sansio protocol -----------------------------------------------------------


def uvicorn_protocol(loop: asyncio.AbstractEventLoop) -> Any:
    async def app(scope: Any, receive: Any, send: Any) -> None: ...

    config = Config(app=app, ws="websockets-sansio")
    config.load()
    return sansio_impl.WebSocketsSansIOProtocol(config, ServerState(), {}, _loop=loop)


def test_uvicorn_protocol_has_the_attributes_vorpal_replaces_or_reads() -> None:
    loop = asyncio.new_event_loop()
    try:
        protocol = uvicorn_protocol(loop)
    finally:
        loop.close()
    assert isinstance(getattr(protocol, "conn", None), ServerProtocol), broken(
        SOCKETS, "uvicorn's protocol keeps websockets' ServerProtocol in .conn (replaced by ProblemHandshakes)"
    )
    assert isinstance(getattr(protocol, "queue", None), asyncio.Queue), broken(
        SOCKETS, "uvicorn's protocol queues the app's messages in the asyncio.Queue .queue (replaced by Inbox)"
    )
    assert isinstance(getattr(protocol, "writable", None), asyncio.Event), broken(
        SOCKETS, "uvicorn's protocol signals a writable transport with the asyncio.Event .writable (replaced by Flag)"
    )
    for name in ("handshake_complete", "initial_response", "disconnected", "close_sent", "read_paused",
                 "close_timer", "transport", "loop", "config"):  # fmt: skip
        assert hasattr(protocol, name), broken(SOCKETS, f"uvicorn's protocol sets .{name} when it is made")


def test_vorpal_reads_the_queue_only_as_uvicorn_does() -> None:
    source = inspect.getsource(sansio_impl.WebSocketsSansIOProtocol)
    used = {name for name in ("put_nowait", "get", "empty", "qsize", "get_nowait", "put") if f"queue.{name}(" in source}
    assert used <= {name for name in dir(Inbox) if not name.startswith("_")}, broken(
        SOCKETS, f"uvicorn's protocol calls only put_nowait, get and empty on its queue (it calls {sorted(used)})"
    )


def test_vorpal_adds_methods_uvicorn_does_not_have() -> None:
    ours = {"write", "flush", "drop", "release"}
    theirs = {name for name in ours if hasattr(sansio_impl.WebSocketsSansIOProtocol, name)}
    assert not theirs, broken(SOCKETS, f"uvicorn's protocol has no method named {sorted(theirs)} (Vorpal's own)")
    assert VorpalWebSocketProtocol.__mro__[1] is sansio_impl.WebSocketsSansIOProtocol


def test_uvicorn_http_protocol_keeps_its_parser_and_upgrades_in_one_method() -> None:
    source = inspect.getsource(httptools_impl.HttpToolsProtocol)
    assert "self.parser = httptools.HttpRequestParser(self)" in source, broken(
        "server/web/wsprotocol.py (VorpalHttpProtocol)", "uvicorn's HTTP protocol keeps its httptools parser in .parser"
    )
    assert hasattr(httptools_impl.HttpToolsProtocol, "handle_websocket_upgrade"), broken(
        "server/web/wsprotocol.py (VorpalHttpProtocol)",
        "uvicorn's HTTP protocol upgrades in handle_websocket_upgrade()",
    )


def test_websockets_parser_is_a_generator_with_its_exception_beside_it() -> None:
    protocol = ServerProtocol()
    assert inspect.isgenerator(getattr(protocol, "parser", None)), broken(
        SOCKETS, "websockets' ServerProtocol keeps its parser generator in .parser (release() closes it)"
    )
    assert hasattr(protocol, "parser_exc"), broken(
        SOCKETS, "websockets' ServerProtocol keeps the parser's exception in .parser_exc (release() clears it)"
    )
