"""Why a move is refused, in words, with the rule that refuses it; and the moves a player
might think of at a decision, legal or not (a walkthrough's rule questions offer them).

``refusal(s, action_id)`` is ``None`` for a legal move, else ``(reason, rule id)``; the
engine's error for an illegal move quotes the reason.
"""

from __future__ import annotations

from hordes_kit.shadows import rules as R
from hordes_kit.shadows.attack import ATTACK_TRAITS, attack_ready, targets
from hordes_kit.shadows.combat import attach_targets, effect_at, predictions
from hordes_kit.shadows.legal import legal, studyable
from hordes_kit.shadows.state import P, Position, parse_seat, seat_id

__all__ = ["refusal", "candidates"]

STAT_NAMES = ("Strength", "Tech", "Magic", "Health")


def _requirements(s: Position, seat: int, card: str) -> tuple[str, str]:
    sk, hero = s.card(card), s.seats[seat].hero
    name, who = s.name(card), s.name(hero)
    if sk.hero:
        return f"{name} carries {s.name(sk.hero)}'s Hero Symbol, and {who} is not that Hero", (
            P + "requirements"
        )
    stats = s.hero_stats(seat)
    short = []
    for stat, v, most in sk.requires:
        have = stats[R.STATS.index(stat)]
        if (have > v) if most else (have < v):
            word = STAT_NAMES[R.STATS.index(stat)]
            need = f"at most {v}" if most else f"{v}"
            short.append(f"{word} {need} ({who} has {have})")
    return f"{name} needs {', '.join(short)}", P + "requirements"


def _lay(s: Position, seat: int, card: str) -> tuple[str, str] | None:
    st, sk, name = s.seats[seat], s.card(card), s.name(card)
    if card not in st.hand:
        return f"{name} is not in {s.who(seat)}'s Hand", P + "combat.lay"
    if s.step not in sk.initiative:
        shown = "/".join(map(str, sk.initiative)) or "?"
        return f"{name} is an Initiative {shown} card, not {s.step}", P + "combat.step"
    if not s.usable_by(seat, sk):
        return _requirements(s, seat, card)
    laid = [s.card(c).front.traits for c in s.queue]
    traits = sk.front.traits
    if traits & ATTACK_TRAITS and (
        s.standalone[seat]
        or any("Attack (Standalone)" in x for x in laid)
        or (
            "Attack (Standalone)" in traits
            and (s.attacks[seat] or any(x & ATTACK_TRAITS for x in laid))
        )
    ):
        return "an Attack (Standalone) must be the only Attack its player uses this round", (
            P + "attack.standalone"
        )
    if "Predict" in traits and not predictions(s, seat, card):
        return f"every number {name} predicts was already predicted this round", P + "predict.once"
    if "Attachment" in traits and not attach_targets(s, seat, card):
        return f"{name} has nothing it may be attached to", P + "attachment"
    if not s.queue and not attack_ready(s, seat, card):
        return _zero(s, card)
    return None


def _zero(s: Position, card: str) -> tuple[str, str]:
    return (
        f"{s.name(card)} would Attack for 0 damage: not a valid use of its Attack Trait",
        P + "attack.zero",
    )


def _target(s: Position, seat: int, target: str) -> tuple[str, str] | None:
    card_task = next(x for x in reversed(s.tasks) if x.kind == "card" and x.seat == seat)
    t = s.top()
    e = effect_at(s, card_task, t.index)
    k = parse_seat(target.partition(".")[0], s.n)
    if k == seat:
        return "an Attack or Spell never targets your own Hero or Allies", P + "attack.target"
    if s.is_invincible(target):
        return "an Invincible entity cannot be targeted", P + "invincible"
    if "other" in e.args[1:] and target == card_task.note("prev"):
        return "the second Attack must go at another target", P + "faq.multi-target-order"
    if "hero" in e.args[1:] and (k is None or "." in target):
        return "this Attack may only target an opponent's Hero", P + "attack.target"
    if e.verb == "attack" and not R.dice_faces(e.args[0]):
        dmg = s.seats[k].damage if k is not None and "." not in target else 0
        if R.amount(e.args[0], s.hero_stats(seat), dmg) <= 0:
            return "an Attack announced for 0 damage is not a use of the Attack Trait", (
                P + "attack.zero"
            )
    return None


def refusal(s: Position, action_id: str) -> tuple[str, str] | None:
    """``None`` when the move is legal now, else why not in words and the rule's id."""
    if action_id in legal(s) or s.top() is None:
        return None
    t = s.top()
    seat = t.seat
    verb, _, arg = action_id.partition(":")
    try:
        if verb == "lay" and t.kind == "!turn":
            return _lay(s, seat, arg)
        if verb == "study" and t.kind == "!study":
            st = s.seats[seat]
            if st.xp < R.STUDY_COST:
                return f"Studying costs 3 Experience and {s.who(seat)} has {st.xp}", (
                    P + "buildup.study"
                )
            if arg in st.library and arg not in studyable(s, seat):
                return (
                    f"{s.who(seat)} already has a card called {s.name(arg)} this game",
                    P + "faq.same-title",
                )
        if verb == "buy" and t.kind == "!buy" and arg in s.market:
            cost, gold = s.card(arg).cost, s.seats[seat].gold
            if cost > gold:
                return f"{s.name(arg)} costs {cost} Gold and {s.who(seat)} has {gold}", (
                    P + "buildup.purchase"
                )
        if verb == "dodge" and t.kind == "!defend":
            if (t.notes[0] if t.notes else "attack") != "attack":
                return "Dodge answers Attacks only, not Spells or Predicts", P + "attack.dodge"
            if "." in t.target:
                return "Dodge only protects the Hero, not a Creature or Object", P + "attack.dodge"
            return (
                "Dodge is not ready: Flat-Footed flips to Dodge only after the Hero takes "
                "Attack damage with No Response",
                P + "attack.flat-footed",
            )
        if verb == "respond" and t.kind == "!defend" and arg in s.seats[seat].hand:
            via = (t.notes[0] if t.notes else "attack").title()
            if not s.card(arg).front.has(f"Response ({via})"):
                return f"{s.name(arg)} is not a Response ({via})", P + "attack.response"
            return _requirements(s, seat, arg)
        if verb == "target" and t.kind == "!target":
            return _target(s, seat, arg)
        if verb == "flip" and t.kind == "!next" and s.queue:
            return _zero(s, s.queue[0])
        if verb == "predict" and t.kind == "!predict":
            who, _, num = arg.partition(":")
            k = parse_seat(who, s.n)
            if k is not None and num.isdigit() and int(num) in s.predicted[k]:
                return f"a {num} was already predicted against {s.who(k)} this round", (
                    P + "predict.once"
                )
    except (KeyError, ValueError, IndexError, StopIteration):
        return None
    return None


def candidates(s: Position) -> tuple[str, ...]:
    """The moves a player might think of now: the legal ones and the ones a rule refuses
    (cards for this step the Hero cannot play, Library cards it may not study, Items it
    cannot afford, a Dodge that is not ready, targets it may not take)."""
    t = s.top()
    if t is None or t.kind.startswith("?") or s.finished:
        return ()
    seat, st = t.seat, s.seats[t.seat]
    more: list[str] = []
    if t.kind == "!turn":
        more = [f"lay:{c}" for c in set(st.hand) if s.step in s.card(c).initiative]
    elif t.kind == "!study":
        more = [f"study:{c}" for c in set(st.library)]
    elif t.kind == "!buy":
        more = [f"buy:{c}" for c in set(s.market)]
    elif t.kind == "!defend":
        more = [
            f"respond:{c}"
            for c in set(st.hand)
            if any("Response" in x for x in s.card(c).front.traits)
        ]
        if s.flat_footed(seat) is not None and (t.notes[0] if t.notes else "attack") == "attack":
            more.append("dodge")
    elif t.kind == "!target":
        card_task = next(x for x in reversed(s.tasks) if x.kind == "card" and x.seat == seat)
        e = effect_at(s, card_task, t.index)
        if e.verb == "attack":
            allowed = set(targets(s, seat, e, card_task))
            others = ["monster"] * bool(s.monster) + [s.creature] * bool(s.creature)
            others += [seat_id(k) for k in range(s.n) if k != seat]
            more = [f"target:{x}" for x in others if x not in allowed]
    elif t.kind == "!predict":
        nums = s.card(t.card).predict
        more = [f"predict:{seat_id(k)}:{n}" for k in range(s.n) if k != seat for n in nums]
    out = set(legal(s)) | {m for m in more if refusal(s, m) is not None or m in legal(s)}
    return tuple(sorted(out))
