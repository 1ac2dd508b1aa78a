"""The Monster's turn: Monster-Action cards revealed and their icons resolved in order."""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.shadows.damage import lose_health, negated
from hordes_kit.shadows.stack import log, pop, push
from hordes_kit.shadows.state import Position, Task, parse_seat

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


def _block(s: Position, t: Task, n: int, what: str) -> Position:
    for i in range(len(s.tasks) - 1, -1, -1):
        x = s.tasks[i]
        if x.kind == "land" and x.seat == t.seat and x.target == "monster":
            blocked = int(x.note("blocked", "0")) + n
            notes = tuple(y for y in x.notes if not y.startswith("blocked:"))
            tasks = list(s.tasks)
            tasks[i] = evolve(x, notes=notes + (f"blocked:{blocked}",))
            s = evolve(s, tasks=tuple(tasks))
            return log(s, "monster.block", f"{what}: the Monster blocks {n} damage.")
    return log(s, "monster.block", f"{what}: no Attack to block, nothing happens.")


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
        md = list(s.mdamage)
        k = min(n, md[t.seat])
        md[t.seat] -= k
        s = evolve(s, mdamage=tuple(md))
        return log(s, "monster.recover", f"{what}: {k} of {s.who(t.seat)}'s tokens come off it.")
    if act.verb == "market":
        # a chart may ask for more Items than the deck and its discards hold: all of them
        n = min(n, len(s.item_deck) + len(s.item_discard))
        s = log(s, "monster.market", f"{what}: {n} Item(s) join the Market.")
        return push(s, *[Task("?item", -1, target="market") for _ in range(n)])
    if t.has("ko"):
        return log(s, "knockdown.cancel", f"{what}: cancelled, the Hero was KnockedDown.")
    if act.verb == "attack":
        s = log(s, "monster.attack", f"{what}.")
        return _hits(s, t, n, "monster")
    if act.verb == "lose":
        s = log(s, "monster.spell", f"{what}.")
        return lose_health(s, -1, t.source, n, "spell", "")
    if act.verb == "creature":
        if not s.creature:
            return log(s, "monster.creature", f"{what}: its Creature is gone, nothing happens.")
        cr = s.card(s.creature)
        s = log(s, "monster.creature", f"{what}: {cr.name} attacks.")
        return _hits(s, t, int(cr.action.args[0]), s.creature)
    return s


def _hits(s: Position, t: Task, n: int, source: str) -> Position:
    """A Monster (or its Creature) Attack on the entity that triggered the card."""
    stop = negated(s, t.source, "the Monster's Attack")
    if stop is not None:
        return stop
    k = parse_seat(t.source.partition(".")[0], s.n)
    return push(
        s, Task("!defend", k, "", t.source, n, source=source, notes=("attack", "by:monster"))
    )
