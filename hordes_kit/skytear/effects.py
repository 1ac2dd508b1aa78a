"""Resolving abilities: each effect of the vocabulary (``vocabulary.py``) as a task.

"You must always resolve abilities as much as possible" and "you must fully resolve
an ability in the order it is written": an ability becomes one ``effect`` task per
effect, in order; a target that fits several cards (or a tie) is the player's choice;
a concealed card is revealed before anything affects it (glossary CONCEALED).
"""

from __future__ import annotations

from dataclasses import replace

from hordes_kit.core.state import evolve
from hordes_kit.skytear.board import (
    add_lane_tokens,
    gain_mana,
    hurt_portal,
    replace_unit,
)
from hordes_kit.skytear.combat import deal
from hordes_kit.skytear.effect_grants import GRANT_VERBS
from hordes_kit.skytear.effect_moves import MOVE_VERBS
from hordes_kit.skytear.effect_units import UNIT_VERBS, pick_target, source_name
from hordes_kit.skytear.machine import Ask, handles, push
from hordes_kit.skytear.rules import GOLD_MAX, X_MAX, clamp
from hordes_kit.skytear.state import Position, Task, emit, quiet
from hordes_kit.skytear.stats import condition_holds
from hordes_kit.skytear.targets import decider, unit_label
from hordes_kit.skytear.words import ability_words

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
    "damaged": "abilities.damaged",
}


# an ability's "if" condition: the glossary word that decides it
CONDITION_RULE = {
    "surrounded": "keywords.surrounded",
    "wounded": "keywords.wounded",
    "engaged": "keywords.engaged",
    "unengaged": "keywords.engaged",
}


def ability_tasks(s: Position, src: int, card: str, trigger: str, seat: int) -> list[Task]:
    """One ``ability`` task per ability of the card with this trigger, in printed order."""
    c = s.cards.cards.get(card)
    if c is None:
        return []
    return [Task("ability", (src, card, a, seat)) for a in c.abilities if a.trigger == trigger]


@handles("ability")
def ability(s: Position, t: Task):
    """Log the ability and queue its effects in the order written (if its condition holds);
    an ability with an X asks for it first (and pays it, for "pay X mana")."""
    src, card, ab, seat = t.args
    u = s.unit(src) if src else None
    name = s.name(card)
    if ab.condition:
        holds = condition_holds(s, u, ab.condition)
        s = emit(
            s,
            CONDITION_RULE[ab.condition],
            f"{name} is {'' if holds else 'not '}{ab.condition}: its ability "
            f"{'resolves' if holds else 'does nothing'}.",
        )
        if not holds:
            return s
    effects = ab.effects
    if ab.has_x:
        payer = seat if ab.mana_x and 0 <= seat < s.players else -1
        if not t.picks:
            top = min(X_MAX, s.seats[payer].mana) if payer >= 0 else X_MAX
            cost = " (you pay X mana)" if payer >= 0 else ""
            return Ask(
                decider(s, card, seat),
                tuple((f"x:{n}", n) for n in range(top + 1)),
                f"{name}: {ability_words(ab)} Choose X{cost}.",
            )
        x = t.picks[0]
        how = "keywords.x" if payer >= 0 else "ruling.x-bound"
        s = emit(s, how, f"{name}: X is {x}.", {"card": card, "x": x})
        if payer >= 0:
            mana = s.seats[payer].mana - x
            s = evolve(s, seats=s.seat_with(payer, mana=mana))
        effects = tuple(replace(e, amount=x * e.x, x=0) if e.x else e for e in effects)
    # "it" means a card this ability chose, never an earlier one's; its effects queued in
    # the same copy, and the line's text made only if the log keeps it
    tasks = tuple(Task("effect", (src, card, e, seat)) for e in effects) + s.tasks
    rule = TRIGGER_RULE[ab.trigger]
    if quiet(s, rule, "card"):
        return evolve(s, chosen=0, tasks=tasks)
    return emit(s, rule, f"{name}: {ability_words(ab)}", {"card": card}, chosen=0, tasks=tasks)


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
        f"{source_name(s, t)}: who draws {e.amount}?",
        lambda s, i: push(s, Task("draw", (i, e.amount, "abilities.draw"))),
    )


def _mana(s, t):
    e = t.args[2]
    return _who(
        s,
        t,
        "mana",
        f"Add {e.amount} mana: which player?",
        lambda s, i: gain_mana(s, i, e.amount, "keywords.add-mana", source_name(s, t)),
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
    why = f"{source_name(s, t)} (Assault {e.amount})"
    if tgt == "portal":
        return hurt_portal(s, e.amount, "keywords.assault", why)
    return deal(s, tgt.uid, e.amount, "keywords.assault", why)[0] if tgt else s


def _guerrilla(s, t):
    e = t.args[2]
    tgt = pick_target(s, t, "minion", f"Guerrilla {e.amount}: which minion?")
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
    **UNIT_VERBS,
    **GRANT_VERBS,
    **MOVE_VERBS,
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
        f"{k + 1}. {s.name(x.args[1])}: {ability_words(x.args[2])}" for k, x in enumerate(tasks)
    )
    return Ask(0, opts, f"These abilities trigger at the same time ({names}). Which first?")
