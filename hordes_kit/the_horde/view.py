"""What the The Horde player sees: ``view(state, player)`` (JSON only), action labels and
why an action is refused, in words.

The attack deck is drawn face down: the player's view (``player=0``) counts it and
lists the unseen horde cards (Horde deck and attack deck together); the full view
(``player=None``, scenario facts) also says what is in it.
"""

from __future__ import annotations

from hordes_kit.the_horde.rules import RULE
from hordes_kit.the_horde.state import CHANCE_STEPS, DIE_STEPS, THPosition
from hordes_kit.the_horde.things import table_things

__all__ = ["view", "decision_view", "label", "prompt", "why_illegal"]


def _names(s: THPosition, counts, ids) -> dict[str, int]:
    return {s.name(c): n for c, n in zip(ids, counts) if n}


def prompt(s: THPosition) -> str:
    """One sentence: what happens now, in a player's words."""
    if s.result == "win":
        return "You survived all 20 turns. Chauncey wins!"
    if s.result == "taxes":
        return "You could not pay the tax: the game is lost."
    if s.result == "chauncey":
        return "All Grimthwackers are in the Recruit Discard: Chauncey is killed."
    step = s.step
    if step == "recruit":
        return (
            f"Recruit phase: buy cards from the row with your {s.crowns} Crown(s), pay 1 Crown "
            "to flip another card, or end the phase."
        )
    if step == "rock":
        return "Healing Rock: spend it to bring a Grimthwacker back, or keep it?"
    return {
        "recruit-flip": "Flip the next recruit card.",
        "horde-draw": "Draw the attack deck from the Horde deck.",
        "attacker": "Flip the next attacker.",
        "defender": "Flip the top card of your Defender deck.",
        "roll": "Roll the battle die.",
        "archer": "The Archer lost: roll for Long Range.",
        "shaman": "The Shaman lost: roll to see if he teleports away.",
        "village": "The hordling attacks the top card of your Village deck.",
        "flame": "The Flame Thrower burns the next card of the Attack deck.",
        "reinforce": "The Shaman draws a card onto the bottom of the Attack deck.",
    }.get(step, step)


def decision_view(s: THPosition) -> dict:
    """The part of ``view(s, 0)`` a bot decides from (``bots.choose``), with the same values:
    a playout asks at every decision, and the whole view (every deck by name, the log,
    the labels) was a quarter of a reference game's time."""
    return {
        "turn": s.turn,
        "turns": len(s.data.turns),
        "crowns": s.crowns,
        "income": s.income(),
        "row": [
            {"id": c, "cost": s.data.card(c).cost, "income": s.data.card(c).income} for c in s.row
        ],
        "extra_flips": s.extra,
        "flip_cost": s.data.setup["extra_flip_cost"],
        "grimthwackers": {"total": s.gc_total, "killed": s.recruit_discard[s.ri(s.gc)]},
        "legal": [{"id": a} for a in s.legal_actions() if s.current_player == 0],
    }


def view(s: THPosition, player: int | None) -> dict:
    """JSON picture of the game: economy, decks, the row, the battle, prompt, legal moves."""
    rids, hids = s.rids, s.hids
    t = s.turn_info
    last = len(s.data.turns)
    battle = next(
        (dict(e.data) for e in reversed(s.log) if e.rule == RULE + "horde.battle-roll"), None
    )
    unseen = tuple(a + b for a, b in zip(s.horde_deck, s.attack_deck))
    out = {
        "game": "the-horde",
        "turn": s.turn,
        "turns": last,
        "location": t.location,
        "season": t.season,
        "attackers": t.attackers,
        "indigenous": {"type": t.indigenous, "level": t.level},
        "crowns": s.crowns,
        "income": s.income(),
        "tax": s.turn,
        "taxes_ahead": list(range(s.turn + 1, min(last, s.turn + 4) + 1)),
        "step": s.step,
        "prompt": prompt(s),
        "result": s.result or None,
        "row": [
            {
                "id": c,
                "name": s.name(c),
                "cost": s.data.card(c).cost,
                "type": s.data.card(c).type_name,
                "income": s.data.card(c).income,
            }
            for c in s.row
        ],
        "extra_flips": s.extra,
        "flip_cost": s.data.setup["extra_flip_cost"],
        "recruit_deck": sum(s.recruit_deck),
        "recruit_discard": _names(s, s.recruit_discard, rids),
        "village": _names(s, s.village, rids),
        "village_bottom": [s.name(c) for c in s.village_bottom],
        "village_size": s.village_size(),
        "defender_deck": _names(s, s.defender_deck, rids),
        "defender_discard": _names(s, s.defender_discard, rids),
        "horde_unseen": _names(s, unseen, hids),
        "horde_discard": _names(s, s.horde_discard, hids),
        "attack_deck_size": s.attack_size(),
        "attack_bottom": [s.name(c) for c in s.attack_bottom],
        "attack_discard": _names(s, s.attack_discard, hids),
        "attacker": (
            {"id": s.attacker, "name": s.name(s.attacker), "level": s.level(s.attacker)}
            if s.attacker
            else None
        ),
        "defender": (
            {"id": s.defender, "name": s.name(s.defender), "force": s.force} if s.defender else None
        ),
        "bonus": {"chain": s.chain, "next_grimthwacker": s.gc_bonus, "streak": s.streak},
        "grimthwackers": {
            "total": s.gc_total,
            "killed": s.recruit_discard[s.ri(s.gc)],
        },
        "last_battle": battle,
        "legal": [
            {"id": a, "label": label(s, a)} for a in s.legal_actions() if s.current_player == 0
        ],
        "log": [e.text for e in s.log[-12:]],
    }
    if player is None:
        out["horde_deck"] = _names(s, s.horde_deck, hids)
        out["attack_deck"] = _names(s, s.attack_deck, hids)
    out["things"] = table_things(out)
    return out


def label(s: THPosition, action_id: str) -> str:
    """Plain words for an action (buttons, step lists)."""
    kind, _, arg = action_id.partition(":")
    if kind == "buy":
        card = s.data.card(arg)
        if card.type == "X":
            return f"Take {card.name} (+1 Crown)"
        return f"Buy {card.name} ({card.cost})"
    return {
        "flip": "Flip 1 more card (1 Crown)",
        "done": "End recruiting",
        "rock": "Spend the Rock: a Grimthwacker comes back"
        if arg == "heal"
        else "Keep the Rock (Defender Discard)",
    }.get(kind, action_id)


def why_illegal(self: THPosition, action: tuple[str, str]) -> str:
    """Why a well-formed action is not legal now."""
    kind, arg = action
    if self.result:
        return "the game is over"
    if self.is_chance:
        want = CHANCE_STEPS[self.step]
        if kind == want and kind not in DIE_STEPS:
            return f"no {self.name(arg)} can come up here (not in that deck)"
        return f"the game waits for chance ({want}:...), not {kind}"
    if self.step == "rock":
        return "the game waits for the Healing Rock choice: rock:heal or rock:keep"
    if kind == "buy":
        if arg not in self.row:
            return f"no {self.name(arg)} among the recruit cards flipped this turn"
        cost = self.data.card(arg).cost
        return f"{self.name(arg)} costs {cost} Crowns and you have {self.crowns}"
    if kind == "flip":
        s = self.data.setup
        if self.extra >= s["extra_flips"]:
            return f"you may pay for {s['extra_flips']} extra recruit cards a turn at most"
        if self.crowns < s["extra_flip_cost"]:
            return "an extra recruit card costs 1 Crown and you have none"
        return "no recruit cards are left to flip"
    return "not allowed in the Recruit phase"
