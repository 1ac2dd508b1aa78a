"""The Skytear Horde ability vocabulary: keywords, triggers, effects and targets as data.

Card files write abilities the way the cards print them, in a small language that
``cards.py`` parses with these tables (documented in ``cards.py`` and checked on load)::

    "play: damage strongest-monster 2; draw 1"
    "exhaust, mana 1, reaction: assault 2"
    "fight, if surrounded: temp-attack self 2"
    "static: attack all-monsters 1"
    "exhaust, mana x: damage monster x"          # X chosen as the ability resolves
    "play: gain ally heroic 2; temp-health engaged -1"
    "damaged: temp-attack self 2"                # after this card is damaged
"""

from __future__ import annotations

__all__ = [
    "KEYWORDS",
    "TRIGGERS",
    "CONDITIONS",
    "EFFECTS",
    "TARGETS",
    "STATIC_VERBS",
    "STATIC_TARGETS",
    "LANE_TOKEN_KINDS",
    "CHARGE_DIRECTIONS",
    "CANNOT",
    "REMOVABLE",
    "X_WORD",
]

# keyword -> takes a number (glossary, "Common Keywords")
KEYWORDS = {
    "armor": True,  # prevents this much damage each turn
    "barrier": False,  # undamaged: any damage becomes a single damage
    "defender": False,  # unengaged, does not strike the portal
    "elusive": True,  # after striking a monster the first time: may move within X lanes
    "epic": False,  # a class of stronger monsters ("non-epic" abilities skip them)
    "fast": False,  # "Exhaust: Move and Engage in any order"
    "heroic": True,  # +X attack while it has a health token
    "pillager": False,  # goes to the back line on entering play and after pillage
    "taunt": False,  # end of the alliance phase: pulls the closest free ally
    "trample": False,  # excess damage of a killing strike goes on to castle / portal
    "trample-at": True,  # Trample while its attack is X or more (the minions)
    "attack-per-health": True,  # +X attack per health token on it (the minions)
    # "cannot" keywords: what the card cannot do; a "cannot" beats any "do" of the book or
    # of another card (Clarifications, General Rules for Abilities)
    "cannot-strike": False,  # deals no strike damage in the fight phase
    "cannot-pillage": False,  # pillages nothing from the back line
    "cannot-move": False,  # no move, swap, engage pull, bait, charge, taunt or return
    "cannot-engage": False,  # never shares a lane with an ally (monster) / monster (ally)
    "cannot-be-engaged": False,  # the same, seen from the other side (glossary CANNOT ENGAGE)
}
# the "cannot" keywords by what they forbid (``cannot-<action>``)
CANNOT = ("strike", "pillage", "move", "engage", "be-engaged")

# trigger -> where it fires (rulebook "Abilities", "Clarifications", "Outsiders")
TRIGGERS = {
    "play": "when the card is played or summoned (after it entered its lane)",
    "fight": "in the fight phase, its lane's horde or alliance fight step",
    "destroyed": "step 1 of its destruction",
    "exhaust": "alliance phase: exhaust the card (and pay the bold costs) to resolve it",
    "treachery": "only when the card is the treachery card (all other abilities ignored)",
    "pillage": "pillage step 1, while the card is in the back line",
    "after-striking": "after the card strikes in the fight phase",
    "static": "always on while the card is in play (no tokens: modifiers)",
    "turn": "at the start of each horde phase, after gaining mana",
    "damaged": "after the card is damaged (it gains one or more damage tokens)",
}
CONDITIONS = {
    "surrounded": "no empty adjacent lane on its side",
    "wounded": "it has damage tokens",
    "engaged": "a monster and an ally share its lane",
    "unengaged": "nothing opposes it in its lane",
}

# verb -> its arguments, in order: "target" (TARGETS), "n" (whole number >= 0, or X),
# "z" (whole number, may be negative, or X / -X), "name" (a card token's name), "dir",
# "lane", "side", "kind" (lane-tokens), "removable" (REMOVABLE), "keyword" (a keyword,
# then its number if it takes one: "heroic 2", "fast")
EFFECTS = {
    "damage": ("target", "n"),  # deal N damage (armor, then barrier, apply)
    "heal": ("target", "n"),  # gains N health tokens (they cancel damage tokens)
    "attack": ("target", "z"),  # N attack tokens (negative: -1 attack tokens)
    "temp-attack": ("target", "z"),  # N temporary attack tokens (this turn)
    "armor": ("target", "z"),  # N armor tokens
    "temp-armor": ("target", "z"),  # N temporary armor tokens (this turn)
    "destroy": ("target",),
    "ready": ("target",),
    "exhaust": ("target",),
    "bless": ("target", "n"),  # BLESS X: you choose damage or health tokens
    "mutaform": ("target", "n"),  # MUTAFORM X: attack or health tokens, X times
    "bait": ("target",),  # BAIT: +1 temporary attack, may move to a lane without monsters
    "move": ("target",),  # move an ally to a free lane of your choice (no exhaust)
    "attach": ("target",),  # an attachment slides beneath the target
    "halt-pillage": ("n",),  # a minion with attack N or less cannot pillage this turn
    "charge": ("dir",),  # CHARGE: the monster moves (left, right, strongest, weakest)
    "draw": ("n",),  # the card's player draws N (a horde card: one player of your choice)
    "mana": ("n",),  # ADD X MANA: one player of your choice
    "assault": ("n",),  # ASSAULT X: to the portal or the outsider in play
    "guerrilla": ("n",),  # GUERRILLA X: remove X health tokens from a minion
    "rebuild": ("n",),  # REBUILD X: up to X discarded cards to the bottom of their deck
    "reinforce": ("n",),  # REINFORCE X: one health token at a time, fewest first
    "flux": ("n",),  # FLUX X: from the bottom, draw the first card costing X or less
    "charges": ("n",),  # tower charges: N charge tokens on this card
    "summon": ("n",),  # summon the next N horde cards
    "pillage": ("n",),  # each player pillages N cards
    "discard": ("n",),  # each player discards N cards from hand (their choice)
    "token": ("name", "n"),  # create N card tokens of that name
    "conceal": ("n",),  # the next N horde cards enter the lanes face down
    "lane-tokens": ("lane", "side", "kind", "n"),  # tokens on a lane's side (scenarios)
    "gold": ("z",),  # campaign: the Alliance earns (or spends) gold
    "recruit": ("n",),  # campaign: RECRUIT X
    "exile": ("n",),  # campaign: each player exiles up to N cards of their deck
    "temp-health": ("target", "z"),  # +/-N health for the rest of the turn (no tokens, not damage)
    "gain": ("target", "keyword"),  # the card gains a keyword while in play (Heroic X + Y stack)
    "temp-gain": ("target", "keyword"),  # ... for the rest of the turn ("cannot-strike" too)
    "return": ("target",),  # the card returns to its owner's hand (Destroyed: and tokens first)
    "remove": ("target", "removable", "n"),  # remove up to N tokens of a kind from the card
    "conceal-back": ("n",),  # the next N horde cards enter the back line face down
}
# "x" as an effect's number: the player chooses X (0 to ``rules.X_MAX``) as the ability
# resolves, once for the whole ability; "mana x" as an exhaust cost pays it (glossary X)
X_WORD = "x"
# token kinds an ability may remove (glossary DAMAGE: removing health is not damage)
REMOVABLE = ("health", "damage", "attack", "temp-attack", "armor", "temp-armor", "charge")

# target word -> what it selects. "you choose" targets ask the player when more than
# one card fits; "by rule" targets ask only on a tie (STRONGEST / WEAKEST / MOST WOUNDED)
TARGETS = {
    "self": "this card",
    "engaged": "the card in this card's lane on the other side",
    "host": "the card this attachment is beneath",
    "boosted": "the treachery card's boosted monster",
    "castle": "the castle",
    "portal": "the portal",
    "ally": "an ally (you choose)",
    "other-ally": "another ally (you choose)",
    "monster": "a monster, front or back line (you choose)",
    "lane-monster": "a monster in a lane (you choose)",
    "non-epic-monster": "a non-epic monster (you choose)",
    "unengaged-monster": "a monster in a lane with no ally (you choose)",
    "wounded-monster": "a monster with damage (you choose)",
    "minion": "a minion in play (you choose)",
    "tower": "a tower (you choose)",
    "strongest-monster": "STRONGEST monster",
    "weakest-monster": "WEAKEST monster",
    "strongest-ally": "STRONGEST ally",
    "weakest-ally": "WEAKEST ally",
    "most-wounded-monster": "MOST WOUNDED monster",
    "most-wounded-ally": "MOST WOUNDED ally",
    "leftmost-monster": "the leftmost monster in the front line",
    "rightmost-monster": "the rightmost monster in the front line",
    "all-monsters": "every monster in play",
    "all-lane-monsters": "every monster in the lanes",
    "all-allies": "every ally in play",
    "all-minions": "every minion in play",
    "neighbors": "the cards in adjacent lanes on this card's side",
    "adjacent-monster": "a monster in a lane adjacent to this card's (you choose)",
    "monster-within-1": "a monster within 1 lane: this card's lane or an adjacent one (you choose)",
}
# static abilities modify without tokens ("Static Abilities"); gain grants a keyword (with
# its number: "gain host heroic 2"; Heroic X + Y and Armor X + Y add up)
STATIC_VERBS = {"attack": "z", "armor": "z", "health": "z", "gain": "keyword"}
STATIC_TARGETS = (
    "self",
    "host",
    "engaged",
    "neighbors",
    "all-monsters",
    "all-lane-monsters",
    "all-allies",
    "all-minions",
)
LANE_TOKEN_KINDS = ("health", "damage", "attack", "temp-attack", "armor", "temp-armor")
CHARGE_DIRECTIONS = ("left", "right", "strongest", "weakest")
