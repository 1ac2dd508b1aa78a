"""Gaining Rewards: KnockDowns (by the Monster or a player), Monster and Creature rewards."""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.shadows.stack import RESOURCE, earn, log, push
from hordes_kit.shadows.state import Position, Task, seat_id
from hordes_kit.shadows.triggers import fire

__all__ = ["knockdown", "lose_resource", "resources", "reward", "defeat_monster"]


def knockdown(s: Position, victim: int, by: str, source: str) -> Position:
    """Gaining Rewards: a KnockDown by the Monster or by another player."""
    st = s.seats[victim]
    s = log(s, "knockdown", f"{s.who(victim)}'s Hero is KnockedDown.", seat=victim)
    if by == "monster" or not by.isdigit():
        for k in range(s.n):
            if k != victim:
                s = earn(s, k, gold=1)
        s = log(
            s,
            "knockdown.monster",
            "The Monster KnockedDown a Hero: every other player gains 1 Gold.",
        )
        # the Monster's further Attacks/Spells against this Hero are cancelled
        tasks = list(s.tasks)
        for i, x in enumerate(tasks):
            if x.kind == "icons":
                tasks[i] = evolve(x, notes=x.notes + (f"ko:{seat_id(victim)}",))
        s = evolve(s, tasks=tuple(tasks))
        if st.bounty:
            s = log(
                s,
                "ruling.monster-bounty",
                f"{s.who(victim)} keeps their Bounty card: a Monster's KnockDown pays nobody "
                "its Gold (our ruling where two passages of the book disagree).",
            )
    else:
        s = _by_player(s, victim, int(by), st.bounty)
    for o in range(s.n):
        if o != victim:
            s = fire(s, o, "knockdown-other")
    station = tuple(
        evolve(p, back=True, broken=0, damage=0)
        if s.card(p.card).front.active.get("flip") == "knockdown" and not p.back
        else p
        for p in s.seats[victim].station
    )
    s = evolve(s, seats=s.seat_with(victim, damage=0, station=station))
    s = log(s, "knockdown.recover", f"{s.who(victim)}'s Hero recovers full health.")
    have = resources(s, victim)
    if len(have) == 1:
        return lose_resource(s, victim, have[0])
    if have:
        return push(s, Task("!lose", victim))
    return s


def _by_player(s: Position, victim: int, k: int, bounty: int) -> Position:
    extra = bounty * s.data.bounty_gold
    s = earn(s, k, gold=1 + extra, xp=1)
    kst = s.seats[k]
    bounty_left = s.bounty_left + (1 if bounty else 0)
    new_bounty = kst.bounty
    if kst.bounty == 0 and bounty_left > 0:
        new_bounty, bounty_left = 1, bounty_left - 1
    elif kst.bounty == 1:
        new_bounty = 2  # flip to the Bounty X2 side
    seats = s.seat_with(k, bounty=new_bounty, knockdowns=kst.knockdowns + 1)
    s = evolve(s, seats=seats, bounty_left=bounty_left)
    s = evolve(s, seats=s.seat_with(victim, bounty=0))
    s = log(
        s,
        "knockdown.player",
        f"{s.who(k)} KnockedDown {s.who(victim)}: +1 Experience, +{1 + extra} Gold, a Bounty"
        " card; the victim's Bounty cards are discarded.",
        seat=k,
    )
    return fire(s, k, "knockdown-by-you")


def resources(s: Position, seat: int) -> list[str]:
    """The resources a player holds (Inventory and Combat Field), by kind."""
    st = s.seats[seat]
    g, x, stn = st.earned
    return [
        k for k, v in (("xp", st.xp + x), ("gold", st.gold + g), ("stone", st.stones + stn)) if v
    ]


def lose_resource(s: Position, seat: int, kind: str) -> Position:
    """The KnockedDown player loses 1 resource of their choice (ruling), earned ones first."""
    st = s.seats[seat]
    idx = {"gold": 0, "xp": 1, "stone": 2}[kind]
    earned = list(st.earned)
    if earned[idx]:
        earned[idx] -= 1
        s = evolve(s, seats=s.seat_with(seat, earned=tuple(earned)))
    else:
        field = {"gold": "gold", "xp": "xp", "stone": "stones"}[kind]
        s = evolve(s, seats=s.seat_with(seat, **{field: getattr(st, field) - 1}))
    return log(s, "knockdown.loss", f"{s.who(seat)} loses 1 {RESOURCE[kind]}.", seat=seat)


def reward(s: Position, seat: int, prize, what: str) -> Position:
    """A Monster's or its Creature's reward to the player who defeated it."""
    r = dict(prize)
    s = earn(s, seat, gold=r.get("gold", 0), xp=r.get("xp", 0), stones=r.get("stones", 0))
    parts = [f"{v} {k}" for k, v in sorted(r.items()) if v and k != "item"]
    s = log(
        s,
        "monster.reward",
        f"{s.who(seat)} receives {what}'s reward: {', '.join(parts) or 'nothing'}.",
    )
    left = len(s.item_deck) + len(s.item_discard)
    if r.get("item") and left:
        s = log(s, "monster.random-item", "+1 Random Item: draw 2 Items, keep 1 (no Shadow Stone).")
        draws = [Task("?reward", seat)] * min(2, left)  # the Items left, if fewer than 2
        s = push(s, Task("!take", seat), *draws)
    elif r.get("item"):
        s = log(s, "monster.random-item", "+1 Random Item: no Item is left to draw.")
    return s


def defeat_monster(s: Position, seat: int) -> Position:
    """The Monster is defeated by this player's colour: rewards, unrevealed cards discarded."""
    mon = s.card(s.monster)
    creature = s.creature  # still in play: it goes with its Monster
    st = s.seats[seat]
    s = evolve(s, seats=s.seat_with(seat, monsters=st.monsters + (mon.id,)))
    s = log(s, "monster.defeated", f"{s.who(seat)} defeats {mon.name}!", seat=seat, monster=mon.id)
    ma, discard = list(s.ma), list(s.ma_discard)
    for k in range(s.n):
        if ma[k] and not s.ma_up[k]:
            discard.append(ma[k])
            ma[k] = ""
    s = evolve(
        s,
        monster="",
        creature="",
        ma=tuple(ma),
        ma_discard=tuple(sorted(discard)),
        end=s.end or ("level3" if mon.level == 3 else ""),
    )
    s = log(s, "monster.discard-ma", "Every unrevealed Monster-Action card is discarded face up.")
    if mon.level == 3:
        s = log(
            s,
            "cleanup.end-check",
            "The Level III Monster is defeated: the game ends in the CleanUp Phase.",
        )
    s = reward(s, seat, mon.reward, mon.name)
    if creature:
        # "When the Monster is defeated, their Creatures are discarded and give the
        # separated rewards": to the player who defeated the Monster (ruling)
        cr = s.card(creature)
        s = log(
            s,
            "monster.creature-discard",
            f"{cr.name}, {mon.name}'s Creature, is discarded with it and gives its own reward.",
        )
        s = log(
            s,
            "ruling.creature-reward",
            f"{s.who(seat)} defeated {mon.name}, so {s.who(seat)} receives {cr.name}'s reward.",
            seat=seat,
        )
        s = reward(s, seat, cr.reward, cr.name)
    return s
