"""The wheel carries data/, widgets/ and notebooks/, and its CLI works outside the repo."""

from __future__ import annotations

import json
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(out),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (whl,) = out.glob("hordes_kit-*.whl")
    return whl


def test_wheel_contains_data_widgets_and_notebooks(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in (
        "hordes_kit/data/fantahzee/cost_presets.toml",
        "hordes_kit/widgets/surface.js",
        "hordes_kit/widgets/hk.css",
        "hordes_kit/data/themes.toml",
        "hordes_kit/notebooks/index.ipynb",
        "hordes_kit/notebooks/fantahzee_odds.ipynb",
        "hordes_kit/fantahzee/odds.py",
        "hordes_kit/serve/templates/index.html.j2",  # the server's page without CDN requests
        "hordes_kit/prebuilt/skytear.tar.xz",  # the simulators, compiled (core/fastcache.py)
        "hordes_kit/prebuilt/fantahzee.tar.xz",
    ):
        assert needed in names, needed
    assert not any("/tests/" in n or n.startswith("tests/") for n in names)


def _installer(py: Path) -> list[str]:
    """What installs into the venv of ``py``: the uv that `make` put beside this Python, else
    this Python's pip (a venv made without pip: ensurepip took 4-5 s of CPU compiling pip,
    for one wheel)."""
    uv = Path(sys.executable).parent / "uv"
    if uv.is_file():
        return [str(uv), "pip", "install", "-q", "--python", str(py)]
    return [sys.executable, "-m", "pip", "--python", str(py), "install", "-q"]


def test_installed_wheel_runs_outside_the_repo(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    py = env_dir / "bin" / "python"
    # --no-deps: the odds CLI and the data loaders need only the standard library
    subprocess.run(
        [*_installer(py), "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
    )
    run = subprocess.run(
        [
            str(env_dir / "bin" / "hordes-kit"),
            "odds",
            "fantahzee",
            "--dice",
            "5",
            "--rolls",
            "3",
            "--cost",
            "XXXXX",
            "--json",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    out = json.loads(run.stdout)
    assert out["exact"] == "347897/7558272"  # = 2783176/60466176
    check = subprocess.run(
        [
            str(py),
            "-c",
            "from hordes_kit.core.data import data_path, widgets_path, notebooks_dir\n"
            "from hordes_kit.fantahzee.presets import load_presets\n"
            "print(len(load_presets()), widgets_path('surface.js').is_file(),"
            " (notebooks_dir() / 'index.ipynb').is_file(), data_path())",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    count, js, index, where = check.stdout.split(" ", 3)
    assert int(count) >= 4 and js == "True" and index == "True"
    assert str(env_dir) in where and str(ROOT) not in where
