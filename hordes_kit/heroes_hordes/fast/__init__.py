"""Heroes & Hordes' fast simulator (numba): whole games on flat arrays, at scale.

``sim`` is its entry (``Game(fastsim=...)``: ``run_fast``, ``export``, ``warm_up``). It
plays the rules engine's games (tests/test_heroes_hordes_fast.py); the engine stays the
source of truth.
"""
