"""The ``hordes-kit`` command: odds at the table, simulations, and serving the dashboards.

Bad input prints one line on stderr and exits 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from fractions import Fraction

from hordes_kit.core.errors import HordesKitError

__all__ = ["main", "build_parser"]

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (try: {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for the tests and the docs)."""
    p = _Parser(prog="hordes-kit", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    odds = sub.add_parser("odds", help="exact odds for a game's dice")
    games = odds.add_subparsers(dest="game", required=True, parser_class=_Parser)
    fz = games.add_parser(
        "fantahzee",
        help="chance to pay hero costs in the Dice Phase, and what to keep",
        description="Chance to pay every cost (separate dice) under the best keep/reroll play.",
    )
    fz.add_argument("--dice", type=int, help="number of dice (1-10)")
    fz.add_argument("--rolls", type=int, help="rolls in all, the first included (1-5)")
    fz.add_argument(
        "--cost",
        action="append",
        required=True,
        metavar="COST",
        help="a hero's cost: X any die, XX a pair ..., 1-6 exact faces; repeat for more heroes",
    )
    fz.add_argument(
        "--distinct-values",
        action="store_true",
        help="different heroes' X-groups must show different numbers",
    )
    fz.add_argument("--showing", help="dice showing now, e.g. 6,6,4,3,2 (asks for keep advice)")
    fz.add_argument("--locked", default="", help="dice already locked on heroes, e.g. 5")
    fz.add_argument("--rolls-left", type=int, help="rerolls still to come (with --showing)")
    fz.add_argument("--json", action="store_true", help="print one JSON object")
    th = games.add_parser(
        "the-horde",
        help="chance that a battle roll kills the hordling",
        description="Battle roll 1d6 - hordling level + defender force; 4 or more kills it.",
    )
    th.add_argument("--level", type=int, required=True, help="the hordling's level")
    th.add_argument("--force", type=int, required=True, help="the defender's force")
    th.add_argument("--item-bonus", type=int, default=0, help="Flute/Haunch bonus (+1, +2...)")
    th.add_argument(
        "--next-gc-bonus", type=int, default=0, help="Boots/Ring bonus (Grimthwackers only)"
    )
    th.add_argument("--dizzy", action="store_true", help="a third Grimthwacker in a row (-3)")
    th.add_argument(
        "--not-grimthwacker", action="store_true", help="the defender is a Knight or an Archer"
    )
    th.add_argument("--json", action="store_true", help="print one JSON object")

    battle = sub.add_parser("battle", help="work out a battle, every modifier shown")
    bgames = battle.add_subparsers(dest="game", required=True, parser_class=_Parser)
    hh = bgames.add_parser(
        "heroes-hordes",
        help="a horde pile against a hero pile: forces, winner, best discard",
        description="Each card's force with its modifiers, the totals, the winner and the "
        "discard that covers the horde while keeping the most force.",
    )
    hh.add_argument("--horde", required=True, help='horde cards, e.g. "Warlord,Goblins,Orks"')
    hh.add_argument("--heroes", required=True, help='hero cards, e.g. "Dwarf Lord,Clansmen"')
    hh.add_argument("--horde-pile", choices=["goblins", "undead", "dragons"])
    hh.add_argument("--hero-pile", choices=["men", "elves", "dwarves"])
    hh.add_argument("--json", action="store_true", help="print one JSON object")

    sim = sub.add_parser("simulate", help="win odds of a policy over many seeded games")
    sgames = sim.add_subparsers(dest="game", required=True, parser_class=_Parser)
    shh = sgames.add_parser("heroes-hordes", help="P(win/tie/loss) with 95%% intervals")
    shh.add_argument("--policy", default="lookahead", help="random, greedy or lookahead")
    shh.add_argument("--games", type=int, default=1000)
    shh.add_argument("--seed", type=int, default=0)
    shh.add_argument("--workers", type=int, default=1, help="local processes (same results)")
    shh.add_argument(
        "--engine",
        choices=["fast", "reference"],
        default="fast",
        help="fast: the numba simulator (default); reference: the rules engine itself",
    )
    shh.add_argument("--json", action="store_true", help="print one JSON object")

    sth = sgames.add_parser(
        "the-horde", help="P(survive 20 turns) with a 95%% interval, and the causes of defeat"
    )
    sth.add_argument("--policy", default="balanced", help="thrifty, defenders or balanced")
    sth.add_argument("--games", type=int, default=10_000)
    sth.add_argument("--seed", type=int, default=0)
    sth.add_argument("--workers", type=int, default=1, help="local processes (same results)")
    sth.add_argument(
        "--engine",
        choices=["fast", "reference"],
        default="fast",
        help="fast: the numba simulator (default); reference: the rules engine itself",
    )
    sth.add_argument("--json", action="store_true", help="print one JSON object")

    from hordes_kit.skytear.cli import add_simulate_arguments as _sky_args

    _sky_args(sgames.add_parser("skytear", help="P(win) of a bot with a 95%% interval"))

    party = sub.add_parser("party", help="a whole party's strength this turn, best play")
    pgames = party.add_subparsers(dest="game", required=True)
    pf = pgames.add_parser(
        "fantahzee",
        help="expected strength and P(strength >= S); with --showing, the best move now",
    )
    pf.add_argument("--heroes", required=True, help='e.g. "Alchemist,Sergeant,Paladin"')
    pf.add_argument("--dice", type=int, default=5, help="dice this turn (default 5)")
    pf.add_argument("--rolls", type=int, default=3, help="rolls this turn (default 3)")
    pf.add_argument("--steam", type=int, default=0, help="steam already got this turn")
    pf.add_argument("--showing", help="dice showing now, e.g. 6,5,4,3,2,1 (asks for advice)")
    pf.add_argument("--rolls-left", type=int, default=2, help="rerolls left (with --showing)")
    pf.add_argument("--json", action="store_true", help="print one JSON object")

    check = sub.add_parser(
        "check-data",
        help="validate a card file (yours or the shipped one)",
        description="Validate a card file: a Fantahzee cards .toml, a Heroes & Hordes "
        "cards .csv, or a The Horde data folder (or one of its files). Every error names "
        "the file, the card and the field.",
    )
    check.add_argument("file", help="the card file or folder")

    serve = sub.add_parser("serve", help="serve the dashboards with Voila")
    serve.add_argument("--port", type=int, default=8866)
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    serve.add_argument("--no-browser", action="store_true", help="do not open a browser")
    serve.add_argument(
        "--cull-idle",
        type=int,
        default=600,
        metavar="SECONDS",
        help="shut down a dashboard's kernel after this long idle with no page open",
    )
    return p


def _exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.2f}%"


def _odds_fantahzee(args: argparse.Namespace) -> int:
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
                "exact": _exact(best.probability),
            }
            out |= adv.to_json()
            print(json.dumps(out))
            return 0
        print(
            f"Dice showing {','.join(map(str, showing))}"
            + (f" (locked: {','.join(map(str, locked))})" if locked else "")
            + f", {args.rolls_left} reroll(s) left, costs {' + '.join(cost_texts)}"
        )
        print(f"Best: {best.label}: {_percent(best.probability)} ({_exact(best.probability)})")
        for o in adv.options[:10]:
            print(f"  {_percent(o.probability):>8}  {o.label}")
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
                    "exact": _exact(p),
                }
            )
        )
    else:
        print(
            f"{args.dice} dice, {args.rolls} roll(s), costs {' + '.join(cost_texts)}: "
            f"{_percent(p)} ({_exact(p)}) with the best keeps"
        )
    return 0


def _battle_heroes_hordes(args: argparse.Namespace) -> int:
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


def _odds_the_horde(args: argparse.Namespace) -> int:
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
                    "exact": _exact(p),
                    "die_needed": need,
                }
            )
        )
        return 0
    roll = "any roll" if need <= 1 else "no roll" if need > 6 else f"{need} or more on the die"
    print(
        f"Level {args.level} hordling against battle force {force}: killed on {roll}, "
        f"{_percent(p)} ({_exact(p)})"
    )
    return 0


def _simulate_the_horde(args: argparse.Namespace) -> int:
    from hordes_kit.the_horde.simulate import simulate

    res = simulate(args.policy, args.games, args.seed, workers=args.workers, engine=args.engine)
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


def check_data(path: str) -> list[str]:
    """Validate a card file of any game; the lines to print (raises on the first error)."""
    from pathlib import Path

    p = Path(path)
    if not p.exists():
        raise HordesKitError(f"{path}: no such file or folder")
    if p.is_dir() or p.name in ("recruit.csv", "horde.csv", "turns.csv", "setup.toml"):
        from hordes_kit.the_horde.cards import load_data

        d = load_data(p if p.is_dir() else p.parent)
        return [
            f"OK: The Horde data in {p if p.is_dir() else p.parent}: "
            f"{sum(c.copies for c in d.recruit)} recruit cards, "
            f"{sum(c.copies for c in d.horde)} horde cards, {len(d.turns)} turns."
        ]
    if p.suffix == ".toml":
        from hordes_kit.core.data import read_toml
        from hordes_kit.skytear.cli import check_data as _sky_check
        from hordes_kit.skytear.cli import is_skytear_file

        if is_skytear_file(read_toml(p)):
            return _sky_check(str(p))
        from hordes_kit.fantahzee.cards import load_cards

        cards = load_cards(p)
        n = cards.counts()
        out = [
            f"OK: Fantahzee card file {p}: {n['hero']} heroes, {n['action']} actions, "
            f"{n['level 1']} level 1 + {n['level 2']} level 2 + {n['boss']} boss monsters, "
            f"{n['town']} towns, {n['treasure']} treasures ({cards.samples()} with sample values)."
        ]
        out += [f"note: {x}" for x in cards.problems()]
        return out
    if p.suffix == ".csv":
        from hordes_kit.heroes_hordes.cards import load_cards

        cards = load_cards(p)
        return [f"OK: Heroes & Hordes card file {p}: {len(cards)} cards."]
    raise HordesKitError(
        f"{path}: not a card file this kit knows (a Fantahzee .toml, a Heroes & Hordes .csv, "
        "or a The Horde data folder)"
    )


def _simulate_heroes_hordes(args: argparse.Namespace) -> int:
    from hordes_kit.heroes_hordes.simulate import simulate

    res = simulate(args.policy, args.games, args.seed, workers=args.workers, engine=args.engine)
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


def _party_fantahzee(args: argparse.Namespace) -> int:
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


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``hordes-kit`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "odds":
            return _odds_the_horde(args) if args.game == "the-horde" else _odds_fantahzee(args)
        if args.command == "battle":
            return _battle_heroes_hordes(args)
        if args.command == "simulate":
            if args.game == "the-horde":
                return _simulate_the_horde(args)
            if args.game == "skytear":
                from hordes_kit.skytear.cli import run_simulate

                return run_simulate(args)
            return _simulate_heroes_hordes(args)
        if args.command == "party":
            return _party_fantahzee(args)
        if args.command == "check-data":
            print("\n".join(check_data(args.file)))
            return 0
        if args.command == "serve":
            from hordes_kit.serve import serve

            return serve(
                port=args.port,
                host=args.host,
                open_browser=not args.no_browser,
                cull_idle=args.cull_idle,
            )
    except HordesKitError as e:
        print(f"hordes-kit: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    parser.error(f"unknown command {args.command!r}")
    return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
