"""What the players see: ``view(state, player)`` (JSON types only) and action labels in words.

Everything a board needs: the six lanes as columns (monster above, ally or tower below,
lane tokens), the back line, portal and castle, mana, tokens on cards, exhausted flags,
hands, deck counts, the prompt, legal actions with labels and the recent log. Skytear is
cooperative: the players' hands are open to each other, and no deck's order is known to
anyone (not even the engine: cards are drawn at chance nodes), so nothing is hidden.
"""

from __future__ import annotations

from collections import Counter

from hordes_kit.skytear.effect_grants import granted_words
from hordes_kit.skytear.state import Position, Unit
from hordes_kit.skytear.stats import armor, attack, health, keyword
from hordes_kit.skytear.targets import unit_label
from hordes_kit.skytear.things import table_things
from hordes_kit.skytear.vocabulary import KEYWORDS
from hordes_kit.skytear.words import ability_words

__all__ = ["view", "label", "unit_json"]

LOG_LINES = 15


def unit_json(s: Position, u: Unit) -> dict:
    """One card in play with its current values and tokens."""
    ref = s.ref(u.uid)
    if u.concealed:
        return {
            "ref": ref,
            "name": "Face-down horde card",
            "concealed": True,
            "attack": 0,
            "health": health(s, u),
            "tokens": {},
            "exhausted": False,
        }
    c = s.unit_card(u)
    kws = []
    for kw in KEYWORDS:
        v = keyword(s, u, kw)
        if v:
            kws.append(f"{kw} {v}" if KEYWORDS[kw] else kw)
    tokens = {
        "health": max(0, u.hp),
        "damage": max(0, -u.hp),
        "attack": u.atk,
        "temp_attack": u.tatk,
        "armor": u.arm,
        "temp_armor": u.tarm,
        "armor_used": u.used,
        "charges": u.charges,
    }
    return {
        "ref": ref,
        "id": c.id,
        "name": s.name(c.id),
        "kind": c.kind,
        "type": c.type,
        "owner": u.owner + 1 if u.side == "alliance" else None,
        "attack": attack(s, u),
        "health": health(s, u),
        "armor": armor(s, u),
        "printed_attack": c.attack,
        "printed_health": c.health,
        "tokens": {k: v for k, v in tokens.items() if v},
        "exhausted": u.exhausted,
        "keywords": kws,
        "abilities": [ability_words(a) for a in c.abilities],
        "attachments": [s.name(a) for a, _ in u.attached],
        # what abilities gave it (not tokens): for the rest of the turn, or while in play
        "lasting": [
            granted_words(what, n) + (" this turn" if until == "turn" else " (gained)")
            for until, what, n in u.mods
        ],
        "token": u.token,
        "concealed": False,
        "sample": c.sample,
    }


def _names(s: Position, cards) -> list[str]:
    return [s.name(c) for c in cards]


def _counted(s: Position, cards) -> list[dict]:
    return [{"id": c, "name": s.name(c), "count": n} for c, n in sorted(Counter(cards).items())]


def view(s: Position, player: int | None) -> dict:
    """JSON picture of the game (the same for every seat: nothing is hidden in Skytear).

    ``s`` is the game state (a Position that is also the core GameState, for its prompt and
    legal actions).
    """
    portal = s.cards.portals[s.portal]
    wave, reinforce, mana = s.portal_numbers()
    lanes = []
    for i in range(len(s.monsters)):
        m, a = s.monsters[i], s.allies[i]
        lanes.append(
            {
                "lane": i + 1,
                "monster": unit_json(s, m) if m is not None else None,
                "ally": unit_json(s, a) if a is not None else None,
                "tokens": [
                    {"side": sd, "kind": k, "count": n} for ln, sd, k, n in s.lane_tokens if ln == i
                ],
            }
        )
    castle = s.cards.castles[s.castle]
    seats = []
    for i, st in enumerate(s.seats):
        seats.append(
            {
                "player": i + 1,
                "mana": st.mana,
                "hand": _counted(s, st.hand),
                "hand_count": len(st.hand),
                "deck_count": st.deck.size,
                "deck_known_top": _names(s, st.deck.top),
                "deck_known_bottom": _names(s, st.deck.bottom[::-1]),
                "discard": _counted(s, st.discard),
                "discard_count": len(st.discard),
                "done": st.done,
            }
        )
    cur = s.current_player
    legal = s.legal_actions() if cur >= 0 else ()
    boosted = s.ref(s.boosted) if s.boosted and s.unit(s.boosted) else None
    out = {
        "game": "skytear",
        "mode": s.config.mode,
        "turn": s.turn,
        "phase": s.phase,
        "players": s.players,
        "result": s.result or None,
        "castle": {"name": castle.name, "health": s.castle_hp, "exhausted": s.castle_exhausted},
        "portal": {
            "name": portal.name,
            "stage": portal.stage,
            "health": s.portal_health(),
            "max_health": portal.face(s.players).health,
            "damage": s.portal_damage,
            "wave": wave,
            "reinforce": reinforce,
            "mana": mana,
            "rotation": s.rotation,
            "next": _names(s, s.portal_pile),
            "destroyed_last": s.portal_down,
        },
        "lanes": lanes,
        "back_line": [unit_json(s, u) for u in s.back],
        "destroyed_minions": _names(s, s.dead_minions),
        "minion_tokens": {s.name(k): v for k, v in sorted(s.minion_tokens().items())},
        "outsider": {
            "to_come": _names(s, s.outsider_line),
            "pile": _names(s, s.outsider_pile),
            # its bottom cards that found no room this turn: summoned in the next turn
            "waiting": _names(s, s.outsider_pile[len(s.outsider_pile) - s.pile_wait :]),
            "destroyed": _names(s, s.outsider_out),
            "falls_this_turn": s.win_pending,
        },
        "horde": {
            "deck_count": len(s.horde_deck) - s.hidden,
            "discard": _counted(s, s.horde_discard),
            "treachery": s.name(s.treachery) if s.treachery else None,
            "boosted": boosted,
        },
        "seats": seats,
        "actor": s.actor + 1,
        "waiting_for": "chance" if cur == -1 else "game over" if cur == -2 else f"player {cur + 1}",
        "prompt": s.prompt(),
        "legal": [{"id": a, "label": label(s, a)} for a in legal],
        "log": [e.text for e in s.log[-LOG_LINES:]],
        "options": {
            "empty_deck": s.config.empty_deck,
            "reactions": s.config.reactions,
            "mutaform_monster": s.config.mutaform_monster,
        },
    }
    if s.campaign is not None:
        c = s.campaign
        out["campaign"] = {
            "game": c.game,
            "gold": c.gold,
            "won": c.won,
            "scenario": s.name(c.scenario) if c.scenario else None,
            "scenario_pile": _names(s, c.scenario_pile),
            "portal_pile": _names(s, c.portal_pile),
            "market_counts": [m.size for m in c.markets],
            "deck_counts": [len(d) for d in c.decks],
            "offers": _offers(s),
        }
    out["things"] = table_things(out)
    return out


def _offers(s: Position) -> list[list[str]]:
    """The Recruit offers on the table (while a player chooses one)."""
    head = s.tasks[0] if s.tasks else None
    if head is None or head.kind != "offers":
        return []
    x = head.args[1]
    dealt = [p for p in head.picks if isinstance(p, str)]
    return [_names(s, dealt[k : k + x]) for k in range(0, len(dealt), x)]


def _unit_words(s: Position, ref: str) -> str:
    if ref in ("portal", "castle"):
        return f"the {ref}"
    if ref == "none":
        return "no card (discard it)"
    u = s.by_ref(ref)
    return unit_label(s, u) if u is not None else ref


def label(s: Position, action_id: str) -> str:
    """Plain words for an action id."""
    verb, _, rest = action_id.partition(":")
    args = rest.split(":") if rest else []
    one = args[0] if args else ""
    player = f"Player {one}" if one.isdigit() else one
    if verb == "play":
        c = s.card(one)
        return f"Play {c.name} ({c.cost} mana)"
    if verb == "use":
        ref, key = args
        if ref == "castle":
            if key == "draw":
                return "Castle: Exhaust, pay 1 mana: Draw a card."  # the book's Draw
            return f"Castle: {ability_words(s.cards.castles[s.castle].abilities[int(key) - 1])}"
        u = s.by_ref(ref)
        words = {
            "move": "move to a free lane",
            "swap": "swap lanes with another ally",
            "engage": "engage a monster from the back line",
            "fast": "Fast: move and engage",
        }
        exhaust = [a for a in s.unit_card(u).abilities if a.trigger == "exhaust"]
        what = words.get(key) or ability_words(exhaust[int(key) - 1])
        return f"{unit_label(s, u)}: {what}"
    if verb == "discard":
        return f"Discard {_unit_words(s, one)}"
    simple = {
        "done": "Done",
        "handover": "Let your partner act",
        "keep": "Keep this hand",
        "stay": "Stay",
    }
    if verb in simple:
        return simple[verb]
    if verb == "lane":
        return f"Lane {one}"
    if verb == "target":
        return (
            _unit_words(s, one).capitalize() if one in ("portal", "none") else _unit_words(s, one)
        )
    if verb == "first":
        return f"First: {_unit_words(s, one) if not one.isdigit() else 'ability ' + one}"
    if verb in ("draw", "mana", "boost"):
        if one == "none":
            return "Nobody draws"
        if one == "split":
            return "Split the mana boost: 1 each"
        if s.players == 1:
            what = {"draw": "draw a card", "mana": "gain the mana", "boost": "gain the mana boost"}
            return f"You {what[verb]}"
        what = {"draw": "draws a card", "mana": "gains the mana", "boost": "gains the mana boost"}
        return f"{player} {what[verb]}"
    if verb == "reinforce":
        return f"Reinforce {s.name(one)}"
    if verb == "minion":
        return f"1 health token on {s.name(one)}"
    if verb == "mulligan":
        return f"Set aside {s.name(one)}"
    if verb == "bless":
        return f"Bless with {one} tokens"
    if verb == "x":
        return f"X = {one}"
    if verb == "token":
        return f"An {one} token"
    if verb == "fast":
        return "Move first, then engage" if one == "move-first" else "Engage first, then move"
    if verb == "drop":
        return f"Discard {s.name(one)} from your hand"
    if verb == "rebuild":
        return f"{s.name(args[1])} to the bottom of Player {one}'s deck"
    if verb == "pick":
        return f"Take {s.name(one)} into your starting deck"
    if verb == "action":
        sc = s.cards.scenarios[s.campaign.scenario]
        a = sc.actions[int(one) - 1]
        money = f"spend {-a.gold}" if a.gold < 0 else f"earn {a.gold}"
        return f"{a.name} ({money} gold)"
    if verb == "offer":
        return f"Recruit offer {one}"
    if verb == "top":
        return f"Put {s.name(one)} on top of your deck next"
    if verb == "exile":
        return f"Exile {s.name(one)}"
    chance = {
        "horde": "The horde card is",
        "treachery": "The treachery card is",
        "reveal": "The face-down card is",
        "card": "The card is",
        "bottom": "From the bottom:",
        "random": "The random card is",
        "remove": "Removed from the deck at random:",
        "scenario": "The scenario is",
        "portal": "The portal is",
        "henchman": "The henchman is",
        "market": "From the market:",
    }
    if verb in chance:
        return f"{chance[verb]} {s.name(one)}"
    return action_id
