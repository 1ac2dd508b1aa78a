"""Cards in a player's words: a Skill card's ability box, an Item, a Monster's Icon Chart,
a Mission, Stat Requirements and Initiative numbers (what a card face prints).

The card file holds effects in the kit's vocabulary (``attack strength``, ``gain xp 1
when no-response``); these functions say them the way the rulebook's cards do ("Deal
(Strength) damage to a target. If the target didn't use a Response, gain 1
Experience."). Given the user's stats, a stat amount also shows its value now.
"""

from __future__ import annotations

from collections.abc import Sequence

from hordes_kit.shadows.card_model import STATS, Effect, Item, Mission, Side, Skill

__all__ = [
    "amount_words",
    "effect_words",
    "side_text",
    "skill_text",
    "item_text",
    "chart_words",
    "mission_words",
    "requires_words",
    "initiative_words",
    "card_kind",
    "icon_words",
    "icon_short",
    "card_kind_short",
    "deck_words",
    "ICON_SHORT",
    "action_card_words",
    "RESOURCE",
    "ICON_MEANS",
    "ON_WORDS",
    "track_words",
]

RESOURCE = {"xp": "Experience", "gold": "Gold", "stone": "Shadow Stone"}
WHEN = {
    "hit": "On a successful prediction: ",
    "miss": "If the prediction was wrong, ",
    "no-response": "If the target didn't use a Response, ",
    "lost-health": "If the target lost health by this Attack, ",
    "response": "If used as a Response, ",
    "knockdown": "If this KnocksDown a Hero, ",
}
ON_WORDS = {
    "predict": "whenever you use a Predict (right or wrong)",
    "attack": "whenever you use an Attack",
    "spell": "whenever you use a Spell",
    "response": "whenever you use a Response",
    "knockdown-other": "when another player's Hero is KnockedDown",
    "knockdown-by-you": "when you KnockDown a Hero",
}
KINDS = (
    ("Attack", ("Attack", "Attack X2", "Attack X3", "Attack (Standalone)")),
    ("Predict", ("Predict",)),
    ("Response", ("Response (Attack)", "Response (Spell)", "Response (Predict)")),
    ("Spell", ("Spell",)),
    ("Station", ("Self", "Creature", "Object", "Attachment")),
)


def amount_words(text: str, stats: Sequence[int] | None = None) -> str:
    """An amount as printed: ``3``, ``(Strength)``, ``(Magic + 1)``, ``(X)``, ``(die)``; with
    the user's stats a stat amount adds its value: ``(Strength: 3)``.

    >>> amount_words("3"), amount_words("magic+1"), amount_words("strength", (3, 1, 1, 9))
    ('3', '(Magic + 1)', '(Strength: 3)')
    """
    base, _, plus = text.partition("+")
    if base.isdigit():
        return str(int(base) + int(plus or 0))
    name = {"x": "X", "die": "die"}.get(base, base.title())
    shown = name + (f" + {int(plus)}" if plus else "")
    if stats is not None and base in STATS:
        value = stats[STATS.index(base)] + int(plus or 0)
        return f"({shown}: {value})"
    return f"({shown})"


def effect_words(e: Effect, stats: Sequence[int] | None = None) -> str:
    """One effect as a sentence (its condition first, as the cards print it).

    >>> from hordes_kit.shadows.card_model import parse_effect
    >>> effect_words(parse_effect("gain xp 1 when no-response"))
    "If the target didn't use a Response, gain 1 Experience."
    >>> effect_words(parse_effect("block tech shields"), (1, 2, 3, 7))
    'Block (Tech: 2) damage and use Shield Points.'
    """
    if e.label or e.sub:
        bare = Effect(e.verb, e.args, e.when, e.text, e.options)
        lead = (f"{e.trait}: " if e.label else "") + (f"[{e.sub}] " if e.sub else "")
        return lead + effect_words(bare, stats)
    if e.verb == "choose":
        a, b = (effect_words(o, stats).rstrip(".") for o in e.options)
        return f"Choose One: {a} OR {b[:1].lower() + b[1:]}."
    args = e.args
    amt = amount_words(args[0], stats) if args and e.verb in ("attack", "lose", "block") else ""
    if e.verb == "attack":
        whom = "an opponent's Hero" if "hero" in args[1:] else "a target"
        if "other" in args[1:]:
            whom = "another target"
        text = f"Deal {amt} damage to {whom}"
        if args[0].startswith("x"):
            text += " (X = the Damage tokens on that Hero)"
    elif e.verb == "lose":
        text = f"The target loses {amt} health"
    elif e.verb == "block":
        more = "and use Shield Points" if "shields" in args[1:] else "without any Shield Points"
        text = f"Block {amt} damage {more}"
    elif e.verb == "gain":
        n = int(args[1])
        word = RESOURCE[args[0]] + ("s" if args[0] == "stone" and n != 1 else "")
        text = f"gain {n} {word}"
    elif e.verb == "recover":
        text = f"Your Hero recovers {args[0]} health"
    elif e.verb == "recover-shields":
        text = f"Recover {args[0]} Shield Point{'s' if args[0] != '1' else ''}"
    elif e.verb == "search":
        text = "You may replace an Item of the Market (discard it, draw another)"
    elif e.verb == "destroy-item":
        text = "You may destroy an Item of the Market"
    elif e.verb == "destroy":
        text = {
            "market": "Destroy an Item of the Market",
            "item": "Destroy an Item an opponent's Hero holds",
            "card": "Destroy a card on an opponent's Station Field",
        }[args[0]]
    elif e.verb == "stat":
        text = f"+{args[1]} {args[0].title()} while this card is in play"
    elif e.verb == "invincible":
        text = "Your Hero is Invincible until the end of the Combat Phase"
    else:
        text = e.text
    lead = WHEN.get(e.when, "")
    if lead:
        text = lead + text[:1].lower() + text[1:]
    return text[:1].upper() + text[1:] + "."


def _active(active: dict, stats) -> str:
    """An Active Abilities box in words."""
    effects = " ".join(effect_words(x, stats) for x in active.get("effects", ()))
    if active.get("flip") == "no-response":
        return "After your Hero takes Attack damage with No Response, flip this card to Dodge."
    if active.get("flip") == "knockdown":
        return "When your Hero is KnockedDown, flip this card."
    if active.get("on"):
        per = {1: ", Once/Round", 2: ", Twice/Round"}.get(active.get("per_round", 0), "")
        return f"Auto, {ON_WORDS[active['on']]}{per}: {effects}"
    when = [f"Initiative {active['step']}"] if "step" in active else []
    if active.get("per_round"):
        when.append({1: "Once/Round", 2: "Twice/Round"}.get(active["per_round"], "X/Round"))
    if active.get("times"):
        when.append("One Time" if active["times"] == 1 else f"{active['times']} Times")
    return f"Active ({', '.join(when)}): {effects}" if when else effects


def track_words(track: dict, stats=None) -> str:
    """A progress track in words: its marks, what moves the token, what '!' does."""
    effects = " ".join(effect_words(x, stats) for x in track["effects"])
    return (
        f"Progress track (Start, then {track['steps']} marks to '!'): {ON_WORDS[track['on']]}, "
        f"move the token one mark on; at '!': {effects} Then back to Start."
    )


def _effects(effects, stats) -> list[str]:
    """Sentences for effects; effects under the same condition share one lead-in."""
    out: list[str] = []
    prev = None
    for e in effects:
        text = effect_words(e, stats)
        if prev is not None and e.when and e.when == prev.when:
            rest = effect_words(Effect(e.verb, e.args, "", e.text, e.options), stats)
            out[-1] = out[-1][:-1] + "; " + rest[:1].lower() + rest[1:]
        else:
            out.append(text)
        prev = e
    return out


def side_text(side: Side, predict: Sequence[int] = (), stats=None) -> str:
    """The ability box of one face: Predict numbers, effects, Active Abilities, CleanUp."""
    bits = []
    if predict:
        bits.append(f"Predict {'/'.join(map(str, predict))} in an opponent's Hand.")
    bits += _effects(side.effects, stats)
    if side.active:
        bits.append(_active(side.active, stats))
    if side.cleanup:
        bits.append("CleanUp: " + " ".join(effect_words(e, stats) for e in side.cleanup))
    if side.track:
        bits.append(track_words(side.track, stats))
    if side.shield:
        bits.append(f"{side.shield} Shield Point{'s' if side.shield != 1 else ''}.")
    return " ".join(bits)


def skill_text(sk: Skill, back: bool = False, stats: Sequence[int] | None = None) -> str:
    """A Skill card's ability box in words (the face showing; Dodge for a flipped card)."""
    side = sk.side(back)
    text = side_text(side, sk.predict if not back else (), stats)
    if sk.entity:
        text += f" Health {sk.health}."
    if sk.attach:
        whom = "an opponent's entity" if sk.attach == "opponent" else "one of your entities"
        text = f"Attach to {whom}. " + text
    if not back and sk.back is not None and sk.front.active.get("flip"):
        text += f" Other side: {sk.back.name}: {side_text(sk.back, (), stats)}"
    return text.strip()


def item_text(it: Item) -> str:
    """An Item's box: its Stat Points, Shield Points and abilities."""
    bits = [f"+{v} {n.title()}" for n, v in zip(STATS, it.stats) if v]
    out = [", ".join(bits) + "." if bits else ""]
    if it.shield:
        out.append(f"{it.shield} Shield Point{'s' if it.shield != 1 else ''}.")
    out += [effect_words(e) for e in it.effects]
    if it.active:
        out.append(_active(it.active, None))
    if it.track:
        out.append(track_words(it.track))
    if it.restricted:
        out.append("Restricted: one Restricted Item at a time.")
    return " ".join(x for x in out if x)


# The rulebook's Monster-Action icon names, in words (Monster-Action Symbols: "MxAttack /
# MxxAttack [Attack] X: the triggering entity takes the listed damage", "MxResponse /
# MxxResponse [Response] Block X: the Monster cancels the listed damage", "MxSpecial /
# MxSpell / MxxSpell: follow the effect listed on the current Monster's Icon Chart").
ICON_MEANS = {
    "MxAttack": "the Monster attacks",
    "MxxAttack": "the Monster attacks (its second Attack line)",
    "MxResponse": "the Monster blocks damage",
    "MxxResponse": "the Monster blocks damage (its second Block line)",
    "MxSpell": "the Monster's spell: its chart says what",
    "MxxSpell": "the Monster's second spell: its chart says what",
    "MxSpecial": "the Monster's special: its chart says what (often nothing)",
}
ICON_SHORT = {
    "MxAttack": "Attack",
    "MxxAttack": "Second Attack",
    "MxResponse": "Block",
    "MxxResponse": "Second Block",
    "MxSpell": "Spell",
    "MxxSpell": "Second Spell",
    "MxSpecial": "Special",
}


def icon_words(icon: str) -> str:
    """A Monster-Action icon in words, the book's name for it after them.

    >>> icon_words("MxAttack")
    'The Monster attacks (MxAttack)'
    """
    means = ICON_MEANS.get(icon)
    return f"{means[0].upper()}{means[1:]} ({icon})" if means else icon


def icon_short(icon: str) -> str:
    """A Monster-Action icon in two or three words (a chart's axis).

    >>> icon_short("MxxResponse")
    'Second Block'
    """
    return ICON_SHORT.get(icon, icon)


def card_kind_short(kind: str) -> str:
    """A Monster-Action card's icons in short words, the book's names after them.

    >>> card_kind_short("MxAttack+MxSpell")
    'Attack + Spell (MxAttack + MxSpell)'
    """
    icons = kind.split("+")
    return f"{' + '.join(map(icon_short, icons))} ({' + '.join(icons)})"


def deck_words(actions) -> str:
    """The Monster-Action deck's makeup, ``((kind, copies), ...)``, in words.

    >>> deck_words((("MxAttack", 4), ("MxAttack+MxSpell", 1)))
    '5 cards: 4 Attack (MxAttack), 1 Attack + Spell (MxAttack + MxSpell)'
    """
    total = sum(n for _, n in actions)
    return f"{total} cards: " + ", ".join(f"{n} {card_kind_short(k)}" for k, n in actions)


def action_card_words(kind: str) -> str:
    """A Monster-Action card (one or two icons, ``MxAttack+MxResponse``) in words, the
    book's names for its icons after them.

    >>> action_card_words("MxAttack+MxResponse")
    'The Monster attacks, then the Monster blocks damage (MxAttack + MxResponse)'
    """
    icons = kind.split("+")
    means = ", then ".join(ICON_MEANS.get(i, i) for i in icons)
    return f"{means[0].upper()}{means[1:]} ({' + '.join(icons)})"


def chart_words(action: Effect, creature: str = "") -> str:
    """What an icon does on a Monster's Icon Chart, as the chart prints it.

    >>> chart_words(Effect("attack", ("2",))), chart_words(Effect("block", ("2",)))
    ('[Attack] Deal 2 damage', '[Response] Block 2 damage')
    """
    n = action.args[0] if action.args else ""
    every = " (to every Hero: who revealed the card first, then clockwise)"
    every = every if "all" in action.args[1:] else ""
    return {
        "attack": f"[Attack] Deal {n} damage{every}",
        "block": f"[Response] Block {n} damage",
        "recover": f"[Spell] The Monster recovers {n} health",
        "lose": f"[Spell] Your Hero loses {n} health"
        if not every
        else f"[Spell] Every Hero loses {n} health",
        "market": f"{n} Item{' joins' if n == '1' else 's join'} the Market from the deck",
        "creature": f"{creature or 'Its Creature'} acts",
    }.get(action.verb, "No effect")


def mission_words(m: Mission) -> str:
    """A Mission's condition and reward."""
    what = {
        "monsters": f"Defeat {m.amount} Monster{'s' if m.amount != 1 else ''}",
        "level3": "Defeat the level III Monster",
        "items": f"Have {m.amount} Items equipped",
        "studied": f"Study {m.amount} Skill cards",
        "knockdowns": f"KnockDown {m.amount} Hero{'es' if m.amount != 1 else ''}",
        "gold": f"Keep {m.amount} Gold",
        "xp": f"Keep {m.amount} Experience",
        "bounty": f"Hold {m.amount} Bounty card{'s' if m.amount != 1 else ''}",
    }[m.verb]
    return f"{what} by the end of the game: +{m.reward} Shadow Stone{'s' if m.reward != 1 else ''}."


def requires_words(sk: Skill, hero_name: str = "") -> str:
    """``Needs Magic 5``, ``Needs Tech 3, Health =< 7``, ``Hero Symbol: Eras`` or ``No
    requirement``."""
    if sk.hero:
        return f"Hero Symbol: {hero_name or sk.hero.title()}"
    if not sk.requires:
        return "No requirement"
    return "Needs " + ", ".join(
        f"{st.title()} {'=< ' if most else ''}{v}" for st, v, most in sk.requires
    )


def initiative_words(sk: Skill) -> str:
    """The Initiative corner: ``2``, ``4/5``, ``0``, ``?`` or ``★`` (Hero Special)."""
    if sk.special:
        return "★"
    return "/".join(map(str, sk.initiative)) if sk.initiative else "?"


def card_kind(side: Side, special: bool = False) -> str:
    """The card's main kind for its colour band: Attack, Predict, Response, Spell, Station."""
    if special:
        return "Hero Special"
    for kind, traits in KINDS:
        if side.traits & set(traits):
            return kind
    return "Skill"
