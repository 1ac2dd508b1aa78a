"""Skytear Horde's ``hordes-kit`` commands (``simulate skytear``) and its card-file check.

Every argument is checked (ranges below) before any game is played; bad input is the
kit's own error naming it (the shared command prints it in one line and exits 2).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from hordes_kit.core.args import add_run_arguments, argument, text_up_to
from hordes_kit.core.commands import BY_CONTENT, BY_NAME, NO_CLAIM, Command, DataCheck
from hordes_kit.core.data import read_toml
from hordes_kit.core.errors import HordesKitError, InvalidInputError
from hordes_kit.core.inputs import read_text, shown
from hordes_kit.core.lab.cli import lab_command
from hordes_kit.skytear.card_checks import PREMADE, deck_cards
from hordes_kit.skytear.cards import CardSet, load_card_text
from hordes_kit.skytear.rules import SkyConfig

__all__ = ["COMMANDS", "DATA", "add_simulate_arguments", "run_simulate", "check_data", "check_file"]

# tables only Skytear Horde card files hold
SKYTEAR_TABLES = {"horde", "alliance", "castle", "portal", "outsider", "minion"}


def add_simulate_arguments(p: argparse.ArgumentParser) -> None:
    """The ``simulate skytear`` arguments (each checked while parsing)."""
    difficulty = SkyConfig.SCHEMA["difficulty"]  # the config's own bounds
    p.add_argument(
        "--difficulty",
        type=argument(difficulty, "--difficulty"),
        default=2,
        help=f"difficulty level, {difficulty.describe()} (default 2)",
    )
    p.add_argument(
        "--horde",
        action="append",
        default=None,
        type=text_up_to(200),
        help="a horde (Skybooter, Animerk, Scaleson); repeat for several (default Skybooter)",
    )
    p.add_argument(
        "--deck",
        action="append",
        default=None,
        type=text_up_to(200),
        help="an alliance deck by name or faction (Liothan, Taulot, Kurumo); repeat for co-op",
    )
    p.add_argument("--coop", action="store_true", help="2-player cooperative game")
    p.add_argument(
        "--outsider",
        default="Atlas",
        type=text_up_to(200),
        help="the outsider (Atlas, WAST-3, Scalesider)",
    )
    add_run_arguments(p, games=1000)
    p.add_argument("--bot", default="sensible", type=text_up_to(40), help="sensible or random")
    p.add_argument(
        "--engine",
        choices=["auto", "fast", "reference"],
        default="auto",
        help="auto: the fast simulator where it can play, else the rules engine",
    )


def _config(args: argparse.Namespace) -> dict:
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


def is_skytear_file(path: str | Path) -> bool:
    """True when a TOML file holds Skytear Horde tables (``[[horde]]``, ``[[castle]]`` ...)."""
    try:
        return bool(SKYTEAR_TABLES & set(read_toml(path)))
    except HordesKitError:
        return False


def _claims(path: Path) -> int:
    """Skytear's own card file by name, or any TOML file holding its tables."""
    if path.name == "cards.toml" and path.parent.name == "skytear":
        return BY_NAME
    return BY_CONTENT if path.suffix == ".toml" and is_skytear_file(path) else NO_CLAIM


def check_data(path: Path) -> list[str]:
    """``check-data``: every card and custom deck checked, then games played with the file."""
    from hordes_kit.core.smoke import check_and_play

    return check_and_play("skytear", check_file, path)


def _trial_configs(cards: CardSet, text: str) -> list[dict]:
    """Games ``check-data`` plays with a card file: each of its hordes, its decks, co-op
    (the loader has checked that a castle, a stage 1 portal and an outsider are there)."""
    castles = list(cards.castles.values())
    ones = [p for p in cards.portals.values() if p.stage == 1]
    outs = [c for c in cards.of_kind("outsider") if c.type not in ("appendage",)]
    base = {
        "cards": text,
        "castle": castles[0].name,
        "portal": ones[0].name,
        "outsider": outs[0].name,
    }
    configs = [base | {"hordes": [h]} for h in cards.hordes()]
    configs += [base | {"decks": [d.name]} for d in cards.decks]
    if len({c.faction for c in castles}) > 1:
        configs.append(base | {"players": 2})
    return configs


def check_file(path: str | Path) -> tuple[list[str], list[dict]]:
    """``check-data`` for a card file: the lines to print and the game configs to try."""
    text = read_text(path)
    cards = load_card_text(text, shown(path))
    configs = _trial_configs(cards, text)
    n = cards.counts()
    box = ", ".join(cards.box_hordes() or cards.hordes())
    lines = [
        f"OK: Skytear Horde card file {shown(path)}: {n['horde']} horde cards "
        f"({box}), {n['alliance']} alliance cards, {n['castle']} castles, "
        f"{n['portal']} portals, {n['outsider']} outsider cards, {n['minion']} minions, "
        f"{n['scenario']} scenarios, {len(cards.decks)} decks ({cards.samples()} cards with "
        f"sample values); {len(configs)} games started and played with it."
    ]
    made_up = cards.extras(made_up=True)
    if made_up:
        hordes = cards.sample_hordes()
        lines.append(
            "Sample cards made up for the kit, numbered 185 and up and in no Skytear box "
            "(written for the glossary's words no base-box card carries; a game plays them "
            "only when you choose them): "
            + ", ".join(f"{k} {kind} cards" for kind, k in sorted(made_up.items()))
            + (f" (sample hordes: {', '.join(hordes)})" if hordes else "")
            + "."
        )
    extra = cards.extras()
    if extra:
        lines.append(
            "Besides the base box, cards numbered 185 and up (the set's later products): "
            + ", ".join(f"{k} {kind} cards" for kind, k in sorted(extra.items()))
            + "."
        )
    lines += [f"note: {x}" for x in cards.problems()]
    for d in cards.decks:
        n = len(deck_cards(cards, d))
        if not d.cards and n > PREMADE:  # the book's 41 cards per faction of the expansions
            extra = n - PREMADE
            lines.append(
                f"note: {d.name} has {n} cards: each game removes {extra} heroic "
                f"all{'y' if extra == 1 else 'ies'} at random to make the {PREMADE}-card "
                "pre-made deck"
            )
    return lines, configs


COMMANDS = (
    Command(
        "simulate",
        "P(win) of a bot with a 95%% interval, and how games are lost",
        "A bot plays whole games of the setup you give; its win rate with a 95% interval, "
        "how the lost games ended and how long a game lasts.",
        add_simulate_arguments,
        run_simulate,
    ),
    lab_command(
        "skytear",
        (
            "best-policy",
            "win-rates",
            "coop-win-rates",
            "castle-value",
            # the coach against the best policy, by level, solo and co-op (lab.QUESTIONS)
            *(f"coach-{who}-{d}" for who in ("solo", "coop") for d in range(1, 6)),
        ),
        "hordes_kit.skytear.lab",
    ),
)


def card_text(text, source: str) -> CardSet:
    """Every check of a Skytear card file's text (``core.cardcheck.check_card_text``)."""
    from hordes_kit.core.cardcheck import text_of

    return load_card_text(text_of(text, source), source)


DATA = DataCheck(
    "a Skytear Horde cards .toml (with [[horde]] tables)", _claims, check_data, card_text
)
