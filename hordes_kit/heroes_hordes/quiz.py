"""A short rules quiz whose answers come from the engine (``data/heroes_hordes/quiz.toml``)."""

from __future__ import annotations

from functools import lru_cache

from hordes_kit.core.data import data_path
from hordes_kit.core.errors import CardDataError, HordesKitError
from hordes_kit.core.quiz import Question, load_questions
from hordes_kit.heroes_hordes.game import new_game
from hordes_kit.heroes_hordes.odds import battle_report, find_cards

__all__ = ["Question", "load_quiz", "QUIZ_FILE"]

QUIZ_FILE = data_path("heroes_hordes", "quiz.toml")


def _question(file: str, i: int, raw: dict) -> Question:
    kind, ask = raw.get("kind"), raw.get("ask")
    where = f"question {i}"
    if not isinstance(ask, str) or not ask:
        raise CardDataError(file, where, "ask", "must be a non-empty string")
    try:
        if kind in ("force", "winner"):
            rep = battle_report(find_cards(raw["horde"]), find_cards(raw["heroes"]))
            if kind == "winner":
                return Question(ask, kind, rep.winner, ("heroes", "horde"), rep)
            side = raw.get("side")
            if side not in ("heroes", "horde"):
                raise CardDataError(file, where, "side", "must be heroes or horde")
            value = rep.hero_force if side == "heroes" else rep.horde_force
            return Question(ask, kind, str(value), (), rep)
        if kind == "tokens":
            state = new_game().apply_all(raw["moves"])
            return Question(ask, kind, str(state.tokens), ())
    except KeyError as e:
        raise CardDataError(file, where, str(e.args[0]), "missing") from None
    except CardDataError:
        raise
    except HordesKitError as e:
        raise CardDataError(file, where, "kind", str(e)) from None
    raise CardDataError(file, where, "kind", f"unknown kind {kind!r} (force, winner, tokens)")


@lru_cache(maxsize=4)
def load_quiz(path=QUIZ_FILE) -> tuple[Question, ...]:
    """The quiz, validated, with every answer worked out by the engine."""
    return load_questions(path, _question)
