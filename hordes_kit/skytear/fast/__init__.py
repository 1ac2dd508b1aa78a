"""Skytear Horde's fast simulator (numba): the sensible bot's standard games at scale.

``sim`` is its entry (``Game(fastsim=...)``: ``run_fast``, ``fast_chunk``, ``warm_up``).
The other modules mirror the rules engine's, module by module: ``core`` (the position
array), ``stats``, ``board``, ``targets``, ``tasks``, ``turn``, ``treachery``, ``draws``,
``phases``, ``fight``, ``effects``, ``bot`` and ``run`` (the game loop); ``tables`` holds
the cards as arrays, ``refuse`` the games that meet a card it does not play, and
``export`` a rules-engine position as one (``statics``: which cards have static
abilities and which reach past their host). It plays the engine's
games (tests/test_skytear_fast.py); the engine stays the source of truth.
"""
