"""A Skytear card's abilities and keywords in words, as a card prints them.

The card file writes abilities in a small language (``"fight: damage castle 1"``); a
player reads ``"Fight: 1 damage to the castle."``.
"""

from __future__ import annotations

from functools import lru_cache

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
    "it": "that card",
    "adjacent-monster": "a monster in an adjacent lane",
    "monster-within-1": "a monster within 1 lane",
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
    "damaged": "After this card is damaged",
}
_KEYWORD = {"trample-at": "Trample at {n}+ attack", "attack-per-health": "+{n} attack per health"}
_TOKENS = {"temp-attack": "temporary attack", "temp-armor": "temporary armor"}


def _signed(n: int | str) -> str:
    if isinstance(n, str):  # X
        return n if n.startswith("-") else "+" + n
    return f"+{n}" if n >= 0 else str(n)


def _granted(e: Effect) -> str:
    kw = e.extra[0] if e.extra else ""
    if kw.startswith("cannot-"):
        return "cannot " + kw[len("cannot-") :].replace("-", " ")
    return "gains " + keyword_words(f"{kw} {e.amount}" if e.amount else kw)


# Effects and abilities are frozen values: their words are made once (a log line of a
# fight names the same few abilities again and again; each asked for every phrase).
@lru_cache(maxsize=4096)
def effect_words(e: Effect) -> str:
    """One effect in words: ``damage castle 1`` -> ``1 damage to the castle``.

    >>> from hordes_kit.skytear.abilities import parse_effect
    >>> effect_words(parse_effect("temp-gain engaged cannot-strike"))
    'the card it faces cannot strike this turn'
    >>> effect_words(parse_effect("damage monster x"))
    'X damage to a monster'
    """
    t, n, x = _TARGET.get(e.target, e.target), e.amount, e.extra
    if e.x:  # the X the player chooses as the ability resolves
        n = "X" if e.x > 0 else "-X"
    phrases = {
        "damage": f"{n} damage to {t}",
        "heal": f"{t} gains {n} health",
        "attack": f"{t} gains {_signed(n)} attack",
        "temp-attack": f"{t} gains {_signed(n)} attack this turn",
        "armor": f"{t} gains {_signed(n)} armor",
        "temp-armor": f"{t} gains {_signed(n)} armor this turn",
        "health": f"{t} has {_signed(n)} health",
        "temp-health": f"{t} has {_signed(n)} health this turn",
        "gain": f"{t} {_granted(e)}",
        "temp-gain": f"{t} {_granted(e)} this turn",
        "return": f"return {t} to its owner's hand",
        "remove": f"remove {n} {_TOKENS.get(x[0], x[0]) if x else ''} token(s) from {t}",
        "conceal-back": (
            f"the next {n} horde card{'s enter' if n != 1 else ' enters'} the back line face down"
        ),
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
        "gold": f"{'earn' if e.amount >= 0 else 'spend'} {abs(e.amount)} gold",
        "recruit": f"Recruit {n}",
        "exile": f"Exile {n}",
    }
    out = phrases.get(e.verb, e.text)
    if e.target in _PLURAL:  # "every monster" is one word, "the cards beside it" several
        out = out.replace(f"{t} gains ", f"{t} gain ").replace(f"{t} has ", f"{t} have ")
    return out


_PLURAL = ("neighbors",)


@lru_cache(maxsize=4096)
def ability_words(a: Ability) -> str:
    """An ability as the card prints it: ``Exhaust, pay 1 mana: 2 health to ...``."""
    body = "; ".join(effect_words(e) for e in a.effects)
    body = body[:1].upper() + body[1:] + "."
    if a.trigger == "static":
        return body
    head = [_TRIGGER.get(a.trigger, a.trigger.capitalize())]
    if a.mana:
        head.append(f"pay {a.mana} mana")
    if a.mana_x:
        head.append("pay X mana")
    if a.charge:
        head.append(f"remove {a.charge} charge")
    if a.condition:
        head.append(f"if {a.condition}")
    reaction = " (also in the treachery phase)" if a.reaction else ""
    return f"{', '.join(head)}{reaction}: {body}"


def keyword_words(text: str) -> str:
    """A keyword as printed: ``'armor 1'`` -> ``'Armor 1'``, ``'trample-at 4'`` -> ``'Trample at
    4+ attack'``, ``'cannot-be-engaged'`` -> ``'Cannot be engaged'``."""
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
