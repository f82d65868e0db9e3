"""Storage: Redis is the only source of truth for matches."""

from .redis_store import Commit, MatchRecord, Store

__all__ = ["Commit", "MatchRecord", "Store"]
