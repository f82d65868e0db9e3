"""Load tests and benchmarks for Vorpal (see README.md); not part of the pytest suite."""
