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

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from hordes_kit.core.data import data_path, read_csv, read_toml, slug
from hordes_kit.core.errors import CardDataError

__all__ = [
    "EFFECTS",
    "HORDE_EFFECTS",
    "RecruitCard",
    "HordeCard",
    "Turn",
    "HordeData",
    "load_data",
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


def _int(file: str, card: str, fld: str, raw: str, lo: int = 0) -> int:
    try:
        v = int(str(raw).strip())
    except ValueError:
        raise CardDataError(file, card, fld, f"must be a whole number, got {raw!r}") from None
    if v < lo:
        raise CardDataError(file, card, fld, f"must be at least {lo}, got {v}")
    return v


def _recruit(path: Path) -> tuple[RecruitCard, ...]:
    file = str(path)
    cols = ["name", "copies", "cost", "type", "force", "income", "effect", "note"]
    out = []
    for row in read_csv(path, cols):
        name = (row["name"] or "").strip()
        if not name:
            raise CardDataError(file, None, "name", "a row has no card name")
        typ = (row["type"] or "").strip().upper()
        if typ not in TYPES:
            raise CardDataError(file, name, "type", f"must be V, D or X, got {row['type']!r}")
        effect = (row["effect"] or "").strip().lower()
        if effect not in EFFECTS:
            known = ", ".join(e for e in EFFECTS if e)
            raise CardDataError(file, name, "effect", f"unknown effect {effect!r} ({known})")
        types, force_kind = EFFECTS[effect]
        if typ not in types:
            raise CardDataError(file, name, "type", f"effect {effect!r} needs type {types}")
        raw_force = (row["force"] or "-").strip()
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
                (row["note"] or "").strip(),
            )
        )
    if not out:
        raise CardDataError(file, None, None, "no cards")
    ids = [c.id for c in out]
    dup = next((c for c in ids if ids.count(c) > 1), None)
    if dup:
        raise CardDataError(file, dup, "name", "listed twice")
    if not any(c.effect == "grimthwacker" for c in out):
        raise CardDataError(file, None, "effect", "no card has the grimthwacker effect")
    return tuple(sorted(out, key=lambda c: c.id))


def _horde(path: Path) -> tuple[HordeCard, ...]:
    file = str(path)
    out = []
    for row in read_csv(path, ["name", "copies", "level", "effect", "note"]):
        name = (row["name"] or "").strip()
        if not name:
            raise CardDataError(file, None, "name", "a row has no card name")
        effect = (row["effect"] or "").strip().lower()
        if effect not in HORDE_EFFECTS:
            raise CardDataError(file, name, "effect", f"unknown effect {effect!r} (shaman)")
        lv = (row["level"] or "").strip().lower()
        level = None if lv == "chart" else _int(file, name, "level", lv)
        out.append(
            HordeCard(
                slug(name),
                name,
                _int(file, name, "copies", row["copies"], 1),
                level,
                effect,
                (row["note"] or "").strip(),
            )
        )
    if not out:
        raise CardDataError(file, None, None, "no cards")
    return tuple(sorted(out, key=lambda c: c.id))


def _turns(path: Path, chart: dict[str, int]) -> tuple[Turn, ...]:
    file = str(path)
    out = []
    for i, row in enumerate(
        read_csv(path, ["turn", "location", "season", "attackers", "indigenous"]), 1
    ):
        where = f"turn {i}"
        if _int(file, where, "turn", row["turn"], 1) != i:
            raise CardDataError(file, where, "turn", "turns must be numbered 1, 2, 3... in order")
        ind = (row["indigenous"] or "").strip()
        if ind not in chart:
            raise CardDataError(file, where, "indigenous", f"{ind!r} is not on the chart")
        out.append(
            Turn(
                i,
                (row["location"] or "").strip(),
                (row["season"] or "").strip(),
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


def _counts(file: str, section: str, raw, by_name: dict[str, RecruitCard]) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise CardDataError(file, section, None, "must be a table of card name = copies")
    out = {}
    for name, n in raw.items():
        card = by_name.get(name)
        if card is None:
            raise CardDataError(file, section, name, "no recruit card of that name")
        if not isinstance(n, int) or not 0 < n <= card.copies:
            raise CardDataError(file, section, name, f"must be 1-{card.copies}")
        out[card.id] = n
    return out


@lru_cache(maxsize=8)
def load_data(folder: str | Path = DATA_DIR) -> HordeData:
    """Read and validate every file of a The Horde data folder."""
    folder = Path(folder)
    recruit = _recruit(folder / "recruit.csv")
    horde = _horde(folder / "horde.csv")
    chart_path = folder / "indigenous.csv"
    chart = {
        (r["type"] or "").strip(): _int(str(chart_path), r["type"], "level", r["level"], 0)
        for r in read_csv(chart_path, ["type", "level"])
    }
    turns = _turns(folder / "turns.csv", chart)
    setup_path = str(folder / "setup.toml")
    setup = read_toml(setup_path)
    for key in SETUP_KEYS:
        if not isinstance(setup.get(key), int) or setup[key] < 0:
            raise CardDataError(setup_path, None, key, "missing, or not a whole number >= 0")
    by_name = {c.name: c for c in recruit}
    defender = _counts(setup_path, "defender", setup.get("defender"), by_name)
    village = _counts(setup_path, "village", setup.get("village"), by_name)
    for cid in defender:
        if by_name[next(n for n, c in by_name.items() if c.id == cid)].type != "D":
            raise CardDataError(setup_path, "defender", cid, "not a Defender card")
    return HordeData(recruit, horde, turns, setup, defender, village)
