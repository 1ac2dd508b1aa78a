"""A rules quiz whose answers the engine works out (``data/skytear/quiz.toml``).

Question kinds (each gives a described position, as in the scenario files):

* ``castle``: damage the castle takes in the rest of this turn (the fight must be certain);
* ``pillage``: cards each player loses in the pillage phase (the back line's attack);
* ``boosted``: the monster a treachery card boosts (``treachery`` names the card);
* ``forecast``: the chance, in whole percent, that ``measure`` is ``at_least`` this turn;
* ``draw``: the chance, in whole percent, to draw ``what`` within ``draws`` draws.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from hordes_kit.core.data import data_path
from hordes_kit.core.errors import CardDataError, HordesKitError
from hordes_kit.core.quiz import Question, load_questions
from hordes_kit.skytear.forecast import HORDE_CHANCE, forecast, forecast_choice
from hordes_kit.skytear.game import new_game
from hordes_kit.skytear.odds import card_chance
from hordes_kit.skytear.stats import attack

__all__ = ["Question", "load_quiz", "QUIZ_FILE", "KINDS"]

QUIZ_FILE = data_path("skytear", "quiz.toml")
KINDS = ("castle", "pillage", "boosted", "forecast", "draw")


def _whole(p: Fraction) -> int:
    return int(p * 100 + Fraction(1, 2))  # 12.5% -> 13%


def _percent(p: Fraction) -> str:
    return f"{_whole(p)}%"


def _choices(p: Fraction) -> tuple[str, ...]:
    """The answer and three other percentages (never equal to it)."""
    right = _whole(p)
    others = [v for v in (right // 2, min(100, right * 2), 100 - right, right + 25, right - 25)
              if 0 <= v <= 100 and v != right]  # fmt: skip
    picked = sorted(set(others))[:3]
    return tuple(f"{v}%" for v in sorted({right, *picked}))


def _castle_this_turn(s) -> int:
    """Damage the castle takes in the described position's turn (played on if needed)."""
    turn = max(1, s.config.position.get("turn", 1))
    while not s.is_terminal and s.turn == turn:
        if s.is_chance:
            outs = s.chance_outcomes()
            if outs[0][0].split(":")[0] in HORDE_CHANCE:
                raise HordesKitError("the castle's damage depends on chance: use kind forecast")
            s = s.apply(outs[0][0])  # which alliance card is drawn changes nothing here
        else:
            s = s.apply(forecast_choice(s))
    total = 0
    for e in s.log:
        if e.rule == "skytear.turn" and e.data.get("turn", 0) > turn:
            break
        total += e.data.get("castle_damage", 0)
    return total


def _answer(raw: dict) -> Question:
    kind, ask = raw["kind"], raw["ask"]
    s = new_game({**raw.get("config", {}), "position": raw["position"]})
    if kind == "castle":
        n = _castle_this_turn(s)
        return Question(ask, kind, str(n), (), why="the fight has no dice")
    if kind == "pillage":
        n = sum(0 if u.halted else attack(s, u) for u in s.back)
        return Question(ask, kind, str(n), (), why="each back-line monster pillages its attack")
    if kind == "boosted":
        s = s.apply(f"treachery:{raw['treachery']}")
        boosts = [e.data for e in s.log if e.rule == "skytear.treachery.boosted"]
        name = s.name(boosts[-1]["card"]) if boosts and boosts[-1].get("card") else "none"
        return Question(ask, kind, name, why="leftmost or rightmost monster of the front line")
    if kind == "forecast":
        p = forecast(s).at_least(raw["measure"], raw["at_least"])
        return Question(ask, kind, _percent(p), _choices(p), detail=p)
    if kind == "draw":
        p = card_chance(s, 0, raw["what"], raw["draws"])
        return Question(ask, kind, _percent(p), _choices(p), detail=p)
    raise KeyError("kind")


def _question(file: str, i: int, raw: dict) -> Question:
    where = f"question {i}"
    if not isinstance(raw.get("ask"), str) or not raw["ask"]:
        raise CardDataError(file, where, "ask", "must be a non-empty string")
    if raw.get("kind") not in KINDS:
        raise CardDataError(file, where, "kind", f"must be one of {', '.join(KINDS)}")
    try:
        return _answer(raw)
    except KeyError as e:
        raise CardDataError(file, where, str(e.args[0]), "missing") from None
    except HordesKitError as e:
        raise CardDataError(file, where, "position", str(e)) from None


@lru_cache(maxsize=4)
def load_quiz(path=QUIZ_FILE) -> tuple[Question, ...]:
    """The quiz, validated, every answer worked out by the engine."""
    return load_questions(path, _question)
