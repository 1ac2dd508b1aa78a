"""``hordes-kit coach GAME --position LINK_OR_SAVE [--seconds S] [--seed N] [--json]``: the
coach's ranking of a position's moves (``core.coach``), the same as the boards show.

``--position`` is a position link (the board's Share link: the whole address, or its
``position`` value ``k1....``) or a save file (the board's Save game). Both are read by the
kit's one loader of each kind (``core.links``, ``core.savefile``: sizes, keys, the game's
checks, every move replayed); anything else is refused in one line naming the input.
"""

from __future__ import annotations

import argparse
import json
import os
from urllib.parse import parse_qs, urlsplit

from hordes_kit.core.args import int_in, text_up_to
from hordes_kit.core.commands import Command
from hordes_kit.core.errors import SaveFileError
from hordes_kit.core.links import LINK_TAG, MAX_LINK, POSITION, position_from_link
from hordes_kit.core.montecarlo import MAX_SEED
from hordes_kit.core.state import GameState

__all__ = ["COACH_COMMAND", "open_position", "MAX_ARGUMENT"]

MAX_ARGUMENT = MAX_LINK + 2000  # characters of --position: a whole address with its link


def _link_value(text: str) -> str | None:
    """The link's ``position`` value, if ``text`` is a link or an address holding one."""
    if text.startswith(LINK_TAG + "."):
        return text
    if "?" in text and f"{POSITION}=" in text:
        try:
            values = parse_qs(urlsplit(text).query, max_num_fields=50).get(POSITION, [])
        except ValueError:
            return None
        return values[0] if len(values) == 1 else None
    return None


def open_position(text: str, game: str) -> tuple[dict, GameState]:
    """The ``(config, state)`` of ``--position``: a link, an address with one, or a save file."""
    from hordes_kit.core.inputs import read_bytes, shown
    from hordes_kit.core.savefile import SAVE_LIMIT, load_save

    link = _link_value(text)
    if link is not None:
        return position_from_link(link, expect_game=game)
    if not os.path.lexists(text):
        raise SaveFileError(
            f"--position {shown(text)!r}: neither a position link (the board's Share link) "
            "nor a save file that exists here"
        )
    data = read_bytes(text, SAVE_LIMIT)
    return load_save(data, expect_game=game, name=shown(text))


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--position",
        required=True,
        metavar="LINK_OR_SAVE",
        type=text_up_to(MAX_ARGUMENT),
        help="the position: a board's Share link (the address, or its position value) or a "
        "saved game",
    )
    p.add_argument(
        "--seconds",
        type=int_in(1, 600),
        default=1,
        help="how long the coach thinks, 1-600 seconds (default 1): longer is surer",
    )
    p.add_argument(
        "--seed",
        type=int_in(0, MAX_SEED),
        default=0,
        help=f"seed of the simulated games, 0-{MAX_SEED:,} (default 0)",
    )


def _run(args: argparse.Namespace) -> int:
    from hordes_kit.core.coach import coach
    from hordes_kit.core.coach_words import answer_json, answer_lines

    _, state = open_position(args.position, args.game)
    answer = coach(state, seconds=args.seconds, seed=args.seed)
    if args.json:
        print(json.dumps(answer_json(answer)))
    else:
        print("\n".join(answer_lines(answer)))
    return 0


COACH_COMMAND = Command(
    "coach",
    "the best moves of a position, by simulated games",
    "Ranks the moves of the player whose turn it is by their win chance (and score), "
    "each move played on by many simulated games under the game's best policy, on the "
    "same luck for every move: the top three, their 95% intervals, the difference from "
    "the best, and why the best is better. Hidden cards of other players are never read.",
    _arguments,
    _run,
)
