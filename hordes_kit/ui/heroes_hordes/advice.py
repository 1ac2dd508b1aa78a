"""What each Heroes & Hordes choice does, by the measure the advice uses.

The advice is the lookahead bot's (``heroes_hordes.bots``), worked out by the exact
battle calculator: defend with the pile that wins and keeps the most force (if none
can win, lose the weakest), put a split hero where it adds the most force, discard
the heroes that cover the horde and keep the most, take the card that adds the most
force. Every table here ranks by that same measure, so its top row is the move the
advice names; the walkthrough scores a player's own move with it too.
"""

from __future__ import annotations

import random

from hordes_kit.heroes_hordes.bots import best_pile_gain, force_gain, get_policy
from hordes_kit.heroes_hordes.cards import PILES
from hordes_kit.heroes_hordes.game import HHState
from hordes_kit.heroes_hordes.odds import battle_report
from hordes_kit.heroes_hordes.rules import HORDE_PILES, CardForce, best_discard, pile_force
from hordes_kit.ui.heroes_hordes.pictures import pile_name
from hordes_kit.ui.table import RankedTable

__all__ = [
    "advised_move",
    "defend_value",
    "defend_table",
    "place_table",
    "discard_kept",
    "search_options",
    "slay_reason",
    "score",
    "MEASURE",
]

# what the advice maximises at each kind of choice, in words (the walkthrough's figures)
MEASURE = {
    "defend": "force the hero pile keeps after the battle",
    "place": "force the card adds to its pile",
    "discard": "force the hero pile keeps after the battle",
    "search": "force the card adds to a hero pile",
}


def advised_move(state: HHState) -> str:
    """The move the advice names here (the lookahead bot's choice)."""
    return get_policy("lookahead")(state, random.Random(0))


def defend_value(state: HHState, pile: str) -> int:
    """The force a hero pile keeps if it blocks (after the best discard); a lost battle is
    ``-1 - its force`` (below every win; losing the weakest pile is the least bad)."""
    rep = battle_report(
        state.pile(state.attack), state.pile(pile), horde_pile=state.attack, hero_pile=pile
    )
    if rep.winner == "heroes":
        return rep.kept_force
    return -1 - pile_force(state.pile(pile))


def _kept(value: int) -> str:
    return str(value) if value >= 0 else f"none: pile lost, +1 token (it had {-1 - value})"


def defend_table(state: HHState) -> RankedTable:
    """Each hero pile that could block the attacking horde: both forces, the result, and
    the force it keeps (the measure the advice ranks by)."""
    rows = []
    # the advice breaks ties by the later pile name: give the rows in that order
    for a in sorted(state.legal_actions(), reverse=True):
        pile = a.split(":")[1]
        rep = battle_report(
            state.pile(state.attack), state.pile(pile), horde_pile=state.attack, hero_pile=pile
        )
        result = "win" if rep.winner == "heroes" else "loss"
        rows.append(
            (
                pile_name(pile),
                f"{rep.hero_force} against {rep.horde_force}: {result}",
                defend_value(state, pile),
            )
        )
    return RankedTable(
        f"If each hero pile blocks the {pile_name(state.attack)}: the battle, and the force "
        "the pile keeps after it (the best discard after a win)",
        ("Pile", "Battle", "Force kept"),
        rows,
        rank_by=2,
        formats=(None, None, _kept),
        note="A lost battle discards the whole pile and costs 1 Devastation Token, so it "
        "ranks below every win.",
    )


def place_table(state: HHState) -> RankedTable:
    """The piles a split card may join, ranked as the advice ranks them."""
    card = state.card(state.pending)
    legal = sorted(state.legal_actions())
    if card.is_hero:
        rows = [
            (
                pile_name(a.split(":")[1]),
                pile_force(state.pile(a.split(":")[1])),
                force_gain(state, card.id, a.split(":")[1]),
            )
            for a in reversed(legal)
        ]
        return RankedTable(
            f"Force {card.name} would add to each pile it may join",
            ("Pile", "Force now", f"{card.name} adds"),
            rows,
            rank_by=2,
            numeric=(1, 2),
        )
    rows = [
        (pile_name(a.split(":")[1]), len(state.pile(a.split(":")[1])), 0) for a in legal
    ]  # a split horde card: the advice feeds the pile further from attacking
    rows = [(p, n, n + 1) for p, n, _ in rows]
    return RankedTable(
        f"Cards each horde pile would hold with {card.name} (5 cards attack)",
        ("Pile", "Cards now", "Cards after"),
        rows,
        rank_by=2,
        higher_is_better=False,
        numeric=(1, 2),
    )


def discard_kept(state: HHState, card_id: str) -> int:
    """The force the defending pile keeps if this hero goes now and the rest of the
    discard is the best one (battle forces as fought)."""
    fixed = dict(state.battle)
    rest = [c for c in state.pile(state.defender) if c.id != card_id]
    need = state.need - fixed[card_id]
    if need <= 0:
        return pile_force(rest)
    pick = best_discard([CardForce(c, (("battle", fixed[c.id]),)) for c in rest], need)
    if pick is None:
        return 0
    gone = {c.id for c in pick}
    return pile_force([c for c in rest if c.id not in gone])


def search_options(state: HHState) -> list[tuple[str, str, int, str]]:
    """``(card name, action, force added, where)`` for every card a search may take, the
    advised one first (a horde card adds no force: -1)."""
    scored = []
    for a in state.legal_actions():
        card = state.card(a.split(":")[1])
        best = best_pile_gain(state, card.id)
        if best:
            gain, pile = best
            scored.append(((gain, a), (card.name, a, gain, f"the {pile_name(pile)}")))
        else:
            scored.append(((-1, a), (card.name, a, -1, f"the {_horde_of(card)} horde")))
    scored.sort(reverse=True)
    return [row for _, row in scored]


def _horde_of(card) -> str:
    return " or ".join(pile_name(p) for p in card.piles())


def slay_reason(state: HHState, card_id: str) -> str:
    """Why the advice takes this horde card: its pile is the nearest to attacking."""
    pile = next(p for p in HORDE_PILES if card_id in state.piles[PILES.index(p)])
    n = len(state.pile(pile))
    return (
        f"{state.card(card_id).name}: the strongest card of the {pile_name(pile)}, "
        f"the horde nearest to attacking ({n} card{'s' if n != 1 else ''})"
    )


def score(state: HHState, move: str) -> str:
    """A move rated by the advice's measure, in words ('' where there is no measure)."""
    kind, arg = move.split(":", 1)
    if move not in state.legal_actions():
        return ""
    if kind == "defend":
        v = defend_value(state, arg)
        if v < 0:
            return f"the {pile_name(arg)} lose: pile discarded, +1 Devastation Token"
        return f"the {pile_name(arg)} win and keep {v} force"
    if kind == "place":
        card = state.card(state.pending)
        if card.is_hero:
            return f"+{force_gain(state, card.id, arg)} force to the {pile_name(arg)}"
        n = len(state.pile(arg)) + 1
        return f"the {pile_name(arg)} hold {n} card{'s' if n != 1 else ''}"
    if kind == "discard":
        return f"the {pile_name(state.defender)} keep {discard_kept(state, arg)} force"
    if kind == "search":
        best = best_pile_gain(state, arg)
        return f"+{best[0]} force to the {pile_name(best[1])}" if best else "joins a horde"
    if kind == "slay":
        pile = next(p for p in HORDE_PILES if arg in state.piles[PILES.index(p)])
        return f"the {pile_name(pile)} drop to {len(state.pile(pile)) - 1} cards"
    return ""
