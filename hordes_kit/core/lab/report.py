"""The lab's answers as data: a run written to TOML rows and read back for the report page.

``data/lab/answers.toml`` holds one ``[[answer]]`` table per shipped question: the game,
the question, the games and seed it was computed with, the command that recomputes it,
and one row per choice (mean, 95% interval, difference from the best on the same games
and its interval, verdict). ``scripts/lab_answers.py`` writes it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from hordes_kit.core.data import data_path
from hordes_kit.core.lab import DEFAULT_CANDIDATES
from hordes_kit.core.lab.search import SearchResult

__all__ = ["answer_record", "to_toml", "read_answers", "paired", "ANSWERS"]

ANSWERS = data_path("lab", "answers.toml")


def answer_record(
    game: str,
    key: str,
    title: str,
    result,
    seed: int,
    seconds: float,
    candidates: int = DEFAULT_CANDIDATES,
) -> dict:
    """A run as a plain dict (one ``[[answer]]``): ``seconds`` it took, and the command that
    plays it again (its ``--games``, a search's first round, and ``--candidates``)."""
    final = result.final if isinstance(result, SearchResult) else result
    from hordes_kit.core.registry import get_game

    search = isinstance(result, SearchResult)
    games = result.rounds[0].games if search else final.games
    command = f"hordes-kit lab {game} {key} --games {games} --seed {seed}"
    if search and candidates != DEFAULT_CANDIDATES:
        command += f" --candidates {candidates}"
    rec = {
        "game": game,
        "game_title": get_game(game).title,
        "question": key,
        "title": title,
        "seed": seed,
        "games": final.games,
        "measure": final.exp.measure,
        "seconds": round(seconds, 2),
        "command": command,
        "rows": [
            {k: (round(v, 6) if isinstance(v, float) else v) for k, v in row.items()}
            for row in final.table().iter_rows(named=True)
        ],
    }
    if not search and len(final.exp.arms) == 2 and (final.exp.binary or final.exp.scale > 1):
        rec.update(paired(final))
    if search:
        named = result.family.member_name
        rec["winner"] = named(result.winner.spec) if named else result.winner.label
        rec["candidate"] = result.winner.label  # the search draws it again from its seed
        rec["winner_policy"] = result.family.describe(result.winner.spec)
        rec["search_games"] = sum(r.games * len(r.exp.arms) for r in result.rounds)
        rec["first_games"] = result.rounds[0].games  # the command's --games
        rec["note"] = "the rows are the winner and the shipped policies on fresh games"
        rec["family"] = result.family.about  # what the search could change, in words
    return rec


def paired(result) -> dict:
    """Two arms on the same games: the second's rate minus the first's, game by game, with
    its 95% interval (from the per-game differences), and the games only one of them won
    (the discordant pairs: the only games that move the difference)."""
    a, b = result.exp.arms
    t = result.tally
    both = int(t.cross[0, 1])
    d, lo, hi = result.difference(1, 0)
    rec = {
        "paired": f"{b.label} minus {a.label}, game by game",
        "paired_difference": round(d, 6),
        "paired_low95": round(lo, 6),
        "paired_high95": round(hi, 6),
    }
    if result.exp.binary:  # a game's figure a chance (``Experiment.scale``): no such games
        rec["won_by_second_only"] = int(t.total[1]) - both
        rec["won_by_first_only"] = int(t.total[0]) - both
    return rec


def _value(v) -> str:
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, bool):
        return "true" if v else "false"
    return repr(v)


def to_toml(records: list[dict], header: str) -> str:
    """The records as TOML text (``[[answer]]`` with ``[[answer.rows]]``)."""
    lines = [f"# {line}" for line in header.splitlines()]
    for rec in records:
        lines += ["", "[[answer]]"]
        lines += [f"{k} = {_value(v)}" for k, v in rec.items() if k != "rows"]
        for row in rec["rows"]:
            lines += ["[[answer.rows]]"] + [f"{k} = {_value(v)}" for k, v in row.items()]
    return "\n".join(lines) + "\n"


def read_answers(path: Path = ANSWERS) -> list[dict]:
    """The shipped answers (empty when none were computed)."""
    if not path.is_file():
        return []
    return tomllib.loads(path.read_text())["answer"]
