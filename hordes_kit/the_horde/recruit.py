"""The Recruit phase of The Horde: recruit cards turned over, extra flips paid for, cards
bought into the Village or Defender deck, the rest discarded when you are done."""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.the_horde.flow import draw_horde, flip_next
from hordes_kit.the_horde.state import THPosition, add

__all__ = ["do_recruit", "do_flip", "do_buy", "do_done"]


def do_recruit(state: THPosition, cid: str) -> THPosition:
    card = state.data.card(cid)
    ev = state._ev(
        "recruit.flip",
        f"Recruit card flipped: {card.name} ({card.type_name}, cost {card.cost}).",
        card=cid,
    )
    return flip_next(
        state.with_events(
            ev,
            recruit_deck=add(state.recruit_deck, state.ri(cid), -1),
            row=state.row + (cid,),
            to_flip=state.to_flip - 1,
        )
    )


def do_flip(state: THPosition, _arg: str) -> THPosition:
    cost = state.data.setup["extra_flip_cost"]
    ev = state._ev(
        "recruit.extra-flip",
        f"You pay {cost} Crown to flip one more recruit card.",
    )
    return flip_next(
        state.with_events(ev, crowns=state.crowns - cost, extra=state.extra + 1, to_flip=1)
    )


def do_buy(state: THPosition, cid: str) -> THPosition:
    card = state.data.card(cid)
    i = state.row.index(cid)
    s = evolve(state, crowns=state.crowns - card.cost, row=state.row[:i] + state.row[i + 1 :])
    if card.type == "V":
        village = add(s.village, s.ri(cid))
        for c in s.village_bottom:
            village = add(village, s.ri(c))
        ev = state._ev(
            "recruit.buy-village",
            f"You buy {card.name} for {card.cost}: shuffled into the Village deck.",
            card=cid,
        )
        return s.with_events(ev, village=village, village_bottom=())
    if card.type == "D":
        ev = state._ev(
            "recruit.buy-defender",
            f"You buy {card.name} for {card.cost}: shuffled into the Defender deck.",
            card=cid,
        )
        return s.with_events(ev, defender_deck=add(s.defender_deck, s.ri(cid)))
    ev = state._ev(
        "ruling.trees",
        f"You take {card.name} for {card.cost} and discard it at once: +1 Crown.",
        card=cid,
    )
    return s.with_events(ev, crowns=s.crowns + 1, recruit_discard=add(s.recruit_discard, s.ri(cid)))


def do_done(state: THPosition, _arg: str) -> THPosition:
    discard = state.recruit_discard
    for c in state.row:
        discard = add(discard, state.ri(c))
    t = state.turn_info
    evs = []
    if state.row:
        names = ", ".join(state.name(c) for c in state.row)
        evs.append(
            state._ev("recruit.discard-row", f"Not bought, to the Recruit Discard: {names}.")
        )
    evs.append(
        state._ev(
            "horde.attack-deck",
            f"Horde phase: {t.attackers} hordlings attack this turn (Master Turn Chart).",
            attackers=t.attackers,
        )
    )
    s = state.with_events(*evs, row=(), recruit_discard=discard, to_draw=t.attackers, streak=0)
    return draw_horde(s)
