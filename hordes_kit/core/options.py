"""Rules options: a game's config dataclass built from a plain dict, checked the same way."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, TypeVar

from hordes_kit.core.errors import InvalidInputError

__all__ = ["solo_options"]

T = TypeVar("T")


def solo_options(cls: type[T], d: Mapping[str, Any], title: str) -> T:
    """``cls`` (a dataclass of options) from ``d``, for a solo game called ``title``.

    Unknown keys and a player count other than 1 are clear errors; the game checks
    its own values afterwards.
    """
    known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    bad = sorted(set(d) - known - {"players"})
    if bad:
        raise InvalidInputError(f"unknown {title} option {bad[0]!r:.40}")
    if d.get("players", 1) != 1:
        raise InvalidInputError(f"{title} is a solo game: players must be 1")
    return cls(**{k: v for k, v in d.items() if k in known})
