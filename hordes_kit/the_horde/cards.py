"""The Horde's card lists and charts as data (``data/the_horde/``), validated on load.

Files (the rulebook's lists, column for column):

* ``recruit.csv`` - RECRUIT DECK CARD LIST: ``name, copies, cost, type, force, income,
  effect, note``. ``type`` is V (Village), D (Defender) or X (Special). ``force`` is the
  rulebook's column: a number for a fighter, ``+N`` for an item's bonus, ``-`` for none.
  ``income`` is what the card produces in the Income phase (INCOME PHASE). ``effect``
  names the card note the engine interprets (vocabulary ``EFFECTS`` below).
* ``horde.csv`` - HORDE DECK CARD LIST: ``name, copies, level, effect, note``; a level of
  ``chart`` means "per the Indigenous Hordlings Chart" (the location's level).
* ``indigenous.csv`` - INDIGENOUS HORDLINGS CHART: ``type, level``.
* ``turns.csv`` - MASTER TURN CHART: ``turn, location, season, attackers, indigenous``.
* ``setup.toml`` - SETUP and the numbers of the phases and special rules.

Card ids are slugs of the names (``healing-rock``); copies of a card are identical, so
a deck is a count per card id. Ids sort alphabetically, and every deck is indexed in
that order (the fast simulator relies on it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from hordes_kit.core.cardcheck import CARD_TEXT_LIMIT
from hordes_kit.core.data import data_path, slug
from hordes_kit.core.errors import CardDataError
from hordes_kit.core.inputs import (
    DigestCache,
    digest,
    file_kind,
    parse_csv,
    parse_toml,
    read_text,
    shown,
    whole_number,
)

__all__ = [
    "EFFECTS",
    "HORDE_EFFECTS",
    "RecruitCard",
    "HordeCard",
    "Turn",
    "HordeData",
    "load_data",
    "data_from_texts",
    "data_of_files",
    "read_folder",
    "check_file",
    "FILES",
    "DATA_DIR",
]

DATA_DIR = data_path("the_horde")
# effect -> (card type it needs, what the force column must be: fighter / bonus / none)
EFFECTS = {
    "": ("VDX", "any"),  # a plain card: a village card, or a fighter with its force
    "grimthwacker": ("D", "fighter"),  # Chauncey's fighters (setup, Dizzy, victory & defeat)
    "long-range": ("D", "fighter"),  # SPECIAL RULES: Archer
    "crown": ("X", "none"),  # Trees: discard to gain 1 Crown
    "wall": ("V", "none"),
    "pit": ("V", "none"),
    "moat": ("V", "none"),
    "heal": ("D", "none"),  # Healing Rock
    "replace-keep": ("D", "bonus"),  # Flute: to the Defender Discard, final card +N
    "replace-spend": ("D", "bonus"),  # Haunch of Meat: to the Recruit Discard, final card +N
    "next-gc": ("D", "bonus"),  # Boots of Boogy, Ring of Teleport
    "bomb": ("D", "none"),
    "flame": ("D", "none"),  # Flame Thrower (Dragon Flyby)
}
HORDE_EFFECTS = ("", "shaman")
TYPES = {"V": "Village", "D": "Defender", "X": "Special"}
FILES = ("recruit.csv", "horde.csv", "indigenous.csv", "turns.csv", "setup.toml")
# Bounds on a data folder (the box's largest is far below each)
LIMITS = {
    "number": 99,  # copies, cost, force, income, level, attackers, a setup number
    "kinds": 500,  # rows of the recruit list or the horde list
    "cards": 2000,  # cards of one deck list, copies counted
    "turns": 200,  # rows of the Master Turn Chart
    "name": 100,  # characters of a name
}


@dataclass(frozen=True)
class RecruitCard:
    """One card of the recruit deck list (all copies are alike)."""

    id: str
    name: str
    copies: int
    cost: int
    type: str  # V, D or X
    force: int  # a fighter's force (0 for a card that does not fight)
    bonus: int  # an item's +N
    income: int
    effect: str
    note: str

    @property
    def fights(self) -> bool:
        """True for a defender that stands in a battle (Grimthwacker, Knight, Archer)."""
        return self.type == "D" and self.effect in ("", "grimthwacker", "long-range")

    @property
    def type_name(self) -> str:
        """Village, Defender or Special."""
        return TYPES[self.type]


@dataclass(frozen=True)
class HordeCard:
    """One card of the horde deck list; ``level`` None = the location's indigenous level."""

    id: str
    name: str
    copies: int
    level: int | None
    effect: str
    note: str


@dataclass(frozen=True)
class Turn:
    """A row of the Master Turn Chart."""

    turn: int
    location: str
    season: str
    attackers: int
    indigenous: str
    level: int  # the indigenous hordlings' level here


@dataclass(frozen=True)
class HordeData:
    """Everything the engine reads from ``data/the_horde``."""

    recruit: tuple[RecruitCard, ...]  # sorted by id
    horde: tuple[HordeCard, ...]  # sorted by id
    turns: tuple[Turn, ...]
    setup: dict
    start_defender: dict[str, int]
    start_village: dict[str, int]

    def card(self, cid: str) -> RecruitCard:
        """The recruit card with this id."""
        return self._by_id[cid]

    @cached_property
    def _by_id(self) -> dict:
        return {c.id: c for c in self.recruit + self.horde}

    @cached_property
    def recruit_ids(self) -> tuple[str, ...]:
        """Recruit card ids in deck-index order."""
        return tuple(c.id for c in self.recruit)

    @cached_property
    def horde_ids(self) -> tuple[str, ...]:
        """Horde card ids in deck-index order."""
        return tuple(c.id for c in self.horde)

    def level(self, hid: str, turn: int) -> int:
        """A hordling's level on this turn (Indigenous: the location's)."""
        card = self._by_id[hid]
        return card.level if card.level is not None else self.turns[turn - 1].level

    def horde_card(self, hid: str) -> HordeCard:
        """The horde card with this id."""
        return self._by_id[hid]

    def recruit_pool(self) -> tuple[int, ...]:
        """The recruit deck at setup: the list's copies minus the Defender and Village decks."""
        out = []
        for c in self.recruit:
            n = c.copies - self.start_defender.get(c.id, 0) - self.start_village.get(c.id, 0)
            out.append(0 if c.effect == "grimthwacker" else n)
        return tuple(out)


def _int(file: str, card: str | None, fld: str, raw: str | None, lo: int = 0) -> int:
    return whole_number(raw, file, card, fld, lo, LIMITS["number"])


def _name(file: str, row: dict[str, str], line: int) -> str:
    name = row["name"].strip()
    if not name:
        raise CardDataError(file, f"line {line}", "name", "a row has no card name")
    if len(name) > LIMITS["name"] or not slug(name):
        raise CardDataError(
            file, name[:40], "name", f"1-{LIMITS['name']} characters with a letter or a digit"
        )
    return name


def _unique(file: str, cards: list, what: str) -> None:
    """Two names that make the same card id are an error naming both (linear time)."""
    seen: dict[str, str] = {}
    for c in cards:
        if c.id in seen:
            other = seen[c.id]
            why = "listed twice" if other == c.name else f"makes the same card id as {other!r}"
            raise CardDataError(file, c.name, "name", f"{why} ({c.id!r})")
        seen[c.id] = c.name
    if not cards:
        raise CardDataError(file, None, None, "no cards")
    if len(cards) > LIMITS["kinds"]:
        raise CardDataError(
            file, None, None, f"{len(cards):,} {what}; the limit is {LIMITS['kinds']}"
        )
    total = sum(c.copies for c in cards)
    if total > LIMITS["cards"]:
        raise CardDataError(
            file, None, "copies", f"{total:,} cards; the limit is {LIMITS['cards']:,}"
        )


def _recruit(file: str, text: str) -> tuple[RecruitCard, ...]:
    cols = ["name", "copies", "cost", "type", "force", "income", "effect", "note"]
    out = []
    for line, row in enumerate(parse_csv(text, file, cols, LIMITS["kinds"]), 2):
        name = _name(file, row, line)
        typ = row["type"].strip().upper()
        if typ not in TYPES:
            raise CardDataError(file, name, "type", f"must be V, D or X, got {row['type'][:20]!r}")
        effect = row["effect"].strip().lower()
        if effect not in EFFECTS:
            known = ", ".join(e for e in EFFECTS if e)
            raise CardDataError(file, name, "effect", f"unknown effect {effect[:30]!r} ({known})")
        types, force_kind = EFFECTS[effect]
        if typ not in types:
            raise CardDataError(file, name, "type", f"effect {effect!r} needs type {types}")
        raw_force = row["force"].strip() or "-"
        force = bonus = 0
        if raw_force.startswith("+"):
            bonus = _int(file, name, "force", raw_force[1:], 1)
        elif raw_force not in ("-", ""):
            force = _int(file, name, "force", raw_force)
        if force_kind == "fighter" or (force_kind == "any" and typ == "D"):
            if raw_force in ("-", "") or bonus:
                raise CardDataError(file, name, "force", "a defender that fights needs a force")
        elif force_kind == "bonus" and not bonus:
            raise CardDataError(file, name, "force", f"effect {effect!r} needs a bonus like +2")
        elif force_kind in ("none", "any") and typ != "D" and (force or bonus):
            raise CardDataError(file, name, "force", "this card does not fight: use -")
        out.append(
            RecruitCard(
                slug(name),
                name,
                _int(file, name, "copies", row["copies"], 1),
                _int(file, name, "cost", row["cost"]),
                typ,
                force,
                bonus,
                _int(file, name, "income", row["income"] or "0"),
                effect,
                row["note"].strip(),
            )
        )
    _unique(file, out, "recruit cards")
    if not any(c.effect == "grimthwacker" for c in out):
        raise CardDataError(file, None, "effect", "no card has the grimthwacker effect")
    return tuple(sorted(out, key=lambda c: c.id))


def _horde(file: str, text: str) -> tuple[HordeCard, ...]:
    out = []
    for line, row in enumerate(
        parse_csv(text, file, ["name", "copies", "level", "effect", "note"], LIMITS["kinds"]), 2
    ):
        name = _name(file, row, line)
        effect = row["effect"].strip().lower()
        if effect not in HORDE_EFFECTS:
            raise CardDataError(file, name, "effect", f"unknown effect {effect[:30]!r} (shaman)")
        lv = row["level"].strip().lower()
        level = None if lv == "chart" else _int(file, name, "level", lv)
        out.append(
            HordeCard(
                slug(name),
                name,
                _int(file, name, "copies", row["copies"], 1),
                level,
                effect,
                row["note"].strip(),
            )
        )
    _unique(file, out, "horde cards")
    return tuple(sorted(out, key=lambda c: c.id))


def _chart(file: str, text: str) -> dict[str, int]:
    chart: dict[str, int] = {}
    for line, row in enumerate(parse_csv(text, file, ["type", "level"], LIMITS["kinds"]), 2):
        kind = row["type"].strip()
        if not kind or len(kind) > LIMITS["name"]:
            raise CardDataError(file, f"line {line}", "type", "a row needs a short type name")
        if kind in chart:
            raise CardDataError(file, kind, "type", "listed twice")
        chart[kind] = _int(file, kind, "level", row["level"], 0)
    if not chart:
        raise CardDataError(file, None, None, "no rows")
    return chart


def _turns(file: str, text: str, chart: dict[str, int], chart_file: str) -> tuple[Turn, ...]:
    out = []
    cols = ["turn", "location", "season", "attackers", "indigenous"]
    for i, row in enumerate(parse_csv(text, file, cols, LIMITS["turns"]), 1):
        where = f"turn {i}"
        if i > LIMITS["turns"]:
            raise CardDataError(file, None, None, f"more than {LIMITS['turns']} turns")
        if whole_number(row["turn"], file, where, "turn", 1, LIMITS["turns"]) != i:
            raise CardDataError(file, where, "turn", "turns must be numbered 1, 2, 3... in order")
        ind = row["indigenous"].strip()
        if ind not in chart:
            raise CardDataError(
                file,
                where,
                "indigenous",
                f"{ind[:40]!r} is not on the chart in {Path(chart_file).name}",
            )
        out.append(
            Turn(
                i,
                row["location"].strip()[: LIMITS["name"]],
                row["season"].strip()[: LIMITS["name"]],
                _int(file, where, "attackers", row["attackers"], 1),
                ind,
                chart[ind],
            )
        )
    if not out:
        raise CardDataError(file, None, None, "no turns")
    return tuple(out)


SETUP_KEYS = (
    "crowns",
    "flips",
    "extra_flips",
    "extra_flip_cost",
    "kill_at",
    "dizzy_penalty",
    "long_range_at",
    "teleport_at",
)


def _counts(
    file: str, section: str, raw, by_name: dict[str, RecruitCard], kind: str, cards: str
) -> dict[str, int]:
    """A deck at set-up (card name = copies), each name a card of ``cards`` (recruit.csv,
    named in the message: an edit there can leave a name here without its card)."""
    if not isinstance(raw, dict) or not raw:
        raise CardDataError(
            file, None, section, f"missing: the {TYPES[kind]} deck at setup, card name = copies"
        )
    out = {}
    for name, n in raw.items():
        card = by_name.get(name)
        if card is None:
            raise CardDataError(
                file, section, name[:40], f"no card of that name in {Path(cards).name}"
            )
        if card.type != kind:
            raise CardDataError(
                file, section, name, f"not a {TYPES[kind]} card in {Path(cards).name}"
            )
        if type(n) is not int or not 0 < n <= card.copies:
            raise CardDataError(file, section, name, f"must be 1-{card.copies}")
        out[card.id] = n
    return out


def _setup(file: str, text: str) -> dict:
    setup = parse_toml(text, file)
    bad = sorted(set(setup) - set(SETUP_KEYS) - {"defender", "village"})
    if bad:
        raise CardDataError(file, None, bad[0][:40], "unknown key")
    for key in SETUP_KEYS:
        v = setup.get(key)
        if type(v) is not int or not 0 <= v <= LIMITS["number"]:
            raise CardDataError(
                file, None, key, f"missing, or not a whole number 0-{LIMITS['number']}"
            )
    return setup


def data_from_texts(files: Mapping[str, str], folder: str = "config 'data'") -> HordeData:
    """Validate a The Horde data folder given as its files' texts; cached by digest."""
    missing = [f for f in FILES if not isinstance(files.get(f), str)]
    if missing:
        raise CardDataError(f"{folder}/{missing[0]}", None, None, "file missing")
    if sum(len(files[f]) for f in FILES) > CARD_TEXT_LIMIT:
        raise CardDataError(
            folder, None, None, f"its files hold more than {CARD_TEXT_LIMIT:,} characters"
        )
    key = (digest(*(files[f] for f in FILES)), folder)
    return _CACHE.get(key, lambda: _data({f: files[f] for f in FILES}, folder))


def _data(files: dict[str, str], folder: str) -> HordeData:
    path = {f: f"{folder}/{f}" for f in FILES}
    recruit = _recruit(path["recruit.csv"], files["recruit.csv"])
    horde = _horde(path["horde.csv"], files["horde.csv"])
    names = {c.id: c.name for c in recruit}
    clash = next((c for c in horde if c.id in names), None)
    if clash:
        raise CardDataError(
            path["horde.csv"],
            clash.name,
            "name",
            f"makes the same card id as the recruit card {names[clash.id]!r} ({clash.id!r})",
        )
    chart = _chart(path["indigenous.csv"], files["indigenous.csv"])
    turns = _turns(path["turns.csv"], files["turns.csv"], chart, path["indigenous.csv"])
    setup = _setup(path["setup.toml"], files["setup.toml"])
    by_name = {c.name: c for c in recruit}
    cards = path["recruit.csv"]
    defender = _counts(path["setup.toml"], "defender", setup.get("defender"), by_name, "D", cards)
    village = _counts(path["setup.toml"], "village", setup.get("village"), by_name, "V", cards)
    return HordeData(recruit, horde, turns, setup, defender, village)


_CACHE = DigestCache()


def read_folder(folder: str | Path) -> dict[str, str]:
    """The texts of a data folder's files, each read safely (``core.inputs``)."""
    if file_kind(folder) != "dir":
        raise CardDataError(shown(folder), None, None, "not a folder")
    return {f: read_text(Path(folder) / f) for f in FILES}


@lru_cache(maxsize=1)
def _shipped() -> HordeData:
    return data_from_texts(read_folder(DATA_DIR), shown(DATA_DIR))


def load_data(folder: str | Path = DATA_DIR) -> HordeData:
    """Read and validate every file of a The Horde data folder."""
    if Path(folder) == DATA_DIR:
        return _shipped()
    return data_from_texts(read_folder(folder), shown(folder))


def data_of_files(files: tuple[tuple[str, str], ...]) -> HordeData:
    """The data a game config names: ``()`` the shipped folder, else its files' texts."""
    return data_from_texts(dict(files)) if files else _shipped()


def check_file(path: str | Path) -> tuple[list[str], list[dict]]:
    """``check-data`` for a data folder (or one of its files): lines to print, configs to try."""
    p = Path(path)
    folder = p if file_kind(p) == "dir" else p.parent
    files = read_folder(folder)
    d = data_from_texts(files, shown(folder))
    lines = [
        f"OK: The Horde data in {shown(folder)}: "
        f"{sum(c.copies for c in d.recruit)} recruit cards, "
        f"{sum(c.copies for c in d.horde)} horde cards, {len(d.turns)} turns."
    ]
    return lines, [{"data": files}]
