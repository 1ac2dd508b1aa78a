"""A short rules quiz whose answers come from the engine (``data/the_horde/quiz.toml``)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from hordes_kit.core.data import data_path
from hordes_kit.core.errors import CardDataError, HordesKitError
from hordes_kit.core.quiz import Question, load_questions
from hordes_kit.the_horde.game import THState, new_game
from hordes_kit.the_horde.odds import kill_probability

__all__ = ["load_quiz", "QUIZ_FILE", "WHERE"]

QUIZ_FILE = data_path("the_horde", "quiz.toml")
WHERE = ("Horde Discard", "Attack Discard")
WHY_RULES = ("horde.defender", "special.dizzy", "ruling.item-chains", "ruling.next-gc")


def _counts(s: THState, d: dict) -> tuple[int, ...]:
    bad = sorted(set(d) - set(s.rids))
    if bad:
        raise HordesKitError(f"no recruit card {bad[0]!r}")
    return tuple(d.get(c, 0) for c in s.rids)


def _battle(s: THState, attacker: str, defenders: dict) -> THState:
    return replace(
        s,
        row=(),
        to_flip=0,
        step="defender",
        attacker=attacker,
        defender_deck=_counts(s, defenders),
        attack_deck=(1, 0, 0, 0),
    )


def _question(file: str, i: int, raw: dict) -> Question:
    kind, ask = raw.get("kind"), raw.get("ask")
    where = f"question {i}"
    if not isinstance(ask, str) or not ask:
        raise CardDataError(file, where, "ask", "must be a non-empty string")
    s = new_game()
    try:
        if kind == "kill":
            lv, f = raw["level"], raw["force"]
            f += raw.get("item_bonus", 0) + raw.get("next_gc_bonus", 0)
            f -= 3 if raw.get("dizzy") else 0
            p = kill_probability(lv, f)
            need = 4 + lv - f
            why = f"The battle roll 1d6 - {lv} + {f} must reach 4: a {need} or more on the die."
            return Question(ask, kind, f"{p.numerator}/{p.denominator}", why=why)
        if kind == "force":
            draws = raw["draws"]
            b = _battle(s, "adolescent", {c: draws.count(c) for c in draws})
            for k, c in enumerate(draws):
                b = b.apply(f"defender:{c}")
                if b.step == "roll" and k < len(draws) - 1:  # it fights and wins; go on
                    b = replace(b.apply("roll:6"), step="defender", attacker="adolescent")
            why = " ".join(
                e.text for e in b.log[len(s.log) :] if e.rule.split(".", 1)[1] in WHY_RULES
            )
            return Question(ask, kind, str(b.force), why=why)
        if kind == "income":
            v = replace(s, village=_counts(s, raw["village"]), village_bottom=())
            return Question(ask, kind, str(v.income()), why="Villager 1, Crops 2, Cow 3 each.")
        if kind == "attackers":
            t = s.data.turns[raw["turn"] - 1]
            return Question(
                ask, kind, str(t.attackers), why=f"Master Turn Chart, turn {t.turn}: {t.location}."
            )
        if kind == "where":
            card = raw["card"]
            b = _battle(s, "juggernaught", {"grimthwacker": 1})
            b = replace(b, village=_counts(s, {card: 1}), attack_deck=(0, 0, 0, 0))
            lost = b.apply("defender:grimthwacker").apply("roll:1")
            after = lost.apply(f"village:{card}")
            hi = after.hi("juggernaught")
            dest = WHERE[0] if after.horde_discard[hi] else WHERE[1]
            return Question(ask, kind, dest, WHERE, why=after.log[len(lost.log)].text)
    except KeyError as e:
        raise CardDataError(file, where, str(e.args[0]), "missing") from None
    except CardDataError:
        raise
    except HordesKitError as e:
        raise CardDataError(file, where, "kind", str(e)) from None
    raise CardDataError(
        file, where, "kind", f"unknown kind {kind!r} (kill, force, income, attackers, where)"
    )


@lru_cache(maxsize=4)
def load_quiz(path=QUIZ_FILE) -> tuple[Question, ...]:
    """The quiz, validated, with every answer worked out by the engine."""
    return load_questions(path, _question)
