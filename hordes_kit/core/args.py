"""Command-line arguments with documented ranges, checked while parsing (before any work).

``int_in(lo, hi)`` is an argparse ``type`` that reads ASCII digits only (Python's ``int``
also takes ``'²'``'s neighbours, ``'١٢'``, underscores and 5,000-digit strings) and
refuses a value outside ``lo..hi`` in one line naming the option; ``argument(spec)`` reads
an option that sets a field of a game's config by that field's declared schema.
``add_run_arguments`` gives every ``simulate`` command the same ``--games``, ``--seed`` and
``--workers``.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import MAX_GAMES, MAX_SEED, max_workers
from hordes_kit.core.schema import At, OneOf, Spec, TableRule, Whole

__all__ = ["int_in", "text_up_to", "path_arg", "argument", "add_run_arguments", "MAX_TEXT"]

_INT = re.compile(r"[+-]?[0-9]{1,30}", re.ASCII)
MAX_TEXT = 2_000  # characters in a free-text argument (card lists, dice, costs)


def int_in(lo: int, hi: int | Callable[[], int]) -> Callable[[str], int]:
    """An argparse type: a whole number from ``lo`` to ``hi`` (``hi`` may be computed late).

    >>> int_in(1, 10)("7")
    7
    >>> int_in(1, 10)("11")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be 1-10, got 11
    """

    def parse(text: str) -> int:
        top = hi() if callable(hi) else hi
        if not _INT.fullmatch(text.strip()):
            shown = text if len(text) <= 40 else text[:40] + "..."
            raise argparse.ArgumentTypeError(f"must be a whole number {lo}-{top:,}, got {shown!r}")
        value = int(text)
        if not lo <= value <= top:
            raise argparse.ArgumentTypeError(f"must be {lo}-{top:,}, got {value:,}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in some messages
    return parse


def text_up_to(limit: int = MAX_TEXT) -> Callable[[str], str]:
    """An argparse type: a text of at most ``limit`` characters, without control characters.

    >>> text_up_to(5)("6,6,4")
    '6,6,4'
    """

    def parse(text: str) -> str:
        if len(text) > limit:
            raise argparse.ArgumentTypeError(
                f"is {len(text):,} characters long (at most {limit:,})"
            )
        if any(ord(c) < 32 for c in text):
            raise argparse.ArgumentTypeError("holds a control character")
        return text

    parse.__name__ = "text"
    return parse


def path_arg(text: str) -> str:
    """An argparse type: a file path, ``~`` expanded (an unknown user's ``~name`` is refused
    in one line), without control characters, at most ``MAX_PATH`` characters.

    >>> path_arg("~nouser-of-this-machine/x.db")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: ~nouser-of-this-machine/x.db: no user 'nouser-of-this-machine' on this machine (its home folder is not known)
    """  # noqa: E501
    from hordes_kit.core.inputs import MAX_PATH, shown

    if not text or len(text) > MAX_PATH or any(ord(c) < 32 for c in text):
        raise argparse.ArgumentTypeError(f"{shown(text)!r} is not a usable path")
    try:
        return str(Path(text).expanduser())  # RuntimeError: no such user's home
    except (RuntimeError, KeyError, OSError):
        user = text[1:].split("/", 1)[0]
        raise argparse.ArgumentTypeError(
            f"{shown(text)}: no user {user!r} on this machine (its home folder is not known)"
        ) from None


def add_run_arguments(
    p: argparse.ArgumentParser,
    *,
    games: int | None,
    max_games: int = MAX_GAMES,
    games_help: str = "",
) -> None:
    """``--games`` (default ``games``; ``games_help`` says what it counts, if not games to
    play), ``--seed`` and ``--workers`` of a simulation."""
    p.add_argument(
        "--games",
        type=int_in(1, max_games),
        default=games,
        help=games_help
        or f"games to play, 1-{max_games:,} (default {games:,}); memory does not grow with it",
    )
    p.add_argument(
        "--seed",
        type=int_in(0, MAX_SEED),
        default=0,
        help=f"seed of the chance, 0-{MAX_SEED:,} (default 0): the same seed plays the same games",
    )
    p.add_argument(
        "--workers",
        type=int_in(1, max_workers),
        default=1,
        help=f"local processes, 1 to this machine's cores ({max_workers()}); same results",
    )


def argument(spec: Spec, option: str) -> Callable[[str], Any]:
    """An argparse ``type`` reading a command-line word as ``spec`` says (a whole number
    from ASCII digits only), so the command line takes a field's bounds from the schema.

    >>> argument(Whole(1, 5), "--difficulty")("3")
    3
    """

    def parse(text: str) -> Any:
        value: Any = text
        numbers = isinstance(spec, OneOf | TableRule) and any(type(v) is int for v in spec.values)
        if isinstance(spec, Whole) or numbers:
            if re.fullmatch(r"[+-]?[0-9]{1,30}", text.strip(), re.ASCII):
                value = int(text)
        try:
            return spec.read(value, At(option, (), {}))
        except InvalidInputError as e:
            raise argparse.ArgumentTypeError(str(e).split(": ", 1)[-1]) from None

    parse.__name__ = spec.describe()
    return parse
