"""Effects that change a card without tokens or take it out of play: health for the rest of
the turn, keywords gained (for the turn or while in play, "cannot" keywords too), tokens
removed, a card returned to its owner's hand, horde cards concealed in the back line.

Glossary DAMAGE ("-X health for the remainder of the turn" and "remove/loses X health" are
not damage), HEROIC ("A card with Heroic X that gains Heroic Y will end up with Heroic
X+Y"), DESTRUCTION (a card "drawn back in hand" runs the sequence with its last step
replaced), CONCEALED HORDE CARDS; Clarifications: a "cannot" beats a "do".
"""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.skytear.board import replace_unit
from hordes_kit.skytear.combat import to_hand
from hordes_kit.skytear.effect_units import each_target, source_name
from hordes_kit.skytear.machine import push
from hordes_kit.skytear.state import Position, Task, Unit, emit
from hordes_kit.skytear.targets import unit_label
from hordes_kit.skytear.words import keyword_words

__all__ = ["GRANT_VERBS", "granted_words"]

# a token kind -> (the unit's field, +1 for tokens counted up, -1 for damage (hp below zero))
_REMOVE = {
    "health": ("hp", 1),
    "damage": ("hp", -1),
    "attack": ("atk", 0),
    "temp-attack": ("tatk", 0),
    "armor": ("arm", 0),
    "temp-armor": ("tarm", 0),
    "charge": ("charges", 1),
}


def granted_words(what: str, n: int) -> str:
    """One thing an ability gave a card, in words: ``'-2 health'``, ``'Heroic 2'``,
    ``'cannot strike'``.

    >>> granted_words("health", -2), granted_words("heroic", 2), granted_words("cannot-move", 0)
    ('-2 health', 'Heroic 2', 'cannot move')
    """
    if what == "health":
        return f"{n:+d} health"
    if what.startswith("cannot-"):
        return "cannot " + what[len("cannot-") :].replace("-", " ")
    return keyword_words(f"{what} {n}" if n else what)


def _lasting(until: str, what_of):
    """An effect that gives the target ``what_of(e)`` = (what, n) for the turn or while in play."""

    def run(s: Position, t: Task):
        e = t.args[2]
        what, n = what_of(e)
        rule = "abilities.until-end-of-turn" if until == "turn" else "abilities.gain"
        if what.startswith("cannot-"):
            rule = "abilities.cannot"

        def apply(s, tgt):
            if not isinstance(tgt, Unit):
                return s
            s = replace_unit(s, evolve(tgt, mods=tgt.mods + ((until, what, n),)))
            how = " for the rest of the turn" if until == "turn" else " while it stays in play"
            has = "" if what.startswith("cannot-") else "has "
            return emit(
                s,
                rule,
                f"{source_name(s, t)}: {unit_label(s, tgt)} {has}{granted_words(what, n)}{how}.",
                {"uid": tgt.uid, "what": what, "n": n, "until": until},
            )

        return each_target(s, t, apply)

    return run


def _remove(s: Position, t: Task):
    """Remove up to N tokens of one kind (opposite tokens are a different kind: untouched)."""
    e = t.args[2]
    kind = e.extra[0]
    fld, sign = _REMOVE[kind]

    def apply(s, tgt):
        if not isinstance(tgt, Unit):
            return s
        have = getattr(tgt, fld)
        if sign:  # health tokens are hp > 0, damage tokens hp < 0, charges >= 0
            k = min(e.amount, max(0, sign * have))
            after = have - sign * k
        else:  # +1 and -1 attack (armor) tokens: the ones on the card, toward none
            k = min(e.amount, abs(have))
            after = have - k if have > 0 else have + k
        s = replace_unit(s, evolve(tgt, **{fld: after}))
        what = kind.replace("temp-", "temporary ")
        return emit(
            s,
            "abilities.remove-tokens",
            f"{source_name(s, t)}: {k} {what} token(s) removed from {unit_label(s, tgt)}.",
            {"uid": tgt.uid, "kind": kind, "removed": k},
        )

    return each_target(s, t, apply)


def _return(s: Position, t: Task):
    """The card returns to its owner's hand; a horde card has no hand and stays."""

    def apply(s, tgt):
        if not isinstance(tgt, Unit):
            return s
        if tgt.side != "alliance":
            return emit(
                s,
                "abilities.as-much-as-possible",
                f"{source_name(s, t)}: {unit_label(s, tgt)} is a horde card, with no "
                "owner's hand to return to: it stays.",
            )
        return to_hand(s, tgt.uid, source_name(s, t))

    return each_target(s, t, apply)


def _conceal_back(s: Position, t: Task):
    e = t.args[2]
    return push(s, *[Task("summon", ("conceal-back",))] * e.amount)


GRANT_VERBS = {
    "temp-health": _lasting("turn", lambda e: ("health", e.amount)),
    "gain": _lasting("play", lambda e: (e.extra[0], e.amount)),
    "temp-gain": _lasting("turn", lambda e: (e.extra[0], e.amount)),
    "remove": _remove,
    "return": _return,
    "conceal-back": _conceal_back,
}
