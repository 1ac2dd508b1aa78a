"""The words a game's rulebook uses (``data/<game>/book_words.toml``) and where each one
resolves in the kit: its glossary, or the rule of the rule lookup whose title names it.

The lists are data taken from the book once (the kit never reads a rulebook). Format::

    sections = ["Recruit Phase", "Card Notes"]   # the book's headings
    keywords = ["Grimthwacker", "Defense Deck"]  # its words of play
    left_out = ["Links"]                         # headings that are not rules of play

A keyword resolves when the glossary explains it (a term or an alias). A section also
resolves when a rule's title names it: the whole title, or a part of it between ``:``,
``,`` or ``/``, with or without its bracketed words ("Card Notes: Pit" names "Card
Notes"; "Horde Phase (Ambush)" names "Horde Phase" and "Ambush").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from hordes_kit.core.data import data_path
from hordes_kit.core.errors import CardDataError
from hordes_kit.core.glossary import Term, find_term, glossary
from hordes_kit.core.inputs import parse_toml, read_text, shown
from hordes_kit.core.lookup import Entry, entries
from hordes_kit.core.registry import Game

__all__ = [
    "BOOK_WORDS",
    "BookWords",
    "parse_book_words",
    "book_words",
    "read_book_words",
    "resolve",
    "title_names",
    "MAX_WORDS",
]

BOOK_WORDS = "book_words.toml"
MAX_WORDS = 1000  # words in one list (the longest book has under 200)
MAX_WORD = 80  # characters of one word or heading
_KEYS = ("sections", "keywords", "left_out")


@dataclass(frozen=True)
class BookWords:
    """A rulebook's section headings and words of play, and the headings left out."""

    sections: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    left_out: tuple[str, ...] = ()


def parse_book_words(text: str, name: str = "a book words file") -> BookWords:
    """Read a book words file's text, checked: three lists of short, unique words."""
    doc = parse_toml(text, name)
    unknown = set(doc) - set(_KEYS)
    if unknown:
        raise CardDataError(name, None, sorted(unknown)[0], f"unknown list; use {', '.join(_KEYS)}")
    out: dict[str, tuple[str, ...]] = {}
    for key in _KEYS:
        raw = doc.get(key, [])
        if not isinstance(raw, list) or len(raw) > MAX_WORDS:
            raise CardDataError(name, None, key, f"must be a list of at most {MAX_WORDS} words")
        for w in raw:
            if not isinstance(w, str) or not w.strip() or len(w) > MAX_WORD:
                raise CardDataError(name, None, key, f"{str(w)[:40]!r}: 1-{MAX_WORD} characters")
        dup = next((w for i, w in enumerate(raw) if w in raw[:i]), None)
        if dup is not None:
            raise CardDataError(name, None, key, f"{dup!r} is listed twice")
        out[key] = tuple(w.strip() for w in raw)
    return BookWords(**out)


def read_book_words(path: str | Path) -> BookWords:
    """A book words file, read safely and checked (``CardDataError`` names the file)."""
    return parse_book_words(read_text(path), shown(path))


@lru_cache(maxsize=16)
def book_words(game_dir: str) -> BookWords:
    """The game's book words (empty if it ships none)."""
    path = data_path(game_dir, BOOK_WORDS)
    return read_book_words(path) if path.is_file() else BookWords()


def _norm(text: str) -> str:
    """A heading as compared: letter case, spacing and a plural -s aside."""
    w = " ".join(re.split(r"\s+", text.casefold().strip()))
    return w[:-1] if w.endswith("s") and len(w) > 3 else w


def title_names(title: str) -> set[str]:
    """The headings a rule title names (compared as :func:`_norm` writes them).

    >>> sorted(title_names("Horde Phase (Ambush)"))
    ['ambush', 'horde phase', 'horde phase (ambush)']
    >>> sorted(title_names("Dice Phase, A: Roll"))
    ['a', 'dice phase', 'dice phase, a: roll', 'roll']
    """
    out = {_norm(title)}
    for part in re.split(r"[:,/]", title):
        part = part.strip()
        if not part:
            continue
        out.add(_norm(part))
        bare = re.sub(r"\s*\([^)]*\)", "", part).strip()
        if bare:
            out.add(_norm(bare))
        out |= {_norm(x) for x in re.findall(r"\(([^)]*)\)", part) if x.strip()}
        step = re.sub(r"^(step|steps)\s+[\d-]+\s*", "", bare, flags=re.I).strip()
        if step:
            out.add(_norm(step))
    return out


def resolve(game: Game, word: str, *, section: bool = False) -> Term | Entry | None:
    """Where a book word resolves: its glossary entry, else (a section only) the first
    rule whose title names it; None when the kit has no word for it."""
    term = find_term(glossary(game.data_dir, game.rule_prefix), word)
    if term is not None or not section:
        return term
    want = _norm(word)
    return next((e for e in entries(game.name) if want in title_names(e.rule.title)), None)
