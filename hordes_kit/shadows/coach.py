"""The coach's side of Shadows (``core.coach``): each game played on in the fast simulator
(``fast.export`` hands it the position) by the lab's best policy at every seat (``BEST``:
the member of the sensible bot's family the lab found, data/lab/answers.toml, which wins
69% against the sensible bot), in the rules engine where the simulator cannot take the
position; the seat's value is its win (a share of a shared win) and its Victory Stones.

Hidden cards: what another seat holds (its Hand and Current Deck, told apart only by their
sizes), its Missions (kept and offered), its library under the Skill Pool table rule, the
cards it laid facedown in line and the Monster-Action cards dealt facedown that this seat
did not deal. The coach never reads them: each simulated game deals them anew from what
this seat cannot tell apart (each seat's Hand, Deck and facedown line together; the
Mission deck with the others' Missions; the Skill Pool with the others' libraries; the
Monster-Action deck with the facedown cards it does not know), at their sizes, so two
positions that differ only in another seat's hidden cards get the same answer
(tests/test_coach.py).
"""

from __future__ import annotations

import random

from hordes_kit.core.coach_rules import CoachRules, Measure, Outcome, engine_rollout
from hordes_kit.core.state import evolve
from hordes_kit.shadows.bots import policy_bot
from hordes_kit.shadows.game import ShadowsState
from hordes_kit.shadows.policy import SensiblePolicy

__all__ = ["COACH", "BEST", "sample", "rollout"]

# the lab's best policy (data/lab/answers.toml, "best-policy": plans Attack, Station and
# Spell cards more and Predict cards less, hunts a wounded Monster, always aims at it, buys
# for Stat Points, never Dragon Gauntlets, studies only usable cards, announces Gold)
BEST = SensiblePolicy(
    attack=3,
    predict=0,
    station=2,
    spell=2,
    hunt=2,
    aim=1.0,
    prefer="stats",
    never=("dragon-gauntlets",),
    study=0.0,
    teamup="gold",
)
_BOT = policy_bot(BEST)


def _deal(pool: list[str], sizes: list[int], rng: random.Random) -> list[tuple[str, ...]]:
    """``pool`` (sorted) shuffled and cut into piles of ``sizes``, each sorted; the rest last."""
    pool = sorted(pool)
    rng.shuffle(pool)
    out = []
    for k in sizes:
        out.append(tuple(sorted(pool[:k])))
        pool = pool[k:]
    return [*out, tuple(sorted(pool))]


def sample(state: ShadowsState, seat: int, rng: random.Random) -> ShadowsState:
    """The position with what ``seat`` cannot see dealt anew from what it cannot tell apart."""
    if state.finished:
        return state
    seats = list(state.seats)
    queue = list(state.queue)
    owner = state.queue_owner()
    laid: list[int] = []  # the places in line of cards another seat laid facedown
    if owner >= 0 and owner != seat:
        kinds = [t.kind for t in state.tasks if t.kind in ("!turn", "!next")]
        laying = bool(kinds) and kinds[-1] == "!turn"  # its first card is faceup then
        laid = [k for k in range(len(queue)) if not (k == 0 and laying)]
    for j, st in enumerate(seats):
        if j != seat:
            facedown = [queue[k] for k in laid] if j == owner else []
            cards = [*st.hand, *st.deck, *facedown]
            *line, hand, deck = _deal(cards, [1] * len(facedown) + [len(st.hand)], rng)
            for k, c in zip(laid if j == owner else [], line):
                queue[k] = c[0]
            seats[j] = evolve(st, hand=hand, deck=deck)
    others = [j for j, st in enumerate(seats) if j != seat]
    missions = [m for j in others for m in ([seats[j].mission] if seats[j].mission else [])]
    offers = [m for j in others for m in seats[j].offer]
    dealt = _deal(
        [*state.mission_deck, *missions, *offers],
        [int(bool(seats[j].mission)) for j in others] + [len(seats[j].offer) for j in others],
        rng,
    )
    for k, j in enumerate(others):
        kept, offer = dealt[k], dealt[len(others) + k]
        seats[j] = evolve(seats[j], mission=kept[0] if kept else "", offer=offer)
    s = evolve(state, seats=tuple(seats), mission_deck=dealt[-1], queue=tuple(queue))
    if state.config.library == "pool":  # the libraries were dealt from the Skill Pool
        libraries = _deal(
            [*s.skill_pool, *(c for j in others for c in seats[j].library)],
            [len(seats[j].library) for j in others],
            rng,
        )
        for k, j in enumerate(others):
            seats[j] = evolve(seats[j], library=libraries[k])
        s = evolve(s, seats=tuple(seats), skill_pool=libraries[-1])
    if s.ma:
        hidden = [
            i
            for i, kind in enumerate(s.ma)
            if kind and i != seat and not s.ma_up[i] and not (s.ma_known and s.ma_known[i] == seat)
        ]
        if hidden:
            cards = _deal([*s.ma_deck, *(s.ma[i] for i in hidden)], [1] * len(hidden), rng)
            ma = list(s.ma)
            for k, i in enumerate(hidden):
                ma[i] = cards[k][0]
            s = evolve(s, ma=tuple(ma), ma_deck=cards[-1])
    return s


def _measures(end: ShadowsState, seat: int) -> tuple[float, ...]:
    st = end.seats[seat]
    return (float(end.final_stones(seat)), float(st.xp), float(len(st.monsters)))


_engine = engine_rollout(
    lambda s: {i: _BOT for i in range(s.num_players)},
    _measures,
    lambda end, seat: end.final_stones(seat),
)


def rollout(state: ShadowsState, seat: int, seed: int, index: int) -> Outcome:
    """Game ``index`` of ``seed`` played on from ``state`` by the best policy at every seat:
    the seat's win, Victory Stones and measures (the fast simulator's game where it can
    take the position, else the rules engine's)."""
    from hordes_kit.shadows.fast.play import OUT_STATUS, OUT_STONES, OUT_WON
    from hordes_kit.shadows.fast.position import Unsupported, run_from_position
    from hordes_kit.shadows.fast.resume import FROM_MON, FROM_XP

    if state.is_terminal:  # the move ended the game: its own figures
        return _engine(state, seat, seed, index)
    try:
        row = run_from_position(state, (BEST,) * state.n, 1, seed, index)[0]
    except Unsupported:  # a position the simulator cannot take: the engine plays it
        return _engine(state, seat, seed, index)
    if row[OUT_STATUS] != 0:  # stopped or stuck: a simulator's bug, not the player's
        return _engine(state, seat, seed, index)
    won = [b for b in range(state.n) if (int(row[OUT_WON]) >> b) & 1]
    stones = float(row[OUT_STONES + seat])
    return Outcome(
        1.0 / len(won) if seat in won else 0.0,
        stones,
        (stones, float(row[FROM_XP + seat]), float(row[FROM_MON + seat])),
    )


COACH = CoachRules(
    "the lab's best policy at every seat",
    rollout,
    (
        Measure("Victory Stones at the end", better=1),
        Measure("Experience at the end", better=1),
        Measure("Monsters defeated", better=1),
    ),
    score="Victory Stones",
    sample=sample,
    bot=_BOT,
)
