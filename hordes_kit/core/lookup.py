"""The rule lookup: every rule and ruling of every registered game, where the walkthroughs
show it, and a search over them.

Built from the registry and the data only (``data/<game>/rules.toml``, the scenario
files, ``glossary.toml``): a game that registers with a rule index gets its entries
with nothing else to do.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from hordes_kit.core.data import data_path
from hordes_kit.core.glossary import Term, glossary
from hordes_kit.core.registry import Game, get_game, registered_games
from hordes_kit.core.rules_index import RuleEntry, rule_index
from hordes_kit.core.scenario import load_scenario, scenario_files

__all__ = [
    "StepRef",
    "Entry",
    "games_with_rules",
    "has_rules",
    "entries",
    "entry",
    "steps_showing",
    "search",
    "search_terms",
    "walkthrough_page",
]


@dataclass(frozen=True)
class StepRef:
    """A walkthrough step that shows a rule: its scenario, step number and narration."""

    game: str
    scenario: str  # the scenario's id
    title: str  # the scenario's title
    step: int  # 1-based, as the walkthrough numbers steps
    say: str


@dataclass(frozen=True)
class Entry:
    """A rule of the lookup: the rule, its game and the walkthrough steps that show it."""

    game: Game
    rule: RuleEntry
    steps: tuple[StepRef, ...]

    @property
    def id(self) -> str:
        """The rule id (``fantahzee.dice.roll``)."""
        return self.rule.id


def has_rules(game: Game) -> bool:
    """Whether the game ships a rule index (``data/<game>/rules.toml``)."""
    return data_path(game.data_dir, "rules.toml").is_file()


def games_with_rules() -> tuple[Game, ...]:
    """Registered games that ship a rule index, by name."""
    return tuple(g for g in registered_games() if has_rules(g))


@lru_cache(maxsize=16)
def steps_showing(game_name: str) -> dict[str, tuple[StepRef, ...]]:
    """Rule id -> the walkthrough steps that cite it (``rule`` or ``also``), in file order."""
    game = get_game(game_name)
    out: dict[str, list[StepRef]] = {}
    for path in scenario_files(game.data_dir):
        sc = load_scenario(path)
        for i, step in enumerate(sc.steps, 1):
            for rid in dict.fromkeys((step.rule, *step.also)):
                if rid:
                    out.setdefault(rid, []).append(StepRef(game.name, sc.id, sc.title, i, step.say))
    return {k: tuple(v) for k, v in out.items()}


def entries(game_name: str | None = None) -> tuple[Entry, ...]:
    """Every rule of one game (or of every game with a rule index), in data order; a table
    rule's other readings are listed under the rule they change (``entry`` finds them)."""
    games = games_with_rules() if game_name is None else (get_game(game_name),)
    out = []
    for g in games:
        shown = steps_showing(g.name)
        for rid, rule in rule_index(g.data_dir, g.rule_prefix).items():
            if rule.table:
                continue
            out.append(Entry(g, rule, shown.get(rid, ())))
    return tuple(out)


def entry(rule_id: str) -> Entry | None:
    """The lookup's entry for a rule id (None if no game has it)."""
    for g in games_with_rules():
        if rule_id.startswith(g.rule_prefix):
            rule = rule_index(g.data_dir, g.rule_prefix).get(rule_id)
            if rule is not None:
                return Entry(g, rule, steps_showing(g.name).get(rule_id, ()))
    return None


def _words(query: str) -> list[str]:
    return [w for w in re.split(r"[^\w'-]+", query.casefold()) if w]


def _in(word: str, text: str) -> bool:
    """A word typed is in a text, or its singular is ("split cards" finds "Split card")."""
    if word in text:
        return True
    return len(word) > 3 and word.endswith("s") and word[:-1] in text


def _score(words: list[str], title: str, body: str) -> int:
    """0 = not every word found; more = a better match (words in the title count double).

    >>> _score(["split", "cards"], "Split card", "A card of two races")
    5
    """
    title, body = title.casefold(), body.casefold()
    score = 0
    for w in words:
        in_title, in_body = _in(w, title), _in(w, body)
        if not (in_title or in_body):
            return 0
        score += 2 * in_title + in_body
    return score


def _ranked(items: Iterable, key) -> list:
    scored = [(s, i, x) for i, x in enumerate(items) if (s := key(x))]
    return [x for _s, _i, x in sorted(scored, key=lambda t: (-t[0], t[1]))]


def search(query: str, game_name: str | None = None) -> list[Entry]:
    """Rules whose title, text or book's words hold every word typed, best first (all of
    them if none)."""
    words = _words(query)
    found = entries(game_name)
    if not words:
        return list(found)
    return _ranked(found, lambda e: _score(words, e.rule.title, _body(e.rule)))


def _body(rule: RuleEntry) -> str:
    """What a search reads of a rule besides its title: the kit's words and the book's."""
    return "\n".join((rule.text, rule.why, *(q.words for q in rule.quotes)))


def search_terms(query: str, game_name: str | None = None) -> list[tuple[Game, Term]]:
    """Glossary words matching every word typed (in the term or its explanation)."""
    words = _words(query)
    games = games_with_rules() if game_name is None else (get_game(game_name),)
    pairs = [(g, t) for g in games for t in glossary(g.data_dir, g.rule_prefix).values()]
    if not words:
        return pairs
    return _ranked(pairs, lambda p: _score(words, " ".join(p[1].names), p[1].text))


def walkthrough_page(game: Game) -> str:
    """The notebook of a game's walkthroughs ("" if it has none yet)."""
    return next(
        (d.notebook for d in game.dashboards if d.notebook.endswith("_walkthrough.ipynb")), ""
    )
