"""The REST half of the SDK: an async client for the match lifecycle."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import httpx

from .errors import ApiError, error_from
from .models import (
    Account,
    Game,
    HouseAccount,
    IssuedKey,
    Ladder,
    LadderRating,
    LadderStatus,
    LeaveResult,
    LoggedEvent,
    MatchState,
    MatchSummary,
    MoveResult,
    Notice,
    RatedMatch,
    SeatToken,
)
from .tournaments import Tournament


class VorpalClient:
    """``async with VorpalClient("http://127.0.0.1:8000") as api: ...``"""

    def __init__(
        self, base_url: str, *, timeout: float = 30.0, transport: httpx.AsyncBaseTransport | None = None
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.http = httpx.AsyncClient(base_url=self.base_url, timeout=timeout, transport=transport)

    async def __aenter__(self) -> VorpalClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self.http.aclose()

    async def _call(self, method: str, path: str, *, token: str | None = None, json: Any = None,
                    params: dict[str, Any] | None = None) -> Any:  # fmt: skip
        headers = {"Authorization": f"Bearer {token}"} if token else None
        try:
            r = await self.http.request(method, path, json=json, params=params, headers=headers)
        except httpx.TransportError as exc:
            raise ApiError("unavailable", "Server unreachable", str(exc)) from exc
        if r.status_code >= 400:
            try:
                body = r.json()
            except ValueError:
                body = {"code": "internal", "title": r.reason_phrase, "detail": r.text[:200]}
            raise error_from(body, r.status_code, retry_after=r.headers.get("Retry-After"))
        return r.json()

    async def games(self) -> list[Game]:
        return [Game.model_validate(g) for g in (await self._call("GET", "/v1/games"))["games"]]

    async def create_match(self, game: str, seats: int, *, options: dict[str, Any] | None = None,
                           bots: Sequence[int | dict[str, int]] | None = None,
                           time_control: dict[str, Any] | None = None) -> MatchSummary:  # fmt: skip
        """A new match; ``bots``: seats played by the server's bots, a seat number (random play) or
        ``{"seat": 1, "level": 3}`` (the catalogue's ``bot_levels``); ``time_control`` e.g.
        ``{"kind": "per_decision", "limit_ms": 5000}`` (PROTOCOL.md)."""
        body: dict[str, Any] = {"game": game, "seats": seats, "options": options or {}, "bots": list(bots or [])}
        if time_control is not None:
            body["time_control"] = time_control
        return MatchSummary.model_validate(await self._call("POST", "/v1/matches", json=body))

    async def list_matches(
        self, *, game: str | None = None, status: str | None = None, limit: int = 50
    ) -> list[MatchSummary]:
        params = {k: v for k, v in {"game": game, "status": status, "limit": limit}.items() if v is not None}
        return [
            MatchSummary.model_validate(m) for m in (await self._call("GET", "/v1/matches", params=params))["matches"]
        ]

    async def join(self, match: str, *, seat: int | None = None, name: str | None = None,
                   key: str | None = None, join_id: str | None = None) -> SeatToken:  # fmt: skip
        """Take a seat: anonymously, or as the account of the API key ``key`` (it plays under its own name).

        ``join_id``, a key of the caller's choosing, makes a retry (after ``unavailable``) answer as the
        first join did: the same seat and token. An account that sits in the match already gets its seat
        again, with a new token (the old one stops working): how a restarted bot takes its seat back."""
        body = {k: v for k, v in {"seat": seat, "name": name, "join_id": join_id}.items() if v is not None}
        return SeatToken.model_validate(await self._call("POST", f"/v1/matches/{match}/join", token=key, json=body))

    async def leave(self, match: str, token: str) -> LeaveResult:
        return LeaveResult.model_validate(await self._call("POST", f"/v1/matches/{match}/leave", token=token))

    async def state(self, match: str, token: str | None = None) -> MatchState:
        return MatchState.model_validate(await self._call("GET", f"/v1/matches/{match}", token=token))

    async def state_at(self, match: str, version: int, token: str | None = None) -> MatchState:
        """The match as the token's seat (None: a spectator) saw it at ``version``: a frontend steps back with it."""
        return MatchState.model_validate(
            await self._call("GET", f"/v1/matches/{match}/versions/{version}", token=token)
        )

    async def legal(self, match: str, token: str) -> list[Any]:
        moves: list[Any] = (await self._call("GET", f"/v1/matches/{match}/legal", token=token))["moves"]
        return moves

    async def move(self, match: str, token: str, move: Any, *, version: int, move_id: str) -> MoveResult:
        body = {"move_id": move_id, "version": version, "move": move}
        return MoveResult.model_validate(await self._call("POST", f"/v1/matches/{match}/moves", token=token, json=body))

    async def events(self, match: str, *, since: int = 0, token: str | None = None) -> list[LoggedEvent]:
        out = await self._call("GET", f"/v1/matches/{match}/events", token=token, params={"since": since})
        return [LoggedEvent.model_validate(e) for e in out["events"]]

    async def say(self, match: str, token: str, text: str) -> dict[str, Any]:
        result: dict[str, Any] = await self._call("POST", f"/v1/matches/{match}/chat", token=token, json={"text": text})
        return result

    async def chat(self, match: str) -> list[dict[str, Any]]:
        messages: list[dict[str, Any]] = (await self._call("GET", f"/v1/matches/{match}/chat"))["messages"]
        return messages

    # -- accounts ---------------------------------------------------------------------

    async def register(self, name: str, *, kind: str = "bot") -> IssuedKey:
        """A new account (``kind``: ``human`` or ``bot``) and its API key, shown this once."""
        return IssuedKey.model_validate(await self._call("POST", "/v1/accounts", json={"name": name, "kind": kind}))

    async def account(self, key: str) -> Account:
        return Account.model_validate(await self._call("GET", "/v1/accounts/me", token=key))

    async def house_accounts(self) -> list[HouseAccount]:
        """The house accounts, one per AI level, weakest first."""
        listed = await self._call("GET", "/v1/accounts/house")
        return [HouseAccount.model_validate(a) for a in listed["accounts"]]

    async def rotate_key(self, key: str) -> IssuedKey:
        """A new key for the account; ``key`` stops working at once."""
        return IssuedKey.model_validate(await self._call("POST", "/v1/accounts/me/key", token=key))

    async def revoke_key(self, key: str) -> Account:
        """``key`` stops working and nothing replaces it."""
        return Account.model_validate((await self._call("DELETE", "/v1/accounts/me/key", token=key))["account"])

    async def my_matches(self, key: str, *, status: str | None = None, limit: int = 50) -> list[MatchSummary]:
        """The account's matches, newest first (``status="active"``: where it sits now); each ended one as it
        ended, kept beyond the match itself."""
        params = {k: v for k, v in {"status": status, "limit": limit}.items() if v is not None}
        answer = await self._call("GET", "/v1/accounts/me/matches", token=key, params=params)
        return [MatchSummary.model_validate(m) for m in answer["matches"]]

    async def inbox(self, key: str, *, since: int = 0) -> list[Notice]:
        """The account's notices numbered above ``since``, oldest first (``match_found``: a ladder paired it)."""
        found = await self._call("GET", "/v1/accounts/me/inbox", token=key, params={"since": since})
        return [Notice.model_validate(n) for n in found["notices"]]

    # -- ladders ----------------------------------------------------------------------

    async def ladders(self) -> list[Ladder]:
        return [Ladder.model_validate(lad) for lad in (await self._call("GET", "/v1/ladders"))["ladders"]]

    async def ladder(self, ladder: str) -> Ladder:
        return Ladder.model_validate(await self._call("GET", f"/v1/ladders/{ladder}"))

    async def join_queue(self, ladder: str, key: str) -> LadderStatus:
        """Wait in the ladder's queue (``already_queued`` if the account waits there already);
        a pairing arrives as a ``match_found`` notice (:meth:`inbox`)."""
        return LadderStatus.model_validate(await self._call("POST", f"/v1/ladders/{ladder}/queue", token=key))

    async def leave_queue(self, ladder: str, key: str) -> LadderStatus:
        """Stop waiting (``not_queued`` if the account was not waiting)."""
        return LadderStatus.model_validate(await self._call("DELETE", f"/v1/ladders/{ladder}/queue", token=key))

    async def ladder_status(self, ladder: str, key: str) -> LadderStatus:
        return LadderStatus.model_validate(await self._call("GET", f"/v1/ladders/{ladder}/me", token=key))

    async def leaderboard(self, ladder: str, *, limit: int = 100, season: int | None = None) -> list[LadderRating]:
        """The ladder's rated accounts, best display rating first (``season``: a past season's board)."""
        params: dict[str, Any] = {"limit": limit} if season is None else {"limit": limit, "season": season}
        found = await self._call("GET", f"/v1/ladders/{ladder}/leaderboard", params=params)
        return [LadderRating.model_validate(r) for r in found["ratings"]]

    async def rating_history(self, ladder: str, account: str, *, limit: int = 100) -> list[RatedMatch]:
        """An account's rated matches on the ladder, oldest first (the newest ``limit``)."""
        found = await self._call("GET", f"/v1/ladders/{ladder}/accounts/{account}/history", params={"limit": limit})
        return [RatedMatch.model_validate(h) for h in found["history"]]

    # -- admin (the server's VORPAL_ADMIN_KEY) --------------------------------------------

    async def admin_matches(self, admin_key: str, *, game: str | None = None, status: str | None = None,
                            limit: int = 50) -> list[MatchSummary]:  # fmt: skip
        params = {k: v for k, v in {"game": game, "status": status, "limit": limit}.items() if v is not None}
        found = await self._call("GET", "/v1/admin/matches", token=admin_key, params=params)
        return [MatchSummary.model_validate(m) for m in found["matches"]]

    async def abort_match(self, match: str, admin_key: str) -> MatchSummary:
        return MatchSummary.model_validate(await self._call("POST", f"/v1/admin/matches/{match}/abort",
                                                            token=admin_key))  # fmt: skip

    async def disable_account(self, account: str, admin_key: str) -> Account:
        """Disable an account: its key is refused, and it leaves every ladder's queue and every tournament."""
        return Account.model_validate(await self._call("POST", f"/v1/admin/accounts/{account}/disable",
                                                       token=admin_key))  # fmt: skip

    async def enable_account(self, account: str, admin_key: str) -> Account:
        """Enable a disabled account again (its current key works again)."""
        return Account.model_validate(await self._call("POST", f"/v1/admin/accounts/{account}/enable",
                                                       token=admin_key))  # fmt: skip

    async def admin_accounts(self, admin_key: str, *, limit: int = 100) -> list[Account]:
        """Every account, oldest first (read a page at a time, as the server hands them out)."""
        out: list[Account] = []
        after: str | None = None
        while True:
            params: dict[str, Any] = {"limit": limit} if after is None else {"limit": limit, "after": after}
            page = await self._call("GET", "/v1/admin/accounts", token=admin_key, params=params)
            out += [Account.model_validate(a) for a in page["accounts"]]
            after = page["next"]
            if after is None:
                return out

    # -- tournaments ------------------------------------------------------------------------

    async def create_tournament(self, key: str, name: str, game: str, *, format: str, time_control: dict[str, Any],
                                seats: int = 2, options: dict[str, Any] | None = None, rounds: int | None = None,
                                spectator_delay: dict[str, Any] | None = None, **entry: Any) -> Tournament:  # fmt: skip
        """A new tournament organised by the account of ``key`` (the admin key: no organiser).

        ``format``: ``round_robin``, ``swiss`` or ``single_elimination``; ``time_control`` is
        required (every round must end); ``spectator_delay`` e.g. ``{"moves": 2}`` or ``{"seconds": 30}``;
        ``entry``: ``max_entrants``, ``registration_closes``, ``starts_at`` (ms since the epoch),
        ``seeding`` (``"rating"`` with ``seed_ladder``), ``withdraw_after_forfeits`` (PROTOCOL.md 8.2).
        """
        body: dict[str, Any] = {"name": name, "game": game, "seats": seats, "options": options or {},
                                "format": format, "time_control": time_control, **entry}  # fmt: skip
        if rounds is not None:
            body["rounds"] = rounds
        if spectator_delay is not None:
            body["spectator_delay"] = spectator_delay
        return Tournament.model_validate(await self._call("POST", "/v1/tournaments", token=key, json=body))

    async def tournaments(self, *, limit: int = 50) -> list[dict[str, Any]]:
        """Tournaments, newest first (a summary of each: id, name, game, format, status, entrants)."""
        found: list[dict[str, Any]] = (await self._call("GET", "/v1/tournaments", params={"limit": limit}))[
            "tournaments"]  # fmt: skip
        return found

    async def tournament(self, tournament: str) -> Tournament:
        """The tournament with its rounds and standings."""
        return Tournament.model_validate(await self._call("GET", f"/v1/tournaments/{tournament}"))

    async def register_tournament(self, tournament: str, key: str) -> Tournament:
        return Tournament.model_validate(await self._call("POST", f"/v1/tournaments/{tournament}/register", token=key))

    async def unregister_tournament(self, tournament: str, key: str) -> Tournament:
        return Tournament.model_validate(await self._call("DELETE", f"/v1/tournaments/{tournament}/register",
                                                          token=key))  # fmt: skip

    async def start_tournament(self, tournament: str, key: str) -> Tournament:
        """Start it, with its organiser's API key (or the admin key)."""
        return Tournament.model_validate(await self._call("POST", f"/v1/tournaments/{tournament}/start", token=key))

    # -- the organiser's acts (its API key, or the admin key) --

    async def enter_house_in_tournament(self, tournament: str, level: int, key: str) -> Tournament:
        """Register the house account of ``level`` (before the start)."""
        return Tournament.model_validate(await self._call("POST", f"/v1/tournaments/{tournament}/house", token=key,
                                                          json={"level": level}))  # fmt: skip

    async def withdraw_from_tournament(
        self, tournament: str, account: str, key: str, *, reason: str = ""
    ) -> Tournament:
        """Withdraw ``account``: its results stay, it is paired no more (before the start: unregistered)."""
        body = {"account": account, "reason": reason}
        return Tournament.model_validate(await self._call("POST", f"/v1/tournaments/{tournament}/withdraw", token=key,
                                                          json=body))  # fmt: skip

    async def pause_tournament(self, tournament: str, key: str) -> Tournament:
        """Hold the next round's pairing (matches under way go on)."""
        return Tournament.model_validate(await self._call("POST", f"/v1/tournaments/{tournament}/pause", token=key))

    async def resume_tournament(self, tournament: str, key: str) -> Tournament:
        return Tournament.model_validate(await self._call("POST", f"/v1/tournaments/{tournament}/resume", token=key))

    async def cancel_tournament(self, tournament: str, key: str) -> Tournament:
        """End it where it stands; its matches under way are aborted."""
        return Tournament.model_validate(await self._call("POST", f"/v1/tournaments/{tournament}/cancel", token=key))

    async def adjudicate(self, tournament: str, match: str, winners: list[int], key: str, *,
                         reason: str) -> Tournament:  # fmt: skip
        """Decide ``match``'s result (the winning seats; empty: nobody scores), logged with who and why."""
        body = {"match": match, "winners": winners, "reason": reason}
        return Tournament.model_validate(await self._call("POST", f"/v1/tournaments/{tournament}/adjudicate",
                                                          token=key, json=body))  # fmt: skip

    async def export_tournament(self, tournament: str, *, format: str = "json") -> Any:
        """The results: the tournament as JSON (a dict), or its standings as CSV text (``format="csv"``)."""
        params = {"format": format}
        if format == "csv":
            try:
                r = await self.http.get(f"/v1/tournaments/{tournament}/export", params=params)
            except httpx.TransportError as exc:
                raise ApiError("unavailable", "Server unreachable", str(exc)) from exc
            if r.status_code >= 400:
                raise error_from(r.json(), r.status_code)
            return r.text
        return await self._call("GET", f"/v1/tournaments/{tournament}/export", params=params)

    async def create_ladder(self, admin_key: str, name: str, game: str, seats: int, *,
                            options: dict[str, Any] | None = None, time_control: dict[str, Any] | None = None,
                            **settings: Any) -> Ladder:  # fmt: skip
        """A new ladder; ``settings``: ``join_s``, ``window``, ``widen_per_s`` (PROTOCOL.md, Ladders)."""
        body: dict[str, Any] = {"name": name, "game": game, "seats": seats, "options": options or {}, **settings}
        if time_control is not None:
            body["time_control"] = time_control
        return Ladder.model_validate(await self._call("POST", "/v1/admin/ladders", token=admin_key, json=body))

    # -- ladder administration (the admin key) --

    async def edit_ladder(self, ladder: str, admin_key: str, **changes: Any) -> Ladder:
        """Change ``name``, ``options``, ``time_control``, ``join_s``, ``window`` or ``widen_per_s``."""
        return Ladder.model_validate(await self._call("PATCH", f"/v1/admin/ladders/{ladder}", token=admin_key,
                                                      json=changes))  # fmt: skip

    async def pause_ladder(self, ladder: str, admin_key: str) -> Ladder:
        return Ladder.model_validate(await self._call("POST", f"/v1/admin/ladders/{ladder}/pause", token=admin_key))

    async def resume_ladder(self, ladder: str, admin_key: str) -> Ladder:
        return Ladder.model_validate(await self._call("POST", f"/v1/admin/ladders/{ladder}/resume", token=admin_key))

    async def new_season(self, ladder: str, admin_key: str) -> Ladder:
        """A fresh board; past seasons' stay readable (``leaderboard(season=)``)."""
        return Ladder.model_validate(await self._call("POST", f"/v1/admin/ladders/{ladder}/season", token=admin_key))

    async def enter_house(self, ladder: str, level: int, admin_key: str) -> dict[str, Any]:
        """Enter the house account of ``level`` in the ladder's queue, for good (``{ladder, account, queued,
        since}``); the admin's act."""
        entered: dict[str, Any] = await self._call("POST", f"/v1/admin/ladders/{ladder}/house", token=admin_key,
                                                   json={"level": level})  # fmt: skip
        return entered

    async def remove_house(self, ladder: str, level: int, admin_key: str) -> dict[str, Any]:
        """Take the house account of ``level`` out of the ladder's queue."""
        removed: dict[str, Any] = await self._call("DELETE", f"/v1/admin/ladders/{ladder}/house/{level}",
                                                   token=admin_key)  # fmt: skip
        return removed

    async def delete_ladder(self, ladder: str, admin_key: str) -> None:
        await self._call("DELETE", f"/v1/admin/ladders/{ladder}", token=admin_key)
