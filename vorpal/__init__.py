"""The names a bot author types: ``vorpal-bot --strategy vorpal.ai:level3`` (see :mod:`vorpal.ai`).

The server's code lives in the ``server`` package; this one only gives its public entry points for bot
authors the project's name, so that they need not know how the server is laid out.
"""
