"""The Roll Step: rolling, keeping, activating heroes (dice, steam, free) and card choices."""

from __future__ import annotations

from collections import Counter

from hordes_kit.core.options import reading_of
from hordes_kit.core.state import evolve
from hordes_kit.fantahzee import rules as R
from hordes_kit.fantahzee.effects import apply_effects, clear_top, pop
from hordes_kit.fantahzee.legal import activations
from hordes_kit.fantahzee.state import FPosition, Member, replace_seat

__all__ = ["roll", "keep", "activate", "target", "skip", "capture", "move"]


def roll(s: FPosition) -> FPosition:
    if s.phase == "action":
        s = s.with_events(
            s._ev("dice.start", f"Dice Phase: {s.unrolled} dice, {s.rolls_left} rolls."),
            phase="roll",
        )
        return s if pre_roll(s) else start_roll(s)
    return start_roll(s)


def pre_roll(s: FPosition) -> bool:
    """Something may be activated before the first roll (steam, a free cost)."""
    return bool(activations(s))


def start_roll(s: FPosition) -> FPosition:
    return evolve(s, to_roll=s.unrolled, unrolled=0, rolls_left=s.rolls_left - 1, rolled=True)


def keep(s: FPosition, dice: str) -> FPosition:
    kept = () if dice == "none" else tuple(int(d) for d in dice.split(","))
    n = len(s.free) - len(kept) + s.unrolled
    s = s.with_events(
        s._ev(
            "dice.reroll",
            f"{s.who()} keeps {R.dice_text(kept) if kept else 'nothing'} and rerolls {n} "
            f"{'die' if n == 1 else 'dice'}.",
        ),
        free=tuple(sorted(kept, reverse=True)),
    )
    return evolve(s, to_roll=n, unrolled=0, rolls_left=s.rolls_left - 1)


def activate(s: FPosition, ref: str, how: str) -> FPosition:
    i = s.member_index(ref)
    m = s.seat.party[i]
    hero = s.card(m.hero)
    if how == "steam":
        m2 = evolve(m, active=True, paid="steam")
        s = evolve(s, steam=s.steam - hero.steam_cost)
        ev = s._ev(
            "steam.pay",
            f"{hero.name} is activated with {hero.steam_cost} steam ({s.steam} left).",
        )
    elif how == "free":
        m2 = evolve(m, active=True, paid="free")
        ev = s._ev(
            "ruling.reduce-x",
            f"{hero.name} costs no dice now: activated for free.",
        )
    else:
        dice = tuple(int(d) for d in how.split(","))
        cost = s.cost_now(i)
        xs = Counter(dice)
        for f, k in enumerate(cost.exact, 1):
            xs[f] -= k
        xval = max((f for f, k in xs.items() if k > 0), default=0)
        m2 = evolve(m, active=True, paid="dice", dice=dice, xval=xval)
        s = same_number(evolve(s, free=R.remove_dice(s.free, dice)), hero.name, xval)
        ev = s._ev(
            "activate.lock",
            f"{hero.name} is activated: {R.dice_text(dice)} locked on it (cost {cost.text}).",
            dice=list(dice),
        )
    return activated(s, i, m2, ev)


def same_number(s: FPosition, name: str, xval: int) -> FPosition:
    """The log, when other heroes' X dice are already locked this turn: the table rule
    ``distinct_values`` says whether this hero's X dice may show their number."""
    others = {m.xval for m in s.seat.party if m.active and m.xval}
    if not xval or not others or (xval not in others and not s.config.distinct_values):
        return s
    if s.config.distinct_values:
        said = f"{name}'s X dice show {xval}s, a number no other hero's X dice show."
    else:
        said = f"{name}'s X dice show {xval}s, as another hero's do: allowed."
    return s.with_events(s._ev(reading_of(s.config, "distinct_values"), said))


def activated(s: FPosition, i: int, m2: Member, ev) -> FPosition:
    party = list(s.seat.party)
    party[i] = m2
    s = s.with_events(ev, seats=replace_seat(s, s.player, party=tuple(party)))
    hero = s.card(m2.hero)
    s = apply_effects(s, hero.effects, hero.strength, hero.name)
    if m2.treasure:
        t = s.card(m2.treasure)
        s = s.with_events(s._ev("treasure.use", f"{hero.name}'s treasure {t.name} activates too."))
        s = apply_effects(s, t.level1 if m2.level == 1 else t.level2, hero.strength, t.name)
    return s


def target(s: FPosition, ref: str) -> FPosition:
    (kind, n, source), s = pop(s)
    i = s.member_index(ref)
    m = s.seat.party[i]
    party = list(s.seat.party)
    if kind == "reduce":
        party[i] = evolve(m, reduce=m.reduce + n)
        s = evolve(s, seats=replace_seat(s, s.player, party=tuple(party)))
        now = s.cost_now(i).text or "no dice"
        # the FAQ states that a reducer removes X dice only; that reductions add up and
        # that a cost cut to nothing is free are our readings
        stated = not m.reduce and bool(s.cost_now(i).text)
        return s.with_events(
            s._ev(
                "reduce-x" if stated else "ruling.reduce-x",
                f"{source}: {s.name(m.hero)} costs {n} any-number "
                f"{'die' if n == 1 else 'dice'} less this turn (now {now}).",
            )
        )
    ev = s._ev(
        "activate.other",
        f"{source} activates {s.name(m.hero)} (strength {s.card(m.hero).strength}) without dice.",
    )
    return activated(must_use(s, source), i, evolve(m, active=True, paid="inspired"), ev)


def must_use(s: FPosition, source: str) -> FPosition:
    """The log, when the table rule ``imperative`` says an ability must be used."""
    if s.config.imperative == "may-decline":
        return s
    said = f"{source}'s ability must be used while it has something to act on."
    return s.with_events(s._ev(reading_of(s.config, "imperative"), said))


def skip(s: FPosition) -> FPosition:
    (kind, *_rest), s = pop(s)
    said = f"{s.who()} chooses not to use the {kind} ability."
    return s.with_events(s._ev(reading_of(s.config, "imperative"), said))


def capture(s: FPosition, name: str) -> FPosition:
    (_k, _n, _other, source), s = pop(s)
    st = s.stack(name)
    mid = st.top
    s = must_use(s, source)
    s = s.with_events(
        s._ev(
            "ruling.capture",
            f"{source}: the {s.name(mid)} from stack {name} goes straight into "
            f"{s.who()}'s victory pile (no Counterattack, no treasure).",
            monster=mid,
        ),
        seats=replace_seat(s, s.player, victory=s.seat.victory + (mid,)),
    )
    return clear_top(s, name, mid)


def move(s: FPosition, name: str, pos: str) -> FPosition:
    (_k, source), s = pop(s)
    line = [x for x in s.line if x.name != name]
    line.insert(int(pos) - 1, s.stack(name))
    return s.with_events(
        s._ev(
            "card.move-stack",
            f"{source}: stack {name} moves to position {pos} of the horde line.",
        ),
        line=tuple(line),
    )
