"""Setup: Monsters, Market and Basic Items, the Leader's roll, Heroes, Missions, Libraries.

The facedown level II and III Monsters are not drawn until they are revealed (the same
chances, and nothing hidden to track); every other card is drawn one at a time.
"""

from __future__ import annotations

from hordes_kit.core.options import reading_of
from hordes_kit.core.state import evolve, put, take
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.state import Placed, Position, Task

__all__ = ["advance_setup", "deal_hero", "beginner_library", "reveal_monster", "STAGES"]

STAGES = ("basics", "market", "roll", "roll-check", "heroes", "decks", "missions", "basic")
STAGES += ("library", "reveal")


def _log(s: Position, rule: str, text: str, **data) -> Position:
    return evolve(s, log=s.log + (s.ev(rule, text, **data),))


def _push(s: Position, *tasks: Task) -> Position:
    return evolve(s, tasks=s.tasks + tasks)


def advance_setup(s: Position) -> Position:
    """The next step of Global and Player Setup."""
    st = s.stage or "basics"
    nxt = STAGES[STAGES.index(st) + 1] if st != "reveal" else ""
    n = s.n
    if st == "basics":
        s = _log(s, "setup.basic-items", f"Setup: draw {n + 1} Basic Items and set them aside.")
        return _push(evolve(s, stage=nxt), *[Task("?basic") for _ in range(n + 1)])
    if st == "market":
        s = _log(s, "setup.market", f"Setup: the {n}-player side of the Market; {n + 1} Items.")
        return _push(evolve(s, stage=nxt), *[Task("?item", target="market") for _ in range(n + 1)])
    if st == "roll":
        s = _log(s, "setup.leader", "Each player rolls the die; the highest takes the Leader card.")
        return _push(evolve(s, stage=nxt), *[Task("?roll", k) for k in reversed(range(n))])
    if st == "roll-check":
        rolls = [x.roll for x in s.seats]
        best = max(rolls)
        tied = [k for k in range(n) if rolls[k] == best]
        if len(tied) > 1:
            seats = tuple(evolve(x, roll=0 if k in tied else -1) for k, x in enumerate(s.seats))
            s = _log(
                evolve(s, seats=seats),
                "ruling.leader-tie",
                f"A tie on {best}: only {', '.join(s.who(k) for k in tied)} roll again.",
            )
            return _push(s, *[Task("?roll", k) for k in reversed(tied)])
        s = evolve(s, leader=tied[0], stage=nxt)
        return _log(s, "setup.leader", f"{s.who(tied[0])} rolled {best} and is the Leader.")
    if st == "heroes":
        return _push(evolve(s, stage=nxt), *[Task("!hero", k) for k in reversed(s.order())])
    if st == "decks":
        for k in range(n):
            s = deal_hero(s, k)
        return evolve(s, stage=nxt)
    if st == "missions":
        s = _log(s, "setup.mission", "Each player is dealt 2 Missions and keeps 1.")
        s = evolve(s, stage=nxt)
        choose = [Task("!mission", k) for k in reversed(s.order())]
        deal = [Task("?mission", k) for k in reversed(s.order()) for _ in range(R.MISSIONS_DEALT)]
        return _push(s, *choose, *deal)
    if st == "basic":
        return _push(evolve(s, stage=nxt), *[Task("!basic", k) for k in reversed(s.order())])
    if st == "library":
        s = evolve(s, stage=nxt, basics=())
        if s.config.library == "beginner":
            for k in range(n):
                s = beginner_library(s, k)
            return s
        s = _log(
            s,
            "setup.skill-pool",
            f"The Skill Pool: {len(s.skill_pool)} Neutral Skill cards, no card more than "
            f"{R.POOL_COPIES} times (a Pool needs at least {R.POOL_MIN}).",
        )
        s = _log(
            s, "setup.library-pool", "Each player draws 10 Neutral Skill cards from the Skill Pool."
        )
        if not s.config.mulligan:
            s = _log(
                s,
                reading_of(s.config, "mulligan"),
                "No mulligan at this table: the 10 cards drawn are each player's Library.",
            )
        todo: list[Task] = []
        for k in reversed(s.order()):
            if s.config.mulligan:
                todo += [Task("!mulligan", k, amount=R.LIBRARY_DRAWS[0])]
            left = len(s.skill_pool) - sum(t.kind == "?library" for t in todo)
            todo += [Task("?library", k) for _ in range(min(R.LIBRARY_DRAWS[0], left))]
        return _push(s, *todo)
    # reveal: flip the level I Monster, then the first round
    s = evolve(s, stage="", phase="refresh")
    return _push(s, Task("?monster"))


def deal_hero(s: Position, k: int) -> Position:
    """A Hero's cards: Specials and Initiative 0 Station cards placed, the rest the deck."""
    hero = s.seats[k].hero
    station, deck = [], []
    for sk in s.data.hero_deck(hero):
        if sk.special or (sk.initiative == (0,) and sk.station):
            station.append(Placed(sk.id))
        else:
            deck.append(sk.id)
    s = evolve(s, seats=s.seat_with(k, station=tuple(station), deck=tuple(sorted(deck))))
    return _log(
        s,
        "setup.station",
        f"{s.who(k)} places {', '.join(s.name(p.card) for p in station)} on the Station Field "
        f"and {len(deck)} Hero Skill cards as the Current Deck.",
        seat=k,
    )


def beginner_library(s: Position, k: int) -> Position:
    """Ruling: a beginner game's Library is the Beginner list's cards for the player's Hero."""
    hero = s.seats[k].hero
    lib = tuple(sorted(sk.id for sk in s.data.neutral() if sk.beginner == hero))
    s = evolve(s, seats=s.seat_with(k, library=lib))
    return _log(
        s,
        "ruling.library",
        f"{s.who(k)}'s Library: the {len(lib)} Beginner cards of {s.name(hero)}.",
        seat=k,
    )


def reveal_monster(s: Position, mid: str) -> Position:
    """A Monster revealed; the Monster-Action discard is shuffled back into the deck."""
    mon = s.card(mid)
    s = evolve(
        s,
        monster=mid,
        level=mon.level,
        seen_monsters=s.seen_monsters + (mid,),
        mdamage=(0,) * s.n,
        cdamage=(0,) * s.n,
        creature=mon.creature,
        ma_deck=tuple(sorted(s.ma_deck + s.ma_discard)),
        ma_discard=(),
    )
    rule = "setup.reveal" if s.round == 0 else "refresh.monster"
    s = _log(
        s,
        rule,
        f"{mon.name} (level {'I' * mon.level}, {mon.health} Health) is revealed.",
        monster=mid,
    )
    if mon.creature:
        s = _log(s, "monster.creature", f"{s.name(mon.creature)}, its Creature, comes into play.")
    return s


def mulligan(s: Position, k: int, keep: bool) -> Position:
    """Keep the Library drawn, or discard it and draw one card fewer (10, 9, then 8)."""
    t = s.tasks[-1]
    s = evolve(s, tasks=s.tasks[:-1])
    st = s.seats[k]
    if keep:
        return _log(
            s, "setup.mulligan", f"{s.who(k)} keeps a Library of {len(st.library)}.", seat=k
        )
    n = R.LIBRARY_DRAWS[R.LIBRARY_DRAWS.index(t.amount) + 1]
    s = evolve(s, seats=s.seat_with(k, library=(), mulligans=st.mulligans + 1))
    s = _log(s, "setup.mulligan", f"{s.who(k)} takes a mulligan and draws {n}.", seat=k)
    todo = [Task("!mulligan", k, amount=n)] if n != R.LIBRARY_DRAWS[-1] else []
    # a small Skill Pool may run out: draw what is left (the draws still to come counted)
    left = len(s.skill_pool) - sum(t.kind == "?library" for t in s.tasks)
    return _push(s, *todo, *[Task("?library", k) for _ in range(max(0, min(n, left)))])


__all__ += ["mulligan", "put", "take"]
