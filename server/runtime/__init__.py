"""Process machinery the app owns and wires in: caches, garbage-collector tuning and metrics.

Nothing here is module-level state: each piece is an object made from the
settings, so a test (or a second app in one process) gets its own. The Prometheus
metrics are the exception (``metrics.py`` says why).
"""
