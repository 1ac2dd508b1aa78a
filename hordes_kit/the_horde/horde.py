"""The Horde phase of The Horde, card by card: the attack deck drawn, an attacker turned
over, defenders drawn (items, Boots and Rings, the Healing Rock, Bombs and the Flame
Thrower) until one fights."""

from __future__ import annotations

from hordes_kit.core.options import reading_of
from hordes_kit.core.state import evolve
from hordes_kit.the_horde.flow import draw_defender, draw_horde, next_round
from hordes_kit.the_horde.state import THPosition, add

__all__ = ["do_horde", "do_attacker", "do_defender", "do_rock", "dizzy_streak"]


def do_horde(state: THPosition, hid: str) -> THPosition:
    i = state.hi(hid)
    s = evolve(
        state,
        horde_deck=add(state.horde_deck, i, -1),
        attack_deck=add(state.attack_deck, i),
        to_draw=state.to_draw - 1,
    )
    if not s.to_draw:
        n = sum(s.attack_deck)
        ev = s._ev("horde.attack-deck", f"The Attack deck is ready: {n} cards, face down.")
        s = s.with_events(ev)
    return draw_horde(s)


def do_attacker(state: THPosition, hid: str) -> THPosition:
    lv = state.level(hid)
    ev = state._ev(
        "horde.attacker",
        f"The attacker is flipped: {state.hordling(hid)} (level {lv}).",
        card=hid,
        level=lv,
    )
    return draw_defender(state.with_events(ev, attacker=hid, chain=0, **state._take_attack(hid)))


def do_defender(state: THPosition, cid: str) -> THPosition:
    card, i = state.data.card(cid), state.ri(cid)
    s = evolve(state, defender_deck=add(state.defender_deck, i, -1))
    eff = card.effect
    if card.fights:
        parts = [f"force {card.force}"]
        force = card.force + s.chain
        evs = []
        if s.chain:
            parts.append(f"+{s.chain} (item)")
        streak, gc_bonus = 0, s.gc_bonus
        if eff == "grimthwacker":
            if s.gc_bonus:
                parts.append(f"+{s.gc_bonus} (next Grimthwacker)")
                force += s.gc_bonus
                gc_bonus = 0
                evs.append(
                    state._ev(
                        reading_of(s.config, "boots_ring_lasts"),
                        f"The Boots/Ring bonus waiting for the next Grimthwacker: +{s.gc_bonus}.",
                    )
                )
            dizzy, streak, third, said = dizzy_streak(s.config.dizzy, s.streak)
            pen = s.data.setup["dizzy_penalty"]
            if dizzy:
                force -= pen
                parts.append(f"-{pen} (Dizzy)")
            if third:
                evs.append(
                    state._ev(
                        "special.dizzy",
                        f"A third Grimthwacker in a row: Chauncey gets Dizzy, -{pen} Force.",
                    )
                )
            if said:
                evs.append(state._ev(reading_of(s.config, "dizzy"), said))
        ev = state._ev(
            "horde.defender",
            f"The defender is flipped: {card.name}, battle force {force} ({' '.join(parts)}).",
            card=cid,
            force=force,
        )
        return s.with_events(
            ev,
            *evs,
            defender=cid,
            force=force,
            chain=0,
            gc_bonus=gc_bonus,
            streak=streak,
            step="roll",
        )
    s = evolve(s, streak=0)
    if eff in ("replace-keep", "replace-spend"):
        to = "Defender Discard" if eff == "replace-keep" else "Recruit Discard"
        adds = s.config.item_stack == "add"
        chain = s.chain + card.bonus if adds else max(s.chain, card.bonus)
        ev = state._ev(
            "card." + eff,
            f"{card.name}: to the {to}; draw a replacement, which gets Force "
            f"+{card.bonus}" + (f" (+{chain} with the earlier items)." if s.chain else "."),
            card=cid,
        )
        zone = (
            {"defender_discard": add(s.defender_discard, i)}
            if eff == "replace-keep"
            else {"recruit_discard": add(s.recruit_discard, i)}
        )
        evs = [ev]
        if s.chain:
            said = (
                "Item bonuses in a chain add up."
                if adds
                else "Item bonuses in a chain do not add up: the biggest counts."
            )
            evs.append(state._ev(reading_of(s.config, "item_stack"), said))
        return draw_defender(s.with_events(*evs, chain=chain, **zone))
    if eff == "next-gc":
        evs = [
            state._ev(
                "card.next-gc",
                f"{card.name}: to the Defender Discard; the next Grimthwacker drawn gets "
                f"Force +{card.bonus}. Draw a replacement.",
                card=cid,
            )
        ]
        adds = s.config.boots_ring_stack == "add"
        bonus = s.gc_bonus + card.bonus if adds else max(s.gc_bonus, card.bonus)
        if s.gc_bonus:
            said = "add up" if adds else "do not add up: the biggest counts"
            evs.append(
                state._ev(
                    reading_of(s.config, "boots_ring_stack"),
                    f"Two Boots/Ring bonuses waiting at once {said}: the next Grimthwacker "
                    f"gets +{bonus}.",
                )
            )
        return draw_defender(
            s.with_events(*evs, gc_bonus=bonus, defender_discard=add(s.defender_discard, i))
        )
    if eff == "heal":
        if s.recruit_discard[s.ri(s.gc)]:
            ev = state._ev(
                "card.heal",
                f"{card.name}: keep it (Defender Discard), or spend it (Recruit Discard) to "
                "shuffle a Grimthwacker from the Recruit Discard back into the Defender deck.",
                card=cid,
            )
            return s.with_events(ev, defender=cid, step="rock")
        ev = state._ev(
            "card.heal",
            f"{card.name}: no Grimthwacker in the Recruit Discard to heal; it goes to the "
            "Defender Discard. Draw a replacement.",
            card=cid,
        )
        return draw_defender(s.with_events(ev, defender_discard=add(s.defender_discard, i)))
    atk = state.attacker
    killed = add(s.horde_discard, s.hi(atk))
    disc = add(s.recruit_discard, i)
    if eff == "bomb":
        if s.config.bomb == "horde-discard":
            where = {"horde_discard": killed}
            fate, said = "is killed (Horde Discard)", "A bombed hordling counts as killed."
        else:
            where = {"attack_discard": add(s.attack_discard, s.hi(atk))}
            fate = "is driven off (Attack Discard)"
            said = "A bombed hordling is only driven off: it will attack again this phase."
        ev = state._ev(
            "card.bomb",
            f"{card.name}: to the Recruit Discard; the {state.hordling(atk)} {fate}.",
            card=cid,
        )
        return next_round(
            s.with_events(
                ev,
                state._ev(reading_of(s.config, "bomb"), said),
                recruit_discard=disc,
                chain=0,
                **where,
            )
        )
    if eff == "flame":
        ev = state._ev(
            "card.flame",
            f"{card.name}: to the Recruit Discard; the {state.hordling(atk)} and the next card "
            "of the Attack deck go to the Horde Discard.",
            card=cid,
        )
        s = s.with_events(ev, horde_discard=killed, recruit_discard=disc, chain=0)
        if s.attack_size():
            return evolve(s, step="flame")
        if sum(s.attack_discard):
            ev = state._ev(
                "ruling.flame-reshuffle",
                "The Attack deck is empty: the Attack Discard is shuffled into it for the "
                "Flame Thrower's second victim.",
            )
            return s.with_events(
                ev,
                attack_deck=s.attack_discard,
                attack_discard=(0,) * len(s.hids),
                step="flame",
            )
        return next_round(s)
    raise AssertionError(f"{card.name}: effect {eff!r} cannot be drawn as a defender")


def do_rock(state: THPosition, choice: str) -> THPosition:
    rock, i = state.defender, state.ri(state.defender)
    if choice == "keep":
        ev = state._ev(
            "card.heal", f"{state.name(rock)} kept: to the Defender Discard. Draw a replacement."
        )
        return draw_defender(
            state.with_events(ev, defender=None, defender_discard=add(state.defender_discard, i))
        )
    g = state.ri(state.gc)
    ev = state._ev(
        "card.heal",
        f"{state.name(rock)} spent (Recruit Discard): a Grimthwacker comes back from the "
        "Recruit Discard into the Defender deck. Draw a replacement.",
    )
    return draw_defender(
        state.with_events(
            ev,
            defender=None,
            recruit_discard=add(add(state.recruit_discard, i), g, -1),
            defender_deck=add(state.defender_deck, g),
        )
    )


def dizzy_streak(mode: str, streak: int) -> tuple[bool, int, bool, str]:
    """A Grimthwacker drawn after ``streak`` Grimthwackers in a row, under the table's Dizzy
    reading: (is he Dizzy, the streak after him, is he the rulebook's "third in a row",
    what the reading in force adds in words, or "").

    >>> dizzy_streak("window", 3)[:3], dizzy_streak("restart", 2)[:3]
    ((True, 3, False), (True, 0, True))
    >>> dizzy_streak("off", 2)[:3], dizzy_streak("window", 1)
    ((False, 3, False), (False, 2, False, ''))
    """
    if streak < 2:
        return False, streak + 1, False, ""
    if mode == "restart":
        return True, 0, True, "The count of Grimthwackers in a row starts again after him."
    after = 3  # the row is longer than two: the window slides on
    if mode == "off":
        return False, after, False, "Grimthwackers in a row, but this table plays no Dizzy."
    if streak == 2:
        return True, after, True, ""
    return True, after, False, "Still Dizzy: the two draws before him were Grimthwackers too."
