"""What a Shadows player sees (``view``), actions in words (``label``), the prompt.

Hidden information is removed here: another player's Hand (only its size, and not even
that during the Plan Phase), Mission, Library, undealt Monster-Action cards and the
facedown card in front of each player (only the Leader who dealt it knows it). The
cards another player could hold (Current Deck and Hand together) are public: they
started with their Hero's cards and Studied in the open.
"""

from __future__ import annotations

from hordes_kit.shadows import rules as R
from hordes_kit.shadows.cards import ICONS
from hordes_kit.shadows.legal import legal
from hordes_kit.shadows.state import Placed, Position, parse_seat
from hordes_kit.shadows.things import table_things

__all__ = ["view", "label", "prompt", "PHASE_NAMES", "card_json"]

PHASE_NAMES = {
    "setup": "Setup",
    "teamup": "TeamUp Phase",
    "plan": "Plan Phase",
    "combat": "Combat Phase",
    "buildup": "BuildUp Phase",
    "cleanup": "CleanUp Phase",
    "refresh": "Refresh Phase",
    "over": "Game over",
}
STAT_NAMES = ("Strength", "Tech", "Magic", "Health")


def card_json(s: Position, cid: str) -> dict:
    """A Skill card's face for the board."""
    sk = s.card(cid)
    return {
        "id": cid,
        "name": sk.name,
        "hero": sk.hero,
        "initiative": list(sk.initiative) if not sk.special else "star",
        "traits": sorted(sk.front.traits),
        "predict": list(sk.predict),
        "effects": [e.text for e in sk.front.effects],
        "requires": [f"{st.title()} {'=<' if most else ''}{v}" for st, v, most in sk.requires],
        "shield": sk.front.shield,
        "health": sk.health,
        "sample": sk.sample,
    }


def _placed(s: Position, seat: int, p: Placed) -> dict:
    sk = s.card(p.card)
    side = sk.side(p.back)
    return {
        "id": p.card,
        "name": side.name,
        "side": "back" if p.back else "front",
        "traits": sorted(side.traits),
        "shield": side.shield,
        "broken": p.broken,
        "damage": p.damage,
        "health": sk.health,
        "stun": p.stun,
        "blank": not s.usable_by(seat, sk),
        "attached_to": p.on,
        "invincible": s.is_invincible(f"p{seat + 1}.{p.card}") if sk.entity else False,
        "track": {"at": p.progress, "of": side.track["steps"]} if side.track else None,
    }


def _line(s: Position, seat: int, me: bool) -> list[str]:
    """The cards a seat has laid in line this step: the first faceup, the rest facedown
    ("" to everyone but their player)."""
    if s.queue_owner() != seat:
        return []
    laying = next(t.kind for t in reversed(s.tasks) if t.kind in ("!turn", "!next")) == "!turn"
    return [c if me or (k == 0 and laying) else "" for k, c in enumerate(s.queue)]


def _item(s: Position, cid: str, p: Placed | None = None) -> dict:
    it = s.card(cid)
    out = {
        "id": cid,
        "name": it.name,
        "cost": it.cost,
        "stats": {n.lower(): v for n, v in zip(STAT_NAMES, it.stats) if v},
        "shield": it.shield,
        "restricted": it.restricted,
        "sample": it.sample,
    }
    if p is not None:
        out["broken"] = p.broken
        out["track"] = {"at": p.progress, "of": it.track["steps"]} if it.track else None
    return out


def _monster(s: Position, player: int | None) -> dict | None:
    if not s.monster:
        return None
    m = s.card(s.monster)
    out = {
        "id": m.id,
        "name": m.name,
        "level": m.level,
        "health": m.health,
        "species": m.species,
        "chart": [{"icon": i, "action": m.action(i).text} for i in ICONS],
        "reward": dict(m.reward),
        "damage": list(s.mdamage),
        "sample": m.sample,
        "creature": None,
    }
    if s.creature:
        c = s.card(s.creature)
        out["creature"] = {
            "id": c.id,
            "name": c.name,
            "health": c.health,
            "action": c.action.text,
            "damage": list(s.cdamage),
        }
    return out


def view(s: Position, player: int | None) -> dict:
    """The table as ``player`` sees it (``None``: everything, for tests and scenarios)."""
    over = s.finished
    seats = []
    for i, st in enumerate(s.seats):
        me = player is None or player == i
        stats = s.hero_stats(i) if st.hero else (0, 0, 0, 0)
        v = {
            "seat": i,
            "name": s.who(i),
            "hero": s.name(st.hero) if st.hero else "",
            "stats": dict(zip((x.lower() for x in STAT_NAMES), stats)),
            "damage": st.damage,
            "health_left": stats[3] - st.damage,
            "gold": st.gold,
            "xp": st.xp,
            "stones": st.stones,
            "earned": {"gold": st.earned[0], "xp": st.earned[1], "stones": st.earned[2]},
            "bounty": st.bounty,
            "leader": i == s.leader,
            "combat": [_placed(s, i, p) for p in st.combat],
            "laid": len(s.queue) if s.queue_owner() == i else 0,
            "line": _line(s, i, me),
            "station": [_placed(s, i, p) for p in st.station],
            "stunned": [_placed(s, i, p) for p in st.stunned],
            "items": [_item(s, p.card, p) for p in st.items],
            "shields": s.shields(i) if st.hero else 0,
            "could_hold": sorted(st.deck + st.hand + (s.queue if s.queue_owner() == i else ())),
            "library_size": len(st.library),
            "studied": list(st.studied),
            "boxed": list(st.boxed),
            "monsters": [s.name(m) for m in st.monsters],
            "knockdowns": st.knockdowns,
            "predicted": list(s.predicted[i]) if s.predicted else [],
            "invincible": bool(s.invincible) and s.invincible[i],
            "played": list(s.played[i]) if s.played else [],
        }
        if s.phase != "plan" or me:
            v["hand_size"] = len(st.hand)
        if me:
            v["hand"] = list(st.hand)
            v["deck"] = list(st.deck)
            v["library"] = list(st.library)
            v["offer"] = [s.name(m) for m in st.offer]
        if me or over:
            v["mission"] = s.name(st.mission) if st.mission else ""
        seats.append(v)
    ma_seats = []
    for i in range(s.n):
        kind = s.ma[i] if s.ma else ""
        known = player is None or s.ma_up[i] or (s.ma_known and s.ma_known[i] == player)
        ma_seats.append(
            {
                "seat": i,
                "card": bool(kind),
                "revealed": s.ma_up[i],
                "icons": kind if kind and known else "",
            }
        )
    t = s.top()
    deciding = t.seat if t is not None and not t.kind.startswith("?") else None
    out = {
        "game": R.GAME,
        "round": s.round,
        "phase": s.phase,
        "phase_name": PHASE_NAMES[s.phase],
        "step": s.step,
        "leader": s.leader,
        "leader_name": s.who(s.leader) if s.leader >= 0 else "",
        "deciding": deciding,
        "monster": _monster(s, player),
        "level": s.level,
        "hand_size_rule": s.hand_size(),
        "monster_actions": {
            "deck": len(s.ma_deck),
            "discard": list(s.ma_discard),
            "revealed": list(s.revealed),
            "held": list(s.ma_held) if player is None or player == s.leader else len(s.ma_held),
            "seats": ma_seats,
        },
        "market": [_item(s, c) for c in s.market],
        "market_slots": R.market_slots(s.n),
        "item_deck": len(s.item_deck),
        "item_discard": len(s.item_discard),
        "bounty_left": s.bounty_left,
        "leader_shield": s.data.leader_shield - s.leader_broken,
        "seats": seats,
        "prompt": prompt(s),
        "legal": [],
        "log": _recent(s, player),
        "end": s.end,
    }
    if deciding is not None and (player is None or player == deciding):
        out["legal"] = [{"id": a, "label": label(s, a)} for a in legal(s)]
    if over:
        order, winners = s.final_standings()
        out["standings"] = [
            {
                "seat": k,
                "name": s.who(k),
                "stones": s.final_stones(k),
                "items_cost": s.items_cost(k),
                "xp": s.seats[k].xp,
            }
            for k in order
        ]
        out["winners"] = winners
    out["things"] = table_things(out)
    return out


def _recent(s: Position, player: int | None, n: int = 15) -> list[dict]:
    """The last ``n`` events ``player`` may see (private ones only to whom they concern)."""
    out = []
    for e in reversed(s.log):
        if player is None or "to" not in e.data or player in e.data["to"]:
            out.append(e.to_json())
            if len(out) == n:
                break
    return out[::-1]


def _target_name(s: Position, t: str) -> str:
    if t == "monster":
        return f"the Monster ({s.name(s.monster)})" if s.monster else "the Monster"
    head, _, card = t.partition(".")
    k = parse_seat(head, s.n)
    if k is None:
        return s.name(t) if t in s.data.by_id else t
    if card:
        return f"{s.who(k)}'s {s.name(card)}"
    return f"{s.who(k)}'s Hero ({s.name(s.seats[k].hero)})" if s.seats[k].hero else s.who(k)


def label(s: Position, action_id: str) -> str:
    """Plain words for an action id."""
    verb, _, rest = action_id.partition(":")
    args = rest.split(":") if rest else []
    try:
        a = args[0] if args else ""
        words = {
            "roll": f"rolls {a}",
            "die": f"the die shows {a}",
            "ma": f"Monster-Action card {a.replace('+', ' + ')}",
            "go": "Resolve the cards in order",
            "pass": "Pass",
            "flip": "Flip the next card and use it",
            "skip": "Don't use it",
            "dodge": "Use Dodge (block 5)",
            "keep": "Keep these cards",
            "mulligan": "Mulligan (draw one card fewer)",
            "repeat": "Repeat the card",
            "stop": "Stop",
            "done": "Done studying",
        }
        if verb == "take" and not args:
            return "Take the damage (no Response)"
        if verb in words and (verb not in ("keep",) or not args):
            return words[verb]
        if verb in ("draw", "monster", "hero", "mission", "basic", "pick", "lay", "use", "take"):
            name = s.name(a)
            return {
                "draw": name,
                "monster": f"{name} is revealed",
                "hero": f"Play {name}",
                "mission": f"Keep the Mission {name}",
                "basic": f"Take {name}",
                "pick": f"Take {name} into the Hand",
                "lay": f"Lay {name}",
                "use": f"Use {name}",
                "take": f"Keep {name}",
            }[verb]
        if verb == "keep":
            return f"Keep {s.name(a)} (discard the other Restricted Item)"
        if verb == "teamup":
            return "Every player gains 1 Experience" if a == "xp" else "Every player gains 1 Gold"
        if verb == "give":
            t = s.top()
            return f"Give {a.replace('+', ' + ')} to {s.who(t.amount)}"
        if verb == "target":
            return f"Target {_target_name(s, a)}"
        if verb == "predict":
            return f"Predict a {args[1]} in {_target_name(s, a).split(chr(39))[0]}'s hand"
        if verb == "choose":
            t = s.top()
            card_task = s.tasks[-2]
            e = s.card(card_task.card).front.effects[t.index]
            return f"Choose: {e.options[int(a) - 1].text}"
        if verb == "attach":
            return f"Attach it to {_target_name(s, a)}"
        if verb == "respond":
            return f"Respond with {s.name(a)}"
        if verb == "shields":
            return f"Mark {a} Shield Point{'s' if a != '1' else ''}"
        if verb == "lose":
            return {
                "xp": "Lose 1 Experience",
                "gold": "Lose 1 Gold",
                "stone": "Lose 1 Shadow Stone",
            }[a]
        if verb == "replace":
            return f"Replace {s.name(a)}"
        if verb == "destroy":
            return f"Destroy {_target_name(s, a) if '.' in a else s.name(a)}"
        if verb == "main":
            mains = [e.trait for e in s.card(s.top().card).front.effects]
            mains = [m for m in dict.fromkeys(mains) if not m.startswith("Response")]
            return (
                "Resolve both Main Traits"
                if a == "both"
                else f"Resolve only its {mains[int(a) - 1]}"
            )
        if verb == "buy":
            return f"Buy {s.name(a)} ({s.card(a).cost} Gold)"
        if verb == "study":
            return f"Study {s.name(a)} (3 Experience)"
    except (KeyError, IndexError, AttributeError, ValueError):
        pass
    return action_id


def prompt(s: Position) -> str:
    """One sentence: what the game waits for."""
    if s.finished:
        return "The game is over."
    t = s.top()
    if t is None:
        return ""
    who = s.who(t.seat) if t.seat >= 0 else ""
    k = t.kind
    texts = {
        "?roll": lambda: f"{who} rolls the die for the Leader card.",
        "?die": lambda: "Roll the die.",
        "?basic": lambda: "Draw a Basic Item.",
        "?item": lambda: "Draw an Item for the Market.",
        "?reward": lambda: "Draw an Item (random Item reward).",
        "?mission": lambda: f"Deal a Mission to {who}.",
        "?library": lambda: f"{who} draws a Neutral Skill card for the Library.",
        "?ma": lambda: "The Leader draws a Monster-Action card.",
        "?reveal": lambda: f"{who} draws a new Monster-Action card from the deck.",
        "?monster": lambda: f"Reveal the level {'I' * s.level} Monster.",
        "!hero": lambda: f"{who}: choose a Hero.",
        "!mission": lambda: f"{who}: keep one of the two Missions.",
        "!basic": lambda: f"{who}: choose a Basic Item.",
        "!mulligan": lambda: f"{who}: keep this Library or take a mulligan (one card fewer).",
        "!teamup": lambda: f"{who} (Leader): Experience or Gold this round?",
        "!give": lambda: f"{who} (Leader): which Monster-Action card goes to {s.who(t.amount)}?",
        "!pick": lambda: (
            f"{who}: choose {t.amount} more card(s) for the Hand (hand size {s.hand_size()})."
        ),
        "!turn": lambda: (
            f"{who}, Initiative Step {s.step}: lay cards (in order), use an ability, or pass."
        ),
        "!next": lambda: f"{who}: flip the next facedown card, or don't use it.",
        "!target": lambda: f"{who}: choose the target.",
        "!predict": lambda: f"{who}: predict an Initiative number in an opponent's hand.",
        "!defend": lambda: f"{who}: {t.amount} damage is coming. Respond, Dodge, or take it?",
        "!shields": lambda: f"{who}: {t.amount} damage left. Mark how many Shield Points?",
        "!lose": lambda: f"{who} was KnockedDown: choose the resource to lose.",
        "!search": lambda: f"{who}: replace an Item of the Market?",
        "!destroy": lambda: {
            "": f"{who}: destroy an Item of the Market?",
            "market": f"{who}: destroy an Item of the Market.",
            "item": f"{who}: destroy an Item an opponent's Hero holds.",
            "card": f"{who}: destroy a card on an opponent's Station Field.",
        }[t.target],
        "!main": lambda: f"{who}: resolve either or both of {s.name(t.card)}'s Main Traits.",
        "!take": lambda: f"{who}: keep one of the two Items drawn.",
        "!keep": lambda: f"{who}: keep one Restricted Item.",
        "!repeat": lambda: f"{who}: repeat the card?",
        "!choose": lambda: f"{who}: Choose One of the card's two effects.",
        "!attach": lambda: f"{who}: attach {s.name(t.card)} to which entity?",
        "!buy": lambda: f"{who}: buy an Item (one per turn) or pass.",
        "!study": lambda: f"{who}: Study a Skill card from the Library (3 Experience) or finish.",
    }
    fn = texts.get(k)
    return fn() if fn else ""
