"""The rule index of a game (``data/<game>/rules.toml``): what each cited rule id means.

An entry is the rulebook's rule (``kind = "rule"``, the default) or our reading of a gap
(``kind = "ruling"``); ``source`` says which. Beside our one-sentence ``text``, an entry
carries the book's own words (``quote``: a sentence or two, verbatim, from the section its
``title`` names or from ``section``; or several passages, ``quote = [{section = ...,
words = ...}, ...]``, where the book speaks in more than one place) and, where the kit
reads the book (a ruling, or a rule whose ``text`` adds a reading), ``why`` it reads it so.
A player always sees which words are the book's (``hordes_kit.ui.log.rule_chip``).
Where a table may play it another way, ``option`` names the config field that changes it.
A table rule with named readings (``data/<game>/options.toml``, see ``core.options``)
gives its entries ``option_title`` (its label) and ``other`` (the other readings) from that
file; any other option (a count a table may set) says them in ``rules.toml``. Each other
reading of a table rule that names no rule of its own is an entry too,
``option.<field>.<value>``, made from the choice's words (with the book's words of the rule
it reads otherwise): the log cites it while a table plays that way.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from hordes_kit.core.data import data_path, read_toml
from hordes_kit.core.errors import CardDataError
from hordes_kit.core.options import OPTIONS_FILE, option_specs

__all__ = ["Quote", "RuleEntry", "rule_index", "parse_entry", "SOURCES", "MAX_QUOTE"]

# source -> the badge a player reads
SOURCES = {"rulebook": "Rulebook", "ruling": "Our reading", "table": "A table's reading"}
_OPTIONAL = ("option", "option_title", "other")
_FIELDS = {"title", "text", "kind", "quote", "section", "why", *_OPTIONAL}
MAX_QUOTE = 600  # characters of one passage: the book's words are a sentence or two
MAX_PASSAGES = 4


@dataclass(frozen=True)
class Quote:
    """The book's own words and the section they come from."""

    section: str
    words: str


@dataclass(frozen=True)
class RuleEntry:
    """One rule: the rulebook section it comes from and our one-sentence paraphrase."""

    id: str
    title: str
    text: str
    ruling: bool = False
    option: str = ""  # the config option that changes it ("" = none)
    option_title: str = ""  # that option in words
    other: str = ""  # what the other choice does
    table: bool = False  # a reading a table chose instead of the kit's (options.toml)
    quotes: tuple[Quote, ...] = ()  # the book's own words (rules.toml ``quote``)
    why: str = ""  # why the kit reads the book so (a ruling, or a rule with a reading)

    @property
    def source(self) -> str:
        """``"rulebook"`` (the book says so), ``"ruling"`` (the kit's reading of a gap) or
        ``"table"`` (another reading a table may choose, ``options.toml``)."""
        return "table" if self.table else "ruling" if self.ruling else "rulebook"

    @property
    def badge(self) -> str:
        """``"Rulebook"``, ``"Our reading"`` or ``"A table's reading"``: the source in words."""
        return SOURCES[self.source]


def _others(spec, rule: str) -> str:
    """The readings of a table rule other than the one citing ``rule``, in words."""
    return " Or: ".join(f"{c.label}: {c.text}" for c in spec.choices if c.rule != rule)


def _table_entries(game_dir: str, prefix: str, rules: dict[str, RuleEntry]) -> dict:
    """The rules with their table rules' words, and the other readings as entries; each
    checked against the rules they change."""
    path = str(data_path(game_dir, OPTIONS_FILE))
    specs = option_specs(game_dir)
    out = {}
    for field, spec in specs.items():
        own = rules.get(prefix + spec.rule)
        if own is None:
            raise CardDataError(path, field, "rule", f"{spec.rule!r} is not in rules.toml")
        if own.option != field:
            raise CardDataError(
                path, field, "rule", f"rules.toml's {spec.rule!r} must say option = {field!r}"
            )
        for c in spec.choices:
            rid = prefix + c.rule
            if c.rule.startswith("option."):
                # the book's words are those of the rule the table reads otherwise
                out[rid] = RuleEntry(
                    rid,
                    spec.label,
                    c.text,
                    False,
                    field,
                    spec.label,
                    _others(spec, c.rule),
                    True,
                    own.quotes,
                    own.why,
                )
            elif rid not in rules:
                raise CardDataError(path, field, "choices", f"{c.rule!r} is not in rules.toml")
    rpath = str(data_path(game_dir, "rules.toml"))
    for e in rules.values():
        spec = specs.get(e.option)
        if spec is not None:
            if e.option_title or e.other:
                raise CardDataError(
                    rpath, e.id, "option_title", "a table rule's words come from options.toml"
                )
            key = e.id[len(prefix) :]
            rule = key if any(c.rule == key for c in spec.choices) else spec.rule
            out[e.id] = replace(e, option_title=spec.label, other=_others(spec, rule))
        elif e.option and not (e.option_title and e.other):
            raise CardDataError(
                rpath, e.id, "option", f"no table rule {e.option!r}: say option_title and other"
            )
    return out


def _text(path: str, key: str, fld: str, value, limit: int) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise CardDataError(
            path, key, fld, f"must be a non-empty string of at most {limit} characters"
        )
    return value.strip()


def _quotes(path: str, key: str, raw: dict, title: str) -> tuple[Quote, ...]:
    """The book's words of an entry: ``quote`` (with ``section``, else the title) or a list
    of ``{section, words}`` passages."""
    q = raw.get("quote")
    if q is None:
        if "section" in raw:
            raise CardDataError(path, key, "section", "names where a quote comes from: add quote")
        return ()
    if isinstance(q, str):
        section = _text(path, key, "section", raw.get("section", title), 200)
        return (Quote(section, _text(path, key, "quote", q, MAX_QUOTE)),)
    if "section" in raw:
        raise CardDataError(path, key, "section", "each passage of the list names its section")
    if not isinstance(q, list) or not q or len(q) > MAX_PASSAGES:
        raise CardDataError(
            path, key, "quote", f"a string, or a list of 1-{MAX_PASSAGES} {{section, words}} tables"
        )
    out = []
    for p in q:
        if not isinstance(p, dict) or set(p) != {"section", "words"}:
            raise CardDataError(path, key, "quote", "each passage is {section = ..., words = ...}")
        out.append(
            Quote(
                _text(path, key, "quote", p["section"], 200),
                _text(path, key, "quote", p["words"], MAX_QUOTE),
            )
        )
    return tuple(out)


def parse_entry(path: str, key: str, raw, prefix: str = "") -> RuleEntry:
    """One entry of a rule index, checked (``CardDataError`` names the file, entry, field)."""
    if not isinstance(raw, dict):
        raise CardDataError(path, key, None, "must be a table")
    for fld in ("title", "text"):
        if not isinstance(raw.get(fld), str) or not raw[fld]:
            raise CardDataError(path, key, fld, "must be a non-empty string")
    if raw.get("kind", "rule") not in ("rule", "ruling"):
        raise CardDataError(path, key, "kind", "must be 'rule' or 'ruling'")
    if key.startswith("option."):
        raise CardDataError(path, key, None, "option.* ids are made from options.toml")
    unknown = set(raw) - _FIELDS
    if unknown:
        raise CardDataError(path, key, sorted(unknown)[0], "unknown field")
    for fld in _OPTIONAL:
        if not isinstance(raw.get(fld, ""), str):
            raise CardDataError(path, key, fld, "must be a string")
    if (raw.get("option_title") or raw.get("other")) and not raw.get("option"):
        raise CardDataError(path, key, "option", "name the option its words describe")
    why = _text(path, key, "why", raw["why"], MAX_QUOTE) if "why" in raw else ""
    return RuleEntry(
        prefix + key,
        raw["title"],
        raw["text"],
        raw.get("kind") == "ruling",
        *(raw.get(f, "") for f in _OPTIONAL),
        quotes=_quotes(path, key, raw, raw["title"]),
        why=why,
    )


@lru_cache(maxsize=16)
def rule_index(game_dir: str, prefix: str) -> dict[str, RuleEntry]:
    """Rule id (``prefix`` + key) -> entry, validated; the table rules' readings included."""
    path = data_path(game_dir, "rules.toml")
    out = {}
    for key, raw in read_toml(path).items():
        out[prefix + key] = parse_entry(str(path), key, raw, prefix)
    out.update(_table_entries(game_dir, prefix, out))
    return out
