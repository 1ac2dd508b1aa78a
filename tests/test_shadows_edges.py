"""Shadows edges: the package's import layers, and fuzzing of the card loader and of
action ids (the kit's own errors, never another exception)."""

from __future__ import annotations

import ast
import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hordes_kit.shadows as pkg
from hordes_kit.core.errors import CardDataError, IllegalActionError, InvalidActionError
from hordes_kit.shadows import new_game
from hordes_kit.shadows.cards import CARDS_FILE, load_card_bytes, load_cards

PKG = Path(pkg.__file__).parent

# state < move modules < view < game < odds/bots/simulate/cli (and the quiz)
LAYERS = [
    {"rules", "card_effects", "card_model", "card_fields", "card_checks", "cards", "config"}
    | {"state"},
    {"stack", "opening", "rewards", "items", "damage", "monster", "attack", "combat"}
    | {"combat_moves", "legal", "flow", "moves", "setup", "triggers", "destroy"},
    {"view", "why", "words"},
    {"game"},
    {"odds", "hands", "advice", "bots", "simulate", "cli", "quiz", "bench", "sheet", "cardref"}
    | {"policy", "tape", "lab", "fast", "coach"},  # the bot's family, tapes, the lab, fast/, coach
]
LAYERS[2] |= {"things"}  # the things on the table the view names (the tutor's questions)


def _layer(name: str) -> int:
    for k, names in enumerate(LAYERS):
        if name in names:
            return k
    raise AssertionError(f"hordes_kit/shadows/{name}.py is in no layer of this test")


def _imports(path: Path) -> set[str]:
    """Every hordes_kit.shadows module a file imports, anywhere (functions included)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            mod = node.module
            if mod == "hordes_kit.shadows":
                out |= {a.name for a in node.names}
            elif mod.startswith("hordes_kit.shadows."):
                out.add(mod.split(".")[2])
        elif isinstance(node, ast.Import):
            out |= {
                a.name.split(".")[2] for a in node.names if a.name.startswith("hordes_kit.shadows.")
            }
    return out


def test_no_module_imports_upward_and_modules_stay_small():
    for path in sorted(PKG.glob("*.py")):
        name = path.stem
        lines = len(path.read_text().splitlines())
        assert lines <= 420, f"{name}.py has {lines} lines: split it by concept"
        if name == "__init__":
            continue
        mine = _layer(name)
        for dep in _imports(path) - {"rules"}:
            assert _layer(dep) <= mine, f"{name}.py imports {dep}.py from a layer above it"
            if dep != name and _layer(dep) == mine and mine == 3:
                raise AssertionError(f"{name}.py imports game.py's layer")


# --- the card loader ------------------------------------------------------------------


def _toml(value) -> str:
    """A TOML literal for a generated value (tables inline)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return {"inf": "inf", "-inf": "-inf", "nan": "nan"}.get(repr(value), repr(value))
    if isinstance(value, str):
        return '"' + "".join(_char(c) for c in value) + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{_toml(k)} = {_toml(v)}" for k, v in value.items()) + "}"


def _char(c: str) -> str:
    """One character inside a TOML basic string."""
    if c in '"\\':
        return "\\" + c
    return f"\\u{ord(c):04x}" if ord(c) < 0x20 or ord(c) == 0x7F else c


def _dump(doc: dict) -> str:
    """A card document back to TOML text."""
    out = []
    for key, val in doc.items():
        if isinstance(val, dict):
            out.append(f"[{key}]")
            out += [f"{_toml(k)} = {_toml(v)}" for k, v in val.items()]
    for key, val in doc.items():
        if isinstance(val, list):
            for row in val:
                out.append(f"[[{key}]]")
                out += [f"{_toml(k)} = {_toml(v)}" for k, v in row.items()]
    return "\n".join(out) + "\n"


TEXT = CARDS_FILE.read_text()
DOC = tomllib.loads(TEXT)
KEEP = {
    "Giant Shield",  # requires Health =< 7
    "Stone Hex",  # Predict
    "Crescent Slash",  # attack ... other
    "Mana Battery",  # Initiative 0, Active Abilities
    "Relentless Assault",  # Repeat
    "Sacred Totem",  # Invincible Object
    "Divine Aegis",  # the invincible effect
    "Twofold Rite",  # Choose One
    "Hex Brand",  # Attachment
}
HEROES = ("Akintunde", "Rolan")
SMALL = {
    "leader": DOC["leader"],
    "bounty": DOC["bounty"],
    "hero": [h for h in DOC["hero"] if h["name"] in HEROES],
    "skill": [k for k in DOC["skill"] if k.get("hero") in HEROES or k["name"] in KEEP],
    # the three Items of interest, and enough of each kind for a 2-player Setup (3 + 3)
    "item": [
        i
        for i in DOC["item"]
        if i["name"] in ("Old Axe", "Plasma Generator", "Ghost Helm", "Training Sword")
        or i["name"] in ("Apprentice Staff", "Lucky Charm", "Magic Element")
    ],
    "creature": DOC["creature"],
    "monster": [
        m for m in DOC["monster"] if m["name"] in ("Cave Stalker", "Iron Golem", "Vaendiss")
    ],
    "monster_action": DOC["monster_action"],
    "mission": DOC["mission"][:4],
}
DATA = _dump(SMALL).encode()


def test_the_fuzzed_file_is_valid_and_has_every_kind_of_field():
    assert load_cards(_dump(DOC)).counts() == load_cards().counts()
    small = load_card_bytes(DATA, "small.toml")
    assert len(small.skills) == len(SMALL["skill"]) > 20 and small.creatures
    assert {"Choose One", "Attachment", "Invincible", "Repeat"} <= {
        t for k in small.skills for t in k.front.traits
    }


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(DATA) - 1), st.integers(0, 255)), max_size=6))
def test_byte_flips_give_cards_or_a_card_data_error(flips):
    data = bytearray(DATA)
    for i, b in flips:
        data[i] = b
    try:
        load_card_bytes(bytes(data), "mutant.toml")
    except CardDataError as e:
        assert e.file == "mutant.toml" and str(e).startswith("mutant.toml")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(DATA)))
def test_truncated_files_give_cards_or_a_card_data_error(n):
    try:
        load_card_bytes(DATA[:n], "cut.toml")
    except CardDataError as e:
        assert e.file == "cut.toml"


ROWS = [(kind, i) for kind in ("skill", "item", "monster", "hero") for i in range(len(SMALL[kind]))]
WRONG = st.one_of(
    st.just([]),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.booleans(),
    st.lists(st.one_of(st.integers(-5, 9), st.text(max_size=8)), max_size=4),
    st.dictionaries(st.text(max_size=8), st.integers(-5, 99), max_size=3),
    st.recursive(st.integers(0, 9), lambda c: st.lists(c, max_size=3), max_leaves=60),
)
CROSS = {"name", "hero", "creature", "beginner"}  # other cards refer to these fields


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ROWS), st.data())
def test_a_wrong_field_is_named_with_its_card(row, data):
    kind, i = row
    doc = {k: ([dict(r) for r in v] if isinstance(v, list) else dict(v)) for k, v in SMALL.items()}
    card = doc[kind][i]
    fields = sorted(set(card) | {"health", "shield", "initiative", "traits", "effects", "attach"})
    fld = data.draw(st.sampled_from(fields))
    card[fld] = data.draw(WRONG)
    try:
        load_cards(_dump(doc), "wrong.toml")
    except CardDataError as e:
        assert e.file == "wrong.toml"
        if fld not in CROSS:
            assert e.card == SMALL[kind][i]["name"], (fld, str(e))
            assert e.field, str(e)  # the field, or the one it makes wrong (special -> initiative)


@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 3000 + "]" * 3000,
        "[leader]\nshield = " + "9" * 400,
        "[leader]\nshield = " + "9" * 5000,
        "[leader]\nshield = 1e999",
        '[[hero]]\nname = "A"\nstrength = nan',
        TEXT.replace('health = "=<7"', "health = inf", 1),
        TEXT.replace('icons = ["MxAttack"]', "icons = [[1]]", 1),
        TEXT.replace("initiative = [2]", "initiative = [[[2]]]", 1),
        TEXT.replace('traits = ["Attack"]', 'traits = ["Attack", "99999999999 Times"]', 1),
        TEXT.replace('"attack 1"', '"attack ²"', 1),
        TEXT.replace('"gain xp 1 when hit"', '"gain xp 99999999999999 when hit"', 1),
        TEXT.replace('"lose 2 | recover 2"', '"lose 2 | recover 2 | gain xp 1"', 1),
        TEXT.replace('attach = "opponent"', 'attach = "everyone"', 1),
        TEXT.replace('traits = ["Spell", "Choose One"]', 'traits = ["Spell"]', 1),
    ],
)
def test_known_traps_are_card_data_errors(text):
    with pytest.raises(CardDataError):
        load_cards(text, "trap.toml")


# --- action ids -----------------------------------------------------------------------

STATES = []


def _states():
    if not STATES:
        rng = random.Random(5)
        s = new_game({"players": 3})
        for _ in range(400):
            if s.is_terminal:
                break
            if rng.random() < 0.2:
                STATES.append(s)
            a = rng.choice(s.legal_actions() or [o for o, _ in s.chance_outcomes()])
            s = s.apply(a)
    return STATES


IDS = st.one_of(
    st.text(max_size=40),
    st.builds(
        lambda v, a: ":".join([v, *a]),
        st.sampled_from(
            ["lay", "predict", "target", "choose", "attach", "give", "ma", "draw", "die"]
        ),
        st.lists(st.text(alphabet="p0123456789:-abcxyz", max_size=6), max_size=3),
    ),
)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**6), IDS)
def test_any_action_id_is_applied_or_refused_with_the_kits_error(k, action):
    states = _states()
    s = states[k % len(states)]
    try:
        s.apply(action)
    except (InvalidActionError, IllegalActionError):
        pass
