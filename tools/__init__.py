"""The project's own tools: the lock's helpers (uv_from_lock, lock_diff) and redocly's pinned install."""
