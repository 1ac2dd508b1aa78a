"""The Horde's fast simulator (numba): survival games on count arrays, at scale.

``sim`` is its entry (``Game(fastsim=...)``: ``run_fast``, ``export``, ``warm_up``). It
plays the rules engine's games (tests/test_the_horde_fast.py); the engine stays the source
of truth.
"""
