"""Shadows' Predict, round and wins tools in the page's address.

- Predict: ``?their_hero=akintunde&studied=...&level=2&played=...&asked=4:no,5:yes&model=bot``
- This round: ``?hero=eras&vs=cave-stalker&items=...&hand=...&damage=3&dodge=yes&rank=yes``
- Who wins: ``?players=3&seats=eras,akintunde,isabel&bot=sensible&games=200&seed=4&play=yes``

Cards are named by their ids as the kit's card files spell them. ``rank=yes`` and
``play=yes`` (written when the ranking or the games are on screen) work them out again on
opening; the table's readings travel as the Table rules panel writes them."""

from __future__ import annotations

import re

from hordes_kit.core.errors import HordesKitError, InvalidInputError
from hordes_kit.core.query import list_of, one_of, whole_number
from hordes_kit.core.table_rules import link_params
from hordes_kit.shadows import new_game
from hordes_kit.shadows.cards import load_cards
from hordes_kit.shadows.hands import NUMBERS
from hordes_kit.shadows.odds import monster_round
from hordes_kit.ui.common import error_html
from hordes_kit.ui.query import follow_address

__all__ = [
    "predict_params",
    "open_predict",
    "round_params",
    "open_round",
    "wins_params",
    "open_wins",
    "asked_answers",
    "position_for",
]

CARDS = load_cards("")
YES_NO = {"yes": True, "no": False}


def asked_answers(name: str, value: str) -> dict[int, str]:
    """The ``asked`` parameter: ``4:no,5:yes`` (each Initiative number once)."""
    out: dict[int, str] = {}
    for part in value.split(",") if value else ():
        m = re.fullmatch(r"([0-9]):(yes|no)", part)
        if m is None or int(m[1]) not in NUMBERS or int(m[1]) in out:
            raise InvalidInputError(
                f"{name}= in the address: {part[:40]!r} is not a number asked and its answer"
            )
        out[int(m[1])] = m[2]
    return out


asked_answers.max_value = 8 * len(NUMBERS)  # type: ignore[attr-defined]


def position_for(hero: str, monster: str, **seat) -> object:
    """A 2-player table at the start of round 1 with this Hero in seat 1 (the engine's own
    way of describing a position)."""
    other = next(h.id for h in CARDS.heroes if h.id != hero)
    seats = [{"hero": hero, **seat}, {"hero": other}]
    return new_game(
        {"players": 2, "position": {"round": 1, "leader": 1, "monster": monster, "seats": seats}}
    )


def _ids(picker) -> set[str]:
    return {i for _, i in picker.options}


def _say(box):
    return lambda problem: setattr(box, "value", error_html(problem))


# --- Predict --------------------------------------------------------------------------------


def predict_params(tool) -> dict[str, object]:
    """The Predict question as a link's parameters."""
    asked = ",".join(f"{n}:{box.value}" for n, box in tool.answers.items() if box.value)
    return {
        "their_hero": tool.hero.value,
        "studied": ",".join(tool.studied.value),
        "level": tool.level.value,
        "played": ",".join(tool.played.value),
        "asked": asked,
        "model": tool.model.value,
    }


def _predict_checks(tool) -> dict:
    return {
        "their_hero": one_of({h for _, h in tool.hero.options}),
        "studied": list_of(_ids(tool.studied), tool.studied.max_items),
        "level": one_of({str(v) for _, v in tool.level.options}),
        "played": list_of(set(CARDS.by_id), 10),
        "asked": asked_answers,
        "model": one_of({m for _, m in tool.model.options}),
    }


def _show_predict(tool, wanted: dict) -> None:
    hero = wanted.get("their_hero", tool.hero.value)
    studied = wanted.get("studied", tool.studied.value)
    deck = set(position_for(hero, "cave-stalker", deck=list(studied)).seats[0].deck)
    stray = [c for c in wanted.get("played", ()) if c not in deck]
    if stray:
        raise InvalidInputError(f"played= in the address: {stray[0]} is not in their deck")
    if "their_hero" in wanted:
        tool.hero.value = hero
    if "studied" in wanted:
        tool.studied.set(studied)
    if "level" in wanted:
        tool.level.value = int(wanted["level"])
    if "played" in wanted:
        tool.played.set(wanted["played"])
    if "asked" in wanted:
        for n, box in tool.answers.items():
            box.value = wanted["asked"].get(n, "")
    if "model" in wanted:
        tool.model.value = wanted["model"]


def open_predict(tool) -> str:
    """Show the Predict question the page's address names; what was wrong with it ("")."""
    return follow_address(
        lambda: _predict_checks(tool), lambda w: _show_predict(tool, w), _say(tool.message)
    )


# --- this round -----------------------------------------------------------------------------


def round_params(tool) -> dict[str, object]:
    """The round's question as a link's parameters (``rank=yes`` when the ranking shows)."""
    params: dict[str, object] = {
        "hero": tool.hero.value,
        "vs": tool.monster.value,
        "items": ",".join(tool.items.value),
        "hand": ",".join(tool.hand.value),
        "damage": tool.damage.value,
        "dodge": "yes" if tool.dodge.value else "no",
    }
    if tool.ranked.value:
        params["rank"] = "yes"
    return params


def _round_checks(tool) -> dict:
    return {
        "hero": one_of({h for _, h in tool.hero.options}),
        "vs": one_of({m for _, m in tool.monster.options}),
        "items": list_of(_ids(tool.items), tool.items.max_items),
        "hand": list_of(set(CARDS.by_id), 10),
        "damage": whole_number(tool.damage.min, tool.damage.max),
        "dodge": one_of(YES_NO),
        "rank": one_of({"yes", "no"}),
    }


def _show_round(tool, wanted: dict) -> None:
    hero = wanted.get("hero", tool.hero.value)
    s = position_for(
        hero,
        wanted.get("vs", tool.monster.value),
        items=list(wanted.get("items", tool.items.value)),
        damage=wanted.get("damage", tool.damage.value),
        dodge=YES_NO.get(wanted.get("dodge", ""), tool.dodge.value),
    )
    if "hand" in wanted:
        deck = set(s.seats[0].deck)
        stray = [c for c in wanted["hand"] if c not in deck]
        if stray:
            raise InvalidInputError(f"hand= in the address: {stray[0]} is not in your deck")
        try:
            monster_round(s, 0, list(wanted["hand"]))
        except HordesKitError as e:
            raise InvalidInputError(f"hand= in the address: {e}") from None
    if "hero" in wanted:
        tool.hero.value = hero
    if "vs" in wanted:
        tool.monster.value = wanted["vs"]
    if "items" in wanted:
        tool.items.set(wanted["items"])
    if "hand" in wanted:
        tool.hand.set(wanted["hand"])
    if "damage" in wanted:
        tool.damage.value = wanted["damage"]
    if "dodge" in wanted:
        tool.dodge.value = YES_NO[wanted["dodge"]]
    if wanted.get("rank") == "yes":
        tool.rank()


def open_round(tool) -> str:
    """Show (and, with ``rank=yes``, rank) the round the page's address names; what was
    wrong with it ("")."""
    return follow_address(
        lambda: _round_checks(tool), lambda w: _show_round(tool, w), _say(tool.message)
    )


# --- who wins -------------------------------------------------------------------------------


def wins_params(tool) -> dict[str, object]:
    """The games as a link's parameters (``play=yes`` when their figures show)."""
    params: dict[str, object] = {
        "players": tool.players.value,
        "seats": ",".join(h.value for h in tool.heroes[: tool.players.value]),
        "bot": tool.bot.value,
        "games": tool.games.value,
        "seed": tool.seed.value,
    }
    if tool.chart.fig is not None:
        params["play"] = "yes"
    return params | link_params("shadows", tool.table_rules)


def _wins_checks(tool) -> dict:
    heroes = {h for _, h in tool.heroes[0].options}
    return {
        "players": one_of({str(v) for v in tool.players.options}),
        "seats": list_of(heroes, len(tool.heroes)),
        "bot": one_of({b for _, b in tool.bot.options}),
        "games": whole_number(tool.games.min, tool.games.max),
        "seed": whole_number(tool.seed.min, tool.seed.max),
        "play": one_of({"yes", "no"}),
    }


def _show_wins(tool, wanted: dict) -> None:
    players = int(wanted.get("players", tool.players.value))
    seats = wanted.get("seats")
    if seats is not None and len(seats) != players:
        raise InvalidInputError(
            f"seats= in the address names {len(seats)} Heroes for {players} players"
        )
    tool.players.value = players
    for box, hero in zip(tool.heroes, seats or ()):
        box.value = hero
    for key, box in (("bot", tool.bot), ("games", tool.games), ("seed", tool.seed)):
        if key in wanted:
            box.value = wanted[key]
    if wanted.get("play") == "yes":
        tool.run()


def open_wins(tool) -> str:
    """Show (and, with ``play=yes``, play) the games the page's address names; what was
    wrong with it ("")."""
    return follow_address(
        lambda: _wins_checks(tool), lambda w: _show_wins(tool, w), _say(tool.message)
    )
