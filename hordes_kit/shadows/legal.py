"""What may be done now: the legal decisions of the task on top, and chance outcomes.

Action ids (``view.label`` says them in words):

* chance: ``roll:<1-6>``, ``die:<1-6>``, ``draw:<card>`` (an Item, Mission or Skill
  card), ``ma:<icons>`` (a Monster-Action card: ``MxAttack``, ``MxAttack+MxSpell``),
  ``monster:<monster>``;
* setup: ``hero:<hero>``, ``mission:<mission>`` (the one kept), ``basic:<item>``,
  ``keep`` / ``mulligan``;
* TeamUp: ``teamup:xp`` / ``teamup:gold``, ``give:<icons>`` (to the next player in turn);
* Plan: ``pick:<card>``;
* Combat: ``lay:<card>`` (facedown, in order), ``use:<card>`` (a Station card's or
  Item's Active Ability), ``go`` (start resolving), ``pass``, ``flip`` / ``skip`` (the
  next facedown card), ``target:<target>`` (``monster``, ``p2``, ``p2.<card>``, a
  Creature), ``predict:<p2>:<number>``, ``respond:<card>`` / ``dodge`` / ``take``,
  ``shields:<n>``, ``lose:xp|gold|stone``, ``replace:<item>`` / ``destroy:<item>`` /
  ``skip``, ``take:<item>``, ``keep:<item>``, ``repeat`` / ``stop``, ``choose:1|2``
  (Choose One), ``attach:<target>`` (an Attachment), ``main:1|2|both`` (which of a
  card's two Main Traits to resolve), ``destroy:<item>`` / ``destroy:p2.<card>`` (the
  Destroy Trait);
* BuildUp: ``buy:<item>`` / ``pass``, ``study:<card>`` / ``done``.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from hordes_kit.shadows import rules as R
from hordes_kit.shadows.attack import ATTACK_TRAITS, attack_ready, first_attack, targets
from hordes_kit.shadows.combat import attach_targets, effect_at, predictions
from hordes_kit.shadows.damage import defend_options
from hordes_kit.shadows.destroy import destroy_targets
from hordes_kit.shadows.items import restricted_pair
from hordes_kit.shadows.state import Position, seat_id

__all__ = [
    "legal",
    "chance",
    "playable",
    "studyable",
    "usable_actives",
    "restricted_pair",
    "destroy_targets",
]


def _draws(cards) -> tuple[tuple[str, Fraction], ...]:
    n = len(cards)
    return tuple((c, Fraction(k, n)) for c, k in sorted(Counter(cards).items()))


def chance(s: Position) -> tuple[tuple[str, Fraction], ...]:
    """Exact outcomes of the chance task on top."""
    t = s.top()
    kind = t.kind
    if kind in ("?roll", "?die"):
        verb = kind[1:]
        return tuple((f"{verb}:{f}", Fraction(1, 6)) for f in range(1, 7))
    if kind == "?basic":
        deck = s.basic_pool
    elif kind in ("?item", "?reward"):
        deck = s.item_deck or s.item_discard  # an empty Item deck: the discards, reshuffled
    elif kind == "?mission":
        deck = s.mission_deck
    elif kind == "?library":
        deck = s.skill_pool
    elif kind in ("?ma", "?reveal"):
        deck = s.ma_deck or s.ma_discard  # ruling: an empty deck reshuffles its discard
        return tuple((f"ma:{c}", p) for c, p in _draws(deck))
    elif kind == "?monster":
        pool = [m.id for m in s.data.monsters if m.level == s.level and m.id not in s.seen_monsters]
        return tuple((f"monster:{c}", p) for c, p in _draws(pool))
    else:
        raise AssertionError(kind)
    return tuple((f"draw:{c}", p) for c, p in _draws(deck))


def playable(s: Position, seat: int, card: str, step: int) -> bool:
    """A card in the hand may be laid at this Initiative Step."""
    sk = s.card(card)
    if step not in sk.initiative or not s.usable_by(seat, sk):
        return False
    traits = sk.front.traits
    laid = [s.card(c).front.traits for c in s.queue]
    if traits & ATTACK_TRAITS:
        # Attack (Standalone): the only Attack Trait its player uses this round
        if s.standalone[seat] or any("Attack (Standalone)" in x for x in laid):
            return False
        if "Attack (Standalone)" in traits and (
            s.attacks[seat] or any(x & ATTACK_TRAITS for x in laid)
        ):
            return False
    if "Predict" in traits and not predictions(s, seat, card):
        return False
    if "Attachment" in traits and not attach_targets(s, seat, card):
        return False
    # the first card laid is used at once: an Attack for 0 damage is no use (FAQ); a card
    # laid facedown behind it is checked when it is flipped
    return bool(s.queue) or attack_ready(s, seat, card)


def usable_actives(s: Position, seat: int, step: int) -> list[str]:
    """Station cards and Items whose Active Ability may be used at this step."""
    out = []
    st = s.seats[seat]
    stats = s.hero_stats(seat)
    for p in st.station:
        sk = s.card(p.card)
        act = sk.side(p.back).active
        if act.get("step") != step or not s.usable_by(seat, sk, stats):
            continue
        if p.used_round >= act.get("per_round", 99) or p.used_game >= act.get("times", 99):
            continue
        if _can_attack(s, seat, act):
            out.append(p.card)
    for p in st.items:
        act = s.card(p.card).active
        if act.get("step") == step and p.used_game < act.get("times", 99):
            if _can_attack(s, seat, act):
                out.append(p.card)
    return out


def _can_attack(s: Position, seat: int, act: dict) -> bool:
    """An ability that opens with an Attack has a target it would damage (FAQ)."""
    effects = act.get("effects", ())
    first = first_attack(effects[:1])
    return first is None or bool(targets(s, seat, first))


def studyable(s: Position, seat: int) -> list[str]:
    """Library cards the player may Study now (3 Experience; no title twice in a game)."""
    st = s.seats[seat]
    if st.xp < R.STUDY_COST:
        return []
    owned = {s.name(c) for c in (*st.deck, *st.hand, *st.studied, *st.boxed)}
    owned |= {s.name(p.card) for p in (*st.station, *st.combat, *st.stunned)}
    return sorted({c for c in st.library if s.name(c) not in owned})


def legal(s: Position) -> tuple[str, ...]:
    """Legal decision ids of the task on top."""
    t = s.top()
    if t is None:
        return ()
    k, seat = t.kind, t.seat
    st = s.seats[seat] if seat >= 0 else None
    if k == "!hero":
        taken = {x.hero for x in s.seats}
        return tuple(f"hero:{h.id}" for h in s.data.heroes if h.id not in taken)
    if k == "!mission":
        return tuple(f"mission:{m}" for m in sorted(set(st.offer)))
    if k == "!basic":
        return tuple(f"basic:{b}" for b in sorted(set(s.basics)))
    if k == "!mulligan":
        return ("keep", "mulligan")
    if k == "!teamup":
        return ("teamup:gold", "teamup:xp")
    if k == "!give":
        return tuple(f"give:{c}" for c in sorted(set(s.ma_held)))
    if k == "!pick":
        return tuple(f"pick:{c}" for c in sorted(set(st.deck)))
    if k == "!turn":
        out = [
            f"lay:{c}"
            for c in sorted(set(st.hand))
            if c not in s.queue and playable(s, seat, c, s.step)
        ]
        out += [f"use:{c}" for c in usable_actives(s, seat, s.step)]
        out.append("go" if s.queue else "pass")
        return tuple(out)
    if k == "!next":
        return ("flip", "skip") if attack_ready(s, seat, s.queue[0]) else ("skip",)
    if k == "!target":
        card_task = next(x for x in reversed(s.tasks) if x.kind == "card" and x.seat == seat)
        from_card = effect_at(s, card_task, t.index)
        return tuple(f"target:{x}" for x in targets(s, seat, from_card, card_task))
    if k == "!predict":
        return tuple(f"predict:{seat_id(p)}:{n}" for p, n in predictions(s, seat, t.card))
    if k == "!defend":
        return tuple(defend_options(s, t))
    if k == "!shields":
        return tuple(f"shields:{i}" for i in range(min(s.shields(seat), t.amount) + 1))
    if k == "!lose":
        g, x, stn = st.earned
        have = [("gold", st.gold + g), ("stone", st.stones + stn), ("xp", st.xp + x)]
        return tuple(f"lose:{r}" for r, v in have if v)
    if k == "!search":
        return tuple(f"replace:{c}" for c in sorted(set(s.market))) + ("skip",)
    if k == "!destroy":
        # destroy-item: "you may"; the Destroy Trait's destroy effect is not optional
        return tuple(f"destroy:{c}" for c in destroy_targets(s, seat, t.target)) + (
            ("skip",) if not t.target else ()
        )
    if k == "!take":
        return tuple(f"take:{c}" for c in sorted(set(s.drawn)))
    if k == "!keep":
        return tuple(f"keep:{c}" for c in sorted(set(restricted_pair(s, seat))))
    if k == "!repeat":
        return ("repeat", "stop")
    if k == "!choose":
        return ("choose:1", "choose:2")
    if k == "!main":
        return ("main:1", "main:2", "main:both")
    if k == "!attach":
        return tuple(f"attach:{x}" for x in attach_targets(s, seat, t.card))
    if k == "!buy":
        afford = sorted({c for c in s.market if s.card(c).cost <= st.gold})
        return tuple(f"buy:{c}" for c in afford) + ("pass",)
    if k == "!study":
        return tuple(f"study:{c}" for c in studyable(s, seat)) + ("done",)
    raise AssertionError(f"no legal actions for task {k!r}")
