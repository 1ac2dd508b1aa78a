"""``hordes-kit lab GAME QUESTION``: a game's lab questions on the command line.

Each game's ``cli.py`` adds ``lab_command(...)`` to its ``COMMANDS``. Options have
documented ranges checked while parsing: ``--games`` 1-1,000,000,000, ``--seed``
0-2**63-1, ``--workers`` 1 to the machine's cores, ``--candidates`` 2-64 (a search),
``--scheduler tcp://HOST:PORT`` (a Dask cluster instead of this machine's processes: the
user's own, trusted one; a scheduler can run code on its clients, which unpickle what it
sends back, so a page never names one: see ``ui.lab``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time

from hordes_kit.core.args import add_run_arguments, int_in, text_up_to
from hordes_kit.core.commands import Command
from hordes_kit.core.lab import DEFAULT_CANDIDATES

__all__ = ["lab_command", "print_answer"]


def print_answer(result, out=None) -> None:
    """A lab answer as lines a player reads."""
    out = out or sys.stdout
    from hordes_kit.core.lab.search import SearchResult, best_label

    final = result
    if isinstance(result, SearchResult):
        final = result.final
        best = best_label(result.family, result.winner)
        print(f"{best}: {result.family.describe(result.winner.spec)}", file=out)
        print("Checked on fresh games (never the ones the search was tuned on):", file=out)
    print(f"{final.games:,} games (seed {final.seed}), measured: {final.exp.measure}", file=out)
    for row in final.table().iter_rows(named=True):
        print(
            f"  {row['mean']:7.2%}  [{row['low95']:.2%}, {row['high95']:.2%}]  "
            f"vs best {row['vs_best']:+.2%} [{row['vs_best_low95']:+.2%}, "
            f"{row['vs_best_high95']:+.2%}]  {row['verdict']}: {row['choice']}",
            file=out,
        )
    exp = final.exp
    if (
        not isinstance(result, SearchResult)
        and len(exp.arms) == 2
        and (exp.binary or exp.scale > 1)
    ):
        from hordes_kit.core.lab.report import paired

        p = paired(final)
        first, second = (a.label for a in exp.arms)
        only = (
            f"; games only {second} won: {p['won_by_second_only']:,}, only {first}: "
            f"{p['won_by_first_only']:,}"
            if exp.binary
            else ""
        )
        print(
            f"Game by game, {second} minus {first}: {p['paired_difference']:+.2%} "
            f"[{p['paired_low95']:+.2%}, {p['paired_high95']:+.2%}]{only}",
            file=out,
        )


def lab_command(game: str, keys: tuple[str, ...], module: str) -> Command:
    """The ``lab`` command of a game whose questions are ``module.QUESTIONS`` (keys listed)."""

    def add(p: argparse.ArgumentParser) -> None:
        p.add_argument("question", choices=keys, help="what to ask: " + ", ".join(keys))
        add_run_arguments(
            p,
            games=None,
            games_help="games per choice, 1-1,000,000,000 (default: the question's own); a "
            "search plays this many per candidate in its first round, doubles them for the "
            "ones it keeps, and checks the winner on four times as many fresh games",
        )
        p.add_argument(
            "--scheduler",
            type=text_up_to(200),
            default=None,
            help="a Dask scheduler's address (tcp://HOST:PORT): run there instead. Only "
            "your own cluster: a Dask scheduler can run code on this computer",
        )
        p.add_argument(
            "--candidates",
            type=int_in(2, 64),
            default=DEFAULT_CANDIDATES,
            help=f"policies a search starts from, 2-64 (default {DEFAULT_CANDIDATES})",
        )

    def run(args: argparse.Namespace) -> int:
        from hordes_kit.core.lab.cluster import check_scheduler
        from hordes_kit.core.lab.report import answer_record
        from hordes_kit.core.lab.search import ask

        if args.scheduler is not None:
            check_scheduler(args.scheduler)
        q = next(x for x in importlib.import_module(module).QUESTIONS if x.key == args.question)
        games = args.games or q.default_games
        tty = sys.stderr.isatty() and not args.json
        start = time.perf_counter()

        def progress(stage: str, done: int, total: int) -> None:
            if tty:
                print(f"\r{stage}: {done:,}/{total:,} games", end="", file=sys.stderr)

        res = ask(
            q,
            games,
            args.seed,
            workers=args.workers,
            scheduler=args.scheduler,
            candidates=args.candidates,
            progress=progress,
        )
        if tty:
            print(file=sys.stderr)
        if args.json:
            seconds = time.perf_counter() - start
            record = answer_record(game, q.key, q.title, res, args.seed, seconds, args.candidates)
            print(json.dumps(record))
        else:
            print(q.title)
            print_answer(res)
        return 0

    return Command(
        "lab",
        f"ask the strategy lab about {game}",
        "Answers a question by playing many seeded games: a table of each choice's rate, "
        "its 95% interval and its difference from the best on the same games.",
        add,
        run,
        verb_help="the strategy lab: questions answered over many seeded games",
    )
