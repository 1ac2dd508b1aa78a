"""The Horde phase: mana, the wave, summoning, reinforce, the outsider pile.

Rulebook "How to Play: Horde Phase", "How to Summon Horde Cards", "Outsiders", glossary
CONCEALED, REINFORCE, CARD TOKENS (the treachery card is in ``treachery.py``).
"""

from __future__ import annotations

from hordes_kit.core.state import evolve, put, take
from hordes_kit.skytear.board import (
    add_tokens,
    discard_to,
    gain_mana,
    horde_outcomes,
    move_to_back,
    move_to_lane,
    new_unit,
    place,
    remove_unit,
    replace_unit,
    to_outsider_pile,
)
from hordes_kit.skytear.effects import ability_tasks
from hordes_kit.skytear.engage import ally_lanes, probe, shunned
from hordes_kit.skytear.machine import Ask, Roll, draw_outcomes, handles, push
from hordes_kit.skytear.rules import colossal_lanes, leftmost_free, reinforce_choices
from hordes_kit.skytear.state import Position, Task, emit
from hordes_kit.skytear.stats import keyword

__all__ = ["TURN_TASKS", "physical_deck", "reshuffle", "monsters_present"]

TURN_TASKS = (
    "gain_mana",
    "turn_abilities",
    "wave",
    "reinforce_phase",
    "outsider_pile",
    "rotate",
    "alliance_phase",
    "end_alliance",
    "treachery",
    "reactions",
    "fight_phase",
    "pillage_phase",
    "return_pillagers",
    "end_phase",
)


def physical_deck(s: Position) -> int:
    """Cards really in the horde deck (concealed cards' identities excluded)."""
    return len(s.horde_deck) - s.hidden


@handles("turn")
def turn(s: Position, t: Task):
    """A new turn: the six phases in order, starting with the Horde phase."""
    s = emit(
        s,
        "turn",
        f"Turn {s.turn + 1}: Horde phase.",
        {"turn": s.turn + 1},
        turn=s.turn + 1,
        phase="horde",
        treachery="",
        boosted=0,
        pile_wait=0,
    )
    return push(s, *(Task(k) for k in TURN_TASKS))


@handles("gain_mana")
def gain(s: Position, t: Task):
    """Step 1: each player gains the portal's mana boost."""
    wave, reinforce, mana = s.portal_numbers()
    for seat in range(s.players):
        s = gain_mana(s, seat, mana, "horde.gain-mana", f"Portal mana boost {mana}")
    return s


@handles("turn_abilities")
def turn_abilities(s: Position, t: Task):
    """Enchantments and cards that act at the start of each horde phase."""
    tasks = [Task("ability", (0, cid, a, -1)) for cid, a in s.enchant if a.trigger == "turn"]
    for _, _, u in s.units():
        tasks += ability_tasks(s, u.uid, u.card, "turn", u.owner)
    return push(s, *tasks)


@handles("wave")
def wave(s: Position, t: Task):
    """Step 2: summon as many horde cards as the portal's wave number, one at a time."""
    n = s.portal_numbers()[0]
    s = emit(s, "horde.wave", f"The portal's wave is {n}: summon {n} horde card(s).", {"wave": n})
    return push(s, *([Task("summon", ("normal",))] * n))


def reshuffle(s: Position) -> Position:
    """The horde deck ran out: its discard pile becomes the new deck (shuffled)."""
    pool = s.horde_deck  # left over: identities of cards concealed from the old deck
    units = [u for _, _, u in s.units() if u.concealed and not u.old_pool]
    for u in units:
        s = replace_unit(s, evolve(u, old_pool=True))
    return emit(
        s,
        "horde.reshuffle",
        "The horde deck is empty: shuffle its discard pile into a new horde deck.",
        horde_deck=s.horde_discard,
        horde_discard=(),
        concealed_pool=s.concealed_pool + pool,
        hidden=s.hidden - len(units),
    )


@handles("summon")
def summon(s: Position, t: Task):
    """Take the top horde card (a chance node) and summon it; ``conceal``: face down."""
    (mode,) = t.args
    if not t.picks:
        if physical_deck(s) <= 0:
            if not s.horde_discard:
                return emit(s, "ruling.no-horde-cards", "No horde cards left to summon.")
            return push(reshuffle(s), t)
        if mode == "conceal-back":
            s, u = new_unit(s, "", "horde")
            return emit(
                place(s, u, -1),
                "keywords.concealed",
                "A horde card enters the back line face down "
                "(a monster token with 1 health and 0 attack).",
                hidden=s.hidden + 1,
            )
        lane = leftmost_free([u is not None for u in s.monsters])
        if mode == "conceal" and lane >= 0:
            s, u = new_unit(s, "", "horde")
            s = place(s, u, lane)
            return emit(
                s,
                "keywords.concealed",
                f"A horde card enters lane {lane + 1} face down "
                "(a monster token with 1 health and 0 attack).",
                hidden=s.hidden + 1,
            )
        return Roll(horde_outcomes(s))
    card = t.picks[0]
    s = emit(
        s,
        "horde.summon",
        f"Summon {s.name(card)}.",
        {"card": card},
        horde_deck=take(s.horde_deck, card),
    )
    return push(s, Task("enter", (card, "summon")), Task("boost", (card,)))


def monsters_present(s: Position) -> list[bool]:
    """Which lanes have a monster (the front line, left to right)."""
    return [u is not None for u in s.monsters]


def _monster_enters(s: Position, card: str, token: bool = False) -> Position:
    c = s.card(card)
    lane = leftmost_free(monsters_present(s))
    if keyword_card(c, "pillager"):
        s, u = new_unit(s, card, "horde", token=token)
        s = place(s, u, -1)
        s = emit(s, "keywords.pillager", f"{c.name} has Pillager: it goes to the back line.")
        return push(s, *ability_tasks(s, u.uid, card, "play", -1))
    if lane < 0:
        return emit(
            to_outsider_pile(s, card),
            "ruling.token-pile" if token else "horde.lanes-full",
            f"All six lanes have monsters: {c.name} goes to the bottom of the outsider pile "
            "(it cannot be summoned until the next turn).",
            {"card": card},
        )
    if shunned(s, probe(card, "horde"), lane):
        return push(s, Task("closest_lane", (card, token, lane, 0)))
    s, u = new_unit(s, card, "horde", token=token)
    s = place(s, u, lane)
    s = emit(
        s,
        "horde.monster",
        f"{c.name} enters lane {lane + 1}, the leftmost without a monster.",
        {"card": card, "lane": lane + 1},
    )
    return push(s, *ability_tasks(s, u.uid, card, "play", -1))


def keyword_card(c, kw: str) -> int:
    """A printed keyword of a card (not in play yet)."""
    return c.kw.get(kw, 0)


def _colossal(s: Position, card: str) -> Position:
    c = s.card(card)
    compact, start = colossal_lanes(monsters_present(s), len(c.layout))
    if start < 0:
        return emit(
            to_outsider_pile(s, card),
            "ruling.colossal-no-room",
            f"{c.name} needs {len(c.layout)} free adjacent lanes: "
            "it waits at the bottom of the outsider pile until the next turn.",
        )
    if compact:
        row = [u for u in s.monsters if u is not None]
        for i, u in enumerate(row):
            if s.lane_of(u.uid) != i:
                s = move_to_lane(s, u.uid, i)
        s = emit(s, "outsiders.colossal", "The horde cards are compacted to the left to make room.")
    tasks = []
    for i, part in enumerate(c.layout):
        s, u = new_unit(s, part, "horde")
        s = place(s, u, start + i)
        tasks += ability_tasks(s, u.uid, part, "play", -1)
    names = ", ".join(s.name(p) for p in c.layout)
    s = emit(
        s,
        "outsiders.colossal",
        f"{c.name} enters lanes {start + 1}-{start + len(c.layout)}: {names}.",
    )
    if len(tasks) > 1:
        return push(s, Task("order", (tuple(tasks),)))
    return push(s, *tasks)


@handles("enter")
def enter(s: Position, t: Task):
    """Summon a horde card by its type (monster, spell, attachment; outsiders; card tokens)."""
    card, how = t.args
    c = s.card(card)
    if c.kind in ("outsider", "henchman"):
        if c.type == "colossal":
            return _colossal(s, card)
        return _monster_enters(s, card)
    if c.kind == "token":
        return _monster_enters(s, card, token=True)
    if c.type == "monster":
        return _monster_enters(s, card)
    if c.type == "spell":
        if c.treachery_only:
            s = emit(
                s,
                "ruling.treachery-only",
                f"{c.name} has only a treachery ability: "
                "summoned, it does nothing and is discarded.",
            )
        s = emit(s, "horde.spell", f"{c.name} is a spell: resolve it and discard it.")
        return push(s, *ability_tasks(s, 0, card, "play", -1), Task("to_discard", (card,)))
    tasks = ability_tasks(s, 0, card, "play", -1)
    if not any(e.verb == "attach" for a in c.triggered("play") for e in a.effects):
        return emit(
            to_outsider_pile(s, card),
            "horde.attachment",
            f"{c.name} cannot attach: it goes to the bottom of the outsider pile "
            "(it cannot be summoned until the next turn).",
        )
    return push(s, *tasks)


@handles("to_discard")
def to_discard(s: Position, t: Task):
    """A horde spell goes to the horde discard pile once resolved."""
    (card,) = t.args
    return evolve(s, horde_discard=put(s.horde_discard, card))


@handles("boost")
def boost(s: Position, t: Task):
    """One player gains the card's mana boost; in co-op a +2 may be split between you."""
    card = t.args[0]
    rule = t.args[1] if len(t.args) > 1 else "horde.mana-boost"
    n = s.card(card).boost
    if n <= 0:
        return s
    why = f"{s.name(card)}'s mana boost"
    if s.players == 1:
        return gain_mana(s, 0, n, rule, why)
    if t.picks:
        pick = t.picks[0]
        if pick == "split":
            s = gain_mana(s, 0, n // 2, "cooperative.boost-split", why)
            return gain_mana(s, 1, n - n // 2, "cooperative.boost-split", why)
        return gain_mana(s, pick, n, rule, why)
    opts = [(f"boost:{i + 1}", i) for i in range(s.players)]
    if n >= 2:
        opts.append(("boost:split", "split"))
    return Ask(0, tuple(opts), f"{s.name(card)}: mana boost +{n}. Which player gains it?")


@handles("reinforce_phase")
def reinforce_phase(s: Position, t: Task):
    """Step 3: the portal's reinforce number of health tokens, one at a time."""
    n = s.portal_numbers()[1]
    if n <= 0:
        return emit(s, "horde.reinforce", "The portal's reinforce number is 0.")
    s = emit(s, "horde.reinforce", f"The portal's reinforce number is {n}.", {"reinforce": n})
    return push(s, *([Task("reinforce")] * n))


@handles("reinforce")
def reinforce(s: Position, t: Task):
    """REINFORCE 1: a health token on the minion with the fewest (destroyed ones count, 0)."""
    tokens = s.minion_tokens()
    if t.picks:
        target = t.picks[0]
    else:
        choices = reinforce_choices(tokens)
        if not choices:
            return s
        if len(choices) > 1:
            opts = tuple((f"reinforce:{m}", m) for m in choices)
            names = ", ".join(s.name(m) for m in choices)
            return Ask(0, opts, f"Reinforce 1: {names} have the fewest health tokens. Which one?")
        target = choices[0]
    if target in s.dead_minions:
        s, u = new_unit(s, target, "horde", hp=1)
        s = evolve(place(s, u, -1), dead_minions=take(s.dead_minions, target))
        return emit(
            s,
            "ruling.reinforce",
            f"Reinforce 1: {s.name(target)} gains a health token "
            "and comes back into play in the back line.",
            {"minion": target},
        )
    u = next(u for _, _, u in s.units() if u.card == target)
    s = add_tokens(s, u.uid, "health", 1)
    return emit(
        s,
        "ruling.reinforce",
        f"Reinforce 1: {s.name(target)} gains a health token "
        f"({tokens[target]} -> {tokens[target] + 1}).",
        {"minion": target},
    )


@handles("outsider_pile")
def outsider_pile(s: Position, t: Task):
    """Step 4: summon every card in the outsider pile, top to bottom, but those that found
    no room this turn ("it cannot be summoned until the next turn")."""
    n = len(s.outsider_pile) - s.pile_wait
    pile, waiting = s.outsider_pile[:n], s.outsider_pile[n:]
    if waiting:
        s = emit(
            s,
            "horde.lanes-full",
            "Not summoned until the next turn (no room for them this turn): "
            + ", ".join(s.name(c) for c in waiting)
            + ".",
        )
    if not pile:
        return s
    s = emit(
        s,
        "horde.outsider-pile",
        "Summon the outsider pile, top to bottom: " + ", ".join(s.name(c) for c in pile) + ".",
        outsider_pile=waiting,
    )
    if any(s.card(c).kind == "horde" and s.card(c).boost for c in pile):
        s = emit(
            s,
            "ruling.pile-boost",
            "A horde card in the outsider pile gave its mana boost when it was first "
            "summoned: it does not give it again.",
        )
    return push(s, *(Task("enter", (card, "pile")) for card in pile))


@handles("rotate")
def rotate(s: Position, t: Task):
    """Step 5: rotate the portal 90 degrees clockwise (next turn's numbers)."""
    s = evolve(s, rotation=(s.rotation + 1) % 4, phase="alliance")
    w, r, m = s.portal_numbers()
    return emit(
        s, "horde.rotate", f"The portal turns: next horde phase wave {w}, reinforce {r}, mana {m}."
    )


@handles("reveal")
def reveal(s: Position, t: Task):
    """A concealed card is turned face up and summoned (a monster stays in its lane)."""
    (uid,) = t.args
    u = s.unit(uid)
    if u is None or not u.concealed:
        return s
    pool = s.concealed_pool if u.old_pool else s.horde_deck
    if not t.picks:
        return Roll(draw_outcomes("reveal", pool))
    card = t.picks[0]
    if u.old_pool:
        s = evolve(s, concealed_pool=take(s.concealed_pool, card))
    else:
        s = evolve(s, horde_deck=take(s.horde_deck, card), hidden=s.hidden - 1)
    c = s.card(card)
    lane = s.lane_of(uid)
    where = f"lane {lane + 1}" if lane >= 0 else "the back line"
    s = emit(
        s,
        "keywords.concealed" if lane >= 0 else "ruling.concealed-back-line",
        f"The face-down card in {where} is {c.name}."
        + (" A monster stays in the back line." if lane < 0 and c.type == "monster" else ""),
        {"card": card},
    )
    if c.type == "monster":
        s = replace_unit(s, evolve(u, card=card))
        if keyword(s, s.unit(uid), "pillager"):
            s = move_to_back(s, uid)
        tasks = [*ability_tasks(s, uid, card, "play", -1), Task("boost", (card,))]
        if lane >= 0 and s.lane_of(uid) == lane and shunned(s, s.unit(uid), lane):
            tasks.insert(0, Task("closest_lane", (card, False, lane, uid)))
        return push(s, *tasks)
    for att, owner in u.attached:  # not a monster: nothing stays beneath it (glossary)
        s = discard_to(s, att, owner)
    s = remove_unit(s, uid)  # (in a lane or the back line)
    return push(s, Task("enter", (card, "reveal")), Task("boost", (card,)))


@handles("token")
def token(s: Position, t: Task):
    """Create a card token: an ally token in a lane of your choice, a monster token summoned."""
    name, seat = t.args
    c = s.card(name)
    if c.type == "monster":
        return _monster_enters(s, name, token=True)
    owner = max(seat, 0)
    free = ally_lanes(s, probe(name, "alliance", owner))
    if not free:
        return emit(s, "card-tokens", f"No lane without alliance cards: no {c.name} token.")
    if not t.picks and len(free) > 1:
        return Ask(owner, tuple((f"lane:{i + 1}", i) for i in free), f"Place the {c.name} token:")
    lane = t.picks[0] if t.picks else free[0]
    s, u = new_unit(s, name, "alliance", owner, token=True)
    s = place(s, u, lane)
    s = emit(s, "card-tokens", f"A {c.name} token enters lane {lane + 1}.")
    return push(s, *ability_tasks(s, u.uid, name, "play", owner))
