"""The Monster's turn: Monster-Action cards revealed and their icons resolved in order."""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.shadows.damage import lose_health, negated
from hordes_kit.shadows.stack import log, pop, push
from hordes_kit.shadows.state import Position, Task, parse_seat, seat_id

__all__ = ["reveal_ma", "run_icons"]


def reveal_ma(s: Position, seat: int, kind: str, source: str, own: bool) -> Position:
    """Turn a Monster-Action card face up and resolve its icons against ``source``."""
    ma_up = list(s.ma_up)
    if own:
        ma_up[seat] = True
    s = evolve(s, ma_up=tuple(ma_up), revealed=s.revealed + (kind,))
    where = "the card in front of them" if own else "a new card from the deck"
    icons = " then ".join(kind.split("+"))
    s = log(s, "monster.action", f"{s.who(seat)} reveals {where}: {icons}.", seat=seat, kind=kind)
    return push(s, Task("icons", seat, kind, source=source))


def _landing(s: Position, t: Task) -> int | None:
    """Where on the stack the Attack that revealed this card waits to land, or None."""
    for i in range(len(s.tasks) - 1, -1, -1):
        x = s.tasks[i]
        if x.kind == "land" and x.seat == t.seat and x.target == "monster":
            return i
    return None


def _add_note(s: Position, i: int, key: str, n: int) -> Position:
    x = s.tasks[i]
    total = int(x.note(key, "0")) + n
    notes = tuple(y for y in x.notes if not y.startswith(key + ":"))
    tasks = list(s.tasks)
    tasks[i] = evolve(x, notes=notes + (f"{key}:{total}",))
    return evolve(s, tasks=tuple(tasks))


def _block(s: Position, t: Task, n: int, what: str) -> Position:
    i = _landing(s, t)
    if i is None:
        return log(s, "monster.block", f"{what}: no Attack to block, nothing happens.")
    s = _add_note(s, i, "blocked", n)
    return log(s, "monster.block", f"{what}: the Monster blocks {n} damage.")


def _recover(s: Position, t: Task, n: int, what: str) -> Position:
    """The Monster recovers: from the damage of the Attack that revealed the card, once it
    lands ("the Monster recovers 1 health right after the Attack"); at Initiative Step 3,
    from the revealing player's tokens already on it."""
    i = _landing(s, t)
    if i is not None:
        s = _add_note(s, i, "recover", n)
        return log(
            s,
            "monster.recover-after",
            f"{what}: it recovers {n} right after this Attack, before anyone checks whether "
            "it is defeated.",
        )
    md = list(s.mdamage)
    k = min(n, md[t.seat])
    md[t.seat] -= k
    s = evolve(s, mdamage=tuple(md))
    return log(s, "monster.recover", f"{what}: {k} of {s.who(t.seat)}'s tokens come off it.")


def run_icons(s: Position, t: Task) -> Position:
    """Resolve a Monster-Action card's icons in order on the current Monster's Icon Chart."""
    icons = t.card.split("+")
    if t.index >= len(icons) or not s.monster:
        return pop(s)
    s = evolve(s, tasks=s.tasks[:-1] + (evolve(t, index=t.index + 1),))
    mon = s.card(s.monster)
    act = mon.action(icons[t.index])
    n = int(act.args[0]) if act.args else 0
    what = f"{icons[t.index]} on {mon.name}'s Icon Chart: {act.text}"
    if act.verb == "none":
        return log(s, "monster.icon", f"{what} (no effect).")
    if act.verb == "block":
        return _block(s, t, n, what)
    if act.verb == "recover":
        return _recover(s, t, n, what)
    if act.verb == "market":
        # a chart may ask for more Items than the deck and its discards hold: all of them
        n = min(n, len(s.item_deck) + len(s.item_discard))
        s = log(s, "monster.market", f"{what}: {n} Item(s) join the Market.")
        return push(s, *[Task("?item", -1, target="market") for _ in range(n)])
    every = "all" in act.args[1:]
    aims = _aims(s, t) if every else [t.source]
    aims = [a for a in aims if not t.has(f"ko:{a}")]
    if not aims:
        return log(s, "knockdown.cancel", f"{what}: cancelled, the Hero was KnockedDown.")
    if every:
        s = log(
            s,
            "faq.multi-target-order",
            f"{what}: one Attack or Spell against every Hero; {s.who(t.seat)}, who revealed "
            "the card, manages it first, then the next players clockwise.",
        )
    if act.verb == "attack":
        s = log(s, "monster.attack", f"{what}.")
        for aim in reversed(aims):
            s = _hits(s, t, n, "monster", aim)
        return s
    if act.verb == "lose":
        s = log(s, "monster.spell", f"{what}.")
        for aim in reversed(aims):
            s = lose_health(s, -1, aim, n, "spell", "")
        return s
    if act.verb == "creature":
        if not s.creature:
            return log(s, "monster.creature", f"{what}: its Creature is gone, nothing happens.")
        cr = s.card(s.creature)
        s = log(s, "monster.creature", f"{what}: {cr.name} {cr.action.text}.")
        aims = _aims(s, t) if "all" in cr.action.args[1:] else [t.source]
        for aim in reversed([a for a in aims if not t.has(f"ko:{a}")]):
            if cr.action.verb == "lose":
                s = lose_health(s, -1, aim, int(cr.action.args[0]), "spell", "")
            else:
                s = _hits(s, t, int(cr.action.args[0]), s.creature, aim)
        return s
    return s


def _aims(s: Position, t: Task) -> list[str]:
    """Every Hero, from the player who revealed the card, clockwise (FAQ)."""
    return [seat_id((t.seat + j) % s.n) for j in range(s.n)]


def _hits(s: Position, t: Task, n: int, source: str, aim: str) -> Position:
    """A Monster (or its Creature) Attack on one entity (the one that triggered the card)."""
    stop = negated(s, aim, "the Monster's Attack")
    if stop is not None:
        return stop
    k = parse_seat(aim.partition(".")[0], s.n)
    return push(s, Task("!defend", k, "", aim, n, source=source, notes=("attack", "by:monster")))
