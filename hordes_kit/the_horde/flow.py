"""The automatic parts of a turn of The Horde: Income and Tax, turning over recruit cards,
drawing the attack deck, each round's attacker and defender draws, a lost battle, and
the End phase. The move modules (``recruit.py``, ``horde.py``, ``battle.py``) call these
to go on to the next chance outcome or decision."""

from __future__ import annotations

from hordes_kit.core.options import reading_of
from hordes_kit.core.state import evolve
from hordes_kit.the_horde.state import THPosition, add

__all__ = [
    "start_turn",
    "flip_next",
    "draw_horde",
    "next_round",
    "draw_defender",
    "after_loss",
    "end_phase",
]


def start_turn(state: THPosition) -> THPosition:
    t = state.turn_info
    inc = state.income()
    crowns = state.crowns + inc
    s = state.with_events(
        state._ev(
            "income",
            f"Turn {t.turn} ({t.location}, {t.season}). Income: your village produces "
            f"{inc} Crown(s); you have {crowns}.",
            income=inc,
            crowns=crowns,
        ),
        crowns=crowns,
        extra=0,
    )
    if crowns < t.turn:
        ev = state._ev(
            "defeat.taxes",
            f"Tax: Kronus Maelor wants {t.turn} Crowns and you have {crowns}. You cannot "
            "pay: the game is lost.",
            tax=t.turn,
        )
        return s.with_events(ev, result="taxes", step="over")
    ev = state._ev(
        "tax",
        f"Tax: pay Kronus Maelor {t.turn} Crown(s) (the turn number); {crowns - t.turn} left.",
        tax=t.turn,
    )
    s = s.with_events(ev, crowns=crowns - t.turn, to_flip=state.data.setup["flips"])
    return flip_next(s)


def flip_next(state: THPosition) -> THPosition:
    if not state.to_flip:
        return evolve(state, step="recruit")
    if not sum(state.recruit_deck):
        if not sum(state.recruit_discard):
            ev = state._ev("recruit.reshuffle", "No recruit cards are left to flip.")
            return state.with_events(ev, to_flip=0, step="recruit")
        ev = state._ev(
            "recruit.reshuffle",
            f"The Recruit deck is empty: the Recruit Discard ({sum(state.recruit_discard)} "
            "cards) is shuffled into a new Recruit deck.",
        )
        n = len(state.rids)
        return state.with_events(
            ev, recruit_deck=state.recruit_discard, recruit_discard=(0,) * n, step="recruit-flip"
        )
    return evolve(state, step="recruit-flip")


def draw_horde(state: THPosition) -> THPosition:
    if not state.to_draw:
        return next_round(state)
    if not sum(state.horde_deck):
        if not sum(state.horde_discard):
            return next_round(evolve(state, to_draw=0))
        ev = state._ev(
            "ruling.horde-reshuffle",
            "The Horde deck is empty: the Horde Discard is shuffled into a new Horde deck.",
        )
        return state.with_events(
            ev,
            horde_deck=state.horde_discard,
            horde_discard=(0,) * len(state.hids),
            step="horde-draw",
        )
    return evolve(state, step="horde-draw")


def next_round(state: THPosition) -> THPosition:
    if not state.attack_size():
        if not sum(state.attack_discard):
            return end_phase(state)
        ev = state._ev(
            "horde.reshuffle-attack",
            f"The Attack deck is empty: the Attack Discard ({sum(state.attack_discard)} "
            "hordlings) is shuffled into it.",
        )
        return state.with_events(
            ev,
            attack_deck=state.attack_discard,
            attack_discard=(0,) * len(state.hids),
            step="attacker",
            attacker=None,
            defender=None,
        )
    return evolve(state, step="attacker", attacker=None, defender=None)


def draw_defender(state: THPosition) -> THPosition:
    if not sum(state.defender_deck):
        if not sum(state.defender_discard):  # cannot happen while a Grimthwacker lives
            raise AssertionError("no defender card left while the game goes on")
        ev = state._ev(
            "horde.reshuffle-defender",
            "The Defender deck is empty: the Defender Discard is shuffled into it.",
        )
        return state.with_events(
            ev,
            defender_deck=state.defender_discard,
            defender_discard=(0,) * len(state.rids),
            step="defender",
        )
    return evolve(state, step="defender")


def after_loss(state: THPosition) -> THPosition:
    g = state.ri(state.gc)
    if state.defender == state.gc and state.recruit_discard[g] >= state.gc_total:
        ev = state._ev(
            "defeat.chauncey",
            f"All {state.gc_total} Grimthwackers are in the Recruit Discard: Chauncey is "
            "killed. The game is lost.",
        )
        return state.with_events(ev, result="chauncey", step="over")
    atk, i = state.attacker, state.hi(state.attacker)
    if state.data.horde_card(atk).effect == "shaman":
        ev = state._ev(
            "special.shaman-wins",
            f"The {state.name(atk)} wins: instead of attacking the village it draws a card "
            "from the Horde deck onto the bottom of the Attack deck.",
        )
        s = state.with_events(ev, attack_discard=add(state.attack_discard, i))
        if sum(s.horde_deck):
            return evolve(s, step="reinforce")
        if sum(s.horde_discard):
            ev = s._ev(
                "ruling.horde-reshuffle",
                "The Horde deck is empty: the Horde Discard is shuffled into a new Horde deck.",
            )
            return s.with_events(
                ev,
                horde_deck=s.horde_discard,
                horde_discard=(0,) * len(s.hids),
                step="reinforce",
            )
        return next_round(s)
    if state.village_size():
        return evolve(state, step="village")
    ev = state._ev(
        "ruling.empty-village",
        f"The {state.hordling(atk)} finds no village card to attack (Attack Discard).",
    )
    return next_round(state.with_events(ev, attack_discard=add(state.attack_discard, i)))


def end_phase(state: THPosition) -> THPosition:
    g = state.ri(state.gc)
    back = state.recruit_discard[g]
    evs = [state._ev("horde.phase-over", "Every hordling of the attack is in the Horde Discard.")]
    evs.append(
        state._ev(
            "end",
            f"End phase: {back} Grimthwacker(s) return from the Recruit Discard to the "
            "Defender deck.",
            returned=back,
        )
    )
    bonus = state.gc_bonus
    if bonus and state.config.boots_ring_lasts == "this-turn":
        evs.append(
            state._ev(
                reading_of(state.config, "boots_ring_lasts"),
                f"The Boots/Ring bonus no Grimthwacker used this turn (+{bonus}) is lost.",
            )
        )
        bonus = 0
    s = state.with_events(
        *evs,
        recruit_discard=add(state.recruit_discard, g, -back),
        defender_deck=add(state.defender_deck, g, back),
        attacker=None,
        defender=None,
        force=0,
        streak=0,
        gc_bonus=bonus,
    )
    if state.turn >= len(state.data.turns):
        ev = s._ev(
            "victory",
            f"You survived all {len(state.data.turns)} turns: Chauncey wins!",
        )
        return s.with_events(ev, result="win", step="over")
    return start_turn(evolve(s, turn=state.turn + 1))
