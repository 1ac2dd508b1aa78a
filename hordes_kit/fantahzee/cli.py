"""Fantahzee's ``hordes-kit`` commands (``odds fantahzee``, ``party fantahzee``,
``simulate fantahzee``) and its
card-file check (``check-data`` on a Fantahzee cards ``.toml``)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from hordes_kit.core.args import add_run_arguments, int_in, text_up_to
from hordes_kit.core.commands import (
    BY_SUFFIX,
    NO_CLAIM,
    Command,
    DataCheck,
    exact_text,
    percent_text,
)
from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.lab.cli import lab_command
from hordes_kit.fantahzee.rules import FConfig

__all__ = ["COMMANDS", "DATA", "odds", "party", "simulate", "check_data"]

# The solvers' limits (fantahzee.odds.MAX_DICE / MAX_ROLLS, party.MAX_STEAM), written
# here so that building the parser imports no solver; tests/test_cli.py checks they agree.
MAX_DICE, MAX_ROLLS, MAX_STEAM = 10, 5, 30
DICE = int_in(1, MAX_DICE)
ROLLS = int_in(1, MAX_ROLLS)
ROLLS_LEFT = int_in(0, MAX_ROLLS - 1)
SHORT = text_up_to(100)


def _odds_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dice", type=DICE, help=f"number of dice (1-{MAX_DICE})")
    p.add_argument("--rolls", type=ROLLS, help=f"rolls in all, the first included (1-{MAX_ROLLS})")
    p.add_argument(
        "--cost",
        action="append",
        required=True,
        type=SHORT,
        metavar="COST",
        help="a hero's cost: X any die, XX a pair ..., 1-6 exact faces; repeat for more heroes",
    )
    p.add_argument(
        "--distinct-values",
        action="store_true",
        help="different heroes' X-groups must show different numbers",
    )
    p.add_argument(
        "--showing", type=SHORT, help="dice showing now, e.g. 6,6,4,3,2 (asks for keep advice)"
    )
    p.add_argument("--locked", type=SHORT, default="", help="dice already locked on heroes, e.g. 5")
    p.add_argument(
        "--rolls-left",
        type=ROLLS_LEFT,
        help=f"rerolls still to come, 0-{MAX_ROLLS - 1} (with --showing)",
    )


def odds(args: argparse.Namespace) -> int:
    """``hordes-kit odds fantahzee``: the chance to pay the costs, or the best keep."""
    from hordes_kit.fantahzee.costs import parse_costs, parse_dice
    from hordes_kit.fantahzee.odds import advise_keep, success_probability

    costs = parse_costs(args.cost)
    cost_texts = [c.text for c in costs]
    if args.showing is not None:
        showing = parse_dice(args.showing, what="--showing")
        locked = parse_dice(args.locked, what="--locked") if args.locked else ()
        if args.rolls_left is None:
            raise HordesKitError("--showing needs --rolls-left (rerolls still to come, 0-4)")
        if args.dice is not None and args.dice != len(showing) + len(locked):
            raise HordesKitError(
                f"--dice {args.dice} does not match {len(showing)} showing + {len(locked)} locked"
            )
        adv = advise_keep(
            showing, costs, args.rolls_left, locked=locked, distinct_values=args.distinct_values
        )
        best = adv.best
        if args.json:
            out = {
                "game": "fantahzee",
                "costs": cost_texts,
                "distinct_values": args.distinct_values,
                "probability": float(best.probability),
                "exact": exact_text(best.probability),
            }
            out |= adv.to_json()
            print(json.dumps(out))
            return 0
        print(
            f"Dice showing {','.join(map(str, showing))}"
            + (f" (locked: {','.join(map(str, locked))})" if locked else "")
            + f", {args.rolls_left} reroll(s) left, costs {' + '.join(cost_texts)}"
        )
        print(
            f"Best: {best.label}: {percent_text(best.probability)} ({exact_text(best.probability)})"
        )
        for o in adv.options[:10]:
            print(f"  {percent_text(o.probability):>8}  {o.label}")
        if len(adv.options) > 10:
            print(f"  ... {len(adv.options) - 10} more keeps")
        return 0
    if args.dice is None or args.rolls is None:
        raise HordesKitError("give --dice and --rolls (or --showing and --rolls-left)")
    p = success_probability(args.dice, args.rolls, costs, distinct_values=args.distinct_values)
    if args.json:
        print(
            json.dumps(
                {
                    "game": "fantahzee",
                    "dice": args.dice,
                    "rolls": args.rolls,
                    "costs": cost_texts,
                    "distinct_values": args.distinct_values,
                    "probability": float(p),
                    "exact": exact_text(p),
                }
            )
        )
    else:
        print(
            f"{args.dice} dice, {args.rolls} roll(s), costs {' + '.join(cost_texts)}: "
            f"{percent_text(p)} ({exact_text(p)}) with the best keeps"
        )
    return 0


def _party_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--heroes",
        required=True,
        type=text_up_to(500),
        help='up to five heroes, e.g. "Alchemist,Sergeant,Paladin"',
    )
    p.add_argument("--dice", type=DICE, default=5, help=f"dice this turn, 1-{MAX_DICE} (default 5)")
    p.add_argument(
        "--rolls", type=ROLLS, default=3, help=f"rolls this turn, 1-{MAX_ROLLS} (default 3)"
    )
    p.add_argument(
        "--steam",
        type=int_in(0, MAX_STEAM),
        default=0,
        help=f"steam already got this turn, 0-{MAX_STEAM}",
    )
    p.add_argument(
        "--showing", type=SHORT, help="dice showing now, e.g. 6,5,4,3,2,1 (asks for advice)"
    )
    p.add_argument(
        "--rolls-left",
        type=ROLLS_LEFT,
        default=2,
        help=f"rerolls left, 0-{MAX_ROLLS - 1} (with --showing)",
    )


def party(args: argparse.Namespace) -> int:
    """``hordes-kit party fantahzee``: a party's strength this turn, or the best move now."""
    from hordes_kit.fantahzee.party import advise, find_heroes, party_odds

    heroes = find_heroes(args.heroes)
    if args.showing:
        a = advise(heroes, args.showing, args.rolls_left, steam=args.steam)
        if args.json:
            print(json.dumps({"best": a.text, "value": a.value, "options": a.options}))
            return 0
        print(f"Best move: {a.text} (expected strength {a.value:.2f} this turn)")
        for label, v in a.options[1:8]:
            print(f"  {label:<28} {v:6.2f}")
        return 0
    odds = party_odds(heroes, args.dice, args.rolls, steam=args.steam)
    if args.json:
        print(json.dumps(odds.to_json()))
        return 0
    names = ", ".join(odds.heroes)
    print(f"{names}: {args.dice} dice, {args.rolls} rolls, best play")
    print(f"  expected total strength {odds.expected:.2f}")
    for k, p in sorted(odds.at_least.items()):
        print(f"  {k:>3} or more: {p:7.2%}")
    return 0


def _simulate_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--bots",
        type=SHORT,
        default="strong,random",
        help="one bot per seat, 2-5 of random and strong (default strong,random)",
    )
    add_run_arguments(p, games=1000)
    p.add_argument(
        "--engine",
        choices=["auto", "fast", "reference"],
        default="auto",
        help="auto/fast: the numba simulator (default); reference: the rules engine itself",
    )
    p.add_argument(
        "--imperative",
        choices=FConfig.SCHEMA["imperative"].values,  # the table rule's choices (options.toml)
        default="may-decline",
        help="table rule: must the Paladin, Archmage or Ice Giant use its ability?",
    )
    p.add_argument(
        "--distinct-values",
        action="store_true",
        help="table rule: each hero's X dice must show their own number",
    )


def simulate(args: argparse.Namespace) -> int:
    """``hordes-kit simulate fantahzee``: each bot's win rate with 95% intervals."""
    from hordes_kit.fantahzee.simulate import simulate as run

    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    config = {"imperative": args.imperative, "distinct_values": args.distinct_values}
    res = run(bots, args.games, args.seed, workers=args.workers, engine=args.engine, config=config)
    if args.json:
        print(json.dumps(res.to_json()))
        return 0
    print(
        f"Fantahzee, {len(bots)} players, {res.games} games (seed {res.seed}, {res.engine} "
        f"engine), {res.turns / res.games:.1f} turns a game on average:"
    )
    for b, name in enumerate(bots):
        lo, hi = res.interval(b)
        print(
            f"  seat bot {b + 1} ({name}): wins {res.rate(b) * 100:6.2f}%  (95% interval "
            f"{lo * 100:.2f}-{hi * 100:.2f}%)"
        )
    if res.unfinished:
        print(f"  {res.unfinished} games were stopped unfinished (too many moves)")
    return 0


def check_data(path: Path) -> list[str]:
    """``check-data``: the static checks of the card data, then a game played with it."""
    from hordes_kit.core.smoke import check_and_play
    from hordes_kit.fantahzee.cards import check_file

    return check_and_play("fantahzee", check_file, path)


COMMANDS = (
    Command(
        "odds",
        "chance to pay hero costs in the Dice Phase, and what to keep",
        "Chance to pay every cost (separate dice) under the best keep/reroll play.",
        _odds_arguments,
        odds,
    ),
    Command(
        "simulate",
        "each bot's win rate over whole seeded games, with 95%% intervals",
        None,
        _simulate_arguments,
        simulate,
    ),
    Command(
        "party",
        "expected strength and P(strength >= S); with --showing, the best move now",
        None,
        _party_arguments,
        party,
    ),
    lab_command(
        "fantahzee",
        ("best-policy", "first-player", "hero-value", "table-rules", "coach"),
        "hordes_kit.fantahzee.lab",
    ),
)


def card_text(text, source: str):
    """Every check of a Fantahzee card file's text (``core.cardcheck.check_card_text``)."""
    from hordes_kit.fantahzee.cards import cards_from_text

    return cards_from_text(text, source)


DATA = DataCheck(
    "a Fantahzee .toml",
    lambda p: BY_SUFFIX if p.suffix == ".toml" else NO_CLAIM,
    check_data,
    card_text,
)
