"""Shadows' ``hordes-kit`` commands (``simulate shadows``) and its card-file check.

Every argument is checked before any game is played; bad input raises the kit's own
error naming it (the shared command prints it in one line and exits 2).
"""

from __future__ import annotations

import argparse
import difflib
import json
from pathlib import Path

from hordes_kit.core.args import add_run_arguments, text_up_to
from hordes_kit.core.commands import BY_CONTENT, BY_NAME, NO_CLAIM, Command, DataCheck
from hordes_kit.core.data import read_toml, slug
from hordes_kit.core.errors import HordesKitError, InvalidInputError
from hordes_kit.core.lab.cli import lab_command
from hordes_kit.shadows.cards import load_cards
from hordes_kit.shadows.simulate import MAX_GAMES, simulate

__all__ = [
    "COMMANDS",
    "DATA",
    "add_simulate_arguments",
    "run_simulate",
    "check_data",
    "find_heroes",
    "is_shadows_file",
]


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``hordes-kit simulate shadows``."""
    parser.add_argument(
        "--heroes",
        required=True,
        type=text_up_to(200),
        help="2 or 3 Heroes in seat order, e.g. Eras,Rolan",
    )
    parser.add_argument(
        "--bot",
        default="sensible",
        type=text_up_to(1000),
        help="random, sensible, or a member of the sensible bot's family, e.g. "
        "sensible-policy:aim=0.8;finish=1 (every seat)",
    )
    parser.add_argument(
        "--engine",
        choices=["auto", "fast", "reference"],
        default="auto",
        help="auto: the fast simulator for the sensible bot and its family, else the rules engine",
    )
    add_run_arguments(parser, games=1000, max_games=MAX_GAMES)


def find_heroes(text: str) -> tuple[str, ...]:
    """Hero ids from 'Eras,Rolan'; an unknown name gets the closest names in the error."""
    known = {h.id: h.name for h in load_cards().heroes}
    out = []
    for raw in (x.strip() for x in text.split(",")):
        hid = slug(raw)
        if hid not in known:
            close = difflib.get_close_matches(raw.title(), list(known.values()), n=3, cutoff=0.4)
            hint = f"; did you mean {' or '.join(close)}?" if close else ""
            raise InvalidInputError(
                f"unknown Hero {raw!r} (Heroes: {', '.join(known.values())}){hint}"
            )
        out.append(hid)
    if not 2 <= len(out) <= 3:
        raise InvalidInputError(f"--heroes: give 2 or 3 Heroes, got {len(out)}")
    if len(set(out)) != len(out):
        raise InvalidInputError("--heroes: each Hero plays once (one pack of each)")
    return tuple(out)


def run_simulate(args: argparse.Namespace) -> int:
    """Run ``simulate shadows``: checks every argument first, then streams the games."""
    heroes = find_heroes(args.heroes)
    res = simulate(
        heroes, args.games, args.seed, bot=args.bot, workers=args.workers, engine=args.engine
    )
    names = {h.id: h.name for h in load_cards().heroes}
    if args.json:
        print(json.dumps(res.to_json() | {"heroes": [names[h] for h in heroes]}))
        return 0
    print(
        f"Shadows, {res.games} games, {res.bot} bots (seed {res.seed}), Monte Carlo, "
        f"{res.rounds:.1f} rounds a game on average:"
    )
    for k, h in enumerate(heroes):
        lo, hi = res.interval(k)
        print(
            f"  seat {k + 1} {names[h]:<10} wins {res.outright[k] / res.games * 100:6.2f}%  "
            f"(95% interval {lo * 100:.2f}-{hi * 100:.2f}%)"
        )
    print(f"  shared victories {res.shared / res.games * 100:.2f}%")
    return 0


def check_data(path: Path) -> list[str]:
    """``check-data``: the static checks of the card file, then a game played with it."""
    from hordes_kit.core.smoke import check_and_play
    from hordes_kit.shadows.cards import check_file

    return check_and_play("shadows", check_file, path)


def is_shadows_file(path: str | Path) -> bool:
    """True when a TOML file holds Shadows tables (``[[skill]]``)."""
    try:
        return "skill" in read_toml(path)
    except HordesKitError:
        return False


def _claims(path: Path) -> int:
    """Shadows' own card file by name, or any TOML file holding ``[[skill]]`` tables."""
    if path.name == "cards.toml" and path.parent.name == "shadows":
        return BY_NAME
    return BY_CONTENT if path.suffix == ".toml" and is_shadows_file(path) else NO_CLAIM


COMMANDS = (
    Command(
        "simulate",
        "who wins with which Hero: win rates with 95%% intervals",
        "Bots play whole games (every seat the same bot); the win rate of each seat's Hero "
        "with its 95% interval.",
        add_simulate_arguments,
        run_simulate,
    ),
    lab_command(
        "shadows",
        ("best-policy", "heroes", "heroes-3p", "item-value", "study-or-buy", "coach"),
        "hordes_kit.shadows.lab",
    ),
)


def card_text(text, source: str):
    """Every check of a Shadows card file's text (``core.cardcheck.check_card_text``)."""
    from hordes_kit.core.cardcheck import text_of

    return load_cards(text_of(text, source), source)


DATA = DataCheck("a Shadows cards .toml (with [[skill]] tables)", _claims, check_data, card_text)
