"""Use cases: each takes a unit of work and commits explicitly."""
