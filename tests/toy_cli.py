"""The commands, card-file check and benchmark of a throwaway game ("toy") that
tests/test_registry.py registers: a game the shared code has never heard of."""

from __future__ import annotations

import json
from fractions import Fraction

from hordes_kit.core.commands import BY_SUFFIX, NO_CLAIM, Command, DataCheck, exact_text
from hordes_kit.core.errors import CardDataError, InvalidInputError


def _odds_arguments(p):
    p.add_argument("--sides", type=int, required=True, help="sides of the die")


def odds(args) -> int:
    if args.sides < 1:
        raise InvalidInputError(f"--sides must be at least 1, got {args.sides}")
    p = Fraction(1, args.sides)
    print(
        json.dumps({"game": "toy", "exact": exact_text(p)}) if args.json else f"1 in {args.sides}"
    )
    return 0


def shuffle(args) -> int:
    print("shuffled")
    return 0


def check_data(path) -> list[str]:
    if "bad" in path.read_text():
        raise CardDataError(str(path), "bad", None, "not a toy card")
    return [f"OK: toy cards {path}"]


def run() -> None:
    print("toy bench: 1 figure")


COMMANDS = (
    Command("odds", "chance of a face", None, _odds_arguments, odds),
    Command("shuffle", "shuffle the toy deck", None, lambda p: None, shuffle, "shuffle a deck"),
)
DATA = DataCheck("a toy .toy", lambda p: BY_SUFFIX if p.suffix == ".toy" else NO_CLAIM, check_data)
