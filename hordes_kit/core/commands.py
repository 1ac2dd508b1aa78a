"""What a game declares for the ``hordes-kit`` command: its subcommands and its card-file check.

A game's ``cli.py`` (named by ``Game.cli`` in its registration) holds

* ``COMMANDS``: a tuple of ``Command``. ``Command("odds", ...)`` in the package of the
  game ``the-horde`` is ``hordes-kit odds the-horde ...``; the shared ``hordes_kit/cli.py``
  builds the parser, adds ``--json``, prints one line and exits 2 on the kit's errors.
* ``DATA`` (optional): a ``DataCheck`` for ``hordes-kit check-data FILE``.

Nothing here imports a game; the games import this.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

__all__ = [
    "Command",
    "DataCheck",
    "NO_CLAIM",
    "BY_SUFFIX",
    "BY_CONTENT",
    "BY_NAME",
    "exact_text",
    "percent_text",
]

# How surely a path is a game's kind of data: its suffix, what it holds (a table only
# that game's files have), a file name the game ships.
NO_CLAIM, BY_SUFFIX, BY_CONTENT, BY_NAME = 0, 1, 2, 3


@dataclass(frozen=True)
class Command:
    """One subcommand of a game: ``hordes-kit <verb> <game name> [arguments]``."""

    verb: str  # odds, battle, simulate, party ... (the game's name is the sub-subcommand)
    help: str  # its line in ``hordes-kit <verb> --help``
    description: str | None  # the paragraph of ``hordes-kit <verb> <game> --help``
    add_arguments: Callable[[argparse.ArgumentParser], None]  # every option but --json
    run: Callable[[argparse.Namespace], int]  # prints the answer, returns the exit status
    verb_help: str = ""  # a new verb's line in ``hordes-kit --help`` (known verbs have one)
    json: bool = True  # add ``--json`` (print one JSON object) after the game's options


@dataclass(frozen=True)
class DataCheck:
    """How ``hordes-kit check-data`` knows and validates a game's card files."""

    kind: str  # what the files are, named in messages: "a Fantahzee .toml"
    # NO_CLAIM, BY_SUFFIX, BY_CONTENT or BY_NAME; cheap: a claim by content reads the file
    # only through core.data's bounded readers and never raises
    claims: Callable[[Path], int]
    check: Callable[[Path], list[str]]  # the lines to print; raises CardDataError
    # the loader of a card file's text, ``text(text, source)``: every check of the card
    # text a config carries (``core.cardcheck.check_card_text``); raises CardDataError
    text: Callable[[Any, str], object] | None = None


def exact_text(p: Fraction) -> str:
    """A probability as an exact fraction.

    >>> exact_text(Fraction(2, 6))
    '1/3'
    """
    return f"{p.numerator}/{p.denominator}"


def percent_text(p: Fraction) -> str:
    """A probability in percent, two decimals.

    >>> percent_text(Fraction(1, 6))
    '16.67%'
    """
    return f"{float(p) * 100:.2f}%"
