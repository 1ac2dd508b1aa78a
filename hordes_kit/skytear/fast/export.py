"""Handing a position from the rules engine to the fast simulator: ``Position`` -> array ``S``.

A position can be handed over when its next task has no choice made yet, every task in
the queue is one the fast simulator plays (standard games; no campaign step; no pending
"order" of simultaneous abilities) and no card the game can still meet (``game_cards``)
uses a word it does not play (``refuse.py``). ``export`` says why not, otherwise returns
``S``.
"""

from __future__ import annotations

import numpy as np

from hordes_kit.skytear.bots import DEFEND, SENSIBLE, Sensible
from hordes_kit.skytear.fast.core import (
    MAXATT,
    MAXB,
    MAXBOT,
    MAXC,
    MAXD,
    MAXE,
    MAXL,
    MAXP,
    MAXT,
    MAXTOP,
    MAXU,
    NS,
    O_ALY,
    O_ASIDE,
    O_BACK,
    O_BOT,
    O_CPOOL,
    O_DEAD,
    O_DISC,
    O_DOOM,
    O_ENCH,
    O_HAND,
    O_HDECK,
    O_HDISC,
    O_L3,
    O_LINE,
    O_LT,
    O_MID,
    O_MON,
    O_PILE,
    O_PPILE,
    O_TASK,
    O_TOP,
    O_UNITS,
    S_ACTOR,
    S_BOOSTED,
    S_CASTLE,
    S_CDRAW,
    S_CEXH,
    S_CHP,
    S_DEFEND,
    S_DESTROYING,
    S_DONE,
    S_HIDDEN,
    S_MANA,
    S_MULL,
    S_NASIDE,
    S_NBACK,
    S_NBOT,
    S_NCARDS,
    S_NCPOOL,
    S_NDISC,
    S_NDOOM,
    S_NENCH,
    S_NEXTUID,
    S_NHAND,
    S_NHDECK,
    S_NHDISC,
    S_NL3,
    S_NLINE,
    S_NMID,
    S_NOUT,
    S_NPILE,
    S_NPL,
    S_NPPILE,
    S_NT,
    S_NTOP,
    S_OPT_EMPTY,
    S_OPT_MUTA,
    S_OPT_REACT,
    S_PDMG,
    S_PDOWN,
    S_PHASE,
    S_PORTAL,
    S_PWAIT,
    S_RESERVE,
    S_RESULT,
    S_ROT,
    S_TREACH,
    S_TURN,
    S_WIN,
    TF,
    U_ATT,
    U_ATTOWN,
    UF,
)
from hordes_kit.skytear.fast.refuse import unplayable
from hordes_kit.skytear.fast.statics import note_statics_in_play
from hordes_kit.skytear.fast.tables import (
    FastTables,
    compile_tables,
)
from hordes_kit.skytear.fast.tasks import NO_PICK, TASK

__all__ = ["export", "set_policy", "PHASES"]

PHASES = ("setup", "horde", "alliance", "treachery", "reactions", "fight", "pillage", "end", "over")
LANE_KINDS = ("health", "damage", "attack", "temp-attack", "armor", "temp-armor")
KEYS = {"move": -1, "swap": -2, "engage": -3, "fast": -4, "draw": -5}
NO_ARGS = {
    "turn",
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
    "reinforce",
    "minion_pick",
    "minion_all",
    "doom_order",
}


class Unsupported(Exception):
    """The fast simulator cannot take this position over."""


def _ability_row(t: FastTables, cards, card: str, ab) -> int:
    if card in cards.castles:
        lists = [("", cards.castles[card].abilities)]
    else:
        c = cards.cards[card]
        lists = [("", c.abilities), ("#enchantment", c.enchantment)]
    for tag, abilities in lists:
        for pos, a in enumerate(abilities):
            if a is ab or a == ab:
                return t.ability_index[(card + tag, pos)]
    raise Unsupported(f"an ability of {card} the card file does not have")


def _effect_row(t: FastTables, cards, card: str, e) -> int:
    if card not in cards.castles and card not in cards.cards:
        raise Unsupported("a scenario card's effect (campaign)")
    c = cards.castles.get(card) or cards.cards[card]
    lists = [("", c.abilities)] + (
        [] if card in cards.castles else [("#enchantment", c.enchantment)]
    )
    for tag, abilities in lists:
        for pos, a in enumerate(abilities):
            for k, x in enumerate(a.effects):
                if x is e or x == e:
                    return t.effect_index[(t.ability_index[(card + tag, pos)], k)]
    raise Unsupported(f"an effect of {card} the card file does not have")


def _task_row(t: FastTables, s, task) -> list[int]:
    k, a = task.kind, task.args
    if k not in TASK:
        raise Unsupported(f"the step {k!r:.60}")
    if task.picks:
        raise Unsupported(f"a choice half made ({k})")
    idx = t.index
    code = TASK[k]
    if k in NO_ARGS:
        return [code]
    if k == "summon":
        return [code, 1 if a[0] == "conceal" else 0]
    if k in ("enter", "to_discard", "treachery_bonus", "boost", "may_draw"):
        return [code, idx[a[0]]]
    if k in (
        "reveal",
        "destroyed",
        "strip",
        "leave",
        "pillage_by",
        "taunt",
        "fight_lane",
        "alliance_fight",
        "strike",
        "mulligan",
        "shuffle_back",
        "hand_limit",
        "trim",
    ):
        return [code, a[0]]
    if k == "token":
        return [code, idx[a[0]], a[1]]
    if k == "act":
        return [code, 0 if a[0] == "alliance" else 1]
    if k == "play":
        return [code, a[0], idx[a[1]]]
    if k == "use":
        seat, src, key = a
        if key in ("swap", "fast"):
            raise Unsupported(f"the universal {key} (the bot never uses it)")
        if isinstance(key, str):
            return [code, seat, -1 if src == "castle" else src, KEYS[key]]
        card = s.castle if src == "castle" else s.unit(src).card
        abilities = s.cards.castles[card].abilities if src == "castle" else s.card(card).abilities
        row = _ability_row(t, s.cards, card, abilities[key])
        return [code, seat, -1 if src == "castle" else src, row]
    if k in ("ally_move", "ally_engage"):
        return [code, a[0], a[1], int(a[2])]
    if k == "elusive":
        return [code, a[0], a[1]]
    if k in ("pillage_cards",):
        return [code, a[0]]
    if k in ("mill", "draw", "discard_hand", "flux"):
        return [code, a[0], a[1]]
    if k == "rebuild":
        return [code, a[0], a[1]]
    if k == "level3":
        return [code, a[1]]
    if k == "ability":
        src, card, ab, seat = a
        return [code, src, idx[card], _ability_row(t, s.cards, card, ab), seat]
    if k == "effect":
        src, card, e, seat = a
        return [code, src, idx[card], _effect_row(t, s.cards, card, e), seat]
    raise Unsupported(f"the step {k!r:.60}")


def _fill_unit(S, t: FastTables, slot: int, u) -> None:
    b = O_UNITS + slot * UF
    S[b : b + UF] = 0
    vals = [
        1,
        u.uid,
        t.index[u.card] if u.card else -1,
        0 if u.side == "horde" else 1,
        u.owner,
        u.hp,
        u.atk,
        u.tatk,
        u.arm,
        u.tarm,
        u.used,
        u.charges,
        int(u.charged),
        int(u.exhausted),
        int(u.struck),
        int(u.halted),
        int(u.token),
        int(u.old_pool),
        len(u.attached),
    ]
    if u.mods:
        raise Unsupported("what an ability gave a card (a keyword, health for the turn)")
    S[b : b + len(vals)] = vals
    if len(u.attached) > MAXATT:
        raise Unsupported(f"more than {MAXATT} attachments on one card")
    for j, (card, owner) in enumerate(u.attached):
        S[b + U_ATT + j] = t.index[card]
        S[b + U_ATTOWN + j] = owner


def _counts(S, off: int, cards, t: FastTables) -> int:
    for c in cards:
        S[off + t.index[c]] += 1
    return len(cards)


def set_policy(S, policy: Sensible) -> None:
    """Write a member of the sensible bot's family into a position's array."""
    S[S_MULL] = policy.mulligan
    S[S_CDRAW] = policy.castle_draw
    S[S_RESERVE] = policy.reserve
    S[S_DEFEND] = DEFEND.index(policy.defend)


def export(s) -> tuple[np.ndarray | None, FastTables | None, str]:
    """(S, tables, "") for a position the fast simulator can take over, else (None, None, why)."""
    if s.config.mode != "standard":
        return None, None, "the fast simulator plays standard games, not campaigns"
    t = compile_tables(s.cards)
    if isinstance(t, str):
        return None, None, t
    why = unplayable(s, t)
    if why:
        return None, None, why
    if s.result:
        return None, None, "the game is over"
    S = np.zeros(NS, np.int64)
    try:
        _export(S, t, s)
    except (Unsupported, KeyError, IndexError, ValueError) as e:
        return None, None, str(e) if isinstance(e, Unsupported) else f"cannot hand over ({e!r:.60})"
    return S, t, ""


def _export(S, t: FastTables, s) -> None:
    S[S_TURN], S[S_PHASE], S[S_ACTOR] = s.turn, PHASES.index(s.phase), s.actor
    S[S_CHP], S[S_CEXH] = s.castle_hp, int(s.castle_exhausted)
    S[S_PORTAL], S[S_PDMG], S[S_ROT] = t.portal_ids.index(s.portal), s.portal_damage, s.rotation
    S[S_PDOWN], S[S_NEXTUID], S[S_DESTROYING] = int(s.portal_down), s.next_uid, s.destroying
    S[S_WIN], S[S_RESULT] = int(s.win_pending), 0
    S[S_TREACH] = t.index[s.treachery] if s.treachery else -1
    S[S_BOOSTED], S[S_HIDDEN], S[S_NPL] = s.boosted, s.hidden, len(s.seats)
    cfg = s.config
    set_policy(S, SENSIBLE)
    S[S_NCARDS] = len(t.ids)
    S[S_OPT_EMPTY] = 0 if cfg.empty_deck == "at-zero" else 1
    S[S_OPT_REACT] = 0 if cfg.reactions == "symbol" else 1
    S[S_OPT_MUTA] = 0 if cfg.mutaform_monster == "one-type" else 1
    S[S_CASTLE] = t.index[s.castle]
    slot = 0
    S[O_MON : O_MON + 6] = -1
    S[O_ALY : O_ALY + 6] = -1
    for off, row in ((O_MON, s.monsters), (O_ALY, s.allies)):
        for i, u in enumerate(row):
            if u is not None:
                _fill_unit(S, t, slot, u)
                S[off + i] = slot
                slot += 1
    if len(s.back) > MAXB or slot + len(s.back) > MAXU:
        raise Unsupported("too many cards in play")
    for i, u in enumerate(s.back):
        _fill_unit(S, t, slot, u)
        S[O_BACK + i] = slot
        slot += 1
    S[S_NBACK] = len(s.back)
    for i, st in enumerate(s.seats):
        S[S_MANA + i], S[S_DONE + i] = st.mana, int(st.done)
        S[S_NHAND + i] = _counts(S, O_HAND + i * MAXC, st.hand, t)
        S[S_NMID + i] = _counts(S, O_MID + i * MAXC, st.deck.middle, t)
        S[S_NDISC + i] = _counts(S, O_DISC + i * MAXC, st.discard, t)
        S[S_NASIDE + i] = _counts(S, O_ASIDE + i * MAXC, st.aside, t)
        if len(st.deck.top) > MAXTOP or len(st.deck.bottom) > MAXBOT:
            raise Unsupported("too many known cards on a deck")
        for j, c in enumerate(st.deck.top):
            S[O_TOP + i * MAXTOP + j] = t.index[c]
        for j, c in enumerate(st.deck.bottom):
            S[O_BOT + i * MAXBOT + j] = t.index[c]
        S[S_NTOP + i], S[S_NBOT + i] = len(st.deck.top), len(st.deck.bottom)
    S[S_NHDECK] = _counts(S, O_HDECK, s.horde_deck, t)
    S[S_NHDISC] = _counts(S, O_HDISC, s.horde_discard, t)
    S[S_NCPOOL] = _counts(S, O_CPOOL, s.concealed_pool, t)
    for m in s.dead_minions:
        S[O_DEAD + t.index[m]] = 1
    for off, n_off, items, most in (
        (O_LINE, S_NLINE, s.outsider_line, MAXL),
        (O_PILE, S_NPILE, s.outsider_pile, MAXP),
    ):
        if len(items) > most:
            raise Unsupported("too many outsider cards")
        for j, c in enumerate(items):
            S[off + j] = t.index[c]
        S[n_off] = len(items)
    S[S_PWAIT] = s.pile_wait
    S[S_NOUT] = len(s.outsider_out)
    for j, p in enumerate(s.portal_pile):
        S[O_PPILE + j] = t.portal_ids.index(p)
    S[S_NPPILE] = len(s.portal_pile)
    for lane, side, kind, n in s.lane_tokens:
        S[O_LT + (lane * 2 + (0 if side == "horde" else 1)) * 6 + LANE_KINDS.index(kind)] += n
    if len(s.doomed) > MAXD:
        raise Unsupported("too many cards falling at once")
    for j, uid in enumerate(s.doomed):
        S[O_DOOM + j] = uid
    S[S_NDOOM] = len(s.doomed)
    enchanters = list(dict.fromkeys(cid for cid, _ in s.enchant))
    if len(enchanters) > MAXE:
        raise Unsupported("too many enchanters")
    for j, cid in enumerate(enchanters):
        S[O_ENCH + j] = t.index[cid]
    S[S_NENCH] = len(enchanters)
    note_statics_in_play(S, t)
    if len(s.tasks) > MAXT:
        raise Unsupported("too many steps queued")
    for task in s.tasks:
        if task.kind == "level3":
            S[S_NL3] = _counts(S, O_L3, task.args[0], t)
    for n, task in enumerate(reversed(s.tasks)):  # the stack's top is the next task
        row = _task_row(t, s, task)
        b = O_TASK + n * TF
        S[b : b + len(row)] = row
        S[b + 6] = NO_PICK
    S[S_NT] = len(s.tasks)
