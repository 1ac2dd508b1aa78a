"""Every save and link loader stays within 100 MB and 2 s on the worst file of its size
limit (issue 40 part 2), because every size is bounded before the work it causes.

The worst files (``worst_files.py``): per game, the longest history a save holds (a
Fantahzee game reaches the 30,000 moves of ``MAX_MOVES``) with the shipped cards, with a
player's own card data at the config's 512 KiB (as many extra cards as the game's reader
takes), and from a described position with its lists at their bounds; and a position
link at its own limits, carrying card data and as many moves as fit, with a check that
does not match (a forged link costs its replay before it is refused). Memory is the peak
of what Python allocates (tracemalloc), time the process's CPU seconds (not the wall
clock, which other work on the machine stretches); each is measured on a fresh copy of
the file (its card data changed by a comment), so no cache of the first load helps.
"""

from __future__ import annotations

import base64
import gc
import json
import time
import tracemalloc
import zlib

import pytest
from budget import LONG
from worst_files import GAMES, big_position, longest, played, worst_configs

from hordes_kit.core.data import data_path
from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.links import MAX_INFLATED, MAX_LINK, position_from_link
from hordes_kit.core.savefile import SAVE_LIMIT, dump_save, load_save

MEMORY = 100 * 1024 * 1024  # bytes a loader may allocate at its peak
SECONDS = 2.0  # CPU seconds a loader may take


def variant(doc: dict, k: int) -> dict:
    """``doc`` with its card data changed by a comment (or a blank line), so that a
    loader cannot reuse what it parsed from the same data before."""
    config = dict(doc["config"])
    if config.get("cards"):
        blank = "\n" if doc["game"] == "heroes-hordes" else f"\n# copy {k}\n"
        config["cards"] += blank * (k if doc["game"] == "heroes-hordes" else 1)
    if "data" in config:
        config["data"] = {**config["data"]}
        config["data"]["setup.toml"] += f"\n# copy {k}\n"
    return {**doc, "config": config}


def cost(load, make) -> tuple[float, int]:
    """CPU seconds of ``load(make(1))``, and the peak memory of ``load(make(2))``."""
    first, second = make(1), make(2)
    gc.collect()
    start = time.process_time()
    load(first)
    seconds = time.process_time() - start
    gc.collect()
    tracemalloc.start()
    try:
        load(second)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return seconds, peak


def refused_or_loaded(load):
    def run(arg):
        try:
            load(arg)
        except HordesKitError:
            pass  # a forged link is refused, after its replay: the cost is what counts

    return run


def worst_saves(game: str) -> dict[str, dict]:
    out = {}
    for what, config in worst_configs(game).items():
        if game == "fantahzee" and what != "card data" and not LONG:
            continue  # 30,000 moves each: the card data's game is the worst of the three
        state = longest(game, json.dumps(config, sort_keys=True))
        own = state.config.to_dict()
        out[what] = json.loads(dump_save(game, own, state))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_save_loads_within_its_budget(game):
    for what, doc in worst_saves(game).items():
        text = json.dumps(doc)
        assert len(text.encode()) <= SAVE_LIMIT, (what, len(text))

        seconds, peak = cost(lambda d: load_save(json.dumps(d)), lambda k, doc=doc: variant(doc, k))
        moves = len(doc["history"])
        where = f"{game}, {what}: {len(text):,} bytes, {moves:,} moves"
        assert peak < MEMORY, f"{where}: {peak / 2**20:.0f} MB"
        assert seconds < SECONDS, f"{where}: {seconds:.2f} s of CPU"


def packed_link(doc: dict) -> str:
    raw = json.dumps(doc, separators=(",", ":")).encode()
    return "k1.00000000." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def worst_link(doc: dict) -> dict:
    """``doc`` cut to the longest history whose link fits the link's limits."""
    moves = doc["history"]
    lo, hi = 0, len(moves)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        cut = {**doc, "history": moves[:mid]}
        raw = json.dumps(cut, separators=(",", ":"))
        fits = len(raw) <= MAX_INFLATED and len(packed_link(cut)) <= MAX_LINK
        lo, hi = (mid, hi) if fits else (lo, mid - 1)
    return {**doc, "history": moves[:lo]}


@pytest.mark.parametrize("game", GAMES)
def test_every_position_link_opens_or_is_refused_within_its_budget(game):
    """A link holds at most 4.5 KB compressed: the shipped cards with the most moves that
    fit, a position at its bounds likewise, and card data as long as it unpacks to (a
    card file's text does not compress that far: comments do, and are parsed all the same)."""
    base = json.loads(dump_save(game, {}, played(game, {}, 3000)))  # more than a link holds
    docs = {"shipped": base}
    position = big_position(game)
    if position is not None:
        docs["position"] = json.loads(dump_save(game, position, played(game, position, 3000)))
    # as many comment lines as unpack within the limit (a line: 99 characters and "\n")
    padding = "\n".join("# " + "x" * 97 for _ in range((MAX_INFLATED - 1000) // 101))
    data = {"data": {"setup.toml": padding}} if game == "the-horde" else {"cards": padding}
    docs["card data"] = {**base, "config": data, "history": []}
    if game == "skytear":  # issue 40: a 3.1 KB link whose card took 2.4 GB before its refusal
        text = (data_path("skytear") / "cards.toml").read_text()
        for copies in ("999999999x", "1" + "0" * 30 + "x"):
            cards = text[: text.index("[[horde]]", text.index("[[horde]]") + 1)]
            cards = cards.replace('code = "CAM.001 3x"', f'code = "CAM.001 {copies}"')
            docs[f"copies {copies[:12]}"] = {**base, "config": {"cards": cards}}
    for what, doc in docs.items():
        doc = worst_link(doc)
        link = packed_link(doc)
        assert len(link) <= MAX_LINK and len(json.dumps(doc)) <= MAX_INFLATED, what
        load = refused_or_loaded(lambda token: position_from_link(token, game))
        seconds, peak = cost(load, lambda k, doc=doc: packed_link(variant(doc, k)))
        moves = len(doc["history"])
        where = f"{game}, {what}: a link of {len(link):,} characters, {moves} moves"
        assert peak < MEMORY, f"{where}: {peak / 2**20:.0f} MB"
        assert seconds < SECONDS, f"{where}: {seconds:.2f} s of CPU"
