"""Effects on cards in play (damage, heal, tokens, destroy, ready/exhaust, Bless, Mutaform,
attach, halt pillage; the moving ones are in ``effect_moves.py``) and the target choices
every effect shares: a target that fits several cards (or a tie) is the player's choice;
a concealed card is revealed before anything affects it (glossary CONCEALED)."""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.skytear.board import (
    add_tokens,
    hurt_castle,
    hurt_portal,
    replace_unit,
    to_outsider_pile,
)
from hordes_kit.skytear.combat import deal, doom
from hordes_kit.skytear.machine import Ask, push
from hordes_kit.skytear.state import Position, Task, Unit, emit
from hordes_kit.skytear.stats import attack
from hordes_kit.skytear.targets import SETS, candidates, cite_target, decider, unit_label
from hordes_kit.skytear.words import effect_words

__all__ = [
    "UNIT_VERBS",
    "pick_target",
    "reveal_first",
    "source_name",
    "each_target",
    "choice_then",
]


def pick_target(s: Position, t: Task, word: str, prompt: str, filt=None):
    """The chosen target (a Unit, "castle", "portal"), None if nothing fits, or an Ask."""
    src, card, _, seat = t.args
    if t.picks:
        p = t.picks[0]
        return p if isinstance(p, str) else s.unit(p)
    cands = candidates(s, word, src)
    if filt is not None:
        cands = [u for u in cands if filt(u)]
    if not cands:
        return None
    if len(cands) == 1:
        return cands[0]
    opts = tuple(
        (f"target:{c}", c) if isinstance(c, str) else (f"target:{s.ref(c.uid)}", c.uid)
        for c in cands
    )
    return Ask(decider(s, card, seat), opts, prompt)


def reveal_first(s: Position, t: Task, units: list) -> Position | None:
    hidden = [u for u in units if isinstance(u, Unit) and u.concealed]
    if not hidden:
        return None
    return push(s, *(Task("reveal", (u.uid,)) for u in hidden), t)


def source_name(s: Position, t: Task) -> str:
    return s.name(t.args[1])


def each_target(s: Position, t: Task, apply):
    """Apply ``apply(s, unit_or_special)`` to the target (or every card of a set target)."""
    e = t.args[2]
    if e.target in SETS:
        units = candidates(s, e.target, t.args[0])
        if t.picks:  # revealed already: a card a revealed spell concealed came after the
            # ability chose its cards and stays face down (else Hatching after Hatching loops)
            units = [u for u in units if not (isinstance(u, Unit) and u.concealed)]
        again = reveal_first(s, t.with_pick("revealed"), units)
        if again is not None:
            return again
        s = cite_target(s, e.target, units)
        for u in units:
            if s.unit(u.uid) is not None:
                s = apply(s, s.unit(u.uid))
        return s
    tgt = pick_target(
        s, t, e.target, f"{source_name(s, t)}: {effect_words(e)} - choose the target."
    )
    if isinstance(tgt, Ask):
        return tgt
    if tgt is None:
        return emit(
            s,
            "abilities.as-much-as-possible",
            f"{source_name(s, t)}: {effect_words(e)} - no target.",
        )
    again = reveal_first(s, t, [tgt])
    if again is not None:
        return again
    if isinstance(tgt, Unit) and s.unit(tgt.uid) is None:
        return s
    if isinstance(tgt, Unit):  # the card a later "it" of the ability means
        s = evolve(s, chosen=tgt.uid)
    return apply(cite_target(s, e.target, [tgt]), tgt)


def _damage(s, t):
    e = t.args[2]

    def apply(s, tgt):
        if tgt == "castle":
            return hurt_castle(s, e.amount, "abilities.damage", source_name(s, t))
        if tgt == "portal":
            return hurt_portal(s, e.amount, "abilities.damage", source_name(s, t))
        return deal(s, tgt.uid, e.amount, "abilities.damage", source_name(s, t))[0]

    return each_target(s, t, apply)


def _heal(s, t):
    e = t.args[2]

    def apply(s, tgt):
        if tgt == "castle":
            return emit(
                s,
                "abilities.heal",
                f"{source_name(s, t)}: the castle gains {e.amount} health "
                f"({s.castle_hp} -> {s.castle_hp + e.amount}).",
                castle_hp=s.castle_hp + e.amount,
            )
        if not isinstance(tgt, Unit):
            return s
        s = add_tokens(s, tgt.uid, "health", e.amount)
        return emit(s, "tokens", f"{unit_label(s, tgt)} gains {e.amount} health token(s).")

    return each_target(s, t, apply)


def _tokens(kind):
    def run(s, t):
        e = t.args[2]

        def apply(s, tgt):
            if not isinstance(tgt, Unit):
                return s
            s = add_tokens(s, tgt.uid, kind, e.amount)
            what = kind.replace("temp-", "temporary ")
            word = f"{e.amount:+d} {what}" if e.amount < 0 else f"{e.amount} {what}"
            return emit(s, "tokens", f"{unit_label(s, tgt)} gains {word} token(s).")

        return each_target(s, t, apply)

    return run


def _destroy(s, t):
    def apply(s, tgt):
        if not isinstance(tgt, Unit):
            return s
        return emit(
            doom(s, tgt.uid), "destruction", f"{source_name(s, t)} destroys {unit_label(s, tgt)}."
        )

    return each_target(s, t, apply)


def _flag(value):
    def run(s, t):
        def apply(s, tgt):
            if not isinstance(tgt, Unit) or tgt.side != "alliance":
                return s
            word = "exhausted" if value else "readied"
            s = replace_unit(s, evolve(tgt, exhausted=value))
            return emit(s, "ready-exhausted", f"{unit_label(s, tgt)} is {word}.")

        return each_target(s, t, apply)

    return run


def choice_then(s, t, first_word, options, prompt, apply, filt=None):
    """A target, then one more choice (``options``: (action id, value)); ``apply(s, unit, value)``.

    A target fixed by the rules (one card fits) is recorded as the first pick, so the
    second choice always lands in ``picks[1]``.
    """
    src, card, e, seat = t.args
    if not t.picks:
        tgt = pick_target(s, t, first_word, prompt, filt)
        if isinstance(tgt, Ask):
            return tgt
        if not isinstance(tgt, Unit):
            return emit(
                s,
                "abilities.as-much-as-possible",
                f"{source_name(s, t)}: {effect_words(e)} - no target.",
            )
        return push(s, t.with_pick(tgt.uid))
    tgt = s.unit(t.picks[0])
    if tgt is None:
        return s
    if tgt.concealed:
        return push(s, Task("reveal", (tgt.uid,)), t)
    cited = evolve(cite_target(s, first_word, [tgt]), chosen=tgt.uid)
    if len(t.picks) < 2:
        opts = options(s, tgt)
        if not opts:
            return apply(cited, tgt, None)
        if len(opts) == 1:
            return apply(cited, tgt, opts[0][1])
        return Ask(decider(s, card, seat), tuple(opts), prompt)
    return apply(cited, tgt, t.picks[1])


def _bless(s, t):
    e = t.args[2]

    def apply(s, u, kind):
        s = add_tokens(s, u.uid, kind, e.amount)
        return emit(
            s,
            "keywords.bless",
            f"Bless {e.amount}: {unit_label(s, u)} gains {e.amount} {kind} token(s).",
        )

    return choice_then(
        s,
        t,
        e.target,
        lambda s, u: [("bless:health", "health"), ("bless:damage", "damage")],
        f"{source_name(s, t)}: Bless {e.amount} - health tokens (sturdier) or damage tokens "
        "(wounds the ally on purpose, for an 'after this card is damaged' or 'if wounded' "
        "ability)?",
        apply,
    )


def _mutaform(s, t):
    src, card, e, seat = t.args
    if not t.picks:
        tgt = pick_target(
            s, t, e.target, f"{source_name(s, t)}: Mutaform {e.amount} - choose the card."
        )
        if isinstance(tgt, Ask):
            return tgt
        if not isinstance(tgt, Unit):
            return s
        return push(s, t.with_pick(tgt.uid))
    u = s.unit(t.picks[0])
    if u is None:
        return s
    if u.concealed:
        return push(s, Task("reveal", (u.uid,)), t)
    one = u.side == "horde" and s.config.mutaform_monster == "one-type"
    need = 1 if one else e.amount
    kinds = list(t.picks[1:])
    if len(kinds) < need:
        opts = (("token:attack", "attack"), ("token:health", "health"))
        return Ask(
            decider(s, card, seat),
            opts,
            f"Mutaform: token {len(kinds) + 1} of {need} on {unit_label(s, u)}: attack or health?",
        )
    if one:
        kinds = kinds * e.amount
    for k in kinds:
        s = add_tokens(s, u.uid, k, 1)
    text = ", ".join(f"{kinds.count(k)} {k}" for k in ("attack", "health") if k in kinds)
    rule = "ruling.mutaform-monster" if one else "keywords.mutaform"
    return emit(s, rule, f"Mutaform {e.amount}: {unit_label(s, u)} gains {text} token(s).")


def _attach(s, t):
    src, card, e, seat = t.args
    owner = seat if s.card(card).kind == "alliance" else -1
    tgt = pick_target(s, t, e.target, f"Attach {s.name(card)} to which card?")
    if isinstance(tgt, Ask):
        return tgt
    if isinstance(tgt, Unit) and tgt.concealed:
        # CONCEALED: "If a concealed card would ... be affected by an ability, reveal it
        # first": revealed a monster it takes the attachment, anything else leaves the
        # attachment nothing to attach to
        return push(s, Task("reveal", (tgt.uid,)), t if t.picks else t.with_pick(tgt.uid))
    if not isinstance(tgt, Unit):
        if t.picks and isinstance(t.picks[0], int):  # its card was revealed: no monster
            s = emit(
                s,
                "ruling.concealed-attach",
                f"The face-down card {s.name(card)} was to attach to is not a monster: "
                "resolved as much as possible, the attachment has nothing to attach to.",
            )
        if owner < 0:
            return emit(
                to_outsider_pile(s, card),
                "horde.attachment",
                f"{s.name(card)} cannot attach to anything: it goes to the bottom of the "
                "outsider pile (it cannot be summoned until the next turn).",
            )
        return emit(s, "alliance.play", f"{s.name(card)} has nothing to attach to: discarded.")
    u = s.unit(tgt.uid)
    s = evolve(cite_target(s, e.target, [u]), chosen=u.uid)
    s = replace_unit(s, evolve(u, attached=u.attached + ((card, owner),)))
    return emit(s, "horde.attachment", f"{s.name(card)} is attached to {unit_label(s, u)}.")


def _halt(s, t):
    e = t.args[2]

    def filt(u):
        return s.is_minion(u) and attack(s, u) <= e.amount

    tgt = pick_target(
        s, t, "minion", f"Which minion (attack {e.amount} or less) cannot pillage?", filt
    )
    if isinstance(tgt, Ask) or tgt is None:
        return tgt if tgt is not None else s
    s = replace_unit(s, evolve(tgt, halted=True))
    return emit(s, "fight.abilities", f"{unit_label(s, tgt)} cannot pillage this turn.")


UNIT_VERBS = {
    "damage": _damage,
    "heal": _heal,
    "attack": _tokens("attack"),
    "temp-attack": _tokens("temp-attack"),
    "armor": _tokens("armor"),
    "temp-armor": _tokens("temp-armor"),
    "destroy": _destroy,
    "ready": _flag(False),
    "exhaust": _flag(True),
    "bless": _bless,
    "mutaform": _mutaform,
    "attach": _attach,
    "halt-pillage": _halt,
}
