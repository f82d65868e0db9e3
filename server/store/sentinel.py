"""Redis with Sentinel: ``redis+sentinel://[user:password@]host:port[,host:port...]/mastername``.

The URL lists Sentinels, not Redis: each connection asks them where the primary named
``mastername`` is (``SENTINEL get-master-addr-by-name``, the first Sentinel that answers) before
it connects, checks there that the node is a primary (``ROLE``), and asks again every time it
connects anew. So an instance follows a failover without a restart: the connection to the old
primary is lost or refused (an old primary that comes back is a replica, and its ``READONLY``
reply drops the connection), the commands in flight fail as ``unavailable``, and the next one
goes to the primary the Sentinels name now.

``rediss+sentinel://`` speaks TLS to the Sentinels and to Redis. The URL's credentials are the
ACL user of Redis; ``?sentinel_username=...&sentinel_password=...`` those of the Sentinels, if they
ask for any. ``?db=N`` selects a database.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import parse_qs, unquote

from redis.exceptions import ConnectionError as RedisConnectionError

from .connection import Connection, LineConnection
from .line import Arg, Endpoint, Line, Push, RedisBusy

SENTINEL_SCHEMES = ("redis+sentinel://", "rediss+sentinel://")


def is_sentinel_url(url: str) -> bool:
    return url.startswith(SENTINEL_SCHEMES)


@dataclass(frozen=True)
class SentinelUrl:
    """A parsed ``redis+sentinel://`` URL."""

    sentinels: tuple[tuple[str, int], ...]
    master: str
    #: Redis itself: its credentials, TLS and database (host and port come from the Sentinels).
    redis: Endpoint
    #: The Sentinels' own credentials (TLS as Redis).
    sentinel_username: str | None = None
    sentinel_password: str | None = None

    @classmethod
    def parse(cls, url: str) -> SentinelUrl:
        scheme, _, rest = url.partition("://")
        rest, _, query = rest.partition("?")
        hosts, _, path = rest.partition("/")
        options = {k: v[-1] for k, v in parse_qs(query).items()}
        username = password = None
        if "@" in hosts:
            creds, hosts = hosts.rsplit("@", 1)
            user, _, secret = creds.partition(":")
            username, password = unquote(user) or None, unquote(secret) or None
        sentinels = []
        for part in hosts.split(","):
            host, _, port = part.strip().rpartition(":")
            if not host or not port.isdigit():
                raise ValueError(f"a Sentinel URL lists host:port pairs, not {part!r}")
            sentinels.append((host.strip("[]"), int(port)))
        master = unquote(path.strip("/"))
        if not master:
            raise ValueError("a Sentinel URL names its primary: redis+sentinel://host:port,.../mastername")
        endpoint = Endpoint(username=username, password=password, db=int(options.get("db", 0)),
                            tls=scheme.startswith("rediss"))  # fmt: skip
        return cls(tuple(sentinels), master, endpoint, options.get("sentinel_username"),
                   options.get("sentinel_password"))  # fmt: skip

    def sentinel_endpoint(self, host: str, port: int) -> Endpoint:
        return Endpoint(host=host, port=port, username=self.sentinel_username, password=self.sentinel_password,
                        tls=self.redis.tls)  # fmt: skip

    async def primary(self) -> tuple[str, int]:
        """Where the Sentinels say the primary is: the first one that answers."""
        failures = []
        for host, port in self.sentinels:
            line = Line(self.sentinel_endpoint(host, port), timeout=2.0, connect_timeout=2.0)
            try:
                found = await line.call("SENTINEL", "get-master-addr-by-name", self.master)
            except (RedisConnectionError, OSError) as exc:
                failures.append(f"{host}:{port}: {exc}")
                continue
            finally:
                line.close()
            if found:
                return found[0].decode(), int(found[1])
            failures.append(f"{host}:{port}: does not know {self.master!r}")
        raise RedisConnectionError(f"no Sentinel names the primary {self.master!r} ({'; '.join(failures)})")

    def redis_kwargs(self) -> dict[str, Any]:
        """The same, for redis-py's :class:`~redis.asyncio.sentinel.Sentinel` (the feature stores' client)."""
        e = self.redis
        sentinel: dict[str, Any] = {"ssl": e.tls}
        if self.sentinel_username:
            sentinel["username"] = self.sentinel_username
        if self.sentinel_password:
            sentinel["password"] = self.sentinel_password
        return {"sentinels": list(self.sentinels), "sentinel_kwargs": sentinel, "username": e.username,
                "password": e.password, "db": e.db, "ssl": e.tls}  # fmt: skip


class SentinelLine(Line):
    """A :class:`Line` to whichever node the Sentinels name as the primary when it connects."""

    def __init__(self, url: SentinelUrl, *, on_push: Push | None = None) -> None:
        super().__init__(url.redis, on_push=on_push)
        self.url = url

    async def connect(self) -> None:
        if self.connected:
            return
        host, port = await self.url.primary()
        self.endpoint = replace(self.url.redis, host=host, port=port)
        await super().connect()
        try:
            role = await super().call("ROLE")
        except BaseException:
            self.close()
            raise
        if role[0] != b"master":  # the Sentinels have not seen a failover yet: ask again next time
            self.close()
            raise RedisConnectionError(f"{host}:{port} is a {role[0].decode()}, not the primary")

    async def call(self, *args: Arg) -> Any:
        try:
            return await super().call(*args)
        except RedisBusy as exc:
            self._demoted(exc)
            raise

    async def pipeline(self, *commands: Any) -> list[Any]:
        try:
            return await super().pipeline(*commands)
        except RedisBusy as exc:
            self._demoted(exc)
            raise

    def _demoted(self, exc: RedisBusy) -> None:
        """A primary that became a replica answers writes with READONLY: the next command asks the
        Sentinels again."""
        if str(exc).startswith("READONLY"):
            self.close()


class SentinelConnection(LineConnection):
    """One primary found through Sentinel; subscribers find it the same way."""

    def __init__(self, url: str) -> None:
        self.sentinel = SentinelUrl.parse(url)
        super().__init__(url, SentinelLine(self.sentinel))

        #: redis-py's clients of the Sentinels, which the feature stores' client asks (closed with this).
        self.sentinel_clients: list[Any] = []

    def subscriber(self, node: str, on_push: Push) -> Line:
        return SentinelLine(self.sentinel, on_push=on_push)

    def writer(self) -> Connection:
        return LineConnection(self.url, SentinelLine(self.sentinel))

    async def close(self) -> None:
        await super().close()
        for client in self.sentinel_clients:
            await client.aclose()
