"""The Horde's printable odds sheet: the chance to kill a hordling by its level and the
defender's force, who fights at which level and force, and the taxes of the 20 turns."""

from __future__ import annotations

from hordes_kit.core.sheet import Section, Sheet, Table, cell, rules_of
from hordes_kit.the_horde.cards import load_data
from hordes_kit.the_horde.odds import effective_force, kill_probability
from hordes_kit.the_horde.rules import GAME

__all__ = ["LEVELS", "FORCES", "sheet"]

LEVELS = tuple(range(1, 8))
FORCES = tuple(range(0, 11))
SEASONS = {"S": "Summer", "F": "Fall", "W": "Winter"}  # as the turn chart writes them


def _who() -> tuple[Table, Table]:
    d = load_data()
    by_level: dict[int, set[str]] = {}
    for h in d.horde:
        if h.level is not None:
            by_level.setdefault(h.level, set()).add(h.name)
    for t in d.turns:
        by_level.setdefault(t.level, set()).add(f"{t.indigenous} (native to {t.location})")
    hordlings = Table(
        "Hordlings by level",
        "The level each hordling fights at (the rows of the chart above).",
        ("Level", "Hordlings"),
        tuple((str(lv), ", ".join(sorted(by_level[lv]))) for lv in sorted(by_level)),
        heat=False,
    )
    fighters = sorted({(c.force, c.name) for c in d.recruit if c.fights})
    grim = effective_force(4, item_bonus=2)
    dizzy = effective_force(4, dizzy=True, dizzy_penalty=d.setup["dizzy_penalty"])
    defenders = Table(
        "Defenders by force",
        "Each fighting defender's force (the columns of the chart above), and what changes it.",
        ("Defender", "Force"),
        tuple((name, str(force)) for force, name in fighters)
        + (
            ("Grimthwacker with a Haunch of Meat (+2)", str(grim)),
            ("Dizzy: the third Grimthwacker in a row", str(dizzy)),
        ),
        heat=False,
    )
    return hordlings, defenders


def _taxes() -> Table:
    d = load_data()
    total, rows = 0, []
    for t in d.turns:
        total += t.turn  # the tax of a turn is its number
        rows.append(
            (
                str(t.turn),
                SEASONS.get(t.season, t.season),
                t.location,
                str(t.attackers),
                f"{t.indigenous} ({t.level})",
                str(t.turn),
                str(total),
                cell(kill_probability(t.level, 4, d.setup["kill_at"])),
            )
        )
    return Table(
        "The taxes ahead, turn by turn",
        "The Master Turn Chart: each turn's tax (the turn number) and the taxes paid by its "
        "end, its attackers, and the chance a force-4 defender (a Grimthwacker or a Knight) "
        "kills that turn's native hordling (exact).",
        ("Turn", "Season", "Location", "Attackers", "Native (level)", "Tax", "Paid so far", "Kill"),
        tuple(rows),
        note="Income a turn: "
        + ", ".join(f"{c.name} {c.income}" for c in d.recruit if c.income)
        + f" Crowns; you start with {d.setup['crowns']} Crowns and "
        + ", ".join(f"{n} {k}" for k, n in d.setup["village"].items())
        + " in the village.",
    )


def sheet() -> Sheet:
    """The sheet: kill chances by level and force (exact), who is who, and the taxes ahead."""
    kill_at = load_data().setup["kill_at"]
    chart = Table(
        "Chance to kill the hordling",
        "One battle roll: 1d6 − the hordling's level + the defender's force must reach "
        f"{kill_at}. Rows: the hordling's level; columns: the defender's force (exact, in "
        "whole percents: 17% is one face in six).",
        ("Level \\ force", *map(str, FORCES)),
        tuple(
            (str(lv), *(cell(kill_probability(lv, f, kill_at), 0) for f in FORCES)) for lv in LEVELS
        ),
    )
    hordlings, defenders = _who()
    return Sheet(
        "The Horde",
        "Chauncey's chance to kill each hordling, and the taxes of the five years ahead.",
        (
            Section(
                "One battle",
                "Find the hordling's level and the defender's force: the cell is the chance "
                "the hordling dies. Otherwise the defender dies and the hordling attacks the "
                "village.",
                (chart, hordlings, defenders),
            ),
            Section(
                "The taxes ahead",
                "You lose the moment you cannot pay a tax: keep the Crowns for the turns ahead.",
                (_taxes(),),
            ),
        ),
        assumptions=(
            "A battle is one roll of a fair six-sided die; nothing else changes the force "
            "than what the table of defenders lists.",
            "The turn chart and the card list are the kit's data for the game (data/the_horde).",
        ),
        rules=rules_of(
            GAME,
            "horde.battle-roll",
            "horde.hordling-killed",
            "horde.defender-killed",
            "special.dizzy",
            "income",
            "tax",
            "defeat.taxes",
        ),
    )
