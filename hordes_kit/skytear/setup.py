"""Setting up a game (rulebook "Setup", steps 1-8) or a described position (walkthroughs).

Every random part is a chance node after the start: the random stronger card of
difficulty 3, the opening hands (one card at a time) and the mulligan's redraw; the
solo player's two minions and the mulligan are decisions.
"""

from __future__ import annotations

from hordes_kit.core.data import slug
from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.state import evolve, put, take
from hordes_kit.skytear.board import new_unit, place
from hordes_kit.skytear.card_checks import PREMADE, heroic_allies
from hordes_kit.skytear.cards import CardSet, load_cards
from hordes_kit.skytear.decks import (
    DIFFICULTY,
    deck_cards,
    deck_problems,
    find_card,
    find_deck,
    game_hordes,
    horde_deck,
    portal_stages,
    team_problems,
)
from hordes_kit.skytear.machine import Ask, Roll, draw_outcomes, handles, push
from hordes_kit.skytear.position import describe
from hordes_kit.skytear.rules import START_HAND, SkyConfig
from hordes_kit.skytear.state import Deck, Position, Seat, Task, emit

__all__ = [
    "setup_position",
    "castle_of",
    "portal_stages",
    "outsider_line",
    "player_decks",
    "find_card",
    "stage_one",
    "enchantment_of",
]


def castle_of(cards: CardSet, name: str):
    """A castle by name."""
    c = cards.castles.get(slug(name))
    if c is None:
        raise InvalidInputError(
            f"no castle {name!r:.60}; castles: {', '.join(x.name for x in cards.castles.values())}"
        )
    return c


def stage_one(cards: CardSet, name: str) -> str:
    """The stage I portal called ``name``."""
    p = cards.portals.get(slug(name))
    if p is None or p.stage != 1:
        ones = ", ".join(x.name for x in cards.portals.values() if x.stage == 1)
        raise InvalidInputError(f"no stage I portal {name!r:.60}; stage I portals: {ones}")
    return p.id


def outsider_line(cards: CardSet, name: str) -> tuple[str, ...]:
    """The outsider cards in the order they join the outsider pile.

    An immortal: its stages; two henchmen ``"A + B"``: as two stages (rulebook
    "Outsider Henchman"); an enchanter or a colossal: its card.
    """
    parts = [p.strip() for p in name.split("+")]
    if len(parts) == 2:
        return tuple(find_card(cards, p, ("henchman",)) for p in parts)
    base = slug(name)
    stages = sorted(
        (c for c in cards.of_kind("outsider") if slug(c.name) == base and c.type == "immortal"),
        key=lambda c: c.stage,
    )
    if stages:
        return tuple(c.id for c in stages)
    c = cards.cards.get(base)
    if c is None or c.kind not in ("outsider", "henchman") or c.type == "appendage":
        outs = sorted({c.name for c in cards.of_kind("outsider") if c.type != "appendage"})
        raise InvalidInputError(f"no outsider {name!r:.60}; outsiders: {', '.join(outs)}")
    return (c.id,)


def enchantment_of(cards: CardSet, line: tuple[str, ...]) -> tuple:
    """The enchantment of the game's enchanter outsider (always active, rulebook "Outsiders")."""
    return tuple((cid, a) for cid in line for a in cards.cards[cid].enchantment)


def player_decks(cards: CardSet, cfg: SkyConfig) -> list[tuple[tuple[str, ...], int]]:
    """Each player's cards (the named decks, else their castle's faction deck) and how many
    heroic allies leave it at random when the game starts (``trim``): a pre-made deck of 41."""
    castles = [castle_of(cards, cfg.castle)]
    if cfg.players == 2:
        if cfg.castle2:
            castles.append(castle_of(cards, cfg.castle2))
        else:
            other = [c for c in cards.castles.values() if c.faction != castles[0].faction]
            castles.append(other[0] if other else castles[0])
    decks = []
    for i in range(cfg.players):
        name = cfg.decks[i] if i < len(cfg.decks) and cfg.decks[i] else castles[i].faction
        d = find_deck(cards, name)
        bad = deck_problems(cards, d, castles[i] if d.castle == "" else None)
        if bad:
            raise InvalidInputError(bad[0])
        decks.append(d)
    bad = team_problems(cards, decks)
    if bad:
        raise InvalidInputError(bad[0])
    out = []
    for d in decks:
        ids = deck_cards(cards, d)
        out.append((ids, 0 if d.cards else max(0, len(ids) - PREMADE)))
    return out


def setup_position(cfg: SkyConfig, cards: CardSet | None = None) -> Position:
    """A standard game's first position: every setup step queued (or the described position)."""
    cards = cards or load_cards(cfg.cards)
    castle = castle_of(cards, cfg.castle)
    portal = stage_one(cards, cfg.portal)
    hordes = game_hordes(cards, cfg.hordes, False)
    fixed, pool, extra = horde_deck(cards, hordes, cfg.difficulty)
    line = outsider_line(cards, cfg.outsider)
    minions = tuple(sorted(c.id for c in cards.of_kind("minion")))
    decks = player_decks(cards, cfg)
    seats = tuple(Seat(deck=Deck(middle=d)) for d, _ in decks)
    s = Position(
        config=cfg,
        seats=seats,
        dead_minions=minions,
        castle=castle.id,
        castle_hp=castle.health,
        portal=portal,
        portal_pile=portal_stages(cards),
        outsider_line=line,
        horde_deck=fixed,
        enchant=enchantment_of(cards, line),
        cards=cards,
    )
    s = emit(
        s,
        "setup",
        f"Setup: {castle.name}, {', '.join(hordes)} at difficulty "
        f"{cfg.difficulty} ({len(fixed)} cards), {s.card(line[0]).name}, {s.name(portal)}.",
    )
    s = emit(
        s,
        "ruling.difficulty",
        f"Difficulty {cfg.difficulty} takes power level(s) "
        f"{', '.join(map(str, DIFFICULTY[cfg.difficulty][0]))} of the card data"
        + (" and one random card of the strongest." if extra else "."),
    )
    if cfg.players > 1:
        s = emit(
            s,
            "ruling.shared-decisions",
            "Co-op: choices the rulebook leaves to 'you' "
            "(ties, order, which player draws) are asked of Player 1; a player's own card "
            "asks that player.",
        )
    if cfg.position is not None:
        return describe(s, cfg.position)
    tasks = []
    if extra:
        tasks.append(Task("level3", (pool, extra)))
    for i, (_, extra) in enumerate(decks):
        tasks += [Task("trim", (i,))] * extra
    if cfg.players == 1:
        tasks += [Task("minion_pick")] * 2
    else:
        tasks += [Task("minion_all")]
    for i in range(cfg.players):
        tasks += [Task("draw", (i, START_HAND, "setup.draw")), Task("mulligan", (i,))]
    tasks.append(Task("turn"))
    return evolve(s, tasks=tuple(tasks))


@handles("trim")
def trim(s: Position, t: Task):
    """Setup: "you have 41 cards per faction instead of 40. Remove 1 heroic ally at random"
    (a chance node; the card leaves the game)."""
    (seat,) = t.args
    deck = s.seats[seat].deck
    if not t.picks:
        return Roll(draw_outcomes("remove", heroic_allies(s.cards, deck.cards())))
    card = t.picks[0]
    who = "your" if s.players == 1 else f"Player {seat + 1}'s"
    return emit(
        s,
        "setup.forty-one",
        f"{s.name(card)} is removed from {who} deck at random ({deck.size} -> "
        f"{deck.size - 1} cards).",
        {"card": card},
        seats=s.seat_with(seat, deck=Deck(middle=take(deck.middle, card))),
    )


@handles("level3")
def level3(s: Position, t: Task):
    """Difficulty 3: add one random card of the strongest power level (a chance node)."""
    pool, n = t.args
    if not t.picks:
        return Roll(draw_outcomes("random", pool))
    card = t.picks[0]
    s = emit(
        s,
        "setup.difficulty",
        f"Difficulty 3: the random stronger card is {s.name(card)}.",
        horde_deck=put(s.horde_deck, card),
    )
    return push(s, Task("level3", (take(pool, card), n - 1))) if n > 1 else s


def _minion_enters(s: Position, m: str) -> Position:
    s, u = new_unit(s, m, "horde", hp=1)
    return evolve(place(s, u, -1), dead_minions=take(s.dead_minions, m))


@handles("minion_pick")
def minion_pick(s: Position, t: Task):
    """Solo: 1 health token on two different minions of your choice."""
    if not t.picks:
        opts = tuple((f"minion:{m}", m) for m in s.dead_minions)
        return Ask(0, opts, "Setup (solo): put 1 health token on a minion of your choice.")
    m = t.picks[0]
    return emit(_minion_enters(s, m), "setup.minions", f"{s.name(m)} gets 1 health token.")


@handles("minion_all")
def minion_all(s: Position, t: Task):
    """Co-op: 1 health token on each minion."""
    for m in tuple(s.dead_minions):
        s = _minion_enters(s, m)
    return emit(s, "setup.minions", "Co-op: each minion gets 1 health token.")


@handles("mulligan")
def mulligan(s: Position, t: Task):
    """Set aside any cards of the opening hand, draw as many, shuffle the set-aside ones back."""
    (seat,) = t.args
    st = s.seats[seat]
    if t.picks:
        card = t.picks[0]
        if card is None:
            n = len(st.aside)
            if not n:
                return s
            s = emit(s, "setup.mulligan", f"Mulligan: {n} card(s) set aside, draw {n}.")
            return push(s, Task("draw", (seat, n, "setup.mulligan")), Task("shuffle_back", (seat,)))
        s = evolve(s, seats=s.seat_with(seat, hand=take(st.hand, card), aside=put(st.aside, card)))
        who = "You set" if s.players == 1 else f"Player {seat + 1} sets"
        s = emit(s, "setup.mulligan", f"{who} aside {s.name(card)}.", {"card": card})
        return push(s, Task("mulligan", (seat,)))
    opts = tuple((f"mulligan:{c}", c) for c in dict.fromkeys(st.hand)) + (("keep", None),)
    who = "your" if s.players == 1 else f"Player {seat + 1}'s"
    return Ask(seat, opts, f"Mulligan {who} hand: set aside a card, or keep the rest.")


@handles("shuffle_back")
def shuffle_back(s: Position, t: Task):
    """The set-aside cards are shuffled back into the deck."""
    (seat,) = t.args
    st = s.seats[seat]
    deck = Deck(middle=tuple(sorted(st.deck.cards() + st.aside)))
    return emit(
        s,
        "setup.mulligan",
        "The set-aside cards are shuffled back into the deck.",
        seats=s.seat_with(seat, deck=deck, aside=()),
    )
