"""The lab's tasks on an existing Dask distributed cluster (``--scheduler ADDRESS``), and
the check of a scheduler's address (``check_scheduler``), made before any work.

Each task has a key made of the experiment, the seed and its number, so a task redone
(a worker lost mid-run: the scheduler runs its tasks again elsewhere) or submitted
twice is one task, and its result is kept once by number. At most a few tasks per
worker are in flight, so the client's memory does not grow with the number of games.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
from collections.abc import Callable, Iterator

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.lab.tasks import play_task, task_size
from hordes_kit.core.montecarlo import chunk_ranges

__all__ = ["dask_tasks", "connect", "check_scheduler"]

IN_FLIGHT = 4  # tasks per worker submitted ahead
CONNECT_SECONDS = 10.0  # how long to wait for a scheduler to answer


_HOST = re.compile(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,252})?", re.ASCII)
_SCHEMES = ("tcp", "tls", "ucx", "ws", "wss", "inproc")


def check_scheduler(address: str) -> str:
    """A Dask scheduler address, checked before any work (``tcp://host:8786``, ``host:port``,
    ``tcp://[::1]:8786``): a scheme Dask knows, a host name, an IPv4 address or an IPv6
    address in brackets, and a port 1-65535.

    >>> check_scheduler("tcp://[::1]:8786")
    'tcp://[::1]:8786'
    >>> check_scheduler("tcp://[::1")
    Traceback (most recent call last):
    ...
    hordes_kit.core.errors.InvalidInputError: the scheduler address 'tcp://[::1' must look like tcp://HOST:PORT (port 1-65535; an IPv6 host in brackets: tcp://[::1]:8786)
    """  # noqa: E501
    if not isinstance(address, str) or not 1 <= len(address) <= 200:
        raise InvalidInputError("the scheduler address must be 1-200 characters")
    if any(c.isspace() or not c.isprintable() for c in address):
        raise InvalidInputError(f"the scheduler address {address!r} has spaces or odd characters")
    bad = InvalidInputError(
        f"the scheduler address {address!r} must look like tcp://HOST:PORT (port 1-65535; "
        "an IPv6 host in brackets: tcp://[::1]:8786)"
    )
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    host, _, port = rest.rpartition(":")
    if scheme not in _SCHEMES or not port.isascii() or not port.isdigit():
        raise bad
    if not 1 <= int(port) <= 65535 or len(port) > 5:
        raise bad
    if host.startswith("["):
        try:
            ipaddress.IPv6Address(host[1:-1] if host.endswith("]") else "?")
        except ValueError:
            raise bad from None
    elif not _HOST.fullmatch(host):
        raise bad
    return address


def connect(scheduler, timeout: float | None = None):
    """A ``distributed.Client`` for an address (checked), or the client given."""
    from distributed import Client

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
                play_task,
                (exp.play, specs, seed, first, count),
                key=f"hk-lab-{token}-{i}",
                retries=3,
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
