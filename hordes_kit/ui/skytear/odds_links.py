"""The Skytear odds page in its address: the position, then each tool's question.

- The position set in the form: ``?players=1&horde=Skybooter&difficulty=2&at=alliance&turn=2
  &castle=20&lane1=Skyboot+Gunner&ally3=...&minions=Name:1,Name:2`` (lanes and minions not
  named are empty; ``minions=none``: no minion); a game loaded from the board travels as the
  board's own ``position=`` link instead.
- Deck question: ``card=ally&draws=3&least=1`` (a kind, or an alliance card by name).
- Pillage: ``turns=6&pillage=yes``; win odds: ``win_horde=...&win_players=1&games=500&seed=1
  &play=yes`` (``pillage``/``play``: worked out again on opening, when they were shown).
"""

from __future__ import annotations

import re

from hordes_kit.core.errors import HordesKitError, InvalidInputError
from hordes_kit.core.links import POSITION, position_check, position_link
from hordes_kit.core.query import one_of, whole_number
from hordes_kit.core.table_rules import link_params
from hordes_kit.ui.common import error_html
from hordes_kit.ui.query import follow_address

__all__ = [
    "position_params",
    "open_position",
    "deck_params",
    "open_deck",
    "pillage_params",
    "open_pillage",
    "win_params",
    "open_win",
    "minion_counts",
]

LANES = range(1, 7)
FORM = ("players", "horde", "difficulty", "at", "turn", "castle")


def _say(box):
    return lambda problem: setattr(box, "value", error_html(problem))


def minion_counts(names, most: int):
    """A check of the ``minions`` parameter: ``Name:2,Name:1`` or ``none``."""

    def check(name: str, value: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for part in value.split(",") if value != "none" else ():
            minion, _, n = part.rpartition(":")
            if minion not in names or minion in out or not re.fullmatch(r"[0-9]", n):
                raise InvalidInputError(
                    f"{name}= in the address: {part[:40]!r} is not a minion and its health"
                )
            if int(n) > most:
                raise InvalidInputError(f"{name}= in the address: {minion} has at most {most}")
            out[minion] = int(n)
        return out

    check.max_value = len(names) * 40  # type: ignore[attr-defined]
    return check


# --- the position ---------------------------------------------------------------------------


def position_params(pos) -> dict[str, object]:
    """The position as a link's parameters (a loaded game as the board's position link)."""
    if pos.loaded is not None:
        return {POSITION: position_link("skytear", *pos.loaded)}
    params: dict[str, object] = {
        "players": pos.players.value,
        "horde": pos.horde.value,
        "difficulty": pos.difficulty.value,
        "at": pos.phase.value,
        "turn": pos.turn.value,
        "castle": pos.castle.value,
    }
    params |= {f"lane{k}": m.value for k, m in zip(LANES, pos.monsters) if m.value}
    params |= {f"ally{k}": a.value for k, a in zip(LANES, pos.allies) if a.value}
    minions = ",".join(f"{m.description}:{m.value}" for m in pos.minions if m.value)
    return params | {"minions": minions or "none"} | link_params("skytear", pos.table_rules)


def _position_checks(pos) -> dict:
    checks = {
        "players": one_of({str(v) for _, v in pos.players.options}),
        "horde": one_of({v for _, v in pos.horde.options}),
        "difficulty": one_of({str(v) for _, v in pos.difficulty.options}),
        "at": one_of({v for _, v in pos.phase.options}),
        "turn": whole_number(pos.turn.min, pos.turn.max),
        "castle": whole_number(pos.castle.min, pos.castle.max),
        "minions": minion_counts({m.description for m in pos.minions}, pos.minions[0].max),
        POSITION: position_check("skytear"),
    }
    for k, m, a in zip(LANES, pos.monsters, pos.allies):
        checks[f"lane{k}"] = one_of({v for _, v in m.options if v})
        checks[f"ally{k}"] = one_of({v for _, v in a.options if v})
    return checks


def _form_values(pos) -> list:
    return [x.value for x in pos.form_widgets()]


def _show_position(pos, wanted: dict) -> None:
    if POSITION in wanted:
        pos.open_game(*wanted[POSITION])
        return
    old = _form_values(pos)
    boxes = dict(zip(FORM, (pos.players, pos.horde, pos.difficulty, pos.phase, pos.turn)))
    boxes["castle"] = pos.castle
    with pos.held():
        for key, box in boxes.items():
            if key in wanted:
                box.value = type(box.value)(wanted[key])
        for k, m, a in zip(LANES, pos.monsters, pos.allies):
            m.value = wanted.get(f"lane{k}", "")
            a.value = wanted.get(f"ally{k}", "")
        counts = wanted.get("minions", {})
        for m in pos.minions:
            m.value = counts.get(m.description, 0)
        try:
            pos.state()
        except HordesKitError as e:
            for x, v in zip(pos.form_widgets(), old):
                x.value = v
            raise InvalidInputError(f"the position in the address cannot be set up: {e}") from None


def open_position(pos) -> str:
    """Set up the position the page's address names; what was wrong with it ("")."""
    return follow_address(
        lambda: _position_checks(pos), lambda w: _show_position(pos, w), _say(pos.message)
    )


# --- the tools ------------------------------------------------------------------------------


def deck_params(tool) -> dict[str, object]:
    """The position and the deck question as a link's parameters."""
    return position_params(tool.position) | {
        "card": tool.what.value,
        "draws": tool.draws.value,
        "least": tool.at_least.value,
    }


def _deck_checks(tool) -> dict:
    return {
        "card": one_of({i for _, i in tool.what.options}),
        "draws": whole_number(tool.draws.min, tool.draws.max),
        "least": whole_number(tool.at_least.min, tool.at_least.max),
    }


def _show_deck(tool, wanted: dict) -> None:
    if "card" in wanted:
        tool.what.choose(tool.what.label_of(wanted["card"]))
    if "draws" in wanted:
        tool.draws.value = wanted["draws"]
    if "least" in wanted:
        tool.at_least.value = wanted["least"]


def open_deck(tool) -> str:
    """Show the deck question the page's address names; what was wrong with it ("")."""
    return follow_address(
        lambda: _deck_checks(tool), lambda w: _show_deck(tool, w), _say(tool.message)
    )


def pillage_params(tool) -> dict[str, object]:
    """The position and the pillage question (``pillage=yes`` when worked out)."""
    params = position_params(tool.position) | {"turns": tool.turns.value}
    return params | ({"pillage": "yes"} if tool.chart.fig is not None else {})


def _show_pillage(tool, wanted: dict) -> None:
    if "turns" in wanted:
        tool.turns.value = wanted["turns"]
    if wanted.get("pillage") == "yes":
        tool.run()


def _pillage_checks(tool) -> dict:
    return {
        "turns": whole_number(tool.turns.min, tool.turns.max),
        "pillage": one_of({"yes", "no"}),
    }


def open_pillage(tool) -> str:
    """Show (and, with ``pillage=yes``, work out) the pillage question of the address."""
    return follow_address(
        lambda: _pillage_checks(tool), lambda w: _show_pillage(tool, w), _say(tool.message)
    )


def win_params(tool) -> dict[str, object]:
    """The win-odds question as a link's parameters (``play=yes`` when played)."""
    params: dict[str, object] = {
        "win_horde": tool.horde.value,
        "win_players": tool.players.value,
        "games": tool.games.value,
        "seed": tool.seed.value,
    }
    params |= link_params("skytear", tool.table_rules)
    return params | ({"play": "yes"} if tool.chart.fig is not None else {})


def _show_win(tool, wanted: dict) -> None:
    for key, box in (
        ("win_horde", tool.horde),
        ("win_players", tool.players),
        ("games", tool.games),
        ("seed", tool.seed),
    ):
        if key in wanted:
            box.value = int(wanted[key]) if key == "win_players" else wanted[key]
    if wanted.get("play") == "yes":
        tool.run()


def _win_checks(tool) -> dict:
    return {
        "win_horde": one_of({v for _, v in tool.horde.options}),
        "win_players": one_of({str(v) for _, v in tool.players.options}),
        "games": whole_number(tool.games.min, tool.games.max),
        "seed": whole_number(tool.seed.min, tool.seed.max),
        "play": one_of({"yes", "no"}),
    }


def open_win(tool) -> str:
    """Show (and, with ``play=yes``, play) the win-odds question of the address."""
    return follow_address(
        lambda: _win_checks(tool), lambda w: _show_win(tool, w), _say(tool.message)
    )
