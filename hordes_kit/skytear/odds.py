"""Deck questions, exactly: drawing a card within N draws, and pillage emptying a deck.

* ``draw_chance``: the chance that the next ``draws`` cards of an alliance deck hold at
  least ``k`` wanted cards (a named card or any card of a kind). The deck's known top
  and bottom (Recruit, Rebuild, Flux) count as known; its middle is hypergeometric.
* ``pillage_risk``: the chance that pillage empties an alliance deck within N turns if
  nobody fights the back line and nobody draws: the minions' and pillagers' attack
  pillages every turn, the portal reinforces as it turns, and the horde deck brings
  Reinforce, Pillage and Pillager cards by chance (exact, over the deck's multiset).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import lcm

from hordes_kit.core.deckodds import hypergeom_at_least
from hordes_kit.core.errors import InvalidInputError
from hordes_kit.skytear.cards import Card, CardSet
from hordes_kit.skytear.state import Deck
from hordes_kit.skytear.stats import attack

__all__ = [
    "KINDS",
    "draw_chance",
    "wanted_cards",
    "card_chance",
    "HordeEffect",
    "horde_effect",
    "empty_deck_odds",
    "pillage_risk",
]

ONE = Fraction(1)

# card kinds a player can ask about ("any ally within 3 draws")
KINDS: dict[str, Callable[[Card], bool]] = {
    "ally": lambda c: c.type == "ally",
    "tower": lambda c: c.type == "tower",
    "spell": lambda c: c.type == "spell",
    "attachment": lambda c: c.type == "attachment",
    "reaction": lambda c: c.reaction,
    "cheap": lambda c: c.cost <= 2,
}


def draw_chance(deck: Deck, wanted: set[str], draws: int, at_least: int = 1) -> Fraction:
    """P(at least ``at_least`` wanted cards among the next ``draws`` cards of ``deck``).

    >>> d = Deck(middle=("a", "b", "b", "c", "c", "c"))
    >>> draw_chance(d, {"a"}, 2)
    Fraction(1, 3)
    >>> draw_chance(Deck(top=("a",), middle=("b", "c")), {"c"}, 2)
    Fraction(1, 2)
    """
    if draws < 0 or at_least < 0:
        raise InvalidInputError("draws and at_least must be 0 or more")
    draws = min(draws, deck.size)
    known = sum(c in wanted for c in deck.top[:draws])
    rest = draws - min(draws, len(deck.top))
    mid = min(rest, len(deck.middle))
    known += sum(c in wanted for c in deck.bottom[: rest - mid])
    need = at_least - known
    hits = sum(c in wanted for c in deck.middle)
    return hypergeom_at_least(len(deck.middle), hits, mid, need)


def wanted_cards(cards: CardSet, what: str) -> set[str]:
    """The card ids a question is about: a card's name, or a kind (``ally``, ``cost<=3``...)."""
    w = what.strip().lower()
    pool = [c for c in cards.cards.values() if c.kind == "alliance"]
    if w in KINDS:
        return {c.id for c in pool if KINDS[w](c)}
    if w.startswith("cost<="):
        try:
            n = int(w[6:])
        except ValueError:
            raise InvalidInputError(f"{what!r:.60}: write cost<=N, like cost<=3") from None
        return {c.id for c in pool if c.cost <= n}
    hit = [c for c in pool if c.name.lower() == w or c.id == w]
    if not hit:
        kinds = ", ".join([*KINDS, "cost<=N"])
        raise InvalidInputError(f"no alliance card or kind {what!r:.60} (kinds: {kinds})")
    return {hit[0].id}


def card_chance(state, seat: int, what: str, draws: int, at_least: int = 1) -> Fraction:
    """P(a player draws ``what`` within ``draws`` draws), from the position's deck."""
    if not 0 <= seat < state.players:
        raise InvalidInputError(f"no player {seat + 1}")
    return draw_chance(state.seats[seat].deck, wanted_cards(state.cards, what), draws, at_least)


@dataclass(frozen=True)
class HordeEffect:
    """What a horde card does to pillage when it is summoned or is the treachery card."""

    reinforce: int = 0  # Play: reinforce N (extra minion tokens: +N pillage every turn)
    pillage: int = 0  # Play: pillage N (once)
    pillager: int = 0  # a Pillager monster's attack (pillages every turn from now on)
    pillage_reinforce: int = 0  # its "Pillage: reinforce N" (every pillage phase)
    stays: bool = False  # a monster or attachment: stays in play (not back to the discard)
    t_reinforce: int = 0  # as the treachery card: reinforce N
    t_pillage: int = 0  # as the treachery card: pillage N


def horde_effect(c: Card) -> HordeEffect:
    """A horde card's pillage-relevant effects (its class for the exact calculation)."""

    def total(trigger: str, verb: str) -> int:
        return sum(
            e.amount
            for a in c.abilities
            if a.trigger == trigger
            for e in a.effects
            if e.verb == verb
        )

    pillager = c.kw.get("pillager", 0) > 0 and c.type == "monster"
    return HordeEffect(
        reinforce=total("play", "reinforce"),
        pillage=total("play", "pillage"),
        pillager=c.attack if pillager else 0,
        pillage_reinforce=total("pillage", "reinforce") if pillager else 0,
        stays=c.type in ("monster", "attachment"),
        t_reinforce=total("treachery", "reinforce"),
        t_pillage=total("treachery", "pillage"),
    )


def empty_deck_odds(
    deck_size: int,
    back_attack: int,
    horde: dict[HordeEffect, int],
    discard: dict[HordeEffect, int],
    turns: tuple[tuple[int, ...], ...],
    *,
    at_zero: bool = True,
) -> list[Fraction]:
    """P(the deck is empty by the pillage of turn 1, 2, ...); each turn ``(wave, reinforce)``
    or ``(wave, reinforce, treachery)`` (1: a treachery card is still to come, the default).

    A turn: the wave's cards one at a time (their Reinforce and Pillage; a Pillager joins
    the back line), the portal's reinforce, the treachery card, then the back line pillages
    its attack (+1 per reinforce token). When the horde deck runs out its discard pile (the
    spells and treachery cards seen; monsters stay in play) is shuffled in.

    >>> none = HordeEffect()
    >>> empty_deck_odds(6, 2, {none: 3}, {}, ((1, 1), (1, 1)))
    [Fraction(0, 1), Fraction(1, 1)]
    """
    classes = sorted(set(horde) | set(discard), key=repr)
    deck0 = tuple(horde.get(c, 0) for c in classes)
    disc0 = tuple(discard.get(c, 0) for c in classes)

    @cache
    def counts(deck, disc):
        """One draw: the cards drawn from, and each outcome (class index or -1, its copies,
        deck and discard after); made once for each deck (many ways meet again)."""
        if not sum(deck):
            if not sum(disc):
                return 1, ((-1, 1, deck, disc),)
            deck, disc = disc, tuple(0 for _ in disc)
        n = sum(deck)
        outs = tuple(
            (i, k, deck[:i] + (k - 1,) + deck[i + 1 :], disc) for i, k in enumerate(deck) if k
        )
        return n, outs

    def draws(states: dict, no_card: bool = False) -> tuple[int, list]:
        """Each state's draw: the common multiple of the cards drawn from (a chance's new
        denominator), and (state, weight over it, outcomes) for each state."""
        ways = [
            (key, w, (1, ((-1, 1, key[0], key[1]),)) if no_card else counts(key[0], key[1]))
            for key, w in states.items()
        ]
        m = lcm(*{n for _, _, (n, _) in ways})  # mostly one deck size for all
        return m, [(key, w * (m // n), outs) for key, w, (n, outs) in ways]

    @cache
    def turn(t, deck, disc, att, reinf, pillaged):
        """Distribution of the first turn (index) the deck is empty, from turn t on; -1 never."""
        if t == len(turns):
            return ((-1, ONE),)
        wave, portal_reinforce, *rest = turns[t]
        treachery = rest[0] if rest else 1
        # the turn's chances as whole numbers over one denominator: exact, the very numbers
        # Fractions would give, without a Fraction made and reduced at every way
        states: dict = {(deck, disc, att, reinf, pillaged): 1}
        den = 1
        for _ in range(wave):
            m, ways = draws(states)
            den *= m
            nxt: dict = {}
            for (_dk, _ds, a, r, p), f, outs in ways:
                for i, k, d2, s2 in outs:
                    if i < 0:
                        key = (d2, s2, a, r, p)
                    else:
                        c = classes[i]
                        s3 = s2 if c.stays else s2[:i] + (s2[i] + 1,) + s2[i + 1 :]
                        key = (d2, s3, a + c.reinforce + c.pillager, r + c.pillage_reinforce,
                               p + c.pillage)  # fmt: skip
                    nxt[key] = nxt.get(key, 0) + f * k
            states = nxt
        m, ways = draws(states, no_card=not treachery)
        den *= m
        emptied = 0
        later: dict = {}  # next turn's start: the ways there summed first
        for (_dk, _ds, a, r, p), f, outs in ways:
            a += portal_reinforce
            for i, k, d2, s2 in outs:  # the treachery card, to the discard pile
                if i >= 0:
                    c = classes[i]
                    s2 = s2[:i] + (s2[i] + 1,) + s2[i + 1 :]
                    a2, p2 = a + c.t_reinforce, p + c.t_pillage
                else:
                    a2, p2 = a, p
                p2 += a2  # the pillage phase
                a3 = a2 + r  # "Pillage: reinforce N" of the pillagers
                if p2 >= deck_size if at_zero else p2 > deck_size:
                    emptied += f * k
                    continue
                key = (d2, s2, a3, r, p2)
                later[key] = later.get(key, 0) + f * k
        out: dict = {t: Fraction(emptied, den)} if emptied else {}
        for key, w in later.items():
            q = Fraction(w, den)
            for when, x in turn(t + 1, *key):
                v = out.get(when)
                out[when] = q * x if v is None else v + q * x
        return tuple(sorted(out.items()))

    dist = dict(turn(0, deck0, disc0, back_attack, 0, 0))
    acc, res = Fraction(0), []
    for t in range(len(turns)):
        acc += dist.get(t, Fraction(0))
        res.append(acc)
    return res


def _rest_of_turn(state) -> tuple[tuple[int, int, int] | None, bool]:
    """This turn's (wave, reinforce, treachery) still to come before its pillage (None: the
    pillage is over), and whether the portal has yet to turn."""
    kinds = [t.kind for t in state.tasks]
    if "pillage_phase" not in kinds:
        return None, False
    wave = kinds.count("summon") + (state.portal_numbers()[0] if "wave" in kinds else 0)
    reinforce = kinds.count("reinforce")
    if "reinforce_phase" in kinds:
        reinforce += state.portal_numbers()[1]
    return (wave, reinforce, int("treachery" in kinds)), "rotate" in kinds


def pillage_risk(state, turns: int) -> list[Fraction]:
    """P(pillage has emptied an alliance deck by the end of each of the next ``turns`` turns).

    Turn 1 is the current turn if its pillage phase is still to come (with what is left of
    its wave, reinforce and treachery card), else the next one. Nobody fights the back line
    or draws, the monsters that arrive stay in play, and the portal stays the one in play
    (its rotations give each turn's wave and reinforce).
    """
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= 20:
        raise InvalidInputError(f"turns must be 1-20, got {turns!r:.60}")
    s = state
    size = min(st.deck.size for st in s.seats)
    back = sum(0 if u.halted else attack(s, u) for u in s.back)
    horde = Counter(horde_effect(s.card(c)) for c in s.horde_deck)
    discard = Counter(horde_effect(s.card(c)) for c in s.horde_discard if s.card(c).kind == "horde")
    face = s.cards.portals[s.portal].face(s.players)
    now, to_turn = _rest_of_turn(s)
    first = s.rotation + (1 if to_turn or now is None else 0)
    plan: list[tuple[int, ...]] = [] if now is None else [now]
    k = 0
    while len(plan) < turns:
        plan.append(face.rotations[(first + k) % 4][:2])
        k += 1
    at_zero = s.config.empty_deck == "at-zero"
    return empty_deck_odds(size, back, dict(horde), dict(discard), tuple(plan), at_zero=at_zero)
