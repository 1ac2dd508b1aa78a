"""Fantahzee's fast simulator (numba): whole games of the bots on one integer array each.

``sim`` is its entry (``Game(fastsim=...)``: ``run_fast``, ``play_games``, ``warm_up``);
``engine`` holds the position array and the small rule queries, ``moves`` chance and the
moves, ``legal`` the sorted legal moves, ``bot`` the strong bot, ``plan`` its attack
planner, ``party`` its party solver, ``play`` the game loop and ``tables`` the cards as
arrays (and a rules-engine position as an array). It plays the rules engine's games move
for move (tests/test_fantahzee_fast.py); the engine stays the source of truth.
"""
