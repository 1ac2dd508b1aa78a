"""Every card loader on the worst files of its size limit (issue 40, part 2): at most
100 MB of memory and 2 s of processor time each, so the work a card file causes grows
with its size and no faster.

Each file is loaded in a forked child whose peak resident memory is reset first
(``/proc/self/clear_refs``): the figure is the loader's own, measured without tracing
(which would slow it threefold), and a loader that blew up could not take the test
run down with it. The time is the child's processor time, which other processes on a
busy machine do not inflate.
"""

from __future__ import annotations

import multiprocessing
import time

import pytest
from budget import LONG
from card_strategies import shipped_doc, toml_text, worst_toml

from hordes_kit.core.cardcheck import CARD_TEXT_LIMIT, MAX_ROWS
from hordes_kit.core.errors import CardDataError

MB = 1024 * 1024
MEMORY = 100 * MB
SECONDS = 2.0


def _kb(field: str) -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field):
                return int(line.split()[1]) * 1024
    raise AssertionError(field)


def _child(conn, load, text) -> None:
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # the peak resident memory starts again from now
    base = _kb("VmRSS:")
    t = time.process_time()
    try:
        load(text)
        outcome = "loaded"
    except CardDataError as e:
        outcome = f"refused: {e.problem[:80]}"
    except Exception as e:  # any other error is a failure the test reports
        outcome = f"BUG {type(e).__name__}: {str(e)[:200]}"
    conn.send((outcome, time.process_time() - t, _kb("VmHWM:") - base))
    conn.close()


def measure(load, text) -> tuple[str, float, int]:
    """(what the loader did, processor seconds, peak memory in bytes) of ``load(text)``."""
    ctx = multiprocessing.get_context("fork")
    mine, theirs = ctx.Pipe(duplex=False)
    p = ctx.Process(target=_child, args=(theirs, load, text))
    p.start()
    theirs.close()
    try:
        got = mine.recv() if mine.poll(120) else ("no answer in 120 s", 120.0, 0)
    except EOFError:
        got = (f"the child died (exit {p.exitcode})", 0.0, 0)
    p.join(10)
    if p.is_alive():
        p.kill()
    return got


def _skytear(text):
    from hordes_kit.skytear.cards import load_card_text

    load_card_text.cache_clear()
    return load_card_text(text, "worst.toml")


def _shadows(text):
    from hordes_kit.shadows.cards import load_cards

    return load_cards(text, "worst.toml")


def _fantahzee(text):
    from hordes_kit.fantahzee.cards import cards_from_text

    return cards_from_text(text, "worst.toml")


def _heroes_hordes(text):
    from hordes_kit.heroes_hordes.cards import cards_from_text

    return cards_from_text(text, "worst.csv")


def _the_horde(text):
    from hordes_kit.the_horde.cards import DATA_DIR, FILES, data_from_texts

    files = {f: (DATA_DIR / f).read_text() for f in FILES}
    return data_from_texts(files | {"recruit.csv": text}, "worst")


def _fill(unit, limit: int, head: str = "", tail: str = "", most: int = 10**9) -> str:
    """``head``, then ``unit(i)`` for i = 0, 1, ... while it fits in ``limit`` characters
    (and at most ``most`` units)."""
    parts, size, i = [head], len(head) + len(tail), 0
    while True:
        u = unit(i)
        if size + len(u) > limit or i == most:
            return "".join(parts) + tail
        parts.append(u)
        size += len(u)
        i += 1


def _full_skytear(limit: int) -> str:
    """As many horde cards as fit, each with every list at its bound (all valid)."""
    doc = shipped_doc("skytear")
    ability = "play: " + "; ".join(["draw 1"] * 20)
    card = dict(doc["horde"][0], abilities=[ability] * 20, keywords=["armor 99"] * 20)
    row = toml_text({"horde": [card]})
    fill = lambda i: row.replace(card["name"], f"{card['name']} {i}", 1)  # noqa: E731
    return _fill(fill, limit, toml_text(doc), most=MAX_ROWS - len(doc["horde"]))


def _full_shadows(limit: int) -> str:
    doc = shipped_doc("shadows")
    skill = next(s for s in doc["skill"] if not s.get("hero") and not s.get("back"))
    rest = toml_text({k: v for k, v in doc.items() if k != "skill"})
    hero_skills = toml_text({"skill": [s for s in doc["skill"] if s.get("hero")]})
    row = toml_text({"skill": [skill]})
    fill = lambda i: row.replace(skill["name"], f"{skill['name']} {i}", 1)  # noqa: E731
    return _fill(fill, limit, rest + hero_skills, most=MAX_ROWS - len(doc["skill"]))


def _full_csv(header: str, row: str, limit: int) -> str:
    return _fill(lambda i: row.format(i=i), limit, header)


def worst_files() -> list[tuple[str, object, str]]:
    """(label, loader, text) for every loader and every worst shape of its size limit."""
    n = CARD_TEXT_LIMIT
    out = []
    toml = worst_toml(n)
    for game, load in (("skytear", _skytear), ("shadows", _shadows), ("fantahzee", _fantahzee)):
        shapes = toml if LONG else {"inline tables": toml["inline tables"]}
        out += [(f"{game}: {k}", load, v) for k, v in shapes.items()]
        tables = _fill(lambda i: f'[[hero]]\nname = "H{i}"\n', n)
        out.append((f"{game}: [[hero]] tables", load, tables))
    out.append(("skytear: full cards", _skytear, _full_skytear(n)))
    out.append(("shadows: full cards", _shadows, _full_shadows(n)))
    hh = "name,types,strength,copies,note\n"
    out.append(("heroes-hordes: rows", _heroes_hordes, _full_csv(hh, "C{i},M,1,10,-\n", n)))
    out.append(("heroes-hordes: blank lines", _heroes_hordes, hh + "\n" * (n - len(hh))))
    out.append(("heroes-hordes: wide", _heroes_hordes, hh[:-1] + ",x" * ((n - 40) // 2) + "\n"))
    th = "name,copies,cost,type,force,income,effect,note\n"
    row = "Card {i},99,1,V,-,0,," + "n" * 1900 + "\n"
    out.append(("the-horde: long rows", _the_horde, _full_csv(th, row, n - 3000)))
    return out


# ids by label alone: a function's repr holds its address, which differs between the test
# run's workers (and they must collect the same tests)
WORST = worst_files()


@pytest.mark.parametrize("label, load, text", WORST, ids=[w[0] for w in WORST])
def test_every_card_loader_is_bounded_on_the_worst_file_of_its_size(label, load, text):
    assert len(text) <= CARD_TEXT_LIMIT
    outcome, seconds, memory = measure(load, text)
    print(f"{label}: {memory / MB:.1f} MB, {seconds:.2f} s, {outcome}")
    assert not outcome.startswith(("BUG", "no answer", "the child")), (label, outcome)
    assert memory <= MEMORY, f"{label}: {memory / MB:.1f} MB ({outcome})"
    assert seconds <= SECONDS, f"{label}: {seconds:.2f} s ({outcome})"


def test_the_measure_sees_a_loader_that_grows():
    """The yardstick itself: a 'loader' that builds 150 MB is caught."""
    outcome, _, memory = measure(lambda text: b"x" * (150 * MB), "")
    assert outcome == "loaded" and memory > MEMORY, memory
