"""Each game's colours (``data/themes.toml``) as CSS variables for the shared pieces.

A page or widget carries the class ``hk-theme-<game>``; the stylesheet sets the
theme's variables under that class, and a card's band colour from its ``data-kind``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from hordes_kit.core.data import data_path, read_toml, slug
from hordes_kit.core.errors import CardDataError

__all__ = ["Theme", "themes", "theme", "theme_class", "themes_css", "contrast"]

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
INK = "#1f1f1f"  # the text colour drawn on felt
WHITE = "#ffffff"
MIN_CONTRAST = 4.5  # WCAG AA for normal text


@dataclass(frozen=True)
class Theme:
    """One game's colours: accent, felt (table), card back and a band colour per card kind."""

    name: str
    title: str
    accent: str
    felt: str
    back: str
    kinds: tuple[tuple[str, str], ...] = ()

    def kind_colour(self, kind: str) -> str | None:
        """The band colour of a card kind (by name, any case), or None."""
        want = slug(kind)
        return next((c for k, c in self.kinds if slug(k) == want), None)

    def css(self) -> str:
        """The CSS rules that give this theme's class its variables."""
        sel = f".{theme_class(self.name)}"
        out = [f"{sel}{{--hk-accent:{self.accent};--hk-felt:{self.felt};--hk-back:{self.back};}}"]
        out += [f"{sel} [data-kind='{slug(k)}']{{--hk-kind:{c};}}" for k, c in self.kinds]
        return "\n".join(out)


def _luminance(colour: str) -> float:
    def lin(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21).

    >>> round(contrast("#ffffff", "#000000"), 1), round(contrast("#777777", "#ffffff"), 2)
    (21.0, 4.48)
    """
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _colour(path: str, name: str, field: str, value: object, against: str) -> str:
    if not isinstance(value, str) or not _HEX.match(value):
        raise CardDataError(path, name, field, f"must be a colour like '#2f5d8a', got {value!r}")
    ratio = contrast(value, against)
    if ratio < MIN_CONTRAST:
        raise CardDataError(
            path,
            name,
            field,
            f"{value} against {against} has contrast {ratio:.2f}; it must be {MIN_CONTRAST}+",
        )
    return value.lower()


@lru_cache(maxsize=4)
def themes(path: str | None = None) -> dict[str, Theme]:
    """Every theme in the themes file (default: the shipped one), validated."""
    path = path or str(data_path("themes.toml"))
    raw = read_toml(path)
    if "default" not in raw:
        raise CardDataError(path, "default", None, "the default theme is missing")
    out = {}
    for name, t in raw.items():
        if not isinstance(t, dict):
            raise CardDataError(path, name, None, "must be a table of colours")
        unknown = set(t) - {"title", "accent", "felt", "back", "kinds"}
        if unknown:
            raise CardDataError(path, name, sorted(unknown)[0], "unknown field")
        if not isinstance(t.get("title"), str) or not t["title"]:
            raise CardDataError(path, name, "title", "must be a non-empty string")
        kinds = t.get("kinds", {})
        if not isinstance(kinds, dict):
            raise CardDataError(path, name, "kinds", "must be a table of kind = colour")
        out[name] = Theme(
            name=name,
            title=t["title"],
            accent=_colour(path, name, "accent", t.get("accent"), WHITE),
            felt=_colour(path, name, "felt", t.get("felt"), INK),
            back=_colour(path, name, "back", t.get("back"), WHITE),
            kinds=tuple((k, _colour(path, name, f"kinds.{k}", c, WHITE)) for k, c in kinds.items()),
        )
    return out


def theme(name: str | None) -> Theme:
    """The theme of a game (registry name or data folder, or its first word:
    ``'skytear-horde'`` finds ``skytear``); unknown names get the default."""
    known = themes()
    key = (name or "default").replace("-", "_")
    return known.get(key) or known.get(key.split("_")[0]) or known["default"]


def theme_class(name: str | None) -> str:
    """The CSS class that applies a game's theme: ``'hk-theme-the_horde'``."""
    return f"hk-theme-{theme(name).name}"


def themes_css() -> str:
    """The CSS of every theme (the default one on the page root)."""
    known = themes()
    base = known["default"]
    root = f":root{{--hk-accent:{base.accent};--hk-felt:{base.felt};--hk-back:{base.back};}}"
    return "\n".join([root, *(t.css() for t in known.values())])
