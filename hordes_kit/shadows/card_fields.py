"""Readers for the fields of a Shadows card file: each raises ``CardDataError`` naming
the file, the card and the field (``cards.py`` puts them together)."""

from __future__ import annotations

import re
from typing import Any

from hordes_kit.core.cardcheck import MAX_NAME, MAX_ROWS, IdSpace, card_id
from hordes_kit.core.errors import CardDataError
from hordes_kit.shadows.card_effects import (
    ATTACK_TRAITS,
    RESPONSE_TRAITS,
    TRIGGERS,
    group_effects,
    is_sub,
    main_traits,
)
from hordes_kit.shadows.card_model import (
    ATTACH_MODES,
    CHART,
    ICONS,
    MISSION_VERBS,
    STATS,
    TRAITS,
    Effect,
    Mission,
    parse_effect,
)

__all__ = [
    "SMALL",
    "Reader",
    "chart_action",
    "reward_table",
    "active_box",
    "track_box",
    "requirements",
    "traits_agree",
    "rows",
    "actions_table",
    "missions_table",
]

SMALL = re.compile(r"^[0-9]{1,2}$")


class Reader:
    """Field readers that raise ``CardDataError`` naming the file, card and field."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.ids = IdSpace(file)  # every card of the file: one id space

    def name(self, raw: dict, where: str) -> tuple[str, str]:
        """A card's name (1-``MAX_NAME`` characters) and the id it makes, taken in the
        file's id space: a second card making the same id is refused, naming both."""
        name = self.text(raw, where, "name")
        if len(name) > MAX_NAME:
            self.fail(name[:40] + "...", "name", f"longer than {MAX_NAME} characters")
        cid = card_id(self.file, name, "name", name, where)
        self.ids.add(cid, name, where)
        return name, cid

    def fail(self, card: str | None, fld: str | None, problem: str):
        """Raise the error naming the file, card and field."""
        raise CardDataError(self.file, card, fld, problem)

    def text(self, raw: dict, card: str | None, fld: str, required: bool = True) -> str:
        """A text field (required: non-empty)."""
        v = raw.get(fld, None if required else "")
        if not isinstance(v, str) or (required and not v.strip()) or len(v) > 2000:
            self.fail(card, fld, "must be a non-empty text" if required else "must be text")
        return v.strip()

    def num(self, raw: dict, card: str, fld: str, lo: int = 0, hi: int = 99, default=None) -> int:
        """A whole number in a range."""
        v = raw.get(fld, default)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            shown = repr(v) if len(repr(v)) < 40 else repr(v)[:37] + "..."
            self.fail(card, fld, f"must be a whole number {lo}-{hi}, got {shown}")
        return v

    def flag(self, raw: dict, card: str, fld: str = "sample") -> bool:
        """A true/false field."""
        v = raw.get(fld, False)
        if not isinstance(v, bool):
            self.fail(card, fld, "must be true or false")
        return v

    def table(self, raw: dict, card: str | None, fld: str) -> dict:
        """A sub-table field."""
        v = raw.get(fld, {})
        if not isinstance(v, dict):
            self.fail(card, fld, "must be a table")
        return v

    def known(self, raw: Any, card: str | None, fields: set[str], fld: str | None = None) -> None:
        """A table whose keys are all known fields."""
        if not isinstance(raw, dict):
            self.fail(card, fld, "must be a table")
        bad = sorted(set(raw) - fields)
        if bad:
            self.fail(card, bad[0] if fld is None else f"{fld}.{bad[0]}", "unknown field")

    def strings(self, raw: dict, card: str, fld: str, hint: str) -> list[str]:
        """A list of texts."""
        items = raw.get(fld, [])
        if not isinstance(items, list) or not all(isinstance(t, str) for t in items):
            self.fail(card, fld, f"must be a list like {hint}")
        return items

    def traits(self, raw: dict, card: str) -> frozenset[str]:
        """The Traits, each one of the vocabulary."""
        items = self.strings(raw, card, "traits", '["Attack", "Delay I"]')
        for t in items:
            if t not in TRAITS and not re.fullmatch(r"[1-9] Times", t):
                shown = t if len(t) < 40 else t[:37] + "..."
                self.fail(
                    card, "traits", f"unknown Trait {shown!r} (known: {', '.join(sorted(TRAITS))})"
                )
        return frozenset(items)

    def effects(self, raw: dict, card: str, fld: str = "effects") -> tuple[Effect, ...]:
        """A list of effect strings, parsed."""
        items = raw.get(fld, [])
        if not isinstance(items, list) or len(items) > 20:
            self.fail(card, fld, 'must be a list like ["attack 2", "gain xp 1 when hit"]')
        out = []
        for item in items:
            try:
                out.append(parse_effect(item))
            except ValueError as e:
                self.fail(card, fld, str(e))
        return tuple(out)

    def stats(self, raw: dict, card: str, fld: str) -> tuple[int, int, int, int]:
        """A table of Stat Points."""
        d = self.table(raw, card, fld)
        self.known(d, card, set(STATS), fld)
        return tuple(self.num(d, card, s, -9, 20, 0) for s in STATS)  # type: ignore[return-value]


def chart_action(r: Reader, card: str, icon: str, text: Any) -> Effect:
    """One action of a Monster's Icon Chart (``attack 2``, ``none``)."""
    if not isinstance(text, str) or not text.split():
        r.fail(card, "chart", f"{icon}: write an action like 'attack 2'")
    verb, *args = text.split()
    if verb not in CHART:
        r.fail(card, "chart", f"{icon}: unknown action {verb[:20]!r} (known: {', '.join(CHART)})")
    need = 0 if verb in ("creature", "none") else 1
    every = verb in ("attack", "lose") and len(args) == 2 and args[1] == "all"
    if len(args) != need + every or (need and not SMALL.match(args[0])):
        more = " (and 'all': every Hero)" if verb in ("attack", "lose") else ""
        r.fail(card, "chart", f"{icon}: {verb!r} takes {need} number(s) 0-99{more}")
    return Effect(verb, tuple(args), "", text)


def reward_table(r: Reader, raw: dict, card: str) -> tuple[tuple[str, int], ...]:
    """A Monster's or Creature's reward table."""
    d = r.table(raw, card, "reward")
    r.known(d, card, {"gold", "xp", "stones", "item"}, "reward")
    return tuple((k, r.num(d, card, k, 0, 20)) for k in sorted(d))


def active_box(r: Reader, raw: dict, card: str, fld: str = "active") -> dict:
    """A card's Active Abilities box."""
    a = r.table(raw, card, fld)
    r.known(a, card, {"step", "effects", "per_round", "times", "flip", "on"}, fld)
    out: dict[str, Any] = {}
    if "step" in a:
        out["step"] = r.num(a, card, "step", 1, 6)
    if "effects" in a:
        out["effects"] = r.effects(a, card)
        if any(e.verb == "choose" for e in out["effects"]):
            r.fail(card, fld, "Choose One is for a card's own effects, not its Active Abilities")
        if any(e.label for e in out["effects"]):
            r.fail(card, fld, "an Active Ability has no Main Trait label ('Spell: ...')")
        if "step" not in a and "on" not in a:
            r.fail(
                card, fld, "an ability with effects acts at an Initiative 'step' or 'on' a trigger"
            )
    for k in ("per_round", "times"):
        if k in a:
            out[k] = r.num(a, card, k, 1, 9)
    if "flip" in a:
        if a["flip"] not in ("no-response", "knockdown"):
            r.fail(card, fld, "flip must be 'no-response' or 'knockdown'")
        out["flip"] = a["flip"]
    if "on" in a:
        if a["on"] not in TRIGGERS:
            r.fail(card, fld, f"on must be one of {', '.join(TRIGGERS)}")
        if "step" in a:
            r.fail(card, fld, "an ability acts at an Initiative step or on a trigger, not both")
        out["on"] = a["on"]
    return out


def track_box(r: Reader, raw: dict, card: str) -> dict:
    """A progress track: its marks after Start, the trigger that moves the token on, and
    the effects resolved at the last mark ("!")."""
    if "track" not in raw:
        return {}
    a = r.table(raw, card, "track")
    r.known(a, card, {"steps", "on", "effects"}, "track")
    if a.get("on") not in TRIGGERS:
        r.fail(card, "track", f"on must be one of {', '.join(TRIGGERS)}")
    effects = r.effects(a, card)
    if not effects or any(e.verb == "choose" or e.label for e in effects):
        r.fail(card, "track", "effects: what happens at '!', like [\"gain stone 1\"]")
    return {"steps": r.num(a, card, "steps", 1, 9), "on": a["on"], "effects": effects}


def requirements(r: Reader, raw: dict, name: str) -> tuple[tuple[str, int, bool], ...]:
    """A Neutral Skill card's Stat Requirements."""
    req = r.table(raw, name, "requires")
    r.known(req, name, set(STATS), "requires")
    out = []
    for s in STATS:
        if s not in req:
            continue
        v = req[s]
        at_most = isinstance(v, str) and v.startswith("=<")
        if at_most and s != "health":
            r.fail(name, "requires", "only Health takes '=<'")
        if at_most and SMALL.match(v[2:].strip()):
            n = int(v[2:])
        elif isinstance(v, int) and not isinstance(v, bool):
            n = v
        else:
            n = -1
        if not 0 <= n <= 20:
            r.fail(name, "requires", f"{s}: a number 0-20 or '=<N', got {str(v)[:20]!r}")
        out.append((s, n, at_most))
    return tuple(out)


RESPONSE_VERBS = ("block", "gain", "recover", "recover-shields")


def grouped(r: Reader, name: str, traits: frozenset[str], effects, fld: str = "effects"):
    """The effects grouped by Main Trait (``card_effects.group_effects``), each group its
    Main Trait's own effects first, then its Sub-Traits' (they resolve in that order)."""
    if not effects:
        return effects
    if not main_traits(traits):
        r.fail(name, "traits", "a Skill card with effects has a Main Trait (Attack, Spell, ...)")
    try:
        effects = group_effects(traits, effects)
    except ValueError as e:
        r.fail(name, fld, str(e))
    mains = list(dict.fromkeys(e.trait for e in effects))
    if len(mains) > 2:
        r.fail(name, fld, "a card has at most two Main Traits with effects")
    for trait in mains:
        group = [e for e in effects if e.trait == trait]
        subs = [is_sub(e) for e in group]
        if subs != sorted(subs):
            r.fail(name, fld, f"{trait}: write its own effects before its [Sub-Traits]'")
        if trait in ATTACK_TRAITS and (group[0].verb != "attack" or is_sub(group[0])):
            r.fail(name, fld, f"{trait}: its effects begin with its attack")
        bad = [e.text for e in group if trait in RESPONSE_TRAITS and e.verb not in RESPONSE_VERBS]
        if bad:
            r.fail(
                name,
                fld,
                f"{bad[0]!r}: a Response's effects are {', '.join(RESPONSE_VERBS)} "
                "(write the rest under another Main Trait)",
            )
    return effects


def traits_agree(r: Reader, name: str, traits: frozenset[str], effects, raw: dict) -> None:
    """The Traits that need effects or fields say so, both ways."""
    chooses = any(e.verb == "choose" for e in effects)
    if chooses != ("Choose One" in traits):
        r.fail(name, "effects", "a Choose One card has one 'A | B' effect; only such a card does")
    if any(e.verb == "invincible" for e in effects) and "Invincible" not in traits:
        r.fail(name, "traits", "the 'invincible' effect goes with the Invincible Trait")
    destroys = any(e.verb in ("destroy", "destroy-item") for e in effects)
    if destroys != ("Destroy" in traits):
        r.fail(name, "traits", "a destroy effect goes with the Destroy Trait; only such a card")
    attach = raw.get("attach", "")
    if ("Attachment" in traits) != bool(attach) or (attach and attach not in ATTACH_MODES):
        r.fail(
            name, "attach", f"an Attachment names what it attaches to: {' or '.join(ATTACH_MODES)}"
        )


def rows(r: Reader, doc: dict, kind: str) -> list[tuple[str, dict]]:
    """The ``[[kind]]`` tables of a file, each with a label for errors."""
    rows = doc.get(kind, [])
    if not isinstance(rows, list) or not all(isinstance(x, dict) for x in rows):
        r.fail(None, kind, f"write each card as a [[{kind}]] table")
    if len(rows) > MAX_ROWS:
        r.fail(None, kind, f"{len(rows):,} cards: at most {MAX_ROWS}")
    return [(f"[[{kind}]] {k}", x) for k, x in enumerate(rows, 1)]


def actions_table(r: Reader, doc: dict) -> dict[str, int]:
    """The ``[[monster_action]]`` tables: each kind of card (its icons) and its copies."""
    actions: dict[str, int] = {}
    for where, raw in rows(r, doc, "monster_action"):
        r.known(raw, where, {"icons", "copies", "sample"})
        icons = raw.get("icons")
        if (
            not isinstance(icons, list)
            or not 1 <= len(icons) <= 2
            or not all(isinstance(i, str) and i in ICONS for i in icons)
        ):
            r.fail(where, "icons", f"one or two of {', '.join(ICONS)}")
        key = "+".join(icons)
        actions[key] = actions.get(key, 0) + r.num(raw, where, "copies", 1, 19, 1)
    if not 3 <= sum(actions.values()) <= 99:
        r.fail(None, "monster_action", "the deck needs 3 to 99 Monster-Action cards")
    return actions


def missions_table(r: Reader, doc: dict) -> list[Mission]:
    """The ``[[mission]]`` tables: each Mission's condition and Shadow Stone reward."""
    missions = []
    for where, raw in rows(r, doc, "mission"):
        name, cid = r.name(raw, where)
        r.known(raw, name, {"name", "condition", "reward", "sample"})
        cond = r.text(raw, name, "condition").split()
        if len(cond) != 2 or cond[0] not in MISSION_VERBS or not SMALL.match(cond[1]):
            r.fail(name, "condition", f"write '<verb> N', verbs: {', '.join(MISSION_VERBS)}")
        missions.append(
            Mission(
                cid,
                name,
                cond[0],
                int(cond[1]),
                r.num(raw, name, "reward", 0, 9),
                r.flag(raw, name),
            )
        )
    return missions
