"""The round: TeamUp, Plan, Combat steps, BuildUp, CleanUp, Refresh, and Victory.

``settle`` runs automatic tasks and pushes the next phase's tasks until a decision or a
chance draw is due (a decision with one legal move is made at once: a forced move).
"""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.attack import run_attack
from hordes_kit.shadows.combat import run_card
from hordes_kit.shadows.damage import land, lose_health
from hordes_kit.shadows.monster import reveal_ma, run_icons
from hordes_kit.shadows.opening import advance_setup
from hordes_kit.shadows.stack import log, pop, push
from hordes_kit.shadows.state import Placed, Position, Task

__all__ = ["settle", "advance", "cleanup", "begin_round", "show_predicted", "AUTO"]

AUTO = frozenset({"card", "attack", "icons", "land", "lose", "step3", "reveal3", "collect"})


def settle(s: Position, forced=None) -> Position:
    """Run automatic work until a decision (with a real choice) or a chance draw is due.

    ``forced(s)`` returns the single legal action of a decision, or None; the caller
    (moves.py) applies it, so forced moves never enter the history.
    """
    for _ in range(100_000):
        if s.finished:
            return s
        t = s.top()
        if t is None:
            s = advance(s)
            continue
        if t.kind in AUTO:
            s = _auto(s, t)
            continue
        if t.kind == "!next" and not s.queue:
            s = pop(s)
            continue
        if forced is not None and not t.kind.startswith("?"):
            nxt = forced(s)
            if nxt is not None:
                s = nxt
                continue
        return s
    raise AssertionError("settle did not reach a decision")


def _auto(s: Position, t: Task) -> Position:
    if t.kind == "card":
        return run_card(s, t)
    if t.kind == "attack":
        return run_attack(s, t)
    if t.kind == "icons":
        return run_icons(s, t)
    if t.kind == "land":
        return land(s, t)
    if t.kind == "lose":  # a loss of health rolled on the die
        return lose_health(pop(s), t.seat, t.target, t.amount, t.notes[0], t.card)
    if t.kind == "step3":
        s = pop(s)
        if not s.monster:
            return log(
                s, "combat.monster-gone", "Initiative Step 3: no active Monster, no Monster-Action."
            )
        s = log(s, "combat.step3", "Initiative Step 3: the Monster acts against every player.")
        todo = [Task("reveal3", k) for k in reversed(s.order()) if s.ma[k] and not s.ma_up[k]]
        return push(s, *todo)
    if t.kind == "reveal3":
        s = pop(s)
        if not s.monster or not s.ma[t.seat] or s.ma_up[t.seat]:
            return s
        return reveal_ma(s, t.seat, s.ma[t.seat], f"p{t.seat + 1}", own=True)
    if t.kind == "collect":
        s = pop(s)
        seats = tuple(
            evolve(
                x,
                gold=x.gold + x.earned[0],
                xp=x.xp + x.earned[1],
                stones=x.stones + x.earned[2],
                earned=(0, 0, 0),
            )
            for x in s.seats
        )
        return log(
            evolve(s, seats=seats),
            "buildup.collect",
            "Collect: every player takes the resources earned this round.",
        )
    raise AssertionError(t.kind)


def begin_round(s: Position) -> Position:
    """A new round starts with the TeamUp Phase."""
    n = s.n
    s = evolve(
        s,
        round=s.round + 1,
        phase="teamup",
        stage="choice",
        ma=("",) * n,
        ma_up=(False,) * n,
        ma_known=(-1,) * n,
        predicted=((),) * n,
        calls=(),
        played=((),) * n,
        invincible=(False,) * n,
        attacks=(0,) * n,
        standalone=(False,) * n,
        passed=(False,) * n,
        last=(),
    )
    return log(
        s, "round.order", f"Round {s.round}: {s.who(s.leader)} is the Leader.", round=s.round
    )


def advance(s: Position) -> Position:
    """Push the next tasks of the phase (the stack is empty)."""
    ph, st = s.phase, s.stage
    if ph == "setup":
        return advance_setup(s)
    if ph == "teamup":
        if st == "choice":
            s = evolve(s, stage="draw")
            if s.round >= 2:
                return push(s, Task("!teamup", s.leader))
            return log(
                s, "teamup.resource", "Round 1: the Leader skips the Experience-or-Gold choice."
            )
        if st == "draw":
            s = evolve(s, stage="deal")
            if not s.monster:
                return s
            return push(s, *[Task("?ma", s.leader) for _ in range(s.n)])
        if st == "deal":
            s = evolve(s, stage="done")
            recipients = s.order()[: len(s.ma_held)]
            return push(s, *[Task("!give", s.leader, amount=k) for k in reversed(recipients)])
        s = evolve(s, phase="plan", stage="")
        size = s.hand_size()
        s = log(
            s,
            "plan.hand-size",
            f"Plan Phase: the Monster is level {'I' * s.level}, hand size {size}.",
        )
        todo = []
        for k in reversed(s.order()):
            need = min(size, len(s.seats[k].deck))
            if need:
                todo.append(Task("!pick", k, amount=need))
        return push(s, *todo)
    if ph == "plan":
        s = evolve(s, phase="combat", step=0, stage="")
        return log(s, "combat.step", "Combat Phase.")
    if ph == "combat":
        if s.step >= 6:
            s = show_predicted(evolve(s, invincible=(False,) * s.n))
            s = evolve(s, phase="buildup", stage="collect", step=0)
            return push(s, Task("collect"))
        step = s.step + 1
        s = evolve(s, step=step, queue=())
        if step == R.MONSTER_STEP:
            return push(s, Task("step3"))
        s = log(s, "combat.step", f"Initiative Step {step}.", step=step)
        return push(s, *[Task("!turn", k) for k in reversed(s.order())])
    if ph == "buildup":
        if st == "collect":
            s = evolve(s, stage="purchase", turn_seat=-1, passed=(False,) * s.n)
        if s.stage == "purchase":
            order = s.order()
            start = order.index(s.turn_seat) + 1 if s.turn_seat >= 0 else 0
            if s.market:
                for j in range(s.n):
                    k = order[(start + j) % s.n]
                    if not s.passed[k]:
                        return push(evolve(s, turn_seat=k), Task("!buy", k))
            s = evolve(s, stage="study")
            return push(s, *[Task("!study", k) for k in reversed(s.order())])
        return cleanup(s)
    if ph == "refresh":
        return refresh(s)
    raise AssertionError(f"no flow for phase {ph!r}")


def show_predicted(s: Position) -> Position:
    """FAQ: before BuildUp, a Predict's target shows the Initiative numbers still in hand."""
    done = set()
    for who, target, *_ in s.calls:
        if (who, target) in done:
            continue
        done.add((who, target))
        nums = sorted({n for c in s.seats[target].hand for n in s.card(c).initiative})
        shown = ", ".join(map(str, nums)) if nums else "no card left"
        s = log(
            s,
            "predict.show",
            f"{s.who(target)} shows {s.who(who)} the Initiative numbers left in hand: {shown}.",
            to=[who, target],
        )
    return s


def cleanup(s: Position) -> Position:
    """CleanUp Phase, its steps in the rulebook's order; the end check comes first."""
    s = evolve(s, phase="cleanup", stage="")
    rich = [k for k in range(s.n) if s.seats[k].stones >= R.END_STONES]
    if rich and not s.end:
        s = evolve(s, end="stones")
    if s.end:
        why = (
            "a player has 9 or more Shadow Stones"
            if s.end == "stones"
            else "the Level III Monster was defeated"
        )
        s = log(s, "cleanup.end-check", f"CleanUp: the game ends ({why}).")
        return victory(s)
    seats = []
    was_boxed = [st.boxed for st in s.seats]
    stun_news: list[str] = []  # when each stunned card comes back, said as it happens
    for i, st in enumerate(s.seats):
        deck = list(st.deck) + list(st.hand)  # ruling: the unplayed Hand goes back too
        boxed = list(st.boxed)
        stunned = []
        for p in st.stunned:
            if p.stun <= 0:
                deck.append(p.card)
                stun_news.append(_stun_back(s, i, p.card))
            else:
                stunned.append(p)
                stun_news.append(_stun_left(s, i, p, new=False))
        for p in st.combat:
            sk = s.card(p.card)
            if p.stun > 0:
                stunned.append(Placed(p.card, stun=p.stun))
                stun_news.append(_stun_left(s, i, p, new=True))
            elif sk.front.has("One Time"):
                boxed.append(p.card)
            else:
                deck.append(p.card)
        stunned = [evolve(p, stun=p.stun - 1) for p in stunned]
        station = []
        damage = st.damage
        for p in st.station:
            sk = s.card(p.card)
            if sk.front.has("One Time") and sk.front.shield and p.broken >= sk.front.shield:
                boxed.append(p.card)
                continue
            p = evolve(p, used_round=0)
            if p.back and sk.back is not None and sk.back.cleanup:
                for e in sk.back.cleanup:
                    if e.verb == "recover":
                        damage = max(0, damage - int(e.args[0]))
                p = evolve(p, back=False, broken=0, damage=0)
            station.append(p)
        items = tuple(evolve(p, used_round=0) for p in st.items)
        seats.append(
            evolve(
                st,
                deck=tuple(sorted(deck)),
                hand=(),
                boxed=tuple(sorted(boxed)),
                combat=(),
                stunned=tuple(stunned),
                station=tuple(station),
                items=items,
                damage=damage,
            )
        )
    s = evolve(s, seats=tuple(seats))
    for k, st in enumerate(s.seats):
        gone = [c for c in st.boxed if st.boxed.count(c) > was_boxed[k].count(c)]
        for c in dict.fromkeys(gone):
            s = log(s, "one-time", f"{s.who(k)}'s {s.name(c)} was One Time: it leaves the game.")
    s = log(
        s,
        "cleanup.combat",
        "CleanUp: Combat Field cards return to the Current Deck; stunned cards go to the "
        "Stunned Area.",
    )
    s = log(
        s,
        "ruling.hand-returns",
        "CleanUp: the cards left in every Hand return to the Current Deck.",
    )
    s = log(s, "cleanup.stun", "CleanUp: one Stun token comes off every card in the Stunned Area.")
    for text in stun_news:
        s = log(s, "cleanup.stun", text)
    s = log(
        s,
        "cleanup.dodge",
        "CleanUp: a faceup Dodge card recovers 1 health and flips back to Flat-Footed.",
    )
    discard = tuple(sorted(s.ma_discard + s.revealed + tuple(k for k in s.ma_held)))
    s = evolve(s, ma_discard=discard, revealed=(), ma_held=(), ma=("",) * s.n, ma_up=(False,) * s.n)
    s = log(
        s,
        "cleanup.ma-discard",
        "CleanUp: the revealed Monster-Action cards go to the discard pile.",
    )
    leader = (s.leader + 1) % s.n
    s = evolve(s, leader=leader, leader_broken=0)
    s = log(
        s,
        "cleanup.leader",
        f"The Leader card passes to {s.who(leader)} (its Shield Point recovers).",
    )
    return evolve(s, phase="refresh", stage="monster")


def _stun_back(s: Position, seat: int, card: str) -> str:
    """A stunned card with no Stun token left, back in its Current Deck (CleanUp Phase)."""
    return (
        f"CleanUp: {s.who(seat)}'s {s.name(card)} has no Stun token left: it leaves the "
        f"Stunned Area for the Current Deck and can be chosen again in round {s.round + 1}."
    )


def _stun_left(s: Position, seat: int, p: Placed, new: bool) -> str:
    """A stunned card losing a Stun token at this CleanUp, and the CleanUp that frees it:
    with ``k`` tokens now it is back in the Current Deck at round ``round + k``'s CleanUp
    (the book's order: free the cards with none, stun the Combat Field's, take one off)."""
    k, r = p.stun, s.round
    back = f"it is back in the Current Deck at round {r + k}'s CleanUp"
    name = f"{s.who(seat)}'s {s.name(p.card)}"
    if new:
        out = " and ".join(f"round {r + j}" for j in range(1, k + 1))
        return (
            f"CleanUp: {name} goes to the Stunned Area with {k} Stun token"
            f"{'s' if k != 1 else ''}, not to the Current Deck; one comes off now. It sits "
            f"out {out}: {back}."
        )
    return f"CleanUp: one Stun token comes off {name} in the Stunned Area: {back}."


def refresh(s: Position) -> Position:
    """Refresh Phase: a new Monster if none is active, then refill the Market."""
    if s.stage == "monster":
        s = evolve(s, stage="market")
        if not s.monster:
            s = evolve(s, level=min(3, s.level + 1))
            return push(s, Task("?monster"))
        return s
    if s.stage == "market":
        slots = R.market_slots(s.n)
        s = evolve(s, stage="done")
        if len(s.market) > slots:
            extra = s.market[slots:]
            s = evolve(
                s, market=s.market[:slots], item_discard=tuple(sorted(s.item_discard + extra))
            )
            s = log(
                s,
                "refresh.overflow",
                f"Refresh: {len(extra)} Item(s) beyond the Market slots are discarded "
                "(most recent first).",
            )
        need = slots - len(s.market)
        have = len(s.item_deck) + len(s.item_discard)
        s = log(s, "refresh.market", "Refresh: empty Market slots are refilled.")
        return push(s, *[Task("?item", -1, target="market") for _ in range(min(need, have))])
    return begin_round(s)


def victory(s: Position) -> Position:
    """Missions revealed, Shadow Stones counted, tie-breaks applied."""
    for k in range(s.n):
        st = s.seats[k]
        if st.mission:
            m = s.card(st.mission)
            ok = R.mission_met(m.verb, m.amount, s.mission_facts(k))
            s = log(
                s,
                "victory.missions",
                f"{s.who(k)} reveals {m.name} ({m.verb} {m.amount}): "
                + (f"done, +{m.reward} Shadow Stones." if ok else "not done."),
                seat=k,
            )
    order, winners = s.final_standings()
    names = " and ".join(s.who(k) for k in winners)
    s = log(
        s,
        "victory.tiebreak" if len(winners) > 1 or _tied(s) else "victory.stones",
        f"{names} {'share the victory' if len(winners) > 1 else 'wins'} with "
        f"{s.final_stones(winners[0])} Shadow Stones.",
        winners=winners,
    )
    return evolve(s, phase="over", finished=True, tasks=())


def _tied(s: Position) -> bool:
    stones = sorted((s.final_stones(k) for k in range(s.n)), reverse=True)
    return len(stones) > 1 and stones[0] == stones[1]
