"""Heroes & Hordes drawn as a card table: card faces with their force and every modifier,
the six piles as columns that wrap, the Devastation Token track, and battles as fought.

Every picture is HTML drawn from the engine's position (``HHState``) with the shared
pieces (``ui.cardface``, ``ui.pieces``); the board, the walkthrough and the battle
calculator all use these, so a card looks the same on every page.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from hordes_kit.heroes_hordes.cards import PILES, RACE_OF_PILE, RACES, Card
from hordes_kit.heroes_hordes.game import HHState
from hordes_kit.heroes_hordes.odds import BattleReport, battle_report
from hordes_kit.heroes_hordes.rules import (
    ATTACK_SIZE,
    HORDE_PILES,
    RULE,
    CardForce,
    card_forces,
)
from hordes_kit.heroes_hordes.view import ending_words
from hordes_kit.ui.cardface import CardFace, Lane, Pile, board_grid
from hordes_kit.ui.pieces import TokenTrack, marked

__all__ = [
    "CARD_SIZE",
    "KIND_OF_PILE",
    "SHORT_CARDS",
    "pile_name",
    "type_words",
    "modifier_words",
    "card_face",
    "pile_lane",
    "status_html",
    "board_html",
    "FoughtBattle",
    "fought_battle",
    "report_html",
    "battle_html",
]

RACE_WORDS = {"M": "Men", "E": "Elf", "D": "Dwarf", "G": "Goblin", "U": "Undead", "Z": "Dragon"}
# the card kind (band colour in data/themes.toml) of the cards in each pile
KIND_OF_PILE = {p: RACE_WORDS[RACE_OF_PILE[p]] for p in PILES}
SHORT_CARDS = "--hk-card-h:64px"  # cards only as tall as their text
# ... one card across a narrow column, two across a wide one (a pile of twenty heroes
# late in a game stays half as long)
CARD_SIZE = "--hk-card-w:max(128px, calc(50% - 4px));" + SHORT_CARDS
BATTLE_RULES = (RULE + "battle.win", RULE + "battle.loss", RULE + "battle.unblocked")


def pile_name(pile: str) -> str:
    """A pile as the player names it: ``'dwarves'`` -> ``'Dwarves'``."""
    return pile.capitalize()


def type_words(card: Card) -> str:
    """A card's type in words: ``'Dwarf'``, ``'Men or Elf (split card)'``, ``'Event'``.

    >>> from hordes_kit.heroes_hordes.odds import find_cards
    >>> [type_words(c) for c in find_cards("Half Elves, Swordsmen, Raids")]
    ['Men or Elf (split card)', 'Men, Elf or Dwarf (split card)', 'Event']
    """
    if card.is_event:
        return "Event"
    races = [RACE_WORDS[r] for r in RACES if r in card.types]
    if len(races) == 1:
        return races[0]
    return f"{', '.join(races[:-1])} or {races[-1]} (split card)"


def modifier_words(force: CardForce) -> tuple[str, ...]:
    """Each modifier of a card's force in words: ``('+3 Dwarf Lord', '+2 vs Goblins')``."""
    out = []
    for source, n in force.parts[1:]:
        if source == force.card.name:
            source = "its own bonus"
        elif source.startswith("vs "):
            source = "vs " + source[3:]
        elif source == "horde has more cards":
            source = "the horde has more cards"
        out.append(f"{n:+d} {source}")
    return tuple(out)


def card_face(
    card: Card,
    force: CardForce | None = None,
    *,
    pile: str | None = None,
    action: str | None = None,
    verb: str = "",
    highlight: bool = False,
    selected: bool = False,
    badge: str = "",
    stat: str = "Force",
    note: str = "",
) -> CardFace:
    """A card face: its force (with every modifier named), type, strength and note."""
    if pile:
        kind = KIND_OF_PILE[pile]
    elif card.is_event:
        kind = "Action"
    else:
        kind = RACE_WORDS[next(r for r in RACES if r in card.types)]
    if card.is_event:
        return CardFace(
            card.name,
            kind="Action",
            subtitle="Event",
            text=card.note,
            action=action,
            verb=verb,
            highlight=highlight,
            selected=selected,
            badge=badge,
            note=note,
        )
    mods = modifier_words(force) if force else ()
    total = force.total if force else card.strength
    sub = type_words(card) if type_words(card) != kind else ""
    strength = f"Strength {card.strength}" + (", " + ", ".join(mods) if mods else "")
    text = card.note if card.note.strip() not in ("", "-") else ""
    return CardFace(
        card.name,
        kind=kind,
        stats=((stat, total),),
        subtitle=" · ".join(x for x in (sub, strength) if x),
        text=text,
        action=action,
        verb=verb,
        highlight=highlight,
        selected=selected,
        badge=badge,
        note=note,
    )


def pile_lane(state: HHState, pile: str, *, highlight: bool = False, note: str = "") -> Lane:
    """One pile as a column: its force, (a horde's) cards toward an attack, its cards."""
    forces = card_forces(state.pile(pile))
    total = sum(f.total for f in forces)
    horde = pile in HORDE_PILES
    parts: list[object] = [TokenTrack("Force", total, kind="attack")]
    if horde:
        n = len(forces)
        parts.append(
            TokenTrack(
                "Cards",
                n,
                ATTACK_SIZE,
                kind="doom",
                style="pips",
                note="attacks now" if n >= ATTACK_SIZE else f"attacks at {ATTACK_SIZE}",
            )
        )
    # the newest card on top; every card whole (its note and modifiers explain its force)
    faces = tuple(card_face(f.card, f, pile=pile) for f in reversed(forces))
    parts.append(Pile("Horde" if horde else "Heroes", faces, layout="row", empty="no cards yet"))
    return Lane(
        pile_name(pile),
        tuple(parts),
        kind=KIND_OF_PILE[pile],
        highlight=highlight,
        note=note,
        thing=f"pile:{pile}",
    )


def status_html(state: HHState, *, pending: bool = True) -> str:
    """Turn, deck, Devastation Tokens, the Fate card waiting to be placed (``pending``:
    the playable board shows it with the choice instead), this turn's event card and the
    Spy's look."""
    v = state.view(0)
    tokens = TokenTrack(
        "Devastation Tokens",
        v["tokens"],
        5,
        kind="doom",
        style="pips",
        note=ending_words(state.config),
        thing="tokens",
    )
    deck = TokenTrack("Cards left in the deck", v["deck_count"], kind="stone", thing="deck")
    bits = [
        "<div class='hk-hh-turn' style='font:700 17px/1.3 var(--hk-title-font)'>"
        + marked("turn", v["turn_words"])
        + "</div>",
        f"<div class='hk-tokens' data-tokens='{v['tokens']}'>{tokens.html()}</div>",
        deck.html(),
    ]
    if state.pending and pending:
        card = state.card(state.pending)
        bits.append(
            Pile(
                "Fate card",
                (card_face(card),),
                note="Turned over this turn: it joins a pile of its race.",
                thing="fate",
            ).html()
        )
    if state.drawn:
        fate = card_face(state.card(state.drawn), badge="This turn's Fate card")
        # the view names one Fate card: the one waiting to be placed, else this event
        mark = "" if state.pending else "fate"
        bits.append(Pile("Event", (fate,), note="It acts in the Event Phase.", thing=mark).html())
    if state.known:
        counts = tuple((state.card(c).name, 1, "") for c in state.known)
        bits.append(Pile("Next cards (seen by a Spy)", layout="list", counts=counts).html())
    if state.result:
        bits.append(
            f"<div class='hk-result-text' role='status'><b>Game over: "
            f"{html.escape(state.result.upper())}</b> with {state.tokens} Devastation "
            f"Token{'s' if state.tokens != 1 else ''}.</div>"
        )
    return (
        "<div class='hk-hh-status' style='display:flex;flex-wrap:wrap;gap:6px 18px;"
        f"align-items:center;margin:0 0 8px'>{''.join(bits)}</div>"
    )


def board_html(state: HHState, *, status: bool = True, pending: bool = True) -> str:
    """The whole table: status, then the three hero piles and the three horde piles
    (``pending``: with the Fate card waiting to be placed)."""
    attack, defender = state.attack, state.defender
    lanes = [
        pile_lane(
            state,
            p,
            highlight=p in (attack, defender),
            note=("attacking" if p == attack else "defending" if p == defender else ""),
        )
        for p in PILES
    ]
    # heroes above, hordes below: three columns each on a wide screen, two on a phone;
    # cards only as tall as their text, so a pile of ten stays readable
    return (
        f"<div class='hk-board' style='{CARD_SIZE}'>"
        + (status_html(state, pending=pending) if status else "")
        + board_grid(lanes[:3], min_width=150, label="Your hero piles")
        + "<div style='height:10px'></div>"
        + board_grid(lanes[3:], min_width=150, label="The horde piles")
        + "</div>"
    )


# --- battles, as they were fought ---------------------------------------------------------


@dataclass(frozen=True)
class FoughtBattle:
    """The battle being resolved or the last one fought: the engine's own totals, the
    cards on both sides as they fought, the heroes discarded and the force still to go."""

    horde: str
    heroes: str | None  # None: no hero pile could block
    horde_force: int | None
    hero_force: int | None
    outcome: str  # "win", "loss" or "unblocked"
    discarded: tuple[tuple[str, int], ...] = ()  # (card name, battle force)
    to_go: int = 0
    over: bool = False
    report: BattleReport | None = None

    def headline(self) -> str:
        """The result in one sentence, with both totals."""
        h = pile_name(self.horde)
        if self.outcome == "unblocked":
            return f"No hero pile could block the {h}: 2 Devastation Tokens."
        d = pile_name(self.heroes)
        if self.outcome == "win":
            return (
                f"You won: the {d} ({self.hero_force}) hold against the {h} ({self.horde_force})."
            )
        return (
            f"You lost: the {h} ({self.horde_force}) overwhelm the {d} ({self.hero_force}); "
            f"the {d} pile is discarded and you take 1 Devastation Token."
        )

    def next_step(self) -> str:
        """What the player does next about this battle ('' once it is over)."""
        if self.outcome != "win" or self.over:
            return ""
        done = sum(f for _, f in self.discarded)
        so_far = f" So far {done} ({', '.join(n for n, _ in self.discarded)})." if done else ""
        return (
            f"Discard {pile_name(self.heroes)} whose battle forces add up to "
            f"{self.horde_force} or more.{so_far} Still to cover: {self.to_go}."
        )

    def discard_line(self) -> str:
        """The discard of a finished win in words."""
        if not self.discarded:
            return ""
        names = ", ".join(f"{n} ({f})" for n, f in self.discarded)
        return f"Discarded: {names} = {sum(f for _, f in self.discarded)}."


def _cards(state: HHState, ids: Sequence[str]) -> list[Card]:
    return [state.card(c) for c in ids]


def fought_battle(state: HHState) -> FoughtBattle | None:
    """The battle being resolved now, or the last one fought (None before the first).

    Everything comes from the engine's log: the battle event's totals and cards, then
    the discards after it. Nothing is recomputed from the piles as they are now (after
    a discard the defending pile is smaller, and would "lose" a battle it won).
    """
    log = state.log
    at = next((i for i in range(len(log) - 1, -1, -1) if log[i].rule in BATTLE_RULES), None)
    if at is None:
        return None
    ev = log[at]
    d = ev.data
    if ev.rule == RULE + "battle.unblocked":
        return FoughtBattle(d["horde"], None, None, None, "unblocked", over=True)
    later = log[at + 1 :]
    discarded = tuple(
        (state.card(e.data["card"]).name, e.data["force"])
        for e in later
        if e.rule == RULE + "ruling.discard-covers"
    )
    over = any(e.rule == RULE + "battle.discard-horde" for e in later)
    report = None
    if "horde_cards" in d:
        report = battle_report(
            _cards(state, d["horde_cards"]),
            _cards(state, d["hero_cards"]),
            horde_pile=d["horde"],
            hero_pile=d["heroes"],
        )
    win = ev.rule == RULE + "battle.win"
    return FoughtBattle(
        d["horde"],
        d["heroes"],
        d["horde_force"],
        d["hero_force"],
        "win" if win else "loss",
        discarded=discarded,
        to_go=max(0, d["horde_force"] - sum(f for _, f in discarded)) if win else 0,
        over=over,
        report=report,
    )


def report_html(
    rep: BattleReport,
    *,
    discarded: Sequence[str] = (),
    actions: dict[str, str] | None = None,
    advised: str | None = None,
    headline: str | None = None,
) -> str:
    """A battle as two rows of card faces, each with its battle force and modifiers.

    ``discarded``: names of heroes already discarded (marked); ``actions``: card id ->
    action id, to make hero cards buttons; ``advised``: the card id the advice names.
    """
    actions = actions or {}
    if headline is None:
        headline = (
            f"{pile_name(rep.horde_pile)} {rep.horde_force} against "
            f"{pile_name(rep.hero_pile)} {rep.hero_force}: "
            + ("the heroes win." if rep.winner == "heroes" else "the horde wins.")
        )
    best = {c.id for c in rep.discard or ()}
    horde = tuple(card_face(f.card, f, pile=rep.horde_pile, stat="Battle force") for f in rep.horde)
    heroes = []
    for f in rep.heroes:
        gone = f.card.name in discarded
        badge = "Discarded" if gone else "Advised" if f.card.id == advised else ""
        if not badge and not actions and not discarded and f.card.id in best:
            badge = "Best discard"
        heroes.append(
            card_face(
                f.card,
                f,
                pile=rep.hero_pile,
                stat="Battle force",
                badge=badge,
                action=None if gone else actions.get(f.card.id),
                verb="Discard",
                highlight=f.card.id == advised,
                selected=gone,
            )
        )
    head = f"<div class='hk-battle-head'>{html.escape(headline)}</div>" if headline else ""
    return (
        f"<div class='hk-battle' data-horde='{rep.horde_force}' data-heroes='{rep.hero_force}' "
        f"style='{SHORT_CARDS}'>"
        f"{head}<div class='hk-battle-side'>"
        + Pile(f"{pile_name(rep.horde_pile)}: force {rep.horde_force}", horde, layout="row").html()
        + Pile(
            f"{pile_name(rep.hero_pile)}: force {rep.hero_force}", tuple(heroes), layout="row"
        ).html()
        + "</div></div>"
    )


def battle_html(state: HHState, actions: dict[str, str] | None = None, advised=None) -> str:
    """The battle being resolved (or the last one, until the next Fate card): headline,
    what comes next, and both sides as card faces; all from :func:`fought_battle`."""
    b = fought_battle(state)
    if b is None:
        return ""
    if b.over and not _fought_this_turn(state):
        return ""  # an old battle: the piles have moved on
    words = b.headline()
    if b.next_step():
        words += " " + b.next_step()
    elif b.over and b.discard_line():
        words += " " + b.discard_line()
    if b.report is None:
        return (
            f"<div class='hk-battle' role='status'><div class='hk-battle-head'>"
            f"{html.escape(words)}</div></div>"
        )
    return report_html(
        b.report,
        discarded=[n for n, _ in b.discarded],
        actions=None if b.over else actions,
        advised=advised,
        headline=("Last battle: " if b.over else "") + words,
    )


def _fought_this_turn(state: HHState) -> bool:
    """True if the last battle came after this turn's Fate card."""
    for e in reversed(state.log):
        if e.rule in BATTLE_RULES:
            return True
        if e.rule == RULE + "fate":
            return False
    return False
