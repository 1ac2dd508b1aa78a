"""The Horde's battles and what follows them: the battle roll, the Archer's escape, the
Shaman's teleport and reinforcement, the Flame Thrower's second victim, and a hordling
attacking the village (Walls, Pits, Moats)."""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.the_horde.flow import after_loss, next_round
from hordes_kit.the_horde.state import THPosition, add

__all__ = ["do_roll", "do_archer", "do_shaman", "do_reinforce", "do_flame", "do_village"]


def do_roll(state: THPosition, d: str) -> THPosition:
    die, atk, dfd = int(d), state.attacker, state.defender
    lv = state.level(atk)
    total = die - lv + state.force
    kill_at = state.data.setup["kill_at"]
    won = total >= kill_at
    ev = state._ev(
        "horde.battle-roll",
        f"Battle roll {die} - {lv} (level) + {state.force} (force) = {total}: "
        + (
            f"{kill_at} or more, the hordling is killed."
            if won
            else f"below {kill_at}, the {state.name(dfd)} is killed."
        ),
        die=die,
        level=lv,
        force=state.force,
        total=total,
        won=won,
        attacker=atk,
        defender=dfd,
    )
    s = state.with_events(ev)
    if won:
        s = s.with_events(
            s._ev(
                "horde.hordling-killed",
                f"The {state.name(dfd)} goes to the Defender Discard.",
            ),
            defender_discard=add(s.defender_discard, s.ri(dfd)),
        )
        if s.data.horde_card(atk).effect == "shaman":
            return evolve(s, step="shaman")
        return next_round(evolve(s, horde_discard=add(s.horde_discard, s.hi(atk))))
    if s.data.card(dfd).effect == "long-range":
        return evolve(s, step="archer")
    ev = s._ev(
        "horde.defender-killed",
        f"The {state.name(dfd)} goes to the Recruit Discard.",
        card=dfd,
    )
    s = s.with_events(ev, recruit_discard=add(s.recruit_discard, s.ri(dfd)))
    return after_loss(s)


def do_archer(state: THPosition, d: str) -> THPosition:
    at = state.data.setup["long_range_at"]
    dfd, i = state.defender, state.ri(state.defender)
    if int(d) >= at:
        ev = state._ev(
            "special.archer",
            f"Archer's roll {d}: Long Range, the {state.name(dfd)} escapes to the Defender "
            "Discard.",
            card=dfd,
            lost=False,
        )
        s = state.with_events(ev, defender_discard=add(state.defender_discard, i))
    else:
        ev = state._ev(
            "special.archer",
            f"Archer's roll {d}: the {state.name(dfd)} goes to the Recruit Discard.",
            card=dfd,
            lost=True,
        )
        s = state.with_events(ev, recruit_discard=add(state.recruit_discard, i))
    return after_loss(s)


def do_shaman(state: THPosition, d: str) -> THPosition:
    atk, i = state.attacker, state.hi(state.attacker)
    if int(d) >= state.data.setup["teleport_at"]:
        ev = state._ev(
            "special.shaman-teleport",
            f"Shaman's roll {d}: the {state.name(atk)} teleports away to the Attack Discard.",
        )
        return next_round(state.with_events(ev, attack_discard=add(state.attack_discard, i)))
    ev = state._ev(
        "special.shaman-teleport",
        f"Shaman's roll {d}: the {state.name(atk)} is killed (Horde Discard).",
    )
    return next_round(state.with_events(ev, horde_discard=add(state.horde_discard, i)))


def do_reinforce(state: THPosition, hid: str) -> THPosition:
    ev = state._ev(
        "special.shaman-wins",
        f"Drawn from the Horde deck to the bottom of the Attack deck: {state.name(hid)}.",
        card=hid,
    )
    return next_round(
        state.with_events(
            ev,
            horde_deck=add(state.horde_deck, state.hi(hid), -1),
            attack_bottom=state.attack_bottom + (hid,),
        )
    )


def do_flame(state: THPosition, hid: str) -> THPosition:
    ev = state._ev(
        "card.flame",
        f"The Flame Thrower's second victim: {state.name(hid)} (Horde Discard).",
        card=hid,
    )
    return next_round(
        state.with_events(
            ev, horde_discard=add(state.horde_discard, state.hi(hid)), **state._take_attack(hid)
        )
    )


def do_village(state: THPosition, cid: str) -> THPosition:
    card, i = state.data.card(cid), state.ri(cid)
    atk, h = state.attacker, state.hi(state.attacker)
    if sum(state.village):
        s = evolve(state, village=add(state.village, i, -1))
    else:
        s = evolve(state, village_bottom=state.village_bottom[1:])
    who = state.hordling(atk)
    if card.effect == "wall":
        ev = state._ev(
            "card.wall",
            f"The {who} attacks the village: a {card.name}! It goes to the bottom of the "
            "Village deck; the hordling to the Attack Discard.",
            card=cid,
        )
        return next_round(
            s.with_events(
                ev,
                village_bottom=s.village_bottom + (cid,),
                attack_discard=add(s.attack_discard, h),
            )
        )
    if card.effect == "pit":
        ev = state._ev(
            "card.pit",
            f"The {who} attacks the village and falls into a {card.name}: the hordling to "
            "the Horde Discard, the Pit to the Recruit Discard.",
            card=cid,
        )
        return next_round(
            s.with_events(
                ev,
                recruit_discard=add(s.recruit_discard, i),
                horde_discard=add(s.horde_discard, h),
            )
        )
    if card.effect == "moat":
        ev = state._ev(
            "card.moat",
            f"The {who} attacks the village and drowns in the {card.name}: the hordling to "
            "the Horde Discard, the Moat to the bottom of the Village deck.",
            card=cid,
        )
        return next_round(
            s.with_events(
                ev,
                village_bottom=s.village_bottom + (cid,),
                horde_discard=add(s.horde_discard, h),
            )
        )
    ev = state._ev(
        "horde.village-attacked",
        f"The {who} attacks the village: the {card.name} is lost (Recruit Discard); the "
        "hordling to the Attack Discard.",
        card=cid,
    )
    return next_round(
        s.with_events(
            ev, recruit_discard=add(s.recruit_discard, i), attack_discard=add(s.attack_discard, h)
        )
    )
