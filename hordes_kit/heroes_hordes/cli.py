"""Heroes & Hordes' ``hordes-kit`` commands (``battle heroes-hordes``, ``simulate
heroes-hordes``) and its card-file check (``check-data`` on a cards ``.csv``)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from hordes_kit.core.args import add_run_arguments, text_up_to
from hordes_kit.core.commands import BY_SUFFIX, NO_CLAIM, Command, DataCheck
from hordes_kit.core.lab.cli import lab_command

__all__ = ["COMMANDS", "DATA", "battle", "simulate", "check_data"]


def _battle_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--horde",
        required=True,
        type=text_up_to(),
        help='horde cards, e.g. "Warlord,Goblins,Orks"',
    )
    p.add_argument(
        "--heroes",
        required=True,
        type=text_up_to(),
        help='hero cards, e.g. "Dwarf Lord,Clansmen"',
    )
    p.add_argument("--horde-pile", choices=["goblins", "undead", "dragons"])
    p.add_argument("--hero-pile", choices=["men", "elves", "dwarves"])


def battle(args: argparse.Namespace) -> int:
    """``hordes-kit battle heroes-hordes``: every card's force, the winner, the best discard."""
    from hordes_kit.heroes_hordes.odds import battle_report, find_cards

    report = battle_report(
        find_cards(args.horde),
        find_cards(args.heroes),
        horde_pile=args.horde_pile,
        hero_pile=args.hero_pile,
    )
    if args.json:
        print(json.dumps(report.to_json()))
        return 0
    for title, pile, forces, total in (
        ("Horde", report.horde_pile, report.horde, report.horde_force),
        ("Heroes", report.hero_pile, report.heroes, report.hero_force),
    ):
        print(f"{title} ({pile}): force {total}")
        for f in forces:
            mods = " ".join(f"{n:+d} {k}" for k, n in f.parts[1:])
            print(
                f"  {f.card.name:<20} {f.total:>3}  = {f.card.strength}{' ' + mods if mods else ''}"
            )
    if report.winner == "heroes":
        names = ", ".join(c.name for c in report.discard or ())
        print(
            f"The {report.hero_pile} win. Best discard: {names or 'nothing'} "
            f"(the pile keeps force {report.kept_force})."
        )
    else:
        print(
            f"The {report.horde_pile} win: the {report.hero_pile} pile is discarded, "
            "1 Devastation Token."
        )
    return 0


def _simulate_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--policy", default="lookahead", help="random, greedy or lookahead")
    add_run_arguments(p, games=1000)
    p.add_argument(
        "--engine",
        choices=["fast", "reference"],
        default="fast",
        help="fast: the numba simulator (default); reference: the rules engine itself",
    )


def simulate(args: argparse.Namespace) -> int:
    """``hordes-kit simulate heroes-hordes``: win, tie and loss rates with 95% intervals."""
    from hordes_kit.heroes_hordes.simulate import simulate as run

    res = run(args.policy, args.games, args.seed, workers=args.workers, engine=args.engine)
    if args.json:
        print(json.dumps(res.to_json()))
        return 0
    print(
        f"Heroes & Hordes, policy {res.policy}, {res.games} games (seed {res.seed}, "
        f"{res.engine} engine), Monte Carlo:"
    )
    for outcome in ("win", "tie", "loss"):
        lo, hi = res.interval(outcome)
        print(
            f"  {outcome:<5} {res.rate(outcome) * 100:6.2f}%  (95% interval "
            f"{lo * 100:.2f}-{hi * 100:.2f}%)"
        )
    return 0


def check_data(path: Path) -> list[str]:
    """``check-data``: the static checks of the card data, then a game played with it."""
    from hordes_kit.core.smoke import check_and_play
    from hordes_kit.heroes_hordes.cards import check_file

    return check_and_play("heroes-hordes", check_file, path)


COMMANDS = (
    Command(
        "battle",
        "a horde pile against a hero pile: forces, winner, best discard",
        "Each card's force with its modifiers, the totals, the winner and the "
        "discard that covers the horde while keeping the most force.",
        _battle_arguments,
        battle,
    ),
    Command("simulate", "P(win/tie/loss) with 95%% intervals", None, _simulate_arguments, simulate),
    lab_command(
        "heroes-hordes", ("best-policy", "table-rules", "coach"), "hordes_kit.heroes_hordes.lab"
    ),
)


def card_text(text, source: str):
    """Every check of a Heroes & Hordes card file's text (``core.cardcheck``)."""
    from hordes_kit.heroes_hordes.cards import cards_from_text

    return cards_from_text(text, source)


DATA = DataCheck(
    "a Heroes & Hordes .csv",
    lambda p: BY_SUFFIX if p.suffix == ".csv" else NO_CLAIM,
    check_data,
    card_text,
)
