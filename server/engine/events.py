"""What a game declares of the events it emits: one model per event type.

An :class:`~server.engine.game.Event` is plain data (the game's ``apply`` and ``chance`` return
it as dicts); its models are the game's declaration of what those dicts may be, as its move
and part models are of moves and views. A game lists them in :attr:`Game.events
<server.engine.game.Game.events>`: each :class:`EventModel` is the ``public`` part of one event
type, told apart by its ``type``, and names the model of the ``private`` part a seat may get
with it (:attr:`EventModel.private`). The catalogue publishes their JSON Schemas
(:func:`event_schemas`), with the events every match has (joined, left, ...: declared once, in
``server/domain/match_events.py``), and a generic test plays random matches of every game and
holds each event it emits to them.

The models describe; they are not on the move path: a game builds its events as dicts, and
nothing validates them there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal, TypeAlias, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, create_model


class EventData(BaseModel):
    """A map inside an event (a round's results): its keys are all named."""

    model_config = ConfigDict(extra="forbid")


class PrivatePart(BaseModel):
    """The private part of an event: what only one seat learns of it (the card it drew)."""

    model_config = ConfigDict(extra="forbid")


def _type_required(schema: dict[str, Any]) -> None:
    """Every event carries its ``type``, even where the model gives it as a default."""
    required = schema.setdefault("required", [])
    if "type" not in required:
        required.insert(0, "type")


#: What :attr:`EventModel.private` holds (an alias: in a model's body ``type`` names its ``type`` field).
PrivateModel: TypeAlias = type[PrivatePart] | None


class EventModel(BaseModel):
    """The public part of one type of event. A field it does not name is not part of the event.

    An optional key of the event (present only when it applies: ``round_over`` after the last trick)
    is a field defaulting to ``None``, and absent from the event rather than null.
    """

    model_config = ConfigDict(extra="forbid", json_schema_extra=_type_required)

    #: The model of the private part a seat may receive with this event; ``None``: there is none.
    private: ClassVar[PrivateModel] = None


def event_model(base: type[EventModel], kind: str, doc: str) -> type[EventModel]:
    """A model of the event type ``kind``: ``base``'s fields and ``type`` (for events made alike, one per move)."""
    literal: Any = Literal[kind]  # type: ignore[valid-type]
    return create_model(f"{kind.title().replace('_', '')}Event", __base__=base, __doc__=doc, type=(literal, ...))


def event_type(model: type[EventModel]) -> str:
    """The ``type`` an event of ``model`` carries (its field ``type``, a one-value ``Literal``)."""
    (name,) = get_args(model.model_fields["type"].annotation)
    return str(name)


def event_schemas(models: Sequence[type[EventModel]]) -> dict[str, Any]:
    """The JSON Schemas of the catalogue's ``schemas.events``: ``public``, one of the event types told apart by
    ``type``; ``private``, by event type, the private part a seat may get with it (types without one absent)."""
    names = [event_type(m) for m in models]
    duplicates = {n for n in names if names.count(n) > 1}
    if duplicates:
        raise TypeError(f"event types declared twice: {sorted(duplicates)}")
    one: Any = models[0] if len(models) == 1 else Annotated[Union[tuple(models)], Field(discriminator="type")]  # noqa: UP007
    public: dict[str, Any] = TypeAdapter(one).json_schema()
    private = {name: m.private.model_json_schema() for name, m in zip(names, models, strict=True) if m.private}
    return {"public": public, "private": private}
