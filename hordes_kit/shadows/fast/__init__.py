"""Shadows' fast simulator (numba): whole games of the sensible bot and its family on one
integer array each, 2 and 3 players.

``sim`` is its entry (``run_fast``, ``play_tape_fast``); ``position`` plays on from a
rules engine's position and warms both up (``Game(fastsim=...)``: ``warm_up``);
``codes`` says how a position lies in its array and numbers everything;
``tables`` holds the cards as arrays (and refuses what it cannot play, ``Unsupported``);
``board`` the array's small parts and the position's queries; ``notation`` a move as one
number; ``triggers``, ``rewards``, ``damage``, ``monster``, ``attack``, ``items``,
``combat``, ``combat_moves``, ``opening``, ``moves`` and ``flow`` the rules as the
engine's modules of those names hold them; ``legal`` the legal
moves; ``bot`` the sensible bot and its family; ``play`` the game loop; ``export`` a rules
engine's position as an array (its record replayed, what a sample deals anew written
over) and ``resume`` games played on from it. It plays the rules engine's games move for
move (tests/test_shadows_fast.py), and continues its positions move for move
(tests/test_shadows_fast_positions.py); the engine stays the source of truth.

Every function is compiled without numba's reference counts (``_nrt=False``): nothing in
the simulator allocates (a Hero's stats are a tuple, scratch rows lie in the position's
array, the caller gives every buffer), so no call needs to count its arguments. With them,
each call counted the eleven table arrays it is given in and out, and those atomic counts
were most of the time: about 600 two-player games a second against 5,000 without. For the
same reason the tables travel as two arrays (``tables._packed``; ``board.rows`` and
``board.vec`` give each table as a view): a call copies every array it is given, and with
twelve that copy was half the time left (10,000 games a second with two).
"""
