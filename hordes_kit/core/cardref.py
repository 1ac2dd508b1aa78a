"""The card reference: every card of a game's shipped data, searchable and filterable, with
the rulebook's notation, its sample marks, and the rules and walkthrough steps that name it.

Game-agnostic. A game registers one small adapter module (``Game(cards="<module>")``)
that reads its own card data and declares:

* ``cards() -> Iterable[CardRef]``: every card of the shipped data, once per card (its
  copies counted in ``copies``);
* ``GROUP``: what the second filter is called for this game ("Race", "Class or level");
* ``charts() -> Iterable[Chart]`` (optional): the book's other printed references (The
  Horde's Master Turn Chart) and its card-list notation (``key = "notation"``).

The rules a card links to are the adapter's own (``CardRef.rules``), the rules behind its
keywords in the game's glossary, and every rule of ``rules.toml`` whose title or text names
the card; its walkthrough steps are the scenario steps whose words name it. Nothing here
imports a widget: the pages draw the cards (``ui/cards.py``), the lookup searches them.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from types import ModuleType

from hordes_kit.core.errors import CardDataError
from hordes_kit.core.glossary import find_term, glossary
from hordes_kit.core.lookup import StepRef, entries, has_rules
from hordes_kit.core.registry import Game, get_game, registered_games
from hordes_kit.core.scenario import load_scenario, scenario_files

__all__ = [
    "CardRef",
    "Chart",
    "VALUES",
    "adapter",
    "games_with_cards",
    "card_refs",
    "card_ref",
    "group_label",
    "charts",
    "chart",
    "facets",
    "search_cards",
    "search_charts",
    "rules_about",
    "steps_about",
]

# the "Values" filter: every card, only cards whose numbers are all the book's, or only
# cards with a sample value
VALUES = {"": "Any values", "book": "The book's values", "sample": "Sample values"}


@dataclass(frozen=True)
class CardRef:
    """One card as the reference lists it (what it is, its numbers, the book's notation).

    ``numbers`` are ``(label, value)`` pairs as the card prints them; ``notation`` is the
    card as the rulebook's card list writes it ("M/E", "CAM.014 2x") and
    ``notation_words`` says what those letters mean. ``sample`` marks a card with a value
    the kit made up (the book does not print it); ``note`` says which values are whose.
    ``called``: the names the rules and steps use for it (default: its name; empty for a
    card named like a race or a phase, which the texts mean otherwise). ``source`` is the
    game's own card record, for the page that draws its face. ``made_up`` marks a card of
    no box at all (a sample the kit wrote): its ``copies`` are its card file's.
    """

    game: str
    key: str
    name: str
    kind: str
    groups: tuple[str, ...] = ()
    numbers: tuple[tuple[str, str], ...] = ()
    text: str = ""
    keywords: tuple[str, ...] = ()
    copies: int | None = None
    notation: str = ""
    notation_words: str = ""
    sample: bool = False
    note: str = ""
    rules: tuple[str, ...] = ()
    called: tuple[str, ...] | None = None
    made_up: bool = False
    source: object = field(default=None, compare=False, repr=False)

    @property
    def names(self) -> tuple[str, ...]:
        """The names the rules and the walkthrough use for this card."""
        return (self.name,) if self.called is None else self.called

    def words(self) -> str:
        """Everything a search looks at besides the name, as one text."""
        nums = " ".join(f"{k} {v}" for k, v in self.numbers)
        return " ".join(
            (self.kind, *self.groups, *self.keywords, self.notation, self.notation_words, nums)
        )


@dataclass(frozen=True)
class Chart:
    """A table the book prints (a turn chart, a card list's notation): what it is, its
    columns and rows, the rule behind it (a key of the game's ``rules.toml``)."""

    key: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""
    rule: str = ""


def adapter(game: Game) -> ModuleType | None:
    """The game's card reference module, imported now (None if it declares none)."""
    return importlib.import_module(game.cards) if game.cards else None


def games_with_cards() -> tuple[Game, ...]:
    """Registered games with a card reference, by name."""
    return tuple(g for g in registered_games() if g.cards)


def _check(game: Game, refs: tuple[CardRef, ...]) -> None:
    where = f"the {game.title} card reference"
    seen: set[str] = set()
    rules = {e.id for e in entries(game.name)} if has_rules(game) else set()
    for r in refs:
        if r.game != game.name:
            raise CardDataError(where, r.name, "game", f"says {r.game!r}")
        if not r.key or r.key in seen:
            raise CardDataError(where, r.name, "key", f"{r.key!r} is empty or taken")
        seen.add(r.key)
        for rid in r.rules:
            if rid not in rules:
                raise CardDataError(where, r.name, "rules", f"{rid!r} is not in rules.toml")


@lru_cache(maxsize=16)
def card_refs(game_name: str) -> tuple[CardRef, ...]:
    """Every card of the game's shipped data, in the adapter's order (checked once)."""
    game = get_game(game_name)
    mod = adapter(game)
    if mod is None:
        return ()
    refs = tuple(mod.cards())
    _check(game, refs)
    return refs


def card_ref(game_name: str, key: str) -> CardRef | None:
    """The card with this key (None if the game has none)."""
    return next((r for r in card_refs(game_name) if r.key == key), None)


def group_label(game_name: str) -> str:
    """What the game's group filter is called ("" when it has none)."""
    mod = adapter(get_game(game_name))
    return getattr(mod, "GROUP", "") if mod else ""


@lru_cache(maxsize=16)
def charts(game_name: str) -> tuple[Chart, ...]:
    """The book's printed references of this game besides its cards (none by default)."""
    mod = adapter(get_game(game_name))
    make = getattr(mod, "charts", None) if mod else None
    return tuple(make()) if make else ()


def chart(game_name: str, key: str) -> Chart | None:
    """One of the game's charts by key (None if it has none)."""
    return next((c for c in charts(game_name) if c.key == key), None)


def facets(game_name: str) -> dict[str, tuple[str, ...]]:
    """The filter choices the game's cards offer: kinds, groups, keywords (first-seen order)."""
    out: dict[str, dict[str, None]] = {"kind": {}, "group": {}, "keyword": {}}
    for r in card_refs(game_name):
        out["kind"][r.kind] = None
        out["group"].update(dict.fromkeys(r.groups))
        out["keyword"].update(dict.fromkeys(r.keywords))
    return {k: tuple(v) for k, v in out.items()}


def _words(query: str) -> list[str]:
    return [w for w in re.split(r"[^\w'/.+-]+", query.casefold()) if w]


def _found(word: str, text: str) -> bool:
    """A word typed is found at the start of a word of the text ("fen" finds Fence, not
    Defender); one with a sign in it (``M/E``, ``+2``) anywhere in it."""
    if re.fullmatch(r"\w+", word):
        return re.search(rf"(?<![^\W_]){re.escape(word)}", text) is not None
    return word in text


def _score(words: list[str], r: CardRef) -> int:
    """0 = a word is nowhere; more = a better match (the name counts most, then the card's
    kind, group, keywords and notation, then its text and note)."""
    name, mid, rest = r.name.casefold(), r.words().casefold(), f"{r.text} {r.note}".casefold()
    score = 0
    for w in words:
        found = 4 * _found(w, name) + 2 * _found(w, mid) + _found(w, rest)
        if not found:
            return 0
        score += found
    return score + 8 * (" ".join(words) == name)


def search_cards(
    query: str = "",
    game_name: str | None = None,
    *,
    kind: str = "",
    group: str = "",
    keyword: str = "",
    values: str = "",
) -> list[CardRef]:
    """Cards holding every word typed (best first) that pass the filters; every card of the
    game(s) in the reference's order when nothing is typed."""
    if values not in VALUES:
        raise ValueError(f"values {values!r}: use one of {', '.join(map(repr, VALUES))}")
    games = games_with_cards() if game_name is None else (get_game(game_name),)
    found = [
        r
        for g in games
        for r in card_refs(g.name)
        if (not kind or r.kind == kind)
        and (not group or group in r.groups)
        and (not keyword or keyword in r.keywords)
        and (not values or r.sample == (values == "sample"))
    ]
    words = _words(query)
    if not words:
        return found
    scored = [(s, i, r) for i, r in enumerate(found) if (s := _score(words, r))]
    return [r for _s, _i, r in sorted(scored, key=lambda t: (-t[0], t[1]))]


def search_charts(query: str, game_name: str | None = None) -> list[tuple[str, Chart]]:
    """``(game, chart)`` of the charts holding every word typed (in the title, columns,
    note or cells); every chart of the game(s) when nothing is typed."""
    games = games_with_cards() if game_name is None else (get_game(game_name),)
    words = _words(query)
    out = []
    for g in games:
        for c in charts(g.name):
            text = " ".join((c.title, *c.columns, c.note, *(" ".join(r) for r in c.rows)))
            cells = {x.casefold() for r in c.rows for x in r}
            text = text.casefold()
            # a number typed must be a whole cell ("19" is turn 19, not part of "2019")
            if all((w in cells) if w.isdigit() else (w in text) for w in words):
                out.append((g.name, c))
    return out


def _pattern(refs: Iterable[CardRef]) -> re.Pattern | None:
    """Any card name as a whole word (a plural -s or -es too), longest names first, so
    "Goblin King" is read as that card and not as "King"."""
    names = sorted({n for r in refs for n in r.names}, key=lambda n: (-len(n), n))
    if not names:
        return None
    alt = "|".join(re.escape(n) for n in names)
    return re.compile(rf"(?<![\w-])({alt})(?:e?s)?(?![\w-])")


@lru_cache(maxsize=16)
def _mentions(game_name: str) -> dict[str, tuple[tuple[str, ...], tuple[StepRef, ...]]]:
    """Card key -> (rule ids, walkthrough steps) whose words name the card."""
    game = get_game(game_name)
    refs = card_refs(game_name)
    keys: dict[str, list[str]] = {}
    for r in refs:
        for n in r.names:
            keys.setdefault(n, []).append(r.key)
    pat = _pattern(refs)
    rules: dict[str, dict[str, None]] = {r.key: {} for r in refs}
    steps: dict[str, dict[StepRef, None]] = {r.key: {} for r in refs}
    if pat is None:
        return {}

    def named(text: str) -> set[str]:
        return {k for m in pat.finditer(text) for k in keys[m.group(1)]}

    if has_rules(game):
        for e in entries(game_name):
            for k in named(f"{e.rule.title}\n{e.rule.text}"):
                rules[k][e.id] = None
    for path in scenario_files(game.data_dir):
        sc = load_scenario(path)
        for i, st in enumerate(sc.steps, 1):
            ref = StepRef(game.name, sc.id, sc.title, i, st.say)
            for k in named(f"{st.say}\n{st.ask}\n{st.point_ask}"):
                steps[k][ref] = None
    return {r.key: (tuple(rules[r.key]), tuple(steps[r.key])) for r in refs}


def rules_about(ref: CardRef) -> tuple[str, ...]:
    """The rule ids a card links to: the adapter's, its kind's and keywords' (from the
    glossary), and every rule whose title or text names it; each once, in that order."""
    game = get_game(ref.game)
    out = dict.fromkeys(ref.rules)
    if has_rules(game):
        terms = glossary(game.data_dir, game.rule_prefix)
        for kw in (ref.kind, *ref.keywords):
            t = find_term(terms, kw)
            if t is not None:
                out[t.rule] = None
    out.update(dict.fromkeys(_mentions(ref.game).get(ref.key, ((), ()))[0]))
    return tuple(out)


def steps_about(ref: CardRef) -> tuple[StepRef, ...]:
    """The walkthrough steps whose words name the card, in file order."""
    return _mentions(ref.game).get(ref.key, ((), ()))[1]
