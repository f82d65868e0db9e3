"""The match domain: what a match is and how it changes, free of transport and storage.

Nothing here imports Starlette or Redis. Storage is reached through the
:class:`~server.domain.record.MatchStore` protocol, which ``server.store``
implements; the app wires the two together.
"""
