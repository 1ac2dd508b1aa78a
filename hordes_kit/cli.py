"""The ``hordes-kit`` command: odds at the table, simulations, and serving the dashboards.

Bad input prints one line on stderr and exits 2, never a traceback. The games' own
subcommands (``hordes-kit odds fantahzee``, ``simulate the-horde``...) and card-file
checks are declared in each game's ``cli.py`` (``hordes_kit/core/commands.py``) and found
through the registry; this module holds only what they share.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from hordes_kit.core.args import int_in, path_arg, text_up_to
from hordes_kit.core.commands import NO_CLAIM, Command, DataCheck
from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.registry import Game, get_game, registered_games

__all__ = ["main", "build_parser", "check_data", "EXIT_BAD_INPUT"]

EXIT_BAD_INPUT = 2
EXIT_BUG = 1  # an error the kit did not expect (never a traceback: one line asking a report)
EXIT_INTERRUPTED = 130
# The verbs games share, in the order ``hordes-kit --help`` lists them; a game bringing a
# new verb gives its line in ``Command.verb_help`` (it is listed after these).
VERBS = {
    "odds": "exact odds for a game's dice",
    "battle": "work out a battle, every modifier shown",
    "simulate": "win odds of a policy over many seeded games",
    "party": "a whole party's strength this turn, best play",
    "sheet": "a printable odds sheet: one HTML page, charts inline, for A4 or Letter",
    "coach": "the best moves of a position, by simulated games",
}
JSON_HELP = "print one JSON object"
# what ``hordes-kit --help`` says first: plain words (a terminal shows no markup)
DESCRIPTION = "The hordes-kit command: odds at the table, simulations, and serving the dashboards."


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {_one_line(message)} (try: {self.prog} --help)\n")


def game_commands() -> dict[str, list[tuple[Game, Command]]]:
    """Verb -> (game, command) for every registered game's commands, in help order."""
    found: dict[str, list[tuple[Game, Command]]] = {v: [] for v in VERBS}
    for game in registered_games():
        module = game.cli_module()
        for cmd in getattr(module, "COMMANDS", ()):
            found.setdefault(cmd.verb, []).append((game, cmd))
        if game.sheet:
            found["sheet"].append((game, SHEET))
        if game.coach:
            from hordes_kit.core.coach_cli import COACH_COMMAND

            found["coach"].append((game, COACH_COMMAND))
    return {verb: pairs for verb, pairs in found.items() if pairs}


def _sheet_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--out",
        metavar="FILE",
        default="-",
        help="write the page to FILE (without --out, or with -, it is printed)",
    )


def _sheet(args: argparse.Namespace) -> int:
    """``hordes-kit sheet GAME``: the game's printable odds sheet, to a file or stdout."""
    from hordes_kit.core.outputs import check_out, write_out
    from hordes_kit.core.sheet import render_game

    check_out(args.out)
    page = render_game(get_game(args.game))
    if args.out == "-":
        sys.stdout.write(page)
    else:
        write_out(args.out, page)
        print(
            f"wrote {args.out} ({len(page.encode()) // 1024 + 1} KB): open it in a browser to print"
        )
    return 0


SHEET = Command(
    "sheet",
    "the game's printable odds sheet (one HTML page)",
    "One self-contained HTML page of the game's odds, every number from the kit's "
    "calculators: print it (A4 or Letter) or send it to the group.",
    _sheet_arguments,
    _sheet,
    json=False,
)


def data_checks() -> dict[str, DataCheck]:
    """Game name -> its card-file check, for every registered game that has one."""
    out = {}
    for game in registered_games():
        check = getattr(game.cli_module(), "DATA", None)
        if check is not None:
            out[game.name] = check
    return out


_BUILT: list = [None, None]  # (the registered games it was built for, the parser)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for the tests and the docs), built once for the games
    registered now.

    Building it takes about 15 ms (argparse looks up a translation of its own words for
    each of its 25 subcommands, and finds none): once in a command's life, but a
    process that answers many command lines (the tests, a fuzzer) built it each time. A
    game registered or replaced since gets a new parser."""
    games = registered_games()
    if _BUILT[0] is not None and len(_BUILT[0]) == len(games):
        if all(a is b for a, b in zip(_BUILT[0], games)):
            return _BUILT[1]
    _BUILT[:] = [games, _new_parser()]
    return _BUILT[1]


def _new_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="hordes-kit", description=DESCRIPTION)
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for verb, pairs in game_commands().items():
        verb_help = VERBS.get(verb) or next(c.verb_help for _g, c in pairs if c.verb_help)
        games = sub.add_parser(verb, help=verb_help).add_subparsers(
            dest="game", required=True, parser_class=_Parser
        )
        for game, cmd in pairs:
            gp = games.add_parser(game.name, help=cmd.help, description=cmd.description)
            cmd.add_arguments(gp)
            if cmd.json:
                gp.add_argument("--json", action="store_true", help=JSON_HELP)
            gp.set_defaults(run=cmd.run)

    checks = data_checks()
    check = sub.add_parser(
        "check-data",
        help="validate a card file (yours or the shipped one)",
        description=f"Validate a card file: {_either(c.kind for c in checks.values())}. "
        "Every error names the file, the card and the field.",
    )
    check.add_argument("file", help="the card file or folder")
    check.add_argument(
        "--game",
        choices=list(checks),
        help="the game the file is for (default: known by its name and suffix)",
    )

    serve = sub.add_parser("serve", help="serve the dashboards with Voila")
    serve.add_argument(
        "--port", type=int_in(1, 65535), default=8866, help="port to serve on, 1-65535 (8866)"
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    serve.add_argument("--no-browser", action="store_true", help="do not open a browser")
    serve.add_argument(
        "--cull-idle",
        type=int_in(1, 86_400),
        default=600,
        metavar="SECONDS",
        help="shut down a dashboard's kernel after this long idle with no page open "
        "(1-86400 seconds, default 600)",
    )
    serve.add_argument(
        "--max-kernels",
        type=int_in(1, 1000),
        metavar="N",
        help="most pages open at once, 1-1000 (default: what this machine's memory holds)",
    )
    serve.add_argument(
        "--token", help="key for the shared link, or 'auto' to make one (default off this computer)"
    )
    serve.add_argument(
        "--no-token", action="store_true", help="share without a key (anyone on the network)"
    )
    serve.add_argument(
        "--preheat",
        type=int_in(0, 100),
        metavar="N",
        help="dashboards kept started ahead, 0-100 (default: auto)",
    )
    serve.add_argument(
        "--db",
        metavar="PATH",
        type=path_arg,
        help="the shared tables' database file (default: tables.sqlite3 in the kit's data "
        "folder, ~/.local/share/hordes_kit)",
    )
    serve.add_argument(
        "--scheduler",
        type=text_up_to(200),
        metavar="ADDRESS",
        help="your own Dask cluster's scheduler (tcp://HOST:PORT), which the strategy lab "
        "page may then run on; it must answer at start. Give only a cluster you trust: a "
        "Dask scheduler can run code on the server",
    )
    serve.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a name of this computer the players' browsers may use to reach it (the "
        "server answers only to addresses, localhost and --host otherwise); repeatable",
    )
    serve.add_argument(
        "--certfile",
        metavar="PEM",
        type=path_arg,
        help="serve over HTTPS with this certificate (PEM), so the link's key is not sent in "
        "the clear; its key in the same file or in --keyfile",
    )
    serve.add_argument(
        "--keyfile", metavar="PEM", type=path_arg, help="the certificate's private key (PEM)"
    )
    serve.add_argument("--notebook-dir", help=argparse.SUPPRESS)  # the tests' own pages
    # the tests shorten the server's waits: idle connection, browser to connect, table beat
    serve.add_argument("--timeouts", type=_three_seconds, help=argparse.SUPPRESS)
    # the tests compile the fast simulators once for the whole run before any server starts
    serve.add_argument("--no-warm-up", action="store_true", help=argparse.SUPPRESS)
    return p


def _three_seconds(text: str) -> tuple[int, int, int]:
    try:
        a, b, c = (int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError("three whole seconds, such as 20,30,100") from None
    if min(a, b, c) < 1:
        raise argparse.ArgumentTypeError("each at least 1 second")
    return a, b, c


def _either(kinds) -> str:
    """``a, b, or c`` (``a or b``; ``a``)."""
    kinds = list(kinds)
    if len(kinds) < 3:
        return " or ".join(kinds)
    return ", ".join(kinds[:-1]) + ", or " + kinds[-1]


def check_data(path: str, game: str | None = None) -> list[str]:
    """Validate a card file of any game; the lines to print (raises on the first error).

    The game is the one that claims the path most surely (a file it names, then what the
    file holds, then its suffix), unless ``game`` names it.
    """
    from hordes_kit.core.inputs import file_kind, shown

    p = Path(path)
    file_kind(p)  # a missing, unreadable or absurd path: the kit's error naming it
    checks = data_checks()
    if game is not None:
        if game not in checks:
            get_game(game)  # an unknown name lists the registered games
            raise HordesKitError(f"{game} has no card files to check")
        return checks[game].check(p)
    best, sure = None, NO_CLAIM
    for check in checks.values():
        claim = check.claims(p)
        if claim > sure:
            best, sure = check, claim
    if best is None:
        raise HordesKitError(
            f"{shown(path)}: not a card file this kit knows "
            f"({_either(c.kind for c in checks.values())})"
        )
    return best.check(p)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``hordes-kit`` console script."""
    from hordes_kit.core.outputs import output_failed

    try:
        code = _run(argv)
        sys.stdout.flush()  # a full disk shows here, not in Python's last flush at exit
        return code
    except HordesKitError as e:
        print(f"hordes-kit: {_one_line(str(e))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # the reader left early (``... | head -2``): not an error. Point stdout at
        # /dev/null so that Python's last flush at exit does not complain either.
        _drop_stdout()
        return 0
    except Exception as e:
        if output_failed(e):  # ``> /dev/full``, a full disk: not a bug of the kit
            _drop_stdout()
            _say(f"hordes-kit: the output could not be written ({os.strerror(e.errno or 0)})")
            return EXIT_BUG
        if os.environ.get("HORDES_KIT_DEBUG"):  # a bug of ours: still one line, no traceback
            raise
        _say(
            f"hordes-kit: unexpected {type(e).__name__}: {_one_line(str(e))} (a bug in the "
            "kit: please report it with the command you ran; HORDES_KIT_DEBUG=1 shows more)"
        )
        return EXIT_BUG


def _run(argv: Sequence[str] | None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as e:  # a usage error (one line already printed) or --help
        return e.code if isinstance(e.code, int) else EXIT_BAD_INPUT
    if args.command == "check-data":
        print("\n".join(check_data(args.file, args.game)))
        return 0
    if args.command == "serve":
        from hordes_kit.core import lazy_iri

        lazy_iri.install()  # a second less to start (see lazy_iri), before the server loads
        from hordes_kit.core.tables.store import use_database
        from hordes_kit.serve.server import serve

        use_database(args.db)  # the pages' kernels read it from the environment

        return serve(
            port=args.port,
            host=args.host,
            open_browser=not args.no_browser,
            cull_idle=args.cull_idle,
            max_kernels=args.max_kernels,
            token=args.token,
            no_token=args.no_token,
            preheat=args.preheat,
            notebook_dir=args.notebook_dir,
            warm_up=not args.no_warm_up,
            scheduler=args.scheduler,
            allow_hosts=args.allow_host,
            certfile=args.certfile,
            keyfile=args.keyfile,
            timeouts=args.timeouts,
        )
    return args.run(args)


def _drop_stdout() -> None:
    """Point stdout at /dev/null: what it still buffers can no longer fail at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _say(line: str) -> None:
    """One line on stderr, if stderr can still take it."""
    try:
        print(line, file=sys.stderr, flush=True)
    except OSError:
        pass


def _one_line(text: str, limit: int = 500) -> str:
    """A message on one line, cut short if it is very long."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "..."


if __name__ == "__main__":
    sys.exit(main())
