"""The worst files of their size limits, per game, as tests build them: the longest
history a save may hold, a player's own card data at a config's limit (as many extra
cards as the game's card reader takes, the rest padded), and a described position with
its lists at their bounds; saves, links and tables made of them. ``test_load_budget.py``
holds every loader to its budget on them; fuzz tests may start from them too.
"""

from __future__ import annotations

import json
import random
import re
from functools import cache

from hordes_kit.core.data import data_path
from hordes_kit.core.playout import random_policy, sample_outcome
from hordes_kit.core.registry import get_game
from hordes_kit.core.savefile import MAX_MOVES
from hordes_kit.core.schema import CARD_TEXT_LIMIT
from hordes_kit.core.state import GameState

__all__ = ["GAMES", "played", "longest", "card_data", "big_position", "worst_configs"]

GAMES = ("fantahzee", "skytear", "shadows", "the-horde", "heroes-hordes")
# extra cards a card file may add, within each game's card reader's counts (the reader
# refuses more): renamed copies of the shipped tables named
EXTRA = {
    "fantahzee": (("hero", "action"), 200),  # at most 1,000 cards, copies counted
    "skytear": (("alliance", "horde"), 400),  # at most 500 of a kind (57 and 42 shipped)
    "shadows": (("skill",), 380),  # at most 500 of a kind (113 shipped)
}


def played(game: str, config: dict, moves: int = MAX_MOVES, seed: int = 0) -> GameState:
    """A game of ``config`` played at random (the longest games: a random Fantahzee game
    goes past 30,000 moves) for up to ``moves`` moves or to its end."""
    s, rng, policy = get_game(game).start(config), random.Random(seed), random_policy
    for _ in range(moves):
        if s.is_terminal:
            break
        s = s.apply(sample_outcome(s.chance_outcomes(), rng) if s.is_chance else policy(s, rng))
    return s


@cache
def longest(game: str, config_json: str = "{}") -> GameState:
    """The longest of two games of a config (given as JSON), or of up to four until one
    reaches ``MAX_MOVES`` (random Fantahzee games mostly do)."""
    config, best = json.loads(config_json), None
    for seed in range(4 if game == "fantahzee" else 2):
        s = played(game, config, seed=seed)
        if best is None or len(s.history) > len(best.history):
            best = s
        if len(best.history) >= MAX_MOVES:
            break
    return best


def _grown_toml(text: str, tables: tuple[str, ...], n: int) -> str:
    heads = "|".join(tables)
    blocks = re.findall(rf"(?ms)^\[\[(?:{heads})\]\]\n.*?(?=^\[\[|\Z)", text)
    out = [text]
    for i in range(n):
        block = re.sub(
            r'(?m)^name = "([^"]*)"', rf'name = "\1 {i}"', blocks[i % len(blocks)], count=1
        )
        out.append(re.sub(r'(?m)^code = "[^"]*"\n', "", block))  # a code names one card
    return "\n".join(out)


def _padded(text: str, limit: int, comment: str = "#") -> str:
    lines = (limit - len(text) - 2) // 100
    return text + "\n" + "\n".join(comment + " " + "x" * 97 for _ in range(lines))


@cache
def card_data(game: str) -> dict:
    """A config part holding a player's own card data at ``CARD_TEXT_LIMIT`` characters
    (less 64: room for a test to vary it), with as many extra cards as the game's reader
    takes (the game accepts it)."""
    if game in EXTRA:
        tables, n = EXTRA[game]
        text = (data_path(game) / "cards.toml").read_text()
        part: dict = {"cards": _padded(_grown_toml(text, tables, n), CARD_TEXT_LIMIT - 64)}
    elif game == "heroes-hordes":  # CSV: renamed rows up to the reader's 500 rows
        lines = (data_path("heroes_hordes") / "cards.csv").read_text().splitlines()
        rows = lines[1:]
        extra = [re.sub(r"^([^,]*)", rf"\1 {i}", rows[i % len(rows)]) for i in range(390)]
        part = {"cards": "\n".join(lines + extra) + "\n"}
    else:  # The Horde's folder: renamed recruit rows, setup.toml padded to the limit
        folder = data_path("the_horde")
        files = {p.name: p.read_text() for p in sorted(folder.iterdir()) if p.is_file()}
        files = {k: v for k, v in files.items() if k.endswith((".csv", ".toml"))}
        files = {
            k: files[k]
            for k in ("recruit.csv", "horde.csv", "indigenous.csv", "turns.csv", "setup.toml")
        }
        rows = files["recruit.csv"].splitlines()
        villager = next(r for r in rows if r.startswith("Villager,"))
        files["recruit.csv"] += "".join(
            re.sub(r"^Villager,\d+", f"Villager {i},1", villager) + "\n" for i in range(400)
        )
        rest = sum(len(v) for k, v in files.items() if k != "setup.toml")
        files["setup.toml"] = _padded(files["setup.toml"], CARD_TEXT_LIMIT - 64 - rest)
        part = {"data": files}
    get_game(game).start(part)  # the worst file is one the game takes
    return part


def big_position(game: str) -> dict | None:
    """A config whose described position has its lists at their bounds (None: the game
    describes no position)."""
    if game == "skytear":
        from hordes_kit.skytear.rules import MAX_HORDE_PILE, MAX_PILE

        pile = ["Temple Guard"] * MAX_PILE
        return {
            "position": {
                "hands": [pile],
                "discards": [pile],
                "decks": [pile],
                "horde_deck": ["Skyboot Deckhand"] * MAX_HORDE_PILE,
            }
        }
    if game == "fantahzee":
        deck = list(get_game(game).start({}).hero_deck)
        half = len(deck) // 2
        seats = [{"hand": deck[:half]}, {"hand": deck[half:]}]
        return {
            "players": 2,
            "position": {"seats": seats, "stacks": [{"l1": 6, "l2": 5, "boss": True}] * 5},
        }
    if game == "shadows":
        from hordes_kit.shadows.cards import load_cards
        from hordes_kit.shadows.config import MAX_ITEMS, MAX_PILE

        # the most Items the box allows: each Market Item once, one Restricted Item a Hero
        market = [i for i in load_cards().items if not i.basic]
        plain = [i.id for i in market if not i.restricted]
        held = [i.id for i in market if i.restricted]
        first = [held[0], *plain[: MAX_ITEMS - 1]]
        seat = {
            "hero": "eras",
            "library": ["thunderstrike"] * MAX_PILE,
            "deck": ["stone-hex"] * MAX_PILE,
            "items": first,
        }
        rest = [held[1], *plain[MAX_ITEMS - 1 :]][:MAX_ITEMS]
        return {
            "players": 2,
            "position": {
                "monster": "cave-stalker",
                "seats": [seat, {**seat, "hero": "rolan", "items": rest}],
            },
        }
    return None


def worst_configs(game: str) -> dict[str, dict]:
    """The configs of the worst files: the shipped data, card data at its limit, and a
    position at its bounds (where the game describes one)."""
    out = {"shipped": {}, "card data": card_data(game)}
    position = big_position(game)
    if position is not None:
        out["position"] = position
    return out
