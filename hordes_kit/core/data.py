"""Where the shipped data lives, and strict readers for TOML and CSV card files."""

from __future__ import annotations

import csv
import re
import tomllib
from pathlib import Path
from typing import Any

from hordes_kit.core.errors import CardDataError

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
    """Parse a TOML file; syntax errors become ``CardDataError`` naming the file."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise CardDataError(str(p), None, None, "file not found") from None
    except tomllib.TOMLDecodeError as e:
        raise CardDataError(str(p), None, None, f"not valid TOML ({e})") from None


def read_csv(path: str | Path, required: list[str]) -> list[dict[str, str]]:
    """Rows of a CSV file as dicts; a missing column is a ``CardDataError``."""
    p = Path(path)
    try:
        with p.open(newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            missing = [c for c in required if c not in (reader.fieldnames or [])]
            if missing:
                raise CardDataError(str(p), None, missing[0], "column missing from the header")
            return list(reader)
    except FileNotFoundError:
        raise CardDataError(str(p), None, None, "file not found") from None
