"""Vorpal's WebSocket protocol: frame models and the MessagePack codec (see PROTOCOL.md)."""

from .codec import MAX_DEPTH, MAX_FRAME_BYTES, DecodeError, decode_client, decode_server, encode
from .errors import CLOSE_CODES, ERROR_CODES
from .frames import (
    SUBPROTOCOL,
    SUBPROTOCOLS,
    Ack,
    Auth,
    ChatFrame,
    ClientFrame,
    ErrorFrame,
    EventFrame,
    MoveFrame,
    Ping,
    Pong,
    SayFrame,
    ServerFrame,
    Subscribe,
    Unsubscribe,
)

__all__ = [
    "CLOSE_CODES",
    "ERROR_CODES",
    "MAX_DEPTH",
    "MAX_FRAME_BYTES",
    "SUBPROTOCOL",
    "SUBPROTOCOLS",
    "Ack",
    "Auth",
    "ChatFrame",
    "ClientFrame",
    "DecodeError",
    "ErrorFrame",
    "EventFrame",
    "MoveFrame",
    "Ping",
    "Pong",
    "SayFrame",
    "ServerFrame",
    "Subscribe",
    "Unsubscribe",
    "decode_client",
    "decode_server",
    "encode",
]
