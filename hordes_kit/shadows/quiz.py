"""A rules quiz whose answers come from the engine (``data/shadows/quiz.toml``)."""

from __future__ import annotations

from functools import lru_cache

from hordes_kit.core.data import data_path
from hordes_kit.core.errors import CardDataError, HordesKitError
from hordes_kit.core.quiz import Question, load_questions
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.game import new_game
from hordes_kit.shadows.odds import icon_chances, monster_round, next_reveal
from hordes_kit.shadows.words import deck_words

__all__ = ["Question", "load_quiz", "QUIZ_FILE"]

QUIZ_FILE = data_path("shadows", "quiz.toml")
EXAMPLE = {"round": 2, "leader": 0, "monster": "cave-stalker"}


def _table(hero: str, items=()):
    seats = [{"hero": hero, "items": list(items)}, {"hero": "rolan" if hero != "rolan" else "eras"}]
    return new_game({"position": {**EXAMPLE, "round": 1, "leader": 1, "seats": seats}})


def _frac(p) -> str:
    return f"{p.numerator}/{p.denominator}"


def _question(file: str, i: int, raw: dict) -> Question:
    kind, ask = raw.get("kind"), raw.get("ask")
    where = f"question {i}"
    if not isinstance(ask, str) or not ask:
        raise CardDataError(file, where, "ask", "must be a non-empty string")
    try:
        if kind == "stat":
            s = _table(raw["hero"], raw.get("items", []))
            v = s.hero_stats(0)[R.STATS.index(raw["stat"])]
            return Question(ask, kind, str(v))
        if kind == "handsize":
            return Question(ask, kind, str(R.hand_size(int(raw["level"]))))
        if kind == "reveal":
            s = _table("eras")
            p = icon_chances(next_reveal(s, 0, 0))[raw["icon"]]
            # taught first: no page shows the deck's makeup before (the book lists none)
            teach = (
                f"The Monster-Action deck holds {deck_words(s.data.actions)} (the kit's "
                "sample counts: the rulebook does not list them). "
            )
            showing = sum(n for k, n in s.data.actions if raw["icon"] in k.split("+"))
            total = sum(n for _, n in s.data.actions)
            why = f"{showing} of the {total} cards show it: {float(p):.1%}"
            return Question(teach + ask, kind, _frac(p), why=why)
        if kind == "defeat":
            s = _table(raw["hero"])
            odds = monster_round(s, 0, raw["plan"])
            return Question(
                ask,
                kind,
                _frac(odds.defeat),
                detail=odds.to_json(),
                why=f"{float(odds.defeat):.1%}",
            )
        if kind == "damage":
            seats = [{"hero": "akintunde"}, {"hero": "eras"}]
            s = new_game({"names": ["Robert", "Olivia"], "position": {**EXAMPLE, "seats": seats}})
            s = s.apply_all(raw["moves"])
            return Question(ask, kind, str(s.seats[int(raw["seat"])].damage))
    except KeyError as e:
        raise CardDataError(file, where, str(e.args[0]), "missing") from None
    except CardDataError:
        raise
    except (HordesKitError, ValueError) as e:
        raise CardDataError(file, where, "kind", str(e)) from None
    raise CardDataError(file, where, "kind", f"unknown kind {kind!r}")


@lru_cache(maxsize=4)
def load_quiz(path=QUIZ_FILE) -> tuple[Question, ...]:
    """The quiz, validated, with every answer worked out by the engine."""
    return load_questions(path, _question)
