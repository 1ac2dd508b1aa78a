"""A Skytear card's abilities and keywords in words, as a card prints them.

The card file writes abilities in a small language (``"fight: damage castle 1"``); a
player reads ``"Fight: 1 damage to the castle."``.
"""

from __future__ import annotations

from hordes_kit.skytear.abilities import Ability, Effect
from hordes_kit.skytear.card_model import Card
from hordes_kit.skytear.vocabulary import KEYWORDS

__all__ = ["ability_words", "effect_words", "keyword_words", "card_text"]

_TARGET = {
    "self": "this card",
    "engaged": "the card it faces",
    "host": "the card it is attached to",
    "boosted": "the boosted monster",
    "castle": "the castle",
    "portal": "the portal",
    "ally": "an ally",
    "other-ally": "another ally",
    "monster": "a monster",
    "lane-monster": "a monster in a lane",
    "non-epic-monster": "a non-epic monster",
    "unengaged-monster": "an unengaged monster",
    "wounded-monster": "a damaged monster",
    "minion": "a minion",
    "tower": "a tower",
    "strongest-monster": "the STRONGEST monster",
    "weakest-monster": "the WEAKEST monster",
    "strongest-ally": "the STRONGEST ally",
    "weakest-ally": "the WEAKEST ally",
    "most-wounded-monster": "the MOST WOUNDED monster",
    "most-wounded-ally": "the MOST WOUNDED ally",
    "leftmost-monster": "the leftmost monster",
    "rightmost-monster": "the rightmost monster",
    "all-monsters": "every monster",
    "all-lane-monsters": "every monster in the lanes",
    "all-allies": "every ally",
    "all-minions": "every minion",
    "neighbors": "the cards beside it",
}
_TRIGGER = {
    "play": "Play",
    "fight": "Fight",
    "destroyed": "Destroyed",
    "exhaust": "Exhaust",
    "treachery": "Treachery",
    "pillage": "Pillage",
    "after-striking": "After striking",
    "turn": "Each turn",
}
_KEYWORD = {"trample-at": "Trample at {n}+ attack", "attack-per-health": "+{n} attack per health"}


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def effect_words(e: Effect) -> str:
    """One effect in words: ``damage castle 1`` -> ``1 damage to the castle``."""
    t, n, x = _TARGET.get(e.target, e.target), e.amount, e.extra
    phrases = {
        "damage": f"{n} damage to {t}",
        "heal": f"{t} gains {n} health",
        "attack": f"{t} gains {_signed(n)} attack",
        "temp-attack": f"{t} gains {_signed(n)} attack this turn",
        "armor": f"{t} gains {_signed(n)} armor",
        "temp-armor": f"{t} gains {_signed(n)} armor this turn",
        "health": f"{t} has {_signed(n)} health",
        "gain": f"{t} has {x[0].capitalize() if x else ''}",
        "destroy": f"destroy {t}",
        "ready": f"ready {t}",
        "exhaust": f"exhaust {t}",
        "bless": f"Bless {n} ({t})",
        "mutaform": f"Mutaform {n} ({t})",
        "bait": f"Bait ({t})",
        "move": f"move {t} to a free lane",
        "attach": f"attach to {t}",
        "halt-pillage": f"a minion with {n} attack or less cannot pillage this turn",
        "charge": f"Charge {x[0] if x else ''}",
        "draw": f"draw {n}",
        "mana": f"add {n} mana",
        "assault": f"Assault {n}",
        "guerrilla": f"Guerrilla {n}",
        "rebuild": f"Rebuild {n}",
        "reinforce": f"Reinforce {n}",
        "flux": f"Flux {n}",
        "charges": f"{n} charge tokens on it",
        "summon": f"summon {n} horde card{'s' if n != 1 else ''}",
        "pillage": f"pillage {n}",
        "discard": f"each player discards {n} from hand",
        "token": f"create {n} {x[0].capitalize() if x else ''} token{'s' if n != 1 else ''}",
        "conceal": f"the next {n} horde cards enter face down",
        "lane-tokens": f"tokens in lane {x[0] if x else ''}",
        "gold": f"{'earn' if n >= 0 else 'spend'} {abs(n)} gold",
        "recruit": f"Recruit {n}",
        "exile": f"Exile {n}",
    }
    return phrases.get(e.verb, e.text)


def ability_words(a: Ability) -> str:
    """An ability as the card prints it: ``Exhaust, pay 1 mana: 2 health to ...``."""
    body = "; ".join(effect_words(e) for e in a.effects)
    body = body[:1].upper() + body[1:] + "."
    if a.trigger == "static":
        return body
    head = [_TRIGGER.get(a.trigger, a.trigger.capitalize())]
    if a.mana:
        head.append(f"pay {a.mana} mana")
    if a.charge:
        head.append(f"remove {a.charge} charge")
    if a.condition:
        head.append(f"if {a.condition}")
    reaction = " (also in the treachery phase)" if a.reaction else ""
    return f"{', '.join(head)}{reaction}: {body}"


def keyword_words(text: str) -> str:
    """A keyword as printed: ``'armor 1'`` -> ``'Armor 1'``, ``'trample-at 4'`` -> ``'Trample at
    4+ attack'``."""
    word, _, n = text.partition(" ")
    if word in _KEYWORD:
        return _KEYWORD[word].format(n=n)
    return (word.replace("-", " ").capitalize() + (f" {n}" if n else "")).strip()


def card_text(card: Card, keywords: list[str] | None = None) -> str:
    """The whole text box of a card: its keywords, then its abilities."""
    kws = (
        keywords
        if keywords is not None
        else [f"{k} {v}" if KEYWORDS.get(k) else k for k, v in card.kw.items()]
    )
    parts = [", ".join(keyword_words(k) for k in kws)] if kws else []
    parts += [ability_words(a) for a in card.abilities]
    return " ".join(p if p.endswith(".") else p + "." for p in parts)
