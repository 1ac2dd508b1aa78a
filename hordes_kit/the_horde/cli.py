"""The Horde's ``hordes-kit`` commands (``odds the-horde``, ``simulate the-horde``) and its
card-file check (``check-data`` on a data folder or one of its files)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from hordes_kit.core.args import add_run_arguments, int_in
from hordes_kit.core.commands import (
    BY_NAME,
    NO_CLAIM,
    Command,
    DataCheck,
    exact_text,
    percent_text,
)
from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.lab.cli import lab_command

__all__ = ["COMMANDS", "DATA", "odds", "simulate", "check_data"]


def _odds_arguments(p: argparse.ArgumentParser) -> None:
    # the calculator's range (odds.kill_probability): level and force -20..30
    p.add_argument("--level", type=int_in(0, 30), required=True, help="the hordling's level (0-30)")
    p.add_argument("--force", type=int_in(0, 30), required=True, help="the defender's force (0-30)")
    p.add_argument(
        "--item-bonus", type=int_in(0, 20), default=0, help="Flute/Haunch bonus, 0-20 (+1, +2...)"
    )
    p.add_argument(
        "--next-gc-bonus",
        type=int_in(0, 20),
        default=0,
        help="Boots/Ring bonus, 0-20 (Grimthwackers only)",
    )
    p.add_argument(
        "--dizzy",
        action="store_true",
        help="a Dizzy Grimthwacker: drawn after two others in a row (-3)",
    )
    p.add_argument(
        "--not-grimthwacker", action="store_true", help="the defender is a Knight or an Archer"
    )


def odds(args: argparse.Namespace) -> int:
    """``hordes-kit odds the-horde``: the chance that a battle roll kills the hordling."""
    from hordes_kit.the_horde.odds import effective_force, kill_probability

    grim = not args.not_grimthwacker
    if (args.dizzy or args.next_gc_bonus) and not grim:
        raise HordesKitError("--dizzy and --next-gc-bonus apply to Grimthwackers only")
    force = effective_force(
        args.force,
        item_bonus=args.item_bonus,
        next_gc_bonus=args.next_gc_bonus,
        dizzy=args.dizzy,
        grimthwacker=grim,
    )
    p = kill_probability(args.level, force)
    need = 4 + args.level - force
    if args.json:
        print(
            json.dumps(
                {
                    "game": "the-horde",
                    "level": args.level,
                    "force": force,
                    "probability": float(p),
                    "exact": exact_text(p),
                    "die_needed": need,
                }
            )
        )
        return 0
    roll = "any roll" if need <= 1 else "no roll" if need > 6 else f"{need} or more on the die"
    print(
        f"Level {args.level} hordling against battle force {force}: killed on {roll}, "
        f"{percent_text(p)} ({exact_text(p)})"
    )
    return 0


def _simulate_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--policy", default="balanced", help="thrifty, defenders or balanced")
    add_run_arguments(p, games=10_000)
    p.add_argument(
        "--engine",
        choices=["fast", "reference"],
        default="fast",
        help="fast: the numba simulator (default); reference: the rules engine itself",
    )


def simulate(args: argparse.Namespace) -> int:
    """``hordes-kit simulate the-horde``: P(survive 20 turns) and the causes of defeat."""
    from hordes_kit.the_horde.simulate import simulate as run

    res = run(args.policy, args.games, args.seed, workers=args.workers, engine=args.engine)
    if args.json:
        print(json.dumps(res.to_json()))
        return 0
    lo, hi = res.interval
    print(
        f"The Horde, policy {res.policy}, {res.games} games (seed {res.seed}, {res.engine} "
        "engine), Monte Carlo:"
    )
    print(
        f"  survive all 20 turns {res.survival * 100:6.2f}%  (95% interval "
        f"{lo * 100:.2f}-{hi * 100:.2f}%)"
    )
    print(
        f"  unpaid tax {res.count('taxes') / res.games * 100:6.2f}%, Chauncey killed "
        f"{res.count('chauncey') / res.games * 100:6.2f}%"
    )
    return 0


def claims(path: Path) -> int:
    """A data folder, or one of the files it must hold, is The Horde's."""
    from hordes_kit.the_horde.cards import FILES

    return BY_NAME if path.is_dir() or path.name in FILES else NO_CLAIM


def check_data(path: Path) -> list[str]:
    """``check-data``: the static checks of the card data, then a game played with it."""
    from hordes_kit.core.smoke import check_and_play
    from hordes_kit.the_horde.cards import check_file

    return check_and_play("the-horde", check_file, path)


COMMANDS = (
    Command(
        "odds",
        "chance that a battle roll kills the hordling",
        "Battle roll 1d6 - hordling level + defender force; 4 or more kills it.",
        _odds_arguments,
        odds,
    ),
    Command(
        "simulate",
        "P(survive 20 turns) with a 95%% interval, and the causes of defeat",
        None,
        _simulate_arguments,
        simulate,
    ),
    lab_command(
        "the-horde",
        ("best-policy", "policies", "card-value", "table-rules", "coach"),
        "hordes_kit.the_horde.lab",
    ),
)


def card_text(files, source: str):
    """Every check of a The Horde data folder given as its files' texts (``{name: text}``,
    the config's ``data``; ``core.cardcheck.check_card_text``)."""
    from collections.abc import Mapping

    from hordes_kit.core.errors import CardDataError
    from hordes_kit.the_horde.cards import data_from_texts

    if not isinstance(files, Mapping):
        raise CardDataError(source, None, None, "must be the texts of a data folder's files")
    return data_from_texts(files, source)


DATA = DataCheck("a The Horde data folder", claims, check_data, card_text)
