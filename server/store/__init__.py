"""Storage: Redis is the only source of truth for matches. The only package that imports redis."""

from .redis_store import REDIS_DOWN, Store

__all__ = ["REDIS_DOWN", "Store"]
