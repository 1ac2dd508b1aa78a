"""Damage and destruction: armor and barrier, the four steps of Destruction, the loss checks.

Rulebook "Destruction" and glossary DESTRUCTION: a card at 0 health or less is tagged
for destruction (irreversibly); its sequence interrupts any ability being resolved and
is not interrupted by others, so cards that fall meanwhile wait their turn. Several
cards falling at once: the players choose the order (when it can matter).
"""

from __future__ import annotations

from hordes_kit.core.state import evolve, put
from hordes_kit.skytear.board import (
    damaged_tasks,
    discard_to,
    remove_unit,
    replace_unit,
    to_outsider_pile,
)
from hordes_kit.skytear.machine import Ask, handles, push
from hordes_kit.skytear.rules import absorb
from hordes_kit.skytear.state import Position, Task, Unit, emit, quiet
from hordes_kit.skytear.stats import armor_left, board_statics, has, health, same_board
from hordes_kit.skytear.targets import unit_label

__all__ = ["deal", "doom", "check", "lose", "draws_on_destruction", "to_hand"]

OUTSIDER_KINDS = ("outsider", "henchman")


def deal(
    s: Position, uid: int, n: int, rule: str, why: str, *, triggers: bool = True
) -> tuple[Position, int]:
    """A unit takes ``n`` damage: armor prevents first, then a Barrier caps it at one. Its
    "after this card is damaged" abilities are queued (``triggers``; a strike orders them
    with the other abilities it triggers) when any damage got through."""
    u = s.unit(uid)
    if u is None or n <= 0:
        return s, 0
    taken, used = absorb(n, armor_left(s, u), has(s, u, "barrier"), u.damage > 0)
    s = replace_unit(s, evolve(u, hp=u.hp - taken, used=u.used + used))
    # the forecast's inner runs read no such line: no text made for it
    if not quiet(s, rule, "uid", "damage"):
        notes = []
        if used:
            notes.append(f"armor prevents {used}")
        if taken == 1 and n - used > 1:
            notes.append("barrier: a single damage")
        extra = f" ({', '.join(notes)})" if notes else ""
        text = f"{why}: {unit_label(s, u)} takes {taken} damage{extra}."
        s = emit(s, rule, text, {"uid": uid, "damage": taken})
    if used and not quiet(s, "keywords.armor"):
        s = emit(s, "keywords.armor", f"Armor: {used} damage prevented ({_left(s, uid)}).")
    if taken == 1 and n - used > 1:
        s = emit(
            s, "keywords.barrier", "Barrier: the card had no damage, so it takes a single one."
        )
    if taken and triggers:
        s = push(s, *damaged_tasks(s, uid))
    return s, taken


def _left(s: Position, uid: int) -> str:
    """The armor a unit has left this turn, in words."""
    return f"{armor_left(s, s.unit(uid))} armor left this turn"


def doom(s: Position, uid: int) -> Position:
    """Tag a unit for destruction (it will be destroyed even if it heals)."""
    if uid in s.doomed or s.destroying == uid or s.unit(uid) is None:
        return s
    return evolve(s, doomed=s.doomed + (uid,))


def lose(s: Position, rule: str, text: str) -> Position:
    """All players lose at once (a loss beats a win declared later in the turn)."""
    if s.win_pending:
        s = emit(
            s,
            "ruling.loss-first",
            "The outsider fell this turn, but a loss is immediate "
            "and comes before the end phase's win.",
        )
    return emit(
        s,
        rule,
        text + " All players lose.",
        {"result": "loss"},
        result="loss",
        phase="over",
        tasks=(),
    )


def draws_on_destruction(s: Position, u: Unit) -> bool:
    """Non-token monsters have "Destroyed: one player may draw a card" (minions, outsiders too)."""
    return u.side == "horde" and not u.token and not u.concealed


def _has_destroyed_abilities(s: Position, u: Unit) -> bool:
    c = s.unit_card(u)
    return draws_on_destruction(s, u) or (c is not None and bool(c.triggered("destroyed")))


def check(s: Position) -> Position:
    """State checks between steps: the losses, then cards at 0 health start their destruction."""
    if s.result:
        return s
    if s.castle_hp <= 0 and s.phase not in ("setup", "campaign"):
        return lose(s, "winning.castle", "The castle is destroyed.")
    if s.config.empty_deck == "at-zero" and s.phase not in ("setup", "campaign"):
        for i, seat in enumerate(s.seats):
            deck = seat.deck
            if not (deck.top or deck.middle or deck.bottom):  # deck.size == 0, asked often
                who = f"Player {i + 1}'s" if s.players > 1 else "Your"
                return lose(s, "ruling.empty-deck", f"{who} alliance deck is empty.")
    doomed, destroying = s.doomed, s.destroying
    for uid in _falling(s):
        if uid not in doomed and uid != destroying:
            doomed += (uid,)
    if doomed != s.doomed:
        s = evolve(s, doomed=doomed)
    if not s.win_pending:
        s = _outsider_falls(s)
    if s.destroying or not s.doomed:
        return s
    if s.tasks and s.tasks[0].kind in ("elusive", "doom_order"):
        return s  # Elusive resolves before the engaged monster's "Destroyed:" (glossary)
    live = [uid for uid in s.doomed if s.unit(uid) is not None]
    if len(live) != len(s.doomed):
        s = evolve(s, doomed=tuple(live))
    if not live:
        return s
    with_abilities = [uid for uid in live if _has_destroyed_abilities(s, s.unit(uid))]
    if len(with_abilities) >= 2:
        return push(s, Task("doom_order"))
    first = with_abilities[0] if with_abilities else live[0]
    return _start(s, first)


# The last board's cards at 0 health (or a tower out of charges): the checks run between
# every two steps that change anything, mostly on a board whose units did not change.
# Kept with the very tuples it was read from, as ``stats.board_statics`` keeps its own.
_FALLING: tuple = (None, None, None, None, None, ())


def _falling(s: Position) -> tuple[int, ...]:
    """The uids of the cards in play to tag for destruction (row by row, lane order); what
    each one's health is depends on the units, the enchantment and the cards only."""
    global _FALLING
    last = _FALLING
    if same_board(last, s):
        return last[5]
    cards = s.cards.cards
    sources, exact = board_statics(s)
    out = []
    for row in (s.monsters, s.allies, s.back):
        for u in row:
            if u is None:
                continue
            c = cards[u.card] if u.card else None
            hp = health(s, u, sources) if exact or u.mods else (c.health if c else 1) + u.hp
            if hp <= 0 or (c is not None and c.type == "tower" and u.charged and not u.charges):
                out.append(u.uid)
    falling = tuple(out)
    _FALLING = (s.monsters, s.allies, s.back, s.enchant, s.cards, falling)
    return falling


def _outsider_falls(s: Position) -> Position:
    """The outsider is destroyed when it is tagged for destruction (0 health or less, or a
    "destroy"): "All players win at the end of the turn in which the outsider is destroyed",
    whatever its "Destroyed:" abilities do before it leaves play (the sequence is irreversible)."""
    if s.outsider_line or (s.campaign is not None and s.campaign.game == 1):
        return s  # a stage still to come, or the first campaign game's portal is the outsider
    for uid in s.doomed + ((s.destroying,) if s.destroying else ()):
        u = s.unit(uid)
        c = s.unit_card(u) if u is not None else None
        if c is not None and c.kind in OUTSIDER_KINDS and c.type != "appendage":
            return emit(
                s,
                "winning.outsider",
                f"{c.name}, the outsider, is destroyed: you win at the "
                "end of this turn (unless you lose first).",
                win_pending=True,
            )
    return s


def _start(s: Position, uid: int) -> Position:
    u = s.unit(uid)
    s = emit(
        s,
        "destruction",
        f"{unit_label(s, u)} has 0 health or less: it is destroyed.",
        {"uid": uid, "card": u.card},
        destroying=uid,
        doomed=tuple(x for x in s.doomed if x != uid),
    )
    return push(s, Task("destroyed", (uid,)))


@handles("doom_order")
def doom_order(s: Position, t: Task):
    """Several cards fall at once: the players choose whose destruction resolves first."""
    live = [uid for uid in s.doomed if s.unit(uid) is not None]
    if t.picks:
        return _start(s, t.picks[0])
    opts = tuple((f"first:{s.ref(uid)}", uid) for uid in live)
    names = ", ".join(unit_label(s, s.unit(uid)) for uid in live)
    return Ask(0, opts, f"These fall at the same time: {names}. Which is destroyed first?")


def to_hand(s: Position, uid: int, why: str) -> Position:
    """The card leaves play for its owner's hand: the destruction sequence runs with its
    last step replaced (glossary DESTRUCTION: "the card is drawn back in hand")."""
    u = s.unit(uid)
    if u is None or uid in s.doomed or s.destroying == uid:
        return s
    s = emit(
        s,
        "abilities.return",
        f"{why}: {unit_label(s, u)} leaves play for its owner's hand (its Destroyed: "
        "abilities first, its tokens and attachments discarded).",
        {"uid": uid, "card": u.card},
        destroying=uid,
    )
    return push(s, Task("destroyed", (uid, "hand")))


@handles("destroyed")
def destroyed(s: Position, t: Task):
    """Step 1: resolve its "Destroyed:" abilities (and the universal draw of a monster)."""
    uid = t.args[0]
    step3 = "hand" if t.args[1:] == ("hand",) else "leave"
    u = s.unit(uid)
    tasks = []
    c = s.unit_card(u)
    if c is not None:
        tasks += [Task("ability", (uid, u.card, a, u.owner)) for a in c.triggered("destroyed")]
    if draws_on_destruction(s, u):
        if tasks:
            s = emit(
                s,
                "ruling.ability-order",
                f"{c.name}: its own 'Destroyed:' abilities "
                "resolve in printed order, then the draw every monster has.",
            )
        tasks.append(Task("may_draw", (u.card,)))
    tasks += [Task("strip", (uid,)), Task(step3, (uid,))]
    return push(s, *tasks)


@handles("hand")
def hand(s: Position, t: Task):
    """Step 3 replaced: the card goes to its owner's hand (a card token to the reserve)."""
    (uid,) = t.args
    u = s.unit(uid)
    c = s.unit_card(u)
    s = remove_unit(s, uid, destroying=0)
    if u.token or u.side != "alliance":
        return emit(s, "card-tokens", f"{c.name} (a card token) goes back to the reserve.")
    seat = s.seats[u.owner]
    who = f"Player {u.owner + 1}'s" if s.players > 1 else "your"
    s = emit(s, "abilities.return", f"{c.name} is back in {who} hand.")
    return evolve(s, seats=s.seat_with(u.owner, hand=put(seat.hand, c.id)))


@handles("strip")
def strip(s: Position, t: Task):
    """Step 2: discard its tokens and attachments."""
    (uid,) = t.args
    u = s.unit(uid)
    for card, owner in u.attached:
        s = discard_to(s, card, owner)
    bare = evolve(u, hp=0, atk=0, tatk=0, arm=0, tarm=0, used=0, charges=0, attached=(), mods=())
    return replace_unit(s, bare)


@handles("leave")
def leave(s: Position, t: Task):
    """Step 3: the card leaves play: discard pile, set aside, or removed (tokens, appendages)."""
    (uid,) = t.args
    u = s.unit(uid)
    c = s.unit_card(u)
    s = remove_unit(s, uid, destroying=0)
    if u.token:
        return emit(s, "card-tokens", f"{c.name} (a card token) goes back to the reserve.")
    if c.kind == "minion":
        return emit(
            s,
            "destruction",
            f"{c.name} is set aside (a destroyed minion).",
            dead_minions=tuple(sorted(s.dead_minions + (c.id,))),
        )
    if c.kind in OUTSIDER_KINDS:
        s = evolve(s, outsider_out=s.outsider_out + (c.id,))
        if c.type == "appendage":
            return emit(
                s, "outsiders.colossal", f"{c.name} (an appendage) is removed from the game."
            )
        if s.outsider_line:
            nxt = s.outsider_line[0]
            return emit(
                to_outsider_pile(s, nxt, waits=False),
                "outsiders.immortal",
                f"{c.name} is destroyed: {s.name(nxt)} goes to the bottom of the outsider pile.",
                outsider_line=s.outsider_line[1:],
            )
        return s  # the win was marked when it was tagged for destruction (_outsider_falls)
    return discard_to(s, c.id, u.owner if u.side == "alliance" else -1)
