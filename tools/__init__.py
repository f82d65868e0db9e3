"""The project's own tools: the lock's helpers (uv_from_lock, lock_diff), the
modules' size check that `make lint` runs (module_sizes), and redocly's pinned install."""
