"""What a Fantahzee player sees (``view``), actions in words (``label``), refusals."""

from __future__ import annotations

from hordes_kit.fantahzee import rules as R
from hordes_kit.fantahzee.state import FPosition
from hordes_kit.fantahzee.things import table_things

__all__ = ["view", "label", "why_illegal", "prompt"]

PHASE_NAMES = {
    "setup": "Setup",
    "action": "Action Phase",
    "roll": "Dice Phase - A: Roll",
    "attack": "Dice Phase - B: Attack",
    "counter": "Dice Phase - C: Counterattack",
    "treasure": "Dice Phase - D: Treasure",
    "horde": "Horde Phase (Ambush)",
    "end": "End Phase",
    "over": "Game over",
}


def _monster(s: FPosition, mid: str) -> dict:
    m = s.card(mid)
    return {
        "id": mid,
        "name": m.name,
        "level": m.level,
        "strength": m.strength,
        "counterattack": m.counterattack,
        "ambush": m.ambush,
        "xp": m.xp,
        "treasure": m.treasure,
        "note": m.note,
    }


def _member(s: FPosition, seat: int, i: int) -> dict:
    m = s.seats[seat].party[i]
    h = s.card(m.hero)
    out = {
        "ref": f"{i + 1}.{m.hero}",
        "id": m.hero,
        "name": h.name,
        "class": h.cls,
        "strength": h.strength,
        "cost": h.cost,
        "steam_cost": h.steam_cost,
        "active": m.active,
        "dice": list(m.dice),
        "paid": m.paid,
        "note": h.note.split(" Rulebook")[0],
        "treasure": None,
    }
    if seat == s.player and s.phase in ("action", "roll") and not m.active:
        out["cost_now"] = s.cost_now(i).text or "free"
    elif m.active and m.paid == "dice" and set(h.cost) == {"X"} and len(m.dice) < len(h.cost):
        # a reduced cost, paid: the dice locked on the hero are what it cost this turn
        out["cost_now"] = "X" * len(m.dice)
    elif m.active and m.paid == "free":
        out["cost_now"] = "free"
    if m.treasure:
        t = s.card(m.treasure)
        eff = t.level1 if m.level == 1 else t.level2
        out["treasure"] = {
            "id": m.treasure,
            "name": t.name,
            "level": m.level,
            "effects": [e.text for e in eff],
        }
    return out


def view(s: FPosition, player: int | None) -> dict:
    """The table as ``player`` sees it (``None``: everything, for tests and scenarios)."""
    seats = []
    for i, seat in enumerate(s.seats):
        v = {
            "seat": i,
            "name": s.who(i),
            "party": [_member(s, i, j) for j in range(len(seat.party))],
            "victory": [s.name(c) for c in seat.victory],
            "xp": s.xp(i),
            "monsters": s.monsters_defeated(i),
            "hand_size": len(seat.hand),
            "strength": s.strength(i),
            "last_player": i == s.last,
        }
        if player is None or player == i:
            v["hand"] = list(seat.hand)
        seats.append(v)
    line = []
    for k, st in enumerate(s.line):
        line.append(
            {
                "stack": st.name,
                "position": k + 1,
                "vanguard": k == len(s.line) - 1,
                "top": _monster(s, st.top) if st.top else None,
                "facedown": st.hidden,
                "level1_left": st.l1,
                "cleared": st.name in s.cleared,
            }
        )
    out = {
        "game": R.GAME,
        "phase": s.phase,
        "phase_name": PHASE_NAMES[s.phase],
        "turn": s.turn,
        "player": s.player,
        "player_name": s.who(),
        "seats": seats,
        "line": line,
        "dice": {
            "free": list(s.free),
            "unrolled": s.unrolled,
            "rolling": s.to_roll,
            "rolls_left": s.rolls_left,
            "rolled": s.rolled,
        },
        "steam": s.steam,
        "shield": s.shield,
        "strength": s.strength(),
        "strength_left": s.strength_left,
        "locked_stack": s.locked,
        "set_aside": [s.name(m) for m in s.set_aside],
        "damage": s.damage,
        "doom": s.doom,
        "hero_deck": len(s.hero_deck),
        "discard": len(s.discard),
        "town_deck": len(s.towns),
        "treasure_deck": len(s.treasures),
        "drawn_treasure": s.name(s.drawn.split("/")[0]) if s.drawn else "",
        "pending": s.pending[0][0] if s.pending else "",
        "prompt": prompt(s),
        "legal": [],
        "log": [e.to_json() for e in s.log[-12:]],
    }
    if player is None or player == s.player or s.is_chance or s.is_terminal:
        out["legal"] = [{"id": a, "label": label(s, a)} for a in s.legal_actions()]
    if s.is_terminal:
        rows, winners = s.final_standings()
        out["standings"] = [
            {
                "seat": r.seat,
                "name": s.who(r.seat),
                "xp": r.xp,
                "monsters": r.monsters,
                "party": r.party,
            }
            for r in rows
        ]
        out["winners"] = winners
    out["things"] = table_things(out)
    return out


def prompt(s: FPosition) -> str:
    """One sentence: what the game waits for."""
    if s.is_terminal:
        return "The game is over."
    if s.is_chance:
        kind = s._chance_kind()
        return {
            "first": "Roll to see who starts.",
            "card": f"Turn over the top card of stack {s._flip_target()}.",
            "deal": "Deal the hands.",
            "draw": f"{s.who()} draws a card.",
            "die": f"Roll {s.to_roll} {'die' if s.to_roll == 1 else 'dice'}.",
            "town": "Reveal the top town card.",
            "treasure": "Draw a treasure card.",
        }[kind]
    who = s.who()
    if s.pending:
        kind, *args = s.pending[0]
        return {
            "reduce": f"{args[-1]}: choose a hero who costs {args[0]} any-number die less.",
            "inspire": f"{args[-1]}: choose a hero with strength {args[0]} or less to activate.",
            "capture": f"{args[-1]}: choose a monster of strength {args[0]} or less to capture.",
            "move": f"{args[-1]}: move a horde stack to any position.",
        }[kind]
    ph = s.phase
    if ph == "action":
        return (
            f"{who}: recruit up to {R.RECRUITS - s.recruits} more heroes and play up to "
            f"{R.ACTIONS - s.plays} more actions, then roll."
        )
    if ph == "roll":
        if not s.rolled:
            return f"{who}: activate with steam now, or roll."
        return f"{who}: keep dice and reroll ({s.rolls_left} left), activate heroes, or finish."
    if ph == "attack":
        return f"{who}: {s.strength_left} strength left - attack a monster or stop."
    if ph in ("counter", "horde"):
        return f"{who}: {s.damage} damage - choose an active hero to discard."
    if ph == "treasure":
        return f"{who}: attach the treasure to an active hero, or discard it."
    if ph == "end":
        return f"{who}: discard down to {R.HAND_SIZE} cards."
    return ""


def label(s: FPosition, action_id: str) -> str:
    """Plain words for an action id."""
    verb, _, rest = action_id.partition(":")
    args = rest.split(":") if rest else []

    def hero(ref: str) -> str:
        try:
            return s.name(s.seat.party[s.member_index(ref)].hero)
        except (ValueError, KeyError, IndexError):
            return ref

    try:
        if verb == "first":
            return f"{s.who(int(args[0]) - 1)} starts"
        if verb in ("card", "draw", "town", "treasure"):
            return s.name(args[0])
        if verb == "die":
            return f"a {args[0]}"
        if verb == "recruit":
            text = f"Recruit {s.name(args[0])}"
            return text + (f" (discard {hero(args[1])})" if len(args) > 1 else "")
        if verb == "play":
            return f"Play {s.name(args[0])}"
        if verb == "roll":
            return "Roll the dice"
        if verb == "keep":
            return "Reroll everything" if args[0] == "none" else f"Keep {args[0]}, reroll the rest"
        if verb == "activate":
            how = {"steam": "with steam", "free": "for free"}.get(args[1], f"with {args[1]}")
            return f"Activate {hero(args[0])} {how}"
        if verb == "done":
            return "Finish rolling: attack"
        if verb == "target":
            return hero(args[0])
        if verb == "capture":
            return f"Capture {s.name(s.stack(args[0]).top)} (stack {args[0]})"
        if verb == "move":
            return f"Move stack {args[0]} to position {args[1]}"
        if verb == "skip":
            return "Don't use it"
        if verb == "attack":
            return f"Attack {s.name(s.stack(args[0]).top)} (stack {args[0]})"
        if verb == "flip":
            return f"Flip stack {args[0]} and attack"
        if verb == "stop":
            return "Stop attacking"
        if verb == "lose":
            return f"Discard {hero(args[0])}"
        if verb == "attach":
            return "Discard the treasure" if args[0] == "none" else f"Attach to {hero(args[0])}"
        if verb == "discard":
            return f"Discard {s.name(args[0])}"
    except (KeyError, IndexError, AttributeError, ValueError):
        pass
    return action_id


def why_illegal(s: FPosition, action: tuple[str, ...]) -> str:
    """Why a well-formed action is not legal now, in the rulebook's terms."""
    verb, *args = action
    ph = s.phase
    if s.pending and verb not in ("target", "capture", "move", "skip"):
        return f"first finish the card's choice: {prompt(s).rstrip('.')}"
    if verb == "recruit":
        if ph != "action":
            return "heroes are recruited in the Action Phase"
        if s.recruits >= R.RECRUITS:
            return "you may recruit only 2 heroes a turn"
        if args[0] not in s.seat.hand:
            return f"{args[0]!r} is not in your hand"
        if len(s.seat.party) >= R.PARTY_LIMIT and len(args) == 1:
            return "your party has 5 heroes: name one to discard (recruit:<hero>:<ref>)"
    if verb == "play":
        if ph != "action":
            return "action cards are played in the Action Phase"
        if s.plays >= R.ACTIONS:
            return "you may play only 2 action cards a turn"
        if args[0] not in s.seat.hand:
            return f"{args[0]!r} is not in your hand"
    if verb == "activate":
        if ph != "roll":
            return "heroes are activated during the Roll Step"
        try:
            i = s.member_index(args[0])
        except ValueError:
            return f"{args[0]!r} is not a hero in your party"
        m = s.seat.party[i]
        if m.active:
            return "each hero may only be activated once per turn"
        if args[1] == "steam":
            need = s.card(m.hero).steam_cost
            if need is None:
                return f"{s.name(m.hero)} cannot be paid with steam"
            return f"{s.name(m.hero)} needs {need} steam; you have {s.steam}"
        return (
            f"those dice do not pay {s.name(m.hero)}'s cost {s.cost_now(i).text} from your "
            f"unlocked dice {R.dice_text(s.free)} (locked dice cannot be reused)"
        )
    if verb == "keep":
        if ph != "roll":
            return "dice are rolled in the Dice Phase"
        if not s.rolls_left:
            return "no rerolls are left"
        return f"you can only keep unlocked dice you rolled: {R.dice_text(s.free)}"
    if verb == "attack":
        if ph != "attack":
            return "monsters are attacked in the Attack Step"
        if s.locked:
            return f"you flipped into stack {s.locked}: you cannot go back to other stacks"
        st = s.stack(args[0])
        if st is None or not st.top:
            return f"stack {args[0]} has no face-up monster"
        mon = s.card(st.top)
        return f"{mon.name} has strength {mon.strength}; you have {s.strength_left} left"
    if verb == "discard":
        if ph != "end" or len(s.seat.hand) <= R.HAND_SIZE:
            return f"cards are discarded in the End Phase, down to {R.HAND_SIZE}"
        if args[0] not in s.seat.hand:
            return f"{args[0]!r} is not in your hand"
    if verb == "flip":
        if ph != "attack":
            return "facedown monsters are flipped in the Attack Step"
        return (
            "you may only flip a stack whose top monster you removed this turn, and only that "
            "stack once you have flipped"
        )
    return ""
