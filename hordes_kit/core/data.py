"""Where the shipped data lives, and the readers of TOML and CSV card files."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from hordes_kit.core.inputs import parse_csv, parse_toml, read_text, shown

__all__ = [
    "package_dir",
    "data_path",
    "notebooks_dir",
    "widgets_path",
    "read_toml",
    "read_csv",
    "slug",
]

_PKG = Path(__file__).resolve().parent.parent


def package_dir(name: str) -> Path:
    """A top-level project folder: inside the wheel (``hordes_kit/<name>``) or the checkout."""
    inside = _PKG / name
    if inside.is_dir():
        return inside
    return _PKG.parent / name


def slug(name: str) -> str:
    """Short id of a card name: ``'Half Elves'`` -> ``'half-elves'``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def data_path(*parts: str) -> Path:
    """Path under ``data/`` (shipped in the wheel as ``hordes_kit/data``)."""
    return package_dir("data").joinpath(*parts)


def notebooks_dir() -> Path:
    """The dashboards folder (shipped in the wheel as ``hordes_kit/notebooks``)."""
    return package_dir("notebooks")


def widgets_path(*parts: str) -> Path:
    """Front-end sources of the custom widgets (``widgets/``)."""
    return package_dir("widgets").joinpath(*parts)


def read_toml(path: str | Path) -> dict[str, Any]:
    """Parse a TOML file safely (``core.inputs``); every problem is a ``CardDataError``."""
    return parse_toml(read_text(path), shown(path))


def read_csv(path: str | Path, required: list[str]) -> list[dict[str, str]]:
    """Rows of a CSV file as dicts, read safely; a missing column is a ``CardDataError``."""
    return parse_csv(read_text(path), shown(path), required)
