"""A game's glossary (``data/<game>/glossary.toml``): every word the table shows a new
player, in one sentence, with the rule that says more.

Format (TOML)::

    ["Last Player token"]          # the word as the rulebook writes it
    text = "The player who holds it plays the last turn of the game."
    rule = "setup.first-player"     # a key of the game's rules.toml
    aliases = ["Last Player"]       # optional: other forms the pages use
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from hordes_kit.core.data import data_path, read_toml
from hordes_kit.core.errors import CardDataError
from hordes_kit.core.rules_index import rule_index

__all__ = ["Term", "glossary", "find_term", "undefined_words"]


@dataclass(frozen=True)
class Term:
    """A word of the game: its explanation and the rule id behind it."""

    term: str
    text: str
    rule: str  # full rule id (``fantahzee.setup.flip``)
    aliases: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """The term and its other forms."""
        return (self.term, *self.aliases)


def _key(word: str) -> str:
    """A word as the glossary compares it: letter case, spacing and a plural -s aside."""
    w = " ".join(re.split(r"[\s-]+", word.casefold().strip()))
    return w[:-1] if w.endswith("s") and len(w) > 3 else w


@lru_cache(maxsize=16)
def glossary(game_dir: str, prefix: str) -> dict[str, Term]:
    """Term -> entry, validated against the game's rule index (empty if none is shipped)."""
    path = data_path(game_dir, "glossary.toml")
    if not path.is_file():
        return {}
    rules = rule_index(game_dir, prefix)
    out: dict[str, Term] = {}
    seen: dict[str, str] = {}
    for term, raw in read_toml(path).items():
        where = (str(path), term)
        if not isinstance(raw, dict):
            raise CardDataError(*where, None, "must be a table")
        unknown = set(raw) - {"text", "rule", "aliases"}
        if unknown:
            raise CardDataError(*where, sorted(unknown)[0], "unknown field")
        if not isinstance(raw.get("text"), str) or not raw["text"].strip():
            raise CardDataError(*where, "text", "must be a non-empty sentence")
        rid = prefix + str(raw.get("rule", ""))
        if rid not in rules:
            raise CardDataError(*where, "rule", f"{raw.get('rule')!r} is not in rules.toml")
        aliases = raw.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(a, str) and a for a in aliases):
            raise CardDataError(*where, "aliases", "must be a list of words")
        for name in (term, *aliases):
            if seen.get(_key(name), term) != term:
                raise CardDataError(*where, None, f"{name!r} is already {seen[_key(name)]!r}")
            seen[_key(name)] = term
        out[term] = Term(term, raw["text"].strip(), rid, tuple(aliases))
    return out


def find_term(terms: dict[str, Term], word: str) -> Term | None:
    """The entry a word (any letter case, singular or plural, an alias) stands for."""
    k = _key(word)
    return next((t for t in terms.values() if any(_key(n) == k for n in t.names)), None)


_SENTENCE = re.compile(r"(?<=[.:;!?])\s+|\s+[-–—]\s+|[()\[\],/\n\"“”]")
_WORD = re.compile(r"[A-Za-z][\w'’]*")


def _words(text: str) -> list[str]:
    return [re.sub(r"['’]s$", "", w).casefold() for w in _WORD.findall(text.replace("-", " "))]


def undefined_words(
    texts: Iterable[str], terms: dict[str, Term], names: Iterable[str] = ()
) -> dict[str, str]:
    """The game's own words a player meets on screen that the glossary does not explain.

    A word counts when it is capitalised inside a sentence (a sentence's first word and a
    single letter do not) and is not part of a card's or a player's name; it is explained
    when it is a word of a glossary term or alias. Returns word -> a text it was seen in.

    >>> t = {"Crowns": Term("Crowns", "Money.", "g.income")}
    >>> undefined_words(["Pay 3 Crowns to Kronus.", "Buy a Cow"], t, ["Cow"])
    {'Kronus': 'Pay 3 Crowns to Kronus.'}
    """
    known = {_key(w) for t in terms.values() for n in t.names for w in _words(n)}
    named = {_key(w) for n in names for w in _words(n)}
    out: dict[str, str] = {}
    for text in texts:
        for sentence in _SENTENCE.split(text):
            for word in _WORD.findall(sentence.replace("-", " "))[1:]:
                word = re.sub(r"['’]s$", "", word)
                if len(word) < 2 or not word[0].isupper() or re.fullmatch(r"X+", word):
                    continue
                k = _key(word)
                if k not in known and k not in named and word not in out:
                    out[word] = text
    return out
