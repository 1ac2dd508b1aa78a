"""The shape of the package: every game package's modules import downward only, and no
module of the kit imports round a circle.

The layers are the ones ``hordes_kit/README.md`` documents ("Which file holds what"),
lowest first. A module may import modules of its own layer or below, never one above,
not even lazily inside a function or under ``TYPE_CHECKING``, and no two modules import
each other round a circle. A module not named here belongs to the lowest layer that
imports it (a module ``game.py`` needs is an engine module); one nothing imports is a tool.
A game's fast simulator is one room of the tools layer, its sub-package ``fast/``.

Across the whole kit (every package and sub-package: the games, core, ui, the server),
no modules import each other round a circle, counting every import a file makes:
lazy ones inside functions and ``TYPE_CHECKING`` ones too. ``from a import b`` is an
import of the module ``a.b`` when there is one, else of ``a`` (a name ``a`` holds). A
registry's lookup by name (``Game(cli=...)``, ``importlib``) is not an import.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "hordes_kit"
SHARED = ("core", "ui", "serve")  # the packages that are not a game

DATA, STATE, ENGINE, VIEW, GAME, TOOLS, CLI, PACKAGE = range(8)
LAYER_NAMES = ("data", "state", "engine", "view", "game", "tools", "cli", "__init__")
NAMED = {
    "rules": DATA,
    "cards": DATA,
    "state": STATE,
    "view": VIEW,
    "game": GAME,
    "odds": TOOLS,
    "bots": TOOLS,
    "simulate": TOOLS,
    "fast": TOOLS,  # the fast simulator's sub-package, one room (its modules: FAST_ROOM)
    "quiz": TOOLS,
    "bench": TOOLS,
    "sheet": TOOLS,
    "cli": CLI,
    "__init__": PACKAGE,
}


def game_packages() -> list[Path]:
    """Every game package: a folder of ``hordes_kit`` with an ``__init__.py``, not core, ui or
    the server."""
    return sorted(
        p for p in PKG.iterdir() if (p / "__init__.py").is_file() and p.name not in SHARED
    )


def imported_modules(path: Path) -> set[str]:
    """Dotted names a file imports anywhere in it (``from a import b`` gives ``a.b`` and ``a``)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: relative import"
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def rooms(pkg: Path) -> dict[str, list[Path]]:
    """A package's rooms and their files: each module, and each sub-package as one room
    (a game's ``fast/``) made of all its files."""
    out = {p.stem: [p] for p in pkg.glob("*.py")}
    for sub in sorted(pkg.iterdir()):
        if (sub / "__init__.py").is_file():
            out[sub.name] = sorted(sub.rglob("*.py"))
    return out


def package_graph(pkg: Path, dotted: str = "") -> dict[str, set[str]]:
    """Room -> the rooms of the same package it imports (a submodule, not ``__init__``,
    when it is named: ``from hordes_kit.fantahzee import rules`` imports ``rules``;
    ``hordes_kit.skytear.fast.bot`` is the room ``fast``)."""
    dotted = dotted or f"hordes_kit.{pkg.name}"
    mods = rooms(pkg)
    graph: dict[str, set[str]] = {}
    for m, files in mods.items():
        deps = set()
        for name in set().union(*map(imported_modules, files)):
            if name == dotted:
                continue  # the ``from <package> import x`` line itself: x is resolved below
            if name.startswith(dotted + "."):
                first = name[len(dotted) + 1 :].split(".")[0]
                deps.add(first if first in mods else "__init__")
        deps.discard(m)
        graph[m] = deps
    return graph


def layers(graph: dict[str, set[str]]) -> dict[str, int]:
    """Each module's layer: named ones from ``NAMED``; any other belongs to the lowest layer
    whose modules reach it through unnamed modules (``game`` reaching it: the engine)."""
    out = {m: NAMED[m] for m in graph if m in NAMED}
    for m in graph:
        if m in out:
            continue
        best = TOOLS
        for start, layer in NAMED.items():
            if start not in graph:
                continue
            seen, todo = set(), [start]
            while todo:
                cur = todo.pop()
                for dep in graph[cur]:
                    if dep not in seen and dep not in NAMED:
                        seen.add(dep)
                        todo.append(dep)
            if m in seen:
                best = min(best, ENGINE if layer == GAME else layer)
        out[m] = best
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Import circles (each found once, from its first module in sorted order)."""
    found = []
    for start in sorted(graph):
        stack = [(start, [start])]
        while stack:
            cur, path = stack.pop()
            for dep in sorted(graph[cur]):
                if dep == start:
                    found.append(path + [start])
                elif dep not in path and dep > start:
                    stack.append((dep, path + [dep]))
    return found


def upward_imports(pkg: Path) -> list[str]:
    graph = package_graph(pkg)
    layer = layers(graph)
    bad = []
    for m, deps in sorted(graph.items()):
        for d in sorted(deps):
            if layer[d] > layer[m]:
                where = f"{m}/" if (pkg / m).is_dir() else f"{m}.py"
                bad.append(
                    f"{pkg.name}/{where} ({LAYER_NAMES[layer[m]]}) imports {d} "
                    f"({LAYER_NAMES[layer[d]]})"
                )
    return bad


@pytest.mark.parametrize("pkg", game_packages(), ids=lambda p: p.name)
def test_game_modules_import_downward_only(pkg):
    bad = upward_imports(pkg)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("pkg", game_packages(), ids=lambda p: p.name)
def test_game_modules_import_in_no_circle(pkg):
    circles = cycles(package_graph(pkg))
    assert not circles, "\n".join(" -> ".join(c) for c in circles)


@pytest.mark.parametrize("pkg", game_packages(), ids=lambda p: p.name)
def test_a_fast_simulator_imports_in_no_circle_inside_its_room(pkg):
    if not (pkg / "fast").is_dir():
        pytest.skip(f"{pkg.name} has no fast simulator")
    circles = cycles(package_graph(pkg / "fast", f"hordes_kit.{pkg.name}.fast"))
    assert not circles, "\n".join(" -> ".join(c) for c in circles)


@pytest.mark.parametrize("pkg", game_packages(), ids=lambda p: p.name)
def test_every_game_has_the_same_rooms(pkg):
    have = {p.stem for p in pkg.glob("*.py")}
    want = {"__init__", "rules", "cards", "state", "view", "game", "odds", "bots"}
    want |= {"simulate", "cli", "bench", "setup", "legal", "moves", "flow"}
    assert want <= have, f"{pkg.name} lacks {sorted(want - have)}"
    # a fast simulator lives in its own room, fast/ (its entry fast/sim.py), in every game
    loose = sorted(m for m in have if m.startswith("fast"))
    assert not loose, f"{pkg.name}: {loose} belong in {pkg.name}/fast/"
    if (pkg / "fast").is_dir():
        assert (pkg / "fast" / "sim.py").is_file(), f"{pkg.name}/fast/ has no sim.py"


def test_shared_code_imports_no_game():
    games = {p.name for p in game_packages()}
    bad = []
    for path in sorted((PKG / "core").rglob("*.py")):
        for name in imported_modules(path):
            parts = name.split(".")
            if parts[0] == "hordes_kit" and len(parts) > 1 and parts[1] not in ("core",):
                bad.append(f"core/{path.name} imports {name}")
    for pkg in game_packages():
        for path in sorted(pkg.rglob("*.py")):
            for name in imported_modules(path):
                parts = name.split(".")
                if parts[0] == "hordes_kit" and len(parts) > 1:
                    if parts[1] in games - {pkg.name} or parts[1] in ("ui", "cli", "serve"):
                        bad.append(f"{pkg.name}/{path.name} imports {name}")
    assert not bad, "\n".join(bad)


def test_the_checks_catch_an_upward_import(tmp_path):
    # a throwaway package whose state imports its view lazily, and whose legal module
    # imports the bots: both reported, and the circle state -> legal -> state too
    pkg = tmp_path / "demo"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from hordes_kit.demo.game import S\n")
    (pkg / "state.py").write_text(
        "def f():\n    from hordes_kit.demo.view import v\n    from hordes_kit.demo import legal\n"
    )
    (pkg / "legal.py").write_text(
        "from hordes_kit.demo.state import f\nimport hordes_kit.demo.bots\n"
    )
    (pkg / "game.py").write_text("from hordes_kit.demo import legal, view\n")
    (pkg / "bots.py").write_text("from hordes_kit.demo.game import S\n")
    # a fast simulator's room: one of its modules imported by the view (upward), and two
    # of its modules importing each other
    (pkg / "fast").mkdir()
    (pkg / "fast" / "__init__.py").write_text('"""The fast simulator."""\n')
    (pkg / "fast" / "sim.py").write_text("from hordes_kit.demo.fast.run import r\n")
    (pkg / "fast" / "run.py").write_text("def r():\n    from hordes_kit.demo.fast import sim\n")
    (pkg / "things.py").write_text("from hordes_kit.demo.fast.sim import s\n")
    (pkg / "view.py").write_text(
        "from hordes_kit.demo.state import f\nimport hordes_kit.demo.things\n"
    )
    bad = upward_imports(pkg)
    assert "demo/state.py (state) imports view (view)" in bad
    assert "demo/legal.py (state) imports bots (tools)" in bad
    assert "demo/things.py (view) imports fast (tools)" in bad
    assert ["legal", "state", "legal"] in cycles(package_graph(pkg))
    assert ["run", "sim", "run"] in cycles(package_graph(pkg / "fast", "hordes_kit.demo.fast"))


# --- no circle anywhere in the kit ------------------------------------------------------


def kit_modules(root: Path) -> dict[str, Path]:
    """Every module of the package at ``root`` (and its sub-packages) by dotted name; a
    package is named by its ``__init__.py``."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def module_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules of the same package tree it imports anywhere in its file."""
    mods = kit_modules(root)
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                deps.update(a.name for a in node.names if a.name in mods)
            elif isinstance(node, ast.ImportFrom) and node.module:
                assert node.level == 0, f"{path}: relative import"
                for a in node.names:
                    sub = f"{node.module}.{a.name}"
                    if sub in mods:
                        deps.add(sub)
                    elif node.module in mods:
                        deps.add(node.module)
        deps.discard(name)
        graph[name] = deps
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle through each group of modules that reach each other by imports (each
    strongly connected group of the graph: Tarjan's algorithm), as a path back to its start."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while not group or v not in group:
                group.add(stack.pop())
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    found = []
    for group in groups:
        start = min(group)
        paths, seen = [[start]], {start}
        while paths:  # breadth first: the shortest way back to the start inside the group
            path = paths.pop(0)
            nxt = sorted(graph[path[-1]] & group)
            if start in nxt:
                found.append(path + [start])
                break
            for w in nxt:
                if w not in seen:
                    seen.add(w)
                    paths.append(path + [w])
    return sorted(found)


def test_no_module_of_the_kit_imports_round_a_circle():
    found = circles(module_graph(PKG))
    assert not found, "\n".join(" -> ".join(c) for c in found)


def test_the_circle_check_sees_every_kind_of_import(tmp_path):
    """A circle through a lazy import, a ``TYPE_CHECKING`` import, a sub-package and a
    package's ``__init__`` is found; importing a package's submodule by ``from`` is not one."""
    kit = tmp_path / "kit"
    files = {
        "__init__.py": "",
        "a/__init__.py": "",
        "a/x.py": "def f():\n    from kit.b.y import g\n",  # lazy, inside a function
        "b/__init__.py": "",
        "b/y.py": (
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from kit.a.x import f\n"  # for a type only
        ),
        "c/__init__.py": "from kit.c.z import h\n",
        "c/z.py": "import kit.d\n",
        "d.py": "from kit.c import VERSION\n",  # a name of c's __init__: an import of kit.c
        "e.py": "from kit.c import z\nimport kit.d\n",  # c's submodule: no circle with c
    }
    for name, text in files.items():
        (kit / name).parent.mkdir(parents=True, exist_ok=True)
        (kit / name).write_text(text)
    graph = module_graph(kit)
    assert graph["kit.e"] == {"kit.c.z", "kit.d"}
    assert circles(graph) == [
        ["kit.a.x", "kit.b.y", "kit.a.x"],
        ["kit.c", "kit.c.z", "kit.d", "kit.c"],
    ]
