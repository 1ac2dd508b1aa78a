"""Walking a Fantahzee turn on: ``do`` plays a move, ``settle`` goes on through every step
that needs neither a decision nor a chance outcome (an Attack Step with nothing to attack,
a Counterattack fully shielded, a Treasure Step without active heroes...), logging each
with its rule."""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.fantahzee import rules as R
from hordes_kit.fantahzee.effects import pop
from hordes_kit.fantahzee.legal import attack_moves, legal
from hordes_kit.fantahzee.moves import HANDLERS, end_attack, lose
from hordes_kit.fantahzee.state import FPosition, replace_seat

__all__ = ["do", "settle", "begin_turn"]


def do(s: FPosition, action: tuple[str, ...]) -> FPosition:
    """The state after a legal move, settled to the next decision or chance."""
    verb, *args = action
    return settle(HANDLERS[verb](s, *args))


def begin_turn(s: FPosition, player: int) -> FPosition:
    """A player's turn begins with the Action Phase."""
    return s.with_events(
        s._ev("turn.order", f"Turn {s.turn + 1}: {s.who(player)}'s Action Phase.", seat=player),
        player=player,
        turn=s.turn + 1,
        phase="action",
        recruits=0,
        plays=0,
        free=(),
        to_roll=0,
        unrolled=R.DICE,
        rolls_left=R.ROLLS,
        rolled=False,
        steam=0,
        shield=0,
        pending=(),
        strength_left=0,
        locked="",
        cleared=(),
        flipping="",
        set_aside=(),
        treasure_due=(),
        drawn="",
        damage=0,
        ambushed=False,
        town_due=False,
        draws_left=0,
    )


def settle(s: FPosition) -> FPosition:
    """Walk on through steps that need neither a decision nor a chance outcome."""
    for _ in range(1000):
        nxt = step(s)
        if nxt is s:
            return s
        s = nxt
    raise AssertionError("settle did not converge")


def step(s: FPosition) -> FPosition:
    ph = s.phase
    if ph == "over" or s._chance_kind():
        return s
    if ph == "setup":
        if any(len(x.hand) < R.HAND_SIZE for x in s.seats) and s.hero_deck:
            return s
        return begin_turn(evolve(s, turn=0), s.first)
    if s.pending:
        moves = legal(s)
        if moves and moves != ("skip",):
            return s
        (_k, *rest), s2 = pop(s)
        return s2.with_events(
            s2._ev("card.no-target", f"{rest[-1]}: there is nothing it could be used on.")
        )
    if ph in ("action", "roll", "treasure") and (ph != "treasure" or s.drawn):
        return s
    if ph == "attack":
        if attack_moves(s):
            return s
        return end_attack(
            s.with_events(
                s._ev("attack.end", "Nothing more can be attacked: the Attack Step ends.")
            )
        )
    if ph in ("counter", "horde") and (ph == "counter" or s.ambushed):
        if s.damage and s.actives():
            if len(s.actives()) == 1:
                return lose(s, s.ref(s.actives()[0]))
            return s
        if s.damage:
            s = s.with_events(
                s._ev(
                    "damage.none-left",
                    f"No active heroes remain: the other {s.damage} damage is ignored.",
                ),
                damage=0,
            )
        return to_treasure(s) if ph == "counter" else to_end(s)
    if ph == "treasure":
        if s.treasure_due and not s.treasures:
            return s.with_events(
                s._ev("ruling.treasure-empty", "The treasure deck is empty: no treasure is drawn."),
                treasure_due=(),
            )
        return to_horde(s)
    if ph == "horde":
        if s.town_due and not s.towns:
            return s.with_events(
                s._ev("faq.no-towns", "No town cards are left: nothing happens (FAQ)."),
                town_due=False,
            )
        return ambush(s)
    if ph == "end":
        if s.draws_left and not s.hero_deck:
            if s.discard:
                return s.with_events(
                    s._ev(
                        "end.reshuffle",
                        f"The hero deck is empty: the discard pile ({len(s.discard)} cards) is "
                        "shuffled into a new hero deck.",
                    ),
                    hero_deck=s.discard,
                    discard=(),
                )
            return s.with_events(s._ev("end.no-cards", "No cards are left to draw."), draws_left=0)
        if len(s.seat.hand) > R.HAND_SIZE:
            return s
        return end_turn(s)
    raise AssertionError(ph)


def to_treasure(s: FPosition) -> FPosition:
    due = tuple(s.card(m).treasure for m in s.set_aside if s.card(m).treasure)
    if due and not s.actives():
        s = s.with_events(
            s._ev("treasure.no-active", "No active heroes: no treasure can be drawn."),
        )
        due = ()
    return evolve(s, phase="treasure", treasure_due=due, damage=0)


def to_horde(s: FPosition) -> FPosition:
    ev = []
    if s.set_aside:
        ev.append(
            s._ev(
                "treasure.victory",
                f"The defeated monsters go to {s.who()}'s victory pile.",
            )
        )
    seats = replace_seat(s, s.player, victory=s.seat.victory + s.set_aside)
    s = s.with_events(*ev, seats=seats, set_aside=(), phase="horde")
    van = s.line[-1] if s.line else None
    if van is not None and van.top:
        return evolve(s, town_due=True)
    return s.with_events(
        s._ev("horde.vanguard-clear", "No face-up monster in the vanguard: no town is destroyed.")
    )


def ambush(s: FPosition) -> FPosition:
    amb = sum(s.card(x.top).ambush for x in s.line if x.top)
    dmg = max(0, amb - s.shield)
    text = f"Ambush: the face-up monsters' Ambush is {amb}"
    if s.shield:
        text += f", less Shield {s.shield}"
    return s.with_events(
        s._ev("horde.ambush", text + f": {dmg} damage.", ambush=amb, damage=dmg),
        ambushed=True,
        damage=dmg,
    )


def to_end(s: FPosition) -> FPosition:
    return s.with_events(
        s._ev("end.phase", f"End Phase: {s.who()} draws {R.END_DRAW} cards."),
        phase="end",
        draws_left=R.END_DRAW,
        damage=0,
    )


def end_turn(s: FPosition) -> FPosition:
    party = tuple(m.rested() for m in s.seat.party)
    s = s.with_events(
        s._ev("end.clear", f"{s.who()} removes the dice; unused steam is lost."),
        seats=replace_seat(s, s.player, party=party),
    )
    if s.doom >= R.DOOM_TOKENS and s.player == s.last:
        rows, winners = s.final_standings()
        text = "; ".join(f"{s.who(r.seat)} {r.xp} XP" for r in rows)
        won = " and ".join(s.who(w) for w in winners)
        return s.with_events(
            s._ev(
                "end.game",
                f"Three doom tokens are active and the Last Player's turn is over: the game "
                f"ends. {text}. {won} {'wins' if len(winners) == 1 else 'share the win'}.",
                winners=winners,
            ),
            phase="over",
        )
    return begin_turn(s, (s.player + 1) % s.num_players)
