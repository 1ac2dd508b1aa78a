"""The semantic checks of a Skytear Horde card file, run by the loader wherever card text
enters (check-data, a game's start, a save's Load, a link, a table): what the cards name
exists, custom decks keep their castle's rules, and a game can start and play (a castle,
a stage I portal, an outsider, horde cards of every power level, two minions). Each failure is a
``CardDataError`` naming the file, the card and the field."""

from __future__ import annotations

from collections import Counter

from hordes_kit.core.errors import CardDataError, InvalidInputError
from hordes_kit.skytear.card_model import COPY_LIMIT, Card, CardSet, Castle, Deck

__all__ = [
    "MIN_MINIONS",
    "check_links",
    "check_words",
    "check_playable",
    "find_deck",
    "deck_cards",
    "deck_problems",
    "heroic_allies",
    "team_problems",
]

MIN_MINIONS = 2  # Setup (solo): 1 health token on two different minions
# "each player shuffles together 40 alliance cards"; with 41, "remove 1 heroic ally at random"
PREMADE = 40
# targets that can only name a horde card (or the castle, the portal): no owner's hand
HORDE_ONLY = {
    "boosted",
    "monster",
    "lane-monster",
    "non-epic-monster",
    "unengaged-monster",
    "wounded-monster",
    "minion",
    "strongest-monster",
    "weakest-monster",
    "most-wounded-monster",
    "leftmost-monster",
    "rightmost-monster",
    "all-monsters",
    "all-lane-monsters",
    "all-minions",
    "adjacent-monster",
    "monster-within-1",
}
# effects that change a card in play: the castle and the portal are not such cards
ON_CARDS = ("temp-health", "gain", "temp-gain", "remove", "return")
# targets measured from the card's own lane: a spell has none
FROM_ITS_LANE = ("adjacent-monster", "monster-within-1")


def _word_problem(c: Card, e) -> str:
    """Why an effect of this card could never do what it says ("" when it can)."""
    if e.verb in ON_CARDS and e.target in ("castle", "portal"):
        return f"{e.text!r:.60}: {e.verb} changes a card in play, not the {e.target}"
    if e.verb == "return":
        own_side = c.kind != "alliance"  # self and neighbors are the card's own side
        horde = e.target in HORDE_ONLY or (e.target in ("self", "neighbors") and own_side)
        horde = horde or (e.target == "engaged" and not own_side)
        if horde:
            return (
                f"{e.text!r:.60}: a horde card has no owner's hand to return to (write a "
                "target that is an ally or a tower)"
            )
    if e.target in FROM_ITS_LANE and c.type == "spell":
        return f"{e.text!r:.60}: a spell never enters a lane, so nothing is adjacent to it"
    return ""


def check_links(cards: CardSet) -> None:
    """Every token, appendage, body and deck card a card names is in the file."""
    file, by_id = cards.source, cards.cards
    tokens = {c.id for c in by_id.values() if c.kind == "token"}
    for c in by_id.values():
        for a in (*c.abilities, *c.enchantment):
            for e in a.effects:
                if e.verb == "token" and e.extra[0] not in tokens:
                    raise CardDataError(
                        file, c.name, "abilities", f"no [[token]] called {e.extra[0]!r:.60}"
                    )
        if c.kind == "outsider" and c.type == "colossal":
            for part in c.layout:
                if part != c.id and (part not in by_id or by_id[part].of != c.id):
                    raise CardDataError(
                        file, c.name, "layout", f"{part!r:.60} is not an appendage of {c.name}"
                    )
        if c.kind == "outsider" and c.type == "appendage":
            body = by_id.get(c.of)
            if body is None or body.type != "colossal":
                raise CardDataError(file, c.name, "of", f"no colossal outsider {c.of!r:.60}")
    for d in cards.decks:
        if d.castle and d.castle not in cards.castles:
            raise CardDataError(file, d.name, "castle", f"no castle {d.castle!r:.60}")
        for cid, _ in d.cards:
            if cid not in by_id or by_id[cid].kind != "alliance":
                raise CardDataError(file, d.name, "cards", f"no alliance card {cid!r:.60}")


def check_words(cards: CardSet) -> None:
    """Every ability can do what it says: a spell is never damaged and has no lane, a horde
    card has no hand to return to, the castle and portal gain no keywords."""
    for c in cards.cards.values():
        for a in (*c.abilities, *c.enchantment):
            if a.trigger == "damaged" and c.type == "spell":
                raise CardDataError(
                    cards.source,
                    c.name,
                    "abilities",
                    f"{a.text!r:.60}: a spell never enters play, so it is never damaged",
                )
            for e in a.effects:
                problem = _word_problem(c, e)
                if problem:
                    raise CardDataError(cards.source, c.name, "abilities", problem)


def check_playable(cards: CardSet) -> None:
    """A game can start and play with these cards: the pieces every setup takes are in
    the file and every custom deck keeps its castle's rules."""
    file = cards.source

    def need(kind: str, what: str, found) -> None:
        if not found:
            raise CardDataError(file, None, kind, f"the file needs {what}: a game cannot start")

    need("horde", "horde cards", cards.of_kind("horde"))
    need("castle", "a [[castle]]", cards.castles)
    need("portal", "a stage 1 [[portal]]", [p for p in cards.portals.values() if p.stage == 1])
    need(
        "outsider",
        "an [[outsider]]",
        [c for c in cards.of_kind("outsider") if c.type != "appendage"],
    )
    minions = cards.of_kind("minion")
    if len(minions) < MIN_MINIONS:
        raise CardDataError(
            file,
            None,
            "minion",
            f"{len(minions)} [[minion]] table(s): setup puts health tokens on two different "
            f"minions, so a game needs at least {MIN_MINIONS}",
        )
    for horde in cards.hordes():
        levels = {c.level for c in cards.of_kind("horde") if c.horde == horde}
        missing = sorted({1, 2, 3} - levels)
        if missing:
            raise CardDataError(
                file,
                None,
                "level",
                f"the horde {horde!r:.60} has no power level {missing[0]} cards: each "
                "difficulty takes some of its levels, so a horde needs cards of levels 1, 2 and 3",
            )
    for castle in cards.castles.values():
        try:  # a player's deck is their castle's faction deck unless they name one
            find_deck(cards, castle.faction)
        except InvalidInputError as e:
            raise CardDataError(
                file, castle.name, "faction", f"the castle's player has no deck: {e}"
            ) from None
    for d in cards.decks:
        problems = deck_problems(cards, d)
        if problems:
            said = [p.split(": ", 1)[1] for p in problems[:5]]
            raise CardDataError(file, d.name, "cards", "; ".join(said))


def find_deck(cards: CardSet, name: str) -> Deck:
    """A deck by its name, its faction or one word of its name (``zealots``, ``liothan``)."""
    want = name.strip().lower()
    exact = [d for d in cards.decks if d.name.lower() == want]
    if exact:
        return exact[0]
    loose = [
        d
        for d in cards.decks
        if d.faction.lower() == want or want in (w.lower() for w in d.name.split())
    ]
    if len(loose) == 1:
        return loose[0]
    names = ", ".join(d.name for d in cards.decks) or "none"
    if loose:
        raise InvalidInputError(
            f"{name!r:.60} names several decks: {', '.join(d.name for d in loose)}"
        )
    raise InvalidInputError(f"no deck {name!r:.60}; the card file has {names}")


def deck_cards(cards: CardSet, deck: Deck) -> tuple[str, ...]:
    """The card ids of a deck, copies repeated, sorted."""
    if deck.cards:
        return tuple(sorted(c for c, n in deck.cards for _ in range(n)))
    out = [
        c.id
        for c in cards.of_kind("alliance")
        if c.faction.lower() == deck.faction.lower()
        and (not deck.set or (c.code is not None and c.code.set == deck.set))
        for _ in range(c.copies)
    ]
    return tuple(sorted(out))


def _limit(castle: Castle, rarity: str) -> tuple[tuple[str, ...], int] | None:
    for r, factions, most in castle.limits:
        if r == rarity:
            return tuple(f.lower() for f in factions), most
    return None


def heroic_allies(cards: CardSet, ids: tuple[str, ...]) -> tuple[str, ...]:
    """The heroic allies among these cards (an ally with the Heroic keyword)."""
    return tuple(c for c in ids if cards.cards[c].type == "ally" and "heroic" in cards.cards[c].kw)


def deck_problems(cards: CardSet, deck: Deck, castle: Castle | None = None) -> list[str]:
    """Why a custom deck breaks its castle's rules or the copy limits (empty: it is legal).

    Pre-made decks are legal by definition (40 cards of the castle's faction, or 41 of which
    a heroic ally leaves at random: it must have one).
    """
    if not deck.cards:
        ids = deck_cards(cards, deck)
        if not ids:
            return [f"{deck.name}: no cards of faction {deck.faction!r:.60}"]
        extra, heroic = len(ids) - PREMADE, len(heroic_allies(cards, ids))
        if extra > heroic:
            return [
                f"{deck.name}: {len(ids)} {deck.faction} cards, {extra} more than a pre-made "
                f"deck's {PREMADE}; the book removes the extra ones at random among the "
                f"heroic allies (an ally with Heroic), and these cards have {heroic}"
            ]
        return []
    castle = castle or cards.castles.get(deck.castle)
    if castle is None:
        return [f"{deck.name}: a custom deck names its castle"]
    out = []
    ids = deck_cards(cards, deck)
    if len(ids) != castle.deck_size:
        out.append(f"{deck.name}: {len(ids)} cards, {castle.name} asks for {castle.deck_size}")
    by_rarity: Counter = Counter()
    for cid, n in Counter(ids).items():
        card: Card = cards.cards[cid]
        by_rarity[card.rarity] += n
        lim = _limit(castle, card.rarity)
        if lim is None or card.faction.lower() not in lim[0]:
            out.append(
                f"{deck.name}: {card.name} is a {card.faction} {card.rarity} card; "
                f"{castle.name} does not allow it"
            )
        if n > COPY_LIMIT[card.rarity]:
            out.append(
                f"{deck.name}: {n} copies of {card.name}; at most {COPY_LIMIT[card.rarity]} "
                f"of a {card.rarity} card"
            )
    for rarity, n in by_rarity.items():
        lim = _limit(castle, rarity)
        if lim is not None and n > lim[1]:
            out.append(f"{deck.name}: {n} {rarity} cards, {castle.name} allows {lim[1]}")
    return out


def team_problems(cards: CardSet, decks: list[Deck]) -> list[str]:
    """Copy limits across all players' custom decks ("Customizing Decks")."""
    custom = [d for d in decks if d.cards]
    if len(custom) < 2:
        return []
    total: Counter = Counter()
    for d in custom:
        total.update(deck_cards(cards, d))
    return [
        f"{cards.cards[c].name}: {n} copies across the decks; at most "
        f"{COPY_LIMIT[cards.cards[c].rarity]} of a {cards.cards[c].rarity} card"
        for c, n in sorted(total.items())
        if n > COPY_LIMIT[cards.cards[c].rarity]
    ]
