"""Shadows cards as card faces: Skill cards with their Initiative number, Traits, Stat
Requirements and ability text; Items, Heroes, the Monster and its Icon Chart, Monster-Action
cards, Missions and the Leader card. Every face reads the card file's data; which cards a
player may see is decided by the game's ``view``, never here."""

from __future__ import annotations

import html

from hordes_kit.shadows.card_model import ICONS
from hordes_kit.shadows.state import Placed, Position
from hordes_kit.shadows.words import (
    card_kind,
    chart_words,
    initiative_words,
    item_text,
    mission_words,
    requires_words,
    skill_text,
)
from hordes_kit.ui.cardface import CardFace
from hordes_kit.ui.pieces import Token, TokenTrack, render

__all__ = [
    "skill_face",
    "item_face",
    "hero_face",
    "monster_face",
    "chart_html",
    "ma_face",
    "mission_face",
    "leader_face",
    "back_face",
    "monster_damage",
    "LEVELS",
]

LEVELS = {1: "I", 2: "II", 3: "III"}
ORDER = ("Attack", "Attack X2", "Attack X3", "Attack (Standalone)", "Predict", "Spell")


def _traits(traits) -> str:
    first = [t for t in ORDER if t in traits]
    return ", ".join(first + sorted(set(traits) - set(first)))


def skill_face(
    s: Position,
    cid: str,
    seat: int | None = None,
    placed: Placed | None = None,
    **kw,
) -> CardFace:
    """A Skill card (its face showing when placed): Initiative, Traits, requirement, text.

    With ``seat``, stat amounts show their value for that seat's Hero ("(Magic: 3)").
    """
    sk = s.card(cid)
    back = bool(placed and placed.back)
    side = sk.side(back)
    stats_now = s.hero_stats(seat) if seat is not None and s.seats[seat].hero else None
    hero = s.name(sk.hero) if sk.hero else ""
    numbers: list[tuple[str, object]] = [("Initiative", initiative_words(sk))]
    if side.shield:
        numbers.append(("Shield", side.shield - (placed.broken if placed else 0)))
    if sk.entity:
        numbers.append(("Health", sk.health - (placed.damage if placed else 0)))
    if side.track:  # the progress track: the marks the token has moved on, of those to '!'
        numbers.append(("Track", f"{placed.progress if placed else 0}/{side.track['steps']}"))
    sub = [_traits(side.traits), requires_words(sk, hero)]
    tokens: list[Token] = []
    if placed is not None:
        if placed.damage:
            tokens.append(Token("damage", placed.damage))
        if placed.broken:
            sub.append(f"{placed.broken} Shield Point{'s' if placed.broken > 1 else ''} broken")
        if placed.stun:
            tokens.append(Token("stun", placed.stun))
        if seat is not None and not s.usable_by(seat, sk):
            sub.append("blank: requirement not met")
        if placed.on:
            sub.append(f"attached to {_entity(s, placed.on)}")
    if sk.sample:
        sub.append("sample values")
    return CardFace(
        side.name,
        card_kind(side, sk.special),
        stats=tuple(numbers),
        text=skill_text(sk, back, stats_now),
        subtitle=" · ".join(x for x in sub if x),
        tokens=tuple(tokens),
        **kw,
    )


def _entity(s: Position, target: str) -> str:
    head, _, card = target.partition(".")
    if head == "monster":
        return "the Monster"
    k = int(head[1:]) - 1 if head[1:].isdigit() else -1
    if 0 <= k < s.n:
        return f"{s.who(k)}'s {s.name(card)}" if card else s.who(k)
    return target


def item_face(s: Position, cid: str, placed: Placed | None = None, **kw) -> CardFace:
    """An Item: its cost in Gold, Stat Points, Shield Points and abilities."""
    it = s.card(cid)
    sub = ["Basic Item" if it.basic else "Market Item"]
    if it.restricted:
        sub.append("Restricted")
    if it.one_time:
        sub.append("One Time")
    if placed is not None and placed.broken:
        sub.append(f"{placed.broken} Shield Point{'s' if placed.broken > 1 else ''} broken")
    if it.sample:
        sub.append("sample values")
    numbers = (("Shield", it.shield - (placed.broken if placed else 0)),) if it.shield else ()
    if it.track:
        numbers += (("Track", f"{placed.progress if placed else 0}/{it.track['steps']}"),)
    return CardFace(
        it.name,
        "Item",
        it.cost,
        numbers,
        item_text(it),
        subtitle=" · ".join(sub),
        **kw,
    )


def hero_face(s: Position, seat: int, **kw) -> CardFace:
    """A player's Hero: health left, the four Stat Points with Items, Damage tokens."""
    st = s.seats[seat]
    h = s.card(st.hero)
    now = s.hero_stats(seat)
    left = now[3] - st.damage
    base = ", ".join(f"{n} {v}" for n, v in zip(("Strength", "Tech", "Magic", "Health"), h.stats))
    text = f"Printed: {base}."
    if now != h.stats:
        text += " With Items and Station cards: " + ", ".join(
            f"{n} {v}" for n, v in zip(("Strength", "Tech", "Magic", "Health"), now)
        )
        text += "."
    if s.invincible and s.invincible[seat]:
        text += " Invincible this Combat Phase."
    return CardFace(
        h.name,
        "Hero",
        stats=(
            ("Health left", f"{left}/{now[3]}"),
            ("Strength", now[0]),
            ("Tech", now[1]),
            ("Magic", now[2]),
        ),
        text=text,
        subtitle=f"{s.who(seat)}'s Hero" + (" · sample values" if h.sample else ""),
        tokens=(Token("damage", st.damage),) if st.damage else (),
        **kw,
    )


def monster_face(s: Position, **kw) -> CardFace:
    """The active Monster: level, Health, reward (its Icon Chart is :func:`chart_html`)."""
    m = s.card(s.monster)
    r = dict(m.reward)
    words = (("gold", "Gold"), ("xp", "Experience"), ("stones", "Shadow Stones"))
    reward = ", ".join(f"{r[k]} {w}" for k, w in words if r.get(k))
    if r.get("item"):
        reward += (", " if reward else "") + "+1 random Item"
    return CardFace(
        m.name,
        "Monster",
        stats=(("Health", m.health), ("Level", LEVELS.get(m.level, m.level))),
        text=f"Reward: {reward or 'none'}. Damage tokens of one player's colour equal to its "
        "Health defeat it.",
        subtitle=f"Level {LEVELS.get(m.level, m.level)} · {m.species}"
        + (" · sample values" if m.sample else ""),
        **kw,
    )


def chart_html(s: Position, highlight: str = "") -> str:
    """The Monster's Icon Chart: what each Monster-Action icon does (a table)."""
    m = s.card(s.monster)
    cr = s.card(m.creature).name if m.creature and m.creature in s.data.by_id else ""
    marks = set(highlight.split("+")) if highlight else set()
    rows = "".join(
        f"<tr{' class=hk-best' if i in marks else ''}><th scope='row'>{i}</th>"
        f"<td>{html.escape(chart_words(m.action(i), cr))}</td></tr>"
        for i in ICONS
    )
    return (
        "<div class='hk-table-wrap' tabindex='0' role='region' aria-label='Icon Chart'>"
        "<table class='hk-table sh-chart'><caption>Icon Chart: what each Monster-Action icon "
        f"does<small>{html.escape(m.name)}</small></caption><tbody>{rows}</tbody></table></div>"
    )


def monster_damage(s: Position, names: list[str], damage: list[int], health: int) -> str:
    """Each player's Damage tokens on the Monster (damage is not shared)."""
    return render(
        *(
            TokenTrack(
                f"{n}'s tokens", d, health, kind="damage", style="pips", note=f"{health - d} to go"
            )
            for n, d in zip(names, damage)
        )
    )


def ma_face(s: Position, kind: str, **kw) -> CardFace:
    """A faceup Monster-Action card: its icons and what they do on this Monster."""
    icons = kind.split("+")
    if s.monster:
        m = s.card(s.monster)
        text = " ".join(f"{i}: {chart_words(m.action(i))}." for i in icons)
    else:
        text = "No active Monster: it does nothing."
    return CardFace(" + ".join(icons), "Monster-Action", text=text, **kw)


def back_face(back: str, **kw) -> CardFace:
    """A facedown card: only its back."""
    return CardFace("", face_down=True, back=back, **kw)


def mission_face(s: Position, cid: str, **kw) -> CardFace:
    """A Mission card: its condition and Shadow Stone reward."""
    m = s.card(cid)
    sub = "Mission" + (" · sample values" if m.sample else "")
    return CardFace(m.name, "Mission", text=mission_words(m), subtitle=sub, **kw)


def leader_face(s: Position) -> CardFace:
    """The Leader card: first player, with its Shield Point."""
    left = s.data.leader_shield - s.leader_broken
    return CardFace(
        "Leader card",
        "Status",
        stats=(("Shield", left),),
        text="First player this round; does the TeamUp Phase. Its Shield Point recovers "
        "when it passes on.",
        tokens=(Token("damage", s.leader_broken),) if s.leader_broken else (),
    )
