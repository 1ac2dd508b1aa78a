"""A rules quiz whose answers the engine works out (``data/skytear/quiz.toml``).

Question kinds (each gives a described position, as in the scenario files):

* ``castle``: damage the castle takes in the rest of this turn (the fight must be certain);
* ``pillage``: cards each player loses in the pillage phase (the back line's attack);
* ``boosted``: the monster a treachery card boosts (``treachery`` names the card), chosen
  among the front line's monsters by name and lane;
* ``forecast``: the chance, in whole percent, that ``measure`` is ``at_least`` this turn;
* ``draw``: the chance, in whole percent, to draw ``what`` within ``draws`` draws.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from hordes_kit.core.data import data_path
from hordes_kit.core.errors import CardDataError, HordesKitError
from hordes_kit.core.quiz import Question, load_questions
from hordes_kit.core.rules_index import rule_index
from hordes_kit.skytear.forecast import HORDE_CHANCE, forecast, forecast_choice
from hordes_kit.skytear.game import new_game
from hordes_kit.skytear.odds import KINDS as CARD_KINDS
from hordes_kit.skytear.odds import card_chance, wanted_cards
from hordes_kit.skytear.stats import attack
from hordes_kit.skytear.targets import unit_label

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


def _castle_this_turn(s):
    """The described position played to the end of its turn (the castle's damage must not
    depend on chance), and the damage the castle took in it."""
    turn = max(1, s.config.position.get("turn", 1))
    while not s.is_terminal and s.turn == turn:
        if s.is_chance:
            outs = s.chance_outcomes()
            if outs[0][0].split(":")[0] in HORDE_CHANCE:
                raise HordesKitError("the castle's damage depends on chance: use kind forecast")
            s = s.apply(outs[0][0])  # which alliance card is drawn changes nothing here
        else:
            s = s.apply(forecast_choice(s))
    events = []
    for e in s.log:  # (from the set-up: automatic steps may have run already)
        if e.rule == "skytear.turn" and e.data.get("turn", 0) > turn:
            break
        events.append(e)
    return events, sum(e.data.get("castle_damage", 0) for e in events)


def _because(raw: dict, said: list[str]) -> str:
    """Why the answer is what it is: what the engine did, in its own words, then the rules
    the question draws on (their titles and texts), so a right answer teaches the rule too."""
    index = rule_index("skytear", "skytear.")
    rules = [index[r] for r in raw.get("rules", ()) if r in index]
    book = " ".join(f"{r.title}: {r.text}" for r in rules)
    return " ".join([*dict.fromkeys(said), f"The rule — {book}" if book else ""]).strip()


def _fight_words(events) -> list[str]:
    """The fight's events (and whatever else hurt the castle), in the engine's words."""
    out, fighting = [], False
    for e in events:
        if e.rule == "skytear.fight":
            fighting = True
            continue
        if e.rule.startswith("skytear.pillage"):
            fighting = False
        if fighting or e.data.get("castle_damage"):
            out.append(e.text)
    return out


def _about(p: Fraction) -> str:
    """A chance as a fraction and in whole percent: ``2/3, about 67%`` (``1/2, 50%``)."""
    exact = p * 100 == _whole(p)
    if exact:
        return f"{p.numerator}/{p.denominator}, {_percent(p)}"
    return f"{p.numerator}/{p.denominator}, {float(p * 100):.3g}%, about {_percent(p)}"


def _draw_words(s, what: str, draws: int, p: Fraction) -> list[str]:
    """Why a draw's chance is what it is, as a player works it out: the deck is shuffled,
    so the cards drawn are any of its cards, none put back (said only for a deck whose
    order is all unknown; else the rule alone)."""
    deck = s.seats[0].deck
    n, hits = len(deck.middle), sum(c in wanted_cards(s.cards, what) for c in deck.middle)
    draws = min(draws, n)
    if deck.top or deck.bottom or not 0 < hits < n or draws < 1:
        return []
    name = ("allies" if what == "ally" else f"{what}s") if what in CARD_KINDS else what
    if hits == 1:
        return [
            f"The deck is shuffled: each of its {n} cards is as likely as any other to be "
            f"among the {draws} you draw, so the one {name} is among them with a chance of "
            f"{draws}/{n} = {_about(p)}."
        ]
    steps = [Fraction(n - hits - k, n - k) for k in range(draws)]
    miss = Fraction(1)
    for f in steps:
        miss *= f
    product = " × ".join(f"{n - hits - k}/{n - k}" for k in range(draws))
    return [
        f"The deck is shuffled and no card drawn goes back: you miss every one of the "
        f"{hits} {name} only if each draw is one of the {n - hits} others, {product} = "
        f"{miss.numerator}/{miss.denominator}; so at least one: 1 − "
        f"{miss.numerator}/{miss.denominator} = {_about(p)}."
    ]


def _treachery_words(s, raw: dict, p: Fraction) -> list[str]:
    """Why the castle's chance is what it is when the treachery card decides it: the damage
    after each card the horde deck can turn over, played to the end of the turn (nothing:
    the rule alone)."""
    outs = s.chance_outcomes() if s.is_chance else ()
    if raw["measure"] != "castle" or not outs:
        return []
    if not all(a.startswith("treachery:") for a, _ in outs):
        return []
    k, size, parts = raw["at_least"], len(s.horde_deck), []
    try:
        for a, q in outs:
            _events, n = _castle_this_turn(s.apply(a))
            share = f"{q * size} of the {size} cards" if (q * size).denominator == 1 else str(q)
            parts.append(f"{s.name(a.split(':', 1)[1])} ({share}): the castle takes {n}")
    except HordesKitError:  # more chance later in the turn: the rule alone
        return []
    return [
        "The treachery card the horde turns over decides it: "
        + "; ".join(parts)
        + f". {k} or more: {_about(p)}."
    ]


def _answer(raw: dict) -> Question:
    kind, ask = raw["kind"], raw["ask"]
    s = new_game({**raw.get("config", {}), "position": raw["position"]})
    if kind == "castle":
        events, n = _castle_this_turn(s)
        said = _fight_words(events) + ([] if n else ["Nothing reaches the castle."])
        return Question(ask, kind, str(n), (), why=_because(raw, said))
    if kind == "pillage":
        shares = [(u, 0 if u.halted else max(0, attack(s, u))) for u in s.back]
        n = sum(k for _, k in shares)
        parts = " + ".join(f"{s.name(u.card)} {k}" for u, k in shares) or "nothing"
        said = [f"The back line pillages {parts} = {n} card(s) from each player."]
        return Question(ask, kind, str(n), (), why=_because(raw, said))
    if kind == "boosted":
        front = [unit_label(s, m) for m in s.monsters if m is not None and m.card]
        s = s.apply(f"treachery:{raw['treachery']}")
        boosts = [e for e in s.log if e.rule == "skytear.treachery.boosted"]
        name = boosts[-1].data.get("target", "") if boosts else ""
        choices = tuple(front) + (() if name else ("none",))
        return Question(
            ask,
            kind,
            name or "none",
            choices,
            why=_because(raw, [e.text for e in boosts]),
        )
    if kind == "forecast":
        p = forecast(s).at_least(raw["measure"], raw["at_least"])
        said = _treachery_words(s, raw, p)
        return Question(ask, kind, _percent(p), _choices(p), detail=p, why=_because(raw, said))
    if kind == "draw":
        p = card_chance(s, 0, raw["what"], raw["draws"])
        said = _draw_words(s, raw["what"], raw["draws"], p)
        return Question(ask, kind, _percent(p), _choices(p), detail=p, why=_because(raw, said))
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
