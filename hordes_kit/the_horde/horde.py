"""The Horde phase of The Horde, card by card: the attack deck drawn, an attacker turned
over, defenders drawn (items, Boots and Rings, the Healing Rock, Bombs and the Flame
Thrower) until one fights."""

from __future__ import annotations

from dataclasses import replace

from hordes_kit.the_horde.flow import draw_defender, draw_horde, next_round
from hordes_kit.the_horde.state import THPosition, add

__all__ = ["do_horde", "do_attacker", "do_defender", "do_rock"]


def do_horde(state: THPosition, hid: str) -> THPosition:
    i = state.hi(hid)
    s = replace(
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
    s = replace(state, defender_deck=add(state.defender_deck, i, -1))
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
                        "ruling.next-gc",
                        f"The Boots/Ring bonus waiting for the next Grimthwacker: +{s.gc_bonus}.",
                    )
                )
            if s.streak >= 2 and s.config.dizzy:
                pen = s.data.setup["dizzy_penalty"]
                force -= pen
                parts.append(f"-{pen} (Dizzy)")
                evs.append(
                    state._ev(
                        "special.dizzy",
                        f"A third Grimthwacker in a row: Chauncey gets Dizzy, -{pen} Force.",
                    )
                )
            streak = min(s.streak + 1, 2)  # only 'the two previous draws' matter
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
    s = replace(s, streak=0)
    if eff in ("replace-keep", "replace-spend"):
        to = "Defender Discard" if eff == "replace-keep" else "Recruit Discard"
        ev = state._ev(
            "card." + eff,
            f"{card.name}: to the {to}; draw a replacement, which gets Force "
            f"+{card.bonus}"
            + (f" (+{s.chain + card.bonus} with the earlier items)." if s.chain else "."),
            card=cid,
        )
        zone = (
            {"defender_discard": add(s.defender_discard, i)}
            if eff == "replace-keep"
            else {"recruit_discard": add(s.recruit_discard, i)}
        )
        evs = [ev]
        if s.chain:
            evs.append(state._ev("ruling.item-chains", "Item bonuses in a chain add up."))
        return draw_defender(s.with_events(*evs, chain=s.chain + card.bonus, **zone))
    if eff == "next-gc":
        ev = state._ev(
            "card.next-gc",
            f"{card.name}: to the Defender Discard; the next Grimthwacker drawn gets "
            f"Force +{card.bonus}. Draw a replacement.",
            card=cid,
        )
        return draw_defender(
            s.with_events(
                ev, gc_bonus=s.gc_bonus + card.bonus, defender_discard=add(s.defender_discard, i)
            )
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
        ev = state._ev(
            "card.bomb",
            f"{card.name}: to the Recruit Discard; the {state.hordling(atk)} is killed (Horde "
            "Discard).",
            card=cid,
        )
        return next_round(
            s.with_events(
                ev,
                state._ev("ruling.bomb", "A bombed hordling counts as killed: Horde Discard."),
                horde_discard=killed,
                recruit_discard=disc,
                chain=0,
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
            return replace(s, step="flame")
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
