"""The match lifecycle, shared by REST and WebSocket: create, join, leave, move, read.

Every change is one :class:`~server.store.Commit`: a compare-and-set on the
match version that also appends to the log and publishes the notification.
What a caller receives about a match goes through :meth:`Rules.view` and
:func:`event_for`, the engine's only redaction path.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import gc
import hashlib
import hmac
import json
import logging
import os
import random
import secrets
import string
import time
from collections import OrderedDict, defaultdict, deque
from typing import Any

import msgpack
from vorpal_protocol import CHAT_TEXT_MAX, WHITE_SPACE

from server import games
from server.config import Settings
from server.engine import Event, Rng, Rules, Table, event_for
from server.engine.errors import (
    BadRequest,
    MatchFull,
    MatchNotFound,
    MatchNotStarted,
    MatchOver,
    MatchStarted,
    RateLimited,
    SeatTaken,
    StaleVersion,
    Unauthorized,
    Unavailable,
    VorpalError,
)
from server.store import Commit, MatchRecord, Store

log = logging.getLogger("vorpal.matches")

OK, STALE, DUPLICATE, GONE = 0, 1, 2, 3
BOT_MOVES_MAX = 100_000
#: Bots retry a move refused as ``unavailable`` after 0.05 s, 0.1 s, ... up to 3.2 s (6.4 s in all).
BOT_BACKOFF_S = 0.05
BOT_BACKOFF_MAX_S = 3.2


def now_ms() -> int:
    return int(time.time() * 1000)


MATCH_ID_ALPHABET = string.ascii_letters + string.digits


def new_match_id() -> str:
    """12 random letters and digits (71 bits): safe in URLs, file names and command lines
    (an id starting with ``-`` would read as an option)."""
    return "".join(secrets.choice(MATCH_ID_ALPHABET) for _ in range(12))


@functools.lru_cache(maxsize=16_384)  # a seat's token is checked with each of its moves
def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def parse_token(token: str | None) -> tuple[str, int] | None:
    """``<match>.<seat>.<secret>`` -> (match, seat), or None if malformed."""
    if not token:
        return None
    parts = token.split(".")
    if len(parts) != 3 or not parts[1].isdigit():
        return None
    return parts[0], int(parts[1])


#: How many decoded tables each process keeps (by their bytes) and how many matches it remembers.
DECODED_MAX = 512
LATEST_MAX = 20_000
#: A move at the version this process last committed is played on that record without reading
#: Redis first (``Matches._latest``); the commit's compare-and-set still decides, and any refusal
#: is answered by the uncached path. ``VORPAL_MOVE_CACHE=0`` turns it off (for A/B benchmarks).
MOVE_CACHE = os.environ.get("VORPAL_MOVE_CACHE", "1") != "0"


def encode_table(table: Table[Any, Any, Any]) -> bytes:
    """A table as stored: JSON, which pydantic writes and reads in Rust (about twice as fast as
    MessagePack through Python dicts, measured); tables stored as MessagePack still decode."""
    return table.model_dump_json().encode()


def _parse_table(rules: Rules, data: bytes) -> Table[Any, Any, Any]:
    if data[:1] == b"{":
        return rules.table_type.model_validate_json(data)
    return rules.table_type.model_validate(msgpack.unpackb(data, raw=False))  # written before JSON


# An OrderedDict: evicting the oldest of a plain dict (``next(iter(d))``) rescans every slot
# freed before it, which grows costlier with each eviction.
_decoded: OrderedDict[bytes, Table[Any, Any, Any]] = OrderedDict()


def _remember(data: bytes, table: Table[Any, Any, Any]) -> None:
    if len(_decoded) >= DECODED_MAX:
        _decoded.popitem(last=False)  # the oldest
    _decoded[data] = table


def decode_table(rules: Rules, data: bytes) -> Table[Any, Any, Any]:
    """The table stored as ``data``: **read-only**, shared by every caller that decodes the same bytes.

    A table this process just wrote (or recently read) is not decoded again. Code
    that applies a move takes a private copy with :func:`draft_table`.
    """
    table = _decoded.get(data)
    if table is None:
        table = _parse_table(rules, data)
        _remember(data, table)
    return table


def draft_table(rules: Rules, data: bytes) -> Table[Any, Any, Any]:
    """A private, mutable table for ``data`` (decoding beats copying a shared one, measured)."""
    return _parse_table(rules, data)


def pack_event(event: Event) -> dict[str, Any]:
    return {"public": event.public, "private": {str(k): v for k, v in event.private.items()}}


def unpack_event(data: dict[str, Any]) -> Event:
    return Event(data["public"], {int(k): v for k, v in data.get("private", {}).items()})


def tune_gc() -> None:
    """A young-generation threshold sized for a server that allocates per move, not per request.

    CPython's default (700) runs a collection every few moves; with thousands of live
    tables that costs more than the moves. ``VORPAL_GC_THRESHOLD=700`` restores the default.
    """
    gc.set_threshold(int(os.environ.get("VORPAL_GC_THRESHOLD", "50000")), 50, 1000)
    if _gc_timer not in gc.callbacks:
        gc.callbacks.append(_gc_timer)


_gc_started = (0.0, 0.0)
GC_PAUSE_WARN_S = 0.02


def _gc_timer(phase: str, info: dict[str, int]) -> None:
    """Log every collection that pauses the process for more than ``GC_PAUSE_WARN_S`` (wall clock)."""
    global _gc_started
    if phase == "start":
        _gc_started = (time.perf_counter(), time.thread_time())
        return
    took = time.perf_counter() - _gc_started[0]
    if took > GC_PAUSE_WARN_S:
        cpu = time.thread_time() - _gc_started[1]
        log.warning("gc: generation %d paused %.0f ms (%.0f ms of CPU; %d collected)",
                    info["generation"], took * 1000, cpu * 1000, info["collected"])  # fmt: skip


class Matches:
    def __init__(self, store: Store, settings: Settings) -> None:
        tune_gc()
        self.store = store
        self.settings = settings
        self._bots_running: set[str] = set()
        self._bots_again: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._chat_times: dict[tuple[str, int], deque[float]] = defaultdict(deque)
        # The record this process last committed for each active match: a move at that version
        # is played without reading Redis first. The commit's compare-and-set still decides, and
        # any refusal is answered by the uncached path, so a stale entry only costs a retry.
        self._latest: OrderedDict[str, MatchRecord] = OrderedDict()

    # -- helpers -----------------------------------------------------------------------

    def _ttl(self, status: str) -> int:
        return self.settings.retention_s if status in ("finished", "aborted") else self.settings.idle_ttl_s

    @staticmethod
    def seat_of(record: MatchRecord, token: str | None) -> int | None:
        """The seat ``token`` holds in ``record``; None without a token; Unauthorized if wrong."""
        if token is None:
            return None
        parsed = parse_token(token)
        if parsed is None or parsed[0] != record.id or parsed[1] >= record.seats:
            raise Unauthorized("that token is not a seat token of this match")
        stored = record.tokens[parsed[1]]
        if stored is None or not hmac.compare_digest(stored, token_hash(token)):
            raise Unauthorized("that token is not a seat token of this match")
        return parsed[1]

    def state_for(self, record: MatchRecord, table: Table[Any, Any, Any], seat: int | None) -> dict[str, Any]:
        """The match as ``seat`` may see it (``None``: a spectator)."""
        rules = games.get(record.game)
        to_act = rules.to_act(table) if record.status == "active" else []
        out: dict[str, Any] = {
            "match": record.id, "game": record.game, "status": record.status, "version": record.version,
            "seats": record.seats, "names": record.names, "bots": record.bots, "you": seat,
            "to_act": to_act, "view": rules.view(table, seat), "outcome": record.outcome,
        }  # fmt: skip
        if seat is not None and seat in to_act:
            out["legal"] = rules.dump_moves(rules.legal_moves(table, seat))
        return out

    def summary(self, record: MatchRecord) -> dict[str, Any]:
        return {
            "match": record.id, "game": record.game, "status": record.status, "version": record.version,
            "seats": record.seats, "names": record.names, "bots": record.bots,
            "open_seats": [i for i in range(record.seats) if record.tokens[i] is None and not record.bots[i]],
            "created": record.created, "updated": record.updated, "outcome": record.outcome,
        }  # fmt: skip

    async def _commit(
        self,
        record: MatchRecord,
        *,
        fields: dict[str, Any],
        entry: dict[str, Any],
        event: Event,
        table: bytes | None = None,
        outcome: dict[str, Any] | None = None,
        move_key: str = "",
    ) -> tuple[int, int]:
        status = fields.get("status", record.status)
        entry = {**entry, "v": record.version + 1, "at": now_ms(), "status": status, **pack_event(event)}
        if outcome is not None:
            entry["outcome"] = outcome
        note: dict[str, Any] = {"kind": "event", "game": record.game}  # the store adds the entry
        if table is not None:
            note["table"] = table
        return await self.store.commit(
            Commit(
                match_id=record.id, expected=record.version, fields={**fields, "updated": now_ms()},
                log_entry=entry, notification=note, ttl=self._ttl(status), move_key=move_key,
            )
        )  # fmt: skip

    # -- lifecycle ---------------------------------------------------------------------

    async def create(
        self, game: str, options: dict[str, Any] | None, seats: int, bots: list[int], names: dict[int, str]
    ) -> dict[str, Any]:
        rules = games.get(game)
        opts = rules.parse_options(options)
        rules.check_seats(seats)
        if any(not 0 <= b < seats for b in bots) or len(set(bots)) != len(bots):
            raise BadRequest("bots must list distinct seats of the match")
        seed = secrets.randbits(63)
        table, rng = rules.setup(opts, seats, seed)
        is_bot = [s in bots for s in range(seats)]
        created = now_ms()
        record = MatchRecord(
            id=new_match_id(), game=game, options=opts.model_dump(mode="json"), seats=seats,
            status="active" if all(is_bot) else "open", version=0, created=created, updated=created, seed=seed,
            names=[f"bot-{s}" if is_bot[s] else names.get(s) for s in range(seats)], bots=is_bot,
            tokens=[None] * seats, table=encode_table(table), rng=rng.state,
        )  # fmt: skip
        await self.store.create(record, self._ttl(record.status))
        if record.status == "active":
            self.kick_bots(record.id)
        return self.summary(record)

    async def join(self, match_id: str, seat: int | None, name: str | None) -> dict[str, Any]:
        for _ in range(20):  # a concurrent join moved the version: look again
            record, _ = await self.store.load(match_id)
            if record.status in ("finished", "aborted"):
                raise MatchOver(f"the match is {record.status}")
            if record.status != "open":
                raise MatchStarted("the match has started; no seat is open")
            free = [i for i in range(record.seats) if record.tokens[i] is None and not record.bots[i]]
            if seat is None:
                if not free:
                    raise MatchFull()
                chosen = free[0]
            elif not 0 <= seat < record.seats:
                raise BadRequest(f"seat must be 0..{record.seats - 1}")
            elif seat not in free:
                raise SeatTaken(f"seat {seat} is taken")
            else:
                chosen = seat
            token = f"{record.id}.{chosen}.{secrets.token_urlsafe(24)}"
            tokens = list(record.tokens)
            tokens[chosen] = token_hash(token)
            names = list(record.names)
            names[chosen] = name or f"player-{chosen}"
            started = all(t is not None or b for t, b in zip(tokens, record.bots, strict=True))
            status = "active" if started else "open"
            event = Event({"type": "joined", "seat": chosen, "name": names[chosen], "started": started})
            result, _ = await self._commit(
                record, fields={"tokens": _json(tokens), "names": _json(names), "status": status},
                entry={"kind": "join", "seat": chosen}, event=event, table=record.table,
            )  # fmt: skip
            if result == OK:
                if started:
                    self.kick_bots(match_id, record)
                return {"match": match_id, "seat": chosen, "token": token}
            if result == GONE:
                raise MatchNotFound()
        raise StaleVersion("the match kept changing; try again")

    async def leave(self, match_id: str, token: str | None) -> dict[str, Any]:
        for _ in range(20):
            record, _ = await self.store.load(match_id)
            seat = self.seat_of(record, token)
            if seat is None:
                raise Unauthorized("leaving needs your seat token")
            if record.status != "open":
                raise MatchStarted("a seat can only be left before the match starts")
            tokens, names = list(record.tokens), list(record.names)
            tokens[seat] = names[seat] = None
            # A match every player has left before the start is abandoned.
            status = "open" if any(t is not None for t in tokens) else "aborted"
            event = Event({"type": "left", "seat": seat, "aborted": status == "aborted"})
            result, _ = await self._commit(
                record, fields={"tokens": _json(tokens), "names": _json(names), "status": status},
                entry={"kind": "leave", "seat": seat}, event=event, table=record.table,
            )  # fmt: skip
            if result == OK:
                return {"match": match_id, "seat": seat, "left": True, "status": status}
        raise StaleVersion("the match kept changing; try again")

    async def list_matches(self, game: str | None, status: str | None, limit: int) -> list[dict[str, Any]]:
        out = []
        for row in await self.store.recent():
            if game is not None and row[b"game"].decode() != game:
                continue
            if status is not None and row[b"status"].decode() != status:
                continue
            names, bots = json.loads(row[b"names"]), json.loads(row[b"bots"])
            out.append({
                "match": row[b"id"].decode(), "game": row[b"game"].decode(), "status": row[b"status"].decode(),
                "version": int(row[b"version"]), "seats": int(row[b"seats"]), "names": names, "bots": bots,
                "open_seats": [i for i, (n, b) in enumerate(zip(names, bots, strict=True)) if n is None and not b],
                "created": int(row[b"created"]), "updated": int(row[b"updated"]),
                "outcome": json.loads(row[b"outcome"]),
            })  # fmt: skip
            if len(out) >= limit:
                break
        return out

    async def get(self, match_id: str, token: str | None) -> dict[str, Any]:
        record, _ = await self.store.load(match_id)
        seat = self.seat_of(record, token)
        if record.status == "active":
            self.kick_bots(match_id, record)
        return self.state_for(record, decode_table(games.get(record.game), record.table), seat)

    async def legal(self, match_id: str, token: str | None) -> dict[str, Any]:
        record, _ = await self.store.load(match_id)
        seat = self.seat_of(record, token)
        if seat is None:
            raise Unauthorized("legal moves are for a seat: send its token")
        rules = games.get(record.game)
        table = decode_table(rules, record.table)
        moves = rules.legal_moves(table, seat) if record.status == "active" else []
        dumped = rules.dump_moves(moves)
        return {"match": match_id, "version": record.version, "seat": seat, "moves": dumped}

    async def move(self, match_id: str, token: str | None, move_id: str, version: int, raw_move: Any) -> dict[str, Any]:
        parsed = parse_token(token)
        move_key = f"{parsed[1]}:{move_id}" if parsed else ""
        cached = self._latest.get(match_id)
        if cached is not None and cached.version == version and parsed is not None:
            try:
                seat = self.seat_of(cached, token)
                if seat is not None:
                    return await self._play(cached, seat, version, raw_move, move_key, fresh=False)
            except VorpalError:
                pass  # judged on a copy that may be stale: let the stored match answer
        record, applied = await self.store.load(match_id, move_key)
        seat = self.seat_of(record, token)
        if seat is None:
            raise Unauthorized("a move needs a seat token")
        if applied is not None:
            return {"match": match_id, "version": applied, "duplicate": True}
        return await self._play(record, seat, version, raw_move, move_key)

    async def _play(
        self, record: MatchRecord, seat: int, version: int, raw_move: Any, move_key: str, *, fresh: bool = True
    ) -> dict[str, Any]:
        """Apply a move to ``record`` (read from Redis if ``fresh``, else this process's last commit)."""
        if record.status == "open":
            raise MatchNotStarted("the match waits for players")
        if record.status != "active":
            raise MatchOver()
        if version != record.version:
            raise StaleVersion(f"the match is at version {record.version}", current=record.version)
        rules = games.get(record.game)
        table = draft_table(rules, record.table)
        rng = Rng.from_state(record.rng)
        move, event = rules.act(table, rng, seat, raw_move)
        outcome = rules.outcome(table)
        status = "finished" if outcome is not None else "active"
        packed = encode_table(table)
        _remember(packed, table)  # the hub's notification carries these bytes: no second decode
        fields: dict[str, Any] = {"table": packed, "rng": _json(rng.state), "status": status}
        result_of = None if outcome is None else outcome.model_dump(mode="json")
        if result_of is not None:
            fields["outcome"] = _json(result_of)
        self._latest.pop(record.id, None)
        result, v = await self._commit(
            record, fields=fields, entry={"kind": "move", "seat": seat, "move": rules.dump_move(move)},
            event=event, table=packed, outcome=result_of, move_key=move_key,
        )  # fmt: skip
        if result == OK and status == "active":
            self._keep(dataclasses.replace(record, version=v, table=packed, rng=rng.state, updated=now_ms()))
        if not fresh and result != OK:
            raise StaleVersion("the cached match was stale")  # move() asks Redis instead
        if result == STALE:
            raise StaleVersion(f"the match is at version {v}", current=v)
        if result == DUPLICATE:
            return {"match": record.id, "version": v, "duplicate": True}
        if result == GONE:
            raise MatchNotFound()
        if status == "active":
            self.kick_bots(record.id, record)
        return {"match": record.id, "version": v}

    def _keep(self, record: MatchRecord) -> None:
        if not MOVE_CACHE:
            return
        latest = self._latest
        if len(latest) >= LATEST_MAX:
            latest.popitem(last=False)
        latest[record.id] = record

    async def catch_up(
        self, match_id: str, since: int, until: int | None
    ) -> tuple[list[dict[str, Any]], tuple[Rules, Table[Any, Any, Any]] | None]:
        """Log entries after ``since`` (to ``until``, else to the current version with its table)."""
        if until is not None:
            return await self.store.log(match_id, since, until), None
        record, _ = await self.store.load(match_id)
        rules = games.get(record.game)
        return await self.store.log(match_id, since, record.version), (rules, decode_table(rules, record.table))

    async def events(self, match_id: str, token: str | None, since: int) -> dict[str, Any]:
        record, _ = await self.store.load(match_id)
        seat = self.seat_of(record, token)
        entries = await self.store.log(match_id, since)
        return {"match": match_id, "version": record.version, "events": [redact_entry(e, seat) for e in entries]}

    # -- chat --------------------------------------------------------------------------

    async def say(self, match_id: str, token: str | None, text: str) -> dict[str, Any]:
        record, _ = await self.store.load(match_id)
        seat = self.seat_of(record, token)
        if seat is None:
            raise Unauthorized("chat is for seated players: send your seat token")
        # One rule, on the text as sent (PROTOCOL.md, `say`): 1..500 characters, not all white space.
        if not 1 <= len(text) <= CHAT_TEXT_MAX or not text.strip(WHITE_SPACE):
            raise BadRequest(f"a chat message has 1..{CHAT_TEXT_MAX} characters, not all white space")
        text = text.strip(WHITE_SPACE)
        window = self._chat_times[(match_id, seat)]
        t = time.monotonic()
        while window and t - window[0] > 60:
            window.popleft()
        if len(window) >= self.settings.chat_per_minute:
            raise RateLimited(f"at most {self.settings.chat_per_minute} chat messages a minute")
        window.append(t)
        message = {"seat": seat, "name": record.names[seat] or f"player-{seat}", "text": text, "at": now_ms()}
        await self.store.say(match_id, message)
        return {"match": match_id, **message}

    async def chat(self, match_id: str) -> dict[str, Any]:
        await self.store.load(match_id)
        return {"match": match_id, "messages": await self.store.chat(match_id)}

    # -- built-in bots -------------------------------------------------------------

    def kick_bots(self, match_id: str, record: MatchRecord | None = None) -> None:
        """Make sure bots play their turns in ``match_id`` (idempotent, cheap)."""
        if record is not None and not any(record.bots):
            return
        if match_id in self._bots_running:
            self._bots_again.add(match_id)
            return
        self._bots_running.add(match_id)
        task = asyncio.create_task(self._run_bots(match_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run_bots(self, match_id: str) -> None:
        # A short Redis outage (a restart, a failover) is ridden out here; a longer one stops the
        # bots, and the hub's sweep starts them again once Redis is back.
        backoff = BOT_BACKOFF_S
        try:
            for _ in range(BOT_MOVES_MAX):
                try:
                    if not await self._bot_turn(match_id):
                        break
                    backoff = BOT_BACKOFF_S
                except StaleVersion:
                    continue
                except Unavailable:
                    if backoff > BOT_BACKOFF_MAX_S:
                        raise
                    await asyncio.sleep(backoff)
                    backoff *= 2
        except VorpalError as exc:
            log.warning("bots of match %s stopped: %s", match_id, exc.code)
        except Exception:
            log.exception("bots of match %s failed", match_id)
        finally:
            self._bots_running.discard(match_id)
            self._bots_again.discard(match_id)

    async def _bot_turn(self, match_id: str) -> bool:
        """Play one move for a bot whose turn it is; False when no bot is to act (or the match is over)."""
        while True:
            record, _ = await self.store.load(match_id)
            if record.status != "active":
                return False
            rules = games.get(record.game)
            table = decode_table(rules, record.table)
            ready = [s for s in rules.to_act(table) if record.bots[s]]
            if ready:
                break
            if match_id not in self._bots_again:
                return False
            self._bots_again.discard(match_id)  # kicked while we looked: look once more
        seat = ready[0]
        pick = random.Random(f"{match_id}:{record.version}:{seat}")
        move = pick.choice(rules.legal_moves(table, seat))
        await self._play(record, seat, record.version, rules.dump_move(move), "")
        return True

    async def drain(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


def redact_entry(entry: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A log entry as ``seat`` may receive it: never the raw move, only the event's parts."""
    return {"version": entry["v"], "at": entry.get("at"), "event": event_for(unpack_event(entry), seat)}


def _json(value: Any) -> str:
    return json.dumps(value)
