"""The strategy lab: questions about a game answered over many seeded games.

Its modules, each importing only those listed before it:

- ``tasks``: an experiment (``Experiment``, its ``Arm``s) and its tasks: ``play_task``
  plays a range of games of every arm and returns exact sums (``Tally``); task sizes,
  derived seeds.
- ``cluster``: the tasks on the user's own Dask cluster (``dask_tasks``, ``connect``) and
  the check of a scheduler's address (``check_scheduler``).
- ``run``: the runner, here or on the cluster (``run_experiment``), and its answer
  (``LabResult``: means, 95% intervals, differences on the same games).
- ``search``: the best member of a policy family by successive halving (``search``), and
  the questions a game asks (``Question``, ``ask``).
- ``report``: answers as TOML rows and back (``data/lab/answers.toml``).
- ``cli``: ``hordes-kit lab GAME QUESTION`` (``lab_command``).

A game's questions live in its own ``lab.py``; the page is ``ui/lab.py``. This package's
own module holds only what the command line needs before any of them is imported.
"""

__all__ = ["DEFAULT_CANDIDATES"]

DEFAULT_CANDIDATES = 16  # members a search draws unless told otherwise (--candidates)
