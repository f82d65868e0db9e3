"""The SDK typed by one game: its view and legal moves as the game's generated models, its moves checked.

Each generated game module (:mod:`vorpal_client.games`) ends with ``GAME``, a :class:`GameTypes` of its
``View`` model and ``Move`` type. The connection and the client stay untyped (they serve any game on one
socket); wrapping one with a game's types gives a typed view of its matches of that game::

    live = TypedLive(conn, jabberwocky.GAME)      # TypedLive[jabberwocky.View, jabberwocky.Move]
    state = await live.subscribe(match)           # state.view.public.trump_card: str
    bids = [m for m in state.legal or [] if isinstance(m, jabberwocky.Bid)]
    await live.move(match, bids[0], version=state.version, move_id="m1")

A match of another game is refused at once (:class:`WrongGame`) rather than read into the wrong models.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter

from .live import LiveConnection
from .models import MatchState, MoveResult
from .rest import VorpalClient

V = TypeVar("V", bound=BaseModel)
M = TypeVar("M")


class WrongGame(ValueError):
    """A match of another game than the types given."""


@dataclass(frozen=True)
class GameTypes(Generic[V, M]):
    """One game's generated types: its name, the model of its view and the adapter of its moves."""

    name: str
    view: type[V]
    move: TypeAdapter[M]

    def check(self, game: str) -> None:
        if game != self.name:
            raise WrongGame(f"a match of {game!r}, read with the types of {self.name!r}")

    def moves(self, legal: list[Any] | None) -> list[M] | None:
        return None if legal is None else [self.move.validate_python(m) for m in legal]

    def dump(self, move: M | Mapping[str, Any]) -> Any:
        """A move as the server reads it: a model dumped to JSON values (its ``type`` included), a map as it is."""
        if isinstance(move, Mapping):
            return dict(move)
        return self.move.dump_python(move, mode="json", by_alias=True)


@dataclass(frozen=True)
class TypedState(Generic[V, M]):
    """A match state with its view and legal moves as the game's models; ``state`` is the whole of it."""

    state: MatchState
    view: V
    legal: list[M] | None

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def to_act(self) -> list[int]:
        return self.state.to_act

    @property
    def you(self) -> int | None:
        return self.state.you

    @classmethod
    def read(cls, game: GameTypes[V, M], data: Mapping[str, Any] | MatchState) -> TypedState[V, M]:
        state = data if isinstance(data, MatchState) else MatchState.model_validate(dict(data))
        game.check(state.game)
        return cls(state, game.view.model_validate(state.view), game.moves(state.legal))


@dataclass(frozen=True)
class TypedEvent(Generic[V, M]):
    """An ``event`` frame with the view after it and the recipient's legal moves typed (``None`` when the
    frame has none: a replayed event carries no view)."""

    frame: dict[str, Any]
    view: V | None
    legal: list[M] | None


class TypedLive(Generic[V, M]):
    """A :class:`LiveConnection` reading the matches of one game with that game's types."""

    def __init__(self, live: LiveConnection, game: GameTypes[V, M]) -> None:
        self.live = live
        self.game = game

    async def subscribe(self, match: str, *, since: int | None = None) -> TypedState[V, M]:
        return TypedState.read(self.game, await self.live.subscribe(match, since=since))

    async def move(self, match: str, move: M | Mapping[str, Any], *, version: int, move_id: str) -> dict[str, Any]:
        return await self.live.move(match, self.game.dump(move), version=version, move_id=move_id)

    def event(self, frame: Mapping[str, Any]) -> TypedEvent[V, M]:
        """An ``event`` frame of :attr:`LiveConnection.events`, its view and legal moves typed."""
        view = frame.get("view")
        return TypedEvent(dict(frame), None if view is None else self.game.view.model_validate(view),
                          self.game.moves(frame.get("legal")))  # fmt: skip


class TypedClient(Generic[V, M]):
    """A :class:`VorpalClient` reading the matches of one game with that game's types."""

    def __init__(self, api: VorpalClient, game: GameTypes[V, M]) -> None:
        self.api = api
        self.game = game

    async def state(self, match: str, token: str | None = None) -> TypedState[V, M]:
        return TypedState.read(self.game, await self.api.state(match, token))

    async def legal(self, match: str, token: str) -> list[M]:
        return self.game.moves(await self.api.legal(match, token)) or []

    async def move(self, match: str, token: str, move: M | Mapping[str, Any], *, version: int,
                   move_id: str) -> MoveResult:  # fmt: skip
        return await self.api.move(match, token, self.game.dump(move), version=version, move_id=move_id)
