"""The fast simulators ship compiled: numba's cache of each, built for any x86-64 machine.

numba compiles a fast simulator the first time a process on a machine needs it: about
three minutes of CPU for the five on a fresh machine (a new playgroup server, a fresh
clone's first ``make test``). The kit ships each simulator's numba cache instead, in
``hordes_kit/prebuilt/<game>.tar.xz``, built by ``make numba-cache`` for a generic x86-64
CPU (see ``fastjit``). A manifest in the archive names what the build was made from:

- a digest of the simulator's sources (the modules of its ``<game>/fast/`` package, the kit
  modules they import and ``core/fastjit.py``),
- numba's version, Python's version, the machine and the CPU the code was built for.

Before a simulator compiles anything in a process, ``seed`` copies the shipped files into
the folder numba caches that simulator in, when all of the above match this machine and
this checkout; numba then loads them as it loads its own cache (it checks each file's
source hash itself). When anything differs (a simulator edited since the build, another
numba), nothing is copied and numba compiles as before: the shipped build is only ever a
head start, never different code.
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import logging
import lzma
import os
import platform
import re
import subprocess
import sys
import tarfile
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from hordes_kit.core.errors import CardDataError, HordesKitError
from hordes_kit.core.inputs import read_bytes, shown

__all__ = [
    "ShippedBuildError",
    "Shipped",
    "archive_path",
    "build",
    "expected",
    "forget_stale",
    "pack",
    "read_shipped",
    "seed",
    "sources",
]

KIT = Path(__file__).resolve().parents[1]  # the hordes_kit package
PREBUILT = KIT / "prebuilt"
FAST = "fast"  # the sub-package of a game that holds its fast simulator
OFF = "HORDES_KIT_NO_PREBUILT"  # set (to anything but "") to compile as if none shipped
ARCHIVE_LIMIT = 32 * 2**20  # bytes of a shipped archive (the five weigh about 6 MB)
CONTENT_LIMIT = 256 * 2**20  # bytes once unpacked (about 23 MB)
MEMBER_LIMIT = 5_000  # files in one archive (the largest has under 300)
MANIFEST_LIMIT = 4_096  # bytes of its manifest (about 250)
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-]{0,199}\.(nbi|nbc)")
_MANIFEST = "manifest.json"
_log = logging.getLogger(__name__)
_lock = threading.Lock()
_seeded: dict[str, str] = {}  # game -> what seed found, once per process


class ShippedBuildError(HordesKitError):
    """A shipped build that cannot be read; the message names the archive."""


@dataclass(frozen=True)
class Shipped:
    """A shipped build: its manifest and its files (name -> bytes)."""

    manifest: dict[str, str]
    files: dict[str, bytes]


def game_of(module: str) -> str:
    """The game a fast module belongs to: ``hordes_kit.skytear.fast.bot`` -> ``skytear``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 and parts[0] == "hordes_kit" else ""


def archive_path(game: str) -> Path:
    return PREBUILT / f"{game}.tar.xz"


def _kit_imports(path: Path) -> set[Path]:
    """The kit modules a source file imports (``from hordes_kit.x import ...``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("hordes_kit."):
            file = KIT.parent.joinpath(*node.module.split(".")).with_suffix(".py")
            if file.is_file():
                found.add(file)
    return found


def sources(game: str) -> list[Path]:
    """The files a game's compiled simulator is made from: the modules of its ``fast``
    package, the kit modules they import (numba freezes the globals it reads) and
    ``core/fastjit.py``."""
    fast = sorted((KIT / game / FAST).glob("*.py"))
    files = set(fast) | {KIT / "core" / "fastjit.py"}
    for f in fast:
        files |= _kit_imports(f)
    return sorted(files)


def expected(game: str) -> dict[str, str]:
    """What a shipped build of ``game`` must have been made from to be used here."""
    import numba
    from numba.core import config  # (its CPU set as the kit is imported: hordes_kit/__init__)

    digest = hashlib.sha256()
    for f in sources(game):
        digest.update(f.relative_to(KIT).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(f.read_bytes()).digest())
    return {
        "game": game,
        "sources": digest.hexdigest(),
        "numba": numba.__version__,
        "python": f"{sys.implementation.name}-{sys.version_info[0]}.{sys.version_info[1]}",
        # the machine (a build for x86-64 is no use on another) and the CPU it targets
        "cpu": f"{platform.machine()}/{config.CPU_NAME or 'host'}/{config.CPU_FEATURES or ''}",
    }


def read_shipped(path: str | os.PathLike) -> Shipped:
    """The manifest and files of a shipped build; anything else is refused whole."""
    name = shown(path)

    def fail(problem: str) -> ShippedBuildError:
        return ShippedBuildError(f"{name}: {problem}")

    try:
        packed = read_bytes(path, ARCHIVE_LIMIT)
    except CardDataError as e:
        raise ShippedBuildError(str(e)) from None
    unpack = lzma.LZMADecompressor()
    try:
        raw = unpack.decompress(packed, max_length=CONTENT_LIMIT + 1)
    except lzma.LZMAError as e:
        raise fail(f"not an xz archive ({e})") from None
    if len(raw) > CONTENT_LIMIT:
        raise fail(f"unpacks to more than {CONTENT_LIMIT:,} bytes")
    if not unpack.eof:
        raise fail("the xz archive is cut short")
    files: dict[str, bytes] = {}
    try:
        with tarfile.open(fileobj=io.BytesIO(raw), mode="r:") as tar:
            for i, member in enumerate(tar):
                if i >= MEMBER_LIMIT:
                    raise fail(f"more than {MEMBER_LIMIT:,} files")
                if not member.isfile():
                    raise fail(f"{member.name!r} is not a plain file")
                if member.name != _MANIFEST and not _NAME.fullmatch(member.name):
                    raise fail(f"{member.name[:80]!r} is not a numba cache file name")
                if member.name in files:
                    raise fail(f"{member.name!r} appears twice")
                data = tar.extractfile(member)
                files[member.name] = data.read() if data else b""
    except (tarfile.TarError, EOFError, OSError, ValueError, UnicodeError) as e:
        raise fail(f"not a tar archive ({type(e).__name__}: {str(e)[:80]})") from None
    if _MANIFEST not in files:
        raise fail(f"no {_MANIFEST}")
    if len(files[_MANIFEST]) > MANIFEST_LIMIT:
        raise fail(f"{_MANIFEST} is larger than {MANIFEST_LIMIT:,} bytes")
    try:
        manifest = json.loads(files.pop(_MANIFEST).decode("utf-8"))
    except (UnicodeError, ValueError, RecursionError):
        raise fail(f"{_MANIFEST} is not JSON") from None
    keys = {"game", "sources", "numba", "python", "cpu"}
    if not isinstance(manifest, dict) or set(manifest) != keys:
        raise fail(f"{_MANIFEST} must hold exactly {sorted(keys)}")
    if not all(isinstance(v, str) and len(v) <= 200 for v in manifest.values()):
        raise fail(f"{_MANIFEST}: every value must be a short string")
    if not any(n.endswith(".nbi") for n in files):
        raise fail("no numba index file (.nbi)")
    return Shipped(manifest, files)


def _of_game(name: str, game: str) -> bool:
    """Whether a numba cache file is of a function in one of ``game``'s fast modules."""
    return (KIT / game / FAST / f"{name.split('.', 1)[0]}.py").is_file()


def pack(members: dict[str, bytes]) -> bytes:
    """A plain tar of ``members`` (name -> bytes), in the order given."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), 0o644
            tar.addfile(info, io.BytesIO(data))
    return raw.getvalue()


def _write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f"{path.name}.tmp.{os.getpid()}.{threading.get_ident()}")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _same(path: Path, data: bytes) -> bool:
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def _install(shipped: Shipped, game: str, cache_dir: Path) -> int:
    """Copy each shipped function (its index, then its data files) whose index numba does
    not hold already; the number copied. An index numba made itself gives way: it may be
    of other sources, or lack the shipped CPU's builds (numba would compile them)."""
    copied = 0
    for index in sorted(n for n in shipped.files if n.endswith(".nbi")):
        if not _of_game(index, game):
            continue  # not a function of this game's modules: never written
        if _same(cache_dir / index, shipped.files[index]):
            continue
        base = index[: -len(".nbi")]
        for name, data in shipped.files.items():
            if name.startswith(base + ".") and name.endswith(".nbc"):
                _write(cache_dir / name, data)
        _write(cache_dir / index, shipped.files[index])  # last: it names the data files
        copied += 1
    return copied


def seed(dispatcher) -> str:
    """Before ``dispatcher``'s game first compiles in this process: copy its shipped build
    into numba's cache when it was made from these sources for this numba, Python and CPU.
    Says what it did; never raises (numba compiles when nothing was copied)."""
    module = getattr(getattr(dispatcher, "py_func", None), "__module__", "") or ""
    game = game_of(module)
    done = _seeded.get(game)
    if done is not None:
        return done
    if not game:
        return "not a game's simulator"
    cache_dir = getattr(getattr(dispatcher, "_cache", None), "_cache_path", None)
    if not cache_dir:  # a function numba does not cache: the game's next one may be
        return "not used: numba caches nothing here"
    with _lock:
        if game not in _seeded:
            _seeded[game] = _seed(game, cache_dir)
            _log.info("hordes_kit: %s's shipped simulator build: %s", game, _seeded[game])
    return _seeded[game]


STAMP = "hordes-kit-sources-"  # + game: the digest of the sources numba's cache here is of


def forget_stale(game: str, cache_dir: Path, digest: str) -> int:
    """Forget ``game``'s functions in numba's cache when its sources changed since they were
    cached; the number of files removed.

    numba checks a cached function against its own file only: a function whose file is
    unchanged loads its old build even when a function it calls (in another file, or a
    constant it reads) changed, so an updated checkout ran the old simulator. The digest of
    all the game's sources (``expected``) is kept beside the cache: when it differs, every
    cached function of the game goes, and numba builds (or the shipped build seeds) anew.
    """
    stamp = cache_dir / f"{STAMP}{game}"
    try:
        kept = stamp.read_text()
    except OSError:  # no stamp: cached by an older kit, or nothing cached yet
        kept = ""
    if kept == digest:
        return 0
    removed = 0
    if cache_dir.is_dir():
        for f in cache_dir.iterdir():
            stale = f.suffix in (".nbi", ".nbc") and _of_game(f.name, game)
            if stale or f.name.startswith("hordes-kit-prebuilt-"):
                f.unlink(missing_ok=True)
                removed += stale
    cache_dir.mkdir(parents=True, exist_ok=True)
    _write(stamp, digest.encode())
    return removed


def _seed(game: str, cache_dir: str) -> str:
    try:
        want = expected(game)
        forgot = forget_stale(game, Path(cache_dir), want["sources"])
    except OSError as e:
        return f"not used: cannot write numba's cache ({e.strerror or e})"
    said = f"; {forgot} stale cached files removed first" if forgot else ""
    return _seed_shipped(game, cache_dir, want) + said


def _seed_shipped(game: str, cache_dir: str, want: dict[str, str]) -> str:
    if os.environ.get(OFF):
        return f"not used ({OFF} is set)"
    archive = archive_path(game)
    if not archive.exists():
        return f"none shipped ({archive.name})"
    try:
        marker = Path(cache_dir) / (
            "hordes-kit-prebuilt-"
            + hashlib.sha256(json.dumps(want, sort_keys=True).encode()).hexdigest()[:20]
        )
        if marker.exists():
            return "in numba's cache already"
        shipped = read_shipped(archive)
        differ = [k for k in want if shipped.manifest.get(k) != want[k]]
        if differ:
            return f"not used: built for another {', '.join(differ)}"
        Path(cache_dir).mkdir(parents=True, exist_ok=True)
        copied = _install(shipped, game, Path(cache_dir))
        _write(marker, b"")
    except ShippedBuildError as e:
        return f"not used: {e}"
    except OSError as e:
        return f"not used: cannot write numba's cache ({e.strerror or e})"
    return f"{copied} compiled functions copied into numba's cache"


# --- make numba-cache ---------------------------------------------------------------------

_BUILD = """
import importlib, sys
from hordes_kit.core import fastjit
module = importlib.import_module(sys.argv[1])
module.warm_up()
print(next(fastjit.cache_dirs(module)))
"""


def build(game: str, module: str) -> Path:
    """Compile ``game``'s simulator (``module``, whose ``warm_up()`` runs every code path
    the kit uses) from nothing and write its shipped build; the archive's path."""
    PREBUILT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="hordes-kit-numba-") as tmp:
        env = dict(os.environ, NUMBA_CACHE_DIR=tmp, **{OFF: "1"})
        out = subprocess.run(
            [sys.executable, "-c", _BUILD, module], env=env, capture_output=True, text=True
        )
        if out.returncode != 0:
            raise SystemExit(f"{module} did not compile:\n{out.stderr[-3000:]}")
        cache_dir = Path(out.stdout.strip().splitlines()[-1])
        # the build's process ran with this one's numba settings (it inherits them)
        manifest = json.dumps(expected(game), indent=1, sort_keys=True)
        members = {_MANIFEST: manifest.encode()} | {
            p.name: p.read_bytes()
            for p in sorted(cache_dir.iterdir())
            if _NAME.fullmatch(p.name) and _of_game(p.name, game)
        }
        target = archive_path(game)
        _write(target, lzma.compress(pack(members), preset=9))
    return target


def main(argv: list[str] | None = None) -> int:
    """``python -m hordes_kit.core.fastcache [GAME ...]``: rebuild the shipped builds."""
    from concurrent.futures import ThreadPoolExecutor

    from hordes_kit.core.registry import registered_games

    wanted = set(argv if argv is not None else sys.argv[1:])
    todo = [
        g.fastsim
        for g in registered_games()
        if g.fastsim and (not wanted or g.name in wanted or game_of(g.fastsim) in wanted)
    ]
    with ThreadPoolExecutor(max(1, min(len(todo), os.cpu_count() or 1))) as pool:
        for path in pool.map(lambda m: build(game_of(m), m), todo):
            print(f"{path.relative_to(KIT.parent)}: {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
