"""The lab's tasks on an existing Dask distributed cluster (``--scheduler ADDRESS``).

Each task has a key made of the experiment, the seed and its number, so a task redone
(a worker lost mid-run: the scheduler runs its tasks again elsewhere) or submitted
twice is one task, and its result is kept once by number. At most a few tasks per
worker are in flight, so the client's memory does not grow with the number of games.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import chunk_ranges

__all__ = ["dask_tasks", "connect"]

IN_FLIGHT = 4  # tasks per worker submitted ahead
CONNECT_SECONDS = 10.0  # how long to wait for a scheduler to answer


def connect(scheduler, timeout: float | None = None):
    """A ``distributed.Client`` for an address (checked), or the client given."""
    from distributed import Client

    from hordes_kit.core.lab import check_scheduler

    if isinstance(scheduler, Client):
        return scheduler, False
    address = check_scheduler(scheduler)
    try:
        return Client(address, timeout=timeout or CONNECT_SECONDS), True
    except (OSError, TimeoutError) as exc:
        raise InvalidInputError(f"no Dask scheduler answered at {address}: {exc}") from None
    except ValueError as exc:  # an address Dask reads otherwise than check_scheduler
        raise InvalidInputError(f"the scheduler address {address!r}: {exc}") from None


def _token(exp, specs, seed: int, size: int) -> str:
    text = f"{exp.play.__module__}.{exp.play.__qualname__}|{specs!r}|{seed}|{size}"
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def dask_tasks(
    exp,
    specs: tuple,
    games: int,
    seed: int,
    scheduler,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator:
    """Every task's ``Tally`` from the cluster, each exactly once (in any order)."""
    from distributed import as_completed

    from hordes_kit.core.lab import _task, task_size

    client, own = connect(scheduler)
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        size = task_size(exp, games, workers)
        token = _token(exp, specs, seed, size)
        chunks = enumerate(chunk_ranges(games, size))
        number = {}

        def submit(item):
            i, (first, count) = item
            fut = client.submit(
                _task, (exp.play, specs, seed, first, count), key=f"hk-lab-{token}-{i}", retries=3
            )
            number[fut.key] = i
            return fut

        ahead = [submit(item) for _, item in zip(range(IN_FLIGHT * workers), chunks)]
        seen: set[int] = set()
        done = 0
        pending = as_completed(ahead)
        for fut in pending:
            i = number[fut.key]
            part = fut.result()
            fut.release()
            if i not in seen:  # never count a task twice
                seen.add(i)
                done += part.games
                if progress:
                    progress(done, games)
                yield part
            nxt = next(chunks, None)
            if nxt is not None:
                pending.add(submit(nxt))
    finally:
        if own:
            client.close()
