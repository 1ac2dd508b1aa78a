"""The lean front end (serve/lean.py): the committed build is the committed sources' build,
and the server sends it compressed, kept a year, to the pages it is on."""

from __future__ import annotations

from pathlib import Path

import pytest

from hordes_kit.serve.lean import (
    FRONTEND_ENV,
    LEAN_DIR,
    built_record,
    digest,
    frontend_choice,
    source_names,
)

FRONTEND = Path(__file__).resolve().parent.parent / "frontend"


def test_the_committed_build_is_the_committed_sources_build():
    """frontend/build.mjs records the digest of the sources it built from and of each file
    it wrote: a source changed without ``make frontend``, or a built file edited by hand,
    fails here (the CI machine may have no node to rebuild it)."""
    record = built_record()
    assert digest(FRONTEND, source_names(FRONTEND)) == record["sources"], (
        "frontend/ changed since hordes_kit/serve/static/ was built: run `make frontend`"
    )
    built = sorted(p.name for p in LEAN_DIR.iterdir() if p.name != "BUILT.json")
    assert built == sorted(record["files"])
    for name, want in record["files"].items():
        assert digest(LEAN_DIR, [name]) == want, f"{name} is not the build's"


def test_a_changed_source_is_noticed(tmp_path):
    """The check above can fail: one byte more in a source gives another digest."""
    names = source_names(FRONTEND)
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes((FRONTEND / name).read_bytes())
    assert digest(tmp_path, names) == built_record()["sources"]
    with (tmp_path / "src" / "index.js").open("a") as f:
        f.write("\n")
    assert digest(tmp_path, names) != built_record()["sources"]


@pytest.mark.parametrize(
    ("value", "choice"), [(None, "lean"), ("voila", "voila"), ("lean", "lean")]
)
def test_the_server_environment_chooses_the_front_end(monkeypatch, value, choice):
    if value is None:
        monkeypatch.delenv(FRONTEND_ENV, raising=False)
    else:
        monkeypatch.setenv(FRONTEND_ENV, value)
    assert frontend_choice() == choice
