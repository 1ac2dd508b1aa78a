"""Resolving abilities: each effect of the vocabulary (``vocabulary.py``) as a task.

"You must always resolve abilities as much as possible" and "you must fully resolve
an ability in the order it is written": an ability becomes one ``effect`` task per
effect, in order; a target that fits several cards (or a tie) is the player's choice;
a concealed card is revealed before anything affects it (glossary CONCEALED).
"""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.skytear.board import (
    add_lane_tokens,
    add_tokens,
    gain_mana,
    hurt_castle,
    hurt_portal,
    move_to_lane,
    replace_unit,
)
from hordes_kit.skytear.combat import deal, doom
from hordes_kit.skytear.machine import Ask, handles, push
from hordes_kit.skytear.rules import GOLD_MAX, clamp
from hordes_kit.skytear.state import Position, Task, Unit, emit
from hordes_kit.skytear.stats import attack, condition_holds
from hordes_kit.skytear.targets import SETS, candidates, decider, unit_label

__all__ = ["TRIGGER_RULE", "ability_tasks"]

TRIGGER_RULE = {
    "play": "abilities.play",
    "fight": "fight.abilities",
    "destroyed": "destruction.abilities",
    "exhaust": "alliance.exhaust",
    "treachery": "treachery.ability",
    "pillage": "pillage.abilities",
    "after-striking": "abilities.after-striking",
    "turn": "outsiders.enchanter",
}


def ability_tasks(s: Position, src: int, card: str, trigger: str, seat: int) -> list[Task]:
    """One ``ability`` task per ability of the card with this trigger, in printed order."""
    c = s.cards.cards.get(card)
    if c is None:
        return []
    return [Task("ability", (src, card, a, seat)) for a in c.abilities if a.trigger == trigger]


@handles("ability")
def ability(s: Position, t: Task):
    """Log the ability and queue its effects in the order written (if its condition holds)."""
    src, card, ab, seat = t.args
    u = s.unit(src) if src else None
    name = s.name(card)
    if ab.condition and not condition_holds(s, u, ab.condition):
        return emit(s, TRIGGER_RULE[ab.trigger], f"{name}: not {ab.condition}, nothing happens.")
    s = emit(s, TRIGGER_RULE[ab.trigger], f"{name}: {ab.text}", {"card": card})
    return push(s, *(Task("effect", (src, card, e, seat)) for e in ab.effects))


def _target(s: Position, t: Task, word: str, prompt: str, filt=None):
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


def _reveal_first(s: Position, t: Task, units: list) -> Position | None:
    hidden = [u for u in units if isinstance(u, Unit) and u.concealed]
    if not hidden:
        return None
    return push(s, *(Task("reveal", (u.uid,)) for u in hidden), t)


def _why(s: Position, t: Task) -> str:
    return s.name(t.args[1])


def _each(s: Position, t: Task, apply):
    """Apply ``apply(s, unit_or_special)`` to the target (or every card of a set target)."""
    e = t.args[2]
    if e.target in SETS:
        units = candidates(s, e.target, t.args[0])
        again = _reveal_first(s, t, units)
        if again is not None:
            return again
        for u in units:
            if s.unit(u.uid) is not None:
                s = apply(s, s.unit(u.uid))
        return s
    tgt = _target(s, t, e.target, f"{_why(s, t)}: {e.text} - choose the target.")
    if isinstance(tgt, Ask):
        return tgt
    if tgt is None:
        return emit(s, "abilities.as-much-as-possible", f"{_why(s, t)}: {e.text} - no target.")
    again = _reveal_first(s, t, [tgt])
    if again is not None:
        return again
    if isinstance(tgt, Unit) and s.unit(tgt.uid) is None:
        return s
    return apply(s, tgt)


def _damage(s, t):
    e = t.args[2]

    def apply(s, tgt):
        if tgt == "castle":
            return hurt_castle(s, e.amount, "abilities.damage", _why(s, t))
        if tgt == "portal":
            return hurt_portal(s, e.amount, "abilities.damage", _why(s, t))
        return deal(s, tgt.uid, e.amount, "abilities.damage", _why(s, t))[0]

    return _each(s, t, apply)


def _heal(s, t):
    e = t.args[2]

    def apply(s, tgt):
        if tgt == "castle":
            return emit(
                s,
                "abilities.heal",
                f"{_why(s, t)}: the castle gains {e.amount} health "
                f"({s.castle_hp} -> {s.castle_hp + e.amount}).",
                castle_hp=s.castle_hp + e.amount,
            )
        if not isinstance(tgt, Unit):
            return s
        s = add_tokens(s, tgt.uid, "health", e.amount)
        return emit(s, "tokens", f"{unit_label(s, tgt)} gains {e.amount} health token(s).")

    return _each(s, t, apply)


def _tokens(kind):
    def run(s, t):
        e = t.args[2]

        def apply(s, tgt):
            if not isinstance(tgt, Unit):
                return s
            s = add_tokens(s, tgt.uid, kind, e.amount)
            word = f"{e.amount:+d} {kind}" if e.amount < 0 else f"{e.amount} {kind}"
            return emit(s, "tokens", f"{unit_label(s, tgt)} gains {word} token(s).")

        return _each(s, t, apply)

    return run


def _destroy(s, t):
    def apply(s, tgt):
        if not isinstance(tgt, Unit):
            return s
        return emit(doom(s, tgt.uid), "destruction", f"{_why(s, t)} destroys {unit_label(s, tgt)}.")

    return _each(s, t, apply)


def _flag(value):
    def run(s, t):
        def apply(s, tgt):
            if not isinstance(tgt, Unit) or tgt.side != "alliance":
                return s
            word = "exhausted" if value else "readied"
            s = replace_unit(s, evolve(tgt, exhausted=value))
            return emit(s, "ready-exhausted", f"{unit_label(s, tgt)} is {word}.")

        return _each(s, t, apply)

    return run


def _choice_then(s, t, first_word, options, prompt, apply, filt=None):
    """A target, then one more choice (``options``: (action id, value)); ``apply(s, unit, value)``.

    A target fixed by the rules (one card fits) is recorded as the first pick, so the
    second choice always lands in ``picks[1]``.
    """
    src, card, e, seat = t.args
    if not t.picks:
        tgt = _target(s, t, first_word, prompt, filt)
        if isinstance(tgt, Ask):
            return tgt
        if not isinstance(tgt, Unit):
            return emit(s, "abilities.as-much-as-possible", f"{_why(s, t)}: {e.text} - no target.")
        return push(s, t.with_pick(tgt.uid))
    tgt = s.unit(t.picks[0])
    if tgt is None:
        return s
    if tgt.concealed:
        return push(s, Task("reveal", (tgt.uid,)), t)
    if len(t.picks) < 2:
        opts = options(s, tgt)
        if not opts:
            return apply(s, tgt, None)
        if len(opts) == 1:
            return apply(s, tgt, opts[0][1])
        return Ask(decider(s, card, seat), tuple(opts), prompt)
    return apply(s, tgt, t.picks[1])


def _bless(s, t):
    e = t.args[2]

    def apply(s, u, kind):
        s = add_tokens(s, u.uid, kind, e.amount)
        return emit(
            s,
            "keywords.bless",
            f"Bless {e.amount}: {unit_label(s, u)} gains {e.amount} {kind} token(s).",
        )

    return _choice_then(
        s,
        t,
        e.target,
        lambda s, u: [("bless:health", "health"), ("bless:damage", "damage")],
        f"{_why(s, t)}: Bless {e.amount} - health or damage tokens?",
        apply,
    )


def _mutaform(s, t):
    src, card, e, seat = t.args
    if not t.picks:
        tgt = _target(s, t, e.target, f"{_why(s, t)}: Mutaform {e.amount} - choose the card.")
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


def _free_lanes(s: Position, side: str) -> list[int]:
    row = s.monsters if side == "horde" else s.allies
    return [i for i, u in enumerate(row) if u is None]


def _bait(s, t):
    e = t.args[2]

    def apply(s, u, lane):
        s = add_tokens(s, u.uid, "temp-attack", 1)
        s = emit(s, "keywords.bait", f"Bait: {unit_label(s, u)} gains 1 temporary attack token.")
        if lane is None or lane < 0:
            return s
        s = move_to_lane(s, u.uid, lane)
        return emit(s, "keywords.bait", f"It moves to lane {lane + 1}.")

    def opts(s, u):
        return [("stay", -1)] + [(f"lane:{i + 1}", i) for i in _free_lanes(s, "horde")]

    return _choice_then(s, t, e.target, opts, f"Bait: move {_why(s, t)}'s target?", apply)


def _move(s, t):
    e = t.args[2]

    def apply(s, u, lane):
        if lane is None:
            return s
        s = move_to_lane(s, u.uid, lane)
        return emit(s, "alliance.move", f"{unit_label(s, s.unit(u.uid))} moves.")

    def opts(s, u):
        return [(f"lane:{i + 1}", i) for i in _free_lanes(s, "alliance")]

    return _choice_then(s, t, e.target, opts, "Move the ally to which lane?", apply)


def _attach(s, t):
    src, card, e, seat = t.args
    owner = seat if s.card(card).kind == "alliance" else -1
    tgt = _target(s, t, e.target, f"Attach {s.name(card)} to which card?")
    if isinstance(tgt, Ask):
        return tgt
    if not isinstance(tgt, Unit):
        if owner < 0:
            return emit(
                s,
                "horde.attachment",
                f"{s.name(card)} cannot attach to anything: it goes "
                "to the bottom of the outsider pile.",
                outsider_pile=s.outsider_pile + (card,),
            )
        return emit(s, "alliance.play", f"{s.name(card)} has nothing to attach to: discarded.")
    u = s.unit(tgt.uid)
    s = replace_unit(s, evolve(u, attached=u.attached + ((card, owner),)))
    return emit(s, "horde.attachment", f"{s.name(card)} is attached to {unit_label(s, u)}.")


def _halt(s, t):
    e = t.args[2]

    def filt(u):
        return s.is_minion(u) and attack(s, u) <= e.amount

    tgt = _target(s, t, "minion", f"Which minion (attack {e.amount} or less) cannot pillage?", filt)
    if isinstance(tgt, Ask) or tgt is None:
        return tgt if tgt is not None else s
    s = replace_unit(s, evolve(tgt, halted=True))
    return emit(s, "fight.abilities", f"{unit_label(s, tgt)} cannot pillage this turn.")


def _charge(s, t):
    src, card, e, seat = t.args
    u = s.unit(src) if src else None
    if u is None or u.side != "horde":
        return s
    d = e.extra[0]
    if d in ("left", "right"):
        free = [i for i, m in enumerate(s.monsters) if m is None or m.uid == u.uid]
        if not free:
            return s
        lane = free[0] if d == "left" else free[-1]
        if s.lane_of(u.uid) == lane:
            return s
        s = move_to_lane(s, u.uid, lane)
        return emit(s, "abilities.charge", f"{unit_label(s, u)} charges {d} to lane {lane + 1}.")
    word = f"{d}-ally"
    tgt = _target(s, t, word, f"Charge the {d} ally: which one?")
    if isinstance(tgt, Ask) or tgt is None:
        return tgt if tgt is not None else s
    lane = s.lane_of(tgt.uid)
    if lane < 0 or s.monsters[lane] is not None:
        return emit(s, "abilities.charge", f"The {d} ally is engaged: {unit_label(s, u)} stays.")
    s = move_to_lane(s, u.uid, lane)
    return emit(
        s, "abilities.charge", f"{unit_label(s, u)} charges the {d} ally in lane {lane + 1}."
    )


def _who(s, t, verb, prompt, then):
    """Add mana / a horde card's draw: one player of your choice (co-op: a decision)."""
    src, card, e, seat = t.args
    c = s.cards.cards.get(card)
    if verb == "draw" and (card in s.cards.castles or (c is not None and c.kind == "alliance")):
        return then(s, seat)
    if s.players == 1:
        return then(s, 0)
    if t.picks:
        return then(s, t.picks[0])
    return Ask(
        decider(s, card, seat), tuple((f"{verb}:{i + 1}", i) for i in range(s.players)), prompt
    )


def _draw(s, t):
    e = t.args[2]
    return _who(
        s,
        t,
        "draw",
        f"{_why(s, t)}: who draws {e.amount}?",
        lambda s, i: push(s, Task("draw", (i, e.amount, "abilities.draw"))),
    )


def _mana(s, t):
    e = t.args[2]
    return _who(
        s,
        t,
        "mana",
        f"Add {e.amount} mana: which player?",
        lambda s, i: gain_mana(s, i, e.amount, "keywords.add-mana", _why(s, t)),
    )


def _assault(s, t):
    e = t.args[2]

    def is_outsider(u):
        c = s.unit_card(u)
        return c is not None and c.kind in ("outsider", "henchman") and c.type != "appendage"

    src, card, _, seat = t.args
    if t.picks:
        p = t.picks[0]
        tgt = "portal" if p == "portal" else s.unit(p)
    else:
        outs = [u for _, _, u in s.units() if is_outsider(u)]
        if outs:
            opts = (("target:portal", "portal"),) + tuple(
                (f"target:{s.ref(u.uid)}", u.uid) for u in outs
            )
            return Ask(
                decider(s, card, seat), opts, f"Assault {e.amount}: the portal or the outsider?"
            )
        tgt = "portal"
    why = f"{_why(s, t)} (Assault {e.amount})"
    if tgt == "portal":
        return hurt_portal(s, e.amount, "keywords.assault", why)
    return deal(s, tgt.uid, e.amount, "keywords.assault", why)[0] if tgt else s


def _guerrilla(s, t):
    e = t.args[2]
    tgt = _target(s, t, "minion", f"Guerrilla {e.amount}: which minion?")
    if isinstance(tgt, Ask) or tgt is None:
        return tgt if tgt is not None else s
    k = min(e.amount, max(0, tgt.hp))
    s = replace_unit(s, evolve(tgt, hp=tgt.hp - k))
    return emit(
        s,
        "keywords.guerrilla",
        f"Guerrilla {e.amount}: {unit_label(s, tgt)} loses {k} "
        "health token(s) (armor does not prevent this).",
    )


def _charges(s, t):
    src, card, e, seat = t.args
    u = s.unit(src) if src else None
    if u is None:
        return s
    s = replace_unit(s, evolve(u, charges=u.charges + e.amount, charged=True))
    return emit(s, "alliance.tower-charges", f"{s.name(card)} gets {e.amount} charge token(s).")


def _gold(s, t):
    e = t.args[2]
    if s.campaign is None:
        return s
    g = clamp(s.campaign.gold + e.amount, 0, GOLD_MAX)
    return emit(
        s, "campaign.gold", f"Gold {s.campaign.gold} -> {g}.", campaign=evolve(s.campaign, gold=g)
    )


def _queue(make):
    def run(s, t):
        src, card, e, seat = t.args
        return push(s, *make(s, e, seat, card))

    return run


VERBS = {
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
    "bait": _bait,
    "move": _move,
    "attach": _attach,
    "halt-pillage": _halt,
    "charge": _charge,
    "draw": _draw,
    "mana": _mana,
    "assault": _assault,
    "guerrilla": _guerrilla,
    "charges": _charges,
    "gold": _gold,
    "rebuild": _queue(lambda s, e, seat, c: [Task("rebuild", (e.amount, decider(s, c, seat)))]),
    "reinforce": _queue(lambda s, e, seat, c: [Task("reinforce")] * e.amount),
    "flux": _queue(lambda s, e, seat, c: [Task("flux", (max(seat, 0), e.amount))]),
    "summon": _queue(lambda s, e, seat, c: [Task("summon", ("normal",))] * e.amount),
    "conceal": _queue(lambda s, e, seat, c: [Task("summon", ("conceal",))] * e.amount),
    "pillage": _queue(lambda s, e, seat, c: [Task("pillage_cards", (e.amount, s.name(c)))]),
    "discard": _queue(
        lambda s, e, seat, c: [
            Task("discard_hand", (i, e.amount, "abilities.discard")) for i in range(s.players)
        ]
    ),
    "token": _queue(lambda s, e, seat, c: [Task("token", (e.extra[0], seat))] * e.amount),
    "recruit": _queue(lambda s, e, seat, c: [Task("recruit", (e.amount,))]),
    "exile": _queue(lambda s, e, seat, c: [Task("exile", (i, e.amount)) for i in range(s.players)]),
    "lane-tokens": lambda s, t: add_lane_tokens(
        s, int(t.args[2].extra[0]) - 1, t.args[2].extra[1], t.args[2].extra[2], t.args[2].amount
    ),
}


@handles("effect")
def effect(s: Position, t: Task):
    """Resolve one effect (as much as possible)."""
    return VERBS[t.args[2].verb](s, t)


@handles("order")
def order(s: Position, t: Task):
    """Abilities that trigger at the same time: the players choose the order."""
    (tasks,) = t.args
    if t.picks:
        i = t.picks[0]
        return push(s, tasks[i], Task("order", (tasks[:i] + tasks[i + 1 :],)))
    if len(tasks) <= 1:
        return push(s, *tasks)
    opts = tuple((f"first:{k + 1}", k) for k in range(len(tasks)))
    names = "; ".join(
        f"{k + 1}. {s.name(x.args[1])}: {x.args[2].text}" for k, x in enumerate(tasks)
    )
    return Ask(0, opts, f"These abilities trigger at the same time ({names}). Which first?")
