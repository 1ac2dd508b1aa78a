"""Hypothesis strategies drawn from the games' declared config schemas (``core.schema``).

``valid(spec)``: a value the schema reads, lists and texts often exactly at their bounds;
``wrong(spec)``: a value with one place wrong (a boolean or a float for a whole number,
a number past its range, a list or a text one past its bound, a key nobody declared, a
required key left out), with the place it names. ``configs(game)`` and
``bad_configs(game)`` apply them to a game's whole config; ``saves_with(config)`` and
``link_of`` carry a config into a save file and a position link. The fuzz tests of
configs, saves, links and tables draw from here (``tests/test_schema_fuzz.py``); so can
any later fuzz test (issue 40 part 6).
"""

from __future__ import annotations

import base64
import json
import os
import zlib
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.registry import get_game
from hordes_kit.core.savefile import SAVE_FORMAT
from hordes_kit.core.schema import (
    AnyOf,
    Flag,
    ListOf,
    MapOf,
    Nullable,
    OneOf,
    Record,
    Ref,
    Spec,
    TableRule,
    Text,
    Whole,
)

__all__ = [
    "LONG",
    "budget",
    "valid",
    "wrong",
    "configs",
    "bad_configs",
    "save_doc",
    "link_of",
    "place_words",
]

LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
settings.register_profile(
    "schema-fuzz",
    deadline=timedelta(seconds=10),  # a config or a save takes milliseconds; a hang fails
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=not LONG,  # the same examples on every run of `make test`
)


def budget(n: int) -> settings:
    """``n`` examples (twenty times as many in `make test-long`)."""
    return settings(settings.get_profile("schema-fuzz"), max_examples=n * 20 if LONG else n)


def _bound(b: int | Ref, ctx: dict) -> int:
    return b if isinstance(b, int) else int(ctx[b.field]) + b.plus


def _values(spec: OneOf | TableRule) -> tuple:
    return spec.values


# names a game knows (castles, cards, heroes...) make valid configs reach deeper than
# random text; the tests pass the texts found in the shipped scenarios' configs
_PLAIN = st.text(
    st.characters(min_codepoint=32, max_codepoint=0x2FF, blacklist_characters="\x7f"), max_size=12
)


Words = Mapping[str, Sequence[str]]  # texts seen under a key ("castle"), "" for any key


@st.composite
def valid(draw, spec: Spec, ctx: dict, words: Words = {}, key: str = "") -> Any:  # noqa: B006
    """A value ``spec`` reads (its bounds from ``ctx``; a text often one of ``words`` seen
    under the same ``key`` in the shipped scenarios, else under any key)."""
    if isinstance(spec, Whole):
        lo, hi = _bound(spec.lo, ctx), _bound(spec.hi, ctx)
        return draw(st.sampled_from([lo, hi]) | st.integers(lo, hi))
    if isinstance(spec, Flag):
        return draw(st.booleans())
    if isinstance(spec, OneOf | TableRule):
        return draw(st.sampled_from(_values(spec)))
    if isinstance(spec, Text):
        if spec.lines and draw(st.integers(0, 3)):  # card data: mostly the shipped cards
            return ""
        seen = words.get(key) or words.get("", ())
        fits = [w for w in seen if spec.least <= len(w) <= spec.most and "\n" not in w]
        if spec.pattern:
            return draw(
                st.from_regex(spec.pattern, fullmatch=True).filter(lambda t: len(t) <= spec.most)
            )
        edge = st.just("x" * spec.most) if spec.most <= 5000 else st.nothing()
        text = _PLAIN.filter(lambda t: spec.least <= len(t) <= spec.most)
        return draw((st.sampled_from(fits) if fits else text) | text | edge)
    if isinstance(spec, ListOf):
        most = _bound(spec.most, ctx)
        if spec.exactly is not None:
            n = _bound(spec.exactly, ctx)
            if spec.or_none:
                n = draw(st.sampled_from([0, n]))
        else:
            n = draw(st.sampled_from([spec.least, most]) | st.integers(spec.least, min(most, 4)))
        item = valid(spec.item, ctx, words, key)
        if n > 8:  # at the bound: one value repeated (drawing a hundred costs seconds)
            return [draw(item)] * n
        return [draw(item) for _ in range(n)]
    if isinstance(spec, MapOf):
        if isinstance(spec.key, OneOf | TableRule):
            keys = draw(
                st.lists(st.sampled_from(_values(spec.key)), unique=True, max_size=spec.most)
            )
        else:
            keys = draw(
                st.lists(valid(spec.key, ctx, words, key), unique=True, max_size=min(spec.most, 4))
            )
        return {k: draw(valid(spec.value, ctx, words, str(k))) for k in keys}
    if isinstance(spec, Record):
        out: dict[str, Any] = {}
        ctx = ctx if spec.defaults is None else dict(spec.defaults)
        for k, sub in spec.fields.items():  # a third of the optional keys: a game takes more
            if k in spec.required or draw(st.integers(0, 2)) == 0:
                out[k] = draw(valid(sub, ctx, words, k))
                if spec.defaults is not None:
                    ctx[k] = out[k]
        return out
    if isinstance(spec, AnyOf):
        return draw(st.one_of([valid(o, ctx, words, key) for o in spec.options]))
    if isinstance(spec, Nullable):
        return draw(st.none() | valid(spec.spec, ctx, words, key))
    raise TypeError(f"no strategy for {spec!r}")


_ODD = [None, 1.5, True, False, 0, 1, "", "x", [], {}, [1], {"a": 1}, 2.0, -1, 10**30]


def _refused(spec: Spec, value: Any, ctx: dict) -> bool:
    try:
        spec.check(value, "test", ctx)
    except InvalidInputError:
        return True
    return False


@st.composite
def wrong(draw, spec: Spec, ctx: dict, words: Words = {}) -> tuple[Any, tuple[str, ...]]:  # noqa: B006
    """A value ``spec`` refuses, and the place (keys, ``item N``) the refusal names."""
    odd = [v for v in _ODD if _refused(spec, v, ctx)]
    here: list[Any] = []
    if isinstance(spec, Whole):
        lo, hi = _bound(spec.lo, ctx), _bound(spec.hi, ctx)
        here = [lo - 1, hi + 1, float(lo), float(hi), str(lo), 10**30, True]
    elif isinstance(spec, Text):
        here = ["x" * (spec.most + 1), 5, ["x"], "a\x00b" if not spec.lines else "a\x07b"]
        if spec.least:
            here.append("")
    elif isinstance(spec, ListOf):
        most = _bound(spec.most, ctx)
        item = draw(valid(spec.item, ctx, words))
        here = [[item] * (most + 1), "not a list" if not spec.single else 7, {"a": item}]
        if spec.exactly is not None:
            n = _bound(spec.exactly, ctx)
            here.append([item] * (n + 1 if n + 1 <= most else max(n - 1, 1)))
        items = draw(valid(spec, ctx, words))
        if items and draw(st.booleans()):
            i = draw(st.integers(0, len(items) - 1))
            bad, where = draw(wrong(spec.item, ctx, words))
            items = list(items)
            items[i] = bad
            return items, (f"item {i + 1}",) + where
    elif isinstance(spec, MapOf):
        good = draw(valid(spec, ctx, words))
        if good and draw(st.booleans()):
            k = draw(st.sampled_from(sorted(good)))
            bad, where = draw(wrong(spec.value, ctx, words))
            return {**good, k: bad}, (str(k)[:40],) + where
        here = [["a"], "text", 3]
        if isinstance(spec.key, OneOf | TableRule):
            here.append({"no-such-key": draw(valid(spec.value, ctx, words))})
    elif isinstance(spec, Record):
        good = draw(valid(spec, ctx, words))
        root = spec.defaults is not None
        rctx = dict(spec.defaults or {}) if root else ctx
        if root:
            rctx.update({k: v for k, v in good.items() if k in rctx or k == "players"})
        choice = draw(st.sampled_from(["field", "field", "field", "unknown", "missing"]))
        if choice == "unknown":
            key = draw(st.sampled_from(["colour", "Players", "seat", "__class__", "path"]))
            if key not in spec.fields:
                return {**good, key: 1}, ()
        if choice == "missing" and spec.required:
            gone = draw(st.sampled_from(sorted(spec.required)))
            return {k: v for k, v in good.items() if k != gone}, ()
        k = draw(st.sampled_from(list(spec.fields)))
        bad, where = draw(wrong(spec.fields[k], rctx, words))
        return {**good, k: bad}, (k,) + where
    elif isinstance(spec, Nullable):  # anything wrong for the spec but null
        return draw(wrong(spec.spec, ctx, words).filter(lambda vw: vw[0] is not None))
    elif isinstance(spec, AnyOf):
        for o in spec.options:
            if isinstance(o, Record) and draw(st.booleans()):
                return draw(wrong(o, ctx, words))
    here = [v for v in here if _refused(spec, v, ctx)]
    value = draw(st.sampled_from(here + odd))
    if isinstance(spec, ListOf) and spec.single and isinstance(value, spec.item.kinds):
        if not isinstance(value, list):  # one item alone is a list of one: that item is wrong
            return value, ("item 1",)
    return value, ()


def game_words(game: str) -> dict[str, tuple[str, ...]]:
    """The short texts of the game's shipped scenario configs, by the key they sit under
    (``castle``: the castles named; a table's keys under the table's own key), and all of
    them under ``""``."""
    from hordes_kit.core.scenario import load_scenario, scenario_files

    found: dict[str, set[str]] = {"": set()}

    def walk(v: Any, key: str) -> None:
        if isinstance(v, str) and 0 < len(v) <= 60:
            found.setdefault(key, set()).add(v)
            found[""].add(v)
        elif isinstance(v, dict):
            for k, x in v.items():
                found.setdefault(key, set()).add(k)
                walk(x, k)
        elif isinstance(v, list):
            for x in v:
                walk(x, key)

    for path in scenario_files(get_game(game).data_dir):
        walk(load_scenario(path).config, "")
    return {k: tuple(sorted(v)) for k, v in found.items()}


def configs(game: str, words: Words = {}) -> st.SearchStrategy[dict]:  # noqa: B006
    """Configs of ``game`` that its schema reads (the game may still refuse one: a castle
    the card set has not, a position that does not fit on the table)."""
    schema = get_game(game).schema
    return valid(schema, dict(schema.defaults or {}), words)


def bad_configs(game: str, words: Words = {}) -> st.SearchStrategy[tuple[dict, tuple]]:  # noqa: B006
    """Configs of ``game`` with one place wrong, and that place (what the error names)."""
    schema = get_game(game).schema
    return wrong(schema, dict(schema.defaults or {}), words)


def place_words(game: str, where: tuple[str, ...]) -> str:
    """How the kit's message names a place: ``Skytear Horde option position, hands``."""
    title = get_game(game).schema.title
    return f"{title} option" + (f" {', '.join(where)}" if where else "")


def save_doc(game: str, config: Any, history: Sequence[str] = ()) -> dict:
    """A save file's document holding ``config`` (anything) and ``history``."""
    return {"format": SAVE_FORMAT, "game": game, "config": config, "history": list(history)}


def link_of(doc: dict, digest: str = "00000000") -> str:
    """A position link's value packing ``doc`` as the kit packs it (any check digits)."""
    raw = json.dumps(doc, separators=(",", ":")).encode()
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    return f"k1.{digest}.{packed}"
