"""The fast simulators ship compiled (``hordes_kit.core.fastcache``).

A fresh machine whose checkout matches the shipped builds loads the five simulators
without compiling anything; a build made from other sources, another numba or another
CPU is never copied; a damaged archive is refused whole and nothing is written.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
import types
from pathlib import Path

import numba_warm
import pytest

from hordes_kit.core import fastcache
from hordes_kit.core.fastcache import ShippedBuildError, read_shipped

GAMES = [fastcache.game_of(m) for m in numba_warm.fast_games()]


def test_every_simulator_has_a_shipped_build_made_from_these_sources():
    """``make numba-cache`` was run after the last change to a simulator: each game's
    shipped build names this checkout's sources, and this machine's numba, Python and CPU
    target (the ones a fresh ``make test`` installs)."""
    assert sorted(GAMES) == ["fantahzee", "heroes_hordes", "shadows", "skytear", "the_horde"]
    for game in GAMES:
        shipped = read_shipped(fastcache.archive_path(game))
        want = fastcache.expected(game)
        differ = {k: (shipped.manifest[k], want[k]) for k in want if shipped.manifest[k] != want[k]}
        assert not differ, f"{game}: the shipped build is out of date, run `make numba-cache`"


def test_the_sources_of_a_build_include_what_its_fast_modules_import():
    files = {p.relative_to(fastcache.KIT).as_posix() for p in fastcache.sources("the_horde")}
    assert {"the_horde/fast/sim.py", "core/fastjit.py", "the_horde/rules.py"} <= files
    assert "the_horde/ui.py" not in files


_CPU = (
    "import hordes_kit.fantahzee.fast.sim\n"  # imports numba.typed (a compiled function) first
    "from numba.core import config\n"
    "print(config.CPU_NAME, repr(config.CPU_FEATURES))"
)


@pytest.mark.parametrize(
    "first, env, cpu",
    [
        ("", {}, "generic ''"),
        ("import numba\n", {}, "generic ''"),  # numba read its settings before the kit
        ("", {"NUMBA_CPU_NAME": "znver3"}, "znver3 None"),  # the user's own choice stands
    ],
)
def test_numba_builds_for_any_cpu_whatever_is_imported_first(first, env, cpu):
    base = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_CPU")}
    out = subprocess.run(
        [sys.executable, "-c", first + _CPU],
        capture_output=True,
        text=True,
        timeout=120,
        env={**base, **env},
    )
    assert out.stdout.strip() == cpu, out.stderr[-1000:]


_SEED_AND_WARM = """
import importlib, sys
from numba.core import event
from hordes_kit.core import fastcache, fastjit

built = []

class Count(event.Listener):
    def on_start(self, ev):
        fn = ev.data["dispatcher"].py_func
        built.append(f"{fn.__module__}.{fn.__qualname__}")

    def on_end(self, ev):
        pass

for name in sys.argv[1:]:
    module = importlib.import_module(name)
    jitted = [v for v in vars(module).values() if isinstance(v, fastjit._PlainArgsDispatcher)]
    said = fastcache.seed(jitted[0])
    if "copied" not in said:
        sys.exit(f"{name}: {said}")
event.register("numba:compile", Count())
for name in sys.argv[1:]:
    importlib.import_module(name).warm_up()
print(len(built), sorted(set(built))[:8])
"""


def test_a_fresh_machine_plays_every_simulator_without_compiling(tmp_path):
    """An empty numba cache (a fresh clone, a new server): the shipped builds are copied
    in and every simulator's ``warm_up`` (each code path the pages use) loads without one
    compile (three minutes of CPU for the four without them). So every test worker, page
    and pool worker loads what it plays: nothing on the way is compiled afresh in each
    process (the Fantahzee simulator once made its dictionaries from Python, which
    compiled numba's own dictionary functions, 20 builds and 1.7 s of CPU, in every one)."""
    out = subprocess.run(
        [sys.executable, "-c", _SEED_AND_WARM, *numba_warm.fast_games()],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)},
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.startswith("0 "), out.stdout


# --- seeding one game's cache folder ---------------------------------------------------------


def _dispatcher(game: str, cache_dir: Path):
    """Stands in for a numba dispatcher of ``game`` caching into ``cache_dir``."""
    return types.SimpleNamespace(
        py_func=types.SimpleNamespace(__module__=f"hordes_kit.{game}.fast.sim"),
        _cache=types.SimpleNamespace(_cache_path=str(cache_dir)),
    )


@pytest.fixture
def fresh_process(monkeypatch):
    """``seed`` as a new process sees it (it seeds a game once per process)."""
    monkeypatch.setattr(fastcache, "_seeded", {})
    monkeypatch.delenv(fastcache.OFF, raising=False)


def _stamp(cache_dir: Path, game: str, digest: str | None = None) -> None:
    """Mark ``cache_dir`` as numba's cache of ``game``'s current sources (or of ``digest``)."""
    digest = digest or fastcache.expected(game)["sources"]
    (cache_dir / f"{fastcache.STAMP}{game}").write_text(digest)


def _files(cache_dir: Path) -> list[str]:
    """What a seed left in ``cache_dir`` besides its note of the sources it holds."""
    return [p.name for p in cache_dir.iterdir() if not p.name.startswith(fastcache.STAMP)]


def test_seeding_copies_what_numba_does_not_hold(tmp_path, fresh_process):
    _stamp(tmp_path, "the_horde")  # numba's cache here is of these sources
    shipped = read_shipped(fastcache.archive_path("the_horde"))
    index = sorted(n for n in shipped.files if n.endswith(".nbi"))
    mine, stale = index[0], index[1]
    # one function copied already (its index as shipped; its data file left alone), and
    # numba's own index for another (of other sources, or for another CPU): replaced
    (tmp_path / mine).write_bytes(shipped.files[mine])
    (tmp_path / mine.replace(".nbi", ".1.nbc")).write_bytes(b"numba's own")
    (tmp_path / stale).write_bytes(b"\x80\x04\x95 an index numba made")
    said = fastcache.seed(_dispatcher("the_horde", tmp_path))
    assert said == f"{len(index) - 1} compiled functions copied into numba's cache"
    assert (tmp_path / mine.replace(".nbi", ".1.nbc")).read_bytes() == b"numba's own"
    assert (tmp_path / stale).read_bytes() == shipped.files[stale]
    for name, data in shipped.files.items():
        if not name.startswith(mine.replace(".nbi", "")):
            assert (tmp_path / name).read_bytes() == data
    # once a process; and a new process finds it done
    assert fastcache.seed(_dispatcher("the_horde", tmp_path)) == said
    fastcache._seeded.clear()
    assert fastcache.seed(_dispatcher("the_horde", tmp_path)) == "in numba's cache already"


@pytest.mark.parametrize("field", ["sources", "numba", "python", "cpu"])
def test_a_build_of_other_sources_or_for_another_machine_is_never_copied(
    tmp_path, fresh_process, monkeypatch, field
):
    """A simulator edited since the build (or another numba, Python, CPU): numba compiles
    it from the sources, as it would with nothing shipped."""
    real = fastcache.expected
    monkeypatch.setattr(fastcache, "expected", lambda g: {**real(g), field: "something else"})
    said = fastcache.seed(_dispatcher("the_horde", tmp_path))
    assert said == f"not used: built for another {field}"
    assert _files(tmp_path) == []


def test_a_cache_of_other_sources_is_forgotten_first(tmp_path, fresh_process, monkeypatch):
    """numba checks a cached function against its own file only: one whose callee (in
    another file) changed would load its old build. When the game's sources changed since
    numba cached them here, every cached function of the game goes first, then the shipped
    build seeds (an updated checkout once ran its old Fantahzee bot: other attacks)."""
    monkeypatch.setenv(fastcache.OFF, "1")  # numba would compile: nothing shipped is copied
    mine = "sim.play-10.py311.nbi"  # a function of The Horde's simulator (fast/sim.py)
    other = "sim.helper-3.py311.1.nbc"
    for name in (mine, other, "hordes-kit-prebuilt-0123", "unrelated.txt"):
        (tmp_path / name).write_bytes(b"cached")
    _stamp(tmp_path, "the_horde", "the digest of older sources")
    said = fastcache.seed(_dispatcher("the_horde", tmp_path))
    assert said.endswith("; 2 stale cached files removed first"), said
    assert _files(tmp_path) == ["unrelated.txt"]
    # the note now names these sources: a new process keeps what numba caches from them
    (tmp_path / mine).write_bytes(b"cached")
    fastcache._seeded.clear()
    assert "stale" not in fastcache.seed(_dispatcher("the_horde", tmp_path))
    assert (tmp_path / mine).exists()


def test_nothing_is_copied_when_told_not_to_or_for_no_game(tmp_path, fresh_process, monkeypatch):
    monkeypatch.setenv(fastcache.OFF, "1")
    assert fastcache.seed(_dispatcher("the_horde", tmp_path)).startswith("not used")
    assert fastcache.seed(_dispatcher("", tmp_path)) == "not a game's simulator"
    assert _files(tmp_path) == []


def test_a_damaged_archive_is_refused_and_nothing_is_written(tmp_path, fresh_process, monkeypatch):
    bad = tmp_path / "prebuilt"
    bad.mkdir()
    (bad / "the_horde.tar.xz").write_bytes(b"\xfd7zXZ\x00 not really")
    monkeypatch.setattr(fastcache, "PREBUILT", bad)
    cache = tmp_path / "cache"
    said = fastcache.seed(_dispatcher("the_horde", cache))
    assert said.startswith("not used: ") and "the_horde.tar.xz" in said
    assert _files(cache) == []  # (only the note of which sources numba's cache is of)


# --- reading an archive: the loader's refusals ----------------------------------------------


def archive(members: dict[str, bytes], *, link: str = "") -> bytes:
    """An xz tar of ``members`` (and a symbolic link named ``link``)."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        if link:
            info = tarfile.TarInfo(link)
            info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
            tar.addfile(info)
    import lzma

    return lzma.compress(raw.getvalue())


MANIFEST = json.dumps(
    {"game": "g", "sources": "s", "numba": "n", "python": "p", "cpu": "c"}
).encode()
GOOD = {"manifest.json": MANIFEST, "fastsim.f-1.py311.nbi": b"i", "fastsim.f-1.py311.1.nbc": b"d"}


@pytest.mark.parametrize(
    "members, link, problem",
    [
        ({**GOOD, "../fastsim.g-1.py311.nbi": b"x"}, "", "not a numba cache file name"),
        ({**GOOD, "/etc/cron.d/x.nbi": b"x"}, "", "not a numba cache file name"),
        ({**GOOD, "notes.txt": b"x"}, "", "not a numba cache file name"),
        (GOOD, "fastsim.h-1.py311.nbi", "is not a plain file"),
        ({k: v for k, v in GOOD.items() if k != "manifest.json"}, "", "no manifest.json"),
        ({**GOOD, "manifest.json": b"[" * 5000}, "", "manifest.json is larger than 4,096"),
        ({**GOOD, "manifest.json": b"[" * 4000}, "", "manifest.json is not JSON"),
        ({**GOOD, "manifest.json": b'{"game": "g"}'}, "", "must hold exactly"),
        ({"manifest.json": MANIFEST}, "", "no numba index file"),
    ],
)
def test_an_archive_that_is_not_a_build_is_refused_whole(tmp_path, members, link, problem):
    path = tmp_path / "g.tar.xz"
    path.write_bytes(archive(members, link=link))
    with pytest.raises(ShippedBuildError, match=problem) as e:
        read_shipped(path)
    assert str(e.value).startswith(f"{path}: ") or "g.tar.xz" in str(e.value)


def test_a_cut_short_archive_is_refused(tmp_path):
    path = tmp_path / "g.tar.xz"
    path.write_bytes(archive(GOOD)[:-30])  # the tar whole, the end of the xz stream gone
    with pytest.raises(ShippedBuildError, match="g.tar.xz: the xz archive is cut short"):
        read_shipped(path)


def test_an_archive_that_unpacks_too_big_or_is_not_a_file_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(fastcache, "CONTENT_LIMIT", 15_000)  # a small tar is 10,240 bytes
    path = tmp_path / "g.tar.xz"
    path.write_bytes(archive({**GOOD, "fastsim.z-1.py311.1.nbc": bytes(20_000)}))
    with pytest.raises(ShippedBuildError, match="unpacks to more than 15,000 bytes"):
        read_shipped(path)
    with pytest.raises(ShippedBuildError, match=f"{tmp_path.name}: is a folder"):
        read_shipped(tmp_path)
    assert read_shipped(_write(tmp_path / "ok.tar.xz", archive(GOOD))).files.keys() == {
        "fastsim.f-1.py311.nbi",
        "fastsim.f-1.py311.1.nbc",
    }


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path
