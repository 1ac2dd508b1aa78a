"""Skytear Horde's command-line parts: ``simulate skytear`` and check-data for its card files.

Plain functions; the ``hordes-kit`` command wires them in. Every argument is checked
(ranges below) before any game is played; bad input is the kit's own error.
"""

from __future__ import annotations

import argparse
import json
import os

from hordes_kit.core.errors import CardDataError, InvalidInputError

__all__ = ["add_simulate_arguments", "run_simulate", "check_data", "is_skytear_file"]

SKYTEAR_TABLES = {
    "horde",
    "alliance",
    "castle",
    "portal",
    "outsider",
    "minion",
    "scenario",
    "token",
}


def add_simulate_arguments(p: argparse.ArgumentParser) -> None:
    """The ``simulate skytear`` arguments (ranges are checked by ``run_simulate``)."""
    p.add_argument("--difficulty", type=int, default=2, help="difficulty level 1-5 (default 2)")
    p.add_argument(
        "--horde",
        action="append",
        default=None,
        help="a horde (Skybooter, Animerk, Scaleson); repeat for several (default Skybooter)",
    )
    p.add_argument(
        "--deck",
        action="append",
        default=None,
        help="an alliance deck by name or faction (Liothan, Taulot, Kurumo); repeat for co-op",
    )
    p.add_argument("--coop", action="store_true", help="2-player cooperative game")
    p.add_argument("--outsider", default="Atlas", help="the outsider (Atlas, WAST-3, Scalesider)")
    p.add_argument(
        "--games", type=int, default=1000, help="games to play, 1 to 10^9 (default 1000)"
    )
    p.add_argument("--seed", type=int, default=0, help="seed, any whole number 0 or more")
    cpus = os.cpu_count() or 1
    p.add_argument(
        "--workers", type=int, default=1, help=f"worker processes, 1-{cpus} (same results)"
    )
    p.add_argument("--bot", default="sensible", help="sensible (default) or random")
    p.add_argument(
        "--engine",
        choices=["auto", "fast", "reference"],
        default="auto",
        help="auto: the fast simulator where it can play, else the rules engine",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _config(args: argparse.Namespace) -> dict:
    if not 1 <= args.difficulty <= 5:
        raise InvalidInputError(f"--difficulty must be 1-5, got {args.difficulty}")
    players = 2 if args.coop else 1
    cfg: dict = {"players": players, "difficulty": args.difficulty, "outsider": args.outsider}
    if args.horde:
        cfg["hordes"] = [h for x in args.horde for h in x.split(",") if h.strip()]
    if args.deck:
        decks = [d for x in args.deck for d in x.split(",") if d.strip()]
        if len(decks) > players:
            raise InvalidInputError(f"{len(decks)} decks for {players} player(s); co-op takes two")
        cfg["decks"] = decks
    return cfg


def run_simulate(args: argparse.Namespace) -> int:
    """``hordes-kit simulate skytear``: win odds of a bot over many seeded games."""
    from hordes_kit.skytear.simulate import simulate

    cfg = _config(args)
    res = simulate(
        cfg, args.games, args.seed, policy=args.bot, workers=args.workers, engine=args.engine
    )
    if args.json:
        print(json.dumps(res.to_json()))
        return 0
    lo, hi = res.interval
    print(
        f"Skytear Horde, {res.label}, bot {res.policy}, {res.games:,} games (seed {res.seed}, "
        f"{res.engine} engine), Monte Carlo:"
    )
    print(f"  win {res.win_rate * 100:6.2f}%  (95% interval {lo * 100:.2f}-{hi * 100:.2f}%)")
    for why, n in res.reasons().items():
        if why != "win":
            print(f"  lost, {why}: {n / res.games * 100:6.2f}%")
    print(f"  a game lasts {res.mean_turns():.1f} turns on average")
    return 0


def is_skytear_file(doc: dict) -> bool:
    """True when a parsed TOML file looks like a Skytear card file."""
    return bool(SKYTEAR_TABLES & set(doc))


def check_data(path: str) -> list[str]:
    """Validate a Skytear card file: every card, and every custom deck against its castle."""
    from hordes_kit.skytear.cards import load_card_file
    from hordes_kit.skytear.decks import deck_problems

    cards = load_card_file(path)
    for d in cards.decks:
        problems = deck_problems(cards, d)
        if problems:
            raise CardDataError(str(path), d.name, "cards", problems[0].split(": ", 1)[1])
    n = cards.counts()
    lines = [
        f"OK: Skytear Horde card file {path}: {n['horde']} horde cards "
        f"({', '.join(cards.hordes())}), {n['alliance']} alliance cards, {n['castle']} castles, "
        f"{n['portal']} portals, {n['outsider']} outsider cards, {n['minion']} minions, "
        f"{n['scenario']} scenarios, {len(cards.decks)} decks ({cards.samples()} cards with "
        "sample values)."
    ]
    lines += [f"note: {x}" for x in cards.problems()]
    return lines
