"""The match lifecycle, shared by REST and WebSocket: create, join, leave, move, read.

Every change is one :class:`~server.domain.record.Commit`: a compare-and-set on
the match version that also appends to the log and publishes the event. What a
caller receives about a match is built by :mod:`server.domain.views`.

A move reads as load, act, commit: whatever makes it fast (the record and the table this
process committed last) is the store's business (:class:`~server.store.cached.CachingMatchStore`).

Long because every step of the lifecycle (create, join, leave, abort, a move, a clock's timeout or
forfeit, and the reads that check a seat's token) is a method of the one service that owns the
record's commit path, and they share it.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from server import games
from server.ai.levels import BY_NUMBER as AI_LEVELS
from server.config import Settings
from server.engine import Event, Outcome, Rng, Table
from server.errors import (
    BadRequest,
    MatchFull,
    MatchNotFound,
    MatchNotStarted,
    MatchOver,
    MatchStarted,
    SeatTaken,
    StaleVersion,
    Unauthorized,
    VersionNotFound,
    VorpalError,
)
from server.runtime import metrics
from server.runtime.clock import Clock, now_ms
from server.runtime.offload import Offload

from . import clocks, spectating, views
from .accounts import Account
from .clocks import TimeControl
from .delay import SpectatorDelay
from .house import house_account, house_level, house_seats
from .ids import SeatToken, new_match_id, new_seat_token, seat_token_for, token_hash, token_matches
from .match_events import Aborted, Forfeit, Joined, Left, NoShow, match_event
from .record import (
    Commit,
    CommitResult,
    CommitStatus,
    LobbyCursor,
    LobbyPage,
    MatchRecord,
    MatchStore,
    MatchSummary,
    placeholder,
)
from .status import MatchStatus, transition

#: How often join and leave look again when a concurrent change moved the version.
RETRIES = 20


def seat_of(record: MatchRecord, token: str | None) -> int | None:
    """The seat ``token`` holds in ``record``; None without a token; ``unauthorized`` if wrong."""
    if token is None:
        return None
    return checked_seat(record, token, SeatToken.parse(token))


def checked_seat(record: MatchRecord, token: str, parsed: SeatToken | None) -> int:
    """:func:`seat_of` for a token parsed already (as ``parsed``)."""
    if parsed is None or parsed.match_id != record.id or parsed.seat >= record.seats:
        raise Unauthorized("that token is not a seat token of this match")
    if not token_matches(token, record.tokens[parsed.seat]):
        raise Unauthorized("that token is not a seat token of this match")
    return parsed.seat


def stopped_clock(record: MatchRecord) -> MatchRecord:
    """``record`` with its clock stopped at ``record.updated`` (no seat is to act any more)."""
    if record.time_control is None:
        return record
    return record.replace(clock=clocks.advance(record.time_control, record.clock, [], None, record.updated))


def bot_name(seat: int) -> str:
    return f"bot-{seat}"


def seat_name(seat: int, bot: bool, held: str | None) -> str | None:
    """A new match's name for ``seat``: a house account's own, a bot's, or none until a player sits."""
    level = house_level(held)
    return house_account(level).name if level is not None else bot_name(seat) if bot else None


def player_name(seat: int) -> str:
    """The name of a seat whose player gave none."""
    return f"player-{seat}"


def joined_with(record: MatchRecord, join_id: str) -> dict[str, Any] | None:
    """The answer to the join of ``record`` made with the client key ``join_id``, if one was."""
    for seat, stored in enumerate(record.tokens):
        token = seat_token_for(record.id, seat, join_id)
        if token_matches(token, stored):
            out: dict[str, Any] = {"match": record.id, "seat": seat, "token": token}
            account = record.accounts[seat]
            return out if account is None else {**out, "account": account}
    return None


class Matches:
    def __init__(self, store: MatchStore, settings: Settings, *, clock: Clock = now_ms) -> None:
        """``clock`` is read for every stamp and deadline (a test steps its own past a deadline)."""
        self.store = store
        self.clock = clock
        self.settings = settings
        #: Where past versions are replayed (state_at): one worker process, started on first use.
        self.offload = Offload(workers=1)

    def ttl(self, status: MatchStatus) -> int:
        """How long a match is kept after a change that leaves it in ``status`` (every key of it expires then).

        An open match waits for players only ``open_ttl_s`` (one nobody joins is not kept for
        a month); a started one as long as it may sit idle; an ended one for the retention.
        """
        if status.ended:
            return self.settings.retention_s
        return self.settings.open_ttl_s if status is MatchStatus.OPEN else self.settings.idle_ttl_s

    def snapshot(self, record: MatchRecord) -> views.Snapshot:
        rules = games.get(record.game)
        return views.Snapshot(rules, self.store.table(rules, record))

    async def _commit(self, old: MatchRecord, new: MatchRecord, changed: tuple[str, ...], entry: dict[str, Any],
                      event: Event, move_key: str = "", table: Table[Any, Any, Any] | None = None
                      ) -> CommitResult:  # fmt: skip
        transition(old.status, new.status)
        entry = {**entry, "v": old.version + 1, "at": new.updated, "status": new.status.value,
                 **views.pack_event(event)}  # fmt: skip
        if new.outcome is not None:
            entry["outcome"] = new.outcome
        if new.time_control is not None:
            entry["clock"] = clocks.public_clock(new.time_control, new.clock, new.updated)
            if new.clock != old.clock:
                changed = (*changed, "clock")
        commit = Commit(record=new, expected=old.version, changed=changed, entry=entry, ttl=self.ttl(new.status),
                        move_key=move_key, table=table)  # fmt: skip
        started = time.perf_counter()
        try:
            return await self.store.commit(commit)
        finally:
            metrics.COMMIT_SECONDS.observe(time.perf_counter() - started)

    # -- the lobby --------------------------------------------------------------------

    async def create(self, game: str, options: dict[str, Any] | None, seats: int, bots: list[int],
                     time_control: TimeControl | None = None,
                     held: Sequence[str | None] | None = None, *, clock_from_creation: bool = False,
                     spectator_delay: SpectatorDelay | None = None,
                     levels: Mapping[int, int] | None = None) -> MatchSummary:  # fmt: skip
        """A new match. ``levels``: the AI level of bot seats (``server.ai.levels``; a bot seat not named is
        random, level 1); a seat of level 2 and up is played by the bot service.

        ``held`` lists, per seat, the account the seat is kept for (a ladder or
        tournament pairing): only that account may take it, by joining with its key. A seat held
        for a house account (:mod:`.house`) is an AI seat of its level, played from the start.

        ``clock_from_creation``: the match is active at once and its clock runs from now, so a
        held seat whose account never comes times out like any slow player (a pairing's match
        always ends); its account may still take the seat while the match is active.
        ``spectator_delay``: spectators see the match that many moves or seconds late.
        """
        rules = games.get(game)
        opts = rules.parse_options(options)
        rules.check_seats(seats)
        if any(not 0 <= b < seats for b in bots) or len(set(bots)) != len(bots):
            raise BadRequest("bots must list distinct seats of the match")
        levels = dict(levels or {})
        if any(s not in bots for s in levels) or any(lv not in AI_LEVELS for lv in levels.values()):
            raise BadRequest(f"a bot's level is one of {', '.join(map(str, sorted(AI_LEVELS)))}, for a bot seat")
        accounts: list[str | None] = [None] * seats if held is None else list(held)
        if len(accounts) != seats or any(accounts[b] is not None for b in bots):
            raise BadRequest("held seats must list one entry per seat, none of them a bot's")
        house = house_seats(accounts)  # a house account's seat is an AI seat of its level
        bots, levels = [*bots, *house], {**levels, **house}
        seed = secrets.randbits(63)
        table, rng = rules.setup(opts, seats, seed)
        is_bot = [s in bots for s in range(seats)]
        created = self.clock()
        tc = time_control if time_control is not None and time_control.timed else None
        clock = None if tc is None else clocks.start(tc, seats)
        if clock_from_creation and tc is None:
            raise BadRequest("a match whose clock runs from its creation needs a time control")
        active = all(is_bot) or clock_from_creation
        if tc is not None and active:
            clock = clocks.advance(tc, clock, rules.to_act(table), None, created)
        record = MatchRecord(
            id=new_match_id(), game=game, options=opts.model_dump(mode="json"), seats=seats,
            status=MatchStatus.ACTIVE if active else MatchStatus.OPEN, version=0, created=created,
            updated=created, seed=seed, names=[seat_name(s, is_bot[s], accounts[s]) for s in range(seats)],
            bots=is_bot, tokens=[None] * seats, table=self.store.encode(table), rng=rng.state,
            time_control=tc, clock=clock, accounts=accounts, held=list(accounts),
            spectator_delay=spectator_delay if spectator_delay is not None and spectator_delay.active else None,
            levels=[levels.get(s, 1) if is_bot[s] else 0 for s in range(seats)] if levels else [],
        )  # fmt: skip
        # A match with timed work (bots, a clock) is leased by one instance's scheduler, and one with
        # searching bots by a bot service too.
        await self.store.create(record, self.ttl(record.status), scheduled=any(is_bot) or tc is not None,
                                searched=bool(record.searched_seats()))  # fmt: skip
        return record.summary()

    async def list_matches(self, game: str | None, status: MatchStatus | None, limit: int,
                           cursor: str | None = None, *, spectator: bool = True) -> LobbyPage:  # fmt: skip
        """A page of the lobby, newest first: ``limit`` matches of ``game`` and ``status`` (None: any)
        after ``cursor`` (the ``next`` of the page before; None: the newest).

        A ``spectator`` (anyone but an admin) sees a delayed match's row as its delayed view shows the
        match now, and finds it under a ``status`` only once that view has ended there (never under
        ``active``: a match that left that list would be seen to have ended)."""
        after = None if cursor is None else LobbyCursor.parse(cursor)
        if cursor is not None and after is None:
            raise BadRequest("cursor must be the next cursor of a page")
        page = await self.store.page(game, status, limit, after)
        return await self._cut(page, status, spectator=spectator) if page.delayed else page

    async def _cut(self, page: LobbyPage, status: MatchStatus | None, *, spectator: bool) -> LobbyPage:
        """``page`` with the placeholder of each delayed match filled (:func:`spectating.summary_as_seen`),
        or taken out (the match expired since, or the spectators' view has not reached ``status``)."""
        summaries = page.summaries
        now = self.clock()
        for match_id in page.delayed:
            shown: MatchSummary | None = None
            try:
                record, _ = await self.store.load(match_id)
            except MatchNotFound:
                pass
            else:
                shown = await spectating.summary_as_seen(self.store, record, now) if spectator else record.summary()
            held = placeholder(match_id)
            # Under a status a spectator finds a delayed match only once its view has ended: listed as active
            # (and so missing from ``active`` once it ends) it would tell the end early.
            listed = status is None or (
                shown is not None and shown.status is status and (status.ended or not spectator)
            )
            if shown is not None and listed:
                summaries = summaries.replace(held, shown.model_dump_json().encode())
            else:  # rows are joined by commas (a placeholder cannot occur within a row: its quotes would be escaped)
                for gone in (held + b",", b"," + held, held):
                    if gone in summaries:
                        summaries = summaries.replace(gone, b"", 1)
                        break
        return LobbyPage(summaries, page.next)

    async def join(self, match_id: str, seat: int | None, name: str | None,
                   account: Account | None = None, join_id: str | None = None) -> dict[str, Any]:  # fmt: skip
        """Take a seat, anonymously or as ``account`` (which plays under its own name).

        With a client key ``join_id``, a retried join (say after ``unavailable``) is answered as the
        first was: the seat it took and the same token (:func:`seat_token_for`)."""
        if account is not None and name is not None:
            raise BadRequest("an account plays under its own name: leave out name")
        for _ in range(RETRIES):  # a concurrent join moved the version: look again
            record, _ = await self.store.load(match_id)
            if join_id is not None:
                taken = joined_with(record, join_id)
                if taken is not None:
                    return taken
            if record.status.ended:
                raise MatchOver(f"the match is {record.status}")
            sitting = None if account is None else record.seat_of_account(account.id)
            if sitting is not None and not record.bots[sitting] and (record.competitive or seat == sitting):
                again = await self._sit_again(record, sitting, account, join_id)
                if again is not None:
                    return again
                continue
            mine = None if account is None else record.held_for(account.id)
            forfeited = mine is not None and record.bots[mine]
            if forfeited:
                mine = None  # forfeited on time before its account came: the server's bot plays it now
            late = record.status is MatchStatus.ACTIVE and mine is not None  # its clock ran from creation
            if record.status is not MatchStatus.OPEN and not late:
                if not forfeited and record.competitive and record.waiting_seats():
                    # A pairing's match under way whose seats wait for their accounts: kept, not started to anyone.
                    raise SeatTaken(f"seat {seat} is kept for another account") if seat is not None else MatchFull()
                raise MatchStarted("the match has started; no seat is open")
            free = record.open_seats()
            if mine is not None and seat in (None, mine):
                chosen = mine  # the seat a pairing keeps for this account
            elif seat is None:
                if not free:
                    raise MatchFull()
                chosen = free[0]
            elif not 0 <= seat < record.seats:
                raise BadRequest(f"seat must be 0..{record.seats - 1}")
            elif seat not in free:
                raise SeatTaken(f"seat {seat} is taken" if record.accounts[seat] is None or record.tokens[seat]
                                else f"seat {seat} is kept for another account")  # fmt: skip
            else:
                chosen = seat
            token = seat_token_for(record.id, chosen, join_id) if join_id else new_seat_token(record.id, chosen)
            tokens, names, accounts = list(record.tokens), list(record.names), list(record.accounts)
            tokens[chosen] = token_hash(token)
            seat_name = account.name if account is not None else name or player_name(chosen)
            names[chosen] = seat_name
            accounts[chosen] = None if account is None else account.id
            started = not late and record.waiting_seats() == [chosen]
            new = record.replace(tokens=tokens, names=names, accounts=accounts, updated=self.clock(),
                                 status=MatchStatus.ACTIVE if started or late else MatchStatus.OPEN)  # fmt: skip
            if started and new.time_control is not None:  # the clock starts with the match
                new = new.replace(clock=clocks.advance(new.time_control, new.clock, self.snapshot(new).to_act(
                    new.status), None, new.updated))  # fmt: skip
            joined = Joined(seat=chosen, name=seat_name, started=started or late,
                            account=None if account is None else account.id)  # fmt: skip
            result = await self._commit(record, new, ("tokens", "names", "accounts", "status"),
                                        {"kind": "join", "seat": chosen}, match_event(joined))  # fmt: skip
            if result.applied:
                out = {"match": match_id, "seat": chosen, "token": token}
                return out if account is None else {**out, "account": account.id}
            if result.status is CommitStatus.GONE:
                raise MatchNotFound()
        raise StaleVersion("the match kept changing; try again")

    async def _sit_again(self, record: MatchRecord, seat: int, account: Account | None,
                         join_id: str | None) -> dict[str, Any] | None:  # fmt: skip
        """``account`` sits in ``seat`` already (a bot restarted after a crash): a new token for it, and
        the old one no longer works. None if the match changed meanwhile (look again)."""
        assert account is not None
        token = seat_token_for(record.id, seat, join_id) if join_id else new_seat_token(record.id, seat)
        tokens = list(record.tokens)
        tokens[seat] = token_hash(token)
        new = record.replace(tokens=tokens, updated=self.clock())
        event = match_event(Joined(seat=seat, name=record.names[seat] or player_name(seat),
                                   started=record.status is MatchStatus.ACTIVE,
                                   account=account.id, again=True))  # fmt: skip
        result = await self._commit(record, new, ("tokens",), {"kind": "join", "seat": seat, "again": True}, event)
        if result.applied:
            return {"match": record.id, "seat": seat, "token": token, "account": account.id, "again": True}
        if result.status is CommitStatus.GONE:
            raise MatchNotFound()
        return None

    async def leave(self, match_id: str, token: str | None) -> dict[str, Any]:
        for _ in range(RETRIES):
            record, _ = await self.store.load(match_id)
            seat = seat_of(record, token)
            if seat is None:
                raise Unauthorized("leaving needs your seat token")
            if record.status is not MatchStatus.OPEN:
                raise MatchStarted("a seat can only be left before the match starts")
            tokens, names, accounts = list(record.tokens), list(record.names), list(record.accounts)
            tokens[seat] = names[seat] = None
            accounts[seat] = record.held[seat]  # a seat a pairing holds stays held for its account
            # A match every player has left before the start is abandoned; a pairing's stays open for its
            # accounts until its no-show deadline (who leaves it then has not come: ``no_show``).
            kept = record.competitive or any(t is not None for t in tokens)
            status = MatchStatus.OPEN if kept else MatchStatus.ABORTED
            new = record.replace(tokens=tokens, names=names, accounts=accounts, status=status, updated=self.clock())
            event = match_event(Left(seat=seat, aborted=status is MatchStatus.ABORTED))
            result = await self._commit(record, new, ("tokens", "names", "accounts", "status"),
                                        {"kind": "leave", "seat": seat}, event)  # fmt: skip
            if result.applied:
                return {"match": match_id, "seat": seat, "left": True, "status": status.value}
            if result.status is CommitStatus.GONE:
                raise MatchNotFound()
        raise StaleVersion("the match kept changing; try again")

    async def abort(self, match_id: str, by: Literal["admin", "organiser", "pairing"] = "admin") -> MatchSummary:
        """The match ends without an outcome (unrated), whatever its seats were doing: an admin's act, a
        tournament organiser's (cancelling, or deciding the result), or a ``pairing``'s whose group broke
        up before anyone was told of the match."""
        for _ in range(RETRIES):
            record, _ = await self.store.load(match_id)
            if record.status.ended:
                raise MatchOver(f"the match is {record.status} already")
            new = stopped_clock(record.replace(status=MatchStatus.ABORTED, updated=self.clock()))
            event = match_event(Aborted(by=by))
            result = await self._commit(record, new, ("status",), {"kind": "abort", "by": by}, event)
            if result.applied:
                return new.replace(version=result.version).summary()
            if result.status is CommitStatus.GONE:
                raise MatchNotFound()
        raise StaleVersion("the match kept changing; try again")

    async def no_show(self, match_id: str) -> MatchSummary:
        """A pairing's match whose held seats were not all taken in time ends: the seats that were taken
        win (``no_show``, rated like any result) and the others rank below them; if none was, it is
        aborted (nobody played, nothing is rated). Refused (``match_started``) once the match started."""
        for _ in range(RETRIES):
            record, _ = await self.store.load(match_id)
            if record.status is not MatchStatus.OPEN:
                raise MatchOver() if record.status.ended else MatchStarted("the match has started")
            came = sorted(record.played_out())
            absent = [s for s in range(record.seats) if s not in came]
            new = record.replace(status=MatchStatus.ABORTED, updated=self.clock())
            changed: tuple[str, ...] = ("status",)
            if came:
                outcome = Outcome(winners=came, reason="no_show").model_dump(mode="json")
                new, changed = new.replace(status=MatchStatus.FINISHED, outcome=outcome), ("status", "outcome")
            event = match_event(NoShow(absent=absent))
            result = await self._commit(record, new, changed, {"kind": "no_show", "absent": absent}, event)
            if result.applied:
                return new.replace(version=result.version).summary()
            if result.status is CommitStatus.GONE:
                raise MatchNotFound()
        raise StaleVersion("the match kept changing; try again")

    # -- reading ----------------------------------------------------------------------

    async def state(self, match_id: str, token: str | None) -> dict[str, Any]:
        record, _ = await self.store.load(match_id)
        seat = seat_of(record, token)
        record, snap = await self.as_seen_by(record, seat)
        return views.match_state(record, snap, seat, self.clock())

    async def state_at(self, match_id: str, token: str | None, version: int) -> dict[str, Any]:
        """The match as ``token``'s seat (None: a spectator) saw it at ``version``: replayed from its seed and
        its logged moves (:func:`spectating.as_of`), then redacted for that seat as the live view was, so a
        past version shows no more than that seat saw then. A spectator of a delayed match reaches no
        version its delay still hides (``version_not_found``, as for a version the match has not reached)."""
        record, _ = await self.store.load(match_id)
        seat = seat_of(record, token)
        newest = record.version
        if spectating.delayed(record, seat):
            newest = await spectating.visible_version(self.store, record, self.clock())
        if version > newest:
            raise VersionNotFound(f"the newest version you may see is {newest}")
        if version == record.version:
            return views.match_state(record, self.snapshot(record), seat, self.clock())
        entries = await self.store.log(match_id, 0, version) if version > 0 else []
        # In a process of its own: a long match's replay takes about a second (loadtest/README.md).
        return await self.offload.run(spectating.seen_at, record, entries, version, seat, self.clock())

    async def as_seen_by(self, record: MatchRecord, seat: int | None) -> tuple[MatchRecord, views.Snapshot]:
        """``record`` as ``seat`` may see it now: a spectator of a delayed match sees it late."""
        if spectating.delayed(record, seat):
            visible = await spectating.visible_version(self.store, record, self.clock())
            if visible < record.version:
                return await spectating.as_of(self.store, record, visible)
        return record, self.snapshot(record)

    async def of_account(self, account_id: str, status: MatchStatus | None, limit: int) -> list[MatchSummary]:
        """The matches ``account_id`` sat in or was paired for, newest first, with ``status`` (None: any):
        an ended one as it ended (kept beyond the match itself), a live one as it is now."""
        out = []
        for match_id, ended in await self.store.account_matches(account_id, limit):
            if ended is not None:
                summary = MatchSummary.model_validate_json(ended)
            else:
                try:
                    summary = (await self.store.load(match_id))[0].summary()
                except MatchNotFound:
                    continue  # expired before it ended (an open match nobody else joined)
            if status is None or summary.status is status:
                out.append(summary)
        return out

    async def proven_seat(self, token: str) -> SeatToken | None:
        """The seat ``token`` holds now, checked against the stored match; None if it holds none
        (malformed, a wrong secret, a seat since left, no such match)."""
        parsed = SeatToken.parse(token)
        if parsed is None:
            return None
        hashes = await self.store.seat_hashes(parsed.match_id)
        if hashes is None or parsed.seat >= len(hashes) or not isinstance(hashes[parsed.seat], str):
            return None
        return parsed if token_matches(token, hashes[parsed.seat]) else None

    async def legal(self, match_id: str, token: str | None) -> dict[str, Any]:
        record, _ = await self.store.load(match_id)
        seat = seat_of(record, token)
        if seat is None:
            raise Unauthorized("legal moves are for a seat: send its token")
        moves = self.snapshot(record).legal(seat) if record.status is MatchStatus.ACTIVE else []
        return {"match": match_id, "version": record.version, "seat": seat, "moves": moves}

    # -- moves ------------------------------------------------------------------------

    async def move(self, match_id: str, token: str | None, move_id: str, version: int, raw_move: Any) -> dict[str, Any]:
        """A client's move (REST or WebSocket); its refusals are counted by code."""
        try:
            return await self._move(match_id, token, move_id, version, raw_move)
        except VorpalError as exc:
            metrics.MOVES_REFUSED.labels(exc.code).inc()
            raise

    async def _move(self, match_id: str, token: str | None, move_id: str, version: int,
                    raw_move: Any) -> dict[str, Any]:  # fmt: skip
        parsed = SeatToken.parse(token)
        move_key = f"{parsed.seat}:{move_id}" if parsed is not None else ""
        cached = self.store.current(match_id, version) if parsed is not None else None
        if cached is not None:
            assert token is not None
            seat = checked_seat(cached, token, parsed)
            try:
                return await self.play(cached, seat, version, raw_move, move_key)
            except (StaleVersion, MatchNotFound):
                pass  # the cached record was behind: the stored match answers
            except VorpalError:
                # Judged once, on the record at the version the client named. Unless that is no
                # longer current (then it is stale, or this move id was applied), that is the answer.
                record, applied = await self.store.load(match_id, move_key)
                if record.version == version and applied is None:
                    raise
        record, applied = await self.store.load(match_id, move_key)
        if token is None:
            raise Unauthorized("a move needs a seat token")
        seat = checked_seat(record, token, parsed)
        if applied is not None:
            return {"match": match_id, "version": applied, "duplicate": True}
        return await self.play(record, seat, version, raw_move, move_key)

    async def play(self, record: MatchRecord, seat: int, version: int, raw_move: Any, move_key: str,
                   *, timeout: bool = False) -> dict[str, Any]:  # fmt: skip
        """Apply ``seat``'s move to ``record``, which is at ``version`` as far as the caller knows.

        ``timeout``: the move is the one the time control made for a seat whose time ran out.
        """
        if record.status is MatchStatus.OPEN:
            raise MatchNotStarted("the match waits for players")
        if record.status is not MatchStatus.ACTIVE:
            raise MatchOver()
        if version != record.version:
            raise StaleVersion(f"the match is at version {record.version}", current=record.version)
        rules = games.get(record.game)
        table = self.store.draft(rules, record)
        rng = Rng.from_state(record.rng)
        move, event = rules.act(table, rng, seat, raw_move)
        outcome = rules.outcome(table)
        updated = self.clock()
        clock = record.clock
        if record.time_control is not None:
            clock = clocks.advance(record.time_control, clock, rules.to_act(table) if outcome is None else [], seat,
                                   updated)  # fmt: skip
            clock = None if clock is None else clock.after_move(seat, by_the_clock=timeout)
        new = record.replace(
            status=MatchStatus.ACTIVE if outcome is None else MatchStatus.FINISHED, table=self.store.encode(table),
            rng=rng.state, outcome=None if outcome is None else outcome.model_dump(mode="json"),
            version=record.version + 1, updated=updated, clock=clock,
        )  # fmt: skip
        changed = ("table", "rng", "status") if outcome is None else ("table", "rng", "status", "outcome")
        entry: dict[str, Any] = {"kind": "move", "seat": seat, "move": rules.dump_move(move)}
        if timeout:
            entry["timeout"] = True
        result = await self._commit(record, new, changed, entry, event, move_key, table)
        if result.status is CommitStatus.STALE:
            raise StaleVersion(f"the match is at version {result.version}", current=result.version)
        if result.status is CommitStatus.DUPLICATE:
            return {"match": record.id, "version": result.version, "duplicate": True}
        if result.status is CommitStatus.GONE:
            raise MatchNotFound()
        metrics.MOVES_APPLIED.inc()
        return {"match": record.id, "version": result.version}

    async def time_out(self, record: MatchRecord, seat: int) -> None:
        """``seat``'s time has run out in ``record``: apply the time control's policy, as one commit.

        It races a late move of the seat on the match version like any other change: whichever
        commits first wins, and the loser is refused as stale (``StaleVersion``).
        """
        tc = record.time_control
        assert tc is not None and record.status is MatchStatus.ACTIVE
        snap = self.snapshot(record)
        in_a_row = 1 + (0 if record.clock is None else record.clock.timeouts.get(seat, 0))
        absent = record.tokens[seat] is None and not record.house_seat(seat)  # a house seat is its AI's
        if tc.forfeits(in_a_row, competitive=record.competitive, absent=absent):
            await self._forfeit(record, snap, seat)
            return
        if tc.on_timeout == "random_move":
            legal = snap.rules.legal_moves(snap.table, seat)
            move = random.Random(f"{record.id}:{record.version}:{seat}:timeout").choice(legal)
        else:
            move = snap.rules.default_move(snap.table, seat)
        await self.play(record, seat, record.version, snap.rules.dump_move(move), "", timeout=True)

    async def _forfeit(self, record: MatchRecord, snap: views.Snapshot, seat: int) -> None:
        """``seat`` forfeits: the match ends as the game says, or goes on with the server's bot in that seat."""
        outcome = snap.rules.forfeit(snap.table, seat)
        bots = list(record.bots)
        bots[seat] = True
        new = record.replace(bots=bots, updated=self.clock())
        changed: tuple[str, ...] = ("bots",)
        if outcome is not None:
            new = stopped_clock(new.replace(status=MatchStatus.FINISHED, outcome=outcome.model_dump(mode="json")))
            changed = ("status", "outcome", "bots")
        event = match_event(Forfeit(seat=seat, ended=outcome is not None))
        result = await self._commit(record, new, changed, {"kind": "forfeit", "seat": seat}, event)
        if result.status is CommitStatus.STALE:
            raise StaleVersion(f"the match is at version {result.version}", current=result.version)

    # -- the log ----------------------------------------------------------------------

    async def events(self, match_id: str, token: str | None, since: int) -> dict[str, Any]:
        record, _ = await self.store.load(match_id)
        seat = seat_of(record, token)
        until = record.version
        if spectating.delayed(record, seat):
            until = await spectating.visible_version(self.store, record, self.clock())
        entries = await self.store.log(match_id, since, until) if since < until else []
        return {"match": match_id, "version": until, "events": [views.log_entry(e, seat) for e in entries]}
