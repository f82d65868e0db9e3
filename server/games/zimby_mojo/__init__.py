"""Zimby Mojo: the package. The rules are in :mod:`.game`; the state in :mod:`.state`."""
